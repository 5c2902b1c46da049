"""Drawing on the simplex picture, shared by the simplex panel and the curriculum dialog."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QFontMetricsF, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem

from .menus import plot_widget

__all__ = ["cosmetic_pen", "polygon_item", "simplex_plot", "vertex_labels", "wrap_label"]


def polygon_item(points: np.ndarray, pen: QPen, brush: QBrush | None = None) -> QGraphicsPolygonItem:
    """A closed polygon through (k, 2) points (data coordinates)."""
    item = QGraphicsPolygonItem(QPolygonF([QPointF(float(x), float(y)) for x, y in points]))
    item.setPen(pen)
    item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
    return item


def simplex_plot(name: str) -> pg.PlotWidget:
    """A plot for the simplex picture: equal aspect, no axes, no mouse zoom, no menu."""
    plot = plot_widget()
    plot.setObjectName(name)
    plot.setAspectLocked(True)
    plot.hideAxis("left")
    plot.hideAxis("bottom")
    plot.setMenuEnabled(False)
    plot.getViewBox().setMouseEnabled(False, False)
    return plot


def cosmetic_pen(color, width: float = 1.0, style=Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in pixels whatever the zoom (region outlines)."""
    pen = QPen(pg.mkColor(color))
    pen.setWidthF(width)
    pen.setCosmetic(True)
    pen.setStyle(style)
    return pen


def wrap_label(name: str, width_px: float, advance) -> str:
    """A name that fits ``width_px`` (``advance(text)``: its width in pixels): whole, else broken
    into two lines after the "-", "_", "." or "/" nearest its middle, else each line cut with "…"."""
    if advance(name) <= width_px:
        return name
    lines = [name]
    cuts = [i + 1 for i, ch in enumerate(name[:-1]) if ch in "-_./"]
    if cuts:  # the break nearest the middle
        cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
        lines = [name[:cut], name[cut:]]
    out = []
    for line in lines:
        while len(line) > 1 and advance(line) > width_px:
            line = line.rstrip("…")[:-1] + "…"
        out.append(line)
    return "\n".join(out)


def vertex_labels(plot: pg.PlotWidget, names, layout_xy: np.ndarray, max_px: float = 90.0) -> list[pg.TextItem]:
    """Each vertex's name just outside it, anchored away from the centre (a name wider than
    ``max_px`` on two lines), and a view range in which every label fits the plot's width and
    height (its minimum size when it is not laid out yet): none is cut at an edge."""
    metrics = QFontMetricsF(plot.font())
    width = max(plot.width() if plot.isVisible() else 0, plot.minimumWidth(), 120)
    height = max(plot.height() if plot.isVisible() else 0, plot.minimumHeight(), 120)
    rx = ry = 1.1
    items = []
    for name, (x, y) in zip(names, layout_xy, strict=True):
        text = wrap_label(name, max_px, metrics.horizontalAdvance)
        r = float(np.hypot(x, y)) or 1.0
        item = pg.TextItem(text, color=pg.getConfigOption("foreground"), anchor=(0.5 - 0.5 * x / r, 0.5 + 0.5 * y / r))
        item.setToolTip(name)
        item.setPos(x * 1.04, y * 1.04)
        plot.addItem(item)
        items.append(item)
        box = item.textItem.boundingRect()  # pixels, with the text's margins
        w, h = box.width() + 4, box.height() + 2
        # the label reaches |x| * 1.04 + (share of its width outward) in data units: R * (1 - k w / W) >= 1.04 |x|
        for pos, size, extent, attr in ((x, w, width, "rx"), (y, h, height, "ry")):
            share = abs(pos) / r * size / extent * 2  # the outward part of the label, as a share of 2R
            need = 1.04 * abs(pos) / max(1 - share, 0.3)
            rx, ry = (max(rx, need), ry) if attr == "rx" else (rx, max(ry, need))
    plot.setRange(xRange=(-rx, rx), yRange=(-ry, ry), padding=0)
    return items
