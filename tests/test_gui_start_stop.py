"""GUI faults found by a break-it session, each kept as a test."""

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import tiny_config, wait_until_catching
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.config import SourceSpec
from andrea_desktop.core.training import Trainer, prepare_run
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.window.main_window import MainWindow


def test_opening_a_run_with_a_corrupt_config_shows_a_message(qtbot, tmp_path):
    configure_app(QApplication.instance())
    prepare_run(tmp_path / "run", config=tiny_config())
    (tmp_path / "run" / "config.toml").write_text("[model\nx = = 3\n")
    w = MainWindow(tmp_path / "run")
    qtbot.addWidget(w)
    assert w.message_box is not None and "not valid TOML" in w.message_box.text()
    w.message_box.close()


def test_reopened_dialog_shows_a_pivot_not_yet_taken(qtbot, make_window):
    w = make_window(tiny_config())
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    w.toggle_pause()  # the trainer cannot take the pivot while we look
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    dlg = w.open_curriculum_dialog()
    row = next(r for r in dlg.rows if r.name == "python-reference")
    row.floor.setValue(0.4)
    dlg.phase_min.setValue(3)
    dlg.apply_button.click()
    again = w.open_curriculum_dialog()
    row = next(r for r in again.rows if r.name == "python-reference")
    assert row.floor.value() == pytest.approx(0.4) and again.phase_min.value() == 3
    again.close()


def test_dialog_closes_when_training_stops(qtbot, make_window):
    w = make_window(tiny_config())
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    dlg = w.open_curriculum_dialog()
    assert dlg.isVisible()
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert w.curriculum_dialog is None or not w.curriculum_dialog.isVisible()


def test_quick_double_space_returns_to_running(qtbot, make_window):
    w = make_window(tiny_config())
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step >= 2, timeout=60_000)
    for _ in range(50):  # an even number of quick presses
        w.toggle_pause()
    assert not w.thread.control.pause_requested
    step = w.history.last_step
    qtbot.waitUntil(lambda: w.history.last_step > step + 2, timeout=30_000)
    assert w.state == "running"


def test_stop_while_the_model_is_built_cancels_the_new_run(qtbot, make_window, monkeypatch, tmp_path):
    w = make_window(tiny_config())
    orig = Trainer.__init__

    def slow_build(self, *a, **k):
        orig(self, *a, **k)
        w.thread.control.stop()  # the user pressed Stop just now

    monkeypatch.setattr(Trainer, "__init__", slow_build)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=60_000)
    assert not (tmp_path / "run").exists()
    assert w.state == "idle" and w.start_action.isEnabled()


def test_failed_start_can_be_retried(qtbot, make_window, tmp_path):
    empty = tmp_path / "e.txt"
    empty.write_text("")
    w = make_window(tiny_config(data={"sources": [SourceSpec("blank", [str(empty)])]}))
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert w.state == "idle" and w.start_action.isEnabled()
    w.message_box.close()


@pytest.mark.parametrize("delay", [0.2, 1.0])
def test_sigterm_during_start_up_exits_quietly(tmp_path, delay):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from andrea_desktop.cli import desktop_main; sys.exit(desktop_main())",
         str(tmp_path / "run"), "--autostart"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    wait_until_catching(proc, signal.SIGTERM)  # the app's start-up, not the interpreter's
    time.sleep(delay)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "QThread: Destroyed" not in err
