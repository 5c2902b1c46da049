"""The terrain: the loss surface around the weights, the optimiser's path on it, its curvature.

The seeds read training as a walk on a terrain: every weight configuration is a point of
R^(n_params), the loss is its height, warmup moves the weights out of a highly curved start,
and a wide basin generalises better than a narrow trench (docs/design.md#optimisation-and-the-terrain). This module measures
that terrain on a copy of the weights, Qt-free and without touching any global state (own
``torch.Generator`` objects, no global RNG, the model's own forward in eval mode under
``no_grad``):

- **Filter-normalised random directions** (Li et al., 2018, "Visualizing the Loss Landscape
  of Neural Nets", §4): a Gaussian direction whose every filter (here: every row of a weight
  matrix or embedding, i.e. one output unit) is rescaled to the norm of the same row of the
  weights; 1-D parameters (biases, LayerNorm gains and shifts) get a zero direction, as the
  paper's code does (``ignore='biasbn'``). The same seed gives the same raw directions at
  every step; only their scale follows the weights.
- **1-D and 2-D slices** ``L(w + a d1 + b d2)`` on a grid, on a fixed set of held-out rows
  (:func:`fixed_rows`), per row so that per-source surfaces come for free.
- **The trajectory plane** (Li et al., 2018, §7): the snapshots' differences ``w_i - w_last``
  reduced to their two principal directions, the path projected on them (the last snapshot
  is the origin) and the loss surface on that plane.
- **Sharpness**: the top eigenvalue(s) of the Hessian of the loss on the fixed rows, by
  Hessian-vector products (``torch.func``: reverse-over-reverse, ``vjp`` of ``grad``) handed to
  ARPACK's Lanczos (``scipy.sparse.linalg.eigsh`` on a ``LinearOperator``), and Hutchinson's
  trace estimate ``tr(H) = E[zᵀ H z]`` with Rademacher z (Hutchinson, 1990); plus a
  basin-width figure: the loss rise at radius rho along K filter-normalised directions.

Units. Losses are mean cross-entropies in nats/token. Surface coordinates along random
directions are in filter-normalised units (a = 1 moves every row by its own norm); on the
trajectory plane they are plain L2 distances in weight space. Hessian eigenvalues are in
nats/token per squared weight unit, the scale on which gradient descent with step size eta
is stable only while lambda_max < 2/eta (Cohen et al., 2021, "Gradient Descent on Neural
Networks Typically Occurs at the Edge of Stability"). AdamW's threshold differs: it is the
*preconditioned* sharpness lambda_max(P^-1 H) that hovers at (2 + 2 beta1) / ((1 - beta1) eta)
= 38/eta for beta1 = 0.9 (Cohen et al., 2022, "Adaptive Gradient Methods at the Edge of
Stability"); the raw lambda_max is shown against 2/eta only as a reference.

Attention and double derivatives. PyTorch's fused CPU attention kernel has neither a
forward-mode nor a double-backward formula, so Hessian-vector products run the model with
the composite ("math") attention, through a thread-local ``TorchFunctionMode``
(:class:`_MathAttention`): the global SDPA switches (``sdpa_kernel``) would change the
training thread's kernels too. The two kernels agree to float rounding.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.func import functional_call
from torch.overrides import TorchFunctionMode

from ..config import ModelConfig
from ..model import GPT

__all__ = [
    "Params",
    "LossFn",
    "TerrainCancelled",
    "FixedRows",
    "fixed_rows",
    "rows_for_dataset",
    "derive_seed",
    "skeleton_model",
    "model_weights",
    "weights_from_state_dict",
    "flatten",
    "unflatten",
    "filter_normalized_direction",
    "random_directions",
    "model_loss_fn",
    "slice_1d",
    "slice_2d",
    "TrajectoryPlane",
    "trajectory_pca",
    "plane_extent",
]

log = logging.getLogger(__name__)

Params = dict[str, torch.Tensor]
"""Parameter name -> tensor, in the model's ``named_parameters()`` order (a tied weight once)."""
LossFn = Callable[[Params], torch.Tensor]
"""Weights -> loss: (R,) per-row losses in nats/token, or a () scalar."""


class TerrainCancelled(RuntimeError):
    """A terrain computation was cancelled (its ``cancel`` callback said so)."""


# ------------------------------------------------------------------------------ seeds
def derive_seed(base: int, tag: str) -> int:
    """A 63-bit seed for one use (``tag``) of a run's seed: independent streams for the plot
    directions, the basin directions, the Hutchinson probes and the eigensolver's start."""
    h = hashlib.sha256(f"andrea-terrain:{int(base)}:{tag}".encode()).digest()
    return int.from_bytes(h[:8], "little") & (2**63 - 1)


# ------------------------------------------------------------------------------ fixed rows
@dataclass(frozen=True)
class FixedRows:
    """The held-out rows every terrain number is evaluated on (the same at every step).

    Attributes
    ----------
    x, y
        (R, T) int64 inputs and next-token targets.
    source
        (R,) int64 index of each row's source in ``names``.
    names
        Source names.
    """

    x: torch.Tensor
    y: torch.Tensor
    source: np.ndarray
    names: tuple[str, ...]

    def to(self, device: torch.device | str) -> FixedRows:
        """The same rows on ``device``."""
        return FixedRows(self.x.to(device), self.y.to(device), self.source, self.names)

    def source_means(self, row_losses: np.ndarray) -> np.ndarray:
        """(S, ...) mean over each source's rows of (..., R) per-row losses (NaN for a source
        without rows)."""
        out = np.full((len(self.names), *row_losses.shape[:-1]), np.nan)
        for s in range(len(self.names)):
            sel = self.source == s
            if sel.any():
                out[s] = row_losses[..., sel].mean(axis=-1)
        return out


def fixed_rows(val: Sequence[np.ndarray], names: Sequence[str], n_rows: int, block_size: int,
               seed: int) -> FixedRows:
    """Draw ``n_rows`` held-out rows, round-robin over the sources, at offsets from a fixed seed.

    Parameters
    ----------
    val
        Per source, the (N_val,) token ids of its held-out tail.
    names
        Source names, as ``val``.
    n_rows
        Rows in all; raised to the number of sources with a tail long enough, so every such
        source is represented.
    block_size
        T, tokens per row (each row reads T + 1 tokens).
    seed
        Seed of the offsets (``numpy.random.default_rng``; the global RNGs are not used).

    Returns
    -------
    FixedRows, sources in the order given.

    Raises
    ------
    ValueError
        No source has T + 1 held-out tokens.
    """
    T = int(block_size)
    usable = [i for i, v in enumerate(val) if len(v) >= T + 1]
    if not usable:
        raise ValueError(f"no source has {T + 1} held-out tokens for a terrain row")
    n = max(int(n_rows), len(usable))
    rng = np.random.default_rng(derive_seed(seed, "rows"))
    src = np.array([usable[i % len(usable)] for i in range(n)], dtype=np.int64)
    rows = []
    for s in src:
        o = int(rng.integers(0, len(val[s]) - T))  # start in [0, N_val - (T + 1)]
        rows.append(np.asarray(val[s][o : o + T + 1], dtype=np.int64))
    t = torch.from_numpy(np.stack(rows))
    return FixedRows(t[:, :-1].contiguous(), t[:, 1:].contiguous(), src, tuple(names))


def rows_for_dataset(dataset, n_rows: int, block_size: int, seed: int) -> FixedRows:
    """:func:`fixed_rows` from a :class:`~andrea_desktop.core.data.Dataset`'s validation tails."""
    return fixed_rows([s.val for s in dataset.sources], dataset.names, n_rows, block_size, seed)


# ------------------------------------------------------------------------------ weights
def skeleton_model(cfg: ModelConfig) -> GPT:
    """The model's architecture without weights (on the ``meta`` device, in eval mode): the
    module that :func:`torch.func.functional_call` runs with a weight dict. Building it
    draws no random numbers (meta tensors are never initialised)."""
    with torch.device("meta"):
        net = GPT(cfg)
    return net.eval()


def model_weights(model: nn.Module, device: torch.device | str | None = None) -> Params:
    """A detached copy of ``model``'s parameters (a tied weight once), on ``device`` (default:
    where they are). Call it on the thread that trains the model, between steps."""
    with torch.no_grad():
        return {k: p.detach().to(device or p.device, copy=True) for k, p in model.named_parameters()}


def weights_from_state_dict(state: dict[str, torch.Tensor], net: nn.Module,
                            device: torch.device | str = "cpu") -> Params:
    """The parameters of ``net`` taken from ``state`` (a ``state_dict`` or a safetensors file's
    tensors, where a tied weight may appear under either of its names), as float32 copies.

    Raises
    ------
    KeyError
        A parameter of ``net`` is under none of its names in ``state``.
    ValueError
        A shape differs.
    """
    aliases: dict[int, list[str]] = {}
    for name, p in net.named_parameters(remove_duplicate=False):
        aliases.setdefault(id(p), []).append(name)
    out = {}
    for name, p in net.named_parameters():
        found = next((a for a in aliases[id(p)] if a in state), None)
        if found is None:
            raise KeyError(f"no weight {name!r} in the state dict")
        t = state[found]
        if tuple(t.shape) != tuple(p.shape):
            raise ValueError(f"weight {name!r} is {tuple(t.shape)}, the model needs {tuple(p.shape)}")
        out[name] = t.detach().to(device=device, dtype=torch.float32, copy=True)
    return out


def flatten(params: Params) -> torch.Tensor:
    """(n_params,) the parameters concatenated in dict order."""
    return torch.cat([p.reshape(-1) for p in params.values()])


def unflatten(vec: torch.Tensor, like: Params) -> Params:
    """Split (n_params,) ``vec`` into tensors shaped as ``like``'s (views of ``vec``)."""
    out, i = {}, 0
    for k, p in like.items():
        n = p.numel()
        out[k] = vec[i : i + n].view_as(p)
        i += n
    if i != vec.numel():
        raise ValueError(f"vector of {vec.numel()} values for {i} parameters")
    return out


# ------------------------------------------------------------------------------ directions
def filter_normalized_direction(weights: Params, generator: torch.Generator, ignore_1d: bool = True) -> Params:
    """One random direction, filter-normalised (Li et al., 2018, §4, eq. before fig. 2).

    ``d`` is drawn from N(0, I) (on the CPU, from ``generator``, so it does not depend on the
    device); then each filter is rescaled: ``d[j] <- d[j] / ||d[j]|| * ||w[j]||``, where a filter
    ``j`` is one index of the first dimension of a >= 2-D parameter (a row of a Linear weight
    (out, in) is one output unit; a row of an embedding is one token's or position's vector).
    A 1-D parameter (bias, LayerNorm) gets zeros (``ignore_1d``, the paper's code's
    ``ignore='biasbn'``) or a copy of itself (its ``ignore=''`` choice).

    Parameters
    ----------
    weights
        The weights the direction is scaled to.
    generator
        A CPU ``torch.Generator`` (the direction's only source of randomness).

    Returns
    -------
    Params like ``weights`` (same shapes, dtypes and devices): for every row j of every >= 2-D
    parameter, ``||d[j]|| == ||w[j]||`` (up to a 1e-10 guard for all-zero rows).
    """
    out = {}
    for name, w in weights.items():
        d = torch.randn(w.shape, generator=generator, dtype=torch.float32)
        d = d.to(device=w.device, dtype=w.dtype)
        if w.dim() <= 1:
            d = torch.zeros_like(w) if ignore_1d else w.detach().clone()
        else:
            rows = d.reshape(d.shape[0], -1)
            w_rows = w.detach().reshape(w.shape[0], -1)
            rows.mul_(w_rows.norm(dim=1, keepdim=True) / (rows.norm(dim=1, keepdim=True) + 1e-10))
        out[name] = d
    return out


def random_directions(weights: Params, n: int, seed: int, ignore_1d: bool = True) -> list[Params]:
    """``n`` filter-normalised directions from one seeded generator: the same seed gives the
    same raw directions at every step, rescaled to that step's weights."""
    gen = torch.Generator().manual_seed(int(seed))
    return [filter_normalized_direction(weights, gen, ignore_1d) for _ in range(n)]


# ------------------------------------------------------------------------------ the loss
class _MathAttention(TorchFunctionMode):
    """Route ``F.scaled_dot_product_attention`` to PyTorch's composite math kernel, which has
    forward-mode and double-backward formulas. A ``TorchFunctionMode`` is thread-local: the
    training thread keeps its fused kernel."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is F.scaled_dot_product_attention:
            names = ("query", "key", "value", "attn_mask", "dropout_p", "is_causal", "scale")
            a = dict(zip(names, args, strict=False)) | kwargs
            if a.get("enable_gqa"):  # pragma: no cover - the model does not use it
                return func(*args, **kwargs)
            return torch.ops.aten._scaled_dot_product_attention_math(
                a["query"], a["key"], a["value"], a.get("attn_mask"), a.get("dropout_p", 0.0),
                a.get("is_causal", False), scale=a.get("scale"))[0]
        return func(*args, **kwargs)


def model_loss_fn(net: nn.Module, rows: FixedRows, chunk: int = 64) -> LossFn:
    """The model's per-row loss on ``rows`` as a function of its weights.

    Parameters
    ----------
    net
        The architecture (e.g. :func:`skeleton_model`) in eval mode; its own weights are not
        used: :func:`torch.func.functional_call` runs it with the given ones (a tied weight
        given once is used for both of its names).
    rows
        On the weights' device.
    chunk
        Rows per forward pass (memory).

    Returns
    -------
    ``loss(params) -> (R,)`` float32 mean cross-entropy of each row, nats/token, exactly what
    ``net(x, y)`` returns with those weights.
    """
    net.eval()
    x, y = rows.x, rows.y

    def loss(params: Params) -> torch.Tensor:
        parts = [functional_call(net, params, (x[i : i + chunk], y[i : i + chunk]))[1]
                 for i in range(0, len(x), chunk)]
        return torch.cat(parts)

    return loss


def _scalar(loss_fn: LossFn) -> Callable[[Params], torch.Tensor]:
    def f(params: Params) -> torch.Tensor:
        v = loss_fn(params)
        return v.mean() if v.dim() else v
    return f


def _check_cancel(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        raise TerrainCancelled("terrain computation cancelled")


def _axpy(weights: Params, terms: Sequence[tuple[float, Params]]) -> Params:
    out = {}
    for k, w in weights.items():
        v = w
        for a, d in terms:
            if a:
                v = v + a * d[k]
        out[k] = v
    return out


@torch.no_grad()
def slice_1d(loss_fn: LossFn, weights: Params, d: Params, alphas: Sequence[float],
             cancel: Callable[[], bool] | None = None) -> np.ndarray:
    """``L(w + a d)`` for every ``a`` in ``alphas``.

    Returns
    -------
    (G,) or (G, R) float64: whatever ``loss_fn`` returns per point, stacked.
    """
    out = []
    for a in alphas:
        _check_cancel(cancel)
        out.append(loss_fn(_axpy(weights, [(float(a), d)])).double().cpu().numpy())
    return np.stack(out)


@torch.no_grad()
def slice_2d(loss_fn: LossFn, weights: Params, d1: Params, d2: Params, alphas: Sequence[float],
             betas: Sequence[float], cancel: Callable[[], bool] | None = None) -> np.ndarray:
    """``L(w + a d1 + b d2)`` on the grid ``betas x alphas``.

    Returns
    -------
    (len(betas), len(alphas)) or (..., R) float64: ``out[i, j] = L(w + alphas[j] d1 + betas[i] d2)``
    (row = beta, the image convention: rows along y).
    """
    rows = []
    for b in betas:
        row = []
        for a in alphas:
            _check_cancel(cancel)
            row.append(loss_fn(_axpy(weights, [(float(a), d1), (float(b), d2)])).double().cpu().numpy())
        rows.append(np.stack(row))
    return np.stack(rows)


# ------------------------------------------------------------------------------ trajectory
@dataclass(frozen=True)
class TrajectoryPlane:
    """The plane through the last snapshot that is nearest the path.

    Attributes
    ----------
    e1, e2
        (n_params,) float32 orthonormal directions (e2 all zero when the path has one
        independent direction).
    coords
        (n, 2) float64 ``(w_i - w_last) . e_k``, L2 units; the last row is (0, 0).
    explained
        (2,) share of the path's squared length ``sum_i ||w_i - w_last||²`` each holds.
    """

    e1: np.ndarray
    e2: np.ndarray
    coords: np.ndarray
    explained: np.ndarray


def trajectory_pca(path: np.ndarray | Sequence[np.ndarray], chunk: int = 1 << 22) -> TrajectoryPlane:
    """PCA of the differences ``w_i - w_last`` (Li et al., 2018, §7), by the Gram matrix.

    The differences are not centred: the plane is drawn through ``w_last``, and the SVD of the
    uncentred matrix ``D = [w_0 - w_last; ...; w_{n-2} - w_last]`` gives the plane through
    ``w_last`` that is nearest the path in least squares (and one more component than the
    centred PCA of the paper's code from as few snapshots). With ``D = U S Vᵀ``: ``e_k = V[:, k]``,
    the path's coordinates are ``U S`` (exactly 0 for ``w_last``), and the explained shares
    are ``s_k² / sum s²``. Signs are fixed so that the oldest snapshot has coordinates <= 0:
    the path runs from the lower left toward the origin.

    Parameters
    ----------
    path
        (n, n_params) snapshots, oldest first, the last being the weights of the plane's centre;
        n >= 2. The Gram matrix is accumulated in float64 over ``chunk`` columns at a time, so
        memory beyond the snapshots is O(n² + chunk n).

    Raises
    ------
    ValueError
        Fewer than 2 snapshots, or snapshots of different lengths.
    """
    path = list(path)
    n = len(path)
    if n < 2:
        raise ValueError("a trajectory needs at least 2 snapshots")
    P = len(path[-1])
    if any(len(p) != P for p in path):
        raise ValueError("the snapshots have different lengths")
    last = np.asarray(path[-1])
    m = n - 1
    G = np.zeros((m, m))
    for c in range(0, P, chunk):
        D = np.stack([np.asarray(p[c : c + chunk], dtype=np.float64) for p in path[:-1]])
        D -= last[c : c + chunk]
        G += D @ D.T
    evals, evecs = np.linalg.eigh(G)  # ascending
    order = np.argsort(evals)[::-1]
    evals, evecs = np.clip(evals[order], 0.0, None), evecs[:, order]
    total = float(evals.sum())
    sig = np.sqrt(evals[:2])
    tol = max(total, 1e-300) * 1e-12
    coords = np.zeros((n, 2))
    E = np.zeros((2, P), dtype=np.float32)
    explained = np.zeros(2)
    for k in range(min(2, m)):
        if evals[k] <= tol:
            continue
        if evecs[0, k] > 0:  # a fixed sign: the oldest snapshot lies at x <= 0 (and y <= 0)
            evecs[:, k] = -evecs[:, k]
        coords[:-1, k] = evecs[:, k] * sig[k]
        explained[k] = evals[k] / total
        for c in range(0, P, chunk):
            D = np.stack([np.asarray(p[c : c + chunk], dtype=np.float64) for p in path[:-1]])
            D -= last[c : c + chunk]
            E[k, c : c + chunk] = (evecs[:, k] @ D) / sig[k]
    return TrajectoryPlane(E[0], E[1], coords, explained)


def plane_extent(coords: np.ndarray, grid: int, margin: float = 0.2) -> tuple[np.ndarray, np.ndarray]:
    """Grid coordinates covering the path's box and the origin, ``margin`` of its span added on
    each side (a square span if one axis is flat). Returns (alphas, betas), each (grid,)."""
    lo = np.minimum(coords.min(axis=0), 0.0)
    hi = np.maximum(coords.max(axis=0), 0.0)
    span = hi - lo
    span = np.where(span > 0, span, max(float(span.max()), 1e-3))
    lo, hi = lo - margin * span, hi + margin * span
    return np.linspace(lo[0], hi[0], grid), np.linspace(lo[1], hi[1], grid)
