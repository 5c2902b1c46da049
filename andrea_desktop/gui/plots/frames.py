"""One paint per redraw: what pyqtgraph would compute at the start of the next paint, computed
at the end of the redraw instead.

pyqtgraph applies a view's auto range when the scene is about to be painted
(``GraphicsScene.prepareForPaint``, from ``GraphicsView.paintEvent``). A redraw that changes a
curve's data therefore paints the plot once, and the range it sets during that paint (the axes,
every item's transform, the marker labels laid out again on the new range) marks the plot dirty
again: a second paint, and a third when the labels are placed at the next event-loop pass. On the
loss panel that was three paints of 10-30 ms per redraw (``benchmarks/frame_cost.py``).
:func:`settle` runs those steps at the end of a panel's redraw, so the plot is painted once,
with its range, axes and labels as they will stay.
"""

from __future__ import annotations

import pyqtgraph as pg

__all__ = ["settle"]


def settle(plot: pg.PlotWidget, *markers) -> None:
    """Apply ``plot``'s pending auto range now (its axes and items follow), then lay out the labels
    of each of ``markers`` (:class:`~andrea_desktop.gui.plots.markers.EventMarkers`) whose layout
    is due now (one held back by its rate limit stays so)."""
    scene = plot.scene()
    if scene is not None:
        scene.prepareForPaint()
    for m in markers:
        m.layout_if_due()
