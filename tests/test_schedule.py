import math

import numpy as np
import pytest

from andrea_desktop.core.config import ScheduleConfig
from andrea_desktop.core.schedule import lr_at, planned_curve

CFG = ScheduleConfig(warmup_steps=2000, total_steps=200_000, min_lr=3e-5)
PEAK = 3e-4


def formula(step):
    if step < 2000:
        return PEAK * step / 2000
    p = (step - 2000) / (200_000 - 2000)
    return 3e-5 + 0.5 * (PEAK - 3e-5) * (1 + math.cos(math.pi * p))


@pytest.mark.parametrize("step", [0, 1, 1000, 2000, 101_000, 150_000, 199_999, 200_000])
def test_lr_equals_formula(step):
    assert lr_at(step, CFG, PEAK) == pytest.approx(formula(step), rel=1e-12, abs=1e-18)


def test_landmarks():
    assert lr_at(0, CFG, PEAK) == 0.0
    assert lr_at(2000, CFG, PEAK) == pytest.approx(PEAK)
    assert lr_at(101_000, CFG, PEAK) == pytest.approx((PEAK + 3e-5) / 2)  # mid-decay
    assert lr_at(200_000, CFG, PEAK) == pytest.approx(3e-5)
    assert lr_at(250_000, CFG, PEAK) == pytest.approx(3e-5)


def test_planned_curve_matches_pointwise():
    cfg = ScheduleConfig(warmup_steps=30, total_steps=500, min_lr=1e-4)
    steps, lrs = planned_curve(cfg, 1e-3)
    assert len(steps) == 501
    np.testing.assert_allclose(lrs, [lr_at(int(s), cfg, 1e-3) for s in steps], rtol=1e-12, atol=0)


def test_no_warmup():
    cfg = ScheduleConfig(warmup_steps=0, total_steps=10, min_lr=0.0)
    assert lr_at(0, cfg, 1.0) == pytest.approx(1.0)
    assert planned_curve(cfg, 1.0)[1][0] == pytest.approx(1.0)


@pytest.mark.parametrize("total", [10**10, 3 * 10**7 + 7])
def test_a_plan_of_billions_of_steps_costs_what_a_short_one_does(total):
    """A schedule at the config's limit (10^10 steps) is planned at a stride: bounded memory, its
    bends (the warmup's end, the last step) kept, each value the formula's."""
    from andrea_desktop.core.schedule import MAX_PLAN_POINTS

    cfg = ScheduleConfig(warmup_steps=12_345, total_steps=total, min_lr=1e-5)
    steps, lrs = planned_curve(cfg, 1e-3)
    assert len(steps) <= MAX_PLAN_POINTS and steps.nbytes + lrs.nbytes < 2 * 8 * MAX_PLAN_POINTS
    assert steps[0] == 0 and steps[-1] == total and 12_345 in steps and np.all(np.diff(steps) > 0)
    picked = np.linspace(0, len(steps) - 1, 50).astype(int)
    np.testing.assert_allclose(lrs[picked], [lr_at(int(s), cfg, 1e-3) for s in steps[picked]], rtol=1e-12)
    assert lrs[steps.tolist().index(12_345)] == pytest.approx(1e-3)
    # re-planned from an anchor far into it: from the anchor's step, bounded too
    steps, lrs = planned_curve(cfg, 1e-3, anchor=(total // 2, 4e-4))
    assert len(steps) <= MAX_PLAN_POINTS and steps[0] == total // 2 and steps[-1] == total and lrs[0] == 4e-4


def test_a_plan_up_to_the_bound_keeps_every_step():
    cfg = ScheduleConfig(warmup_steps=10, total_steps=99_999, min_lr=0.0)
    steps, _ = planned_curve(cfg, 1.0)
    assert steps.tolist() == list(range(100_000))
    steps, _ = planned_curve(cfg, 1.0, max_points=1000)
    assert len(steps) <= 1000 and 10 in steps and steps[-1] == 99_999
