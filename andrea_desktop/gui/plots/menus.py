"""Plots whose context menu is built when it is first opened, and that report what a paint costs.

pyqtgraph builds every plot's view-box context menu (``ViewBoxMenu``: the X and Y axis forms,
mouse modes, "View All") when the plot is made: about 5 ms of a plot's ~20 ms, and the main window
makes 21 plots. Most are never right-clicked, so :class:`LazyMenuViewBox` builds its menu at the
first right-click (or the first time a parent asks for its menu's actions); what the menu shows is
the same, read from the view's state at that moment.

:class:`PlotView` (what :func:`plot_widget` makes) tells its listeners the GUI thread's CPU time of
each paint: a :class:`~andrea_desktop.gui.plots.pacing.RedrawPacer` counts it in what a redraw
costs, to space the redraws while training.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pyqtgraph as pg

__all__ = ["LazyMenuViewBox", "PlotView", "plot_widget"]


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


class PlotView(pg.PlotWidget):
    """A :class:`pyqtgraph.PlotWidget` that reports each paint's cost.

    Attributes
    ----------
    paint_listeners
        Called after each paint with the CPU seconds it took on the GUI thread
        (``time.thread_time``: the time Python and Qt held the thread, not the wall time).
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.paint_listeners: list[Callable[[float], None]] = []

    def paintEvent(self, ev) -> None:  # noqa: N802 (Qt's name)
        if not self.paint_listeners:
            super().paintEvent(ev)
            return
        t0 = time.thread_time()
        super().paintEvent(ev)
        spent = time.thread_time() - t0
        for listener in self.paint_listeners:
            listener(spent)


def plot_widget(**kwargs) -> PlotView:
    """``pg.PlotWidget(**kwargs)`` on a :class:`LazyMenuViewBox` (a :class:`PlotView`)."""
    return PlotView(viewBox=LazyMenuViewBox(), **kwargs)
