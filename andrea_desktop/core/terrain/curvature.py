"""Curvature and the whole terrain job: Hessian-vector products, the top eigenvalues (scipy's
``eigsh`` on a ``LinearOperator``), Hutchinson's trace estimate, basin width, and
:func:`compute_terrain`, which combines them with the slices and the trajectory of
:mod:`.geometry`. Sources are given with each function (PyHessian, Yao et al., 2020;
Hutchinson, 1989; Cohen et al., 2021). The staged job that combines them with the slices and the
trajectory is :mod:`.job`."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Generator
from dataclasses import dataclass

import numpy as np
import torch
from torch.func import grad, vjp

from .geometry import (
    LossFn,
    Params,
    _axpy,
    _check_cancel,
    _MathAttention,
    _scalar,
    derive_seed,
    flatten,
    random_directions,
    unflatten,
)

__all__ = ["hvp_function", "hessian_operator", "EigenResult", "top_eigenvalues", "lanczos_steps", "TraceResult",
           "hutchinson_trace", "BasinWidth", "basin_width", "basin_steps"]

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
        # no graph of the product itself: torch.func's vjp_fn builds one whenever grad mode is on
        # (the training thread's), and the inline jobs' products then slowed down step by step
        with torch.no_grad(), _MathAttention() if math_attention else _null():
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


def lanczos_steps(hvp: Callable[[Params], Params], like: Params, k: int = 1, tol: float = 1e-2, seed: int = 0,
                  max_iter: int = 30) -> Generator[None, None, EigenResult]:
    """The ``k`` largest eigenvalues of the Hessian by the Lanczos iteration with full
    re-orthogonalisation (Golub & Van Loan, "Matrix Computations", 4th ed., §10.1), one
    Hessian-vector product per step: a generator that yields after each product, so a caller can
    spread the work over the gaps between training steps (:mod:`.job`), and returns the
    :class:`EigenResult` (``result = yield from lanczos_steps(...)``).

    After step j the Ritz values of the (j, j) tridiagonal T_j approximate the extreme
    eigenvalues; the top ``k`` are accepted when each one's residual ``|beta_j s_j|`` (the last
    component of its Ritz vector times the next off-diagonal) is at most ``tol`` times its size,
    the criterion ARPACK applies (its ``tol``). The basis is kept in the weights' dtype on their
    device: ``max_iter`` x n_params values.

    Parameters
    ----------
    hvp, like, k, tol
        As :func:`top_eigenvalues`.
    seed
        Seed of the start vector (its own generator).
    max_iter
        Products at most; then the values found so far are returned with ``converged`` False.
    """
    first = next(iter(like.values()))
    n = sum(p.numel() for p in like.values())
    m = max(1, min(int(max_iter), n))
    gen = torch.Generator().manual_seed(derive_seed(seed, "lanczos-v0"))
    q = torch.randn(n, generator=gen, dtype=torch.float64).to(device=first.device, dtype=first.dtype)
    q = q / q.norm()
    basis: list[torch.Tensor] = []
    alphas: list[float] = []
    betas: list[float] = []
    vals = np.full(k, np.nan)
    converged = False
    for _ in range(m):
        basis.append(q)
        w = flatten(hvp(unflatten(q, like))).detach().to(first.dtype)
        yield
        alphas.append(float(torch.dot(w.double(), q.double())))
        for b in basis:  # full re-orthogonalisation, twice is enough (Parlett's "twice is enough")
            w = w - torch.dot(w, b) * b
        for b in basis:
            w = w - torch.dot(w, b) * b
        beta = float(w.double().norm())
        T = np.diag(alphas) + np.diag(betas, 1) + np.diag(betas, -1)
        theta, S = np.linalg.eigh(T)
        order = np.argsort(theta)[::-1][:k]
        vals = np.concatenate([theta[order], np.full(k - len(order), np.nan)])
        resid = np.abs(beta * S[-1, order])
        if len(order) == k and np.all(resid <= tol * np.maximum(np.abs(theta[order]), 1e-12)):
            converged = True
            break
        if beta <= 1e-12 * max(1.0, float(np.abs(theta).max())):  # an invariant subspace: T_j is exact
            converged = len(order) == k
            break
        betas.append(beta)
        q = w / beta
    return EigenResult(np.asarray(vals, dtype=np.float64), len(basis), converged)


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
    norm2
        (K,) ||d_k||², the squared L2 length of each direction (filter-normalised: about the
        squared norm of the weights that are not 1-D).
    """

    rho: float
    centre: float
    plus: np.ndarray
    minus: np.ndarray
    norm2: np.ndarray

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

    @property
    def curvature(self) -> np.ndarray:
        """(K,) the curvature each rise implies, ``2 rise / (rho² ||d_k||²)`` ≈ ``d_kᵀ H d_k / ||d_k||²``,
        in the units of lambda_max (nats/token per squared weight unit): a Rayleigh quotient, so
        it lies between the smallest and the largest eigenvalue of H, near tr(H) / n_params for a
        random direction (exact for a quadratic loss)."""
        return 2.0 * self.rise / (self.rho**2 * self.norm2)


def basin_steps(loss_fn: LossFn, weights: Params, rho: float, k: int, seed: int, centre: float,
                ignore_1d: bool = True) -> Generator[None, None, BasinWidth]:
    """:func:`basin_width` as a generator that yields after each loss evaluation (the staged job,
    :mod:`.job`); returns the :class:`BasinWidth`."""
    f = _scalar(loss_fn)
    dirs = random_directions(weights, k, derive_seed(seed, "basin"), ignore_1d)
    plus, minus, norm2 = [], [], []
    for d in dirs:
        norm2.append(float(sum((v.double() ** 2).sum() for v in d.values())))
        with torch.no_grad():
            plus.append(float(f(_axpy(weights, [(rho, d)]))))
        yield
        with torch.no_grad():
            minus.append(float(f(_axpy(weights, [(-rho, d)]))))
        yield
    return BasinWidth(float(rho), float(centre), np.asarray(plus), np.asarray(minus), np.asarray(norm2))


def basin_width(loss_fn: LossFn, weights: Params, rho: float, k: int, seed: int,
                centre: float | None = None, ignore_1d: bool = True,
                cancel: Callable[[], bool] | None = None) -> BasinWidth:
    """The loss rise at radius ``rho`` along ``k`` filter-normalised random directions (the
    local "wide vs narrow" of the seeds, in the spirit of Keskar et al., 2017's sharpness, with
    Li et al., 2018's filter normalisation so that the figure does not change when a
    scale-invariant network's weights are rescaled), with the curvature each rise implies
    (:attr:`BasinWidth.curvature`, comparable with lambda_max)."""
    if centre is None:
        with torch.no_grad():
            centre = float(_scalar(loss_fn)(weights))
    steps = basin_steps(loss_fn, weights, rho, k, seed, centre, ignore_1d)
    while True:
        _check_cancel(cancel)
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
