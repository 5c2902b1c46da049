"""Geometry of the data mixture: the reachable region of the probability simplex.

A mixture over n sources is a point w of the standard (n-1)-simplex (w_i >= 0, sum w_i = 1).
Per-source floors l_i and caps u_i cut it with hyperplanes (docs/design.md#floors-caps-and-the-reachable-region); an excluded source has
cap 0. The *reachable region* is the polytope

    R = { w : sum_i w_i = 1,  l_i <= w_i <= u_i }

(the simplex intersected with a box). Everything here is exact for that shape:

* membership and validation (one clear message per problem);
* Euclidean projection onto R by the breakpoint search of Held, Wolfe & Crowder (1974) /
  Pardalos & Kovoor (1990): w_i = clip(v_i - tau, l_i, u_i) with tau the root of a monotone
  piecewise-linear function, found exactly between two sorted breakpoints;
* the linear maximiser argmax_{w in R} s.w: a greedy fill (fractional knapsack) that gives a
  vertex — the UCB-best vertex of the bandit;
* vertex enumeration: a vertex of R has at most one coordinate strictly between its bounds
  (n-1 of the n box constraints are active), so it is enumerated over the free coordinate and
  the 2^(n-1) bound patterns of the others;
* uniform sampling: exact rejection from the floor-shifted simplex (a flat Dirichlet scaled by
  1 - sum l, shifted by l) while its acceptance rate is reasonable, otherwise hit-and-run
  (Smith, 1984) with a stated number of mixing steps; each sample reports its method;
* one tolerance, :data:`BOUND_TOL`: a floor and a cap closer than it are one value (the
  source is fixed at its floor), and the sums and memberships are checked within it;
* the 2-D picture: barycentric triangle for 3 sources, vertices on a regular polygon for more,
  and the exact outline of the projected region (the convex hull of the projected vertices,
  since a linear map sends a polytope to the hull of its vertices' images).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "BOUND_TOL",
    "ConstraintError",
    "Constraints",
    "project",
    "linear_maximiser",
    "enumerate_vertices",
    "sample_uniform",
    "polygon_layout",
    "to_plane",
    "region_outline",
    "convex_hull",
]

BOUND_TOL = 1e-9
"""The geometry's one tolerance, in weight (a share of the mixture, dimensionless).

A floor and a cap closer than it are one value: the source is fixed at its floor
(:attr:`Constraints.lower` = :attr:`Constraints.upper`), so the maximiser, the vertices, the
projection and the sampler agree on which sources can move. Floors may sum to 1 + BOUND_TOL and
caps to 1 - BOUND_TOL, a cap may lie BOUND_TOL below its floor, and :meth:`Constraints.contains`
accepts a point BOUND_TOL outside a bound. Everything else is exact up to float64 rounding."""

_ROUNDING = 64 * np.finfo(np.float64).eps
"""Slack for float64 rounding in sums of at most a few dozen weights (not a geometric tolerance)."""


class ConstraintError(ValueError):
    """Constraints that admit no mixture, or are malformed. ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Constraints:
    """Floors, caps, exclusions and curriculum-warmup sources over named sources.

    Attributes
    ----------
    names
        Source names, in order (n).
    floor, cap
        (n,) float64 minimum and maximum weight of each source, in [0, 1].
    excluded
        (n,) bool: the source is never sampled (a cap of 0).
    warmup
        (n,) bool: the source is active during the curriculum warmup (docs/design.md#curriculum-words).

    Raises
    ------
    ConstraintError
        From :meth:`validate`, which the constructor calls: every problem at once.
    """

    names: tuple[str, ...]
    floor: np.ndarray
    cap: np.ndarray
    excluded: np.ndarray
    warmup: np.ndarray = field(default=None)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        n = len(self.names)
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "floor", np.asarray(self.floor, dtype=np.float64).reshape(-1))
        object.__setattr__(self, "cap", np.asarray(self.cap, dtype=np.float64).reshape(-1))
        object.__setattr__(self, "excluded", np.asarray(self.excluded, dtype=bool).reshape(-1))
        warm = np.ones(n, bool) if self.warmup is None else np.asarray(self.warmup, dtype=bool).reshape(-1)
        object.__setattr__(self, "warmup", warm)
        for a in (self.floor, self.cap, self.excluded, self.warmup):
            if a.shape != (n,):
                raise ConstraintError([f"expected {n} values per constraint, got {a.shape[0]}"])
            a.setflags(write=False)
        self.validate()

    # ------------------------------------------------------------------ construction
    @classmethod
    def free(cls, names) -> Constraints:
        """The whole simplex: floors 0, caps 1, nothing excluded, every source a warmup source."""
        n = len(names)
        return cls(tuple(names), np.zeros(n), np.ones(n), np.zeros(n, bool), np.ones(n, bool))

    @classmethod
    def from_mapping(cls, names, floors=None, caps=None, excluded=(), warmup_sources=()) -> Constraints:
        """From per-name dicts (``{"dictionary": 0.25}``) and name lists.

        Raises
        ------
        ConstraintError
            A name that is not a source, or infeasible constraints.
        """
        names = tuple(names)
        idx = {n: i for i, n in enumerate(names)}
        problems = [f"unknown source {k!r}" for d in (floors or {}, caps or {}) for k in d if k not in idx]
        problems += [f"unknown source {k!r}" for k in (*excluded, *warmup_sources) if k not in idx]
        if problems:
            raise ConstraintError(sorted(set(problems)))
        floor, cap = np.zeros(len(names)), np.ones(len(names))
        for k, v in (floors or {}).items():
            floor[idx[k]] = v
        for k, v in (caps or {}).items():
            cap[idx[k]] = v
        exc = np.array([n in set(excluded) for n in names])
        warm = np.array([n in set(warmup_sources) for n in names]) if warmup_sources else np.ones(len(names), bool)
        return cls(names, floor, cap, exc, warm)

    def to_dict(self) -> dict:
        """JSON-ready: only what differs from the free simplex."""
        return {
            "floors": {n: float(v) for n, v in zip(self.names, self.floor, strict=True) if v > 0},
            "caps": {n: float(v) for n, v in zip(self.names, self.cap, strict=True) if v < 1},
            "excluded": [n for n, e in zip(self.names, self.excluded, strict=True) if e],
            "warmup_sources": [n for n, w in zip(self.names, self.warmup, strict=True) if w],
        }

    @classmethod
    def from_dict(cls, names, d: dict) -> Constraints:
        """Inverse of :meth:`to_dict`."""
        return cls.from_mapping(names, d.get("floors"), d.get("caps"), d.get("excluded", ()),
                                d.get("warmup_sources", ()))

    # ------------------------------------------------------------------ validation
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def lower(self) -> np.ndarray:
        """(n,) effective floors (0 for excluded sources)."""
        return np.where(self.excluded, 0.0, self.floor)

    @property
    def upper(self) -> np.ndarray:
        """(n,) effective caps: 0 for excluded sources, the floor where the cap is closer to it
        than :data:`BOUND_TOL` (one value)."""
        return np.where(self.excluded, 0.0, _one_value(self.floor, self.cap))

    @property
    def movable(self) -> np.ndarray:
        """(n,) bool: the source's weight can change within the region (its effective floor and
        cap are two values)."""
        return self.upper > self.lower

    def problems(self) -> list[str]:
        """Every reason these constraints admit no mixture (empty if feasible)."""
        out = []
        names = self.names
        if self.n == 0:
            return ["there are no sources"]
        for i, name in enumerate(names):
            f, c = self.floor[i], self.cap[i]
            if not np.isfinite(f):
                out.append(f"{name}: floor is not a number")
            elif f < 0 or f > 1:
                out.append(f"{name}: floor {f:g} is outside [0, 1]")
            if not np.isfinite(c):
                out.append(f"{name}: cap is not a number")
            elif c < 0 or c > 1:
                out.append(f"{name}: cap {c:g} is outside [0, 1]")
            if np.isfinite(f) and np.isfinite(c) and c < f - BOUND_TOL:
                out.append(f"{name}: cap {c:g} is below its floor {f:g}")
            if self.excluded[i] and np.isfinite(f) and f > 0:
                out.append(f"{name}: excluded but has a floor of {f:g}")
        if out:
            return out
        if self.excluded.all():
            return ["every source is excluded"]
        out += self._region_problems(~self.excluded, "")
        if not self.warmup.any():
            out.append("the curriculum warmup has no source")
        else:
            active = self.warmup & ~self.excluded
            if not active.any():
                out.append("every warmup source is excluded")
            elif not np.array_equal(active, ~self.excluded):
                out += self._region_problems(active, "during the curriculum warmup: ")
        return out

    def _region_problems(self, active: np.ndarray, prefix: str) -> list[str]:
        out = []
        fl = float(self.floor[active].sum())
        cp = float(_one_value(self.floor, self.cap)[active].sum())
        if fl > 1 + BOUND_TOL:
            out.append(f"{prefix}floors sum to {fl:.4g}, over 1")
        if cp < 1 - BOUND_TOL:
            out.append(f"{prefix}caps of the active sources sum to {cp:.4g}, under 1")
        return out

    def validate(self) -> None:
        """Raise :class:`ConstraintError` listing every problem, if any."""
        p = self.problems()
        if p:
            raise ConstraintError(p)

    # ------------------------------------------------------------------ regions
    def region(self, warmup: bool = False) -> Constraints:
        """Constraints of the active region: during the warmup, non-warmup sources are capped at 0."""
        if not warmup:
            return self
        return Constraints(self.names, np.where(self.warmup, self.floor, 0.0),
                           self.cap, self.excluded | ~self.warmup, self.warmup)

    def contains(self, w, tol: float = BOUND_TOL) -> bool:
        """True if ``w`` (n,) lies in the reachable region: each weight within ``tol`` of its
        bounds, the sum within ``n * tol`` of 1."""
        w = np.asarray(w, dtype=np.float64)
        return bool(
            abs(w.sum() - 1.0) <= tol * max(1, self.n)
            and np.all(w >= self.lower - tol)
            and np.all(w <= self.upper + tol)
        )


def _one_value(floor: np.ndarray, cap: np.ndarray) -> np.ndarray:
    """Caps with those closer to their floor than :data:`BOUND_TOL` set to the floor."""
    return np.where(cap - floor < BOUND_TOL, floor, cap)


# ---------------------------------------------------------------------- projection
def project(v, c: Constraints) -> np.ndarray:
    """Euclidean projection of ``v`` onto the reachable region of ``c``.

    Parameters
    ----------
    v
        (n,) any finite vector.

    Returns
    -------
    (n,) the unique nearest point of the region.

    Notes
    -----
    The KKT conditions give w_i = clip(v_i - tau, l_i, u_i) with one scalar tau such that
    sum w = 1 (Held, Wolfe & Crowder, 1974; Pardalos & Kovoor, 1990). g(tau) = sum_i
    clip(v_i - tau, l_i, u_i) is continuous, non-increasing and piecewise linear with
    breakpoints v_i - u_i and v_i - l_i; tau is found exactly on the segment between the two
    breakpoints that bracket g = 1.
    """
    v = np.asarray(v, dtype=np.float64)
    if v.shape != (c.n,) or not np.all(np.isfinite(v)):
        raise ValueError(f"expected a finite vector of {c.n} values")
    lo, hi = c.lower, c.upper

    def g(tau: float) -> float:
        return float(np.clip(v - tau, lo, hi).sum())

    bps = np.unique(np.concatenate([v - hi, v - lo]))
    vals = np.array([g(t) for t in bps])  # non-increasing in tau
    # g(-inf) = sum hi >= 1 >= sum lo = g(+inf): find the bracket
    k = int(np.searchsorted(-vals, -1.0, side="left"))
    if k < len(bps) and abs(vals[k] - 1.0) <= 1e-15:
        tau = bps[k]
    elif k == 0:
        tau = bps[0]
    elif k == len(bps):
        tau = bps[-1]
    else:
        t0, t1, g0, g1 = bps[k - 1], bps[k], vals[k - 1], vals[k]
        tau = t0 + (g0 - 1.0) * (t1 - t0) / (g0 - g1)  # g is linear on [t0, t1]
    w = np.clip(v - tau, lo, hi)
    # remove the last rounding error on a coordinate strictly inside its bounds
    free = (w > lo + BOUND_TOL) & (w < hi - BOUND_TOL)
    if free.any():
        w[free] += (1.0 - w.sum()) / free.sum()
    return w


# ---------------------------------------------------------------------- maximiser
def linear_maximiser(scores, c: Constraints) -> np.ndarray:
    """The vertex of the region that maximises ``scores . w``.

    Greedy fill (the fractional knapsack): start from the floors and give the remaining mass
    1 - sum l to the sources in decreasing order of score, each up to its cap. Ties are broken
    by source order, so the result is always a vertex.

    Parameters
    ----------
    scores
        (n,) scores (+inf allowed: such sources come first).

    Returns
    -------
    (n,) a vertex of the region.
    """
    s = np.asarray(scores, dtype=np.float64)
    s = np.where(np.isnan(s), -np.inf, s)
    lo, hi = c.lower, c.upper
    w = lo.copy()
    rest = 1.0 - w.sum()
    for i in np.argsort(-s, kind="stable"):
        if rest <= 0:
            break
        add = min(hi[i] - lo[i], rest)
        w[i] += add
        rest -= add
    return w


# ---------------------------------------------------------------------- vertices
def enumerate_vertices(c: Constraints, max_free: int = 20) -> np.ndarray:
    """Every vertex of the region.

    Parameters
    ----------
    max_free
        Refuse regions with more non-fixed coordinates (the search is n 2^(n-1)).

    Returns
    -------
    (V, n) vertices, unique, in lexicographic order. ``len`` is the vertex count.

    Notes
    -----
    The region is {sum w = 1} cut by n pairs of box constraints, of dimension at most n-1. At a
    vertex n-1 independent constraints are active besides the sum, so at most one coordinate
    lies strictly inside its bounds: enumerate the free coordinate j and the lower/upper pattern
    of the others, and keep w_j = 1 - sum_others when it lies within [l_j, u_j].
    """
    lo, hi = c.lower, c.upper
    var = np.flatnonzero(c.movable)  # coordinates that can move (bounds at least BOUND_TOL apart)
    fixed_sum = float(lo[~np.isin(np.arange(c.n), var)].sum())
    m = len(var)
    if m > max_free:
        raise ValueError(f"{m} free coordinates: too many to enumerate vertices")
    if m == 0 or lo.sum() >= 1.0:
        return lo[None, :].copy()
    if hi.sum() <= 1.0:  # feasible only within BOUND_TOL (or exactly): the one point is the caps
        return hi[None, :].copy()
    # now sum lo < 1 < sum hi: every vertex is a pattern whose w_j is within its bounds up to
    # rounding; a pattern that misses them by more (even by less than BOUND_TOL) is no vertex,
    # and clipping it would leave the plane sum w = 1
    out = []
    bits = ((np.arange(2 ** (m - 1))[:, None] >> np.arange(m - 1)) & 1).astype(bool)  # (2^(m-1), m-1)
    for jj in range(m):
        others = np.delete(var, jj)
        j = var[jj]
        vals = np.where(bits, hi[others], lo[others])  # (P, m-1)
        wj = 1.0 - fixed_sum - vals.sum(axis=1)
        ok = (wj >= lo[j] - _ROUNDING) & (wj <= hi[j] + _ROUNDING)
        if not ok.any():
            continue
        W = np.tile(lo, (int(ok.sum()), 1))
        W[:, others] = vals[ok]
        W[:, j] = np.clip(wj[ok], lo[j], hi[j])
        out.append(W)
    V = np.concatenate(out, axis=0)
    V = np.unique(np.round(V, 12), axis=0)
    return V


# ---------------------------------------------------------------------- sampling
def sample_uniform(
    c: Constraints,
    rng: np.random.Generator,
    size: int = 1,
    min_acceptance: float = 0.02,
    mixing_steps: int | None = None,
    start: np.ndarray | None = None,
) -> tuple[np.ndarray, str]:
    """Points drawn uniformly from the region.

    Parameters
    ----------
    rng
        The caller's generator (the bandit's own, so sampling never touches training RNG).
    size
        Number of points.
    min_acceptance
        Use rejection only while its estimated acceptance rate is at least this.
    mixing_steps
        Hit-and-run steps per point in the fallback (default 50 x dimension).
    start
        An interior point to start hit-and-run from (default: mean of the vertices).

    Returns
    -------
    points
        (size, n) in the region.
    method
        ``"exact-rejection"`` (exact) or ``"hit-and-run:<steps>"`` (approximate; Smith, 1984,
        "Efficient Monte Carlo procedures for generating points uniformly distributed over
        bounded regions"; the chain mixes in O*(d^3) steps, Lovász & Vempala 2006 — the stated
        number of steps is a practical compromise, not a guarantee).
    """
    lo, hi = c.lower, c.upper
    active = hi > BOUND_TOL
    k = int(active.sum())
    slack = 1.0 - lo.sum()
    if k == 1 or slack <= BOUND_TOL:
        return np.tile(project(lo + active / k, c), (size, 1)), "exact-rejection"

    def draw(m: int) -> np.ndarray:
        d = rng.dirichlet(np.ones(k), size=m)  # uniform on the (k-1)-simplex
        W = np.tile(lo, (m, 1))
        W[:, active] += slack * d
        return W

    # estimate the acceptance rate of the shifted simplex
    trial = draw(256)
    ok = np.all(trial <= hi + BOUND_TOL, axis=1)
    rate = ok.mean()
    if rate >= min_acceptance:
        got = [trial[ok]]
        n_got = int(ok.sum())
        while n_got < size:
            more = draw(max(64, int(1.5 * (size - n_got) / max(rate, 1e-3))))
            keep = more[np.all(more <= hi + BOUND_TOL, axis=1)]
            got.append(keep)
            n_got += len(keep)
        return np.concatenate(got)[:size], "exact-rejection"

    # hit-and-run inside {sum w = 1, lo <= w <= hi}
    d = k - 1
    steps = mixing_steps or 50 * max(d, 1)
    if start is None:
        V = enumerate_vertices(c) if k <= 16 else np.tile(linear_maximiser(rng.random(c.n), c), (1, 1))
        start = V.mean(axis=0)
    x = np.asarray(start, dtype=np.float64).copy()
    out = np.empty((size, c.n))
    for s in range(size):
        for _ in range(steps):
            u = np.zeros(c.n)
            u[active] = rng.standard_normal(k)
            u[active] -= u[active].mean()  # a direction within sum w = 1
            norm = np.linalg.norm(u)
            if norm == 0:
                continue
            u /= norm
            with np.errstate(divide="ignore", invalid="ignore"):
                t_lo = np.where(u > 0, (lo - x) / u, np.where(u < 0, (hi - x) / u, -np.inf))
                t_hi = np.where(u > 0, (hi - x) / u, np.where(u < 0, (lo - x) / u, np.inf))
            a, b = float(np.max(t_lo[active])), float(np.min(t_hi[active]))
            if b > a:
                x = np.clip(x + rng.uniform(a, b) * u, lo, hi)
        out[s] = x
    return out, f"hit-and-run:{steps}"


# ---------------------------------------------------------------------- the 2-D picture
def polygon_layout(n: int) -> np.ndarray:
    """(n, 2) positions of the simplex's vertices in the plane.

    3 sources: the barycentric (equilateral) triangle; more: a regular n-gon, first vertex at
    the top; 2 sources: a segment; 1 source: the origin.
    """
    if n == 1:
        return np.zeros((1, 2))
    if n == 2:
        return np.array([[-1.0, 0.0], [1.0, 0.0]])
    ang = np.pi / 2 - 2 * np.pi * np.arange(n) / n
    return np.stack([np.cos(ang), np.sin(ang)], axis=1)


def to_plane(w, layout: np.ndarray) -> np.ndarray:
    """Map mixtures (..., n) to the plane: the weighted mean of the vertex positions, (..., 2)."""
    return np.asarray(w, dtype=np.float64) @ layout


def convex_hull(points: np.ndarray) -> np.ndarray:
    """Convex hull of (m, 2) points, counter-clockwise, without repeating the first point
    (Andrew's monotone chain, 1979)."""
    pts = np.unique(np.round(np.asarray(points, dtype=np.float64), 12), axis=0)
    if len(pts) <= 2:
        return pts

    def cross(o, a, b) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-15:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in pts[::-1]:
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-15:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def region_outline(c: Constraints, layout: np.ndarray | None = None, warmup: bool = False) -> np.ndarray:
    """Exact outline of the projected region, (k, 2), counter-clockwise.

    A linear map sends a polytope onto the convex hull of its vertices' images, so the outline
    is the hull of the projected vertices.
    """
    layout = polygon_layout(c.n) if layout is None else layout
    V = enumerate_vertices(c.region(warmup))
    return convex_hull(to_plane(V, layout))

