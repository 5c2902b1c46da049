"""A plot's legend made with all its entries at once (cheaper than ``addLegend`` and ``addItem``
one by one, the same legend).

``LegendItem.addItem`` lays the legend out again after each entry (``updateSize`` asks every
entry for its size), and a legend already in the plot's scene moves its items in the scene at
each step. :func:`legend_with` makes the legend off the scene, adds its entries, lays it out once
and only then puts it in the plot (as ``PlotItem.addLegend`` does), so that what is drawn is the
same: the same ``LegendItem``, entries (an ``ItemSample`` and a ``LabelItem`` each) and place.
Relies on pyqtgraph's ``LegendItem.items``, ``_addItemToLayout``, ``updateSize`` and
``PlotItem.legend``.
"""

from __future__ import annotations

from collections.abc import Iterable

import pyqtgraph as pg
from pyqtgraph.graphicsItems.LabelItem import LabelItem

__all__ = ["legend_with"]


def legend_with(plot, entries: Iterable[tuple[object, str]], margins: tuple[int, int, int, int] | None = None,
                **options) -> pg.LegendItem:
    """The legend of ``plot`` (a ``PlotWidget`` or ``PlotItem`` without one), made with
    ``entries`` (``(item, name)`` pairs, as ``LegendItem.addItem`` takes them) and ``options``
    (``LegendItem``'s: ``offset``, ``labelTextSize``…); ``margins`` are its layout's contents
    margins (left, top, right, bottom)."""
    item = plot.getPlotItem() if hasattr(plot, "getPlotItem") else plot
    legend = pg.LegendItem(**options)
    if margins is not None:
        legend.layout.setContentsMargins(*margins)
    for sample_of, name in entries:
        label = LabelItem(name, color=legend.opts["labelTextColor"], justify="left",
                          size=legend.opts["labelTextSize"])
        sample = sample_of if isinstance(sample_of, legend.sampleType) else legend.sampleType(sample_of)
        sample.sigClicked.connect(legend.sigSampleClicked)
        legend.items.append((sample, label))
        legend._addItemToLayout(sample, label)
    legend.updateSize()
    legend.setParentItem(item.vb)
    item.legend = legend
    return legend
