"""A 2-px curve drawn as 1-px passes (gui/plots/wide_line.py) looks as pyqtgraph's 2-px line does:
compared on grabs, pixel by pixel."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt

from andrea_desktop.gui.plots.items import DisplayCurveItem
from andrea_desktop.gui.plots.wide_line import WideLineCurve

SIZE = (640, 400)


def _curves() -> list[tuple[np.ndarray, np.ndarray]]:
    """A noisy decreasing curve sampled as a min/max display buffer (two points a column), a
    flat line and a steep one: every direction a line takes on the loss plot."""
    rng = np.random.default_rng(3)
    x = np.repeat(np.arange(600.0), 2)
    y = 4.0 * np.exp(-x / 200.0) + 0.5 + 0.08 * rng.standard_normal(len(x))
    return [(x, y), (np.array([0.0, 600.0]), np.array([3.0, 3.0])), (np.array([100.0, 120.0]), np.array([0.2, 4.4]))]


def _grab(qtbot, make_item) -> np.ndarray:
    """The plot area's pixels (rows, columns, RGB) with the curves drawn by ``make_item``."""
    w = pg.PlotWidget(background="w")
    qtbot.addWidget(w)
    w.resize(*SIZE)
    w.hideAxis("left")
    w.hideAxis("bottom")
    for x, y in _curves():
        item = make_item(x, y)
        w.addItem(item)
    w.setXRange(0, 600, padding=0)
    w.setYRange(0, 5, padding=0)
    w.show()
    img = w.grab().toImage().convertToFormat(pg.QtGui.QImage.Format.Format_RGB888)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, : 3 * img.width()]
    return a.reshape(img.height(), img.width(), 3).copy()


def _near(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where ``a`` is set, whether ``b`` is set there or at one of the 8 pixels around it."""
    pad = np.pad(b, 1)
    around = np.zeros_like(b)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            around |= pad[1 + dy: 1 + dy + b.shape[0], 1 + dx: 1 + dx + b.shape[1]]
    return ~a | around


@pytest.fixture
def pen():
    return pg.mkPen((31, 119, 180), width=2)


def test_the_passes_draw_the_pixels_of_a_2px_line(qtbot, pen):
    """The same pixels but for the band's rounding: at most a few percent of the line's pixels
    differ, and none by more than one pixel (a centre on a pixel edge puts pyqtgraph's band on one
    side of it, the passes' on the other)."""
    ref = _grab(qtbot, lambda x, y: pg.PlotCurveItem(x, y, pen=pen, antialias=False))
    new = _grab(qtbot, lambda x, y: WideLineCurve(x, y, pen=pen, antialias=False))
    ink_ref, ink_new = ref.sum(-1) < 600, new.sum(-1) < 600
    assert ink_ref.sum() > 3000  # the curves are drawn
    assert abs(int(ink_new.sum()) - int(ink_ref.sum())) <= 0.05 * ink_ref.sum()  # as heavy
    assert (ink_ref != ink_new).sum() <= 0.15 * ink_ref.sum(), (ink_ref != ink_new).sum()
    assert _near(ink_ref, ink_new).all() and _near(ink_new, ink_ref).all()  # no pixel more than one off
    colours = {tuple(c) for c in new[ink_new]}
    assert colours == {(31, 119, 180)}  # the pen's colour, nothing blended


def test_other_pens_are_drawn_by_pyqtgraph(qtbot):
    """A 1-px, dashed, translucent or 3-px pen: the very pixels pyqtgraph draws."""
    for pen in (pg.mkPen("k", width=1), pg.mkPen("k", width=2, style=Qt.PenStyle.DashLine),
                pg.mkPen((0, 0, 0, 100), width=2), pg.mkPen("k", width=3)):
        ref = _grab(qtbot, lambda x, y, pen=pen: pg.PlotCurveItem(x, y, pen=pen, antialias=False))
        new = _grab(qtbot, lambda x, y, pen=pen: WideLineCurve(x, y, pen=pen, antialias=False))
        assert np.array_equal(ref, new), pen


def test_display_curves_draw_their_line_with_passes(qtbot, pen):
    """The panels' curves (a :class:`DisplayCurveItem`) use the wide line, with its style and data
    and under its symbols; the legend and readouts still see the 2-px pen."""
    item = DisplayCurveItem(np.arange(3.0), np.ones(3), pen=pen, symbol="o")
    assert isinstance(item.curve, WideLineCurve)
    assert item.curve.opts["pen"].widthF() == 2 and item.opts["pen"] is not None
    assert np.array_equal(item.curve.getData()[0], np.arange(3.0))
    kids = item.childItems()
    assert kids.index(item.curve) < kids.index(item.scatter)
    ref = _grab(qtbot, lambda x, y: pg.PlotDataItem(x, y, pen=pen, antialias=False))
    new = _grab(qtbot, lambda x, y: DisplayCurveItem(x, y, pen=pen, antialias=False))
    assert (ref.sum(-1) < 600).sum() > 3000
    assert _near(ref.sum(-1) < 600, new.sum(-1) < 600).all()
