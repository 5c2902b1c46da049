"""Branch from a checkpoint: a new run B from run A's checkpoint at step N with
settings changed. With nothing changed B's steps after N are bit-identical to A's; a changed LR
is used from N+1; a missing step is refused listing the steps there are; A is never written;
B records its parent; a run folder named ``exp:2`` is a run, and a path too long is refused with
a short message."""

import hashlib
import os
import shutil

import numpy as np
import pytest
from conftest import tiny_config, train_run

from andrea_desktop import runs
from andrea_desktop.cli.train import train_main
from andrea_desktop.core.config import (
    ConfigError,
    build_config,
    config_to_dict,
    load_config,
    save_config,
)
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import CONFIG
from andrea_desktop.core.rundir.lineage import read_parent
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.schedule import lr_at
from andrea_desktop.core.training import RunError
from andrea_desktop.core.training.branch import create_branch, parse_branch_source

N, M = 4, 8  # A trains straight to M with a checkpoint at N; its branches start from N


def parent_config():
    return tiny_config(schedule={"warmup_steps": 2, "total_steps": 400, "min_lr": 3e-4},
                       train={"eval_interval": 1000}, probe={"interval": 1000, "sample_interval": 1000},
                       checkpoint={"interval": N}, curriculum={"phase_min": 2, "phase_max": 3})


@pytest.fixture(scope="module")
def parent(tmp_path_factory):
    run = tmp_path_factory.mktemp("parent") / "a"
    train_run(run, parent_config(), M)
    assert [c.step for c in list_checkpoints(run)] == [N, M]
    return run


def folder_digest(folder):
    """Every file and folder under ``folder`` with its bytes' SHA-256 (links by their target)."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                out[rel] = "link:" + os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as fh:
                    out[rel] = hashlib.sha256(fh.read()).hexdigest()
            else:
                out[rel] = "dir"
    return out


def series(run, name):
    reader = RunReader(run / "metrics.sqlite")
    try:
        steps, values = reader.scalars(name)
    finally:
        reader.close()
    return dict(zip(steps.tolist(), values.tolist(), strict=True))


def events(run, kind):
    reader = RunReader(run / "metrics.sqlite")
    try:
        return [e[:3] for e in reader.events(kind)]
    finally:
        reader.close()


def test_branch_with_nothing_changed_continues_bit_identically(parent, tmp_path):
    b = tmp_path / "b"
    branch = create_branch(parent, b, N)
    assert branch.config == branch.base == load_config(parent / "config.toml")
    trainer, _ = train_run(b, None, M, resume=True)
    assert trainer.last_checkpoint.step == M
    a_loss, b_loss = series(parent, "train/loss"), series(b, "train/loss")
    assert sorted(b_loss) == list(range(N + 1, M + 1))  # B's own history starts at N+1
    np.testing.assert_array_equal([b_loss[s] for s in range(N + 1, M + 1)],
                                  [a_loss[s] for s in range(N + 1, M + 1)])  # bit-identical
    a_lr, b_lr = series(parent, "train/lr"), series(b, "train/lr")
    assert [b_lr[s] for s in range(N + 1, M + 1)] == [a_lr[s] for s in range(N + 1, M + 1)]
    for src in ("python-reference", "stdlib-docstrings", "stdlib-code"):  # the same mixture
        a_mix = {s: v for s, v in series(parent, f"mix/weight/{src}").items() if s > N}
        b_mix = {s: v for s, v in series(b, f"mix/weight/{src}").items() if s > N}
        assert a_mix == b_mix  # logged where it changes, in B as in A
    assert events(b, "config_changed") == []


def test_branch_with_a_new_lr_uses_it_from_the_next_step(parent, tmp_path):
    b = tmp_path / "b"
    create_branch(parent, b, N, overrides=["optimizer.lr=1e-3"])
    cfg = load_config(b / "config.toml")
    assert cfg.optimizer.lr == 1e-3
    train_run(b, None, N + 3, resume=True)
    lr = series(b, "train/lr")
    # past the warmup, the re-planned schedule starts at the new LR and decays to min_lr
    assert lr[N + 1] == pytest.approx(1e-3, rel=1e-4)
    for s in range(N + 1, N + 4):
        assert lr[s] == pytest.approx(lr_at(s, cfg.schedule, 1e-3, (N, 1e-3)), rel=1e-9)
    assert series(parent, "train/lr")[N + 1] == pytest.approx(3e-3, rel=1e-3)  # A's was the old one
    [(step, _, payload)] = events(b, "config_changed")
    assert step == N and payload["changes"] == [{"key": "optimizer.lr", "old": 3e-3, "new": 1e-3}]
    assert payload["lr_anchor"] == [N, 1e-3]


def test_branch_from_a_missing_step_lists_the_steps_there_are(parent, tmp_path):
    with pytest.raises(RunError) as err:
        create_branch(parent, tmp_path / "b", 5)
    assert "step 5 does not exist" in str(err.value) and f"steps {N}, {M}" in str(err.value)
    assert not (tmp_path / "b").exists()
    with pytest.raises(RunError, match="holds no run"):
        create_branch(tmp_path, tmp_path / "b")


def test_branch_leaves_the_parent_byte_for_byte_untouched(parent, tmp_path):
    before = folder_digest(parent)
    create_branch(parent, tmp_path / "b", N, overrides=["optimizer.lr=1e-3", "curriculum.caps.stdlib-code=0.3"])
    train_run(tmp_path / "b", None, N + 2, resume=True)
    assert train_main(["--run-dir", str(tmp_path / "c"), "--branch-from", str(parent), "--max-steps",
                       str(M + 1), "-q"]) == 0
    assert folder_digest(parent) == before
    with pytest.raises(RunError, match="inside the parent run"):
        create_branch(parent, parent / "sub" / "b", N)
    assert folder_digest(parent) == before


def test_branch_records_its_parent(parent, tmp_path):
    b = tmp_path / "b"
    create_branch(parent, b, N)
    rec = read_parent(b)
    assert rec.run == parent and rec.step == N and rec.checkpoint == f"step-{N:08d}" and rec.name == "a"
    assert rec.locate(b) == parent
    assert runs.open_run(b).parent == rec and runs.open_run(parent).parent is None
    table = runs.list_runs(tmp_path, as_pandas=False)
    assert table["parent"].tolist() == [str(parent)] and table["parent_step"].tolist() == [N]
    assert read_parent(parent) is None
    (b / "parent.json").write_text('{"run": "relative", "step": 4}')  # damaged: no parent, no crash
    assert read_parent(b) is None


def test_branch_applies_a_curriculum_change_as_a_pivot(parent, tmp_path):
    b = tmp_path / "b"
    create_branch(parent, b, N, overrides=["curriculum.caps.stdlib-code=0.1", "curriculum.phase_max=4"])
    train_run(b, None, M, resume=True)
    [(step, _, payload)] = events(b, "pivot")
    assert step == N + 1 and payload["constraints"]["caps"] == {"stdlib-code": 0.1}
    assert payload["params"]["phase_max"] == 4 and payload["keep_stats"] is True
    assert all(w <= 0.1 + 1e-9 for w in series(b, "mix/weight/stdlib-code").values())
    [(_, _, changed)] = events(b, "config_changed")
    assert {c["key"] for c in changed["changes"]} == {"curriculum.caps", "curriculum.phase_max"}


@pytest.mark.parametrize("override, key", [("model.dropout=0.1", "model.dropout"), ("run.seed=8", "run.seed"),
                                           ("train.batch_size=4", "train.batch_size"),
                                           ("data.val_fraction=0.1", "data.val_fraction")])
def test_branch_refuses_what_a_checkpoint_cannot_carry(parent, tmp_path, override, key):
    with pytest.raises(ConfigError) as err:
        create_branch(parent, tmp_path / "b", N, overrides=[override])
    assert key in str(err.value) and "a branch keeps its parent's" in str(err.value)
    assert not (tmp_path / "b").exists()


def test_branch_on_the_command_line(parent, tmp_path, capsys):
    b = tmp_path / "b"
    assert train_main(["--run-dir", str(b), "--branch-from", f"{parent}:{N}", "--set", "optimizer.lr=1e-3",
                       "--max-steps", str(N + 2), "-q"]) == 0
    err = capsys.readouterr().err
    assert f"branched from {parent} at step {N}" in err and "optimizer.lr: 0.003 → 0.001" in err
    assert read_parent(b).step == N and sorted(series(b, "train/loss")) == [N + 1, N + 2]
    # continued later like any run
    assert train_main(["--run-dir", str(b), "--resume", "--max-steps", str(N + 3), "-q"]) == 0
    assert sorted(series(b, "train/loss")) == [N + 1, N + 2, N + 3]
    # refused: a missing step (listed), an existing run, flags a branch does not take
    assert train_main(["--run-dir", str(tmp_path / "x"), "--branch-from", f"{parent}:3", "-q"]) == 2
    assert f"steps {N}, {M}" in capsys.readouterr().err and not (tmp_path / "x").exists()
    assert train_main(["--run-dir", str(b), "--branch-from", str(parent), "-q"]) == 2
    assert "choose a new folder for the branch" in capsys.readouterr().err
    assert train_main(["--run-dir", str(tmp_path / "x"), "--branch-from", str(parent), "--seed", "3", "-q"]) == 2
    assert "--seed does not apply to a branch" in capsys.readouterr().err
    assert train_main(["--run-dir", str(tmp_path / "x"), "--branch-from", str(parent), "--set",
                       "model.n_layer=3", "-q"]) == 2
    assert "model.n_layer: 2 → 3" in capsys.readouterr().err and not (tmp_path / "x").exists()


def test_branch_source_is_run_and_optional_step():
    assert parse_branch_source("runs/a:120") == (parse_branch_source("runs/a")[0], 120)
    assert parse_branch_source("runs/a") == (parse_branch_source("runs/a")[0], None)
    assert parse_branch_source(r"C:\runs\a")[1] is None
    assert str(parse_branch_source("a:b")[0]) == "a:b"


def test_branch_base_is_the_config_the_checkpoint_was_trained_with(parent, tmp_path):
    """A's config.toml edited after N (as a resume with changed settings does) does not leak into
    a branch from N: the branch starts from what step N was trained with."""
    a2 = tmp_path / "a2"
    shutil.copytree(parent, a2)
    cfg = load_config(a2 / "config.toml")
    text = (a2 / "config.toml").read_text().replace("total_steps = 400", "total_steps = 500")
    (a2 / "config.toml").write_text(text)
    branch = create_branch(a2, tmp_path / "b", N)
    assert config_to_dict(branch.config) == config_to_dict(cfg)


def test_branch_switching_the_curriculum_off_trains_the_uniform_mixture(parent, tmp_path):
    from andrea_desktop.core.training.state import preview_resume

    b = tmp_path / "b"
    create_branch(parent, b, N, overrides=["curriculum.enabled=false"])
    preview = preview_resume(b)  # what the app lists before Continue: applied, not refused
    assert preview.branch and preview.refused == () and [c.key for c in preview.applied] == ["curriculum.enabled"]
    train_run(b, None, N + 2, resume=True)
    for src in ("python-reference", "stdlib-docstrings", "stdlib-code"):
        assert series(b, f"mix/weight/{src}") == {N + 1: pytest.approx(1 / 3)}
    assert events(b, "pivot") == []


# ------------------------------------------------------------------ odd and overlong run paths
def test_branch_from_a_run_folder_named_with_a_colon_and_digits(tmp_path):
    """``--branch-from runs/exp:2`` where ``exp:2`` is the run used to look for a run ``exp``."""
    from andrea_desktop.core.training.branch import parse_branch_source

    run = tmp_path / "exp:2"
    run.mkdir()
    save_config(build_config(), run / CONFIG)
    assert parse_branch_source(str(run)) == (run, None)
    assert parse_branch_source(f"{run}:7") == (run, 7)
    other = tmp_path / "exp"  # both are runs: RUN:STEP as documented
    other.mkdir()
    save_config(build_config(), other / CONFIG)
    assert parse_branch_source(str(run)) == (other, 2)


@pytest.mark.parametrize("parent", ["/tmp/" + "x" * 300, "/tmp/" + "y/" * 5000])
def test_branch_from_a_path_too_long_is_refused_quoting_it_short(parent, tmp_path):
    from andrea_desktop.core.rundir.layout import is_run_dir
    from andrea_desktop.core.training.branch import create_branch
    from andrea_desktop.core.training.errors import RunError

    assert is_run_dir(parent) is False  # ENAMETOOLONG used to escape as an OSError
    with pytest.raises(RunError, match="holds no run") as exc:
        create_branch(parent, tmp_path / "b")
    assert len(str(exc.value)) < 400
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize("run_dir", ["x" * 300, "y/" * 3000])
def test_cli_branch_into_a_path_too_long_is_a_short_message(run_dir, tmp_path, capsys, monkeypatch):
    from andrea_desktop.cli.train import train_main

    monkeypatch.chdir(tmp_path)
    parent = tmp_path / "parent"
    parent.mkdir()
    save_config(build_config(), parent / CONFIG)
    code = train_main(["--run-dir", run_dir, "--branch-from", str(parent), "-q"])
    err = capsys.readouterr().err
    assert code in (1, 2) and "Traceback" not in err and len(err) < 600
