"""File → Export of the window's run: its metrics as CSV or TensorBoard event files, its newest
weights, its newest checkpoint as a Hugging Face model folder (texts: context ``RunExports``).
A part of :class:`~andrea_desktop.gui.run.controller.RunController` (its ``exports``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog

from ...core.hf.export import export_hf
from ...core.rundir.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
    export_tensorboard,
)
from ...core.rundir.layout import MODEL_FILE
from ...core.rundir.store import StoreError
from ..window.notices import Icon

if TYPE_CHECKING:
    from .controller import RunController

__all__ = ["RunExports"]


class RunExports:
    """File → Export: the run's metrics as CSV or TensorBoard event files, its newest weights,
    its newest checkpoint as a Hugging Face model folder (texts: context ``RunExports``)."""

    def __init__(self, runs: RunController) -> None:
        self.runs = runs

    @property
    def window(self):
        """The dialogs' parent widget (the controller's Qt parent)."""
        return self.runs.parent()

    def metrics_csv(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path, _ = QFileDialog.getSaveFileName(self.window, qt.translate("RunExports", "Export metrics"),
                                              str(run / "metrics.csv"), qt.translate("RunExports", "CSV table (*.csv)"))
        if path:
            self._export(lambda: export_metrics_csv(run, path),
                         qt.translate("RunExports", "Metrics written to {path}").format(path=path))

    def tensorboard(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path = QFileDialog.getExistingDirectory(self.window, qt.translate("RunExports", "Export TensorBoard event files to"),
                                                str(run))
        if path:
            self._export(lambda: export_tensorboard(run, path),
                         qt.translate("RunExports", "TensorBoard event files written to {path}").format(path=path))

    def weights(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path, _ = QFileDialog.getSaveFileName(self.window, qt.translate("RunExports", "Export weights"),
                                              str(run / MODEL_FILE), "safetensors (*.safetensors)")
        if path:
            self._export(lambda: export_checkpoint_weights(run, path),
                         qt.translate("RunExports", "Weights of the newest checkpoint written to {path}").format(path=path))

    def hf_folder(self) -> None:
        """The newest checkpoint as a ``transformers`` GPT2LMHeadModel folder
        (:func:`andrea_desktop.core.hf.export.export_hf`)."""
        run, qt = self.runs.run_dir, QCoreApplication
        path = QFileDialog.getExistingDirectory(
            self.window, qt.translate("RunExports", "Export a Hugging Face model folder to (an empty folder)"),
            str(run.parent))
        if path:
            self._export(lambda: export_hf(run, path),
                         qt.translate("RunExports", "Hugging Face model folder of the newest checkpoint written to "
                                                    "{path}").format(path=path))

    def _export(self, func, done: str) -> None:
        qt = QCoreApplication
        try:
            func()
        except (ExportError, StoreError) as exc:
            self.runs.notices.show_message(qt.translate("RunExports", "Export failed"), str(exc), Icon.Warning)
        except OSError as exc:
            self.runs.notices.show_message(
                qt.translate("RunExports", "Export failed"),
                qt.translate("RunExports", "{error}\n\nChoose another folder or file name.").format(error=exc),
                Icon.Warning)
        else:
            self.runs.status_message.emit(done, 8000)
