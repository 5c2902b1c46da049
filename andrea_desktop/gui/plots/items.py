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

import logging
import math

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.PlotDataItem import PlotDataset
from PySide6.QtCore import QObject

from ...core.viewmodels.decimate import MinMaxPyramid
from ...core.viewmodels.history import GrowableArray
from .frames import settle, settling
from .points import use_uniform_scatter
from .wide_line import use_wide_line

__all__ = ["DecimatedCurve", "DecimatedPlot", "DisplayCurveItem", "LogInfiniteLine", "LogScatter", "to_view"]

log = logging.getLogger(__name__)


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
        """Show the points (x, y), in data coordinates (the same points again: nothing is done,
        so the plot is not painted again for them)."""
        points = (np.asarray(x, dtype=np.float64).ravel(), np.asarray(y, dtype=np.float64).ravel())
        if all(np.array_equal(a, b, equal_nan=True) for a, b in zip(points, self._points, strict=True)):
            return
        self._points = points
        self._place()

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


class DisplayCurveItem(pg.PlotDataItem):
    """A :class:`PlotDataItem` for data already reduced to what is on screen (a
    :class:`DecimatedCurve`'s points): ``setData(x, y)`` with two arrays hands them to the line
    (:class:`PlotCurveItem`) at once, mapped through the axes' log modes, without the item's
    general processing (about 0.3 ms a call: bounds, clipping, down-sampling checks, every style
    option set again). Everything else (symbols, a style change, a log mode switch, other
    arguments, the first data, huge values that need pyqtgraph's dynamic-range clipping) takes
    pyqtgraph's own path, so the item reads and behaves as a :class:`PlotDataItem`
    (``getData``, ``dataBounds``, the legend, the context menu). Its line is a
    :class:`~andrea_desktop.gui.plots.wide_line.WideLineCurve` (a 2-px pen drawn as four 1-px
    passes, about 0.4 of the cost), its symbols a
    :class:`~andrea_desktop.gui.plots.points.UniformScatter` (one style for every point: no
    per-point bookkeeping)."""

    _PLAIN = (("fftMode", False), ("derivativeMode", False), ("phasemapMode", False), ("subtractMeanMode", False),
              ("stepMode", None), ("clipToView", False), ("autoDownsample", False), ("downsample", 1),
              ("symbol", None))
    PYQTGRAPH_FIELDS = ("_dataset", "_datasetMapped", "_datasetDisplay", "_adsLastValue", "curve")
    """pyqtgraph's own (private) fields of :class:`PlotDataItem` the fast path writes; with one
    missing (another pyqtgraph) the fast path is off, said once in the log, and pyqtgraph's own
    path draws every curve (tests/test_pyqtgraph_private_fields.py fails on such a pyqtgraph)."""
    PYQTGRAPH_OPTS = ("pen", "logMode", "connect", "dynamicRangeLimit", "dynamicRangeHyst", *dict(_PLAIN))
    """The ``opts`` keys the fast path reads (the same for them)."""
    _fields_ok: bool | None = None  # checked once, on the first item's first data

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        use_uniform_scatter(self)
        use_wide_line(self)

    def _pyqtgraph_fields_ok(self) -> bool:
        """Whether this pyqtgraph has every field the fast path writes or reads (checked once)."""
        cls = DisplayCurveItem
        if cls._fields_ok is None:
            missing = [f for f in cls.PYQTGRAPH_FIELDS if f not in vars(self)]
            missing += [f"opts[{k!r}]" for k in cls.PYQTGRAPH_OPTS if k not in self.opts]
            cls._fields_ok = not missing
            if missing:
                log.warning("pyqtgraph %s: PlotDataItem has no %s; curves are drawn through pyqtgraph's own "
                            "(slower) path", pg.__version__, ", ".join(missing))
        return cls._fields_ok

    def setData(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        if kwargs or len(args) != 2 or not self._fast(*args):
            super().setData(*args, **kwargs)

    def _fast(self, x, y) -> bool:
        """Hand (x, y) to the line directly; False: not a case for it (nothing was done)."""
        if not self._pyqtgraph_fields_ok():
            return False
        opts = self.opts
        if (self._dataset is None or not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray)
                or x.ndim != 1 or x.shape != y.shape or not len(x) or opts["pen"] is None
                or any(opts.get(k, v) != v for k, v in self._PLAIN)):
            return False  # (no data yet: the line has not been given its style)
        log_x, log_y = opts["logMode"]
        mx, my = to_view(x, log_x), to_view(y, log_y)
        limit = opts["dynamicRangeLimit"]
        if limit is not None:  # would pyqtgraph clip the values to the view? then it does it
            lo, hi = float(np.fmin.reduce(my)), float(np.fmax.reduce(my))
            view = self.getViewBox()
            rect = view.viewRect() if view is not None else None
            if rect is not None and rect.height() > 0 and not (hi - lo <= 2 * opts["dynamicRangeHyst"] * limit
                                                               * rect.height()):
                return False
        self._dataset = PlotDataset(x.view(np.ndarray), y.view(np.ndarray))
        self._datasetMapped = self._datasetDisplay = PlotDataset(mx, my)
        self._adsLastValue = 1
        connect = opts["connect"]
        self.curve.updateData(x=mx, y=my, connect="finite" if connect == "auto" else connect)
        self.curve.show()
        self.informViewBoundsChanged()
        self.sigPlotChanged.emit(self)
        return True

    full_bounds = None
    """Set by the :class:`DecimatedCurve` that feeds the item: ``full_bounds(ax, x_range)``, the
    series' extent on an axis (view coordinates), which :meth:`dataBounds` reports rather than the
    extent of the points on screen."""

    def dataBounds(self, ax, frac=1.0, orthoRange=None):  # noqa: N802, N803 (pyqtgraph's names)
        """The series' extent on axis ``ax`` (its y extent over the x range ``orthoRange`` where
        given: an axis that follows what is visible), from the whole series, not from the points
        on screen: the item holds only what is on screen, so pyqtgraph's own answer after a zoom
        was the zoomed range's ("View All" showed steps 3.7-9.2 of 0-12 until pressed again, and
        an axis following the data lagged a redraw behind)."""
        if self.full_bounds is not None and (orthoRange is None or ax == 1):
            return self.full_bounds(ax, orthoRange)
        return super().dataBounds(ax, frac, orthoRange)

    def viewRangeChanged(self, vb=None, ranges=None, changed=None) -> None:  # noqa: N802 (pyqtgraph's name)
        """pyqtgraph hands every curve its data again at each change of the y range (the auto
        range moves at most updates), for its dynamic-range clipping; done here only when that
        clipping is needed now or was applied (values far beyond the view)."""
        if not self._pyqtgraph_fields_ok():
            return super().viewRangeChanged(vb, ranges, changed)
        data = self._dataset
        if data is None or data.x is None or not len(data.x):
            return  # no points (a source's validation before its first): nothing to hand again
        opts, mapped, shown = self.opts, self._datasetMapped, self._datasetDisplay
        if (not opts["clipToView"] and not opts["autoDownsample"] and mapped is not None and shown is not None
                and _unclipped(shown, mapped) and not self._clips(mapped)):
            return
        super().viewRangeChanged(vb, ranges, changed)

    def _clips(self, mapped: PlotDataset) -> bool:
        """Whether pyqtgraph's dynamic-range limit would clip ``mapped`` in the view now."""
        limit = self.opts["dynamicRangeLimit"]
        view = self.getViewBox()
        data = mapped.dataRect()
        if limit is None or view is None or data is None:
            return False
        rect = view.viewRect()
        return bool(rect.height() > 0 and not data.bottom() < rect.top() and not data.top() > rect.bottom()
                    and data.height() > 2 * self.opts["dynamicRangeHyst"] * limit * rect.height())


def _unclipped(shown: PlotDataset, mapped: PlotDataset) -> bool:
    """The line shows the mapped points as they are (pyqtgraph's own path, after a log-mode
    switch, hands the line a copy of them)."""
    return shown.y is mapped.y or (len(shown.y) == len(mapped.y) and np.array_equal(shown.y, mapped.y, equal_nan=True)
                                   and np.array_equal(shown.x, mapped.x, equal_nan=True))


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
        self._out: tuple | None = None  # the display buffer's last arrays, for the view
        self._view: tuple | None = None
        self._drawn: tuple[np.ndarray, np.ndarray] | None = None  # what the item was handed last
        self._own_symbol = item.opts.get("symbol") is not None
        self.lone = False
        self.y_range: tuple[float, float] | None = None
        """Finite y extent of what is drawn now, in view coordinates (log10 on a log axis)."""
        if isinstance(item, DisplayCurveItem):
            item.full_bounds = self.full_bounds

    def full_bounds(self, ax: int, x_range=None) -> tuple[float, float] | None:
        """The extent of the series on axis ``ax`` (0: x, 1: y) in view coordinates (log10 on a
        log axis; values without a place there left out), the y extent over ``x_range`` (view
        coordinates; with the points just outside it, which the curve draws to the edges) where
        given; None without a finite point. From the pyramid: the x ends of a sorted series, the
        y extremes of one column."""
        p = self.pyramid
        if p is None:
            return None
        p.sync()
        n = len(p)
        if not n:
            return None
        log_x, log_y = self.item.opts["logMode"]
        if ax == 0:
            xs = p.x.data[:n]
            if p.x_sorted:
                first = int(np.searchsorted(xs, 0.0, "right")) if log_x else 0
                xs = xs[[min(first, n - 1), n - 1]]
            v = to_view(xs, log_x)
        elif x_range is None or x_range[0] is None:
            _xs, ys = p.points(0, n, 1)
            v = to_view(ys, log_y)
        else:
            x0, x1 = (float(x) for x in x_range)
            if log_x:
                x0, x1 = 10.0 ** min(max(x0, -300.0), 300.0), 10.0 ** min(max(x1, -300.0), 300.0)
            _xs, ys = p.window(x0, x1, 1, log_x)
            v = to_view(ys, log_y)
        v = v[np.isfinite(v)]
        return (float(v.min()), float(v.max())) if len(v) else None

    def bind(self, x: GrowableArray | None, y: GrowableArray | None) -> None:
        """Draw the series (x, y) from now on (None: nothing)."""
        if x is None or y is None:
            if self.pyramid is None:
                return  # nothing before, nothing now (a source's validation before the first one)
            self.pyramid = None
        elif self.pyramid is not None and self.pyramid.y is y and self.pyramid.x is not x:
            self.pyramid.rebind_x(x)  # another x of the same values: the buckets stand
        elif self.pyramid is None or self.pyramid.x is not x or self.pyramid.y is not y:
            self.pyramid = MinMaxPyramid(x, y)
        else:
            return
        self._key = self._out = self._drawn = None

    def redraw(self, x0: float, x1: float, columns: int, log_x: bool, log_y: bool) -> None:
        """Hand the item the points in [x0, x1] decimated to ``columns`` (data coordinates; the
        item applies the log modes itself); nothing is done when neither the data nor the view
        changed, nor when the new points change nothing drawn (inside a column, not its extreme:
        the display buffer hands back the same arrays)."""
        p = self.pyramid
        view = (x0, x1, columns, log_x, log_y)
        if p is not None:
            p.sync()
            key = (len(p), p.rebuilds, view)
        else:
            key = None
        if key == self._key and self._key is not None:
            return
        self._key = key
        if p is None:
            out = None
            xs = ys = np.zeros(0)
        else:
            # symbols (validation points) are several pixels wide: one column per symbol width
            cols = max(1, columns // self.SYMBOL_COLUMNS) if self._own_symbol else columns
            out = p.window(x0, x1, cols, log_x)
            if out is self._out and view == self._view:
                return  # the same points as drawn
            xs, ys = out
        self._out, self._view = out, view
        if log_y and len(ys):
            # on a log axis a value <= 0 is a gap, not -inf (which would blank the curve)
            ys = np.where(ys > 0, ys, np.nan)
        self._measure(xs, ys, log_y)
        last = self._drawn
        if last is not None and np.array_equal(last[0], xs) and np.array_equal(last[1], ys, equal_nan=True):
            return  # the same points: a new point inside a column that is not its extreme
        # views of the history are copied (its buffer is written again after a clear)
        xs, ys = (xs if xs.base is None else xs.copy()), (ys if ys.base is None else ys.copy())
        self._drawn = (xs, ys)
        self.item.setData(xs, ys)

    def _measure(self, xs: np.ndarray, ys: np.ndarray, log_y: bool) -> None:
        """Set :attr:`y_range` and whether the points are a lone point (shown with a symbol)."""
        with np.errstate(invalid="ignore"):
            ylo, yhi = (float(np.fmin.reduce(ys)), float(np.fmax.reduce(ys))) if len(ys) else (math.nan, math.nan)
        if not (math.isfinite(ylo) and math.isfinite(yhi)):  # none, or an infinite value among them
            ok = np.isfinite(ys)
            if not ok.any():
                self.y_range = None
                self._show_lone(False)
                return
            ylo, yhi = float(ys[ok].min()), float(ys[ok].max())
        self.y_range = (float(to_view(ylo, log_y)), float(to_view(yhi, log_y)))
        # one point, or all at the same step and value ("the same" to 1e-9: two equal values
        # through a debiased EMA differ in the last bit)
        lone = math.isclose(ylo, yhi, rel_tol=1e-9)
        if lone:
            fx = xs[np.isfinite(ys)]
            lone = math.isclose(fx.min(), fx.max(), rel_tol=1e-9)
        self._show_lone(lone)

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
    changes (a pan, a zoom, a resize, a log mode); while the x axis auto-ranges each curve is its
    whole series, decimated to the plot's width.

    A view change is settled at once, before its paint: the curves decimated for the new view,
    the y auto range that follows them applied and the labels of the :meth:`settle_with` markers
    laid out (:func:`~andrea_desktop.gui.plots.frames.settle`), so the change is painted once. (A
    redraw at the next event-loop pass painted the old curves stretched first, then the new
    curves, then their y range and labels: three paints, docs/performance.md#frames.)

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
        self._markers: tuple = ()
        # the y axis, when it follows the data, follows what is visible (the curves report the
        # whole series without an x range: DisplayCurveItem.dataBounds)
        self.view.setAutoVisible(y=True)
        self.view.sigRangeChanged.connect(self._on_view_changed)
        self.view.sigResized.connect(self._on_view_changed)
        plot_item.ctrl.logXCheck.toggled.connect(self._on_log_mode)
        plot_item.ctrl.logYCheck.toggled.connect(self._on_log_mode)

    def settle_with(self, *markers) -> None:
        """Lay out the labels of ``markers`` (:class:`~andrea_desktop.gui.plots.markers.EventMarkers`)
        with each view change, before its paint (when their rate limit allows)."""
        self._markers = markers

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
        """The curves for the new view, then the view settled (class docstring). Inside a settle
        (the auto range it applies changes the view again) only the curves: that settle lays out."""
        if not (self.view.state["autoRange"][0] and self.columns() == self._columns):
            self.redraw()  # (following the data at the same width: what is drawn does not depend on the range)
        if not settling():
            settle(self.plot_item, *self._markers)

    def _on_log_mode(self, *_) -> None:
        self.redraw()
        if not settling():
            settle(self.plot_item, *self._markers)

    def redraw(self, *_) -> None:
        """Redraw every curve whose data or view changed, then guard the y range."""
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
