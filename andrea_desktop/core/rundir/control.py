"""Steering a run that another process trains: a ``commands`` table in the run's
``control.sqlite``.

The desktop (or any script) appends a row; the trainer's rank 0 polls the table a few times a
second and applies each new command at the next step boundary, as it would a toolbar click::

    commands(id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, payload TEXT /* JSON */,
             wall_time REAL, sender TEXT)

Kinds: ``pause``, ``resume``, ``stop``, ``checkpoint``, ``probe`` (payload ``{"text": ...}``) and
``pivot`` (payload: the curriculum constraints as ``Constraints.to_dict()`` plus ``start``,
``keep_stats`` and ``params``). The trainer logs a ``command`` event when it takes one.

The table has its own database file, not ``metrics.sqlite``: the trainer's store holds that one's
write lock almost all the time, and a command must never wait behind a batch of metrics. No
network port is opened, and the file's permissions decide who may steer: the trainer creates
``control.sqlite`` with its umask, so a user who cannot write it cannot send commands
(:class:`ControlError` says so). Payloads are JSON; nothing is ever unpickled.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

from ..errors import quote
from ..metrics import ValueEnum
from .layout import CONTROL_DB, UnsafePathError, check_file, connect_sqlite, trainer_alive

__all__ = ["CommandKind", "COMMAND_KINDS", "MAX_TEXT_CHARS", "check_command_text", "check_command_payload", "CONTROL_DB",
           "ControlError", "read_only_reason", "send_command", "trainer_alive", "CommandPoller", "COMMANDS_SCHEMA"]

log = logging.getLogger(__name__)



class CommandKind(ValueEnum):
    """The ``kind`` column of the ``commands`` table (a ``str`` enum: it compares equal to its value)."""

    PAUSE = "pause"
    RESUME = "resume"
    STOP = "stop"
    CHECKPOINT = "checkpoint"
    PROBE = "probe"
    """Payload ``{"text": ...}``: the probe text to use from now on."""
    PIVOT = "pivot"
    """Payload: the curriculum constraints (``Constraints.to_dict()``) plus ``start``,
    ``keep_stats`` and ``params``."""


COMMAND_KINDS: tuple[str, ...] = tuple(k.value for k in CommandKind)
"""Every command kind's value, in :class:`CommandKind`'s order."""
MAX_COMMAND_ID = 2**40
"""Largest command id the poller takes: a row planted with an id near 2**63 would make every
later ``INSERT`` fail ("database or disk is full"), so it is refused, removed, and the id
sequence is reset."""
MAX_PAYLOAD_BYTES = 64 * 1024
"""Largest command payload (JSON text) the poller reads; a bigger one is refused unread."""
MAX_TEXT_CHARS = 4096
"""Longest text a command may carry in any field (the probe text's bound in the config)."""
MAX_PAYLOAD_DEPTH = 8
"""Deepest nesting of a command payload (a pivot's is three levels deep)."""
COMMANDS_SCHEMA = """
CREATE TABLE IF NOT EXISTS commands(id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
    payload TEXT NOT NULL, wall_time REAL NOT NULL, sender TEXT);
"""


class ControlError(RuntimeError):
    """A command cannot be sent (the message says why and what to do)."""


def check_command_text(text: object, where: str = "text") -> str:
    """``text`` if a command may carry it: a ``str`` of at most :data:`MAX_TEXT_CHARS`
    characters, valid Unicode (no lone surrogate, which the tokenizer and UTF-8 cannot take) and
    free of control characters other than newline and tab.

    Raises
    ------
    ValueError
        Says which rule ``text`` breaks, naming ``where`` (the field).
    """
    if not isinstance(text, str):
        raise ValueError(f"{where} is not text")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"{where} is {len(text):,} characters long; at most {MAX_TEXT_CHARS:,}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{where} is not valid Unicode text (a lone surrogate)") from None
    if any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in text):
        raise ValueError(f"{where} contains control characters")
    return text


def check_command_payload(payload: object, where: str = "payload", depth: int = 0) -> None:
    """Check every text a command payload holds, keys included (:func:`check_command_text`),
    and its nesting (at most :data:`MAX_PAYLOAD_DEPTH` levels).

    Raises
    ------
    ValueError
        The first text or level that breaks a rule.
    """
    if depth > MAX_PAYLOAD_DEPTH:
        raise ValueError(f"{where} is nested more than {MAX_PAYLOAD_DEPTH} levels deep")
    if isinstance(payload, str):
        check_command_text(payload, where)
    elif isinstance(payload, dict):
        for key, value in payload.items():
            check_command_text(key, f"a key of {where}")
            check_command_payload(value, f"{where}.{key}", depth + 1)
    elif isinstance(payload, list):
        for i, value in enumerate(payload):
            check_command_payload(value, f"{where}[{i}]", depth + 1)


def read_only_reason(run_dir: str | Path) -> str:
    """Why this user cannot steer the run in ``run_dir`` ("" when ``control.sqlite`` and its
    folder are writable; the file need not exist yet): the file's permissions decide who
    may steer (module docstring)."""
    db = Path(run_dir) / CONTROL_DB
    if (db.is_file() and not os.access(db, os.W_OK)) or not os.access(db.parent, os.W_OK):
        return (f"you cannot steer this run: {db} is not writable for you (it belongs to another user); "
                "you can still follow it")
    return ""


def send_command(run_dir: str | Path, kind: str, payload: dict | None = None) -> int:
    """Append a command for the process that trains ``run_dir``; returns its id.

    Raises
    ------
    ControlError
        Unknown ``kind``, no run database, the database is a link (or its ``-wal``, ``-shm`` or
        ``-journal`` file is), or it is not writable by this user.
    """
    if kind not in COMMAND_KINDS:
        raise ControlError(f"unknown command {kind!r}; one of {', '.join(COMMAND_KINDS)}")
    db = Path(run_dir) / CONTROL_DB
    if not trainer_alive(run_dir):
        raise ControlError(f"no trainer is running {run_dir}: a command would never be read")
    try:
        check_file(db)  # a link: a command would land in another run's (or any) database
    except UnsafePathError as exc:
        raise ControlError(str(exc)) from None
    if not db.is_file():
        raise ControlError(f"{run_dir} has no {CONTROL_DB}: its trainer cannot be steered (the file was "
                           "removed, or the trainer could not create it); stop and resume it to fix this")
    refusal = read_only_reason(run_dir)
    if refusal:
        raise ControlError(refusal)
    try:
        check_command_payload(payload or {}, f"the {kind!r} command")
    except ValueError as exc:
        raise ControlError(quote(str(exc), 300)) from exc
    try:
        text = json.dumps(payload or {}, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ControlError(f"the {kind!r} command holds values JSON cannot carry ({quote(str(exc))})") from exc
    if len(text.encode()) > MAX_PAYLOAD_BYTES:
        raise ControlError(f"the {kind!r} command is {len(text):,} characters long; at most "
                           f"{MAX_PAYLOAD_BYTES:,} are sent")
    try:
        con = connect_sqlite(db, timeout=10.0)
        try:
            cur = con.execute("INSERT INTO commands(kind, payload, wall_time, sender) VALUES (?, ?, ?, ?)",
                              (kind, text, time.time(), f"{socket.gethostname()}:{os.getpid()}"))
            con.commit()
            return int(cur.lastrowid)
        finally:
            con.close()
    except UnsafePathError as exc:  # its -wal, -shm or -journal file is a link
        raise ControlError(str(exc)) from None
    except sqlite3.Error as exc:
        raise ControlError(f"cannot send {kind!r} to {run_dir}: {exc}") from exc


class CommandPoller:
    """Rank 0's reader of the ``commands`` table (a daemon thread).

    Parameters
    ----------
    db
        The run's ``control.sqlite`` (created with its table if missing).
    apply
        Called with ``(id, kind, payload)`` for each new command, on the poller's thread; it must
        only set thread-safe flags (:class:`~andrea_desktop.core.training.commands.TrainingControl`).
    interval
        Seconds between polls.

    Raises
    ------
    UnsafePathError
        ``db`` (or its ``-wal``, ``-shm`` or ``-journal`` file) is a link; nothing was opened.

    Notes
    -----
    Commands written before the poller started are ignored: they were meant for an earlier
    process.
    """

    def __init__(self, db: str | Path, apply: Callable[[int, str, dict], None], interval: float = 0.25,
                 on_refused: Callable[[int, str, str], None] | None = None) -> None:
        self.db = Path(db)
        self.apply = apply
        self.on_refused = on_refused
        self.interval = interval
        self._stop = threading.Event()
        self._con = connect_sqlite(self.db, timeout=5.0, check_same_thread=False)  # never through a link
        self._con.execute("PRAGMA journal_mode=WAL")
        self._con.executescript(COMMANDS_SCHEMA)
        self._con.commit()
        row = self._con.execute("SELECT MAX(id) FROM commands").fetchone()
        self.last_id = int(row[0] or 0)
        self._thread = threading.Thread(target=self._run, name="andrea-commands", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.interval):
                self.poll()
        finally:
            self._con.close()

    def poll(self) -> None:
        try:
            rows = self._con.execute(
                "SELECT id, substr(kind, 1, 32), CASE WHEN length(payload) <= ? THEN payload END, "
                "length(payload) FROM commands WHERE id > ? ORDER BY id",
                (MAX_PAYLOAD_BYTES, self.last_id)).fetchall()
            self._reset_sequence()
        except sqlite3.Error as exc:
            log.warning("reading commands: %s", exc)
            return
        for cid, kind, payload, size in rows:
            try:
                if not isinstance(cid, int) or cid > MAX_COMMAND_ID:
                    self._remove(cid)
                    raise ValueError(f"command id {quote(cid)} is out of range (at most {MAX_COMMAND_ID}); "
                                     "the row was removed")
                self.last_id = cid
                if payload is None and size is not None:
                    raise ValueError(f"payload of {size:,} characters is over the {MAX_PAYLOAD_BYTES:,} allowed")
                data = json.loads(payload) if payload else {}
                if not isinstance(data, dict):
                    raise ValueError("payload is not a JSON object")
                check_command_payload(data)
                self.apply(int(cid), str(kind), data)
            except Exception as exc:  # a bad command never stops training
                reason = quote(f"{type(exc).__name__}: {exc}", 300)
                log.warning("command %s (%s) ignored: %s", quote(cid), quote(kind), reason)
                if self.on_refused is not None:
                    try:
                        self.on_refused(cid if isinstance(cid, int) and cid <= MAX_COMMAND_ID else -1,
                                        str(kind), reason)
                    except Exception:  # noqa: BLE001 -- reporting must not fail either
                        log.exception("reporting a refused command")

    def _remove(self, cid) -> None:
        """Delete a planted row and bring the id sequence back below :data:`MAX_COMMAND_ID`."""
        try:
            self._con.execute("DELETE FROM commands WHERE id = ?", (cid,))
            self._con.commit()
            self._reset_sequence()
        except sqlite3.Error as exc:
            log.warning("cannot remove command %s: %s", quote(cid), exc)

    def _reset_sequence(self) -> None:
        """An AUTOINCREMENT sequence pushed past :data:`MAX_COMMAND_ID` (a planted row or an
        edited ``sqlite_sequence``) is set back to the largest sane id, so senders can insert."""
        row = self._con.execute("SELECT seq FROM sqlite_sequence WHERE name = 'commands'").fetchone()
        if row is not None and (not isinstance(row[0], int) or row[0] > MAX_COMMAND_ID):
            self._con.execute("DELETE FROM commands WHERE id > ?", (MAX_COMMAND_ID,))
            self._con.execute("UPDATE sqlite_sequence SET seq = (SELECT COALESCE(MAX(id), 0) FROM commands) "
                              "WHERE name = 'commands'")
            self._con.commit()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
