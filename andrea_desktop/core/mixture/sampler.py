"""The mixture sampler: which source and offset each batch row trains on.

Sampling is a pure function of (seed, step, global row index) (docs/design.md#data): a counter-based
hash, not a stateful generator, so pausing, resuming or splitting the global batch across
processes never changes which rows a step trains on.

The hash is SplitMix64 (Steele, Lea & Flood, 2014, "Fast splittable pseudorandom number
generators"), whose finaliser passes BigCrush; it is chained over the three keys.
"""

from __future__ import annotations

import numpy as np

__all__ = ["uniform_from_keys", "sample_rows"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser on a uint64 array (wrapping arithmetic)."""
    z = z + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def uniform_from_keys(seed: int, step: int, rows: np.ndarray, stream: int) -> np.ndarray:
    """Uniform floats in [0, 1) that depend only on (seed, step, row, stream).

    Parameters
    ----------
    seed, step
        Non-negative integers.
    rows
        (R,) global row indices.
    stream
        Which independent draw (0: the source, 1: the offset, ...).

    Returns
    -------
    (R,) float64 in [0, 1), 53 random bits each.
    """
    with np.errstate(over="ignore"):
        rows = np.asarray(rows, dtype=np.uint64)
        h = _mix(np.full(rows.shape, seed, dtype=np.uint64))
        h = _mix(h ^ np.uint64(step))
        h = _mix(h ^ rows)
        h = _mix(h ^ np.uint64(stream))
    return (h >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))


def sample_rows(
    seed: int,
    step: int,
    rows: np.ndarray,
    weights: np.ndarray,
    lengths: np.ndarray,
    window: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Source and start offset of each row.

    Parameters
    ----------
    seed, step
        Run seed and global step (counted from 1).
    rows
        (R,) global row indices of the rows this process trains (0 .. batch_size-1 overall).
    weights
        (n_sources,) mixture weights, >= 0, positive sum (normalised here). A source with
        weight 0 is never drawn.
    lengths
        (n_sources,) number of training tokens of each source.
    window
        Tokens per row (block_size + 1: inputs and shifted targets).

    Returns
    -------
    sources
        (R,) int64 source index per row, drawn with probability weights / sum(weights).
    offsets
        (R,) int64 start offset, uniform over 0 .. lengths[source] - window.

    Raises
    ------
    ValueError
        Weights negative, non-finite or summing to 0; a drawable source shorter than window.
    """
    weights = np.asarray(weights, dtype=np.float64)
    lengths = np.asarray(lengths, dtype=np.int64)
    if weights.shape != lengths.shape:
        raise ValueError(f"weights {weights.shape} and lengths {lengths.shape} differ in shape")
    if not np.all(np.isfinite(weights)) or np.any(weights < 0) or weights.sum() <= 0:
        raise ValueError(f"mixture weights must be finite, >= 0 and not all 0: {weights}")
    if np.any((weights > 0) & (lengths < window)):
        raise ValueError("a source with positive weight has fewer tokens than one row")
    cdf = np.cumsum(weights)
    u_src = uniform_from_keys(seed, step, rows, 0) * cdf[-1]
    sources = np.minimum(np.searchsorted(cdf, u_src, side="right"), len(weights) - 1)
    # Round-off can land on a zero-weight source at the very end of the cdf: step back.
    while np.any(weights[sources] == 0):
        bad = weights[sources] == 0
        sources[bad] -= 1
    span = lengths[sources] - window + 1  # number of valid start offsets
    offsets = np.floor(uniform_from_keys(seed, step, rows, 1) * span).astype(np.int64)
    return sources.astype(np.int64), np.minimum(offsets, span - 1)
