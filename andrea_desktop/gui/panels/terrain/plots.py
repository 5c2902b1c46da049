"""The Terrain panel's plots: the loss heatmaps with contour lines, the trajectory plane, the 1-D
slices and the over-steps plots (sharpness, trace, basin width), and what hovering them reads.

:class:`TerrainPlots` is a mixin of :class:`~andrea_desktop.gui.panels.terrain.panel.QtTerrainPanel`:
it builds the plot items once (:meth:`TerrainPlots._build_plots`) and draws a
:class:`~andrea_desktop.core.rundir.terrain.TerrainResult` into them with ``setData`` /
``setImage``; the panel holds the results, the scrubber and the source choice.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPoint, QRectF, Qt
from PySide6.QtWidgets import QLabel

from ....core.viewmodels.terrain import TerrainResult
from ...common.i18n import format_decimal, format_number
from ...common.theme import colour
from ...plots.menus import LazyMenuViewBox

__all__ = ["TerrainPlots", "contour_levels", "N_CONTOURS", "MIN_PLOT_PX"]

N_CONTOURS = 9
MIN_PLOT_PX = 150
"""Smallest height of each plot's data area: the view asks for :data:`ROWS` rows of it (the panel's
space beyond goes to them evenly; a shorter panel scrolls)."""
ROWS = 3


def contour_levels(values: np.ndarray, n: int = N_CONTOURS) -> np.ndarray:
    """``n`` contour levels for a loss surface: spaced evenly in log(loss - min), so the basin
    near the minimum gets as many lines as the steep rim (the finite values' range; empty when
    there is none)."""
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    if v.size < 2 or v.max() <= v.min():
        return np.zeros(0)
    lo, hi = float(v.min()), float(v.max())
    span = hi - lo
    return lo + span * (np.geomspace(1e-3, 1.0, n + 1)[:-1] + np.geomspace(1e-3, 1.0, n + 1)[1:]) / 2


def _finite_levels(a: np.ndarray) -> tuple[float, float]:
    f = a[np.isfinite(a)]
    if not f.size:
        return 0.0, 1.0
    lo, hi = float(f.min()), float(f.max())
    return (lo, hi) if hi > lo else (lo - 0.5, hi + 0.5)


def _image_rect(xs: np.ndarray, ys: np.ndarray) -> QRectF:
    """The rectangle an image of ``len(ys) x len(xs)`` pixels covers so that pixel centres sit
    at the grid coordinates."""
    dx = (xs[-1] - xs[0]) / max(len(xs) - 1, 1)
    dy = (ys[-1] - ys[0]) / max(len(ys) - 1, 1)
    return QRectF(xs[0] - dx / 2, ys[0] - dy / 2, dx * len(xs), dy * len(ys))


def _nearest(grid: np.ndarray, v: float) -> int | None:
    """Index of the grid point nearest ``v``, or None outside the grid (half a cell margin)."""
    if len(grid) < 2:
        return None
    half = (grid[-1] - grid[0]) / (len(grid) - 1) / 2
    if not grid[0] - half <= v <= grid[-1] + half:
        return None
    return int(np.argmin(np.abs(grid - v)))


class _Heatmap:
    """A loss heatmap with contour lines and a colour bar in one plot item."""

    def __init__(self, plot: pg.PlotItem, title: str, cmap) -> None:
        self.plot = plot
        plot.setTitle(title, size="9pt")
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(cmap)
        plot.addItem(self.image)
        self.contours = []
        for _ in range(N_CONTOURS):
            iso = pg.IsocurveItem(level=0.0, pen=pg.mkPen((255, 255, 255, 150), width=1), axisOrder="row-major")
            iso.setParentItem(self.image)  # shares the image's transform
            self.contours.append(iso)
        self.colorbar = pg.ColorBarItem(values=(0, 1), colorMap=cmap, interactive=False, width=12,
                                        )  # no label: the title says "loss", the hover gives nats/token
        self.colorbar.setImageItem(self.image, insert_in=plot)

    def set(self, data: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> None:
        levels = _finite_levels(data)
        shown = np.where(np.isfinite(data), data, levels[1])  # a NaN cell shows as the top colour
        self.image.setImage(shown.astype(np.float32), levels=levels)
        self.image.setRect(_image_rect(xs, ys))
        self.colorbar.setLevels(levels)
        for iso, lvl in zip(self.contours, list(contour_levels(shown)) + [None] * N_CONTOURS, strict=False):
            if lvl is None:
                iso.setData(None)
            else:
                iso.setData(shown, float(lvl))

    def clear(self) -> None:
        """Nothing drawn, the colour bar back at 0..1 (no scale of an earlier result stays)."""
        self.image.clear()
        for iso in self.contours:
            iso.setData(None)
        self.colorbar.setLevels((0.0, 1.0))


class TerrainPlots:
    """The plots of a terrain panel (a mixin of a ``QWidget`` with ``results`` (step ->
    result), ``result`` (the shown one), ``steps`` and ``source_combo``).

    Three rows of two (surface and path; slices and λ_max; trace and basin), each plot's data area
    at least :data:`MIN_PLOT_PX` tall (the panel scrolls where it is shorter, e.g. with its reading
    pane open at 1280 x 800); the surface keeps its aspect (both axes are filter-normalised
    units), so a round bowl stays round. Hover values show beside the cursor (:attr:`hover_label`)."""

    def _build_plots(self, cmap) -> None:
        """Create every plot item once, in one scene (the whole panel exports as one picture)."""
        self.view = pg.GraphicsLayoutWidget()
        self.view.setObjectName("terrainView")
        self.view.setMinimumHeight(ROWS * (MIN_PLOT_PX + 90))  # + title and bottom axis (the over-steps
        # plots' x axis is the step, as the title of the panel's scrubber says: no axis label)
        lay = self.view.ci
        self.surface_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=0, col=0)
        self.plane_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=0, col=1)
        self.slice_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=1, col=0)
        self.sharp_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=1, col=1)
        self.trace_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=2, col=0)
        self.basin_plot = lay.addPlot(viewBox=LazyMenuViewBox(), row=2, col=1)
        for row in range(ROWS):
            lay.layout.setRowStretchFactor(row, 1)
        self.surface_plot.setAspectLocked(True)
        self.hover_label = QLabel(" ", self.view)
        """The value under the cursor, shown beside it (hidden when there is none)."""
        self.hover_label.setObjectName("terrainHover")
        self.hover_label.setStyleSheet("background: rgba(255, 255, 255, 230); color: black; "
                                       "border: 1px solid #999; padding: 2px;")
        self.hover_label.hide()

        self.surface = _Heatmap(self.surface_plot, QCoreApplication.translate("TerrainPlots", "loss around the weights"), cmap)
        self.surface_plot.setLabel("bottom", QCoreApplication.translate("TerrainPlots", "α along d1"))
        self.surface_plot.setLabel("left", QCoreApplication.translate("TerrainPlots", "β along d2"))
        self.surface_now = pg.ScatterPlotItem([0], [0], symbol="+", size=14,
                                              pen=pg.mkPen("#D62728", width=2), brush=None)
        self.surface_plot.addItem(self.surface_now)

        self.plane = _Heatmap(self.plane_plot, QCoreApplication.translate("TerrainPlots", "path (PCA plane)"), cmap)
        self.plane_plot.setLabel("bottom", "PC1")
        self.plane_plot.setLabel("left", "PC2")
        self.path_line = pg.PlotDataItem(pen=pg.mkPen((230, 230, 230), width=1))
        self.path_points = pg.ScatterPlotItem(size=9, pen=pg.mkPen((255, 255, 255), width=1))
        self.plane_now = pg.ScatterPlotItem(symbol="+", size=14, pen=pg.mkPen("#D62728", width=2), brush=None)
        for item in (self.path_line, self.path_points, self.plane_now):
            self.plane_plot.addItem(item)
        self.plane_message = pg.TextItem("", color=colour("muted"), anchor=(0.5, 0.5))
        self.plane_plot.addItem(self.plane_message, ignoreBounds=True)

        self.slice_plot.setTitle(QCoreApplication.translate("TerrainPlots", "1-D slices"), size="9pt")
        self.slice_plot.setLabel("bottom", QCoreApplication.translate("TerrainPlots", "distance (filter-normalised)"))
        self.slice_plot.setLabel("left", QCoreApplication.translate("TerrainPlots", "loss"), units="nats/token")
        self.slice_plot.addLegend(offset=(10, -10), labelTextSize="8pt")  # a bowl's lower corners are free
        self.slice_d1 = self.slice_plot.plot(pen=pg.mkPen("#0072B2", width=2), name=QCoreApplication.translate("TerrainPlots", "along d1"))
        self.slice_d2 = self.slice_plot.plot(pen=pg.mkPen("#E69F00", width=2), name=QCoreApplication.translate("TerrainPlots", "along d2"))
        self.slice_plot.addItem(pg.InfiniteLine(pos=0, angle=90, pen=pg.mkPen((150, 150, 150))), ignoreBounds=True)

        self.sharp_plot.setTitle(QCoreApplication.translate("TerrainPlots", "λ_max of the Hessian"), size="9pt")
        # a linear axis (the plot's menu offers log): a change from 34 to 22 must look like one
        self.sharp_plot.addLegend(offset=(10, 5), labelTextSize="8pt", brush=pg.mkBrush(255, 255, 255, 220))
        self.lambda_curve = self.sharp_plot.plot(pen=pg.mkPen("#D55E00", width=2), symbol="o", symbolSize=5,
                                                 symbolBrush="#D55E00", name="λ_max", connect="finite")
        self.random_curve = self.sharp_plot.plot(
            pen=pg.mkPen("#0072B2", width=1), symbol="t", symbolSize=6, symbolBrush="#0072B2", connect="finite",
            name=QCoreApplication.translate("TerrainPlots", "along random directions (basin)"))
        self.eos_curve = self.sharp_plot.plot(pen=pg.mkPen((130, 130, 130), width=1, style=Qt.PenStyle.DashLine),
                                              name=QCoreApplication.translate("TerrainPlots", "2/η (plain GD)"), connect="finite")

        self.trace_plot.setTitle(QCoreApplication.translate("TerrainPlots", "tr(H) ± 1 s.e."), size="9pt")
        self.trace_plot.setLabel("left", QCoreApplication.translate("TerrainPlots", "trace"))
        # the event markers' colours (their lines carry no text: labels of nearby events collide)
        self._marker_legend = self.trace_plot.addLegend(offset=(10, 5), labelTextSize="8pt")
        self.trace_curve = self.trace_plot.plot(pen=pg.mkPen("#009E73", width=2), symbol="o", symbolSize=5,
                                                symbolBrush="#009E73", connect="finite")
        self.trace_err = pg.ErrorBarItem(pen=pg.mkPen("#009E73"), beam=0)
        self.trace_plot.addItem(self.trace_err)

        self.basin_plot.setTitle(QCoreApplication.translate("TerrainPlots", "basin rise at radius ρ"), size="9pt")
        self.basin_plot.setLabel("left", QCoreApplication.translate("TerrainPlots", "rise"), units="nats/token")
        self.basin_plot.addLegend(offset=(10, 5), labelTextSize="8pt")
        self.basin_mean_curve = self.basin_plot.plot(pen=pg.mkPen("#0072B2", width=2), symbol="o", symbolSize=5,
                                                     symbolBrush="#0072B2", name=QCoreApplication.translate("TerrainPlots", "mean"), connect="finite")
        self.basin_max_curve = self.basin_plot.plot(pen=pg.mkPen("#CC79A7", width=1), symbol="t", symbolSize=6,
                                                    symbolBrush="#CC79A7", name=QCoreApplication.translate("TerrainPlots", "max"), connect="finite")
        for plot in (self.slice_plot, self.basin_plot, self.trace_plot):
            plot.getAxis("left").enableAutoSIPrefix(False)  # "mnats/token" reads as a typo
        for plot in (self.slice_plot, self.sharp_plot, self.trace_plot, self.basin_plot):
            plot.getAxis("left").setWidth(52)  # room for the tick labels (0.0025) and the axis label
        self._now_lines = []
        for p in (self.sharp_plot, self.trace_plot, self.basin_plot):
            line = pg.InfiniteLine(pos=0, angle=90, movable=False, pen=pg.mkPen("#1F77B4", width=1))
            line.setVisible(False)
            p.addItem(line, ignoreBounds=True)
            self._now_lines.append(line)
        self.view.scene().sigMouseMoved.connect(self._on_mouse_moved)

    def _reset_plots(self) -> None:
        """Every plot empty, with its start title, labels and automatic ranges (no result)."""
        self.surface.clear()
        self.plane.clear()
        for item in (self.slice_d1, self.slice_d2, self.lambda_curve, self.random_curve, self.eos_curve,
                     self.trace_curve, self.basin_mean_curve, self.basin_max_curve, self.path_line):
            item.setData([], [])
        self.path_points.setData([], [])
        self.plane_now.setData([], [])
        self.trace_err.setData(x=np.zeros(0), y=np.zeros(0), height=np.zeros(0))
        self.plane_message.setText("")
        self.hover_label.hide()
        self.plane_plot.setLabel("bottom", "PC1")
        self.plane_plot.setLabel("left", "PC2")
        self.slice_plot.setTitle(QCoreApplication.translate("TerrainPlots", "1-D slices"), size="9pt")
        self.basin_plot.setTitle(QCoreApplication.translate("TerrainPlots", "basin rise at radius ρ"), size="9pt")
        for line in self._now_lines:
            line.setVisible(False)
        for plot in (self.surface_plot, self.plane_plot, self.slice_plot, self.sharp_plot, self.trace_plot,
                     self.basin_plot):
            plot.enableAutoRange()

    def shown_surface(self) -> np.ndarray | None:
        """(G, G) the surface on the chosen rows: every source's (``surface``) or one source's."""
        r = self.result
        if r is None:
            return None
        name = self.source_combo.currentData()
        names = [str(n) for n in r.sources]
        return r.surface if name not in names else r.surface_by_source[names.index(name)]

    def _update_surface(self, r: TerrainResult) -> None:
        if not r.has_surface:  # part 1 of a job: the numbers came first, the surface is on its way
            self.surface.clear()
            self.surface_plot.setTitle(QCoreApplication.translate(
                "TerrainPlots", "surface: computing…"), size="9pt")
            return
        self.surface_plot.setTitle(QCoreApplication.translate(
            "TerrainPlots", "loss around the weights") if r.complete else
            QCoreApplication.translate("TerrainPlots", "surface (coarse, refining)"), size="9pt")
        self.surface.set(self.shown_surface(), r.alphas, r.betas)
        self.surface_plot.setRange(xRange=(r.alphas[0], r.alphas[-1]), yRange=(r.betas[0], r.betas[-1]),
                                   padding=0.02)

    def _update_plane(self, r: TerrainResult) -> None:
        xy = r.path_xy
        if r.has_plane:
            self.plane.set(r.plane_surface, r.plane_alphas, r.plane_betas)
            self.plane_message.setText("")
            ex = r.path_explained
            self.plane_plot.setLabel("bottom", QCoreApplication.translate("TerrainPlots", "PC1 ({share} % of the path)").format(share=format_decimal(100 * ex[0], ".1f")))
            self.plane_plot.setLabel("left", f"PC2 ({format_decimal(100 * ex[1], '.1f')} %)")
            self.plane_plot.setRange(xRange=(r.plane_alphas[0], r.plane_alphas[-1]),
                                     yRange=(r.plane_betas[0], r.plane_betas[-1]), padding=0.02)
        elif not r.complete:
            self.plane.clear()
            self.plane_message.setText(QCoreApplication.translate("TerrainPlots", "the path comes with the last part"))
            self.plane_message.setPos(0.0, 0.0)
        else:
            self.plane.clear()
            self.plane_message.setText(QCoreApplication.translate("TerrainPlots", "the path needs 3 snapshots ({n} so far)").format(n=len(r.path_steps)))
            self.plane_message.setPos(float(xy[:, 0].mean()), float(xy[:, 1].mean()))
            self.plane_plot.setLabel("bottom", "PC1")
            self.plane_plot.setLabel("left", "PC2")
        steps = r.path_steps.astype(np.float64)
        t = (steps - steps[0]) / max(steps[-1] - steps[0], 1)
        brushes = [pg.mkBrush(c) for c in self._path_cmap.map(t, mode="qcolor")]
        self.path_line.setData(xy[:, 0], xy[:, 1])
        self.path_points.setData(xy[:, 0], xy[:, 1], brush=brushes, data=r.path_steps)
        self.plane_now.setData([0.0], [0.0])

    def _update_slices(self, r: TerrainResult) -> None:
        if not r.has_surface:
            self.slice_d1.setData([], [])
            self.slice_d2.setData([], [])
            return
        surface = self.shown_surface().astype(np.float64)
        i, j = r.centre
        self.slice_d1.setData(r.alphas, surface[i, :])
        self.slice_d2.setData(r.betas, surface[:, j])
        name = self.source_combo.currentData()
        self.slice_plot.setTitle((QCoreApplication.translate("TerrainPlots", "1-D slices ({source})").format(source=name) if name
                                  else QCoreApplication.translate("TerrainPlots", "1-D slices")), size="9pt")

    def _update_steps_plots(self) -> None:
        rs = [self.results[s] for s in self.steps]
        steps = np.array([r.step for r in rs], dtype=np.float64)
        lam = np.array([r.lambda_max for r in rs])
        eos = np.array([r.gd_threshold if math.isfinite(r.gd_threshold) else np.nan for r in rs])
        self.lambda_curve.setData(steps, lam)
        curv = np.array([r.basin_curvature_mean for r in rs])
        ok = np.isfinite(curv)  # files from before the directions' lengths were stored have none
        self.random_curve.setData(steps[ok], curv[ok])
        self._fit_sharpness(steps, lam, eos)
        tr = np.array([r.trace for r in rs])
        se = np.array([r.trace_stderr for r in rs])
        has = np.isfinite(tr)  # a job's first parts have no trace yet
        self.trace_curve.setData(steps[has], tr[has])
        ok = np.isfinite(tr) & np.isfinite(se)
        self.trace_err.setData(x=steps[ok], y=tr[ok], height=2 * se[ok])
        self.basin_mean_curve.setData(steps, np.array([r.basin_mean for r in rs]))
        self.basin_max_curve.setData(steps, np.array([r.basin_max for r in rs]))
        self._fit_steps(steps)
        if rs:
            # ρ in the title: a long axis label ran into the tick labels
            self.basin_plot.setTitle(QCoreApplication.translate("TerrainPlots", "basin rise at ρ = {radius}").format(
                radius=format_decimal(rs[-1].basin_radius, "g")), size="9pt")

    def _fit_sharpness(self, steps: np.ndarray, lam: np.ndarray, eos: np.ndarray) -> None:
        """λ_max on a linear axis from 0, with headroom for the legend; 2/η drawn where it is
        within 3 times the largest λ_max, else named in the title (a line 50 times higher would
        flatten every λ_max to the floor)."""
        title = QCoreApplication.translate("TerrainPlots", "λ_max of the Hessian")
        top = np.nanmax(lam) if np.isfinite(lam).any() else np.nan
        if not math.isfinite(top) or top <= 0:
            self.eos_curve.setData(steps, eos)
            self.sharp_plot.setTitle(title, size="9pt")
            return
        low = min(0.0, float(np.nanmin(lam)))
        near = np.isfinite(eos) & (eos <= 3 * top)
        self.eos_curve.setData(steps, np.where(near, eos, np.nan))
        shown_top = max(top, float(np.nanmax(eos[near])) if near.any() else top)
        self.sharp_plot.setYRange(low, shown_top * 1.45, padding=0)
        far = eos[np.isfinite(eos) & ~near]
        if far.size:
            title = QCoreApplication.translate("TerrainPlots", "λ_max (2/η = {value}: above)").format(
                value=format_decimal(float(far[-1]), ".4g"))
        self.sharp_plot.setTitle(title, size="9pt")

    def _fit_steps(self, steps: np.ndarray) -> None:
        """One result: a step axis of the run's interval around it (not ±0.4 of a step);
        more: the axis fits them."""
        plots = (self.sharp_plot, self.trace_plot, self.basin_plot)
        if len(steps) == 1:
            half = max(float(getattr(self, "interval", None) or 0), 10.0)
            for plot in plots:
                plot.setXRange(steps[0] - half, steps[0] + half, padding=0)
        else:
            for plot in plots:
                plot.enableAutoRange(axis="x")

    # ------------------------------------------------------------------ hover
    def surface_hover_text(self, alpha: float, beta: float) -> str:
        """"α, β · loss" of the stored surface point nearest (alpha, beta), or "" outside it."""
        r = self.result
        if r is None or not r.has_surface:
            return ""
        j, i = _nearest(r.alphas, alpha), _nearest(r.betas, beta)
        if i is None or j is None:
            return ""
        name = self.source_combo.currentData()
        values = {"alpha": format_decimal(r.alphas[j], ".3f"), "beta": format_decimal(r.betas[i], ".3f"),
                  "loss": format_decimal(float(self.shown_surface()[i, j]), ".4f"), "source": name}
        if name:
            text = (QCoreApplication.translate("TerrainPlots", "α = {alpha}, β = {beta} · loss {loss} nats/token on {source} (the weights)")
                    if (i, j) == r.centre else
                    QCoreApplication.translate("TerrainPlots", "α = {alpha}, β = {beta} · loss {loss} nats/token on {source}"))
        else:
            text = (QCoreApplication.translate("TerrainPlots", "α = {alpha}, β = {beta} · loss {loss} nats/token (the weights)")
                    if (i, j) == r.centre else
                    QCoreApplication.translate("TerrainPlots", "α = {alpha}, β = {beta} · loss {loss} nats/token"))
        return text.format(**values)

    def plane_hover_text(self, x: float, y: float, pick: float = 0.0) -> str:
        """The path snapshot within ``pick`` (plot units) of (x, y) with its step, else "x, y ·
        loss" of the nearest stored plane point, or "" outside the plane."""
        r = self.result
        if r is None:
            return ""
        if pick > 0:
            d = np.hypot(r.path_xy[:, 0] - x, r.path_xy[:, 1] - y)
            k = int(np.argmin(d))
            if d[k] <= pick:
                text = (QCoreApplication.translate("TerrainPlots", "step {step}: PC1 {x}, PC2 {y} (the weights of this terrain)")
                        if k == len(r.path_steps) - 1 else
                        QCoreApplication.translate("TerrainPlots", "step {step}: PC1 {x}, PC2 {y}"))
                return text.format(step=format_number(int(r.path_steps[k])), x=format_decimal(r.path_xy[k, 0], ".4g"),
                                   y=format_decimal(r.path_xy[k, 1], ".4g"))
        if not r.has_plane:
            return ""
        j, i = _nearest(r.plane_alphas, x), _nearest(r.plane_betas, y)
        if i is None or j is None:
            return ""
        return QCoreApplication.translate("TerrainPlots", "PC1 {x}, PC2 {y} · loss {loss} nats/token").format(
            x=format_decimal(r.plane_alphas[j], ".4g"), y=format_decimal(r.plane_betas[i], ".4g"),
            loss=format_decimal(float(r.plane_surface[i, j]), ".4f"))

    def _on_mouse_moved(self, pos) -> None:
        text = ""
        for plot in (self.surface_plot, self.plane_plot):
            if plot.sceneBoundingRect().contains(pos) and plot.vb.sceneBoundingRect().contains(pos):
                pt = plot.vb.mapSceneToView(pos)
                if plot is self.surface_plot:
                    text = self.surface_hover_text(pt.x(), pt.y())
                else:
                    px = plot.vb.viewPixelSize()  # pick a path point within 6 pixels
                    text = self.plane_hover_text(pt.x(), pt.y(), pick=6 * max(px))
        self.hover_label.setText(text or " ")
        if not text:
            self.hover_label.hide()
            return
        # beside the cursor, kept inside the view (to the left of it near the right edge)
        self.hover_label.adjustSize()
        at = self.view.mapFromScene(pos)
        size, room = self.hover_label.size(), self.view.size()
        x = at.x() + 14 if at.x() + 14 + size.width() <= room.width() else at.x() - 8 - size.width()
        y = min(max(at.y() + 14, 0), room.height() - size.height())
        self.hover_label.move(QPoint(max(int(x), 0), int(y)))
        self.hover_label.show()
        self.hover_label.raise_()
