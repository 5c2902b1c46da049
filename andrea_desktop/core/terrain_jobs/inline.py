"""Terrain jobs run by the training thread itself, a set share of its time between steps.

A worker at the lowest OS priority gets nothing while training keeps every core busy (on 2
cores beside ``andrea-train``: 14 s of CPU in 8 minutes, no job ever finished). Here the trainer
yields: after each optimiser step it runs the current job's next units of work
(:func:`~andrea_desktop.core.terrain.terrain_parts`: one loss evaluation or one Hessian-vector
product each) until it has spent ``share / (1 - share)`` of the time the steps took since. So
training keeps ``1 - share`` of its speed by construction, the job gets the trainer's own torch
threads for the rest, and its parts land at a rate that can be bounded
(``benchmarks/terrain_train_bench.py``). On a GPU the job runs on the device between the steps,
by the same code.

Thread-safety: :meth:`InlineJobs.after_step` and :meth:`InlineJobs.submit` run on the training
thread; :meth:`InlineJobs.cancel` and the read-only properties may be called from any thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import torch

from ..config import Config
from ..rundir.terrain import PART_FULL, TerrainResult
from ..schedule import lr_at
from ..terrain import FixedRows, Params, Progress, flatten
from .computer import TerrainComputer

__all__ = ["InlineJobs", "JobStatus", "MAX_BURST_S"]

log = logging.getLogger(__name__)

MAX_BURST_S = 2.0
"""The most time owed to the job that is kept (a long pause, e.g. the user pausing training,
does not turn into a burst of terrain work after it)."""


@dataclass(frozen=True)
class JobStatus:
    """What the terrain job under way is doing: its step, the part (1 to 3) and the fraction
    done, the seconds since it started and the seconds it may still take at this rate (None
    until a part has given a rate), and the step of a job waiting behind it."""

    step: int
    part: int
    fraction: float
    elapsed_s: float
    eta_s: float | None
    waiting: int | None = None
    work_s: float | None = None
    """Seconds of work the job has had (inline: the trainer's time spent on it), None where unknown."""

    @property
    def eta_full_speed_s(self) -> float | None:
        """Seconds left if the job had the whole machine from now (None where unknown)."""
        if self.work_s is None or self.fraction < 0.02:
            return None
        return self.work_s * (1.0 - self.fraction) / self.fraction


def eta_of(progress: Progress, elapsed_s: float) -> float | None:
    """Seconds left at the rate so far (None before 2 % is done: too early to say)."""
    f = progress.fraction
    return elapsed_s * (1.0 - f) / f if f >= 0.02 else None


class InlineJobs:
    """Terrain jobs that the training thread computes between its steps.

    Parameters
    ----------
    run_dir, config, rows, device
        As :class:`~.jobs.TerrainJobs` (``config.terrain.share`` is the share of the trainer's
        time the job gets).
    on_result
        Called with each part's :class:`TerrainResult` once it is written (on the training thread).
    on_progress
        Called with a :class:`JobStatus` whenever the job's whole percentage changes.
    on_error
        Called with ``(step, message)`` when a job fails (training goes on).
    seed_path
        Start the trajectory from the run's existing checkpoints.
    """

    def __init__(self, run_dir: str | Path, config: Config, rows: FixedRows, *, device: torch.device | str = "cpu",
                 on_result: Callable[[TerrainResult], None] | None = None,
                 on_progress: Callable[[JobStatus], None] | None = None,
                 on_error: Callable[[int, str], None] | None = None, seed_path: bool = True) -> None:
        self.run_dir = Path(run_dir)
        self.config = config
        self.share = float(config.terrain.share)
        self.device = torch.device(device)
        self._on_result, self._on_progress, self._on_error = on_result, on_progress, on_error
        self.computer = TerrainComputer(run_dir, config.model, config.terrain, rows, config.run.seed, self.device)
        if seed_path:
            self.computer.seed_path_from_checkpoints()
        self._lock = threading.Lock()
        self._job: Iterator | None = None
        self._job_step: int | None = None
        self._job_start = 0.0
        self._pending: tuple[int, Params] | None = None
        self._cancel = threading.Event()
        self._credit = 0.0
        self._last_step_end: float | None = None
        self._job_work = 0.0
        self._percent = -1
        self.status: JobStatus | None = None
        """The job under way (None: none)."""
        self.completed: list[int] = []
        self.written: dict[int, int] = {}
        """The part (1 to 3) of each step's job last written to the run folder, a job cancelled or
        cut short included: what ``terrain/`` holds of this process's jobs."""
        self.skipped: list[int] = []
        self.errors: list[tuple[int, str]] = []
        self.work_s = 0.0
        """Seconds of terrain work done on the training thread in all."""

    # ---------------------------------------------------------------- submitting
    def lr(self, step: int) -> float:
        """The learning rate of ``step``."""
        return lr_at(step, self.config.schedule, self.config.optimizer.lr) if step > 0 else 0.0

    def submit(self, step: int, weights: Params) -> None:
        """Compute the terrain of ``weights`` (a copy) as step ``step``: at once if no job runs,
        else after the running one (a newer submission replaces a waiting one, whose snapshot
        still joins the path)."""
        with self._lock:
            if self._pending is not None:
                self.skipped.append(self._pending[0])
                self.computer.add_path_point(self._pending[0], flatten(self._pending[1]).float().cpu().numpy())
            self._pending = (int(step), weights)
        if self._job is None:
            self._start_pending()

    @property
    def busy(self) -> bool:
        """A job runs or waits."""
        return self._job is not None or self._pending is not None

    @property
    def running_step(self) -> int | None:
        """The step of the job under way."""
        return self._job_step

    def cancel(self) -> None:
        """Drop the running and the waiting job (any thread; takes effect between two units of
        work). Parts already written stay. Nothing running or waiting: nothing to drop (a Cancel
        pressed as a job finished must not drop the next one)."""
        with self._lock:
            if self.busy:
                self._cancel.set()

    # ---------------------------------------------------------------- working
    def after_step(self) -> float:
        """Call on the training thread after each optimiser step: the job gets its share of the
        time since the last call (``share / (1 - share)`` of the step's time, the time owed kept
        up to :data:`MAX_BURST_S`). Returns the seconds spent on terrain work."""
        now = time.perf_counter()
        if self._last_step_end is not None:
            self._credit = min(self._credit + (now - self._last_step_end) * self.share / (1.0 - self.share),
                               MAX_BURST_S)
        spent = 0.0
        if self.busy and self._credit > 0:
            spent = self.work(self._credit)
            self._credit -= spent
        elif not self.busy:
            self._credit = 0.0  # no debt kept while nothing is due
        self._last_step_end = time.perf_counter()
        return spent

    def work(self, budget_s: float | None) -> float:
        """Run units of work until ``budget_s`` seconds are spent (None: until no job is left);
        at least one while a job is under way. A unit is never split, so a call may overrun by
        one unit. Returns the seconds spent."""
        t0 = time.perf_counter()
        while self.busy:
            if self._cancel.is_set():
                self._drop()
                break
            if self._job is None:
                self._start_pending()
                continue
            self._unit()
            if budget_s is not None and time.perf_counter() - t0 >= budget_s:
                break
        spent = time.perf_counter() - t0
        self.work_s += spent
        return spent

    def _start_pending(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is None:
            return
        step, weights = pending
        self._job = self.computer.job(step, self.lr(step), weights)
        self._job_step = step
        self._job_start = time.perf_counter()
        self._job_work = 0.0
        self._percent = -1
        self.status = JobStatus(step, 1, 0.0, 0.0, None, None, 0.0)

    def _unit(self) -> None:
        step = self._job_step
        t0 = time.perf_counter()
        try:
            item = next(self._job)
            self._job_work += time.perf_counter() - t0
        except StopIteration:
            self.completed.append(step)
            self.written[step] = PART_FULL
            self._end_job()
            return
        except Exception as exc:  # noqa: BLE001 - a failed job never takes training down
            msg = f"{type(exc).__name__}: {exc}"
            log.warning("terrain job at step %d failed: %s", step, msg)
            self.errors.append((step, msg))
            self._end_job()
            if self._on_error is not None:
                self._on_error(step, msg)
            return
        if isinstance(item, TerrainResult):
            self.written[int(item.step)] = int(item.part)
            if self._on_result is not None:
                self._on_result(item)
            return
        elapsed = time.perf_counter() - self._job_start
        percent = int(100 * item.fraction)
        if percent != self._percent:  # reported only when the whole percentage changes
            self._percent = percent
            waiting = self._pending[0] if self._pending is not None else None
            self.status = JobStatus(step, item.part, item.fraction, elapsed, eta_of(item, elapsed), waiting,
                                    self._job_work)
            if self._on_progress is not None:
                self._on_progress(self.status)

    def _end_job(self) -> None:
        self._job = None
        self._job_step = None
        self.status = None
        if self._on_progress is not None and self._pending is None:
            self._on_progress(None)

    def _drop(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is not None:
            self.skipped.append(pending[0])
        if self._job is not None:
            self._job.close()
            self.skipped.append(self._job_step)
        self._cancel.clear()
        self._end_job()

    def close(self) -> None:
        """Drop what is running or waiting (parts already written stay)."""
        self._cancel.set()
        self._drop()
