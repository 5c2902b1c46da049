"""Where a run comes from: a branch's ``parent.json`` (:data:`~.layout.PARENT`) names the run and
the checkpoint step it started from (``andrea-train --branch-from``,
:mod:`andrea_desktop.core.training.branch`).

The file is written once, when the branch is made, and only read afterwards; a run without it
has no parent. Its values are untrusted (a copied or edited folder): each is bounded, and a
file that is a link, too large or malformed reads as no parent (logged). Reading needs no torch.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..small_files import read_small
from .layout import PARENT, checkpoint_name, is_run_dir, unique_temp

__all__ = ["Parent", "read_parent", "write_parent", "MAX_PARENT_BYTES"]

log = logging.getLogger(__name__)

MAX_PARENT_BYTES = 1 << 16
"""Size of a ``parent.json`` at most (it holds two paths and a few numbers)."""
_MAX_PATH = 4096
_MAX_STEP = 2**62


@dataclass(frozen=True)
class Parent:
    """A branch's parent.

    Attributes
    ----------
    run
        The parent run folder, absolute, as it was when the branch was made.
    step
        The parent's checkpoint step the branch started from: the branch's history up to
        ``step`` is the parent's, its own starts at ``step + 1``.
    checkpoint
        That checkpoint's folder name (``step-NNNNNNNN``).
    relative
        The parent's folder relative to the branch's folder (found again when both moved
        together), or "".
    created
        When the branch was made (seconds since the epoch).
    """

    run: Path
    step: int
    checkpoint: str
    relative: str = ""
    created: float = 0.0

    @property
    def name(self) -> str:
        """The parent run's folder name."""
        return self.run.name

    def locate(self, run_dir: str | Path) -> Path | None:
        """The parent run folder as it is now, for the branch in ``run_dir``: the recorded path,
        else the relative one from ``run_dir``; None when neither holds a run (moved or
        deleted)."""
        candidates = [self.run]
        if self.relative:
            candidates.append(Path(run_dir) / self.relative)
        for path in candidates:
            try:
                if is_run_dir(path):
                    return Path(os.path.normpath(path))
            except OSError:
                continue
        return None

    def to_dict(self) -> dict:
        return {"run": str(self.run), "step": self.step, "checkpoint": self.checkpoint,
                "relative": self.relative, "created": self.created}


def _parse(d: object) -> Parent:
    if not isinstance(d, dict):
        raise ValueError("not a JSON object")
    run, step, ckpt = d.get("run"), d.get("step"), d.get("checkpoint")
    rel, created = d.get("relative", ""), d.get("created", 0.0)
    if not isinstance(run, str) or not run or len(run) > _MAX_PATH or "\0" in run or not os.path.isabs(run):
        raise ValueError("run is not an absolute path")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < _MAX_STEP:
        raise ValueError("step is not a step")
    if ckpt != checkpoint_name(step):
        raise ValueError("checkpoint is not the step's folder name")
    if not isinstance(rel, str) or len(rel) > _MAX_PATH or "\0" in rel or os.path.isabs(rel):
        raise ValueError("relative is not a relative path")
    if not isinstance(created, (int, float)) or isinstance(created, bool) or not 0 <= created < 1e11:
        raise ValueError("created is not a time")
    return Parent(Path(run), step, ckpt, rel, float(created))


def read_parent(run_dir: str | Path) -> Parent | None:
    """The parent of the run in ``run_dir``: None when it has none, or when its ``parent.json``
    is a link, larger than :data:`MAX_PARENT_BYTES` or malformed (logged as a warning)."""
    path = Path(run_dir) / PARENT
    try:
        raw = read_small(path, MAX_PARENT_BYTES)  # not a link, a FIFO (it would block) or a device
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("%s cannot be read: %s", path, exc)
        return None
    try:
        return _parse(json.loads(raw.decode("utf-8")))
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        log.warning("%s is damaged: %s", path, exc)
        return None


def write_parent(run_dir: str | Path, parent_run: str | Path, step: int) -> Parent:
    """Record that the run in ``run_dir`` starts from ``parent_run``'s checkpoint ``step``
    (atomically: a new temporary file renamed into place).

    Raises
    ------
    OSError
        The folder cannot be written.
    """
    run_dir = Path(run_dir)
    parent_run = Path(os.path.abspath(parent_run))
    try:
        relative = os.path.relpath(parent_run, os.path.abspath(run_dir))
    except ValueError:  # another drive (Windows)
        relative = ""
    rec = Parent(parent_run, int(step), checkpoint_name(step), relative, time.time())
    _parse(rec.to_dict())  # what is written reads back
    tmp = unique_temp(run_dir, ".parent-")
    try:
        tmp.write_text(json.dumps(rec.to_dict(), indent=1), encoding="utf-8")
        os.replace(tmp, run_dir / PARENT)
    finally:
        tmp.unlink(missing_ok=True)
    return rec
