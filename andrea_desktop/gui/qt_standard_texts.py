"""Qt's own standard button texts, listed so that ``pyside6-lupdate`` puts them in our ``.ts`` files.

Qt ships ``qtbase_<lang>.qm`` for Dutch but none for Indonesian, so without these entries the OK,
Cancel, Yes and No buttons of our dialogs and message boxes (``QDialogButtonBox`` and
``QMessageBox`` standard buttons, context ``QPlatformTheme``) stayed English in an Indonesian
window. Qt asks every installed translator for them; ours answers when Qt's own has no answer.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

__all__ = ["STANDARD_BUTTON_TEXTS"]

STANDARD_BUTTON_TEXTS = (
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Reset"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Restore Defaults"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
)
"""The standard buttons' English texts (``QPlatformTheme::defaultStandardButtonText``)."""
