"""One paint per redraw or view change: what pyqtgraph would compute at the start of the next
paint, computed at the end of the redraw (or of the view change) instead.

pyqtgraph applies a view's auto range when the scene is about to be painted
(``GraphicsScene.prepareForPaint``, from ``GraphicsView.paintEvent``). A redraw that changes a
curve's data therefore paints the plot once, and the range it sets during that paint (the axes,
every item's transform, the marker labels laid out again on the new range) marks the plot dirty
again: a second paint, and a third when the labels are placed at the next event-loop pass. On the
loss panel that was three paints of 10-30 ms per redraw (``benchmarks/frame_cost.py``).
:func:`settle` runs those steps at the end of a panel's redraw, and at each change of a plot's
view (a wheel zoom, a pan, a resize: :class:`~andrea_desktop.gui.plots.items.DecimatedPlot`), so
the plot is painted once, with its curves, range, axes and labels as they will stay.

What else a paint would change, and so paint again, is done here too: an item moved by the
labels' layout asks for a new auto range (pyqtgraph asks even for items that do not count in
it); an infinite line measures its extent on its first paint in a new view (a marker line,
``InfiniteLine.boundingRect``, then ``prepareGeometryChange``); a text item turns itself upright
for the new view (``TextItem.updateTransform``).
"""

from __future__ import annotations

import pyqtgraph as pg

__all__ = ["settle", "settling"]

_depth = 0  # settles running now (one applying an auto range changes the view: a nested view change)


def settling() -> bool:
    """Whether a :func:`settle` is running now (a view change it causes needs no settle of its own:
    the running one finishes after it)."""
    return _depth > 0


def _prepare(scene, view: pg.ViewBox) -> None:
    """Apply the pending auto range and the view's transform, until no auto range is pending (the
    new transform can change an item's bounds, a symbol's size in pixels: a new auto range; in
    practice the second pass finds the same range)."""
    for _ in range(3):
        scene.prepareForPaint()
        if not getattr(view, "_autoRangeNeedsUpdate", False):  # (pyqtgraph's own flag; absent: one pass)
            return


def settle(plot: pg.PlotWidget | pg.PlotItem, *markers) -> None:
    """Apply ``plot``'s pending auto range and view transform now (its axes and items follow), lay
    out the labels of each of ``markers`` (:class:`~andrea_desktop.gui.plots.markers.EventMarkers`)
    whose view changed since their last layout or whose layout is pending, when it is due now (one
    held back by its rate limit stays so), and let the view's text items and infinite lines follow
    the view (module docstring), so that the next paint changes nothing that paints again."""
    global _depth
    scene = plot.scene()
    if scene is None:
        return
    view = plot.getViewBox()
    _depth += 1
    try:
        _prepare(scene, view)
        for m in markers:
            m.view_changed()
            m.layout_if_due()
        _prepare(scene, view)  # a label moved: pyqtgraph asks for an auto range (labels do not count in it)
        for item in view.childGroup.childItems():  # (addedItems lacks those added with ignoreBounds)
            if not item.isVisible():
                continue
            if isinstance(item, pg.TextItem):
                item.updateTransform()
            elif isinstance(item, pg.InfiniteLine):
                item.boundingRect()  # measured now, not in the paint
    finally:
        _depth -= 1

