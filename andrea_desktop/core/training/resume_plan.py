"""What continuing a run from its newest checkpoint would do, read before it does it: the
settings it refuses and applies (:func:`preview_resume`) and the learning rate's anchor its
schedule continues from (:func:`preview_lr_anchor`), with the anchor arithmetic the resume itself
uses (:func:`replanned_anchor`, :mod:`andrea_desktop.core.training.state`). Nothing is verified
or written here: the resume checks again."""

from __future__ import annotations

import logging
import math
from pathlib import Path

from ..config import Config, ConfigError, ScheduleConfig, load_config
from ..config.diff import ResumeChanges, resume_changes
from ..errors import quote
from ..rundir.checkpoint import list_checkpoints, read_state_json
from ..rundir.layout import CONFIG
from ..schedule import Anchor, lr_at
from .branch import branch_anchor, starts_branch

__all__ = ["CHECKED_SECTIONS", "parse_anchor", "replanned_anchor", "preview_resume", "preview_lr_anchor"]

log = logging.getLogger(__name__)


def parse_anchor(value, step: int) -> Anchor | None:
    """A stored ``lr_anchor``: None or ``[step <= the checkpoint's, lr >= 0]`` (numbers)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"lr_anchor {quote(value, 60)} is not [step, lr]")
    s0, lr0 = value
    if not isinstance(s0, int) or isinstance(s0, bool) or not 0 <= s0 <= step:
        raise ValueError(f"lr_anchor step {quote(s0, 60)} is not in [0, {step}]")
    if not isinstance(lr0, (int, float)) or isinstance(lr0, bool) or not math.isfinite(lr0) or lr0 < 0:
        raise ValueError(f"lr_anchor lr {quote(lr0, 60)} is not a learning rate")
    return s0, float(lr0)


CHECKED_SECTIONS = ("run", "model", "data", "train", "curriculum", "schedule", "optimizer")
"""Sections of a checkpoint's stored config that a resume compares (refused keys) or re-plans
the LR from: every checkpoint that stores a config has them; one without is damaged (its
missing keys are not a change of ``config.toml``)."""


def replanned_anchor(step: int, stored: dict, anchor: Anchor | None, changes: ResumeChanges,
                     config: Config) -> Anchor | None:
    """The LR anchor a resume from the checkpoint of ``step`` plans from: ``anchor`` (stored in
    it), or, when the schedule changed since, the LR that checkpoint's last update used under the
    plan it was trained with (a branch's new LR: :func:`branch_anchor`).

    Raises
    ------
    ValueError, KeyError, TypeError
        The stored config's schedule cannot give that LR.
    """
    if changes.schedule_changed and step > 0:
        old = ScheduleConfig(**stored["schedule"])
        lr0 = lr_at(step, old, float(stored["optimizer"]["lr"]), anchor)
        if not math.isfinite(lr0):
            raise ValueError(f"the learning rate at step {step} is {lr0}")
        return branch_anchor(step, (step, lr0), changes, config)
    return anchor


def preview_lr_anchor(run_dir: str | Path) -> Anchor | None:
    """The LR anchor continuing ``run_dir`` from its newest readable checkpoint would plan from
    (:func:`replanned_anchor`; a branch's start: its new LR at N), read without verifying or
    writing anything, for drawing the planned schedule before the run trains again. None: the
    plain schedule, or nothing to compare (as :func:`preview_resume`; logged)."""
    run_dir = Path(run_dir)
    try:
        ckpts = [c for c in list_checkpoints(run_dir) if c.damaged is None]
        if not ckpts:
            return None
        info = ckpts[-1]
        meta = read_state_json(info.path)
        anchor = parse_anchor(meta["trainer"].get("lr_anchor"), info.step)
        stored = meta.get("config")
        if (not isinstance(stored, dict) or not all(isinstance(v, dict) for v in stored.values())
                or not all(s in stored for s in CHECKED_SECTIONS)):
            return anchor
        config = load_config(run_dir / CONFIG)
        changes = resume_changes(stored, config, branch=starts_branch(run_dir, info.step))
        return anchor if changes.refused else replanned_anchor(info.step, stored, anchor, changes, config)
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError, ConfigError,
            OverflowError) as exc:
        log.info("cannot preview the LR plan of %s: %s", run_dir, exc)
        return None


def preview_resume(run_dir: str | Path) -> ResumeChanges | None:
    """What resuming ``run_dir`` now would refuse and apply, read from its newest readable
    checkpoint's ``state.json`` and its ``config.toml`` (nothing is verified or written: the
    resume itself checks again). None when there is nothing to compare (no checkpoint, an older
    checkpoint without its config, or files that cannot be read: the start reports those)."""
    run_dir = Path(run_dir)
    try:
        ckpts = [c for c in list_checkpoints(run_dir) if c.damaged is None]
        if not ckpts:
            return None
        meta = read_state_json(ckpts[-1].path)
        stored = meta.get("config") if isinstance(meta, dict) else None
        if (not isinstance(stored, dict) or not all(isinstance(v, dict) for v in stored.values())
                or not all(s in stored for s in CHECKED_SECTIONS)):
            return None
        return resume_changes(stored, load_config(run_dir / CONFIG), branch=starts_branch(run_dir, ckpts[-1].step))
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError, ConfigError) as exc:
        log.info("cannot preview the resume of %s: %s", run_dir, exc)
        return None
