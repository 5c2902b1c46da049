"""The terrain's numbers on functions whose answers are known, and on a trained tiny model."""

import dataclasses
import math

import numpy as np
import pytest
import torch
from conftest import tiny_config

from andrea_desktop.core import terrain as T
from andrea_desktop.core.config import (
    CheckpointConfig,
    ConfigError,
    ModelConfig,
    TerrainConfig,
    config_from_dict,
    config_to_dict,
)
from andrea_desktop.core.model import GPT
from andrea_desktop.core.rundir.checkpoint import list_checkpoints, load_weights
from andrea_desktop.core.terrain_jobs import TerrainComputer, checkpoint_weights
from andrea_desktop.core.training import Trainer, prepare_run


# ------------------------------------------------------------------ a quadratic ½ wᵀ A w
def _spd_like(n: int, eigenvalues: np.ndarray, seed: int = 0) -> np.ndarray:
    q, _ = np.linalg.qr(np.random.default_rng(seed).standard_normal((n, n)))
    return (q * eigenvalues) @ q.T


def _quadratic(A: np.ndarray):
    At = torch.from_numpy(A)

    def loss(params):
        w = params["w"]
        return 0.5 * w @ (At @ w)

    return loss


def test_top_eigenvalues_of_a_quadratic_match_its_matrix():
    n = 60
    lam = np.concatenate([[25.0, 17.5, 9.0], np.linspace(-3.0, 4.0, n - 3)])
    A = _spd_like(n, lam)
    w0 = {"w": torch.from_numpy(np.random.default_rng(1).standard_normal(n))}
    hvp = T.hvp_function(_quadratic(A), w0, math_attention=False)
    res = T.top_eigenvalues(hvp, w0, k=3, tol=1e-10, seed=3)
    assert res.converged and res.matvecs > 0
    np.testing.assert_allclose(res.values, [25.0, 17.5, 9.0], rtol=1e-4)


def test_hutchinson_trace_of_a_quadratic_is_within_its_stated_error():
    n, m = 40, 400
    A = _spd_like(n, np.linspace(-2.0, 10.0, n), seed=5)
    w0 = {"w": torch.zeros(n, dtype=torch.float64)}
    hvp = T.hvp_function(_quadratic(A), w0, math_attention=False)
    tr = T.hutchinson_trace(hvp, w0, m, seed=11)
    # Var(zᵀAz) = 2 (||A||_F² - Σ A_ii²) for Rademacher z (Avron & Toledo, 2011)
    sd = math.sqrt(2 * ((A**2).sum() - (np.diag(A) ** 2).sum()) / m)
    assert abs(tr.estimate - np.trace(A)) <= 4 * sd
    assert 0.7 * sd < tr.stderr < 1.4 * sd  # the reported error estimates the true one
    # a diagonal matrix: Rademacher probes are exact
    D = np.diag(np.arange(1.0, n + 1))
    hvp_d = T.hvp_function(_quadratic(D), w0, math_attention=False)
    assert T.hutchinson_trace(hvp_d, w0, 3, seed=1).estimate == pytest.approx(np.trace(D), rel=1e-12)


def test_slices_of_a_quadratic_equal_the_analytic_surface():
    shapes = {"a": (3, 4), "b": (5,)}
    n = 17
    A = _spd_like(n, np.linspace(0.5, 6.0, n), seed=2)
    At = torch.from_numpy(A)
    rng = np.random.default_rng(4)

    def params(v):
        return T.unflatten(torch.from_numpy(v), {k: torch.zeros(s, dtype=torch.float64) for k, s in shapes.items()})

    def loss(p):
        w = T.flatten(p)
        return 0.5 * w @ (At @ w)

    w, d1, d2 = (rng.standard_normal(n) for _ in range(3))
    alphas, betas = np.linspace(-1, 1, 7), np.linspace(-0.5, 2, 5)
    grid = T.slice_2d(loss, params(w), params(d1), params(d2), alphas, betas)
    assert grid.shape == (5, 7)
    for i, b in enumerate(betas):
        for j, a in enumerate(alphas):
            v = w + a * d1 + b * d2
            assert grid[i, j] == pytest.approx(0.5 * v @ A @ v, rel=1e-12)
    line = T.slice_1d(loss, params(w), params(d1), alphas)
    np.testing.assert_allclose(line, [0.5 * (w + a * d1) @ A @ (w + a * d1) for a in alphas], rtol=1e-12)


# ------------------------------------------------------------------ filter normalisation
def test_filter_normalized_directions_have_the_weights_per_filter_norms():
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(10, 20), torch.nn.ReLU(), torch.nn.Linear(20, 3))
    w = {k: p.detach().clone() for k, p in net.named_parameters()}
    state = torch.get_rng_state()
    d = T.filter_normalized_direction(w, torch.Generator().manual_seed(5))
    assert torch.equal(state, torch.get_rng_state())  # the global RNG is not used
    for name in ("0.weight", "2.weight"):
        assert d[name].shape == w[name].shape
        torch.testing.assert_close(d[name].norm(dim=1), w[name].norm(dim=1), rtol=1e-5, atol=0)
        assert not torch.allclose(d[name], w[name])
    for name in ("0.bias", "2.bias"):  # 1-D parameters: zero, as Li et al.'s ignore='biasbn'
        assert torch.count_nonzero(d[name]) == 0
    again = T.filter_normalized_direction(w, torch.Generator().manual_seed(5))
    assert all(torch.equal(d[k], again[k]) for k in d)  # seeded: the same direction every time
    kept = T.filter_normalized_direction(w, torch.Generator().manual_seed(5), ignore_1d=False)
    assert torch.equal(kept["0.bias"], w["0.bias"])
    # directions of another step: the same raw draw, rescaled to the new weights
    w2 = {k: v * 3 for k, v in w.items()}
    d2 = T.random_directions(w2, 1, seed=5)[0]
    torch.testing.assert_close(d2["0.weight"], 3 * d["0.weight"])


def test_filter_normalized_directions_of_the_gpt_rescale_every_row():
    cfg = ModelConfig(n_layer=1, n_head=2, d_model=16, block_size=8, vocab_size=40)
    torch.manual_seed(0)
    w = T.model_weights(GPT(cfg))
    assert "lm_head.weight" not in w  # tied to wte: one tensor, one direction
    d = T.random_directions(w, 2, seed=1)
    for k, p in w.items():
        if p.dim() >= 2:
            torch.testing.assert_close(d[0][k].reshape(len(p), -1).norm(dim=1),
                                       p.reshape(len(p), -1).norm(dim=1), rtol=1e-5, atol=1e-7)
    assert not torch.allclose(d[0]["wte.weight"], d[1]["wte.weight"])


def test_skeleton_model_draws_no_random_numbers():
    state = torch.get_rng_state()
    net = T.skeleton_model(ModelConfig(n_layer=2, n_head=2, d_model=16, block_size=8, vocab_size=40))
    assert torch.equal(state, torch.get_rng_state())
    assert not net.training and next(net.parameters()).is_meta


# ------------------------------------------------------------------ trajectory
def test_trajectory_pca_of_a_planar_path_keeps_its_distances_and_ends_at_the_origin():
    rng = np.random.default_rng(0)
    P = 500
    q, _ = np.linalg.qr(rng.standard_normal((P, 2)))
    centre = rng.standard_normal(P)
    xy = np.array([[5.0, 3.0], [3.5, 2.5], [2.0, 0.5], [1.0, 0.8], [0.3, 0.1], [0.0, 0.0]])
    path = [(centre + q @ c).astype(np.float32) for c in xy]
    plane = T.trajectory_pca(path, chunk=77)  # several chunks
    np.testing.assert_array_equal(plane.coords[-1], [0.0, 0.0])
    assert (plane.coords[0] <= 0).all()  # the oldest snapshot at the lower left
    np.testing.assert_allclose(np.linalg.norm(plane.coords, axis=1), np.linalg.norm(xy, axis=1), rtol=1e-4)
    assert plane.explained.sum() == pytest.approx(1.0, abs=1e-6)
    assert plane.explained[0] >= plane.explained[1] > 0
    np.testing.assert_allclose(np.linalg.norm(plane.e1), 1.0, rtol=1e-5)
    assert abs(float(plane.e1 @ plane.e2)) < 1e-5
    # off the plane: the two components hold less than all of it
    noisy = [p + 0.3 * rng.standard_normal(P).astype(np.float32) for p in path[:-1]] + [path[-1]]
    assert T.trajectory_pca(noisy).explained.sum() < 0.99


def test_trajectory_of_two_snapshots_has_one_component():
    a, b = np.zeros(10, np.float32), np.ones(10, np.float32)
    plane = T.trajectory_pca([a, b])
    np.testing.assert_allclose(plane.coords, [[-math.sqrt(10), 0], [0, 0]], rtol=1e-6)
    np.testing.assert_array_equal(plane.explained, [1.0, 0.0])
    with pytest.raises(ValueError):
        T.trajectory_pca([a])


# ------------------------------------------------------------------ the GPT
@pytest.mark.filterwarnings("ignore:`torch.jit.script` is deprecated:DeprecationWarning")
def test_hessian_vector_products_of_the_gpt_match_forward_mode_and_finite_differences():
    cfg = ModelConfig(n_layer=1, n_head=2, d_model=16, block_size=8, vocab_size=32)
    torch.manual_seed(0)
    w = {k: v.double() for k, v in T.model_weights(GPT(cfg)).items()}
    g = torch.Generator().manual_seed(1)
    x = torch.randint(0, 32, (3, 8), generator=g)
    rows = T.FixedRows(x, torch.roll(x, -1, 1), np.array([0, 1, 0]), ("a", "b"))
    loss = T.model_loss_fn(T.skeleton_model(cfg), rows)
    v = {k: torch.randn(p.shape, generator=g, dtype=torch.float64) for k, p in w.items()}
    hv = T.hvp_function(loss, w)(v)  # reverse over reverse
    f = T._scalar(loss)
    with T._MathAttention():
        _, fwd = torch.func.jvp(torch.func.grad(f), (w,), (v,))  # forward over reverse
        eps = 1e-3  # the model's cross-entropy runs in float32: a step far above its rounding
        gp = torch.func.grad(f)({k: w[k] + eps * v[k] for k in w})
        gm = torch.func.grad(f)({k: w[k] - eps * v[k] for k in w})
    for k in w:
        torch.testing.assert_close(hv[k], fwd[k], rtol=1e-5, atol=1e-8)
    fd = T.flatten({k: (gp[k] - gm[k]) / (2 * eps) for k in w})  # truncation error O(eps²)
    assert torch.linalg.vector_norm(T.flatten(hv) - fd) < 2e-2 * torch.linalg.vector_norm(fd)


@pytest.fixture(scope="module")
def trained_run(tmp_path_factory):
    """A tiny run trained 30 steps with a checkpoint every 10 (4 checkpoints: 10 .. 30 and the end)."""
    run = tmp_path_factory.mktemp("terrain") / "run"
    cfg = tiny_config(checkpoint={"interval": 10, "keep_last": 10})
    trainer = Trainer(prepare_run(run, config=cfg))
    try:
        trainer.run(30)
    finally:
        trainer.close()
    return run


def test_terrain_of_a_trained_model_centres_on_its_loss_and_ends_its_path_at_the_origin(trained_run):
    prepared = prepare_run(trained_run)
    cfg = prepared.config
    tcfg = dataclasses.replace(TerrainConfig(), grid=5, plane_grid=5, n_rows=6, basin_directions=3,
                               hutchinson_samples=3, eigenvalues=2)
    rows = T.rows_for_dataset(prepared.dataset, tcfg.n_rows, cfg.model.block_size, cfg.run.seed)
    assert set(rows.source) == {0, 1, 2}  # every source is represented
    computer = TerrainComputer(trained_run, cfg.model, tcfg, rows, cfg.run.seed)
    ckpts = list_checkpoints(trained_run)
    assert [c.step for c in ckpts] == [10, 20, 30]
    assert computer.seed_path_from_checkpoints(before_step=30) == 2
    weights = checkpoint_weights(ckpts[-1], computer.net)
    r = computer.compute(30, 1e-3, weights, write=False)

    model = GPT(cfg.model)
    load_weights(ckpts[-1].path / "model.safetensors", model, "cpu")
    model.eval()
    with torch.no_grad():
        direct = model(rows.x, rows.y)[1]  # (R,) the model's own loss on the fixed rows
    assert r.centre == (2, 2)
    assert r.centre_loss == pytest.approx(float(direct.mean()), rel=1e-6)
    np.testing.assert_allclose(r.surface_by_source[:, 2, 2], rows.source_means(direct.double().numpy()), rtol=1e-5)
    np.testing.assert_array_equal(r.path_steps, [10, 20, 30])
    np.testing.assert_array_equal(r.path_xy[-1], [0.0, 0.0])
    assert np.linalg.norm(r.path_xy[0]) > np.linalg.norm(r.path_xy[1]) > 0
    assert r.has_plane and r.plane_surface.shape == (5, 5)
    assert r.eigenvalues[0] >= r.eigenvalues[1] and r.eig_converged
    assert np.isfinite(r.trace) and r.trace_samples == 3
    assert r.basin_plus.shape == (3,) and np.isfinite(r.basin_mean)
    np.testing.assert_array_equal(r.slice_d1, r.surface[2])
    # the top eigenvalue bounds every Rayleigh quotient
    hvp = T.hvp_function(T.model_loss_fn(computer.net, rows), weights)
    v = T.random_directions(weights, 1, seed=9)[0]
    hv = hvp(v)
    rq = float(sum((hv[k] * v[k]).sum() for k in v) / sum((v[k] ** 2).sum() for k in v))
    assert rq <= r.eigenvalues[0] * (1 + 1e-3)


# ------------------------------------------------------------------ config
def test_terrain_config_is_checked_and_optional_in_an_old_run_config():
    with pytest.raises(ConfigError, match="terrain.grid"):
        TerrainConfig(grid=20)
    with pytest.raises(ConfigError, match="terrain.worker"):
        TerrainConfig(worker="gpu")
    with pytest.raises(ConfigError, match="terrain.interval"):
        TerrainConfig(interval=-1)
    d = config_to_dict(tiny_config())
    del d["terrain"]
    cfg = config_from_dict(d, strict=True)
    assert cfg.terrain == TerrainConfig() and cfg.terrain.interval == 0
    assert tiny_config().checkpoint == CheckpointConfig()
