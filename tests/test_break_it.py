"""Faults a break-it session found in checkpoints, resume, exports and the inspection panels;
each kind is kept here as a test."""

import json
import shutil
import sqlite3
import zipfile

import numpy as np
import pytest
from conftest import tiny_config

from andrea_desktop.core.checkpoint import _meta_digest, list_checkpoints
from andrea_desktop.core.export import ExportError, export_checkpoint_weights, export_metrics_csv
from andrea_desktop.core.trainer import RunError, Trainer, prepare_run


def ckpt_config(**over):
    return tiny_config(**{"checkpoint": {"interval": 5, "keep_last": 3}, "probe": {"enabled": False}, **over})


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """A run with checkpoints at 5, 10 and 15 (copied for each test)."""
    path = tmp_path_factory.mktemp("base") / "r"
    t = Trainer(prepare_run(path, config=ckpt_config()))
    t.run(15)
    t.close()
    return path


@pytest.fixture
def run(base_run, tmp_path):
    dest = tmp_path / "r"
    shutil.copytree(base_run, dest)
    return dest


def rows(run_dir):
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    out = con.execute("SELECT * FROM scalars ORDER BY rowid").fetchall()
    con.close()
    return out


def rewrite_state(ckpt, change, digest=True):
    meta = json.loads((ckpt / "state.json").read_text())
    change(meta)
    if digest:  # a crafted file with a valid checksum: the values themselves must be checked
        meta["state_sha256"] = _meta_digest(meta)
    (ckpt / "state.json").write_text(json.dumps(meta))


TAMPERINGS = {
    "negative step": lambda m: m["trainer"].update(step=-5),
    "text step": lambda m: m["trainer"].update(step="abc"),
    "huge step": lambda m: m["trainer"].update(step=10**30),
    "step not the folder's": lambda m: m["trainer"].update(step=12),
    "rows_sampled wrong length": lambda m: m["trainer"].update(rows_sampled=[1]),
    "weights off the simplex": lambda m: m["trainer"].update(weights=[5.0, 0.0, 0.0]),
    "missing rng": lambda m: m.pop("rng"),
    "numpy rng of the wrong type": lambda m: m["rng"].update(numpy="x"),
    "loss watch not a table": lambda m: m.update(loss_watch=[1, 2]),
    "curriculum damaged": lambda m: m["curriculum"].update(pulls="many"),
    "probe text a number": lambda m: m["trainer"].update(probe_text=5),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_crafted_state_json_falls_back_to_the_previous_checkpoint(run, name):
    newest = list_checkpoints(run)[-1]
    rewrite_state(newest.path, TAMPERINGS[name])
    t = Trainer(prepare_run(run))
    try:
        info = t.resume()
        assert info.step == 10 and t.step == 10
        assert any("damaged" in m or "step" in m for m in t.resume_messages), t.resume_messages
        assert t.resume_messages[-1] == "resumed from step-00000010"
    finally:
        t.close()


def test_an_edited_state_json_is_caught_by_its_checksum(run):
    newest = list_checkpoints(run)[-1]
    rewrite_state(newest.path, lambda m: m["trainer"].update(step=3), digest=False)
    t = Trainer(prepare_run(run))
    try:
        assert t.resume().step == 10 and "state.json is altered" in t.resume_messages[0]
    finally:
        t.close()


def test_a_failed_restore_leaves_the_trainer_as_it_was(run):
    for c in list_checkpoints(run)[:-1]:
        shutil.rmtree(c.path)
    rewrite_state(list_checkpoints(run)[-1].path, TAMPERINGS["curriculum damaged"])
    t = Trainer(prepare_run(run))
    try:
        before = {k: v.clone() for k, v in t.model.state_dict().items()}
        opt_before = len(t.optimizer.state)
        with pytest.raises(RunError, match="no valid checkpoint"):
            t.resume()
        assert t.step == 0 and len(t.optimizer.state) == opt_before
        assert all(v.equal(before[k]) for k, v in t.model.state_dict().items())
    finally:
        t.close()


@pytest.mark.parametrize("damage", ["empty", "not json", "directory"])
def test_unreadable_state_json_everywhere_is_refused_not_taken_for_no_checkpoint(run, damage):
    for c in list_checkpoints(run):
        f = c.path / "state.json"
        f.unlink()
        if damage == "directory":
            f.mkdir()
        else:
            f.write_text("" if damage == "empty" else "{oops")
    history = rows(run)
    assert all(c.damaged for c in list_checkpoints(run)) and len(list_checkpoints(run)) == 3
    t = Trainer(prepare_run(run))
    try:
        with pytest.raises(RunError, match="no valid checkpoint"):
            t.resume()
    finally:
        t.close()
    assert rows(run) == history  # the history was not replaced


def test_checkpoints_that_is_a_file_is_refused_before_training(run):
    shutil.rmtree(run / "checkpoints")
    (run / "checkpoints").write_text("x")
    with pytest.raises(RunError, match="is a file"):
        Trainer(prepare_run(run))


def test_a_full_disk_during_a_checkpoint_is_an_event_and_training_goes_on(tmp_path, monkeypatch):
    from safetensors import SafetensorError

    from andrea_desktop.core import checkpoint

    t = Trainer(prepare_run(tmp_path / "r", config=ckpt_config()))
    t.run(5)
    good = list_checkpoints(tmp_path / "r")

    def full(*a, **k):
        raise SafetensorError("Error while serializing: No space left on device (os error 28)")

    monkeypatch.setattr(checkpoint, "save_weights", full)
    events = []

    class Obs:
        def on_step(self, rec): pass
        def on_eval(self, *a): pass
        def on_state(self, s): pass

        def on_event(self, step, kind, payload):
            events.append((step, kind, payload))

    assert t.run(12, observer=Obs()) == "max_steps"
    t.close()
    failed = [(s, p) for s, k, p in events if k == "anomaly" and p.get("kind") == "checkpoint"]
    assert [s for s, _ in failed] == [10, 12] and "No space left" in failed[0][1]["message"]
    assert t.checkpoint_failed and t.step == 12
    assert list_checkpoints(tmp_path / "r") == good
    assert not [p for p in (tmp_path / "r" / "checkpoints").iterdir() if p.name.startswith(".tmp")]


def test_the_pickle_refusal_does_not_advise_unsafe_loading(run):
    from andrea_desktop.core.checkpoint import CheckpointError, read_checkpoint

    c = list_checkpoints(run)[-1]
    (c.path / "state.pt").write_bytes(b"\x80\x02cos\nsystem\nq\x00X\x04\x00\x00\x00trueq\x01\x85q\x02Rq\x03.")
    rewrite_state(c.path, lambda m: m["files"].update({"state.pt": __import__("hashlib").sha256(
        (c.path / "state.pt").read_bytes()).hexdigest()}))
    with pytest.raises(CheckpointError) as exc:
        read_checkpoint(c)
    assert "not loaded" in str(exc.value) and "weights_only=False" not in str(exc.value)


# ------------------------------------------------------------------ exports
def test_exports_refuse_folders_and_the_runs_own_files(run, tmp_path):
    (tmp_path / "folder").mkdir()
    for export in (export_metrics_csv, lambda r, p: export_checkpoint_weights(r, p)):
        with pytest.raises(ExportError, match="is a folder"):
            export(run, tmp_path / "folder")
        with pytest.raises(ExportError, match="run's own files"):
            export(run, run / "metrics.sqlite")
    assert not list(tmp_path.glob("*.tmp")) and rows(run)


# ------------------------------------------------------------------ panels and the window
def test_open_run_with_damaged_probes_and_events_keeps_the_window_consistent(qtbot, make_window, tmp_path):
    cfg = tiny_config(probe={"interval": 3, "sample_interval": 1000})
    w = make_window(cfg, max_steps=9, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=90_000)
    run = w.run_dir
    (run / "probes" / "3.npz").write_bytes(b"PK\x03\x04 truncated")  # not a zip
    (run / "probes" / "6.npz").write_bytes(b"")  # empty
    np.savez(run / "probes" / "7.npz", step=np.int64(7), attention=np.zeros((2, 2)))  # wrong shapes
    with zipfile.ZipFile(run / "probes" / "embedding.npz", "w") as z:
        z.writestr("step.npy", b"junk")
    con = sqlite3.connect(run / "metrics.sqlite")
    con.execute("INSERT INTO events VALUES (4, 'phase', '{not json', 0)")
    con.commit()
    con.close()
    w2 = make_window(run="other")
    assert w2.open_run(run)
    assert w2.run_dir == run and w2.windowTitle().endswith(run.name)
    assert w2.history.last_step == 9
    w2.attention_panel.scrubber.setValue(0)  # the unreadable probe at step 3 says so
    assert "unreadable" in w2.attention_panel.step_label.text() or w2.attention_panel.probe is not None
    w2.attention_panel.scrubber.setValue(len(w2.attention_panel.probe_steps) - 1)
    assert int(w2.attention_panel.probe["step"]) == 9
    assert "cannot be read" in w2.embedding_panel.status.text()


def test_embedding_panel_odd_input(qtbot):
    from andrea_desktop.gui.panels.qt_embedding_panel import QtEmbeddingPanel

    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    E = np.random.default_rng(0).normal(size=(6, 4)).astype(np.float32)
    E[2] = np.nan
    E[3, 1] = np.inf
    p.set_embedding(5, E, ["a", "b", "c", "d", "e", "f"])
    assert "2 rows not finite" in p.status.text()
    assert not p.select_token("²")  # a digit to str.isdigit, not to int()
    assert p.select_token("a")
    p.metric_combo.setCurrentIndex(1)
    assert len(p.neighbours[0]) == 5
    p._add_watch_sets({"step": np.int64(5), "watch_ids": np.array([-1, 1]), "neighbours": np.zeros((2, 3), np.int64)})
    p._add_watch_sets({"step": np.int64(6), "watch_ids": np.array([0.5]), "neighbours": np.zeros((1, 3))})
    assert list(p.watch) == [1]


def test_refused_pivot_and_impossible_exclusions_say_why(qtbot, make_window):
    w = make_window(tiny_config())
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.info is not None, timeout=60_000)
    w._on_anomaly(3, "anomaly", {"kind": "pivot", "message": "pivot refused: floors sum above 1"})
    assert w._message_box.windowTitle() == "Curriculum pivot refused" and "floors sum" in w._message_box.text()
    assert not w.exclude_source("no-such-source") and "not one of this run's sources" in w._message_box.text()
    assert not w.exclude_source(None)
    names = list(w.info.source_names)
    w._pending_pivot = ({"excluded": names[1:]}, {})
    assert not w.exclude_source(names[0]) and "only source left" in w._message_box.text()
