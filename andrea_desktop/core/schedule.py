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

import numpy as np

from .config import ScheduleConfig

__all__ = ["Anchor", "MAX_PLAN_POINTS", "lr_at", "lr_curve", "planned_curve"]


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
    return float(lr_curve(np.array([step]), cfg, peak_lr, anchor)[0])


def lr_curve(steps: np.ndarray, cfg: ScheduleConfig, peak_lr: float, anchor: Anchor | None = None) -> np.ndarray:
    """The learning rate of each of ``steps`` (any shape of global steps >= 0): the one formula of
    the schedule, which :func:`lr_at` (one step) and :func:`planned_curve` (the whole plan) share;
    the formula is :func:`lr_at`'s docstring. Returns float64 of ``steps``' shape."""
    x = np.asarray(steps, dtype=np.float64)
    w, total, low = cfg.warmup_steps, cfg.total_steps, cfg.min_lr
    out = np.empty(x.shape, dtype=np.float64)
    warm = x < w
    out[warm] = peak_lr * x[warm] / w if w else 0.0
    if total == w:
        out[~warm] = peak_lr
    else:
        p = np.clip((x[~warm] - w) / (total - w), 0.0, 1.0)
        out[~warm] = low + 0.5 * (peak_lr - low) * (1.0 + np.cos(np.pi * p))
    if anchor is not None:
        s0, lr0 = int(anchor[0]), float(anchor[1])
        after = x > s0
        if s0 < w:  # the warmup goes on from lr0 to the peak, then the usual plan
            climb = after & warm
            out[climb] = lr0 + (peak_lr - lr0) * (x[climb] - s0) / (w - s0)
        elif total <= s0:
            out[after] = low
        else:
            p = np.minimum(1.0, (x[after] - s0) / (total - s0))
            out[after] = low + 0.5 * (lr0 - low) * (1.0 + np.cos(np.pi * p))
    return out


MAX_PLAN_POINTS = 100_001
"""Steps :func:`planned_curve` returns at most: a plan of up to 100,000 steps is drawn at every
step; a longer one (``total_steps`` may be 10^10) at an even stride, its bends kept, so that
drawing a plan costs at most a few MB whatever its length."""


def _plan_steps(first: int, last: int, bends: tuple[int, ...], max_points: int) -> np.ndarray:
    """Steps ``first .. last``: every step when there are at most ``max_points``, else an even
    stride over them with ``last`` and the ``bends`` inside the range (sorted, int64)."""
    n = last - first + 1
    if n <= max_points:
        return np.arange(first, last + 1, dtype=np.int64)
    stride = -(-(n - 1) // (max_points - 2 - len(bends)))  # ceil: room for the last step and the bends
    grid = np.arange(first, last + 1, stride, dtype=np.int64)
    extra = np.array([b for b in (*bends, last) if first <= b <= last], dtype=np.int64)
    return np.union1d(grid, extra)


def planned_curve(cfg: ScheduleConfig, peak_lr: float, anchor: Anchor | None = None,
                  max_points: int = MAX_PLAN_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """The whole planned schedule, steps 0 .. total_steps (with an ``anchor``: from its step on,
    what the re-planned run will use; the steps before it were trained on an older plan).

    A plan of more than ``max_points`` steps is given at an even stride with its bends (the
    warmup's end, the anchor, the last step), :data:`MAX_PLAN_POINTS`: a 10^10-step schedule costs
    what a 10^5-step one does, not 150 GB.

    Returns
    -------
    steps
        Int64, sorted: every step 0 .. total_steps (from the anchor's step: ``s0 .. max(total_steps,
        s0)``, at least one), or at most ``max_points`` of them as above.
    lrs
        Float64, :func:`lr_curve` of ``steps`` (equal to :func:`lr_at` at every step; with an
        anchor, its own LR at its step).

    Raises
    ------
    ValueError
        ``max_points`` below 8.
    """
    if max_points < 8:
        raise ValueError(f"max_points must be at least 8, not {max_points}")
    bends = (int(cfg.warmup_steps),)
    if anchor is None:
        steps = _plan_steps(0, int(cfg.total_steps), bends, max_points)
        return steps, lr_curve(steps, cfg, peak_lr)
    s0, lr0 = int(anchor[0]), float(anchor[1])
    steps = _plan_steps(s0, max(int(cfg.total_steps), s0), bends, max_points)
    lrs = lr_curve(steps, cfg, peak_lr, anchor)
    lrs[0] = lr0  # the LR the anchor's own update used (the plan before the anchor gave it)
    return steps, lrs
