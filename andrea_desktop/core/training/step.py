"""One optimiser step and one evaluation of a run's model: the batch of a step, the forward and
backward passes, gradient clipping, the non-finite guard and the validation loss.

:class:`StepRunner` owns the model, its DDP wrapper and the AdamW optimiser; it knows nothing of
the run store, commands or the curriculum (the :class:`~andrea_desktop.core.training.trainer.Trainer`
hands it each step's number and mixture).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch

from ..config import Config
from ..data import Dataset
from ..hf.init_from import load_init_weights
from ..metrics import AnomalyKind
from ..mixture.sampler import sample_rows
from ..model import GPT
from ..schedule import Anchor, lr_at
from .distributed import Dist
from .events import StepRecord

__all__ = ["StepRunner"]


class StepRunner:
    """The model of a run, its optimiser, and what one step or one evaluation does to them.

    Parameters
    ----------
    cfg
        The run's configuration (model, optimiser, schedule, batch, seed).
    dataset
        Tokenised sources: training rows are drawn from ``sources[i].train``, validation
        windows from ``sources[i].val``.
    device
        Where the model lives.
    dist
        This process's place under ``torchrun``, or None (one process).
    run_dir
        The run's folder: with ``model.init_from`` set, the folder's weights are loaded into the
        new model (:func:`~andrea_desktop.core.hf.init_from.load_init_weights`); None: never.

    Notes
    -----
    The model's initial weights come from ``torch.manual_seed(run.seed)``, set here, or from
    ``model.init_from``; a resumed run then loads its checkpoint's.
    """

    def __init__(self, cfg: Config, dataset: Dataset, device: torch.device, dist: Dist | None,
                 run_dir: Path | None = None) -> None:
        self.config = cfg
        self.device = device
        self.dist = dist
        self.source_names = dataset.names
        self._train = [s.train for s in dataset.sources]
        self._val = [s.val for s in dataset.sources]
        self.lengths = np.array([len(a) for a in self._train], dtype=np.int64)
        torch.manual_seed(cfg.run.seed)
        self.model = GPT(cfg.model).to(device)
        if run_dir is not None:
            load_init_weights(self.model, cfg, run_dir)  # model.init_from's weights, if set
        # the module that trains: DDP all-reduces gradients across ranks in backward()
        self.ddp = self.model
        if dist is not None:
            from torch.nn.parallel import DistributedDataParallel

            self.ddp = DistributedDataParallel(
                self.model, device_ids=[device.index] if device.type == "cuda" else None)
        self.optimizer = self._make_optimizer()
        self.lr_anchor: Anchor | None = None
        """Where a re-planned schedule continues from (:mod:`andrea_desktop.core.schedule`); a
        resume with other schedule settings sets it."""
        self._autocast = torch.autocast("cuda", dtype=torch.bfloat16) if device.type == "cuda" else None

    def _make_optimizer(self) -> torch.optim.AdamW:
        """AdamW with weight decay on >= 2-D tensors (matrices, embeddings) only."""
        oc = self.config.optimizer
        params = [p for p in self.model.parameters() if p.requires_grad]
        decay = [p for p in params if p.dim() >= 2]
        no_decay = [p for p in params if p.dim() < 2]
        groups = [
            {"params": decay, "weight_decay": oc.weight_decay},
            {"params": no_decay, "weight_decay": 0.0},
        ]
        kwargs = {"fused": True} if self.device.type == "cuda" else {}
        return torch.optim.AdamW(groups, lr=0.0, betas=tuple(oc.betas), eps=oc.eps, **kwargs)

    @property
    def tokens_per_step(self) -> int:
        """Training tokens per optimiser step (batch_size x block_size)."""
        return self.config.train.batch_size * self.config.model.block_size

    def local_rows(self) -> np.ndarray:
        """Global row indices this process trains: all B of them, or rank r's B/K under torchrun."""
        B = self.config.train.batch_size
        if self.dist is None:
            return np.arange(B)
        b = B // self.dist.world_size
        return np.arange(self.dist.rank * b, (self.dist.rank + 1) * b)

    def batch(self, step: int, weights: np.ndarray) -> tuple[torch.Tensor, torch.Tensor, np.ndarray]:
        """Inputs, targets and sources of ``step``'s global batch, drawn from mixture ``weights``.

        The sampler runs once, over all B global rows (a pure function of (seed, step, row),
        :func:`~andrea_desktop.core.mixture.sampler.sample_rows`); this process loads only its
        own rows (:meth:`local_rows`).

        Returns
        -------
        x, y
            (b, T) int64 on the device, b = B / processes; y is x shifted by one token.
        sources
            (B,) int64 source index of every row of the global batch.
        """
        T = self.config.model.block_size
        B = self.config.train.batch_size
        sources, offsets = sample_rows(self.config.run.seed, step, np.arange(B), weights, self.lengths, T + 1)
        rows = self.local_rows()
        mine_s, mine_o = sources[rows], offsets[rows]
        data = np.stack([self._train[s][o : o + T + 1] for s, o in zip(mine_s, mine_o, strict=False)])
        rows_t = torch.from_numpy(data.astype(np.int64))
        if self.device.type == "cuda":
            rows_t = rows_t.pin_memory().to(self.device, non_blocking=True)
        else:
            rows_t = rows_t.to(self.device)
        return rows_t[:, :-1], rows_t[:, 1:], sources

    def forward(self, x: torch.Tensor, y: torch.Tensor, train: bool = False) -> torch.Tensor:
        """(b,) mean loss of each row, nats/token (``train``: through DDP's gradient hooks)."""
        module = self.ddp if train else self.model  # evaluation never enters DDP's hooks
        if self._autocast is not None:
            with self._autocast:
                return module(x, y)[1]
        return module(x, y)[1]

    def update(self, step: int, x: torch.Tensor, y: torch.Tensor, sources: np.ndarray,
               t0: float | None = None) -> StepRecord | dict:
        """Optimiser update ``step`` on a batch (:meth:`batch`).

        ``t0`` (``time.perf_counter()`` when the step began, default now) times the step.

        Returns
        -------
        A :class:`StepRecord`, or an anomaly payload (dict, kind ``nan``) when the loss or the
        gradient norm is not finite: then the gradients are dropped and no update is made.
        """
        t0 = time.perf_counter() if t0 is None else t0
        lr = lr_at(step, self.config.schedule, self.config.optimizer.lr, self.lr_anchor)
        for g in self.optimizer.param_groups:
            g["lr"] = lr
        self.model.train()
        local_rows = self._backward(x, y)
        grad_norm = self._clip()
        row_np, loss_v, gn_v = self._to_host(local_rows, grad_norm)
        if not (math.isfinite(loss_v) and math.isfinite(gn_v)):
            self.optimizer.zero_grad(set_to_none=True)
            bad = [self.source_names[s] for s in np.unique(sources[~np.isfinite(row_np)])]
            return {"kind": AnomalyKind.NAN.value, "step": step, "loss": loss_v, "grad_norm": gn_v,
                    "sources": bad, "source": bad[0] if len(bad) == 1 else None}
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        n = len(self.source_names)
        counts = np.bincount(sources, minlength=n)
        sums = np.bincount(sources, weights=row_np, minlength=n)
        source_loss = {self.source_names[i]: float(sums[i] / counts[i]) for i in range(n) if counts[i]}
        dt = time.perf_counter() - t0
        source_rows = {self.source_names[i]: int(counts[i]) for i in range(n) if counts[i]}
        return StepRecord(step, loss_v, lr, gn_v, self.tokens_per_step / dt, source_loss, time.time(), source_rows)

    def _backward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        """Forward and backward over this process's rows; returns their (b,) losses (detached)."""
        m = self.config.train.grad_accum
        if m == 1:
            row_loss = self.forward(x, y, train=True)  # (b,)
            row_loss.mean().backward()
            return row_loss.detach()
        # gradient accumulation: m micro-batches, one all-reduce (the last backward)
        b, mb = len(x), len(x) // m
        parts = []
        for i in range(m):
            sync = self.dist is None or i == m - 1
            with contextlib.nullcontext() if sync else self.ddp.no_sync():
                rl = self.forward(x[i * mb:(i + 1) * mb], y[i * mb:(i + 1) * mb], train=True)
                (rl.sum() / b).backward()
            parts.append(rl.detach())
        return torch.cat(parts)

    def _clip(self) -> torch.Tensor:
        """The global gradient L2 norm before clipping (0-d tensor on the device); clips to
        ``optimizer.grad_clip`` when it is > 0."""
        clip = self.config.optimizer.grad_clip
        params = [p for p in self.model.parameters() if p.grad is not None]
        if clip > 0:
            return torch.nn.utils.clip_grad_norm_(params, clip)
        return torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in params]))

    def _to_host(self, local_rows: torch.Tensor, grad_norm: torch.Tensor) -> tuple[np.ndarray, float, float]:
        """The step's numbers on the host with ONE device-to-host copy (the sync is needed to refuse
        a non-finite update before it happens): every row's loss (B,), their mean and the norm.

        One process: rows, batch mean and norm go in one float64 tensor (float32 values widen
        exactly). Under torchrun: each rank appends its norm to its rows and one all-gather
        brings every rank's rows, in global order, to every rank, so all decide alike.
        """
        b = len(local_rows)
        if self.dist is None:
            loss = local_rows.mean()  # the mean the backward pass used, as a float32 number
            packed = torch.cat([local_rows.float().reshape(-1), loss.float().reshape(1),
                                grad_norm.detach().float().reshape(1)]).double().cpu().numpy()
            return packed[:b], float(packed[b]), float(packed[b + 1])
        packed = self.dist.gather_rows(torch.cat([local_rows.float(), grad_norm.detach().float().reshape(1)]))
        per_rank = packed.reshape(self.dist.world_size, b + 1)
        row_np = per_rank[:, :b].reshape(-1)
        return row_np, float(row_np.astype(np.float64).mean()), float(per_rank[self.dist.rank, b])

    @torch.no_grad()
    def evaluate(self, stopped: Callable[[], bool] = lambda: False) -> dict[str, float] | None:
        """Validation loss of every source on fixed windows of its held-out tail.

        Parameters
        ----------
        stopped
            Asked between batches; True abandons the evaluation (a stop does not wait for it).

        Returns
        -------
        ``{source: mean loss in nats/token}``; the same windows every time, so values at
        different steps compare. None if ``stopped`` said so.
        """
        B, T = self.config.train.batch_size, self.config.model.block_size
        n_rows = self.config.train.eval_rows
        self.model.eval()
        out = {}
        for name, val in zip(self.source_names, self._val, strict=False):
            starts = np.linspace(0, len(val) - (T + 1), n_rows).astype(np.int64)
            losses = []
            for i in range(0, n_rows, B):
                if stopped():
                    self.model.train()
                    return None
                rows = np.stack([val[o : o + T + 1] for o in starts[i : i + B]]).astype(np.int64)
                t = torch.from_numpy(rows).to(self.device)
                losses.append(self.forward(t[:, :-1], t[:, 1:]).float().cpu())
            out[name] = float(torch.cat(losses).mean())
        self.model.train()
        return out
