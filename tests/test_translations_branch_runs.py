"""The branch and curriculum dialogs, the runs dock and table and the comparison in Indonesian and
Dutch: every text of theirs translated with its placeholders kept, shown
translated, none clipped at 1280 x 800; English unchanged."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import (
    TS_DIR,
    clipped_texts,
    lrelease_path,
    placeholder_fields,
    tiny_config,
    train_run,
    ts_messages,
)
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.common import i18n as qt_i18n
from andrea_desktop.gui.panels.runs.model import COLUMNS, cell_text

CONTEXTS = ("QtBranchDialog", "QtCurriculumDialog", "BranchLauncher", "CurriculumSteering", "QtRunsDock",
            "RunsTableModel", "QtCompareView")
LANGS = pytest.mark.parametrize("lang", ["id", "nl"])


@LANGS
def test_every_entry_of_these_contexts_is_translated(lang):
    entries = {k: t for k, t in ts_messages(lang).items() if k[0] in CONTEXTS}
    assert len(entries) > 150
    assert not [k for k, t in entries.items() if not t]
    assert not [k for k, t in entries.items() if sorted(placeholder_fields(k[1])) != sorted(placeholder_fields(t))]


@pytest.fixture(scope="module")
def parent_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("runs") / "parent"
    train_run(run, tiny_config(checkpoint={"interval": 4}, probe={"interval": 1000, "sample_interval": 1000}), 8)
    return run


@pytest.fixture
def translated(qapp, tmp_path, monkeypatch):
    """``use(lang)``: the interface in ``lang`` from the checkout's .ts files (built into a temp
    .qm, so a stale installed one does not count); English and the settings restored after."""
    configure_app(qapp)

    def use(lang: str) -> dict[tuple[str, str], str]:
        built = tmp_path / f"andrea_{lang}.qm"
        subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{lang}.ts"), "-qm", str(built)], check=True)
        monkeypatch.setattr(qt_i18n, "qm_path", lambda code: tmp_path / f"andrea_{code}.qm")
        QSettings().setValue(qt_i18n.SETTINGS_KEY, lang)
        assert qt_i18n.install_translators(qapp) == lang
        return ts_messages(lang)

    yield use
    QSettings().remove(qt_i18n.SETTINGS_KEY)
    monkeypatch.undo()
    qt_i18n.install_translators(qapp, "en")


def _fit(qtbot, dlg):
    dlg.show()
    dlg.resize(min(1280, dlg.width()), min(800, dlg.height()))
    qtbot.waitExposed(dlg)
    qtbot.wait(300)  # the scroll area's bars settle


@LANGS
def test_branch_dialog_in_the_language(qtbot, translated, parent_run, lang):
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    ts = translated(lang)
    dlg = QtBranchDialog(None, parent_run)
    qtbot.addWidget(dlg)
    _fit(qtbot, dlg)
    assert dlg.windowTitle() == ts["QtBranchDialog", "Branch from Checkpoint"]
    assert dlg.ok_button.text() == ts["QtBranchDialog", "Branch"] != "Branch"
    assert dlg.checkpoint_combo.itemText(0) == ts["QtBranchDialog", "step {step}"].format(step=8)
    problems = clipped_texts(dlg)
    dlg.max_steps_edit.setText("2")  # an error under a field
    dlg.set_field("optimizer.lr", "-1")
    qtbot.wait(50)
    assert dlg.status.text() == ts["QtBranchDialog", "{n} setting(s) to fix (in red)."].replace("{n}", "2")
    problems += clipped_texts(dlg)
    assert not problems, "\n".join(problems)


@LANGS
def test_curriculum_dialog_in_the_language(qtbot, translated, lang):
    from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog

    ts = translated(lang)
    names = ["python-reference", "stdlib-docstrings", "gutenberg", "wikipedia"]
    params = {"phase_min": 20, "phase_max": 60, "random_share": 0.3, "exploration": 1.0, "step_size": 0.3,
              "warmup_steps": 200}
    dlg = QtCurriculumDialog(names, {"floors": {"gutenberg": 0.1}}, params, [0.25] * 4, in_warmup=True)
    qtbot.addWidget(dlg)
    _fit(qtbot, dlg)
    assert dlg.apply_button.text() == ts["QtCurriculumDialog", "Apply (pivot)"] != "Apply (pivot)"
    assert dlg.rows[0].excluded.text() == ts["QtCurriculumDialog", "excluded"]
    problems = clipped_texts(dlg)
    dlg.rows[0].floor.setValue(0.7)
    dlg.rows[1].floor.setValue(0.7)
    qtbot.wait(50)
    assert dlg.status.text().startswith(ts["QtCurriculumDialog", "Cannot apply:"] + "\n• ")
    problems += clipped_texts(dlg)
    assert not problems, "\n".join(problems)


@LANGS
def test_runs_dock_in_the_language(qtbot, make_window, translated, parent_run, tmp_path, lang):
    ts = translated(lang)
    runs = tmp_path / "runs"
    runs.mkdir()
    for name in ("parent", "parent-copy"):
        shutil.copytree(parent_run, runs / name)
    w = make_window(tiny_config())
    w.resize(1280, 800)
    w.runs_dock.raise_()
    dock = w.runs_panel
    dock.set_folder(runs)
    dock.read_all()
    for path in sorted(runs.iterdir()):
        dock.set_checked(path)
    qtbot.wait(100)
    header = [dock.model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))]
    assert header == [ts["RunsTableModel", c] for c in COLUMNS]
    assert dock.buttons["Delete…"].text() == ts["QtRunsDock", "Delete…"] != "Delete…"
    row = dock.table.rows[0]
    assert dock.model.data(dock.model.index(0, 1)) == ts["RunsTableModel", str(row.status)]
    assert dock.diff_label.text() == ts["QtRunsDock", "The {n} checked runs have the same settings."].replace("{n}", "2")
    problems = clipped_texts(w.runs_dock)
    assert not problems, "\n".join(problems)


def test_english_cells_and_titles_stay_as_written(qapp):
    qt_i18n.install_translators(QApplication.instance(), "en")
    assert COLUMNS[:4] == ("Run", "Status", "Preset", "Steps")

    class Row:
        status, error = "stopped", None

    from andrea_desktop.core.viewmodels.runs_table import RunStatus
    Row.status = RunStatus.STOPPED
    assert cell_text(Row, 1) == "stopped"
