"""Runs in the window: reopening a finished run (one with damaged files or a corrupt config
too), continuing a stopped one, Ctrl+S, Open Run and the recent-runs list, excluding a source
after a loss cliff; a store with text that is not UTF-8, or none readable."""

import numpy as np
from conftest import OUTLASTS_THE_TEST, tiny_config
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import prepare_run
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.window.main_window import MainWindow


def _curves(w):
    p = w.loss_panel
    out = {"raw": p.raw_curve.getData(), "smoothed": p.ema_curve.getData(), "val": p.val_mean_curve.getData()}
    for name, c in p._source_curves.items():
        out[f"source/{name}"] = c.getData()
    for name, c in p._val_curves.items():
        out[f"val/{name}"] = c.getData()
    out["lr"] = w.lr_panel.used_curve.getData() if hasattr(w.lr_panel, "used_curve") else None
    return out


def test_reopening_a_finished_run_shows_the_same_curves(qtbot, make_window):
    cfg = tiny_config(schedule={"warmup_steps": 3, "total_steps": 24, "min_lr": 3e-4},
                      train={"eval_interval": 8}, probe={"interval": 8, "sample_interval": 12, "sample_tokens": 6})
    w = make_window(cfg, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "finished", timeout=90_000)
    assert w.history.last_step == 24 and not w.start_action.isEnabled()
    live = _curves(w)
    w2 = make_window(run="r")  # the same folder in a new window: read from disk
    assert w2.state == "finished" and not w2.start_action.isEnabled()
    assert "read-only" in w2.state_label.text()
    reopened = _curves(w2)
    assert set(reopened) == set(live) and len(live["raw"][0]) == 24
    for key, data in live.items():
        if data is None:
            continue
        for a, b in zip(data, reopened[key], strict=True):
            np.testing.assert_array_equal(a, b, err_msg=key)
    assert w2.samples_panel.samples == w.samples_panel.samples
    assert w2.attention_panel.probe_steps == w.attention_panel.probe_steps == [8, 16, 24]


def test_stop_then_continue_from_the_checkpoint_and_ctrl_s(qtbot, make_window):
    w = make_window(tiny_config(checkpoint={"interval": 1000}), run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.history.last_step >= 3, timeout=60_000)
    qtbot.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S: a marked checkpoint
    qtbot.waitUntil(lambda: any(c.marked for c in list_checkpoints(w.run_dir)), timeout=30_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=30_000)
    stopped_at = w.history.last_step
    ckpts = list_checkpoints(w.run_dir)
    assert ckpts[-1].step == stopped_at and not ckpts[-1].marked  # the stop wrote one too
    assert w.start_action.isEnabled() and w.start_action.text() == "Continue"
    w.start_training()
    qtbot.waitUntil(lambda: w.history.last_step >= stopped_at + 3, timeout=60_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    reader = RunReader(w.run_dir / "metrics.sqlite")
    steps, _ = reader.scalars("train/loss")
    reader.close()
    assert list(steps) == list(range(1, len(steps) + 1))  # continued, no step twice
    assert list(w.history.loss.steps.data) == list(steps)


def test_continue_shows_each_step_once_when_the_window_handles_the_start_late(qtbot, make_window, monkeypatch):
    """A busy GUI thread handles "prepared" after the resumed trainer has committed steps: the
    window reads its history only up to where the store ended when training began, and the
    steps after it come once, in the snapshots (not also from disk)."""
    import time

    from andrea_desktop.gui.run.controller import RunController

    w = make_window(tiny_config(checkpoint={"interval": 1000}), run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.history.last_step >= 4, timeout=60_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=30_000)
    stopped_at = w.history.last_step
    original = RunController._on_prepared

    def late(self, info):  # the GUI thread is busy until the trainer has committed 3 more steps
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with RunReader(self.run_dir / "metrics.sqlite") as reader:
                steps, _ = reader.scalars("train/loss")
            if len(steps) and steps[-1] >= info.resumed_from + 3:
                break
            time.sleep(0.05)
        original(self, info)

    monkeypatch.setattr(RunController, "_on_prepared", late)
    w.start_training()
    qtbot.waitUntil(lambda: w.history.last_step >= stopped_at + 6, timeout=60_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    with RunReader(w.run_dir / "metrics.sqlite") as reader:
        steps, _ = reader.scalars("train/loss")
    assert list(steps) == list(range(1, len(steps) + 1))
    assert list(w.history.loss.steps.data) == list(steps)  # no step twice on screen


def test_open_run_recent_runs_and_a_folder_that_is_no_run(qtbot, make_window, tmp_path):
    w = make_window(tiny_config(), run="first")
    w.start_training()
    qtbot.waitUntil(lambda: w.history.last_step >= 2, timeout=60_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    first = w.run_dir
    w2 = make_window(run="other")
    assert str(first) in w2.recent_runs()
    assert w2.open_run(first) and w2.run_dir == first and w2.history.last_step == w.history.last_step
    assert w2.start_action.text() == "Continue"
    (tmp_path / "plain").mkdir()
    assert not w2.open_run(tmp_path / "plain")
    assert w2.run_dir == first  # unchanged
    box = QApplication.activeModalWidget() or w2.message_box
    assert box is not None and "not an ANDREA run" in box.text()
    box.close()


def test_a_cliff_offers_to_exclude_the_source_with_a_pivot(qtbot, make_window):
    w = make_window(tiny_config(**OUTLASTS_THE_TEST))
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.info is not None, timeout=60_000)
    source = w.info.source_names[-1]
    w.show_anomaly(5, {"kind": "cliff", "source": source, "step": 5, "loss": 0.13, "median": 3.1,
                       "message": f"loss cliff on {source} at step 5"})
    notice = w.anomaly_notice  # the notice bar over the loss panel, not a box
    assert w.message_box is None and notice.isVisible() and source in notice.text.text()
    exclude = notice.exclude_button
    assert exclude.isVisible() and exclude.text() == f"Exclude {source}"
    exclude.click()
    assert not notice.isVisible()
    qtbot.waitUntil(lambda: any(k == "pivot" for _, k, _ in w.history.events), timeout=30_000)
    (payload,) = [p for _, k, p in w.history.events if k == "pivot"]
    assert source in payload["constraints"]["excluded"]


# ------------------------------------------------------------------ a reopened run with damaged files
def test_open_run_with_damaged_probes_and_events_keeps_the_window_consistent(qtbot, make_window, tmp_path):
    import sqlite3
    import zipfile

    cfg = tiny_config(probe={"interval": 3, "sample_interval": 1000})
    w = make_window(cfg, max_steps=9, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=90_000)
    run = w.run_dir
    (run / "probes" / "3.npz").write_bytes(b"PK\x03\x04 truncated")  # not a zip
    (run / "probes" / "6.npz").write_bytes(b"")  # empty
    np.savez(run / "probes" / "7.npz", step=np.int64(7), attention=np.zeros((2, 2)))  # wrong shapes
    with zipfile.ZipFile(run / "probes" / "embedding.npz", "w") as z:
        z.writestr("step.npy", b"junk")
    con = sqlite3.connect(run / "metrics.sqlite")
    con.execute("INSERT INTO events VALUES (4, 'phase', '{not json', 0)")
    con.commit()
    con.close()
    w2 = make_window(run="other")
    assert w2.open_run(run)
    assert w2.run_dir == run and w2.windowTitle().endswith(run.name)
    assert w2.history.last_step == 9
    w2.attention_panel.scrubber.setValue(0)  # the unreadable probe at step 3 says so
    assert "unreadable" in w2.attention_panel.step_label.text() or w2.attention_panel.probe is not None
    w2.attention_panel.scrubber.setValue(len(w2.attention_panel.probe_steps) - 1)
    assert int(w2.attention_panel.probe["step"]) == 9
    assert "cannot be read" in w2.embedding_panel.status.text()


def test_opening_a_run_with_a_corrupt_config_shows_a_message(qtbot, tmp_path):
    configure_app(QApplication.instance())
    prepare_run(tmp_path / "run", config=tiny_config())
    (tmp_path / "run" / "config.toml").write_text("[model\nx = = 3\n")
    w = MainWindow(tmp_path / "run")
    qtbot.addWidget(w)
    assert w.message_box is not None and "not valid TOML" in w.message_box.text()
    w.message_box.close()


def test_a_run_with_text_that_is_not_utf8_opens_and_an_unreadable_store_is_said(qtbot, tmp_path):
    import sqlite3

    from conftest import train_run

    configure_app(QApplication.instance())
    run = tmp_path / "run"
    train_run(run, tiny_config(probe={"sample_interval": 3, "sample_tokens": 4}), 6)
    con = sqlite3.connect(run / "metrics.sqlite")  # another tool wrote bytes that are not UTF-8
    con.execute("INSERT INTO samples(step, prompt, text, wall_time) "
                "VALUES (6, CAST(X'70eda080' AS TEXT), CAST(X'78ff79' AS TEXT), 0)")
    con.execute("INSERT INTO scalars(step, name, value, wall_time) VALUES (6, CAST(X'747261696eff' AS TEXT), 1, 0)")
    con.commit()
    con.close()
    w = MainWindow(run)
    qtbot.addWidget(w)
    assert w.message_box is None and w.history.last_step == 6  # the run opens, the bad bytes marked
    assert "x\ufffdy" in w.samples_panel.view.toPlainText()
    # a store that cannot be read at all: a message, and the status bar keeps saying it
    (run / "metrics.sqlite").write_bytes(b"not a database" * 100)
    w2 = MainWindow(run)
    qtbot.addWidget(w2)
    assert w2.message_box is not None and w2.message_box.windowTitle() == "Part of the run's history cannot be read"
    assert w2.statusBar().currentMessage() == "Part of the run's history cannot be read"
    w2.message_box.close()
