"""The Terrain panel's Compute button: the newest checkpoint's terrain, computed on a worker
thread (:func:`andrea_desktop.core.terrain_jobs.compute_newest`) so the window stays live."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal

from ...core.terrain_jobs import compute_newest

__all__ = ["TerrainComputeThread"]

log = logging.getLogger(__name__)


class TerrainComputeThread(QThread):
    """One terrain computation of ``run_dir``'s newest checkpoint.

    Signals
    -------
    computed(object)
        The :class:`~andrea_desktop.core.rundir.terrain.TerrainResult`, or ``None`` when the run
        has no checkpoint yet.
    failed(str)
        Why it could not be computed.
    """

    computed = Signal(object)
    failed = Signal(str)

    def __init__(self, run_dir: str | Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run_dir = Path(run_dir)
        self.setObjectName("terrain-compute")

    def run(self) -> None:  # noqa: D401 - QThread entry point
        try:
            result = compute_newest(self.run_dir, cancel=self.isInterruptionRequested)
        except Exception as exc:  # any failure is reported to the panel, never raised into Qt
            log.warning("terrain of %s: %s", self.run_dir, exc)
            self.failed.emit(str(exc) or type(exc).__name__)
            return
        self.computed.emit(result)
