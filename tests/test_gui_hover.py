"""Hover readouts: the loss and LR crosshairs give the stored value of every
visible series at the hovered step, on linear and log axes; a simplex path point names its phase,
mode, steps and weights; the attention hover names positions and tokens (pytest-qt, offscreen,
panels fed directly, no training)."""

import math

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.config import ScheduleConfig, load_preset
from andrea_desktop.core.mixture.simplex import to_plane
from andrea_desktop.core.schedule import planned_curve
from andrea_desktop.core.viewmodels.history import MixtureHistory, RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
from andrea_desktop.gui.panels.loss.panel import QtLossPanel
from andrea_desktop.gui.panels.lr.panel import QtLRPanel
from andrea_desktop.gui.panels.simplex.panel import QtSimplexPanel
from andrea_desktop.gui.plots.hover import HoverSeries, ReadoutRow, format_value, read_at

N = 20_000  # far more steps than pixel columns: the curves are drawn decimated, the readout is not
SOURCES = ("prose", "code")
VAL_EVERY = 500
SOURCE_EVERY = 2  # per-source losses at odd steps only: a sparse series names its own step


@pytest.fixture(autouse=True)
def _app(qapp):
    configure_app(qapp)


def _history() -> RunHistory:
    g = np.random.default_rng(3)
    h = RunHistory(smoothing=0.9)
    steps = np.arange(1, N + 1)
    h.loss.extend(steps, 2.0 + 6.0 * np.exp(-steps / 3000) + 0.4 * g.random(N))
    h.lr.extend(steps, np.linspace(1e-4, 2.4e-3, N))
    for i, name in enumerate(SOURCES):
        s = steps[::SOURCE_EVERY]
        h.source(name).extend(s, 2.5 + i + 5.0 * np.exp(-s / 3000) + 0.4 * g.random(len(s)))
    for step in range(VAL_EVERY, N + 1, VAL_EVERY):
        h.val("mean").extend([step], [3.0 + 5000 / step])
        for i, name in enumerate(SOURCES):
            h.val(name).extend([step], [3.2 + i + 5000 / step])
    return h


def _settle(panel):
    """Let the view auto-range and the display redraw (as a paint would)."""
    for _ in range(3):
        QApplication.processEvents()
        panel.plot.getPlotItem().getViewBox().updateAutoRange()
        QApplication.processEvents()


def _show(qtbot, panel, size=(900, 500)):
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    panel.refresh()
    _settle(panel)
    return panel


@pytest.fixture
def loss_panel(qtbot):
    panel = QtLossPanel(RunModel.of(_history()))
    panel.set_sources(list(SOURCES))
    return _show(qtbot, panel)


def _scene_pos(panel, step: float, height: float = 0.5) -> QPointF:
    """Where step ``step`` (data coordinates) is, at a fraction ``height`` of the view's height."""
    pi = panel.plot.getPlotItem()
    vb = pi.getViewBox()
    vx = math.log10(step) if pi.ctrl.logXCheck.isChecked() else step
    (_, _), (y0, y1) = vb.viewRange()
    return vb.mapViewToScene(QPointF(vx, y0 + height * (y1 - y0)))


def _hover(panel, step: float, height: float = 0.5) -> dict:
    panel.crosshair.on_mouse_moved(_scene_pos(panel, step, height))
    return {r.name: r for r in panel.crosshair.rows}


def _leave(panel):
    QApplication.sendEvent(panel.plot.viewport(), QEvent(QEvent.Type.Leave))


# ------------------------------------------------------------------ loss panel
@pytest.mark.parametrize("log_x, log_y", [(False, False), (False, True), (True, False), (True, True)])
def test_the_loss_readout_gives_the_stored_values_at_the_hovered_step(loss_panel, log_x, log_y):
    panel, h = loss_panel, loss_panel.history
    pi = panel.plot.getPlotItem()
    pi.setLogMode(x=log_x, y=log_y)
    _settle(panel)
    assert len(panel.raw_curve.getData()[0]) < N / 2  # what is drawn is decimated

    rows = _hover(panel, 12_345.6)
    step = 12_345  # the last stored step at or before the cursor
    assert panel.crosshair.step == step
    assert rows["raw"].step == step and rows["raw"].value == h.loss.values.data[step - 1]
    assert rows["smoothed"].value == h.loss.smoothed.data[step - 1]
    assert rows["val (mean)"].step == 12_000 and rows["val (mean)"].value == h.val_loss["mean"].values.data[23]
    src = step // SOURCE_EVERY  # odd steps 1, 3, 5 ...: step 12,345 is index 6,172
    assert rows["prose"].step == step and rows["prose"].value == h.source_loss["prose"].smoothed.data[src]
    assert rows["val code"].step == 12_000 and rows["val code"].value == h.val_loss["code"].values.data[23]
    assert list(rows) == ["raw", "smoothed", "val (mean)", "prose", "val prose", "code", "val code"]

    text = panel.crosshair.box.text()
    assert panel.crosshair.box.isVisible() and "step 12,345" in text
    lines = text.split("\n")
    for r in rows.values():
        assert f"{r.swatch} {r.name} {format_value(r.value)}" in lines[1 + list(rows).index(r.name)]
    # the validation value says where it comes from
    assert f"● val (mean) {format_value(rows['val (mean)'].value)} (step 12,000)" in lines
    # the line and the dots are where the axes put the stored step and values
    line = panel.crosshair.line
    assert line.isVisible() and line.value() == pytest.approx(math.log10(step) if log_x else step)
    xs, ys = panel.crosshair.dots.getData()
    want = np.array([r.value for r in rows.values()])
    assert ys == pytest.approx(np.log10(want) if log_y else want)
    assert xs == pytest.approx(np.log10([r.step for r in rows.values()]) if log_x else [r.step for r in rows.values()])


def test_the_loss_readout_follows_the_real_mouse_and_hides_when_it_leaves(qtbot, loss_panel):
    panel, h = loss_panel, loss_panel.history
    plot, vb = panel.plot, panel.plot.getPlotItem().getViewBox()
    target = plot.mapFromScene(_scene_pos(panel, 7_000.5, 0.4))
    qtbot.mouseMove(plot.viewport(), target)
    qtbot.waitUntil(lambda: panel.crosshair.step is not None, timeout=30_000)  # through the rate limiter
    x = vb.mapSceneToView(plot.mapToScene(target)).x()
    step = math.floor(x)
    assert panel.crosshair.step == step
    rows = {r.name: r for r in panel.crosshair.rows}
    assert rows["raw"].value == h.loss.values.data[step - 1]

    _leave(panel)
    assert panel.crosshair.step is None
    assert not panel.crosshair.box.isVisible() and not panel.crosshair.line.isVisible()
    assert not panel.crosshair.dots.isVisible()
    # over the axes (outside the view) it hides too
    _hover(panel, 7_000)
    assert panel.crosshair.box.isVisible()
    left_axis = vb.sceneBoundingRect().left() - 20
    panel.crosshair.on_mouse_moved(QPointF(left_axis, vb.sceneBoundingRect().center().y()))
    assert not panel.crosshair.box.isVisible()
    # and a log switch while not hovering does not bring the line back
    panel.plot.getPlotItem().setLogMode(x=True)
    _settle(panel)
    assert not panel.crosshair.line.isVisible()


def test_the_loss_readout_reads_only_what_is_shown_and_follows_new_data(loss_panel):
    panel, h = loss_panel, loss_panel.history
    _hover(panel, 5_001)
    panel.show_raw.setChecked(False)
    panel._source_boxes["prose"].setChecked(False)
    names = [r.name for r in panel.crosshair.rows]  # read again without a mouse move
    assert names == ["smoothed", "val (mean)", "code", "val code"]
    assert "raw" not in panel.crosshair.box.text() and "prose" not in panel.crosshair.box.text()

    panel._on_smoothing_changed(0.5)  # another smoothing: the readout gives the new stored values
    step = panel.crosshair.step
    rows = {r.name: r for r in panel.crosshair.rows}
    assert rows["smoothed"].value == h.loss.smoothed.data[step - 1]
    assert h.smoothing == 0.5

    h.loss.extend([N + 1, N + 2], [1.0, 1.5])  # new steps; the view re-ranges: still the truth
    panel.refresh()
    _settle(panel)
    step = panel.crosshair.step
    rows = {r.name: r for r in panel.crosshair.rows}
    assert rows["smoothed"].value == h.loss.smoothed.data[step - 1]


def test_nothing_is_read_before_the_first_step(loss_panel):
    panel = loss_panel
    panel.plot.getPlotItem().setXRange(-50, 100, padding=0)
    _settle(panel)
    _hover(panel, 0.5)
    assert panel.crosshair.step is None and not panel.crosshair.box.isVisible()
    _hover(panel, 1.0)
    assert panel.crosshair.step == 1 and panel.crosshair.box.isVisible()


def _rect_of(panel, step, value) -> QPoint:
    pi = panel.plot.getPlotItem()
    log_x, log_y = pi.ctrl.logXCheck.isChecked(), pi.ctrl.logYCheck.isChecked()
    v = QPointF(math.log10(step) if log_x else step, math.log10(value) if log_y else value)
    return panel.plot.mapFromScene(pi.getViewBox().mapViewToScene(v))


@pytest.mark.parametrize("step", [300, 6_000, 10_000, 15_000, 19_800])
def test_the_readout_box_never_covers_the_line_or_the_points_read(loss_panel, step):
    panel = loss_panel
    rows = _hover(panel, step + 0.5)
    box: QRect = panel.crosshair.box.geometry()
    line_x = _rect_of(panel, panel.crosshair.step, 1.0).x()
    assert not (box.left() <= line_x <= box.right())
    for r in rows.values():
        assert not box.contains(_rect_of(panel, r.step, r.value))
    view = panel.plot.mapFromScene(panel.plot.getPlotItem().getViewBox().sceneBoundingRect()).boundingRect()
    assert view.contains(box)  # inside the plot, not over the axes


# ------------------------------------------------------------------ LR panel
def _lr_panel(qtbot, trained=5_000):
    cfg = load_preset("andrea-tiny")
    cfg = cfg.replace(schedule=ScheduleConfig(warmup_steps=500, total_steps=10_000, min_lr=3e-5))
    h = RunHistory()
    steps = np.arange(1, trained + 1)
    planned = planned_curve(cfg.schedule, cfg.optimizer.lr)[1]
    h.lr.extend(steps, planned[steps] * (1 + 0.01 * np.sin(steps)))  # "used" differs from the plan a little
    panel = QtLRPanel(RunModel.of(h))
    panel.set_config(cfg)
    return _show(qtbot, panel), h, planned


@pytest.mark.parametrize("log_x, log_y", [(False, False), (False, True), (True, True)])
def test_the_lr_readout_gives_the_planned_and_the_used_lr_at_the_hovered_step(qtbot, log_x, log_y):
    panel, h, planned = _lr_panel(qtbot)
    pi = panel.plot.getPlotItem()
    pi.setLogMode(x=log_x, y=log_y)
    if log_x:  # the panel's x range (0 .. total steps) is not a range of decades
        pi.setXRange(0, math.log10(10_000), padding=0.02)
    _settle(panel)
    rows = _hover(panel, 2_345.9, 0.2)
    assert panel.crosshair.step == 2_345
    assert rows["planned"].value == planned[2_345] and rows["used"].value == h.lr.values.data[2_344]
    text = panel.crosshair.box.text()
    assert format_value(planned[2_345]) in text and format_value(h.lr.values.data[2_344]) in text
    assert "e-" in format_value(planned[2_345])  # an LR reads as 9.1e-4, not 0.0009

    rows = _hover(panel, 8_000.2, 0.2)  # past the trained steps: the plan goes on, "used" says its step
    assert panel.crosshair.step == 8_000 and rows["planned"].value == planned[8_000]
    assert rows["used"].step == 5_000 and "(step 5,000)" in panel.crosshair.box.text()
    _leave(panel)
    assert not panel.crosshair.box.isVisible()


# ------------------------------------------------------------------ one function for comparisons
def test_read_at_takes_any_list_of_named_series_one_per_run():
    a = HoverSeries("run-a · smoothed", "#1F77B4", np.arange(0, 100, dtype=float), np.arange(100) * 0.5)
    b = HoverSeries("run-b · smoothed", "#D55E00", np.arange(0, 100, 10, dtype=float), np.arange(10) * 2.0)
    c = HoverSeries("run-c · smoothed", "#009E73", np.array([50.0, 60.0]), np.array([7.0, 8.0]))
    step, rows = read_at([a, b, c], 37.9)
    assert step == 37
    assert [(r.name, r.step, r.value) for r in rows] == [("run-a · smoothed", 37, 18.5),
                                                         ("run-b · smoothed", 30, 6.0)]  # run c starts later
    assert read_at([b, c], 5.0) == (0, [ReadoutRow("run-b · smoothed", "#D55E00", 0, 0.0)])
    assert read_at([c], 49.0) == (None, [])
    assert read_at([a], 1e9)[0] == 99  # past the end: the last stored step


def test_a_crosshair_reads_one_line_per_run_in_a_comparison(loss_panel):
    h = loss_panel.history
    other = RunHistory()
    other.loss.extend(np.arange(1, 5_001, 5), np.full(1_000, 4.25))
    runs = [("run-a", "#1F77B4", h), ("run-b", "#D55E00", other)]
    loss_panel.crosshair.set_series(lambda: [HoverSeries(f"{name} · smoothed", colour, r.loss.steps, r.loss.smoothed)
                                             for name, colour, r in runs])
    rows = _hover(loss_panel, 3_333.3)
    assert loss_panel.crosshair.step == 3_333
    assert rows["run-a · smoothed"].value == h.loss.smoothed.data[3_332]
    assert rows["run-b · smoothed"].step == 3_331 and rows["run-b · smoothed"].value == pytest.approx(4.25)
    assert "run-b · smoothed 4.250 (step 3,331)" in loss_panel.crosshair.box.text()


@pytest.mark.parametrize("value, text", [(3.41234, "3.412"), (12.5, "12.50"), (0.024031, "0.02403"),
                                         (2.4e-4, "2.400e-4"), (123456.0, "1.235e5"), (0.0, "0"),
                                         (float("nan"), "NaN"), (-1.5, "-1.500")])
def test_values_read_with_four_significant_digits(value, text):
    assert format_value(value) == text


# ------------------------------------------------------------------ simplex panel
NAMES = ("prose", "code", "dialogue")
PATH = [(0, "phase", {"mode": "random", "weights": {"prose": 0.6, "code": 0.3, "dialogue": 0.1}}),
        (20, "phase", {"mode": "bandit", "weights": {"prose": 0.2, "code": 0.7, "dialogue": 0.1}}),
        (45, "pivot", {"weights": {"prose": 0.1, "code": 0.2, "dialogue": 0.7}}),
        (60, "phase", {"mode": "bandit", "weights": {"prose": 0.34, "code": 0.33, "dialogue": 0.33}})]


@pytest.fixture
def simplex(qtbot):
    m = MixtureHistory()
    m.reset(NAMES)
    for ev in PATH:
        m.add_event(*ev)
    panel = QtSimplexPanel(RunModel.of(mixture=m))
    qtbot.addWidget(panel)
    panel.resize(500, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.refresh()
    QApplication.processEvents()
    return panel


def _point_scene_pos(panel, k, dx_px=0.0):
    vb = panel.plot.getViewBox()
    xy = to_plane(panel.mixture.path_weights[k], panel.layout_xy)
    return vb.mapViewToScene(QPointF(float(xy[0]), float(xy[1]))) + QPointF(dx_px, 0)


@pytest.mark.parametrize("k, head, steps", [(0, "phase 1 · random", "steps 0–19"),
                                            (1, "phase 2 · bandit", "steps 20–44"),
                                            (2, "pivot", "steps 45–59"),
                                            (3, "phase 3 · bandit", "from step 60 (the current phase)")])
def test_a_simplex_path_point_hover_shows_its_phase_mode_steps_and_weights(simplex, k, head, steps):
    panel = simplex
    panel._on_mouse_moved(_point_scene_pos(panel, k, dx_px=4))  # near it, not exactly on it
    assert panel.hover_index == k
    lines = panel.hover_box.text().split("\n")
    assert panel.hover_box.isVisible() and lines[:2] == [head, steps]
    assert lines[2:] == [f"{name} {PATH[k][2]['weights'][name]:.3f}" for name in NAMES]
    # the box is in a corner away from the point, over neither the legend nor a source's name
    box = panel.hover_box.geometry()
    assert not box.adjusted(-8, -8, 8, 8).contains(panel.plot.mapFromScene(_point_scene_pos(panel, k)))
    for item in (panel.legend, *panel._labels):
        assert not box.intersects(panel.plot.mapFromScene(item.sceneBoundingRect()).boundingRect())


def test_the_simplex_hover_follows_the_real_mouse_and_clears_away_from_the_path(qtbot, simplex):
    panel = simplex
    vp = panel.plot.viewport()
    qtbot.mouseMove(vp, panel.plot.mapFromScene(_point_scene_pos(panel, 1)))
    qtbot.waitUntil(lambda: panel.hover_index == 1, timeout=30_000)
    assert "0.700" in panel.hover_box.text()
    panel._on_mouse_moved(_point_scene_pos(panel, 1, dx_px=40))  # far from every point
    assert panel.hover_index is None and not panel.hover_box.isVisible()
    panel._on_mouse_moved(_point_scene_pos(panel, 3))
    assert panel.hover_index == 3
    # a new phase: the hovered one's step range now ends; a reset (another run) clears the hover
    panel.mixture.add_event(80, "phase", {"mode": "random", "weights": {"prose": 0.5, "code": 0.25, "dialogue": 0.25}})
    panel.refresh()
    assert "steps 60–79" in panel.hover_box.text()
    QApplication.sendEvent(vp, QEvent(QEvent.Type.Leave))
    assert not panel.hover_box.isVisible()
    panel._on_mouse_moved(_point_scene_pos(panel, 0))
    panel.mixture.reset(NAMES)
    panel.refresh()
    assert panel.hover_index is None and not panel.hover_box.isVisible()


# ------------------------------------------------------------------ attention panel
TOKENS = ["The", " cat", " sat", " on", " the", " mat"]


def _probe(step=10):
    T = len(TOKENS)
    att = np.random.default_rng(1).random((2, 2, T, T)).astype(np.float32) * np.tril(np.ones((T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    stats = {k: np.zeros((2, 2), np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(step), "tokens": np.arange(T), "attention": att.astype(np.float16),
            "token_text": np.asarray(TOKENS), "roles": np.full((2, 2), "", dtype=str),
            "text": "".join(TOKENS), "source_text": "".join(TOKENS), "text_tokens": T, **stats}


def test_the_attention_hover_names_positions_and_tokens(qtbot):
    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.model.add_probe(_probe())
    panel.select_head(1, 0)
    vb = panel.head_plot.getViewBox()
    panel._on_mouse_moved(vb.mapViewToScene(QPointF(1.2, 4.1)))  # key 1, query 4
    w = float(panel.probe["attention"][1, 0, 4, 1])
    assert panel.hover_label.text() == f"query ' the' (position 4) → key ' cat' (position 1): {w:.3f}"
    assert "query 'The' (position 0) → key ' mat' (position 5): masked" in panel.hover_text(0, 5)


# ------------------------------------------------------------------ dark palette
def test_the_readout_box_reads_on_a_dark_palette(qtbot):
    old = {k: pg.getConfigOption(k) for k in ("background", "foreground")}
    pg.setConfigOptions(background=(25, 25, 28), foreground=(230, 230, 230))
    try:
        panel, h, planned = _lr_panel(qtbot)
        _hover(panel, 3_000.5, 0.2)
        label = panel.crosshair.box
        assert label.isVisible()
        img = label.grab().toImage()
        lum = [img.pixelColor(x, y).lightness() for x in range(2, img.width() - 2, 2)
               for y in range(2, img.height() - 2, 2)]
        assert np.median(lum) < 60  # a dark box ...
        assert max(lum) > 180  # ... with light text
    finally:
        pg.setConfigOptions(**old)
