"""Anomalies (docs/design.md#bad-input-changes-nothing): a non-finite loss pauses before the update and leaves the last
good checkpoint; loss cliffs and spikes are flagged once per episode, noise is not."""

import json

import numpy as np
import pytest
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


def _train_with_a_cliff(tmp_path, monkeypatch, anomaly: dict, cliff, on_paused) -> tuple[object, list]:
    """Train 30 steps with ``anomaly`` settings while ``cliff(step)`` (a loss, or None) replaces
    the loss of the first source in the batch at step 12 (as a memorised passage would);
    ``on_paused(control)`` at each pause. Returns the trainer and its events."""
    cfg = ckpt_config(anomaly={"pause": True, "min_points": 5, "window": 10, "min_rows": 1, **anomaly})
    session = run_session(tmp_path / "r", config=cfg)
    t = session.open()
    step_fn = t.train_step
    chosen = []

    def train_step():
        rec = step_fn()
        if rec.step == 12:
            chosen.append(next(iter(rec.source_loss)))
        loss = cliff(rec.step)
        if loss is not None and chosen[0] in rec.source_loss:
            rec = type(rec)(**{**rec.__dict__, "source_loss": {**rec.source_loss, chosen[0]: loss}})
        return rec

    monkeypatch.setattr(t, "train_step", train_step)
    control = TrainingControl()
    events = []

    class Obs(NullObserver):
        def on_event(self, step, kind, payload):
            events.append((step, kind, payload))

        def on_state(self, state):
            if state == "paused":
                on_paused(control)

    with session:
        t.run(30, control, Obs())
    return t, events


def test_a_cliff_in_training_is_an_anomaly_event_and_can_pause(tmp_path, monkeypatch):
    t, events = _train_with_a_cliff(tmp_path, monkeypatch, {}, lambda step: 0.01 if step == 12 else None,
                                    lambda control: control.stop())
    cliffs = [(s, p) for s, k, p in events if k == "anomaly" and p.get("kind") == "cliff"]
    assert len(cliffs) == 1 and cliffs[0][0] == 12 and cliffs[0][1]["source"]
    assert t.step == 12  # paused (then stopped) right after it

# ------------------------------------------------------------------ episodes (docs/design.md#anomaly-episodes)
def _watch(**kw):
    return LossWatch(AnomalyConfig(window=50, min_points=20, **kw))


def _feed(watch, losses, first=1, source="a"):
    """Each loss of ``source`` at its step; the payloads as (step, phase, depth, steps)."""
    out = []
    for step, loss in enumerate(losses, start=first):
        out += [(p["step"], p["episode"]["phase"], p["episode"]["depth"], p["episode"]["steps"])
                for p in watch.observe(step, {source: float(loss)})]
    return out


def test_a_cliff_that_deepens_over_200_steps_is_one_episode_with_its_depth():
    w = _watch()
    calm = [3.0] * 100
    slide = list(np.geomspace(1.4, 0.05, 200))  # a smooth memorisation: under half the median, then ever lower
    found = _feed(w, calm + slide + [0.05] * 50)
    starts = [f for f in found if f[1] == "start"]
    assert starts == [(101, "start", pytest.approx(1.4 / 3.0), 1)]
    deeper = [f for f in found if f[1] == "deeper"]
    assert 5 <= len(deeper) <= 20  # a report per 20 % deeper, not one per step
    assert [d[2] for d in deeper] == sorted((d[2] for d in deeper), reverse=True)  # ever deeper
    assert all(b[2] <= a[2] * 0.8 + 1e-12 for a, b in zip(starts + deeper, deeper, strict=False))
    assert 0.05 / 3.0 <= deeper[-1][2] <= 0.05 / 3.0 / 0.8 and deeper[-1][3] >= 180  # the last within 20 %
    assert not [f for f in found if f[1] == "end"]  # still down there: the episode is open
    ep = w.episodes["a"]
    assert set(w.episodes) == {"a"} and (ep.start, ep.last) == (101, 350) and ep.depth == pytest.approx(0.05 / 3.0)


def test_two_separated_cliffs_are_two_episodes_and_the_end_says_how_long():
    w = _watch(recover_steps=10)
    found = _feed(w, [3.0] * 60 + [1.0] * 30 + [3.0] * 40 + [0.9] * 5 + [3.0] * 20)
    assert [(s, ph) for s, ph, _, _ in found] == [(61, "start"), (100, "end"), (131, "start"), (145, "end")]
    assert found[1][3] == 30 and found[1][2] == pytest.approx(1 / 3)  # 30 steps down at a third of the median
    assert found[3][3] == 5 and found[3][2] == pytest.approx(0.3)


def test_a_spike_recovery_and_a_spike_are_two_episodes_a_brief_return_is_not_a_recovery():
    w = _watch(recover_steps=10)
    found = _feed(w, [2.5] * 40 + [9.0] + [2.5] * 10 + [8.0] + [2.5] * 3 + [10.0] + [2.5] * 12)
    assert [(s, ph) for s, ph, _, _ in found] == [(41, "start"), (51, "end"), (52, "start"), (56, "deeper"),
                                                  (66, "end")]  # 10 is 25 % above 8: deeper
    assert found[0][2] == pytest.approx(9.0 / 2.5)  # the jump factor
    assert found[4][2] == pytest.approx(10.0 / 2.5) and found[4][3] == 5  # 3 steps inside are no recovery


def test_an_open_episode_survives_a_checkpoint_and_older_checkpoints_load():
    w = _watch()
    _feed(w, [3.0] * 40 + [1.0] * 5)
    w2 = _watch()
    w2.load_state_dict(json.loads(json.dumps(w.state_dict())))
    assert _feed(w2, [0.5], first=46) == _feed(w, [0.5], first=46) == [(46, "deeper", pytest.approx(0.5 / 3), 6)]
    w3 = _watch()
    w3.load_state_dict({"history": {"a": [3.0] * 40}, "quiet": {"a": 5}})  # before episodes
    assert [f[1] for f in _feed(w3, [1.0], first=41)] == ["start"]


def test_is_follow_up_tells_the_reports_after_the_first():
    from andrea_desktop.core.anomaly import is_follow_up

    assert not is_follow_up({"kind": "cliff", "episode": {"phase": "start"}})
    assert is_follow_up({"kind": "cliff", "episode": {"phase": "deeper"}})
    assert is_follow_up({"kind": "spike", "episode": {"phase": "end"}})
    assert not is_follow_up({"kind": "nan"}) and not is_follow_up({"episode": "end"}) and not is_follow_up(None)


def test_a_cliff_of_several_steps_pauses_the_training_once(tmp_path, monkeypatch):
    """anomaly.pause: one pause per episode, however many steps the cliff lasts and deepens."""
    t, events = _train_with_a_cliff(  # one source slides down over nine steps; the user resumes each pause
        tmp_path, monkeypatch, {"recover_steps": 3}, lambda step: 0.1 / (step - 10) if 12 <= step <= 20 else None,
        lambda control: control.resume())
    cliffs = [(s, p["episode"]["phase"]) for s, k, p in events if k == "anomaly" and p.get("kind") == "cliff"]
    assert cliffs[0] == (12, "start") and [ph for _, ph in cliffs].count("start") == 1
    assert ("deeper" in [ph for _, ph in cliffs]) and cliffs[-1][1] == "end" and t.step == 30
    assert [s for s, k, _ in events if k == "pause"] == [12]  # paused once, right after the episode opened


def test_a_damaged_episode_in_a_checkpoint_is_refused():
    good = {"kind": "cliff", "start": 3, "last": 5, "depth": 0.3, "loss": 0.9, "median": 3.0, "reported": 0.3, "calm": 0}
    for bad in ({"kind": "drop"}, {"last": 2}, {"depth": float("nan")}, {"median": 0.0}, {"calm": -1}):
        with pytest.raises(ValueError, match="damaged episode"):
            _watch().load_state_dict({"history": {}, "episodes": {"a": {**good, **bad}}})
    with pytest.raises(KeyError):
        _watch().load_state_dict({"history": {}, "episodes": {"a": {"kind": "cliff"}}})
    w = _watch()
    w.load_state_dict({"history": {}, "episodes": {"a": good}})
    assert w.episodes["a"].start == 3


def test_an_extreme_but_finite_loss_opens_no_episode_a_checkpoint_cannot_hold():
    """Losses of 1e-300 then 1e300 made a ratio of inf: stored as an episode's depth, the
    checkpoint's state refused to load. A damaged history (NaN, inf, negative) or an episode past
    the step bound is refused on load, never taken (NaN in the history turned spike detection off)."""
    import json

    import pytest

    w = LossWatch(AnomalyConfig())
    for i, loss in enumerate([1e-300] * 50 + [1e300] * 3):
        w.observe(i, {"s": loss})
    again = LossWatch(AnomalyConfig())
    again.load_state_dict(json.loads(json.dumps(w.state_dict(), allow_nan=False)))
    for bad in (float("nan"), float("inf"), -1.0):
        d = w.state_dict()
        d["history"]["s"][0] = bad
        with pytest.raises(ValueError):
            LossWatch(AnomalyConfig()).load_state_dict(d)
    w2 = LossWatch(AnomalyConfig(window=50, min_points=20))
    for i in range(40):
        w2.observe(i, {"s": 3.0})
    w2.observe(40, {"s": 0.1})  # a cliff: an episode opens
    d = w2.state_dict()
    assert d["episodes"]
    d["episodes"]["s"]["last"] = 10**40
    with pytest.raises(ValueError):
        LossWatch(AnomalyConfig(window=50, min_points=20)).load_state_dict(d)
