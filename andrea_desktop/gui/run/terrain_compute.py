"""The terrain jobs the window asks for and watches: the Terrain panel's Compute button (the
newest checkpoint's terrain, computed on a worker thread by
:func:`andrea_desktop.core.terrain_jobs.compute_newest` so the window stays live), the progress of
the training thread's automatic job (fed into the run model) and the panel's Cancel."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal

from ...core.terrain_jobs import compute_newest

__all__ = ["TerrainComputeThread", "QtTerrainJobs"]

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


class QtTerrainJobs(QObject):
    """The window's terrain jobs: Compute now, the automatic job's progress, Cancel.

    Parameters
    ----------
    parent
        The owning QObject (the window).
    runs
        The run controller (``run_dir``, ``prepared``, ``driver``).
    panel
        The Terrain panel (``compute_requested``, ``cancel_requested``, ``set_busy``).
    model
        Returns the run model shown now (results and the job's progress go there).

    Signals
    -------
    status_message(str, int)
        A message for the status bar and its time-out in ms.
    """

    status_message = Signal(str, int)

    def __init__(self, parent: QObject, runs, panel, model) -> None:
        super().__init__(parent)
        self.runs, self.panel, self._model = runs, panel, model
        self.thread: TerrainComputeThread | None = None
        panel.compute_requested.connect(self.compute)
        panel.cancel_requested.connect(self.cancel)
        runs.prepared.connect(self._on_run_prepared)

    @property
    def busy(self) -> bool:
        """A Compute-now computation is under way."""
        return self.thread is not None

    def _worker(self):
        """The training thread of the run shown, if it trains here."""
        driver = self.runs.driver
        return getattr(driver, "worker", None) if driver is not None else None

    def _on_run_prepared(self, _info) -> None:
        """A run starts training here: its automatic job's progress goes into its model."""
        signal = getattr(self._worker(), "terrain_job", None)
        if signal is not None:  # once per training thread, however often its run is prepared
            signal.connect(self._on_job_status, Qt.ConnectionType.UniqueConnection)

    def _on_job_status(self, status) -> None:
        self._model().set_terrain_job(status)

    def compute(self) -> None:
        """The Terrain panel's Compute button: the newest checkpoint's terrain, on a worker thread;
        the panel shows it when it is done."""
        if self.thread is not None or not self.runs.run_dir.parts:
            return
        thread = TerrainComputeThread(self.runs.run_dir, self)
        self.thread = thread
        thread.computed.connect(self._on_computed)
        thread.failed.connect(self._on_failed)
        thread.finished.connect(self._on_finished)
        self.panel.set_busy(True)
        thread.start(QThread.Priority.LowestPriority)

    def cancel(self) -> None:
        """The panel's Cancel: the Compute-now computation, or the training thread's job."""
        if self.thread is not None:
            self.thread.requestInterruption()
            return
        worker = self._worker()
        if hasattr(worker, "cancel_terrain"):
            worker.cancel_terrain()
            self.status_message.emit(QCoreApplication.translate(
                "QtTerrainJobs", "Terrain job cancelled: the parts already computed stay"), 5000)

    def _on_computed(self, result) -> None:
        thread = self.thread
        if result is None:
            self.status_message.emit(QCoreApplication.translate(
                "QtTerrainJobs", "Terrain: the run has no checkpoint yet"), 5000)
        elif thread is not None and thread.run_dir == self.runs.run_dir:
            self._model().add_terrain([result])

    def _on_failed(self, message: str) -> None:
        self.status_message.emit(QCoreApplication.translate(
            "QtTerrainJobs", "Terrain not computed: {message}").format(message=message), 10000)

    def _on_finished(self) -> None:
        thread, self.thread = self.thread, None
        self.panel.set_busy(False)
        if thread is not None:
            thread.deleteLater()

    def stop(self) -> None:
        """Cancel a Compute-now computation and wait for its thread (on close)."""
        thread = self.thread
        if thread is not None:
            thread.requestInterruption()
            thread.wait()
