"""Terrain jobs beside training: a copy of the weights in, ``terrain/<step>.npz`` out.

:class:`TerrainJobs` takes a copy of the weights on the training thread (a few milliseconds:
one ``clone`` of each parameter) and returns at once; a low-priority worker computes the
terrain (:func:`andrea_desktop.core.terrain.compute_terrain`) on that copy and writes the
result to the run folder (:mod:`andrea_desktop.core.rundir.terrain`). Training numbers do not
change: the worker has its own model skeleton, its own generators and never touches a global
RNG or a global torch switch.

Two workers (``[terrain] worker``):

- ``thread``: a thread of the training process at the lowest OS priority (``nice 19`` on
  Linux, per thread). Its torch ops use the process's intra-op thread count.
- ``process``: a child process (``spawn``) at ``nice 19`` with ``[terrain] threads`` torch
  threads and its own GIL; the weights travel through a pipe. It costs a second Python with
  torch in memory and a few seconds to start.

``benchmarks/terrain_bench.py`` measures which one slows training less.

Jobs never queue up: while one runs, newer submissions replace the waiting one, and a
replaced snapshot still becomes a point of the trajectory (only its terrain is skipped).
"""

from __future__ import annotations

import dataclasses
import logging
import multiprocessing as mp
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file

from .config import Config, ModelConfig, TerrainConfig
from .rundir.checkpoint import CheckpointError, CheckpointInfo, list_checkpoints, read_checkpoint
from .rundir.layout import MODEL_FILE
from .rundir.terrain import TerrainResult, read_result, terrain_path, write_result
from .schedule import lr_at
from .terrain import (
    FixedRows,
    Params,
    TerrainCancelled,
    compute_terrain,
    flatten,
    model_weights,
    skeleton_model,
    weights_from_state_dict,
)

__all__ = ["TerrainJobs", "TerrainComputer", "checkpoint_weights", "compute_newest", "terrain_enabled", "NICE"]

log = logging.getLogger(__name__)

NICE = 19
"""OS priority of the worker (Linux nice value: 19 is the lowest)."""


def terrain_enabled(cfg: Config, device: torch.device | str) -> bool:
    """Whether a run of ``cfg`` on ``device`` computes terrain jobs: ``terrain.interval`` > 0,
    and ``terrain.on_cpu`` when training on the CPU."""
    t = cfg.terrain
    return t.interval > 0 and (torch.device(device).type != "cpu" or t.on_cpu)


def checkpoint_weights(info: CheckpointInfo | str | Path, net: torch.nn.Module,
                       device: torch.device | str = "cpu") -> Params:
    """The weights of a checkpoint, verified first (:func:`~andrea_desktop.core.rundir.checkpoint.
    read_checkpoint` checks both files' hashes), as float32 copies on ``device``.

    Raises
    ------
    CheckpointError
        Missing, truncated or altered files, or weights that do not fit ``net``.
    """
    path = info.path if isinstance(info, CheckpointInfo) else Path(info)
    try:
        read_checkpoint(info)
        state = load_file(str(path / MODEL_FILE))
    except (OSError, SafetensorError) as exc:  # pruned while it was read: checkpoints come and go beside training
        raise CheckpointError(f"{path.name}: cannot be read ({exc})") from exc
    try:
        return weights_from_state_dict(state, net, device)
    except (KeyError, ValueError) as exc:
        raise CheckpointError(f"{path.name}: its weights do not fit this model ({exc})") from exc


def _limit_thread_threads(n: int) -> bool:
    """Give the calling thread ``n`` OpenMP threads without touching torch's process-wide
    setting (``torch.set_num_threads`` also changes the count that threads started later take,
    e.g. a new training thread). OpenMP's thread count is a per-thread setting: once torch has
    initialised this thread's (a first parallel op), ``omp_set_num_threads`` on torch's own
    libgomp changes this thread alone. Returns whether it took effect."""
    import ctypes
    import glob

    torch.zeros(1 << 17).add_(1.0)  # torch initialises this thread's OpenMP count (lazily)
    libs = glob.glob(os.path.join(os.path.dirname(torch.__file__), "lib", "libgomp*.so*"))
    try:
        omp = ctypes.CDLL(libs[0]) if libs else ctypes.CDLL("libgomp.so.1")
        omp.omp_set_num_threads(ctypes.c_int(int(n)))
    except (OSError, AttributeError):  # another OpenMP runtime, or none: keep torch's count
        return False
    return torch.get_num_threads() == n


def _lower_priority() -> None:
    """Lower the calling thread to :data:`NICE` (Linux: nice is per thread; the threads it
    starts later, e.g. OpenMP's pool for this thread, inherit it)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError):  # not Linux, or not allowed: run at normal priority
        pass


class TerrainComputer:
    """The worker's state: the model skeleton, the fixed rows and the trajectory snapshots.

    Lives on the worker (thread or child process); :class:`TerrainJobs` drives it.

    Parameters
    ----------
    run_dir
        Where ``terrain/<step>.npz`` files are written.
    model_cfg, terrain_cfg
        The architecture and the terrain settings.
    rows
        The fixed held-out rows.
    seed
        The run's seed (directions derive from it).
    device
        Where to compute.
    """

    def __init__(self, run_dir: str | Path, model_cfg: ModelConfig, terrain_cfg: TerrainConfig,
                 rows: FixedRows, seed: int, device: torch.device | str = "cpu") -> None:
        self.run_dir = Path(run_dir)
        self.cfg = terrain_cfg
        self.net = skeleton_model(model_cfg)
        self.rows = rows.to(device)
        self.seed = int(seed)
        self.device = torch.device(device)
        self.path: list[tuple[int, np.ndarray]] = []

    def add_path_point(self, step: int, flat: np.ndarray) -> None:
        """Remember a (n_params,) float32 snapshot of ``step`` for the trajectory (every other
        one is dropped when ``path_points`` are held, so the path spans the whole run)."""
        if self.cfg.path_points <= 0:
            return
        self.path = [p for p in self.path if p[0] < step] + [(int(step), np.asarray(flat, dtype=np.float32))]
        while len(self.path) > self.cfg.path_points:
            self.path = self.path[::2] if len(self.path) > 2 else self.path[-1:]

    def seed_path_from_checkpoints(self, before_step: int | None = None) -> int:
        """Add the run's checkpoints (before ``before_step``) to the trajectory; a damaged one
        is skipped. Returns how many were added."""
        n = 0
        for info in list_checkpoints(self.run_dir):
            if info.damaged or (before_step is not None and info.step >= before_step):
                continue
            if any(s == info.step for s, _ in self.path):
                continue
            try:
                w = checkpoint_weights(info, self.net)
            except CheckpointError as exc:
                log.info("terrain: checkpoint %s not used for the trajectory: %s", info.path.name, exc)
                continue
            self.add_path_point(info.step, flatten(w).numpy())
            n += 1
        self.path.sort(key=lambda p: p[0])
        return n

    def compute(self, step: int, lr: float, weights: Params, cancel: Callable[[], bool] | None = None,
                grid: int | None = None, write: bool = True) -> TerrainResult:
        """The terrain of ``weights`` (taken as step ``step``), written to the run folder."""
        weights = {k: v.to(self.device) for k, v in weights.items()}
        path = [p for p in self.path if p[0] < step]
        result = compute_terrain(self.net, weights, self.rows, self.cfg, step, lr, self.seed,
                                 path=path, cancel=cancel, grid=grid)
        self.add_path_point(step, flatten(weights).detach().float().cpu().numpy())
        if write:
            write_result(self.run_dir, result)
        return result


@dataclass
class _Job:
    step: int
    lr: float
    weights: Params | None = None  # None: read the checkpoint
    checkpoint: str | None = None


def _job_weights(job: _Job, computer: TerrainComputer) -> Params:
    if job.weights is not None:
        return job.weights
    return checkpoint_weights(job.checkpoint, computer.net, computer.device)


# ------------------------------------------------------------------------------ process worker
def _process_main(init: dict, jobs: mp.Queue, results: mp.Queue, stop: mp.Event) -> None:  # pragma: no cover - child
    """The child process: lower its priority, set its torch threads, compute jobs until None."""
    try:
        os.nice(int(init["nice"]))
    except (AttributeError, OSError):
        pass
    torch.set_num_threads(int(init["threads"]))
    rows = FixedRows(torch.from_numpy(init["x"]), torch.from_numpy(init["y"]), init["source"], tuple(init["names"]))
    computer = TerrainComputer(init["run_dir"], ModelConfig(**init["model"]), TerrainConfig(**init["terrain_config"]),
                               rows, init["seed"], init["device"])
    if init["seed_path"]:
        computer.seed_path_from_checkpoints()
    results.put(("ready", None, None))
    parent = mp.parent_process()

    def orphaned() -> bool:  # the training process died without closing us: stop, too
        return parent is not None and not parent.is_alive()

    while True:
        try:
            msg = jobs.get(timeout=1.0)
        except queue.Empty:
            if orphaned():
                return
            continue
        if msg is None:
            return
        for step, flat in msg.get("path_only", []):
            computer.add_path_point(step, flat)
        job = _Job(msg["step"], msg["lr"], None if msg["weights"] is None else
                   {k: torch.from_numpy(v) for k, v in msg["weights"].items()}, msg["checkpoint"])
        try:
            computer.compute(job.step, job.lr, _job_weights(job, computer),
                             cancel=lambda: stop.is_set() or orphaned())
            results.put(("done", job.step, None))
        except TerrainCancelled:
            results.put(("cancelled", job.step, None))
            return
        except Exception as exc:  # noqa: BLE001 - reported to the parent, the worker goes on
            results.put(("error", job.step, f"{type(exc).__name__}: {exc}"))


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
        ``"thread"`` or ``"process"`` (default ``config.terrain.worker``).
    on_result
        Called with each :class:`TerrainResult` on the worker's thread (process worker: on the
        thread that waits for the child). Must return quickly; a GUI hands it to its own thread.
    on_error
        Called with ``(step, message)`` when a job fails (the worker goes on).
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
                 on_error: Callable[[int, str], None] | None = None, seed_path: bool = True) -> None:
        self.run_dir = Path(run_dir)
        self.config = config
        self.device = torch.device(device)
        self.interval = config.terrain.interval if terrain_enabled(config, self.device) else 0
        """Steps between jobs :meth:`maybe_submit` starts (0: only on request)."""
        self.worker = worker or config.terrain.worker
        if self.worker not in ("thread", "process"):
            raise ValueError(f"terrain worker {self.worker!r}: thread or process")
        self._on_result = on_result
        self._on_error = on_error
        self._rows = rows
        self._seed_path = seed_path
        self._cond = threading.Condition()
        self._pending: list[_Job] = []
        self._results: deque[TerrainResult] = deque(maxlen=64)
        self._stop = threading.Event()
        self.ready = threading.Event()
        """Set once the worker can compute (a process worker's child has started torch)."""
        self.running_step: int | None = None
        self.completed: list[int] = []
        self.skipped: list[int] = []
        self.errors: list[tuple[int, str]] = []
        self._names = [k for k, _ in skeleton_model(config.model).named_parameters()]
        self._proc: mp.process.BaseProcess | None = None
        self._thread = threading.Thread(target=self._loop, name="andrea-terrain", daemon=True)
        self._thread.start()

    @classmethod
    def for_run(cls, prepared, **kwargs) -> TerrainJobs:
        """Terrain jobs of a :class:`~andrea_desktop.core.training.PreparedRun` (rows drawn from its
        validation tails with ``terrain.n_rows`` and the run's seed)."""
        from .terrain import rows_for_dataset

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

    # ---------------------------------------------------------------- results
    def take_results(self) -> list[TerrainResult]:
        """Results finished since the last call (thread-safe; for a GUI timer)."""
        out = []
        while True:
            try:
                out.append(self._results.popleft())
            except IndexError:
                return out

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
            return job, jobs[:-1]

    def _finish(self, step: int, result: TerrainResult | None, error: str | None) -> None:
        with self._cond:
            self.running_step = None
            if result is not None:
                self.completed.append(step)
                self._results.append(result)
            if error is not None:
                self.errors.append((step, error))
            self._cond.notify_all()
        if result is not None and self._on_result is not None:
            self._on_result(result)
        if error is not None:
            log.warning("terrain job at step %d failed: %s", step, error)
            if self._on_error is not None:
                self._on_error(step, error)

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
                    result = computer.compute(job.step, job.lr, _job_weights(job, computer), cancel=self._stop.is_set)
                    self._finish(job.step, result, None)
                except TerrainCancelled:
                    self._finish(job.step, None, None)
                    return
                except Exception as exc:  # noqa: BLE001 - one bad job does not end the worker
                    self._finish(job.step, None, f"{type(exc).__name__}: {exc}")

    def _process_loop(self) -> None:
        ctx = mp.get_context("spawn")
        jobs_q, results_q, stop = ctx.Queue(), ctx.Queue(), ctx.Event()
        rows = self._rows
        init = {
            "run_dir": str(self.run_dir), "model": dataclasses.asdict(self.config.model),
            "terrain_config": dataclasses.asdict(self.config.terrain), "seed": self.config.run.seed,
            "x": rows.x.cpu().numpy(), "y": rows.y.cpu().numpy(), "source": rows.source,
            "names": list(rows.names), "threads": self.config.terrain.threads,
            "device": str(self.device), "seed_path": self._seed_path, "nice": NICE,
        }
        proc = ctx.Process(target=_process_main, args=(init, jobs_q, results_q, stop),
                           name="andrea-terrain", daemon=True)
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
                        break
                    except queue.Empty:
                        if self._stop.is_set() or not proc.is_alive():
                            self._finish(job.step, None, None if self._stop.is_set() else
                                         f"the terrain process ended (exit code {proc.exitcode})")
                            return
                if kind == "done":
                    try:
                        self._finish(step, read_result(terrain_path(self.run_dir, step)), None)
                    except ValueError as exc:
                        self._finish(step, None, str(exc))
                elif kind == "error":
                    self._finish(step, None, err)
                else:
                    self._finish(step, None, None)
                    return
        finally:
            stop.set()
            try:
                jobs_q.put(None)
            except (OSError, ValueError):  # pragma: no cover
                pass

    # ---------------------------------------------------------------- closing
    def close(self, timeout: float = 10.0) -> None:
        """Cancel the running job (at its next loss evaluation), drop waiting ones and end the
        worker; a child process that has not ended after ``timeout`` seconds is terminated (its
        files are written atomically, so nothing half-written is left). Results already written
        stay. To keep the last job instead, :meth:`wait_idle` first."""
        with self._cond:
            self._stop.set()
            self._pending.clear()
            self._cond.notify_all()
        proc = self._proc
        if proc is not None:
            self._proc_stop.set()
        self._thread.join(timeout)
        if proc is not None:
            proc.join(timeout)
            if proc.is_alive():  # pragma: no cover - a child stuck in a kernel
                proc.terminate()
                proc.join(5)

    def __enter__(self) -> TerrainJobs:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _nullctx:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def compute_newest(run_dir: str | Path, device: str = "cpu", threads: int = 1,
                   cancel: Callable[[], bool] | None = None) -> TerrainResult | None:
    """The terrain of a run's newest readable checkpoint, written to the run folder and returned
    (``None`` when the run has no checkpoint): what the Terrain panel's Compute button asks for,
    run off the GUI thread. The run's earlier checkpoints form the path."""
    from .rundir.layout import is_run_dir
    from .schedule import lr_at
    from .terrain import rows_for_dataset
    from .training import prepare_run, resolve_device

    if not is_run_dir(run_dir):
        raise CheckpointError(f"{run_dir} holds no run")
    torch.set_num_threads(max(1, int(threads)))
    prepared = prepare_run(run_dir)
    cfg = prepared.config
    ckpts = [c for c in list_checkpoints(run_dir) if not c.damaged]
    if not ckpts:
        return None
    info = ckpts[-1]
    dev = resolve_device(device)
    rows = rows_for_dataset(prepared.dataset, cfg.terrain.n_rows, cfg.model.block_size, cfg.run.seed)
    computer = TerrainComputer(run_dir, cfg.model, cfg.terrain, rows, cfg.run.seed, dev)
    computer.seed_path_from_checkpoints(before_step=info.step)
    weights = checkpoint_weights(info, computer.net, dev)
    lr = lr_at(info.step, cfg.schedule, cfg.optimizer.lr) if info.step > 0 else 0.0
    return computer.compute(info.step, lr, weights, cancel=cancel)
