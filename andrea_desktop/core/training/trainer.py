"""The one trainer, driven by the GUI's worker thread and by the headless ``andrea-train``.

:class:`Trainer` composes the jobs of a training run, each in its own module:
:mod:`~.placement` (device, threads, memory), :mod:`~.step` (batch, update, evaluation),
:mod:`~.state` (checkpoints and resume), :mod:`~.probing` (probes and samples),
:mod:`~.commands` (pause, stop, pivots, the cross-process channel) and :mod:`~.events` (the sink
that writes the run store and calls the observer). :meth:`Trainer.run` hands one run to
:mod:`~.loop`, which decides what happens at each step boundary. :mod:`~.session` opens,
resumes and closes a trainer.
"""

from __future__ import annotations

import time

import numpy as np
import torch

from ..anomaly import LossWatch
from ..data import check_vocab
from ..mixture.curriculum import Curriculum
from ..rundir.checkpoint import CheckpointInfo
from ..rundir.layout import METRICS_DB
from ..rundir.store import RunStore
from . import state as checkpoints
from .commands import StopReason, TrainingControl
from .distributed import Dist, NullStore, StepAnnouncer
from .events import Observer, RunLog, StepRecord
from .loop import TrainingLoop
from .placement import (
    check_batch_split,
    check_memory,
    default_threads,
    peak_flops,
    resolve_device,
    set_threads,
)
from .prepare import PreparedRun, check_trainable, lock_run
from .probing import Prober
from .step import StepRunner
from .threads import ThreadTuner, thread_tuner
from .trainer_state import STATE_FIELDS, TrainerState

__all__ = ["Trainer"]


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
        self.dist = dist
        is_main = dist is None or dist.is_main
        device = device or (dist.device() if dist is not None else resolve_device(cfg.run.device))
        check_batch_split(cfg, dist.world_size if dist is not None else 1)
        check_memory(cfg, device)
        # rank 0 holds the lock for all ranks; a run just created under its lock hands it over
        adopted = is_main and prepared.lock is not None
        self._lock = prepared.lock if adopted else lock_run(prepared.run_dir) if is_main else None
        try:
            if is_main:
                check_trainable(prepared.run_dir)
            self._build(prepared, device, is_main)
        except BaseException:
            if self._lock is not None and not adopted:  # an adopted lock stays the creation's to undo
                self._lock.release()
            raise
        if adopted:
            prepared.lock = None
        self._control: TrainingControl | None = None
        self._closed = False

    def _build(self, prepared: PreparedRun, device: torch.device, is_main: bool) -> None:
        """Model, optimiser, curriculum, prober and store (the run directory is locked)."""
        cfg = prepared.config
        set_threads(cfg, self.dist.world_size if self.dist is not None else None, prepared.gui)
        names = prepared.dataset.names
        steps = StepRunner(cfg, prepared.dataset, device, self.dist, prepared.run_dir)
        # on the CPU every core is a candidate under the window too: which count trains faster
        # beside the window's own work is measured on whole steps (ThreadTuner.by_steps)
        top = default_threads(prepared.gui and device.type != "cpu")
        self.threads: ThreadTuner | None = thread_tuner(cfg, steps.model, device, top, self.dist is not None,
                                                        by_steps=prepared.gui)
        """Chooses torch's thread count when ``run.torch_threads`` is 0 (None: a fixed count)."""
        n = len(names)
        self._peak_flops = peak_flops(device)
        store = RunStore(prepared.run_dir / METRICS_DB) if is_main else NullStore()
        log = RunLog(store)
        self.ranks = StepAnnouncer(self.dist, n) if self.dist is not None else None
        self.state = TrainerState(
            prepared=prepared, config=cfg, device=device, is_main=is_main, source_names=names,
            tokenizer_sha256=checkpoints.tokenizer_sha256(prepared.run_dir), steps=steps,
            prober=Prober(prepared.run_dir, steps.model, prepared.tokenizer, cfg.run.seed, device, log),
            store=store, log=log,
            curriculum=Curriculum(names, cfg.curriculum, cfg.run.seed) if cfg.curriculum.enabled else None,
            loss_watch=LossWatch(cfg.anomaly), rows_sampled=np.zeros(n, dtype=np.int64), weights=np.full(n, 1.0 / n))
        """The run's state as data (:class:`TrainerState`): what checkpoints capture and resumes
        restore; each of its fields is also an attribute of the trainer (``trainer.step`` is
        ``trainer.state.step``)."""

    # -------------------------------------------------------------- the parts
    @property
    def model(self):
        """The :class:`~andrea_desktop.core.model.GPT` being trained."""
        return self.state.model

    @property
    def optimizer(self) -> torch.optim.AdamW:
        return self.state.optimizer

    @property
    def tokens_per_step(self) -> int:
        """Training tokens per optimiser step (batch_size x block_size)."""
        return self.steps.tokens_per_step

    def mixture_weights(self) -> np.ndarray:
        """(n_sources,) float64 mixture of the step being trained: the curriculum's, or uniform."""
        return self.weights

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

    def probe(self) -> dict:
        """Capture a probe now (:meth:`Prober.probe`)."""
        return self.prober.probe(self.step, self.config)

    def sample(self) -> str:
        """Generate and log a sample now (:meth:`Prober.sample`)."""
        return self.prober.sample(self.step, self.config)

    def save_checkpoint(self, reason: str, marked: bool = False) -> CheckpointInfo | None:
        """Write a checkpoint of the current step (:func:`~.state.save_checkpoint`)."""
        return checkpoints.save_checkpoint(self.state, reason, marked)

    def resume(self) -> CheckpointInfo | None:
        """Restore the newest valid checkpoint; None if the run has none (:func:`~.state.resume`)."""
        return checkpoints.resume(self.state)

    # -------------------------------------------------------------- training
    def run(self, max_steps: int | None = None, control: TrainingControl | None = None,
            observer: Observer | None = None, on_anomaly: str = "pause") -> StopReason:
        """Train until ``max_steps``, the end of the schedule, a stop command or an anomaly
        (:class:`~andrea_desktop.core.training.loop.TrainingLoop`).

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

        Raises
        ------
        RunError
            The run has checkpoints and none was restored (call :meth:`resume` first).
        """
        self._control = control or TrainingControl()
        self.log.observer = observer
        return TrainingLoop(self, self._control, on_anomaly).run(max_steps)

    def evaluate(self) -> dict[str, float] | None:
        """Validation loss per source (:meth:`StepRunner.evaluate`); None if a stop came meanwhile."""
        control = self._control
        return self.steps.evaluate(lambda: control is not None and control.stop_reason is not None)

    # -------------------------------------------------------------- what is logged
    def log_validation(self) -> None:
        """Evaluate now and log ``val/loss*`` (nothing when a stop interrupted it)."""
        losses = self.evaluate()
        if losses is not None:
            self.log.validation_rows(self.step, losses)

    def log_step(self, rec: StepRecord) -> None:
        """A step's scalars, and every 10 steps the row counts; the observer's ``on_step``."""
        mfu = rec.tokens_per_s * self.model.flops_per_token() / self._peak_flops if self._peak_flops else None
        self.log.step_rows(rec, mfu)
        if rec.step % 10 == 0:
            self.log_counts()
        self.log.step(rec)

    def log_mixture(self, step: int) -> None:
        """The mixture of ``step`` when it differs from the last one logged."""
        w = self.mixture_weights()
        if self.logged_weights is None or not np.array_equal(w, self.logged_weights):
            self.log.mixture_rows(step, self.source_names, w)
            self.logged_weights = w

    def log_bandit(self, step: int) -> None:
        """The bandit's UCB scores, pulls and mean rewards (with a curriculum)."""
        cur = self.curriculum
        if cur is not None:
            self.log.bandit_rows(step, self.source_names, cur.ucb(), cur.pulls, cur.reward_mean)

    def log_counts(self) -> None:
        """Rows drawn per source so far (once per step: the end of a run at a step divisible by
        10 has logged them already)."""
        if self.counts_logged_at == self.step:
            return
        self.counts_logged_at = self.step
        self.log.count_rows(self.step, self.source_names, self.rows_sampled)

    def follow(self) -> None:
        """Ranks other than 0: train each step rank 0 announces, with its mixture, until it
        says stop (pauses, pivots, probes and checkpoints happen on rank 0)."""

        def step(weights: np.ndarray) -> None:
            self.weights = weights
            self.bad_state = isinstance(self.train_step(), dict)

        self.ranks.follow(step)

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


def _state_field(name: str) -> property:
    """The trainer's attribute ``name``: its :class:`TrainerState`'s field of that name."""

    def get(self: Trainer):
        return getattr(self.state, name)

    def set_(self: Trainer, value) -> None:
        setattr(self.state, name, value)

    return property(get, set_, doc=f"``state.{name}`` (:class:`TrainerState`).")


for _name in STATE_FIELDS:
    setattr(Trainer, _name, _state_field(_name))
