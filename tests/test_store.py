import math
import sqlite3
from pathlib import Path

import numpy as np

from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.store import RunStore


def test_tables_are_plain_sql_and_nan_is_null(tmp_path):
    db = tmp_path / "metrics.sqlite"
    store = RunStore(db)
    store.log_scalars(1, {"train/loss": 2.5, "train/lr": 1e-4})
    store.log_scalars(2, {"train/loss": float("nan")})
    store.log_scalars(3, {"train/loss": float("inf")})
    store.log_event(2, "anomaly", {"kind": "nan", "loss": float("nan")})
    store.log_sample(3, "def", "def f():")
    store.flush()
    con = sqlite3.connect(db)
    cols = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in ("scalars", "events", "samples")}
    assert cols == {"scalars": ["step", "name", "value", "wall_time"],
                    "events": ["step", "kind", "payload", "wall_time"],
                    "samples": ["step", "prompt", "text", "wall_time"]}
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT value FROM scalars WHERE step=2").fetchone()[0] is None
    con.close()
    reader = RunReader(db)
    steps, values = reader.scalars("train/loss")
    assert list(steps) == [1, 2, 3]
    assert values[0] == 2.5 and math.isnan(values[1]) and values[2] == math.inf
    ((step, kind, payload, _),) = reader.events("anomaly")
    assert (step, kind, payload) == (2, "anomaly", {"kind": "nan", "loss": None})
    assert reader.last_step() == 3
    reader.close()
    store.close()


def test_reader_sees_commits_while_writer_runs_and_delete_after(tmp_path):
    db = tmp_path / "m.sqlite"
    store = RunStore(db)
    reader = RunReader(db)
    store.log_scalars(1, {"x": 1.0})
    store.flush()
    assert len(reader.scalars("x")[0]) == 1
    for s in range(2, 50):
        store.log_scalars(s, {"x": float(s)})
    store.log_event(40, "pause")
    store.flush()
    store.delete_after(10)
    steps, _ = reader.scalars("x")
    np.testing.assert_array_equal(steps, np.arange(1, 11))
    assert reader.events() == []
    reader.close()
    store.close()


def test_reading_a_history_up_to_where_a_resume_left_the_store(tmp_path):
    """After a resume's delete_after, new rows get rowids past the store's end cursor: a read up
    to that cursor is the history the trainer continues, whatever it commits meanwhile."""
    from andrea_desktop.core.viewmodels.snapshot import read_run

    db = tmp_path / "m.sqlite"
    store = RunStore(db)
    reader = RunReader(db)
    for s in range(1, 31):
        store.log_scalars(s, {"train/loss": 3.0})
    store.log_event(30, "stop")
    store.delete_after(21)  # resumed from step 21
    end = reader.end_cursor()
    for s in range(22, 26):  # the resumed trainer's steps, committed before the window reads
        store.log_scalars(s, {"train/loss": 2.0})
    store.log_event(22, "pause")
    store.log_sample(23, "p", "t")
    store.flush()
    snap, cursor = read_run(reader, until=end)
    assert list(snap.steps) == list(range(1, 22)) and not snap.events and not snap.samples
    assert cursor == end
    rest = reader.tail(cursor)  # what the live snapshots bring: each row once
    assert [r[0] for r in rest.scalars] == [22, 23, 24, 25]
    assert [r[:2] for r in rest.events] == [(22, "pause")] and rest.samples == [(23, "p", "t")]
    reader.close()
    store.close()


def test_a_database_locked_past_the_busy_timeout_loses_no_row_and_heals(tmp_path, monkeypatch):
    """Another process holds the write lock longer than the busy timeout: a flush meanwhile
    fails, but every row (those logged during the lock too) is written once the lock is gone,
    and later flushes succeed: a transient failure does not poison the store."""
    import sqlite3

    import pytest

    from andrea_desktop.core.rundir import store as store_mod
    from andrea_desktop.core.rundir.reader import RunReader
    from andrea_desktop.core.rundir.store import RunStore, StoreError

    monkeypatch.setattr(store_mod, "BUSY_TIMEOUT_S", 0.2)
    db = tmp_path / "metrics.sqlite"
    store = RunStore(db)
    store.log_scalars(1, {"train/loss": 1.0})
    store.flush()
    other = sqlite3.connect(str(db), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other process's write lock
    store.log_scalars(2, {"train/loss": 2.0})
    store.log_event(2, "checkpoint", {"step": 2})
    with pytest.raises(StoreError, match="kept"):
        store.flush(timeout=1.5)
    assert store.transient_error is not None
    other.execute("ROLLBACK")
    other.close()
    store.log_scalars(3, {"train/loss": 3.0})
    store.flush(timeout=10)
    assert store.transient_error is None
    store.log_scalars(4, {"train/loss": 4.0})
    store.close()
    reader = RunReader(db)
    try:
        steps, values = reader.scalars("train/loss")
        assert steps.tolist() == [1, 2, 3, 4] and values.tolist() == [1.0, 2.0, 3.0, 4.0]
        assert [e[:2] for e in reader.events()] == [(2, "checkpoint")]
    finally:
        reader.close()


def test_a_refused_batch_is_reported_once_and_later_rows_are_written(tmp_path):
    """A value SQLite cannot store (an integer step past 64 bits) drops only its batch; the
    next flush reports it, and the store goes on writing."""
    import pytest

    from andrea_desktop.core.rundir.reader import RunReader
    from andrea_desktop.core.rundir.store import RunStore, StoreError

    db = tmp_path / "metrics.sqlite"
    store = RunStore(db)
    store.log_scalars(1, {"train/loss": 1.0})
    store.log_event(2**70, "checkpoint", {})
    with pytest.raises(StoreError):
        store.flush()
    store.log_scalars(2, {"train/loss": 2.0})
    store.flush()
    store.close()
    reader = RunReader(db)
    try:
        assert reader.scalars("train/loss")[0].tolist() == [1, 2]
        assert reader.events() == []
    finally:
        reader.close()


def test_a_finished_run_in_a_folder_we_cannot_write_opens_read_only(tmp_path):
    """Reading a run never needs write access: a finished run (its WAL closed) in a folder
    another user owns opens with its history (as root, the reader runs as ``nobody``)."""
    import os
    import subprocess
    import sys
    import tempfile

    import pytest

    from andrea_desktop.core.rundir.store import RunStore

    folder = Path(tempfile.mkdtemp(prefix="andrea-ro-"))
    try:
        os.chmod(folder, 0o755)
        store = RunStore(folder / "metrics.sqlite")
        store.log_scalars(7, {"train/loss": 1.5})
        store.close()
        assert not Path(f"{folder}/metrics.sqlite-wal").exists()
        os.chmod(folder / "metrics.sqlite", 0o444)
        os.chmod(folder, 0o555)
        drop = "os.setgid(65534); os.setuid(65534)" if os.geteuid() == 0 else "pass"
        code = ("import os, sqlite3\nfrom andrea_desktop.core.rundir.reader import RunReader, last_trained_step\n"
                f"{drop}\nr = RunReader({str(folder / 'metrics.sqlite')!r})\n"
                f"print(r.last_step(), r.scalars('train/loss')[1].tolist(), last_trained_step(r.path))")
        if os.geteuid() != 0 and os.access(folder, os.W_OK):
            pytest.skip("cannot make a folder read-only here")
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert res.returncode == 0, res.stderr
        assert res.stdout.split() == ["7", "[1.5]", "7"]
    finally:
        os.chmod(folder, 0o755)
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
