"""The automatic ``terrain.interval``: a training observer that, every ``terrain.interval``
steps, hands a copy of the weights to :class:`~.jobs.TerrainJobs`.

Used by both trainers of a run, the GUI's training thread and ``andrea-train``::

    auto = AutoTerrain.for_trainer(trainer)          # None when terrain is off for this run
    observer = with_terrain(observer, auto)          # the observer itself when auto is None
    try:
        trainer.run(limit, control, observer)
    finally:
        if auto is not None:
            auto.close()

Costs nothing while terrain is off (no wrapper, no check per step). When it is on, a step
that is not a terrain step costs one modulo; the worker (a ``spawn`` child process by default)
starts at the first terrain step, so a run that stops before it never starts one.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from ..rundir.terrain import TerrainResult
from .computer import terrain_enabled
from .jobs import TerrainJobs

__all__ = ["AutoTerrain", "with_terrain"]

log = logging.getLogger(__name__)

_FORWARDED = ("on_scalars", "on_event", "on_sample", "on_probe", "on_state")


class AutoTerrain:
    """Terrain jobs every ``terrain.interval`` steps of a trainer.

    Parameters
    ----------
    trainer
        A :class:`~andrea_desktop.core.training.Trainer` (its ``prepared`` run, ``model`` and
        ``device``).
    on_result
        Called with each :class:`TerrainResult` on the jobs' waiting thread (must be quick:
        a GUI emits a signal).
    on_error
        Called with ``(step, message)`` when a job fails.
    worker
        ``"thread"`` or ``"process"`` (default: ``terrain.worker`` of the run's config).

    Notes
    -----
    :meth:`on_step` runs on the training thread between optimiser steps (an observer's
    ``on_step``), so the weights it copies are the step's.
    """

    def __init__(self, trainer, on_result: Callable[[TerrainResult], None] | None = None,
                 on_error: Callable[[int, str], None] | None = None, worker: str | None = None) -> None:
        self.trainer = trainer
        cfg = trainer.prepared.config
        self.interval = cfg.terrain.interval if terrain_enabled(cfg, trainer.device) else 0
        self.jobs: TerrainJobs | None = None
        self.submitted: list[int] = []
        self._on_result, self._on_error, self._worker = on_result, on_error, worker
        self._lock = threading.Lock()
        self._closed = False

    @classmethod
    def for_trainer(cls, trainer, **kwargs) -> AutoTerrain | None:
        """Automatic jobs for ``trainer``, or None when its run computes none
        (``terrain.interval`` 0, or the CPU with ``terrain.on_cpu`` false)."""
        cfg = trainer.prepared.config
        return cls(trainer, **kwargs) if terrain_enabled(cfg, trainer.device) else None

    def on_step(self, step: int) -> None:
        """On a terrain step, copy the weights and submit them (the worker starts at the first)."""
        if self.interval <= 0 or step <= 0 or step % self.interval:
            return
        jobs = self._jobs()
        if jobs is not None and jobs.maybe_submit(step, self.trainer.model):
            self.submitted.append(step)

    def _jobs(self) -> TerrainJobs | None:
        with self._lock:
            if self.jobs is None and not self._closed:
                self.jobs = TerrainJobs.for_run(self.trainer.prepared, device=self.trainer.device,
                                                worker=self._worker, on_result=self._on_result,
                                                on_error=self._on_error)
            return self.jobs

    def finish(self, stop: Callable[[], bool] | None = None, timeout: float | None = None) -> bool:
        """Wait for the running and waiting jobs (a headless run that reached its last step
        keeps its last terrain) until ``stop()`` turns true or ``timeout`` seconds pass; returns
        whether they all finished. Call :meth:`close` afterwards."""
        jobs = self.jobs
        if jobs is None:
            return True
        deadline = None if timeout is None else time.monotonic() + timeout
        while not jobs.wait_idle(0.2):
            if (stop is not None and stop()) or (deadline is not None and time.monotonic() > deadline):
                return False
        return True

    def close(self, timeout: float = 10.0) -> None:
        """Cancel the running job, drop waiting ones, end the worker (no process is left)."""
        with self._lock:
            self._closed = True
            jobs = self.jobs
        if jobs is not None:
            jobs.close(timeout)


class _TerrainObserver:
    """``observer`` with :meth:`AutoTerrain.on_step` after its own ``on_step``."""

    def __init__(self, observer, auto: AutoTerrain) -> None:
        self.observer, self.auto = observer, auto
        inner_step = getattr(observer, "on_step", None)
        self._inner_step = inner_step
        for name in _FORWARDED:  # the inner observer's callbacks as they are (none: skipped)
            fn = getattr(observer, name, None)
            if fn is not None:
                setattr(self, name, fn)

    def on_step(self, rec) -> None:
        if self._inner_step is not None:
            self._inner_step(rec)
        self.auto.on_step(rec.step)


def with_terrain(observer, auto: AutoTerrain | None):
    """``observer`` that also drives ``auto`` at every step (``observer`` itself when ``auto``
    is None, so a run without terrain pays nothing)."""
    return observer if auto is None else _TerrainObserver(observer, auto)
