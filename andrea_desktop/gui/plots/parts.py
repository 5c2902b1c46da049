"""A :class:`pyqtgraph.PlotDataItem`'s line or symbols replaced by our own item (the cheaper
2-px line of :mod:`.wide_line`, the one-style symbols of :mod:`.points`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg

__all__ = ["swap_part"]


def swap_part(item: pg.PlotDataItem, attr: str, new, links: Sequence[tuple[str, Callable]], below=None):
    """Put ``new`` in place of ``item.<attr>`` (``"curve"`` or ``"scatter"``) and return it.

    ``new`` takes the old part's place among the item's children (or goes under ``below``), its
    signals named in ``links`` are connected to their slots (and the old part's disconnected), the
    item hands it its style and data (``updateItems``), and it stays hidden if the old part was.
    Call it right after the item's construction. Relies on pyqtgraph's ``PlotDataItem.curve`` /
    ``.scatter`` attributes and ``updateItems(styleUpdate=True)``.
    """
    old = getattr(item, attr)
    new.setParentItem(item)
    new.stackBefore(below if below is not None else old)
    for signal, slot in links:
        getattr(new, signal).connect(slot)
        getattr(old, signal).disconnect(slot)
    old.setParentItem(None)
    if old.scene() is not None:
        old.scene().removeItem(old)
    setattr(item, attr, new)
    item.updateItems(styleUpdate=True)
    if not old.isVisible():
        new.hide()
    return new
