"""One decode path: a run seen live (trained in the window), followed (trained by
another driver while a second window watches) and reopened (read from its store after it
stopped) gives the same history in every panel — every scalar, event, mixture point and
bandit statistic."""

from __future__ import annotations

import json

import numpy as np
from conftest import tiny_config


def _series(s) -> tuple[list, list]:
    return s.steps.data.astype(int).tolist(), [None if np.isnan(v) else float(v) for v in s.values.data]


def _view(w) -> dict:
    """What the panels draw, as plain values (event payloads as a reader of the store sees them)."""
    h, m = w.history, w.mixture

    def arr(a):
        return None if a is None else [None if np.isnan(v) else float(v) for v in np.asarray(a, float)]

    return {
        "loss": _series(h.loss),
        "lr": _series(h.lr),
        "source loss": {k: _series(v) for k, v in sorted(h.source_loss.items())},
        "val loss": {k: _series(v) for k, v in sorted(h.val_loss.items())},
        "events": json.loads(json.dumps([(s, k, p) for s, k, p in h.events], default=str)),
        "sources": list(m.names),
        "regions": json.loads(json.dumps(m.regions)),
        "path": [(s, arr(wt), mode) for s, wt, mode in zip(m.path_steps, m.path_weights, m.path_modes, strict=True)],
        "bandit": {k: arr(getattr(m, k)) for k in ("weights", "pulls", "reward", "ucb")},
    }


def test_live_followed_and_reopened_views_of_a_run_are_identical(qtbot, make_window, monkeypatch):
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 400, "min_lr": 3e-4},
                      train={"batch_size": 8, "eval_interval": 10, "eval_rows": 4},
                      probe={"interval": 10, "sample_interval": 10, "sample_tokens": 5},
                      checkpoint={"interval": 1000}, curriculum={"phase_min": 2, "phase_max": 4})
    live = make_window(cfg, max_steps=30, run="r")
    # one process holds both windows: "a trainer is alive" is the live window's training thread
    # (the run's OS lock says so across processes: tests/test_follow.py)
    from andrea_desktop.gui.run import controller as qt_run_controller
    from andrea_desktop.gui.run import follow as qt_follow
    def alive(run_dir):
        return live.thread is not None

    monkeypatch.setattr(qt_follow, "trainer_alive", alive)
    monkeypatch.setattr(qt_run_controller, "trainer_alive", alive)
    live.start_training()
    # paused (asked before its first step) while the second window opens the run: on a quick machine
    # the 30 steps could end before the second window looked, and it would only read the run
    live.runs.driver.worker.pause()
    qtbot.waitUntil(lambda: live.state == "paused", timeout=90_000)
    follower = make_window(run="watcher")
    assert follower.open_run(live.run_dir)
    assert follower.follower is not None, "the second window follows the run the first one trains"
    live.toggle_pause()
    qtbot.waitUntil(lambda: live.thread is None and live.state == "stopped", timeout=120_000)
    qtbot.waitUntil(lambda: follower.state == "stopped" and follower.history.last_step == 30, timeout=30_000)
    qtbot.wait(1500)  # a last poll after the trainer let go of the run
    reopened = make_window(run="reader")
    assert reopened.open_run(live.run_dir)

    seen = {name: _view(w) for name, w in (("live", live), ("followed", follower), ("reopened", reopened))}
    want = seen["reopened"]
    assert want["loss"][0] == list(range(1, 31)) and want["val loss"] and len(want["source loss"]) >= 2
    assert len(want["path"]) >= 5 and want["bandit"]["pulls"] is not None and want["bandit"]["ucb"] is not None
    assert {k for _, k, _ in want["events"]} >= {"start", "phase", "stop"}
    for name in ("live", "followed"):
        for key in want:
            assert seen[name][key] == want[key], f"{name} view differs in {key}"
