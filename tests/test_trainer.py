import threading

import numpy as np
import pytest
import torch
from conftest import tiny_config, train_run

from andrea_desktop.core.head_roles import ROLES
from andrea_desktop.core.rundir.probes import list_probes, read_probe, role_arrays
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import (
    NullObserver,
    RunError,
    StopReason,
    TrainingControl,
    run_session,
)


class Recorder(NullObserver):
    def __init__(self, on_step=None):
        self.steps, self.evals, self.events, self.states = [], [], [], []
        self._on_step = on_step

    def on_step(self, rec):
        self.steps.append(rec)
        if self._on_step:
            self._on_step(rec)

    def on_scalars(self, step, values, wall_time):
        if "val/loss" in values:
            self.evals.append((step, values))

    def on_event(self, step, kind, payload):
        self.events.append((step, kind, payload))

    def on_state(self, state):
        self.states.append(state)


def _train(run_dir, cfg, max_steps, control=None, observer=None, on_anomaly="pause"):
    return train_run(run_dir, cfg, max_steps, control, observer, on_anomaly)


def test_training_lowers_validation_loss_on_every_source(tmp_path, tiny_cfg):
    trainer, reason = _train(tmp_path / "run", tiny_cfg, 150)
    assert reason == StopReason.MAX_STEPS and trainer.step == 150
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    for name in trainer.source_names:
        steps, values = reader.scalars(f"val/loss/{name}")
        assert steps[0] == 0 and steps[-1] == 150  # at step 0 and at the end of the run
        assert values[-1] < 0.85 * values[0], (name, values)
    reader.close()


def test_every_step_logs_the_design_scalars_and_events(tmp_path, tiny_cfg):
    trainer, _ = _train(tmp_path / "run", tiny_cfg, 12)
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    for name in ("train/loss", "train/lr", "train/grad_norm", "train/tokens_per_s"):
        steps, values = reader.scalars(name)
        np.testing.assert_array_equal(steps, np.arange(1, 13))
        assert np.isfinite(values).all()
    per_source = [reader.scalars(f"train/loss/{n}")[0] for n in trainer.source_names]
    assert sum(len(s) for s in per_source) >= 12
    # every mix record lists every source, and the weights of a record sum to 1
    weights = [reader.scalars(f"mix/weight/{n}") for n in trainer.source_names]
    assert weights[0][0][0] == 1
    for (s, _) in weights[1:]:
        np.testing.assert_array_equal(s, weights[0][0])
    np.testing.assert_allclose(sum(v for _, v in weights), 1.0)
    counts = [reader.scalars(f"mix/count/{n}") for n in trainer.source_names]
    assert sum(v[-1] for _, v in counts) == 12 * tiny_cfg.train.batch_size
    kinds = [k for _, k, _, _ in reader.events()]
    assert kinds[0] == "start" and kinds[-1] == "stop" and "lr_warmup_end" in kinds
    (warm,) = reader.events("lr_warmup_end")
    assert warm[0] == tiny_cfg.schedule.warmup_steps
    assert reader.events("stop")[0][2] == {"reason": "max_steps"}
    start = reader.events("start")[0][2]
    assert start["device"] == "cpu" and start["torch_threads"] == 1
    reader.close()


def _rows_of(trainer):
    """Wrap trainer.batch to record the rows every step samples."""
    seen = {}
    orig = trainer.batch

    def batch(step):
        x, y, sources = orig(step)
        seen[step] = (x.numpy().copy(), sources.copy())
        return x, y, sources

    trainer.batch = batch
    return seen


def test_pause_and_resume_change_nothing(tmp_path):
    cfg = tiny_config()
    with run_session(tmp_path / "a", config=cfg) as a:
        rows_a = _rows_of(a)
        rec_a = Recorder()
        a.run(30, observer=rec_a)

    session = run_session(tmp_path / "b", config=cfg)
    b = session.open()
    rows_b = _rows_of(b)
    control = TrainingControl()
    paused = threading.Event()

    def on_step(rec):
        if rec.step == 10:
            control.pause()

    rec_b = Recorder(on_step)
    orig_state = rec_b.on_state

    def on_state(state):
        orig_state(state)
        if state == "paused":
            paused.set()

    rec_b.on_state = on_state
    t = threading.Thread(target=b.run, args=(30, control, rec_b))
    t.start()
    assert paused.wait(30)
    assert b.step == 10  # pause took effect at the next step boundary
    control.resume()
    t.join(60)
    session.close()
    assert sorted(rows_a) == sorted(rows_b) == list(range(1, 31))
    for s in rows_a:
        np.testing.assert_array_equal(rows_a[s][0], rows_b[s][0])
        np.testing.assert_array_equal(rows_a[s][1], rows_b[s][1])
    # bit-identical loss trajectory on the CPU
    assert [r.loss for r in rec_a.steps] == [r.loss for r in rec_b.steps]
    kinds = [k for _, k, _ in rec_b.events]
    assert kinds.index("pause") < kinds.index("resume")


def test_nonfinite_loss_pauses_before_the_update(tmp_path, tiny_cfg):
    session = run_session(tmp_path / "run", config=tiny_cfg)
    trainer = session.open()
    orig = trainer.steps.forward
    poisoned = {"step": 6}

    def forward(x, y, **kw):
        loss = orig(x, y, **kw)
        if trainer.step + 1 == poisoned["step"]:
            loss = loss * torch.tensor(float("nan"))
        return loss

    trainer.steps.forward = forward
    control = TrainingControl()
    before = {}

    def on_step(rec):
        if rec.step == 5:
            before.update({k: v.detach().clone() for k, v in trainer.model.state_dict().items()})

    rec = Recorder(on_step)
    orig_state = rec.on_state

    def on_state(state):
        orig_state(state)
        if state == "paused":
            # the weights are those after step 5: the poisoned update never happened
            for k, v in trainer.model.state_dict().items():
                assert torch.equal(v, before[k]), k
            control.stop()

    rec.on_state = on_state
    with session:
        reason = trainer.run(20, control, rec, on_anomaly="pause")
    assert reason == StopReason.USER and trainer.step == 5
    anomalies = [e for e in rec.events if e[1] == "anomaly"]
    assert len(anomalies) == 1 and anomalies[0][2]["kind"] == "nan" and anomalies[0][2]["step"] == 6
    assert rec.states[-2:] == ["paused", "stopped"]


def test_headless_policy_stops_on_anomaly(tmp_path, tiny_cfg):
    with run_session(tmp_path / "run", config=tiny_cfg) as trainer:
        trainer.steps.forward = lambda x, y, **kw: torch.full((x.shape[0],), float("inf"), requires_grad=True)
        reason = trainer.run(5, on_anomaly="stop")
    assert reason == StopReason.ANOMALY and trainer.step == 0
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    assert reader.events("stop")[0][2] == {"reason": "anomaly"}
    assert len(reader.scalars("train/loss")[0]) == 0
    reader.close()


def test_stop_while_paused(tmp_path, tiny_cfg):
    control = TrainingControl()
    control.pause()
    rec = Recorder()
    rec.on_state = lambda s: (rec.states.append(s), s == "paused" and control.stop())
    trainer, reason = train_run(tmp_path / "run", tiny_cfg, 50, control, rec)
    assert reason == StopReason.USER and trainer.step == 0


def test_one_trainer_per_run_directory(tmp_path, tiny_cfg):
    with run_session(tmp_path / "run", config=tiny_cfg):
        with pytest.raises(RunError, match="another process is training"):
            run_session(tmp_path / "run").open()
    with run_session(tmp_path / "run"):  # free again
        pass


def test_the_observer_gets_every_row_the_store_gets(tmp_path):
    """The live view decodes the observer's rows; a reopened or followed view the store's: the same."""
    import json
    import sqlite3

    cfg = tiny_config(curriculum={"phase_min": 3, "phase_max": 5}, train={"eval_interval": 5},
                      probe={"interval": 6, "sample_interval": 4, "sample_tokens": 4})

    class Rows(NullObserver):
        def __init__(self):
            self.scalars, self.events, self.samples, self.probes = [], [], [], []
            self.roles = []

        def on_scalars(self, step, values, wall_time):
            self.scalars += [(step, k, float(v), wall_time) for k, v in values.items()]

        def on_event(self, step, kind, payload):
            assert type(kind) is str
            self.events.append((step, kind, json.loads(json.dumps(payload))))

        def on_sample(self, step, prompt, text):
            self.samples.append((step, prompt, text))

        def on_probe(self, step, probe):
            self.probes.append(step)
            self.roles.append(role_arrays(probe))

    rows = Rows()
    train_run(tmp_path / "r", cfg, 12, observer=rows)
    con = sqlite3.connect(tmp_path / "r" / "metrics.sqlite")
    assert rows.scalars == con.execute("SELECT * FROM scalars ORDER BY rowid").fetchall()
    assert rows.events == [(s, k, json.loads(p)) for s, k, p in con.execute("SELECT step, kind, payload FROM events "
                                                                                 "ORDER BY rowid")]
    assert rows.samples == con.execute("SELECT step, prompt, text FROM samples ORDER BY rowid").fetchall()
    con.close()
    assert rows.probes == [6, 12] and len(rows.samples) == 3
    # each probe scored the heads' roles on the repeated sequence, and its file keeps the scores
    assert [r[0] for r in rows.roles] == [ROLES, ROLES]
    stored = role_arrays(read_probe(list_probes(tmp_path / "r")[12]))
    np.testing.assert_allclose(stored[1], rows.roles[1][1], atol=1e-6)
    assert stored[1].shape == (len(ROLES), cfg.model.n_layer, cfg.model.n_head)
    names = {n for _, n, _, _ in rows.scalars}
    assert {"val/loss", "mix/ucb/stdlib-code", "mix/pulls/stdlib-code", "mix/reward/stdlib-code"} <= names


def test_a_rank_draws_the_global_batch_once_and_loads_only_its_rows(tmp_path, monkeypatch):
    """Under torchrun every rank knows every row's source (for the per-source losses) from ONE
    call of the sampler, and loads only its own rows."""
    from andrea_desktop.core.training import step as step_mod

    with run_session(tmp_path / "r", config=tiny_config()) as t:
        x1, y1, s1 = t.batch(5)
        calls = []
        orig = step_mod.sample_rows
        monkeypatch.setattr(step_mod, "sample_rows", lambda *a, **k: calls.append(a[2]) or orig(*a, **k))

        class Rank1:
            rank, world_size = 1, 2

        t.steps.dist = Rank1()
        x2, y2, s2 = t.batch(5)
        t.steps.dist = None
    assert len(calls) == 1 and list(calls[0]) == list(range(8))
    np.testing.assert_array_equal(s2, s1)  # (B,) sources of the global batch
    assert torch.equal(x2, x1[4:]) and torch.equal(y2, y1[4:])


@pytest.mark.parametrize("stop_at", [25, 20])  # a last step between counts and one they fall on
def test_row_counts_are_logged_once_per_step_across_resumes(tmp_path, stop_at):
    """``mix/count/*`` is logged every 10 steps and at the end of a session; a resumed session
    that ends where the last one did (or trains on) logs no step's counts twice."""
    import sqlite3

    run, cfg = tmp_path / "run", tiny_config()
    train_run(run, cfg, stop_at)
    train_run(run, None, stop_at)  # resumed at its last step: nothing to train, it stops at once
    trainer, _ = train_run(run, None, stop_at + 7)
    con = sqlite3.connect(run / "metrics.sqlite")
    dup = con.execute("SELECT step, name, COUNT(*) FROM scalars WHERE name LIKE 'mix/count/%' "
                      "GROUP BY step, name HAVING COUNT(*) > 1").fetchall()
    steps = sorted({s for (s,) in con.execute("SELECT step FROM scalars WHERE name LIKE 'mix/count/%'")})
    con.close()
    assert not dup, f"row counts logged twice: {dup}"
    assert steps == sorted({*range(10, stop_at + 8, 10), stop_at, stop_at + 7})
    assert trainer.rows_sampled.sum() == (stop_at + 7) * cfg.train.batch_size
