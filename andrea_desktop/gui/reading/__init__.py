"""The reading panes' contents: each panel's geometric reading (:mod:`.texts`) and, for the
attention, embedding, mixture, loss, learning-rate and terrain panels, a live worked example
(:mod:`.examples`, :mod:`.loss_examples`).

:func:`reading_pane` wraps a panel for its dock (the main window calls it when it builds the
docks); the panels themselves know nothing of their readings.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from .examples import QtAttentionExample, QtEmbeddingExample, QtRegionExample
from .loss_examples import QtBowlExample, QtLossExample, QtLrExample
from .pane import QtReadingPane
from .texts import READINGS, reading_html

__all__ = ["EXAMPLES", "READINGS", "reading_html", "reading_pane"]

EXAMPLES: dict[str, Callable[[], QWidget]] = {
    "attentionDock": QtAttentionExample,
    "embeddingDock": QtEmbeddingExample,
    "simplexDock": QtRegionExample,
    "lossDock": QtLossExample,
    "lrDock": QtLrExample,
    "terrainDock": QtBowlExample,
}
"""Dock object name: the worked example its pane shows."""


def reading_pane(panel: QWidget, name: str) -> QWidget:
    """``panel`` with its "How to read this" pane (``name``: the dock's object name); the panel
    itself when there is no reading for ``name``."""
    if name not in READINGS:
        return panel
    return QtReadingPane(panel, name, reading_html(name), EXAMPLES.get(name))
