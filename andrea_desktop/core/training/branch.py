"""Branch from a checkpoint: a new run B that starts from run A's checkpoint at step N with
settings changed (learning rate, schedule, curriculum...), the seeds' v3 polish pattern
(``andrea-train --run-dir B --branch-from A[:N] [--set KEY=VALUE ...]``).

:func:`create_branch` makes B's folder, reading A only (A is never written, and needs no
write access):

* ``tokenizer.json`` and the checkpoint ``checkpoints/step-N/`` (weights, AdamW state, every
  RNG, the bandit, the mixture and the loss watch) are copied, the copy verified against the
  checksums in its ``state.json``;
* ``config.toml`` is the configuration step N was trained with (stored in the checkpoint; A's
  ``config.toml`` for checkpoints older than that) with the settings file and the overrides on
  top (:func:`~andrea_desktop.core.config.build_config`);
* ``parent.json`` records A and N (:mod:`andrea_desktop.core.rundir.lineage`; :func:`read_parent`).

B's history starts empty: its own steps are N+1 on; A's up to N stay in A. Opening B resumes
the copied checkpoint, which the resume's comparison of settings treats as a resume with
changed settings (:mod:`andrea_desktop.core.config.diff`), with two differences for the
branch's start:

* ``curriculum.*`` changes are applied: the restored bandit gets B's constraints and walk
  parameters as a pivot at step N+1 (statistics kept; the walk restarts from its weights
  projected into the new region); a curriculum switched off gives the uniform mixture, one
  switched on starts its walk;
* a changed ``optimizer.lr`` is the LR B starts from: the schedule is re-planned from the
  anchor (N, new LR) and decays from it to ``schedule.min_lr`` at ``schedule.total_steps``
  (while B's warmup still runs at N, the warmup climbs from A's LR at N to it).

Everything else a resume refuses (model, data, seed, batch size) a branch refuses too, before
anything is made. With nothing changed, B's steps after N are bit-identical to A's.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from filelock import FileLock

from ..config import (
    Config,
    ConfigError,
    build_config,
    config_from_dict,
    config_to_dict,
    load_config,
    save_config,
)
from ..config.diff import APPLIED_EXCEPTIONS, ResumeChanges, describe_changes, resume_changes
from ..errors import shown_path
from ..mixture.curriculum import WALK_PARAMS, Pivot, constraints_from_config
from ..rundir.checkpoint import (
    CheckpointError,
    CheckpointInfo,
    list_checkpoints,
    read_checkpoint,
    read_state_json,
)
from ..rundir.layout import (
    CHECKPOINTS_DIR,
    CONFIG,
    CREATED_FILES,
    LOCK,
    MODEL_FILE,
    PARENT,
    PROBES_DIR,
    STATE_JSON,
    STATE_PT,
    TOKENIZER,
    UnsafePathError,
    check_no_links,
    checkpoint_name,
    is_run_dir,
    run_subdir,
)
from ..rundir.lineage import Parent, read_parent, write_parent
from ..schedule import Anchor
from .errors import RunError
from .fingerprint import tokenizer_sha256
from .prepare import lock_run

if TYPE_CHECKING:
    from .trainer_state import TrainerState

__all__ = ["Branch", "create_branch", "discard_branch", "parse_branch_source", "branch_checkpoint", "branch_base",
           "read_parent",
           "starts_branch", "branch_anchor", "branch_pivot", "apply_branch"]

log = logging.getLogger(__name__)

_TMP = ".tmp-branch-"


@dataclass(frozen=True)
class Branch:
    """What :func:`create_branch` made: the new run's folder, its parent and its config."""

    run_dir: Path
    parent: Parent
    config: Config
    base: Config
    """The configuration the parent's checkpoint was trained with."""
    made: bool
    """Whether the folder was made (else it existed, empty)."""


def parse_branch_source(text: str) -> tuple[Path, int | None]:
    """``RUN[:STEP]`` as (run folder, step or None for the newest checkpoint). A suffix after
    the last ``:`` counts as the step only when it is digits, so ``C:\\runs\\a`` is a folder; and
    not when the whole text names a run and the part before the ``:`` does not (a run folder
    named ``a:1`` is branched from with ``a:1`` for its newest checkpoint, ``a:1:STEP`` for a step).

    Raises
    ------
    ValueError
        An empty folder or a step of more than 18 digits.
    """
    head, sep, tail = text.rpartition(":")
    if sep and tail.isascii() and tail.isdigit() and head and not (is_run_dir(text) and not is_run_dir(head)):
        if len(tail) > 18:
            raise ValueError(f"{tail[:20]}…: not a step")
        return Path(head), int(tail)
    if not text:
        raise ValueError("expected RUN[:STEP]")
    return Path(text), None


def branch_checkpoint(parent_dir: str | Path, step: int | None = None) -> CheckpointInfo:
    """The parent's readable checkpoint of ``step`` (None: its newest), without writing there.

    Raises
    ------
    RunError
        ``parent_dir`` holds no run, one of its files or folders is a link, it has no readable
        checkpoint, or none of ``step`` (the message lists the steps there are).
    """
    parent_dir = Path(parent_dir)
    if not is_run_dir(parent_dir):
        raise RunError(f"{shown_path(parent_dir)} holds no run to branch from (no {CONFIG})")
    try:
        check_no_links(parent_dir)  # a parent with a linked file: nothing is read from it
        ckpts = list_checkpoints(parent_dir, clean=False)
    except UnsafePathError as exc:
        raise RunError(str(exc)) from exc
    good = [c for c in ckpts if c.damaged is None]
    if not good:
        raise RunError(f"{shown_path(parent_dir)} has no checkpoint to branch from; train it to a checkpoint "
                       "(checkpoint.interval, Stop, or Ctrl+S in the app) first")
    if step is None:
        return good[-1]
    for c in good:
        if c.step == step:
            return c
    listed = ", ".join(str(c.step) for c in good)
    damaged = [c.step for c in ckpts if c.damaged is not None and c.step == step]
    why = "is damaged" if damaged else "does not exist"
    raise RunError(f"{shown_path(parent_dir)}: the checkpoint of step {step} {why}; its checkpoints are at steps {listed} "
                   f"(--branch-from {shown_path(parent_dir)}:STEP)")


def _base_config(parent_dir: Path, info: CheckpointInfo) -> Config:
    """The configuration the checkpoint was trained with (its stored one; the parent's
    ``config.toml`` for a checkpoint written before configs were stored)."""
    try:
        meta = read_state_json(info.path)
        stored = meta.get("config") if isinstance(meta, dict) else None
        if stored is None:
            return load_config(parent_dir / CONFIG)
        if not isinstance(stored, dict):
            raise ValueError("its config is not a table of sections")
        return config_from_dict(stored, strict=True)
    except (OSError, ValueError, TypeError, RecursionError, ConfigError) as exc:
        raise RunError(f"{info.path.name} of {shown_path(parent_dir)}: its stored configuration cannot be read ({exc})") from exc


def branch_base(parent_dir: str | Path, step: int | None = None) -> Config:
    """The configuration a branch from ``parent_dir``'s checkpoint ``step`` (None: the newest)
    starts from, before its overrides: the one that checkpoint was trained with (what
    :func:`create_branch` builds the branch's settings on; the window's Branch dialog shows it).

    Raises
    ------
    RunError
        No such checkpoint (:func:`branch_checkpoint`), or its configuration cannot be read.
    """
    return _base_config(Path(parent_dir), branch_checkpoint(parent_dir, step))


def _check_plain_files(folder: Path, names) -> None:
    for name in names:
        path = folder / name
        if path.is_symlink() or not path.is_file():
            raise RunError(f"{shown_path(path)} is {'a link' if path.is_symlink() else 'missing or not a file'}: "
                           "a branch copies only the parent's own files")


def _inside(child: Path, parent: Path) -> bool:
    c, p = child.resolve(), parent.resolve()
    return c == p or p in c.parents


def create_branch(parent_dir: str | Path, run_dir: str | Path, step: int | None = None,
                  config_file: str | Path | None = None, overrides=()) -> Branch:
    """Make the run ``run_dir`` that starts from ``parent_dir``'s checkpoint ``step`` (module
    docstring). Open it with :func:`~andrea_desktop.core.training.run_session` (``resume=True``)
    to train from step N+1.

    Parameters
    ----------
    parent_dir
        Run A; only read.
    run_dir
        The new run B: a missing or empty folder, not inside A.
    step
        A's checkpoint step (None: the newest readable one).
    config_file, overrides
        B's settings on top of those step N was trained with
        (:func:`~andrea_desktop.core.config.build_config`).

    Raises
    ------
    RunError
        A has no run or no such checkpoint (the steps there are listed), B is not empty or lies
        in A, a file to copy is a link, or the copy does not verify. Nothing is left in B.
    ConfigError
        A bad setting, or a change a branch cannot make (model, data, seed, batch size).
    OSError
        B cannot be written.
    """
    parent_dir, run_dir = Path(parent_dir), Path(run_dir)
    info = branch_checkpoint(parent_dir, step)
    if is_run_dir(run_dir):
        raise RunError(f"{shown_path(run_dir)} already holds a run; choose a new folder for the branch")
    if run_dir.exists() and (not run_dir.is_dir() or any(p.name != LOCK for p in run_dir.iterdir())):
        raise RunError(f"{shown_path(run_dir)} is not an empty folder; choose a new folder for the branch")
    if _inside(run_dir, parent_dir):
        raise RunError(f"{shown_path(run_dir)} lies inside the parent run {shown_path(parent_dir)}; a branch never writes there")
    _check_plain_files(parent_dir, [TOKENIZER])
    _check_plain_files(info.path, [MODEL_FILE, STATE_PT, STATE_JSON])
    base = _base_config(parent_dir, info)
    config = build_config(config_file=config_file, overrides=overrides, base=base)
    refused = resume_changes(config_to_dict(base), config, branch=True).refused
    if refused:
        raise ConfigError("a branch keeps its parent's model, data, seed and batch size (its checkpoint is "
                          "only meaningful with them); these settings differ:\n" + describe_changes(refused)
                          + "\nStart a new run to change them.")
    made = not run_dir.exists()
    run_dir.mkdir(parents=True, exist_ok=True)
    try:  # B's lock before anything is written: of two creators of a run in B, one is refused
        lock = lock_run(run_dir, creating=True)
    except BaseException:
        if made:
            _remove_empty_folder(run_dir)
        raise
    try:
        if is_run_dir(run_dir) or any(p.name != LOCK for p in run_dir.iterdir()):  # made meanwhile
            raise RunError(f"{shown_path(run_dir)} is not an empty folder any more (another process writes "
                           "there); choose a new folder for the branch")
    except BaseException:
        lock.release()
        raise
    try:
        try:
            return _make(parent_dir, run_dir, info, base, config, made)
        except BaseException:
            _discard(run_dir, made, lock)
            lock = None
            raise
    finally:
        if lock is not None:
            lock.release()


def _make(parent_dir: Path, run_dir: Path, info: CheckpointInfo, base: Config, config: Config,
          made: bool) -> Branch:
    shutil.copyfile(parent_dir / TOKENIZER, run_dir / TOKENIZER)
    folder = run_subdir(run_dir, CHECKPOINTS_DIR)
    tmp = folder / f"{_TMP}{os.getpid()}-{time.monotonic_ns()}"
    tmp.mkdir()
    for name in (STATE_JSON, MODEL_FILE, STATE_PT):
        shutil.copyfile(info.path / name, tmp / name)
    try:  # the copy, not the parent (which may be training meanwhile), is what is verified
        meta, _ = read_checkpoint(tmp)
    except CheckpointError as exc:
        raise RunError(f"the copy of {info.path} does not verify ({exc}); was it pruned or rewritten "
                       "meanwhile? Try again") from exc
    if meta.get("step") != info.step:
        raise RunError(f"{info.path.name} of {shown_path(parent_dir)} holds step {meta.get('step')!r}, not {info.step}")
    tok = meta.get("tokenizer_sha256")
    if tok is not None and tok != tokenizer_sha256(run_dir):
        raise RunError(f"{shown_path(parent_dir)}'s {TOKENIZER} is not the one {info.path.name} was trained with; "
                       "a branch needs both")
    tmp.rename(folder / checkpoint_name(info.step))
    parent = write_parent(run_dir, parent_dir, info.step)
    save_config(config, run_dir / CONFIG)  # last: a folder with config.toml is a run
    log.info("branched %s from %s at step %d", run_dir, parent_dir, info.step)
    return Branch(run_dir, parent, config, base, made)


def _remove_files(run_dir: Path, names) -> None:
    """Remove the files ``names`` of ``run_dir`` that are there (a failure leaves a file behind)."""
    for name in names:
        try:
            (run_dir / name).unlink()
        except OSError:
            pass


def _remove_empty_folder(run_dir: Path) -> None:
    try:
        run_dir.rmdir()
    except OSError:
        pass


def _discard(run_dir: Path, made: bool, lock: FileLock) -> None:
    """Undo a branch creation that failed (the files it writes; the folder if it made it),
    under the run's lock ``lock`` (held; released here, after the lock file is removed)."""
    try:
        _remove_files(run_dir, (CONFIG, PARENT, TOKENIZER))
        ck = run_dir / CHECKPOINTS_DIR
        if ck.is_dir() and not ck.is_symlink():
            shutil.rmtree(ck, ignore_errors=True)
        for leftover in run_dir.glob(".parent-*"):
            leftover.unlink(missing_ok=True)
        _remove_files(run_dir, (LOCK,))
    finally:
        lock.release()
    if made:
        _remove_empty_folder(run_dir)


def discard_branch(run_dir: str | Path, made: bool = True) -> None:
    """Remove a branch made by :func:`create_branch` whose first start failed (before any
    training), with what opening it wrote (its store); the parent is never touched. Only under
    the branch's lock: when another process holds it now (it trains the run), nothing is removed."""
    run_dir = Path(run_dir)
    try:
        lock = lock_run(run_dir)
    except RunError as exc:
        log.warning("the failed branch %s is not removed: %s", run_dir, exc)
        return
    try:
        _remove_files(run_dir, [n for n in CREATED_FILES if n != LOCK])
        probes = run_dir / PROBES_DIR
        if probes.is_dir() and not probes.is_symlink():
            shutil.rmtree(probes, ignore_errors=True)
    except BaseException:
        lock.release()
        raise
    _discard(run_dir, made, lock)


# ------------------------------------------------------------------ the branch's start (state.restore)
def starts_branch(run_dir: str | Path, step: int) -> bool:
    """Whether restoring the checkpoint of ``step`` in ``run_dir`` starts a branch (the run has
    a parent recorded at that step)."""
    parent = read_parent(run_dir)
    return parent is not None and parent.step == step


def branch_anchor(step: int, anchor: Anchor | None, changes: ResumeChanges, config: Config) -> Anchor | None:
    """The LR anchor of a branch's start: a changed ``optimizer.lr`` is the LR it starts from
    once the warmup has ended at ``step`` (module docstring); else the resume's ``anchor``."""
    if (any(c.key == "optimizer.lr" for c in changes.applied) and step > 0
            and step >= config.schedule.warmup_steps):
        return step, float(config.optimizer.lr)
    return anchor


def _curriculum_changed(changes: ResumeChanges) -> bool:
    return any(c.key.startswith("curriculum.") and c.key not in APPLIED_EXCEPTIONS for c in changes.applied)


def branch_pivot(t: TrainerState, changes: ResumeChanges) -> Pivot | None:
    """The pivot that gives the restored bandit a branch's new curriculum settings, built and
    checked before anything is restored; None when there is nothing to pivot (no branch, no
    curriculum change, or no curriculum in the branch).

    Raises
    ------
    ConstraintError
        The new constraints are infeasible (the run's preparation checks them first).
    """
    if not changes.branch or not _curriculum_changed(changes) or t.curriculum is None:
        return None
    cfg = t.config.curriculum
    pivot = Pivot(constraints_from_config(t.source_names, cfg), keep_stats=True,
                  params={k: getattr(cfg, k) for k in WALK_PARAMS})
    pivot.validate(t.source_names, None)
    return pivot


def apply_branch(t: TrainerState, changes: ResumeChanges, pivot: Pivot | None, restored_curriculum: bool) -> None:
    """After a branch's start was restored: queue ``pivot`` for step N+1 on a restored bandit;
    a curriculum switched off trains the uniform mixture (one switched on starts its walk by
    itself)."""
    if not changes.branch or not _curriculum_changed(changes):
        return
    if t.curriculum is None:
        n = len(t.source_names)
        t.weights = np.full(n, 1.0 / n)
    elif pivot is not None and restored_curriculum:
        t.curriculum.request_pivot(pivot)
