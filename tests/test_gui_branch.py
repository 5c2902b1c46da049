"""Branch from Checkpoint in the window (the GUI half): the dialog makes the
branch through create_branch off the GUI thread and opens it; a branch's loss and LR panels show
its parent's history up to the branch step in a lighter shade; a parent that is gone shows
nothing and raises nothing; the dialog refuses a name or step count it cannot take in its field,
and a parent of a long or odd name, or a branch naming itself as its parent, is drawn cut or not
at all."""

from __future__ import annotations

import logging
import shutil

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import tiny_config, train_run

from andrea_desktop.core.config import load_config
from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
from andrea_desktop.core.rundir.lineage import read_parent
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training.branch import create_branch
from andrea_desktop.gui.common.folder_names import MAX_NAME_BYTES
from andrea_desktop.gui.plots.hover import read_at

N, M = 4, 8  # the parent trains to M with checkpoints at N and M


@pytest.fixture(scope="module")
def parent_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("runs") / "parent"
    cfg = tiny_config(train={"eval_interval": 2, "eval_rows": 8}, checkpoint={"interval": N},
                      probe={"interval": 1000, "sample_interval": 1000})
    train_run(run, cfg, M)
    assert [c.step for c in list_checkpoints(run)] == [N, M]
    return run


def stored(run, name):
    reader = RunReader(run / METRICS_DB)
    try:
        return reader.scalars(name)
    finally:
        reader.close()


@pytest.fixture
def window(qtbot):
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())
    made = []

    def make(run):
        w = MainWindow(run)
        qtbot.addWidget(w, before_close_func=lambda w=w: _stop(qtbot, w))
        made.append(w)
        return w

    yield make
    for w in made:
        _stop(qtbot, w)


def _stop(qtbot, w):
    if w.thread is not None:
        w.thread.request_stop()
        qtbot.waitUntil(lambda: w.thread is None, timeout=60_000)


def branch_in_window(qtbot, w, name, lr=None, index=0, start=False, max_steps=None):
    """Branch the window's run from the checkpoint at ``index`` of the dialog's list (0: the
    newest) through the dialog; returns the dialog's step and the branch folder."""
    assert w.window_actions.branch_action.isEnabled()
    dlg = w.branch_from_checkpoint()
    assert dlg is not None and dlg.isVisible()
    dlg.checkpoint_combo.setCurrentIndex(index)
    step = dlg.step()
    if lr is not None:
        dlg.set_field("optimizer.lr", lr)
    dlg.name_edit.setText(name)
    dlg.max_steps_edit.setText("" if max_steps is None else str(max_steps))
    dlg.start_now.setChecked(start)
    assert dlg.ok_button.isEnabled(), dlg.status.text()
    target = dlg.run_dir()
    dlg.accept()
    qtbot.waitUntil(lambda: w.run_dir == target and not w.runs.branches.busy(), timeout=60_000)
    return step, target


@pytest.mark.parametrize(("index", "step", "lr"), [(0, M, "1e-3"), (1, N, "2e-3")])
def test_branch_from_checkpoint_in_the_window_makes_the_branch_with_the_new_lr(
        parent_run, window, qtbot, index, step, lr):
    w = window(parent_run)
    dlg = w.branch_from_checkpoint()
    assert [dlg.checkpoint_combo.itemData(i) for i in range(dlg.checkpoint_combo.count())] == [M, N]
    assert dlg.step() == M  # the newest is preselected
    assert "model.n_layer" not in dlg.fields and "train.batch_size" not in dlg.fields and "run.seed" not in dlg.fields
    dlg.reject()
    got, b = branch_in_window(qtbot, w, f"b-{index}", lr=lr, index=index)
    assert got == step
    parent = read_parent(b)
    assert parent is not None and parent.run == parent_run and parent.step == step
    assert load_config(b / CONFIG).optimizer.lr == float(lr)
    assert [c.step for c in list_checkpoints(b)] == [step]
    # opened in the window, ready to Continue, with the parent's history drawn
    assert w.window_actions.start_action.text() == "Continue" and w.window_actions.start_action.isEnabled()
    assert w.view.parent_history.parent == parent
    assert w.notices.box is None
    # the LR panel plans from the branch's start as Continue will: the new LR once the warmup is over
    [planned] = [s for s in w.lr_panel.hover_series() if s.name == "planned"]
    steps, lrs = np.asarray(planned.steps.data), np.asarray(planned.values.data)
    warmup = load_config(b / CONFIG).schedule.warmup_steps
    assert steps[0] == step
    assert lrs[list(steps).index(max(step, warmup))] == pytest.approx(float(lr))


@pytest.mark.parametrize(("key", "text", "says"), [("optimizer.lr", "-1", "optimizer.lr"),
                                                   ("schedule.min_lr", "abc", "schedule.min_lr")])
def test_branch_dialog_names_each_bad_field_and_refuses_ok(parent_run, window, key, text, says):
    w = window(parent_run)
    dlg = w.branch_from_checkpoint()
    dlg.set_field(key, text)
    assert not dlg.ok_button.isEnabled()
    assert dlg.fields[key].error.isVisibleTo(dlg) and says in dlg.fields[key].error.text()
    dlg.reject()


def test_branch_loss_and_lr_panels_show_the_parent_up_to_the_branch_step_in_a_lighter_shade(
        parent_run, window, qtbot):
    w = window(parent_run)
    _, b = branch_in_window(qtbot, w, "b-curves", lr="1e-3", index=1, start=True, max_steps=N + 2)
    qtbot.waitUntil(lambda: w.thread is None and w.history.last_step == N + 2, timeout=120_000)
    ph = w.view.parent_history
    assert ph.parent is not None and ph.parent.step == N
    steps, values = stored(parent_run, TRAIN_LOSS)
    assert steps.max() == M  # the parent goes on past N ...
    x, y = ph.curve_data("raw")  # ... its curve stops at N
    np.testing.assert_array_equal(x, steps[steps <= N])
    np.testing.assert_array_equal(y, values[steps <= N])
    sx, _ = ph.curve_data("smoothed")
    np.testing.assert_array_equal(sx, steps[steps <= N])
    lr_steps, lrs = stored(parent_run, TRAIN_LR)
    lx, ly = ph.curve_data("lr")
    np.testing.assert_array_equal(lx, lr_steps[lr_steps <= N])
    np.testing.assert_array_equal(ly, lrs[lr_steps <= N])
    # the branch's own curves start at N + 1
    assert float(w.history.loss.steps.data[0]) == N + 1
    # a lighter pen than the own curve: nearer the background
    bg = np.array(pg.mkColor(pg.getConfigOption("background")).getRgb()[:3])
    for item, own in ((ph.items["smoothed"], w.loss_panel.ema_curve), (ph.items["lr"], w.lr_panel.used_curve)):
        mine = np.array(pg.mkPen(item.opts["pen"]).color().getRgb()[:3])
        theirs = np.array(pg.mkPen(own.opts["pen"]).color().getRgb()[:3])
        assert np.abs(mine - bg).sum() < np.abs(theirs - bg).sum()
    # named in the legends
    label = f"parent (parent ≤ {N})"
    for panel in (w.loss_panel, w.lr_panel):
        names = [lab.text for _s, lab in panel.plot.getPlotItem().legend.items]
        assert label in names
    # the hover readouts read the parent's stored values at steps <= N
    step, rows = read_at(w.loss_panel.hover_series(), N)
    assert step == N
    [row] = [r for r in rows if r.name == "parent smoothed"]
    assert row.step == N and row.value == pytest.approx(float(ph.run.history.loss.smoothed.data[-1]))
    _, rows = read_at(w.lr_panel.hover_series(), N - 1)
    [row] = [r for r in rows if r.name == "parent used"]
    assert row.value == float(lrs[lr_steps == N - 1][0])
    # log y: the item is drawn at log10 of the values, as the panel's own curves
    w.loss_panel.log_y.setChecked(True)
    w.loss_panel.display.redraw()
    _, ydisp = ph.items["raw"].getData()
    np.testing.assert_allclose(ydisp, np.log10(values[steps <= N]))


def test_a_branch_whose_parent_is_gone_shows_no_parent_curve(parent_run, window, tmp_path, caplog):
    copy = tmp_path / "gone-parent"
    shutil.copytree(parent_run, copy)
    b = tmp_path / "orphan"
    create_branch(copy, b, N)
    shutil.rmtree(copy)
    with caplog.at_level(logging.INFO, logger="andrea_desktop.core.viewmodels.sources"):
        w = window(b)
    assert w.view.parent_history.parent is None and not w.view.parent_history.items
    assert w.notices.box is None
    assert sum("not there" in r.getMessage() for r in caplog.records) == 1
    names = [lab.text for _s, lab in w.loss_panel.plot.getPlotItem().legend.items]
    assert not any(n.startswith("parent") for n in names)


def test_a_branch_whose_parent_lost_its_store_shows_no_parent_curve(parent_run, window, tmp_path, caplog):
    copy = tmp_path / "storeless-parent"
    shutil.copytree(parent_run, copy)
    b = tmp_path / "branch"
    create_branch(copy, b, N)
    for f in copy.glob(METRICS_DB + "*"):
        f.unlink()
    with caplog.at_level(logging.INFO, logger="andrea_desktop.core.viewmodels.sources"):
        w = window(b)
    assert w.view.parent_history.parent is None and not w.view.parent_history.items
    assert w.notices.box is None
    assert sum("cannot be read" in r.getMessage() for r in caplog.records) == 1


def test_opening_another_run_removes_the_parent_curves(parent_run, window, tmp_path):
    b = tmp_path / "branch"
    create_branch(parent_run, b, N)
    w = window(b)
    assert set(w.view.parent_history.items) == {"raw", "smoothed", "val", "lr"}
    w.open_run(parent_run)
    assert w.view.parent_history.parent is None and not w.view.parent_history.items
    names = [lab.text for _s, lab in w.lr_panel.plot.getPlotItem().legend.items]
    assert not any(n.startswith("parent") for n in names)


# ------------------------------------------------------------------ typed input refused, parents of odd names
@pytest.fixture(scope="module")
def two_step_parent(tmp_path_factory):
    """A parent trained 2 steps, its one checkpoint at step 2."""
    run = tmp_path_factory.mktemp("runs") / "parent"
    train_run(run, tiny_config(checkpoint={"interval": 2}, probe={"interval": 1000, "sample_interval": 1000}), 2)
    return run


@pytest.fixture
def branch_dialog(qtbot, two_step_parent):
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    dlg = QtBranchDialog(None, two_step_parent)
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
def test_branch_of_a_parent_with_a_long_folder_name_offers_a_name_that_fits(qtbot, raised, two_step_parent, length):
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    long = two_step_parent.parent / ("p" * length)
    shutil.copytree(two_step_parent, long)
    dlg = QtBranchDialog(None, long)
    qtbot.addWidget(dlg)
    assert raised == []
    assert len(dlg.name_edit.text().encode()) <= MAX_NAME_BYTES and dlg.name_edit.text().endswith("-from-2")
    assert not dlg.name_error.isVisibleTo(dlg)


def _legend_names(w):
    return [lab.text for _s, lab in w.loss_panel.plot.getPlotItem().legend.items]


@pytest.mark.parametrize("how", ["itself", "through a link to itself"])
def test_parent_history_of_a_branch_naming_itself_as_parent_is_not_drawn(two_step_parent, window, tmp_path, raised, how):
    from andrea_desktop.core.rundir.lineage import write_parent

    run = tmp_path / "loop"
    shutil.copytree(two_step_parent, run)
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
        two_step_parent, window, tmp_path, raised, name):
    from andrea_desktop.core.rundir.lineage import write_parent
    from andrea_desktop.gui.dialogs.branch.dialog import QtBranchDialog

    parent = tmp_path / name
    shutil.copytree(two_step_parent, parent)
    branch = tmp_path / "branch"
    shutil.copytree(two_step_parent, branch)
    write_parent(branch, parent, 2)
    w = window(branch)
    label = w.view.parent_history.label
    assert label.startswith("parent (") and len(label) < 70 and label.isprintable()
    dlg = QtBranchDialog(None, parent)  # its title names the parent as text, not markup
    title = dlg.findChildren(type(dlg.kept))
    assert any("&lt;img" in t.text() or "?" in t.text() for t in title if t.text().startswith("Branch "))
    dlg.deleteLater()
    assert raised == []
