"""The one trainer, driven by the GUI's worker thread and by the headless ``andrea-train``.

:class:`Trainer` composes the jobs of a training run, each in its own module:
:mod:`~.placement` (device, threads, memory), :mod:`~.step` (batch, update, evaluation),
:mod:`~.state` (checkpoints and resume), :mod:`~.probing` (probes and samples),
:mod:`~.commands` (pause, stop, pivots, the cross-process channel) and :mod:`~.events` (the sink
that writes the run store and calls the observer). :meth:`Trainer.run` is the loop that decides
what happens at each step boundary. :mod:`~.session` opens, resumes and closes a trainer.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import platform
import time

import numpy as np
import torch
from filelock import FileLock, Timeout

from ..anomaly import LossWatch
from ..data import check_vocab
from ..metrics import (
    MIX_COUNT_PREFIX,
    MIX_PULLS_PREFIX,
    MIX_REWARD_PREFIX,
    MIX_UCB_PREFIX,
    MIX_WEIGHT_PREFIX,
    PERF_MFU,
    TRAIN_GRAD_NORM,
    TRAIN_LOSS,
    TRAIN_LR,
    TRAIN_TOKENS_PER_S,
    VAL_LOSS,
    AnomalyKind,
    EventKind,
    source_loss,
    val_loss,
)
from ..mixture.curriculum import Curriculum, Pivot
from ..mixture.simplex import ConstraintError
from ..rundir.checkpoint import CheckpointInfo, list_checkpoints
from ..rundir.layout import LOCK, METRICS_DB
from ..rundir.store import RunStore, StoreError
from . import state
from .commands import CommandChannel, RunState, StopReason, TrainingControl
from .distributed import Dist, NullStore
from .errors import RunError
from .events import Observer, RunLog, StepRecord
from .placement import check_batch_split, check_memory, peak_flops, resolve_device, set_threads
from .prepare import PreparedRun, check_trainable
from .probing import Prober
from .step import StepRunner

__all__ = ["Trainer"]

log = logging.getLogger(__name__)


class Trainer:
    """Trains a :class:`PreparedRun`'s model, logging to its ``metrics.sqlite``.

    Parameters
    ----------
    prepared
        The run (config, tokenizer, data).
    device
        Torch device; default from ``config.run.device`` (cuda > mps > cpu), or the rank's
        device under ``torchrun``.
    dist
        This process's place under ``torchrun`` (None: one process).

    Raises
    ------
    DataError
        The model's vocabulary does not match the tokenizer.
    RunError
        The model does not fit the device's memory, the batch does not split across the ranks,
        the run folder cannot be written, or another process trains this run.
    StoreError
        ``metrics.sqlite`` is not a usable database.

    Attributes
    ----------
    step
        The last completed optimiser update (0 before the first).
    weights
        (n_sources,) mixture of the step being trained.
    rows_sampled
        (n_sources,) int64 rows trained per source so far.
    """

    def __init__(self, prepared: PreparedRun, device: torch.device | None = None, dist: Dist | None = None) -> None:
        cfg = prepared.config
        check_vocab(prepared.tokenizer, cfg.model.vocab_size)
        self.prepared = prepared
        self.config = cfg
        self.dist = dist
        self.is_main = dist is None or dist.is_main
        self.device = device or (dist.device() if dist is not None else resolve_device(cfg.run.device))
        check_batch_split(cfg, dist.world_size if dist is not None else 1)
        check_memory(cfg, self.device)
        # one trainer per run directory: a second one would interleave two histories (under
        # torchrun, rank 0 holds the lock for all ranks)
        self._lock = FileLock(str(prepared.run_dir / LOCK)) if self.is_main else None
        if self._lock is not None:
            try:
                self._lock.acquire(timeout=0)
            except Timeout:
                raise RunError(
                    f"another process is training {prepared.run_dir}; stop it first, or follow the run"
                ) from None
        try:
            if self.is_main:
                check_trainable(prepared.run_dir)
            self._build(prepared)
        except BaseException:
            if self._lock is not None:
                self._lock.release()
            raise
        self._control: TrainingControl | None = None
        self._restarted = False
        self._followers_released = False
        self._closed = False

    def _build(self, prepared: PreparedRun) -> None:
        """Model, optimiser, curriculum, prober and store (the run directory is locked)."""
        cfg = self.config
        set_threads(cfg, self.dist.world_size if self.dist is not None else None)
        self.source_names = prepared.dataset.names
        self.steps = StepRunner(cfg, prepared.dataset, self.device, self.dist)
        n = len(self.source_names)
        self.step = 0
        self.rows_sampled = np.zeros(n, dtype=np.int64)
        self.logged_weights: np.ndarray | None = None  # the mixture last logged as mix/weight/*
        self.curriculum = Curriculum(self.source_names, cfg.curriculum, cfg.run.seed) if cfg.curriculum.enabled else None
        self.weights = np.full(n, 1.0 / n)
        self._peak_flops = peak_flops(self.device)
        self.loss_watch = LossWatch(cfg.anomaly)
        self.last_checkpoint: CheckpointInfo | None = None
        self.bad_state = False  # a non-finite loss or gradient since the last good step
        self.checkpoint_failed = False
        self.resume_messages: list[str] = []
        self.store = RunStore(prepared.run_dir / METRICS_DB) if self.is_main else NullStore()
        self.log = RunLog(self.store)
        self.prober = Prober(prepared.run_dir, self.model, prepared.tokenizer, cfg.run.seed, self.device, self.log)
        self._last_eval = 0

    # -------------------------------------------------------------- the parts
    @property
    def model(self):
        """The :class:`~andrea_desktop.core.model.GPT` being trained."""
        return self.steps.model

    @property
    def optimizer(self) -> torch.optim.AdamW:
        return self.steps.optimizer

    @property
    def tokens_per_step(self) -> int:
        """Training tokens per optimiser step (batch_size x block_size)."""
        return self.steps.tokens_per_step

    def mixture_weights(self) -> np.ndarray:
        """(n_sources,) float64 mixture of the step being trained: the curriculum's, or uniform."""
        return self.weights

    def local_rows(self) -> np.ndarray:
        """Global row indices this process trains (:meth:`StepRunner.local_rows`)."""
        return self.steps.local_rows()

    def batch(self, step: int) -> tuple[torch.Tensor, torch.Tensor, np.ndarray]:
        """``step``'s batch from the current mixture (:meth:`StepRunner.batch`)."""
        return self.steps.batch(step, self.mixture_weights())

    def train_step(self) -> StepRecord | dict:
        """One optimiser update (step ``self.step + 1``).

        Returns
        -------
        A :class:`StepRecord`, or an anomaly payload (dict) when the loss or the gradient
        norm is not finite; then no update is made and ``self.step`` does not advance.
        """
        t0 = time.perf_counter()
        step = self.step + 1
        x, y, sources = self.batch(step)
        rec = self.steps.update(step, x, y, sources, t0)
        if isinstance(rec, StepRecord):
            self.step = step
            self.rows_sampled += np.array([rec.source_rows.get(s, 0) for s in self.source_names], dtype=np.int64)
        return rec

    def evaluate(self) -> dict[str, float] | None:
        """Validation loss per source (:meth:`StepRunner.evaluate`); None if a stop came meanwhile."""
        control = self._control
        return self.steps.evaluate(lambda: control is not None and control.stop_reason is not None)

    def probe(self) -> dict:
        """Capture a probe now (:meth:`Prober.probe`)."""
        return self.prober.probe(self.step, self.config)

    def sample(self) -> str:
        """Generate and log a sample now (:meth:`Prober.sample`)."""
        return self.prober.sample(self.step, self.config)

    def vocab(self) -> tuple[str, ...]:
        """Every token id's text, (vocab_size,)."""
        return self.prober.vocab(self.config.model.vocab_size)

    def checkpoint_state(self) -> tuple[dict, dict]:
        """What a checkpoint holds besides the weights (:func:`state.capture_state`)."""
        return state.capture_state(self)

    def save_checkpoint(self, reason: str, marked: bool = False) -> CheckpointInfo | None:
        """Write a checkpoint of the current step (:func:`state.save_checkpoint`)."""
        return state.save_checkpoint(self, reason, marked)

    def restore(self, info: CheckpointInfo) -> None:
        """Continue from checkpoint ``info`` (:func:`state.restore`)."""
        state.restore(self, info)
        self._restarted = True

    def resume(self) -> CheckpointInfo | None:
        """Restore the newest valid checkpoint; None if the run has none (:func:`state.resume`)."""
        info = state.resume(self)
        self._restarted = self._restarted or info is not None
        return info

    # -------------------------------------------------------------- the loop
    def run(self, max_steps: int | None = None, control: TrainingControl | None = None,
            observer: Observer | None = None, on_anomaly: str = "pause") -> StopReason:
        """Train until ``max_steps``, the end of the schedule, a stop command or an anomaly.

        Parameters
        ----------
        max_steps
            Global step to stop at (None or above ``schedule.total_steps``: the schedule's end).
        control
            Pause / resume / stop / pivot commands, taken at step boundaries.
        observer
            Receives every step and every row written to the store (on this thread).
        on_anomaly
            ``"pause"`` (GUI: wait for the user) or ``"stop"`` (headless: nobody to resume).

        Returns
        -------
        The stop reason.
        """
        control = self._control = control or TrainingControl()
        self.log.observer = observer
        self._begin_history()
        total = self.config.schedule.total_steps
        limit = total if max_steps is None else min(max_steps, total)
        if not self.is_main:
            return self._run_follower()
        self._log_start(limit)
        channel = CommandChannel(self.prepared.run_dir, control, self.log, self.step)
        try:
            reason = self._loop(limit, control, channel, on_anomaly)
        except BaseException as exc:
            self._finish(StopReason.ERROR, channel, error=exc)
            raise
        self._finish(reason, channel)
        return reason

    def _loop(self, limit: int, control: TrainingControl, channel: CommandChannel, on_anomaly: str) -> StopReason:
        """Step boundaries until a reason to stop: commands, pauses, the limit, then one step."""
        self.log.state(RunState.RUNNING)
        self._last_eval = self.step
        if self.step == 0:
            self._evaluate()
        while True:
            if control.stop_reason is not None:
                return control.stop_reason
            self._take_requests(control, channel)
            control.due_pause(self.step)
            if control.pause_requested and not self._pause(control, channel):
                return control.stop_reason
            if self.step >= limit:
                if self._last_eval != self.step:
                    self._evaluate()
                return StopReason.FINISHED if self.step >= self.config.schedule.total_steps else StopReason.MAX_STEPS
            self._apply_pivots(control)
            self._begin_step(self.step + 1)
            rec = self.train_step()
            if isinstance(rec, dict):  # not finite: no update was made
                self.bad_state = True
                self.log.event(self.step, EventKind.ANOMALY, rec)
                if on_anomaly == "stop":
                    return StopReason.ANOMALY
                control.pause()
                continue
            self.bad_state = False
            self._after_step(rec, control)

    def _finish(self, reason: StopReason, channel: CommandChannel, error: BaseException | None = None) -> None:
        """The end of every run, stopped or failed: release the channel and the other ranks;
        unless it failed, log the counts and checkpoint (not from an anomaly); the ``stop`` event."""
        channel.close()
        self._release_followers()
        payload: dict = {"reason": str(reason)}
        if error is None:
            self._log_counts()
            if reason != StopReason.ANOMALY:
                self._checkpoint_quietly("end" if reason == StopReason.FINISHED else "stop")
        else:
            payload["error"] = repr(error)
        self.log.event(self.step, EventKind.STOP, payload)
        self.log.flush()
        self.log.state(RunState.STOPPED)

    def _begin_history(self) -> None:
        """Refuse to replace a history that has checkpoints; a run that starts at step 0
        replaces any history it has (DESIGN §4: rows after the restored step are deleted)."""
        if self._restarted:
            return
        if list_checkpoints(self.prepared.run_dir):
            raise RunError(f"{self.prepared.run_dir} has checkpoints: call resume() first, so that "
                           "its history is not replaced")
        self.store.delete_after(-1)
        self._restarted = True

    def _log_start(self, limit: int) -> None:
        cfg = self.config
        self.log.event(self.step, EventKind.START, {
            "device": str(self.device), "torch_threads": torch.get_num_threads(),
            "preset": cfg.run.preset, "params": self.model.num_params(), "max_steps": limit,
            "sources": self.source_names, "data": self.prepared.dataset.manifest(),
            "world_size": self.dist.world_size if self.dist else 1,
            "backend": self.dist.backend if self.dist else None,
            "pid": os.getpid(), "host": platform.node(),
        })
        if self.curriculum is not None:  # the bandit's table fills at once, also after a resume
            self._log_bandit(self.step)

    def _pause(self, control: TrainingControl, channel: CommandChannel) -> bool:
        """Paused: checkpoint, then serve probes, checkpoints and commands until resumed.
        Returns False if stopped meanwhile."""
        self.log.flush()
        self.log.event(self.step, EventKind.PAUSE)
        self.log.state(RunState.PAUSED)
        self._checkpoint_quietly("pause")
        while True:
            control.wait_while_paused()
            if not self._take_requests(control, channel):
                break
        if control.stop_reason is not None:
            return False
        self.log.event(self.step, EventKind.RESUME)
        self.log.state(RunState.RUNNING)
        return True

    def _take_requests(self, control: TrainingControl, channel: CommandChannel) -> bool:
        """Commands from other processes, then a probe and a checkpoint if asked; True if any."""
        took_command = channel.take(self.step, self._parse_pivot)
        took_probe = self._take_probe_request(control)
        took_checkpoint = self._take_checkpoint_request(control)
        return took_command or took_probe or took_checkpoint

    def _parse_pivot(self, payload: dict) -> Pivot:
        """A ``pivot`` command's payload, checked against the live curriculum (this thread)."""
        return Pivot.from_dict(self.source_names, payload,
                               self.curriculum.params if self.curriculum is not None else None)

    def _apply_pivots(self, control: TrainingControl) -> None:
        for pivot in control.take_pivots(self.step):
            if self.curriculum is None:
                continue
            try:
                self.curriculum.request_pivot(pivot)
            except ConstraintError as exc:  # refused, training goes on as it was
                self.log.event(self.step, EventKind.ANOMALY,
                               {"kind": AnomalyKind.PIVOT.value, "message": f"pivot refused: {exc}"})

    def _begin_step(self, step: int) -> None:
        """Take the curriculum's weights for ``step``, log the events they start and the
        mixture, and send it (and a go) to the other ranks."""
        if self.curriculum is not None:
            self.weights, events = self.curriculum.weights_for(step)
            for kind, payload in events:
                self.log.event(step, kind, payload)
            if any(kind in (EventKind.PHASE, EventKind.PIVOT) for kind, _ in events):
                self._log_bandit(step)
        self._log_mixture(step)
        if self.dist is not None:
            self.dist.broadcast_floats(np.concatenate([[1.0], self.weights]), 1 + len(self.weights))

    def _after_step(self, rec: StepRecord, control: TrainingControl) -> None:
        """Log a good step and do what falls due at it: anomalies, evaluation, probe, sample,
        checkpoint."""
        cfg = self.config
        if self.curriculum is not None:
            self.curriculum.observe(rec.step, rec.source_loss)
        self._log_step(rec)
        self.log.step(rec)
        for payload in self.loss_watch.observe(rec.step, rec.source_loss, rec.source_rows):
            self.log.event(self.step, EventKind.ANOMALY, payload)
            if cfg.anomaly.pause:
                control.pause()
        if rec.step == cfg.schedule.warmup_steps:
            self.log.event(self.step, EventKind.LR_WARMUP_END, {"lr": rec.lr})
        if rec.step % cfg.train.eval_interval == 0:
            self._evaluate()
            self._last_eval = rec.step
        if cfg.probe.enabled and rec.step % cfg.probe.interval == 0:
            self.probe()
        if cfg.probe.enabled and rec.step % cfg.probe.sample_interval == 0:
            self.sample()
        if rec.step % cfg.checkpoint.interval == 0:
            self._checkpoint_quietly("interval")

    # -------------------------------------------------------------- what is logged
    def _evaluate(self) -> None:
        losses = self.evaluate()
        if losses is None:
            return
        vals = {val_loss(k): v for k, v in losses.items()}
        vals[VAL_LOSS] = float(np.mean(list(losses.values())))
        self.log.scalars(self.step, vals)

    def _log_step(self, rec: StepRecord) -> None:
        vals = {TRAIN_LOSS: rec.loss, TRAIN_LR: rec.lr, TRAIN_GRAD_NORM: rec.grad_norm,
                TRAIN_TOKENS_PER_S: rec.tokens_per_s}
        vals.update({source_loss(k): v for k, v in rec.source_loss.items()})
        if self._peak_flops:
            vals[PERF_MFU] = rec.tokens_per_s * self.model.flops_per_token() / self._peak_flops
        self.log.scalars(rec.step, vals, rec.wall_time)
        if rec.step % 10 == 0:
            self._log_counts()

    def _log_mixture(self, step: int) -> None:
        w = self.mixture_weights()
        if self.logged_weights is None or not np.array_equal(w, self.logged_weights):
            self.log.scalars(step, {MIX_WEIGHT_PREFIX + n: float(v) for n, v in zip(self.source_names, w, strict=False)})
            self.logged_weights = w

    def _log_bandit(self, step: int) -> None:
        """The bandit's UCB scores, pulls and mean rewards per source (``mix/ucb|pulls|reward/*``)."""
        cur = self.curriculum
        vals = {}
        for prefix, values in ((MIX_UCB_PREFIX, cur.ucb()), (MIX_PULLS_PREFIX, cur.pulls),
                               (MIX_REWARD_PREFIX, cur.reward_mean)):
            vals.update({prefix + n: float(v) for n, v in zip(self.source_names, values, strict=True)})
        self.log.scalars(step, vals)

    def _log_counts(self) -> None:
        self.log.scalars(self.step, {MIX_COUNT_PREFIX + n: float(c)
                                     for n, c in zip(self.source_names, self.rows_sampled, strict=False)})

    # -------------------------------------------------------------- requests
    def _checkpoint_quietly(self, reason: str, marked: bool = False) -> None:
        """A checkpoint whose failure (disk full, permissions...) is an event, not the end of
        training; :attr:`checkpoint_failed` says whether the latest attempt failed."""
        try:
            self.save_checkpoint(reason, marked=marked)
        except (OSError, StoreError, RuntimeError) as exc:
            self.checkpoint_failed = True
            log.error("checkpoint failed: %s", exc)
            self.log.event(self.step, EventKind.ANOMALY,
                           {"kind": AnomalyKind.CHECKPOINT.value, "message": f"checkpoint failed: {exc}"})
        else:
            self.checkpoint_failed = False

    def _take_checkpoint_request(self, control: TrainingControl) -> bool:
        if not control.take_checkpoint_request():
            return False
        self._checkpoint_quietly("user", marked=True)
        return True

    def _take_probe_request(self, control: TrainingControl) -> bool:
        text = control.take_probe_request()
        if text is None:
            return False
        if text.strip():
            self.config = self.config.replace(probe=dataclasses.replace(self.config.probe, text=text))
        self.probe()
        return True

    # -------------------------------------------------------------- torchrun
    def _release_followers(self) -> None:
        """Rank 0: tell the other ranks that training has ended (a broadcast of "stop")."""
        if self.dist is not None and not self._followers_released:
            self._followers_released = True
            try:
                self.dist.broadcast_floats(np.zeros(1 + len(self.source_names)), 1 + len(self.source_names))
            except RuntimeError as exc:  # a rank already gone: torchrun ends the others
                log.error("could not release the other ranks: %s", exc)

    def _run_follower(self) -> StopReason:
        """Ranks other than 0: train the steps rank 0 announces, with its mixture, until it
        says stop. Pauses, pivots, probes and checkpoints happen on rank 0 meanwhile."""
        n = len(self.source_names)
        while True:
            msg = self.dist.broadcast_floats(None, 1 + n)
            if msg[0] == 0.0:
                return StopReason.USER
            self.weights = msg[1:].copy()
            self.bad_state = isinstance(self.train_step(), dict)

    def close(self) -> None:
        """Commit and close the run store; release the run directory (idempotent).

        Raises
        ------
        StoreError
            The store's last commit failed.
        """
        if self._closed:
            return
        self._closed = True
        try:
            self.store.close()
        finally:
            if self._lock is not None:
                self._lock.release()
