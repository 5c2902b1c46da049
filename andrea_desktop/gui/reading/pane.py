"""A panel with its "How to read this" pane: the documents' geometric reading of the picture, in a
few sentences, and (for some panels) a worked example computed live.

The main window puts each panel in a :class:`QtReadingPane` when it builds the panel's dock, so
the panels themselves know nothing of it. The pane is collapsed at first and remembers, per
panel, whether the user left it open (QSettings ``readingpanes/<dock name>/expanded``).

Expanding the pane never resizes the dock: the pane shares the panel's space through a splitter
(beside a wide panel, under a tall one) and scrolls its contents, so its minimum size is tiny.
It scrolls down, not sideways: where the panel cannot spare the width of the text and the
example beside it, the pane goes under the panel (in a short dock too).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QSettings, QSize, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..common.app_settings import save as save_settings

__all__ = ["QtReadingPane", "settings_key"]

PANE_SHARE = 0.42
"""Part of the panel's space the pane takes when it opens (the splitter lets the user change it)."""
PANE_MAX = 380
"""Largest size in pixels the pane takes when it opens beside or under the panel."""


def settings_key(name: str) -> str:
    """The QSettings key that remembers whether the pane of dock ``name`` is open."""
    return f"readingpanes/{name}/expanded"


def _as_bool(value) -> bool:
    """A QSettings value as a bool (the INI back-end gives ``"true"``); anything else is False."""
    if isinstance(value, bool):
        return value
    return isinstance(value, str) and value.strip().lower() in ("true", "1")


MIN_BELOW = 160
"""Pixels a pane needs to go under its panel when it could also stay beside it (narrower)."""
MIN_SHORT = 80
"""Pixels of height a panel must spare for a pane that cannot stay beside it without scrolling
sideways (a short dock: the pane goes under the panel and scrolls down)."""


class QtReadingPane(QWidget):
    """``panel`` with a collapsible reading pane.

    Parameters
    ----------
    panel
        The panel (it keeps its object name and signals; the pane never touches it).
    name
        A stable name for the settings key (the dock's object name).
    html
        The reading, rich text (translated by the caller).
    example
        Builds the worked-example widget the first time the pane opens (None: text only).

    Attributes
    ----------
    button
        The "How to read this" toggle (checked while the pane is open).
    body
        The pane itself: a scroll area holding ``text`` (the reading) and, once built,
        ``example``; both are made when the pane first opens or either is first read (a pane
        never opened costs a button and a splitter).
    splitter
        Panel and pane; horizontal while the panel is wider than tall, vertical otherwise.
    """

    def __init__(self, panel: QWidget, name: str, html: str,
                 example: Callable[[], QWidget] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Reading")
        self.panel, self.name = panel, name
        self._make_example = example
        self.example: QWidget | None = None
        self._placed = False  # the splitter has been sized since the pane last opened
        self._placed_as = Qt.Orientation.Horizontal  # the orientation the window's shape asked for then

        self._html = html
        self._text: QLabel | None = None
        self._body: QScrollArea | None = None  # made when first opened or asked for (`body`)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("readingSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(panel)
        self.splitter.setStretchFactor(0, 1)

        self.button = QToolButton()
        self.button.setObjectName("readingButton")
        self.button.setText(QCoreApplication.translate("ReadingPane", "How to read this"))
        self.button.setToolTip(QCoreApplication.translate(
            "ReadingPane", "What this picture means, with a worked example where there is one"))
        self.button.setCheckable(True)
        self.button.setAutoRaise(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setArrowType(Qt.ArrowType.RightArrow)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space stays the window's
        font = self.button.font()
        font.setPointSizeF(max(font.pointSizeF() - 1, 7))
        self.button.setFont(font)
        self.button.toggled.connect(self._on_toggled)
        bar = QHBoxLayout()
        bar.setContentsMargins(2, 0, 2, 0)
        bar.addStretch(1)
        bar.addWidget(self.button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(bar)

        if _as_bool(QSettings().value(settings_key(name), False)):
            self.button.setChecked(True)

    # ------------------------------------------------------------------ the pane's contents
    @property
    def body(self) -> QScrollArea:
        """The pane: a scroll area holding :attr:`text` (and the example once built), made the
        first time it is needed (the pane opens, or something reads it) and hidden until opened."""
        if self._body is None:
            self._make_body()
        return self._body

    @property
    def text(self) -> QLabel:
        """The reading (a rich-text label in :attr:`body`)."""
        if self._text is None:
            self._make_body()
        return self._text

    def _make_body(self) -> None:
        # Made on demand: a window has eight panes, nearly always closed, and laying out a
        # word-wrapped rich-text label in a resizable scroll area costs ~15 ms each.
        self._text = text = QLabel(self._html)
        text.setObjectName("readingText")
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        inner = QWidget()
        inner.setObjectName("readingInner")
        self._inner_layout = QVBoxLayout(inner)
        self._inner_layout.setContentsMargins(8, 6, 8, 6)
        self._inner_layout.setSpacing(8)
        self._inner_layout.addWidget(text)
        self._inner_layout.addStretch(1)
        self._body = body = QScrollArea()
        body.setObjectName("readingPane")
        body.setWidget(inner)
        body.setWidgetResizable(True)
        body.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)  # a narrow pane: the example scrolls
        body.setFrameShape(QFrame.Shape.StyledPanel)
        body.setMinimumSize(QSize(1, 1))  # opening the pane never raises the dock's minimum
        body.hide()
        self.splitter.addWidget(body)
        self.splitter.setStretchFactor(1, 0)

    # ------------------------------------------------------------------ state
    @property
    def expanded(self) -> bool:
        """Whether the pane is open."""
        return self.button.isChecked()

    def set_expanded(self, expanded: bool) -> None:
        """Open or close the pane (as a click on the button does); remembered for the next start."""
        self.button.setChecked(bool(expanded))

    def _on_toggled(self, expanded: bool) -> None:
        self.button.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        body = self.body  # made the first time the pane opens
        if expanded and self.example is None and self._make_example is not None:
            self.example = self._make_example()
            self.example.setObjectName(self.example.objectName() or "readingExample")
            rule = QFrame()
            rule.setFrameShape(QFrame.Shape.HLine)
            rule.setFrameShadow(QFrame.Shadow.Sunken)
            self._inner_layout.insertWidget(1, rule)
            self._inner_layout.insertWidget(2, self.example)
        body.setVisible(expanded)
        self._placed = False
        if expanded:
            self._place()
        save_settings({settings_key(self.name): expanded})

    # ------------------------------------------------------------------ geometry
    def _orientation(self) -> Qt.Orientation:
        if getattr(self.panel, "READING_BELOW", False):  # a table whose columns need the width
            return Qt.Orientation.Vertical
        wide = self.width() >= self.height()
        return Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical

    def _place(self) -> None:
        """Beside a wide panel, under a tall one; the pane takes PANE_SHARE, at most PANE_MAX px."""
        orientation = self._orientation()
        self.splitter.setOrientation(orientation)
        total = (self.splitter.width() if orientation == Qt.Orientation.Horizontal
                 else self.splitter.height()) - self.splitter.handleWidth()
        if total <= 2 or not self.isVisible():
            return
        pane = min(int(total * PANE_SHARE), PANE_MAX)
        if orientation == Qt.Orientation.Horizontal:
            # the text and the example at their full width (no sideways scrolling); when the panel
            # cannot spare that, the pane goes under it, where it has the panel's whole width
            need = (self.body.widget().minimumSizeHint().width() + 2 * self.body.frameWidth()
                    + self.body.verticalScrollBar().sizeHint().width())
            least = self.panel.minimumSize().expandedTo(self.panel.minimumSizeHint())  # as the splitter keeps it
            spare = total - least.width()
            below = self.splitter.height() - self.splitter.handleWidth()
            room = below - least.height()  # what the panel can spare in height
            under = min(int(below * PANE_SHARE), PANE_MAX)
            if spare < need and (under >= MIN_BELOW or room >= MIN_SHORT):
                # under the panel: a short dock gives the pane what the panel can spare, at most
                # half (it scrolls down, never sideways)
                self.splitter.setOrientation(Qt.Orientation.Vertical)
                total = below
                pane = max(under, min(MIN_BELOW, room, below // 2))
            else:  # as wide as the panel can spare
                pane = max(pane, min(need, spare))
        self.splitter.setSizes([total - pane, pane])
        self._placed, self._placed_as = True, orientation

    def resizeEvent(self, event) -> None:  # noqa: N802 -- Qt override
        super().resizeEvent(event)
        if self.expanded and (not self._placed or self._orientation() != self._placed_as):
            self._place()

    def showEvent(self, event) -> None:  # noqa: N802 -- Qt override
        super().showEvent(event)
        if self.expanded and not self._placed:  # keep what the user dragged the splitter to
            self._place()
