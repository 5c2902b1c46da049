"""Comparison of runs on the loss and LR panels: one colour per run, on a chosen x axis.

While runs are checked in the runs dock, each of the two panels shows a comparison plot in
place of the window's own run (the window's run takes part as one of the checked runs, in its
colour): per run its smoothed training loss and validation loss (and, when asked, its per-source
curves) on the loss panel, the learning rate each step used on the LR panel. The panel's own
controls act on it: the smoothing slider (the same debiased EMA), "log y".

Every curve is a :class:`~andrea_desktop.gui.plots.items.DecimatedCurve`: it is handed only the
points in view, at most about two a pixel column, so a redraw costs what is on screen however
many steps the runs have. The runs' data (:class:`~andrea_desktop.core.viewmodels.compare.CompareRun`)
is read from their stores, read-only, and polled once a second for new rows (a poll of a run
whose files did not change reads nothing), so a run being trained, here or by another process,
stays live.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QTimer
from superqt.utils import qdebounced

from ....core.viewmodels.compare import X_LABELS, CompareRun, XAxis, XSeries
from ....core.viewmodels.history import GrowableArray
from ...common.i18n import format_decimal, format_number
from ...plots.frames import settle
from ...plots.hover import HoverSeries, QtCrosshair, step_label
from ...plots.items import DecimatedCurve, DecimatedPlot, DisplayCurveItem
from ...plots.log_steps import set_log_steps
from ...plots.menus import plot_widget
from .compare_markers import CompareMarkers
from .groups import QtGroups

__all__ = ["QtCompareView", "QtComparePlot", "POLL_MS", "SOURCE_DASHES", "curve_name"]

log = logging.getLogger(__name__)

POLL_MS = 1000
"""How often compared runs' stores are polled for new rows."""
SOURCE_DASHES = (Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine, Qt.PenStyle.DashDotDotLine)
"""Per-source curves of a run: its colour, one dash pattern per source (in turn)."""
_X_TITLES = (QT_TRANSLATE_NOOP("QtCompareView", "step"), QT_TRANSLATE_NOOP("QtCompareView", "tokens seen"),
             QT_TRANSLATE_NOOP("QtCompareView", "active training time"))
"""The x axes' titles (:data:`X_LABELS`), listed for the translation files."""


def _tr(text: str) -> str:
    """A text listed with ``QT_TRANSLATE_NOOP("QtCompareView", ...)`` in the interface's language."""
    return QCoreApplication.translate("QtCompareView", text)


def curve_name(key: str) -> str:
    """How the hover readout names a run's curve ``key`` (``smoothed``, ``val``, ``used``,
    ``source:NAME``, ``val:NAME``) in the interface's language."""
    kind, _, source = key.partition(":")
    if kind == "source" and source:
        return QCoreApplication.translate("QtCompareView", "source:{source}").replace("{source}", source)
    if kind == "val" and source:
        return QCoreApplication.translate("QtCompareView", "val:{source}").replace("{source}", source)
    names = {"smoothed": QT_TRANSLATE_NOOP("QtCompareView", "smoothed"),
             "val": QT_TRANSLATE_NOOP("QtCompareView", "val"), "used": QT_TRANSLATE_NOOP("QtCompareView", "used")}
    return _tr(names[key]) if key in names else key


def _tokens_label(x: float) -> str:
    return QCoreApplication.translate("QtComparePlot", "tokens seen {tokens}").format(
        tokens=format_number(int(round(x))))


def _seconds_label(x: float) -> str:
    return QCoreApplication.translate("QtComparePlot", "training time {seconds} s").format(seconds=format_decimal(x, ".1f"))


X_READOUT = {XAxis.STEP: step_label, XAxis.TOKENS: _tokens_label, XAxis.WALL: _seconds_label}
"""How a comparison's hover readout names the hovered x on each axis (its title)."""


class QtComparePlot(QObject):
    """The comparison plot of one panel, added to the panel's layout under its own plot and
    shown instead of it while runs are compared.

    The plot is made the first time it is needed (runs compared, or :attr:`plot` and the other
    parts read), not with the window: nearly every window start compares nothing, and a pyqtgraph
    plot with its legend, hover box and markers costs ~30 ms to make. Until then the x axis asked
    for is kept, and ``setup`` (the view's settings: log axes, hover rows of groups, markers) is
    applied when it is made.

    Parameters
    ----------
    panel
        The loss or LR panel (its layout gets the plot).
    y_label, y_units
        The left axis.
    setup
        Called with this object once its plot is made.
    """

    def __init__(self, panel, y_label: str, y_units: str | None = None,
                 setup: Callable[[QtComparePlot], None] | None = None) -> None:
        super().__init__(panel)
        self.panel = panel
        self._y_axis = (y_label, y_units)
        self._setup = setup
        self._x_axis = XAxis.STEP
        self._plot: pg.PlotWidget | None = None
        self.curves: dict[tuple, tuple[pg.PlotDataItem, DecimatedCurve, XSeries, str]] = {}
        """``(run path, curve key)``: the item, its display buffer, the series drawn and
        ``"smoothed"`` or ``"values"``."""

    @property
    def is_built(self) -> bool:
        """Whether the plot exists (runs were compared, or a part of it was read)."""
        return self._plot is not None

    def ensure_built(self) -> None:
        """Make the plot (hidden) under the panel's, if it is not there yet."""
        if self._plot is not None:
            return
        self._plot = plot = plot_widget()
        plot.setObjectName(f"{self.panel.plot.objectName()}Compare")
        pi = plot.getPlotItem()
        pi.setLabel("left", self._y_axis[0], units=self._y_axis[1])
        self._display = DecimatedPlot(pi, self)
        self._legend = pi.addLegend(offset=(-10, 10), labelTextSize="8pt")
        self.panel.layout().addWidget(plot, 1)
        plot.hide()
        self._crosshair = QtCrosshair(plot, self.hover_series, self)
        self._markers = CompareMarkers(plot, self)
        self._apply_x_axis()
        if self._setup is not None:
            self._setup(self)

    @property
    def plot(self) -> pg.PlotWidget:
        """The comparison's plot widget (made now if it was not)."""
        self.ensure_built()
        return self._plot

    @property
    def display(self) -> DecimatedPlot:
        """The plot's decimated curves."""
        self.ensure_built()
        return self._display

    @property
    def legend(self) -> pg.LegendItem:
        self.ensure_built()
        return self._legend

    @property
    def crosshair(self) -> QtCrosshair:
        """The plot's hover readout."""
        self.ensure_built()
        return self._crosshair

    @property
    def markers(self) -> CompareMarkers:
        """The runs' event markers on the plot."""
        self.ensure_built()
        return self._markers

    def set_active(self, on: bool) -> None:
        """Show the comparison (True) or the panel's own plot (and its run's details line)."""
        if on or self.is_built:
            self.plot.setVisible(on)
        self.panel.plot.setVisible(not on)
        info = getattr(self.panel, "info", None)  # the LR panel's schedule of the window's run
        if info is not None:
            info.setVisible(not on)

    def set_x_axis(self, axis: XAxis) -> None:
        """Draw against ``axis``: its label and unit, its scale (an SI prefix for tokens only, and
        none left over from the axis before), and a hover readout titled with its quantity (kept
        for the plot until it is made)."""
        self._x_axis = axis
        if self.is_built:
            self._apply_x_axis()

    def _apply_x_axis(self) -> None:
        axis = self._x_axis
        label, units = X_LABELS[axis]
        ax = self._plot.getPlotItem().getAxis("bottom")
        self._plot.getPlotItem().setLabel("bottom", _tr(label), units=units or None)
        # pyqtgraph keeps the last prefix's scale when the prefix is switched off (the ticks of
        # steps 0-60 read 0-0.06 after tokens): the prefix ranges decide the scale afresh
        tokens = axis is XAxis.TOKENS
        ax.setSIPrefixEnableRanges(None if tokens else ((0.0, 0.0),))  # seconds stay seconds (no "ks")
        ax.enableAutoSIPrefix(tokens)
        self._crosshair.set_x_label(X_READOUT[axis])

    def add(self, path: Path, key: str, series: XSeries, what: str, name: str | None, **opts) -> None:
        """A curve of ``series`` (``what``: ``"smoothed"`` or ``"values"``), named in the legend
        when ``name`` is given."""
        item = DisplayCurveItem(name=name, connect="finite", **opts)  # a 2-px line: four 1-px passes
        self.plot.getPlotItem().addItem(item)
        self.curves[(path, key)] = (item, self.display.add(item), series, what)

    def remove_run(self, path: Path) -> None:
        if not self.is_built:  # no curves yet
            return
        pi = self.plot.getPlotItem()
        for k in [k for k in self.curves if k[0] == path]:
            item, curve, _, _ = self.curves.pop(k)
            pi.removeItem(item)
            self.legend.removeItem(item)
            self.display.remove(curve)

    def keys(self, path: Path) -> set[str]:
        return {k[1] for k in self.curves if k[0] == path}

    def bind(self, axis: XAxis) -> None:
        """Bind every curve to its series on ``axis`` (a rebind only where it changed)."""
        for _item, curve, series, what in self.curves.values():
            curve.bind(series.x(axis), getattr(series.series, what))

    def curve_data(self, path: Path, key: str) -> tuple[GrowableArray, GrowableArray] | None:
        """The (x, y) arrays a curve draws (all of them; the item gets the decimated part)."""
        entry = self.curves.get((path, key))
        if entry is None or entry[1].pyramid is None:
            return None
        return entry[1].pyramid.x, entry[1].pyramid.y

    def hover_series(self) -> list:
        """One hover series per visible curve (``"run · curve"``) for the readout."""
        out = []
        for (path, key), (item, curve, _, _) in self.curves.items():
            if item.isVisible() and curve.pyramid is not None:
                pen = item.opts.get("pen")
                colour = pg.mkPen(pen).color() if pen is not None else item.opts.get("symbolBrush")
                out.append(HoverSeries(f"{path.name} · {curve_name(key)}", colour, curve.pyramid.x, curve.pyramid.y))
        return out

    def redraw(self) -> None:
        if not self.is_built:  # nothing compared yet
            return
        self.display.redraw()
        self.crosshair.refresh()
        settle(self.plot)  # one paint: the range and axes set before it


class QtCompareView(QObject):
    """The comparison shown on the loss and LR panels (module docstring).

    Parameters
    ----------
    loss_panel, lr_panel
        The window's panels; their layouts get a comparison plot each, and their smoothing
        slider, "log y" and "log step axis" boxes act on it.
    """

    def __init__(self, loss_panel, lr_panel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loss_panel, self.lr_panel = loss_panel, lr_panel
        self.runs: dict[Path, CompareRun] = {}
        self.colours: dict[Path, str] = {}
        self.x_axis = XAxis.STEP
        self.show_sources = False
        self.show_markers = True
        self._window_shown = True  # set_window_shown
        self._source_keys: dict[str, pg.PlotDataItem] = {}
        # the plots are made when first needed (QtComparePlot); _setup_plot gives them these settings
        self.loss = QtComparePlot(loss_panel, self.tr("loss"), "nats/token", self._setup_plot)
        self.lr = QtComparePlot(lr_panel, self.tr("learning rate"), None, self._setup_plot)
        self.groups = QtGroups(self)
        """Seed groups: drawn as mean ± std; their runs hidden unless asked for."""
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)
        self._smooth = qdebounced(self._on_smoothing_changed, timeout=120, parent=self)
        loss_panel.smoothing.valueChanged.connect(self._smooth)
        loss_panel.log_y.toggled.connect(
            lambda on: self.loss.is_built and self.loss.plot.getPlotItem().setLogMode(y=on))
        lr_panel.log_x.toggled.connect(lambda on: self.lr.is_built and set_log_steps(self.lr.plot.getPlotItem(), on))

    def _setup_plot(self, plot: QtComparePlot) -> None:
        """A comparison plot just made: the panel's log axis, the groups' hover rows, the markers
        shown or not."""
        if plot is self.loss:
            plot.plot.getPlotItem().setLogMode(y=self.loss_panel.log_y.isChecked())
        else:
            set_log_steps(plot.plot.getPlotItem(), self.lr_panel.log_x.isChecked())
        self.groups.attach(plot)
        plot.markers.set_shown(self.show_markers)

    def set_window_shown(self, shown: bool) -> None:
        """Poll only while the window is shown: its hiding or closing stops the timer at once
        (the window calls this from its show and hide events)."""
        self._window_shown = bool(shown)
        if not shown:
            self.timer.stop()
        elif self.runs:
            self.timer.start()

    @property
    def active(self) -> bool:
        return bool(self.runs)

    # ------------------------------------------------------------------ which runs
    def set_runs(self, runs: list[tuple[Path, str]]) -> None:
        """Compare ``runs`` (folder, colour), in that order; none: the panels show the window's
        run again."""
        want = {Path(p): c for p, c in runs}
        for path in [p for p in self.runs if p not in want]:
            self.runs.pop(path).close()
            self.loss.remove_run(path)
            self.lr.remove_run(path)
        for path, colour in want.items():
            if path in self.runs and self.colours.get(path) != colour:
                self.loss.remove_run(path)  # recoloured: new items in the new colour
                self.lr.remove_run(path)
            if path not in self.runs:
                self.runs[path] = CompareRun(path, self._smoothing())
            self.colours[path] = colour
        self.colours = {p: c for p, c in self.colours.items() if p in want}
        self._read_new()  # drawn once, below, with the groups and curves of the runs now compared
        self.groups.sync()
        self._sync_curves()
        on = self.active
        self.loss.set_active(on)
        self.lr.set_active(on)
        if on and self._window_shown:
            self.timer.start()
        elif not on:
            self.timer.stop()
        self.redraw()

    def set_x_axis(self, axis: XAxis | str) -> None:
        """Draw against step, tokens seen or active training time."""
        self.x_axis = XAxis(axis)
        for plot in (self.loss, self.lr):
            plot.set_x_axis(self.x_axis)
            plot.bind(self.x_axis)
            if plot.is_built:  # (a plot made later ranges its x automatically)
                plot.plot.getPlotItem().enableAutoRange(axis="x")
        self._sync_markers()
        self.redraw()

    def refresh_groups(self) -> None:
        """Group the runs again (another grouping, members shown or hidden) and redraw."""
        self.groups.sync()
        self._sync_curves()
        self.redraw()

    def set_show_markers(self, on: bool) -> None:
        """Draw each run's event markers (warmup ends, pivots, anomalies, …) in its colour."""
        self.show_markers = bool(on)
        for plot in (self.loss, self.lr):
            if plot.is_built:  # (a plot made later is told by _setup_plot)
                plot.markers.set_shown(on)
        self._sync_markers()

    def _sync_markers(self) -> None:
        hidden = self.groups.hidden  # a run drawn only as part of its group: no markers of its own
        drawn = {p: r for p, r in self.runs.items() if p not in hidden}
        for plot in (self.loss, self.lr):
            if plot.is_built or drawn:
                plot.markers.sync(drawn, self.colours, self.x_axis)

    def set_show_sources(self, on: bool) -> None:
        """Draw each run's per-source curves too."""
        self.show_sources = bool(on)
        self._sync_curves()
        self.redraw()

    def _smoothing(self) -> float:
        return min(max(float(self.loss_panel.smoothing.value()), 0.0), 0.999)

    def _on_smoothing_changed(self, _value=None) -> None:
        w = self._smoothing()
        for run in self.runs.values():
            run.set_smoothing(w)
        self.redraw()

    # ------------------------------------------------------------------ curves
    def _sync_curves(self) -> None:
        """Create the curves each run needs now (new sources, sources shown or hidden); a run
        drawn as part of its group has none."""
        hidden = self.groups.hidden
        for path, run in self.runs.items():
            if path in hidden:
                self.loss.remove_run(path)
                self.lr.remove_run(path)
                continue
            colour = pg.mkColor(self.colours[path])
            have = self.loss.keys(path)
            want = {"smoothed", "val"}
            if self.show_sources:
                want |= {f"source:{s}" for s in run.sources} | {f"val:{s}" for s in run.val_sources}
            if have - want:  # sources hidden: rebuild the run's curves
                self.loss.remove_run(path)
                have = set()
            if "smoothed" not in have:
                self.loss.add(path, "smoothed", run.loss, "smoothed", run.name, pen=pg.mkPen(colour, width=2))
            if "val" not in have:
                # points only: a line through them would read as a second training curve
                self.loss.add(path, "val", run.val, "values", None, pen=None, symbol="o", symbolSize=7,
                              symbolBrush=colour, symbolPen=pg.mkPen(pg.getConfigOption("background"), width=1))
            if self.show_sources:
                for s in sorted(run.sources):
                    if f"source:{s}" not in have:
                        pen = pg.mkPen(colour, width=1, style=self._dash(s))
                        self.loss.add(path, f"source:{s}", run.sources[s], "smoothed", None, pen=pen)
                for s in sorted(run.val_sources):
                    if f"val:{s}" not in have:
                        self.loss.add(path, f"val:{s}", run.val_sources[s], "values", None, pen=None, symbol="t",
                                      symbolSize=7, symbolBrush=colour, symbolPen=None)
            if "used" not in self.lr.keys(path):
                self.lr.add(path, "used", run.lr, "values", run.name, pen=pg.mkPen(colour, width=2))
        self._sync_source_keys()
        self.loss.bind(self.x_axis)
        self.lr.bind(self.x_axis)
        self._sync_markers()

    def _dash(self, source: str) -> Qt.PenStyle:
        names = sorted({s for run in self.runs.values() for s in run.sources})
        i = names.index(source) if source in names else 0
        return SOURCE_DASHES[i % len(SOURCE_DASHES)]

    def _sync_source_keys(self) -> None:
        """The legend names each source once, by its dash pattern (in grey): a line per run and
        source would bury the plot."""
        names = sorted({s for run in self.runs.values() for s in run.sources}) if self.show_sources else []
        if names == list(self._source_keys):
            return
        for item in self._source_keys.values():
            self.loss.legend.removeItem(item)
        self._source_keys = {}
        for name in names:
            item = pg.PlotDataItem(pen=pg.mkPen((110, 110, 110), width=1, style=self._dash(name)))
            self.loss.legend.addItem(item, name)
            self._source_keys[name] = item

    def poll(self) -> bool:
        """Read the compared runs' new rows and redraw what changed; True if anything did."""
        changed = self._read_new()
        if changed:
            self.redraw()
        return changed

    def _read_new(self) -> bool:
        """:meth:`poll` but for the redraw (its caller draws)."""
        changed = False
        for path, run in self.runs.items():
            before = (len(run.sources), len(run.val_sources), run.generation)
            if run.poll():
                changed = True
                if run.generation != before[2]:  # read again from the start: new source series
                    self.loss.remove_run(path)
                    self.lr.remove_run(path)
                if (len(run.sources), len(run.val_sources), run.generation) != before:
                    self._sync_curves()
        if changed:
            self.loss.bind(self.x_axis)  # a re-read (generation) cleared arrays: rebinding is cheap
            self.lr.bind(self.x_axis)
            self._sync_markers()
        return changed

    def redraw(self) -> None:
        self.groups.update()
        self.loss.redraw()
        self.lr.redraw()

    def close(self) -> None:
        """Stop polling and close every run's read connection."""
        self.timer.stop()
        for run in self.runs.values():
            run.close()
