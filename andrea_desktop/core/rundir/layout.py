"""Every file and folder name of a run directory (docs/design.md#the-run-folder), and the questions asked of one.

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
      colour.json          the colour the user chose for it (rundir.manage) COLOUR

    RUNS_FOLDER/.deleting-NAME-N/   a run being deleted (rundir.manage)  DELETING_PREFIX
    RUNS_FOLDER/NAME.sweep.toml     a sweep's record (core.sweeps)       SWEEP_SUFFIX

No name of a run folder is followed when it is a symbolic link: a linked ``metrics.sqlite`` would
let a resume rewrite another run's history, a linked ``terrain/`` would let a job write outside
the run. Whoever opens a run folder's file asks this module first (:func:`check_no_links` for the
whole folder before a resume, a branch or an export; :func:`check_file` and
:func:`connect_sqlite` for one file; :func:`run_subdir` for a folder), and every file is written
through a temporary file of a random name created exclusively (:func:`unique_temp`,
:func:`~andrea_desktop.core.small_files.write_atomic`), never through a fixed ``NAME.tmp``.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

import platformdirs
from filelock import FileLock, Timeout

from ..errors import shown_path
from ..small_files import FILE_MODE, temp_file

__all__ = [
    "check_single_name",
    "CONFIG",
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
    "COLOUR",
    "DELETING_PREFIX",
    "SWEEP_SUFFIX",
    "CREATED_FILES",
    "RUN_FILES",
    "RUN_FOLDERS",
    "SQLITE_SIDECARS",
    "FILE_MODE",
    "UnsafePathError",
    "is_run_dir",
    "user_runs_dir",
    "run_subdir",
    "check_no_links",
    "check_file",
    "connect_sqlite",
    "unique_temp",
    "trainer_alive",
    "writable",
    "MAX_STEP",
    "STEP_FILE_SUFFIX",
    "step_name",
    "step_of",
    "checkpoint_name",
    "checkpoint_step",
]

CONFIG = "config.toml"
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
COLOUR = "colour.json"
DELETING_PREFIX = ".deleting-"
"""A run folder renamed to this prefix is being deleted (hidden from listings; a leftover of an
interrupted deletion is removed by :func:`~andrea_desktop.core.rundir.manage.sweep_deleted`)."""

SWEEP_SUFFIX = ".sweep.toml"
"""A sweep's record in the runs folder, ``NAME.sweep.toml`` beside the sweep's runs
``NAME-...`` (:mod:`andrea_desktop.core.sweeps`): its settings, from which its state is derived."""

SQLITE_SIDECARS = ("-wal", "-shm", "-journal")
"""What SQLite keeps beside a database ``NAME``: ``NAME-wal``, ``NAME-shm``, ``NAME-journal``."""

CREATED_FILES = (CONFIG, TOKENIZER, METRICS_DB, METRICS_DB + "-wal", METRICS_DB + "-shm", LOCK, WRITE_TEST)
"""What creating a run writes at its top level (removed again when the creation fails)."""

RUN_FILES = (CONFIG, TOKENIZER, *(db + s for db in (METRICS_DB, CONTROL_DB) for s in ("", *SQLITE_SIDECARS)),
             LOCK, WRITE_TEST, PARENT, TAGS, COLOUR)
"""Every file name at a run folder's top level (none of them may be a link)."""

RUN_FOLDERS = (CHECKPOINTS_DIR, PROBES_DIR, TERRAIN_DIR)
"""Every folder name at a run folder's top level (none of them may be a link)."""


MAX_STEP = 2**62
"""A step no run gets to: a per-step name spelling one as large is not the run's."""
STEP_FILE_SUFFIX = ".npz"
"""The suffix of a per-step file: ``probes/<step>.npz``, ``terrain/<step>.npz``."""


def step_name(step: int) -> str:
    """The one name of a per-step file of ``step`` (``probes/``, ``terrain/``): ``"2.npz"``."""
    return f"{int(step)}{STEP_FILE_SUFFIX}"


def step_of(name: str) -> int | None:
    """The step a per-step file's ``name`` is the name of (:func:`step_name`), or None for any
    other name: ``"00002.npz"``, ``"+2.npz"``, ``"².npz"`` or ``"2.NPZ"`` name no step, so a
    step is never listed twice (``"2.npz"`` and ``"00002.npz"`` both read as 2)."""
    return _canonical(name, "", STEP_FILE_SUFFIX, step_name)


def checkpoint_name(step: int) -> str:
    """The one name of the checkpoint folder of ``step``: ``"step-00000002"`` (8 digits at least)."""
    return f"{CHECKPOINT_PREFIX}{int(step):08d}"


def checkpoint_step(name: str) -> int | None:
    """The step a checkpoint folder's ``name`` is the name of (:func:`checkpoint_name`), or None
    for any other name (``"step-2"`` or ``"step-000000002"`` beside ``"step-00000002"``)."""
    return _canonical(name, CHECKPOINT_PREFIX, "", checkpoint_name)


def _canonical(name: str, prefix: str, suffix: str, spell) -> int | None:
    if not (isinstance(name, str) and name.startswith(prefix) and name.endswith(suffix)):
        return None
    digits = name[len(prefix):len(name) - len(suffix)]
    if not (0 < len(digits) <= 19 and digits.isascii() and digits.isdigit()):
        return None
    step = int(digits)
    return step if step < MAX_STEP and spell(step) == name else None


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
    if path.is_symlink() or not path.exists():  # a link is never opened (a lock truncates what it opens)
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


def _link_error(path: Path, what: str) -> UnsafePathError:
    return UnsafePathError(f"{shown_path(path)} is a link to {shown_path(os.path.realpath(path))}: {what} must "
                           "be inside the run folder, and the app never reads or writes through a link; "
                           "replace the link by the file or folder itself (or remove it)")


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
        raise _link_error(path, f"a run's {name}/ folder")
    if create:
        path.mkdir(exist_ok=True)
    return path


def check_file(path: str | Path) -> Path:
    """Refuse a run folder's file ``path`` that is a symbolic link (a missing file is fine: it
    will be created there; one that cannot be looked at is left to the open that follows, which
    says why). Returns ``path``.

    Raises
    ------
    UnsafePathError
        Naming the link and its target.
    """
    path = Path(path)
    try:
        st = os.lstat(path)
    except (OSError, ValueError):  # missing, or not ours to look at: the caller's open reports it
        return path
    if stat.S_ISLNK(st.st_mode):
        raise _link_error(path, f"a run's {path.name}")
    return path


def check_single_name(path: str | Path) -> Path:
    """Refuse a run folder's file ``path`` that is written in place (a database, the lock) and
    has another name too (a hard link: ``st_nlink`` above 1, as ``cp -al`` or ``ln`` make):
    writing it would change the other folder's file, which is the same file. A missing file, or
    one that cannot be looked at, is left to the open that follows. Returns ``path``.

    Raises
    ------
    UnsafePathError
        Naming the file and how many names it has.
    """
    path = Path(path)
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return path
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        raise UnsafePathError(f"{shown_path(path)} has {st.st_nlink} names (a hard link, as `cp -al` or `ln` "
                              "make): it is written in place, so writing it would change the other folder's "
                              "copy too; copy the run folder with `cp -a` instead (or replace the file by a copy "
                              "of its own)")
    return path


def check_no_links(run_dir: str | Path, writing: bool = False) -> None:
    """Refuse a run folder any of whose own files (:data:`RUN_FILES`) or folders
    (:data:`RUN_FOLDERS`) is a symbolic link; with ``writing`` (a resume: the trainer will write
    the databases and the lock in place) also one of those files with another name
    (:func:`check_single_name`). Called before a resume, a branch, an export or a terrain job
    touches the folder, so a refusal leaves it as it was.

    Raises
    ------
    UnsafePathError
        Naming the first link found.
    """
    run_dir = Path(run_dir)
    for name in RUN_FILES:
        check_file(run_dir / name)
    if writing:
        for name in (METRICS_DB, CONTROL_DB, LOCK):
            for suffix in ("",) if name == LOCK else ("", *SQLITE_SIDECARS):
                check_single_name(run_dir / (name + suffix))
    for name in RUN_FOLDERS:
        run_subdir(run_dir, name, create=False)


def connect_sqlite(path: str | Path, *, uri: str | None = None, **kwargs: Any) -> sqlite3.Connection:
    """``sqlite3.connect`` to a run folder's database ``path`` (``metrics.sqlite``,
    ``control.sqlite``) once neither it nor its ``-wal``, ``-shm`` or ``-journal`` file is a link:
    SQLite follows a linked database to its target and writes its journal beside it, so a
    linked ``metrics.sqlite`` would let a resume rewrite another run. ``uri``: open this URI
    (with ``uri=True``) instead of the path, e.g. a read-only ``file:...?mode=ro``.

    Raises
    ------
    UnsafePathError
        A link (nothing was opened); or, for a connection that may write, a database or side
        file with another name (a hard link, e.g. from ``cp -al``: SQLite writes it in place, so
        the other run that shares it would change too).
    sqlite3.Error
        As ``sqlite3.connect``.
    """
    path = Path(path)
    writes = uri is None or "mode=ro" not in uri
    for suffix in ("", *SQLITE_SIDECARS):
        check_file(path.with_name(path.name + suffix))
        if writes:
            check_single_name(path.with_name(path.name + suffix))
    if uri is not None:
        return sqlite3.connect(uri, uri=True, **kwargs)
    return sqlite3.connect(str(path), **kwargs)


def follow_umask(path: str | Path) -> None:
    """Give the file at ``path`` the user's umask's mode (:data:`FILE_MODE`)."""
    os.chmod(path, FILE_MODE)


def unique_temp(folder: Path, prefix: str, suffix: str = ".tmp") -> Path:
    """A new, empty temporary file in ``folder`` with a random name, created exclusively
    (:func:`~andrea_desktop.core.small_files.temp_file`: a planted link of a guessed name is
    never written through) with the user's umask's mode (:data:`FILE_MODE`). Rename it into
    place with :func:`os.replace`, which replaces a link at the destination, not its target."""
    return temp_file(folder, prefix, suffix)
