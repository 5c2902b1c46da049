"""Every file and folder name of a run directory (DESIGN §4), and the questions asked of one.

This module is the only place in ``andrea_desktop`` where these names are written as string
literals (``tests/test_architecture.py`` checks it); every writer and reader imports them::

    RUN_DIR/
      config.toml          everything needed to rebuild the run         CONFIG
      tokenizer.json       the run's tokenizer                           TOKENIZER
      metrics.sqlite       scalars, events, samples (rundir.store)       METRICS_DB
      control.sqlite       commands from other processes (rundir.control) CONTROL_DB
      .andrea.lock         held by the process that trains the run       LOCK
      checkpoints/step-N/  model.safetensors, state.pt, state.json       CHECKPOINTS_DIR, ...
      probes/<step>.npz    attention and watch lists (rundir.probes)     PROBES_DIR
      probes/embedding.npz the newest probe's token embedding            EMBEDDING_FILE
      terrain/<step>.npz   loss terrain results (rundir.terrain)         TERRAIN_DIR
      parent.json          a branch's parent run and step (rundir.lineage) PARENT
      tags.json            the user's tags of the run (rundir.manage)    TAGS

    RUNS_FOLDER/.deleting-NAME-N/   a run being deleted (rundir.manage)  DELETING_PREFIX
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs
from filelock import FileLock, Timeout

__all__ = [
    "CONFIG",
    "CONFIG_TMP",
    "TOKENIZER",
    "METRICS_DB",
    "CONTROL_DB",
    "LOCK",
    "WRITE_TEST",
    "CHECKPOINTS_DIR",
    "CHECKPOINT_PREFIX",
    "MODEL_FILE",
    "STATE_PT",
    "STATE_JSON",
    "PROBES_DIR",
    "EMBEDDING_FILE",
    "TERRAIN_DIR",
    "PARENT",
    "TAGS",
    "DELETING_PREFIX",
    "CREATED_FILES",
    "UnsafePathError",
    "is_run_dir",
    "user_runs_dir",
    "run_subdir",
    "check_no_links",
    "unique_temp",
    "trainer_alive",
    "writable",
]

CONFIG = "config.toml"
CONFIG_TMP = "config.toml.tmp"
TOKENIZER = "tokenizer.json"
METRICS_DB = "metrics.sqlite"
CONTROL_DB = "control.sqlite"
LOCK = ".andrea.lock"
WRITE_TEST = ".andrea-write-test"
CHECKPOINTS_DIR = "checkpoints"
CHECKPOINT_PREFIX = "step-"
MODEL_FILE = "model.safetensors"
STATE_PT = "state.pt"
STATE_JSON = "state.json"
PROBES_DIR = "probes"
TERRAIN_DIR = "terrain"
EMBEDDING_FILE = "embedding.npz"
PARENT = "parent.json"
TAGS = "tags.json"
DELETING_PREFIX = ".deleting-"
"""A run folder renamed to this prefix is being deleted (hidden from listings; a leftover of an
interrupted deletion is removed by :func:`~andrea_desktop.core.rundir.manage.sweep_deleted`)."""

CREATED_FILES = (CONFIG, CONFIG_TMP, TOKENIZER, METRICS_DB, METRICS_DB + "-wal", METRICS_DB + "-shm",
                 LOCK, WRITE_TEST)
"""What creating a run writes at its top level (removed again when the creation fails)."""


def is_run_dir(path: str | Path) -> bool:
    """True if ``path`` holds a run (a ``config.toml``); False for a path that cannot be looked
    at (too long, a NUL, no permission)."""
    try:
        return (Path(path) / CONFIG).exists()
    except (OSError, ValueError):  # ENAMETOOLONG is not among the errors exists() swallows
        return False


def user_runs_dir() -> Path:
    """Where the desktop app makes new runs: the ``runs`` folder of the user data directory
    (``~/.local/share/andrea-desktop/runs`` on Linux, platformdirs)."""
    return Path(platformdirs.user_data_dir("andrea-desktop", "andrea")) / "runs"


def trainer_alive(run_dir: str | Path) -> bool:
    """True while a process holds the run's lock (``.andrea.lock``): a trainer is at work.

    The lock is an OS file lock, so a trainer that died, however it died, has released it.
    """
    path = Path(run_dir) / LOCK
    if not path.exists():
        return False
    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return True
    except OSError:  # cannot even open the lock file: treat as not ours to judge
        return False
    lock.release()
    return False


def writable(path: Path) -> bool:
    """Whether ``path`` (or, while it does not exist, its folder) and its folder can be written."""
    target = path if path.exists() else path.parent
    return os.access(target, os.W_OK) and os.access(path.parent, os.W_OK)


class UnsafePathError(OSError):
    """A run folder's own file or folder is a symbolic link (or resolves outside the run
    folder): the app never writes, renames or deletes through it."""


def run_subdir(run_dir: str | Path, name: str, create: bool = True) -> Path:
    """``run_dir/name`` (``checkpoints``, ``probes``...), made if missing and ``create``.

    Raises
    ------
    UnsafePathError
        It is a symbolic link or otherwise resolves outside ``run_dir``: whatever the app would
        write or delete there would land in somebody else's folder.
    """
    run_dir = Path(run_dir)
    path = run_dir / name
    if path.is_symlink() or (path.exists() and path.resolve().parent != run_dir.resolve()):
        raise UnsafePathError(f"{path} is a link to {os.path.realpath(path)}: a run's {name}/ folder must "
                              "be inside the run folder; remove the link (or copy the folder in)")
    if create:
        path.mkdir(exist_ok=True)
    return path


def check_no_links(run_dir: str | Path) -> None:
    """Refuse a run folder whose own files or folders (:data:`CREATED_FILES`, ``checkpoints``,
    ``probes``, ``control.sqlite``) are symbolic links.

    Raises
    ------
    UnsafePathError
        Naming the first link found.
    """
    run_dir = Path(run_dir)
    for name in (*CREATED_FILES, CONTROL_DB, CHECKPOINTS_DIR, PROBES_DIR):
        path = run_dir / name
        if path.is_symlink():
            raise UnsafePathError(f"{path} is a link to {os.path.realpath(path)}: the app only writes inside "
                                  "the run folder; replace the link by the file or folder itself")


def unique_temp(folder: Path, prefix: str, suffix: str = ".tmp") -> Path:
    """A new, empty temporary file in ``folder`` with a random name, created exclusively
    (``O_EXCL``: a planted link of a guessed name is never written through). Rename it into
    place with :func:`os.replace`, which replaces a link at the destination, not its target."""
    fd, name = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
    os.close(fd)
    return Path(name)
