"""Follow mode: show a run that another process trains, live, from its run directory.

A :class:`RunFollower` reads the rows the trainer wrote since its last look (the reader's tail
cursor; WAL lets it read while the trainer writes) and the new probe files, twice a second on the
GUI thread, and decodes them with the same
:class:`~andrea_desktop.core.viewmodels.snapshot.SnapshotBuilder` as a local training thread, so
the window receives the same snapshots either way. A poll costs about a millisecond. Whether the
trainer is alive comes from the run's lock (:func:`~andrea_desktop.core.rundir.layout.trainer_alive`):
a dead process holds no lock.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from ...core.lifecycle import RunState, state_after_event
from ...core.rundir.layout import METRICS_DB, trainer_alive
from ...core.rundir.probes import embedding_mtime, list_probes, read_embedding, read_probe
from ...core.rundir.reader import RunReader, TailCursor
from ...core.rundir.store import StoreError
from ...core.viewmodels.snapshot import SnapshotBuilder
from ...core.viewmodels.sources import decode_rows

__all__ = ["RunFollower", "FOLLOW_INTERVAL_MS"]

log = logging.getLogger(__name__)

FOLLOW_INTERVAL_MS = 500
_LIFECYCLE = ("start", "pause", "resume", "stop")


class RunFollower(QObject):
    """Polls a run directory that another process writes.

    Signals
    -------
    snapshot(object)
        A :class:`~andrea_desktop.core.viewmodels.snapshot.Snapshot` of the rows, events, samples
        and newest probe since the last poll.
    state_changed(object)
        A :class:`RunState`: running, paused or stopped (from the events, and the lock for a
        dead trainer).
    restarted()
        A new trainer process started (a resume deleted the rows after its checkpoint, or the
        folder was replaced): read the history again.
    """

    snapshot = Signal(object)
    state_changed = Signal(object)
    restarted = Signal()

    def __init__(self, run_dir: str | Path, parent: QObject | None = None, cursor: TailCursor | None = None) -> None:
        super().__init__(parent)
        self.run_dir = Path(run_dir)
        self.reader = RunReader(self.run_dir / METRICS_DB)
        self._identity = self._db_identity()
        self.state = RunState.STOPPED
        self.last_step_time: float | None = None
        self.start_payload: dict = {}
        self._builder = SnapshotBuilder()
        self._mark_read(cursor)
        self.timer = QTimer(self)
        self.timer.setInterval(FOLLOW_INTERVAL_MS)
        self.timer.timeout.connect(self.poll)
        self.timer.start()

    # ------------------------------------------------------------------ bookkeeping
    def continue_from(self, cursor: TailCursor | None = None) -> None:
        """The window has read the run's history up to ``cursor`` (from the same store, with
        :func:`~andrea_desktop.core.viewmodels.snapshot.read_run`): poll the rows after it."""
        self._mark_read(cursor)

    def _mark_read(self, cursor: TailCursor | None = None) -> None:
        """Everything up to ``cursor`` (all written so far without one) counts as read."""
        self._held = []  # the newest step's scalar rows, decoded once the step is complete
        self._cursor = cursor if cursor is not None else self.reader.end_cursor()
        self._starts = self.reader.count_events("start", self._cursor)
        self._probe_steps = set(list_probes(self.run_dir))
        self._embedding_mtime = embedding_mtime(self.run_dir)
        self._read_state()

    def _read_state(self) -> None:
        """State and start payload from the newest start / pause / resume / stop events."""
        starts = self.reader.events("start")
        self.start_payload = starts[-1][2] if starts else {}
        self.last_step_time = self.reader.last_step_time()
        state = state_after_event(self.reader.last_event_of(_LIFECYCLE), RunState.STOPPED)
        self._set_state(state if trainer_alive(self.run_dir) else RunState.STOPPED)

    def _set_state(self, state: RunState) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    @property
    def source_names(self) -> tuple[str, ...]:
        """The run's sources, from its newest start event."""
        return tuple(self.start_payload.get("sources") or ())

    # ------------------------------------------------------------------ polling
    def poll(self) -> None:
        """Read what is new; emit a snapshot and the state."""
        try:
            self._poll()
        except (sqlite3.Error, StoreError, OSError) as exc:  # a busy or replaced database: next time
            log.warning("following %s: %s", self.run_dir, exc)

    def _db_identity(self) -> tuple[int, int] | None:
        try:
            st = (self.run_dir / METRICS_DB).stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _poll(self) -> None:
        identity = self._db_identity()
        if identity != self._identity:  # the run folder was replaced: read the new database
            if identity is None:
                self._set_state(RunState.STOPPED)
                return
            self.reader.close()
            self.reader = RunReader(self.run_dir / METRICS_DB)
            self._identity = identity
            self._starts = -1  # forces the reload below
        if self.reader.count_events("start") != self._starts:  # a new trainer: it may have deleted rows
            before = self._cursor
            self.restarted.emit()  # the window reads the history again and calls continue_from
            if self._cursor is before:  # nobody did: count everything so far as read
                self._mark_read()
            return
        rows = self.reader.tail(self._cursor)
        self._cursor = rows.cursor
        decoded = decode_rows(self._builder, rows, self._held, trainer_alive(self.run_dir), self.state)
        self._held = decoded.held
        if decoded.last_step_time is not None:
            self.last_step_time = decoded.last_step_time
        if decoded.start_payload is not None:
            self.start_payload = decoded.start_payload
        self._builder.set_probe(self._new_probe())
        snap = self._builder.take(self.source_names)
        if snap is not None:
            self.snapshot.emit(snap)
        state = decoded.state
        self._set_state(state)

    def _new_probe(self) -> dict | None:
        """The newest probe file written since the last poll (with the embedding if it changed)."""
        files = list_probes(self.run_dir)
        new = sorted(set(files) - self._probe_steps)
        self._probe_steps = set(files)
        if not new:
            return None
        try:
            probe = read_probe(files[new[-1]])
        except ValueError as exc:
            log.warning("following: %s", exc)
            return None
        mtime = embedding_mtime(self.run_dir)
        if mtime != self._embedding_mtime:
            self._embedding_mtime = mtime
            try:
                newest = read_embedding(self.run_dir)
            except ValueError as exc:  # a damaged file: the next probe replaces it
                log.warning("following: %s", exc)
            else:
                if newest is not None:
                    probe["embedding"], probe["vocab"] = newest[1], newest[2]
        return probe

    def close(self) -> None:
        self.timer.stop()
        self.reader.close()
