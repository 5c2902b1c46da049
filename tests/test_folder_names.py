"""Typed input the way users and bug reports give it, in the dialogs that make folders (New Run,
Branch from Checkpoint, New Experiment): each input that once raised out of a Qt slot (a
traceback, a dialog left showing stale errors) and a second of its kind, now refused in the
field with a message that quotes the value cut short, before anything on disk changes."""

from __future__ import annotations

import sys

import pytest
from conftest import tiny_config, train_run

from andrea_desktop.gui.common.folder_names import (
    MAX_NAME_BYTES,
    folder_problem,
    name_problem,
    taken_problem,
    whole_number,
)


@pytest.fixture
def raised(monkeypatch):
    """The exceptions that escape into Qt's event loop (PySide6 hands them to sys.excepthook)."""
    got = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: got.append(a[1]))
    return got


# ------------------------------------------------------------------ the shared checks
@pytest.mark.parametrize("name", ["é" * 200, "😀" * 100, "x" * 10_000])
def test_folder_name_longer_than_a_file_system_takes_in_bytes_is_refused(name):
    problem = name_problem(name, "name", "the run")
    assert problem is not None and "bytes" in problem and len(problem) < 200


@pytest.mark.parametrize("name", ["a/b", "a\x01b", "a\x7fb", "a\u202eb", "a\u2028b", "a\x85b"])
def test_folder_name_with_a_separator_or_an_invisible_character_is_refused(name):
    assert "control characters" in name_problem(name, "name", "the run")


@pytest.mark.parametrize("name", [".", "..", ".hidden"])
def test_folder_name_starting_with_a_dot_is_refused(name):
    assert "dot" in name_problem(name, "name", "the run")


def test_folder_name_of_the_byte_limit_is_taken():
    assert name_problem("é" * (MAX_NAME_BYTES // 2), "name", "the run") is None
    assert name_problem("é" * (MAX_NAME_BYTES // 2), "name", "the run", reserve=1) is not None


@pytest.mark.parametrize("text", ["²", "٣", "9" * 5000, "1" * 16, "-1", "1e3", ""])
def test_step_count_in_other_than_ascii_digits_or_too_long_is_not_a_number(text):
    assert whole_number(text) is None


def test_step_count_in_ascii_digits_is_read():
    assert whole_number(" 42 ") == 42


def test_taken_check_of_a_name_too_long_to_look_at_says_so(tmp_path):
    problem = taken_problem(tmp_path / ("é" * 300), "name")
    assert problem is not None and "cannot be looked at" in problem and len(problem) < 400


@pytest.mark.parametrize("make", [lambda t: t / "afile", lambda t: t / "afile" / "sub"])
def test_runs_folder_that_is_a_file_or_below_one_is_refused(tmp_path, make):
    (tmp_path / "afile").write_text("x")
    assert "is a file" in folder_problem(make(tmp_path))


@pytest.mark.parametrize("text", ["a\x00b", "x" * 10_000, "~nosuchuser-andrea/runs"])
def test_runs_folder_with_a_nul_too_long_or_an_unknown_home_is_refused(text):
    from pathlib import Path

    problem = folder_problem(Path(text))
    assert problem is not None and len(problem) < 300


# ------------------------------------------------------------------ New Experiment
@pytest.fixture
def experiment_dialog(qtbot, tmp_path):
    from andrea_desktop.gui.dialogs.experiment.dialog import QtWarmupExperimentDialog

    dlg = QtWarmupExperimentDialog(None, tmp_path)
    qtbot.addWidget(dlg)
    return dlg


@pytest.mark.parametrize(("key", "text"), [("steps", "9" * 5000), ("optimizer.lr", "1" * 5000),
                                           ("optimizer.lr", "x" * 10_000), ("schedule.warmup_steps", "7" * 4400)])
def test_new_experiment_number_of_thousands_of_characters_is_refused_in_its_field(experiment_dialog, raised, key,
                                                                                  text):
    experiment_dialog.set_field(key, text)
    assert raised == []
    problem = experiment_dialog.problems.get(key) or experiment_dialog.problems.get("settings", "")
    assert problem and len(problem) < 250
    assert not experiment_dialog.ok_button.isEnabled()


@pytest.mark.parametrize("name", ["é" * 180, "😀" * 90])
def test_new_experiment_name_too_long_in_bytes_is_refused_in_its_field(experiment_dialog, raised, name):
    experiment_dialog.set_field("name", name)
    assert raised == []
    assert "bytes" in experiment_dialog.problems["name"]
    assert not experiment_dialog.ok_button.isEnabled()


@pytest.mark.parametrize("folder", ["afile", "afile/sub", "x" * 10_000, "a\x00b", "~nosuchuser-andrea"])
def test_new_experiment_folder_that_cannot_hold_runs_is_refused(experiment_dialog, raised, tmp_path, folder):
    (tmp_path / "afile").write_text("x")
    text = folder if folder.startswith(("x", "a\x00", "~")) else str(tmp_path / folder)
    experiment_dialog.folder_edit.setText(text)
    assert raised == []
    assert "folder" in experiment_dialog.problems and len(experiment_dialog.problems["folder"]) < 300
    assert not experiment_dialog.ok_button.isEnabled()
    assert experiment_dialog.problems["folder"] in experiment_dialog.expect_label.text()


# ------------------------------------------------------------------ New Run
@pytest.mark.parametrize("text", ["²", "9" * 5000])
def test_new_run_max_steps_in_other_digits_or_thousands_of_them_is_refused(qtbot, raised, text):
    from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

    dlg = QtNewRunDialog(None)
    qtbot.addWidget(dlg)
    dlg.max_steps_edit.setText(text)
    assert raised == []
    assert not dlg.ok_button.isEnabled() and dlg.max_steps() is None


@pytest.mark.parametrize("name", ["é" * 200, "a\u202eb"])
def test_new_run_name_too_long_in_bytes_or_invisible_is_refused(qtbot, raised, name):
    from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

    dlg = QtNewRunDialog(None)
    qtbot.addWidget(dlg)
    dlg.name_edit.setText(name)
    assert raised == []
    assert not dlg.ok_button.isEnabled()


# ------------------------------------------------------------------ Branch from Checkpoint
@pytest.fixture(scope="module")
def parent_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("runs") / "parent"
    train_run(run, tiny_config(checkpoint={"interval": 2}, probe={"interval": 1000, "sample_interval": 1000}), 2)
    return run


@pytest.fixture
def branch_dialog(qtbot, parent_run):
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    dlg = QtBranchDialog(None, parent_run)
    qtbot.addWidget(dlg)
    return dlg


@pytest.mark.parametrize("name", ["é" * 200, "😀" * 100, "a\x7fb", "a\u202eb"])
def test_branch_name_too_long_in_bytes_or_invisible_is_refused(branch_dialog, raised, name):
    branch_dialog.name_edit.setText(name)
    assert raised == []
    assert branch_dialog.name_error.isVisibleTo(branch_dialog) and not branch_dialog.ok_button.isEnabled()


@pytest.mark.parametrize("text", ["²", "9" * 5000])
def test_branch_max_steps_in_other_digits_or_thousands_of_them_is_refused(branch_dialog, raised, text):
    branch_dialog.max_steps_edit.setText(text)
    assert raised == []
    assert not branch_dialog.ok_button.isEnabled() and branch_dialog.max_steps() is None


@pytest.mark.parametrize("length", [250, 255])
def test_branch_of_a_parent_with_a_long_folder_name_offers_a_name_that_fits(qtbot, raised, parent_run, length):
    import shutil

    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    long = parent_run.parent / ("p" * length)
    shutil.copytree(parent_run, long)
    dlg = QtBranchDialog(None, long)
    qtbot.addWidget(dlg)
    assert raised == []
    assert len(dlg.name_edit.text().encode()) <= MAX_NAME_BYTES and dlg.name_edit.text().endswith("-from-2")
    assert not dlg.name_error.isVisibleTo(dlg)


# ------------------------------------------------------------------ parent history on a branch's panels
@pytest.fixture
def window(qtbot):
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())

    def make(run):
        w = MainWindow(run)
        qtbot.addWidget(w)
        return w

    return make


def _legend_names(w):
    return [lab.text for _s, lab in w.loss_panel.plot.getPlotItem().legend.items]


@pytest.mark.parametrize("how", ["itself", "through a link to itself"])
def test_parent_history_of_a_branch_naming_itself_as_parent_is_not_drawn(parent_run, window, tmp_path, raised, how):
    import shutil

    from andrea_desktop.core.rundir.lineage import write_parent

    run = tmp_path / "loop"
    shutil.copytree(parent_run, run)
    target = run
    if how != "itself":
        target = tmp_path / "alias"
        target.symlink_to(run)
    write_parent(run, target, 2)
    w = window(run)
    assert w.view.parent_history.parent is None and not w.view.parent_history.items
    assert not any(n.startswith("parent") for n in _legend_names(w)) and raised == []


@pytest.mark.parametrize("name", ["p\x1b[31m\nred" + "q" * 200, "<img src=x><b>bold" + "é" * 100])
def test_parent_history_legend_of_a_parent_with_a_long_or_control_character_name_is_cut(
        parent_run, window, tmp_path, raised, name):
    import shutil

    from andrea_desktop.core.rundir.lineage import write_parent
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    parent = tmp_path / name
    shutil.copytree(parent_run, parent)
    branch = tmp_path / "branch"
    shutil.copytree(parent_run, branch)
    write_parent(branch, parent, 2)
    w = window(branch)
    label = w.view.parent_history.label
    assert label.startswith("parent (") and len(label) < 70 and label.isprintable()
    dlg = QtBranchDialog(None, parent)  # its title names the parent as text, not markup
    title = dlg.findChildren(type(dlg.kept))
    assert any("&lt;img" in t.text() or "?" in t.text() for t in title if t.text().startswith("Branch "))
    dlg.deleteLater()
    assert raised == []


@pytest.mark.parametrize("below", ["", "new/deeper"])
def test_runs_folder_that_cannot_be_written_is_refused(tmp_path, monkeypatch, below):
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if str(p) == str(tmp_path) else real(p, mode, **k))
    assert "cannot be written" in folder_problem(tmp_path / below if below else tmp_path)
