"""A frame costs one paint: a redraw of the loss or LR panel paints its plot once (its range, axes
and marker labels settled before the paint, not in a second and third one), and a panel whose
data did not change is not painted when another panel's did."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, Qt

from andrea_desktop.core.viewmodels.snapshot import Snapshot

SOURCES = ("python-reference", "stdlib-docstrings", "stdlib-code")


class PaintCounter(QObject):
    """Counts the paint events of each watched widget (a plot's viewport), by name."""

    def __init__(self, widgets: dict) -> None:
        super().__init__()
        self.names = {w: name for name, w in widgets.items()}
        self.counts = dict.fromkeys(widgets, 0)
        for w in widgets.values():
            w.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and obj in self.names:
            self.counts[self.names[obj]] += 1
        return False

    def reset(self) -> None:
        self.counts = dict.fromkeys(self.counts, 0)


def _steps(first: int, n: int = 8, **kw) -> Snapshot:
    steps = np.arange(first, first + n, dtype=np.int64)
    loss = 4.0 - 0.001 * steps + 0.05 * np.sin(steps)
    source_loss = {SOURCES[i % 3]: (steps[i::3], loss[i::3]) for i in range(3)}
    return Snapshot(steps=steps, loss=loss, lr=np.full(n, 1e-3), grad_norm=np.ones(n), tokens_per_s=np.full(n, 1e4),
                    source_loss=source_loss, **kw)


def _phase(step: int, rng) -> Snapshot:
    w = rng.dirichlet(np.ones(len(SOURCES)))
    payload = {"mode": "random", "weights": dict(zip(SOURCES, map(float, w), strict=True))}
    empty = np.zeros(0)
    return Snapshot(steps=empty.astype(np.int64), loss=empty, lr=empty, grad_norm=empty, tokens_per_s=empty,
                    events=((step, "phase", payload),))


@pytest.fixture
def watched(make_window, qtbot):
    """A window at 1280x800 showing 2,000 steps with three sources, phases and close event
    markers, settled; and a counter of its loss, LR and mixture plots' paints."""
    w = make_window()
    w.resize(1280, 800)
    w.model.start_mixture(SOURCES, None, False)
    rng = np.random.default_rng(0)
    w.view.show_snapshot(_steps(1, 2000, events=((50, "lr_warmup_end", {}), (900, "pivot", {}),
                                                  (930, "pause", {}))), running=False)
    for step in (10, 40, 90):
        w.view.show_snapshot(_phase(step, rng), running=False)
    counter = PaintCounter({"loss": w.loss_panel.plot.viewport(), "lr": w.lr_panel.plot.viewport(),
                            "simplex": w.simplex_panel.plot.viewport()})
    qtbot.wait(600)  # painted, the marker labels laid out, their rate limit passed
    qtbot.waitUntil(lambda: not w.loss_panel.markers.layout_pending and not w.lr_panel.markers.layout_pending,
                    timeout=30_000)
    qtbot.wait(300)
    assert w.view.shown == {"loss": True, "lr": True, "simplex": True}
    return w, counter, rng


def _quiet(w, qtbot) -> None:
    """Every paint done and the marker labels' rate limit passed, so that a redraw's layout is due
    in that redraw (on a loaded machine a layout takes longer and the limit grows with it: a
    layout not yet due is drawn in a later frame, by design)."""
    panels = (w.loss_panel.markers, w.lr_panel.markers)
    qtbot.waitUntil(lambda: all(not m.layout_pending and m.due_in() == 0 for m in panels), timeout=30_000)
    qtbot.wait(100)


def test_each_redraw_paints_its_plot_once(watched, qtbot):
    w, counter, _rng = watched
    for k in range(3):
        _quiet(w, qtbot)
        counter.reset()
        w.view.show_snapshot(_steps(2001 + 8 * k), running=False)  # not training: redrawn at once
        qtbot.wait(400)  # every paint it causes, a marker layout's included, is done by then
        assert counter.counts["loss"] == 1, counter.counts
        assert counter.counts["lr"] == 1, counter.counts


def test_a_panel_whose_data_did_not_change_is_not_painted(watched, qtbot):
    w, counter, rng = watched
    _quiet(w, qtbot)
    counter.reset()
    w.view.show_snapshot(_steps(2001), running=False)  # new steps: the mixture's picture is the same
    qtbot.wait(400)
    assert counter.counts["simplex"] == 0 and counter.counts["loss"] == 1, counter.counts
    _quiet(w, qtbot)
    counter.reset()
    w.view.show_snapshot(_phase(2005, rng), running=False)  # a new phase: only the mixture changed
    qtbot.wait(400)
    assert counter.counts == {"loss": 0, "lr": 0, "simplex": 1}, counter.counts


def _wheel(viewport, angle: int) -> None:
    """A wheel turn over the middle of ``viewport`` (what a mouse wheel sends)."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    pos = QPointF(viewport.width() / 2, viewport.height() / 2)
    event = QWheelEvent(pos, QPointF(viewport.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, angle),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def test_a_view_change_paints_its_plot_once(watched, qtbot):
    """A zoom (a range set, a wheel turn) shows the curves decimated for the new view, their y
    range and the marker labels in one paint, not the old curves stretched first."""
    w, counter, _rng = watched
    pi = w.loss_panel.plot.getPlotItem()
    changes = (lambda: pi.setXRange(300, 1500, padding=0), lambda: pi.setXRange(100, 1900, padding=0),
               lambda: _wheel(w.loss_panel.plot.viewport(), 120), lambda: _wheel(w.loss_panel.plot.viewport(), -120))
    for change in changes:
        _quiet(w, qtbot)
        counter.reset()
        change()
        qtbot.wait(400)
        assert counter.counts["loss"] == 1, counter.counts
        assert counter.counts["lr"] == 0 and counter.counts["simplex"] == 0, counter.counts
        assert not w.loss_panel.markers.layout_pending  # the labels were laid out in it


def test_a_resize_paints_each_plot_once(watched, qtbot):
    """A dock's splitter moved (the loss and mixture docks resized): the loss plot is painted once,
    its curves decimated to its new width and its labels laid out; the LR and mixture plots at most
    twice (a second paint after the first is left there: docs/performance.md#frames)."""
    w, counter, _rng = watched
    horizontal = Qt.Orientation.Horizontal
    for extra in (40, 0, -40):
        _quiet(w, qtbot)
        counter.reset()
        width = w.loss_dock.width() + (extra or 25)
        w.resizeDocks([w.loss_dock, w.simplex_dock], [width, 1280 - width], horizontal)
        qtbot.wait(400)
        assert counter.counts["loss"] == 1, counter.counts
        assert counter.counts["lr"] <= 2 and counter.counts["simplex"] <= 2, counter.counts  # (docs/performance.md#frames)
        assert w.loss_panel.display._columns == w.loss_panel.display.columns()  # decimated to its new width
        assert not w.loss_panel.markers.layout_pending
