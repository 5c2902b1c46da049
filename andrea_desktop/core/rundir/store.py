"""The run store: ``metrics.sqlite`` in the run directory (docs/design.md#the-run-folder).

Tables anyone can query with plain SQL::

    scalars(step INTEGER, name TEXT, value REAL, wall_time REAL)
    events(step INTEGER, kind TEXT, payload TEXT /* JSON */, wall_time REAL)
    samples(step INTEGER, prompt TEXT, text TEXT, wall_time REAL)

Commands from other processes that steer the run live in their own ``control.sqlite``
(:mod:`andrea_desktop.core.rundir.control`), so they never wait for this database's writer.

One writer: :class:`RunStore` queues rows and a background thread inserts them in batches, so
the training step never waits for the disk. It commits at least once a second and whenever
:meth:`RunStore.flush` is called (pause, stop, checkpoint). The database is in WAL mode so
readers (:class:`RunReader`, the GUI's own connection) never block the writer.

SQLite stores NaN as NULL; :class:`RunReader` reads NULL back as NaN. +-inf stay as they are.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import queue
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from .layout import connect_sqlite, writable

__all__ = ["RunStore", "SCHEMA", "StoreError", "EmptyStoreError", "check_schema", "WAL_LIMIT_BYTES", "wal_path"]

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS scalars(step INTEGER, name TEXT, value REAL, wall_time REAL);
CREATE TABLE IF NOT EXISTS events(step INTEGER, kind TEXT, payload TEXT, wall_time REAL);
CREATE TABLE IF NOT EXISTS samples(step INTEGER, prompt TEXT, text TEXT, wall_time REAL);
CREATE INDEX IF NOT EXISTS scalars_name_step ON scalars(name, step);
CREATE INDEX IF NOT EXISTS events_step ON events(step);
"""

_COMMIT_INTERVAL_S = 0.5
WAL_LIMIT_BYTES = 16 << 20
"""The write-ahead log (``metrics.sqlite-wal``) is kept under this size: SQLite's
``journal_size_limit`` truncates it to this after a checkpoint, and a log past it is checkpointed
and truncated at once when no reader holds it."""
WAL_CHECK_S = 5.0
"""Seconds between checks of the write-ahead log's size (one ``stat``)."""
BUSY_TIMEOUT_S = 30.0
"""How long one write waits for another process's lock before it counts as a failure."""
_RETRY_S = 1.0  # between tries while the database is busy or locked by another process
_CLOSE_RETRY_S = 60.0  # how long close() keeps trying before it gives up on queued rows
_SQL = {t: f"INSERT INTO {t} VALUES (?, ?, ?, ?)" for t in ("scalars", "events", "samples")}
_COLUMNS = {"scalars": ["step", "name", "value", "wall_time"],
            "events": ["step", "kind", "payload", "wall_time"],
            "samples": ["step", "prompt", "text", "wall_time"]}


class StoreError(RuntimeError):
    """``metrics.sqlite`` is not a usable run database (corrupt, wrong schema, unwritable)."""


class EmptyStoreError(StoreError):
    """``metrics.sqlite`` has none of the run's tables yet: a trainer is creating it (a reader
    finds no rows in it)."""


def check_schema(con: sqlite3.Connection, path: Path) -> None:
    """Refuse a database whose tables are not the run store's.

    Raises
    ------
    EmptyStoreError
        None of the tables exists yet.
    StoreError
        A table is missing or has other columns.
    """
    found = {table: [r[1] for r in con.execute(f"PRAGMA table_info({table})")] for table in _COLUMNS}
    if not any(found.values()):
        raise EmptyStoreError(f"{path}: no tables yet (the run's trainer is creating the database)")
    for table, cols in _COLUMNS.items():
        if found[table] != cols:
            raise StoreError(f"{path}: table {table} has columns {found[table]}, expected {cols}")


def _connect(path: Path) -> sqlite3.Connection:
    # never through a link (layout.connect_sqlite): SQLite would write another run's database
    con = connect_sqlite(path, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")  # durable at checkpoints of the WAL; fast commits
    con.execute(f"PRAGMA journal_size_limit={int(WAL_LIMIT_BYTES)}")
    return con


def wal_path(path: Path) -> Path:
    """The write-ahead log of the database at ``path``."""
    return path.with_name(path.name + "-wal")


class _WalBound:
    """Keeps the writer's WAL bounded: past :data:`WAL_LIMIT_BYTES`, a checkpoint that truncates
    it when every reader allows (never waiting for one); while another process's read
    transaction pins the log, one warning says so, and one line when it shrinks again."""

    def __init__(self, path: Path) -> None:
        self.wal = wal_path(path)
        self.next_check = 0.0
        self.pinned_at: int | None = None  # the WAL's size when a reader was found pinning it

    def check(self, con: sqlite3.Connection) -> None:
        now = time.monotonic()
        if now < self.next_check:
            return
        self.next_check = now + WAL_CHECK_S
        try:
            size = self.wal.stat().st_size
        except OSError:
            return
        if size <= WAL_LIMIT_BYTES:
            return
        try:
            con.execute("PRAGMA busy_timeout=0")  # a reader in the way: try again later, never wait
            busy, frames, done = con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error as exc:
            busy, frames, done = 1, -1, -1
            log.debug("metrics store: WAL checkpoint failed: %s", exc)
        finally:
            with contextlib.suppress(sqlite3.Error):
                con.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
        if busy or frames != done:
            if self.pinned_at is None:
                self.pinned_at = size
                log.warning("metrics store: %s is %.1f MiB and cannot shrink: another process holds a read "
                            "transaction on %s (an open sqlite3 shell or notebook query?); it is truncated "
                            "once that reader ends its transaction", self.wal.name, size / 2**20,
                            self.wal.name[: -len("-wal")])
        elif self.pinned_at is not None:
            log.info("metrics store: %s truncated after a reader released it (it had reached %.1f MiB)",
                     self.wal.name, max(size, self.pinned_at) / 2**20)
            self.pinned_at = None


class RunStore:
    """The single writer of a run's ``metrics.sqlite``.

    Parameters
    ----------
    path
        Database file (created with the schema if missing).

    Raises
    ------
    StoreError
        The file is not a usable database, or has another schema.

    Notes
    -----
    ``log_*`` methods only enqueue (O(1), no disk I/O on the caller's thread). A database that
    is busy (another process holds its write lock past the busy timeout), full or briefly
    unreachable is retried every second with the rows kept (:attr:`transient_error` says why it
    waits); a :meth:`flush` that times out meanwhile raises, and later writes go on once the
    database is free. A batch SQLite refuses outright is dropped alone and reported by the next
    :meth:`flush` or :meth:`close`.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            con = _connect(self.path)
            try:
                # in one transaction: a reader (a follower opening the run as it starts) sees no
                # tables or all of them, never some (which check_schema refuses as another store)
                con.executescript(f"BEGIN;\n{SCHEMA}COMMIT;")
                check_schema(con, self.path)
            finally:
                con.close()
        except sqlite3.Error as exc:
            if "readonly" in str(exc) or "read-only" in str(exc) or not writable(self.path):
                raise StoreError(
                    f"{self.path} cannot be written ({exc}): make the run folder and metrics.sqlite "
                    "writable, or open the run in ANDREA Desktop to view it") from exc
            raise StoreError(
                f"{self.path} is not a usable metrics database ({exc}); move it aside to start "
                "the history afresh"
            ) from exc
        self._queue: queue.Queue = queue.Queue()
        self._error: BaseException | None = None
        self.transient_error: BaseException | None = None
        """The newest failure to write that is being retried (None once a write succeeds)."""
        self._closed = False
        self._thread = threading.Thread(target=self._writer, name="andrea-store", daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- producer side
    def log_scalars(self, step: int, values: dict[str, float], wall_time: float | None = None) -> None:
        """Queue one row per ``name: value`` at ``step``. NaN is stored as NULL."""
        t = time.time() if wall_time is None else wall_time
        rows = [(step, name, None if math.isnan(v) else float(v), t) for name, v in values.items()]
        self._queue.put(("scalars", rows))

    def log_event(self, step: int, kind: str, payload: dict | None = None,
                  wall_time: float | None = None) -> None:
        """Queue an event; ``payload`` is stored as JSON (NaN written as null)."""
        t = time.time() if wall_time is None else wall_time
        text = json.dumps(_json_safe(payload or {}), allow_nan=False)
        self._queue.put(("events", [(step, kind, text, t)]))

    def log_sample(self, step: int, prompt: str, text: str, wall_time: float | None = None) -> None:
        """Queue a generated sample."""
        t = time.time() if wall_time is None else wall_time
        self._queue.put(("samples", [(step, prompt, text, t)]))

    def flush(self, timeout: float = 30.0) -> None:
        """Block until everything queued so far is committed.

        Raises
        ------
        StoreError
            The writer failed (the original error is chained), or did not finish in time.
        """
        done = threading.Event()
        self._queue.put(("flush", done))
        if not done.wait(timeout):
            busy = self.transient_error
            raise StoreError(f"metrics store did not commit within {timeout} s"
                             + (f": {busy}" if busy is not None else "")
                             + "; the rows are kept and retried while this process runs (a close "
                               f"gives up on them after {_CLOSE_RETRY_S:.0f} s, and says how many were lost)")
        if self._error is not None:
            err, self._error = self._error, None  # reported once: later writes go on
            raise StoreError(f"metrics store failed: {err}") from err

    def close(self) -> None:
        """Commit what is queued and stop the writer thread.

        Raises
        ------
        StoreError
            The writer failed (the original error is chained).
        """
        if self._closed:
            return
        self._closed = True
        self._queue.put(("close", None))
        self._thread.join()
        if self._error is not None:
            raise StoreError(f"metrics store failed: {self._error}") from self._error

    def delete_after(self, step: int) -> None:
        """Delete scalars, events and samples with step > ``step`` (resume, docs/design.md#steps)."""
        self._queue.put(("delete_after", step))
        self.flush()

    # ---------------------------------------------------------------- writer thread
    def _writer(self) -> None:
        con = _connect(self.path)
        con.isolation_level = None  # transactions are ours: BEGIN IMMEDIATE ... COMMIT
        pending: list[tuple[str, object]] = []  # batches not yet committed (kept across failures)
        waiters: list[threading.Event] = []
        last_commit = time.monotonic()
        closing_since: float | None = None
        wal = _WalBound(self.path)
        try:
            while True:
                wait = _RETRY_S if self.transient_error is not None else _COMMIT_INTERVAL_S
                try:
                    kind, item = self._queue.get(timeout=wait)
                except queue.Empty:
                    kind, item = "tick", None
                if kind in _SQL or kind == "delete_after":
                    pending.append((kind, item))
                elif kind == "flush":
                    waiters.append(item)
                elif kind == "close":
                    closing_since = time.monotonic()
                due = waiters or closing_since is not None or time.monotonic() - last_commit >= _COMMIT_INTERVAL_S
                if due and (pending or waiters or closing_since is not None):
                    if self._commit(con, pending):
                        pending, last_commit = [], time.monotonic()
                        wal.check(con)
                        for w in waiters:
                            w.set()
                        waiters = []
                    elif closing_since is not None and time.monotonic() - closing_since > _CLOSE_RETRY_S:
                        lost = sum(len(item) for kind, item in pending if kind in _SQL)
                        self._error = StoreError(  # give up: close() reports it, with what was lost
                            f"{lost:,} rows were never written, the database stayed unusable for "
                            f"{_CLOSE_RETRY_S:.0f} s as the store closed ({self.transient_error})")
                        log.error("metrics store: %s", self._error)
                        pending = []
                if closing_since is not None and not pending:
                    for w in waiters:
                        w.set()
                    return
        finally:
            con.close()

    def _commit(self, con: sqlite3.Connection, pending: list[tuple[str, object]]) -> bool:
        """Write ``pending`` in one transaction; False (rows kept for the next try) when the
        database is busy, locked, full or unreachable: a transient failure never loses rows
        and never poisons later writes. A batch SQLite refuses (a value out of range) is
        dropped alone, and reported by the next :meth:`flush`."""
        try:
            con.execute("BEGIN IMMEDIATE")
            for kind, item in pending:
                con.execute("SAVEPOINT batch")
                try:
                    if kind == "delete_after":
                        for table in _COLUMNS:
                            con.execute(f"DELETE FROM {table} WHERE step > ?", (item,))
                    else:
                        con.executemany(_SQL[kind], item)
                except (sqlite3.IntegrityError, sqlite3.InterfaceError, sqlite3.ProgrammingError,
                        OverflowError, ValueError, TypeError) as exc:
                    con.execute("ROLLBACK TO batch")
                    log.error("metrics store: a batch of %s was refused: %s", kind, exc)
                    self._error = exc
                con.execute("RELEASE batch")
            con.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                con.execute("ROLLBACK")
            if self.transient_error is None:
                log.warning("metrics store: cannot write now (%s); rows are kept and retried", exc)
            self.transient_error = exc
            return False
        if self.transient_error is not None:
            log.info("metrics store: writing again after %s", self.transient_error)
        self.transient_error = None
        return True


def _json_safe(obj: Any) -> Any:
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {str(k): _json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_json_safe(v) for v in obj]
    if isinstance(obj, np.generic):
        return _json_safe(obj.item())
    return obj
