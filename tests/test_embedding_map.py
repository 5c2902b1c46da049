"""The whole-vocabulary map's projections (core, Qt-free): PCA against numpy's SVD, of huge or tiny
values too, UMAP optional."""

import sys

import numpy as np
import pytest

from andrea_desktop.core.embedding_map import (
    MAPS_EXTRA,
    method_unavailable,
    pca_map,
    umap_map,
    vocabulary_map,
)


def test_pca_map_axes_are_numpys_svd_components():
    rng = np.random.default_rng(3)
    E = rng.normal(size=(60, 9)) * np.linspace(3, 0.5, 9)  # distinct variances: a well-defined PC 1, PC 2
    xy, explained = pca_map(E)
    Xc = E - E.mean(axis=0)
    U, S, _ = np.linalg.svd(Xc, full_matrices=False)
    assert xy.shape == (60, 2) and xy.dtype == np.float32
    for axis in range(2):
        expected = U[:, axis] * S[axis]
        sign = np.sign(expected @ xy[:, axis])
        np.testing.assert_allclose(xy[:, axis], sign * expected, rtol=1e-4, atol=1e-4)
        # the orientation is fixed: the coordinate of largest magnitude is positive
        assert xy[np.argmax(np.abs(xy[:, axis])), axis] > 0
    np.testing.assert_allclose(explained, S[:2] ** 2 / (S**2).sum(), rtol=1e-6)


def test_pca_map_of_degenerate_matrices():
    xy, explained = pca_map(np.ones((5, 3)))  # no variance at all
    assert xy.shape == (5, 2) and not xy.any() and not explained.any()
    xy, _ = pca_map(np.array([[1.0, 2.0]]))  # one token
    assert xy.shape == (1, 2)
    xy, _ = pca_map(np.arange(8.0).reshape(4, 2) @ np.array([[1.0], [0.0]]))  # d = 1: PC 2 is zero
    assert xy.shape == (4, 2) and not xy[:, 1].any()


def test_vocabulary_map_refuses_bad_input():
    with pytest.raises(ValueError, match="non-finite"):
        pca_map(np.array([[np.nan, 1.0], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="shape"):
        pca_map(np.zeros((0, 3)))
    with pytest.raises(ValueError, match="unknown map method"):
        vocabulary_map(np.eye(3), "tsne", 0)
    vmap = vocabulary_map(np.eye(4), "pca", 250)
    assert vmap.step == 250 and vmap.method == "pca" and vmap.xy.shape == (4, 2)


def test_umap_unavailable_when_its_import_fails(monkeypatch):
    monkeypatch.setitem(sys.modules, "umap", None)  # `import umap` raises ImportError
    reason = method_unavailable("umap")
    assert reason is not None and MAPS_EXTRA in reason and "pip install 'andrea-desktop[maps]'" in reason
    assert method_unavailable("pca") is None
    with pytest.raises(ImportError):
        umap_map(np.random.default_rng(0).normal(size=(20, 4)))
    with pytest.raises(KeyError):
        method_unavailable("tsne")


def test_the_embedding_map_module_does_not_import_umap():
    import subprocess

    code = ("import sys, andrea_desktop.core.embedding_map as m; m.method_unavailable('umap'); "
            "assert 'umap' not in sys.modules and 'numba' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------------ huge and tiny values
@pytest.mark.parametrize("scale", [1e200, 1e-300])
def test_vocabulary_map_of_huge_or_tiny_finite_values_is_the_map_of_their_shape(scale):
    E = np.random.default_rng(0).normal(size=(40, 6))
    xy, explained = pca_map(E)
    if scale > 1e100:  # beyond float32 coordinates: refused with a reason, no LinAlgError
        with pytest.raises(ValueError, match="too large"):
            pca_map(E * scale)
        return
    _, explained_scaled = pca_map(E * scale)
    assert np.allclose(explained_scaled, explained)  # it was [0, 0] (the scatter underflowed)


def test_vocabulary_map_of_values_far_apart_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="too large"):
        pca_map(np.array([[1e308], [-1e308], [0.0]]))
