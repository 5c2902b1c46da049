"""Follow mode and the control channel: the desktop shows and steers a run that a
separate ``andrea-train`` process trains."""

import sqlite3
import time

import numpy as np
import pytest
from conftest import steer_external_trainer, tiny_config

from andrea_desktop.core.rundir.control import CONTROL_DB, ControlError, send_command, trainer_alive
from andrea_desktop.core.training import prepare_run


def _max_step(run) -> int:
    con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True, timeout=10)
    try:
        return con.execute("SELECT COALESCE(MAX(step), 0) FROM scalars WHERE name='train/loss'").fetchone()[0]
    finally:
        con.close()


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

    # Space pauses the external process at the next step boundary and resumes it, a pivot from the
    # curriculum dialog goes through the channel, Stop ends the process
    steer_external_trainer(qtbot, w, run, proc)
    # the window says the trainer is gone, with its last step
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


def test_send_command_to_a_run_whose_trainer_is_gone_says_so(tmp_path):
    from andrea_desktop.core.training import Trainer

    t = Trainer(prepare_run(tmp_path / "r", config=tiny_config(probe={"enabled": False})))
    t.run(2)
    t.close()
    with pytest.raises(ControlError, match="no trainer is running"):
        send_command(tmp_path / "r", "pause")


BAD_PIVOTS = {
    "phases inverted": {"constraints": {}, "params": {"phase_min": 50, "phase_max": 3}},
    "phase as text": {"constraints": {}, "params": {"phase_min": "x"}},
    "warmup as text": {"constraints": {}, "params": {"warmup_steps": "x"}},
    "unknown parameter": {"constraints": {}, "params": {"temperature": 2}},
    "start too short": {"constraints": {}, "start": [1.0]},
    "constraints a list": {"constraints": [1, 2]},
    "unknown source": {"constraints": {"floors": {"nope": 0.5}}},
}


def test_malformed_commands_are_refused_as_events_and_training_goes_on(tmp_path):
    from andrea_desktop.core.training import Trainer, TrainingControl

    run = tmp_path / "r"
    t = Trainer(prepare_run(run, config=tiny_config(probe={"enabled": False})))
    control = TrainingControl()
    sent = []

    class Obs:
        def on_step(self, rec):
            if rec.step == 3:
                for payload in BAD_PIVOTS.values():
                    send_command(run, "pivot", payload)
                send_command(run, "probe", {"text": 5})  # ignored text: a probe of the current text
                with pytest.raises(ControlError, match="JSON"):  # NaN cannot even be sent
                    send_command(run, "pivot", {"constraints": {}, "start": [float("nan"), 0.0, 0.0]})
                sent.append(rec.step)
            if rec.step == 3 + 12:
                time.sleep(0.6)  # the poller reads every 0.25 s

        def on_eval(self, *a): pass
        def on_event(self, *a): pass
        def on_state(self, *a): pass

    t.run(20, control, Obs())
    t.close()
    con = sqlite3.connect(run / "metrics.sqlite")
    refused = [p for (p,) in con.execute("SELECT payload FROM events WHERE kind='anomaly'")]
    con.close()
    assert t.step == 20 and sent == [3]
    assert sum("pivot refused" in p for p in refused) == len(BAD_PIVOTS)


def test_a_pivot_with_non_finite_start_or_params_is_refused_before_it_is_queued(tmp_path):
    from andrea_desktop.core.config import CurriculumConfig
    from andrea_desktop.core.mixture.curriculum import Curriculum, Pivot
    from andrea_desktop.core.mixture.simplex import ConstraintError, Constraints

    names = ["a", "b", "c"]
    cur = Curriculum(names, CurriculumConfig(), 0)
    c = Constraints.from_dict(names, {})
    for bad in (Pivot(c, start=np.array([np.inf, 0, 0])), Pivot(c, params={"step_size": float("nan")}),
                Pivot(c, params={"exploration": float("inf")}), Pivot(c, params={"phase_max": 0})):
        with pytest.raises(ConstraintError):
            cur.request_pivot(bad)
    assert cur._pending == []


def test_an_unusable_control_file_costs_the_steering_not_the_run(tmp_path):
    from andrea_desktop.core.training import Trainer

    run = tmp_path / "r"
    p = prepare_run(run, config=tiny_config(probe={"enabled": False}))
    (run / CONTROL_DB).write_bytes(b"this is not a database" * 100)
    t = Trainer(p)
    events = []

    class Obs:
        def on_step(self, rec): pass
        def on_eval(self, *a): pass
        def on_state(self, *a): pass

        def on_event(self, step, kind, payload):
            events.append((kind, payload.get("kind")))

    assert t.run(5, observer=Obs()) == "max_steps"
    t.close()
    assert ("anomaly", "control") in events


def test_continue_after_the_external_trainer_died_trains_here_without_duplicates(
        qtbot, make_window, external_run):
    run, proc = external_run
    w = make_window(run="mine")
    assert w.open_run(run)
    qtbot.waitUntil(lambda: w.history.last_step >= 8, timeout=60_000)
    send_command(run, "checkpoint")
    qtbot.waitUntil(lambda: bool(list((run / "checkpoints").glob("step-*"))), timeout=30_000)
    proc.kill()
    proc.wait(30)
    qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)
    assert w.start_action.isEnabled() and w.start_action.text() == "Continue"
    w.start_training()
    assert w.follower is None
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    target = w.history.last_step + 5
    qtbot.waitUntil(lambda: w.history.last_step >= target, timeout=60_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=60_000)
    steps = list(w.history.loss.steps.data)
    assert steps == sorted(set(steps))  # no step twice
    con = sqlite3.connect(run / "metrics.sqlite")
    db = [s for (s,) in con.execute("SELECT step FROM scalars WHERE name='train/loss' ORDER BY step")]
    con.close()
    assert steps == db


def test_a_replaced_run_folder_is_read_afresh(qtbot, tmp_path):
    import shutil

    from andrea_desktop.core.training import Trainer
    from andrea_desktop.gui.run.follow import RunFollower

    for name, steps in (("a", 4), ("b", 9)):
        t = Trainer(prepare_run(tmp_path / name, config=tiny_config(probe={"enabled": False})))
        t.run(steps)
        t.close()
    f = RunFollower(tmp_path / "a")
    try:
        restarted = []
        f.restarted.connect(lambda: restarted.append(1))
        shutil.rmtree(tmp_path / "a")
        shutil.copytree(tmp_path / "b", tmp_path / "a")
        f.poll()
        assert restarted == [1] and f.reader.last_step() == 9
    finally:
        f.close()


def test_quick_double_space_while_following_pauses_then_resumes(qtbot, make_window, external_run, monkeypatch):
    run, _ = external_run
    w = make_window(run="mine")
    assert w.open_run(run) and w.state == "running"
    sent = []
    monkeypatch.setattr(w.runs.driver, "_send", lambda kind, payload=None: sent.append(kind) or True)
    w.toggle_pause()
    w.toggle_pause()
    assert sent == ["pause", "resume"]


def _newest(run, prefix: str) -> dict[str, float | None]:
    """The newest value of every ``<prefix><source>`` scalar of the run."""
    con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True, timeout=10)
    try:
        rows = con.execute("SELECT name, value FROM scalars WHERE name LIKE ? ORDER BY rowid", (prefix + "%",))
        return {name[len(prefix):]: value for name, value in rows}
    finally:
        con.close()


def test_the_bandit_table_shows_pulls_reward_and_ucb_while_following(qtbot, make_window, external_run):
    """The bandit's statistics come from the run's mix/* rows, so a followed run shows them too."""
    run, _ = external_run
    w = make_window(run="mine")
    assert w.open_run(run) and w.follower is not None
    table, names = w.simplex_panel.table, w.mixture.names
    assert names and table.rowCount() == len(names)

    def shown(col):
        return [table.item(i, col).text() if table.item(i, col) is not None else "–" for i in range(len(names))]

    qtbot.waitUntil(lambda: all("–" not in shown(c) for c in (4, 5, 6)), timeout=60_000)
    w.toggle_pause()  # hold the trainer still, then compare with its newest rows
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    qtbot.waitUntil(lambda: w.history.last_step == _max_step(run), timeout=30_000)
    pulls, reward, ucb = (_newest(run, f"mix/{stat}/") for stat in ("pulls", "reward", "ucb"))
    qtbot.waitUntil(lambda: shown(4) == [str(int(pulls[n])) for n in names], timeout=30_000)
    assert shown(5) == [f"{reward[n]:.3f}" for n in names]
    assert shown(6) == ["∞" if ucb[n] == float("inf") else f"{ucb[n]:.3f}" for n in names]
    w.toggle_pause()


def test_a_step_committed_across_two_polls_is_decoded_whole_in_the_window(qtbot, tmp_path, monkeypatch):
    """The window's follower decodes through the same rule as the core's (decode_rows): while the
    trainer is alive, the newest step waits for the next poll, so a step whose rows were committed
    in two halves reaches the window in one snapshot."""
    from andrea_desktop.core.rundir.store import RunStore
    from andrea_desktop.gui.run import follow

    run = tmp_path / "r"
    from andrea_desktop.core.training import Trainer

    t = Trainer(prepare_run(run, config=tiny_config(probe={"enabled": False})))
    t.run(2)
    t.close()
    monkeypatch.setattr(follow, "trainer_alive", lambda _run: True)
    f = follow.RunFollower(run)
    snaps = []
    f.snapshot.connect(snaps.append)
    try:
        f.timer.stop()  # polled by hand
        store = RunStore(run / "metrics.sqlite")
        try:
            store.log_scalars(3, {"train/loss": 5.0})  # the first half of step 3
            store.flush()
            f.poll()
            assert not any(3 in s.steps.tolist() for s in snaps)  # held: its second half may follow
            store.log_scalars(3, {"train/lr": 1e-3})  # its second half, then step 4
            store.log_scalars(4, {"train/loss": 4.0, "train/lr": 1e-3})
            store.flush()
            f.poll()
        finally:
            store.close()
        monkeypatch.setattr(follow, "trainer_alive", lambda _run: False)
        f.poll()  # the trainer is gone: the held step 4 is decoded
        got = [(int(st), float(lr)) for s in snaps for st, lr in zip(s.steps, s.lr, strict=True)]
        assert got == [(3, 1e-3), (4, 1e-3)]  # step 3 whole: its learning rate is not missing
    finally:
        f.close()
