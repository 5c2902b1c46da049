"""Curriculum pivots for a script's own sampler: ``track.init(sources=..., curriculum=...,
on_pivot=...)`` makes the window offer the curriculum dialog, and its Apply reaches the script's
callback at the loop's next step; malformed pivots, bad answers and a callback that raises are
refused as events and the loop goes on."""

import threading
import warnings

import numpy as np
import pytest
from conftest import wait_for

from andrea_desktop import runs, track
from andrea_desktop.core.mixture.curriculum import Pivot
from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.core.rundir.control import send_command

SOURCES = ["web", "code", "books"]
REGION = {"floors": {"books": 0.1}, "caps": {"code": 0.6}}


def _refusals(run_dir) -> list[str]:
    events = runs.open_run(run_dir).events("anomaly", as_pandas=False)
    return [p.get("message", "") for p in events["payload"]]


def test_a_pivot_from_the_window_reaches_the_scripts_callback_at_its_next_step(tmp_path):
    asked = []

    def on_pivot(pivot):
        asked.append(pivot)
        return None if len(asked) == 1 else {"web": 0.2, "code": 0.2, "books": 0.6}

    run_dir = tmp_path / "r"
    with track.init(run_dir, sources=SOURCES, curriculum=REGION, on_pivot=on_pivot, poll_ms=10) as run:
        run.mixture({"web": 0.8, "code": 0.1, "books": 0.1})
        run.log({"train/loss": 1.0}, step=1)
        send_command(run_dir, "pivot", Pivot(Constraints.from_dict(SOURCES, {"caps": {"web": 0.5}})).to_dict())
        wait_for(lambda: run._steer._pivot is not None, what="the pivot command")
        assert asked == []  # taken at the loop's step boundary, not by the reader thread
        run.log({"train/loss": 0.9}, step=2)
        assert len(asked) == 1 and asked[0]["constraints"]["caps"] == {"web": 0.5}
        assert asked[0]["weights"] == pytest.approx({"web": 0.8, "code": 0.1, "books": 0.1})
        # None: the nearest point of the new region to the current mixture (web capped at 0.5)
        nearest = {"web": 0.5, "code": 0.25, "books": 0.25}
        send_command(run_dir, "pivot", Pivot(Constraints.from_dict(SOURCES, {"floors": {"books": 0.5}}),
                                             keep_stats=False, params={"phase_min": 5}).to_dict())
        wait_for(lambda: run._steer._pivot is not None, what="the second pivot")
        run.log({"train/loss": 0.8}, step=3)
        assert asked[1]["keep_stats"] is False and asked[1]["params"] == {"phase_min": 5}
        assert asked[1]["weights"] == pytest.approx(nearest)
    r = runs.open_run(run_dir)
    start = r.events("start", as_pandas=False)["payload"][0]
    assert start["sources"] == SOURCES and start["curriculum"]["constraints"]["caps"] == {"code": 0.6}
    pivots = r.events("pivot", as_pandas=False)
    assert list(pivots["step"]) == [2, 3]
    assert pivots["payload"][0]["weights"] == pytest.approx(nearest)
    assert pivots["payload"][1]["weights"] == pytest.approx({"web": 0.2, "code": 0.2, "books": 0.6})
    table = r.scalars(as_pandas=False)
    assert table["mix/weight/books"][-1] == pytest.approx(0.6)
    assert not _refusals(run_dir)


def test_pivots_that_cannot_apply_are_refused_as_events_and_the_loop_goes_on(tmp_path):
    answers = iter([{"web": 0.9, "code": 0.05, "books": 0.05},  # outside the region (web capped at 0.5)
                    {"web": 1.0}, "all of it", RuntimeError("my sampler broke")])

    def on_pivot(pivot):
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    run_dir = tmp_path / "r"
    capped = Pivot(Constraints.from_dict(SOURCES, {"caps": {"web": 0.5}})).to_dict()
    bad = [{"constraints": {"floors": {"nope": 0.5}}}, {"constraints": [1, 2]}, {"constraints": {}, "start": [1.0]},
           {"constraints": {"floors": {"web": 0.7, "code": 0.7}}}, capped, capped, capped, capped]
    with track.init(run_dir, sources=SOURCES, on_pivot=on_pivot, poll_ms=10) as run:
        for step, payload in enumerate(bad, start=1):
            send_command(run_dir, "pivot", payload)
            wait_for(lambda: run._steer._pivot is not None, what="the pivot command")
            if step == len(bad):
                with pytest.warns(UserWarning, match="my sampler broke"):
                    run.log({"train/loss": 1.0}, step=step)
            else:
                run.log({"train/loss": 1.0}, step=step)
    refused = _refusals(run_dir)
    assert len(refused) == len(bad) and all(m.startswith("pivot refused") for m in refused)
    assert "outside the new region" in refused[4] and "my sampler broke" in refused[-1]
    assert not len(runs.open_run(run_dir).events("pivot", as_pandas=False)["step"])
    assert len(runs.open_run(run_dir).scalars(as_pandas=False)["train/loss"]) == len(bad)

    with track.init(tmp_path / "none", sources=SOURCES, poll_ms=10) as run:  # no on_pivot: refused
        send_command(tmp_path / "none", "pivot", capped)
        wait_for(lambda: run.should_stop() is False and run.flush() is None and _refusals(tmp_path / "none"),
                 what="the refusal")
    assert "takes no pivots" in _refusals(tmp_path / "none")[0]


@pytest.mark.parametrize("kwargs, error", [
    ({"sources": SOURCES, "curriculum": REGION}, ValueError),  # a curriculum without on_pivot
    ({"sources": SOURCES, "on_pivot": 3}, TypeError),
    ({"sources": ["only"], "on_pivot": print}, ValueError),
    ({"on_pivot": print}, ValueError),
    ({"sources": SOURCES, "on_pivot": print, "curriculum": {"floors": {"web": 0.7, "code": 0.7}}}, ValueError),
    ({"sources": SOURCES, "on_pivot": print, "curriculum": {"floors": {"nope": 0.1}}}, ValueError),
    ({"sources": SOURCES, "on_pivot": print, "curriculum": [0.1]}, TypeError),
])
def test_a_bad_curriculum_is_refused_before_anything_is_written(tmp_path, kwargs, error):
    with pytest.raises(error):
        track.init(tmp_path / "r", **kwargs)
    assert not (tmp_path / "r" / "config.toml").exists()


def test_the_window_offers_the_curriculum_dialog_only_to_a_script_that_takes_pivots(qtbot, make_window, tmp_path):
    from andrea_desktop.core.rundir.layout import CONFIG

    taken = []
    stop = threading.Event()

    def loop(run_dir, on_pivot):
        kwargs = {"curriculum": REGION, "on_pivot": on_pivot} if on_pivot else {}
        with track.init(run_dir, sources=SOURCES, poll_ms=20, **kwargs) as run:
            run.mixture({"web": 0.4, "code": 0.3, "books": 0.3})
            step = 0
            while not stop.is_set() and not run.should_stop():
                step += 1
                run.wait_if_paused()
                run.log({"train/loss": 1.0 / step}, step=step)
                stop.wait(0.02)

    w = make_window(run="mine")
    for name, on_pivot in (("plain", None), ("steered", taken.append)):
        stop.clear()
        run_dir = tmp_path / name
        worker = threading.Thread(target=loop, args=(run_dir, on_pivot))
        worker.start()
        try:
            wait_for(lambda d=run_dir: (d / CONFIG).exists(), what="the run")
            assert w.open_run(run_dir)
            qtbot.waitUntil(lambda: w.state == "running", timeout=30_000)
            assert w.curriculum_action.isEnabled() is (on_pivot is not None)
            if on_pivot is not None:
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    w.steering.request_pivot(Pivot(Constraints.from_dict(SOURCES, {"caps": {"web": 0.2}})))
                qtbot.waitUntil(lambda: len(taken) == 1, timeout=30_000)
                qtbot.waitUntil(lambda: w.mixture.current_region is not None
                                and w.mixture.current_region[0]["caps"] == {"web": 0.2}, timeout=30_000)
                np.testing.assert_allclose(w.mixture.weights.sum(), 1.0)
                assert w.mixture.weights[0] == pytest.approx(0.2)  # the region's nearest point: web capped
        finally:
            stop.set()
            worker.join(30)
