"""Simplex panel: the reachable region, the mixture's path, current weights and the bandit table."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.lifecycle import RunState
from ....core.mixture.simplex import (
    ConstraintError,
    Constraints,
    polygon_layout,
    region_outline,
    to_plane,
)
from ....core.viewmodels.history import MixtureHistory
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.i18n import format_decimal, format_number
from ...common.model_link import ModelLink
from ...common.widgets import read_only_table
from ...plots.hover import BoxLine, QtReadoutBox
from ...plots.legend import legend_with
from ...plots.menus import plot_widget
from ...plots.pacing import SLOW_REFRESH_S, RedrawPacer
from ...plots.simplex import cosmetic_pen, polygon_item, simplex_plot, wrap_label

__all__ = ["QtSimplexPanel", "MODE_COLORS", "MODE_SYMBOLS", "MIN_ALPHA"]

MODE_COLORS = {"bandit": "#0072B2", "random": "#E69F00", "pivot": "#D62728"}
HOVER_RADIUS_PX = 9
"""A path point is hovered when the mouse is this close to it (pixels)."""
MODE_SYMBOLS = {"bandit": "o", "random": "s", "pivot": "o"}
"""The path's point symbol per phase mode (the legend draws the same)."""
MIN_ALPHA = 0.35
"""Opacity of the oldest drawn path point when older phases fade (the newest: 1)."""


class QtSimplexPanel(QWidget):
    """The mixture on the simplex (docs/design.md#what-a-user-does): region, path, current point, weights and bandit.

    Parameters
    ----------
    model
        The run model whose mixture the panel draws (:meth:`set_model` replaces it); the panel
        never changes it. None: an empty model.

    Notes
    -----
    3 sources are drawn in the barycentric triangle; more on a regular polygon (each vertex a
    pure source). The region's outline is exact: the convex hull of its projected vertices.
    Path points are coloured by phase mode and fade with age; hovering one shows its phase, mode,
    step range and weights (:meth:`path_readout`) in a box in a corner of the plot away from it.
    """

    def __init__(self, model: RunModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._link = ModelLink(self._on_model_changed)
        self._link.set(model if model is not None else RunModel())
        self.pacer = RedrawPacer(self.refresh_now, SLOW_REFRESH_S, self)
        """Paces the redraws while the run trains (a new phase or pivot is drawn at once)."""
        self.layout_xy = np.zeros((0, 2))
        self._region_items: list = []
        self._regions_key: tuple | None = None
        self._path_key: tuple | None = None
        self._labels: list[pg.TextItem] = []
        self._generation: int | None = None  # the model's generation drawn
        self._bar_labels: list[str] | None = None  # the bars' tick labels drawn

        self.plot = simplex_plot("simplexPlot")
        self.pacer.watch(self.plot)  # its paints count in a redraw's cost
        self.outline_curve = pg.PlotCurveItem(pen=pg.mkPen((90, 90, 90), width=1))
        self.plot.addItem(self.outline_curve)
        self.path_curve = pg.PlotCurveItem(pen=pg.mkPen((120, 120, 120, 120), width=1))
        self.plot.addItem(self.path_curve)
        self.path_points = pg.ScatterPlotItem(size=7, pen=None, hoverable=True, tip=None, hoverSize=11)
        self.plot.addItem(self.path_points)
        self.now_point = pg.ScatterPlotItem(size=15, symbol="star", brush=pg.mkBrush("#D62728"),
                                            pen=pg.mkPen(pg.getConfigOption("foreground"), width=1))
        self.plot.addItem(self.now_point)
        self.empty_note = pg.TextItem("", color=pg.getConfigOption("foreground"), anchor=(0.5, 0.5))
        """Says why there is no simplex when the run has fewer than two sources (a script's run
        that reports no mixture, a run on one source)."""
        self.plot.addItem(self.empty_note)
        self.empty_note.setTextWidth(320)  # pixels: a long note wraps in a narrow dock
        self.empty_note.setText(self.empty_text())
        legend_names = {"bandit": self.tr("bandit phase"), "random": self.tr("random phase"), "pivot": self.tr("pivot")}
        self.legend = legend_with(self.plot, [
            *((pg.ScatterPlotItem(symbol=MODE_SYMBOLS[mode], brush=pg.mkBrush(color), pen=None, size=7),
               legend_names.get(mode, mode)) for mode, color in MODE_COLORS.items()),
            (pg.ScatterPlotItem(symbol="star", brush=pg.mkBrush("#D62728"), size=12), self.tr("now"))],
            offset=(5, 5), labelTextSize="8pt")
        self._path_start = 0
        self.hover_index: int | None = None
        """The path point under the mouse (an index into the model's path), None when none."""
        self.hover_box = QtReadoutBox(self.plot.viewport())
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.plot.viewport().installEventFilter(self)

        self.bars = plot_widget()
        self.bars.setObjectName("weightBars")
        self.pacer.watch(self.bars)
        self.bars.setMenuEnabled(False)
        self.bars.getViewBox().setMouseEnabled(False, False)
        self.bars.setLabel("left", self.tr("weight"))
        self.bars.setYRange(0, 1.35, padding=0)  # the legend sits above the bars and a cap of 1
        self.bar_item = pg.BarGraphItem(x=[], height=[], width=0.6, brush="#56B4E9")
        self.bars.addItem(self.bar_item)
        self.floor_marks = pg.PlotCurveItem(pen=pg.mkPen("#009E73", width=3), connect="pairs")
        self.cap_marks = pg.PlotCurveItem(pen=pg.mkPen("#D55E00", width=3), connect="pairs")
        self.bars.addItem(self.floor_marks)
        self.bars.addItem(self.cap_marks)
        background = pg.mkColor(pg.getConfigOption("background"))
        background.setAlpha(220)  # a cap line under the legend stays behind its text
        self.bars_legend = legend_with(self.bars, [(self.floor_marks, self.tr("floor")), (self.cap_marks, self.tr("cap"))],
                                       margins=(2, 0, 2, 0), offset=(-5, 1), labelTextSize="8pt", colCount=2,
                                       verSpacing=-6, brush=background)
        self.bars.getViewBox().sigResized.connect(lambda _vb: self._update_bar_ticks())

        # the path: fade older phases, or only the last K
        self.fade_box = QCheckBox(self.tr("fade older phases"))
        self.fade_box.setObjectName("pathFade")
        self.fade_box.setChecked(True)
        self.fade_box.setToolTip(self.tr("Older phases of the path are paler; the oldest one shown stays visible"))
        self.last_k = QSpinBox()
        self.last_k.setObjectName("pathLastK")
        self.last_k.setRange(0, 100_000)
        self.last_k.setPrefix(self.tr("last "))
        self.last_k.setSuffix(self.tr(" phases"))
        self.last_k.setSpecialValueText(self.tr("all phases"))
        self.last_k.setToolTip(self.tr("Draw only the last K phases of the path (all: every phase)"))
        for signal in (self.fade_box.toggled, self.last_k.valueChanged):
            signal.connect(self._on_path_options)

        self.table = read_only_table("banditTable", [
            QCoreApplication.translate("BanditTable", "source"), QCoreApplication.translate("BanditTable", "weight"),
            QCoreApplication.translate("BanditTable", "floor"), QCoreApplication.translate("BanditTable", "cap"),
            QCoreApplication.translate("BanditTable", "pulls"), QCoreApplication.translate("BanditTable", "reward"),
            "UCB"], stretch=0)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        self.caption = QLabel("")
        self.caption.setObjectName("simplexCaption")
        self.caption.setWordWrap(True)

        split = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.caption)
        path_row = QHBoxLayout()
        path_row.addWidget(QLabel(self.tr("Path:")))
        path_row.addWidget(self.fade_box)
        path_row.addWidget(self.last_k)
        path_row.addStretch(1)
        top_layout.addLayout(path_row)
        top_layout.addWidget(self.plot, 1)
        split.addWidget(top)
        split.addWidget(self.bars)
        split.addWidget(self.table)
        split.setSizes([500, 180, 200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split)

    # ------------------------------------------------------------------ the model
    @property
    def model(self) -> RunModel:
        """The run model drawn now."""
        return self._link.model

    @property
    def mixture(self) -> MixtureHistory:
        """The drawn model's mixture: path, regions in force, weights and bandit statistics."""
        return self._link.model.mixture

    def set_model(self, model: RunModel) -> None:
        """Draw ``model``'s mixture (a branch's starts from its parent's region and weights at
        the branch step); nothing of the previous model stays (names, colour scale, hover)."""
        self._link.set(model)
        self.pacer.set_running(model.status.state is RunState.RUNNING)
        self.reset()

    def _on_model_changed(self, aspects: frozenset) -> None:
        if Aspect.STATUS in aspects:
            self.pacer.set_running(self.model.status.state is RunState.RUNNING)
        if aspects & {Aspect.MIXTURE, Aspect.LINEAGE, Aspect.CONFIG}:
            self.pacer.request(urgent=True)  # a new phase, a pivot: rare, drawn at once
        elif Aspect.EVENTS in aspects:
            self.pacer.request()

    # ------------------------------------------------------------------ setup
    def reset(self) -> None:
        """Redraw everything from the model (a new run or reopened history)."""
        self._generation = self.mixture.generation
        self._set_hover(None)
        self._regions_key = None
        self._path_key = None
        names = self.mixture.names
        for lab in self._labels:
            self.plot.removeItem(lab)
        self._labels.clear()
        n = len(names)
        self.layout_xy = polygon_layout(n) if n else np.zeros((0, 2))
        if n >= 2:
            ring = np.vstack([self.layout_xy, self.layout_xy[:1]])
            self.outline_curve.setData(ring[:, 0], ring[:, 1])
            for name, (x, y) in zip(names, self.layout_xy, strict=True):
                r = np.hypot(x, y) or 1.0
                lab = pg.TextItem(name, color=pg.getConfigOption("foreground"), anchor=(0.5 - 0.5 * x / r, 0.5 + 0.5 * y / r))
                lab.setPos(x * 1.04, y * 1.04)
                self.plot.addItem(lab)
                self._labels.append(lab)
            self.plot.setRange(xRange=(-1.45, 1.45), yRange=(-1.25, 1.25), padding=0)
        else:
            self.outline_curve.setData([], [])
        self.empty_note.setTextWidth(320)  # pixels: a long note wraps in a narrow dock
        self.empty_note.setText(self.empty_text())
        self.empty_note.setPos(0, 0)
        self.table.setRowCount(n)
        for i, name in enumerate(names):
            self.table.setItem(i, 0, QTableWidgetItem(name))
        self._update_bar_ticks()
        self.bars.setXRange(-0.6, max(n - 0.4, 0.6), padding=0)
        self.refresh_now()

    def empty_text(self) -> str:
        """What the plot says in place of a simplex: nothing with two sources or more."""
        names = self.mixture.names
        if len(names) >= 2:
            return ""
        if names:
            return self.tr("One source ({name}): every batch comes from it, there is no mixture "
                           "to show or steer").format(name=names[0])
        return self.tr("No data mixture: this run reports no data sources")

    # ------------------------------------------------------------------ redraw
    def _constraints(self, d: dict) -> Constraints | None:
        try:
            return Constraints.from_dict(self.mixture.names, d)
        except ConstraintError:
            return None

    def _update_regions(self) -> None:
        key = (len(self.mixture.regions), self.mixture.names)
        if key == self._regions_key:  # regions change only at warmup's end and pivots
            return
        self._regions_key = key
        vb = self.plot.getViewBox()
        for item in self._region_items:
            vb.removeItem(item)
        self._region_items.clear()
        regions = self.mixture.regions
        n = len(self.mixture.names)
        if n < 2:
            return
        for k, (step, d, warm) in enumerate(regions):
            c = self._constraints(d)
            if c is None:
                continue
            try:
                outline = region_outline(c, self.layout_xy, warmup=warm)
            except ValueError:  # too many free coordinates to enumerate: no outline
                continue
            current = k == len(regions) - 1
            if current:
                item = polygon_item(outline, cosmetic_pen("#0072B2", 1.5), QBrush(QColor(0, 114, 178, 45)))
            else:  # earlier regions: the warmup sub-simplex, regions before each pivot
                style = Qt.PenStyle.DashLine if warm else Qt.PenStyle.DotLine
                item = polygon_item(outline, cosmetic_pen((150, 150, 150), 1.0, style))
            item.setZValue(-10 if current else -5)
            item.setToolTip((self.tr("warmup sub-region from step {step}") if warm
                             else self.tr("reachable region from step {step}")).format(step=format_number(step)))
            vb.addItem(item)
            self._region_items.append(item)

    def _update_path(self) -> None:
        m = self.mixture
        key = (len(m.path_weights), m.names, self.last_k.value(), self.fade_box.isChecked())
        if key == self._path_key:  # the path grows only at phase starts: move the marker only
            if m.weights is not None and len(m.names) >= 2:
                p = to_plane(m.weights, self.layout_xy)
                self.now_point.setData([p[0]], [p[1]])
            return
        self._path_key = key
        self._set_hover(self.hover_index)  # a new phase ends the hovered one's step range
        if not m.path_weights or len(m.names) < 2:
            self.path_curve.setData([], [])
            self.path_points.setData([])
            self.now_point.setData([])
            return
        start = max(len(m.path_weights) - self.last_k.value(), 0) if self.last_k.value() else 0
        self._path_start = start  # drawn point i is path point start + i (the hover reads the path)
        W = np.array(m.path_weights[start:])
        modes, steps = m.path_modes[start:], m.path_steps[start:]
        xy = to_plane(W, self.layout_xy)
        self.path_curve.setData(xy[:, 0], xy[:, 1])
        k = len(W)
        age = np.arange(k) / (k - 1) if k > 1 else np.ones(1)  # 0 oldest .. 1 newest
        fade = self.fade_box.isChecked()
        brushes = []
        for mode, a in zip(modes, age, strict=True):
            c = QColor(MODE_COLORS.get(mode, "#888888"))
            c.setAlphaF(MIN_ALPHA + (1 - MIN_ALPHA) * float(a) if fade else 1.0)
            brushes.append(QBrush(c))
        symbols = [MODE_SYMBOLS.get(mode, "o") for mode in modes]
        self.path_points.setData(
            x=xy[:, 0], y=xy[:, 1], brush=brushes, symbol=symbols,
            data=[(s, mode, w) for s, mode, w in zip(steps, modes, W, strict=True)],
        )
        cur = m.weights if m.weights is not None else W[-1]
        p = to_plane(cur, self.layout_xy)
        self.now_point.setData([p[0]], [p[1]])

    # ------------------------------------------------------------------ hover
    def path_readout(self, k: int) -> tuple[str, str, list[BoxLine]] | None:
        """The readout of path point ``k``: which phase (phases counted from the run's first; a
        pivot restart is not a phase) with its mode as the path records it, the steps it ran (to
        the step before the next point; the newest runs on), and its weights by source; None for
        no such point."""
        m = self.mixture
        if not 0 <= k < len(m.path_steps) or len(m.path_weights[k]) != len(m.names):
            return None
        mode, start = m.path_modes[k], m.path_steps[k]
        what = (self.tr("pivot") if mode == "pivot" else self.tr("phase {n} · {mode}").format(
            n=format_number(sum(md != 'pivot' for md in m.path_modes[: k + 1])), mode=self._mode_name(mode)))
        if k + 1 < len(m.path_steps):
            end = m.path_steps[k + 1] - 1
            steps = (self.tr("steps {first}–{last}").format(first=format_number(start), last=format_number(end)) if end > start
                     else self.tr("step {step}").format(step=format_number(start)))
        else:
            steps = self.tr("from step {step} (the current phase)").format(step=format_number(start))
        return what, steps, [BoxLine(n, format_decimal(w, ".3f")) for n, w in zip(m.names, m.path_weights[k], strict=True)]

    def _mode_name(self, mode: str) -> str:
        """A phase mode as the readout and caption name it (a mode the path records, shown as is
        when unknown)."""
        return {"bandit": self.tr("bandit"), "random": self.tr("random"), "pivot": self.tr("pivot")}.get(mode, mode)

    def _set_hover(self, k: int | None) -> None:
        readout = self.path_readout(k) if k is not None else None
        self.hover_index = k if readout else None
        if readout is None:
            self.hover_box.hide()
            return
        title, steps, rows = readout
        self.hover_box.set_content(title, rows, [steps])
        # the corner of the view farthest from the point (never over the point read) that covers
        # neither the legend nor a source's name, if one does not
        vb = self.plot.getViewBox()
        rect = self.plot.mapFromScene(vb.sceneBoundingRect()).boundingRect().adjusted(4, 4, -4, -4)
        xy = to_plane(self.mixture.path_weights[k], self.layout_xy)
        p = self.plot.mapFromScene(vb.mapViewToScene(QPointF(float(xy[0]), float(xy[1]))))
        size = self.hover_box.size()
        corners = [QRect(QPoint(x, y), size) for x in (rect.left(), rect.right() - size.width())
                   for y in (rect.top(), rect.bottom() - size.height())]
        corners.sort(key=lambda r: -((r.center().x() - p.x()) ** 2 + (r.center().y() - p.y()) ** 2))
        taken = [self.plot.mapFromScene(item.sceneBoundingRect()).boundingRect()
                 for item in (self.legend, *self._labels)]
        free = [r for r in corners if not any(r.intersects(t) for t in taken) and not r.contains(p)]
        self.hover_box.move((free or corners)[0].topLeft())
        self.hover_box.show()
        self.hover_box.raise_()

    def _on_mouse_moved(self, pos: QPointF) -> None:
        """Show the path point nearest the mouse (scene coordinates), within
        :data:`HOVER_RADIUS_PX`; the newest of points drawn on one another."""
        vb = self.plot.getViewBox()
        xs, ys = self.path_points.getData()
        if xs is None or not len(xs) or not vb.sceneBoundingRect().contains(pos):
            self._set_hover(None)
            return
        p = vb.mapSceneToView(pos)
        pw, ph = vb.viewPixelSize()
        d2 = ((np.asarray(xs) - p.x()) / pw) ** 2 + ((np.asarray(ys) - p.y()) / ph) ** 2
        k = len(d2) - 1 - int(np.argmin(d2[::-1]))
        self._set_hover(self._path_start + k if d2[k] <= HOVER_RADIUS_PX**2 else None)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Leave and obj is self.plot.viewport():
            self._set_hover(None)
        return super().eventFilter(obj, event)

    def _on_path_options(self, *_args) -> None:
        self._update_path()

    def _update_bar_ticks(self) -> None:
        """The bars' source names, each fitted to its bar's width (two lines, or cut with "…");
        every full name is in the bar plot's tooltip."""
        names = self.mixture.names
        axis = self.bars.getAxis("bottom")
        if not names:
            self._bar_labels = []
            axis.setTicks([[]])
            self.bars.setToolTip("")
            return
        span = max(self.bars.getViewBox().width(), 1.0) / max(len(names) + 0.2, 1.0)  # pixels per bar
        metrics = pg.QtGui.QFontMetricsF(axis.style.get("tickFont") or axis.font())
        fitted = [wrap_label(nm, span - 4, metrics.horizontalAdvance) for nm in names]
        if fitted == self._bar_labels:  # unchanged (only the axis's own height changed)
            return
        self._bar_labels = fitted
        axis.setTicks([list(enumerate(fitted))])
        lines = max(f.count("\n") + 1 for f in fitted)  # pyqtgraph reserves 0.8 of a line: room for all of them
        axis.setHeight(int(lines * metrics.lineSpacing() + axis.style["tickTextOffset"][1]
                           + max(0, axis.style["tickLength"]) + 3))
        self.bars.setToolTip(self.tr("Weights of the sources: {names}").format(names=", ".join(names))
                             if any(f.replace("\n", "") != nm for f, nm in zip(fitted, names, strict=True)) else "")

    def _update_bars(self) -> None:
        m = self.mixture
        n = len(m.names)
        w = m.weights if m.weights is not None else np.zeros(n)
        x = np.arange(n, dtype=float)
        self.bar_item.setOpts(x=x, height=w, width=0.6)
        cur = m.current_region
        c = self._constraints(cur[0]).region(warmup=cur[1]) if cur and self._constraints(cur[0]) else None
        if c is not None:
            fx = np.repeat(x, 2) + np.tile([-0.35, 0.35], n)
            self.floor_marks.setData(fx, np.repeat(c.lower, 2))
            self.cap_marks.setData(fx, np.repeat(c.upper, 2))
        for i in range(min(n, self.table.rowCount())):
            vals = [
                w[i],
                c.lower[i] if c is not None else np.nan,
                c.upper[i] if c is not None else np.nan,
                m.pulls[i] if m.pulls is not None else np.nan,
                m.reward[i] if m.reward is not None else np.nan,
                m.ucb[i] if m.ucb is not None else np.nan,
            ]
            for j, v in enumerate(vals, start=1):
                if j == 4:
                    text = "–" if np.isnan(v) else f"{int(v)}"
                elif np.isnan(v):
                    text = "–"
                elif np.isinf(v):
                    text = "∞" if v > 0 else self.tr("inactive")
                else:
                    text = format_decimal(v, ".3f")
                item = self.table.item(i, j)
                if item is None:
                    item = QTableWidgetItem()
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.table.setItem(i, j, item)
                item.setText(text)

    def _update_caption(self) -> None:
        m = self.mixture
        cur = m.current_region
        if cur is None:
            self.caption.setText(self.tr("No curriculum: a fixed uniform mixture.") if m.names else "")
            return
        d, warm = cur
        parts = [self.tr("curriculum warmup: sub-simplex of {sources}").format(
            sources=", ".join(d.get("warmup_sources", [])))] if warm else []
        if d.get("floors"):
            parts.append(self.tr("floors {list}").format(list=", ".join(f"{k} ≥ {format_decimal(v, 'g')}" for k, v in d["floors"].items())))
        if d.get("caps"):
            parts.append(self.tr("caps {list}").format(list=", ".join(f"{k} ≤ {format_decimal(v, 'g')}" for k, v in d["caps"].items())))
        if d.get("excluded"):
            parts.append(self.tr("excluded {list}").format(list=", ".join(d["excluded"])))
        mode = m.path_modes[-1] if m.path_modes else ""
        if mode:
            parts.append(self.tr("phase: {mode}").format(mode=self._mode_name(mode)))
        self.caption.setText(" · ".join(parts) or self.tr("reachable region: the whole simplex"))

    def refresh(self) -> None:
        """Redraw from the model now (its notifications redraw it, paced, by themselves)."""
        self.pacer.now()

    def refresh_now(self) -> None:
        """Redraw regions, path, bars and table from the model (everything, when the model was
        reset since the last redraw: another run)."""
        self.pacer.stale = False
        if self.mixture.generation != self._generation:
            self.reset()
            return
        self._update_regions()
        self._update_path()
        self._update_bars()
        self._update_caption()
