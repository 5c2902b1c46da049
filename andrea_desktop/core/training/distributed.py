"""Training under ``torchrun``: process group, rank roles and the collectives the trainer needs.

``torchrun --nproc_per_node=K --no-python andrea-train --run-dir DIR ...`` starts K processes
with ``RANK``, ``WORLD_SIZE`` and ``LOCAL_RANK`` set. Each trains
:class:`~torch.nn.parallel.DistributedDataParallel` on its share of the global batch: because
rows are a pure function of (seed, step, global row index) (:mod:`andrea_desktop.core.mixture.sampler`),
rank r draws global rows ``[r B/K, (r+1) B/K)`` and the K ranks together train exactly the rows
one process would. Rank 0 owns the bandit, the run store, probes, samples and checkpoints; at
every step boundary it broadcasts the mixture weights and the commands (stop, pause) so that
every rank takes them at the same step, and it gathers the per-row losses so that the bandit
sees every rank's rows.

Backends: NCCL on CUDA, gloo on CPU (PyTorch's distributed overview).
"""

from __future__ import annotations

import datetime
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
import torch.distributed as torch_dist

__all__ = ["Dist", "init_from_env", "NullStore", "StepAnnouncer"]

log = logging.getLogger(__name__)

# a paused run keeps the other ranks waiting in a collective: let them wait for days
_TIMEOUT = datetime.timedelta(days=7)


@dataclass(frozen=True)
class Dist:
    """This process's place in a distributed run."""

    rank: int
    world_size: int
    local_rank: int
    backend: str

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    def device(self) -> torch.device:
        """``cuda:LOCAL_RANK`` with NCCL, else the CPU."""
        return torch.device("cuda", self.local_rank) if self.backend == "nccl" else torch.device("cpu")

    # ------------------------------------------------------------------ collectives
    def barrier(self) -> None:
        torch_dist.barrier()

    def broadcast_floats(self, values: np.ndarray | None, n: int) -> np.ndarray:
        """Rank 0's (n,) float64 values on every rank."""
        t = torch.zeros(n, dtype=torch.float64, device=self._comm_device())
        if self.is_main:
            t.copy_(torch.as_tensor(np.asarray(values, dtype=np.float64)))
        torch_dist.broadcast(t, src=0)
        return t.cpu().numpy()

    def gather_rows(self, local: torch.Tensor) -> np.ndarray:
        """All ranks' (b,) values (as float32) in rank order, (K b,), on every rank; one
        device-to-host copy."""
        local = local.detach().float().to(self._comm_device()).contiguous()
        out = [torch.empty_like(local) for _ in range(self.world_size)]
        torch_dist.all_gather(out, local)
        return torch.cat(out).cpu().numpy()

    def _comm_device(self) -> torch.device:
        return self.device() if self.backend == "nccl" else torch.device("cpu")

    def destroy(self) -> None:
        if torch_dist.is_initialized():
            torch_dist.destroy_process_group()


def init_from_env() -> Dist | None:
    """Join the process group ``torchrun`` describes in the environment; None when this is a
    single process (no ``WORLD_SIZE`` > 1).

    Raises
    ------
    RuntimeError
        The rendezvous fails (another error is PyTorch's own).
    """
    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world <= 1:
        return None
    rank = int(os.environ["RANK"])
    local = int(os.environ.get("LOCAL_RANK", rank))
    backend = "nccl" if torch.cuda.is_available() and torch_dist.is_nccl_available() else "gloo"
    if backend == "nccl":
        torch.cuda.set_device(local)
    if not torch_dist.is_initialized():
        torch_dist.init_process_group(backend=backend, timeout=_TIMEOUT)
    return Dist(rank, world, local, backend)


class NullStore:
    """The run store of ranks other than 0: they log nothing (rank 0 logs every row)."""

    def log_scalars(self, *a, **k) -> None:
        pass

    def log_event(self, *a, **k) -> None:
        pass

    def log_sample(self, *a, **k) -> None:
        pass

    def flush(self, *a, **k) -> None:
        pass

    def delete_after(self, *a, **k) -> None:
        pass

    def close(self) -> None:
        pass


class StepAnnouncer:
    """Rank 0 announces every step to the other ranks with that step's mixture weights (a
    broadcast of ``[1, w_1 .. w_n]``), and the end of training (``[0, ...]``); the other ranks
    :meth:`follow`, so every rank trains the same steps with the same mixture."""

    def __init__(self, dist: Dist, n_sources: int) -> None:
        self.dist = dist
        self.n = n_sources
        self.released = False

    def announce(self, weights: np.ndarray) -> None:
        """Rank 0: the next step trains with ``weights`` (n,)."""
        self.dist.broadcast_floats(np.concatenate([[1.0], weights]), 1 + self.n)

    def release(self) -> None:
        """Rank 0, once: training has ended (a rank already gone is logged: torchrun ends the others)."""
        if self.released:
            return
        self.released = True
        try:
            self.dist.broadcast_floats(np.zeros(1 + self.n), 1 + self.n)
        except RuntimeError as exc:
            log.error("could not release the other ranks: %s", exc)

    def follow(self, train: Callable[[np.ndarray], None]) -> None:
        """Other ranks: ``train(weights)`` for each step rank 0 announces, until it says stop."""
        while True:
            msg = self.dist.broadcast_floats(None, 1 + self.n)
            if msg[0] == 0.0:
                return
            train(msg[1:].copy())
