"""The loss and LR plots draw the truth: every item follows the axes' log modes, a
lone point is drawn, the legend's keys are the plotted symbols, and an update costs what is on
screen, not the history."""

import math

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import legend_entries, save_shot
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.config import ScheduleConfig, load_preset
from andrea_desktop.core.viewmodels.history import RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.loss.panel import QtLossPanel, source_curve_colour
from andrea_desktop.gui.panels.lr.panel import QtLRPanel
from andrea_desktop.gui.plots.items import LogInfiniteLine, LogScatter


def _settle(qtbot, panel):
    """Let the view auto-range and the display redraw (as a paint would)."""
    for _ in range(3):
        QApplication.processEvents()
        panel.plot.getPlotItem().getViewBox().updateAutoRange()
        QApplication.processEvents()


def _lr_panel(qtbot, n=500, lr_now=2.4e-3):
    cfg = load_preset("andrea-tiny")
    cfg = cfg.replace(schedule=ScheduleConfig(warmup_steps=100, total_steps=1000, min_lr=3e-5))
    h = RunHistory()
    steps = np.arange(1, n + 1)
    h.lr.extend(steps, np.linspace(1e-4, lr_now, n))
    h.events.append((100, "lr_warmup_end", {}))
    panel = QtLRPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(800, 400)
    panel.show()
    panel.set_config(cfg)
    panel.refresh()
    return panel, h


def _drawn_xy(item):
    if isinstance(item, pg.ScatterPlotItem):
        x, y = item.getData()
        return float(x[0]), float(y[0])
    raise TypeError(item)


def test_lr_now_dot_line_and_markers_follow_log_y_and_log_x(qtbot):
    panel, h = _lr_panel(qtbot)
    pi = panel.plot.getPlotItem()
    step, lr = float(h.lr.steps.data[-1]), float(h.lr.values.data[-1])
    assert _drawn_xy(panel.now_point) == (step, lr)

    pi.setLogMode(y=True)
    _settle(qtbot, panel)
    x, y = _drawn_xy(panel.now_point)
    assert x == step and y == pytest.approx(math.log10(lr))  # at 2.4e-3, not at ~1.0
    assert panel.now_line.value() == step
    top = pi.getViewBox().viewRange()[1][1]
    assert top < math.log10(2e-2), top  # the y axis does not stretch to the dot's raw value

    pi.setLogMode(x=True)
    _settle(qtbot, panel)
    x, y = _drawn_xy(panel.now_point)
    assert x == pytest.approx(math.log10(step)) and y == pytest.approx(math.log10(lr))
    assert panel.now_line.value() == pytest.approx(math.log10(step))
    (marker,) = panel.markers.lines
    assert marker.value() == pytest.approx(2.0) and marker.data_value == 100  # log10(100)

    # a marker added while the axes are logarithmic is placed at once; a later step moves the dot
    h.events.append((400, "pivot", {}))
    h.lr.extend([501], [3e-4])
    panel.refresh()
    assert panel.markers.lines[-1].value() == pytest.approx(math.log10(400))
    assert _drawn_xy(panel.now_point) == pytest.approx((math.log10(501), math.log10(3e-4)))

    pi.setLogMode(x=False, y=False)  # and back
    _settle(qtbot, panel)
    assert _drawn_xy(panel.now_point) == (501.0, pytest.approx(3e-4))
    assert [m.value() for m in panel.markers.lines] == [100, 400]


def test_items_without_a_place_on_a_log_axis_are_hidden_not_at_infinity(qtbot):
    panel, h = _lr_panel(qtbot)
    h.clear()
    panel.refresh()  # a new run: the now line at step 0
    panel.plot.getPlotItem().setLogMode(x=True)
    assert not panel.now_line.isVisible()
    h.lr.extend([1, 2], [1e-4, 2e-4])
    panel.refresh()
    assert panel.now_line.isVisible() and panel.now_line.value() == pytest.approx(math.log10(2))
    dot = LogScatter()
    dot.setLogMode(False, True)
    dot.set_points([1, 2, 3], [1.0, 0.0, -1.0])  # only the positive value can be drawn
    assert dot.getData()[1].tolist() == [0.0]


def test_every_item_on_the_loss_and_lr_plots_follows_log_modes(qtbot):
    """The kind: anything on these plots is a PlotDataItem (pyqtgraph maps its data) or has
    setLogMode (our items), so no item can be left at its raw value on a log axis."""
    panel, h = _lr_panel(qtbot)
    loss = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(loss)
    h.events.append((200, "anomaly", {"kind": "spike"}))
    h.loss.extend(np.arange(1, 301), np.linspace(8, 3, 300))
    loss.refresh()
    panel.refresh()
    for p in (panel, loss):
        items = p.plot.getPlotItem().items
        assert items
        for item in items:
            assert isinstance(item, pg.PlotDataItem) or hasattr(item, "setLogMode"), item
    loss.plot.getPlotItem().setLogMode(x=True)
    assert [m.value() for m in loss.markers.lines] == [pytest.approx(2.0), pytest.approx(math.log10(200))]
    assert all(isinstance(m, LogInfiniteLine) for m in loss.markers.lines)
    # the panel's "log y" box and the context menu's Log Y are one setting
    loss.plot.getPlotItem().ctrl.logYCheck.setChecked(True)
    assert loss.log_y.isChecked()


def test_the_log_step_axis_box_gives_a_short_warmup_room_on_the_lr_panel_and_its_comparison(qtbot):
    from andrea_desktop.gui.panels.runs.compare import QtCompareView

    panel, h = _lr_panel(qtbot)  # a warmup of 100 steps in a schedule of 1,000
    loss = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(loss)
    compare = QtCompareView(loss, panel)
    pi = panel.plot.getPlotItem()

    def warmup_share() -> float:
        """The share of the step axis the warmup (steps 1-100) takes."""
        (x0, x1), _ = pi.getViewBox().viewRange()
        return (math.log10(100) if panel.log_x.isChecked() else 100 - 1) / (x1 - x0)

    assert not panel.log_x.isChecked() and warmup_share() < 0.1  # a sliver
    panel.log_x.setChecked(True)
    assert pi.ctrl.logXCheck.isChecked() and warmup_share() > 0.6  # two of three decades
    _settle(qtbot, panel)
    assert _drawn_xy(panel.now_point)[0] == pytest.approx(math.log10(500))
    assert compare.lr.plot.getPlotItem().ctrl.logXCheck.isChecked()  # the compared runs' plot follows
    labels = pi.getAxis("bottom").tickStrings([math.log10(v) for v in (2, 3, 50, 70, 100)], 1.0, 1.0)
    assert [bool(s) for s in labels] == [True, False, True, False, True]  # 1, 2, 5 × 10^k: no run-together labels
    save_shot(panel, "lr_log_step_axis.png")
    assert not compare.loss.plot.getPlotItem().ctrl.logXCheck.isChecked()
    pi.ctrl.logXCheck.setChecked(False)  # the context menu's Log X is the same setting
    assert not panel.log_x.isChecked() and warmup_share() < 0.1
    assert not compare.lr.plot.getPlotItem().ctrl.logXCheck.isChecked()


def _pixels_near(widget, color, tol=40):
    """How many pixels of the widget's picture are within ``tol`` of ``color`` (per channel)."""
    img = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine() // 4, 4)
    c = pg.mkColor(color)
    bgr = np.array([c.blue(), c.green(), c.red()])
    return int((np.abs(a[..., :3].astype(int) - bgr).max(axis=-1) <= tol).sum())


def _loss_panel(qtbot, h):
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(900, 450)
    panel.show()
    return panel


@pytest.mark.parametrize("points", [[(1, 7.5)], [(4, 7.5), (4, 7.5)]])
def test_a_lone_point_is_drawn_and_the_y_range_stays_sane(qtbot, points):
    h = RunHistory()
    panel = _loss_panel(qtbot, h)
    panel.set_sources(["a"])
    steps, values = zip(*points, strict=True)
    h.loss.extend(steps, values)
    h.source("a").extend(steps[:1], values[:1])
    panel.refresh()
    _settle(qtbot, panel)
    for curve in (panel.raw_curve, panel.ema_curve, panel._source_curves["a"]):
        assert curve.opts["symbol"] is not None, curve.name()
        x, y = curve.getData()
        assert len(x) and np.isfinite(y).all()
    lo, hi = panel.plot.getPlotItem().getViewBox().viewRange()[1]
    assert hi - lo > 0.5 and lo < 7.5 < hi  # not 16-digit ticks around 7.5
    panel.legend.hide()  # (its sample lines have the colours)
    assert _pixels_near(panel.plot, source_curve_colour("a")) > 10  # the dots are really painted (the source's on top)
    h.loss.extend([10], [6.0])  # a second distinct point: a line again
    panel.refresh()
    assert panel.raw_curve.opts["symbol"] is None
    _settle(qtbot, panel)
    lo, hi = panel.plot.getPlotItem().getViewBox().viewRange()[1]
    assert lo < 6.0 and hi > 7.5


def test_a_lone_point_in_the_lr_panel_and_on_a_log_axis(qtbot):
    panel, h = _lr_panel(qtbot, n=1, lr_now=1e-4)
    assert panel.used_curve.opts["symbol"] is not None
    panel.plot.getPlotItem().setLogMode(y=True)
    _settle(qtbot, panel)
    x, y = panel.used_curve.getData()
    assert y.tolist() == [pytest.approx(-4.0)]


def _long_history(n, sources=4):
    h = RunHistory(smoothing=0.0)  # (the EMA's Python loop would dominate the fill)
    rng = np.random.default_rng(0)
    steps = np.arange(1, n + 1)
    loss = 8.0 * np.exp(-steps / (n / 5)) + 2.0 + 0.1 * rng.standard_normal(n)
    loss[n // 2] = 50.0  # one spike: must survive decimation
    h.loss.extend(steps, loss)
    h.lr.extend(steps, np.full(n, 1e-3))
    for i in range(sources):
        h.source(f"s{i}").extend(steps[i::sources], loss[i::sources])
    return h, loss


def test_curves_get_what_is_on_screen_and_the_exact_points_zoomed_in(qtbot):
    n = 300_000
    h, loss = _long_history(n)
    panel = _loss_panel(qtbot, h)
    panel.set_sources([f"s{i}" for i in range(4)])
    panel.refresh()
    _settle(qtbot, panel)
    width = panel.display.columns()
    x, y = panel.raw_curve.getData()
    assert len(x) <= 4 * width + 200  # not 300K points
    assert np.nanmax(y) == 50.0 and np.nanmin(y) == loss.min()  # every column's extremes
    assert (np.diff(x) >= 0).all()

    panel.plot.getPlotItem().setXRange(1000, 1200, padding=0)  # zoomed in: points < pixels
    qtbot.waitUntil(lambda: panel.raw_curve.getData()[0][0] >= 990, timeout=30_000)
    x, y = panel.raw_curve.getData()
    np.testing.assert_array_equal(x, np.arange(999, 1202))
    np.testing.assert_array_equal(y, loss[998:1201])

    # appending 8 steps extends the display buffers, never rebuilds them
    buffers = [c.pyramid for c in panel.display.curves if c.pyramid is not None]
    h.loss.extend(np.arange(n + 1, n + 9), np.full(8, 2.0))
    panel.refresh()
    assert all(p.rebuilds == 0 for p in buffers) and len(panel._decimated[panel.raw_curve].pyramid) == n + 8

    panel.plot.getPlotItem().enableAutoRange()
    panel.plot.getPlotItem().setLogMode(x=True)  # log x: columns even in log(step)
    _settle(qtbot, panel)
    x, y = panel.raw_curve.getData()  # (the item's x in view coordinates: log10(step))
    assert len(x) <= 4 * width + 400
    np.testing.assert_allclose(x[:10], np.log10(np.arange(1, 11)))  # the first decade point by point
    assert np.nanmax(y) == 50.0


@pytest.mark.parametrize("how", ["View All", "auto range"])
def test_view_all_after_a_zoom_shows_the_whole_run_at_once(qtbot, how):
    """The curves hold only what is on screen; View All (and an axis switched back to follow the
    data) must still show every step and every value at the first press, not the zoomed range's
    neighbourhood (it showed steps 3.7-9.2 of 0-12 until pressed again)."""
    n = 20_000
    h, loss = _long_history(n, sources=2)
    panel = _loss_panel(qtbot, h)
    panel.set_sources(["s0", "s1"])
    panel.refresh()
    _settle(qtbot, panel)
    vb = panel.plot.getPlotItem().getViewBox()
    whole = [list(r) for r in vb.viewRange()]
    assert whole[0][0] <= 1 and whole[0][1] >= n and whole[1][1] >= 50.0  # the spike is in view

    vb.setXRange(5000, 5100, padding=0)
    vb.setYRange(2.0, 5.0, padding=0)
    QApplication.processEvents()
    x, _y = panel.raw_curve.getData()
    assert x[0] >= 4000 and x[-1] <= 6000  # zoomed: the curve holds the zoomed range only
    if how == "View All":
        vb.getMenu(None)
        next(a for a in vb.menu.actions() if a.text() == "View All").trigger()
    else:
        vb.enableAutoRange()
        vb.updateAutoRange()
    x_range, y_range = vb.viewRange()
    assert x_range[0] <= 1 and x_range[1] >= n, x_range
    assert y_range[0] <= loss.min() and y_range[1] >= 50.0, y_range
    np.testing.assert_allclose([x_range, y_range], whole, rtol=1e-6)  # the picture it had


def test_the_y_axis_follows_the_visible_steps_when_zoomed_in_x(qtbot):
    """With x zoomed by a program (the y axis still following the data), y fits the values of the
    visible steps, computed from the series, not from whatever the curve held before the zoom."""
    n = 20_000
    h, loss = _long_history(n, sources=1)
    panel = _loss_panel(qtbot, h)
    panel.set_sources(["s0"])
    panel.refresh()
    _settle(qtbot, panel)
    vb = panel.plot.getPlotItem().getViewBox()
    vb.setXRange(15_000, 16_000, padding=0)  # far from the spike at step 10,000
    vb.updateAutoRange()
    lo, hi = vb.viewRange()[1]
    visible = loss[14_998:16_001]
    assert lo <= visible.min() and hi >= visible.max() and hi < 10.0, (lo, hi)  # the spike (50) left out


def test_a_smoothing_change_redraws_the_smoothed_curve(qtbot):
    h, _ = _long_history(20_000, sources=1)
    panel = _loss_panel(qtbot, h)
    panel.refresh()
    before = panel.ema_curve.getData()[1].copy()
    panel.smoothing.setValue(0.99)
    qtbot.waitUntil(lambda: h.loss.smoothing == 0.99, timeout=30_000)
    after = panel.ema_curve.getData()[1]
    assert np.nanmax(after) < np.nanmax(before)  # the spike is smoothed away


def test_a_snapshot_inside_the_last_column_hands_the_curve_nothing(qtbot, monkeypatch):
    """At a long history a new point mostly lands inside the last pixel column without being its
    extreme: the curve is not handed its points again (pyqtgraph's setData is most of a
    snapshot's cost); a new extreme is drawn at once."""
    n = 200_000
    h, loss = _long_history(n, sources=1)
    panel = _loss_panel(qtbot, h)
    panel.refresh()
    _settle(qtbot, panel)
    handed = []
    real = panel.raw_curve.setData
    monkeypatch.setattr(panel.raw_curve, "setData", lambda *a, **k: (handed.append(1), real(*a, **k)))
    x0, y0 = panel.raw_curve.getData()
    inside = float(np.median(loss[-40:]))
    for k in range(1, 4):
        h.loss.extend([n + k], [inside])
        panel.refresh()
    assert handed == []
    np.testing.assert_array_equal(panel.raw_curve.getData()[1], y0)
    h.loss.extend([n + 4], [60.0])  # a spike: a new extreme of its column, and of the plot
    panel.refresh()
    assert handed == [1] and np.nanmax(panel.raw_curve.getData()[1]) == 60.0


def test_a_snapshot_hands_the_lines_their_points_without_pyqtgraphs_processing(qtbot, monkeypatch):
    """A snapshot's points go straight to each changed line (pyqtgraph's general processing of
    a PlotDataItem was most of a snapshot's cost): the items still read as the truth (getData in
    view coordinates, on a log y axis too), and untouched curves are handed nothing."""
    n = 200_000
    h, loss = _long_history(n, sources=4)
    panel = _loss_panel(qtbot, h)
    panel.set_sources([f"s{i}" for i in range(4)])
    panel.refresh()
    _settle(qtbot, panel)
    processed, handed = [], []
    items = [i for i in panel.plot.getPlotItem().listDataItems() if isinstance(i, pg.PlotDataItem)]
    for item in items:  # pyqtgraph's processing still runs, recorded
        monkeypatch.setattr(item, "updateItems", lambda *a, _i=item, _u=item.updateItems, **k: (processed.append(_i),
                                                                                                 _u(*a, **k)))
        real = item.setData
        monkeypatch.setattr(item, "setData", lambda *a, _i=item, _r=real, **k: (handed.append(_i), _r(*a, **k)))
    h.loss.extend([n + 1, n + 2], [1.0, 0.5])  # new lows: the raw and smoothed lines change
    h.source("s1").extend([n + 1], [0.25])  # one source's line changes, the other three do not
    panel.refresh()
    assert set(handed) == {panel.raw_curve, panel.ema_curve, panel._source_curves["s1"]} and processed == []
    x, y = panel.raw_curve.getData()
    assert x[-1] == n + 2 and np.nanmin(y) == 0.5
    s1 = panel._source_curves["s1"].getData()[1]
    assert np.nanmax(s1) == h.source("s1").smoothed.data.max() and np.nanmin(s1) == 0.25  # every column's extremes

    panel.log_y.setChecked(True)  # pyqtgraph maps every line to the log axis afresh, once: at the
    h.loss.extend([n + 3], [0.2])  # first range change after the switch (this snapshot's redraw)
    panel.refresh()
    _settle(qtbot, panel)
    processed.clear()
    h.loss.extend([n + 4], [0.1])
    panel.refresh()
    x, y = panel.raw_curve.getData()
    assert processed == [] and np.nanmin(y) == pytest.approx(-1.0) and np.nanmax(y) == pytest.approx(math.log10(50))


def test_a_y_range_change_hands_the_curves_nothing_unless_values_need_clipping(qtbot, monkeypatch):
    """pyqtgraph hands every curve its data again at each y-range change (for its dynamic-range
    clipping); the curves here skip that unless a value lies far beyond the view, where the
    clipping is still done."""
    h, _ = _long_history(20_000, sources=1)
    panel = _loss_panel(qtbot, h)
    panel.refresh()
    _settle(qtbot, panel)
    processed = []
    real = panel.raw_curve.updateItems
    monkeypatch.setattr(panel.raw_curve, "updateItems", lambda *a, **k: (processed.append(1), real(*a, **k)))
    vb = panel.plot.getPlotItem().getViewBox()
    vb.setYRange(2.0, 3.0, padding=0)
    QApplication.processEvents()
    assert processed == []
    h.loss.extend([20_001], [1e9])  # a divergence, a million view heights away
    panel.refresh()
    vb.setYRange(2.0, 2.5, padding=0)
    QApplication.processEvents()
    assert processed and np.nanmax(panel.raw_curve.getData()[1]) < 1e7  # clipped near the view, as pyqtgraph does


def test_loss_legend_has_the_per_source_validation_triangles(qtbot):
    p = QtLossPanel(RunModel.of(RunHistory()))
    qtbot.addWidget(p)
    p.set_sources(["a", "b"])
    key = legend_entries(p.legend)["val (per source)"]
    assert all(key.opts["symbol"] == c.opts["symbol"] == "t" for c in p._val_curves.values())
    assert key.opts["symbolSize"] == p._val_curves["a"].opts["symbolSize"]
    key.setVisible(False)  # a click on the entry hides its item, then says so: every source's triangles hide
    p.legend.sigSampleClicked.emit(key)
    assert not any(c.isVisible() for c in p._val_curves.values())


# ------------------------------------------------------------------ context menus built at first use
def test_a_plots_context_menu_is_built_at_its_first_right_click_with_pyqtgraphs_actions(qtbot):
    """The loss panel's view box has no menu until one is asked for; then the menu is pyqtgraph's
    own (View All, the axis forms, the mouse mode), and the plot's options (Log X, ...) follow it
    as before. A plot whose menu was turned off keeps it off."""
    from andrea_desktop.gui.plots.menus import LazyMenuViewBox

    panel = QtLossPanel()
    qtbot.addWidget(panel)
    vb = panel.plot.getPlotItem().getViewBox()
    assert isinstance(vb, LazyMenuViewBox) and vb.menuEnabled()
    assert vb.menu is None  # not built with the panel
    actions = [a.text() for a in vb.getContextMenus(None)]
    assert vb.menu is not None and "View All" in actions and "Mouse Mode" in actions
    menu = vb.getMenu(None)
    assert menu is vb.menu and [a.text() for a in menu.actions()] == actions  # built once
    assert panel.plot.getPlotItem().ctrl.logXCheck is not None  # the plot options are pyqtgraph's still

    off = LazyMenuViewBox(enableMenu=False)
    assert not off.menuEnabled() and off.getContextMenus(None) == [] and off.menu is None
    off.setMenuEnabled(True)  # pyqtgraph's own switch builds it
    assert off.menu is not None and off.getContextMenus(None)


def test_every_plot_the_package_makes_builds_its_menu_at_first_use():
    """A ``pg.PlotWidget(...)`` or ``addPlot(...)`` without the lazy view box would build pyqtgraph's
    menu (~5 ms) with the window again: every one goes through ``plot_widget`` or passes
    ``viewBox=LazyMenuViewBox()``."""
    import ast
    import pathlib

    import andrea_desktop

    root = pathlib.Path(andrea_desktop.__file__).parent
    eager = []
    for path in root.rglob("*.py"):
        if path.name == "menus.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            if node.func.attr in ("PlotWidget", "addPlot", "PlotItem") and \
                    "viewBox" not in {k.arg for k in node.keywords}:
                eager.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not eager, f"plots that build pyqtgraph's menu with the window: {eager}"
