"""Command-line entry points: ``andrea-train`` (:mod:`.train`, headless) and ``andrea-desktop``
(:mod:`.desktop`, the GUI), which drive the same trainer (docs/design.md#one-trainer-two-drivers, docs/design.md#commands), and
``andrea-export-hf`` (:mod:`.export_hf`: a checkpoint as a Hugging Face model folder).

None of them imports Qt at import time; :mod:`.train` and :mod:`.export_hf` never import the GUI. The entry
points are imported on first use: ``andrea-desktop`` installs its signal handlers before torch
is imported (seconds), so importing this package must not import :mod:`.train`.
"""

from __future__ import annotations

import importlib

__all__ = ["train_main", "desktop_main", "export_hf_main"]

_WHERE = {"train_main": ".train", "desktop_main": ".desktop", "export_hf_main": ".export_hf"}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
