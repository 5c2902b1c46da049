"""A trainer's state as data: :class:`TrainerState`, what checkpointing (:mod:`~.state`), the
device moves of a checkpoint (:mod:`~.portable`) and a branch's start (:mod:`~.branch`) read and
change, so that none of them needs the :class:`~andrea_desktop.core.training.trainer.Trainer`
itself (and ``trainer`` imports them, never the other way round).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import torch

from ..anomaly import LossWatch
from ..config import Config
from ..mixture.curriculum import Curriculum
from ..rundir.checkpoint import CheckpointInfo

if TYPE_CHECKING:
    from ..rundir.store import RunStore
    from .distributed import NullStore
    from .events import RunLog
    from .prepare import PreparedRun
    from .probing import Prober
    from .step import StepRunner

__all__ = ["TrainerState", "STATE_FIELDS"]


@dataclass(eq=False)
class TrainerState:
    """Everything of a training run that a checkpoint captures or a resume restores, and the
    parts it is read from and written to.

    Attributes
    ----------
    prepared
        The run (its folder, the config it was opened with, tokenizer, data).
    config
        The config in force (a resume may bring back the checkpoint's probe text).
    device
        The training device.
    is_main
        Rank 0, or the only process (it owns the run folder's files).
    source_names
        The data sources, in the mixture's order.
    tokenizer_sha256
        SHA-256 of the run's ``tokenizer.json`` (hex), stored in every checkpoint.
    steps
        The :class:`~andrea_desktop.core.training.step.StepRunner`: model, optimiser and the
        learning rate's anchor (``lr_anchor``).
    prober
        The :class:`~andrea_desktop.core.training.probing.Prober` (its probe and sample generators).
    store, log
        The run store (``metrics.sqlite``; a null store off rank 0) and the sink that writes it.
    curriculum
        The bandit curriculum (None: a uniform mixture).
    loss_watch
        Spike and cliff detection per source.
    step
        The last completed optimiser update (0 before the first).
    rows_sampled
        (n_sources,) int64 rows trained per source so far.
    weights
        (n_sources,) float64 mixture of the step being trained.
    logged_weights
        The mixture last logged as ``mix/weight/*`` (None: none yet).
    counts_logged_at
        The step whose row counts were logged last (None: none yet).
    last_checkpoint
        The newest checkpoint written or restored.
    bad_state
        A non-finite loss or gradient since the last good step (no checkpoint is written).
    checkpoint_failed
        The latest checkpoint attempt failed.
    history_ready
        The store holds this trainer's past only (a restore or ``begin_history`` made it so).
    resume_messages
        What a resume skipped and where it resumed from (empty when the newest checkpoint was good).
    device_notes
        What a resume on another kind of device than the checkpoint's could not carry over.
    applied_changes
        Settings a resume applied (:class:`~andrea_desktop.core.config.diff.Change`), logged as
        one ``config_changed`` event when training starts.
    """

    prepared: PreparedRun
    config: Config
    device: torch.device
    is_main: bool
    source_names: tuple[str, ...]
    tokenizer_sha256: str
    steps: StepRunner
    prober: Prober
    store: RunStore | NullStore
    log: RunLog
    curriculum: Curriculum | None
    loss_watch: LossWatch
    step: int = 0
    rows_sampled: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    weights: np.ndarray = field(default_factory=lambda: np.zeros(0))
    logged_weights: np.ndarray | None = None
    counts_logged_at: int | None = None
    last_checkpoint: CheckpointInfo | None = None
    bad_state: bool = False
    checkpoint_failed: bool = False
    history_ready: bool = False
    resume_messages: list[str] = field(default_factory=list)
    device_notes: list[str] = field(default_factory=list)
    applied_changes: tuple = ()

    @property
    def model(self) -> torch.nn.Module:
        """The :class:`~andrea_desktop.core.model.GPT` being trained."""
        return self.steps.model

    @property
    def optimizer(self) -> torch.optim.Optimizer:
        """The AdamW optimiser of :attr:`steps`."""
        return self.steps.optimizer


STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in TrainerState.__dataclass_fields__.values())
"""The names of :class:`TrainerState`'s fields (the ``Trainer`` shows each as its own attribute)."""
