"""Heads over time: each head role's best score across a run's probes (x = step), with the
induction threshold and the induction phase change marked (docs/design.md#head-roles).

The numbers come from the run model (:attr:`RunModel.head_history
<andrea_desktop.core.viewmodels.run_model.RunModel.head_history>`, a Qt-free
:class:`~andrea_desktop.core.head_roles.RoleHistory`); this widget only draws them.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ....core.head_roles import INDUCTION, PHASE_CHANGE, RoleHistory
from ...common.i18n import format_decimal, format_number
from ...common.theme import colour
from ...plots.markers import kind_colour, kind_label
from ...plots.menus import plot_widget

__all__ = ["ROLE_COLOURS", "QtHeadsOverTime", "role_name"]

ROLE_COLOURS = {"previous-token": "#0072B2", "first-token": "#999999", "self": "#CC79A7",
                "fixed-position": "#009E73", "duplicate-token": "#56B4E9", "induction": "#D55E00"}
"""A role's curve colour (Okabe-Ito; induction the most salient)."""


def role_name(role: str) -> str:
    """A head role's name as shown, translated (an unknown one as it is)."""
    names = {
        "previous-token": QCoreApplication.translate("QtAttentionPanel", "previous-token"),
        "first-token": QCoreApplication.translate("QtAttentionPanel", "first-token"),
        "sink": QCoreApplication.translate("QtAttentionPanel", "sink"),
        "self": QCoreApplication.translate("QtAttentionPanel", "self"),
        "fixed-position": QCoreApplication.translate("QtAttentionPanel", "fixed-position"),
        "duplicate-token": QCoreApplication.translate("QtAttentionPanel", "duplicate-token"),
        "induction": QCoreApplication.translate("QtAttentionPanel", "induction"),
    }
    return names.get(role, role)


class QtHeadsOverTime(QWidget):
    """Each role's best score over the heads of one layer (or of every layer) at every probe.

    Attributes
    ----------
    plot
        The plot: one curve per role, the induction threshold (dashed) and the phase change (a
        vertical line).
    curves
        ``{role: PlotDataItem}`` drawn now.
    layer_combo
        "every layer (best)" or one layer.
    note
        What the plot shows of the phase change.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("headsOverTime")
        self.history: RoleHistory | None = None
        self.layer_combo = QComboBox()
        self.layer_combo.setObjectName("headsOverTimeLayer")
        self.layer_combo.currentIndexChanged.connect(lambda _i: self._draw())
        self.plot = plot_widget()
        self.plot.setObjectName("headsOverTimePlot")
        self.plot.setLabel("bottom", self.tr("step"))
        self.plot.setLabel("left", self.tr("best score"))
        self.plot.setYRange(0.0, 1.0, padding=0.02)
        self.plot.setMouseEnabled(x=True, y=False)
        self.plot.addLegend(offset=(10, 10), labelTextSize="8pt")  # top left: scores start low
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.threshold = pg.InfiniteLine(angle=0, movable=False,
                                         pen=pg.mkPen(ROLE_COLOURS[INDUCTION], width=1, style=Qt.PenStyle.DashLine))
        self.plot.addItem(self.threshold, ignoreBounds=True)
        self.phase = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(kind_colour(PHASE_CHANGE), width=2),
                                     label=kind_label(PHASE_CHANGE),  # the loss panel's marker, as there
                                     labelOpts={"position": 0.9, "color": kind_colour(PHASE_CHANGE),
                                                "anchors": [(1, 0), (1, 0)]})
        self.plot.addItem(self.phase, ignoreBounds=True)
        self.phase.hide()
        self.note = QLabel("")
        self.note.setObjectName("headsOverTimeNote")
        self.note.setWordWrap(True)
        top = QHBoxLayout()
        for widget in (QLabel(self.tr("Layer")), self.layer_combo):
            top.addWidget(widget)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for item, stretch in ((top, 0), (self.plot, 1), (self.note, 0)):
            (layout.addLayout if item is top else layout.addWidget)(item, stretch)
        self.show_history(None)

    def show_history(self, history: RoleHistory | None) -> None:
        """Draw ``history`` (None: no probe with role scores yet)."""
        self.history = history
        layers = history.best.shape[2] if history is not None else 0
        if self.layer_combo.count() != layers + 1:
            chosen = self.layer_combo.currentData()
            self.layer_combo.blockSignals(True)
            self.layer_combo.clear()
            self.layer_combo.addItem(self.tr("every layer (best)"), -1)
            for li in range(layers):
                self.layer_combo.addItem(self.tr("layer {layer}").format(layer=li), li)
            i = self.layer_combo.findData(chosen)
            self.layer_combo.setCurrentIndex(max(i, 0))
            self.layer_combo.blockSignals(False)
        self._draw()

    def shown_scores(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """``{role: (steps, best score)}`` as drawn: of the chosen layer, or the best of every layer."""
        h = self.history
        if h is None or not len(h.steps):
            return {}
        layer = self.layer_combo.currentData()
        out = {}
        for i, name in enumerate(h.names):
            best = h.best[i]  # (S, L)
            if layer is not None and 0 <= layer < best.shape[1]:
                y = best[:, layer]
            else:
                y = np.where(np.isnan(best).all(axis=1), np.nan, np.nanmax(np.where(np.isnan(best), -np.inf, best), axis=1))
            out[name] = (h.steps.astype(np.float64), y)
        return out

    def _draw(self) -> None:
        shown = self.shown_scores()
        for name in [n for n in self.curves if n not in shown]:
            self.plot.removeItem(self.curves.pop(name))
        for name, (x, y) in shown.items():
            curve = self.curves.get(name)
            if curve is None:
                curve = self.curves[name] = self.plot.plot(
                    [], [], name=role_name(name), pen=pg.mkPen(ROLE_COLOURS.get(name, "#888888"), width=2),
                    symbol="o", symbolSize=4, symbolBrush=ROLE_COLOURS.get(name, "#888888"), symbolPen=None,
                    connect="finite")
            curve.setData(x, y)
        h = self.history
        i = h.role(INDUCTION) if h is not None else None
        self.threshold.setVisible(i is not None)
        if i is not None:
            self.threshold.setValue(float(h.thresholds[i]))
        step = h.induction_phase_change if h is not None else None
        self.phase.setVisible(step is not None)
        if step is not None:
            self.phase.setValue(step)
        self.note.setText(self.note_text())
        self.note.setStyleSheet(f"color: {colour('muted')};")

    def note_text(self) -> str:
        """What the note under the plot says."""
        h = self.history
        if h is None or not len(h.steps):
            return self.tr("Appears at the first probe with head-role scores: each role's best score over the heads "
                           "at every probe.")
        i = h.role(INDUCTION)
        thr = format_decimal(float(h.thresholds[i]), ".2f") if i is not None else "?"
        step = h.induction_phase_change
        if step is not None:
            return self.tr("Induction heads formed by step {step}: the best induction score crossed its threshold "
                           "({threshold}, dashed) there and stayed above it (the phase change; marked on the loss "
                           "too).").format(step=format_number(step), threshold=thr)
        if i is not None and np.all(np.nanmax(np.where(np.isnan(h.best[i]), -np.inf, h.best[i]), axis=1) >= h.thresholds[i]):
            return self.tr("Induction heads from the first probe on (best induction score above its threshold, "
                           "{threshold}, dashed): they formed before it.").format(threshold=thr)
        return self.tr("No induction phase change yet: the best induction score has not crossed its threshold "
                       "({threshold}, dashed) to stay above it.").format(threshold=thr)
