"""Learning-rate schedule: linear warmup, then cosine decay to a floor.

A pure function of the step, so the whole planned curve can be drawn before training.

A run resumed with other schedule settings (``schedule.*`` or ``optimizer.lr``) is *re-planned*
from an anchor ``(step, lr)``: the step of the checkpoint and the LR its last update used.
After the anchor the LR goes on from there: a linear warmup still running climbs from it to the
peak at ``warmup_steps`` (then the usual cosine); otherwise a cosine decays from it to
``min_lr`` at the new ``total_steps``. So the LR never jumps at the resume, and it still ends at
``min_lr`` when the run ends (:func:`andrea_desktop.core.training.state.restore` sets the anchor).

Sources: linear warmup (Goyal et al., 2017, "Accurate, Large Minibatch SGD"; the seeds' v2
fix for v1's collapse into "region region region"), cosine decay (Loshchilov & Hutter, 2017,
"SGDR"), as nanoGPT's ``get_lr``.
"""

from __future__ import annotations

import math

import numpy as np

from .config import ScheduleConfig

__all__ = ["Anchor", "lr_at", "planned_curve"]


Anchor = tuple[int, float]
"""``(step, lr)``: where a re-planned schedule continues from (module docstring)."""


def lr_at(step: int, cfg: ScheduleConfig, peak_lr: float, anchor: Anchor | None = None) -> float:
    """Learning rate used by optimiser update ``step`` (counted from 1; step 0 gives 0).

    ``lr = peak * step / warmup`` for ``step <= warmup``; afterwards
    ``lr = min_lr + (peak - min_lr) * (1 + cos(pi * p)) / 2`` with
    ``p = (step - warmup) / (total - warmup)``, clamped to [0, 1] (min_lr after the end).

    With an ``anchor`` ``(s0, lr0)`` and ``step > s0``: while ``s0 < warmup``,
    ``lr = lr0 + (peak - lr0) * (step - s0) / (warmup - s0)`` up to the warmup's end, then the
    cosine above; when ``s0 >= warmup``, ``lr = min_lr + (lr0 - min_lr) * (1 + cos(pi * p)) / 2``
    with ``p = (step - s0) / (total - s0)`` clamped to [0, 1]. Steps up to ``s0`` ignore it.

    Parameters
    ----------
    step
        Global step (>= 0).
    cfg
        Warmup length, total length and minimum LR.
    peak_lr
        Peak learning rate (``optimizer.lr``).
    anchor
        ``(step, lr)`` of a re-planned schedule, or None.
    """
    w, total = cfg.warmup_steps, cfg.total_steps
    if anchor is not None and step > anchor[0]:
        s0, lr0 = anchor
        if s0 < w:
            if step < w:
                return lr0 + (peak_lr - lr0) * (step - s0) / (w - s0)
        else:
            if total <= s0:
                return cfg.min_lr
            p = min(1.0, (step - s0) / (total - s0))
            return cfg.min_lr + 0.5 * (lr0 - cfg.min_lr) * (1.0 + math.cos(math.pi * p))
    if step < w:
        return peak_lr * step / w
    if total == w:
        return peak_lr
    p = min(1.0, max(0.0, (step - w) / (total - w)))
    return cfg.min_lr + 0.5 * (peak_lr - cfg.min_lr) * (1.0 + math.cos(math.pi * p))


def planned_curve(cfg: ScheduleConfig, peak_lr: float,
                  anchor: Anchor | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The whole planned schedule, steps 0 .. total_steps (with an ``anchor``: from its step on,
    what the re-planned run will use; the steps before it were trained on an older plan).

    Returns
    -------
    steps
        (total_steps + 1,) int64 (from the anchor's step: ``total_steps - s0 + 1``, at least one).
    lrs
        Float64, equal to :func:`lr_at` at every step.
    """
    if anchor is not None:
        s0, lr0 = int(anchor[0]), float(anchor[1])
        w, total = cfg.warmup_steps, cfg.total_steps
        steps = np.arange(s0, max(total, s0) + 1, dtype=np.int64)
        lrs = np.empty(steps.shape, dtype=np.float64)
        if s0 < w:  # the warmup goes on from lr0, then the usual plan
            warm = steps < w
            lrs[warm] = lr0 + (peak_lr - lr0) * (steps[warm] - s0) / (w - s0)
            lrs[~warm] = planned_curve(cfg, peak_lr)[1][steps[~warm]]
        elif total > s0:
            p = np.clip((steps - s0) / (total - s0), 0.0, 1.0)
            lrs[:] = cfg.min_lr + 0.5 * (lr0 - cfg.min_lr) * (1.0 + np.cos(np.pi * p))
        else:
            lrs[:] = cfg.min_lr
        lrs[0] = lr0
        return steps, lrs
    steps = np.arange(cfg.total_steps + 1, dtype=np.int64)
    w, total = cfg.warmup_steps, cfg.total_steps
    lrs = np.empty(steps.shape, dtype=np.float64)
    warm = steps < w
    lrs[warm] = peak_lr * steps[warm] / w if w else 0.0
    if total == w:
        lrs[~warm] = peak_lr
    else:
        p = np.clip((steps[~warm] - w) / (total - w), 0.0, 1.0)
        lrs[~warm] = cfg.min_lr + 0.5 * (peak_lr - cfg.min_lr) * (1.0 + np.cos(np.pi * p))
    return steps, lrs
