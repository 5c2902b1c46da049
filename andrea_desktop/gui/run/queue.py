"""What the window's run queues share (an experiment's runs, a sweep's): a dialog opened over the
window, a status-bar line saying what the queue is doing, the end said once, and the runs dock
set to overlay the queue's runs. The runs themselves are trained through the run controller."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QWidget

__all__ = ["QtRunQueue", "overlay_only"]


def overlay_only(dock, paths: list[Path]) -> None:
    """Check exactly ``paths`` in the runs dock ``dock``: the loss and LR panels overlay them (an
    experiment's or a sweep's runs)."""
    dock.refresh()
    for p in list(dock.table.checked):
        if p not in paths:
            dock.set_checked(p, False)
    for p in paths:
        if p not in dock.table.checked:
            dock.set_checked(p)
    dock.compare.poll()  # the rows written since the last poll (a run just ended wrote its last)


class QtRunQueue(QObject):
    """A queue of runs trained in turn in the window (at most one at a time). The window shows
    :attr:`label` (what the queue is doing) in its status bar.

    Parameters
    ----------
    parent
        The Qt parent: the widget its dialogs open over (the main window).
    runs
        The window's run controller: the runs are made and trained through it.
    runs_dock
        The runs dock (:class:`~andrea_desktop.gui.panels.runs.dock.QtRunsDock`): the runs
        overlaid are checked there.
    notices
        Where a refused queue is said.
    label_name
        The object name of :attr:`label`.

    Signals
    -------
    ended(bool, str)
        The queue ended: every run trained (True) or not; what the status bar says.
    status_message(str, int)
        A line for the status bar and how long it shows (ms).
    """

    ended = Signal(bool, str)
    status_message = Signal(str, int)

    def __init__(self, parent: QWidget, runs, runs_dock, notices, label_name: str) -> None:
        super().__init__(parent)
        self.runs, self.runs_dock, self.notices = runs, runs_dock, notices
        self.dialog: QDialog | None = None
        self.overlaid: list[Path] = []
        """The runs the queue checked in the runs dock (its overlay), until the user starts
        something else."""
        self.label = QLabel()
        self.label.setObjectName(label_name)
        self.label.hide()

    @property
    def active(self) -> bool:
        """The queue is under way (a run of it trains or is about to)."""
        raise NotImplementedError

    def window_busy(self) -> bool:
        """The queue is under way, or the window trains a run of its own."""
        driver = self.runs.driver
        return self.active or (driver is not None and driver.busy)

    def open_dialog_of(self, dlg: QDialog, accepted: Callable[[QDialog], None]) -> QDialog:
        """Open ``dlg`` (window-modal, deleted on close) in place of the queue's dialog before;
        ``accepted(dlg)`` when the user accepts it."""
        self.close_dialog()
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.accepted.connect(lambda d=dlg: accepted(d))
        dlg.finished.connect(lambda _r, d=dlg: self._forget(d))
        self.dialog = dlg
        dlg.open()
        return dlg

    def _forget(self, dlg) -> None:
        if self.dialog is dlg:
            self.dialog = None

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.reject()

    def say(self, text: str) -> None:
        """Show ``text`` in the status bar's line."""
        self.label.setText(text)
        self.label.show()

    def overlay(self, paths: list[Path]) -> None:
        """Check exactly ``paths`` in the runs dock (:func:`overlay_only`): the queue's overlay."""
        self.overlaid = list(paths)
        overlay_only(self.runs_dock, paths)

    def on_run_started(self) -> None:
        """A run started training in the window outside this queue: the user started something
        else, so the queue's last overlay (the runs it checked that are still checked) and its
        status line end."""
        if self.active:
            return
        self.label.hide()
        dock = self.runs_dock
        for p in self.overlaid:
            if p in dock.table.checked:
                dock.set_checked(p, False)
        self.overlaid = []

    def said_end(self, done: bool, text: str) -> None:
        """Say the end (``text``; none hides the line) and emit :attr:`ended`."""
        if text:
            self.say(text)
        else:
            self.label.hide()
        self.ended.emit(done, text)
