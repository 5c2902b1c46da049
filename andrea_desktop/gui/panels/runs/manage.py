"""The runs dock's actions on one run (its folder): open, rename, tag, colour, delete, and the runs
added from anywhere on disk (listed until removed). A mixin of
:class:`~andrea_desktop.gui.panels.runs.dock.QtRunsDock`: it uses the dock's table, its run
controller (``runs``), its notices and its selection; its texts are the dock's (context
``QtRunsDock``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QFileDialog, QInputDialog, QMessageBox

from ....core.viewmodels.runs_table import MAX_ADDED_RUNS, RunManageError, runs_in
from ...common.folder_names import name_problem_text

__all__ = ["RunActions"]


class RunActions:
    """What the runs dock does to a run (module docstring). Every refusal is said in a message
    box, in the interface's language; nothing is done to a run this window trains."""

    def _warn(self, title: str, text: str) -> None:
        self.notices.show_message(title, text, QMessageBox.Icon.Warning)

    def open_selected(self) -> None:
        path = self.selected()
        if path is not None:
            self.runs.open_run(path)

    def _is_open(self, path: Path) -> bool:
        return Path(self.runs.run_dir) == path

    def rename(self, path: Path, new_name: str) -> Path | None:
        """Rename the run's folder (refused while it trains); the new path, None if refused."""
        runs = self.runs
        if self._is_open(path) and runs.driver is not None and runs.driver.busy:
            self._warn(QCoreApplication.translate("QtRunsDock", "Rename Run"),
                       QCoreApplication.translate("QtRunsDock", "{run} is being trained here: stop it first.").replace("{run}", path.name))
            return None
        try:
            new = self.table.rename(path, new_name)
        except RunManageError as exc:  # a refused name in the interface's language (core's rule)
            self._warn(QCoreApplication.translate("QtRunsDock", "Rename Run"), str(exc) if exc.problem is None else name_problem_text(
                dataclasses.replace(exc.problem, key=QCoreApplication.translate("QtRunsDock", "new name"))))
            return None
        if str(path.absolute()) in runs.added.runs():  # an added run stays listed under its new name
            runs.added.forget(path)
            runs.added.add(new)
        if self._is_open(path):
            runs.recent.forget(path)
            runs.open_run(new)
        self._on_checked()
        self.refresh()
        return new

    def set_tags(self, path: Path, text: str) -> bool:
        """Store comma-separated ``text`` as the run's tags."""
        try:
            self.table.set_tags(path, text)
        except RunManageError as exc:
            self._warn(QCoreApplication.translate("QtRunsDock", "Tags"), str(exc))
            return False
        self.refresh()
        return True

    def set_colour(self, path: Path, colour: str) -> None:
        """The run's colour in the table and the comparison."""
        try:
            self.table.set_colour(path, QColor(colour).name())
        except RunManageError as exc:  # drawn so until the window closes; said why it is not kept
            self._warn(QCoreApplication.translate("QtRunsDock", "Colour"), str(exc))
        self.model.rows_changed(list(range(len(self.table.rows))))
        self._on_checked()

    def delete(self, path: Path) -> bool:
        """Delete the run's folder (no question asked: :meth:`delete_selected` asks)."""
        if self._is_open(path):
            self._warn(QCoreApplication.translate("QtRunsDock", "Delete Run"),
                       QCoreApplication.translate("QtRunsDock", "{run} is open in the window: open another run first.").replace("{run}", path.name))
            return False
        try:
            self.table.delete(path)
        except RunManageError as exc:
            self._warn(QCoreApplication.translate("QtRunsDock", "Delete Run"), str(exc))
            if not path.exists():  # renamed out of the way, not removed completely
                self.runs.recent.forget(path)
                self.runs.added.forget(path)
            self.refresh()
            return False
        self.runs.recent.forget(path)
        self.runs.added.forget(path)
        self._on_checked()
        self.refresh()
        return True

    def rename_selected(self) -> None:
        path = self.selected()
        if path is None:
            return
        name, ok = QInputDialog.getText(self, QCoreApplication.translate("QtRunsDock", "Rename Run"), QCoreApplication.translate("QtRunsDock", "New folder name:"), text=path.name)
        if ok and name.strip() and name.strip() != path.name:
            self.rename(path, name)

    def tag_selected(self) -> None:
        path = self.selected()
        row = self.table.row(path) if path is not None else None
        if row is None:
            return
        text, ok = QInputDialog.getText(self, QCoreApplication.translate("QtRunsDock", "Tags"),
                                        QCoreApplication.translate("QtRunsDock", "Tags of {run} (comma-separated):").replace("{run}", path.name),
                                        text=", ".join(row.tags))
        if ok:
            self.set_tags(path, text)

    def recolour_selected(self) -> None:
        path = self.selected()
        if path is None:
            return
        colour = QColorDialog.getColor(QColor(self.table.colour(path)), self,
                                       QCoreApplication.translate("QtRunsDock", "Colour of {run}").replace("{run}", path.name))
        if colour.isValid():
            self.set_colour(path, colour.name())

    def delete_selected(self) -> None:
        path = self.selected()
        if path is None:
            return
        question = QCoreApplication.translate("QtRunsDock", "Delete {run} and everything in it (checkpoints, metrics, samples)?").replace(
            "{run}", path.name)
        box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("QtRunsDock", "Delete Run"), f"{question}\n\n{path}",
                          QMessageBox.StandardButton.Cancel, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the run's name as written
        box.addButton(QCoreApplication.translate("QtRunsDock", "Delete"), QMessageBox.ButtonRole.DestructiveRole).clicked.connect(lambda: self.delete(path))
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def add_runs(self, folder: Path) -> list[Path]:
        """List the run in ``folder``, or the runs in it, from now on (remembered: QSettings
        ``runs/added``); the runs added (none: said why)."""
        found = runs_in(folder, MAX_ADDED_RUNS)
        if not found:
            self._warn(QCoreApplication.translate("QtRunsDock", "Add Runs"), QCoreApplication.translate("QtRunsDock", "{folder} is no run folder and holds none.").replace(
                "{folder}", str(folder)))
            return []
        for path in reversed(found):
            self.runs.added.add(path)
        self.refresh()
        return found

    def add_runs_from_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, QCoreApplication.translate("QtRunsDock", "Add a run, or a folder of runs"))
        if folder:
            self.add_runs(Path(folder))

    def unlist_selected(self) -> None:
        """Stop listing the selected run when it lies outside the runs folder (added or recent)."""
        path = self.selected()
        if path is not None and path.parent != self.table.folder and not self._is_open(path):
            self.runs.added.forget(path)
            self.runs.recent.forget(path)
            self.set_checked(path, False)
            self.refresh()
