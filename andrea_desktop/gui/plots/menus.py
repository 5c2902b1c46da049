"""Plots whose context menu is built when it is first opened.

pyqtgraph builds every plot's view-box context menu (``ViewBoxMenu``: the X and Y axis forms,
mouse modes, "View All") when the plot is made: about 5 ms of a plot's ~20 ms, and the main window
makes 21 plots. Most are never right-clicked, so :class:`LazyMenuViewBox` builds its menu at the
first right-click (or the first time a parent asks for its menu's actions); what the menu shows is
the same, read from the view's state at that moment.
"""

from __future__ import annotations

import pyqtgraph as pg

__all__ = ["LazyMenuViewBox", "plot_widget"]


class LazyMenuViewBox(pg.ViewBox):
    """A :class:`pyqtgraph.ViewBox` that builds its context menu at first use.

    ``enableMenu`` keeps pyqtgraph's meaning (``menuEnabled()`` answers it from the start); only
    the menu object (``self.menu``) stays ``None`` until :meth:`getMenu` or :meth:`getContextMenus`
    needs it. Relies on pyqtgraph's ``ViewBox.menu``, ``state["enableMenu"]`` and
    ``_applyMenuEnabled`` (guarded by ``tests/test_pyqtgraph_private_fields.py``)."""

    def __init__(self, *args, enableMenu: bool = True, **kwargs) -> None:
        super().__init__(*args, enableMenu=False, **kwargs)
        self.state["enableMenu"] = enableMenu

    def _build_menu(self) -> None:
        if self.menu is None and self.menuEnabled():
            self._applyMenuEnabled()  # pyqtgraph's own: the menu, then the linked-view lists

    def getMenu(self, ev):
        self._build_menu()
        return super().getMenu(ev)

    def getContextMenus(self, event):
        self._build_menu()
        return super().getContextMenus(event)


def plot_widget(**kwargs) -> pg.PlotWidget:
    """``pg.PlotWidget(**kwargs)`` on a :class:`LazyMenuViewBox`."""
    return pg.PlotWidget(viewBox=LazyMenuViewBox(), **kwargs)
