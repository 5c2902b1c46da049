"""The terrain child while it starts (seconds: a new Python importing torch): Ctrl+C sent to the
terminal's process group then, or the end of the run then, leaves no traceback and no process."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest
from conftest import SMALL_TERRAIN, ForkedTrain, python_c, tiny_config

from andrea_desktop.core import terrain_jobs
from andrea_desktop.core.training import prepare_run

pytestmark = pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads /proc (Linux)")


@pytest.fixture(autouse=True)
def _normal_priority(monkeypatch):
    monkeypatch.setattr(terrain_jobs.priority, "NICE", 0)


def _group(pgid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the live processes of process group ``pgid`` (not zombies: an
    orphan's exit status waits for whoever reaps it)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            out.append((int(entry), cmd))
    return out


def _importing_torch(pid: int) -> bool:
    try:
        return "torch" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def _starting_child(pgid: int, timeout: float = 180) -> int:
    """The pid of the terrain child of ``pgid`` once it is importing torch (its start-up)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid, cmd in _group(pgid):
            if pid != pgid and "spawn_main" in cmd and "resource_tracker" not in cmd and _importing_torch(pid):
                return pid
        time.sleep(0.01)
    raise AssertionError("no terrain child started")


def _no_traceback(err: str) -> None:
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "FileNotFoundError" not in err, err[-4000:]


def test_ctrl_c_while_the_terrain_child_starts_prints_no_traceback(tmp_path):
    """SIGINT to the process group while the child imports torch: it printed a KeyboardInterrupt
    traceback of its own (it ignored SIGINT only once its own code ran)."""
    run = tmp_path / "run"
    prepare_run(run, config=tiny_config(terrain={**SMALL_TERRAIN, "interval": 3, "worker": "process"}))
    # andrea-train in a session and process group of its own, as a terminal starts it (forked:
    # conftest.ForkedProcess ``new_session``; the terrain child it spawns is a new interpreter)
    proc = ForkedTrain(["--run-dir", run, "--resume", "--max-steps", 2000], new_session=True)
    try:
        child = _starting_child(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl+C in the terminal
        err = proc.run(timeout=180).stderr
    except BaseException:  # pragma: no cover - the group killed before failing
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        raise
    assert proc.returncode == 0, err[-4000:]
    _no_traceback(err)
    deadline = time.monotonic() + 15
    while _group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _group(proc.pid), "a process of the run outlived it"
    assert child not in [pid for pid, _ in _group(proc.pid)]


_ENDS_AT_A_TERRAIN_STEP = r"""
import sys
sys.path.insert(0, sys.argv[2])
from conftest import SMALL_TERRAIN, tiny_config
from andrea_desktop.core import terrain_jobs
from andrea_desktop.core.terrain_jobs import TerrainJobs
from andrea_desktop.core.training import Trainer, prepare_run
terrain_jobs.priority.NICE = 0
prepared = prepare_run(sys.argv[1], config=tiny_config(terrain={**SMALL_TERRAIN, "interval": 3, "worker": "process"}))
trainer = Trainer(prepared)
jobs = TerrainJobs.for_run(prepared)
class Submit:
    def on_step(self, rec):
        jobs.maybe_submit(rec.step, trainer.model)
trainer.run(3, observer=Submit())  # the last step is a terrain step: its child starts
jobs.close()  # the run ends while the child starts
trainer.close()
print("child exit code", jobs._proc.exitcode)
"""


def test_a_run_ending_while_the_terrain_child_starts_waits_for_it(tmp_path):
    """The run's end at its first terrain step (``--max-steps`` at a terrain step in the app):
    the child failed in ``SemLock._rebuild`` with FileNotFoundError (its queues were gone)."""
    proc = python_c(_ENDS_AT_A_TERRAIN_STEP, tmp_path / "run", Path(__file__).parent)
    assert proc.returncode == 0, proc.stderr[-4000:]
    _no_traceback(proc.stderr)
    assert "child exit code 0" in proc.stdout  # it ended by itself, not terminated


def test_the_app_ending_at_a_terrain_step_leaves_no_traceback(qtbot, make_window, capfd):
    """The case found in the app: ``--set terrain.interval=10 --max-steps 10``, offscreen."""
    w = make_window(tiny_config(terrain={**SMALL_TERRAIN, "interval": 10, "worker": "process"}), max_steps=10)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state != "running", timeout=180_000)
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in multiprocessing.active_children() if p.name == "andrea-terrain"]
    time.sleep(0.5)  # what a child printed as it ended
    _no_traceback(capfd.readouterr().err)
