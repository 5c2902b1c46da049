"""Panels that build their plots when they are first needed (a mixin and the dock wiring).

Creating pyqtgraph plots is most of what a panel costs to make (the Terrain panel's six plots
~0.25 s of CPU, the Attention and Embedding panels' ~0.1 s each), and at the window's start
layout those panels are tabs behind the Mixture dock: nobody sees them until a tab is clicked.
A panel made with ``lazy=True`` keeps its state, its signals and its light controls (text
boxes, scrubbers, labels) from construction, follows its model as before, and creates its plots
only in :meth:`LazyBuild.ensure_built` — which the window calls when the panel's dock is first
shown (:meth:`build_when_shown`), and which anything that needs the plots (an export) calls
first. Building draws what the panel holds, so the first picture is the one a panel built at
once would show.

A tabbed-away dock is moved off screen, not hidden (its widgets get a show event when the window
shows), so the trigger is the dock's ``visibilityChanged(True)``, not the panel's ``showEvent``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QDockWidget

__all__ = ["LazyBuild", "build_when_shown"]

T = TypeVar("T")


class LazyBuild:
    """Mixin of a panel (a ``QWidget``) whose plots are built by :meth:`ensure_built`.

    The panel calls :meth:`_start_building` at the end of its ``__init__`` with its ``lazy``
    argument and implements :meth:`_build`: create the plots, put them in the layout, and draw
    into them what the panel holds (its model, its chosen step). Until then every drawing method
    of the panel leaves the plots alone (they do not exist); what it keeps besides them is kept.
    """

    _built = False

    def _start_building(self, lazy: bool) -> None:
        """The end of the panel's ``__init__``: build now unless ``lazy``."""
        if not lazy:
            self.ensure_built()

    @property
    def is_built(self) -> bool:
        """Whether the panel's plots exist (a panel made with ``lazy=True``: once its dock was
        shown, or something needed them)."""
        return self._built

    def ensure_built(self) -> None:
        """Create the panel's plots now, if they are not there yet, and draw into them what the
        panel shows (a no-op once built). Call it before reaching into the plots of a panel made
        with ``lazy=True``."""
        if self._built:
            return
        self._built = True
        self._build()

    def _build(self) -> None:  # pragma: no cover -- every panel has its own
        raise NotImplementedError

    def when_built(self, get: Callable[[], T]) -> Callable[[], T]:
        """``get`` (which reads a plot) as a function that builds the panel first (an export
        button's target, :func:`~andrea_desktop.gui.common.export.export_button`)."""
        def built() -> T:
            self.ensure_built()
            return get()
        return built


def build_when_shown(panel: LazyBuild, dock: QDockWidget) -> None:
    """Build ``panel`` when ``dock`` (the dock it is in) is first shown: a click on its tab, the
    View menu, or a restored layout in which it is in front when the window shows."""
    def on_visible(shown: bool) -> None:
        if shown:
            panel.ensure_built()
            dock.visibilityChanged.disconnect(on_visible)
    dock.visibilityChanged.connect(on_visible)
