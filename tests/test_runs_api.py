"""Runs from Python: ``andrea_desktop.runs`` returns exactly the rows of a run's store,
read-only (also from a folder nobody may write), and while a run trains in another process."""

from __future__ import annotations

import math
import os
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import ForkedTrain, tiny_config, train_run

from andrea_desktop import runs
from andrea_desktop.core.rundir.control import send_command
from andrea_desktop.core.training import prepare_run

TOTAL = 12


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A run trained to the end of its schedule, with evaluations, probes, samples and checkpoints."""
    base = tmp_path_factory.mktemp("runs")
    cfg = tiny_config(schedule={"warmup_steps": 2, "total_steps": TOTAL, "min_lr": 3e-4},
                      train={"eval_interval": 5}, probe={"interval": 5, "sample_interval": 5, "sample_tokens": 4},
                      checkpoint={"interval": 5})
    train_run(base / "done", cfg, TOTAL)
    return base / "done"


def _raw(db, table, columns):
    con = sqlite3.connect(db)
    try:
        return con.execute(f"SELECT {columns} FROM {table} ORDER BY rowid").fetchall()
    finally:
        con.close()


def _same(a, b):
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def _rows(table: dict, cols):
    return list(zip(*(table[c].tolist() for c in cols), strict=True))


@pytest.mark.parametrize("as_pandas", [False, True])
def test_a_finished_run_gives_exactly_the_rows_of_its_store(finished, as_pandas):
    if as_pandas:
        pd = pytest.importorskip("pandas")
    run = runs.open_run(finished)
    db = finished / "metrics.sqlite"
    raw = [(s, n, float("nan") if v is None else v, w)
           for s, n, v, w in _raw(db, "scalars", "step, name, value, wall_time")]
    long = run.scalars(long=True, as_pandas=as_pandas)
    if as_pandas:
        assert isinstance(long, pd.DataFrame) and list(long.columns) == ["step", "name", "value", "wall_time"]
        assert long["step"].dtype == np.int64 and long["value"].dtype == np.float64
        long = {c: long[c].to_numpy() for c in long.columns}
    got = _rows(long, ["step", "name", "value", "wall_time"])
    assert len(got) == len(raw) > 0
    assert all(all(_same(x, y) for x, y in zip(g, r, strict=True)) for g, r in zip(got, raw, strict=True))

    wide = run.scalars(as_pandas=as_pandas)
    if as_pandas:
        assert wide.index.name == "step"
        wide = {"step": wide.index.to_numpy(), **{c: wide[c].to_numpy() for c in wide.columns}}
    names = sorted({n for _, n, _, _ in raw})
    assert list(wide)[1:] == names
    assert wide["step"].tolist() == sorted({s for s, *_ in raw})
    cell = {(s, n): v for s, n, v, _ in raw}  # the later row wins
    for i, step in enumerate(wide["step"].tolist()):
        for n in names:
            assert _same(wide[n][i], cell.get((step, n), float("nan"))), (step, n)
    assert wide["train/loss"].tolist()[1:] == [cell[(s, "train/loss")] for s in range(1, TOTAL + 1)]

    events = run.events(as_pandas=as_pandas)
    stored = _raw(db, "events", "step, kind, payload, wall_time")
    if as_pandas:
        events = {c: events[c].to_numpy() for c in events.columns}
    import json

    assert _rows(events, ["step", "kind", "payload", "wall_time"]) == [
        (s, k, json.loads(p), w) for s, k, p, w in stored]
    assert {"checkpoint", "eval"} & set(events["kind"].tolist())
    samples = run.samples(as_pandas=as_pandas)
    if as_pandas:
        samples = {c: samples[c].to_numpy() for c in samples.columns}
    assert _rows(samples, ["step", "prompt", "text", "wall_time"]) == _raw(db, "samples", "step, prompt, text, wall_time")
    assert samples["step"].tolist() == [5, 10]


def test_names_patterns_config_and_checkpoints(finished):
    run = runs.open_run(finished)
    val = run.scalars("val/loss/*", as_pandas=False)
    assert set(val) - {"step"} == {n for n in run.scalar_names() if n.startswith("val/loss/")}
    assert val["step"].tolist() == [0, 5, 10, 12]
    two = run.scalars(["train/lr", "no/such"], after_step=10, as_pandas=False)
    assert two["step"].tolist() == [11, 12] and np.isnan(two["no/such"]).all()
    assert run.scalars("nothing*", long=True, as_pandas=False)["step"].size == 0
    assert run.config["model"]["d_model"] == 32 and run.config["schedule"]["total_steps"] == TOTAL
    assert run.last_step() == TOTAL and run.checkpoints() == [5, 10, 12]
    with pytest.raises(runs.RunsError, match="not a run"):
        runs.open_run(finished.parent / "nowhere")


def test_list_runs(finished, tmp_path):
    folder = tmp_path / "all"
    folder.mkdir()
    shutil.copytree(finished, folder / "a-done")
    prepare_run(folder / "b-new", config=tiny_config())  # made, never trained: no metrics yet
    (folder / "c-broken").mkdir()
    (folder / "c-broken" / "config.toml").write_text("not = [toml")
    (folder / "not-a-run").mkdir()
    table = runs.list_runs(folder, as_pandas=False)
    assert table["name"].tolist() == ["a-done", "b-new", "c-broken"]
    assert table["finished"].tolist() == [True, False, False]
    assert table["last_step"].tolist()[:2] == [TOTAL, 0]
    assert table["n_checkpoints"].tolist()[:2] == [3, 0]
    assert np.isfinite(table["train_loss"][0]) and np.isnan(table["train_loss"][1])
    assert table["error"][0] == "" and "cannot be read" in table["error"][2]
    pd = pytest.importorskip("pandas")
    df = runs.list_runs(folder)
    assert isinstance(df, pd.DataFrame) and df.loc[0, "d_model"] == 32
    assert runs.list_runs(folder / "a-done", as_pandas=False)["name"].tolist() == ["a-done"]


def _make_unwritable(path: Path):
    """Make ``path`` a folder nobody can create files in; returns an undo function, or None."""
    if os.geteuid() != 0:
        path.chmod(0o555)
        return lambda: path.chmod(0o755)
    # root ignores permissions: the immutable attribute stops it too (ext4, xfs, btrfs)
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        return None
    return lambda: subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_finished_run_in_a_folder_nobody_can_write(finished, tmp_path):
    copy = tmp_path / "ro"
    shutil.copytree(finished, copy)
    con = sqlite3.connect(copy / "metrics.sqlite")  # the last connection to close removes the WAL files
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    assert not Path(str(copy / "metrics.sqlite") + "-wal").exists()  # as a trainer leaves a finished run
    before = sorted(p.name for p in copy.iterdir())
    undo = _make_unwritable(copy)
    if undo is None:
        pytest.skip("cannot make a folder unwritable here (no chattr for root)")
    try:
        with pytest.raises(OSError):
            (copy / "probe-write").write_text("x")
        run = runs.open_run(copy)
        long = run.scalars(long=True, as_pandas=False)
        assert long["step"].size == len(_raw(finished / "metrics.sqlite", "scalars", "step"))
        assert run.samples(as_pandas=False)["step"].tolist() == [5, 10]
        assert runs.list_runs(tmp_path, as_pandas=False)["last_step"].tolist() == [TOTAL]
        assert sorted(p.name for p in copy.iterdir()) == before  # nothing written
    finally:
        undo()


def test_reading_while_a_run_trains_in_another_process(tmp_path):
    """Reads beside a trainer in another process see only whole rows that only arrive, and the run
    grow. The trainer writes every kind of row often (losses, evaluations, probes, samples,
    checkpoints, each of which commits the store) and trains until the reads have seen it grow
    three times and read a checkpoint's event; then it is stopped."""
    cfg = tiny_config(probe={"interval": 10, "sample_interval": 10, "sample_tokens": 4},
                      checkpoint={"interval": 20}, train={"eval_interval": 10})
    prepare_run(tmp_path / "r", config=cfg)
    proc = ForkedTrain(["--run-dir", tmp_path / "r", "--resume", "--max-steps", 100_000, "-q"])
    run = runs.open_run(tmp_path / "r")
    seen, during, checkpointed, stopped = 0, [], False, False
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            long = run.scalars(long=True, as_pandas=False)
            wide = run.scalars(as_pandas=False)
            assert long["step"].size >= seen  # rows only arrive
            assert np.all(np.diff(wide["step"]) > 0)
            checkpointed = checkpointed or "checkpoint" in run.events(as_pandas=False)["kind"].tolist()
            runs.list_runs(tmp_path, as_pandas=False)
            if 0 < long["step"].size and proc.poll() is None:
                during.append(run.last_step())
            seen = long["step"].size
            if len(set(during)) >= 3 and checkpointed and not stopped:
                send_command(tmp_path / "r", "stop")
                stopped = True
            time.sleep(0.05)
    finally:
        if proc.poll() is None:
            proc.terminate()
        err = proc.run(timeout=60).stderr
    assert proc.returncode == 0, err
    assert len(set(during)) >= 3 and checkpointed, during  # it saw the run grow, mid-training
    final = run.scalars(long=True, as_pandas=False)
    assert final["step"].size == len(_raw(tmp_path / "r" / "metrics.sqlite", "scalars", "step")) >= seen
    losses = [step for step, name in _raw(tmp_path / "r" / "metrics.sqlite", "scalars", "step, name")
              if name == "train/loss"]
    (stop,) = run.events("stop", as_pandas=False)["step"].tolist()
    assert run.last_step() == max(losses) == stop > 0  # the step it was stopped at


def test_a_folder_name_with_uri_characters_and_a_database_without_tables(finished, tmp_path):
    odd = tmp_path / "r #1?%20"  # characters a SQLite URI would otherwise parse
    shutil.copytree(finished, odd)
    assert runs.open_run(odd).last_step() == TOTAL
    assert runs.list_runs(tmp_path, as_pandas=False)["error"].tolist() == [""]
    db = odd / "metrics.sqlite"
    for side in ("", "-wal", "-shm"):
        Path(f"{db}{side}").unlink(missing_ok=True)
    con = sqlite3.connect(db)  # as a trainer leaves it for a moment: WAL mode, no tables yet
    con.execute("PRAGMA journal_mode=WAL")
    con.close()
    run = runs.open_run(odd)
    assert run.scalars(long=True, as_pandas=False)["step"].size == 0 and run.last_step() == 0
    assert run.scalar_names() == [] and run.events(as_pandas=False)["kind"].size == 0


def test_checkpoints_leave_out_a_folder_whose_state_json_is_a_link(finished, tmp_path):
    # the app's list_checkpoints never reads through a link and calls such a folder damaged: both agree
    from andrea_desktop.core.rundir.checkpoint import list_checkpoints

    run_dir = tmp_path / "run"
    shutil.copytree(finished, run_dir)
    other = tmp_path / "other"
    shutil.copytree(finished / "checkpoints" / "step-00000012", other)
    (run_dir / "checkpoints" / "step-00000018").mkdir()
    (run_dir / "checkpoints" / "step-00000018" / "state.json").symlink_to(other / "state.json")
    assert runs.open_run(run_dir).checkpoints() == [5, 10, 12]
    assert [c.step for c in list_checkpoints(run_dir) if c.damaged is None] == [5, 10, 12]
    assert [c.step for c in list_checkpoints(run_dir) if c.damaged] == [18]


def test_text_that_is_not_utf8_in_the_store_is_read_with_replacement_marks(finished, tmp_path):
    # another tool wrote bytes that are not UTF-8 (an encoded lone surrogate, a bare 0xFF): the run still opens
    run_dir = tmp_path / "run"
    shutil.copytree(finished, run_dir)
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    con.execute("insert into samples(step, prompt, text, wall_time) "
                "values (12, CAST(X'70eda080' AS TEXT), CAST(X'78ff79' AS TEXT), 0)")
    con.execute("insert into events(step, kind, payload, wall_time) values (12, CAST(X'ff' AS TEXT), '{}', 0)")
    con.execute("insert into scalars(step, name, value, wall_time) values (12, CAST(X'747261696eff' AS TEXT), 1.0, 0)")
    con.commit()
    con.close()
    run = runs.open_run(run_dir)
    samples = run.samples(as_pandas=False)
    assert samples["prompt"][-1] == "p\ufffd\ufffd\ufffd" and samples["text"][-1] == "x\ufffdy"
    assert "\ufffd" in run.events(as_pandas=False)["kind"].tolist()
    assert "train\ufffd" in run.scalar_names()
    assert run.scalars("train/loss", as_pandas=False)["step"].size > 0
