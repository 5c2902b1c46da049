"""Settings changed between a checkpoint and its resume: each is refused naming
it, or applied explicitly (a ``config_changed`` event, a marker, the GUI asking first), and a
changed schedule goes on from the LR in use instead of jumping."""

import dataclasses
import json
import shutil

import numpy as np
import pytest
from conftest import andrea_train, tiny_config, train_run
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from tokenizers import Tokenizer

from andrea_desktop.core.config import ScheduleConfig, config_to_dict, load_config, save_config
from andrea_desktop.core.config.diff import diff_config_dicts, is_refused, resume_changes
from andrea_desktop.core.data import load_sources, tokenize_sources
from andrea_desktop.core.rundir import checkpoint as ckpt_mod
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.schedule import lr_at, planned_curve
from andrea_desktop.core.training import RunError, run_session
from andrea_desktop.core.training.state import preview_resume

BASE_STEPS = 6


def base_config():
    return tiny_config(schedule={"warmup_steps": 2, "total_steps": 100, "min_lr": 3e-4},
                       train={"eval_interval": 1000}, probe={"interval": 1000, "sample_interval": 1000},
                       checkpoint={"interval": 1000}, curriculum={"phase_min": 2, "phase_max": 3})


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A run trained to BASE_STEPS (its checkpoint there), copied by each test."""
    run = tmp_path_factory.mktemp("base") / "run"
    train_run(run, base_config(), BASE_STEPS)
    return run


@pytest.fixture
def run(trained, tmp_path):
    dest = tmp_path / "run"
    shutil.copytree(trained, dest)
    return dest


def edit_config(run_dir, section, **values):
    cfg = load_config(run_dir / "config.toml")
    cfg = cfg.replace(**{section: dataclasses.replace(getattr(cfg, section), **values)})
    save_config(cfg, run_dir / "config.toml")


def events(run_dir, kind):
    reader = RunReader(run_dir / "metrics.sqlite")
    try:
        return [e[:3] for e in reader.events(kind)]
    finally:
        reader.close()


def lrs(run_dir):
    reader = RunReader(run_dir / "metrics.sqlite")
    try:
        s, v = reader.scalars("train/lr")
    finally:
        reader.close()
    return dict(zip(s.tolist(), v.tolist(), strict=True))


# ------------------------------------------------------------------ the schedule
def test_schedule_anchor_is_continuous_and_ends_at_min_lr():
    old, new = ScheduleConfig(warmup_steps=5, total_steps=100, min_lr=3e-4), \
        ScheduleConfig(warmup_steps=5, total_steps=300, min_lr=3e-4)
    lr80 = lr_at(80, old, 3e-3)
    anchor = (80, lr80)
    assert lr_at(81, new, 3e-3) / lr80 > 4  # without the anchor: the jump of the issue
    assert lr_at(81, new, 3e-3, anchor) / lr80 == pytest.approx(1.0, abs=0.02)
    assert lr_at(300, new, 3e-3, anchor) == pytest.approx(3e-4)
    assert lr_at(400, new, 3e-3, anchor) == pytest.approx(3e-4)
    assert lr_at(50, new, 3e-3, anchor) == lr_at(50, new, 3e-3)  # before the anchor: unchanged
    lr_seq = [lr_at(s, new, 3e-3, anchor) for s in range(81, 301)]
    assert all(a >= b for a, b in zip(lr_seq, lr_seq[1:], strict=False))  # decays monotonically
    steps, curve = planned_curve(new, 3e-3, anchor)
    assert steps[0] == 80 and steps[-1] == 300 and curve[0] == lr80
    np.testing.assert_allclose(curve[1:], lr_seq, rtol=1e-12)
    # still in the warmup at the anchor: the warmup climbs on from there to the peak
    warm = ScheduleConfig(warmup_steps=20, total_steps=300, min_lr=3e-4)
    assert lr_at(11, warm, 3e-3, (10, 1e-3)) == pytest.approx(1e-3 + 2e-3 / 10)
    assert lr_at(20, warm, 3e-3, (10, 1e-3)) == pytest.approx(3e-3)
    np.testing.assert_allclose(planned_curve(warm, 3e-3, (10, 1e-3))[1][1:],
                               [lr_at(s, warm, 3e-3, (10, 1e-3)) for s in range(11, 301)], rtol=1e-12)


def test_total_steps_100_trained_to_80_then_300_continues_the_lr(tmp_path):
    """The issue's input: the LR at step 81 is that of step 80 (not x4.4), the change is an
    event and is printed by andrea-train, and the schedule reaches min_lr at the new end."""
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 100, "min_lr": 3e-4},
                      train={"eval_interval": 1000}, probe={"interval": 1000, "sample_interval": 1000},
                      checkpoint={"interval": 1000})
    run = tmp_path / "run"
    train_run(run, cfg, 80)
    edit_config(run, "schedule", total_steps=300)
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 90, "-q")
    assert res.returncode == 0, res.stderr
    assert "schedule.total_steps: 100 → 300" in res.stderr
    assert "learning rate continues from" in res.stderr
    lr = lrs(run)
    assert lr[81] / lr[80] == pytest.approx(1.0, abs=0.03)
    assert all(lr[s + 1] <= lr[s] for s in range(80, 90))
    [(step, _, payload)] = events(run, "config_changed")
    assert step == 80
    assert payload["changes"] == [{"key": "schedule.total_steps", "old": 100, "new": 300}]
    assert payload["lr_anchor"][0] == 80 and payload["lr_anchor"][1] == pytest.approx(lr[80], rel=1e-6)
    # resumed again without a change: no new event, the re-planned schedule goes on unchanged
    with run_session(run) as t:
        assert t.steps.lr_anchor == tuple(payload["lr_anchor"])
        assert t.applied_changes == ()
        assert lr_at(300, t.config.schedule, t.config.optimizer.lr, t.steps.lr_anchor) == pytest.approx(3e-4)
        t.run(95)
    lr = lrs(run)
    assert len(events(run, "config_changed")) == 1
    for s in range(91, 96):
        assert lr[s] == pytest.approx(lr_at(s, t.config.schedule, 3e-3, tuple(payload["lr_anchor"])), rel=1e-6)


# ------------------------------------------------------------------ refused
@pytest.mark.parametrize("section, values, key, shown", [
    ("model", {"dropout": 0.1}, "model.dropout", "0.0 → 0.1"),
    ("run", {"seed": 8}, "run.seed", "7 → 8"),
    ("train", {"batch_size": 4}, "train.batch_size", "8 → 4"),
    ("curriculum", {"phase_max": 5}, "curriculum.phase_max", "3 → 5"),
    ("curriculum", {"exploration": 2.0}, "curriculum.exploration", "1.0 → 2.0"),
])
def test_a_refused_setting_is_named_and_nothing_changes(run, section, values, key, shown):
    before = (run / "metrics.sqlite").read_bytes()
    edit_config(run, section, **values)
    with pytest.raises(RunError) as err:
        with run_session(run):
            pass
    msg = str(err.value)
    assert f"{key}: {shown}" in msg and "cannot apply" in msg, msg
    assert "changed since this checkpoint (model, data" not in msg  # not the old catch-all
    if section == "curriculum":
        assert "pivot" in msg
    assert (run / "metrics.sqlite").read_bytes() == before
    assert preview_resume(run).refused[0].key == key


def test_refused_messages_cut_long_values(run):
    cfg = config_to_dict(load_config(run / "config.toml"))
    new = json.loads(json.dumps(cfg))
    new["curriculum"]["excluded"] = ["x" * 60] * 1000
    changes = diff_config_dicts(cfg, new)
    assert [c.key for c in changes] == ["curriculum.excluded"] and is_refused("curriculum.excluded")
    assert len(changes[0].describe()) < 200
    assert is_refused("data.fingerprint") and is_refused("model.n_head")
    assert not is_refused("curriculum.vertex_steps") and not is_refused("schedule.total_steps")


def test_another_tokenizer_of_the_same_size_is_named(run):
    """Same vocabulary size, other ids (and the fingerprint of its tokens written into
    config.toml): refused as "the tokenizer changed", not as a config change."""
    tok_path = run / "tokenizer.json"
    d = json.loads(tok_path.read_text())
    vocab = d["model"]["vocab"]
    a, b = sorted(vocab, key=vocab.get)[300:302]
    vocab[a], vocab[b] = vocab[b], vocab[a]
    tok_path.write_text(json.dumps(d))
    tok = Tokenizer.from_file(str(tok_path))
    cfg = load_config(run / "config.toml")
    assert tok.get_vocab_size() == cfg.model.vocab_size
    ds = tokenize_sources(load_sources(cfg.data), tok, cfg.data.val_fraction, cfg.model.block_size + 1)
    edit_config(run, "data", fingerprint=ds.fingerprint)
    with pytest.raises(RunError) as err:
        with run_session(run):
            pass
    assert "the tokenizer changed" in str(err.value) and "config.toml changed" not in str(err.value)


def test_the_same_tokenizer_saved_again_is_not_a_change(run):
    tok_path = run / "tokenizer.json"
    tok_path.write_text(json.dumps(json.loads(tok_path.read_text()), indent=4))
    with run_session(run) as t:
        assert t.step == BASE_STEPS


# ------------------------------------------------------------------ applied
@pytest.mark.parametrize("section, values, key", [
    ("optimizer", {"weight_decay": 0.3}, "optimizer.weight_decay"),
    ("optimizer", {"betas": [0.8, 0.99]}, "optimizer.betas"),
    ("probe", {"text": "Another probe text."}, "probe.text"),
    ("checkpoint", {"keep_last": 5}, "checkpoint.keep_last"),
    ("anomaly", {"window": 30}, "anomaly.window"),
    ("curriculum", {"vertex_steps": 50}, "curriculum.vertex_steps"),
    ("train", {"eval_interval": 3}, "train.eval_interval"),
])
def test_an_applied_setting_is_used_and_logged(run, section, values, key):
    edit_config(run, section, **values)
    with run_session(run) as t:
        assert [c.key for c in t.applied_changes] == [key]
        assert t.steps.lr_anchor is None  # the schedule did not change
        t.run(BASE_STEPS + 2)
    [(step, _, payload)] = events(run, "config_changed")
    assert step == BASE_STEPS and [c["key"] for c in payload["changes"]] == [key]
    assert "lr_anchor" not in payload
    new = payload["changes"][0]["new"]
    assert new == (list(values.values())[0])
    if key == "optimizer.weight_decay":
        assert [g["weight_decay"] for g in t.optimizer.param_groups] == [0.3, 0.0]
    if key == "optimizer.betas":
        assert all(tuple(g["betas"]) == (0.8, 0.99) for g in t.optimizer.param_groups)
    if key == "probe.text":
        assert t.config.probe.text == "Another probe text."
    if key == "anomaly.window":
        assert t.loss_watch.cfg.window == 30


def test_old_style_checkpoint_without_its_config_still_resumes(run):
    """A checkpoint written before configs were stored (only config_hash): resumed as before."""
    info = list_checkpoints(run)[-1]
    meta = json.loads((info.path / "state.json").read_text())
    for k in ("config", "tokenizer_sha256"):
        del meta[k]
    del meta["trainer"]["lr_anchor"]
    meta["state_sha256"] = ckpt_mod._meta_digest(meta)
    (info.path / "state.json").write_text(json.dumps(meta))
    assert preview_resume(run) is None
    edit_config(run, "checkpoint", keep_last=4)
    with run_session(run) as t:
        assert t.step == BASE_STEPS and t.applied_changes == () and t.steps.lr_anchor is None
        t.run(BASE_STEPS + 1)
    assert events(run, "config_changed") == []
    meta = json.loads((list_checkpoints(run)[-1].path / "state.json").read_text())
    assert meta["config"]["checkpoint"]["keep_last"] == 4 and meta["tokenizer_sha256"]
    # the old check still refuses what it refused
    edit_config(run, "run", seed=99)
    info = list_checkpoints(run)[-1]
    meta = json.loads((info.path / "state.json").read_text())
    del meta["config"]
    meta["state_sha256"] = ckpt_mod._meta_digest(meta)
    (info.path / "state.json").write_text(json.dumps(meta))
    with pytest.raises(RunError, match="model, data, seed or batch size"):
        with run_session(run):
            pass


def test_resume_changes_sorts_every_section(run):
    cfg = load_config(run / "config.toml")
    old = config_to_dict(cfg)
    new = cfg.replace(terrain=dataclasses.replace(cfg.terrain, interval=7),
                      schedule=dataclasses.replace(cfg.schedule, min_lr=1e-4),
                      model=dataclasses.replace(cfg.model, init_from="/elsewhere"))
    ch = resume_changes(old, new)
    assert [c.key for c in ch.applied] == ["schedule.min_lr", "terrain.interval"] and not ch.refused
    assert ch.schedule_changed


# ------------------------------------------------------------------ the GUI asks first
def _answer(button_text):
    """Answer the next modal message box by the button with ``button_text``; returns what it said."""
    answered = []

    def press():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, press)
            return
        answered.append(box.informativeText())
        [b] = [b for b in box.buttons() if b.text() == button_text]
        b.click()

    QTimer.singleShot(50, press)
    return answered


def test_the_gui_asks_before_continuing_with_changed_settings(run, make_window, qtbot):
    edit_config(run, "schedule", total_steps=120)
    w = make_window(run="run", max_steps=BASE_STEPS + 3)
    assert w.history.last_step == BASE_STEPS

    answered = _answer("Cancel")
    w.start_training()
    assert answered and "schedule.total_steps: 100 → 120" in answered[0]
    assert w.thread is None and events(run, "config_changed") == []  # nothing started

    answered = _answer("Continue with the new settings")
    w.start_training()
    assert answered
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert w.history.last_step == BASE_STEPS + 3
    [(step, _, payload)] = events(run, "config_changed")
    assert step == BASE_STEPS and payload["lr_anchor"][0] == BASE_STEPS
    for panel in (w.loss_panel, w.lr_panel):
        assert [int(m.value()) for m in panel.markers.lines if "settings changed" in m.label.format] \
            == [BASE_STEPS], panel
    steps, _ = w.lr_panel.planned_curve.getData()
    assert steps[0] == BASE_STEPS and steps[-1] == 120  # the re-planned schedule


def test_the_gui_does_not_ask_without_changes(run, make_window, qtbot, monkeypatch):
    asked = []
    monkeypatch.setattr(QMessageBox, "exec", lambda self: asked.append(self.text()))
    w = make_window(run="run", max_steps=BASE_STEPS + 1)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert asked == [] and w.history.last_step == BASE_STEPS + 1


# ------------------------------------------------------------------ damaged stored configs
def _rewrite_state(run_dir, edit) -> None:
    """Apply ``edit`` to the newest checkpoint's state.json, its digest renewed (a crafted file)."""
    path = list_checkpoints(run_dir)[-1].path / "state.json"
    meta = json.loads(path.read_text())
    edit(meta)
    meta["state_sha256"] = ckpt_mod._meta_digest(meta)
    path.write_text(json.dumps(meta))


def _nested(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("edit, shown", [
    (lambda m: m["config"]["probe"].__setitem__("watch", _nested(900)), "nested deeper"),
    (lambda m: m["config"]["model"].__setitem__("n_layer", _nested(900)), "nested deeper"),
    (lambda m: m["config"].pop("model"), "no [model] section"),
    (lambda m: m["config"].pop("schedule"), "no [schedule] section"),
    (lambda m: m["trainer"].__setitem__("lr_anchor", [2, "q" * 1_000_000]), "is not a learning rate"),
    (lambda m: m["trainer"].__setitem__("lr_anchor", [2, True]), "lr True is not a learning rate"),
    (lambda m: m["trainer"].__setitem__("lr_anchor", [10**4000, 1e-3]), "is not in [0, 6]"),
    (lambda m: m["trainer"].__setitem__("step", 10**4000), "is not the folder's 6"),
], ids=["deep-applied", "deep-refused", "no-model", "no-schedule", "anchor-10MB-string", "anchor-bool",
        "anchor-huge-step", "huge-step"])
def test_a_damaged_stored_config_or_anchor_is_named_shortly(run, edit, shown):
    """Not a traceback, not "config.toml changed" for what the checkpoint lacks, not a
    message of the value's size; the preview gives up instead of asking; nothing changes."""
    before = (run / "metrics.sqlite").read_bytes()
    _rewrite_state(run, edit)
    assert preview_resume(run) is None or not preview_resume(run).applied
    with pytest.raises(RunError) as err:
        with run_session(run):
            pass
    msg = str(err.value)
    assert "damaged" in msg and shown in msg and len(msg) < 600, msg[:1000]
    assert "cannot apply" not in msg
    assert (run / "metrics.sqlite").read_bytes() == before


@pytest.mark.parametrize("value", [[1], {"a": 1}])
def test_an_unhashable_stored_value_is_a_change_not_a_crash(run, value):
    _rewrite_state(run, lambda m: m["config"]["model"].__setitem__("gelu_approximate", value))
    assert preview_resume(run).refused[0].key == "model.gelu_approximate"
    with pytest.raises(RunError, match="model.gelu_approximate"):
        with run_session(run):
            pass


@pytest.mark.parametrize("sources", [["q" * 1_000_000], ["x"] * 100_000])
def test_other_sources_are_named_shortly(run, sources):
    _rewrite_state(run, lambda m: m["trainer"].__setitem__("sources", sources))
    with pytest.raises(RunError, match="trained on sources") as err:
        with run_session(run):
            pass
    assert len(str(err.value)) < 600
