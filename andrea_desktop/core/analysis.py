"""Looking inside the model: attention maps and head statistics, embedding neighbourhoods,
and generation (the Qt-free part of the inspection tools; a sample's repetition is measured by
:mod:`andrea_desktop.core.repetition`).

Everything here runs on the training thread (never the GUI's), under ``torch.no_grad`` and in
eval mode, and returns small numpy arrays copied off the device.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F

from .model import GPT

__all__ = [
    "eval_mode",
    "attention_weights",
    "model_attention",
    "HeadStats",
    "head_stats",
    "nearest_neighbours",
    "EmbeddingIndex",
    "neighbour_overlap",
    "pca_2d",
    "generate",
]


# ---------------------------------------------------------------------- attention
def attention_weights(q: torch.Tensor, k: torch.Tensor, causal: bool = True) -> torch.Tensor:
    """softmax(Q K^T / sqrt(d_k)) with the causal mask (docs/design.md#attention; Vaswani et al., 2017).

    Parameters
    ----------
    q, k
        (..., T, d_k) queries and keys.
    causal
        Set every entry above the diagonal to -inf before the softmax, so token t sees 0..t.

    Returns
    -------
    (..., T, T) weights; rows sum to 1 and, with ``causal``, the upper triangle is exactly 0.
    """
    d_k = q.shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # (..., T, T)
    if causal:
        T = q.shape[-2]
        mask = torch.ones(T, k.shape[-2], dtype=torch.bool, device=q.device).triu(1)
        scores = scores.masked_fill(mask, float("-inf"))
    return torch.softmax(scores, dim=-1)


@contextlib.contextmanager
def eval_mode(model: torch.nn.Module):
    """``model`` in eval mode for the ``with`` block; afterwards every module's own mode is put
    back (``model.train(was_training)`` would also switch on a block the user had put in eval
    mode)."""
    modes = [(m, m.training) for m in model.modules()]
    model.eval()
    try:
        yield model
    finally:
        for m, training in modes:
            m.training = training


@torch.no_grad()
def model_attention(model: GPT, idx: torch.Tensor, check: bool = False) -> np.ndarray:
    """Attention weights of every layer and head for one sequence.

    The forward pass is replayed block by block; each block's queries and keys come from its own
    ``c_attn`` on ``ln_1(x)`` exactly as in training, and :func:`attention_weights` applies the
    same scale and causal mask as ``scaled_dot_product_attention``.

    Parameters
    ----------
    model
        The model (put in eval mode for the call, restored afterwards).
    idx
        (T,) or (1, T) int64 token ids.
    check
        Also verify that ``weights @ V`` equals SDPA's output (fp32, atol 1e-5).

    Returns
    -------
    (n_layer, n_head, T, T) float32.

    Raises
    ------
    AssertionError
        With ``check``: the explicit path and SDPA disagree.
    """
    with eval_mode(model):
        idx = idx.reshape(1, -1).to(next(model.parameters()).device)
        T = idx.shape[1]
        x = model.wte(idx) + model.wpe(torch.arange(T, device=idx.device))  # (1, T, d_model)
        maps = []
        for block in model.blocks:
            attn = block.attn
            h = block.ln_1(x)
            q, k, v = attn.c_attn(h).split(x.shape[-1], dim=2)
            shape = (1, T, attn.n_head, attn.d_k)
            q, k, v = (t.view(shape).transpose(1, 2).float() for t in (q, k, v))  # (1, H, T, d_k)
            w = attention_weights(q, k)  # (1, H, T, T)
            if check:
                ref = F.scaled_dot_product_attention(q, k, v, is_causal=True)
                assert torch.allclose(w @ v, ref, atol=1e-5), "explicit attention differs from SDPA"
            maps.append(w[0].cpu().numpy())
            x = block(x)
        return np.stack(maps).astype(np.float32)


# ---------------------------------------------------------------------- head statistics
@dataclass(frozen=True)
class HeadStats:
    """Per-head statistics, each (n_layer, n_head).

    Attributes
    ----------
    entropy
        Mean over query positions of the attention row's entropy, nats.
    previous_token
        Mean weight on the previous token (positions t >= 1).
    sink
        Mean weight on the first token (positions t >= 1): the "attention sink" (Xiao et al.,
        2023, "Efficient Streaming Language Models with Attention Sinks").
    induction
        The induction (prefix-matching) score on the repeated random-token sequence
        (:mod:`~andrea_desktop.core.head_roles`; Olsson et al., 2022, "In-context Learning and
        Induction Heads"). The first three are measured on the probe text; a head's role is read
        from the repeated sequence (:func:`~andrea_desktop.core.head_roles.measure_roles`).
    """

    entropy: np.ndarray
    previous_token: np.ndarray
    sink: np.ndarray
    induction: np.ndarray


def head_stats(maps: np.ndarray, induction: np.ndarray | None = None) -> HeadStats:
    """Statistics of attention maps (L, H, T, T) from :func:`model_attention`; ``induction``
    (L, H) is carried over (zeros when None)."""
    A = np.asarray(maps, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        ent = -np.nansum(np.where(A > 0, A * np.log(A), 0.0), axis=-1).mean(axis=-1)
    T = A.shape[-1]
    prev = np.array([[np.mean([a[t, t - 1] for t in range(1, T)]) if T > 1 else 0.0 for a in layer] for layer in A])
    sink = A[..., 1:, 0].mean(axis=-1) if T > 1 else np.zeros(A.shape[:2])
    ind = np.zeros(A.shape[:2]) if induction is None else np.asarray(induction)
    return HeadStats(ent, prev, sink, ind)


# ---------------------------------------------------------------------- embeddings
class EmbeddingIndex:
    """k-nearest-neighbour queries over one token-embedding matrix (exact, brute force).

    Unit rows and norms are computed once, so a query costs one (V, d) @ (d,) product: ~1 ms for
    andrea-120m's 8449 x 768 matrix on one CPU core (``benchmarks/inspect_bench.py``).

    Parameters
    ----------
    E
        (V, d) embedding matrix (any float dtype; kept as float32).

    Notes
    -----
    Cosine similarity cos(a, b) = a.b / (|a| |b|) and Euclidean distance |a - b| as in docs/design.md#worked-examples (the seeds' parakeet / monkey / Fourier example). A zero row has cosine 0 to every row.
    """

    def __init__(self, E: np.ndarray) -> None:
        self.E = np.ascontiguousarray(E, dtype=np.float32)
        if self.E.ndim != 2:
            raise ValueError(f"embedding must be 2-D (V, d), not shape {self.E.shape}")
        self.norms = np.linalg.norm(self.E, axis=1)  # (V,)
        self._sq = self.norms.astype(np.float64) ** 2
        safe = np.where(self.norms > 0, self.norms, 1.0)[:, None]
        self._unit = np.where(self.norms[:, None] > 0, self.E / safe, 0.0).astype(np.float32)  # (V, d)

    def __len__(self) -> int:
        return len(self.E)

    def query(self, i: int, k: int = 10, metric: str = "cosine") -> tuple[np.ndarray, np.ndarray]:
        """The k nearest rows to row ``i`` (itself excluded), nearest first.

        Returns
        -------
        indices
            (k,) int64 rows (k is capped at V - 1).
        scores
            (k,) float64 cosine similarities (``metric="cosine"``, larger is nearer) or
            Euclidean distances (``"euclidean"``, smaller is nearer).

        Raises
        ------
        IndexError
            ``i`` is not a row.
        ValueError
            Unknown ``metric``.
        """
        V = len(self.E)
        if not 0 <= i < V:
            raise IndexError(f"token id {i} is not in [0, {V})")
        k = max(0, min(int(k), V - 1))
        if metric == "cosine":
            key = (self._unit @ self._unit[i]).astype(np.float64)  # (V,) similarity
            order_key = -key
        elif metric == "euclidean":
            dots = (self.E @ self.E[i]).astype(np.float64)  # (V,)
            key = np.sqrt(np.maximum(self._sq + self._sq[i] - 2.0 * dots, 0.0))  # distance
            order_key = key.copy()
        else:
            raise ValueError(f"metric must be 'cosine' or 'euclidean', not {metric!r}")
        order_key[i] = np.inf
        if k == 0:
            return np.zeros(0, np.int64), np.zeros(0)
        idx = np.argpartition(order_key, k - 1)[:k] if k < V - 1 else np.arange(V)
        idx = idx[np.argsort(order_key[idx], kind="stable")][:k]
        return idx.astype(np.int64), key[idx]


def nearest_neighbours(E: np.ndarray, i: int, k: int = 10, metric: str = "cosine") -> tuple[np.ndarray, np.ndarray]:
    """The k nearest rows of (V, d) ``E`` to row ``i``; see :meth:`EmbeddingIndex.query`."""
    return EmbeddingIndex(E).query(i, k, metric)


def neighbour_overlap(previous, current) -> float:
    """Stability of a neighbour set: |previous & current| / |current| in [0, 1] (1: unchanged);
    NaN when ``current`` is empty."""
    cur = {int(x) for x in current}
    if not cur:
        return float("nan")
    return len(cur & {int(x) for x in previous}) / len(cur)


def pca_2d(X: np.ndarray) -> np.ndarray:
    """Project rows of (n, d) ``X`` onto their first two principal components, (n, 2).

    Raises
    ------
    ValueError
        ``X`` holds NaN or infinity.
    """
    X = np.asarray(X, dtype=np.float64)
    if not np.isfinite(X).all():
        raise ValueError("PCA of non-finite values")
    Xc = X - X.mean(axis=0)
    if len(X) < 2:
        return np.zeros((len(X), 2))
    _, _, vt = np.linalg.svd(Xc, full_matrices=False)
    out = Xc @ vt[:2].T
    return np.pad(out, ((0, 0), (0, 2 - out.shape[1])))


# ---------------------------------------------------------------------- samples
@torch.no_grad()
def generate(
    model: GPT,
    idx: torch.Tensor,
    max_new_tokens: int,
    generator: torch.Generator,
    temperature: float = 1.0,
    top_k: int | None = None,
) -> torch.Tensor:
    """Sample a continuation (nanoGPT's ``generate``) with the caller's own generator.

    Parameters
    ----------
    idx
        (T,) prompt ids.
    generator
        A generator on the model's device, separate from training's RNG.
    temperature
        >= 0; 1 samples the model's distribution; 0 is greedy (the most likely token, argmax:
        the generator is not used).
    top_k
        Keep only the k most likely tokens (None: all).

    Returns
    -------
    (T + max_new_tokens,) ids.
    """
    if not temperature >= 0:
        raise ValueError("temperature must be >= 0 (0: greedy)")
    was_training = model.training
    model.eval()
    try:
        dev = next(model.parameters()).device
        ids = idx.reshape(1, -1).to(dev)
        for _ in range(max_new_tokens):
            ctx = ids[:, -model.cfg.block_size :]
            logits, _ = model(ctx)
            if temperature == 0:  # greedy
                ids = torch.cat([ids, logits[:, -1, :].float().argmax(dim=-1, keepdim=True)], dim=1)
                continue
            logits = logits[:, -1, :].float() / temperature
            if top_k is not None:
                v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
                logits[logits < v[:, [-1]]] = -float("inf")
            probs = torch.softmax(logits, dim=-1)
            nxt = torch.multinomial(probs, 1, generator=generator)
            ids = torch.cat([ids, nxt], dim=1)
        return ids[0].cpu()
    finally:
        model.train(was_training)
