"""Terrain jobs beside training: :class:`TerrainJobs` takes copies of the weights and hands them
to a low-priority worker (a thread, or a child process: :mod:`.child`)."""

from __future__ import annotations

import dataclasses
import logging
import multiprocessing as mp
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import torch

from ..config import Config
from ..rundir.checkpoint import list_checkpoints
from ..rundir.terrain import TerrainResult, read_result, terrain_path
from ..schedule import lr_at
from ..terrain import (
    FixedRows,
    Params,
    Progress,
    TerrainCancelled,
    flatten,
    model_weights,
    skeleton_model,
    weights_from_state_dict,
)
from . import priority
from .child import _process_main
from .computer import TerrainComputer, _Job, _job_weights, terrain_enabled
from .inline import JobStatus, eta_of
from .priority import _limit_thread_threads, _lower_priority

__all__ = ["TerrainJobs"]

log = logging.getLogger(__name__)


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in the calling thread while a child is spawned, so the child starts with it
    blocked (the signal mask survives fork and exec) and a Ctrl+C sent to the terminal's process
    group during its start-up (seconds: it imports torch) never raises KeyboardInterrupt there;
    :func:`~.child._process_main` then ignores it. CPython's resource tracker starts its own child
    the same way (bpo-33613); it unblocks the signal in the calling thread after its start, so it is
    started first. Nothing changes where there are no signal masks (Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class TerrainJobs:
    """Terrain jobs beside training, written to ``<run_dir>/terrain/<step>.npz``.

    Parameters
    ----------
    run_dir
        The run folder.
    config
        The run's config (``terrain``, ``model``, ``schedule``, ``optimizer.lr``, ``run.seed``).
    rows
        The fixed held-out rows (:func:`~andrea_desktop.core.terrain.rows_for_dataset`).
    device
        Where jobs compute (default: CPU). On CUDA a thread worker uses its own stream.
    worker
        ``"thread"`` or ``"process"`` (default ``config.terrain.worker``; ``process`` where that is
        ``inline``, which :class:`~.inline.InlineJobs` runs).
    on_result
        Called with each :class:`TerrainResult` on the worker's thread (process worker: on the
        thread that waits for the child). Must return quickly; a GUI hands it to its own thread.
    on_error
        Called with ``(step, message)`` when a job fails (the worker goes on).
    on_progress
        Called with the :class:`~.inline.JobStatus` of the job under way whenever its whole
        percentage changes, and with None when the worker has nothing left (its waiting thread).
    seed_path
        Start the trajectory from the run's existing checkpoints (a resumed run).

    Notes
    -----
    Thread-safe: :meth:`submit`, :meth:`maybe_submit` and :meth:`submit_checkpoint` may be
    called from any thread, but :meth:`maybe_submit` reads the model, so call it where the
    model is not being updated (the training thread, between steps: an observer's ``on_step``).
    """

    def __init__(self, run_dir: str | Path, config: Config, rows: FixedRows, *,
                 device: torch.device | str = "cpu", worker: str | None = None,
                 on_result: Callable[[TerrainResult], None] | None = None,
                 on_error: Callable[[int, str], None] | None = None, seed_path: bool = True,
                 on_progress: Callable[[JobStatus | None], None] | None = None) -> None:
        self.run_dir = Path(run_dir)
        self.config = config
        self.device = torch.device(device)
        self.interval = config.terrain.interval if terrain_enabled(config, self.device) else 0
        """Steps between jobs :meth:`maybe_submit` starts (0: only on request)."""
        # a background worker: an inline config (the training thread's own jobs) means the process here
        self.worker = worker or ("process" if config.terrain.worker == "inline" else config.terrain.worker)
        if self.worker not in ("thread", "process"):
            raise ValueError(f"terrain worker {self.worker!r}: thread or process")
        self._on_result = on_result
        self._on_error = on_error
        self._on_progress = on_progress
        self._cancel_job = threading.Event()
        self._job_start = 0.0
        self._percent = -1
        self.status: JobStatus | None = None
        """The job under way (None: none)."""
        self._rows = rows
        self._seed_path = seed_path
        self._cond = threading.Condition()
        self._pending: list[_Job] = []
        self._stop = threading.Event()
        self.ready = threading.Event()
        """Set once the worker can compute (a process worker's child has started torch)."""
        self.running_step: int | None = None
        self.completed: list[int] = []
        self.written: dict[int, int] = {}
        """The part (1 to 3) of each step's job last written to the run folder, a job cancelled or
        cut short included: what ``terrain/`` holds of this worker's jobs."""
        self.skipped: list[int] = []
        self.errors: list[tuple[int, str]] = []
        self._names = [k for k, _ in skeleton_model(config.model).named_parameters()]
        self._proc: mp.process.BaseProcess | None = None
        self._channels: tuple | None = None
        """The child's queues and stop event, kept until it has ended (:meth:`close`): a child that
        is still starting rebuilds their semaphores by name, and they are unlinked when the
        parent's objects are collected (a ``FileNotFoundError`` in ``SemLock._rebuild``)."""
        self._thread = threading.Thread(target=self._loop, name="andrea-terrain", daemon=True)
        self._thread.start()

    @classmethod
    def for_run(cls, prepared, **kwargs) -> TerrainJobs:
        """Terrain jobs of a :class:`~andrea_desktop.core.training.PreparedRun` (rows drawn from its
        validation tails with ``terrain.n_rows`` and the run's seed)."""
        from ..terrain import rows_for_dataset

        cfg = prepared.config
        rows = rows_for_dataset(prepared.dataset, cfg.terrain.n_rows, cfg.model.block_size, cfg.run.seed)
        return cls(prepared.run_dir, cfg, rows, **kwargs)

    # ---------------------------------------------------------------- submitting
    def due(self, step: int) -> bool:
        """Whether ``step`` is a terrain step (``terrain.interval`` > 0 divides it)."""
        return self.interval > 0 and step > 0 and step % self.interval == 0

    def lr(self, step: int) -> float:
        """The learning rate of ``step`` (the schedule is a pure function of the step)."""
        return lr_at(step, self.config.schedule, self.config.optimizer.lr) if step > 0 else 0.0

    def maybe_submit(self, step: int, model: torch.nn.Module) -> bool:
        """On a terrain step, copy ``model``'s weights and submit them; returns whether it did.
        Call between optimiser steps on the thread that trains ``model``."""
        if not self.due(step):
            return False
        self.submit(step, self.snapshot(model))
        return True

    def snapshot(self, model: torch.nn.Module) -> Params:
        """A copy of ``model``'s weights for :meth:`submit` (CPU for a process worker, else on
        the job device; a CUDA copy is synchronised before it is handed over)."""
        target = torch.device("cpu") if self.worker == "process" else self.device
        w = model_weights(model, target)
        if target.type == "cuda":
            torch.cuda.current_stream(target).synchronize()
        return w

    def submit(self, step: int, weights: Params | dict[str, torch.Tensor]) -> None:
        """Compute the terrain of ``weights`` (a copy the caller will not change: a
        :meth:`snapshot`, or a ``state_dict`` copy) as step ``step``; returns at once."""
        if set(weights) != set(self._names):
            weights = weights_from_state_dict(weights, skeleton_model(self.config.model),
                                              "cpu" if self.worker == "process" else self.device)
        self._enqueue(_Job(int(step), self.lr(int(step)), dict(weights)))

    def submit_checkpoint(self, step: int | None = None) -> int | None:
        """Compute the terrain of a checkpoint (the newest, or the one of ``step``), read by
        the worker: no model needed (a reopened or finished run). Returns the step, or None if
        the run has no such checkpoint."""
        ckpts = [c for c in list_checkpoints(self.run_dir) if not c.damaged]
        if step is not None:
            ckpts = [c for c in ckpts if c.step == step]
        if not ckpts:
            return None
        info = ckpts[-1]
        self._enqueue(_Job(info.step, self.lr(info.step), None, str(info.path)))
        return info.step

    def _enqueue(self, job: _Job) -> None:
        with self._cond:
            if self._stop.is_set():
                return
            self._pending.append(job)
            self._cond.notify_all()

    @property
    def busy(self) -> bool:
        """A job is running or waiting."""
        with self._cond:
            return self.running_step is not None or bool(self._pending)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no job runs or waits (tests, the headless command); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self.running_step is not None or self._pending:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left if left is not None else 1.0)
        return True

    # ---------------------------------------------------------------- the loop
    def _take(self) -> tuple[_Job | None, list[_Job]]:
        with self._cond:
            while not self._pending and not self._stop.is_set():
                self._cond.wait()
            if self._stop.is_set():
                return None, []
            jobs, self._pending = self._pending, []
            job = jobs[-1]
            self.running_step = job.step
            self._job_start = time.monotonic()
            self._percent = -1
            return job, jobs[:-1]

    def cancel(self) -> None:
        """Drop the job under way (at its next unit of work) and the waiting ones; the worker goes
        on with later submissions. Parts already written stay."""
        with self._cond:
            self.skipped.extend(j.step for j in self._pending)
            self._pending.clear()
            if self.running_step is not None:
                self._cancel_job.set()

    def _progress(self, p: Progress) -> None:
        """A unit of work of the running job was done (the worker's thread)."""
        percent = int(100 * p.fraction)
        if percent == self._percent:
            return
        self._percent = percent
        elapsed = time.monotonic() - self._job_start
        with self._cond:
            waiting = self._pending[-1].step if self._pending else None
        self.status = JobStatus(p.step, p.part, p.fraction, elapsed, eta_of(p, elapsed), waiting)
        if self._on_progress is not None:
            self._on_progress(self.status)

    def _part(self, result: TerrainResult) -> None:
        """Part 1 or 2 of the running job was written."""
        with self._cond:
            self.written[int(result.step)] = int(result.part)
        if self._on_result is not None:
            self._on_result(result)

    def _finish(self, step: int, result: TerrainResult | None, error: str | None) -> None:
        with self._cond:
            self.running_step = None
            self.status = None
            self._cancel_job.clear()
            idle = not self._pending
            if result is not None:
                self.completed.append(step)
                self.written[step] = int(result.part)
            if error is not None:
                self.errors.append((step, error))
            self._cond.notify_all()
        if result is not None and self._on_result is not None:
            self._on_result(result)
        if error is not None:
            log.warning("terrain job at step %d failed: %s", step, error)
            if self._on_error is not None:
                self._on_error(step, error)
        if idle and self._on_progress is not None:
            self._on_progress(None)

    def _skipped(self, older: list[_Job]) -> None:
        with self._cond:
            self.skipped.extend(j.step for j in older)

    def _loop(self) -> None:
        try:
            if self.worker == "process":
                self._process_loop()
            else:
                self._thread_loop()
        except Exception:  # pragma: no cover - a bug: say so, never take training down
            log.exception("terrain worker stopped")

    def _thread_loop(self) -> None:
        _lower_priority()
        if self.device.type == "cpu" and not _limit_thread_threads(self.config.terrain.threads):
            log.info("terrain: the worker thread uses torch's %d threads", torch.get_num_threads())
        stream = torch.cuda.Stream(self.device) if self.device.type == "cuda" else None
        ctx = torch.cuda.stream(stream) if stream is not None else _nullctx()
        with ctx:
            computer = TerrainComputer(self.run_dir, self.config.model, self.config.terrain, self._rows,
                                       self.config.run.seed, self.device)
            if self._seed_path:
                computer.seed_path_from_checkpoints()
            self.ready.set()
            while True:
                job, older = self._take()
                if job is None:
                    return
                self._skipped(older)
                for o in older:
                    if o.weights is not None:
                        computer.add_path_point(o.step, flatten(o.weights).float().cpu().numpy())
                try:
                    result = computer.compute(job.step, job.lr, _job_weights(job, computer),
                                              cancel=lambda: self._stop.is_set() or self._cancel_job.is_set(),
                                              on_part=self._part, on_progress=self._progress)
                    self._finish(job.step, result, None)
                except TerrainCancelled:
                    self._finish(job.step, None, None)
                    if self._stop.is_set():
                        return
                except Exception as exc:  # noqa: BLE001 - one bad job does not end the worker
                    self._finish(job.step, None, f"{type(exc).__name__}: {exc}")

    def _process_loop(self) -> None:
        ctx = mp.get_context("spawn")
        jobs_q, results_q, stop, cancel_job = ctx.Queue(), ctx.Queue(), ctx.Event(), ctx.Event()
        self._channels = (jobs_q, results_q, stop, cancel_job)
        rows = self._rows
        init = {
            "run_dir": str(self.run_dir), "model": dataclasses.asdict(self.config.model),
            "terrain_config": dataclasses.asdict(self.config.terrain), "seed": self.config.run.seed,
            "x": rows.x.cpu().numpy(), "y": rows.y.cpu().numpy(), "source": rows.source,
            "names": list(rows.names), "threads": self.config.terrain.threads,
            "device": str(self.device), "seed_path": self._seed_path, "nice": priority.NICE,
        }
        proc = ctx.Process(target=_process_main, args=(init, jobs_q, results_q, stop, cancel_job),
                           name="andrea-terrain", daemon=True)
        with _sigint_blocked():
            proc.start()
        self._proc = proc
        self._proc_stop = stop
        try:
            while not self.ready.is_set():  # the child imports torch: seconds
                try:
                    kind, _, err = results_q.get(timeout=0.2)
                except queue.Empty:
                    if self._stop.is_set():
                        return
                    if not proc.is_alive():
                        log.warning("the terrain process ended at its start (exit code %s)", proc.exitcode)
                        self._stop.set()
                        return
                    continue
                if kind == "ready":
                    self.ready.set()
            while True:
                job, older = self._take()
                if job is None:
                    return
                self._skipped(older)
                msg = {"step": job.step, "lr": job.lr, "checkpoint": job.checkpoint,
                       "weights": None if job.weights is None else
                       {k: v.detach().cpu().numpy() for k, v in job.weights.items()},
                       "path_only": [(o.step, flatten(o.weights).float().cpu().numpy())
                                     for o in older if o.weights is not None]}
                jobs_q.put(msg)
                while True:
                    try:
                        kind, step, err = results_q.get(timeout=0.2)
                    except queue.Empty:
                        if self._cancel_job.is_set():
                            cancel_job.set()
                        if self._stop.is_set() or not proc.is_alive():
                            self._finish(job.step, None, None if self._stop.is_set() else
                                         f"the terrain process ended (exit code {proc.exitcode})")
                            return
                        continue
                    if kind == "progress":
                        self._progress(Progress(step, *err))
                    elif kind == "part":
                        try:
                            self._part(read_result(terrain_path(self.run_dir, step)))
                        except ValueError as exc:
                            log.info("terrain part of step %d not read: %s", step, exc)
                    else:
                        break
                if kind == "done":
                    try:
                        self._finish(step, read_result(terrain_path(self.run_dir, step)), None)
                    except ValueError as exc:
                        self._finish(step, None, str(exc))
                elif kind == "error":
                    self._finish(step, None, err)
                else:  # cancelled: the job alone (the child goes on), or the whole worker
                    cancel_job.clear()
                    self._finish(step, None, None)
                    if self._stop.is_set():
                        return
        finally:
            stop.set()
            if proc.is_alive():
                try:
                    jobs_q.put(None)
                except (OSError, ValueError):  # pragma: no cover
                    pass
            # a child that died (killed, out of memory) leaves the pipe unread: a job's weights
            # still in the queue's buffer would hold the process at exit, its feeder thread
            # blocked on the full pipe; the child reads nothing more anyway
            jobs_q.cancel_join_thread()

    # ---------------------------------------------------------------- closing
    def close(self, timeout: float = 10.0) -> None:
        """Cancel the running job (at its next loss evaluation), drop waiting ones and end the
        worker; a child process that has not ended after ``timeout`` seconds is terminated (its
        files are written atomically, so nothing half-written is left). Results already written
        stay. To keep the last job instead, :meth:`wait_idle` first.

        A child that is still starting (the run ended, or Ctrl+C came, at its first terrain
        step) is waited for too: it sees the stop as soon as it runs our code and ends; its
        queues stay alive until then."""
        with self._cond:
            self._stop.set()
            self._pending.clear()
            self._cond.notify_all()
        proc = self._proc
        if proc is not None:
            self._proc_stop.set()
        self._thread.join(timeout)
        proc = self._proc  # the worker thread may have started it meanwhile
        if proc is not None:
            self._proc_stop.set()
            proc.join(timeout)
            if proc.is_alive():  # pragma: no cover - a child stuck in a kernel, or still importing
                proc.terminate()
                proc.join(5)
        if proc is None or not proc.is_alive():
            self._channels = None

    def __enter__(self) -> TerrainJobs:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _nullctx:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
