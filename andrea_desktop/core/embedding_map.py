"""Whole-vocabulary 2-D maps of the token-embedding matrix, as TensorBoard's embedding projector
draws them: every token a point, PCA always, UMAP when its optional extra is installed.

Qt-free and numpy-only (UMAP is imported when a UMAP map is asked for, never at import time:
``umap-learn`` pulls in numba, which takes seconds to load). A map of andrea-120m's
8449 x 768 matrix by PCA takes ~0.1-0.5 s on one core, so the embedding panel computes it off
the GUI thread; UMAP takes tens of seconds (numba compiles on first use).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

import numpy as np

__all__ = ["MAP_METHODS", "MapMethod", "VocabularyMap", "method_unavailable", "pca_map", "umap_map",
           "vocabulary_map"]

MAPS_EXTRA = "pip install 'andrea-desktop[maps]'"
"""How a user gets the optional map methods (``[project.optional-dependencies] maps``)."""


@dataclass(frozen=True)
class MapMethod:
    """One way to draw the vocabulary in 2-D.

    Attributes
    ----------
    key
        Short name (``"pca"``, ``"umap"``).
    label
        What the method menu shows.
    module
        The module it needs beyond the app's own dependencies (None: none).
    install
        The command that installs ``module``.
    """

    key: str
    label: str
    module: str | None = None
    install: str | None = None


MAP_METHODS: tuple[MapMethod, ...] = (
    MapMethod("pca", "PCA"),
    MapMethod("umap", "UMAP", "umap", MAPS_EXTRA),
)
"""The methods, in menu order; PCA needs nothing beyond numpy."""


@dataclass(frozen=True)
class VocabularyMap:
    """A 2-D map of a (V, d) embedding matrix.

    Attributes
    ----------
    xy
        (V, 2) float32 coordinates; row i is token id i.
    method
        :attr:`MapMethod.key` of the method that made it.
    step
        The training step of the matrix (the probe's step).
    explained
        PCA only: (2,) fraction of the total variance along each axis; None otherwise.
    """

    xy: np.ndarray
    method: str
    step: int
    explained: np.ndarray | None = None


def method_unavailable(key: str) -> str | None:
    """Why map method ``key`` cannot be used here (a sentence saying how to install what it
    needs), or None when it can. Looks for the module without importing it.

    Raises
    ------
    KeyError
        ``key`` is not one of :data:`MAP_METHODS`.
    """
    method = {m.key: m for m in MAP_METHODS}[key]
    if method.module is None:
        return None
    try:
        found = importlib.util.find_spec(method.module) is not None
    except (ImportError, ValueError):  # a module set to None in sys.modules: its import fails
        found = False
    if found:
        return None
    return f"{method.label} needs the '{method.module}' module: {method.install}"


def _as_matrix(E: np.ndarray) -> np.ndarray:
    E = np.asarray(E)
    if E.ndim != 2 or 0 in E.shape:
        raise ValueError(f"embedding must be a non-empty (V, d) matrix, not shape {E.shape}")
    if not np.isfinite(E).all():
        raise ValueError("a map of non-finite values")
    return E


def pca_map(E: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every row of a (V, d) matrix projected onto its first two principal components.

    The components are the top eigenvectors of the (d, d) scatter matrix Xc^T Xc of the centred
    rows Xc = E - mean (Pearson 1901; Hotelling 1933) -- the right singular vectors of Xc, found
    without the (V, d) SVD (a d x d eigenproblem: several times faster for V >> d). Each axis's
    sign is chosen so that its largest-magnitude coordinate is positive (as scikit-learn's
    ``svd_flip``), so a map keeps its orientation while the matrix changes little.

    Parameters
    ----------
    E
        (V, d) embedding matrix, any float dtype; computed in float64.

    Returns
    -------
    xy
        (V, 2) float32 coordinates (zeros on an axis beyond the matrix's rank, or for V = 1).
    explained
        (2,) fraction of the total variance along each axis (0 where there is none).

    Raises
    ------
    ValueError
        ``E`` is not a non-empty 2-D matrix, holds NaN or infinity, or values whose spread
        float32 coordinates cannot hold (beyond ~3e38).
    """
    X = _as_matrix(E).astype(np.float64)
    Xc = X - X.mean(axis=0)  # (V, d)
    scale = float(np.abs(Xc).max()) if Xc.size else 0.0
    if not np.isfinite(scale):  # finite values whose spread is not: 1e308 and -1e308
        raise ValueError("a map of values too large to compare")
    if scale > 0:  # the scatter of unit-sized values: 1e200 would overflow it, 1e-300 underflow it
        Xc = Xc / scale
    scatter = Xc.T @ Xc  # (d, d)
    w, vecs = np.linalg.eigh(scatter)  # ascending eigenvalues
    order = np.argsort(w)[::-1][:2]
    top = vecs[:, order]  # (d, <=2)
    xy = Xc @ top  # (V, <=2)
    # svd_flip: the coordinate of largest magnitude on each axis is positive
    signs = np.sign(xy[np.argmax(np.abs(xy), axis=0), np.arange(xy.shape[1])])
    xy = xy * np.where(signs == 0, 1.0, signs)
    total = float(np.clip(w, 0, None).sum())
    explained = np.clip(w[order], 0, None) / total if total > 0 else np.zeros(len(order))
    xy = np.pad(xy, ((0, 0), (0, 2 - xy.shape[1]))) * max(scale, 0.0)
    explained = np.pad(explained, (0, 2 - len(explained)))
    if np.abs(xy).max(initial=0.0) > np.finfo(np.float32).max:
        raise ValueError(f"a map of values too large to draw (largest spread {scale:.3g})")
    return xy.astype(np.float32), explained


def umap_map(E: np.ndarray, seed: int = 0, n_neighbors: int = 15) -> np.ndarray:
    """Every row of a (V, d) matrix placed in 2-D by UMAP with cosine distance (McInnes, Healy
    and Melville 2018, "UMAP: Uniform Manifold Approximation and Projection for Dimension
    Reduction", arXiv:1802.03426), the ``umap-learn`` implementation.

    Cosine distance, as the panel's neighbour table ranks tokens by default; a fixed ``seed``
    makes the map reproducible (umap-learn then runs single-threaded). Tens of seconds for
    V ~ 8000: call it off the GUI thread.

    Parameters
    ----------
    E
        (V, d) embedding matrix, V >= 4.
    seed
        ``random_state`` of the layout.
    n_neighbors
        Size of the local neighbourhood UMAP keeps (capped at V - 1).

    Returns
    -------
    (V, 2) float32 coordinates.

    Raises
    ------
    ImportError
        ``umap-learn`` is not installed (:data:`MAPS_EXTRA` installs it).
    ValueError
        ``E`` is not a (V, d) matrix of finite values with V >= 4.
    """
    X = _as_matrix(E).astype(np.float32)
    if len(X) < 4:
        raise ValueError(f"UMAP needs at least 4 tokens, not {len(X)}")
    import umap  # optional extra: imported only here (slow: numba)

    reducer = umap.UMAP(n_components=2, n_neighbors=min(n_neighbors, len(X) - 1), min_dist=0.1,
                        metric="cosine", random_state=seed)
    return np.asarray(reducer.fit_transform(X), dtype=np.float32)


def vocabulary_map(E: np.ndarray, method: str, step: int) -> VocabularyMap:
    """A :class:`VocabularyMap` of the (V, d) matrix ``E`` captured at ``step`` by ``method``
    (a :data:`MAP_METHODS` key).

    Raises
    ------
    ValueError
        An unknown method, or a matrix :func:`pca_map` / :func:`umap_map` refuses.
    ImportError
        The method's optional module is missing.
    """
    if method == "pca":
        xy, explained = pca_map(E)
        return VocabularyMap(xy, "pca", int(step), explained)
    if method == "umap":
        return VocabularyMap(umap_map(E), "umap", int(step))
    raise ValueError(f"unknown map method {method!r}; one of {[m.key for m in MAP_METHODS]}")
