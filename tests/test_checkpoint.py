"""Checkpoints: atomic writes under SIGKILL, marked checkpoints and pruning, and every
way a checkpoint can be bad (truncated, crafted, from another run or version, a pickle that runs
code, a full disk): refused with a message, falling back to the one before, changing nothing."""

import hashlib
import json
import os
import pickle
import random
import shutil
import signal
import sqlite3
import time

import pytest
import torch
from conftest import (
    ForkedTrain,
    andrea_train,
    andrea_train_refusal,
    ckpt_config,
    disk_state,
    logged_losses,
    make_ckpt_run,
    scalar_rows,
    train_run,
)

from andrea_desktop.core.rundir.checkpoint import (
    _meta_digest,
    list_checkpoints,
    read_checkpoint,
)
from andrea_desktop.core.rundir.reader import last_trained_step
from andrea_desktop.core.training import (
    NullObserver,
    RunError,
    TrainingControl,
    prepare_run,
    run_session,
)


# ------------------------------------------------------------------ writing and keeping
def test_checkpoints_are_written_kept_and_recorded(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=17)
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


def _checkpoint_folders(run, *names):
    """``checkpoints/<name>/state.json`` of step 7 for each name (what the listings read)."""
    for name in names:
        (run / "checkpoints" / name).mkdir(parents=True)
        (run / "checkpoints" / name / "state.json").write_text(json.dumps({"step": 7}))


def test_a_checkpoint_folder_under_another_spelling_of_its_step_is_not_listed(tmp_path):
    from andrea_desktop import runs

    _checkpoint_folders(tmp_path, "step-00000007", "step-7", "step-000000007", "step-+0000007")
    (tmp_path / "config.toml").write_text("")
    assert [c.path.name for c in list_checkpoints(tmp_path)] == ["step-00000007"]
    assert runs.open_run(tmp_path).checkpoints() == [7]


def test_marked_checkpoints_survive_pruning_and_pause_writes_one(tmp_path):
    cfg = ckpt_config()
    control = TrainingControl()
    control.pause_at(3)

    class Obs(NullObserver):
        def on_step(self, rec):
            if rec.step == 7:
                control.request_checkpoint()  # Ctrl+S

        def on_state(self, state):
            if state == "paused":
                control.resume()

    train_run(tmp_path / "r", cfg, 23, control, Obs())
    ckpts = list_checkpoints(tmp_path / "r")
    assert [(c.step, c.marked) for c in ckpts] == [(7, True), (20, False), (23, False)]


# ------------------------------------------------------------------ crashes
def _last_step(db) -> int:
    return last_trained_step(db)


def _alive_before(proc: ForkedTrain, deadline: float, waiting_for: str) -> None:
    """Fail (the process killed, its stderr said) if ``proc`` ended or ``deadline`` passed."""
    if proc.poll() is None and time.monotonic() < deadline:
        return
    proc.kill()
    pytest.fail(f"{waiting_for}: exit status {proc.wait()}; {proc.stderr.read()}")


@pytest.mark.slow
def test_sigkill_at_ten_moments_loses_nothing_before_the_checkpoint(tmp_path):
    run = tmp_path / "r"
    # long enough that every process is killed while it trains; checkpoints every 10 steps, so
    # each kill (5-40 steps after the last) lands before, after or between checkpoint writes
    cfg = ckpt_config(checkpoint={"interval": 10, "keep_last": 2},
                      schedule={"warmup_steps": 5, "total_steps": 100_000, "min_lr": 3e-4})
    prepare_run(run, config=cfg)  # created, not trained
    db = run / "metrics.sqlite"
    rng = random.Random(1234)
    end = 100_000
    stall_round = 6
    interrupted = None  # the stalled round's checkpoint folder, written and never renamed
    for i in range(10):
        before = _last_step(db)
        writes_before = set((run / "checkpoints").glob(".tmp-[0-9]*/state.json"))
        # the stalled round sleeps in each checkpoint write, its files written, before the rename
        args = ["--run-dir", str(run), "--resume", "--max-steps", str(end), "-q"]
        proc = ForkedTrain(args, launch=["--checkpoint-stall", "60"] if i == stall_round else ())
        try:
            deadline = time.monotonic() + 120
            if i == stall_round:  # inside a checkpoint write: its files are there, not yet renamed
                while not (new := set((run / "checkpoints").glob(".tmp-[0-9]*/state.json")) - writes_before):
                    _alive_before(proc, deadline, "no checkpoint write seen between its files and its rename")
                    time.sleep(0.02)
                (interrupted,) = (p.parent for p in new)
            else:
                target = before + rng.randint(5, 40)
                while _last_step(db) < target:
                    _alive_before(proc, deadline, f"step {target} not reached")
                    time.sleep(0.02)
                time.sleep(rng.uniform(0, 0.3))
            committed = logged_losses(db)
            last_ckpt = max((c.step for c in list_checkpoints(run)), default=0)
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
            if i == stall_round:
                assert (interrupted / "state.json").is_file(), "the kill came after the write it was to interrupt"
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.close()
        # reopen: the history up to the newest checkpoint is intact, value for value
        after = logged_losses(db)
        ckpts = list_checkpoints(run)
        assert ckpts, "no checkpoint survived"
        for step, value in committed.items():
            if step <= last_ckpt:
                assert after[step] == value
        for c in ckpts:
            read_checkpoint(c)  # every checkpoint that is listed is complete
    assert interrupted is not None
    final = max(c.step for c in list_checkpoints(run)) + 30
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", final, "-q")
    assert res.returncode == 0, res.stderr
    losses = logged_losses(db)  # no step twice
    assert sorted(losses) == list(range(1, final + 1))
    assert not any(p.name.startswith(".tmp-") for p in (run / "checkpoints").iterdir())


# ------------------------------------------------------------------ anomalies


# ------------------------------------------------------------------ bad input
def test_truncated_newest_checkpoint_falls_back_with_a_message(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=10)
    newest = list_checkpoints(run)[-1]
    f = newest.path / "model.safetensors"
    f.write_bytes(f.read_bytes()[: f.stat().st_size // 2])
    res = andrea_train("--run-dir", run, "--resume", "--max-steps", 12, "-q")
    assert res.returncode == 0, res.stderr
    assert "truncated or altered" in res.stderr and "resumed from step-00000005" in res.stderr
    assert sorted(logged_losses(run / "metrics.sqlite")) == list(range(1, 13))


def test_only_checkpoint_truncated_is_refused_and_changes_nothing(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    f = c.path / "state.pt"
    f.write_bytes(f.read_bytes()[:100])
    before = disk_state(run)
    res = andrea_train_refusal("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "truncated or altered" in res.stderr and "Traceback" not in res.stderr
    assert disk_state(run) == before


def test_config_with_an_unknown_key_is_refused_and_changes_nothing(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    cfg = run / "config.toml"
    cfg.write_text(cfg.read_text().replace("[train]\n", "[train]\nbogus = 1\n"))
    before = disk_state(run)
    res = andrea_train_refusal("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "train.bogus" in res.stderr
    assert disk_state(run) == before


def test_checkpoint_of_another_vocabulary_is_refused_before_any_step(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    other = make_ckpt_run(tmp_path / "o", steps=6, cfg=ckpt_config(data={"max_bytes_per_source": 40_000,
                                                                      "tokenizer_vocab_size": 320}))
    src = list_checkpoints(other)[-1].path
    shutil.copytree(src, run / "checkpoints" / src.name)  # a newer checkpoint from another run
    before = disk_state(run)
    res = andrea_train_refusal("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "vocabulary" in res.stderr and "another run" in res.stderr
    assert disk_state(run) == before


class _Evil:
    def __reduce__(self):
        return (os.mkdir, (os.environ["ANDREA_PWNED"],))


def test_a_checkpoint_that_runs_code_when_unpickled_is_refused_without_running_it(tmp_path, monkeypatch):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    marker = tmp_path / "pwned"
    monkeypatch.setenv("ANDREA_PWNED", str(marker))
    (c.path / "state.pt").write_bytes(pickle.dumps({"optimizer": _Evil()}, protocol=2))
    meta = json.loads((c.path / "state.json").read_text())  # recorded checksum updated: only the
    meta["files"]["state.pt"] = hashlib.sha256((c.path / "state.pt").read_bytes()).hexdigest()  # unpickler stands guard
    meta["state_sha256"] = _meta_digest(meta)
    (c.path / "state.json").write_text(json.dumps(meta))
    with run_session(run, resume=False) as t:
        with pytest.raises(RunError, match="not a plain tensor file"):
            t.resume()
    assert not marker.exists()


def test_a_run_from_a_newer_version_or_with_missing_files_is_refused(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    (c,) = list_checkpoints(run)
    meta = json.loads((c.path / "state.json").read_text())
    fmt, meta["format"] = meta["format"], 99
    (c.path / "state.json").write_text(json.dumps(meta))
    res = andrea_train_refusal("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "newer ANDREA Desktop" in res.stderr
    meta["format"] = fmt
    (c.path / "state.json").write_text(json.dumps(meta))
    (c.path / "model.safetensors").unlink()
    res = andrea_train_refusal("--run-dir", run, "--resume", "--max-steps", 8, "-q")
    assert res.returncode == 2 and "model.safetensors is missing" in res.stderr


def test_restoring_moves_the_optimiser_state_to_the_model_device(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=5)
    with run_session(run) as t:  # an existing run: resumed from its newest checkpoint
        state = t.optimizer.state_dict()["state"]
        devices = {v.device for s in state.values() for v in s.values() if torch.is_tensor(v) and v.dim()}
        assert devices == {t.device}


# ------------------------------------------------------------------ exports

# ------------------------------------------------------------------ crafted and damaged checkpoint files
@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """A run with checkpoints at 5, 10 and 15 (copied for each test)."""
    path = tmp_path_factory.mktemp("base") / "r"
    train_run(path, ckpt_config(checkpoint={"interval": 5, "keep_last": 3}), 15)
    return path


@pytest.fixture
def run(base_run, tmp_path):
    dest = tmp_path / "r"
    shutil.copytree(base_run, dest)
    return dest


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
    "loss watch episode damaged": lambda m: m["loss_watch"].update(
        episodes={"a": {"kind": "drop", "start": 3, "last": 2, "depth": -1, "loss": 0, "median": 0, "reported": 0,
                        "calm": 0}}),
    "curriculum damaged": lambda m: m["curriculum"].update(pulls="many"),
    "probe text a number": lambda m: m["trainer"].update(probe_text=5),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_crafted_state_json_falls_back_to_the_previous_checkpoint(run, name):
    newest = list_checkpoints(run)[-1]
    rewrite_state(newest.path, TAMPERINGS[name])
    with run_session(run, resume=False) as t:
        info = t.resume()
        assert info.step == 10 and t.step == 10
        assert any("damaged" in m or "step" in m for m in t.resume_messages), t.resume_messages
        assert t.resume_messages[-1] == "resumed from step-00000010"


def test_an_edited_state_json_is_caught_by_its_checksum(run):
    newest = list_checkpoints(run)[-1]
    rewrite_state(newest.path, lambda m: m["trainer"].update(step=3), digest=False)
    with run_session(run, resume=False) as t:
        assert t.resume().step == 10 and "state.json is altered" in t.resume_messages[0]


def test_a_failed_restore_leaves_the_trainer_as_it_was(run):
    for c in list_checkpoints(run)[:-1]:
        shutil.rmtree(c.path)
    rewrite_state(list_checkpoints(run)[-1].path, TAMPERINGS["curriculum damaged"])
    with run_session(run, resume=False) as t:
        before = {k: v.clone() for k, v in t.model.state_dict().items()}
        opt_before = len(t.optimizer.state)
        with pytest.raises(RunError, match="no valid checkpoint"):
            t.resume()
        assert t.step == 0 and len(t.optimizer.state) == opt_before
        assert all(v.equal(before[k]) for k, v in t.model.state_dict().items())


@pytest.mark.parametrize("damage", ["empty", "not json", "directory"])
def test_unreadable_state_json_everywhere_is_refused_not_taken_for_no_checkpoint(run, damage):
    for c in list_checkpoints(run):
        f = c.path / "state.json"
        f.unlink()
        if damage == "directory":
            f.mkdir()
        else:
            f.write_text("" if damage == "empty" else "{oops")
    history = scalar_rows(run)
    assert all(c.damaged for c in list_checkpoints(run)) and len(list_checkpoints(run)) == 3
    with run_session(run, resume=False) as t:
        with pytest.raises(RunError, match="no valid checkpoint"):
            t.resume()
    assert scalar_rows(run) == history  # the history was not replaced


def test_checkpoints_that_is_a_file_is_refused_before_training(run):
    shutil.rmtree(run / "checkpoints")
    (run / "checkpoints").write_text("x")
    with pytest.raises(RunError, match="is a file"):
        run_session(run, resume=False).open()


def test_a_full_disk_during_a_checkpoint_is_an_event_and_training_goes_on(tmp_path, monkeypatch):
    from safetensors import SafetensorError

    from andrea_desktop.core.rundir import checkpoint

    session = run_session(tmp_path / "r", config=ckpt_config())
    t = session.open()
    t.run(5)
    good = list_checkpoints(tmp_path / "r")

    def full(*a, **k):
        raise SafetensorError("Error while serializing: No space left on device (os error 28)")

    monkeypatch.setattr(checkpoint, "save_weights", full)
    events = []

    class Obs(NullObserver):
        def on_event(self, step, kind, payload):
            events.append((step, kind, payload))

    with session:
        assert t.run(12, observer=Obs()) == "max_steps"
    failed = [(s, p) for s, k, p in events if k == "anomaly" and p.get("kind") == "checkpoint"]
    assert [s for s, _ in failed] == [10, 12] and "No space left" in failed[0][1]["message"]
    assert t.checkpoint_failed and t.step == 12
    assert list_checkpoints(tmp_path / "r") == good
    assert not [p for p in (tmp_path / "r" / "checkpoints").iterdir() if p.name.startswith(".tmp")]


def test_the_pickle_refusal_does_not_advise_unsafe_loading(run):
    from andrea_desktop.core.rundir.checkpoint import CheckpointError, read_checkpoint

    c = list_checkpoints(run)[-1]
    (c.path / "state.pt").write_bytes(b"\x80\x02cos\nsystem\nq\x00X\x04\x00\x00\x00trueq\x01\x85q\x02Rq\x03.")
    rewrite_state(c.path, lambda m: m["files"].update({"state.pt": __import__("hashlib").sha256(
        (c.path / "state.pt").read_bytes()).hexdigest()}))
    with pytest.raises(CheckpointError) as exc:
        read_checkpoint(c)
    assert "not loaded" in str(exc.value) and "weights_only=False" not in str(exc.value)


@pytest.mark.parametrize("target", ["dangling", "folder"])
def test_a_link_at_a_checkpoints_name_is_replaced_by_the_checkpoint_its_target_untouched(tmp_path, target):
    """A link at ``checkpoints/step-N`` (dangling: the stop's checkpoint failed with "Not a
    directory" and advice to free disk space; to a folder: renamed to ``.tmp-old-*`` and left for
    good). The link itself goes, the checkpoint is written, the link's target is not touched."""
    run = make_ckpt_run(tmp_path / "r", steps=15)
    elsewhere = tmp_path / "elsewhere"
    if target == "folder":
        elsewhere.mkdir()
        (elsewhere / "precious.txt").write_text("not the run's")
    (run / "checkpoints" / "step-00000017").symlink_to(elsewhere, target_is_directory=True)
    train_run(run, None, 17)
    ckpts = list_checkpoints(run)
    assert ckpts[-1].step == 17 and not ckpts[-1].path.is_symlink()
    assert read_checkpoint(ckpts[-1])[0]["trainer"]["step"] == 17
    assert not any(p.name.startswith(".tmp") for p in (run / "checkpoints").iterdir())
    if target == "folder":
        assert [p.name for p in elsewhere.iterdir()] == ["precious.txt"]
    else:
        assert not elsewhere.exists()
