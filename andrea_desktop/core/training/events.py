"""What training produces and who hears of it: :class:`StepRecord`, the :class:`Observer`
protocol, and :class:`RunLog`, the one sink that writes a row to the run store and hands the
same row to the observer.

Because every row goes through :class:`RunLog`, the live view (built from the observer's
callbacks with :class:`~andrea_desktop.core.viewmodels.snapshot.SnapshotBuilder`) sees exactly
the rows a reopened or followed run reads back from ``metrics.sqlite``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

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
    source_loss,
    val_loss,
)

__all__ = ["StepRecord", "Observer", "NullObserver", "RunLog"]


@dataclass(frozen=True)
class StepRecord:
    """What one optimiser step produced (plain Python numbers, copied off the device).

    Attributes
    ----------
    step
        Global step (counted from 1).
    loss
        Mean training loss of the batch, nats/token.
    lr
        Learning rate used by this update.
    grad_norm
        Global gradient L2 norm before clipping.
    tokens_per_s
        Training tokens processed per second of this step's wall time.
    source_loss
        Mean loss of the rows of each source that had rows in this batch.
    wall_time
        Unix time at the end of the step, s.
    source_rows
        Rows of each source in this batch (those in ``source_loss``).
    """

    step: int
    loss: float
    lr: float
    grad_norm: float
    tokens_per_s: float
    source_loss: dict[str, float]
    wall_time: float
    source_rows: dict[str, int] = dataclasses.field(default_factory=dict)


class Observer(Protocol):
    """Callbacks from the training thread; implementations must return quickly.

    ``on_scalars``, ``on_event`` and ``on_sample`` receive exactly the rows written to the run's
    ``metrics.sqlite`` (``wall_time`` in Unix seconds); ``on_step`` the step's record (also
    logged as ``train/*`` scalars); ``on_probe`` a probe's arrays
    (:meth:`~andrea_desktop.core.training.probing.Prober.probe`); ``on_state`` ``running``,
    ``paused`` or ``stopped`` (:class:`~andrea_desktop.core.lifecycle.RunState`).
    Subclass :class:`NullObserver` to implement only some of them.
    """

    def on_step(self, rec: StepRecord) -> None: ...
    def on_scalars(self, step: int, values: dict[str, float], wall_time: float) -> None: ...
    def on_event(self, step: int, kind: str, payload: dict) -> None: ...
    def on_sample(self, step: int, prompt: str, text: str) -> None: ...
    def on_probe(self, step: int, probe: dict) -> None: ...
    def on_state(self, state: str) -> None: ...


class NullObserver:
    """An observer that ignores everything (a base for observers that want only some calls)."""

    def on_step(self, rec: StepRecord) -> None:
        pass

    def on_scalars(self, step: int, values: dict[str, float], wall_time: float) -> None:
        pass

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        pass

    def on_sample(self, step: int, prompt: str, text: str) -> None:
        pass

    def on_probe(self, step: int, probe: dict) -> None:
        pass

    def on_state(self, state: str) -> None:
        pass


_CALLBACKS = ("on_step", "on_scalars", "on_event", "on_sample", "on_probe", "on_state")
_NULL = NullObserver()


class RunLog:
    """The run store and the observer, written together: every row the store gets, the
    observer gets too, with the same values. The ``*_rows`` methods spell the scalar names
    (:mod:`andrea_desktop.core.metrics`) of what a training run logs.

    Parameters
    ----------
    store
        A :class:`~andrea_desktop.core.rundir.store.RunStore` (rank 0) or a
        :class:`~andrea_desktop.core.training.distributed.NullStore` (other ranks).

    Notes
    -----
    :attr:`observer` may be set at any time (the trainer sets it for each :meth:`run`); a
    callback the observer does not define is skipped.
    """

    def __init__(self, store) -> None:
        self.store = store
        self.observer = None

    @property
    def observer(self):
        return self._observer

    @observer.setter
    def observer(self, observer) -> None:
        self._observer = observer if observer is not None else _NULL
        for name in _CALLBACKS:  # resolved once: a partial observer skips what it lacks
            setattr(self, "_" + name, getattr(observer, name, None) or getattr(_NULL, name))

    def scalars(self, step: int, values: dict[str, float], wall_time: float | None = None) -> None:
        """Scalar rows ``name: value`` at ``step`` (names from :mod:`andrea_desktop.core.metrics`)."""
        t = time.time() if wall_time is None else wall_time
        self.store.log_scalars(step, values, t)
        self._on_scalars(step, values, t)

    def event(self, step: int, kind: str, payload: dict | None = None) -> None:
        """An event row (``kind`` an :class:`~andrea_desktop.core.metrics.EventKind`, passed on
        as its plain string, as a reader of the store sees it)."""
        kind, payload = str(kind), payload or {}
        self.store.log_event(step, kind, payload)
        self._on_event(step, kind, payload)

    def sample(self, step: int, prompt: str, text: str) -> None:
        """A generated sample row."""
        self.store.log_sample(step, prompt, text)
        self._on_sample(step, prompt, text)

    def step(self, rec: StepRecord) -> None:
        """Tell the observer about a step (its scalars are logged with :meth:`scalars`)."""
        self._on_step(rec)

    def probe(self, step: int, probe: dict) -> None:
        """Tell the observer about a probe (its file is written by the prober)."""
        self._on_probe(step, probe)

    def state(self, state: str) -> None:
        """Tell the observer the loop's state changed (a plain string: ``running``...)."""
        self._on_state(str(state))

    def flush(self) -> None:
        """Commit what the store has queued (:meth:`RunStore.flush`)."""
        self.store.flush()

    # ---------------------------------------------------------------- the rows of a run
    def step_rows(self, rec: StepRecord, mfu: float | None = None) -> None:
        """A step's ``train/*`` and ``train/loss/<source>`` rows, and ``perf/mfu`` (0..1) if known."""
        vals = {TRAIN_LOSS: rec.loss, TRAIN_LR: rec.lr, TRAIN_GRAD_NORM: rec.grad_norm,
                TRAIN_TOKENS_PER_S: rec.tokens_per_s}
        vals.update({source_loss(k): v for k, v in rec.source_loss.items()})
        if mfu is not None:
            vals[PERF_MFU] = mfu
        self.scalars(rec.step, vals, rec.wall_time)

    def validation_rows(self, step: int, losses: dict[str, float]) -> None:
        """``val/loss/<source>`` for each source and their mean as ``val/loss`` (nats/token)."""
        vals = {val_loss(k): v for k, v in losses.items()}
        vals[VAL_LOSS] = float(np.mean(list(losses.values())))
        self.scalars(step, vals)

    def mixture_rows(self, step: int, names: Sequence[str], weights: np.ndarray) -> None:
        """``mix/weight/<source>`` for every source (0 for an inactive one)."""
        self.scalars(step, {MIX_WEIGHT_PREFIX + n: float(v) for n, v in zip(names, weights, strict=False)})

    def bandit_rows(self, step: int, names: Sequence[str], ucb: np.ndarray, pulls: np.ndarray,
                    reward: np.ndarray) -> None:
        """The bandit per source: ``mix/ucb/*`` (±inf: untried / inactive), ``mix/pulls/*``, ``mix/reward/*``."""
        vals = {}
        for prefix, values in ((MIX_UCB_PREFIX, ucb), (MIX_PULLS_PREFIX, pulls), (MIX_REWARD_PREFIX, reward)):
            vals.update({prefix + n: float(v) for n, v in zip(names, values, strict=True)})
        self.scalars(step, vals)

    def count_rows(self, step: int, names: Sequence[str], counts: np.ndarray) -> None:
        """``mix/count/<source>``: rows drawn from each source so far."""
        self.scalars(step, {MIX_COUNT_PREFIX + n: float(c) for n, c in zip(names, counts, strict=False)})
