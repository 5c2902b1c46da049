"""File → New Sweep…: a base (a preset, the open run's settings or a settings file), 1–3 keys with
their values, the seeds and the steps per run; the sweep's own check
(:func:`~andrea_desktop.core.sweeps.parse_sweep`, which builds every run's configuration through the
one config builder) says what it refuses, and the runs it makes are listed by name."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ....core.config import ConfigError
from ....core.config.overrides import DEFAULT_PRESET, parse_value
from ....core.rundir.layout import user_runs_dir
from ....core.rundir.names import MAX_NAME_BYTES
from ....core.sweeps import MAX_KEYS, MAX_SWEEP_NAME, Sweep, SweepError, parse_sweep, record_path
from ...common.fields import ErrorLabel, muted_label, ok_cancel, with_button
from ...common.folder_names import folder_problem, name_problem
from ...common.i18n import format_number, plural_n

__all__ = ["QtSweepDialog", "split_values"]

_EXAMPLES = (("optimizer.lr", "3e-4, 1e-3, 3e-3"), ("", ""), ("", ""))
_SHOWN_RUNS = 4
"""Run names the dialog lists (the rest are counted)."""


def split_values(text: str) -> list[Any]:
    """``"3e-4, 1e-3, adamw"`` as ``[0.0003, 0.001, "adamw"]``: each comma-separated item read as a
    TOML value (a number, ``true``, a quoted string), else as the bare text it is."""
    out: list[Any] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            out.append(parse_value(item))
        except ConfigError:  # thousands of digits: kept as text, which the sweep's check refuses by key
            out.append(item)
    return out


def default_sweep_name(now: datetime.datetime | None = None) -> str:
    """``sweep-<time>``: the prefix of the sweep's run folders."""
    return f"sweep-{(now or datetime.datetime.now()):%Y%m%d-%H%M%S}"


class QtSweepDialog(QDialog):
    """The sweep's settings (module docstring); :meth:`sweep` is the checked sweep once OK is
    enabled.

    Parameters
    ----------
    parent
        The window.
    base
        The base at first: a preset's name, or a run folder (the open run's settings).
    runs_dir
        The folder the runs and the sweep's record are made in (default the runs folder).
    """

    def __init__(self, parent: QWidget | None = None, base: str = DEFAULT_PRESET, runs_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Sweep"))
        self.setObjectName("sweepDialog")
        self._sweep: Sweep | None = None
        intro = QLabel(self.tr("Runs that differ only in 1 to 3 settings and the seed, made from one base and trained "
                               "one after another. A sweep stopped, or cut short by closing the app, continues with "
                               "File → Continue Sweep: finished runs are never trained again."))
        intro.setWordWrap(True)
        form = QFormLayout()
        self.base_edit = QLineEdit(base)
        self.base_edit.setObjectName("sweep:base")
        self.base_edit.setToolTip(self.tr("A preset (andrea-tiny, andrea-12m, andrea-120m), a run folder (its settings) "
                                          "or a settings file (.toml)"))
        browse_base = QPushButton(self.tr("File…"))
        browse_base.clicked.connect(self._browse_base)
        form.addRow(self.tr("base"), with_button(self.base_edit, browse_base))
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("key")), 0, 0)
        grid.addWidget(QLabel(self.tr("values (comma-separated)")), 0, 1)
        self.key_edits: list[QLineEdit] = []
        self.value_edits: list[QLineEdit] = []
        for i, (key, values) in enumerate(_EXAMPLES[:MAX_KEYS]):
            k, v = QLineEdit(key), QLineEdit(values)
            k.setObjectName(f"sweep:key{i + 1}")
            v.setObjectName(f"sweep:values{i + 1}")
            k.setPlaceholderText(self.tr("e.g. schedule.warmup_steps"))
            v.setPlaceholderText(self.tr("e.g. 0, 100"))
            k.setToolTip(self.tr("A setting as --set names it: section.key"))
            grid.addWidget(k, i + 1, 0)
            grid.addWidget(v, i + 1, 1, 1, 1)
            self.key_edits.append(k)
            self.value_edits.append(v)
        grid.setColumnStretch(1, 1)
        form.addRow(self.tr("swept keys"), grid)
        self.seeds_edit = QLineEdit("3")
        self.seeds_edit.setObjectName("sweep:seeds")
        self.seeds_edit.setToolTip(self.tr("A count (3: seeds 1, 2, 3) or a list of seeds (1, 7, 42)"))
        form.addRow(self.tr("seeds"), self.seeds_edit)
        self.steps_edit = QLineEdit("")
        self.steps_edit.setObjectName("sweep:steps")
        self.steps_edit.setPlaceholderText(self.tr("the schedule's end"))
        self.steps_edit.setToolTip(self.tr("Each run trains to this step"))
        form.addRow(self.tr("steps per run"), self.steps_edit)
        self.folder_edit = QLineEdit(str(runs_dir or user_runs_dir()))
        self.folder_edit.setObjectName("sweep:folder")
        self.folder_edit.setToolTip(self.tr("The folder the runs and the sweep's record are made in"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse_folder)
        form.addRow(self.tr("folder"), with_button(self.folder_edit, browse))
        self.name_edit = QLineEdit(default_sweep_name())
        self.name_edit.setObjectName("sweep:name")
        self.name_edit.setToolTip(self.tr("The runs are <name>-<key><value>-…-s<seed>"))
        form.addRow(self.tr("name"), self.name_edit)
        self.runs_label = muted_label("sweepRuns")
        form.addRow(self.tr("runs"), self.runs_label)
        self.error_label = ErrorLabel()
        self.error_label.setObjectName("sweepError")
        self.buttons, self.ok_button = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(640)
        for edit in (self.base_edit, *self.key_edits, *self.value_edits, self.seeds_edit, self.steps_edit,
                     self.folder_edit, self.name_edit):
            edit.textChanged.connect(self._revalidate)
        self._revalidate()

    def _browse_base(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("A settings file for the base"), str(Path.home()),
                                              self.tr("Settings (*.toml)"))
        if path:
            self.base_edit.setText(path)

    def _browse_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Make the sweep's runs in"), self.folder_edit.text())
        if path:
            self.folder_edit.setText(path)

    # ------------------------------------------------------------------ values
    def runs_dir(self) -> Path:
        path = Path(self.folder_edit.text())
        try:
            return path.expanduser()
        except RuntimeError:  # ~nobody/: the folder check names it
            return path

    def data(self) -> dict:
        """The sweep file's settings the fields describe (:func:`~andrea_desktop.core.sweeps.parse_sweep`'s
        input)."""
        keys = {k.text().strip(): split_values(v.text())
                for k, v in zip(self.key_edits, self.value_edits, strict=True) if k.text().strip()}
        data: dict[str, Any] = {"name": self.name_edit.text(), "base": self.base_edit.text().strip(), "keys": keys}
        seeds = split_values(self.seeds_edit.text())
        if seeds:
            data["seeds"] = seeds[0] if len(seeds) == 1 and self.seeds_edit.text().strip().isdigit() else seeds
        steps = split_values(self.steps_edit.text())
        if steps:
            data["steps"] = steps[0]
        return data

    def sweep(self) -> Sweep | None:
        """The sweep (None while a setting is refused)."""
        return self._sweep

    def _revalidate(self) -> None:
        self._sweep, problem = None, None
        folder = self.runs_dir()
        problem = folder_problem(folder)
        if problem is None:
            problem = name_problem(self.name_edit.text(), self.tr("name"), self.tr("the sweep (its runs' folders start "
                                                                                  "with it)"), reserve=MAX_NAME_BYTES - MAX_SWEEP_NAME)
        if problem is None:
            try:
                self._sweep = parse_sweep(self.data(), Path.cwd())
            except SweepError as exc:
                problem = str(exc)
            except ConfigError as exc:  # an override's own check (an unknown key)
                problem = str(exc)
        if self._sweep is not None and record_path(folder, self._sweep.name).exists():
            problem = self.tr("name: a sweep named {name} is in this folder already; Continue Sweep continues it"
                              ).format(name=self._sweep.name)
            self._sweep = None
        self.error_label.show_error(problem)
        self.ok_button.setEnabled(self._sweep is not None)
        if self._sweep is None:
            self.runs_label.setText(self.tr("(listed once the settings are fixed)"))
            self.ok_button.setText(self.tr("Train"))
            return
        runs = self._sweep.runs()
        names = [r.name for r in runs[:_SHOWN_RUNS]]
        more = len(runs) - len(names)
        listed = "\n".join(names) + ("\n" + self.tr("… and {n} more").format(n=format_number(more)) if more else "")
        self.runs_label.setText(self.tr("{n} run(s), in this order:\n{names}", "", plural_n(len(runs))).format(
            n=format_number(len(runs)), names=listed))
        self.ok_button.setText(self.tr("Train {n} run(s)", "", plural_n(len(runs))).format(n=format_number(len(runs))))

    def done(self, result: int) -> None:  # noqa: D102 -- Qt override: OK only with good settings
        if result == QDialog.DialogCode.Accepted and self._sweep is None:
            return
        super().done(result)
