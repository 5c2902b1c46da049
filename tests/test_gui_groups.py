"""Seed groups in the Runs dock's comparison: checked runs that differ only in their seed are drawn
as their group's mean with a ±1 std band (min–max on request) in the group's colour, with n in
the legend, on every x axis; the runs of a group are hidden unless asked for; the grouping can be
turned off or chosen by a setting; the hover readout gives mean, std and n."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import SEED_GROUP_RUNS, legend_entries, runs_dock, write_seed_group_runs

from andrea_desktop.core.viewmodels.colours import group_colour
from andrea_desktop.core.viewmodels.compare import XAxis
from andrea_desktop.core.viewmodels.groups import GROUP_OFF, GROUP_SEED, group_key_mode


@pytest.fixture(scope="module")
def seed_runs(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("seed-runs")
    write_seed_group_runs(folder)
    return folder


@pytest.fixture
def dock(make_window, seed_runs):
    d = runs_dock(make_window, seed_runs)
    for name in SEED_GROUP_RUNS:
        d.set_checked(seed_runs / name)
    return d


def _show(qtbot, dock):
    plot = dock.compare.loss.plot
    plot.window().resize(1280, 800)
    plot.window().show()
    qtbot.waitUntil(lambda: plot.isVisible() and plot.width() > 100, timeout=10_000)
    return plot


def test_runs_that_differ_only_in_seed_are_drawn_as_their_group(qtbot, dock, seed_runs):
    cmp = dock.compare
    assert dock.grouping_mode() == GROUP_SEED  # the default
    groups = {g.label: g for g in cmp.groups.groups}
    assert set(groups) == {"lr3e-3", "lr1e-3"}
    assert groups["lr3e-3"].n == 3 and groups["lr1e-3"].n == 2
    for name in SEED_GROUP_RUNS:  # the runs are behind their group: none drawn as a run
        assert cmp.loss.curve_data(seed_runs / name, "smoothed") is None
        assert cmp.lr.curve_data(seed_runs / name, "used") is None
    names = set(legend_entries(cmp.loss.legend))
    assert {"lr3e-3 (n = 3)", "lr1e-3 (n = 2)"} <= names and not names & set(SEED_GROUP_RUNS)
    for axis in XAxis:
        dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
        for g in cmp.groups.groups:
            gc = cmp.groups.curves[g.key]
            for plot, scalar in ((cmp.loss, "loss"), (cmp.loss, "val"), (cmp.lr, "lr")):
                items = cmp.groups.items(g.key, scalar)
                assert items.plot is plot
                want = gc.get(scalar, axis).stats()
                x, y = items.curve.pyramid.x.data, items.curve.pyramid.y.data
                np.testing.assert_allclose(x, want.x, rtol=1e-12, err_msg=f"{axis} {scalar}")
                np.testing.assert_allclose(y, want.mean, rtol=1e-12)
                assert pg_colour(items.item) == group_colour(g.key)
                if scalar != "val":
                    std, minmax = items.bands
                    np.testing.assert_allclose(std.upper.data - std.lower.data,
                                               2 * np.nan_to_num(want.std), rtol=1e-12, atol=1e-15)
                    assert std.item.isVisible() and not minmax.item.isVisible()


def pg_colour(item) -> str:
    import pyqtgraph as pg

    pen = item.opts.get("pen")
    return (pg.mkPen(pen).color() if pen is not None else pg.mkColor(item.opts["symbolBrush"])).name().upper()


def test_the_bands_are_painted_and_min_max_and_members_are_shown_on_request(qtbot, dock, seed_runs):
    cmp = dock.compare
    _show(qtbot, dock)
    g = next(g for g in cmp.groups.groups if g.label == "lr3e-3")
    std, minmax = cmp.groups.items(g.key, "loss").bands
    cmp.redraw()
    assert not std.item.path().isEmpty() and std.item.path().boundingRect().height() > 0
    dock.minmax.setChecked(True)
    assert minmax.item.isVisible() and not minmax.item.path().isEmpty()
    series = cmp.groups.series(g.key, "loss")  # the whole band in view: it spans every run's lowest and highest
    assert minmax.y_range == pytest.approx((np.nanmin(series.lo.data), np.nanmax(series.hi.data)), rel=1e-12)
    assert std.y_range == pytest.approx((np.nanmin(series.lower.data), np.nanmax(series.upper.data)), rel=1e-12)
    assert not set(cmp.loss.markers.lines) & {seed_runs / n for n in SEED_GROUP_RUNS}  # nor their markers
    dock.members.setChecked(True)
    for name in SEED_GROUP_RUNS:
        assert cmp.loss.curve_data(seed_runs / name, "smoothed") is not None
    assert set(cmp.loss.markers.lines) == {seed_runs / n for n in SEED_GROUP_RUNS}
    dock.members.setChecked(False)
    assert cmp.loss.curve_data(seed_runs / "lr3e-3-s1", "smoothed") is None
    assert seed_runs / "lr3e-3-s1" not in cmp.loss.markers.lines


def test_grouping_off_or_by_a_setting(qtbot, dock, seed_runs):
    cmp = dock.compare
    dock.set_grouping(GROUP_OFF)
    assert cmp.groups.groups == [] and not cmp.groups._items
    for name in SEED_GROUP_RUNS:
        assert cmp.loss.curve_data(seed_runs / name, "smoothed") is not None
    keys = [dock.grouping.itemData(i) for i in range(dock.grouping.count())]
    assert group_key_mode("optimizer.lr") in keys and group_key_mode("run.seed") not in keys
    dock.set_grouping(group_key_mode("run.seed"))  # by seed value: lr3e-3-s1 with lr1e-3-s1, ...
    assert sorted(g.members for g in cmp.groups.groups) == [("lr3e-3-s1", "lr1e-3-s1"), ("lr3e-3-s2", "lr1e-3-s2")]
    assert cmp.loss.curve_data(seed_runs / "lr3e-3-s3", "smoothed") is not None  # alone: a run
    dock.set_grouping(group_key_mode("optimizer.lr"))
    assert {g.label for g in cmp.groups.groups} == {"optimizer.lr = 0.003", "optimizer.lr = 0.001"}
    dock.set_grouping(GROUP_SEED)
    assert {g.label for g in cmp.groups.groups} == {"lr3e-3", "lr1e-3"}


def test_unchecking_a_run_updates_its_group_and_its_n(qtbot, dock, seed_runs):
    cmp = dock.compare
    dock.set_checked(seed_runs / "lr1e-3-s2", False)  # lr1e-3 is one run now: drawn as a run
    assert {g.label for g in cmp.groups.groups} == {"lr3e-3"}
    assert cmp.loss.curve_data(seed_runs / "lr1e-3-s1", "smoothed") is not None
    dock.set_checked(seed_runs / "lr3e-3-s3", False)
    assert "lr3e-3 (n = 2)" in legend_entries(cmp.loss.legend)
    for name in SEED_GROUP_RUNS:
        dock.set_checked(seed_runs / name, False)
    assert not cmp.groups._items and not cmp.loss.plot.isVisible()


@pytest.mark.parametrize("axis", list(XAxis))
def test_hover_over_a_group_gives_mean_std_and_n(qtbot, dock, seed_runs, axis):
    from PySide6.QtCore import QPointF

    cmp = dock.compare
    dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
    plot = _show(qtbot, dock)
    plot.getPlotItem().getViewBox().autoRange()
    g = next(g for g in cmp.groups.groups if g.label == "lr3e-3")
    want = cmp.groups.curves[g.key].get("loss", axis).stats()
    i = int(np.flatnonzero(want.n == 3)[5])
    x = float(want.x[i])
    vb = plot.getPlotItem().getViewBox()
    cmp.loss.crosshair.on_mouse_moved(vb.mapViewToScene(QPointF(x, float(want.mean[i]))))
    rows = [r for r in cmp.loss.crosshair.rows if r.name == "lr3e-3 · mean"]
    assert rows, [r.name for r in cmp.loss.crosshair.rows]
    (row,) = rows
    assert row.step == pytest.approx(x) and row.value == pytest.approx(want.mean[i], rel=1e-12)
    assert row.std == pytest.approx(want.std[i], rel=1e-12) and row.n == 3
    text = cmp.loss.crosshair.box.text()
    assert "±" in text and "n = 3" in text


def test_a_group_of_growing_runs_stays_live(qtbot, make_window, tmp_path):
    pair = {n: SEED_GROUP_RUNS[n] for n in ("lr1e-3-s1", "lr1e-3-s2")}
    paths = write_seed_group_runs(tmp_path, pair, upto=10)
    dock = runs_dock(make_window, tmp_path)
    for p in paths.values():
        dock.set_checked(p)
    cmp = dock.compare
    (g,) = cmp.groups.groups
    assert cmp.groups.series(g.key, "loss").x.data.tolist() == list(range(1, 11))
    write_seed_group_runs(tmp_path, pair, upto=18)
    assert cmp.poll()
    series = cmp.groups.series(g.key, "loss")
    assert series.x.data.tolist() == list(range(1, 19)) and series.n.data.tolist() == [2] * 18
    want = np.mean([cmp.runs[p].loss.series.smoothed.data for p in paths.values()], axis=0)
    np.testing.assert_allclose(series.mean.data, want, rtol=1e-12)
    items = cmp.groups.items(g.key, "loss")
    np.testing.assert_allclose(items.item.getData()[1], want, rtol=1e-12)  # what the line was handed: every point


def test_a_branch_is_no_seed_of_its_parents_group(qtbot, make_window, tmp_path):
    from andrea_desktop.core.rundir.lineage import write_parent

    runs = {n: SEED_GROUP_RUNS[n] for n in ("lr1e-3-s1", "lr1e-3-s2")}
    runs["lr1e-3-s2-branch"] = SEED_GROUP_RUNS["lr1e-3-s2"]  # the same settings, taken from a checkpoint
    paths = write_seed_group_runs(tmp_path, runs)
    write_parent(paths["lr1e-3-s2-branch"], paths["lr1e-3-s2"], 10)
    dock = runs_dock(make_window, tmp_path)
    for p in paths.values():
        dock.set_checked(p)
    cmp = dock.compare
    assert [g.members for g in cmp.groups.groups] == [("lr1e-3-s1", "lr1e-3-s2")]
    assert cmp.loss.curve_data(paths["lr1e-3-s2-branch"], "smoothed") is not None  # drawn as a run
