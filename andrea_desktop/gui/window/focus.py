"""Keyboard focus that gives the window's shortcuts back (Space pauses and resumes) once the user
is done with a text field: after Enter or Escape in it, when it is hidden or its dock's tab is
switched away (Qt moves a tabbed dock off screen rather than hiding it), or after a click on something that takes no focus (the status bar, a panel's
background). While the field is being typed in, Space types a space.

The application-wide event filter is installed only while one of the window's text fields has
the focus, so the window pays nothing for it the rest of the time.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["FocusRelease", "is_text_field"]

_DONE_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape)


def is_text_field(w) -> bool:
    """A widget that takes typed text (so Space types a space in it): an editable line edit,
    spin box or text edit (an editable combo box's line edit included)."""
    if isinstance(w, (QLineEdit, QAbstractSpinBox)):
        return not w.isReadOnly()
    if isinstance(w, (QTextEdit, QPlainTextEdit)):
        return not w.isReadOnly()
    return False


def _takes_click_focus(w: QWidget) -> bool:
    """A click on ``w`` moves the focus (Qt gives it to ``w`` or the first ancestor that takes
    focus by a click)."""
    while w is not None and not w.isWindow():
        if w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.ClickFocus:
            return True
        w = w.parentWidget()
    return False


class FocusRelease(QObject):
    """Releases the focus from the text fields of its parent's window when the user is done
    with them.

    Parameters
    ----------
    parent
        The Qt parent: the top-level widget whose text fields are watched (text fields of
        dialogs and popups are left alone: Enter there is the dialog's). Only compared with
        the window a widget is in.
    docks
        The docks whose hiding (or tab switch) releases a text field in them.
    """

    def __init__(self, parent: QWidget, docks: Iterable[QDockWidget]) -> None:
        super().__init__(parent)
        self.field: QWidget | None = None
        """The window's text field that has the focus now (the filter is installed meanwhile)."""
        app = QApplication.instance()
        app.focusChanged.connect(self._on_focus_changed)
        for dock in docks:
            dock.visibilityChanged.connect(lambda shown, d=dock: self._on_dock_shown(d, shown))
        self._on_focus_changed(None, QApplication.focusWidget())

    def _top(self) -> QWidget:
        """The top-level widget whose text fields are watched (the Qt parent)."""
        return self.parent()

    def _on_dock_shown(self, dock: QDockWidget, shown: bool) -> None:
        if not shown and self.field is not None and dock.isAncestorOf(self.field):
            self.release()

    def _on_focus_changed(self, _old, new) -> None:
        field = new if is_text_field(new) and new.window() is self._top() else None
        app = QApplication.instance()
        if field is not None and self.field is None:
            app.installEventFilter(self)
        elif field is None and self.field is not None:
            app.removeEventFilter(self)
        self.field = field

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 -- Qt override
        t = event.type()
        field = self.field
        if field is None:
            return False
        if t == QEvent.Type.KeyPress and event.key() in _DONE_KEYS:
            # the field (or its completion list) takes the key first: returnPressed, editingFinished
            if obj is field or (isinstance(obj, QWidget) and obj.window() is not self._top()):
                QTimer.singleShot(0, self, self.release)
        elif t == QEvent.Type.MouseButtonPress:
            if isinstance(obj, QWidget) and obj.window() is self._top() and obj is not field \
                    and not field.isAncestorOf(obj) and not _takes_click_focus(obj):
                self.release()
        elif t == QEvent.Type.Hide and isinstance(obj, QWidget) and (obj is field or obj.isAncestorOf(field)):
            QTimer.singleShot(0, self, self.release)
        return False

    def release(self) -> None:
        """Take the focus from the text field (the window keeps it: its shortcuts work)."""
        field = self.field
        if field is not None and QApplication.focusWidget() is field:
            field.clearFocus()
