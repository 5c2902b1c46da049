"""A terrain job in cheap-first parts, and figures that agree: the basin width's implied
curvature and lambda_max of a quadratic with a known matrix, parts stored as they land."""

import math

import numpy as np
import pytest
import torch
from conftest import tiny_config

from andrea_desktop.core import terrain as T
from andrea_desktop.core.model import GPT
from andrea_desktop.core.rundir.terrain import (
    PART_COARSE,
    PART_FULL,
    PART_SHARPNESS,
    TerrainResult,
    read_result,
    terrain_path,
    write_result,
)


def _quadratic_on_matrix(A: np.ndarray, centre: torch.Tensor):
    """L(W) = ½ vec(W - W*)ᵀ A vec(W - W*) for a (r, c) weight W (2-D, so the directions are
    filter-normalised row by row)."""
    At = torch.from_numpy(A)

    def loss(params):
        v = (params["W"] - centre).reshape(-1)
        return 0.5 * v @ (At @ v)

    return loss


def _drain(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


@pytest.mark.parametrize("spectrum", ["isotropic", "spread"])
def test_basin_width_and_lambda_max_of_a_quadratic_agree_with_its_matrix(spectrum):
    r, c = 6, 5
    n = r * c
    rng = np.random.default_rng(3)
    if spectrum == "isotropic":
        lam = np.full(n, 7.0)
        A = np.diag(lam)
    else:
        lam = np.concatenate([[40.0], np.linspace(-2.0, 9.0, n - 1)])
        q, _ = np.linalg.qr(rng.standard_normal((n, n)))
        A = (q * lam) @ q.T
    centre = torch.from_numpy(rng.standard_normal((r, c)))
    w = {"W": centre + 0.3 * torch.from_numpy(rng.standard_normal((r, c)))}  # off the minimum: a slope
    loss = _quadratic_on_matrix(A, centre)
    rho = 0.05
    basin = T.basin_width(loss, w, rho, k=16, seed=1)
    # the curvature each rise implies is exactly dᵀAd / ||d||² (the slope cancels in the symmetric rise)
    dirs = T.random_directions(w, 16, T.derive_seed(1, "basin"))
    expected = np.array([float(d["W"].reshape(-1) @ (torch.from_numpy(A) @ d["W"].reshape(-1))
                               / (d["W"] ** 2).sum()) for d in dirs])
    np.testing.assert_allclose(basin.curvature, expected, rtol=1e-8)
    assert (basin.curvature <= lam.max() + 1e-9).all() and (basin.curvature >= lam.min() - 1e-9).all()
    eig = _drain(T.lanczos_steps(T.hvp_function(loss, w, math_attention=False), w, k=1, tol=1e-8, seed=2))
    assert eig.converged
    assert eig.values[0] == pytest.approx(lam.max(), rel=1e-6)
    if spectrum == "isotropic":  # every direction is the sharpest: the two figures are one number
        np.testing.assert_allclose(basin.curvature, eig.values[0], rtol=1e-8)
    else:  # random directions see about the mean eigenvalue, tr(A) / n, far below lambda_max
        assert abs(basin.curvature.mean() - lam.mean()) < 0.5 * (lam.max() - lam.mean())
    # the stored result reports the same curvature
    res = _stored(basin, eig, n)
    np.testing.assert_allclose(res.basin_curvature, basin.curvature, rtol=1e-12)
    assert res.lambda_max == pytest.approx(lam.max(), rel=1e-6)


def _stored(basin, eig, n) -> TerrainResult:
    return TerrainResult(
        step=1, lr=1e-3, n_params=n, n_rows=1, seed=0, sources=np.array(["a"]), alphas=np.zeros(0),
        betas=np.zeros(0), surface=np.zeros((0, 0), np.float32), surface_by_source=np.zeros((1, 0, 0), np.float32),
        path_steps=np.array([1]), path_xy=np.zeros((1, 2)), path_explained=np.full(2, np.nan),
        plane_alphas=np.zeros(0), plane_betas=np.zeros(0), plane_surface=np.zeros((0, 0), np.float32),
        eigenvalues=eig.values, eig_matvecs=eig.matvecs, eig_converged=eig.converged, trace=math.nan,
        trace_stderr=math.nan, trace_samples=0, basin_radius=basin.rho, basin_plus=basin.plus,
        basin_minus=basin.minus, basin_norm2=basin.norm2, loss=basin.centre, part=PART_SHARPNESS)


def test_lanczos_finds_the_top_eigenvalues_that_arpack_finds():
    n = 60
    lam = np.concatenate([[25.0, 17.5, 9.0], np.linspace(-3.0, 4.0, n - 3)])
    q, _ = np.linalg.qr(np.random.default_rng(0).standard_normal((n, n)))
    A = torch.from_numpy((q * lam) @ q.T)
    w0 = {"w": torch.from_numpy(np.random.default_rng(1).standard_normal(n))}
    hvp = T.hvp_function(lambda p: 0.5 * p["w"] @ (A @ p["w"]), w0, math_attention=False)
    res = _drain(T.lanczos_steps(hvp, w0, k=3, tol=1e-8, seed=3, max_iter=60))
    assert res.converged and res.matvecs < 60
    np.testing.assert_allclose(res.values, [25.0, 17.5, 9.0], rtol=1e-6)


@pytest.fixture(scope="module")
def tiny_job():
    cfg = tiny_config(model={"vocab_size": 64})
    torch.manual_seed(0)
    net = GPT(cfg.model)
    w = T.model_weights(net)
    rng = np.random.default_rng(0)
    val = [rng.integers(0, cfg.model.vocab_size, 400)]
    rows = T.fixed_rows(val, ["a"], 4, cfg.model.block_size, seed=1)
    tc = cfg.terrain.__class__(grid=9, plane_grid=3, n_rows=4, basin_directions=2, hutchinson_samples=2)
    flat = T.flatten(w).numpy()
    path = [(s, flat + 0.01 * rng.standard_normal(flat.size).astype(np.float32)) for s in (1, 2)]
    return T.skeleton_model(cfg.model), w, rows, tc, path


def test_a_job_lands_in_cheap_first_parts_each_a_valid_result(tiny_job, tmp_path):
    net, w, rows, tc, path = tiny_job
    items = list(T.terrain_parts(net, w, rows, tc, step=3, lr=1e-3, seed=5, path=path))
    results = [i for i in items if isinstance(i, TerrainResult)]
    assert [r.part for r in results] == [PART_SHARPNESS, PART_COARSE, PART_FULL]
    first, coarse, full = results
    # part 1: the loss, lambda_max and the basin width, before any surface
    assert not first.has_surface and math.isfinite(first.lambda_max) and first.basin_rise.shape == (2,)
    assert np.isfinite(first.basin_curvature).all()
    assert items.index(first) < len(items) // 3  # it comes early in the work
    assert coarse.surface.shape == (T.COARSE_GRID, T.COARSE_GRID)
    assert full.surface.shape == (9, 9) and full.has_plane and full.trace_samples == 2
    # the full grid reuses the coarse points it shares (9 = 1 + 2 x 4): the same numbers
    np.testing.assert_array_equal(full.surface[::2, ::2], coarse.surface)
    assert full.centre_loss == pytest.approx(first.centre_loss, rel=1e-6)
    assert full.lambda_max == first.lambda_max
    progress = [i for i in items if isinstance(i, T.Progress)]
    assert all(b.done > a.done for a, b in zip(progress, progress[1:], strict=False))
    assert progress[-1].fraction == pytest.approx(1.0)
    # each part is a file a reader accepts, a later part replacing it
    for r in results:
        write_result(tmp_path, r)
        back = read_result(terrain_path(tmp_path, 3))
        assert back.part == r.part and back.has_surface == r.has_surface
    # compute_terrain: the same job run through, parts 1 and 2 handed on as they land
    landed = []
    again = T.compute_terrain(net, w, rows, tc, 3, 1e-3, 5, path=path, on_part=landed.append)
    assert [r.part for r in landed] == [PART_SHARPNESS, PART_COARSE]
    np.testing.assert_array_equal(again.surface, full.surface)


def test_a_file_written_before_parts_existed_opens_as_a_complete_result(tmp_path):
    from conftest import make_terrain_result

    r = make_terrain_result(step=7)
    arrays = {k: v for k, v in r.to_arrays().items() if k not in ("part", "loss", "basin_norm2")}
    (tmp_path / "terrain").mkdir()
    np.savez(tmp_path / "terrain" / "7.npz", **arrays)
    back = read_result(tmp_path / "terrain" / "7.npz")
    assert back.complete and back.has_surface
    assert back.centre_loss == pytest.approx(float(r.surface[r.centre]))
    assert np.isnan(back.basin_curvature).all()  # the directions' lengths were not stored
