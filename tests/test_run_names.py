"""One rule for a run folder's name (core/rundir/names.py), the same in New Run, Rename, the
command line and the runs API: a name starting with a dot and a name with ``:`` are refused by
each, a plain name is taken by each; Rename refuses a line or paragraph separator. A folder made
by other means with a bidi override, zero-width character or ANSI escape in its name is shown
with marks in the window (title, status bar, Runs dock)."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import run_with_config, tiny_config

from andrea_desktop.core.rundir.layout import CONFIG, user_runs_dir
from andrea_desktop.core.rundir.manage import RunManageError, rename_run
from andrea_desktop.core.rundir.names import run_name_problem

REFUSED = {".hidden": "name_dot", "a:b": "name_characters"}


def _run(folder):
    folder.mkdir(parents=True)
    (folder / CONFIG).write_text("", encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", list(REFUSED))
def test_core_refuses_a_dot_and_a_colon_with_a_code(name):
    problem = run_name_problem(name)
    assert problem is not None and problem.code == REFUSED[name] and problem.key == "run name"
    assert run_name_problem("fresh-run") is None


@pytest.mark.parametrize("name", list(REFUSED))
def test_rename_and_the_runs_api_refuse_what_new_run_refuses(tmp_path, name):
    from andrea_desktop.runs import RunsError, open_run

    run = _run(tmp_path / "one")
    with pytest.raises(RunManageError) as err:
        rename_run(run, name)
    assert err.value.problem is not None and err.value.problem.code == REFUSED[name]
    with pytest.raises(RunsError, match="dot|names a folder"):
        open_run(run).rename(name)
    assert run.is_dir() and not (tmp_path / name).exists()
    renamed = open_run(run).rename("two")
    assert renamed.name == "two" and renamed.path.is_dir()


@pytest.mark.parametrize("name", list(REFUSED))
def test_the_command_line_refuses_a_new_run_of_that_name(tmp_path, capsys, name):
    from andrea_desktop.cli.train import train_main

    assert train_main(["--run-dir", str(tmp_path / name), "--preset", "andrea-tiny", "-q"]) != 0
    assert "--run-dir's folder name" in capsys.readouterr().err
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("name", list(REFUSED))
def test_new_run_refuses_what_rename_refuses(qtbot, name):
    from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

    dlg = QtNewRunDialog(None, preset="andrea-tiny")
    qtbot.addWidget(dlg)
    dlg.show()
    try:
        dlg.name_edit.setText(name)
        qtbot.waitUntil(lambda: not dlg.name_error.isHidden())
        assert dlg.name_error.text().startswith("run name: ") and not dlg.ok_button.isEnabled()
        assert ("dot" in dlg.name_error.text()) == (name == ".hidden")
        dlg.name_edit.setText("fresh-name")
        assert dlg.name_error.isHidden() and dlg.run_dir() == user_runs_dir() / "fresh-name"
    finally:
        dlg.estimates.stop()


@pytest.mark.parametrize("name", ["x\u2028y", "x\u2029y"])
def test_rename_to_a_name_with_a_line_or_paragraph_separator_is_refused(name, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, rename_run

    run = run_with_config(tmp_path)
    with pytest.raises(RunManageError, match="control characters"):
        rename_run(run, name)
    assert run.is_dir()


def test_a_run_folder_name_with_hidden_characters_is_shown_with_marks(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.training import prepare_run
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.panels.runs.model import cell_text
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())
    run = tmp_path / "evil\u202eKCAP\u200b\x1b[31mrun"
    prepare_run(run, config=tiny_config())
    w = MainWindow(run)
    qtbot.addWidget(w)
    marked = "evil\\u{202e}KCAP\\u{200b}\\x1b[31mrun"
    assert w.windowTitle().startswith(marked)
    assert w.run_label.text() == str(tmp_path / marked)
    # the Runs dock: the name and the parent's name
    from andrea_desktop.core.viewmodels.runs_table import read_summary

    row = read_summary(run)
    assert cell_text(row, 0) == marked
    assert cell_text(dataclasses.replace(row, parent=run.name, parent_step=3), 8) == f"{marked} @ 3"
