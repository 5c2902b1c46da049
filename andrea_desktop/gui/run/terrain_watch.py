"""The terrain results that land in the shown run's folder, fed into its run model.

Terrain results reach a run folder from outside the window's data path: the training thread's
automatic jobs (a worker process), the Compute button's thread, ``andrea-terrain`` run by hand,
another process that trains a followed run. :class:`TerrainWatch` watches the folder
(:class:`~andrea_desktop.gui.common.folder_watch.FolderWatch`, which polls where the system gives
no watch) and hands what is new to the model through
:class:`~andrea_desktop.core.viewmodels.sources.TerrainFiles`; the Terrain panel only draws the
model. A live, reopened or followed run is watched the same way.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ...core.rundir.layout import TERRAIN_DIR
from ...core.viewmodels.run_model import RunModel
from ...core.viewmodels.sources import TerrainFiles
from ..common.folder_watch import POLL_S, FolderWatch

__all__ = ["TerrainWatch"]


class TerrainWatch(QObject):
    """Reads a run's new terrain results (``terrain/<step>.npz``) into its model whenever that
    folder changes: the run's ``terrain/`` folder once it exists, the run folder until then (for
    its creation).

    Parameters
    ----------
    parent
        The owning QObject.
    poll_s
        Seconds between looks where the folder cannot be watched.
    """

    def __init__(self, parent: QObject | None = None, poll_s: float = POLL_S) -> None:
        super().__init__(parent)
        self.model: RunModel | None = None
        self._files: TerrainFiles | None = None
        self.folder_watch = FolderWatch(self, poll_s)
        self.folder_watch.changed.connect(self.read)

    def set_model(self, model: RunModel | None) -> None:
        """Feed ``model`` from now on (its ``run_dir``; None, or a model without a folder: nothing
        is watched), and read the results already there."""
        self.model = model
        run_dir = model.run_dir if model is not None else None
        self._files = TerrainFiles(run_dir) if run_dir is not None else None
        self.read()

    def read(self) -> bool:
        """Hand the model the results written since the last look (a listing and a read of each
        new file; an unreadable one is logged once and skipped); returns whether one was new."""
        if self._files is None or self.model is None:
            self.folder_watch.watch([])
            return False
        run_dir = self._files.run_dir
        folder = run_dir / TERRAIN_DIR
        self.folder_watch.watch([folder] if folder.is_dir() else [run_dir])
        return self._files.read_into(self.model)

    def close(self) -> None:
        """Stop watching."""
        self.set_model(None)
