"""The child process of a ``process`` worker (``spawn``): its own priority, torch threads and GIL."""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal

import torch

from ..config import ModelConfig, TerrainConfig
from ..terrain import FixedRows, TerrainCancelled
from .computer import TerrainComputer, _Job, _job_weights

__all__: list[str] = []


def _process_main(init: dict, jobs: mp.Queue, results: mp.Queue, stop: mp.Event,
                  cancel_job: mp.Event | None = None) -> None:  # pragma: no cover - child
    """The child process: lower its priority, set its torch threads, compute jobs until None.

    Ctrl+C in a terminal reaches the whole process group: the child ignores SIGINT (it printed a
    ``KeyboardInterrupt`` traceback beside the app's clean stop); the training process closes it.
    The parent spawned it with SIGINT blocked (:func:`~.jobs._sigint_blocked`), so one that came
    during the start-up is pending: ignoring it discards it, then it is unblocked. A stop set
    while the child was starting ends it before it builds anything.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if stop.is_set():  # the run ended while this process started
        return
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
        percent = [-1]

        def progress(p, percent=percent) -> None:  # sent when the whole percentage changes
            if int(100 * p.fraction) != percent[0]:
                percent[0] = int(100 * p.fraction)
                results.put(("progress", p.step, (p.part, p.done, p.total)))

        try:
            computer.compute(job.step, job.lr, _job_weights(job, computer),
                             cancel=lambda: stop.is_set() or orphaned() or (cancel_job is not None and cancel_job.is_set()),
                             on_part=lambda r: results.put(("part", r.step, None)), on_progress=progress)
            results.put(("done", job.step, None))
        except TerrainCancelled:
            results.put(("cancelled", job.step, None))
            if stop.is_set() or orphaned():
                return
        except Exception as exc:  # noqa: BLE001 - reported to the parent, the worker goes on
            results.put(("error", job.step, f"{type(exc).__name__}: {exc}"))
