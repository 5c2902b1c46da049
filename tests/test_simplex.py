"""Geometry of the reachable region (docs/design.md#worked-examples; property tests)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from andrea_desktop.core.mixture.simplex import (
    BOUND_TOL,
    ConstraintError,
    Constraints,
    convex_hull,
    enumerate_vertices,
    linear_maximiser,
    polygon_layout,
    project,
    region_outline,
    sample_uniform,
    to_plane,
)

HGD = ("hermes3-general", "gutenberg", "dictionary")


def seeds_example():
    return Constraints.from_mapping(HGD, floors={"hermes3-general": 0.5}, caps={"dictionary": 0.25})


def test_seeds_worked_example_vertices():
    V = enumerate_vertices(seeds_example())
    expected = {(1, 0, 0), (0.5, 0.5, 0), (0.5, 0.25, 0.25), (0.75, 0, 0.25)}
    assert len(V) == 4
    assert {tuple(np.round(v, 12)) for v in V} == {tuple(map(float, e)) for e in expected}


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"floors": {"a": 0.7, "b": 0.6}}, "floors sum to 1.3, over 1"),
        ({"floors": {"a": 0.5}, "caps": {"a": 0.2}}, "a: cap 0.2 is below its floor 0.5"),
        ({"excluded": ["a", "b", "c"]}, "every source is excluded"),
        ({"floors": {"a": float("nan")}}, "a: floor is not a number"),
        ({"caps": {"b": float("nan")}}, "b: cap is not a number"),
        ({"floors": {"a": -0.1}}, "a: floor -0.1 is outside [0, 1]"),
        ({"caps": {"a": 0.2, "b": 0.2, "c": 0.2}}, "caps of the active sources sum to 0.6, under 1"),
        ({"caps": {"a": 0.5, "b": 0.4}, "excluded": ["c"]}, "caps of the active sources sum to 0.9, under 1"),
        ({"floors": {"c": 0.1}, "excluded": ["c"]}, "c: excluded but has a floor of 0.1"),
        ({"warmup_sources": ["a"], "excluded": ["a"]}, "every warmup source is excluded"),
        ({"warmup_sources": ["a", "b"], "caps": {"a": 0.3, "b": 0.3}},
         "during the curriculum warmup: caps of the active sources sum to 0.6, under 1"),
        ({"warmup_sources": ["a"], "floors": {"a": 0.5, "c": 0.6}}, "floors sum to 1.1, over 1"),
        ({"floors": {"zzz": 0.1}}, "unknown source 'zzz'"),
    ],
)
def test_each_infeasible_kind_has_its_message(kwargs, message):
    with pytest.raises(ConstraintError) as exc:
        Constraints.from_mapping(("a", "b", "c"), **kwargs)
    assert message in str(exc.value)


def test_empty_warmup_set_is_refused():
    with pytest.raises(ConstraintError, match="the curriculum warmup has no source"):
        Constraints(("a", "b"), [0, 0], [1, 1], [False, False], [False, False])


def test_warmup_region_caps_the_others_at_zero():
    c = Constraints.from_mapping(("a", "b", "c"), warmup_sources=["a", "b"])
    r = c.region(warmup=True)
    assert list(r.upper) == [1, 1, 0]
    assert {tuple(v) for v in enumerate_vertices(r)} == {(1.0, 0.0, 0.0), (0.0, 1.0, 0.0)}


# -------------------------------------------------------------------- property tests
@st.composite
def feasible_constraints(draw, min_n=2, max_n=16):
    n = draw(st.integers(min_n, max_n))
    names = tuple(f"s{i}" for i in range(n))
    excluded = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    if excluded.all():
        excluded[draw(st.integers(0, n - 1))] = False
    active = np.flatnonzero(~excluded)
    _ = len(active)
    raw_floor = np.array(draw(st.lists(st.floats(0, 1), min_size=n, max_size=n)))
    floor_total = draw(st.floats(0, 0.95))
    floor = np.zeros(n)
    if raw_floor[active].sum() > 0:
        floor[active] = raw_floor[active] / raw_floor[active].sum() * floor_total
    # caps: at least the floor, and summing to at least 1 over active sources
    extra = np.array(draw(st.lists(st.floats(0, 1), min_size=n, max_size=n)))
    cap = np.clip(floor + extra, 0, 1)
    need = 1.0 - cap[active].sum()
    if need > 0:
        room = 1.0 - cap[active]
        cap[active] += room * min(1.0, need / room.sum() + BOUND_TOL)
        cap = np.clip(cap, floor, 1)
    cap[excluded] = 0.0
    floor[excluded] = 0.0
    if cap[active].sum() < 1 - BOUND_TOL or floor.sum() > 1:
        cap[active] = 1.0
    return Constraints(names, floor, cap, excluded)


PROP = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROP
@given(c=feasible_constraints(), data=st.data())
def test_projection_lands_in_region_is_idempotent_and_nearest(c, data):
    v = np.array(data.draw(st.lists(st.floats(-3, 3), min_size=c.n, max_size=c.n)))
    w = project(v, c)
    assert c.contains(w)
    np.testing.assert_allclose(project(w, c), w, atol=1e-12)
    assert_nearest_by_kkt(v, w, c)  # exact: no point of the region (a vertex or any other) is nearer


def assert_nearest_by_kkt(v: np.ndarray, w: np.ndarray, c: Constraints) -> None:
    """``w`` is the nearest point of the region to ``v``, checked exactly: the region is convex,
    so the Karush-Kuhn-Tucker conditions of min ||w - v||^2 subject to sum w = 1 and lower <= w <= upper
    are necessary and sufficient. With r = v - w there is one tau such that r_i = tau where w_i is
    strictly inside its bounds, r_i <= tau where it is at its lower bound, r_i >= tau at its upper."""
    lo, hi, movable = c.lower, c.upper, c.movable & (c.upper - c.lower > 2 * BOUND_TOL)
    r = v - w
    at_lo, at_hi = movable & (w <= lo + BOUND_TOL), movable & (w >= hi - BOUND_TOL)
    inside = movable & ~at_lo & ~at_hi
    tau_min = max(r[at_lo | inside], default=-np.inf)  # tau is at least every r_i at a floor or inside
    tau_max = min(r[at_hi | inside], default=np.inf)  # and at most every r_i at a cap or inside
    assert tau_min <= tau_max + 1e-9, (v, w, tau_min, tau_max)


def test_the_kkt_check_refuses_a_point_of_the_region_that_is_not_the_nearest():
    c = tiny_sources(np.zeros(3), np.ones(3))
    v = np.array([0.9, 0.2, -0.5])
    assert_nearest_by_kkt(v, project(v, c), c)
    with pytest.raises(AssertionError):
        assert_nearest_by_kkt(v, np.array([0.5, 0.5, 0.0]), c)  # in the region, not the nearest
    with pytest.raises(AssertionError):
        assert_nearest_by_kkt(v, np.array([0.6, 0.2, 0.2]), c)


def tiny_sources(floor, cap):
    """Sources s0, s1, ... with these floors and caps, none excluded."""
    return Constraints(tuple(f"s{i}" for i in range(len(floor))), floor, cap, np.zeros(len(floor), bool))


# the flaky example: two sources whose floor (1.9e-10) and cap (1.19e-9) differ by the tolerance: the
# enumerator held them at the floor but also kept patterns that missed the plane sum w = 1 by 3.8e-10
@example(c=tiny_sources([1.9e-10, 1.9e-10, 0, 0], [1.19e-9, 1.19e-9, 1, 1]), scores=[0, 0, 0, 5] + [0] * 6)
# of its kind: a floor of exactly the tolerance (a pattern 1e-9 under it was clipped up, off the plane)
@example(c=tiny_sources([0, 1e-9, 0], [1, 1, 1]), scores=[0, 0, 2] + [0] * 7)
@PROP
@given(c=feasible_constraints(max_n=10), scores=st.lists(st.floats(-5, 5), min_size=10, max_size=10))
def test_maximiser_beats_every_vertex(c, scores):
    s = np.array(scores[: c.n])
    best = linear_maximiser(s, c)
    assert c.contains(best)
    V = enumerate_vertices(c)
    assert all(c.contains(v) for v in V)
    assert s @ best >= (V @ s).max() - BOUND_TOL
    assert any(np.allclose(best, v, atol=BOUND_TOL) for v in V)  # it is a vertex


@pytest.mark.parametrize("floor, cap", [
    ([1.9e-10, 1.9e-10, 0, 0], [1.19e-9, 1.19e-9, 1, 1]),  # the flaky example: bounds BOUND_TOL apart
    ([0, 1e-9, 0], [1, 1, 1]),  # a floor of BOUND_TOL
    ([0.3, 0, 0], [0.3 + 0.4 * BOUND_TOL, 1, 1]),  # bounds closer than BOUND_TOL: one value
])
def test_every_vertex_lies_on_the_plane_within_its_bounds(floor, cap):
    c = tiny_sources(floor, cap)
    V = enumerate_vertices(c)
    np.testing.assert_allclose(V.sum(axis=1), 1.0, rtol=0, atol=1e-14)
    assert np.all(V >= c.lower - 1e-14) and np.all(V <= c.upper + 1e-14)


def test_bounds_closer_than_the_tolerance_are_one_value():
    c = tiny_sources([0.3, 0, 0], [0.3 + 0.4 * BOUND_TOL, 1, 1])
    assert list(c.movable) == [False, True, True]
    assert c.upper[0] == c.lower[0] == 0.3
    best = linear_maximiser([5, 0, 0], c)  # the fixed source gets nothing above its floor
    assert best[0] == 0.3
    assert {tuple(np.round(v, 12)) for v in enumerate_vertices(c)} == {(0.3, 0.7, 0.0), (0.3, 0.0, 0.7)}
    wide = tiny_sources([0.3, 0, 0], [0.3 + BOUND_TOL, 1, 1])  # BOUND_TOL apart: two values
    assert list(wide.movable) == [True, True, True]


@PROP
@given(c=feasible_constraints())
def test_samples_are_in_the_region(c):
    pts, method = sample_uniform(c, np.random.default_rng(1), 20, mixing_steps=30)
    assert method == "exact-rejection" or method.startswith("hit-and-run:")
    assert all(c.contains(p, tol=1e-8) for p in pts)


CHI2_24_CRITICAL = 55.72  # scipy.stats.chi2.isf(2.5e-4, 24): 5 x 5 cells
KS_CRITICAL = 2.12  # sqrt(n) times the Kolmogorov-Smirnov distance: scipy.stats.kstwobign.isf(2.5e-4)


def ks_distance_from_uniform(x: np.ndarray) -> float:
    """Kolmogorov-Smirnov distance of the sample ``x`` from the uniform distribution on [0, 1]."""
    x = np.sort(x)
    n = len(x)
    return float(max((np.arange(1, n + 1) / n - x).max(), (x - np.arange(n) / n).max()))


def uniformity_failures(g: np.ndarray, d: np.ndarray) -> list[str]:
    """Which of three exact tests say the points (g, d) are not uniform on the seeds example's region.

    In (g, d) coordinates the region is the trapezoid 0 <= d <= 0.25, 0 <= g <= 0.5 - d
    (h = 1 - g - d >= 0.5), of area 0.5*0.5/2 - 0.25*0.25/2 = 0.09375. Its Rosenblatt transform
    x = F(d) (d's density is (0.5 - d) / area), y = g / (0.5 - d) maps a uniform point of the region
    to a uniform point of the unit square, x and y independent: the 5 x 5 cells of the square hold
    equal counts (chi-square) and each margin is uniform (Kolmogorov-Smirnov), each failing
    independent uniform points with probability 2.5e-4."""
    x = (0.5 * d - d * d / 2) / 0.09375  # the share of the area below d
    y = g / (0.5 - d)
    cells = np.histogram2d(x, y, bins=5, range=[[0, 1], [0, 1]])[0].ravel()
    expected = len(x) / 25
    out = []
    if cells.sum() != len(x) or ((cells - expected) ** 2 / expected).sum() > CHI2_24_CRITICAL:
        out.append(f"chi-square over the cells {cells}")
    for name, z in (("x", x), ("y", y)):
        if np.sqrt(len(z)) * ks_distance_from_uniform(z) > KS_CRITICAL:
            out.append(f"Kolmogorov-Smirnov of {name}")
    return out


@pytest.mark.parametrize("min_acceptance, size", [(0.0, 4000), (1.1, 1000)])  # exact rejection, hit-and-run
def test_samples_are_uniform_on_a_small_region(min_acceptance, size):
    """The share of samples in a sub-box matches its share of the region's area (within 4 standard
    errors: the 8 that 4000 hit-and-run samples had, the same distance, was for a correlation that
    30 mixing steps leave under 0.05), and the exact tests of uniformity_failures pass. The seed fixes
    the outcome; a uniform sampler of independent points fails one of the four with probability
    under 1e-3."""
    c = seeds_example()
    rng = np.random.default_rng(3)
    pts, method = sample_uniform(c, rng, size, min_acceptance=min_acceptance, mixing_steps=30)
    assert method.startswith("hit-and-run") == (min_acceptance > 1)
    # region in (g, d) coordinates: h = 1 - g - d >= 0.5, d <= 0.25: area by formula
    # g + d <= 0.5, d <= 0.25: trapezoid area = 0.5*0.5/2 - 0.25*0.25/2 = 0.09375
    # sub-box: d <= 0.1: area = int_0^0.1 (0.5 - d) dd = 0.045
    expected = 0.045 / 0.09375
    share = np.mean(pts[:, 2] <= 0.1)
    se = np.sqrt(expected * (1 - expected) / len(pts))
    assert abs(share - expected) < 4 * se, (share, expected, method)
    assert uniformity_failures(pts[:, 1], pts[:, 2]) == [], method


def test_the_uniformity_tests_refuse_samples_crowded_towards_an_edge():
    """The tests above have the power to see a sampler that is not uniform at 1000 points: the
    right d-margin with g crowded to one side, and the right g-margin with d crowded towards d = 0."""
    rng = np.random.default_rng(3)
    u = rng.random(1000)
    d = 0.5 - np.sqrt(0.25 - 2 * 0.09375 * u)  # exact inverse of F: uniform d-margin
    g_skewed = np.sqrt(rng.random(1000)) * (0.5 - d)  # density growing with g
    assert uniformity_failures(rng.random(1000) * (0.5 - d), d) == []  # uniform: passes
    assert "Kolmogorov-Smirnov of y" in uniformity_failures(g_skewed, d)
    d_low = 0.25 * (1 - np.sqrt(rng.random(1000)))  # density 2 (0.25 - d) / 0.25^2, on a uniform g
    assert "Kolmogorov-Smirnov of x" in uniformity_failures(rng.random(1000) * (0.5 - d_low), d_low)


def test_sampler_reports_fallback_on_a_thin_region():
    names = tuple(f"s{i}" for i in range(6))
    caps = {n: 0.2 for n in names[1:]}
    c = Constraints.from_mapping(names, caps=caps)  # s0 >= 0 free, others <= 0.2: thin corner
    _, method = sample_uniform(c, np.random.default_rng(0), 5, min_acceptance=0.5, mixing_steps=10)
    assert method == "hit-and-run:10"


def test_layout_and_outline():
    lay = polygon_layout(3)
    assert lay.shape == (3, 2)
    np.testing.assert_allclose(np.linalg.norm(lay, axis=1), 1.0)
    c = seeds_example()
    outline = region_outline(c, lay)
    assert len(outline) == 4
    np.testing.assert_allclose(
        sorted(map(tuple, np.round(outline, 9))),
        sorted(map(tuple, np.round(to_plane(enumerate_vertices(c), lay), 9))),
    )
    sq = convex_hull(np.array([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]]))
    assert len(sq) == 4
    assert polygon_layout(16).shape == (16, 2)


def test_property_tests_draw_the_same_examples_on_every_run():
    """tests/conftest.py loads the derandomized profile unless HYPOTHESIS_PROFILE names another."""
    import os

    if os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci":
        pytest.skip("another hypothesis profile was asked for")
    assert settings.default.derandomize is True
    assert settings.default.database is None
    drawn = []

    @settings(max_examples=5)
    @given(st.floats(0, 1))
    def draw(x):
        drawn.append(x)

    draw()
    first, drawn[:] = list(drawn), []
    draw()
    assert drawn == first
