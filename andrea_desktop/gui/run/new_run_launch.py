"""Opening the New Run dialog from the window (File > New Run…, New Run from This One…, Start
on a fresh window) and making the run it describes."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QWidget

from ...core.config import Config, CurriculumConfig
from ...core.mixture.walk import WALK_PARAMS
from ...core.rundir.layout import is_run_dir
from ...core.tokens import visible_name
from ..dialogs.new_run.dialog import QtNewRunDialog

__all__ = ["NewRunLauncher"]


class NewRunLauncher(QObject):
    """The window's New Run dialog (one at a time) and what its OK does.

    Parameters
    ----------
    parent
        The Qt parent: the widget the dialog opens over (the main window).
    runs
        The window's :class:`~andrea_desktop.gui.run.controller.RunController` (its run model's
        mixture gives the constraints in force).
    walk_params
        Called with no argument: the walk's parameters in force now (``phase_min``,
        ``warmup_steps``, ... as the curriculum steering has them after pivots); None: the
        open run's config alone. The window wires it (:attr:`walk_params`).
    """

    def __init__(self, parent: QWidget | None, runs, walk_params: Callable[[], dict] | None = None) -> None:
        super().__init__(parent)
        self.runs = runs
        self.walk_params: Callable[[], dict] = walk_params or dict
        """The walk's parameters in force now (see the parameter)."""
        self.dialog: QtNewRunDialog | None = None

    def open(self, from_run: bool = False) -> QtNewRunDialog | None:
        """Show the dialog (None while this window trains). ``from_run``: the open run's
        settings are the starting point (New Run from This One)."""
        from .controller import default_run_dir  # the controller imports this module

        runs = self.runs
        if runs.driver is not None and runs.driver.busy:
            return None
        self.close()
        base: Config | None = None
        label = ""
        if from_run and runs.run_config is not None:
            base = runs.run_config
            label = QCoreApplication.translate("NewRunLauncher", "{run}'s settings").format(run=visible_name(runs.run_dir.name))
        elif runs.new_run_config is not None and not is_run_dir(runs.run_dir):
            base = runs.new_run_config
            label = QCoreApplication.translate("NewRunLauncher", "the settings given at start")
        dlg = QtNewRunDialog(self.parent(), preset=runs.preset, base=base, base_label=label,
                             max_steps=runs.max_steps, run_curriculum=self._run_curriculum(),
                             default_name=lambda preset: default_run_dir(preset).name)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.accepted.connect(lambda d=dlg: self._create(d))
        dlg.finished.connect(lambda _r, d=dlg: self._forget(d))
        self.dialog = dlg
        dlg.open()
        return dlg

    def _run_curriculum(self) -> CurriculumConfig | None:
        """The open run's curriculum as its dialog (Ctrl+E) has it now: the constraints in force
        and the walk's parameters; None without a curriculum."""
        runs = self.runs
        cfg = runs.info.config if runs.info is not None else runs.run_config
        if cfg is None or not cfg.curriculum.enabled or not is_run_dir(runs.run_dir):
            return None
        change = {k: v for k, v in self.walk_params().items() if k in WALK_PARAMS}
        region = runs.model.mixture.current_region
        if region:
            c = region[0]
            change.update(floors=dict(c.get("floors", {})), caps=dict(c.get("caps", {})),
                          excluded=list(c.get("excluded", [])), warmup_sources=list(c.get("warmup_sources", [])))
        return dataclasses.replace(cfg.curriculum, **change)

    def _create(self, dlg: QtNewRunDialog) -> None:
        """OK: the window shows the new run (its folder is made when it starts); Start now
        ticked: it trains at once."""
        cfg = dlg.config()
        if cfg is None:  # pragma: no cover - OK is disabled then
            return
        runs = self.runs
        runs.new_run_config = cfg
        runs.max_steps = dlg.max_steps()
        runs.set_run(dlg.run_dir(), cfg.run.preset)
        if dlg.start_now.isChecked():
            runs.start_training()

    def _forget(self, dlg: QtNewRunDialog) -> None:
        if self.dialog is dlg:
            self.dialog = None

    def close(self) -> None:
        """Close an open dialog (its trial steps end first)."""
        if self.dialog is not None:
            self.dialog.reject()
