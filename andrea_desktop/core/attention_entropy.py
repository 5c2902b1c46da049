"""Mean attention entropy per layer (numpy only): how spread out a layer's heads look, from a
probe's attention maps.

The entropy of one query's attention row ``a`` (weights over the keys 0..t it may see, summing
to 1) is Shannon's ``H = -sum_j a_j ln a_j`` in nats (0 ln 0 = 0): 0 for a one-hot row, ln(t + 1)
for a uniform one. A layer's mean entropy averages H over its heads and over the queries
t = 1 .. T-1; query 0 is left out, because under the causal mask it can only attend to itself
and its entropy is 0 whatever the head has learnt. The reference is what a uniform causal head
scores on the same length, ``mean over t = 1 .. T-1 of ln(t + 1)`` (:func:`uniform_entropy`).

A head that collapses to one-hot rows (entropy near 0) is one sign of the attention-entropy
collapse that Zhai et al. (2023, "Stabilizing Transformer Training by Preventing Attention
Entropy Collapse") tie to unstable training at a high learning rate; the documents' v1 run
(no LR warmup) is that case.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["layer_entropy", "head_entropy", "uniform_entropy", "from_mean_row_entropy"]


def head_entropy(maps: np.ndarray) -> np.ndarray:
    """Mean row entropy of each head, queries 1 .. T-1 (module docstring), in nats.

    Parameters
    ----------
    maps
        (L, H, T, T) attention weights, rows summing to 1 (a probe's ``attention``), T >= 2.

    Returns
    -------
    (L, H) float64.

    Raises
    ------
    ValueError
        ``maps`` is not 4-D with square maps of at least 2 tokens.
    """
    A = np.asarray(maps, dtype=np.float64)
    if A.ndim != 4 or A.shape[-1] != A.shape[-2] or A.shape[-1] < 2:
        raise ValueError(f"attention maps must be (L, H, T, T) with T >= 2, not shape {A.shape}")
    rows = np.clip(A[:, :, 1:, :], 0.0, 1.0)  # (L, H, T-1, T); a stored map is untrusted: no log of < 0
    with np.errstate(divide="ignore", invalid="ignore"):
        h = -np.where(rows > 0, rows * np.log(np.where(rows > 0, rows, 1.0)), 0.0).sum(axis=-1)  # (L, H, T-1)
    return np.nan_to_num(h, nan=0.0).mean(axis=-1)


def layer_entropy(maps: np.ndarray) -> np.ndarray:
    """Mean attention entropy of each layer over its heads and queries 1 .. T-1, nats, (L,).

    Raises
    ------
    ValueError
        As :func:`head_entropy`.
    """
    return head_entropy(maps).mean(axis=1)


def from_mean_row_entropy(entropy: np.ndarray, T: int) -> np.ndarray:
    """:func:`layer_entropy` from a probe's stored per-head statistic instead of its maps.

    A probe file keeps each head's mean row entropy over *all* T queries
    (:func:`~andrea_desktop.core.analysis.head_stats`); query 0's is 0 under the causal mask, so
    the mean over queries 1 .. T-1 is that times T / (T - 1), and a layer's is its heads' mean.

    Parameters
    ----------
    entropy
        (L, H) mean row entropy over the T queries, nats.
    T
        Tokens of the probe (>= 2).

    Returns
    -------
    (L,) float64, equal to :func:`layer_entropy` of the maps the statistic was taken from.
    """
    if T < 2:
        raise ValueError(f"a probe of {T} token has no query after the first")
    return np.asarray(entropy, dtype=np.float64).mean(axis=1) * T / (T - 1)


def uniform_entropy(T: int) -> float:
    """What a uniform causal head scores on T tokens: mean of ln(t + 1) over t = 1 .. T-1, nats
    (0.0 for T < 2)."""
    return sum(math.log(t + 1) for t in range(1, T)) / (T - 1) if T >= 2 else 0.0
