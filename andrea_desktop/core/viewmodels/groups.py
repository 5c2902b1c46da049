"""Qt-free seed groups of a comparison: runs that differ only in their seed (or that share the
value of a key the user chose) are one group, drawn as the mean of its runs' curves with a band
of ±1 standard deviation (and the min–max on request), on each x axis, with its n.

**Grouping** (:func:`group_runs`): ``seed`` puts together the runs whose configs are equal once
:data:`SEED_IGNORED` is left out (the seed, and where and how fast a run trained: device, torch
threads, the file format); ``key:<section.field>`` makes a group per value of that setting;
``off`` groups nothing. A group of one run stays a run (drawn as before).

**The group's curves** (:func:`group_stats`, kept up to date by :class:`GroupSeries`), on each
x axis, from its runs' curves of one scalar (``(x, y)`` per run, x ascending):

- the grid is the union of the runs' x values (step, tokens seen or seconds of active training
  time): a run logged at every step has its own points in it, so on x = step or tokens the mean
  at a logged step is the mean of the runs' logged values there, interpolated nowhere;
- each run's value at a grid x is its value there, or the linear interpolation between its two
  neighbouring points (``numpy.interp``), and only inside the run's own range ``[x_first,
  x_last]``: a run that ended (or has not got there yet) is not extended, so ``n`` drops where
  a run ends; a non-finite value (a NaN loss) is left out of that x's statistics;
- ``n`` counts the runs with a finite value at x; ``mean`` is their mean, ``std`` their
  **sample** standard deviation (``ddof=1``, ``numpy.std(v, ddof=1)``: the spread of seeds
  estimated from a few of them; NaN where ``n < 2``), ``lo`` and ``hi`` their min and max.

**Growth**: runs only append, so when some grow only the grid points between the earliest
previous end of a growing run and the latest new end can change; :class:`GroupSeries` computes
those alone at each update (a run read again from its start — a resume rewrote its rows — a
changed smoothing, or a member added or removed recomputes everything).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..config.diff import _flatten, _norm
from .compare import CompareRun, XAxis, XSeries
from .history import GrowableArray

__all__ = ["GROUP_OFF", "GROUP_SEED", "SEED_IGNORED", "GroupStats", "GroupSeries", "RunGroup", "group_key_mode",
           "group_runs", "group_stats", "DDOF", "SCALARS", "GroupCurves", "ScaledSeries"]

GROUP_OFF = "off"
GROUP_SEED = "seed"
KEY_PREFIX = "key:"
SEED_IGNORED = ("run.seed", "run.format_version", "run.device", "run.torch_threads")
"""Keys that do not make two runs different experiments: the seed, the file format, and where and
on how many threads a run trained (they change the last bits of the numbers only)."""
DDOF = 1
"""Delta degrees of freedom of the group's standard deviation: 1, the sample standard
deviation (``numpy.std(values, ddof=1)``)."""
SCALARS = ("loss", "lr", "val")
"""The curves of a run a group averages: the smoothed training loss (as the runs are drawn),
the learning rate, the validation loss."""


def group_key_mode(key: str) -> str:
    """The grouping mode that makes a group per value of the setting ``key`` (``section.field``)."""
    return KEY_PREFIX + key


@dataclass(frozen=True)
class RunGroup:
    """Runs drawn as one group.

    Attributes
    ----------
    key
        Its identity: ``seed:<digest of the shared config>`` or ``<section.field>=<value>``
        (stable across restarts: its colour is a function of it).
    label
        How the legend names it (without n): the runs' common name with the seed's part cut
        off, or ``section.field = value``.
    members
        The runs' names (folder names), in the order they were given.
    """

    key: str
    label: str
    members: tuple[str, ...]

    @property
    def n(self) -> int:
        return len(self.members)


def _canon(value: Any) -> str:
    return json.dumps(_norm(value), sort_keys=True, default=str)


def _common_label(names: Sequence[str]) -> str:
    """The names' common beginning, cut back to a separator and stripped of them (``lr3e-4-s1``,
    ``lr3e-4-s2`` -> ``lr3e-4``; ``run1``, ``run2`` -> ``run``); the first name and "…" when
    they share nothing."""
    first = min(names)
    last = max(names)
    i = 0
    while i < min(len(first), len(last)) and first[i] == last[i]:
        i += 1
    prefix = first[:i]
    if i < len(first) and i < len(last):  # cut inside a word: back to the last separator
        cut = max(prefix.rfind(c) for c in "-_. ")
        if cut > 0:
            prefix = prefix[:cut]
    prefix = prefix.rstrip("-_. ")
    return prefix if prefix else f"{names[0]} …"


def group_runs(configs: dict[str, dict], mode: str, branches: Iterable[str] = ()) -> list[RunGroup]:
    """The groups of ``configs`` (run name to its ``config_to_dict`` dict, in display order)
    under ``mode`` (module docstring): ``"off"``, ``"seed"`` or ``"key:<section.field>"``.
    Groups of two or more runs only, in the order of their first run; a run with an empty
    config (unreadable) is in none, nor, by seed, one of ``branches`` (runs taken from another
    run's checkpoint: a continuation, not a repeat, however equal its settings); by seed, runs
    whose settings are all equal, their seed too (copies, reruns), are no group: a group has two
    seeds at least.

    Raises
    ------
    ValueError
        An unknown mode, or a config value nested deeper than any config's (a damaged dict).
    """
    if mode == GROUP_OFF:
        return []
    buckets: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    if mode == GROUP_SEED:
        branches = set(branches)
        seeds: dict[str, set[str]] = {}
        for name, cfg in configs.items():
            if not cfg or name in branches:
                continue
            flat = {k: v for k, v in _flatten(cfg).items() if k not in SEED_IGNORED}
            if flat.get("model.gelu_approximate") is None:  # older runs lack the key: it was "none"
                flat["model.gelu_approximate"] = "none"
            canon = _canon(flat)
            key = "seed:" + hashlib.blake2s(canon.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()
            buckets.setdefault(key, []).append(name)
            seeds.setdefault(key, set()).add(_canon(_flatten(cfg).get("run.seed")))
        for key in [k for k, v in seeds.items() if len(v) < 2]:  # copies or reruns of one seed: no seeds to average
            del buckets[key]
        for key, names in buckets.items():
            labels[key] = _common_label(names)
    elif mode.startswith(KEY_PREFIX) and len(mode) > len(KEY_PREFIX):
        setting = mode[len(KEY_PREFIX):]
        for name, cfg in configs.items():
            if not cfg:
                continue
            value = _flatten(cfg).get(setting)
            text = _canon(value) if not isinstance(value, str) else value
            key = f"{setting}={text}"
            buckets.setdefault(key, []).append(name)
            labels[key] = f"{setting} = {text[:60]}"
    else:
        raise ValueError(f"unknown grouping {mode!r}: 'off', 'seed' or 'key:<section.field>'")
    return [RunGroup(key, labels[key], tuple(names)) for key, names in buckets.items() if len(names) >= 2]


@dataclass(frozen=True)
class GroupStats:
    """A group's curves of one scalar on one x axis, point for point (each (G,)): ``x`` the grid
    (ascending), ``mean``, ``std`` (sample, ``ddof=1``; NaN where ``n < 2``), ``lo`` and ``hi``
    (min and max), ``n`` (runs with a finite value at x; int64)."""

    x: np.ndarray
    mean: np.ndarray
    std: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    n: np.ndarray


def _values_on(grid: np.ndarray, x: np.ndarray, y: np.ndarray, out: np.ndarray) -> None:
    """Write the run (x, y) on the ascending ``grid`` into ``out`` (G,) (NaN-filled): linear
    interpolation inside ``[x[0], x[-1]]``, nothing outside (nor where a neighbouring value is
    not finite)."""
    if not len(x):
        return
    i, j = int(np.searchsorted(grid, x[0], side="left")), int(np.searchsorted(grid, x[-1], side="right"))
    if j <= i:
        return
    g = grid[i:j]
    finite = np.isfinite(y)
    if finite.all():
        out[i:j] = np.interp(g, x, y)
        return
    # np.interp treats a NaN neighbour as a number: interpolate the finiteness too (1 only when
    # both neighbours are finite, or at a finite point itself)
    v = np.interp(g, x, np.where(finite, y, 0.0))
    ok = np.interp(g, x, finite.astype(np.float64)) >= 1.0 - 1e-12
    out[i:j] = np.where(ok, v, np.nan)


def group_stats(runs: Sequence[tuple[np.ndarray, np.ndarray]], after: float | None = None,
                upto: float | None = None) -> GroupStats:
    """The group's statistics (module docstring) of the runs' ``(x, y)`` curves (each (N_i,),
    x ascending; y in the scalar's units), at the grid's points in ``(after, upto]`` (all when
    None).

    Notes
    -----
    Costs a sort of the grid (the union of the runs' x values) and one ``numpy.interp`` per run:
    O(k G log G) for k runs on a grid of G points.
    """
    xs, parts = [], []
    for x, y in runs:
        x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
        i = int(np.searchsorted(x, after, side="right")) if after is not None else 0
        j = int(np.searchsorted(x, upto, side="right")) if upto is not None else len(x)
        xs.append(x[i:j])
        # the points in range, and one on either side (to interpolate from)
        x, y = x[max(0, i - 1):j + 1], y[max(0, i - 1):j + 1]
        parts.append((x, y))
    grid = np.concatenate(xs) if xs else np.zeros(0)
    grid = np.sort(grid[np.isfinite(grid)], kind="stable")  # runs of sorted values: merged, not sorted anew
    if len(grid):
        grid = grid[np.concatenate(([True], grid[1:] != grid[:-1]))]
    if not len(grid):
        empty = np.zeros(0)
        return GroupStats(empty, empty, empty, empty, empty, np.zeros(0, dtype=np.int64))
    vals = np.full((len(parts), len(grid)), np.nan)
    for row, (x, y) in zip(vals, parts, strict=True):
        _values_on(grid, x, y, row)
    finite = np.isfinite(vals)
    n = finite.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        vals0 = np.where(finite, vals, 0.0)
        mean = vals0.sum(axis=0) / n  # NaN where n = 0
        dev = (vals0 - mean) * finite
        var = np.einsum("ij,ij->j", dev, dev) / (n - DDOF)
        std = np.where(n > DDOF, np.sqrt(np.abs(var)), np.nan)
        lo = np.fmin.reduce(vals, axis=0)  # fmin and fmax leave NaN out (NaN where all are)
        hi = np.fmax.reduce(vals, axis=0)
    return GroupStats(grid, mean, std, lo, hi, n.astype(np.int64))


class GroupSeries:
    """A group's curves of one scalar on one x axis, kept as growable arrays a plot binds to.

    Each :meth:`update` computes again only the grid points a run's growth can change: those
    after the earliest previous end of a run that grew, up to the latest new end of one (a run
    only appends: before its previous end nothing of it changed, and past its new end it covers
    nothing). Seeds trained one after another (the others done, one growing) cost what the
    growing run's new points cost; when the points computed are not the last ones, the arrays
    after them are moved (cleared and refilled: a display buffer built on them starts over).

    Attributes
    ----------
    x, mean, std, lo, hi, n
        :class:`GroupStats`' arrays as :class:`GrowableArray` (``n`` as float64).
    upper, lower
        ``mean ± std`` (``mean`` itself where ``std`` is NaN: no band where n < 2).
    recomputed
        Points computed by the last :meth:`update` (0: nothing changed).
    """

    FIELDS = ("x", "mean", "std", "lo", "hi", "n", "upper", "lower")

    def __init__(self) -> None:
        for f in self.FIELDS:
            setattr(self, f, GrowableArray(np.float64))
        self._lasts: tuple[float, ...] | None = None  # each run's last x at the last update
        self._sources: tuple = ()  # identity of the inputs
        self.recomputed = 0

    def __len__(self) -> int:
        return len(self.x)

    def _splice(self, i0: int, i1: int, stats: GroupStats) -> None:
        """Replace the points ``[i0, i1)`` by ``stats``' points."""
        band = np.where(np.isfinite(stats.std), stats.std, 0.0)
        new = {"x": stats.x, "mean": stats.mean, "std": stats.std, "lo": stats.lo, "hi": stats.hi,
               "n": stats.n.astype(np.float64), "upper": stats.mean + band, "lower": stats.mean - band}
        for f in self.FIELDS:
            a: GrowableArray = getattr(self, f)
            if i0 == len(a):  # appended: a display buffer takes only the new points
                a.extend(new[f])
                continue
            rest = a.data[i1:].copy()
            a.truncate(i0)
            a.extend(new[f])
            a.extend(rest)

    def update(self, runs: Sequence[tuple[np.ndarray, np.ndarray]], sources: tuple) -> bool:
        """Bring the curves up to date with ``runs`` (each ``(x, y)``, x ascending); ``sources``
        identifies the inputs (the members and their read generations): when it changes, or a
        run got shorter, everything is recomputed. True if anything changed."""
        lasts = tuple(float(x[-1]) if len(x) else -np.inf for x, _ in runs)
        old = self._lasts
        full = (sources != self._sources or old is None or len(old) != len(lasts)
                or any(b < a or np.isnan(b) for a, b in zip(old, lasts, strict=True)))
        self._sources, self._lasts = sources, lasts
        if full:
            stats = group_stats(runs)
            self._splice(0, len(self.x), stats)
            self.recomputed = len(stats.x)
            return True
        grown = [(a, b) for a, b in zip(old, lasts, strict=True) if b > a]
        if not grown:
            self.recomputed = 0
            return False
        after = min(a for a, _ in grown)
        after = after if np.isfinite(after) else None  # a run that had no point: from the start
        upto = max(b for _, b in grown)
        stats = group_stats(runs, after, upto)
        xd = self.x.data
        i0 = int(np.searchsorted(xd, after, side="right")) if after is not None else 0
        self._splice(i0, int(np.searchsorted(xd, upto, side="right")), stats)
        self.recomputed = len(stats.x)
        return True

    def stats(self) -> GroupStats:
        """A copy of the curves now."""
        return GroupStats(self.x.data.copy(), self.mean.data.copy(), self.std.data.copy(), self.lo.data.copy(),
                          self.hi.data.copy(), self.n.data.astype(np.int64))


def _curve(run: CompareRun, scalar: str) -> tuple[XSeries, str]:
    """The run's series of ``scalar`` and which of its arrays is drawn (as the runs are drawn)."""
    return {"loss": (run.loss, "smoothed"), "lr": (run.lr, "values"), "val": (run.val, "values")}[scalar]


class ScaledSeries:
    """A group's curves on x = tokens seen when all its runs see the same tokens per step: its
    curves on x = step with x scaled (the same grid, the same values: nothing computed again).
    Reads as a :class:`GroupSeries` (its arrays are the step curves' but ``x``).

    Parameters
    ----------
    base
        The group's curves on x = step.
    factor
        Tokens per step.
    """

    def __init__(self, base: GroupSeries, factor: float) -> None:
        self.base, self.factor = base, float(factor)
        self.x = GrowableArray(np.float64)
        self._resets: int | None = None

    def __getattr__(self, name: str):
        return getattr(self.base, name)

    def __len__(self) -> int:
        return len(self.base)

    def sync(self) -> None:
        """Follow the step curves' x: the new points appended, all of them after a splice."""
        bx = self.base.x
        if self._resets != bx.resets or len(self.x) > len(bx):
            self.x.clear()
            self._resets = bx.resets
        if len(self.x) < len(bx):
            self.x.extend(bx.data[len(self.x):] * self.factor)

    def stats(self) -> GroupStats:
        """A copy of the curves now."""
        st = self.base.stats()
        return GroupStats(self.x.data.copy(), st.mean, st.std, st.lo, st.hi, st.n)


class GroupCurves:
    """One group's curves: a :class:`GroupSeries` per scalar (:data:`SCALARS`) and x axis, from
    its member :class:`CompareRun` s, computed on the axes asked for.

    Parameters
    ----------
    group
        Which runs.
    runs
        The members' :class:`CompareRun`, in the order of ``group.members``.
    """

    def __init__(self, group: RunGroup, runs: Sequence[CompareRun]) -> None:
        self.group = group
        self.runs = list(runs)
        self.series: dict[tuple[str, XAxis], GroupSeries | ScaledSeries] = {}

    def get(self, scalar: str, axis: XAxis) -> GroupSeries | ScaledSeries:
        """The group's curves of ``scalar`` on ``axis``, brought up to date (on tokens seen, when
        every run sees the same tokens per step, the curves on step scaled)."""
        axis = XAxis(axis)
        key = (scalar, axis)
        tps = {run.tokens_per_step for run in self.runs}
        if axis is XAxis.TOKENS and len(tps) == 1 and min(tps) > 0:
            base = self.get(scalar, XAxis.STEP)
            scaled = self.series.get(key)
            if not isinstance(scaled, ScaledSeries) or scaled.base is not base or scaled.factor != min(tps):
                scaled = self.series[key] = ScaledSeries(base, min(tps))
            scaled.sync()
            return scaled
        gs = self.series.get(key)
        if not isinstance(gs, GroupSeries):
            gs = self.series[key] = GroupSeries()
        self._update(gs, scalar, axis)
        return gs

    def _update(self, gs: GroupSeries, scalar: str, axis: XAxis) -> bool:
        curves = []
        sources = []
        for run in self.runs:
            series, what = _curve(run, scalar)
            x = series.x(axis).data
            y = getattr(series.series, what).data
            m = min(len(x), len(y))
            curves.append((x[:m], y[:m]))
            sources.append((str(run.path), run.generation, run.smoothing if scalar == "loss" else 0.0,
                            series.series.steps.resets, getattr(series.series, what).resets))
        return gs.update(curves, tuple(sources))

    def update(self, axis: XAxis, scalars: Iterable[str] = SCALARS) -> None:
        """Bring the curves of ``scalars`` on ``axis`` up to date (:meth:`get` each)."""
        for s in scalars:
            self.get(s, axis)
