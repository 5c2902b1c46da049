"""File → New Sweep…, the sweep trained in turn in the window, Stop, Continue Sweep after a restart,
and the sweep's view (its table and a loss against each swept key)."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest
from conftest import ckpt_config
from PySide6.QtWidgets import QPushButton

from andrea_desktop.core.config import save_config
from andrea_desktop.core.sweeps import SweepRunStatus, load_sweep, metric_by_key, sweep_state
from andrea_desktop.gui.dialogs.sweep.dialog import QtSweepDialog, split_values
from andrea_desktop.gui.dialogs.sweep.view import QtSweepView


def _sweep(tmp_path, steps=6, seeds="[1]", lrs="1e-3, 3e-3", name="s"):
    save_config(ckpt_config(run={"torch_threads": 1}, checkpoint={"interval": 3, "keep_last": 3}),
                tmp_path / "base.toml")
    (tmp_path / f"{name}.toml").write_text(f'name = "{name}"\nbase = "base.toml"\nsteps = {steps}\nseeds = {seeds}\n'
                                           f'[keys]\n"optimizer.lr" = [{lrs}]\n')
    return load_sweep(tmp_path / f"{name}.toml")


def _starts(run_dir) -> list[int]:
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    out = [r[0] for r in con.execute("SELECT step FROM events WHERE kind='start' ORDER BY rowid")]
    con.close()
    return out


def test_values_are_read_as_toml_values():
    assert split_values(" 3e-4, 1e-3 ,100, true, adamw,, ") == [3e-4, 1e-3, 100, True, "adamw"]


def test_new_sweep_dialog_lists_the_runs_and_refuses_a_bad_setting(qtbot, tmp_path):
    dlg = QtSweepDialog(None, base="andrea-tiny", runs_dir=tmp_path)
    qtbot.addWidget(dlg)
    assert dlg.ok_button.isEnabled() and dlg.ok_button.text() == "Train 9 runs"  # 3 LRs × 3 seeds
    dlg.name_edit.setText("lr")
    assert dlg.runs_label.text().splitlines()[:3] == ["9 runs, in this order:", "lr-lr3e-4-s1", "lr-lr1e-3-s1"]
    assert "… and 5 more" in dlg.runs_label.text()
    dlg.key_edits[0].setText("optimizer.lrr")
    assert not dlg.ok_button.isEnabled() and "optimizer.lrr: unknown key" in dlg.error_label.text()
    dlg.key_edits[0].setText("optimizer.lr")
    dlg.key_edits[1].setText("schedule.warmup_steps")
    dlg.value_edits[1].setText("0, 10")
    dlg.seeds_edit.setText("1, 7")
    dlg.steps_edit.setText("50")
    sweep = dlg.sweep()
    assert sweep is not None and len(sweep.runs()) == 12 and sweep.seeds == (1, 7) and sweep.steps == 50
    assert dlg.ok_button.text() == "Train 12 runs"
    dlg.steps_edit.setText("10000000")
    assert not dlg.ok_button.isEnabled() and "beyond the schedule" in dlg.error_label.text()
    dlg.steps_edit.setText("50")
    dlg.name_edit.setText("a/b")
    assert not dlg.ok_button.isEnabled() and "name: it names a folder" in dlg.error_label.text()


def test_sweep_trains_in_turn_in_the_window_and_overlays_its_runs(make_window, qtbot, tmp_path):
    w = make_window(run="window-run")
    sweep = _sweep(tmp_path)
    lab = tmp_path / "lab"
    ended = []
    w.sweeps.ended.connect(lambda ok, text: ended.append((ok, text)))
    assert w.sweeps.start(sweep, lab)
    assert "run 1 of 2" in w.sweeps.label.text()
    qtbot.waitUntil(lambda: bool(ended), timeout=240_000)
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert ended[0][0] is True and "finished" in ended[0][1]
    paths = [lab / r.name for r in sweep.runs()]
    assert [s.status for s in sweep_state(sweep, lab)] == [SweepRunStatus.DONE] * 2
    assert all(_starts(p) == [0] for p in paths)
    assert w.runs_panel.table.checked == paths  # overlaid in the runs dock
    view = w.sweeps.view
    assert view is not None and view.isVisible() and view.table.rowCount() == 2
    view.close()


def test_stop_ends_the_sweep_and_continue_sweep_goes_on_after_a_restart(make_window, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from andrea_desktop.gui.run.sweep import ACTIVE_KEY

    w = make_window(run="window-run")
    sweep = _sweep(tmp_path, steps=60)
    lab = tmp_path / "lab"
    ended = []
    w.sweeps.ended.connect(lambda ok, text: ended.append((ok, text)))
    assert w.sweeps.start(sweep, lab)
    qtbot.waitUntil(lambda: w.history.last_step >= 4, timeout=240_000)
    w.stop_action.trigger()
    qtbot.waitUntil(lambda: bool(ended), timeout=120_000)
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert ended[0][0] is False and "sweep stopped at s-lr1e-3-s1" in ended[0][1]
    first, second = sweep_state(sweep, lab)
    assert first.status is SweepRunStatus.PARTIAL and 4 <= first.steps < 60
    assert second.status is SweepRunStatus.PENDING and not second.path.exists()
    assert QSettings().value(ACTIVE_KEY) == str(lab / "s.sweep.toml")
    w.close()
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=30_000)

    again = make_window(run="after-restart")  # the next session offers it, and goes on
    assert "sweep s is unfinished" in again.sweeps.label.text()
    ended.clear()
    again.sweeps.ended.connect(lambda ok, text: ended.append((ok, text)))
    assert again.continue_sweep()
    qtbot.waitUntil(lambda: bool(ended), timeout=240_000)
    qtbot.waitUntil(lambda: again.thread is None, timeout=30_000)
    assert ended[0][0] is True
    assert [s.status for s in sweep_state(sweep, lab)] == [SweepRunStatus.DONE] * 2
    checkpoint = _starts(first.path)[1]
    assert _starts(first.path) == [0, checkpoint] and 3 <= checkpoint <= first.steps  # resumed, not restarted
    assert _starts(second.path) == [0]
    assert QSettings().value(ACTIVE_KEY) is None
    assert not again.continue_sweep()  # nothing left to continue
    again.sweeps.view.close()


@pytest.fixture(scope="module")
def trained_sweep(tmp_path_factory):
    from andrea_desktop.core.sweeps.runner import train_sweep_run

    folder = tmp_path_factory.mktemp("sweep")
    sweep = _sweep(folder, steps=6, seeds="2")
    for state in sweep_state(sweep, folder):
        train_sweep_run(state)
    return sweep, folder


def test_sweep_view_shows_each_run_and_the_mean_and_std_across_seeds(qtbot, trained_sweep):
    sweep, folder = trained_sweep
    view = QtSweepView(sweep, folder)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    t = view.table
    headers = [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())]
    assert headers == ["run", "optimizer.lr", "seed", "state", "steps", "final val loss", "best val loss",
                       "final train loss"]
    assert t.rowCount() == 4 and {t.item(i, 3).text() for i in range(4)} == {"done"}
    assert "4 of 4 runs settled" in view.summary.text()
    [series] = metric_by_key(view.rows, ["optimizer.lr"], "optimizer.lr", "final_val")
    (line, bars) = view.series_items[0]
    x, y = line.getData()
    np.testing.assert_allclose(y, series.mean)
    finals = {(r.values["optimizer.lr"], r.seed): r.metrics["final_val"] for r in view.rows}
    np.testing.assert_allclose(series.mean, [np.mean([finals[(lr, 1)], finals[(lr, 2)]]) for lr in (1e-3, 3e-3)])
    np.testing.assert_allclose(bars.opts["height"], 2 * series.std)
    assert view.x_labels == ["1e-3", "3e-3"]
    view.metric_combo.setCurrentIndex(view.metric_combo.findData("final_train"))
    x, y = view.series_items[0][0].getData()
    np.testing.assert_allclose(y, metric_by_key(view.rows, ["optimizer.lr"], "optimizer.lr", "final_train")[0].mean)
    overlaid = []
    view.overlay_requested.connect(overlaid.append)
    next(b for b in view.findChildren(QPushButton) if b.text() == "Overlay in Runs dock").click()
    assert overlaid == [[folder / r.name for r in sweep.runs()]]
