"""Curvature and the whole terrain job: Hessian-vector products, the top eigenvalues (scipy's
``eigsh`` on a ``LinearOperator``), Hutchinson's trace estimate, basin width, and
:func:`compute_terrain`, which combines them with the slices and the trajectory of
:mod:`.geometry`. Sources are given with each function (PyHessian, Yao et al., 2020;
Hutchinson, 1989; Cohen et al., 2021)."""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn
from torch.func import grad, vjp

from ..config import TerrainConfig
from ..rundir.terrain import TerrainResult
from .geometry import (
    FixedRows,
    LossFn,
    Params,
    _axpy,
    _check_cancel,
    _MathAttention,
    _scalar,
    derive_seed,
    flatten,
    model_loss_fn,
    plane_extent,
    random_directions,
    slice_2d,
    trajectory_pca,
    unflatten,
)

__all__ = ["hvp_function", "hessian_operator", "EigenResult", "top_eigenvalues", "TraceResult", "hutchinson_trace", "BasinWidth", "basin_width", "compute_terrain"]

log = logging.getLogger(__name__)


# ------------------------------------------------------------------------------ curvature
def hvp_function(loss_fn: LossFn, weights: Params, math_attention: bool = True) -> Callable[[Params], Params]:
    """``v -> H v``, H the Hessian of the mean loss at ``weights``.

    Reverse-over-reverse with ``torch.func``: ``vjp(grad(L), w)`` builds the gradient's graph
    once and each call is one more backward pass (H is symmetric, so the vector-Jacobian
    product of the gradient is H v). Under :class:`_MathAttention` when ``math_attention``.
    """
    f = _scalar(loss_fn)
    ctx = _MathAttention() if math_attention else _null()
    with ctx:
        _, vjp_fn = vjp(grad(f), weights)

    def hvp(v: Params) -> Params:
        with _MathAttention() if math_attention else _null():
            return vjp_fn(v)[0]

    return hvp


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def hessian_operator(hvp: Callable[[Params], Params], like: Params,
                     cancel: Callable[[], bool] | None = None):
    """The Hessian as a ``scipy.sparse.linalg.LinearOperator`` on float64 vectors.

    Returns
    -------
    (op, counter): ``op`` of shape (n_params, n_params); ``counter[0]`` counts its matvecs.
    """
    from scipy.sparse.linalg import LinearOperator

    n = sum(p.numel() for p in like.values())
    first = next(iter(like.values()))
    counter = [0]

    def matvec(v: np.ndarray) -> np.ndarray:
        _check_cancel(cancel)
        counter[0] += 1
        t = torch.as_tensor(np.ascontiguousarray(v).reshape(-1), dtype=first.dtype).to(first.device)
        return flatten(hvp(unflatten(t, like))).detach().double().cpu().numpy()

    return LinearOperator((n, n), matvec=matvec, rmatvec=matvec, dtype=np.float64), counter


@dataclass(frozen=True)
class EigenResult:
    """Top Hessian eigenvalues (largest first), the matvecs used and whether ARPACK converged."""

    values: np.ndarray
    matvecs: int
    converged: bool


def top_eigenvalues(hvp: Callable[[Params], Params], like: Params, k: int = 1, tol: float = 1e-2,
                    seed: int = 0, ncv: int | None = None, maxiter: int | None = None,
                    cancel: Callable[[], bool] | None = None) -> EigenResult:
    """The ``k`` largest (algebraic) eigenvalues of the Hessian, by implicitly restarted Lanczos
    (ARPACK through ``scipy.sparse.linalg.eigsh``, ``which='LA'``) on Hessian-vector products.

    Parameters
    ----------
    hvp
        ``v -> H v`` (:func:`hvp_function`).
    like
        Weights whose shapes define the vector space.
    tol
        ARPACK's relative accuracy of the Ritz values.
    seed
        Seed of the start vector (ARPACK's own random start would depend on earlier calls).
    ncv
        Lanczos vectors kept (default ``max(2k + 2, 8)``, at most n_params); memory is
        8 bytes x n_params x ncv. Each restart costs about ``ncv - k`` Hessian-vector products;
        scipy's default of 20 doubles the products a well-separated top eigenvalue needs.
    maxiter
        Restarts allowed (default 20): at most about ``maxiter (ncv - k)`` products, after
        which the values found so far are returned with ``converged`` False.

    Returns
    -------
    EigenResult with (k,) float64 values, largest first; if ARPACK stops before converging,
    the values it has (``converged`` False; NaN where it has none).
    """
    from scipy.sparse.linalg import ArpackNoConvergence, eigsh

    op, counter = hessian_operator(hvp, like, cancel)
    n = op.shape[0]
    if n <= k + 1:  # ARPACK needs k < n - 1: tiny problems take the dense route
        H = np.stack([op.matvec(e) for e in np.eye(n)], axis=1)
        vals = np.linalg.eigvalsh(0.5 * (H + H.T))[::-1][:k]
        return EigenResult(vals.astype(np.float64), counter[0], True)
    rng = np.random.default_rng(derive_seed(seed, "eig-v0"))
    v0 = rng.standard_normal(n)
    ncv = min(n, ncv or max(2 * k + 2, 8))
    try:
        vals = eigsh(op, k=k, which="LA", tol=tol, v0=v0, ncv=ncv, maxiter=maxiter or 20,
                     return_eigenvectors=False)
        converged = True
    except ArpackNoConvergence as exc:
        vals = np.asarray(exc.eigenvalues, dtype=np.float64)
        converged = False
    vals = np.sort(np.asarray(vals, dtype=np.float64))[::-1]
    vals = np.concatenate([vals, np.full(k - len(vals), np.nan)])
    return EigenResult(vals, counter[0], converged)


@dataclass(frozen=True)
class TraceResult:
    """Hutchinson's estimate of tr(H): the mean of ``samples`` (zᵀ H z per probe) and its
    standard error ``std(samples, ddof=1) / sqrt(m)`` (NaN for m < 2)."""

    estimate: float
    stderr: float
    samples: np.ndarray


def hutchinson_trace(hvp: Callable[[Params], Params], like: Params, n_samples: int, seed: int,
                     cancel: Callable[[], bool] | None = None) -> TraceResult:
    """tr(H) ≈ (1/m) sum_i z_iᵀ H z_i with Rademacher z_i (Hutchinson, 1990).

    Each term is unbiased with variance ``2 (||H||_F² - sum_i H_ii²)`` (Avron & Toledo, 2011),
    so the estimate's standard deviation is ``sqrt(2 (||H||_F² - sum H_ii²) / m)``; the
    returned ``stderr`` estimates it from the samples.
    """
    gen = torch.Generator().manual_seed(derive_seed(seed, "hutchinson"))
    samples = []
    for _ in range(int(n_samples)):
        _check_cancel(cancel)
        z = {k: (torch.randint(0, 2, p.shape, generator=gen).to(dtype=p.dtype) * 2 - 1).to(p.device)
             for k, p in like.items()}
        hz = hvp(z)
        samples.append(float(sum((hz[k].double() * z[k].double()).sum() for k in z)))
    s = np.asarray(samples, dtype=np.float64)
    if not s.size:
        return TraceResult(math.nan, math.nan, s)
    se = float(s.std(ddof=1) / math.sqrt(len(s))) if len(s) > 1 else math.nan
    return TraceResult(float(s.mean()), se, s)


@dataclass(frozen=True)
class BasinWidth:
    """Loss at radius rho along K directions.

    Attributes
    ----------
    rho
        Radius in filter-normalised units.
    centre
        L(w), nats/token.
    plus, minus
        (K,) L(w + rho d_k) and L(w - rho d_k).
    """

    rho: float
    centre: float
    plus: np.ndarray
    minus: np.ndarray

    @property
    def rise(self) -> np.ndarray:
        """(K,) ½ (L(w + rho d_k) + L(w - rho d_k)) - L(w) ≈ rho²/2 d_kᵀ H d_k: symmetric, so a
        slope (the weights are rarely at a minimum while training) does not count as width."""
        return 0.5 * (self.plus + self.minus) - self.centre

    @property
    def mean(self) -> float:
        return float(self.rise.mean())

    @property
    def max(self) -> float:
        return float(self.rise.max())


@torch.no_grad()
def basin_width(loss_fn: LossFn, weights: Params, rho: float, k: int, seed: int,
                centre: float | None = None, ignore_1d: bool = True,
                cancel: Callable[[], bool] | None = None) -> BasinWidth:
    """The loss rise at radius ``rho`` along ``k`` filter-normalised random directions (the
    local "wide vs narrow" of the seeds, in the spirit of Keskar et al., 2017's sharpness, with
    Li et al., 2018's filter normalisation so that the figure does not change when a
    scale-invariant network's weights are rescaled)."""
    f = _scalar(loss_fn)
    c = float(f(weights)) if centre is None else float(centre)
    dirs = random_directions(weights, k, derive_seed(seed, "basin"), ignore_1d)
    plus, minus = [], []
    for d in dirs:
        _check_cancel(cancel)
        plus.append(float(f(_axpy(weights, [(rho, d)]))))
        minus.append(float(f(_axpy(weights, [(-rho, d)]))))
    return BasinWidth(float(rho), c, np.asarray(plus), np.asarray(minus))


# ------------------------------------------------------------------------------ one job
def compute_terrain(
    net: nn.Module,
    weights: Params,
    rows: FixedRows,
    cfg: TerrainConfig,
    step: int,
    lr: float,
    seed: int,
    path: Sequence[tuple[int, np.ndarray]] = (),
    cancel: Callable[[], bool] | None = None,
    grid: int | None = None,
) -> TerrainResult:
    """Every terrain number of one weight snapshot.

    Parameters
    ----------
    net
        The architecture (:func:`skeleton_model`), in eval mode.
    weights
        The snapshot (a copy: it is not modified), on the device to compute on.
    rows
        The fixed held-out rows (moved to the weights' device here).
    cfg
        Grid sizes, radii, K, eigenvalues, Hutchinson probes.
    step, lr
        The snapshot's optimiser step and learning rate (recorded; 2/lr is the reference line).
    seed
        The run's seed: directions, probes and the eigensolver's start derive from it, so every
        step uses the same raw directions.
    path
        Earlier snapshots ``(step, (n_params,) float32)`` for the trajectory, oldest first; the
        snapshot itself is appended. Fewer than 2 earlier ones: no trajectory plane.
    cancel
        Polled between evaluations; True raises :class:`TerrainCancelled`.
    grid
        Overrides ``cfg.grid`` (the headless command's ``--grid``).

    Returns
    -------
    TerrainResult (see :mod:`andrea_desktop.core.rundir.terrain` for the arrays).
    """
    G = int(grid or cfg.grid)
    device = next(iter(weights.values())).device
    rows = rows.to(device)
    loss_fn = model_loss_fn(net, rows)
    timings: dict[str, float] = {}
    t = time.perf_counter()

    # the surface along two random filter-normalised directions; its centre row and column
    # are the 1-D slices
    d1, d2 = random_directions(weights, 2, derive_seed(seed, "plot"))
    alphas = np.linspace(-cfg.radius, cfg.radius, G)
    grid_rows = slice_2d(loss_fn, weights, d1, d2, alphas, alphas, cancel)  # (G, G, R)
    surface = grid_rows.mean(axis=-1)
    by_source = rows.source_means(grid_rows)
    centre = float(surface[G // 2, G // 2])
    timings["surface"] = time.perf_counter() - t
    del d1, d2

    # the trajectory plane
    t = time.perf_counter()
    flat_w = flatten(weights).detach().float().cpu().numpy()
    steps = [int(s) for s, _ in path] + [int(step)]
    snaps = [np.asarray(p, dtype=np.float32) for _, p in path] + [flat_w]
    plane_alphas = plane_betas = np.zeros(0)
    plane_surface = np.zeros((0, 0))
    if len(snaps) >= 2:
        plane = trajectory_pca(snaps)
        path_xy, explained = plane.coords, plane.explained
        if len(snaps) >= 3 and explained[1] > 0:
            dtype = next(iter(weights.values())).dtype
            e1 = unflatten(torch.from_numpy(plane.e1).to(device=device, dtype=dtype), weights)
            e2 = unflatten(torch.from_numpy(plane.e2).to(device=device, dtype=dtype), weights)
            plane_alphas, plane_betas = plane_extent(path_xy, int(cfg.plane_grid))
            plane_surface = slice_2d(loss_fn, weights, e1, e2, plane_alphas, plane_betas, cancel).mean(axis=-1)
    else:
        path_xy, explained = np.zeros((1, 2)), np.full(2, np.nan)
    timings["trajectory"] = time.perf_counter() - t

    # sharpness: top eigenvalues and the trace, on the same rows
    t = time.perf_counter()
    hvp = hvp_function(loss_fn, weights)
    eig = top_eigenvalues(hvp, weights, k=cfg.eigenvalues, tol=cfg.eig_tol, seed=seed, cancel=cancel)
    timings["eigenvalues"] = time.perf_counter() - t
    t = time.perf_counter()
    tr = hutchinson_trace(hvp, weights, cfg.hutchinson_samples, seed, cancel)
    timings["trace"] = time.perf_counter() - t
    del hvp

    t = time.perf_counter()
    basin = basin_width(loss_fn, weights, cfg.basin_radius, cfg.basin_directions, seed, centre, cancel=cancel)
    timings["basin"] = time.perf_counter() - t

    return TerrainResult(
        step=int(step), lr=float(lr), n_params=int(flat_w.size), n_rows=len(rows.source),
        seed=int(seed), sources=np.asarray(rows.names, dtype=str),
        alphas=alphas, betas=alphas.copy(), surface=surface.astype(np.float32),
        surface_by_source=by_source.astype(np.float32),
        path_steps=np.asarray(steps, dtype=np.int64), path_xy=np.asarray(path_xy, dtype=np.float64),
        path_explained=np.asarray(explained, dtype=np.float64),
        plane_alphas=np.asarray(plane_alphas, dtype=np.float64), plane_betas=np.asarray(plane_betas, dtype=np.float64),
        plane_surface=np.asarray(plane_surface, dtype=np.float32),
        eigenvalues=eig.values, eig_matvecs=eig.matvecs, eig_converged=eig.converged,
        trace=tr.estimate, trace_stderr=tr.stderr, trace_samples=len(tr.samples),
        basin_radius=basin.rho, basin_plus=basin.plus, basin_minus=basin.minus,
        timing_names=np.asarray(list(timings), dtype=str), timing_s=np.asarray(list(timings.values())),
        wall_time=time.time(),
    )
