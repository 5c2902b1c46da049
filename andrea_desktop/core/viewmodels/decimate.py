"""Qt-free display buffer of a growing series: min and max per bucket at every zoom level.

A plot needs at most two points per pixel column to look exactly like the whole series (the
column's lowest and highest value, joined in order: pyqtgraph's "peak" downsampling). Computing
those from the whole history at every redraw costs O(history); :class:`MinMaxPyramid` keeps them
per bucket of ``base * fan**k`` points, level by level, and extends them as points are appended,
so that one update costs what the new points cost and one view costs what is on screen:

- appending m points touches m / base buckets of the first level, m / (base * fan) of the
  second, ... (only complete buckets are stored; the incomplete end of each level is covered,
  at query time, by the finer levels below it and at most ``base - 1`` raw points);
- a view of n points on c columns reads the coarsest level whose buckets are no wider than
  n / c points (between c and ``fan * c`` buckets) and merges them into about c columns;
- when the view holds no more than two points per column it returns the points themselves.

Buckets hold indices into the series (the argmin and argmax of their finite values, -1 when they
have none), so a point drawn is always a point of the series, at its own step.
"""

from __future__ import annotations

import math

import numpy as np

from .history import GrowableArray

__all__ = ["MinMaxPyramid", "minmax_columns"]

_NONE = -1


def _argminmax(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row-wise argmin and argmax of the finite values of a (r, c) array; -1 for a row without any."""
    finite = np.isfinite(values)
    lo = np.where(finite, values, np.inf).argmin(axis=1)
    hi = np.where(finite, values, -np.inf).argmax(axis=1)
    none = ~finite.any(axis=1)
    lo[none] = _NONE
    hi[none] = _NONE
    return lo, hi


def _merge(y: np.ndarray, lo: np.ndarray, hi: np.ndarray, g: int) -> tuple[np.ndarray, np.ndarray]:
    """Merge consecutive groups of ``g`` units (index pairs into ``y``, -1: no finite value) into
    one unit each: the index of the group's lowest and of its highest value."""
    pad = (-len(lo)) % g
    if pad:
        lo = np.concatenate([lo, np.full(pad, _NONE, dtype=lo.dtype)])
        hi = np.concatenate([hi, np.full(pad, _NONE, dtype=hi.dtype)])
    lo = lo.reshape(-1, g)
    hi = hi.reshape(-1, g)
    rows = np.arange(len(lo))
    vlo = np.where(lo >= 0, y[lo], np.inf)  # y[-1] is read but masked
    vhi = np.where(hi >= 0, y[hi], -np.inf)
    return lo[rows, vlo.argmin(axis=1)], hi[rows, vhi.argmax(axis=1)]


def minmax_columns(y: np.ndarray, g: int) -> tuple[np.ndarray, np.ndarray]:
    """Reference (batch) decimation: argmin and argmax of the finite values of ``y`` in buckets of
    ``g`` consecutive points (the last one may be shorter); -1 where a bucket has none."""
    y = np.asarray(y, dtype=np.float64)
    pad = (-len(y)) % g
    lo, hi = _argminmax(np.concatenate([y, np.full(pad, np.nan)]).reshape(-1, g))
    starts = np.arange(len(lo)) * g
    return np.where(lo >= 0, lo + starts, _NONE), np.where(hi >= 0, hi + starts, _NONE)


class MinMaxPyramid:
    """Min/max per bucket of a series' values at bucket sizes ``base * fan**k``, kept up to date
    incrementally (see the module's docstring).

    Parameters
    ----------
    x, y
        The series' steps and values (appended to together; x non-decreasing for :meth:`window`
        to select by x — otherwise a window is the whole series).
    base, fan
        Points per bucket of the first level; buckets of a level per bucket of the next.
    """

    def __init__(self, x: GrowableArray, y: GrowableArray, base: int = 16, fan: int = 4) -> None:
        if base < 2 or fan < 2:
            raise ValueError("base and fan must be >= 2")
        self.x, self.y = x, y
        self.base, self.fan = base, fan
        self.rebuilds = 0
        """How often the buffer was built from the start (an append must not rebuild)."""
        self._reset()

    def _reset(self) -> None:
        self._lo: list[GrowableArray] = []
        self._hi: list[GrowableArray] = []
        self._n = 0
        self._resets = (self.x.resets, self.y.resets)
        self.x_sorted = True
        self._cache: tuple | None = None  # the last view's head and whole columns (see indices)
        self._taken: tuple | None = None  # (cache key, n, x, y): the first n of them, gathered

    def size(self, k: int) -> int:
        """Points per bucket of level ``k``."""
        return self.base * self.fan**k

    @property
    def levels(self) -> int:
        return len(self._lo)

    def level(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """(argmin, argmax) indices of level ``k``'s complete buckets."""
        return self._lo[k].data, self._hi[k].data

    def __len__(self) -> int:
        return self._n

    # ------------------------------------------------------------------ building
    def sync(self) -> None:
        """Take the points appended since the last call; start over if the series was cleared."""
        n = min(len(self.x), len(self.y))
        if (self.x.resets, self.y.resets) != self._resets or n < self._n:
            n_before = self._n
            self._reset()
            self.rebuilds += 1 if n_before or n else 0
        if n == self._n:
            return
        xd, yd = self.x.data, self.y.data
        if self.x_sorted and n > self._n:
            new = xd[max(self._n - 1, 0) : n]
            self.x_sorted = bool(np.all(new[1:] >= new[:-1]))
        m_old = len(self._lo[0]) if self._lo else 0
        m_new = n // self.base
        if m_new > m_old:
            lo, hi = _argminmax(yd[m_old * self.base : m_new * self.base].reshape(-1, self.base))
            starts = np.arange(m_old, m_new, dtype=np.int64) * self.base
            self._append(0, np.where(lo >= 0, lo + starts, _NONE), np.where(hi >= 0, hi + starts, _NONE))
            k = 1
            while True:
                below = len(self._lo[k - 1])
                done = len(self._lo[k]) if k < len(self._lo) else 0
                m = below // self.fan
                if m <= done:
                    break
                clo, chi = self.level(k - 1)
                lo, hi = _merge(yd, clo[done * self.fan : m * self.fan], chi[done * self.fan : m * self.fan],
                                self.fan)
                self._append(k, lo, hi)
                k += 1
        self._n = n

    def _append(self, k: int, lo: np.ndarray, hi: np.ndarray) -> None:
        if k == len(self._lo):
            self._lo.append(GrowableArray(np.int64, 64))
            self._hi.append(GrowableArray(np.int64, 64))
        self._lo[k].extend(lo)
        self._hi[k].extend(hi)

    # ------------------------------------------------------------------ views
    def indices(self, i0: int, i1: int, columns: int) -> np.ndarray | None:
        """Indices of the points to draw for points ``[i0, i1)`` on ``columns`` pixel columns, in
        order, -1 for a gap (a bucket with no finite value); None: draw every point of the range
        as it is (no more than two per column).

        The range is covered exactly (no point outside it): finer buckets up to the first
        boundary of a column, whole columns (``g`` buckets of the chosen level, aligned to the
        series so that panning does not shimmer), then finer buckets and raw points to the end.
        """
        i0, i1 = max(0, int(i0)), min(self._n, int(i1))
        columns = max(1, int(columns))
        if i1 - i0 <= 2 * columns:
            return None
        span = (i1 - i0) / columns
        k = -1
        for kk in range(self.levels):
            if self.size(kk) <= span and len(self._lo[kk]):
                k = kk
        if k < 0:
            g = int(span)
        else:
            g = max(1, int(span // self.size(k)))
        unit = [1] + [self.size(j) for j in range(k + 1)]  # unit[j + 1]: points per unit of level j
        group = unit[-1] * g
        lo_parts: list[np.ndarray] = []
        hi_parts: list[np.ndarray] = []

        def emit(j: int, a: int, b: int, merge: int = 1) -> None:
            if j < 0:
                idx = np.arange(a, b, dtype=np.int64)
                lo = hi = np.where(np.isfinite(self.y.data[a:b]), idx, _NONE)
            else:
                lo_j, hi_j = self.level(j)
                lo, hi = lo_j[a // unit[j + 1] : b // unit[j + 1]], hi_j[a // unit[j + 1] : b // unit[j + 1]]
            if merge > 1:
                lo, hi = _merge(self.y.data, lo, hi, merge)
            lo_parts.append(lo)
            hi_parts.append(hi)

        def available(j: int) -> int:  # points covered by level j's complete buckets
            return self._n if j < 0 else len(self._lo[j]) * unit[j + 1]

        cache = self._cache
        if cache is not None and cache[0] == (i0, k, g) and cache[1] <= i1:
            # the same columns as last time (the series grew, or the same view): the head and
            # the whole columns drawn then are unchanged, only columns after them are new
            pos = cache[1]
            lo_parts.append(cache[2])
            hi_parts.append(cache[3])
        else:
            pos = i0
            # head: raw points up to a first-level boundary, first-level buckets up to a
            # second-level boundary, ..., the chosen level's buckets up to a column boundary
            for j in range(-1, k + 1):
                u = unit[j + 1]
                if pos % u:
                    break  # a finer level stopped short (the range's or the series' end)
                nxt = unit[j + 2] if j + 1 <= k else group
                target = min(-(-pos // nxt) * nxt, i1, available(j))
                target = pos + (target - pos) // u * u
                if target > pos:
                    emit(j, pos, target)
                    pos = target
        # whole columns
        if pos % group == 0:
            end = min(i1, available(k))
            end = pos + (end - pos) // group * group
            if end > pos:
                emit(k, pos, end, g)
                pos = end
            done_lo = np.concatenate(lo_parts) if lo_parts else np.zeros(0, np.int64)
            done_hi = np.concatenate(hi_parts) if hi_parts else np.zeros(0, np.int64)
            lo_parts[:], hi_parts[:] = [done_lo], [done_hi]
            self._cache = ((i0, k, g), pos, done_lo, done_hi)
        else:
            self._cache = None
        # tail: coarse to fine, then raw points
        tail_from, tail_parts = pos, len(lo_parts)
        for j in range(k, -2, -1):
            u = unit[j + 1]
            if pos % u:
                continue
            end = min(i1, available(j))
            end = pos + (end - pos) // u * u
            if end > pos:
                emit(j, pos, end)
                pos = end
        if pos - tail_from <= group and len(lo_parts) > tail_parts:
            # a tail within one column is that column's extremes, like every whole column: a
            # point appended there changes what is drawn only when it is a new extreme
            t_lo, t_hi = np.concatenate(lo_parts[tail_parts:]), np.concatenate(hi_parts[tail_parts:])
            m_lo, m_hi = _merge(self.y.data, t_lo, t_hi, len(t_lo))
            del lo_parts[tail_parts:], hi_parts[tail_parts:]
            lo_parts.append(m_lo)
            hi_parts.append(m_hi)
        lo, hi = np.concatenate(lo_parts), np.concatenate(hi_parts)
        return np.column_stack([np.minimum(lo, hi), np.maximum(lo, hi)]).ravel()  # -1 stays -1: a gap

    def points(self, i0: int, i1: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) to draw for points ``[i0, i1)`` on ``columns`` columns: the points themselves
        when there are no more than two a column, else each column's lowest and highest finite
        point in order (a column without one: a NaN, a gap in a curve drawn ``connect='finite'``)."""
        xd, yd = self.x.data[: self._n], self.y.data[: self._n]
        i0, i1 = max(0, int(i0)), min(self._n, int(i1))
        idx = self.indices(i0, i1, columns)
        if idx is None:
            return xd[i0:i1], yd[i0:i1]
        cache = self._cache
        if cache is None:
            self._taken = None
            return self._take(idx, i0, i1)
        # the head and whole columns are those of the last view while the cache holds: their
        # points were gathered then (a gather from a long history is a cache miss a point)
        key, n = cache[0], 2 * len(cache[2])
        t = self._taken
        if t is None or t[0] != key or t[1] > n:
            t = (key, 0, np.zeros(0, xd.dtype), np.zeros(0, yd.dtype))
        if t[1] < n:
            before = int(idx[: t[1]].max(initial=-1))
            gx, gy = self._take(idx[t[1] : n], i0, i1, before)
            t = (key, n, np.concatenate([t[2], gx]), np.concatenate([t[3], gy]))
        self._taken = t
        before = int(idx[:n].max(initial=-1))
        tx, ty = self._take(idx[n:], i0, i1, before)
        return np.concatenate([t[2], tx]), np.concatenate([t[3], ty])

    def _take(self, idx: np.ndarray, i0: int, i1: int, before: int = -1) -> tuple[np.ndarray, np.ndarray]:
        """The points at ``idx``; a gap (-1) becomes a NaN placed just after the last point before
        it (``before``: the last index drawn ahead of ``idx``)."""
        xd, yd = self.x.data, self.y.data
        gap = idx < 0
        if gap.any():
            # a gap sits where its bucket starts: between its neighbours
            safe = idx.copy()
            prev = np.maximum(np.maximum.accumulate(np.where(gap, -1, idx)), before)
            safe[gap] = np.clip(prev[gap] + 1, i0, i1 - 1)
            xs, ys = xd[safe], yd[safe].copy()
            ys[gap] = np.nan
            return xs, ys
        return xd[idx], yd[idx]

    def window(self, x0: float, x1: float, columns: int, log_x: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) to draw for the points with ``x0 <= x <= x1`` (and one more on each side, so
        that a curve reaches the view's edges; -inf and inf: the whole series) on ``columns``
        columns. With ``log_x`` the columns are even in log10(x): the range is cut into pieces of
        a quarter decade, each decimated on its share of the columns; points at x <= 0 are left
        out (they have no place on a log axis)."""
        n = self._n
        xd = self.x.data[:n]
        if not n or not self.x_sorted:
            return self.points(0, n, columns)
        first = int(np.searchsorted(xd, 0.0, "right")) if log_x else 0
        i0 = max(first, int(np.searchsorted(xd, x0, "left")) - 1)
        i1 = min(n, int(np.searchsorted(xd, x1, "right")) + 1)
        if not log_x or i1 - i0 <= 2 * columns:
            return self.points(i0, i1, columns)
        lx0, lx1 = math.log10(xd[i0]), math.log10(xd[i1 - 1])
        pieces = int(min(32, max(1, math.ceil(4 * (lx1 - lx0)))))
        edges = np.searchsorted(xd, np.logspace(lx0, lx1, pieces + 1)[1:-1], "left")
        bounds = [i0, *np.clip(edges, i0, i1).tolist(), i1]
        xs, ys = [], []
        for a, b in zip(bounds[:-1], bounds[1:], strict=True):
            if b > a:
                px, py = self.points(a, b, max(1, columns // pieces))
                xs.append(px)
                ys.append(py)
        return np.concatenate(xs), np.concatenate(ys)
