"""Where a script's run lives (:mod:`andrea_desktop.track`): the process's rank, the run folder
made or checked before anything is written into it (and what a refused start removes again), and
:class:`DisabledRun`, the run of a rank that writes nothing. Qt-free and torch-free."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from .config import ConfigError, load_config
from .errors import quote, shown_path
from .rundir.layout import (
    CONFIG,
    CONTROL_DB,
    CREATED_FILES,
    LOCK,
    SQLITE_SIDECARS,
    is_run_dir,
    user_runs_dir,
)
from .track_input import ORIGIN, TrackError

__all__ = ["DisabledRun", "rank", "world_size", "new_folder", "refuse_existing", "remove_created", "script_name"]


def rank() -> int:
    for var in ("RANK", "LOCAL_RANK"):
        value = os.environ.get(var)
        if value is not None and value.strip():
            try:
                return int(value)
            except ValueError:
                raise TrackError(f"the environment variable {var} is {quote(value, 40)}, not a process "
                                 "rank (an integer)") from None
    return 0


def world_size() -> int:
    value = os.environ.get("WORLD_SIZE", "").strip()
    return int(value) if value.isdigit() and 0 < int(value) <= 1 << 20 else 1



class DisabledRun:
    """The run of a process that does not write (a rank other than 0): every call does nothing,
    the ``should_*`` calls answer False. ``config`` is the user's config; ``path`` is None."""

    def __init__(self, config: dict, name: str | None, rank: int) -> None:
        self.config, self.name, self.rank = config, name, rank
        self.path = None
        self.step = 0
        self.finished = False
        self.last_probe = None

    def __repr__(self) -> str:
        return f"DisabledRun(rank={self.rank})"

    def __enter__(self) -> DisabledRun:
        return self

    def __exit__(self, *exc) -> None:
        self.finish()

    def log(self, values, step=None) -> None:
        if step is not None:
            self.step = int(step)

    def event(self, kind, payload=None, step=None) -> None:
        pass

    def sample(self, prompt, text, step=None) -> None:
        pass

    def mixture(self, weights, step=None) -> None:
        pass

    def watch(self, model, tokenizer=None, probe_text=None, every=100, **kwargs) -> bool:
        return False

    def probe(self, step=None) -> bool:
        return False

    def flush(self, timeout: float = 30.0) -> None:
        pass

    def should_pause(self) -> bool:
        return False

    def wait_if_paused(self, timeout: float | None = None) -> bool:
        return False

    def should_stop(self) -> bool:
        return False

    def should_checkpoint(self) -> bool:
        return False

    def finish(self, reason: str | None = None) -> None:
        self.finished = True


def new_folder(name: str | None) -> tuple[Path, str]:
    """A new, empty folder in the app's runs folder named ``name`` (or ``script-<time>``), with
    ``-2``, ``-3``... when taken."""
    base = name or time.strftime("script-%Y%m%d-%H%M%S")
    parent = user_runs_dir()
    parent.mkdir(parents=True, exist_ok=True)
    for i in range(1, 1000):
        path = parent / (base if i == 1 else f"{base}-{i}")
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path, base
    raise TrackError(f"{shown_path(parent)} holds runs named {base} to {base}-999: choose another name")


def refuse_existing(run_dir: Path) -> None:
    """Refuse a folder that holds a run or anything but a lock file (the lock is ours now)."""
    if is_run_dir(run_dir):
        try:
            origin = load_config(run_dir / CONFIG).run.origin
        except ConfigError as exc:
            raise TrackError(f"{shown_path(run_dir)} holds a run whose {CONFIG} cannot be read ({exc}); "
                             "choose another folder") from None
        if origin == ORIGIN:
            raise TrackError(f"{shown_path(run_dir)} already holds a run of a script; choose another folder "
                             "(or leave run_dir out: a new folder is made in the app's runs folder)")
        raise TrackError(f"{shown_path(run_dir)} holds a run of ANDREA's trainer: a script cannot write "
                         "into it; choose another folder")
    if any(p.name != LOCK for p in run_dir.iterdir()):
        raise TrackError(f"{shown_path(run_dir)} is not empty and holds no run; choose an empty or new folder")


def remove_created(run_dir: Path, made: bool) -> None:
    for name in (*CREATED_FILES, *(CONTROL_DB + s for s in ("", *SQLITE_SIDECARS))):
        if name != LOCK:
            try:
                (run_dir / name).unlink()
            except OSError:
                pass
    if made:
        try:
            (run_dir / LOCK).unlink()
            run_dir.rmdir()
        except OSError:
            pass


def script_name() -> str:
    """The script's file name (``train.py``; a package's name for ``python -m package``)."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if not argv0 or argv0 in ("-c", "-"):
        return "python"
    path = Path(argv0)
    return path.parent.name if path.name == "__main__.py" and path.parent.name else path.name
