"""The display buffer: min/max per bucket kept incrementally, views bounded by the
screen, the exact points when zoomed in."""

import numpy as np
import pytest

from andrea_desktop.core.viewmodels import decimate
from andrea_desktop.core.viewmodels.decimate import MinMaxPyramid, minmax_columns
from andrea_desktop.core.viewmodels.history import GrowableArray, Series


def _series(y, x=None):
    xs, ys = GrowableArray(), GrowableArray()
    ys.extend(y)
    xs.extend(np.arange(1, len(y) + 1) if x is None else x)
    return xs, ys


def _noisy(n, seed=0):
    rng = np.random.default_rng(seed)
    y = np.cumsum(rng.standard_normal(n))
    y[rng.choice(n, n // 50, replace=False)] = np.nan  # scattered gaps
    y[1000:1300] = np.nan  # a stretch wider than a bucket
    y[5] = np.inf
    return y


def test_levels_equal_the_batch_reference_min_max_per_bucket():
    y = _noisy(40_000)
    p = MinMaxPyramid(*_series(y))
    p.sync()
    assert p.levels >= 4
    for k in range(p.levels):
        lo, hi = p.level(k)
        s = p.size(k)
        ref_lo, ref_hi = minmax_columns(y[: len(lo) * s], s)
        np.testing.assert_array_equal(lo, ref_lo, err_msg=f"level {k}")
        np.testing.assert_array_equal(hi, ref_hi, err_msg=f"level {k}")
        # the values: the finite min and max of each bucket
        blocks = np.where(np.isfinite(y[: len(lo) * s]), y[: len(lo) * s], np.nan).reshape(-1, s)
        has = ~np.isnan(blocks).all(axis=1)
        with np.errstate(all="ignore"):
            np.testing.assert_array_equal(y[lo[has]], np.nanmin(blocks[has], axis=1))
            np.testing.assert_array_equal(y[hi[has]], np.nanmax(blocks[has], axis=1))
        assert (lo[~has] == -1).all()


@pytest.mark.parametrize("chunk", [1, 8, 13, 1000])
def test_incremental_equals_batch(chunk):
    y = _noisy(30_000, seed=1)
    batch = MinMaxPyramid(*_series(y))
    batch.sync()
    xs, ys = GrowableArray(), GrowableArray()
    inc = MinMaxPyramid(xs, ys)
    for a in range(0, len(y), chunk):
        xs.extend(np.arange(a + 1, min(a + chunk, len(y)) + 1))
        ys.extend(y[a : a + chunk])
        inc.sync()
    assert inc.rebuilds == 0 and inc.levels == batch.levels
    for k in range(batch.levels):
        for a, b in zip(inc.level(k), batch.level(k), strict=True):
            np.testing.assert_array_equal(a, b)
    for cols in (50, 333, 1000):
        for a, b in zip(inc.window(-np.inf, np.inf, cols), batch.window(-np.inf, np.inf, cols), strict=True):
            np.testing.assert_array_equal(a, b)


def test_a_view_kept_while_the_series_grows_equals_a_fresh_one():
    """Views reuse the columns they drew (the cache) only while those are unchanged."""
    y = _noisy(60_000, seed=5)
    xs, ys = GrowableArray(), GrowableArray()
    p = MinMaxPyramid(xs, ys)
    for a in range(0, 60_000, 8):
        xs.extend(np.arange(a + 1, a + 9))
        ys.extend(y[a : a + 8])
        p.sync()
        if a % 1200 == 0 or a > 59_000:
            fresh = MinMaxPyramid(xs, ys)
            fresh.sync()
            for args in ((-np.inf, np.inf, 700), (2000.0, 50_000.0, 300), (-np.inf, np.inf, 700)):
                for u, v in zip(p.window(*args), fresh.window(*args), strict=True):
                    np.testing.assert_array_equal(u, v, err_msg=f"{a} {args}")


def test_appending_eight_points_does_work_for_eight_points(monkeypatch):
    """An update never rebuilds: the rows reduced are the new points' buckets, not the history."""
    p = MinMaxPyramid(*_series(np.random.default_rng(2).standard_normal(1_000_003)))
    p.sync()
    seen = []
    real_argminmax, real_merge = decimate._argminmax, decimate._merge
    monkeypatch.setattr(decimate, "_argminmax", lambda v: (seen.append(v.size), real_argminmax(v))[1])
    monkeypatch.setattr(decimate, "_merge", lambda y, lo, hi, g: (seen.append(lo.size), real_merge(y, lo, hi, g))[1])
    n = len(p)
    for i in range(64):
        p.x.extend(np.arange(n + 8 * i + 1, n + 8 * i + 9))
        p.y.extend(np.ones(8))
        p.sync()
    assert p.rebuilds == 0 and len(p) == n + 512
    assert sum(seen) <= 512 + 4 * p.levels * 8, seen  # 512 new points, a few buckets per level


def test_views_are_bounded_by_the_columns_and_keep_every_columns_extremes():
    y = _noisy(200_000, seed=3)
    p = MinMaxPyramid(*_series(y))
    p.sync()
    for cols in (100, 640, 1999, 4000):
        xs, ys = p.window(-np.inf, np.inf, cols)
        assert len(xs) <= 4 * cols + 4 * (p.base + 4 * p.levels)  # about two a column
        assert np.nanmin(ys) == np.nanmin(y[np.isfinite(y)]) and np.nanmax(ys) == np.nanmax(y[np.isfinite(y)])
        assert (np.diff(xs) >= 0).all()
        ok = np.isfinite(ys)
        np.testing.assert_array_equal(y[xs[ok].astype(int) - 1], ys[ok])  # real points at their own steps
        if cols == 4000:  # columns of 50 points, the NaN stretch is 300: the line breaks there
            a, b = np.flatnonzero(ok & (xs <= 1000))[-1], np.flatnonzero(ok & (xs > 1300))[0]
            assert np.isnan(ys[a:b]).any()
    # per column: the output's extremes in every column equal the data's (columns of 1 px)
    cols = 500
    xs, ys = p.window(-np.inf, np.inf, cols)
    edges = np.linspace(1, len(y) + 1, 101)  # coarser than a column: each holds whole columns
    ref_x = np.arange(1, len(y) + 1)
    fin = np.isfinite(y)
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        sel = (ref_x >= a) & (ref_x < b) & fin
        out = (xs >= a) & (xs < b) & np.isfinite(ys)
        if sel.any():
            # a column straddling the edge may put its extreme on either side: compare with slack
            assert np.nanmin(ys[out]) <= np.min(y[sel & (ref_x >= a + 1000) & (ref_x < b - 1000)], initial=np.inf)
            assert np.nanmax(ys[out]) >= np.max(y[sel & (ref_x >= a + 1000) & (ref_x < b - 1000)], initial=-np.inf)


def test_zoomed_in_the_points_are_exact():
    y = _noisy(100_000, seed=4)
    p = MinMaxPyramid(*_series(y))
    p.sync()
    xs, ys = p.window(5000, 5400, 1000)  # 401 points on 1000 columns
    np.testing.assert_array_equal(xs, np.arange(4999, 5402))  # and one more each side
    np.testing.assert_array_equal(ys, y[4998:5401])
    xs, ys = p.window(5000, 9000, 1000)  # 4 a column: decimated, the range covered exactly
    assert xs.min() >= 4999 and xs.max() <= 9001 and len(xs) <= 2 * 1000 + 64
    sel = y[4998:9001]
    assert np.nanmin(ys) == np.nanmin(sel[np.isfinite(sel)])


def test_log_x_windows_spend_columns_evenly_in_log_steps():
    y = np.sin(np.arange(1, 1_000_001) / 1000.0)
    p = MinMaxPyramid(*_series(y))
    p.sync()
    xs, ys = p.window(-np.inf, np.inf, 1000, log_x=True)
    assert (np.diff(xs) >= 0).all() and (xs > 0).all()
    assert len(xs) <= 4 * 1000
    lx = np.log10(xs)
    counts, _ = np.histogram(lx, bins=6, range=(0, 6))
    assert counts[0] >= 9 and counts[-1] <= 2000  # the first decade whole, the last decimated
    np.testing.assert_array_equal(xs[:10], np.arange(1, 11))


def test_a_cleared_series_is_rebuilt_and_unsorted_steps_show_everything():
    s = Series(0.5)
    s.extend(np.arange(1, 5001), np.linspace(1, 2, 5000))
    p = MinMaxPyramid(s.steps, s.smoothed)
    p.sync()
    s.smoothing = 0.9  # the smoothed curve is recomputed: a rebuild, once
    p.sync()
    assert p.rebuilds == 1 and len(p) == 5000
    s.smoothing = 0.5
    p.sync()
    assert p.rebuilds == 2
    np.testing.assert_array_equal(p.level(0)[0], minmax_columns(s.smoothed.data[:4992], 16)[0])
    xs, ys = _series([3.0, 1.0, 2.0], x=[3, 1, 2])
    q = MinMaxPyramid(xs, ys)
    q.sync()
    assert not q.x_sorted and len(q.window(2, 3, 100)[0]) == 3


@pytest.mark.parametrize("appended, changes", [("inside", False), ("new high", True), ("new low", True)])
def test_a_point_that_is_no_extreme_of_its_column_changes_nothing_drawn(appended, changes):
    """The last, partial column is drawn as its extremes like every other column: appending a
    point strictly between them draws the same points (the curve need not be handed again)."""
    y = np.cumsum(np.random.default_rng(6).standard_normal(100_000))
    xs, ys = _series(y)
    p = MinMaxPyramid(xs, ys)
    p.sync()
    before = p.window(-np.inf, np.inf, 500)  # columns of 192 points: the last one holds 160
    tail = y[-160:]
    value = {"inside": float(np.median(tail)), "new high": tail.max() + 1, "new low": tail.min() - 1}[appended]
    xs.extend([100_001])
    ys.extend([value])
    p.sync()
    after = p.window(-np.inf, np.inf, 500)
    same = all(np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    assert same is not changes
    assert len(after[0]) <= len(before[0]) + 2
    if changes:
        assert value in after[1]


@pytest.mark.parametrize("log_x", [False, True])
def test_a_view_asked_at_every_append_equals_a_fresh_one_and_is_reused_when_unchanged(log_x):
    """A view asked for after every append (a snapshot) draws what a buffer built from the whole
    series draws (a trend: new extremes in the last column; noise: mostly none; gaps), and hands
    back the very same arrays when nothing drawn changed."""
    rng = np.random.default_rng(7)
    n = 13_000
    y = 5.0 * np.exp(-np.arange(n) / 4000) + 0.3 * rng.standard_normal(n)
    y[rng.choice(n, n // 40, replace=False)] = np.nan
    y[11_000:11_300] = np.nan  # a gap wider than a column
    xs, ys = GrowableArray(), GrowableArray()
    p = MinMaxPyramid(xs, ys)
    xs.extend(np.arange(1, 10_001))
    ys.extend(y[:10_000])
    p.sync()
    a, reused, changed = 10_000, 0, 0
    cols = 100 if log_x else 700  # (a log view's last piece: a few columns of the newest quarter decade)
    while a < n:
        follow = p.window(-np.inf, np.inf, cols, log_x=log_x)
        b = min(n, a + int(rng.integers(1, 14)))
        xs.extend(np.arange(a + 1, b + 1))
        ys.extend(y[a:b])
        a = b
        p.sync()
        fresh = MinMaxPyramid(xs, ys)
        fresh.sync()
        for args in ((-np.inf, np.inf, cols), (2000.0, 13_000.0, 300)):
            got = p.window(*args, log_x=log_x)
            assert p.window(*args, log_x=log_x) is got  # asked again: the same arrays
            for u, v in zip(got, fresh.window(*args, log_x=log_x), strict=True):
                np.testing.assert_array_equal(u, v, err_msg=f"{a} {args}")
        same = p.window(-np.inf, np.inf, cols, log_x=log_x) is follow
        reused += same
        changed += not same
    assert p.rebuilds == 0 and reused > 20 and changed > 20


@pytest.mark.parametrize("second_x", ["tokens", "unsorted", "short"])
def test_another_x_of_the_same_values_keeps_the_buckets_and_windows_as_a_fresh_buffer(second_x):
    """An x-axis switch (steps -> tokens seen -> active time) binds the same values to another x:
    the buckets (chosen by the values) are kept, and every window equals a buffer built afresh
    on the new x; views of the old x are not served again; growth after the switch is taken."""
    y = _noisy(30_000, seed=3)
    xs, ys = _series(y)
    p = MinMaxPyramid(xs, ys)
    p.sync()
    before = p.window(2000.0, 20_000.0, 300)
    x2 = GrowableArray()
    if second_x == "tokens":
        x2.extend(np.arange(1, 30_001) * 2048.0)
    elif second_x == "unsorted":
        x2.extend(np.r_[np.arange(1, 20_001), np.arange(10_001, 20_001)].astype(float))
    else:
        x2.extend(np.arange(1, 101, dtype=float))
    levels = [lvl.data.copy() for lvl in p._lo]
    p.rebind_x(x2)
    if second_x == "short":  # fewer x than points taken: started over
        assert p.levels == 0 or len(p) == 0
        return
    assert [lvl.data.tolist() for lvl in p._lo] == [lvl.tolist() for lvl in levels]  # kept, not rebuilt
    fresh = MinMaxPyramid(x2, ys)
    fresh.sync()
    for args in ((-np.inf, np.inf, 700), (2000.0 * 2048, 20_000.0 * 2048, 300), (2000.0, 20_000.0, 300)):
        for u, v in zip(p.window(*args), fresh.window(*args), strict=True):
            np.testing.assert_array_equal(u, v, err_msg=f"{second_x} {args}")
    assert p.x_sorted == fresh.x_sorted == (second_x == "tokens")
    if second_x == "tokens":
        assert not np.array_equal(p.window(2000.0, 20_000.0, 300)[0], before[0])  # no view of the old x
        ys.extend(np.ones(100))
        x2.extend(np.arange(30_001, 30_101) * 2048.0)
        p.sync()
        fresh = MinMaxPyramid(x2, ys)
        fresh.sync()
        for u, v in zip(p.window(-np.inf, np.inf, 700), fresh.window(-np.inf, np.inf, 700), strict=True):
            np.testing.assert_array_equal(u, v)
