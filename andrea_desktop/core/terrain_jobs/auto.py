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
that is not a terrain step costs one modulo while no job is under way. The worker starts at the
first terrain step, so a run that stops before it never starts one. By default
(``terrain.worker = "inline"``) the training thread computes the job itself, ``terrain.share`` of
its time between steps (:class:`~.inline.InlineJobs`); with a ``process`` worker the trainer
sleeps that share while a job runs, so the child (at the lowest priority) gets the cores then.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from ..rundir.terrain import TerrainResult
from .computer import terrain_enabled
from .inline import InlineJobs, JobStatus
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
    on_progress
        Called with the :class:`~.inline.JobStatus` of the job under way whenever its whole
        percentage changes, and with None when no job is left (inline and process workers).
    worker
        ``"inline"``, ``"thread"`` or ``"process"`` (default: ``terrain.worker`` of the run's config).

    Notes
    -----
    :meth:`on_step` runs on the training thread between optimiser steps (an observer's
    ``on_step``), so the weights it copies are the step's.
    """

    def __init__(self, trainer, on_result: Callable[[TerrainResult], None] | None = None,
                 on_error: Callable[[int, str], None] | None = None, worker: str | None = None,
                 on_progress: Callable[[JobStatus | None], None] | None = None) -> None:
        self.trainer = trainer
        cfg = trainer.prepared.config
        self.interval = cfg.terrain.interval if terrain_enabled(cfg, trainer.device) else 0
        self.worker = worker or cfg.terrain.worker
        self.share = cfg.terrain.share
        self.jobs: TerrainJobs | InlineJobs | None = None
        self.submitted: list[int] = []
        self._on_result, self._on_error, self._on_progress = on_result, on_error, on_progress
        self._lock = threading.Lock()
        self._closed = False
        self._last = None
        self.yielded_s = 0.0
        """Seconds the trainer slept so that a ``process`` worker had the cores."""

    @classmethod
    def for_trainer(cls, trainer, **kwargs) -> AutoTerrain | None:
        """Automatic jobs for ``trainer``, or None when its run computes none
        (``terrain.interval`` 0, or the CPU with ``terrain.on_cpu`` false)."""
        cfg = trainer.prepared.config
        return cls(trainer, **kwargs) if terrain_enabled(cfg, trainer.device) else None

    def on_step(self, step: int) -> None:
        """On a terrain step, copy the weights and submit them (the worker starts at the first);
        while a job is under way, give it its share of the time (inline: work on it here;
        process: sleep)."""
        if self.interval > 0 and step > 0 and step % self.interval == 0:
            jobs = self._jobs()
            if jobs is not None:
                if isinstance(jobs, InlineJobs):
                    from ..terrain import model_weights

                    jobs.submit(step, model_weights(self.trainer.model, self.trainer.device))
                    self.submitted.append(step)
                elif jobs.maybe_submit(step, self.trainer.model):
                    self.submitted.append(step)
        jobs = self.jobs
        if isinstance(jobs, InlineJobs):
            jobs.after_step()
        elif jobs is not None and self.worker == "process":
            self._yield_to(jobs)

    def _yield_to(self, jobs: TerrainJobs) -> None:
        """Sleep ``share / (1 - share)`` of the time since the last step while the child has a
        job (its nice 19 gets it the cores then, and nothing while training runs)."""
        now = time.perf_counter()
        last, self._last = self._last, now
        if last is None or not jobs.busy:
            return
        pause = min((now - last) * self.share / (1.0 - self.share), 2.0)
        time.sleep(pause)
        self.yielded_s += pause
        self._last = time.perf_counter()

    def cancel(self) -> None:
        """Drop the job under way and the waiting one (any thread); parts already written stay."""
        jobs = self.jobs
        if jobs is not None:
            jobs.cancel()

    @property
    def status(self) -> JobStatus | None:
        """The job under way (None: none, or a worker that does not say)."""
        jobs = self.jobs
        return getattr(jobs, "status", None) if jobs is not None else None

    def _jobs(self) -> TerrainJobs | InlineJobs | None:
        with self._lock:
            if self.jobs is None and not self._closed:
                prepared = self.trainer.prepared
                if self.worker == "inline":
                    from ..terrain import rows_for_dataset

                    cfg = prepared.config
                    rows = rows_for_dataset(prepared.dataset, cfg.terrain.n_rows, cfg.model.block_size, cfg.run.seed)
                    self.jobs = InlineJobs(prepared.run_dir, cfg, rows, device=self.trainer.device,
                                           on_result=self._on_result, on_progress=self._on_progress,
                                           on_error=self._on_error)
                else:
                    self.jobs = TerrainJobs.for_run(prepared, device=self.trainer.device, worker=self.worker,
                                                    on_result=self._on_result, on_error=self._on_error,
                                                    on_progress=self._on_progress)
            return self.jobs

    def finish(self, stop: Callable[[], bool] | None = None, timeout: float | None = None,
               report: Callable[[JobStatus], None] | None = None, report_every_s: float = 10.0) -> bool:
        """Finish the running and waiting jobs at full speed (a headless run that reached its last
        step keeps its last terrain) until ``stop()`` turns true or ``timeout`` seconds pass;
        ``report`` gets the job's status every ``report_every_s`` seconds. Returns whether they
        all finished. Call :meth:`close` afterwards."""
        jobs = self.jobs
        if jobs is None:
            return True
        deadline = None if timeout is None else time.monotonic() + timeout
        next_report = time.monotonic() + report_every_s
        while jobs.busy:
            if isinstance(jobs, InlineJobs):
                jobs.work(0.2)
            else:
                jobs.wait_idle(0.2)
            if (stop is not None and stop()) or (deadline is not None and time.monotonic() > deadline):
                return not jobs.busy
            if report is not None and time.monotonic() >= next_report and self.status is not None:
                report(self.status)
                next_report = time.monotonic() + report_every_s
        return True

    def close(self, timeout: float = 10.0) -> None:
        """Cancel the running job, drop waiting ones, end the worker (no process is left)."""
        with self._lock:
            self._closed = True
            jobs = self.jobs
        if isinstance(jobs, InlineJobs):
            jobs.close()
        elif jobs is not None:
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
