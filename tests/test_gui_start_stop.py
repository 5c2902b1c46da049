"""Starting and stopping the app and its training: a quick double Space goes on running, Stop
while the model is built cancels the new run, a start that failed can be retried, SIGTERM during
start-up exits quietly, and no display is one clear line."""

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import DESKTOP, OUTLASTS_THE_TEST, python_c, tiny_config, wait_until_catching

from andrea_desktop.core.config import SourceSpec
from andrea_desktop.core.training import Trainer


def test_quick_double_space_returns_to_running(qtbot, make_window):
    w = make_window(tiny_config(**OUTLASTS_THE_TEST))
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
        [sys.executable, "-c", DESKTOP, str(tmp_path / "run"), "--autostart"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    wait_until_catching(proc, signal.SIGTERM)  # the app's start-up, not the interpreter's
    time.sleep(delay)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "QThread: Destroyed" not in err


def test_no_display_is_one_clear_line():
    res = python_c(DESKTOP, env=dict.fromkeys(("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")), timeout=120)
    assert res.returncode == 2 and "no display" in res.stderr and "Traceback" not in res.stderr
