"""Command-line entry points: ``andrea-train`` (:mod:`.train`, headless) and ``andrea-desktop``
(:mod:`.desktop`, the GUI). Both drive the same trainer (DESIGN §3, §4).

Neither module imports Qt at import time, and :mod:`.train` never imports the GUI.
"""

from .desktop import desktop_main
from .train import train_main

__all__ = ["train_main", "desktop_main"]
