"""Follow mode and the control channel (issue 6): the desktop shows and steers a run that a
separate ``andrea-train`` process trains."""

import os
import sqlite3
import subprocess
import sys
import time

import pytest
from conftest import tiny_config

from andrea_desktop.core.control import CONTROL_DB, ControlError, send_command, trainer_alive
from andrea_desktop.core.trainer import prepare_run

TRAIN = "import sys; from andrea_desktop.cli import train_main; sys.exit(train_main())"


def _max_step(run) -> int:
    con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True, timeout=10)
    try:
        return con.execute("SELECT COALESCE(MAX(step), 0) FROM scalars WHERE name='train/loss'").fetchone()[0]
    finally:
        con.close()


@pytest.fixture
def external_run(tmp_path):
    """A run trained by a separate andrea-train process (long schedule; stopped at the end)."""
    run = tmp_path / "ext"
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 100_000, "min_lr": 3e-4},
                      probe={"interval": 25, "sample_interval": 40, "sample_tokens": 6},
                      checkpoint={"interval": 1000})
    prepare_run(run, config=cfg)
    proc = subprocess.Popen([sys.executable, "-c", TRAIN, "--run-dir", str(run), "--resume", "--max-steps",
                             "100000", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ})
    deadline = time.monotonic() + 120
    while not ((run / CONTROL_DB).exists() and (run / "metrics.sqlite").exists() and _max_step(run) >= 3):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.1)
    yield run, proc
    if proc.poll() is None:
        proc.terminate()
        proc.wait(60)
    proc.stderr.close()


def test_follow_mode_shows_steps_and_steers_the_external_trainer(qtbot, make_window, external_run, tmp_path):
    run, proc = external_run
    assert trainer_alive(run)
    w = make_window(run="mine")
    assert w.open_run(run)
    assert w.follower is not None and w.state == "running"
    assert "external run" in w.device_label.text() and "cpu" in w.device_label.text()
    assert not w.start_action.isEnabled() and w.pause_action.isEnabled()
    first = w.history.last_step
    qtbot.waitUntil(lambda: w.history.last_step >= first + 5, timeout=60_000)  # live
    qtbot.waitUntil(lambda: w.attention_panel.probe is not None, timeout=60_000)
    w.grab().save(str(tmp_path / "follow.png"))

    # Space pauses the external process: it stops at the next step boundary
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True)
    (paused_at,) = con.execute("SELECT step FROM events WHERE kind='pause' ORDER BY rowid DESC").fetchone()
    con.close()
    time.sleep(2.0)
    assert _max_step(run) <= paused_at + 1  # no more than the step in flight
    qtbot.waitUntil(lambda: w.history.last_step == _max_step(run), timeout=10_000)

    # and resumes it
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "running" and _max_step(run) > paused_at + 3, timeout=60_000)

    # a pivot from the curriculum dialog goes through the channel
    names = list(w.info.source_names)
    assert w.exclude_source(names[-1])
    qtbot.waitUntil(lambda: any(k == "pivot" for _, k, _ in w.history.events), timeout=30_000)

    # Stop ends the process; the window says the trainer is gone, with its last step
    w.stop_training()
    assert proc.wait(60) == 0
    qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)
    assert "trainer not running" in w.device_label.text() and f"{w.history.last_step:,}" in w.device_label.text()
    assert not trainer_alive(run)


def test_a_killed_trainer_shows_as_stopped(qtbot, make_window, external_run):
    run, proc = external_run
    w = make_window(run="mine")
    assert w.open_run(run) and w.state == "running"
    proc.kill()
    proc.wait(30)
    qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)
    assert "trainer not running — last step" in w.device_label.text()
    assert w.start_action.isEnabled() or not list((run / "checkpoints").glob("step-*"))


def test_send_command_refuses_unknown_kinds_and_runs_without_a_trainer(tmp_path):
    with pytest.raises(ControlError, match="unknown command"):
        send_command(tmp_path, "format-disk")
    with pytest.raises(ControlError, match="no trainer"):
        send_command(tmp_path, "pause")
