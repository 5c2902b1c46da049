"""Drawing on the simplex picture, shared by the simplex panel and the curriculum dialog."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem

__all__ = ["cosmetic_pen", "polygon_item", "simplex_plot"]


def polygon_item(points: np.ndarray, pen: QPen, brush: QBrush | None = None) -> QGraphicsPolygonItem:
    """A closed polygon through (k, 2) points (data coordinates)."""
    item = QGraphicsPolygonItem(QPolygonF([QPointF(float(x), float(y)) for x, y in points]))
    item.setPen(pen)
    item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
    return item


def simplex_plot(name: str) -> pg.PlotWidget:
    """A plot for the simplex picture: equal aspect, no axes, no mouse zoom, no menu."""
    plot = pg.PlotWidget()
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
