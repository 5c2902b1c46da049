import math

import numpy as np
import pytest

from andrea_desktop.core.viewmodels.history import GrowableArray, Series, ema_debiased


def tensorboard_smooth(values, w):
    """TensorBoard's resampleData smoothing, transcribed as the reference."""
    last, n, out = 0.0, 0, []
    for v in values:
        if not math.isfinite(v):
            out.append(v)
            continue
        last = last * w + (1 - w) * v
        n += 1
        out.append(last / (1 - w**n) if w else v)
    return out


def test_debiased_ema_matches_reference_and_starts_at_first_value():
    rng = np.random.default_rng(0)
    x = rng.normal(5, 1, 200)
    sm, _ = ema_debiased(x, 0.9)
    np.testing.assert_allclose(sm, tensorboard_smooth(x, 0.9))
    assert sm[0] == pytest.approx(x[0])  # debiased: no pull towards 0


def test_incremental_equals_batch():
    x = np.linspace(10, 1, 100)
    full, _ = ema_debiased(x, 0.95)
    a, st = ema_debiased(x[:37], 0.95)
    b, _ = ema_debiased(x[37:], 0.95, st)
    np.testing.assert_allclose(np.concatenate([a, b]), full)


def test_nan_is_a_gap_not_a_tail():
    x = np.array([3.0, np.nan, 2.0, np.inf, 1.0])
    sm, _ = ema_debiased(x, 0.5)
    assert np.isnan(sm[1]) and np.isinf(sm[3])
    assert np.isfinite(sm[[0, 2, 4]]).all()


def test_series_smoothing_change_recomputes():
    s = Series(0.0)
    s.extend([1, 2, 3], [3.0, 2.0, 1.0])
    np.testing.assert_allclose(s.smoothed.data, [3, 2, 1])
    s.smoothing = 0.5
    np.testing.assert_allclose(s.smoothed.data, tensorboard_smooth([3.0, 2.0, 1.0], 0.5))


def test_growable_array_doubles():
    g = GrowableArray(np.int64, capacity=2)
    for i in range(1000):
        g.append(i)
    assert len(g) == 1000 and g.data[-1] == 999 and len(g._data) == 1024


def test_mixture_history_ignores_curriculum_events_without_weights():
    """A damaged or foreign phase / pivot event (no weights, weights not numbers) draws nothing
    and raises nothing: a reopened run shows the rest of its history."""
    from andrea_desktop.core.viewmodels.history import MixtureHistory

    m = MixtureHistory()
    m.reset(("a", "b"), {"floors": {}, "caps": {}, "excluded": [], "warmup_sources": []}, False)
    assert not m.add_event(3, "phase", {"mode": "random"})
    assert not m.add_event(4, "pivot", {"weights": [0.5, 0.5]})
    assert m.add_event(5, "phase", {"mode": "bandit", "weights": {"a": "x", "b": 1.0}})
    assert m.path_steps == [5] and m.path_weights[0].tolist() == [0.0, 1.0]
