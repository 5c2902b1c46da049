"""A "remote" run opened in the window through the local-subprocess transport (what
ssh runs on the remote host): its loss arrives in the loss panel live, the status bar says the
link's state, Pause goes over the link to the run's control.sqlite, and a read-only remote has
its steering disabled with the reason."""

from __future__ import annotations

import sqlite3
import sys
import threading
import time

import pytest
from conftest import make_terrain_result, steer_external_trainer

from andrea_desktop import track
from andrea_desktop.core.remote.link import LinkState
from andrea_desktop.core.remote.ssh import parse_ssh_url, remote_cache_dir
from andrea_desktop.core.rundir.control import send_command
from andrea_desktop.core.rundir.layout import CONTROL_DB, trainer_alive
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.terrain import write_result

FOLLOW = [sys.executable, "-m", "andrea_desktop.cli.follow_stdio", "--interval", "0.05"]


@pytest.fixture
def growing_run(tmp_path):
    """A tracked run (sources code and prose) that a thread keeps logging steps into."""
    run = track.init(tmp_path / "remote-run", sources=["code", "prose"], total_steps=100_000, device="cuda:0")
    stop, steps = threading.Event(), []

    def writer():
        s = 0
        while not stop.is_set():
            s += 1
            run.log({"train/loss": 4.0 - s * 1e-3, "train/lr": 1e-3}, step=s)
            steps.append(s)
            time.sleep(0.01)

    t = threading.Thread(target=writer)
    t.start()
    yield run, steps
    stop.set()
    t.join()
    run.finish()


def test_a_remote_run_is_shown_live_and_steered_over_the_link(qtbot, make_window, growing_run, tmp_path):
    run, steps = growing_run
    w = make_window(run="mine")
    w.runs.remote_transport = lambda target: [*FOLLOW, "--stdio", target.path]
    assert w.runs.open_remote(f"ssh://me@gpu-box:2222{run.path}")
    assert "gpu-box" in w.windowTitle() and "(remote)" in w.windowTitle()
    qtbot.waitUntil(lambda: w.history.last_step >= 20, timeout=30_000)
    qtbot.waitUntil(lambda: w.loss_panel.raw_curve.getData()[0] is not None
                    and len(w.loss_panel.raw_curve.getData()[0]) >= 10, timeout=30_000)
    x, y = w.loss_panel.raw_curve.getData()  # what the panel draws (decimated to its view)
    assert set(x) <= set(range(1, len(steps) + 1)) and all(3.0 < v < 4.0 for v in y)
    assert w.history.loss.steps.data[0] == 1 and w.history.loss.values.data[0] == pytest.approx(3.999)
    assert "remote, connected" in w.state_label.text()
    assert "remote run · gpu-box:" in w.device_label.text() and "cuda:0" in w.device_label.text()
    assert w.pause_action.isEnabled() and not w.start_action.isEnabled()
    assert not w.window_actions.branch_action.isEnabled() and not w.window_actions.new_from_action.isEnabled()
    w.grab().save(str(tmp_path.parent / "remote-run-window.png"))
    write_result(run.path, make_terrain_result(step=20))  # a terrain result lands there: fetched, then shown
    qtbot.waitUntil(lambda: 20 in w.runs.model.terrain, timeout=30_000)
    w.pause_action.trigger()  # over the link, into the remote run's control.sqlite
    qtbot.waitUntil(run.should_pause, timeout=10_000)
    con = sqlite3.connect(run.path / CONTROL_DB)
    assert [k for (k,) in con.execute("SELECT kind FROM commands")] == ["pause"]
    con.close()
    # the link drops: the window says so, reconnects and goes on from where it was
    driver = w.runs.driver
    before = w.history.last_step
    driver.link.kill_transport()
    qtbot.waitUntil(lambda: driver.link.connections >= 2 and driver.link.state is LinkState.CONNECTED,
                    timeout=30_000)
    qtbot.waitUntil(lambda: w.history.last_step > before + 10, timeout=30_000)
    got = list(w.history.loss.steps.data)
    assert got == list(range(1, len(got) + 1))  # every step once, in order, across the drop
    cache = driver.link.cache_dir
    assert (cache / "terrain" / "20.npz").is_file()
    w.runs.drop_driver()  # another run opened, or the window closed: the link ends, its cache goes
    assert not cache.exists() and driver.link.state is LinkState.CLOSED


def test_a_remote_path_that_is_no_run_gives_a_message_and_changes_nothing(qtbot, make_window, tmp_path, monkeypatch):
    w = make_window(run="mine")
    shown = []
    monkeypatch.setattr(w.notices, "show_message", lambda title, text, *a, **k: shown.append((title, text)))
    w.runs.remote_transport = lambda target: [*FOLLOW, "--stdio", target.path]
    before = w.runs.run_dir
    url = f"ssh://gpu-box{tmp_path}/nothing"
    assert not w.runs.open_remote(url)
    assert shown and "is not an ANDREA run folder" in shown[0][1]
    assert not list(remote_cache_dir(parse_ssh_url(url)).glob("session-*"))  # nothing left behind
    assert w.runs.run_dir == before and w.runs.driver is None
    assert not w.runs.open_remote("ssh://-oProxyCommand=x/run")
    assert shown[-1][0] == "Not a remote run address"


def test_the_open_remote_run_dialog_completes_hosts_and_builds_the_address(qtbot):
    from andrea_desktop.gui.dialogs.remote_run import RemoteRunDialog

    d = RemoteRunDialog(hosts=["gpu-box", "lab"])
    qtbot.addWidget(d)
    assert d.host.completer().model().rowCount() == 2
    d.host.setText("me@gpu-box:2222")
    d.path.setText("/srv/runs/my run")
    d._accept()
    assert d.url() == "ssh://me@gpu-box:2222/srv/runs/my%20run"
    d.path.setText("~/runs/a")
    d._accept()
    assert d.url() == "ssh://me@gpu-box:2222/~/runs/a"
    d.host.setText("-oProxyCommand=x")
    d._accept()
    assert "not a host name" in d.error.text()


def test_a_remote_andrea_train_run_pauses_within_a_step_resumes_pivots_and_stops(qtbot, make_window, external_run):
    """The whole way with a real trainer: its probes reach the attention panel, Pause stops it
    within the step in flight, Resume continues it, a pivot and Stop reach it over the link."""
    run, proc = external_run
    w = make_window(run="mine")
    w.runs.remote_transport = lambda target: [*FOLLOW, "--stdio", target.path]
    assert w.runs.open_remote(f"ssh://gpu-box{run}")
    qtbot.waitUntil(lambda: w.state == "running", timeout=30_000)
    qtbot.waitUntil(lambda: w.attention_panel.probe is not None, timeout=60_000)  # a probe file fetched and read
    steer_external_trainer(qtbot, w, run, proc)  # Pause, Resume, a pivot and Stop, over the link
    with RunReader(run / "metrics.sqlite") as reader:
        stored = [s for s, name, *_ in reader.scalar_rows(["train/loss"])]
    assert list(w.history.loss.steps.data) == stored  # exactly the rows of the store
    assert not w.start_action.isEnabled()  # a remote run is continued on its machine, not here


def test_a_read_only_remote_run_has_steering_off_with_the_reason(qtbot, make_window, tracked, tmp_path):
    run = tracked(tmp_path / "remote-run")
    run.log({"train/loss": 3.0}, step=1)
    w = make_window(run="mine")
    reason = "you cannot steer this run: control.sqlite is not writable for you"
    w.runs.remote_transport = lambda target: [sys.executable, "-c", READ_ONLY, target.path, reason]
    assert w.runs.open_remote(f"ssh://gpu-box{run.path}")
    qtbot.waitUntil(lambda: w.state == "running", timeout=30_000)
    assert not w.pause_action.isEnabled() and not w.stop_action.isEnabled()
    assert not w.checkpoint_action.isEnabled()
    assert reason in w.pause_action.toolTip() and reason in w.stop_action.toolTip()
    assert "read-only" in w.device_label.text()


READ_ONLY = """
import sys
from andrea_desktop.core.remote import serve
serve.read_only_reason = lambda run_dir: sys.argv[2]  # as for a folder another user owns
sys.exit(serve.serve(sys.argv[1], sys.stdin.buffer, sys.stdout.buffer, interval=0.05))
"""


def test_a_new_run_started_on_the_host_trains_detached_and_is_followed(qtbot, make_window, tmp_path):
    w = make_window(run="mine")
    w.runs.remote_transport = lambda target: [*FOLLOW, "--stdio", target.path]
    w.runs.remote_launcher = lambda target, args: [*FOLLOW, "--launch", target.path, *args]
    url = f"ssh://gpu-box{tmp_path}/new-run"
    shown = []
    w.notices.show_message = lambda title, text, *a, **k: shown.append((title, text))
    assert w.runs.start_remote(url, ["--preset", "andrea-tiny", "--max-steps", "100000"]), shown
    run = tmp_path / "new-run"
    try:
        assert trainer_alive(run)  # the launcher has answered and gone; the trainer trains on, on its own
        assert w.runs.open_remote(url)
        qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step >= 3, timeout=120_000)
        link = w.runs.driver.link
        link.kill_transport()  # the link drops: the trainer does not notice
        qtbot.waitUntil(lambda: link.connections >= 2 and link.state is LinkState.CONNECTED, timeout=30_000)
        assert trainer_alive(run)
        w.stop_training()  # over the link
        qtbot.waitUntil(lambda: not trainer_alive(run), timeout=60_000)
    finally:  # a detached trainer never outlives the test
        if trainer_alive(run):
            send_command(run, "stop")
            qtbot.waitUntil(lambda: not trainer_alive(run), timeout=60_000)
    qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)
    # a second start into the same folder is refused with the reason, and nothing starts
    assert not w.runs.start_remote(url, ["--preset", "andrea-tiny"])
    assert "already holds a run" in shown[-1][1] and not trainer_alive(run)


def test_the_dialog_asks_for_a_new_run_there(qtbot):
    from andrea_desktop.gui.dialogs.remote_run import RemoteRunDialog

    d = RemoteRunDialog(hosts=[])
    qtbot.addWidget(d)
    assert d.launch_args() is None and not d.nproc.isEnabled()
    d.launch.setChecked(True)
    d.preset.setCurrentText("andrea-120m")
    d.nproc.setValue(4)
    assert d.nproc.isEnabled()
    assert d.launch_args() == ["--preset", "andrea-120m", "--nproc", "4"]
    d.max_steps.setValue(5000)
    assert d.launch_args()[-2:] == ["--max-steps", "5000"]


def test_the_launcher_checks_what_the_host_needs_first(tmp_path, monkeypatch):
    from andrea_desktop.core.remote import launch as launcher

    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    with pytest.raises(launcher.LaunchError, match="already holds a run or other files"):
        launcher.launch(tmp_path / "full", "andrea-tiny")
    with pytest.raises(launcher.LaunchError, match="unknown preset"):
        launcher.launch(tmp_path / "new", "gpt-5")
    with pytest.raises(launcher.LaunchError, match="between 1 and"):
        launcher.launch(tmp_path / "new", "andrea-tiny", nproc=0)
    monkeypatch.setattr(launcher.shutil, "which", lambda name: None)
    with pytest.raises(launcher.LaunchError, match="torchrun is not on the PATH"):
        launcher.launch(tmp_path / "new", "andrea-120m", nproc=4)
    assert not (tmp_path / "new").exists()
    cmd = launcher.train_command(tmp_path / "new", "andrea-120m", 2000, 4)
    assert cmd[:3] == ["torchrun", "--standalone", "--nproc_per_node=4"] and cmd[-2:] == ["--max-steps", "2000"]
