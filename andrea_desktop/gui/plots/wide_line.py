"""A 2-px line drawn as four 1-px lines: the same look at about 0.4 of the cost.

Qt's raster engine strokes a pen wider than one pixel as polygons (``QStroker``, then a fill), a
one-pixel cosmetic pen with its line rasteriser: ten curves of 2,200 points each (a decimated
10-run comparison, 1100 × 700 pixels, aliased) took 17.7 ms of CPU to render with 2-px lines and
6.9 ms as four 1-px passes (docs/performance.md#frames; ``benchmarks/frame_cost.py`` measures the
comparison in the window). An aliased 2-px line
covers the pixels within one pixel of its centre line; the four passes, offset by half a device
pixel each way, cover the same band (a grab of both differs only where the rounding of a centre
that falls on a pixel edge puts the band one pixel over: tests/test_wide_line.py).
"""

from __future__ import annotations

import pyqtgraph as pg
from pyqtgraph.Qt import OpenGLHelpers
from PySide6.QtCore import Qt
from PySide6.QtGui import QPen, QTransform

from .parts import swap_part

__all__ = ["WideLineCurve", "use_wide_line"]

OFFSETS = ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5))
"""Device-pixel offsets of the 1-px passes (their union is a 2-px band around the line)."""
MAX_WIDTH = 2.0
"""The widest pen drawn as passes (a wider one: pyqtgraph's own stroke)."""


class WideLineCurve(pg.PlotCurveItem):
    """A :class:`pyqtgraph.PlotCurveItem` that draws a solid, opaque, cosmetic, aliased pen wider
    than 1 px and at most :data:`MAX_WIDTH` as four 1-px passes (module docstring); any other pen
    or style (fills, a shadow pen, antialiasing, step mode, an export, OpenGL) is drawn by
    pyqtgraph. Its ``opts["pen"]`` stays the pen given (legend, hover colour, export), and so
    does its extent: a pass half a pixel off lights at most the pixel the 2-px band lights there."""

    def _passes(self) -> bool:
        """Whether the line is drawn as 1-px passes now."""
        o = self.opts
        pen = o["pen"]
        return (pen is not None and pen.isCosmetic() and 1.0 < pen.widthF() <= MAX_WIDTH
                and pen.style() == Qt.PenStyle.SolidLine and pen.isSolid() and pen.color().alphaF() == 1.0
                and not o["antialias"] and o["shadowPen"] is None and o["fillLevel"] is None
                and not o["stepMode"] and self._exportOpts is False)

    def paint(self, p, opt, widget) -> None:
        if (self.xData is None or len(self.xData) == 0 or not self._passes()
                or isinstance(widget, OpenGLHelpers.GraphicsViewGLWidget)):  # OpenGL: pyqtgraph's own path
            super().paint(p, opt, widget)
            return
        thin = QPen(self.opts["pen"])
        thin.setWidth(1)
        p.setRenderHint(p.RenderHint.Antialiasing, False)
        cmode = self.opts["compositionMode"]
        if cmode is not None:
            p.setCompositionMode(cmode)
        p.setPen(thin)
        path = self.getPath()
        t = p.transform()
        try:
            for dx, dy in OFFSETS:
                p.setTransform(t * QTransform.fromTranslate(dx, dy))  # then moved in device pixels
                p.drawPath(path)
        finally:
            p.setTransform(t)


def use_wide_line(item: pg.PlotDataItem) -> WideLineCurve:
    """Give ``item`` a :class:`WideLineCurve` for its line, in place of pyqtgraph's curve (call it
    right after the item's construction: the style and data it has are handed to the new curve)."""
    old = item.curve
    curve = WideLineCurve()
    curve.setClickable(old.clickable, old.opts["mouseWidth"])
    # the line under the symbols, as before
    return swap_part(item, "curve", curve, [("sigClicked", item.sigClicked)], below=item.scatter)
