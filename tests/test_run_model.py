"""The run model (core/viewmodels/run_model.py) and its sources: one branched run with a pivot
decoded live, reopened and followed gives identical models — every series, event, constraint in
force, path point, probe, watched set, sample and terrain result — and the branch starts from
its parent's mixture at the branch step."""

from __future__ import annotations

import sqlite3
import threading
import time

import numpy as np
import pytest
from conftest import make_terrain_result, tiny_config, train_run, uniform_probe

from andrea_desktop.core.lifecycle import RunState
from andrea_desktop.core.metrics import EventKind
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.store import EmptyStoreError, StoreError
from andrea_desktop.core.rundir.terrain import write_result
from andrea_desktop.core.training.branch import create_branch
from andrea_desktop.core.viewmodels.colours import (
    RUN_PALETTE,
    SOURCE_PALETTE,
    run_colour,
    source_colour,
)
from andrea_desktop.core.viewmodels.digest import model_digest
from andrea_desktop.core.viewmodels.run_model import (
    Action,
    Aspect,
    RunModel,
    RunStatus,
)
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.core.viewmodels.sources import (
    FolderFollower,
    TerrainFiles,
    open_model,
    read_folder,
)

N, M, B_END = 12, 16, 26


def _config():
    return tiny_config(schedule={"warmup_steps": 2, "total_steps": 400, "min_lr": 3e-4},
                       train={"eval_interval": 5, "eval_rows": 4},
                       probe={"interval": 4, "sample_interval": 6, "sample_tokens": 4},
                       checkpoint={"interval": N},
                       curriculum={"phase_min": 2, "phase_max": 3, "warmup_steps": 6,
                                   "warmup_sources": ("python-reference", "stdlib-docstrings")})


@pytest.fixture(scope="module")
def parent(tmp_path_factory):
    run = tmp_path_factory.mktemp("model") / "parent"
    train_run(run, _config(), M)
    assert N in [c.step for c in list_checkpoints(run)]
    return run


def _reopen(run_dir) -> RunModel:
    model, error = open_model(run_dir)
    assert error is None
    read_folder(model)
    return model


class _LiveObserver:
    """The training thread's side of the live source, without Qt: every row the trainer writes
    goes into one :class:`SnapshotBuilder`, taken into the model every few rows (as the window's
    training thread does a few times a second)."""

    def __init__(self, model: RunModel) -> None:
        self.model, self.builder, self.n = model, SnapshotBuilder(), 0
        self.at_step = None  # (step, callable): called once from the training thread at that step

    def _maybe_take(self, force=False):
        self.n += 1
        if force or self.n % 7 == 0:
            snap = self.builder.take(self.model.sources)
            if snap is not None:
                self.model.apply(snap)

    def on_scalars(self, step, values, wall_time=None):
        self.builder.add_scalars(step, values)
        self._maybe_take()
        if self.at_step is not None and step >= self.at_step[0]:
            self.at_step, (_, call) = None, self.at_step
            call()

    def on_event(self, step, kind, payload):
        self.builder.add_event(step, kind, dict(payload))

    def on_sample(self, step, prompt, text):
        self.builder.add_sample(step, prompt, text)

    def on_probe(self, step, probe):
        self.builder.set_probe(probe)
        self._maybe_take(force=True)

    def on_state(self, state):
        self._maybe_take(force=True)


def test_a_branch_with_a_pivot_decodes_to_one_model_live_reopened_and_followed(parent, tmp_path):
    """The done-when case of the run model: live, reopen and follow agree on everything."""
    run = tmp_path / "b"
    create_branch(parent, run, N, overrides=["curriculum.caps.stdlib-code=0.2", "curriculum.phase_max=4"])

    # live: the model exists before training (the window opens the branch); the trainer's rows
    # reach it as they are written. Followed: a second reader of the same folder meanwhile.
    live, _ = open_model(run)
    assert live.parent is not None and live.parent.step == N
    observer = _LiveObserver(live)
    done = threading.Event()
    wrote_terrain = threading.Event()

    def terrain_job_lands():  # a terrain job's result lands mid-run (from the training thread's side,
        write_result(run, make_terrain_result(step=N + 4))  # so however fast training is)
        wrote_terrain.set()

    observer.at_step = (N + 4, terrain_job_lands)

    def train():
        try:
            train_run(run, max_steps=B_END, observer=observer)
            observer._maybe_take(force=True)
        finally:
            done.set()

    worker = threading.Thread(target=train)
    worker.start()
    deadline = time.monotonic() + 120
    while not (run / "metrics.sqlite").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    while True:  # the trainer creates the database's tables just after the file
        followed, _ = open_model(run)
        try:
            follower = FolderFollower(followed, read_folder(followed))
            break
        except EmptyStoreError:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    def poll():
        nonlocal followed
        try:
            restarted = follower.poll().restarted
        except (sqlite3.Error, StoreError, OSError):  # busy or mid-write: the next poll tries again
            return True
        if restarted:  # the trainer started after the follower looked: read again
            followed, _ = open_model(run)
            follower.continue_with(followed, read_folder(followed))
            return True
        return False

    try:
        while not done.is_set():
            poll()
            time.sleep(0.05)
    finally:
        worker.join()
    while poll():  # the last rows (and a start the follower saw only now)
        pass
    follower.close()
    assert wrote_terrain.is_set()
    TerrainFiles(run).read_into(live)  # the training thread's source picks the file up as the follower does

    reopened = _reopen(run)
    want = model_digest(reopened)
    assert want["loss"][0] == list(range(N + 1, B_END + 1))
    assert {k for _, k, _ in want["events"]} >= {"start", "pivot", "phase", "stop"}
    assert want["probe_steps"] and want["samples"] and want["watch_sets"] and list(want["terrain_results"]) == [N + 4]
    for name, model in (("live", live), ("followed", followed)):
        got = model_digest(model)
        for key in want:
            assert got[key] == want[key], f"{name} model differs in {key}"


def test_a_followed_probe_read_twice_keeps_one_watched_set_per_step():
    """A follower hands the model a new probe file's watched sets, then the newest file's arrays:
    the step's set is held once (it was held twice, so a followed run showed an extra stability
    point per poll that found a probe with a watched set — seen as a flaky digest mismatch)."""
    model = RunModel()
    ws = {"step": np.int64(10), "watch_ids": np.arange(3), "neighbours": np.zeros((3, 4), np.int64)}
    model.add_probe_files({}, [ws, dict(ws)])
    model.add_probe({**uniform_probe(), "watch_ids": ws["watch_ids"], "neighbours": ws["neighbours"] + 1})
    assert [d["step"] for d in model.watch_sets] == [10]
    np.testing.assert_array_equal(model.watch_sets[0]["neighbours"], ws["neighbours"] + 1)  # the newest read wins


def test_a_probe_written_while_the_follower_starts_is_read_at_its_first_poll(parent, tmp_path):
    """A probe file that lands between the follower's reading of the folder and its start is read
    at the first poll (it was counted as seen and never read: a followed run missed its last probe)."""
    import shutil

    run = tmp_path / "copy"
    shutil.copytree(parent, run)
    files = sorted((run / "probes").glob("[0-9]*.npz"), key=lambda f: int(f.stem))
    last = files[-1]
    held = last.rename(tmp_path / last.name)  # not there yet when the folder is read
    model, _ = open_model(run)
    cursor = read_folder(model)
    assert int(last.stem) not in model.probes.steps
    held.rename(last)  # the trainer writes it now
    follower = FolderFollower(model, cursor)
    try:
        follower.poll()
    finally:
        follower.close()
    assert int(last.stem) in model.probes.steps
    assert model_digest(model)["watch_sets"] == model_digest(_reopen(run))["watch_sets"]


def test_a_reopened_branch_starts_from_its_parents_region_and_weights(parent, tmp_path):
    """A branch made after its parent's curriculum warmup ended shows the full region in force at
    the branch step (the parent's floors and caps, no warmup sub-simplex, no caps of 0 on the
    non-warmup sources), and its parent's weights as the "now" point before its own first phase."""
    run = tmp_path / "b"
    create_branch(parent, run, N)
    model, _ = open_model(run)  # not trained yet: only the parent
    pm = model.parent.mixture
    assert model.mixture.names == pm.names
    c, warm = model.mixture.current_region
    assert not warm, "the parent's curriculum warmup ended at step 6: the branch at 12 is past it"
    assert c == pm.current_region[0]
    np.testing.assert_allclose(model.mixture.weights, pm.weights)
    assert model.last_step == N and model.first_step == N + 1
    train_run(run, max_steps=N + 3)
    reopened = _reopen(run)
    c2, warm2 = reopened.mixture.regions[0][1], reopened.mixture.regions[0][2]
    assert reopened.mixture.regions[0][0] == N and not warm2 and c2 == c
    # the parent's per-source curves and events up to the branch step belong to the branch's model
    ph = reopened.parent.history
    assert ph.source_loss and all(s.steps.data.max() <= N for s in ph.source_loss.values())
    assert ph.events and max(s for s, _, _ in ph.events) <= N


def test_the_model_tells_its_views_what_changed(parent):
    model, _ = open_model(parent)
    seen = []
    model.changed.connect(seen.append)
    read_folder(model)
    aspects = frozenset().union(*seen)
    assert {Aspect.SERIES, Aspect.EVENTS, Aspect.MIXTURE, Aspect.PROBES, Aspect.SAMPLES} <= aspects
    seen.clear()
    model.set_status(state=RunState.STOPPED)
    assert seen == [frozenset({Aspect.STATUS})]
    model.set_status(state=RunState.STOPPED)
    assert seen == [frozenset({Aspect.STATUS})], "no change, no notification"


def test_colours_are_functions_of_names():
    for name in ("python-reference", "stdlib-docstrings", "stdlib-code", "licenses", "memo", "ü/ñ"):
        assert source_colour(name) == source_colour(str(name)) and source_colour(name) in SOURCE_PALETTE
        assert run_colour(name) in RUN_PALETTE
    demo = {source_colour(n) for n in ("python-reference", "stdlib-docstrings", "stdlib-code")}
    assert len(demo) == 3, "the demo's three sources are told apart by colour"
    assert RunModel.source_colour("memo") == source_colour("memo")


def test_continue_is_allowed_once_a_run_reached_the_windows_step_limit():
    """Stopped at the window's --max-steps with a checkpoint: Continue is offered (and the
    status line names the same action: :attr:`RunStatus.start_action`)."""
    s = RunStatus(state=RunState.STOPPED, is_run_dir=True, has_checkpoint=True, has_db=True, max_steps=30)
    assert Action.CONTINUE in s.allowed() and s.start_action is Action.CONTINUE
    assert Action.START not in s.allowed()
    fresh = RunStatus(state=RunState.IDLE)
    assert fresh.allowed() >= {Action.START, Action.OPEN} and fresh.start_action is Action.START
    running = RunStatus(state=RunState.RUNNING, busy=True, steerable=True, is_run_dir=True, has_constraints=True)
    assert running.allowed() >= {Action.PAUSE, Action.STOP, Action.CHECKPOINT, Action.CURRICULUM}
    assert not running.allowed() & {Action.START, Action.CONTINUE, Action.OPEN, Action.BRANCH}
    assert RunStatus(state=RunState.PAUSED, steerable=True).allowed() >= {Action.RESUME}


def test_an_event_of_another_kind_keeps_the_state():
    from andrea_desktop.core.lifecycle import state_after_event

    assert state_after_event(EventKind.PAUSE, RunState.RUNNING) is RunState.PAUSED
    assert state_after_event("phase", RunState.RUNNING) is RunState.RUNNING
    assert state_after_event("nonsense", RunState.PAUSED) is RunState.PAUSED
    assert state_after_event(None, RunState.IDLE) is RunState.IDLE
