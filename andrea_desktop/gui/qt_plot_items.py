"""Plot items that draw the truth on any axes: placed through the axes' log modes, curves fed
from a display buffer (only what is on screen, at most about two points per pixel column), and
a lone point drawn as a point.

pyqtgraph's :meth:`PlotItem.setLogMode` (and its context menu's Log X / Log Y) transforms the data
of :class:`PlotDataItem` only; any other item keeps its raw coordinates (a learning rate of 2.4e-3
drawn at 2.4e-3 *decades*: about 1.0 on the axis). It does call ``setLogMode(x, y)`` on every item
of the plot that has one, at the switch and when the item is added: the items here take their
positions in data coordinates and place themselves where the axes put those values.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, QTimer

from ..core.viewmodels.decimate import MinMaxPyramid
from ..core.viewmodels.history import GrowableArray

__all__ = ["DecimatedCurve", "DecimatedPlot", "LogInfiniteLine", "LogScatter", "to_view"]


def to_view(values, log: bool) -> np.ndarray:
    """Data coordinates to view coordinates on an axis: log10 on a log axis (NaN where there is
    none, values <= 0), the values otherwise."""
    v = np.asarray(values, dtype=np.float64)
    if not log:
        return v
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(v > 0, np.log10(np.where(v > 0, v, 1.0)), np.nan)


class LogScatter(pg.ScatterPlotItem):
    """A scatter whose points are given in data coordinates (:meth:`set_points`) and drawn where
    the axes' log modes put them; a point with no place on a log axis (<= 0) is not drawn."""

    def __init__(self, *args, **kwargs) -> None:
        self._log = (False, False)
        self._points = (np.zeros(0), np.zeros(0))
        super().__init__(*args, **kwargs)

    def setLogMode(self, x: bool, y: bool) -> None:  # noqa: N802 (pyqtgraph's name)
        self._log = (bool(x), bool(y))
        self._place()

    def set_points(self, x, y) -> None:
        """Show the points (x, y), in data coordinates."""
        self._points = (np.asarray(x, dtype=np.float64).ravel(), np.asarray(y, dtype=np.float64).ravel())
        self._place()

    @property
    def points_data(self) -> tuple[np.ndarray, np.ndarray]:
        """The points in data coordinates."""
        return self._points

    def _place(self) -> None:
        x, y = to_view(self._points[0], self._log[0]), to_view(self._points[1], self._log[1])
        ok = np.isfinite(x) & np.isfinite(y)
        self.setData(x=x[ok], y=y[ok])


class LogInfiniteLine(pg.InfiniteLine):
    """An infinite line at a value in data coordinates (:meth:`set_data_value`), drawn where the
    axes' log modes put it (a vertical line follows log x, a horizontal one log y); hidden while
    its value has no place on a log axis (<= 0). Its label (``label=``) sits at a fraction of the
    view and follows by itself."""

    def __init__(self, pos: float = 0.0, angle: float = 90, **kwargs) -> None:
        self._log = (False, False)
        self._data_value = float(pos)
        super().__init__(pos=pos, angle=angle, **kwargs)

    def setLogMode(self, x: bool, y: bool) -> None:  # noqa: N802 (pyqtgraph's name)
        self._log = (bool(x), bool(y))
        self._place()

    @property
    def data_value(self) -> float:
        """The line's value in data coordinates."""
        return self._data_value

    def set_data_value(self, value: float) -> None:
        self._data_value = float(value)
        self._place()

    def _place(self) -> None:
        log = self._log[1] if self.angle % 180 == 0 else self._log[0]
        v = float(to_view(self._data_value, log))
        if math.isfinite(v):
            self.setValue(v)
        self.setVisible(math.isfinite(v))


class DecimatedCurve:
    """A :class:`PlotDataItem` fed from a :class:`MinMaxPyramid` over two growing arrays: it is
    handed only the points in the visible x range, at most about two a pixel column (the exact
    points when there are fewer), so a redraw costs what is on screen, not the history.

    A curve whose points are all one point (one step, or several at the same step and value)
    gets a symbol, else there would be nothing to see (a line needs two distinct points).
    """

    LONE_SYMBOL_SIZE = 7
    SYMBOL_COLUMNS = 4
    """A curve drawn with symbols is decimated to one column per this many pixels."""

    def __init__(self, item: pg.PlotDataItem) -> None:
        self.item = item
        self.pyramid: MinMaxPyramid | None = None
        self._key: tuple | None = None
        self._drawn: tuple[np.ndarray, np.ndarray] | None = None  # what the item was handed last
        self._own_symbol = item.opts.get("symbol") is not None
        self.lone = False
        self.y_range: tuple[float, float] | None = None
        """Finite y extent of what is drawn now, in view coordinates (log10 on a log axis)."""

    def bind(self, x: GrowableArray | None, y: GrowableArray | None) -> None:
        """Draw the series (x, y) from now on (None: nothing)."""
        if x is None or y is None:
            self.pyramid = None
        elif self.pyramid is None or self.pyramid.x is not x or self.pyramid.y is not y:
            self.pyramid = MinMaxPyramid(x, y)
        else:
            return
        self._key = None
        self._drawn = None

    def redraw(self, x0: float, x1: float, columns: int, log_x: bool, log_y: bool) -> None:
        """Hand the item the points in [x0, x1] decimated to ``columns`` (data coordinates; the
        item applies the log modes itself); nothing is done when neither the data nor the view
        changed."""
        p = self.pyramid
        if p is not None:
            p.sync()
            key = (len(p), p.rebuilds, x0, x1, columns, log_x, log_y)
        else:
            key = None
        if key == self._key and self._key is not None:
            return
        if p is None:
            xs = ys = np.zeros(0)
        else:
            # symbols (validation points) are several pixels wide: one column per symbol width
            cols = max(1, columns // self.SYMBOL_COLUMNS) if self._own_symbol else columns
            xs, ys = p.window(x0, x1, cols, log_x)
        if log_y and len(ys):
            # on a log axis a value <= 0 is a gap, not -inf (which would blank the curve)
            ys = np.where(ys > 0, ys, np.nan)
        self._key = key
        ok = np.isfinite(ys)
        if ok.any():
            fx, fy = xs[ok], ys[ok]
            ylo, yhi = float(fy.min()), float(fy.max())
            self.y_range = (float(to_view(ylo, log_y)), float(to_view(yhi, log_y)))
            # one point, or all at the same step and value ("the same" to 1e-9: two equal
            # values through a debiased EMA differ in the last bit)
            lone = math.isclose(fx.min(), fx.max(), rel_tol=1e-9) and math.isclose(ylo, yhi, rel_tol=1e-9)
        else:
            self.y_range = None
            lone = False
        self._show_lone(lone)
        last = self._drawn
        if last is not None and np.array_equal(last[0], xs) and np.array_equal(last[1], ys, equal_nan=True):
            return  # the same points: a new point inside a column that is not its extreme
        self._drawn = (np.array(xs), np.array(ys))  # copies: xs, ys may be views of the history
        self.item.setData(xs, ys)

    def _show_lone(self, lone: bool) -> None:
        if lone == self.lone:
            return
        self.lone = lone
        if self._own_symbol:
            return
        if lone:
            pen = self.item.opts.get("pen")
            color = pg.mkPen(pen).color() if pen is not None else pg.mkColor(pg.getConfigOption("foreground"))
            self.item.setSymbol("o")
            self.item.setSymbolSize(self.LONE_SYMBOL_SIZE)
            self.item.setSymbolPen(None)
            self.item.setSymbolBrush(color)
        else:
            self.item.setSymbol(None)


class DecimatedPlot(QObject):
    """The decimated curves of one plot: redrawn on :meth:`redraw` (new data) and when the view
    changes (a pan, a zoom, a resize, a log mode: coalesced to one redraw per event-loop pass);
    while the x axis auto-ranges each curve is its whole series, decimated to the plot's width.

    Also keeps the y range sane: when everything drawn has a single y value (one step, a flat
    curve), the view may not shrink below a span around it (pyqtgraph would zoom in to about
    1e-15 of the value, 16-digit ticks).
    """

    def __init__(self, plot_item: pg.PlotItem, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plot_item = plot_item
        self.view = plot_item.getViewBox()
        self.curves: list[DecimatedCurve] = []
        self._min_y_range: float | None = None
        self._columns = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.redraw)
        self.view.sigXRangeChanged.connect(self._on_view_changed)
        self.view.sigResized.connect(self._on_view_changed)
        plot_item.ctrl.logXCheck.toggled.connect(self.redraw)
        plot_item.ctrl.logYCheck.toggled.connect(self.redraw)

    def add(self, item: pg.PlotDataItem, x: GrowableArray | None = None,
            y: GrowableArray | None = None) -> DecimatedCurve:
        curve = DecimatedCurve(item)
        curve.bind(x, y)
        self.curves.append(curve)
        return curve

    def remove(self, curve: DecimatedCurve) -> None:
        self.curves.remove(curve)

    @property
    def log_mode(self) -> tuple[bool, bool]:
        ctrl = self.plot_item.ctrl
        return ctrl.logXCheck.isChecked(), ctrl.logYCheck.isChecked()

    def columns(self) -> int:
        """Pixel columns of the view (at least 100: a plot not laid out yet)."""
        return max(100, int(self.view.width()))

    def window(self) -> tuple[float, float, int, bool, bool]:
        """(x0, x1, columns, log x, log y) of what the view shows, x in data coordinates."""
        log_x, log_y = self.log_mode
        if self.view.state["autoRange"][0]:
            x0, x1 = -math.inf, math.inf  # the view follows the data: all of it
        else:
            a, b = self.view.viewRange()[0]
            if log_x:
                a, b = 10.0 ** min(max(a, -300.0), 300.0), 10.0 ** min(max(b, -300.0), 300.0)
            x0, x1 = a, b
        return x0, x1, self.columns(), log_x, log_y

    def _on_view_changed(self, *_) -> None:
        if self.view.state["autoRange"][0] and self.columns() == self._columns:
            return  # following the data: what is drawn does not depend on the range
        self._timer.start()

    def redraw(self, *_) -> None:
        """Redraw every curve whose data or view changed, then guard the y range."""
        self._timer.stop()
        w = self.window()
        self._columns = w[2]
        for c in self.curves:
            c.redraw(*w)
        self._guard_y_range(w[4])

    def _guard_y_range(self, log_y: bool) -> None:
        shown = [c.y_range for c in self.curves if c.y_range is not None and c.item.isVisible()]
        want = None
        if shown:
            lo, hi = min(r[0] for r in shown), max(r[1] for r in shown)
            mid = 0.5 * (lo + hi)
            if hi - lo <= 1e-9 * max(1.0, abs(mid)):
                want = 0.2 if log_y else (0.2 * abs(mid) if mid else 1.0)
        if want != self._min_y_range:
            self._min_y_range = want
            self.view.setLimits(minYRange=want)
