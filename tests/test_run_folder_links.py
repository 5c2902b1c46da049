"""A symbolic link at any name the run-folder layout knows is never followed (docs/design.md#the-run-folder):
resume, branch, export, terrain and the runs API leave everything outside the run folder as it
was, and the first four refuse with a message naming the link before they change anything in it.

Every name of :data:`~andrea_desktop.core.rundir.layout.RUN_FILES` and
:data:`~andrea_desktop.core.rundir.layout.RUN_FOLDERS` gets a link to a file (or folder) outside
and one to another run's file of that name; the temporary names of the writers get links too
(``tests/test_temp_files_exclusive.py`` has the writers' own cases)."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import tiny_config, train_run

from andrea_desktop import runs
from andrea_desktop.cli import terrain as terrain_cli
from andrea_desktop.core.hf.export import export_hf
from andrea_desktop.core.rundir import layout
from andrea_desktop.core.rundir.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
)
from andrea_desktop.core.rundir.layout import (
    CHECKPOINTS_DIR,
    COLOUR,
    CONFIG,
    CONTROL_DB,
    LOCK,
    METRICS_DB,
    PARENT,
    PROBES_DIR,
    TAGS,
    TERRAIN_DIR,
    TOKENIZER,
    WRITE_TEST,
    UnsafePathError,
)
from andrea_desktop.core.training import RunError
from andrea_desktop.core.training.branch import create_branch

STEPS = 4
FOLDERS = (CHECKPOINTS_DIR, PROBES_DIR, TERRAIN_DIR)
NAMES = [CONFIG, TOKENIZER, *(db + s for db in (METRICS_DB, CONTROL_DB) for s in ("", "-wal", "-shm", "-journal")),
         LOCK, WRITE_TEST, PARENT, TAGS, COLOUR, *FOLDERS]
"""Every top-level name of a run folder (the layout's own list is checked against it below)."""


def _tree_digest(root: Path) -> dict[str, str]:
    """Every entry under ``root`` (links not followed): a link by its target, a file by its bytes."""
    out = {}
    if not root.exists():
        return out
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = str(p.relative_to(root))
            if p.is_symlink():
                out[rel] = "link:" + os.readlink(p)
            elif p.is_file():
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
            else:
                out[rel] = "dir"
    return out


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A run trained a few steps (its checkpoint at the stop) and another run beside it."""
    root = tmp_path_factory.mktemp("trained")
    cfg = tiny_config(checkpoint={"interval": STEPS}, probe={"interval": 2})
    train_run(root / "run", config=cfg, max_steps=STEPS)
    train_run(root / "victim", config=cfg, max_steps=STEPS + 2)
    return root


@pytest.fixture
def place(trained, tmp_path):
    """``runs/run`` (a copy of the trained run), ``other/victim`` (another run, in another folder:
    listing ``runs/`` reads only ``run``) and ``outside/``."""
    runs_dir = tmp_path / "runs"
    runs_dir.mkdir()
    shutil.copytree(trained / "run", runs_dir / "run", symlinks=True)
    shutil.copytree(trained / "victim", tmp_path / "other" / "victim", symlinks=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    return runs_dir / "run", tmp_path / "other" / "victim", outside


def _plant(run: Path, victim: Path, outside: Path, name: str, target: str) -> None:
    """Replace ``run/name`` by a link to an outside file (folder) or to ``victim``'s ``name``."""
    folder = name in FOLDERS
    if target == "outside":
        dest = outside / name
        if folder:
            dest.mkdir()
            (dest / "precious.txt").write_text("not the run's")
        else:
            dest.write_bytes(b"precious bytes, not the run's " + name.encode())
    else:
        dest = victim / name
        if not dest.exists():  # the victim has no file of this name yet: give it one
            if folder:
                dest.mkdir()
                (dest / "precious.txt").write_text("the victim's")
            else:
                dest.write_bytes(b"the victim's " + name.encode())
    path = run / name
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    path.symlink_to(dest, target_is_directory=folder)


def _resume(run: Path, tmp: Path, capsys) -> None:
    with pytest.raises(UnsafePathError, match="link"):
        train_run(run, max_steps=STEPS + 2)


def _branch(run: Path, tmp: Path, capsys) -> None:
    with pytest.raises(RunError, match="link"):
        create_branch(run, tmp / "branch")
    assert not (tmp / "branch").exists()


def _export(run: Path, tmp: Path, capsys) -> None:
    with pytest.raises(ExportError, match="link"):
        export_metrics_csv(run, tmp / "metrics.csv")
    with pytest.raises(ExportError, match="link"):
        export_checkpoint_weights(run, tmp / "weights.safetensors")
    with pytest.raises(ExportError, match="link"):
        export_hf(run, tmp / "hf")
    assert not (tmp / "metrics.csv").exists() and not (tmp / "weights.safetensors").exists()
    assert not (tmp / "hf").exists()


def _terrain(run: Path, tmp: Path, capsys) -> None:
    code = terrain_cli.main([str(run), "--grid", "3", "--threads", "1"])
    err = capsys.readouterr().err
    assert code != 0 and "link" in err and "Traceback" not in err, err


OPERATIONS = {"resume": _resume, "branch": _branch, "export": _export, "terrain": _terrain}


def test_the_layout_names_every_file_a_run_holds(trained):
    """The parametrisation below covers the run: the layout's names are these, and every
    top-level entry of a trained run is one of them (a new file cannot escape the link check
    unnoticed)."""
    assert sorted(layout.RUN_FILES + layout.RUN_FOLDERS) == sorted(NAMES)
    for run in (trained / "run", trained / "victim"):
        assert {p.name for p in run.iterdir()} <= set(NAMES), sorted(p.name for p in run.iterdir())


@pytest.mark.parametrize("target", ["outside", "other-run"])
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("operation", list(OPERATIONS))
def test_a_link_at_any_run_name_is_refused_before_anything_changes(place, tmp_path, capsys, operation, name,
                                                                      target):
    run, victim, outside = place
    _plant(run, victim, outside, name, target)
    before_out, before_victim, before_run = _tree_digest(outside), _tree_digest(victim), _tree_digest(run)
    OPERATIONS[operation](run, tmp_path, capsys)
    assert _tree_digest(outside) == before_out
    assert _tree_digest(victim) == before_victim
    assert _tree_digest(run) == before_run  # refused before anything was written, removed or renamed


@pytest.mark.parametrize("target", ["outside", "other-run"])
@pytest.mark.parametrize("name", NAMES)
def test_the_runs_api_reads_through_no_link(place, target, name):
    """The runs API (notebooks) reads; through a link it would read another run's rows as this
    run's, and SQLite's reader writes the ``-shm`` file beside the database it opens."""
    run, victim, outside = place
    _plant(run, victim, outside, name, target)
    before_out, before_victim = _tree_digest(outside), _tree_digest(victim)
    r = runs.open_run(run)
    for read in (lambda: r.config, lambda: r.scalars(), lambda: r.events(), lambda: r.last_step(),
                 lambda: r.checkpoints(), lambda: r.parent):
        try:
            read()
        except runs.RunsError as exc:
            assert "link" in str(exc) or "not followed" in str(exc), exc
    table = runs.list_runs(run.parent, as_pandas=False)
    assert [Path(p).name for p in table["path"]] == ["run"]
    assert _tree_digest(outside) == before_out
    assert _tree_digest(victim) == before_victim
    if name.startswith(METRICS_DB):
        with pytest.raises(runs.RunsError, match="link"):
            r.scalars()


def _rows(db: Path) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT step, name, value FROM scalars ORDER BY rowid").fetchall()
    finally:
        con.close()


def test_resuming_a_run_whose_history_links_to_another_run_leaves_that_run_as_it_was(place):
    """The issue's case: ``metrics.sqlite`` links to another run's database; the resume rewrote
    it (steps past the checkpoint deleted, new rows appended)."""
    run, victim, _ = place
    rows = _rows(victim / METRICS_DB)
    assert max(r[0] for r in rows) == STEPS + 2
    (run / METRICS_DB).unlink()
    (run / METRICS_DB).symlink_to(victim / METRICS_DB)
    with pytest.raises(UnsafePathError, match=METRICS_DB):
        train_run(run, max_steps=STEPS + 1)
    assert _rows(victim / METRICS_DB) == rows


def test_a_linked_control_database_is_never_opened(place):
    """Second of the kind: ``control.sqlite`` links to another run's; the trainer's command
    poller and ``send_command`` would write there."""
    from andrea_desktop.core.rundir.control import ControlError, send_command
    from andrea_desktop.core.training.prepare import lock_run

    run, victim, _ = place
    before = _tree_digest(victim)
    (run / CONTROL_DB).unlink(missing_ok=True)
    (run / CONTROL_DB).symlink_to(victim / CONTROL_DB)
    with pytest.raises(UnsafePathError, match=CONTROL_DB):
        train_run(run, max_steps=STEPS + 1)
    lock = lock_run(run)  # a trainer holds the run: only the link stops the command
    try:
        with pytest.raises(ControlError, match="link"):
            send_command(run, "pause")
    finally:
        lock.release()
    assert _tree_digest(victim) == before


def test_a_linked_lock_file_is_never_opened(place):
    """Third: ``.andrea.lock`` links to a file outside; opening it as a lock (a trainer, or the
    runs dock asking whether one is at work) must not truncate or create it."""
    run, _, outside = place
    target = outside / "notes.txt"
    target.write_text("precious")
    (run / LOCK).unlink(missing_ok=True)
    (run / LOCK).symlink_to(target)
    assert layout.trainer_alive(run) is False
    with pytest.raises(UnsafePathError, match=LOCK):
        train_run(run, max_steps=STEPS + 1)
    assert target.read_text() == "precious"


def test_a_refused_resume_from_the_command_line_says_so_plainly(place):
    """``andrea-train --resume`` on a run with a linked ``metrics.sqlite``: a one-line error
    naming the link (exit 2), no traceback, the other run unchanged."""
    from conftest import andrea_train

    run, victim, _ = place
    before = _tree_digest(victim)
    (run / METRICS_DB).unlink()
    (run / METRICS_DB).symlink_to(victim / METRICS_DB)
    proc = andrea_train("--run-dir", run, "--resume", "--max-steps", STEPS + 1, "--set", "optimizer.lr=0.001")
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "is a link to" in proc.stderr, proc.stderr
    assert _tree_digest(victim) == before
    assert (run / METRICS_DB).is_symlink()


def test_a_terrain_result_that_is_a_link_is_not_the_runs(place):
    """What the Terrain panel reads: ``terrain/100.npz`` linking to another run's result is
    neither listed nor read, and a linked ``terrain/`` lists nothing (the panel would show
    another run's terrain as this one's)."""
    from conftest import make_terrain_result

    from andrea_desktop.core.rundir.terrain import (
        TerrainFileError,
        list_steps,
        read_all,
        read_result,
        write_result,
    )

    run, victim, _ = place
    theirs = write_result(victim, make_terrain_result(step=100))
    shutil.rmtree(run / TERRAIN_DIR, ignore_errors=True)
    (run / TERRAIN_DIR).mkdir()
    (run / TERRAIN_DIR / "100.npz").symlink_to(theirs)
    assert list_steps(run) == []
    with pytest.raises(TerrainFileError, match="link"):
        read_result(run / TERRAIN_DIR / "100.npz")
    shutil.rmtree(run / TERRAIN_DIR)
    (run / TERRAIN_DIR).symlink_to(victim / TERRAIN_DIR, target_is_directory=True)
    assert list_steps(run) == [] and read_all(run) == ([], [])


@pytest.mark.parametrize("name", [METRICS_DB, CONTROL_DB])
def test_a_database_with_another_name_is_refused_before_a_resume_writes(place, name):
    """A hard link (``ln``, ``cp -al``) is the same file under two names: SQLite writes it in
    place, so resuming ``run`` rewrote ``victim``'s history (steps past the checkpoint deleted).
    Refused before anything is written, and the other run's file unchanged."""
    run, victim, _ = place
    if not (victim / name).exists():  # the victim never got a command: give it a database
        sqlite3.connect(victim / name).close()
    before = _tree_digest(victim)
    run_before = _tree_digest(run)
    (run / name).unlink(missing_ok=True)
    os.link(victim / name, run / name)
    with pytest.raises(UnsafePathError, match="hard link"):
        train_run(run, max_steps=STEPS + 1)
    assert _tree_digest(victim) == before
    assert {k: v for k, v in _tree_digest(run).items() if name not in k} == \
        {k: v for k, v in run_before.items() if name not in k}


def test_a_lock_file_with_another_name_is_refused(place):
    run, _, outside = place
    target = outside / "notes.txt"
    target.write_text("precious")
    (run / LOCK).unlink(missing_ok=True)
    os.link(target, run / LOCK)
    with pytest.raises(UnsafePathError, match="hard link"):
        train_run(run, max_steps=STEPS + 1)
    assert target.read_text() == "precious"


def test_reading_a_run_with_a_hard_linked_history_still_works(place):
    """Reading writes nothing: a hard-linked copy of a run (``cp -al``) opens read-only."""
    run, victim, _ = place
    (run / METRICS_DB).unlink()
    os.link(victim / METRICS_DB, run / METRICS_DB)
    assert len(runs.open_run(run).scalars("train/loss")) == STEPS + 2


def test_a_new_run_whose_lock_is_a_link_is_refused_as_bad_data(tmp_path):
    """A new run's folder holding a linked ``.andrea.lock``: exit 2 (bad data, as ``--branch-from``
    into the same folder) with the link named, not exit 1 and an empty ``error: :`` prefix."""
    from conftest import andrea_train

    (tmp_path / "outside.txt").write_text("precious")
    run = tmp_path / "new"
    run.mkdir()
    (run / LOCK).symlink_to(tmp_path / "outside.txt")
    proc = andrea_train("--run-dir", run, "--preset", "andrea-tiny", "--max-steps", 1, "-q")
    assert proc.returncode == 2, proc.stderr
    assert "error: :" not in proc.stderr and ".andrea.lock is a link" in proc.stderr, proc.stderr
    assert (tmp_path / "outside.txt").read_text() == "precious"
