"""Reading a run's ``metrics.sqlite`` (docs/design.md#the-run-folder): the one place outside the writer that runs SQL.

:class:`RunReader` opens the database read-only (``mode=ro``), so reading a run never needs
write access and never blocks the trainer's writer (WAL).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .layout import connect_sqlite
from .store import StoreError, check_schema

__all__ = ["RunReader", "Rows", "TailCursor", "last_trained_step"]

log = logging.getLogger(__name__)


def _decode_text(raw: bytes) -> str:
    """A TEXT value as ``str``: bytes that are not UTF-8 (an encoded lone surrogate, a bare 0xFF,
    written by another tool) become U+FFFD, so one bad row never makes a whole run unreadable."""
    return raw.decode("utf-8", errors="replace")


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that never needs write access: a WAL database normally makes its
    ``-shm`` file even to read, which fails in a folder we may only read; a database whose WAL
    is gone (closed cleanly: no writer) is then opened as immutable. TEXT that is not valid
    UTF-8 is read with U+FFFD in place of the bad bytes (:func:`_decode_text`)."""
    uri = Path(path).resolve().as_uri()  # percent-encoded: a '?', '#' or '%' in a folder name is no URI syntax
    # never through a link (layout.connect_sqlite): even a reader writes the -shm file beside it
    con = connect_sqlite(path, uri=f"{uri}?mode=ro", timeout=30.0, check_same_thread=False)
    con.text_factory = _decode_text
    try:
        con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return con
    except sqlite3.OperationalError:
        con.close()
        if Path(f"{path}-wal").exists():
            raise
    con = connect_sqlite(path, uri=f"{uri}?mode=ro&immutable=1", check_same_thread=False)
    con.text_factory = _decode_text
    return con


@dataclass(frozen=True)
class TailCursor:
    """Where a reader has read up to: the highest rowid seen in each table."""

    scalars: int = 0
    events: int = 0
    samples: int = 0


@dataclass(frozen=True)
class Rows:
    """Rows newer than a cursor, in the order they were written.

    Attributes
    ----------
    scalars
        ``(step, name, value, wall_time)``; ``value`` None for a NaN.
    events
        ``(step, kind, payload dict, wall_time)``.
    samples
        ``(step, prompt, text)``.
    cursor
        The cursor after these rows (pass it to the next :meth:`RunReader.tail`).
    rowids
        The rowids of ``scalars``, ``events`` and ``samples`` (a remote follower sends them, so
        the window keeps each row once).
    """

    scalars: list[tuple[int, str, float | None, float]]
    events: list[tuple[int, str, dict, float]]
    samples: list[tuple[int, str, str]]
    cursor: TailCursor
    rowids: tuple[list[int], list[int], list[int]] = ([], [], [])


def _payload(kind: str, step: int, text) -> dict:
    try:
        payload = json.loads(text) if text else {}
    except (ValueError, TypeError):
        log.warning("event %s at step %s: payload is not JSON; shown empty", kind, step)
        payload = {}
    return payload if isinstance(payload, dict) else {"value": payload}


class RunReader:
    """A read connection to a run's ``metrics.sqlite`` (the GUI's own, or a script's).

    Parameters
    ----------
    path
        Database file; it must exist.

    Raises
    ------
    FileNotFoundError
        ``path`` does not exist (a reader never creates a database).
    EmptyStoreError
        The database has no tables yet (its trainer is creating it).
    StoreError
        The file is not a run database.
    UnsafePathError
        The database (or its ``-wal``, ``-shm`` or ``-journal`` file) is a link
        (:func:`~andrea_desktop.core.rundir.layout.connect_sqlite`); nothing was opened.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise FileNotFoundError(f"{self.path}: no metrics database")
        try:
            self._con = _open_read_only(self.path)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} is not a usable metrics database ({exc})") from exc
        try:
            check_schema(self._con, self.path)
        except sqlite3.Error as exc:
            self._con.close()
            raise StoreError(f"{self.path} is not a usable metrics database ({exc})") from exc
        except StoreError:
            self._con.close()
            raise

    def close(self) -> None:
        """Close the connection."""
        self._con.close()

    def __enter__(self) -> RunReader:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def scalar_names(self) -> list[str]:
        """Distinct scalar names, sorted."""
        return [r[0] for r in self._con.execute("SELECT DISTINCT name FROM scalars ORDER BY name")]

    def scalars(self, name: str, after_step: int = -1) -> tuple[np.ndarray, np.ndarray]:
        """Steps and values of ``name`` with step > ``after_step``, by step.

        Returns
        -------
        steps
            (N,) int64.
        values
            (N,) float64; NULL (a NaN when written) reads as NaN.
        """
        rows = self._con.execute(
            "SELECT step, value FROM scalars WHERE name = ? AND step > ? ORDER BY step, rowid",
            (name, after_step),
        ).fetchall()
        steps = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        values = np.fromiter((np.nan if r[1] is None else r[1] for r in rows), dtype=np.float64,
                             count=len(rows))
        return steps, values

    def scalar_rows(self, names: Sequence[str] | None = None, after_step: int | None = None
                    ) -> list[tuple[int, str, float | None, float]]:
        """Scalar rows ``(step, name, value, wall_time)`` in the order they were written: all of
        them, or those of ``names``; with step > ``after_step`` when given. ``value`` is None
        for a NaN."""
        q, where, args = "SELECT step, name, value, wall_time FROM scalars", [], []
        if names is not None:
            if not names:
                return []
            where.append(f"name IN ({','.join('?' * len(names))})")
            args += list(names)
        if after_step is not None:
            where.append("step > ?")
            args.append(int(after_step))
        if where:
            q += " WHERE " + " AND ".join(where)
        return [tuple(r) for r in self._con.execute(q + " ORDER BY rowid", args)]

    def events(self, kind: str | None = None, kinds: tuple[str, ...] | None = None) -> list[tuple[int, str, dict, float]]:
        """Events ``(step, kind, payload, wall_time)`` in the order they were written: all, or
        those of ``kind``, or of any of ``kinds``."""
        q = "SELECT step, kind, payload, wall_time FROM events"
        args: tuple = ()
        if kind is not None:
            q += " WHERE kind = ?"
            args = (kind,)
        elif kinds is not None:
            q += f" WHERE kind IN ({', '.join('?' * len(kinds))})"
            args = tuple(kinds)
        return [(s, k, _payload(k, s, p), t) for s, k, p, t in self._con.execute(q + " ORDER BY rowid", args)]

    def samples(self, wall_time: bool = False) -> list[tuple]:
        """Generated samples ``(step, prompt, text)`` in the order they were written;
        ``(step, prompt, text, wall_time)`` with ``wall_time``."""
        cols = "step, prompt, text" + (", wall_time" if wall_time else "")
        return [tuple(r) for r in self._con.execute(f"SELECT {cols} FROM samples ORDER BY rowid")]

    def tail(self, cursor: TailCursor | None = None, until: TailCursor | None = None) -> Rows:
        """Every row written after ``cursor`` (all rows without one) and, with ``until``, no later
        than it, by rowid: the follower's poll and the reopen path read through this one query set.

        Raises
        ------
        sqlite3.Error
            The database is busy beyond the timeout or was replaced (the caller retries).
        """
        c = cursor or TailCursor()
        end = until or TailCursor(2**63 - 1, 2**63 - 1, 2**63 - 1)
        with self.snapshot() as con:  # one read transaction: the three tables as of one commit
            scalars = con.execute("SELECT rowid, step, name, value, wall_time FROM scalars WHERE rowid > ? "
                                  "AND rowid <= ? ORDER BY rowid", (c.scalars, end.scalars)).fetchall()
            events = con.execute("SELECT rowid, step, kind, payload, wall_time FROM events WHERE rowid > ? "
                                 "AND rowid <= ? ORDER BY rowid", (c.events, end.events)).fetchall()
            samples = con.execute("SELECT rowid, step, prompt, text FROM samples WHERE rowid > ? AND rowid <= ? "
                                  "ORDER BY rowid", (c.samples, end.samples)).fetchall()
        new = TailCursor(scalars[-1][0] if scalars else c.scalars, events[-1][0] if events else c.events,
                         samples[-1][0] if samples else c.samples)
        return Rows([tuple(r[1:]) for r in scalars], [(s, k, _payload(k, s, p), t) for _, s, k, p, t in events],
                    [tuple(r[1:]) for r in samples], new,
                    ([r[0] for r in scalars], [r[0] for r in events], [r[0] for r in samples]))

    def end_cursor(self) -> TailCursor:
        """A cursor past every row written so far."""
        with self.snapshot() as con:
            return TailCursor(*(int(con.execute(f"SELECT COALESCE(MAX(rowid), 0) FROM {t}").fetchone()[0])
                                for t in ("scalars", "events", "samples")))

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """Run the enclosed queries (this reader's methods) in one read transaction (WAL: a
        consistent snapshot, however many rows a trainer commits meanwhile)."""
        con = self._con
        if con.in_transaction:
            yield con
            return
        con.execute("BEGIN")
        try:
            yield con
        finally:
            con.execute("COMMIT")

    def count_events(self, kind: str, cursor: TailCursor | None = None) -> int:
        """How many events of ``kind`` were written (up to ``cursor``, when given): the follower
        counts ``start`` events to notice a new trainer."""
        if cursor is None:
            return int(self._con.execute("SELECT COUNT(*) FROM events WHERE kind = ?", (kind,)).fetchone()[0])
        return int(self._con.execute("SELECT COUNT(*) FROM events WHERE kind = ? AND rowid <= ?",
                                     (kind, cursor.events)).fetchone()[0])

    def last_event_of(self, kinds: tuple[str, ...]) -> str | None:
        """The kind of the newest event among ``kinds`` (None when there is none)."""
        marks = ",".join("?" * len(kinds))
        row = self._con.execute(f"SELECT kind FROM events WHERE kind IN ({marks}) ORDER BY rowid DESC LIMIT 1",
                                kinds).fetchone()
        return row[0] if row else None

    def last_step_time(self) -> float | None:
        """Wall time of the newest ``train/loss`` row (None when there is none)."""
        return self._con.execute("SELECT MAX(wall_time) FROM scalars WHERE name='train/loss'").fetchone()[0]

    def last_step(self) -> int:
        """Highest step with a ``train/loss`` row (0 if none)."""
        row = self._con.execute("SELECT MAX(step) FROM scalars WHERE name = 'train/loss'").fetchone()
        return int(row[0]) if row and row[0] is not None else 0


def last_trained_step(db: str | Path) -> int:
    """Highest step with a ``train/loss`` row in ``db``, read-only; 0 when the database does not
    exist yet or cannot be read right now (scripts and tests that watch a run from outside)."""
    db = Path(db)
    if not db.is_file():
        return 0
    try:
        con = _open_read_only(db)
        try:
            row = con.execute("SELECT MAX(step) FROM scalars WHERE name='train/loss'").fetchone()
        finally:
            con.close()
    except (sqlite3.Error, OSError):  # a link too (UnsafePathError): not read
        return 0
    return int(row[0] or 0)
