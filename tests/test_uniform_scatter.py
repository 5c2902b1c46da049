"""Symbols of one style drawn without pyqtgraph's per-spot bookkeeping (gui/plots/points.py): the
same pixels and the same record of the spots as pyqtgraph's scatter, and validation points that
still show, follow a zoom and answer clicks."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.viewmodels.history import GrowableArray
from andrea_desktop.gui.plots.items import DecimatedPlot, DisplayCurveItem
from andrea_desktop.gui.plots.points import UniformScatter

SIZE = (480, 320)
FIELDS = UniformScatter.RECORD_FIELDS
"""The fields of pyqtgraph's record of the spots that the fast path fills."""


def _points(seed: int = 0, n: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """Points over the view, one NaN (a value with no place on a log axis) and a few beyond it."""
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-5.0, 105.0, n))
    y = rng.uniform(-0.5, 5.5, n)
    y[n // 3] = np.nan
    return x, y


def _style(**over) -> dict:
    return {"symbol": "t", "size": 8, "pen": None, "brush": pg.mkBrush(31, 119, 180), **over}


def _grab(qtbot, items) -> np.ndarray:
    """The plot area's pixels (rows, columns, RGB) with ``items`` on it."""
    w = pg.PlotWidget(background="w")
    qtbot.addWidget(w)
    w.resize(*SIZE)
    w.hideAxis("left")
    w.hideAxis("bottom")
    for item in items:
        w.addItem(item)
    w.setXRange(0, 100, padding=0)
    w.setYRange(0, 5, padding=0)
    w.show()
    img = w.grab().toImage().convertToFormat(pg.QtGui.QImage.Format.Format_RGB888)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, : 3 * img.width()]
    return a.reshape(img.height(), img.width(), 3).copy()


def _scatter(cls, steps) -> pg.ScatterPlotItem:
    """A scatter of ``cls`` given each of ``steps`` ((x, y), style) in turn, as a redraw would."""
    item = cls()
    for (x, y), style in steps:
        item.setData(x=x, y=y, **style)
    return item


@pytest.mark.parametrize("style", [_style(), _style(symbol="o", size=7, pen=pg.mkPen("w", width=1)),
                                   _style(symbol="s", size=6, brush=pg.mkBrush(200, 40, 40))])
def test_new_points_of_the_same_style_draw_the_pixels_pyqtgraph_draws(qtbot, style):
    """The points of a later redraw (the fast path) on a grab: the very pixels of pyqtgraph's
    scatter given the same points, none where a point has no place or lies beyond the view."""
    steps = [(_points(0), style), (_points(1), style), (_points(2), style)]
    ref = _grab(qtbot, [_scatter(pg.ScatterPlotItem, steps)])
    new_item = _scatter(UniformScatter, steps)
    assert new_item._uniform and new_item._style_args is not None  # the last two took the fast path
    new = _grab(qtbot, [new_item])
    assert (ref.sum(-1) < 700).sum() > 500  # the symbols are drawn
    assert np.array_equal(ref, new)


def test_this_pyqtgraph_has_the_fields_the_fast_path_relies_on(qtbot):
    item = UniformScatter()
    assert item._pyqtgraph_fields_ok(), f"pyqtgraph {pg.__version__}: the scatter's fields changed"
    assert {"resize", "ndarray", "drawargs"} <= set(dir(item._pixmapFragments))


def test_the_fast_path_keeps_pyqtgraphs_record_of_the_spots(qtbot):
    """``points()``, ``pointsAt``, ``getData`` and the bounds read the record: it holds what
    pyqtgraph's own ``setData`` puts there."""
    style = _style()
    steps = [(_points(0), style), (_points(4), style)]
    ref, new = _scatter(pg.ScatterPlotItem, steps), _scatter(UniformScatter, steps)
    for field in FIELDS:
        a, b = ref.data[field], new.data[field]
        assert a.dtype == b.dtype, field
        if field == "sourceRect":  # the symbol's place in each item's own atlas: the same image there
            assert np.array_equal(a[["w", "h"]], b[["w", "h"]])
            images = [item.fragmentAtlas.pixmap.copy(*(int(v) for v in rect[0])).toImage()
                      for item, rect in ((ref, a), (new, b))]
            assert images[0] == images[1]
        else:
            assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f"), field
    assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(ref.getData(), new.getData(), strict=True))
    for ax in (0, 1):
        assert ref.dataBounds(ax) == new.dataBounds(ax)
    x, y = _points(4)
    i = 5
    assert [p.pos() for p in new.pointsAt(QPointF(x[i], y[i]))] == [p.pos() for p in ref.pointsAt(QPointF(x[i], y[i]))]


def test_another_style_or_hidden_points_are_drawn_by_pyqtgraph(qtbot):
    """A new brush, a second symbol per point or spots hidden one by one: pyqtgraph's path, and
    its pixels."""
    first = (_points(0), _style())
    recoloured = (_points(1), _style(brush=pg.mkBrush(200, 40, 40)))
    ref = _grab(qtbot, [_scatter(pg.ScatterPlotItem, [first, recoloured])])
    new = _grab(qtbot, [_scatter(UniformScatter, [first, recoloured])])
    assert np.array_equal(ref, new)
    reds = (new[..., 0] > 150) & (new[..., 2] < 100)
    assert reds.sum() > 200  # the new colour is what shows
    x, y = _points(2)
    symbols = ["t", "o"] * (len(x) // 2)
    per_spot = (x, y), _style(symbol=symbols)
    ref = _grab(qtbot, [_scatter(pg.ScatterPlotItem, [first, per_spot])])
    item = _scatter(UniformScatter, [first, per_spot])
    assert not item._uniform
    assert np.array_equal(ref, _grab(qtbot, [item]))
    item = _scatter(UniformScatter, [first, first])
    shown = np.arange(len(item.data)) % 2 == 0
    item.setPointsVisible(shown)
    ref_item = _scatter(pg.ScatterPlotItem, [first, first])
    ref_item.setPointsVisible(shown)
    assert np.array_equal(_grab(qtbot, [ref_item]), _grab(qtbot, [item]))


def test_validation_points_show_follow_a_zoom_and_answer_clicks(qtbot):
    """A display curve with symbols only (a source's validation points): drawn where the series
    is, again after a zoom, and a click on a point reports it."""
    w = pg.PlotWidget(background="w")
    qtbot.addWidget(w)
    w.resize(*SIZE)
    pi = w.getPlotItem()
    display = DecimatedPlot(pi)
    item = DisplayCurveItem(pen=None, symbol="t", symbolSize=8, symbolBrush=pg.mkBrush(31, 119, 180), symbolPen=None,
                            connect="finite")
    pi.addItem(item)
    assert isinstance(item.scatter, UniformScatter) and item.scatter.parentItem() is item
    x, y = GrowableArray(), GrowableArray()
    steps = np.arange(500.0, 50_001.0, 500.0)
    x.extend(steps)
    y.extend(2.0 + 6.0 * np.exp(-steps / 10_000.0))
    display.add(item, x, y)
    w.show()
    display.redraw()
    QApplication.processEvents()
    sx, sy = item.scatter.getData()
    assert len(sx) == len(steps) and np.array_equal(sx, steps)
    clicked = []
    item.sigPointsClicked.connect(lambda _item, points, _ev: clicked.extend(points))
    pi.getViewBox().setXRange(10_000, 20_000, padding=0)  # a zoom: the points in view, again
    QApplication.processEvents()
    sx, sy = item.scatter.getData()
    assert item.scatter._uniform  # the redraw took the fast path
    assert sx.min() <= 10_000 and sx.max() >= 20_000 and len(sx) <= 25
    inside = sx[(sx >= 10_000) & (sx <= 20_000)]
    assert len(inside) == 21
    target = item.scatter.pointsAt(QPointF(15_000.0, 2.0 + 6.0 * np.exp(-1.5)))
    assert [p.pos().x() for p in target] == [15_000.0]
    img = w.grab().toImage()
    vb = pi.getViewBox()
    at = vb.mapViewToScene(QPointF(15_000.0, 2.0 + 6.0 * np.exp(-1.5)))
    at = w.mapFromScene(at)
    assert img.pixelColor(at.x(), at.y()).name() == "#1f77b4"  # the point is drawn there
