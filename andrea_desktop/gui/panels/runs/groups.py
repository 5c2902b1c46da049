"""Seed groups in the comparison: each group of the checked runs
(:mod:`andrea_desktop.core.viewmodels.groups`) drawn in its own colour as the mean of its runs'
curves, a band of ±1 standard deviation around it (and, on request, a fainter min–max band), with
its n in the legend; the hover readout gives the mean, the standard deviation and n at the
hovered x. The runs of a group are hidden behind it unless asked for.

On the loss panel a group draws its smoothed training loss (mean line and bands) and its
validation loss (mean points); on the LR panel its learning rate (mean line and bands). Every
x axis of the comparison (step, tokens seen, active training time) has its own group curves,
computed when the axis is first shown and then kept up to date as the runs grow (only the
points past the earliest run's end are computed again).

A band is a single filled path (:class:`BandItem`), built from what is in view only: at most
two points a pixel column of each edge, the column's highest upper edge and lowest lower edge
(an envelope: the band drawn is never narrower than the data), so its redraw costs what is on
screen, like the curves'.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from ....core.viewmodels.colours import group_colour
from ....core.viewmodels.compare import XAxis
from ....core.viewmodels.decimate import MinMaxPyramid
from ....core.viewmodels.groups import (
    GROUP_SEED,
    GroupCurves,
    GroupSeries,
    RunGroup,
    ScaledSeries,
    group_runs,
)
from ....core.viewmodels.history import GrowableArray
from ...common.i18n import format_number
from ...plots.hover import HoverSeries
from ...plots.items import DecimatedCurve, to_view

__all__ = ["BandCurve", "BandItem", "QtGroups", "STD_ALPHA", "MINMAX_ALPHA", "group_legend_name"]

log = logging.getLogger(__name__)

STD_ALPHA = 70
"""Opacity (0-255) of a group's ±1 std band."""
MINMAX_ALPHA = 30
"""Opacity of its min–max band (under the std band)."""


def group_legend_name(label: str, n: int) -> str:
    """How the legend names a group: its label and its number of runs."""
    return QCoreApplication.translate("QtGroups", "{group} (n = {n})").replace("{group}", label).replace(
        "{n}", format_number(n))


class BandItem(QGraphicsPathItem):
    """A filled region between two edges, given in view coordinates (:meth:`set_edges`); no
    outline. The plot's log modes are applied by its :class:`BandCurve` (which hands it view
    coordinates), so ``setLogMode`` only asks it for a redraw."""

    def __init__(self, colour, alpha: int) -> None:
        super().__init__()
        c = pg.mkColor(colour)
        c.setAlpha(alpha)
        self.setBrush(pg.mkBrush(c))
        self.setPen(pg.mkPen(None))
        self.on_log_mode = None

    def setLogMode(self, x: bool, y: bool) -> None:  # noqa: N802 (pyqtgraph's name)
        if self.on_log_mode is not None:
            self.on_log_mode()

    def set_edges(self, x: np.ndarray, upper: np.ndarray, lower: np.ndarray) -> None:
        """Fill between ``upper`` and ``lower`` over ``x`` (each (M,), view coordinates, finite)."""
        if len(x) < 2:
            self.setPath(QPainterPath())
            return
        path = pg.arrayToQPath(np.concatenate([x, x[::-1]]), np.concatenate([upper, lower[::-1]]), connect="all")
        path.closeSubpath()
        self.setPath(path)

    def dataBounds(self, ax: int, frac: float = 1.0, orthoRange=None):  # noqa: N802 (pyqtgraph's name)
        r = self.path().boundingRect()
        if r.isEmpty():
            return None
        return (r.left(), r.right()) if ax == 0 else (r.top(), r.bottom())


class BandCurve:
    """A :class:`BandItem` fed from two growing edges over a growing x, redrawn with the plot's
    decimated curves (it is one of a :class:`~andrea_desktop.gui.plots.items.DecimatedPlot`'s
    curves: ``redraw``, ``y_range``, ``item``).

    Parameters
    ----------
    item
        The band to draw.
    """

    def __init__(self, item: BandItem) -> None:
        self.item = item
        self.x: GrowableArray | None = None
        self.upper: GrowableArray | None = None
        self.lower: GrowableArray | None = None
        self.y_range: tuple[float, float] | None = None
        self._key: tuple | None = None

    def bind(self, x: GrowableArray | None, upper: GrowableArray | None, lower: GrowableArray | None) -> None:
        """Fill between ``upper`` and ``lower`` over ``x`` from now on (None: nothing)."""
        if (x, upper, lower) != (self.x, self.upper, self.lower):
            self.x, self.upper, self.lower = x, upper, lower
            self._key = None

    def redraw(self, x0: float, x1: float, columns: int, log_x: bool, log_y: bool) -> None:
        """Draw the part in [x0, x1] (data coordinates) on ``columns`` columns; nothing when
        neither the data nor the view changed, nor while the band is hidden (drawn when shown)."""
        if not self.item.isVisible():
            self._key = None
            return
        if self.x is None or self.upper is None or self.lower is None:
            key = None
        else:
            key = (len(self.x), self.x.resets, self.upper.resets, self.lower.resets, x0, x1, columns, log_x, log_y)
        if key == self._key and key is not None:
            return
        self._key = key
        if key is None:
            self.y_range = None
            self.item.set_edges(np.zeros(0), np.zeros(0), np.zeros(0))
            return
        n = min(len(self.x), len(self.upper), len(self.lower))
        x, hi, lo = self.x.data[:n], self.upper.data[:n], self.lower.data[:n]
        i0 = int(np.searchsorted(x, x0, side="left")) if math.isfinite(x0) else 0
        i1 = int(np.searchsorted(x, x1, side="right")) if math.isfinite(x1) else n
        i0, i1 = max(0, i0 - 1), min(n, i1 + 1)  # one point beyond each end: the band reaches the edges
        x, hi, lo = envelope(x[i0:i1], hi[i0:i1], lo[i0:i1], columns)
        vx, vhi, vlo = to_view(x, log_x), to_view(hi, log_y), to_view(lo, log_y)
        ok = np.isfinite(vx) & np.isfinite(vhi) & np.isfinite(vlo)
        vx, vhi, vlo = vx[ok], vhi[ok], vlo[ok]
        self.y_range = (float(vlo.min()), float(vhi.max())) if len(vx) else None
        self.item.set_edges(vx, vhi, vlo)


def envelope(x: np.ndarray, upper: np.ndarray, lower: np.ndarray, columns: int):
    """(x, upper, lower) decimated to ``columns`` columns: the points themselves when there are no
    more than two a column, else for each column its first and last x, both with the column's
    highest ``upper`` and lowest ``lower`` (finite values only; NaN where a column has none)."""
    n = len(x)
    columns = max(1, int(columns))
    if n <= 2 * columns:
        return x, upper, lower
    starts = np.linspace(0, n, columns + 1).astype(np.int64)[:-1]
    starts = np.unique(starts)
    ends = np.append(starts[1:], n) - 1
    with np.errstate(invalid="ignore"):
        hi = np.fmax.reduceat(upper, starts)
        lo = np.fmin.reduceat(lower, starts)
    xs = np.empty(2 * len(starts))
    xs[0::2], xs[1::2] = x[starts], x[ends]
    return xs, np.repeat(hi, 2), np.repeat(lo, 2)


class _AxisCurve(DecimatedCurve):
    """A decimated curve that keeps the display buffer of each series it was bound to (a group's
    mean on each x axis): switching the axis back rebinds without building the buffer again."""

    def __init__(self, item: pg.PlotDataItem) -> None:
        super().__init__(item)
        self._pyramids: dict[tuple[int, int], MinMaxPyramid] = {}

    def bind(self, x: GrowableArray | None, y: GrowableArray | None) -> None:
        if x is None or y is None or (self.pyramid is not None and self.pyramid.x is x and self.pyramid.y is y):
            super().bind(x, y)
            return
        kept = self._pyramids.get((id(x), id(y)))
        if kept is None or kept.x is not x or kept.y is not y:
            kept = self._pyramids[(id(x), id(y))] = MinMaxPyramid(x, y)
        super().bind(None, None)  # forget what was drawn
        self.pyramid = kept


class _GroupItems:
    """One group's items on one comparison plot: its mean line (or points), its bands."""

    def __init__(self, plot, group: RunGroup, colour: str, scalar: str, bands: bool) -> None:
        self.plot, self.scalar = plot, scalar
        pi = plot.plot.getPlotItem()
        c = pg.mkColor(colour)
        name = group_legend_name(group.label, group.n)
        if bands:
            self.item = pi.plot(name=name, connect="finite", pen=pg.mkPen(c, width=2.5))
        else:  # validation: the mean as points (the legend names the group once, by its line)
            self.item = pi.plot(pen=None, symbol="o", symbolSize=8, symbolBrush=c,
                                symbolPen=pg.mkPen(pg.getConfigOption("background"), width=1))
        self.item.setZValue(5)
        self.curve = _AxisCurve(self.item)
        plot.display.curves.append(self.curve)
        self.bands: list[BandCurve] = []
        if bands:
            for alpha, z in ((STD_ALPHA, -10), (MINMAX_ALPHA, -11)):
                band = BandItem(c, alpha)
                band.setZValue(z)
                band.on_log_mode = plot.display.redraw
                pi.addItem(band)
                bc = BandCurve(band)
                plot.display.curves.append(bc)
                self.bands.append(bc)
        self.series: GroupSeries | ScaledSeries | None = None

    def bind(self, series: GroupSeries | ScaledSeries, minmax: bool) -> None:
        self.series = series
        self.curve.bind(series.x, series.mean)
        if self.bands:
            std, mm = self.bands
            std.bind(series.x, series.upper, series.lower)
            mm.bind(series.x, series.hi, series.lo)
            mm.item.setVisible(minmax)

    def remove(self) -> None:
        pi = self.plot.plot.getPlotItem()
        pi.removeItem(self.item)
        self.plot.legend.removeItem(self.item)
        self.plot.display.remove(self.curve)
        for b in self.bands:
            pi.removeItem(b.item)
            self.plot.display.remove(b)


class QtGroups(QObject):
    """The groups of a :class:`~andrea_desktop.gui.panels.runs.compare.QtCompareView` (module
    docstring): which runs form groups (:meth:`set_mode`), their items on the loss and LR plots,
    their hover rows.

    Parameters
    ----------
    view
        The comparison: its ``runs`` (path to ``CompareRun``), ``x_axis``, ``loss`` and ``lr``
        plots. It calls :meth:`sync` when the checked runs change and :meth:`update` before each
        redraw.
    """

    def __init__(self, view) -> None:
        super().__init__(view)
        self.view = view
        self.mode = GROUP_SEED
        self.show_minmax = False
        self.show_members = False
        self.groups: list[RunGroup] = []
        self.curves: dict[str, GroupCurves] = {}
        """By group key."""
        self.members: dict[str, list[Path]] = {}
        """The member runs' folders by group key."""
        self._items: dict[tuple[str, str], _GroupItems] = {}  # (group key, scalar)
        for plot in (view.loss, view.lr):
            if plot.is_built:
                self.attach(plot)

    def attach(self, plot) -> None:
        """Add the groups' rows to the hover readout of ``plot`` (one of the view's comparison
        plots; the view calls this when it makes the plot)."""
        base = plot.hover_series
        plot.crosshair.set_series(lambda plot=plot, base=base: base() + self.hover_series(plot))

    # ------------------------------------------------------------------ which groups
    @property
    def hidden(self) -> set[Path]:
        """The runs not drawn as runs: members of a group, unless members are shown."""
        if self.show_members:
            return set()
        return {p for paths in self.members.values() for p in paths}

    def set_mode(self, mode: str) -> None:
        """Group by ``"off"``, ``"seed"`` or ``"key:<section.field>"`` and redraw."""
        if mode != self.mode:
            self.mode = mode
            self.view.refresh_groups()

    def set_show_minmax(self, on: bool) -> None:
        """Draw each group's min–max band too."""
        self.show_minmax = bool(on)
        for items in self._items.values():
            if items.bands:
                items.bands[1].item.setVisible(self.show_minmax)
        self.view.redraw()

    def set_show_members(self, on: bool) -> None:
        """Draw the runs of each group too (behind its mean)."""
        if bool(on) != self.show_members:
            self.show_members = bool(on)
            self.view.refresh_groups()

    def sync(self) -> None:
        """Find the groups of the compared runs and make their items (the runs' own curves are
        the view's)."""
        runs = self.view.runs
        names: dict[str, Path] = {}
        for p in runs:
            name, i = p.name, 2
            while name in names:  # two opened runs of the same folder name
                name, i = f"{p.name} ({i})", i + 1
            names[name] = p
        try:
            groups = group_runs({n: runs[p].config for n, p in names.items()}, self.mode,
                                [n for n, p in names.items() if runs[p].branch])
        except ValueError as exc:
            log.warning("runs not grouped: %s", exc)
            groups = []
        old = {g.key: g for g in self.groups}
        self.groups = groups
        self.members = {g.key: [names[m] for m in g.members] for g in groups}
        for g in groups:
            paths = self.members[g.key]
            if old.get(g.key) != g or g.key not in self.curves:
                self.curves[g.key] = GroupCurves(g, [runs[p] for p in paths])
                for key in [k for k in self._items if k[0] == g.key]:
                    self._items.pop(key).remove()
        for key in set(self.curves) - {g.key for g in groups}:
            del self.curves[key]
        for key in [k for k in self._items if k[0] not in self.curves]:
            self._items.pop(key).remove()
        for g in groups:
            colour = group_colour(g.key)
            for plot, scalar, bands in ((self.view.loss, "loss", True), (self.view.loss, "val", False),
                                        (self.view.lr, "lr", True)):
                if (g.key, scalar) not in self._items:
                    self._items[(g.key, scalar)] = _GroupItems(plot, g, colour, scalar, bands)

    # ------------------------------------------------------------------ curves
    def update(self) -> None:
        """Bring the groups' curves on the view's x axis up to date and bind the items to them
        (a new axis: its curves)."""
        axis = XAxis(self.view.x_axis)
        for key, gc in self.curves.items():
            gc.update(axis)
            for scalar in ("loss", "val", "lr"):
                items = self._items.get((key, scalar))
                if items is not None:
                    items.bind(gc.series[(scalar, axis)], self.show_minmax)

    def series(self, key: str, scalar: str) -> GroupSeries | ScaledSeries | None:
        """The group's curves of ``scalar`` on the view's x axis, as drawn (None: no such group)."""
        items = self._items.get((key, scalar))
        return items.series if items is not None else None

    def items(self, key: str, scalar: str) -> _GroupItems | None:
        return self._items.get((key, scalar))

    def hover_series(self, plot) -> list[HoverSeries]:
        """One hover series per group curve on ``plot`` (mean, with std and n)."""
        out = []
        for (key, scalar), items in self._items.items():
            if items.plot is not plot or items.series is None or not items.item.isVisible():
                continue
            g = self.curves[key].group
            s = items.series
            what = QCoreApplication.translate("QtGroups", "val mean") if scalar == "val" else \
                QCoreApplication.translate("QtGroups", "mean")
            out.append(HoverSeries(f"{g.label} · {what}", pg.mkColor(group_colour(key)), s.x, s.mean,
                                   "●" if scalar == "val" else "■", std=s.std, n=s.n))
        return out

    def clear(self) -> None:
        """Remove every group's items (the comparison ends)."""
        for items in self._items.values():
            items.remove()
        self._items.clear()
        self.curves.clear()
        self.groups = []
        self.members = {}

