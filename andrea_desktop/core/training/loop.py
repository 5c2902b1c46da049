"""One call of :meth:`Trainer.run <andrea_desktop.core.training.trainer.Trainer.run>`: what happens
at each step boundary, in this order (docs/design.md#threads-and-snapshots, docs/design.md#steps):

1. a stop ends the run;
2. commands from other processes, then a requested probe and checkpoint, are taken;
3. a due or requested pause waits (serving probes, checkpoints and commands) until resumed;
4. at the step limit: a last evaluation, and the run ends;
5. due pivots reach the curriculum, which gives the next step's mixture;
6. one step trains; a non-finite one is an anomaly (pause, or stop headless), a good one is
   logged and what falls due at it happens: anomalies, evaluation, probe, sample, checkpoint,
   and a new trial of the automatic thread count (:mod:`~.threads`; the first runs before the
   first step).

The end, stopped or failed, is written once (:meth:`TrainingLoop._finish`).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import platform
from typing import Protocol

import numpy as np
import torch

from ..anomaly import EpisodePhase, LossWatch
from ..config import Config
from ..errors import shown_path
from ..metrics import AnomalyKind, EventKind
from ..mixture.curriculum import Curriculum, Pivot
from ..mixture.simplex import ConstraintError
from ..rundir.control import check_command_text
from . import state
from .commands import CommandChannel, RunState, StopReason, TrainingControl
from .distributed import Dist, StepAnnouncer
from .events import RunLog, StepRecord
from .prepare import PreparedRun
from .threads import ThreadChoice, ThreadTuner
from .trainer_state import TrainerState

__all__ = ["TrainingLoop"]

log = logging.getLogger(__name__)


class Trainable(Protocol):
    """What the loop drives: a trainer's state as data (:class:`TrainerState`; its fields are the
    trainer's attributes too), its steps and its logging
    (:class:`~andrea_desktop.core.training.trainer.Trainer` is one; the loop does not import it, so
    that the trainer's modules form no import circle)."""

    state: TrainerState
    dist: Dist | None
    ranks: StepAnnouncer | None
    threads: ThreadTuner | None
    # fields of ``state`` the loop reads and sets through the trainer
    prepared: PreparedRun
    config: Config
    device: torch.device
    is_main: bool
    source_names: tuple[str, ...]
    log: RunLog
    curriculum: Curriculum | None
    loss_watch: LossWatch
    step: int
    weights: np.ndarray
    bad_state: bool
    model: torch.nn.Module

    def train_step(self) -> StepRecord | dict: ...
    def probe(self) -> dict: ...
    def sample(self) -> str: ...
    def follow(self) -> None: ...
    def log_validation(self) -> None: ...
    def log_step(self, rec: StepRecord) -> None: ...
    def log_mixture(self, step: int) -> None: ...
    def log_bandit(self, step: int) -> None: ...
    def log_counts(self) -> None: ...


class TrainingLoop:
    """The step boundaries of one :meth:`Trainer.run` call.

    Parameters
    ----------
    trainer
        The trainer (its state, parts and log).
    control
        Commands from this process, taken at step boundaries.
    on_anomaly
        ``"pause"`` or ``"stop"`` after a non-finite step.
    """

    def __init__(self, trainer: Trainable, control: TrainingControl, on_anomaly: str) -> None:
        self.t = trainer
        self.control = control
        self.on_anomaly = on_anomaly
        self.channel: CommandChannel | None = None
        self.last_eval = trainer.step

    def run(self, max_steps: int | None) -> StopReason:
        """Train to ``max_steps`` (None: the schedule's end) or until stopped; the stop reason.

        Raises
        ------
        RunError
            The run has checkpoints and none was restored.
        """
        t = self.t
        state.begin_history(t.state)
        total = t.config.schedule.total_steps
        limit = total if max_steps is None else min(max_steps, total)
        if not t.is_main:
            t.follow()
            return StopReason.USER
        self._log_start(limit)
        self.channel = CommandChannel(t.prepared.run_dir, self.control, t.log, t.step)
        try:
            reason = self._loop(limit)
        except BaseException as exc:
            self._finish(StopReason.ERROR, error=exc)
            raise
        self._finish(reason)
        return reason

    def _loop(self, limit: int) -> StopReason:
        t, control = self.t, self.control
        if t.threads is not None and t.step < limit and control.stop_reason is None:
            self._threads_chosen(t.threads.start())  # before "running": the count is known then
        t.log.state(RunState.RUNNING)
        if t.step == 0:
            t.log_validation()
        while True:
            if control.stop_reason is not None:
                return control.stop_reason
            self._take_requests()
            control.due_pause(t.step)
            if control.pause_requested and not self._pause():
                return control.stop_reason
            if t.step >= limit:
                if self.last_eval != t.step:
                    t.log_validation()
                return StopReason.FINISHED if t.step >= t.config.schedule.total_steps else StopReason.MAX_STEPS
            self._apply_pivots()
            self._begin_step(t.step + 1)
            rec = t.train_step()
            if isinstance(rec, dict):  # not finite: no update was made
                t.bad_state = True
                t.log.event(t.step, EventKind.ANOMALY, rec)
                if self.on_anomaly == "stop":
                    return StopReason.ANOMALY
                control.pause()
                continue
            t.bad_state = False
            self._after_step(rec)

    def _finish(self, reason: StopReason, error: BaseException | None = None) -> None:
        """The end of every run, stopped or failed: release the channel and the other ranks;
        unless it failed, log the counts and checkpoint (not after an anomaly); the ``stop``
        event, a commit, and the ``stopped`` state."""
        t = self.t
        self.channel.close()
        if t.ranks is not None:
            t.ranks.release()
        payload: dict = {"reason": str(reason)}
        if error is None:
            t.log_counts()
            if reason != StopReason.ANOMALY:
                state.checkpoint_quietly(t.state, "end" if reason == StopReason.FINISHED else "stop")
        else:
            payload["error"] = repr(error)
        t.log.event(t.step, EventKind.STOP, payload)
        t.log.flush()
        t.log.state(RunState.STOPPED)

    def _log_start(self, limit: int) -> None:
        t, cfg = self.t, self.t.config
        t.log.event(t.step, EventKind.START, {
            "device": str(t.device), "torch_threads": torch.get_num_threads(),
            "preset": cfg.run.preset, "params": t.model.num_params(), "max_steps": limit,
            "sources": t.source_names, "data": t.prepared.dataset.manifest(),
            "world_size": t.dist.world_size if t.dist else 1,
            "backend": t.dist.backend if t.dist else None,
            "pid": os.getpid(), "host": platform.node(),
            # the constraints in force as training (re)starts, so every view of the run (live,
            # reopened, followed) starts the mixture where the trainer does: a branch's start is
            # its parent's region at the branch step, not its config's first one
            "curriculum": ({"constraints": t.curriculum.constraints.to_dict(), "in_warmup": bool(t.curriculum.in_warmup)}
                           if t.curriculum is not None else {"constraints": None, "in_warmup": False}),
        })
        state.log_applied_changes(t.state)  # settings a resume applied: config_changed
        t.log_bandit(t.step)  # the bandit's table fills at once, also after a resume

    def _pause(self) -> bool:
        """Paused: checkpoint, then serve probes, checkpoints and commands until resumed.
        Returns False if stopped meanwhile."""
        t, control = self.t, self.control
        t.log.flush()
        t.log.event(t.step, EventKind.PAUSE)
        t.log.state(RunState.PAUSED)
        state.checkpoint_quietly(t.state, "pause")
        while True:
            control.wait_while_paused()
            if not self._take_requests():
                break
        if control.stop_reason is not None:
            return False
        t.log.event(t.step, EventKind.RESUME)
        t.log.state(RunState.RUNNING)
        return True

    def _take_requests(self) -> bool:
        """Commands from other processes, then a probe and a checkpoint if asked; True if any."""
        t, control = self.t, self.control
        took_command = self.channel.take(t.step, self._parse_pivot)
        text = control.take_probe_request()
        if text is not None:
            self._probe(text)
        took_checkpoint = control.take_checkpoint_request()
        if took_checkpoint:
            state.checkpoint_quietly(t.state, "user", marked=True)
        return took_command or text is not None or took_checkpoint

    def _probe(self, text: str) -> None:
        """A requested probe, with ``text`` as the new probe text ("" keeps it). A text the probe
        cannot take, or a probe that fails, is refused (an ``anomaly`` event of kind ``command``)
        and the probe text stays as it was: a command never ends training."""
        t = self.t
        before = t.config
        try:
            if text.strip():
                check_command_text(text, "the probe text")
                t.config = t.config.replace(probe=dataclasses.replace(t.config.probe, text=text))
            t.probe()
        except Exception as exc:  # noqa: BLE001 -- any failure of one probe is refused, training goes on
            t.config = before
            log.warning("probe refused: %s", exc)
            t.log.event(t.step, EventKind.ANOMALY, {"kind": AnomalyKind.COMMAND.value,
                                                    "message": f"probe refused: {shown_path(str(exc), 300)}"})

    def _parse_pivot(self, payload: dict) -> Pivot:
        """A ``pivot`` command's payload, checked against the live curriculum (this thread)."""
        cur = self.t.curriculum
        return Pivot.from_dict(self.t.source_names, payload, cur.params if cur is not None else None)

    def _apply_pivots(self) -> None:
        t = self.t
        for pivot in self.control.take_pivots(t.step):
            if t.curriculum is None:
                continue
            try:
                t.curriculum.request_pivot(pivot)
            except ConstraintError as exc:  # refused, training goes on as it was
                t.log.event(t.step, EventKind.ANOMALY,
                            {"kind": AnomalyKind.PIVOT.value, "message": f"pivot refused: {exc}"})
            except Exception as exc:  # noqa: BLE001 -- a pivot the checks did not foresee: refused, never fatal
                log.warning("pivot refused: %s", exc)
                t.log.event(t.step, EventKind.ANOMALY, {
                    "kind": AnomalyKind.PIVOT.value,
                    "message": f"pivot refused: {shown_path(f'{type(exc).__name__}: {exc}', 300)}"})

    def _begin_step(self, step: int) -> None:
        """Take the curriculum's weights for ``step``, log the events they start (and the bandit
        at a phase or pivot) and the mixture, and send it (and a go) to the other ranks."""
        t = self.t
        if t.curriculum is not None:
            t.weights, events = t.curriculum.weights_for(step)
            for kind, payload in events:
                t.log.event(step, kind, payload)
            if any(kind in (EventKind.PHASE, EventKind.PIVOT) for kind, _ in events):
                t.log_bandit(step)
        t.log_mixture(step)
        if t.ranks is not None:
            t.ranks.announce(t.weights)

    def _after_step(self, rec: StepRecord) -> None:
        """Log a good step and do what falls due at it: anomalies, evaluation, probe, sample,
        checkpoint."""
        t, cfg = self.t, self.t.config
        if t.curriculum is not None:
            t.curriculum.observe(rec.step, rec.source_loss)
        t.log_step(rec)
        for payload in t.loss_watch.observe(rec.step, rec.source_loss, rec.source_rows):
            t.log.event(t.step, EventKind.ANOMALY, payload)
            if cfg.anomaly.pause and payload["episode"]["phase"] == EpisodePhase.START:  # once per episode
                self.control.pause()
        if rec.step == cfg.schedule.warmup_steps:
            t.log.event(t.step, EventKind.LR_WARMUP_END, {"lr": rec.lr})
        if rec.step % cfg.train.eval_interval == 0:
            t.log_validation()
            self.last_eval = rec.step
        if cfg.probe.enabled and rec.step % cfg.probe.interval == 0:
            t.probe()
        if cfg.probe.enabled and rec.step % cfg.probe.sample_interval == 0:
            t.sample()
        if rec.step % cfg.checkpoint.interval == 0:
            state.checkpoint_quietly(t.state, "interval")
        if t.threads is not None:
            choice = t.threads.observe(rec.tokens_per_s)
            if choice is not None:
                self._threads_chosen(choice)

    def _threads_chosen(self, choice: ThreadChoice) -> None:
        """Record an automatic thread count (a ``threads`` event with the trial's rates)."""
        t = self.t
        t.log.event(t.step, EventKind.THREADS, choice.payload())
        log.info("torch threads: %d (%s; tokens/s per count tried: %s)", choice.threads, choice.reason,
                 {k: round(v) for k, v in choice.rates.items()})
