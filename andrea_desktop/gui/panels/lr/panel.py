"""LR schedule panel: the whole planned curve, the LR actually used, and where the run is now; a
"log step axis" box draws the steps on a log scale, so a warmup of 100 steps takes a third of a
3,000-step axis instead of a sliver (steps 1-10, 10-100 and 100-1,000 each get one decade)."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ....core.config import Config
from ....core.lifecycle import RunState
from ....core.metrics import EventKind
from ....core.schedule import planned_curve
from ....core.viewmodels.history import GrowableArray, RunHistory
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.i18n import format_decimal, format_number, plural_n
from ...common.model_link import ModelLink
from ...plots.frames import settle
from ...plots.hover import HoverSeries, QtCrosshair
from ...plots.items import DecimatedPlot, DisplayCurveItem, LogInfiniteLine, LogScatter
from ...plots.log_steps import set_log_steps
from ...plots.markers import EventMarkers
from ...plots.menus import plot_widget
from ...plots.pacing import SLOW_REFRESH_S, RedrawPacer

__all__ = ["QtElidedLabel", "QtLRPanel"]


class QtElidedLabel(QLabel):
    """A one-line label that asks for little width: when narrower than its text it draws the
    text cut with "…" and has the whole text as its tooltip (a dock may be narrower than a long
    info line, and nothing is clipped). ``text()`` is the whole text; :meth:`shown_text` is
    what is drawn.
    """

    MIN_CHARS = 12
    """The width it asks for at least: this many average characters (or the whole text when shorter)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        """Show ``text`` (drawn cut to the width, if need be)."""
        super().setText(text)
        self._update_tip()

    def shown_text(self) -> str:
        """The text as drawn: whole, or cut with "…" to the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             max(self.contentsRect().width(), 0))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        m = self.contentsMargins()
        fm = self.fontMetrics()
        least = min(fm.horizontalAdvance(self.text()), fm.averageCharWidth() * self.MIN_CHARS)
        return QSize(least + m.left() + m.right(), super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), self.palette(),
                                  self.isEnabled(), self.shown_text(), self.foregroundRole())
        painter.end()

    def _update_tip(self) -> None:
        self.setToolTip(self.text() if self.shown_text() != self.text() else "")


class QtLRPanel(QWidget):
    """The planned schedule (drawn ahead of time: it is a pure function of the step), the
    learning rate each step used, and a marker at the current step.

    Everything follows the axes' log modes (the now-line and dot are :class:`LogInfiniteLine`
    and :class:`LogScatter`); the used LR is fed from a display buffer (:class:`DecimatedPlot`).

    Parameters
    ----------
    model
        The run model drawn (its config's schedule, ``train/lr`` and events); :meth:`set_model`
        replaces it. None: an empty model.
    """

    def __init__(self, model: RunModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._link = ModelLink(self._on_model_changed)
        self._link.set(model if model is not None else RunModel())
        self.pacer = RedrawPacer(self._redraw, SLOW_REFRESH_S, self)
        """Paces the redraws while the run trains: the planned curve is drawn ahead, only the
        used LR and the now-marker move, so once a second is plenty."""
        history = self.history
        self._total_steps: int | None = None  # the planned schedule's length (None: no plan)
        self.plot = plot_widget()
        self.plot.setObjectName("lrPlot")
        self.pacer.watch(self.plot)  # its paints count in a redraw's cost
        pi = self.plot.getPlotItem()
        pi.setLabel("bottom", self.tr("step"))
        pi.setLabel("left", self.tr("learning rate"))
        self.display = DecimatedPlot(pi, self)
        pi.addLegend(offset=(-10, 10), labelTextSize="8pt")
        # solid, light: a dashed pen costs ~4 ms a frame in the raster engine
        self.planned_curve = DisplayCurveItem(pen=pg.mkPen((170, 170, 170), width=1), name=self.tr("planned"))
        self.used_curve = DisplayCurveItem(pen=pg.mkPen("#D55E00", width=2), name=self.tr("used"))
        for curve in (self.planned_curve, self.used_curve):
            pi.addItem(curve)
        self._planned = (GrowableArray(), GrowableArray())  # total_steps + 1 points: decimated too
        self.display.add(self.planned_curve, *self._planned)
        self._used = self.display.add(self.used_curve, history.lr.steps, history.lr.values)
        self.now_line = LogInfiniteLine(pos=0, angle=90, movable=False, pen=pg.mkPen("#1F77B4", width=1))
        self.now_point = LogScatter(size=9, brush=pg.mkBrush("#1F77B4"), pen=None)
        pi.addItem(self.now_line, ignoreBounds=True)
        pi.addItem(self.now_point)
        # labels stack below the top, off the curves and the current-position dot where there is room
        marked = (EventKind.LR_WARMUP_END, EventKind.CURRICULUM_WARMUP_END, EventKind.PIVOT, EventKind.CONFIG_CHANGED)
        self.markers = EventMarkers(self.plot, marked, position=0.97, avoid=(self.now_point,))
        self.display.settle_with(self.markers)  # a zoom or resize: its labels in its one paint
        self.crosshair = QtCrosshair(self.plot, self.hover_series, self)
        self.hover_extras: list = []
        """Callables giving more :class:`HoverSeries` to read (a branch's parent curve)."""
        self.info = QtElidedLabel("")
        self.info.setObjectName("lrInfo")
        self.log_x = QCheckBox(self.tr("log step axis"))
        self.log_x.setObjectName("lrLogX")
        self.log_x.setToolTip(self.tr("Steps on a log scale: the warmup's first steps get as much room as the "
                                      "thousands after them (step 0 is left out)"))
        self.log_x.toggled.connect(self._on_log_x_toggled)
        pi.ctrl.logXCheck.toggled.connect(self.log_x.setChecked)  # the context menu's Log X too
        top = QHBoxLayout()
        top.addWidget(self.info, 1)
        top.addWidget(self.log_x)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.plot, 1)

    # ---------------------------------------------------------------- the model
    @property
    def model(self) -> RunModel:
        """The run model drawn now."""
        return self._link.model

    @property
    def history(self) -> RunHistory:
        """The drawn model's series and events."""
        return self._link.model.history

    def set_model(self, model: RunModel) -> None:
        """Draw ``model``: its planned schedule (none yet: an empty plan and info line), its used
        LR and its markers; nothing of the previous model stays."""
        self._link.set(model)
        self._events_seen = len(model.history.events)
        self.markers.clear()
        self._used.bind(model.history.lr.steps, model.history.lr.values)
        self._show_config()
        self.pacer.set_running(model.status.state is RunState.RUNNING)
        self.pacer.now()

    def _show_config(self) -> None:
        # a run of the user's own script (run.origin "script") has no planned schedule here: its script owns it
        if self.model.config is not None and self.model.config.run.origin == "trainer":
            self.set_config(self.model.config, self.model.lr_anchor)
        else:
            for arr in self._planned:
                arr.clear()
            self.info.setText("")

    def _new_marker(self) -> bool:
        """An event this panel marks arrived since the last look (a pivot, pause or anomaly is
        marked at once, not at the next paced redraw)."""
        events = self.history.events
        seen, self._events_seen = min(getattr(self, "_events_seen", 0), len(events)), len(events)
        return any(kind in self.markers.kinds for _step, kind, _payload in events[seen:])

    def _on_model_changed(self, aspects: frozenset) -> None:
        if Aspect.CONFIG in aspects:
            self._show_config()
        if Aspect.STATUS in aspects:
            self.pacer.set_running(self.model.status.state is RunState.RUNNING)
        if aspects & {Aspect.SERIES, Aspect.EVENTS}:
            self.pacer.request(urgent=Aspect.EVENTS in aspects and self._new_marker())

    def set_config(self, cfg: Config, anchor: tuple[int, float] | None = None) -> None:
        """Draw the whole planned schedule of ``cfg`` (re-planned from ``anchor`` after a resume
        with other schedule settings: from its step on)."""
        steps, lrs = planned_curve(cfg.schedule, cfg.optimizer.lr, anchor)
        for arr, values in zip(self._planned, (steps, lrs), strict=True):
            arr.clear()
            arr.extend(values)
        s = cfg.schedule
        self.info.setText(self.tr("peak {peak} · warmup {warmup} step(s) · cosine to {min_lr} at step {total}", "",
                                  plural_n(s.warmup_steps)).format(
            peak=format_decimal(cfg.optimizer.lr, ".2e"), warmup=format_number(s.warmup_steps),
            min_lr=format_decimal(s.min_lr, ".1e"),
            total=format_number(s.total_steps)))
        self._total_steps = s.total_steps
        self._fit_x()
        self.display.redraw()
        self.crosshair.refresh()

    def _on_log_x_toggled(self, on: bool) -> None:
        set_log_steps(self.plot.getPlotItem(), on)
        self._fit_x()

    def _fit_x(self) -> None:
        """The whole schedule across the axis: steps 0 .. total, or 1 .. total on the log axis
        (whose view coordinates are decades)."""
        total = self._total_steps
        if total is None:
            return
        pi = self.plot.getPlotItem()
        if self.log_x.isChecked():
            pi.setXRange(0.0, math.log10(max(total, 10)), padding=0.02)
        else:
            pi.setXRange(0, total, padding=0.02)

    def hover_series(self) -> list[HoverSeries]:
        """The stored series the hover readout reads: the planned LR (every step of a plan of up to
        ``MAX_PLAN_POINTS`` steps; a longer one names the planned step it reads) and
        the LR each step used (``train/lr``)."""
        return [HoverSeries(name, pg.mkPen(curve.opts["pen"]).color(), steps, values)
                for name, curve, (steps, values) in ((self.tr("planned"), self.planned_curve, self._planned),
                                                     (self.tr("used"), self.used_curve, (self.history.lr.steps,
                                                                                self.history.lr.values)))
                if curve.isVisible()] + [s for extra in self.hover_extras for s in extra()]

    def refresh(self) -> None:
        """Redraw from the model now (its notifications redraw it, paced, by themselves)."""
        self.pacer.now()

    def _redraw(self) -> None:
        """Redraw the used LR, the current-step marker and the event markers from the history
        (the markers of an earlier run go when the history was cleared)."""
        lr = self.history.lr
        self.display.redraw()
        if len(lr):
            step, value = float(lr.steps.data[-1]), float(lr.values.data[-1])
            self.now_line.set_data_value(step)
            self.now_point.set_points([step], [value])
        else:  # a new run: no step yet
            self.now_line.set_data_value(0)
            self.now_point.set_points([], [])
        self.markers.update(self.history)
        self.crosshair.refresh()
        settle(self.plot, self.markers)  # one paint: the range, axes and labels set before it

    def clear_markers(self) -> None:
        """Remove the event markers (they are drawn again from the history at the next refresh)."""
        self.markers.clear()
