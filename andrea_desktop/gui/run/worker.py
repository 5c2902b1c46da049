"""The training thread: prepares the run and drives the core trainer off the GUI thread.

No event loop runs here. Commands arrive through the core's thread-safe
:class:`~andrea_desktop.core.training.TrainingControl`; results leave as Qt signals carrying
small immutable :class:`~andrea_desktop.core.viewmodels.snapshot.Snapshot` objects, coalesced to a
few per second (``SNAPSHOT_INTERVAL_S``), never one signal per step, and at most one of them
waiting for the GUI thread at a time (:meth:`TrainingThread.snapshot_taken`): a GUI thread
that falls behind gets one larger snapshot, not a queue of small ones. The thread is the trainer's
observer: it receives exactly the rows the trainer writes to its store (``on_scalars``,
``on_event``, ``on_sample``, ``on_probe``) and decodes them with the same
:class:`~andrea_desktop.core.viewmodels.snapshot.SnapshotBuilder` that reads a reopened or a
followed run, so a run looks the same whichever way it reaches the window.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QThread, Signal

from ...core.config import Config
from ...core.rundir.reader import RunReader, TailCursor
from ...core.rundir.store import StoreError
from ...core.terrain_jobs import AutoTerrain, with_terrain
from ...core.training import (
    START_ERRORS,
    StopReason,
    Trainer,
    TrainingControl,
    run_session,
)
from ...core.viewmodels.snapshot import SnapshotBuilder

__all__ = ["TrainingThread", "RunInfo", "Cancelled"]

log = logging.getLogger(__name__)

SNAPSHOT_INTERVAL_S = 0.2


class Cancelled(Exception):
    """The user cancelled the preparation of the run."""


@dataclass(frozen=True)
class RunInfo:
    """What the window shows about the run once it is prepared."""

    run_dir: Path
    config: Config
    device: str
    n_params: int
    source_names: tuple[str, ...]
    start_step: int
    max_steps: int
    constraints: dict | None = None
    """The curriculum's constraints at the start (None: no curriculum)."""
    in_warmup: bool = False
    messages: tuple[str, ...] = ()
    """What the user should know about the start (a damaged checkpoint skipped...)."""
    resumed_from: int | None = None
    """Step of the checkpoint the run continues from (None: a fresh start)."""
    lr_anchor: tuple[int, float] | None = None
    """``(step, lr)`` the learning rate was re-planned from (a resume with other schedule settings)."""
    history_end: TailCursor | None = None
    """A resumed run: where its store ended when training began. The window reads its history up
    to there; every later row reaches it live, in snapshots (None: read the whole store)."""


def history_end(trainer: Trainer) -> TailCursor | None:
    """Where a resumed trainer's store ends before it trains (its rows committed first): the rows
    the window reads from disk, as opposed to those its snapshots bring. None when it cannot be
    read (the window then reads the whole store, as before)."""
    try:
        trainer.log.flush()
        with RunReader(trainer.store.path) as reader:
            return reader.end_cursor()
    except (OSError, StoreError, sqlite3.Error) as exc:
        log.warning("cannot read where the run's history ends: %s", exc)
        return None


class TrainingThread(QThread):
    """Prepares a run (corpus, tokenizer, tokens) and trains it.

    Parameters
    ----------
    run_dir
        Run directory (new or existing).
    preset
        Preset of a new run.
    max_steps
        Global step to stop at (None: the schedule's end).
    config
        Configuration of a new run (instead of the preset's).

    Signals
    -------
    progress(str, int, int)
        Preparation stage, done, total (total 0: unknown).
    prepared(object)
        A :class:`RunInfo` once the model is built.
    snapshot(object)
        A :class:`~andrea_desktop.core.viewmodels.snapshot.Snapshot`, a few times a second while
        training.
    state_changed(str)
        ``preparing``, ``running``, ``paused`` or ``stopped``.
    failed(str, str)
        A title and a message a user can act on (bad config, data, tokenizer...).
    terrain_job(object)
        The :class:`~andrea_desktop.core.terrain_jobs.JobStatus` of the terrain job under way
        whenever its whole percentage changes; None when no job is left.
    """

    terrain_job = Signal(object)
    progress = Signal(str, int, int)
    prepared = Signal(object)
    snapshot = Signal(object)
    state_changed = Signal(str)
    failed = Signal(str, str)

    def __init__(self, run_dir: Path, preset: str | None = None, max_steps: int | None = None,
                 config: Config | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("andrea-training")
        self.run_dir = Path(run_dir)
        self.preset = preset
        self.config = config
        self.max_steps = max_steps
        self.control = TrainingControl()
        self.stop_reason: str | None = None
        self._builder = SnapshotBuilder()  # guarded by _lock: filled here, taken here
        self._lock = threading.Lock()
        self._last_emit = 0.0
        self._in_flight = threading.Event()  # a snapshot sent and not yet taken by the GUI thread
        self._last_progress: tuple[str, int] | None = None
        self._trainer: Trainer | None = None
        self._terrain = None  # the AutoTerrain of the run while it trains

    # ---------------------------------------------------------------- commands (any thread)
    def pause(self) -> None:
        self.control.pause()

    def resume(self) -> None:
        self.control.resume()

    def request_stop(self, reason: str = StopReason.USER) -> None:
        self.control.stop(reason)

    def cancel_terrain(self) -> None:
        """Drop the terrain job under way and the waiting one (parts already written stay);
        later terrain steps start new ones."""
        terrain = self._terrain
        if terrain is not None:
            terrain.cancel()

    def request_pivot(self, pivot) -> None:
        """New curriculum constraints, applied at the next step boundary."""
        self.control.request_pivot(pivot)

    def request_checkpoint(self) -> None:
        """A marked checkpoint at the next step boundary (at once while paused)."""
        self.control.request_checkpoint()

    def request_probe(self, text: str) -> None:
        """A probe of ``text`` at the next step boundary (at once while paused)."""
        self.control.request_probe(text)

    def snapshot_taken(self) -> None:
        """The GUI thread has the last snapshot: the next one may be sent (any thread)."""
        self._in_flight.clear()

    # ---------------------------------------------------------------- observer (this thread)
    def on_scalars(self, step: int, values: dict[str, float], wall_time: float | None = None) -> None:
        """Every scalar row the trainer writes to its store."""
        with self._lock:
            self._builder.add_scalars(step, values)
        now = time.monotonic()
        if now - self._last_emit >= SNAPSHOT_INTERVAL_S and not self._in_flight.is_set():
            self._emit_snapshot(now)  # else the rows wait for the next one (the GUI is behind)

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        with self._lock:
            self._builder.add_event(step, kind, dict(payload))

    def on_sample(self, step: int, prompt: str, text: str) -> None:
        with self._lock:
            self._builder.add_sample(step, prompt, text)

    def on_probe(self, step: int, probe: dict) -> None:
        with self._lock:
            self._builder.set_probe(probe)
        self._emit_snapshot(time.monotonic())  # rare, and also taken while paused: send it now

    def on_state(self, state: str) -> None:
        self._emit_snapshot(time.monotonic())
        self.state_changed.emit(state)

    def _emit_snapshot(self, now: float) -> None:
        with self._lock:
            snap = self._builder.take()
        self._last_emit = now
        if snap is not None:
            self._in_flight.set()
            self.snapshot.emit(snap)

    def _on_progress(self, stage: str, done: int, total: int) -> None:
        if self.control.stop_reason is not None:
            raise Cancelled()
        # report only when the rounded percentage changes (Orange's TaskState habit)
        key = (stage, int(100 * done / total) if total else -1)
        if key != self._last_progress:
            self._last_progress = key
            self.progress.emit(stage, done, total)

    # ---------------------------------------------------------------- the thread
    def run(self) -> None:  # noqa: D102 -- QThread entry point
        self.state_changed.emit("preparing")

        def cancelled_yet(_prepared) -> None:
            if self.control.stop_reason is not None:
                raise Cancelled()

        session = run_session(self.run_dir, preset=self.preset, config=self.config, progress=self._on_progress,
                              gui=True, after_prepare=cancelled_yet,
                              on_close_error=lambda exc: log.error("closing the run store: %s", exc))
        try:
            try:  # an existing run continues from its newest checkpoint
                trainer = self._trainer = session.open()
                cancelled_yet(None)  # stopped while the model was built
            except Cancelled:
                session.abandon()
                self._trainer = None
                self.stop_reason = StopReason.USER
                self.state_changed.emit("stopped")
                return
            except START_ERRORS as exc:  # nothing was left behind
                self._trainer = None
                self.stop_reason = StopReason.ERROR
                # translate() is thread-safe; the message itself is the core's (English)
                self.failed.emit(QCoreApplication.translate("TrainingThread", "Cannot start training"), str(exc))
                self.state_changed.emit("stopped")
                return
            prepared, cfg = session.prepared, session.prepared.config
            limit = cfg.schedule.total_steps if self.max_steps is None else min(self.max_steps, cfg.schedule.total_steps)
            cur = trainer.curriculum
            self.prepared.emit(RunInfo(
                prepared.run_dir, cfg, str(trainer.device), trainer.model.num_params(),
                tuple(prepared.dataset.names), trainer.step, limit,
                cur.constraints.to_dict() if cur is not None else None,
                bool(cur is not None and cur.in_warmup),
                tuple(trainer.resume_messages),
                trainer.last_checkpoint.step if trainer.last_checkpoint is not None else None,
                trainer.steps.lr_anchor,
                history_end(trainer) if trainer.last_checkpoint is not None else None,
            ))
            # every terrain.interval steps a copy of the weights becomes a terrain job that gets
            # terrain.share of the time (by default this thread computes it between steps); each
            # part lands in terrain/<step>.npz (the panel picks the files up); it ends with the training
            terrain = AutoTerrain.for_trainer(
                trainer, on_error=lambda step, msg: log.warning("terrain of step %d: %s", step, msg),
                on_progress=self.terrain_job.emit)
            self._terrain = terrain
            try:
                with session:
                    self.stop_reason = trainer.run(limit, self.control, with_terrain(self, terrain),
                                                   on_anomaly="pause")
            finally:
                self._terrain = None
                if terrain is not None:
                    terrain.close()
                    self.terrain_job.emit(None)
        except Exception as exc:  # an unexpected failure: tell the user, never crash the app
            log.exception("training failed")
            self.stop_reason = StopReason.ERROR
            self.failed.emit(QCoreApplication.translate("TrainingThread", "Training failed"),
                             f"{exc}\n\n{traceback.format_exc(limit=3)}")
            self.state_changed.emit("stopped")
        finally:
            session.close()
