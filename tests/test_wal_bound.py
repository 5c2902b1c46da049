"""The metrics database's write-ahead log stays bounded: past its limit it is checkpointed and
truncated when readers allow; a reader that pins it is named in the log, and the log shrinks
once that reader ends its transaction."""

from __future__ import annotations

import logging
import sqlite3
import time

import pytest

from andrea_desktop.core.rundir import store as store_mod
from andrea_desktop.core.rundir.store import RunStore

LIMIT = 256 << 10


@pytest.fixture
def small_wal(monkeypatch):
    monkeypatch.setattr(store_mod, "WAL_LIMIT_BYTES", LIMIT, raising=False)
    monkeypatch.setattr(store_mod, "WAL_CHECK_S", 0.0, raising=False)


def _write(store, first, n=40, per_step=200):
    for step in range(first, first + n):
        store.log_scalars(step, {f"source/loss/s{i}": float(i) for i in range(per_step)})
        store.flush()


def _wal(run):
    p = run / "metrics.sqlite-wal"
    return p.stat().st_size if p.exists() else 0


def test_the_wal_is_truncated_when_no_reader_holds_it(tmp_path, small_wal):
    store = RunStore(tmp_path / "metrics.sqlite")
    keep = sqlite3.connect(str(tmp_path / "metrics.sqlite"))  # an idle reader: the WAL is not deleted
    try:
        _write(store, 0)  # ~ 8000 rows: several MB of log without the bound
        assert _wal(tmp_path) <= 2 * LIMIT
    finally:
        store.close()
        keep.close()


def test_a_reader_that_pins_the_wal_is_logged_and_the_wal_shrinks_after_it(tmp_path, small_wal, caplog):
    caplog.set_level(logging.INFO, logger="andrea_desktop.core.rundir.store")
    store = RunStore(tmp_path / "metrics.sqlite")
    reader = sqlite3.connect(str(tmp_path / "metrics.sqlite"), isolation_level=None)
    try:
        _write(store, 0, n=2)
        reader.execute("BEGIN")
        reader.execute("SELECT COUNT(*) FROM scalars").fetchone()  # holds a read transaction (a sqlite3 shell)
        _write(store, 100)
        pinned = _wal(tmp_path)
        assert pinned > 2 * LIMIT
        assert any("cannot shrink" in r.getMessage() and "read transaction" in r.getMessage() for r in caplog.records)
        assert sum("cannot shrink" in r.getMessage() for r in caplog.records) == 1  # said once, not per commit
        reader.execute("COMMIT")
        deadline = time.monotonic() + 30
        while _wal(tmp_path) > 2 * LIMIT and time.monotonic() < deadline:
            _write(store, 1000, n=1, per_step=10)
        assert _wal(tmp_path) <= 2 * LIMIT
        assert any("truncated after a reader released it" in r.getMessage() for r in caplog.records)
    finally:
        store.close()
        reader.close()
