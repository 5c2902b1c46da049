"""Where a sweep stands, derived from the runs folder alone: its record (``<name>.sweep.toml``)
and each run's own folder. Nothing else is kept, so a sweep killed anywhere — between runs,
mid-run, mid-creation — continues from what is on disk, and no run is trained twice.

A run's state (:class:`SweepRunStatus`):

- ``pending``: no folder yet (or an empty one): it is made from its configuration;
- ``leftover``: a folder holding only what creating a run writes, no ``config.toml``, and no
  trainer: a creation killed half-way. Its files are removed under the run's lock
  (:func:`clear_leftover`), then it is made afresh;
- ``partial``: a run of this sweep that has not trained its steps: it is resumed from its newest
  checkpoint through the trainer's own resume (the steps after it are deleted and trained again,
  so no step is logged twice); without a checkpoint it restarts from step 0, its history
  replaced, as ``andrea-train --resume`` does;
- ``done``: its last ``stop`` event says it trained the steps it was asked (written after the
  final checkpoint) and it reached them; it is never trained again;
- ``diverged``: an anomaly (a non-finite loss) stopped it: a result of the sweep, not trained
  again;
- ``running``: a trainer (this process, another ``andrea-sweep``, the window) holds its lock;
- ``foreign``: the folder holds something else: a run with other settings than this sweep's, a
  folder that is not a run, or a link. A sweep with a foreign run is refused before it trains.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..config import ConfigError, config_to_dict, load_config
from ..errors import shown_path
from ..metrics import EventKind, ValueEnum
from ..rundir.layout import (
    CONFIG,
    CREATED_FILES,
    METRICS_DB,
    SWEEP_SUFFIX,
    UnsafePathError,
    check_file,
    trainer_alive,
)
from ..rundir.reader import RunReader
from ..rundir.store import StoreError
from ..small_files import write_atomic
from ..viewmodels.runs_table import RunStatus, read_summary
from .spec import Sweep, SweepError, SweepRun, load_sweep, record_path, sweep_text

__all__ = ["SweepRunStatus", "SweepRunInfo", "sweep_state", "clear_leftover", "save_record", "open_record",
           "find_sweeps", "SETTLED", "MAX_LISTED_SWEEPS"]

MAX_LISTED_SWEEPS = 200
"""Sweep records a runs folder is searched for at most (:func:`find_sweeps`)."""

_FILLED_IN = {("model", "vocab_size"), ("data", "fingerprint"), ("run", "origin")}
"""What creating a run writes into its configuration (the tokenizer's size, the data's
fingerprint, who trains it): left out when a folder's settings are compared with its run's."""


class SweepRunStatus(ValueEnum):
    """A sweep run's state on disk (module docstring)."""

    PENDING = "pending"
    LEFTOVER = "leftover"
    PARTIAL = "partial"
    DONE = "done"
    DIVERGED = "diverged"
    RUNNING = "running"
    FOREIGN = "foreign"


SETTLED = (SweepRunStatus.DONE, SweepRunStatus.DIVERGED)
"""States a sweep never trains again."""


@dataclass(frozen=True)
class SweepRunInfo:
    """One run of a sweep and where it stands.

    Attributes
    ----------
    run
        The run (:class:`~.spec.SweepRun`).
    path
        Its folder.
    status
        :class:`SweepRunStatus`.
    steps
        Steps it has trained (the highest step with a ``train/loss`` row; 0 for none).
    why
        For ``foreign``: what the folder holds instead (English).
    """

    run: SweepRun
    path: Path
    status: SweepRunStatus
    steps: int = 0
    why: str = ""


def _settings(cfg_dict: dict) -> dict:
    return {(s, k): v for s, fields in cfg_dict.items() for k, v in fields.items() if (s, k) not in _FILLED_IN}


def _differences(run: SweepRun, path: Path) -> list[str]:
    """The settings of the run in ``path`` that differ from ``run``'s (dotted keys)."""
    have = _settings(config_to_dict(load_config(check_file(path / CONFIG))))
    want = _settings(config_to_dict(run.config))
    if want[("data", "sources")]:  # the run records its sources' paths made absolute
        want[("data", "sources")] = [{**s, "paths": [str(Path(p).expanduser().resolve()) for p in s["paths"]]}
                                     for s in want[("data", "sources")]]
    return [f"{s}.{k}" for (s, k) in sorted(set(have) | set(want)) if have.get((s, k)) != want.get((s, k))]


def _is_leftover(path: Path) -> bool:
    """Whether ``path`` holds only files that creating a run writes (no link, no folder)."""
    try:
        entries = list(os.scandir(path))
    except OSError:
        return False
    return all(e.name in CREATED_FILES and stat.S_ISREG(e.stat(follow_symlinks=False).st_mode) for e in entries)


def run_state(run: SweepRun, path: Path) -> SweepRunInfo:
    """Where ``run`` (in folder ``path``) stands (module docstring); never raises."""
    try:
        if path.is_symlink():
            return SweepRunInfo(run, path, SweepRunStatus.FOREIGN, why="the folder is a link")
        if not path.exists():
            return SweepRunInfo(run, path, SweepRunStatus.PENDING)
        if not path.is_dir():
            return SweepRunInfo(run, path, SweepRunStatus.FOREIGN, why="a file, not a folder")
        alive = trainer_alive(path)
        if not (path / CONFIG).exists() and not (path / CONFIG).is_symlink():
            if alive:
                return SweepRunInfo(run, path, SweepRunStatus.RUNNING)
            if not any(path.iterdir()):
                return SweepRunInfo(run, path, SweepRunStatus.PENDING)
            if _is_leftover(path):
                return SweepRunInfo(run, path, SweepRunStatus.LEFTOVER)
            return SweepRunInfo(run, path, SweepRunStatus.FOREIGN, why=f"a folder that holds no run (no {CONFIG})")
        differ = _differences(run, path)
    except (OSError, ConfigError) as exc:
        return SweepRunInfo(run, path, SweepRunStatus.FOREIGN, why=str(exc)[:300])
    if differ:
        return SweepRunInfo(run, path, SweepRunStatus.FOREIGN,
                             why="a run with other settings: " + ", ".join(differ[:6]) + (" …" if len(differ) > 6 else ""))
    summary = read_summary(path, alive)
    if summary.status is RunStatus.UNREADABLE:
        return SweepRunInfo(run, path, SweepRunStatus.FOREIGN, why=summary.error)
    if alive:
        return SweepRunInfo(run, path, SweepRunStatus.RUNNING, summary.steps)
    if summary.status is RunStatus.FINISHED and summary.steps >= run.steps:
        return SweepRunInfo(run, path, SweepRunStatus.DONE, summary.steps)
    if _stopped_by_anomaly(path):
        return SweepRunInfo(run, path, SweepRunStatus.DIVERGED, summary.steps)
    return SweepRunInfo(run, path, SweepRunStatus.PARTIAL, summary.steps)


def _stopped_by_anomaly(path: Path) -> bool:
    """Whether the run's last ``stop`` event has the reason ``anomaly``."""
    try:
        reader = RunReader(path / METRICS_DB)
    except (StoreError, OSError):  # EmptyStoreError too: no step yet
        return False
    try:
        stops = reader.events(EventKind.STOP.value)
    except sqlite3.Error:  # a damaged store: not known to have diverged
        return False
    finally:
        reader.close()
    return bool(stops) and isinstance(stops[-1][2], dict) and stops[-1][2].get("reason") == "anomaly"


def sweep_state(sweep: Sweep, runs_dir: str | Path) -> list[SweepRunInfo]:
    """Every run of ``sweep`` in ``runs_dir`` with where it stands, in the sweep's order."""
    runs_dir = Path(runs_dir)
    return [run_state(run, runs_dir / run.name) for run in sweep.runs()]


def clear_leftover(path: str | Path) -> None:
    """Remove what a killed creation left in ``path`` (only the names creating a run writes, no
    link, no folder; :func:`_is_leftover`), under the run's lock, and the folder when empty.

    Raises
    ------
    SweepError
        The folder holds anything else, or another process holds its lock.
    """
    from ..training.errors import RunError
    from ..training.prepare import lock_run, remove_new_run  # the one undo of a run's creation

    path = Path(path)
    if (path / CONFIG).exists() or not _is_leftover(path):
        raise SweepError(f"{shown_path(path)}: holds more than a run's interrupted creation; not removed")
    try:
        lock = lock_run(path, creating=True)
    except (RunError, UnsafePathError) as exc:
        raise SweepError(str(exc)) from None
    if (path / CONFIG).exists() or not _is_leftover(path):  # again, under the lock
        lock.release()
        raise SweepError(f"{shown_path(path)}: holds more than a run's interrupted creation; not removed")
    remove_new_run(path, remove_folder=True, lock=lock)


def save_record(sweep: Sweep, runs_dir: str | Path) -> Path:
    """Write the sweep's record in ``runs_dir`` (atomically; a link there is replaced, never
    written through), or check the one there: a record of the same name must rebuild the same
    runs. Returns its path.

    Raises
    ------
    SweepError
        A record of this name holds another sweep, or cannot be read.
    OSError
        ``runs_dir`` cannot be written.
    """
    path = record_path(runs_dir, sweep.name)
    if path.exists() or path.is_symlink():
        other = open_record(path)
        if [(r.name, r.config, r.steps) for r in other.runs()] != [(r.name, r.config, r.steps) for r in sweep.runs()]:
            raise SweepError(f"{shown_path(path)}: a sweep named {sweep.name!r} with other settings is in this runs "
                             "folder; give this one another name (or remove that record)")
        return path
    Path(runs_dir).mkdir(parents=True, exist_ok=True)
    write_atomic(path, sweep_text(sweep))
    return path


def open_record(path: str | Path) -> Sweep:
    """The sweep of a record in a runs folder (never through a link; its name must be the file's).

    Raises
    ------
    SweepError
        Unreadable, refused, or named otherwise than its file.
    """
    path = Path(path)
    sweep = load_sweep(path, links=False)
    if record_path(path.parent, sweep.name).name != path.name:
        raise SweepError(f"{shown_path(path)}: its name is {sweep.name!r}, not the file's")
    return sweep


def find_sweeps(runs_dir: str | Path) -> list[Path]:
    """The sweep records in ``runs_dir`` (at most :data:`MAX_LISTED_SWEEPS`, by name; links left
    out)."""
    out: list[Path] = []
    try:
        entries: Iterable[os.DirEntry] = os.scandir(runs_dir)
        for e in entries:
            if e.name.endswith(SWEEP_SUFFIX) and e.is_file(follow_symlinks=False) and not e.name.startswith("."):
                out.append(Path(e.path))
            if len(out) >= MAX_LISTED_SWEEPS:
                break
    except OSError:
        return []
    return sorted(out)

