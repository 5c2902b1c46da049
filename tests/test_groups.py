"""Seed groups, headless: which runs form a group (only the seed differs, or a chosen setting's
value), and the group's mean, standard deviation, min, max and n on each x axis equal numpy's over
the runs' stores, for runs of different lengths and while they grow."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import SEED_GROUP_RUNS, tiny_config, write_seed_group_runs

from andrea_desktop import runs
from andrea_desktop.core.config.toml_io import config_to_dict
from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS
from andrea_desktop.core.viewmodels.colours import RUN_PALETTE, group_colour
from andrea_desktop.core.viewmodels.compare import CompareRun, XAxis
from andrea_desktop.core.viewmodels.groups import (
    GroupCurves,
    GroupSeries,
    ScaledSeries,
    group_key_mode,
    group_runs,
    group_stats,
)

SCALAR_NAMES = {"loss": TRAIN_LOSS, "lr": TRAIN_LR, "val": VAL_LOSS}


def test_the_std_is_the_sample_std():
    x = np.arange(3.0)
    s = group_stats([(x, np.array([1.0, 2.0, 3.0])), (x, np.array([2.0, 4.0, 9.0]))])
    np.testing.assert_allclose(s.std, [np.sqrt(0.5), np.sqrt(2.0), np.sqrt(18.0)])  # ddof = 1


def _cfg(**overrides) -> dict:
    return config_to_dict(tiny_config(**overrides))


def test_runs_that_differ_only_in_seed_form_a_group():
    configs = {
        "a-s1": _cfg(run={"seed": 1}),
        "a-s2": _cfg(run={"seed": 2, "device": "cpu", "torch_threads": 3}),  # where it trained: not a setting
        "b-s1": _cfg(run={"seed": 1}, optimizer={"lr": 1e-3}),
        "b-s2": _cfg(run={"seed": 2}, optimizer={"lr": 1e-3}),
        "b-s3": _cfg(run={"seed": 3}, optimizer={"lr": 1e-3}),
        "c": _cfg(schedule={"warmup_steps": 0}),  # alone: stays a run
        "broken": {},  # an unreadable config is in no group
    }
    groups = group_runs(configs, "seed")
    assert [g.members for g in groups] == [("a-s1", "a-s2"), ("b-s1", "b-s2", "b-s3")]
    assert [g.label for g in groups] == ["a", "b"]
    assert [g.n for g in groups] == [2, 3]
    # the key (and so the colour) is a function of the shared settings: not of names or order
    again = group_runs({"x": configs["b-s3"], "y": configs["b-s1"]}, "seed")
    assert again[0].key == groups[1].key and group_colour(again[0].key) == group_colour(groups[1].key)
    assert group_colour(groups[0].key) in RUN_PALETTE
    assert group_runs(configs, "off") == []
    # copies or reruns of one seed (every setting equal): nothing to average over seeds
    assert group_runs({"x": configs["a-s1"], "x-copy": configs["a-s1"], "c": configs["c"]}, "seed") == []
    assert [g.members for g in group_runs({"x": configs["a-s1"], "x-copy": configs["a-s1"], "y": configs["a-s2"]},
                                          "seed")] == [("x", "x-copy", "y")]
    # a branch continues its parent: never a seed's repeat (grouped by a setting, it may be)
    assert [g.members for g in group_runs(configs, "seed", branches=["b-s2"])] == [
        ("a-s1", "a-s2"), ("b-s1", "b-s3")]
    assert [g.members for g in group_runs(configs, "seed", branches=["a-s2"])] == [("b-s1", "b-s2", "b-s3")]
    assert ("b-s1", "b-s2", "b-s3") in [g.members for g in group_runs(configs, group_key_mode("optimizer.lr"),
                                                                       branches=["b-s2"])]

    by_lr = group_runs(configs, group_key_mode("optimizer.lr"))
    assert {g.label: g.members for g in by_lr} == {
        "optimizer.lr = 0.003": ("a-s1", "a-s2", "c"), "optimizer.lr = 0.001": ("b-s1", "b-s2", "b-s3")}
    with pytest.raises(ValueError):
        group_runs(configs, "by-nothing")


def _stored(path: Path, scalar: str, axis: XAxis) -> tuple[np.ndarray, np.ndarray]:
    """(x, y) of a stored scalar on ``axis``, read through the runs API (not the comparison)."""
    run = runs.open_run(path)
    long = run.scalars(long=True, as_pandas=False)
    (t0,) = run.events("start", as_pandas=False)["wall_time"]
    sel = long["name"] == SCALAR_NAMES[scalar]
    steps, values, walls = long["step"][sel], long["value"][sel], long["wall_time"][sel]
    tps = run.config["train"]["batch_size"] * run.config["model"]["block_size"]
    x = {XAxis.STEP: steps.astype(float), XAxis.TOKENS: steps * float(tps), XAxis.WALL: walls - t0}[axis]
    order = np.argsort(x, kind="stable")
    return x[order], values[order].astype(float)


def _expected(paths: list[Path], scalar: str, axis: XAxis) -> dict[str, np.ndarray]:
    """numpy's statistics at each x any run logged, of the runs that cover it: on step their
    logged values at that x (the runs log the same steps); on tokens and active training time each
    run's value linearly interpolated between its two rows around x (at its own rows: its value)."""
    curves = [_stored(p, scalar, axis) for p in paths]
    grid = np.unique(np.concatenate([x for x, _ in curves]))
    out = {k: [] for k in ("mean", "std", "lo", "hi", "n")}
    for g in grid:
        if axis is not XAxis.STEP:
            vals = [np.interp(g, x, y) for x, y in curves if x[0] <= g <= x[-1]]
        else:
            vals = [float(y[x == g][0]) for x, y in curves if (x == g).any()]
        v = np.asarray(vals)
        out["mean"].append(np.mean(v))
        out["std"].append(np.std(v, ddof=1) if len(v) > 1 else np.nan)
        out["lo"].append(np.min(v))
        out["hi"].append(np.max(v))
        out["n"].append(len(v))
    return {"x": grid, **{k: np.asarray(v) for k, v in out.items()}}


def _group(folder: Path, names) -> GroupCurves:
    compared = [CompareRun(folder / n, smoothing=0.0) for n in names]  # no smoothing: the stored values
    for r in compared:
        r.poll()
    (group,) = group_runs({r.name: r.config for r in compared}, "seed")
    return GroupCurves(group, compared)


@pytest.mark.parametrize("axis", list(XAxis))
@pytest.mark.parametrize("scalar", ["loss", "lr", "val"])
def test_group_mean_and_std_equal_numpy_over_the_stores_on_each_x_axis(tmp_path, axis, scalar):
    paths = write_seed_group_runs(tmp_path)
    names = [n for n in SEED_GROUP_RUNS if n.startswith("lr3e-3")]  # 30, 22 and 26 steps
    gc = _group(tmp_path, names)
    got = gc.get(scalar, axis).stats()
    want = _expected([paths[n] for n in names], scalar, axis)
    np.testing.assert_allclose(got.x, want["x"], rtol=1e-12)
    np.testing.assert_array_equal(got.n, want["n"])
    for k in ("mean", "std", "lo", "hi"):
        np.testing.assert_allclose(getattr(got, k), want[k], rtol=1e-10, atol=1e-14, err_msg=k)
    if scalar != "lr":  # the seeds' losses differ: a band
        assert np.nanmax(got.std) > 0.01
    if scalar == "loss" and axis is XAxis.STEP:  # n drops where a run ends
        assert got.n[got.x == 22][0] == 3 and got.n[got.x == 23][0] == 2 and got.n[got.x == 30][0] == 1
        assert np.isnan(got.std[got.x == 30][0])  # one run: no std


def _assert_as_if_read_whole(gc: GroupCurves, folder: Path, names) -> None:
    """``gc``'s loss curves on each axis equal those of the same runs written whole in ``folder``
    and read at once."""
    write_seed_group_runs(folder, {n: SEED_GROUP_RUNS[n] for n in names})
    whole = _group(folder, names)
    for axis in XAxis:
        a, b = gc.get("loss", axis).stats(), whole.get("loss", axis).stats()
        for k in ("x", "mean", "std", "lo", "hi", "n"):
            np.testing.assert_allclose(getattr(a, k), getattr(b, k), rtol=1e-12, err_msg=f"{axis} {k}")


def test_a_group_by_a_setting_of_runs_with_other_batch_sizes_on_tokens(tmp_path):
    """Grouped by LR, runs of other batch sizes see other tokens per step: on x = tokens their
    rows fall at other x's, and each is interpolated on the others' (numpy's over the stores)."""
    from andrea_desktop.core.config import save_config

    names = ["lr3e-3-s1", "lr3e-3-s2"]
    paths = write_seed_group_runs(tmp_path, {n: SEED_GROUP_RUNS[n] for n in names})
    save_config(tiny_config(optimizer={"lr": 3e-3, "weight_decay": 0.1}, run={"seed": 2},
                            train={"batch_size": 12, "eval_interval": 20, "eval_rows": 8}),
                paths["lr3e-3-s2"] / "config.toml")
    compared = [CompareRun(paths[n], smoothing=0.0) for n in names]
    for r in compared:
        r.poll()
    assert compared[0].tokens_per_step != compared[1].tokens_per_step
    assert group_runs({r.name: r.config for r in compared}, "seed") == []  # they differ in more than the seed
    (group,) = group_runs({r.name: r.config for r in compared}, group_key_mode("optimizer.lr"))
    got = GroupCurves(group, compared).get("loss", XAxis.TOKENS)
    assert isinstance(got, GroupSeries)
    got, want = got.stats(), _expected([paths[n] for n in names], "loss", XAxis.TOKENS)
    np.testing.assert_allclose(got.x, want["x"], rtol=1e-12)
    np.testing.assert_array_equal(got.n, want["n"])
    for k in ("mean", "std", "lo", "hi"):
        np.testing.assert_allclose(getattr(got, k), want[k], rtol=1e-10, atol=1e-14, err_msg=k)
    assert set(got.n.tolist()) == {1, 2}  # n = 1 past the end of the one that saw fewer tokens


def test_group_curves_of_growing_runs_equal_those_read_whole(tmp_path):
    """Runs still writing: the group's curves are kept up to date (only the points after the
    earliest run's end are computed again) and equal those of the finished runs read at once."""
    names = [n for n in SEED_GROUP_RUNS if n.startswith("lr3e-3")]
    live_dir = tmp_path / "live"
    write_seed_group_runs(live_dir, {n: SEED_GROUP_RUNS[n] for n in names}, upto=3)
    gc = _group(live_dir, names)
    for axis in XAxis:
        gc.get("loss", axis)
    recomputed = []
    for upto in (7, 12, 12, 20, 25, 40):
        write_seed_group_runs(live_dir, {n: SEED_GROUP_RUNS[n] for n in names}, upto=upto)
        for r in gc.runs:
            r.poll()
        gs = gc.get("loss", XAxis.STEP)
        recomputed.append(gs.recomputed)
        for axis in XAxis:
            gc.get("loss", axis)
    assert recomputed[2] == 0  # nothing new: nothing computed
    assert recomputed[1] <= 3 * 5 + 1  # the new steps (and the one at the frontier), not all 12
    _assert_as_if_read_whole(gc, tmp_path / "whole", names)


def test_a_smoothing_change_or_a_member_read_again_recomputes_everything(tmp_path):
    names = [n for n in SEED_GROUP_RUNS if n.startswith("lr1e-3")]
    write_seed_group_runs(tmp_path, {n: SEED_GROUP_RUNS[n] for n in names})
    gc = _group(tmp_path, names)
    before = gc.get("loss", XAxis.STEP).stats()
    for r in gc.runs:
        r.set_smoothing(0.5)
    after = gc.get("loss", XAxis.STEP).stats()
    want = np.mean([r.loss.series.smoothed.data for r in gc.runs], axis=0)  # both log steps 1-24
    np.testing.assert_allclose(after.mean, want, rtol=1e-12)
    assert not np.allclose(before.mean, after.mean)


def test_group_stats_leave_non_finite_values_and_empty_runs_out():
    x = np.arange(1.0, 6.0)
    a = np.array([1.0, 2.0, np.nan, 4.0, 5.0])
    b = np.array([3.0, 4.0, 5.0, 6.0, 7.0])
    s = group_stats([(x, a), (x, b), (np.zeros(0), np.zeros(0))])
    np.testing.assert_array_equal(s.n, [2, 2, 1, 2, 2])
    np.testing.assert_allclose(s.mean, [2, 3, 5, 5, 6])
    np.testing.assert_allclose(s.std[[0, 1, 3, 4]], np.std([[1, 2, 4, 5], [3, 4, 6, 7]], axis=0, ddof=1))
    assert np.isnan(s.std[2])
    # between a NaN and a number nothing is interpolated
    s = group_stats([(np.array([0.0, 2.0]), np.array([np.nan, 1.0])), (np.array([1.0]), np.array([9.0]))])
    np.testing.assert_array_equal(s.n, [0, 1, 1])
    gs = GroupSeries()
    assert gs.update([(x, a), (x, b)], ("a", "b")) and len(gs) == 5
    np.testing.assert_allclose(gs.upper.data[[0, 2]], [2 + np.std([1, 3], ddof=1), 5])  # no band at n = 1


def test_seeds_trained_one_after_another_cost_the_growing_runs_new_points(tmp_path):
    """Two seeds done, the third growing (a sweep's queue): each update computes the points the
    growing run's new rows can change, not the rest of the finished runs' steps."""
    names = [n for n in SEED_GROUP_RUNS if n.startswith("lr3e-3")]
    runs_dir = tmp_path / "queue"
    done = {n: SEED_GROUP_RUNS[n] for n in names[:2]}
    write_seed_group_runs(runs_dir, done)
    growing = {names[2]: SEED_GROUP_RUNS[names[2]]}  # 26 steps
    write_seed_group_runs(runs_dir, growing, upto=4)
    gc = _group(runs_dir, names)
    for axis in XAxis:
        gc.get("loss", axis)
    for before, upto in ((4, 9), (9, 14), (14, 26)):
        write_seed_group_runs(runs_dir, growing, upto=upto)
        gc.runs[2].poll()
        assert gc.get("loss", XAxis.STEP).recomputed == upto - before  # not the finished runs' steps after them
        assert isinstance(gc.get("loss", XAxis.TOKENS), ScaledSeries)  # the same tokens per step: step's, scaled
        wall = gc.get("loss", XAxis.WALL)  # the union of the times in the growing run's new span
        assert 0 < wall.recomputed <= 3 * (upto - before + 1) < len(wall) - 10
    _assert_as_if_read_whole(gc, tmp_path / "whole", names)
