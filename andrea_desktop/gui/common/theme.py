"""Colours that follow the desktop's light or dark palette (plots use pyqtgraph's configured
foreground, set from the palette by :func:`andrea_desktop.gui.app.configure_app`)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QApplication

__all__ = ["is_dark", "colour"]

_COLOURS = {  # role: (on a light background, on a dark one)
    "muted": ("#666666", "#A8A8A8"),
    "ok": ("#006400", "#7CCF7C"),
    "error": ("#B00020", "#FF7A7A"),
    "warning": ("#8A5A00", "#E0B050"),
}


def is_dark(app: QApplication | None = None) -> bool:
    """True when the desktop's palette (light or dark theme) has a dark window background."""
    app = app or QApplication.instance()
    return app is not None and app.palette().window().color().lightness() < 128


def colour(role: str) -> str:
    """A CSS colour for ``role``: ``text`` (the plots' foreground), ``muted``, ``ok``, ``warning`` or ``error``."""
    if role == "text":
        return pg.mkColor(pg.getConfigOption("foreground")).name()
    light, dark = _COLOURS[role]
    return dark if is_dark() else light
