"""The training thread: prepares the run and drives the core trainer off the GUI thread.

No event loop runs here. Commands arrive through the core's thread-safe
:class:`~andrea_desktop.core.training.trainer.TrainingControl`; results leave as Qt signals carrying
small immutable :class:`Snapshot` objects (numpy arrays, plain numbers), coalesced to a few
per second (``SNAPSHOT_INTERVAL_S``), never one signal per step.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PySide6.QtCore import QThread, Signal

from ..core.config import Config, ConfigError
from ..core.corpus import CorpusError
from ..core.data import DataError
from ..core.mixture.simplex import ConstraintError
from ..core.rundir.store import StoreError
from ..core.training.trainer import (
    PreparedRun,
    RunError,
    StepRecord,
    StopReason,
    Trainer,
    TrainingControl,
    prepare_run,
)

__all__ = ["Snapshot", "TrainingThread", "RunInfo", "Cancelled"]

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


@dataclass(frozen=True)
class Snapshot:
    """Everything new since the previous snapshot.

    Attributes
    ----------
    steps
        (N,) int64 steps of the new records.
    loss, lr, grad_norm, tokens_per_s
        (N,) float64 per step.
    source_loss
        ``{source: (steps (M,), losses (M,))}`` for the sources that had rows.
    evals
        ``[(step, {source: val loss})]``.
    events
        ``[(step, kind, payload)]``.
    mixture
        The bandit now: ``weights``, ``pulls``, ``reward``, ``ucb`` ((n,) arrays) or None.
    samples
        ``[(step, prompt, text)]`` generated since the last snapshot.
    probe
        The newest probe (:meth:`Trainer.probe`'s arrays), or None.
    """

    steps: np.ndarray
    loss: np.ndarray
    lr: np.ndarray
    grad_norm: np.ndarray
    tokens_per_s: np.ndarray
    source_loss: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    evals: tuple[tuple[int, dict[str, float]], ...] = ()
    events: tuple[tuple[int, str, dict], ...] = ()
    mixture: dict | None = None
    samples: tuple[tuple[int, str, str], ...] = ()
    probe: dict | None = None


class _Coalescer:
    """Collects records on the training thread; hands out snapshots."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._reset()

    def _reset(self) -> None:
        self.records: list[StepRecord] = []
        self.evals: list[tuple[int, dict[str, float]]] = []
        self.events: list[tuple[int, str, dict]] = []
        self.samples: list[tuple[int, str, str]] = []
        self.probe: dict | None = None

    def add_sample(self, step: int, prompt: str, text: str) -> None:
        with self._lock:
            self.samples.append((step, prompt, text))

    def add_probe(self, probe: dict) -> None:
        with self._lock:
            self.probe = probe

    def add_step(self, rec: StepRecord) -> None:
        with self._lock:
            self.records.append(rec)

    def add_eval(self, step: int, losses: dict[str, float]) -> None:
        with self._lock:
            self.evals.append((step, dict(losses)))

    def add_event(self, step: int, kind: str, payload: dict) -> None:
        with self._lock:
            self.events.append((step, kind, dict(payload)))

    def take(self, mixture: dict | None = None) -> Snapshot | None:
        with self._lock:
            recs, evals, events = self.records, self.evals, self.events
            samples, probe = self.samples, self.probe
            self._reset()
        if not (recs or evals or events or samples or probe is not None):
            return None
        per_source: dict[str, tuple[list, list]] = {}
        for r in recs:
            for name, v in r.source_loss.items():
                s, vals = per_source.setdefault(name, ([], []))
                s.append(r.step)
                vals.append(v)
        return Snapshot(
            steps=np.array([r.step for r in recs], dtype=np.int64),
            loss=np.array([r.loss for r in recs], dtype=np.float64),
            lr=np.array([r.lr for r in recs], dtype=np.float64),
            grad_norm=np.array([r.grad_norm for r in recs], dtype=np.float64),
            tokens_per_s=np.array([r.tokens_per_s for r in recs], dtype=np.float64),
            source_loss={k: (np.array(s, np.int64), np.array(v, np.float64)) for k, (s, v) in per_source.items()},
            evals=tuple(evals),
            events=tuple(events),
            mixture=mixture,
            samples=tuple(samples),
            probe=probe,
        )


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
        A :class:`Snapshot`, a few times a second while training.
    state_changed(str)
        ``preparing``, ``running``, ``paused`` or ``stopped``.
    failed(str, str)
        A title and a message a user can act on (bad config, data, tokenizer...).
    """

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
        self._coalescer = _Coalescer()
        self._last_emit = 0.0
        self._last_progress: tuple[str, int] | None = None
        self._trainer: Trainer | None = None

    # ---------------------------------------------------------------- commands (any thread)
    def pause(self) -> None:
        self.control.pause()

    def resume(self) -> None:
        self.control.resume()

    def request_stop(self, reason: str = StopReason.USER) -> None:
        self.control.stop(reason)

    def request_pivot(self, pivot) -> None:
        """New curriculum constraints, applied at the next step boundary."""
        self.control.request_pivot(pivot)

    def request_checkpoint(self) -> None:
        """A marked checkpoint at the next step boundary (at once while paused)."""
        self.control.request_checkpoint()

    # ---------------------------------------------------------------- observer (this thread)
    def on_step(self, rec: StepRecord) -> None:
        self._coalescer.add_step(rec)
        now = time.monotonic()
        if now - self._last_emit >= SNAPSHOT_INTERVAL_S:
            self._emit_snapshot(now)

    def on_eval(self, step: int, losses: dict[str, float]) -> None:
        self._coalescer.add_eval(step, losses)

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        self._coalescer.add_event(step, kind, payload)

    def on_sample(self, step: int, prompt: str, text: str) -> None:
        self._coalescer.add_sample(step, prompt, text)

    def on_probe(self, step: int, probe: dict) -> None:
        self._coalescer.add_probe(probe)
        self._emit_snapshot(time.monotonic())  # rare, and also taken while paused: send it now

    def on_state(self, state: str) -> None:
        self._emit_snapshot(time.monotonic())
        self.state_changed.emit(state)

    def _mixture(self) -> dict | None:
        """Copies of the bandit's statistics (training thread)."""
        cur = self._trainer.curriculum if self._trainer is not None else None
        if cur is None or cur.weights is None:
            return None
        return {"weights": cur.weights.copy(), "pulls": cur.pulls.copy(),
                "reward": cur.reward_mean.copy(), "ucb": cur.ucb()}

    def _emit_snapshot(self, now: float) -> None:
        snap = self._coalescer.take(self._mixture())
        self._last_emit = now
        if snap is not None:
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
        trainer = None
        prepared: PreparedRun | None = None
        try:
            try:
                prepared = prepare_run(
                    self.run_dir, preset=self.preset, config=self.config, progress=self._on_progress,
                    gui=True,
                )
                if self.control.stop_reason is not None:
                    raise Cancelled()
                trainer = Trainer(prepared)
                self._trainer = trainer
                if not prepared.created:  # an existing run continues from its newest checkpoint
                    self.progress.emit("loading the newest checkpoint", 0, 0)
                    trainer.resume()
                if self.control.stop_reason is not None:  # stopped while the model was built
                    trainer.close()
                    trainer = self._trainer = None
                    raise Cancelled()
            except Cancelled:
                if prepared is not None:
                    prepared.discard()
                self.stop_reason = StopReason.USER
                self.state_changed.emit("stopped")
                return
            except (ConfigError, CorpusError, DataError, RunError, ConstraintError, StoreError, OSError) as exc:
                if trainer is not None:
                    trainer.close()
                    trainer = self._trainer = None
                if prepared is not None:
                    prepared.discard()
                self.stop_reason = StopReason.ERROR
                self.failed.emit("Cannot start training", str(exc))
                self.state_changed.emit("stopped")
                return
            cfg = prepared.config
            limit = cfg.schedule.total_steps if self.max_steps is None else min(self.max_steps, cfg.schedule.total_steps)
            cur = trainer.curriculum
            self.prepared.emit(RunInfo(
                prepared.run_dir, cfg, str(trainer.device), trainer.model.num_params(),
                tuple(prepared.dataset.names), trainer.step, limit,
                cur.constraints.to_dict() if cur is not None else None,
                bool(cur is not None and cur.in_warmup),
                tuple(trainer.resume_messages),
                trainer.last_checkpoint.step if trainer.last_checkpoint is not None else None,
            ))
            self.stop_reason = trainer.run(limit, self.control, self, on_anomaly="pause")
        except Exception as exc:  # an unexpected failure: tell the user, never crash the app
            log.exception("training failed")
            self.stop_reason = StopReason.ERROR
            self.failed.emit("Training failed", f"{exc}\n\n{traceback.format_exc(limit=3)}")
            self.state_changed.emit("stopped")
        finally:
            if trainer is not None:
                try:
                    trainer.close()
                except RuntimeError as exc:
                    log.error("closing the run store: %s", exc)
