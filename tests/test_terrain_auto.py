"""The automatic ``terrain.interval`` while training: ``andrea-train`` writes ``terrain/<step>.npz``
at the interval's steps, keeps its losses and leaves no process behind; the app's training thread
does the same and its Terrain panel shows the results without "Compute now"."""

import contextlib
import multiprocessing
import os
import signal
import sqlite3
import threading
import time

import pytest
from conftest import SMALL_TERRAIN, ForkedTrain, tiny_config

from andrea_desktop.core import terrain_jobs
from andrea_desktop.core.rundir.terrain import list_steps, read_result, terrain_path
from andrea_desktop.core.terrain_jobs import AutoTerrain, with_terrain
from andrea_desktop.core.training import prepare_run


@pytest.fixture(autouse=True)
def _normal_priority(monkeypatch):
    """A worker of this process at normal priority (a nice-19 one waits for minutes on a busy
    test machine)."""
    monkeypatch.setattr(terrain_jobs.priority, "NICE", 0)


def _losses(run):
    con = sqlite3.connect(run / "metrics.sqlite")
    rows = con.execute("SELECT step, value FROM scalars WHERE name = 'train/loss' ORDER BY step").fetchall()
    con.close()
    return rows


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - a reused id of another user
        return False
    return True


def _andrea_train(run, steps):
    """``andrea-train --resume`` of a prepared run in its own session and process group (forked:
    conftest.ForkedProcess ``new_session``): every process it starts (the terrain child,
    multiprocessing's resource tracker) is in that group."""
    proc = ForkedTrain(["--run-dir", run, "--resume", "--max-steps", steps], new_session=True)
    try:
        res = proc.run(timeout=300)
    except BaseException:  # pragma: no cover - the group killed before failing
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        raise
    out, err = res.stdout, res.stderr
    deadline = time.monotonic() + 10
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    orphans = _group_alive(proc.pid)
    if orphans:  # pragma: no cover - clean up before failing
        os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, out, err, orphans


def test_andrea_train_writes_the_terrain_every_interval_and_leaves_no_process(tmp_path):
    cfg = tiny_config(model={"dropout": 0.1}, terrain={**SMALL_TERRAIN, "interval": 5})
    prepare_run(tmp_path / "terrain", config=cfg)
    prepare_run(tmp_path / "plain", config=tiny_config(model={"dropout": 0.1}))
    code, out, err, orphans = _andrea_train(tmp_path / "terrain", 20)
    assert code == 0, err
    assert not orphans, "andrea-train left a process behind"
    steps = list_steps(tmp_path / "terrain")
    # jobs never queue: a step due while one runs may be skipped, but the last one is waited for
    assert set(steps) <= {5, 10, 15, 20} and steps[-1] == 20, (steps, err)
    assert f"terrain: steps {', '.join(map(str, steps))}" in err
    # it says what it runs, and what it waits for at the end and for how long
    assert "terrain: a job every 5 steps, in parts" in err and "10% of the training time (inline worker" in err
    assert "went to terrain jobs (" in err  # and how much of the training time the jobs took
    assert "finishing the terrain job of step 20" not in err or "s left" in err or "terrain: finished after" in err
    last = read_result(terrain_path(tmp_path / "terrain", 20))
    assert last.step == 20 and last.surface.shape == (3, 3) and last.complete
    # the same losses as a run without terrain (the process worker and the wiring of andrea-train)
    code, _, err, _ = _andrea_train(tmp_path / "plain", 20)
    assert code == 0, err
    assert _losses(tmp_path / "terrain") == _losses(tmp_path / "plain")
    assert list_steps(tmp_path / "plain") == []


def test_no_worker_starts_before_the_first_terrain_step_and_none_when_terrain_is_off(tmp_path):
    from andrea_desktop.core.training import Trainer

    class Seen:
        def __init__(self):
            self.steps = []

        def on_step(self, rec):
            self.steps.append(rec.step)

    trainer = Trainer(prepare_run(tmp_path / "off", config=tiny_config()))
    try:
        assert AutoTerrain.for_trainer(trainer) is None  # interval 0: no hook at all
        seen = Seen()
        assert with_terrain(seen, None) is seen
    finally:
        trainer.close()
    trainer = Trainer(prepare_run(tmp_path / "on", config=tiny_config(terrain={**SMALL_TERRAIN, "interval": 50})))
    auto = AutoTerrain.for_trainer(trainer)
    seen = Seen()
    try:
        trainer.run(6, observer=with_terrain(seen, auto))
    finally:
        trainer.close()
        auto.close()
    assert seen.steps == [1, 2, 3, 4, 5, 6]  # the wrapped observer still gets every step
    assert auto.jobs is None and not multiprocessing.active_children()


def test_the_app_shows_the_automatic_terrain_and_closes_its_worker(qtbot, make_window):
    # a long schedule: the worker's start (a Python importing torch) takes seconds on a busy machine
    w = make_window(tiny_config(terrain={**SMALL_TERRAIN, "interval": 4}, schedule={"total_steps": 20_000}))
    panel = w.terrain_panel
    w.start_training()
    qtbot.waitUntil(lambda: len(panel.steps) >= 1, timeout=180_000)  # no "Compute now" pressed
    assert w.thread is not None, "training ended before a terrain result showed"
    assert panel.stack.currentIndex() == 1 and panel.result.step == panel.steps[-1]
    assert all(s % 4 == 0 for s in panel.steps)
    assert not multiprocessing.active_children(), "the training thread computes the job itself (inline)"
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    t0 = time.monotonic()
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert time.monotonic() - t0 < 15
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children(), "the terrain process outlived the training"
    assert not [t for t in threading.enumerate() if t.name == "andrea-terrain"]
    # what the jobs wrote is what the panel holds (a file written as it stopped appears, too)
    qtbot.waitUntil(lambda: panel.steps == list_steps(w.runs.run_dir), timeout=30_000)
