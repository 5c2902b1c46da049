"""Branch from Checkpoint… (Ctrl+B) from the window: the dialog, the branch made on a worker thread
(:func:`~andrea_desktop.core.training.branch.create_branch` copies and verifies a checkpoint,
which can take seconds), then the branch opened in the window ready to Continue, or started."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QApplication, QWidget

from ...core.config import ConfigError
from ...core.training.branch import Branch, create_branch
from ...core.training.errors import RunError
from ..common.i18n import format_number
from ..dialogs.branch.dialog import QtBranchDialog
from ..window.notices import Icon

__all__ = ["BranchLauncher", "BranchThread"]

log = logging.getLogger(__name__)


class BranchThread(QThread):
    """One :func:`create_branch` call off the GUI thread.

    Signals
    -------
    made(object)
        The :class:`~andrea_desktop.core.training.branch.Branch`.
    failed(str)
        Why no branch was made (nothing is left in its folder).
    """

    made = Signal(object)
    failed = Signal(str)

    def __init__(self, parent_dir: Path, run_dir: Path, step: int, overrides: list[str],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branch-create")
        self.parent_dir, self.run_dir, self.step, self.overrides = parent_dir, run_dir, step, list(overrides)

    def run(self) -> None:  # noqa: D401 - QThread entry point
        try:
            branch = create_branch(self.parent_dir, self.run_dir, self.step, overrides=self.overrides)
        except (RunError, ConfigError, OSError) as exc:
            log.warning("branch of %s at step %d not made: %s", self.parent_dir, self.step, exc)
            self.failed.emit(str(exc) or type(exc).__name__)
            return
        except Exception as exc:  # never raised into Qt: reported to the user
            log.exception("branch of %s at step %d", self.parent_dir, self.step)
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.made.emit(branch)


class BranchLauncher(QObject):
    """The window's Branch dialog (one at a time) and what its OK does.

    Parameters
    ----------
    parent
        The Qt parent: the widget the dialog opens over (the main window).
    runs
        The window's :class:`~andrea_desktop.gui.run.controller.RunController` (its ``notices``
        say what went wrong).

    Signals
    -------
    status_message(str, int)
        A line for the status bar and how long it shows (ms; 0: until the next one).
    busy_changed()
        A branch began or ended being made (what the actions allow changed).
    """

    status_message = Signal(str, int)
    busy_changed = Signal()

    def __init__(self, parent: QWidget, runs) -> None:
        super().__init__(parent)
        self.runs = runs
        self.dialog: QtBranchDialog | None = None
        self.thread: BranchThread | None = None
        self._start: tuple[int | None, bool] = (None, False)
        self._shut = False

    def open(self) -> QtBranchDialog | None:
        """Show the dialog for the open run (None while this window trains, a branch is being
        made, or the run has no checkpoint)."""
        runs = self.runs
        if (runs.driver is not None and runs.driver.busy) or self.thread is not None or not runs.has_checkpoint():
            return None
        self.close()
        try:
            dlg = QtBranchDialog(self.parent(), runs.run_dir, runs.max_steps)
        except RunError as exc:
            self.runs.notices.show_message(self.tr("Branch from Checkpoint"), str(exc), Icon.Warning)
            return None
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.accepted.connect(lambda d=dlg: self._create(d))
        dlg.finished.connect(lambda _r, d=dlg: self._forget(d))
        self.dialog = dlg
        dlg.open()
        return dlg

    def _create(self, dlg: QtBranchDialog) -> None:
        """OK: make the branch on a worker thread (a busy cursor meanwhile)."""
        if dlg.config() is None or self.thread is not None:  # pragma: no cover - OK is disabled then
            return
        self._start = (dlg.max_steps(), dlg.start_now.isChecked())
        thread = BranchThread(dlg.parent_dir, dlg.run_dir(), dlg.step(), dlg.overrides(), self)
        thread.made.connect(self._on_made)
        thread.failed.connect(self._on_failed)
        thread.finished.connect(self._on_finished)
        self.thread = thread
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        self.status_message.emit(self.tr("Branching {run} at step {step}…").format(
            run=dlg.parent_dir.name, step=format_number(dlg.step())), 0)
        self.busy_changed.emit()
        thread.start()

    def _on_made(self, branch: Branch) -> None:
        runs = self.runs
        self.status_message.emit(self.tr("Branched {run} at step {step} into {folder}").format(
            run=branch.parent.name, step=format_number(branch.parent.step), folder=branch.run_dir), 8000)
        if self._shut or (runs.driver is not None and runs.driver.busy):  # the window closed meanwhile
            return
        max_steps, start = self._start
        runs.new_run_config = None
        runs.max_steps = max_steps
        runs.set_run(branch.run_dir, None)
        if start:
            runs.start_training()

    def _on_failed(self, message: str) -> None:
        self.status_message.emit("", 0)
        self.runs.notices.show_message(self.tr("Branch not made"), message, Icon.Warning)

    def _on_finished(self) -> None:
        thread, self.thread = self.thread, None
        QApplication.restoreOverrideCursor()
        if thread is not None:
            thread.deleteLater()
        self.busy_changed.emit()

    def _forget(self, dlg: QtBranchDialog) -> None:
        if self.dialog is dlg:
            self.dialog = None

    def busy(self) -> bool:
        """A branch is being made now."""
        return self.thread is not None

    def close(self) -> None:
        """Close an open dialog."""
        if self.dialog is not None:
            self.dialog.reject()

    def shut_down(self) -> None:
        """The window closes: close the dialog and wait for a branch being made (it is kept, not
        opened)."""
        self._shut = True
        self.close()
        if self.thread is not None:
            self.thread.wait()
