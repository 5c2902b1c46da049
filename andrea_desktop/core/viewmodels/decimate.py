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
        self._views: dict[tuple, _View] = {}  # the columns of recent views, kept as the series grows
        self._raw: dict[tuple, tuple] = {}  # (i0, i1): (x, y) of recent views drawn point for point
        self._log: dict[tuple, tuple] = {}  # (i0, columns): (pieces' outputs, output) of recent log-x views

    def rebind_x(self, x: GrowableArray) -> None:
        """Window by ``x`` from now on, the same values: the buckets hold indices chosen by the
        values alone, so they are kept (an x-axis switch of a comparison rebuilt every curve's
        buckets from the whole history). Starts over when ``x`` holds fewer points than taken."""
        if len(x) < self._n:
            self.x = x
            self._reset()
            return
        self.x = x
        xd = x.data[: self._n]
        self.x_sorted = bool(np.all(xd[1:] >= xd[:-1]))
        self._resets = (x.resets, self.y.resets)
        self._views.clear()
        self._raw.clear()
        self._log.clear()

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
        if n == self._n and (self.x.resets, self.y.resets) == self._resets:
            return  # nothing new (most curves at most updates)
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
    def _plan(self, i0: int, i1: int, columns: int) -> tuple[int, int]:
        """(k, g): columns of ``g`` buckets of level ``k`` (-1: ``g`` raw points) for points
        ``[i0, i1)`` on ``columns`` columns; the coarsest level no wider than a column."""
        span = (i1 - i0) / columns
        k = -1
        for kk in range(self.levels):
            if self.size(kk) <= span and len(self._lo[kk]):
                k = kk
        return k, (int(span) if k < 0 else max(1, int(span // self.size(k))))

    def points(self, i0: int, i1: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) to draw for points ``[i0, i1)`` on ``columns`` columns: the points themselves
        when there are no more than two a column, else each column's lowest and highest finite
        point in order (a column without one: a NaN, a gap in a curve drawn ``connect='finite'``).

        The range is covered exactly (no point outside it): finer buckets up to the first
        boundary of a column, whole columns (``g`` buckets of the chosen level, aligned to the
        series so that panning does not shimmer), then the rest (shorter than a column: its
        extremes, like every whole column). A view asked for again as the series grows reuses
        its whole columns and, while the new points stay in its last column, costs what they
        cost: the same arrays (the same objects) come back unless one of them is a new extreme.
        The arrays returned must not be written to.
        """
        xd, yd = self.x.data, self.y.data
        i0, i1 = max(0, int(i0)), min(self._n, int(i1))
        columns = max(1, int(columns))
        if i1 - i0 <= 2 * columns:
            raw = self._raw.get((i0, i1))
            if raw is None:
                raw = self._raw[(i0, i1)] = (xd[i0:i1], yd[i0:i1])
                if len(self._raw) > 64:
                    del self._raw[next(iter(self._raw))]
            return raw
        k, g = self._plan(i0, i1, columns)
        group = self.size(k) * g if k >= 0 else g
        key = (i0, k, g)
        v = self._views.get(key)
        if v is not None and v.i1 == i1 and (v.n == self._n or v.final):
            return v.out  # nothing new in the range
        if v is not None and v.lo >= -1 and v.i1 <= i1 and i1 - v.pos < group:
            # no new whole column, the new points fall in the last one: compare them with its extremes
            if i1 > v.i1:
                self._grow_tail(v, i1)
            v.n = self._n
            return v.out
        if v is None or v.pos > i1:
            v = _View(i0)
        out = self._columns(v, i0, i1, k, g)
        if v.pos % group == 0:  # the head ended on a column boundary: the view can be kept
            self._views.pop(key, None)
            self._views[key] = v
            while len(self._views) > 64:
                del self._views[next(iter(self._views))]
        return out

    def _columns(self, v: _View, i0: int, i1: int, k: int, g: int) -> tuple[np.ndarray, np.ndarray]:
        """Extend ``v``'s head and whole columns as far as the data allows, then draw the rest."""
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

        pos = v.pos
        if pos == i0 and not len(v.x):
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
        if pos % group == 0:  # whole columns
            end = min(i1, available(k))
            end = pos + (end - pos) // group * group
            if end > pos:
                emit(k, pos, end, g)
                pos = end
        if lo_parts:  # the head and whole columns are kept: gathered once
            v.add(self._pairs(lo_parts, hi_parts), self, i0, i1)
            lo_parts.clear()
            hi_parts.clear()
        v.pos = pos
        # the rest: coarse to fine, then raw points
        for j in range(k, -2, -1):
            u = unit[j + 1]
            if pos % u:
                continue
            end = min(i1, available(j))
            end = pos + (end - pos) // u * u
            if end > pos:
                emit(j, pos, end)
                pos = end
        # final: every level covers the range (later points cannot change what it draws)
        v.i1, v.n, v.final, v.lo = i1, self._n, available(k) >= i1, -2  # -2: the rest is not one column (no fast path)
        if lo_parts and pos - v.pos <= group:
            # a rest within one column is that column's extremes, like every whole column: a
            # point appended there changes what is drawn only when it is a new extreme
            t_lo, t_hi = np.concatenate(lo_parts), np.concatenate(hi_parts)
            m_lo, m_hi = _merge(self.y.data, t_lo, t_hi, len(t_lo))
            lo_parts[:], hi_parts[:] = [m_lo], [m_hi]
            v.lo, v.hi = int(m_lo[0]), int(m_hi[0])
        if lo_parts:
            tx, ty = self._take(self._pairs(lo_parts, hi_parts), i0, i1, v.last)
            v.out = (np.concatenate([v.x, tx]), np.concatenate([v.y, ty]))
        else:
            v.out = (v.x, v.y)
        return v.out

    @staticmethod
    def _pairs(lo_parts: list[np.ndarray], hi_parts: list[np.ndarray]) -> np.ndarray:
        """Each unit's two indices in order (-1 stays -1: a gap)."""
        lo, hi = np.concatenate(lo_parts), np.concatenate(hi_parts)
        return np.column_stack([np.minimum(lo, hi), np.maximum(lo, hi)]).ravel()

    def _grow_tail(self, v: _View, i1: int) -> None:
        """Points ``[v.i1, i1)`` appended inside ``v``'s last column: its extremes updated (a
        new one only when strictly lower or higher: a tie keeps the earlier point, as a merge)."""
        seg = self.y.data[v.i1 : i1]
        fin = np.isfinite(seg)
        changed = False
        if fin.any():
            yd = self.y.data
            a = int(np.where(fin, seg, np.inf).argmin())
            b = int(np.where(fin, seg, -np.inf).argmax())
            if v.lo < 0 or seg[a] < yd[v.lo]:
                v.lo, changed = v.i1 + a, True
            if v.hi < 0 or seg[b] > yd[v.hi]:
                v.hi, changed = v.i1 + b, True
        v.i1 = i1
        if changed:  # (both finite now)
            idx = np.array([min(v.lo, v.hi), max(v.lo, v.hi)], dtype=np.int64)
            v.out = (np.concatenate([v.x, self.x.data[idx]]), np.concatenate([v.y, self.y.data[idx]]))

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
        columns (see :meth:`points`: the same arrays come back while what is drawn is the same).
        With ``log_x`` the columns are even in log10(x): the range is cut at fixed quarter
        decades (coarser past 8 decades), each piece decimated on its share of the columns;
        points at x <= 0 are left out (they have no place on a log axis)."""
        n = self._n
        xd = self.x.data[:n]
        if not n or not self.x_sorted:
            return self.points(0, n, columns)
        first = _search(xd, 0.0, "right") if log_x else 0
        i0 = max(first, _search(xd, x0, "left") - 1)
        i1 = min(n, _search(xd, x1, "right") + 1)
        if not log_x or i1 - i0 <= 2 * columns:
            return self.points(i0, i1, columns)
        lx0, lx1 = math.log10(xd[i0]), math.log10(xd[i1 - 1])
        step = math.ceil(4 * (lx1 - lx0) / 32) / 4  # a quarter decade, at most 32 pieces
        j = np.arange(math.floor(lx0 / step) + 1, math.ceil(lx1 / step))
        cuts = j * step  # fixed in log10(x): the pieces before the last stay the same as the series grows
        edges = np.clip(np.searchsorted(xd, 10.0**cuts, "left"), i0, i1).tolist()
        per = columns / max(lx1 - lx0, 1e-12)
        widths = np.diff([lx0, *cuts.tolist(), lx1])
        pieces = tuple((a, b, max(1, int(per * w))) for a, b, w in zip([i0, *edges], [*edges, i1], widths.tolist(),
                                                                       strict=True) if b > a)
        outs = [self.points(a, b, c) for a, b, c in pieces]
        last = self._log.get((i0, columns))
        if last is not None and len(last[0]) == len(outs) and all(u is w for u, w in zip(last[0], outs, strict=True)):
            return last[1]
        out = (np.concatenate([o[0] for o in outs]), np.concatenate([o[1] for o in outs]))
        self._log.pop((i0, columns), None)
        self._log[(i0, columns)] = (outs, out)
        if len(self._log) > 8:
            del self._log[next(iter(self._log))]
        return out


class _View:
    """What one view (points ``[i0, ...)`` on columns of a given width) drew: its head and whole
    columns, gathered, up to ``pos``; its last column's extremes ``lo``, ``hi`` (-1: none finite;
    ``lo`` -2: the rest was not one column) up to ``i1``; and its output ``out``."""

    __slots__ = ("pos", "x", "y", "last", "i1", "n", "final", "lo", "hi", "out")

    def __init__(self, i0: int) -> None:
        self.pos, self.i1, self.n, self.lo, self.hi, self.last = i0, i0, -1, -2, -2, -1
        self.final = False
        self.x = self.y = np.zeros(0)
        self.out: tuple[np.ndarray, np.ndarray] = (self.x, self.y)

    def add(self, idx: np.ndarray, p: MinMaxPyramid, i0: int, i1: int) -> None:
        """Append the points at ``idx`` (whole columns) to the kept ones."""
        tx, ty = p._take(idx, i0, i1, self.last)
        self.x, self.y = np.concatenate([self.x, tx]), np.concatenate([self.y, ty])
        self.last = max(self.last, int(idx.max(initial=-1)))


def _search(xd: np.ndarray, v: float, side: str) -> int:
    """``searchsorted`` of a float in ``xd`` without converting an integer ``xd`` (O(n))."""
    if xd.dtype.kind == "f":
        return int(xd.searchsorted(v, side))
    if not math.isfinite(v):
        return 0 if v < 0 else len(xd)
    info = np.iinfo(xd.dtype)
    w = math.ceil(v) if side == "left" else math.floor(v)
    return int(xd.searchsorted(xd.dtype.type(min(max(w, info.min), info.max)), side))
