"""The seeds' worked examples (docs/design.md#worked-examples), computed by the functions the panels use.

The reading panes show these examples live and let the user change their inputs; every number
they show comes from here, and each function here calls the code that draws the real panel:

* attention: :func:`~andrea_desktop.core.analysis.attention_weights`, the softmax(q K^T / sqrt(d_k))
  that :func:`~andrea_desktop.core.analysis.model_attention` applies to every probe;
* embeddings: :class:`~andrea_desktop.core.analysis.EmbeddingIndex`, the index behind the
  embedding panel's neighbour table;
* the reachable region: :class:`~andrea_desktop.core.mixture.simplex.Constraints` and
  :func:`~andrea_desktop.core.mixture.simplex.enumerate_vertices`, as the simplex panel;
* the loss: nats/token read as a perplexity and against the uniform guess over the vocabulary;
* the learning rate: gradient descent on a bowl of curvature lambda, stable while lambda < 2/eta
  (the terrain panel's reference line, :attr:`~andrea_desktop.core.rundir.terrain.TerrainResult.gd_threshold`);
* the terrain: the basin width's loss rise on a quadratic bowl at radius rho, measured by
  :func:`~andrea_desktop.core.terrain.basin_width`, the function of every terrain job.

Only the *inputs* below are written down (the seeds' query, keys, vectors and constraints).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from .analysis import EmbeddingIndex, attention_weights
from .mixture.simplex import Constraints, enumerate_vertices

__all__ = [
    "ATTENTION_QUERY",
    "ATTENTION_KEYS",
    "EMBEDDING_TOKENS",
    "EMBEDDING_VECTORS",
    "REGION_SOURCES",
    "REGION_FLOORS",
    "REGION_CAPS",
    "AttentionExample",
    "attention_example",
    "EmbeddingExample",
    "embedding_example",
    "region_example",
    "LOSS_EXAMPLE",
    "LossExample",
    "loss_example",
    "LR_EXAMPLE",
    "LrExample",
    "lr_example",
    "BOWL_EXAMPLE",
    "BowlExample",
    "bowl_example",
]

ATTENTION_QUERY = (1.0, 0.0, 1.0, 0.0)
"""The seeds' query q in R^4 (docs/design.md#worked-examples)."""
ATTENTION_KEYS = ((1.0, 0.0, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0), (0.0, 1.0, 0.0, 1.0))
"""The seeds' keys k1, k2, k3 in R^4."""
EMBEDDING_TOKENS = ("parakeet", "monkey", "Fourier")
EMBEDDING_VECTORS = ((1.0, 0.5, 0.0), (1.2, 0.3, 0.1), (0.0, 0.0, 1.5))
"""The seeds' three embeddings in R^3, one row per token of :data:`EMBEDDING_TOKENS`."""
REGION_SOURCES = ("hermes3-general", "gutenberg", "dictionary")
"""H, G, D in the seeds' region example."""
REGION_FLOORS = {"hermes3-general": 0.5}
REGION_CAPS = {"dictionary": 0.25}


@dataclass(frozen=True)
class AttentionExample:
    """One query against a few keys.

    Attributes
    ----------
    dots
        (m,) q . k_i, the projection of each key on the query (times |q|).
    scores
        (m,) q . k_i / sqrt(d_k), what the softmax sees.
    weights
        (m,) softmax of the scores, from :func:`attention_weights` (sum 1).
    d_k
        The dimension of the query and keys.
    """

    dots: np.ndarray
    scores: np.ndarray
    weights: np.ndarray
    d_k: int


def attention_example(q, keys) -> AttentionExample:
    """Attention of one query over ``keys``, by the attention code of the probes.

    Parameters
    ----------
    q
        (d_k,) query.
    keys
        (m, d_k) keys, one row per earlier token.

    Returns
    -------
    :class:`AttentionExample`; the weights are ``attention_weights(q[None], keys, causal=False)``
    in float64 (no mask: the query sees every key, as the last token of a sequence does).

    Raises
    ------
    ValueError
        Shapes that do not match, or a value that is not finite.

    Source: docs/design.md#worked-examples (q = (1,0,1,0), three keys, d_k = 4 gives 0.38365, 0.38365, 0.23270).
    """
    qa = np.asarray(q, dtype=np.float64).reshape(-1)
    K = np.asarray(keys, dtype=np.float64)
    if K.ndim != 2 or K.shape[1] != qa.shape[0] or K.shape[0] == 0:
        raise ValueError(f"keys must be (m, {qa.shape[0]}), not {K.shape}")
    if not (np.isfinite(qa).all() and np.isfinite(K).all()):
        raise ValueError("query and keys must be finite numbers")
    qt, kt = torch.from_numpy(qa[None, :]), torch.from_numpy(K)
    weights = attention_weights(qt, kt, causal=False)[0].numpy()  # (m,)
    dots = K @ qa
    return AttentionExample(dots, dots / np.sqrt(qa.shape[0]), weights, int(qa.shape[0]))


@dataclass(frozen=True)
class EmbeddingExample:
    """Pairwise closeness of a few embeddings.

    Attributes
    ----------
    cosine
        (n, n) cosine similarities (diagonal 1 for a non-zero row).
    distance
        (n, n) Euclidean distances (diagonal 0).
    nearest
        (n,) index of each row's nearest other row by cosine similarity.
    """

    cosine: np.ndarray
    distance: np.ndarray
    nearest: np.ndarray


def embedding_example(vectors) -> EmbeddingExample:
    """Cosine similarities, distances and nearest neighbours of (n, d) ``vectors``, by the
    embedding panel's :class:`EmbeddingIndex` (each row queried against all the others).

    Raises
    ------
    ValueError
        Fewer than two rows, or a value that is not finite.

    Source: docs/design.md#worked-examples (parakeet / monkey / Fourier: cosine 0.97301, 0, 0.08058).
    """
    E = np.asarray(vectors, dtype=np.float64)
    if E.ndim != 2 or len(E) < 2:
        raise ValueError(f"need at least two vectors (n, d), not shape {E.shape}")
    if not np.isfinite(E).all():
        raise ValueError("vectors must be finite numbers")
    index = EmbeddingIndex(E)
    n = len(E)
    cos, dist = np.eye(n) * (index.norms > 0), np.zeros((n, n))
    nearest = np.zeros(n, np.int64)
    for i in range(n):
        idx, sim = index.query(i, n - 1, "cosine")
        cos[i, idx] = sim
        nearest[i] = idx[0]
        idx, d = index.query(i, n - 1, "euclidean")
        dist[i, idx] = d
    return EmbeddingExample(cos, dist, nearest)


def region_example(floors=None, caps=None, names=REGION_SOURCES) -> tuple[Constraints, np.ndarray]:
    """The reachable region of ``floors`` and ``caps`` over ``names``, and its vertices.

    Returns
    -------
    The constraints and their (V, n) vertices (:func:`enumerate_vertices`, lexicographic order).

    Raises
    ------
    ConstraintError
        Constraints that admit no mixture (every problem listed).

    Source: docs/design.md#worked-examples (H >= 0.5, D <= 0.25: the quadrilateral (1,0,0), (0.5,0.5,0),
    (0.5,0.25,0.25), (0.75,0,0.25)).
    """
    c = Constraints.from_mapping(names, REGION_FLOORS if floors is None else floors,
                                 REGION_CAPS if caps is None else caps)
    return c, enumerate_vertices(c)


# ------------------------------------------------------------------ loss, learning rate, terrain
LOSS_EXAMPLE = (4.0, 2048)
"""A loss (nats/token) and the demo's vocabulary size."""
LR_EXAMPLE = (1e-3, 500.0)
"""A learning rate eta and a curvature lambda (nats/token per squared weight unit)."""
BOWL_EXAMPLE = (0.01, 0.1, 30.0)
"""A bowl's curvature lambda, the basin radius rho (filter-normalised) and ||w||, the norm of the
weights a filter-normalised direction is scaled to."""


@dataclass(frozen=True)
class LossExample:
    """A loss in nats/token read three ways: ``perplexity`` e^loss (as unsure as a uniform pick
    among that many tokens), ``bits`` loss / ln 2 per token, and ``uniform`` ln V, the loss of a
    uniform guess over V tokens (a fresh model's)."""

    perplexity: float
    bits: float
    uniform: float


def loss_example(loss: float, vocab: int) -> LossExample:
    """:class:`LossExample` of ``loss`` (nats/token, >= 0) and a vocabulary of ``vocab`` tokens."""
    return LossExample(float(np.exp(loss)), float(loss / np.log(2.0)), float(np.log(max(int(vocab), 1))))


@dataclass(frozen=True)
class LrExample:
    """Gradient descent with step ``lr`` on the bowl ``L(x) = lambda x² / 2`` from x = 1.

    Attributes
    ----------
    threshold
        2 / lr: the largest curvature on which the walk converges (Cohen et al., 2021).
    factor
        1 - lr lambda: what one step multiplies x by (|factor| > 1: each step overshoots further).
    after
        (11,) x after 0 to 10 steps, run step by step.
    """

    threshold: float
    factor: float
    after: np.ndarray


def lr_example(lr: float, curvature: float) -> LrExample:
    """:class:`LrExample` of a learning rate ``lr`` > 0 and a curvature ``curvature``."""
    x, xs = 1.0, [1.0]
    for _ in range(10):
        x = x - lr * curvature * x  # the gradient of lambda x² / 2 is lambda x
        xs.append(x)
    return LrExample(2.0 / lr, 1.0 - lr * curvature, np.asarray(xs))


@dataclass(frozen=True)
class BowlExample:
    """The basin width of the bowl ``L(w) = lambda ||w - w*||² / 2`` at radius rho.

    Attributes
    ----------
    rise
        The loss rise at rho along one filter-normalised direction d (||d|| = ||w||), measured by
        :func:`~andrea_desktop.core.terrain.basin_width`: ``lambda rho² ||d||² / 2``.
    curvature
        What the panel reports from that rise, ``2 rise / (rho² ||d||²)``: lambda again.
    direction_norm
        ||d||.
    """

    rise: float
    curvature: float
    direction_norm: float


def bowl_example(curvature: float, rho: float, weight_norm: float) -> BowlExample:
    """:class:`BowlExample` of a bowl of ``curvature``, a radius ``rho`` > 0 and weights of norm
    ``weight_norm`` > 0 (a (4, 4) matrix whose rows share that norm), on the terrain's code."""
    from .terrain import basin_width

    w = {"W": torch.full((4, 4), float(weight_norm) / 4.0, dtype=torch.float64)}
    centre = w["W"].clone()

    def loss(params):
        return 0.5 * curvature * ((params["W"] - centre) ** 2).sum()

    b = basin_width(loss, w, float(rho), 1, seed=0)
    return BowlExample(float(b.rise[0]), float(b.curvature[0]), float(np.sqrt(b.norm2[0])))
