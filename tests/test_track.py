"""andrea_desktop.track: the user's own training loop writes a run folder that every reader of
this app reads unchanged, and obeys the window's commands."""

import math
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import python_script, wait_for

from andrea_desktop import runs, track
from andrea_desktop.core.config import load_config, load_preset, save_config
from andrea_desktop.core.rundir.control import send_command
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB, trainer_alive, user_runs_dir


def _rows(run_dir, sql, args=()):
    con = sqlite3.connect(f"file:{run_dir}/{METRICS_DB}?mode=ro", uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def test_importing_track_imports_neither_qt_nor_torch():
    code = textwrap.dedent("""
        import sys, time
        t = time.perf_counter()
        import andrea_desktop.track
        took = time.perf_counter() - t
        loaded = [m for m in ("torch", "PySide6", "pyqtgraph", "andrea_desktop.gui", "andrea_desktop.core.training")
                  if m in sys.modules]
        print(repr(loaded), took)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded, took = out.stdout.split(" ", 1)[0], float(out.stdout.rsplit(" ", 1)[1])
    assert loaded == "[]", out.stdout
    assert took > 0  # measured; the figure is benchmarks/track_import.py's (docs/performance.md)


def test_a_run_logged_by_a_script_is_read_by_the_runs_api_and_the_window_source(tmp_path):
    from andrea_desktop.core.viewmodels.sources import open_model, read_folder

    path = tmp_path / "mine"
    with track.init(path, config={"learning_rate": 1e-3, "n_layer": 2, "n_embd": 64, "n_head": 4,
                                  "note": "x"}, total_steps=20) as run:
        assert trainer_alive(path)
        assert run.config["note"] == "x"
        for step in range(1, 11):
            run.log({"train/loss": 5 - step / 10, "train/lr": 1e-3, "user/accuracy": step / 10}, step=step)
        run.log({"val/loss": 4.0}, step=10)
        run.sample("def f(", "def f(x): return x", step=10)
        run.event("note", {"text": "halfway"})
    assert not trainer_alive(path)

    r = runs.open_run(path)
    table = r.scalars(as_pandas=False)
    assert list(table["step"]) == list(range(1, 11))
    assert table["train/loss"].tolist() == pytest.approx([5 - s / 10 for s in range(1, 11)])
    assert table["user/accuracy"][-1] == pytest.approx(1.0)  # an unknown name is kept
    cfg = r.config
    assert cfg["run"]["origin"] == "script" and cfg["run"]["preset"] == "custom"
    assert (cfg["model"]["n_layer"], cfg["model"]["d_model"], cfg["optimizer"]["lr"]) == (2, 64, 1e-3)
    assert cfg["schedule"]["total_steps"] == 20
    kinds = list(r.events(as_pandas=False)["kind"])
    assert kinds == ["start", "note", "stop"]
    start = r.events("start", as_pandas=False)["payload"][0]
    assert start["origin"] == "script" and start["config"]["note"] == "x" and start["pid"] > 0
    assert r.events("stop", as_pandas=False)["payload"][0]["reason"] == "finished"
    assert r.samples(as_pandas=False)["text"][0] == "def f(x): return x"
    listed = runs.list_runs(tmp_path, as_pandas=False)
    assert list(listed["name"]) == ["mine"] and listed["error"][0] == "" and listed["last_step"][0] == 10
    assert listed["origin"][0] == "script"

    from andrea_desktop.core.viewmodels.runs_table import read_summary

    summary = read_summary(path)  # the runs dock's row: its origin, the script's name
    assert start["script"] and summary.preset == f"script · {start['script']}"
    assert summary.steps == 10 and summary.error == ""

    load_config(path / CONFIG)  # the strict loader takes it
    model, error = open_model(path)
    assert error is None
    read_folder(model)
    assert model.history.loss.values.data.tolist() == pytest.approx([5 - s / 10 for s in range(1, 11)])
    assert len(model.samples) == 1


def test_tensorboard_export_of_a_script_run(tmp_path):
    pytest.importorskip("tensorboard")
    tbparse = pytest.importorskip("tbparse")
    from andrea_desktop.core.rundir.export import export_tensorboard

    with track.init(tmp_path / "r") as run:
        for step in range(1, 4):
            run.log({"train/loss": float(step), "mine": 2.0 * step}, step=step)
    out = export_tensorboard(tmp_path / "r", tmp_path / "tb")
    df = tbparse.SummaryReader(str(out)).scalars
    assert sorted(df[df.tag == "train/loss"].value.tolist()) == [1.0, 2.0, 3.0]
    assert sorted(df[df.tag == "mine"].value.tolist()) == [2.0, 4.0, 6.0]


def test_non_finite_values_are_stored_as_the_contract_says(tmp_path):
    with track.init(tmp_path / "r") as run:
        run.log({"train/loss": math.nan, "a": math.inf, "b": -math.inf}, step=1)
        run.event("note", {"x": math.nan})
    rows = dict((n, v) for n, v in _rows(tmp_path / "r", "SELECT name, value FROM scalars"))
    assert rows == {"train/loss": None, "a": math.inf, "b": -math.inf}
    assert _rows(tmp_path / "r", "SELECT payload FROM events WHERE kind='note'") == [('{"x": null}',)]
    assert math.isnan(runs.open_run(tmp_path / "r").scalars(as_pandas=False)["train/loss"][0])


def test_bad_input_is_refused_with_its_bound_and_changes_nothing(tmp_path):
    with track.init(tmp_path / "r") as run:
        run.log({"train/loss": 1.0}, step=5)
        with pytest.raises(ValueError, match="200"):
            run.log({"x" * 201: 1.0, "train/loss": 2.0}, step=6)
        with pytest.raises(ValueError, match=f"{track.MAX_SCALAR_NAME_CHARS}"):
            run.log({"y" * 10_000_000: 1.0})
        with pytest.raises(ValueError, match="control"):
            run.log({"a\nb": 1.0})
        with pytest.raises(TypeError, match="not a number"):
            run.log({"train/loss": "low"}, step=6)
        with pytest.raises(ValueError, match="only go forward"):
            run.log({"train/loss": 1.0}, step=4)
        with pytest.raises(TypeError, match="integer"):
            run.log({"train/loss": 1.0}, step=6.5)
        with pytest.raises(ValueError, match="written by the run itself"):
            run.event("stop", {})
        with pytest.raises(ValueError, match="event kind"):
            run.event("a b")
        with pytest.raises(ValueError, match="bytes"):
            run.event("big", {"x": "y" * (track.MAX_PAYLOAD_BYTES + 1)})
        with pytest.raises(TypeError, match="JSON"):
            run.event("obj", {"x": object()})
        with pytest.raises(ValueError, match=f"{track.MAX_TEXT_CHARS:,}"):
            run.sample("p", "t" * (track.MAX_TEXT_CHARS + 1))
        with pytest.raises(TypeError, match="not a number"):
            run.log({"train/loss": "1.5"}, step=6)  # float() would take text
        with pytest.raises(ValueError, match="65,536"):  # refused before it is turned into a list
            run.event("big", {"x": np.zeros(10_000_000, dtype=np.int8)})
        with pytest.raises(ValueError, match="timeout"):
            run.wait_if_paused(timeout=float("nan"))
        with pytest.raises(TypeError, match="timeout"):
            run.wait_if_paused(timeout="1")
        assert run.wait_if_paused(timeout=float("inf")) is False  # no limit, and not paused
        assert run.step == 5
    assert _rows(tmp_path / "r", "SELECT step, name, value FROM scalars") == [(5, "train/loss", 1.0)]
    assert [k for (k,) in _rows(tmp_path / "r", "SELECT kind FROM events")] == ["start", "stop"]
    with pytest.raises(track.TrackError, match="finished"):
        run.log({"train/loss": 1.0})
    with pytest.raises(ValueError, match="poll_ms"):
        track.init(tmp_path / "other", poll_ms=0)
    with pytest.raises(TypeError, match="config"):
        track.init(tmp_path / "other", config=42)
    for kwargs, error, words in (({"params": "abc"}, TypeError, "params"), ({"params": 10**400}, ValueError, "params"),
                                 ({"params": -5}, ValueError, "params"), ({"total_steps": 0}, ValueError, "total_steps"),
                                 ({"device": "x" * 5_000_000}, ValueError, "device")):
        with pytest.raises(error, match=words):
            track.init(tmp_path / "other", **kwargs)
    assert not (tmp_path / "other").exists()


def test_the_automatic_step_stays_in_bounds_and_a_flush_after_finish_returns_at_once(tmp_path):
    from andrea_desktop.core.config import MAX_STEPS

    with track.init(tmp_path / "r") as run:
        run.log({"x": 1.0}, step=MAX_STEPS)
        with pytest.raises(ValueError, match="out of range"):
            run.log({"x": 2.0})  # the last step + 1
    t = time.monotonic()
    run.flush(timeout=30)
    assert time.monotonic() - t < 1.0
    assert _rows(tmp_path / "r", "SELECT step, value FROM scalars") == [(MAX_STEPS, 1.0)]


def test_a_log_racing_finish_on_another_thread_is_stored_or_refused_never_lost(tmp_path):
    accepted = []

    def logger(run):
        for step in range(1, 1_000_000):
            try:
                run.log({"x": float(step)}, step=step)
            except track.TrackError:
                return
            accepted.append(step)

    for attempt in range(3):
        run = track.init(tmp_path / f"r{attempt}")
        accepted.clear()
        worker = threading.Thread(target=logger, args=(run,))
        worker.start()
        wait_for(lambda: len(accepted) > 200, what="rows")
        run.finish()
        worker.join(30)
        stored = [s for (s,) in _rows(tmp_path / f"r{attempt}", "SELECT step FROM scalars ORDER BY step")]
        assert stored == accepted


def test_a_folder_holding_a_run_of_the_trainer_or_a_script_or_other_files_is_refused(tmp_path):
    ours = tmp_path / "trainer-run"
    ours.mkdir()
    save_config(load_preset("andrea-tiny"), ours / CONFIG)
    before = sorted(p.name for p in ours.iterdir())
    with pytest.raises(track.TrackError, match="ANDREA's trainer"):
        track.init(ours)
    assert sorted(p.name for p in ours.iterdir()) == before
    assert load_config(ours / CONFIG).run.origin == "trainer"

    with track.init(tmp_path / "script-run"):
        pass
    with pytest.raises(track.TrackError, match="already holds a run of a script"):
        track.init(tmp_path / "script-run")
    assert [k for (k,) in _rows(tmp_path / "script-run", "SELECT kind FROM events")] == ["start", "stop"]

    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(track.TrackError, match="not empty"):
        track.init(other)
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]

    (tmp_path / "file").write_text("x")
    with pytest.raises(track.TrackError, match="is a file"):
        track.init(tmp_path / "file")


def test_the_trainer_refuses_to_continue_a_script_run(tmp_path):
    from andrea_desktop.core.training import RunError, prepare_run

    with track.init(tmp_path / "r") as run:
        run.log({"train/loss": 1.0}, step=1)
    with pytest.raises(RunError, match="your own training script"):
        prepare_run(tmp_path / "r")


def test_a_new_run_made_from_a_script_runs_settings_is_the_trainers(tmp_path):
    """New Run from This One on a script's run: the new run is the trainer's, so it can be continued."""
    from conftest import tiny_config

    from andrea_desktop.core.training import prepare_run

    prepare_run(tmp_path / "new", config=tiny_config(run={"origin": "script"}))
    assert load_config(tmp_path / "new" / CONFIG).run.origin == "trainer"
    prepare_run(tmp_path / "new")  # and it opens as the trainer's run


def test_a_folder_another_process_holds_the_lock_of_is_refused(tmp_path):
    path = tmp_path / "busy"
    path.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        from filelock import FileLock
        lock = FileLock({str(path / '.andrea.lock')!r}); lock.acquire()
        print("locked", flush=True); sys.stdin.read()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(track.TrackError, match="another process"):
            track.init(path)
        assert sorted(p.name for p in path.iterdir()) == [".andrea.lock"]
    finally:
        holder.stdin.close()
        holder.wait(30)
    with track.init(path):  # free again
        pass


def test_a_run_without_a_folder_is_made_in_the_app_runs_folder_under_a_new_name(tmp_path):
    with track.init(name="my-gpt") as first, track.init(name="my-gpt") as second:
        assert first.path == user_runs_dir() / "my-gpt"
        assert second.path == user_runs_dir() / "my-gpt-2"
    with pytest.raises(ValueError, match="name"):
        track.init(name="a/b")


def test_ranks_other_than_zero_write_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("RANK", "1")
    run = track.init(tmp_path / "r", config={"lr": 1.0})
    assert isinstance(run, track.DisabledRun) and run.config == {"lr": 1.0}
    run.log({"train/loss": 1.0}, step=1)
    run.event("note")
    assert not run.should_stop() and not run.should_pause() and not run.wait_if_paused()
    run.finish()
    assert not (tmp_path / "r").exists()
    monkeypatch.setenv("RANK", "zero")
    with pytest.raises(track.TrackError, match="RANK"):
        track.init(tmp_path / "r")
    monkeypatch.delenv("RANK")
    monkeypatch.setenv("LOCAL_RANK", "0")
    with track.init(tmp_path / "r") as run:
        assert isinstance(run, track.Run)


def test_a_config_dataclass_or_namespace_is_kept(tmp_path):
    import argparse
    from dataclasses import dataclass

    @dataclass
    class Cfg:
        lr: float = 3e-4
        n_layer: int = 99_999  # out of config.toml's bounds: kept in the start event only

    with track.init(tmp_path / "a", config=Cfg()) as run:
        assert run.config == {"lr": 3e-4, "n_layer": 99_999}
    assert load_config(tmp_path / "a" / CONFIG).model.n_layer == 4
    with track.init(tmp_path / "b", config=argparse.Namespace(batch_size=8, seed=3)) as run:
        assert run.config == {"batch_size": 8, "seed": 3}
    cfg = load_config(tmp_path / "b" / CONFIG)
    assert (cfg.train.batch_size, cfg.run.seed) == (8, 3)


def test_an_exception_in_the_loop_ends_the_run_with_an_error(tmp_path):
    with pytest.raises(RuntimeError), track.init(tmp_path / "r") as run:
        run.log({"train/loss": 1.0}, step=1)
        raise RuntimeError("boom")
    assert runs.open_run(tmp_path / "r").events("stop", as_pandas=False)["payload"][0]["reason"] == "error"
    assert not trainer_alive(tmp_path / "r")


def test_module_level_log_and_finish_as_wandb(tmp_path):
    run = track.init(tmp_path / "r")
    track.log({"train/loss": 2.0})
    track.log({"train/loss": 1.0})
    track.finish()
    assert run.finished
    assert _rows(tmp_path / "r", "SELECT step, value FROM scalars") == [(1, 2.0), (2, 1.0)]


# ------------------------------------------------------------------ steering
def _loop(run, steps, seen, delay=0.01):
    """A user's loop: step boundaries obey the window."""
    for step in range(1, steps + 1):
        run.wait_if_paused()
        if run.should_stop():
            break
        if run.should_checkpoint():
            seen.append(("checkpoint", step))
        run.log({"train/loss": 1.0 / step}, step=step)
        seen.append(("step", step))
        time.sleep(delay)


def test_pause_resume_stop_and_checkpoint_from_control_sqlite(tmp_path):
    path = tmp_path / "r"
    run = track.init(path, poll_ms=20)
    seen: list = []
    worker = threading.Thread(target=_loop, args=(run, 100_000, seen))
    worker.start()
    try:
        deadline = time.monotonic() + 30
        while run.step < 3:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        send_command(path, "pause")  # what the window's Pause sends for a followed run
        while not _rows(path, "SELECT step FROM events WHERE kind='pause'"):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        (paused_at,) = _rows(path, "SELECT step FROM events WHERE kind='pause'")[0]
        time.sleep(0.5)
        assert run.step == paused_at  # blocked at the step boundary
        send_command(path, "checkpoint")
        send_command(path, "resume")
        while run.step < paused_at + 3:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert ("checkpoint", paused_at + 1) in seen
        send_command(path, "probe", {"text": "hello"})  # not for a script: refused, the loop goes on
        send_command(path, "stop")
        worker.join(30)
        assert not worker.is_alive()
    finally:
        if worker.is_alive():
            run._apply(0, "stop", {})
            worker.join(30)
        run.finish()
    events = runs.open_run(path).events(as_pandas=False)
    kinds = list(events["kind"])
    assert kinds[0] == "start" and kinds[-1] == "stop" and "pause" in kinds and "resume" in kinds
    assert [p["kind"] for k, p in zip(kinds, events["payload"], strict=True) if k == "command"] == \
        ["pause", "checkpoint", "resume", "stop"]
    assert any(k == "anomaly" and "probe" in p["message"] for k, p in zip(kinds, events["payload"], strict=True))
    assert events["payload"][-1]["reason"] == "user"


def test_wait_if_paused_returns_at_once_when_not_paused_and_after_a_stop(tmp_path):
    path = tmp_path / "r"
    with track.init(path, poll_ms=10) as run:
        assert not run.wait_if_paused() and not run.should_stop() and not run.should_checkpoint()
        send_command(path, "pause")
        deadline = time.monotonic() + 10
        while not run.should_pause():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        threading.Timer(0.2, send_command, (path, "stop")).start()
        assert run.wait_if_paused(timeout=20)
        assert run.should_stop() and not run.should_pause()


def test_the_plain_loop_example_writes_a_run_the_runs_api_reads(tmp_path):
    example = Path(__file__).resolve().parents[1] / "examples" / "plain_loop.py"
    python_script(example, "--run-dir", tmp_path / "r", "--steps", 50, cwd=tmp_path)
    r = runs.open_run(tmp_path / "r")
    table = r.scalars(as_pandas=False)
    assert list(table["step"]) == list(range(1, 51))
    assert table["train/loss"][-1] < table["train/loss"][0]  # it learns
    assert {"train/lr", "train/grad_norm", "train/tokens_per_s", "val/loss"} <= set(table)
    assert len(r.samples(as_pandas=False)["text"]) == 1
    assert r.config["model"]["d_model"] == 32 and r.config["schedule"]["total_steps"] == 50
    from andrea_desktop.core.rundir.probes import list_probes, read_embedding, read_probe

    assert sorted(list_probes(tmp_path / "r")) == [1, 50]  # watched every 50 steps, from the first
    probe = read_probe(list_probes(tmp_path / "r")[50])
    assert probe["attention"].shape == (2, 4, 32, 32) and probe["source_text"] == "def dumps(obj, *, skipkeys=False):"
    assert list(probe["watch"]) == ["e", "(", ":"] and probe["neighbours"].shape == (3, 10)
    assert read_embedding(tmp_path / "r")[0] == 50


def test_finish_from_another_thread_ends_a_wait_for_resume(tmp_path):
    path = tmp_path / "r"
    run = track.init(path, poll_ms=10)
    send_command(path, "pause")
    deadline = time.monotonic() + 10
    while not run.should_pause():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    waiter = threading.Thread(target=run.wait_if_paused)
    waiter.start()
    while not _rows(path, "SELECT 1 FROM events WHERE kind='pause'"):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    run.finish()  # e.g. at the interpreter's exit
    waiter.join(10)
    assert not waiter.is_alive()
    assert not run.should_pause() and not run.wait_if_paused()
    assert [k for (k,) in _rows(path, "SELECT kind FROM events")][-1] == "stop"
