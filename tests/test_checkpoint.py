"""Checkpoints (issue 5): atomic writes under SIGKILL, anomalies, bad files, unpickling refused,
exports, and loss spikes / cliffs."""

import csv
import hashlib
import json
import os
import pickle
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import numpy as np
import pytest
import torch
from conftest import tiny_config

from andrea_desktop.core.anomaly import LossWatch
from andrea_desktop.core.checkpoint import (
    STALL_ENV,
    _meta_digest,
    list_checkpoints,
    read_checkpoint,
)
from andrea_desktop.core.config import AnomalyConfig
from andrea_desktop.core.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
    export_tensorboard,
)
from andrea_desktop.core.store import last_trained_step
from andrea_desktop.core.trainer import RunError, Trainer, TrainingControl, prepare_run

TRAIN = "import sys; from andrea_desktop.cli import train_main; sys.exit(train_main())"


def andrea_train(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-c", TRAIN, *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def ckpt_config(**over):
    return tiny_config(**{"checkpoint": {"interval": 5, "keep_last": 2}, "probe": {"enabled": False}, **over})


def make_run(path, steps=10, cfg=None):
    t = Trainer(prepare_run(path, config=cfg or ckpt_config()))
    t.run(steps)
    t.close()
    return path


def disk_state(run_dir) -> dict:
    """What a failed resume must not change: config, checkpoints, probes, and every DB row."""
    out = {}
    for f in sorted(run_dir.rglob("*")):
        rel = f.relative_to(run_dir).as_posix()
        if f.is_file() and (rel == "config.toml" or rel.startswith(("checkpoints/", "probes/"))):
            out[rel] = hashlib.sha256(f.read_bytes()).hexdigest()
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    for table in ("scalars", "events", "samples"):
        out[table] = con.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    con.close()
    return out


# ------------------------------------------------------------------ writing and keeping
def test_checkpoints_are_written_kept_and_recorded(tmp_path):
    run = make_run(tmp_path / "r", steps=17)
    ckpts = list_checkpoints(run)
    assert [c.step for c in ckpts] == [15, 17]  # every 5 steps and at the stop; keep_last = 2
    meta, tensors = read_checkpoint(ckpts[-1])
    assert meta["trainer"]["step"] == 17 and "optimizer" in tensors and "probe" in tensors["rng"]
    con = sqlite3.connect(run / "metrics.sqlite")
    events = con.execute("SELECT step, payload FROM events WHERE kind='checkpoint' ORDER BY step").fetchall()
    con.close()
    assert [s for s, _ in events] == [5, 10, 15, 17]
    assert json.loads(events[-1][1])["reason"] == "stop"
    assert not any(p.name.startswith(".tmp") for p in (run / "checkpoints").iterdir())


def test_marked_checkpoints_survive_pruning_and_pause_writes_one(tmp_path):
    cfg = ckpt_config()
    t = Trainer(prepare_run(tmp_path / "r", config=cfg))
    control = TrainingControl()
    control.pause_at(3)

    class Obs:
        def on_step(self, rec):
            if rec.step == 7:
                control.request_checkpoint()  # Ctrl+S

        def on_eval(self, *a): pass
        def on_event(self, *a): pass

        def on_state(self, state):
            if state == "paused":
                control.resume()

    t.run(23, control, Obs())
    t.close()
    ckpts = list_checkpoints(tmp_path / "r")
    assert [(c.step, c.marked) for c in ckpts] == [(7, True), (20, False), (23, False)]


# ------------------------------------------------------------------ crashes
def _last_step(db) -> int:
    return last_trained_step(db)


def _losses(db) -> dict[int, float]:
    con = sqlite3.connect(db)
    rows = con.execute("SELECT step, value FROM scalars WHERE name='train/loss'").fetchall()
    dup = con.execute("SELECT step, COUNT(*) FROM scalars WHERE name='train/loss' GROUP BY step "
                      "HAVING COUNT(*) > 1").fetchall()
    con.close()
    assert not dup, f"steps logged twice: {dup}"
    return dict(rows)


@pytest.mark.slow
def test_sigkill_at_ten_moments_loses_nothing_before_the_checkpoint(tmp_path):
    run = tmp_path / "r"
    # long enough that every process is killed while it trains; checkpoints every 25 steps
    cfg = ckpt_config(checkpoint={"interval": 25, "keep_last": 2},
                      schedule={"warmup_steps": 5, "total_steps": 100_000, "min_lr": 3e-4})
    prepare_run(run, config=cfg)  # created, not trained
    db = run / "metrics.sqlite"
    rng = random.Random(1234)
    end = 100_000
    stall_round = 6
    killed_in_write = False
    for i in range(10):
        before = _last_step(db)
        env = {STALL_ENV: "60"} if i == stall_round else {}
        proc = subprocess.Popen([sys.executable, "-c", TRAIN, "--run-dir", str(run), "--resume",
                                 "--max-steps", str(end), "-q"], env={**os.environ, **env},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 120
            if i == stall_round:  # inside a checkpoint write: its files are there, not yet renamed
                while not any(p.name.startswith(".tmp-") for p in (run / "checkpoints").glob("*")):
                    assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
                    time.sleep(0.02)
                killed_in_write = True
            else:
                target = before + rng.randint(10, 150)
                while _last_step(db) < target:
                    assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
                    time.sleep(0.02)
                time.sleep(rng.uniform(0, 0.3))
            committed = _losses(db)
            last_ckpt = max((c.step for c in list_checkpoints(run)), default=0)
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.stderr.close()
        # reopen: the history up to the newest checkpoint is intact, value for value
        after = _losses(db)
        ckpts = list_checkpoints(run)
        assert ckpts, "no checkpoint survived"
        for step, value in committed.items():
            if step <= last_ckpt:
                assert after[step] == value
        for c in ckpts:
            read_checkpoint(c)  # every checkpoint that is listed is complete
    assert killed_in_write
    final = max(c.step for c in list_checkpoints(run)) + 30
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", final, "-q")
    assert res.returncode == 0, res.stderr
    losses = _losses(db)  # no step twice
    assert sorted(losses) == list(range(1, final + 1))
    assert not any(p.name.startswith(".tmp-") for p in (run / "checkpoints").iterdir())


# ------------------------------------------------------------------ anomalies
def test_a_nan_pauses_records_and_leaves_the_last_good_checkpoint(tmp_path, monkeypatch):
    run = tmp_path / "r"
    t = Trainer(prepare_run(run, config=ckpt_config()))
    forward = t._forward
    bad_step = 8

    def poisoned(x, y, **kw):
        out = forward(x, y, **kw)
        return out * float("nan") if t.step + 1 == bad_step else out

    monkeypatch.setattr(t, "_forward", poisoned)
    control = TrainingControl()
    seen = []
    good = {}

    class Obs:
        def on_step(self, rec):
            if rec.step == bad_step - 1:
                good.update(disk_state(run))

        def on_eval(self, *a): pass

        def on_event(self, step, kind, payload):
            seen.append((step, kind))

        def on_state(self, state):
            seen.append(state)
            if state == "paused":
                control.stop()

    t.run(30, control, Obs(), on_anomaly="pause")
    t.close()
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
    t = Trainer(prepare_run(tmp_path / "r", config=cfg))
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

    class Obs:
        def on_step(self, rec): pass
        def on_eval(self, *a): pass

        def on_event(self, step, kind, payload):
            events.append((step, kind, payload))

        def on_state(self, state):
            if state == "paused":
                control.stop()

    t.run(30, control, Obs())
    t.close()
    cliffs = [(s, p) for s, k, p in events if k == "anomaly" and p.get("kind") == "cliff"]
    assert len(cliffs) == 1 and cliffs[0][0] == 12 and cliffs[0][1]["source"]
    assert t.step == 12  # paused (then stopped) right after it


# ------------------------------------------------------------------ bad input
def test_truncated_newest_checkpoint_falls_back_with_a_message(tmp_path):
    run = make_run(tmp_path / "r", steps=10)
    newest = list_checkpoints(run)[-1]
    f = newest.path / "model.safetensors"
    f.write_bytes(f.read_bytes()[: f.stat().st_size // 2])
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 12, "-q")
    assert res.returncode == 0, res.stderr
    assert "truncated or altered" in res.stderr and "resumed from step-00000005" in res.stderr
    assert sorted(_losses(run / "metrics.sqlite")) == list(range(1, 13))


def test_only_checkpoint_truncated_is_refused_and_changes_nothing(tmp_path):
    run = make_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    f = c.path / "state.pt"
    f.write_bytes(f.read_bytes()[:100])
    before = disk_state(run)
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "truncated or altered" in res.stderr and "Traceback" not in res.stderr
    assert disk_state(run) == before


def test_config_with_an_unknown_key_is_refused_and_changes_nothing(tmp_path):
    run = make_run(tmp_path / "r", steps=5)
    cfg = run / "config.toml"
    cfg.write_text(cfg.read_text().replace("[train]\n", "[train]\nbogus = 1\n"))
    before = disk_state(run)
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "train.bogus" in res.stderr
    assert disk_state(run) == before


def test_checkpoint_of_another_vocabulary_is_refused_before_any_step(tmp_path):
    run = make_run(tmp_path / "r", steps=5)
    other = make_run(tmp_path / "o", steps=6, cfg=ckpt_config(data={"max_bytes_per_source": 40_000,
                                                                      "tokenizer_vocab_size": 320}))
    src = list_checkpoints(other)[-1].path
    shutil.copytree(src, run / "checkpoints" / src.name)  # a newer checkpoint from another run
    before = disk_state(run)
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "vocabulary" in res.stderr and "another run" in res.stderr
    assert disk_state(run) == before


class _Evil:
    def __reduce__(self):
        return (os.mkdir, (os.environ["ANDREA_PWNED"],))


def test_a_checkpoint_that_runs_code_when_unpickled_is_refused_without_running_it(tmp_path, monkeypatch):
    run = make_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    marker = tmp_path / "pwned"
    monkeypatch.setenv("ANDREA_PWNED", str(marker))
    (c.path / "state.pt").write_bytes(pickle.dumps({"optimizer": _Evil()}, protocol=2))
    meta = json.loads((c.path / "state.json").read_text())  # recorded checksum updated: only the
    meta["files"]["state.pt"] = hashlib.sha256((c.path / "state.pt").read_bytes()).hexdigest()  # unpickler stands guard
    meta["state_sha256"] = _meta_digest(meta)
    (c.path / "state.json").write_text(json.dumps(meta))
    t = Trainer(prepare_run(run))
    try:
        with pytest.raises(RunError, match="not a plain tensor file"):
            t.resume()
    finally:
        t.close()
    assert not marker.exists()


def test_a_run_from_a_newer_version_or_with_missing_files_is_refused(tmp_path):
    run = make_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    meta = json.loads((c.path / "state.json").read_text())
    fmt, meta["format"] = meta["format"], 99
    (c.path / "state.json").write_text(json.dumps(meta))
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "newer ANDREA Desktop" in res.stderr
    meta["format"] = fmt
    (c.path / "state.json").write_text(json.dumps(meta))
    (c.path / "model.safetensors").unlink()
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "model.safetensors is missing" in res.stderr


def test_restoring_moves_the_optimiser_state_to_the_model_device(tmp_path):
    run = make_run(tmp_path / "r", steps=5)
    t = Trainer(prepare_run(run))
    try:
        t.resume()
        state = t.optimizer.state_dict()["state"]
        devices = {v.device for s in state.values() for v in s.values() if torch.is_tensor(v) and v.dim()}
        assert devices == {t.device}
    finally:
        t.close()


# ------------------------------------------------------------------ exports
def test_exports_metrics_csv_weights_and_tensorboard(tmp_path):
    run = make_run(tmp_path / "r", steps=6)
    path = export_metrics_csv(run, tmp_path / "m.csv")
    with path.open() as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["step"]) for r in rows] == list(range(0, 7))
    assert rows[3]["train/loss"] and rows[0]["train/loss"] == ""  # no training loss at step 0
    assert float(rows[6]["train/loss"]) == _losses(run / "metrics.sqlite")[6]
    w, step = export_checkpoint_weights(run, tmp_path / "model.safetensors")
    assert step == 6
    from safetensors.torch import load_file

    assert any(k.endswith("c_attn.weight") for k in load_file(str(w)))
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        with pytest.raises(ExportError, match="tensorboard"):
            export_tensorboard(run, tmp_path / "tb")
    else:
        out = export_tensorboard(run, tmp_path / "tb")
        assert list(out.glob("events.out.tfevents.*"))
    with pytest.raises(ExportError, match="no metrics.sqlite"):
        export_metrics_csv(tmp_path / "nothing", tmp_path / "x.csv")
