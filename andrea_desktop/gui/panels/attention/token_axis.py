"""Labels that keep their place: an axis that thins its tick labels so they never overlap, and a
one-line label that elides instead of widening its dock.

Both serve the attention panel (token labels of a 64-token probe, the enlarged head's title and
hover line), and neither knows about attention.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["LABEL_GAP", "ElidedLabel", "ThinnedAxis", "label_step"]

LABEL_GAP = 4.0
"""Pixels kept free between two neighbouring tick labels."""

log = logging.getLogger(__name__)


@functools.cache
def _say_no_tick_levels() -> None:
    """Say once that this pyqtgraph's axes have no ``_tickLevels`` (tests/test_pyqtgraph_private_fields.py
    fails on such a pyqtgraph): token labels are then drawn unthinned."""
    log.warning("pyqtgraph %s: AxisItem has no _tickLevels; token labels are not thinned", pg.__version__)


def label_step(centres: Sequence[float], extents: Sequence[float], gap: float = LABEL_GAP) -> int:
    """The smallest k such that labels 0, k, 2k, … do not overlap.

    Parameters
    ----------
    centres
        Each label's centre along the axis, in pixels, in tick order (ascending or descending).
    extents
        Each label's size along the axis, in pixels (its text width on a horizontal axis, its line
        height on a vertical one).
    gap
        Pixels to keep free between two drawn labels.

    Returns
    -------
    k ≥ 1; ``len(centres)`` (only the first label) when no step fits.
    """
    n = len(centres)
    for k in range(1, max(n, 1)):
        if all(abs(centres[i + k] - centres[i]) >= (extents[i] + extents[i + k]) / 2 + gap
               for i in range(0, n - k, k)):
            return k
    return max(n, 1)


class ThinnedAxis(pg.AxisItem):
    """An axis of named ticks (``setTicks``) that draws every k-th label of the first tick level,
    k the smallest step at which no two drawn labels overlap at the current zoom and size.

    Every tick keeps its mark and its entry in ``_tickLevels`` (the labels not drawn are named
    elsewhere: the attention panel's hover line). The step is chosen each time pyqtgraph lays the
    axis out, so a resize or a zoom thins or thickens the labels at once.
    """

    def __init__(self, orientation: str, gap: float = LABEL_GAP, **kwargs) -> None:
        super().__init__(orientation, **kwargs)
        self.gap = gap
        self.step = 1  # the step of the labels drawn last

    def _pixels_per_unit(self) -> float | None:
        vb = self.linkedView()
        if vb is None:
            return None
        (x0, x1), (y0, y1) = vb.viewRange()
        if self.orientation in ("top", "bottom"):
            return vb.width() / (x1 - x0) if x1 != x0 and vb.width() > 1 else None
        return vb.height() / (y1 - y0) if y1 != y0 and vb.height() > 1 else None

    def generateDrawSpecs(self, p: QPainter):  # noqa: N802 (pyqtgraph's name)
        if "_tickLevels" not in vars(self):  # another pyqtgraph: its labels drawn as it draws them
            _say_no_tick_levels()
            return super().generateDrawSpecs(p)
        levels = self._tickLevels
        scale = self._pixels_per_unit()
        if not levels or not levels[0] or scale is None:
            return super().generateDrawSpecs(p)
        font = self.style.get("tickFont") or p.font()
        fm = QFontMetricsF(font)
        major = levels[0]
        horizontal = self.orientation in ("top", "bottom")
        centres = [v * scale for v, _ in major]
        extents = [max(fm.horizontalAdvance(s), p.boundingRect(QRectF(0, 0, 100, 100),
                                                               Qt.AlignmentFlag.AlignCenter, s).width())
                   if horizontal else fm.height() for _, s in major]
        self.step = label_step(centres, extents, self.gap)
        if self.step == 1:
            return super().generateDrawSpecs(p)
        thinned = [(v, s if i % self.step == 0 else "") for i, (v, s) in enumerate(major)]
        self._tickLevels = [thinned, *levels[1:]]
        try:
            return super().generateDrawSpecs(p)
        finally:
            self._tickLevels = levels


class ElidedLabel(QLabel):
    """A one-line plain-text label that takes the width its layout gives and never asks for more:
    it draws its text elided at the right, with the whole text as its tooltip when it is cut.

    ``text()`` stays the whole text. Its size policy ignores the text's width, so a longer text (a
    head with a role, a hover over a long token) never widens the dock it is in.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._sync_tip()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self._sync_tip()

    def elided(self) -> bool:
        """Whether the text is cut at the label's width now."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def _sync_tip(self) -> None:
        self.setToolTip(self.text() if self.elided() else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._sync_tip()

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        hint.setWidth(1)
        return hint

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        box = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, box.width())
        self.style().drawItemText(painter, box, int(self.alignment()), self.palette(), self.isEnabled(), shown,
                                  self.foregroundRole())
        painter.end()
