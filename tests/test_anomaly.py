"""Anomalies (docs/design.md#bad-input-changes-nothing): a non-finite loss pauses before the update and leaves the last
good checkpoint; loss cliffs and spikes are flagged once per episode, noise is not."""

import json

import numpy as np
from conftest import ckpt_config, disk_state

from andrea_desktop.core.anomaly import LossWatch
from andrea_desktop.core.config import AnomalyConfig
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.training import NullObserver, TrainingControl, run_session


def test_a_nan_pauses_records_and_leaves_the_last_good_checkpoint(tmp_path, monkeypatch):
    run = tmp_path / "r"
    session = run_session(run, config=ckpt_config())
    t = session.open()
    forward = t.steps.forward
    bad_step = 8

    def poisoned(x, y, **kw):
        out = forward(x, y, **kw)
        return out * float("nan") if t.step + 1 == bad_step else out

    monkeypatch.setattr(t.steps, "forward", poisoned)
    control = TrainingControl()
    seen = []
    good = {}

    class Obs(NullObserver):
        def on_step(self, rec):
            if rec.step == bad_step - 1:
                good.update(disk_state(run))

        def on_event(self, step, kind, payload):
            seen.append((step, kind))

        def on_state(self, state):
            seen.append(state)
            if state == "paused":
                control.stop()

    with session:
        t.run(30, control, Obs(), on_anomaly="pause")
    assert (bad_step - 1, "anomaly") in seen and "paused" in seen
    assert [c.step for c in list_checkpoints(run)] == [5]  # no checkpoint from the bad state
    now = disk_state(run)
    assert {k: v for k, v in now.items() if k.startswith("checkpoints/")} == \
        {k: v for k, v in good.items() if k.startswith("checkpoints/")}


def test_loss_watch_flags_a_cliff_and_a_spike_not_noise():
    w = LossWatch(AnomalyConfig(window=50, min_points=20))
    rng = np.random.default_rng(0)
    flagged = []
    for step in range(1, 301):  # a falling, noisy curve: no anomaly
        flagged += w.observe(step, {"a": 3.0 * np.exp(-step / 400) * rng.uniform(0.8, 1.2), "b": 2.5})
    assert flagged == []
    out = w.observe(301, {"a": 0.13, "b": 2.5})  # the seeds' cliff
    assert [(p["kind"], p["source"]) for p in out] == [("cliff", "a")] and "0.130" in out[0]["message"]
    assert w.observe(302, {"a": 0.12, "b": 2.5}) == []  # the same episode: one event
    w2 = LossWatch(AnomalyConfig())
    for step in range(1, 40):
        w2.observe(step, {"b": 2.5})
    assert [p["kind"] for p in w2.observe(40, {"b": 9.0})] == ["spike"]
    assert w2.observe(41, {"b": 9.0}) == []  # one event per episode
    # a loss from one row is too noisy to judge (the demo's rarely drawn source)
    w4 = LossWatch(AnomalyConfig(min_rows=4))
    for step in range(1, 40):
        w4.observe(step, {"b": 2.5}, {"b": 8})
    assert w4.observe(40, {"b": 0.1}, {"b": 1}) == []
    assert [p["kind"] for p in w4.observe(41, {"b": 0.1}, {"b": 5})] == ["cliff"]
    w3 = LossWatch(AnomalyConfig())
    w3.load_state_dict(json.loads(json.dumps(w2.state_dict())))
    assert w3.observe(42, {"b": 9.0}) == w2.observe(42, {"b": 9.0})


def test_a_cliff_in_training_is_an_anomaly_event_and_can_pause(tmp_path, monkeypatch):
    cfg = ckpt_config(anomaly={"pause": True, "min_points": 5, "window": 10, "min_rows": 1})
    session = run_session(tmp_path / "r", config=cfg)
    t = session.open()
    step_fn = t.train_step

    def train_step():
        rec = step_fn()
        if rec.step == 12:  # one source's loss collapses, as a memorised passage would
            name = next(iter(rec.source_loss))
            rec = type(rec)(**{**rec.__dict__, "source_loss": {**rec.source_loss, name: 0.01}})
        return rec

    monkeypatch.setattr(t, "train_step", train_step)
    control = TrainingControl()
    events = []

    class Obs(NullObserver):
        def on_event(self, step, kind, payload):
            events.append((step, kind, payload))

        def on_state(self, state):
            if state == "paused":
                control.stop()

    with session:
        t.run(30, control, Obs())
    cliffs = [(s, p) for s, k, p in events if k == "anomaly" and p.get("kind") == "cliff"]
    assert len(cliffs) == 1 and cliffs[0][0] == 12 and cliffs[0][1]["source"]
    assert t.step == 12  # paused (then stopped) right after it
