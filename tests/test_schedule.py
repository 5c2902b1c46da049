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
