"""Loss panel: raw and smoothed training loss, per-source curves, validation points, markers."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget
from superqt import QLabeledDoubleSlider
from superqt.utils import qdebounced

from ....core.head_roles import PHASE_CHANGE
from ....core.lifecycle import RunState
from ....core.viewmodels.colours import source_colour
from ....core.viewmodels.history import RunHistory
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.model_link import ModelLink
from ...plots.frames import settle
from ...plots.hover import HoverSeries, QtCrosshair
from ...plots.items import DecimatedCurve, DecimatedPlot, DisplayCurveItem
from ...plots.markers import EventMarkers
from ...plots.menus import plot_widget
from ...plots.pacing import LIVE_REFRESH_S, RedrawPacer

__all__ = ["QtLossPanel", "VAL_SYMBOL", "source_curve_colour"]

VAL_SYMBOL = "t"
"""The symbol of each source's validation points (a triangle in the source's colour)."""


def source_curve_colour(name: str):
    """The colour of the source ``name``'s curves (a function of the name alone:
    :func:`~andrea_desktop.core.viewmodels.colours.source_colour`)."""
    return pg.mkColor(source_colour(name))


_REDRAWN_ON = frozenset({Aspect.SERIES, Aspect.EVENTS, Aspect.CONFIG, Aspect.PROBES})


class QtLossPanel(QWidget):
    """Training loss (raw and debiased-EMA), per-source curves, validation, event markers.

    Parameters
    ----------
    model
        The run model the panel draws (:meth:`set_model` replaces it); the panel never changes
        its values. None: an empty model.

    Notes
    -----
    No grid: its alpha-blended lines cost ~70 ms a frame in the raster engine (measured
    offscreen, 1400x900), which the GUI thread would take from training. Curves are created
    once and fed from display buffers (:class:`DecimatedPlot`): each is handed only what is on
    screen, at most about two points a pixel column, so an update costs the same at 10K and at
    4M steps. NaN values are skipped with ``connect='finite'`` so a NaN or a zero on a log axis
    leaves a gap, never a blank curve.
    """

    def __init__(self, model: RunModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._link = ModelLink(self._on_model_changed)
        self._link.set(model if model is not None else RunModel())
        self.pacer = RedrawPacer(self._update_curves, LIVE_REFRESH_S, self)
        """Paces the redraws while the run trains (:class:`~andrea_desktop.gui.plots.pacing.RedrawPacer`)."""
        history = self.history
        self.source_names: list[str] = []
        self._source_curves: dict[str, pg.PlotDataItem] = {}
        self._val_curves: dict[str, pg.PlotDataItem] = {}
        self._decimated: dict[pg.PlotDataItem, DecimatedCurve] = {}
        self._source_boxes: dict[str, QCheckBox] = {}

        self.plot = plot_widget()
        self.plot.setObjectName("lossPlot")
        self.pacer.watch(self.plot)  # its paints count in a redraw's cost
        pi = self.plot.getPlotItem()
        pi.setLabel("bottom", self.tr("step"))
        pi.setLabel("left", self.tr("loss"), units="nats/token")
        self.display = DecimatedPlot(pi, self)  # clips and decimates (pyqtgraph's own would be O(history))
        self.legend = pi.addLegend(offset=(-10, 10), labelTextSize="8pt")
        self.raw_curve = self._curve(pen=pg.mkPen((150, 150, 150, 110), width=1), name=self.tr("raw"), connect="finite")
        self.ema_curve = self._curve(pen=pg.mkPen("#1F77B4", width=2), name=self.tr("smoothed"), connect="finite")
        self.val_mean_curve = self._curve(
            pen=pg.mkPen(pg.getConfigOption("foreground"), width=1), symbol="o", symbolSize=6,
            symbolBrush=pg.getConfigOption("foreground"), name=self.tr("val (mean)"), connect="finite",
        )
        for curve in (self.raw_curve, self.ema_curve, self.val_mean_curve):
            self._decimated[curve] = self.display.add(curve)
        # one legend entry for every source's validation triangles (on the plot in the source's colour)
        self.val_source_key = pg.PlotDataItem(pen=None, symbol=VAL_SYMBOL, symbolSize=8, symbolPen=None,
                                              symbolBrush=pg.getConfigOption("foreground"))
        self.legend.addItem(self.val_source_key, self.tr("val (per source)"))
        self.legend.sigSampleClicked.connect(
            lambda item: self._on_source_toggled(None, True) if item is self.val_source_key else None)
        self.markers = EventMarkers(self.plot, position=0.97, rotate=True)
        self.display.settle_with(self.markers)  # a zoom or resize: its labels in its one paint
        self.crosshair = QtCrosshair(self.plot, self.hover_series, self)
        self.hover_extras: list = []
        """Callables giving more :class:`HoverSeries` to read (a branch's parent curves)."""

        self.smoothing = QLabeledDoubleSlider(Qt.Orientation.Horizontal)
        self.smoothing.setRange(0.0, 0.999)
        self.smoothing.setDecimals(3)
        self.smoothing.setValue(history.smoothing)
        self.smoothing.setMaximumWidth(320)
        self.smoothing.setToolTip(self.tr("EMA smoothing weight (debiased, as TensorBoard)"))
        # recomputing the EMA of 200K steps takes ~0.1 s: do it once the slider rests
        self._apply_smoothing = qdebounced(self._on_smoothing_changed, timeout=120, parent=self)
        self.smoothing.valueChanged.connect(self._apply_smoothing)
        self.log_y = QCheckBox(self.tr("log y"))
        self.log_y.toggled.connect(self._on_log_y_toggled)
        pi.ctrl.logYCheck.toggled.connect(self.log_y.setChecked)  # the context menu's Log Y too
        self.show_raw = QCheckBox(self.tr("raw"))
        self.show_raw.setChecked(True)
        self.show_raw.toggled.connect(self.raw_curve.setVisible)
        self.show_raw.toggled.connect(lambda _on: self.crosshair.refresh())

        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Smoothing")))
        controls.addWidget(self.smoothing, 2)
        controls.addWidget(self.show_raw)
        controls.addWidget(self.log_y)
        controls.addStretch(1)
        self._sources_row = QHBoxLayout()
        self._sources_row.addWidget(QLabel(self.tr("Sources:")))
        self._sources_row.addStretch(1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addLayout(self._sources_row)
        layout.addWidget(self.plot, 1)

    # ---------------------------------------------------------------- the model
    @property
    def model(self) -> RunModel:
        """The run model drawn now."""
        return self._link.model

    @property
    def history(self) -> RunHistory:
        """The drawn model's scalar series and events."""
        return self._link.model.history

    def set_model(self, model: RunModel) -> None:
        """Draw ``model`` (another run, or this one from step 0): nothing of the previous model
        stays on the plot (its sources, curves and markers)."""
        self._link.set(model)
        self._events_seen = len(model.history.events)
        self.markers.clear()
        self.smoothing.blockSignals(True)
        self.smoothing.setValue(model.history.smoothing)
        self.smoothing.blockSignals(False)
        self.set_sources(self._model_sources())
        self.pacer.set_running(model.status.state is RunState.RUNNING)
        self.pacer.now()

    def _model_sources(self) -> list[str]:
        m = self.model
        names = list(m.sources)
        return names + sorted(n for n in m.history.source_loss if n not in names)

    def _new_marker(self) -> bool:
        """An event this panel marks arrived since the last look (a pivot, pause or anomaly is
        marked at once, not at the next paced redraw)."""
        events = self.history.events
        seen, self._events_seen = min(getattr(self, "_events_seen", 0), len(events)), len(events)
        return any(kind in self.markers.kinds for _step, kind, _payload in events[seen:])

    def _on_model_changed(self, aspects: frozenset) -> None:
        if Aspect.CONFIG in aspects or (Aspect.SERIES in aspects and
                                        any(n not in self._source_curves for n in self.history.source_loss)):
            self.set_sources(self._model_sources())
        if Aspect.STATUS in aspects:
            self.pacer.set_running(self.model.status.state is RunState.RUNNING)
        if aspects & _REDRAWN_ON:
            self.pacer.request(urgent=Aspect.EVENTS in aspects and self._new_marker())

    # ---------------------------------------------------------------- setup
    def _curve(self, **opts) -> DisplayCurveItem:
        """A curve on the plot (and in the legend when named), fed by the display buffers."""
        item = DisplayCurveItem(**opts)
        self.plot.getPlotItem().addItem(item)
        return item

    def set_sources(self, names: list[str]) -> None:
        """Create one curve, one validation series and one toggle per source."""
        if list(names) == self.source_names:
            return
        pi = self.plot.getPlotItem()
        for curve in [*self._source_curves.values(), *self._val_curves.values()]:
            pi.removeItem(curve)
            self.legend.removeItem(curve)
            self.display.remove(self._decimated.pop(curve))
        for box in self._source_boxes.values():
            self._sources_row.removeWidget(box)
            box.hide()  # at once: a box deleted later would still cover the plot until then
            box.setParent(None)
            box.deleteLater()
        self._source_curves.clear()
        self._val_curves.clear()
        self._source_boxes.clear()
        self.source_names = list(names)
        for name in names:
            color = source_curve_colour(name)
            curve = self._curve(pen=pg.mkPen(color, width=1), name=name, connect="finite")
            val = self._curve(pen=None, symbol=VAL_SYMBOL, symbolSize=8, symbolBrush=color, symbolPen=None,
                          connect="finite")
            self._source_curves[name] = curve
            self._val_curves[name] = val
            self._decimated[curve] = self.display.add(curve)
            self._decimated[val] = self.display.add(val)
            box = QCheckBox(name)
            box.setChecked(True)
            box.setStyleSheet(f"QCheckBox {{ color: {color.name()}; }}")
            box.toggled.connect(lambda on, n=name: self._on_source_toggled(n, on))
            self._source_boxes[name] = box
            self._sources_row.insertWidget(self._sources_row.count() - 1, box)
        self._update_curves()

    # ---------------------------------------------------------------- handlers
    def _on_smoothing_changed(self, value: float) -> None:
        self.model.set_smoothing(min(max(float(value), 0.0), 0.999))  # notifies: redrawn
        if self.pacer.stale:  # the user's change is drawn at once, training or not
            self.pacer.now()

    def _on_log_y_toggled(self, on: bool) -> None:
        self.plot.getPlotItem().setLogMode(y=on)  # the display redraws (values <= 0: gaps)

    def _on_source_toggled(self, name: str | None, on: bool) -> None:
        """A source's box (``name``), or the legend's per-source validation entry (None)."""
        if name is not None:
            self._source_curves[name].setVisible(on)
        for n, val in self._val_curves.items():  # shown while its source is and the legend entry is on
            val.setVisible(self._source_boxes[n].isChecked() and self.val_source_key.isVisible())
        self.crosshair.refresh()

    # ---------------------------------------------------------------- redraw
    def _update_curves(self) -> None:
        h = self.history
        self._decimated[self.raw_curve].bind(h.loss.steps, h.loss.values)
        self._decimated[self.ema_curve].bind(h.loss.steps, h.loss.smoothed)
        for curves, series, values in ((self._source_curves, h.source_loss, "smoothed"),
                                       (self._val_curves, h.val_loss, "values")):
            for name, curve in curves.items():
                s = series.get(name)  # none yet (a new run): an empty curve, not the last run's
                self._decimated[curve].bind(s.steps if s else None, getattr(s, values) if s else None)
        mean = h.val_loss.get("mean")
        self._decimated[self.val_mean_curve].bind(mean.steps if mean else None, mean.values if mean else None)
        self.display.redraw()
        self.markers.update(h)
        step = self.model.induction_phase_change  # derived from the probes (cached), not an event
        self.markers.set_derived([(step, PHASE_CHANGE, {})] if step is not None else [])
        self.crosshair.refresh()
        settle(self.plot, self.markers)  # one paint: the range, axes and labels set before it

    def hover_series(self) -> list[HoverSeries]:
        """The stored series the hover readout reads, those drawn now: raw and smoothed training
        loss, the mean validation loss, and each shown source's smoothed loss and validation."""
        h = self.history
        out = []
        for curve, name, series, values, swatch in (
                (self.raw_curve, self.tr("raw"), h.loss, "values", "■"),
                (self.ema_curve, self.tr("smoothed"), h.loss, "smoothed", "■"),
                (self.val_mean_curve, self.tr("val (mean)"), h.val_loss.get("mean"), "values", "●")):
            if series is not None and curve.isVisible():
                out.append(HoverSeries(name, pg.mkPen(curve.opts["pen"]).color(), series.steps,
                                       getattr(series, values), swatch))
        for name in self.source_names:
            for curves, series, values, label, swatch in (
                    (self._source_curves, h.source_loss, "smoothed", name, "■"),
                    (self._val_curves, h.val_loss, "values", self.tr("val {source}").format(source=name), "▼")):
                s = series.get(name)
                if s is not None and curves[name].isVisible():
                    out.append(HoverSeries(label, source_curve_colour(name), s.steps, getattr(s, values), swatch))
        return out + [s for extra in self.hover_extras for s in extra()]

    def refresh(self) -> None:
        """Redraw from the model now (the model's notifications redraw it, paced, by themselves)."""
        self.pacer.now()

    def clear_markers(self) -> None:
        """Remove the event markers (they are drawn again from the history at the next refresh)."""
        self.markers.clear()
