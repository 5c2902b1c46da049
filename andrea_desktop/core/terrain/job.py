"""One terrain job in cheap-first parts, each a result of its own.

A job's numbers do not cost the same, nor matter the same: sharpness (lambda_max) and basin
width answer "is training near the edge of stability, in a wide or a narrow basin" and cost a
few dozen loss evaluations; the surfaces cost hundreds. :func:`terrain_parts` therefore computes
a job as three parts, each ending in a :class:`~andrea_desktop.core.rundir.terrain.TerrainResult`
that is stored and drawn as it lands (its ``part``):

1. :data:`PART_SHARPNESS`: the loss at the weights, lambda_max (Lanczos, :func:`.curvature.lanczos_steps`)
   and the basin width (``2 K`` evaluations); no surface yet.
2. :data:`PART_COARSE`: a coarse surface (:data:`COARSE_GRID` points per axis) along the two plot
   directions.
3. :data:`PART_FULL`: the surface at ``terrain.grid`` (the coarse points are reused where the two
   grids share them), the trajectory plane and the Hutchinson trace.

The generator yields after every unit of work (one loss evaluation or one Hessian-vector
product), so whoever drives it decides when the work runs: a worker runs it through
(:func:`compute_terrain`), the training thread runs a share of it between its steps
(:mod:`andrea_desktop.core.terrain_jobs.inline`). Each yield is a :class:`Progress` or a result.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from ..config import TerrainConfig
from ..rundir.terrain import PART_COARSE, PART_FULL, PART_SHARPNESS, TerrainResult
from .curvature import basin_steps, hvp_function, lanczos_steps
from .geometry import (
    FixedRows,
    Params,
    _axpy,
    _check_cancel,
    derive_seed,
    flatten,
    model_loss_fn,
    plane_extent,
    random_directions,
    trajectory_pca,
    unflatten,
)

__all__ = ["PART_SHARPNESS", "PART_COARSE", "PART_FULL", "COARSE_GRID", "HVP_UNITS", "Progress", "terrain_parts",
           "compute_terrain", "job_units"]

COARSE_GRID = 5
"""Points per axis of part 2's surface."""
HVP_UNITS = 8.0
"""What one Hessian-vector product costs in loss evaluations (reverse over reverse, the math
attention kernel: 6 to 12 measured on andrea-tiny, ``benchmarks/terrain_bench.py``); the
progress fraction's weight only."""
LANCZOS_MAX = 20
"""Hessian-vector products the Lanczos iteration may take (about 10 reach a relative residual of
1e-2 on andrea-tiny); its basis holds this many vectors of n_params float32 values (andrea-120m:
9.6 GB at most, on the job's device)."""


@dataclass(frozen=True)
class Progress:
    """Where a job stands: the part under way (1 to 3) and the work done and planned, in loss
    evaluations (a Hessian-vector product counts :data:`HVP_UNITS`)."""

    step: int
    part: int
    done: float
    total: float

    @property
    def fraction(self) -> float:
        """done / total in [0, 1]."""
        return min(1.0, self.done / self.total) if self.total > 0 else 0.0


def _coarse_grid(G: int) -> int:
    return COARSE_GRID if G > COARSE_GRID else 0


def job_units(cfg: TerrainConfig, grid: int | None = None, path_len: int = 0) -> dict[int, float]:
    """The planned work of each part in loss evaluations (the Lanczos iteration counted at its
    bound, the plane only when the path has >= 2 earlier snapshots)."""
    G = int(grid or cfg.grid)
    Gc = _coarse_grid(G)
    shared = Gc * Gc if Gc and (G - 1) % (Gc - 1) == 0 else 0
    plane = cfg.plane_grid**2 if path_len >= 2 else 0
    return {PART_SHARPNESS: 1 + LANCZOS_MAX * HVP_UNITS + 2 * cfg.basin_directions,
            PART_COARSE: Gc * Gc, PART_FULL: G * G - shared + plane + cfg.hutchinson_samples * HVP_UNITS}


def terrain_parts(net: nn.Module, weights: Params, rows: FixedRows, cfg: TerrainConfig, step: int, lr: float,
                  seed: int, path: Sequence[tuple[int, np.ndarray]] = (), grid: int | None = None,
                  ) -> Generator[Progress | TerrainResult, None, None]:
    """The terrain of one weight snapshot, part by part (see the module docstring).

    Parameters
    ----------
    net
        The architecture (:func:`~.geometry.skeleton_model`), in eval mode.
    weights
        The snapshot (not modified), on the device to compute on.
    rows
        The fixed held-out rows (moved to the weights' device).
    cfg
        Grid sizes, radii, K, eigenvalues, Hutchinson probes.
    step, lr
        The snapshot's optimiser step and learning rate (2/lr is the reference line).
    seed
        The run's seed: directions, probes and the Lanczos start derive from it.
    path
        Earlier snapshots ``(step, (n_params,) float32)``, oldest first, for the trajectory.
    grid
        Overrides ``cfg.grid``.

    Yields
    ------
    :class:`Progress` after each unit of work; a :class:`TerrainResult` at the end of each part
    (``part`` 1, 2 where the grid is larger than the coarse one, then 3).
    """
    G = int(grid or cfg.grid)
    Gc = _coarse_grid(G)
    device = next(iter(weights.values())).device
    rows = rows.to(device)
    loss_fn = model_loss_fn(net, rows)
    plan = job_units(cfg, G, len(path))
    total = sum(plan.values())
    done = 0.0
    timings: dict[str, float] = {}
    flat_w = flatten(weights).detach().float().cpu().numpy()
    S = len(rows.names)

    def tick(part: int, units: float = 1.0) -> Progress:
        nonlocal done
        done += units
        return Progress(int(step), part, done, total)

    @torch.no_grad()
    def evaluate(terms) -> np.ndarray:
        return loss_fn(_axpy(weights, terms)).double().cpu().numpy()

    # ---- part 1: the loss, lambda_max, basin width
    t = time.perf_counter()
    centre_rows = evaluate([])
    centre = float(centre_rows.mean())
    yield tick(PART_SHARPNESS)
    hvp = hvp_function(loss_fn, weights)
    eig = yield from _counted(lanczos_steps(hvp, weights, k=cfg.eigenvalues, tol=cfg.eig_tol, seed=seed,
                                            max_iter=LANCZOS_MAX), lambda: tick(PART_SHARPNESS, HVP_UNITS))
    total -= (LANCZOS_MAX - eig.matvecs) * HVP_UNITS  # it converged early: less left to do
    timings["eigenvalues"] = time.perf_counter() - t
    t = time.perf_counter()
    basin = yield from _counted(basin_steps(loss_fn, weights, cfg.basin_radius, cfg.basin_directions, seed, centre),
                                lambda: tick(PART_SHARPNESS))
    timings["basin"] = time.perf_counter() - t
    base = dict(step=int(step), lr=float(lr), n_params=int(flat_w.size), n_rows=len(rows.source), seed=int(seed),
                sources=np.asarray(rows.names, dtype=str), eigenvalues=eig.values, eig_matvecs=eig.matvecs,
                eig_converged=eig.converged, basin_radius=basin.rho, basin_plus=basin.plus,
                basin_minus=basin.minus, basin_norm2=basin.norm2, loss=centre)
    no_path = dict(path_steps=np.asarray([int(step)], dtype=np.int64), path_xy=np.zeros((1, 2)),
                   path_explained=np.full(2, np.nan), plane_alphas=np.zeros(0), plane_betas=np.zeros(0),
                   plane_surface=np.zeros((0, 0), dtype=np.float32))
    no_trace = dict(trace=math.nan, trace_stderr=math.nan, trace_samples=0)

    def result(part: int, alphas: np.ndarray, grid_rows: np.ndarray | None, **rest) -> TerrainResult:
        if grid_rows is None:
            surface, by_source = np.zeros((0, 0)), np.zeros((S, 0, 0))
        else:
            surface, by_source = grid_rows.mean(axis=-1), rows.source_means(grid_rows)
        return TerrainResult(**base, **rest, part=part, alphas=alphas, betas=alphas.copy(),
                             surface=surface.astype(np.float32), surface_by_source=by_source.astype(np.float32),
                             timing_names=np.asarray(list(timings), dtype=str),
                             timing_s=np.asarray(list(timings.values()), dtype=np.float64), wall_time=time.time())

    yield result(PART_SHARPNESS, np.zeros(0), None, **no_path, **no_trace)

    # ---- part 2: a coarse surface; part 3 reuses its points where the grids share them
    d1, d2 = random_directions(weights, 2, derive_seed(seed, "plot"))
    alphas = np.linspace(-cfg.radius, cfg.radius, G)
    R = len(rows.source)
    grid_rows = np.full((G, G, R), np.nan)
    known = np.zeros((G, G), dtype=bool)
    if Gc:
        t = time.perf_counter()
        coarse = np.linspace(-cfg.radius, cfg.radius, Gc)
        coarse_rows = np.zeros((Gc, Gc, R))
        stride = (G - 1) // (Gc - 1) if (G - 1) % (Gc - 1) == 0 else 0
        for i, b in enumerate(coarse):
            for j, a in enumerate(coarse):
                coarse_rows[i, j] = evaluate([(float(a), d1), (float(b), d2)])
                if stride:
                    grid_rows[i * stride, j * stride] = coarse_rows[i, j]
                    known[i * stride, j * stride] = True
                yield tick(PART_COARSE)
        timings["coarse surface"] = time.perf_counter() - t
        yield result(PART_COARSE, coarse, coarse_rows, **no_path, **no_trace)

    # ---- part 3: the full surface, the trajectory plane, the trace
    t = time.perf_counter()
    for i, b in enumerate(alphas):
        for j, a in enumerate(alphas):
            if not known[i, j]:
                grid_rows[i, j] = evaluate([(float(a), d1), (float(b), d2)])
                yield tick(PART_FULL)
    timings["surface"] = time.perf_counter() - t
    del d1, d2
    t = time.perf_counter()
    steps = [int(s) for s, _ in path] + [int(step)]
    snaps = [np.asarray(p, dtype=np.float32) for _, p in path] + [flat_w]
    plane_alphas = plane_betas = np.zeros(0)
    plane_surface = np.zeros((0, 0))
    path_xy, explained = np.zeros((1, 2)), np.full(2, np.nan)
    if len(snaps) >= 2:
        plane = trajectory_pca(snaps)
        path_xy, explained = plane.coords, plane.explained
        if len(snaps) >= 3 and explained[1] > 0:
            dtype = next(iter(weights.values())).dtype
            e1 = unflatten(torch.from_numpy(plane.e1).to(device=device, dtype=dtype), weights)
            e2 = unflatten(torch.from_numpy(plane.e2).to(device=device, dtype=dtype), weights)
            plane_alphas, plane_betas = plane_extent(path_xy, int(cfg.plane_grid))
            plane_surface = np.zeros((len(plane_betas), len(plane_alphas)))
            for i, b in enumerate(plane_betas):
                for j, a in enumerate(plane_alphas):
                    plane_surface[i, j] = evaluate([(float(a), e1), (float(b), e2)]).mean()
                    yield tick(PART_FULL)
    timings["trajectory"] = time.perf_counter() - t
    t = time.perf_counter()
    samples = []
    gen = torch.Generator().manual_seed(derive_seed(seed, "hutchinson"))
    for _ in range(int(cfg.hutchinson_samples)):  # Hutchinson (1990), as curvature.hutchinson_trace
        z = {k: (torch.randint(0, 2, p.shape, generator=gen).to(dtype=p.dtype) * 2 - 1).to(p.device)
             for k, p in weights.items()}
        hz = hvp(z)
        samples.append(float(sum((hz[k].double() * z[k].double()).sum() for k in z)))
        yield tick(PART_FULL, HVP_UNITS)
    del hvp
    s = np.asarray(samples, dtype=np.float64)
    trace = dict(trace=float(s.mean()) if s.size else math.nan,
                 trace_stderr=float(s.std(ddof=1) / math.sqrt(len(s))) if len(s) > 1 else math.nan,
                 trace_samples=len(s))
    timings["trace"] = time.perf_counter() - t
    yield result(PART_FULL, alphas, grid_rows, path_steps=np.asarray(steps, dtype=np.int64),
                 path_xy=np.asarray(path_xy, dtype=np.float64), path_explained=np.asarray(explained, dtype=np.float64),
                 plane_alphas=np.asarray(plane_alphas, dtype=np.float64),
                 plane_betas=np.asarray(plane_betas, dtype=np.float64),
                 plane_surface=np.asarray(plane_surface, dtype=np.float32), **trace)


def _counted(inner: Generator, on_step: Callable[[], Progress]):
    """Run ``inner`` (a generator that yields after each unit), yielding ``on_step()`` for each
    unit; returns what ``inner`` returns."""
    while True:
        try:
            next(inner)
        except StopIteration as stop:
            return stop.value
        yield on_step()


def compute_terrain(net: nn.Module, weights: Params, rows: FixedRows, cfg: TerrainConfig, step: int, lr: float,
                    seed: int, path: Sequence[tuple[int, np.ndarray]] = (), cancel: Callable[[], bool] | None = None,
                    grid: int | None = None, on_part: Callable[[TerrainResult], None] | None = None,
                    on_progress: Callable[[Progress], None] | None = None) -> TerrainResult:
    """Every terrain number of one weight snapshot: :func:`terrain_parts` run through.

    ``cancel`` is polled after each unit of work (True raises
    :class:`~.geometry.TerrainCancelled`); ``on_part`` gets each part's result as it lands
    (parts 1 and 2: the last one is returned), ``on_progress`` each :class:`Progress`.

    Returns
    -------
    The complete (``part`` 3) :class:`TerrainResult` (see :mod:`andrea_desktop.core.rundir.terrain`).
    """
    last = None
    for item in terrain_parts(net, weights, rows, cfg, step, lr, seed, path, grid):
        if isinstance(item, TerrainResult):
            last = item
            if on_part is not None and item.part < PART_FULL:
                on_part(item)
        elif on_progress is not None:
            on_progress(item)
        _check_cancel(cancel)
    return last
