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
"""

from __future__ import annotations

import os
from pathlib import Path

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
    "CREATED_FILES",
    "is_run_dir",
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
EMBEDDING_FILE = "embedding.npz"

CREATED_FILES = (CONFIG, CONFIG_TMP, TOKENIZER, METRICS_DB, METRICS_DB + "-wal", METRICS_DB + "-shm",
                 LOCK, WRITE_TEST)
"""What creating a run writes at its top level (removed again when the creation fails)."""


def is_run_dir(path: str | Path) -> bool:
    """True if ``path`` holds a run (a ``config.toml``)."""
    return (Path(path) / CONFIG).exists()


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
