"""Command-line entry points: ``andrea-train`` (:mod:`.train`, headless) and ``andrea-desktop``
(:mod:`.desktop`, the GUI). Both drive the same trainer (DESIGN §3, §4).

Neither module imports Qt at import time, and :mod:`.train` never imports the GUI. The entry
points are imported on first use: ``andrea-desktop`` installs its signal handlers before torch
is imported (seconds), so importing this package must not import :mod:`.train`.
"""

from __future__ import annotations

import importlib

__all__ = ["train_main", "desktop_main"]

_WHERE = {"train_main": ".train", "desktop_main": ".desktop"}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
