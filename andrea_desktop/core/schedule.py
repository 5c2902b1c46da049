"""Learning-rate schedule: linear warmup, then cosine decay to a floor.

A pure function of the step, so the whole planned curve can be drawn before training.

Sources: linear warmup (Goyal et al., 2017, "Accurate, Large Minibatch SGD"; the seeds' v2
fix for v1's collapse into "region region region"), cosine decay (Loshchilov & Hutter, 2017,
"SGDR"), as nanoGPT's ``get_lr``.
"""

from __future__ import annotations

import math

import numpy as np

from .config import ScheduleConfig

__all__ = ["lr_at", "planned_curve"]


def lr_at(step: int, cfg: ScheduleConfig, peak_lr: float) -> float:
    """Learning rate used by optimiser update ``step`` (counted from 1; step 0 gives 0).

    ``lr = peak * step / warmup`` for ``step <= warmup``; afterwards
    ``lr = min_lr + (peak - min_lr) * (1 + cos(pi * p)) / 2`` with
    ``p = (step - warmup) / (total - warmup)``, clamped to [0, 1] (min_lr after the end).

    Parameters
    ----------
    step
        Global step (>= 0).
    cfg
        Warmup length, total length and minimum LR.
    peak_lr
        Peak learning rate (``optimizer.lr``).
    """
    w, total = cfg.warmup_steps, cfg.total_steps
    if step < w:
        return peak_lr * step / w
    if total == w:
        return peak_lr
    p = min(1.0, max(0.0, (step - w) / (total - w)))
    return cfg.min_lr + 0.5 * (peak_lr - cfg.min_lr) * (1.0 + math.cos(math.pi * p))


def planned_curve(cfg: ScheduleConfig, peak_lr: float) -> tuple[np.ndarray, np.ndarray]:
    """The whole planned schedule, steps 0 .. total_steps.

    Returns
    -------
    steps
        (total_steps + 1,) int64.
    lrs
        (total_steps + 1,) float64, equal to :func:`lr_at` at every step.
    """
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
