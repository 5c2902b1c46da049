"""The worker's side of a terrain job: :class:`TerrainComputer` (model skeleton, fixed rows,
trajectory snapshots), the weights of a checkpoint, and :func:`compute_newest` (the panel's
Compute button)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file

from ..config import Config, ModelConfig, TerrainConfig
from ..rundir.checkpoint import CheckpointError, CheckpointInfo, list_checkpoints, read_checkpoint
from ..rundir.layout import MODEL_FILE
from ..rundir.terrain import TerrainResult, write_result
from ..terrain import (
    FixedRows,
    Params,
    Progress,
    compute_terrain,
    flatten,
    skeleton_model,
    terrain_parts,
    weights_from_state_dict,
)

__all__ = ["TerrainComputer", "checkpoint_weights", "compute_newest", "terrain_enabled"]

log = logging.getLogger(__name__)


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
                grid: int | None = None, write: bool = True,
                on_part: Callable[[TerrainResult], None] | None = None,
                on_progress: Callable[[Progress], None] | None = None) -> TerrainResult:
        """The terrain of ``weights`` (taken as step ``step``), written to the run folder part by
        part (each part replaces the last: :mod:`andrea_desktop.core.terrain.job`); ``on_part``
        gets parts 1 and 2 once written, ``on_progress`` each unit of work."""
        weights = {k: v.to(self.device) for k, v in weights.items()}
        path = [p for p in self.path if p[0] < step]

        def part(r: TerrainResult) -> None:
            if write:
                write_result(self.run_dir, r)
            if on_part is not None:
                on_part(r)

        result = compute_terrain(self.net, weights, self.rows, self.cfg, step, lr, self.seed, path=path,
                                 cancel=cancel, grid=grid, on_part=part, on_progress=on_progress)
        self.add_path_point(step, flatten(weights).detach().float().cpu().numpy())
        if write:
            write_result(self.run_dir, result)
        return result

    def job(self, step: int, lr: float, weights: Params):
        """The job of :meth:`compute` as a generator (:func:`~andrea_desktop.core.terrain.terrain_parts`):
        yields each :class:`~andrea_desktop.core.terrain.Progress`, and each part's result once it
        is written; the snapshot joins the path when the last part is in."""
        weights = {k: v.to(self.device) for k, v in weights.items()}
        path = [p for p in self.path if p[0] < step]
        for item in terrain_parts(self.net, weights, self.rows, self.cfg, step, lr, self.seed, path):
            if isinstance(item, TerrainResult):
                write_result(self.run_dir, item)
                if item.complete:
                    self.add_path_point(step, flatten(weights).detach().float().cpu().numpy())
            yield item


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


def compute_newest(run_dir: str | Path, device: str = "cpu", threads: int = 1,
                   cancel: Callable[[], bool] | None = None) -> TerrainResult | None:
    """The terrain of a run's newest readable checkpoint, written to the run folder and returned
    (``None`` when the run has no checkpoint): what the Terrain panel's Compute button asks for,
    run off the GUI thread. The run's earlier checkpoints form the path."""
    from ..rundir.layout import is_run_dir
    from ..schedule import lr_at
    from ..terrain import rows_for_dataset
    from ..training import prepare_run, resolve_device

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
