"""A sweep's numbers, for its view and for scripts: a table of runs × final and best metrics
(:func:`sweep_table`), and a metric against one swept key, per seed and as the mean ± std across
seeds (:func:`metric_by_key`). Read-only; Qt-free.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..metrics import TRAIN_LOSS, VAL_LOSS
from ..rundir.layout import METRICS_DB
from ..rundir.reader import RunReader
from ..rundir.store import StoreError
from .state import SweepRunInfo, SweepRunStatus

__all__ = ["SweepRow", "KeySeries", "METRICS", "sweep_table", "metric_by_key", "read_run_metrics"]

METRICS = ("final_val", "best_val", "final_train")
"""The metrics of a row (nats/token): the last ``val/loss``, the lowest finite ``val/loss``, the
last ``train/loss``."""


@dataclass(frozen=True)
class SweepRow:
    """One run of the sweep's table.

    Attributes
    ----------
    name, path
        The run's folder name and folder.
    values
        Its swept values, by key.
    seed
        Its ``run.seed``.
    status
        :class:`~.state.SweepRunStatus`.
    steps, target
        Steps trained; the step it trains to.
    metrics
        :data:`METRICS` (nats/token; NaN where none was logged yet).
    """

    name: str
    path: Path
    values: dict[str, Any]
    seed: int
    status: SweepRunStatus
    steps: int
    target: int
    metrics: dict[str, float] = field(default_factory=dict)


def read_run_metrics(run_dir: str | Path) -> dict[str, float]:
    """:data:`METRICS` of the run in ``run_dir`` (NaN for each one it has not logged, or when its
    store cannot be read); never raises for a damaged or missing store."""
    out = dict.fromkeys(METRICS, math.nan)
    try:
        reader = RunReader(Path(run_dir) / METRICS_DB)
    except (StoreError, OSError):  # no store yet (or one being made): nothing logged
        return out
    try:
        _, val = reader.scalars(VAL_LOSS)
        _, train = reader.scalars(TRAIN_LOSS)
    except sqlite3.Error:
        return out
    finally:
        reader.close()
    finite = val[np.isfinite(val)]
    out["final_val"] = float(val[-1]) if len(val) else math.nan
    out["best_val"] = float(finite.min()) if len(finite) else math.nan
    out["final_train"] = float(train[-1]) if len(train) else math.nan
    return out


def sweep_table(states: Sequence[SweepRunInfo]) -> list[SweepRow]:
    """The sweep's table: each run (in the sweep's order) with its values, seed, state, steps and
    :data:`METRICS` read from its store (a run not started has NaN metrics)."""
    rows = []
    for s in states:
        metrics = (dict.fromkeys(METRICS, math.nan) if s.status in (SweepRunStatus.PENDING, SweepRunStatus.FOREIGN)
                   else read_run_metrics(s.path))
        rows.append(SweepRow(s.run.name, s.path, dict(s.run.values), s.run.seed, s.status, s.steps, s.run.steps,
                             metrics))
    return rows


@dataclass(frozen=True)
class KeySeries:
    """A metric against one swept key, for one combination of the other keys' values.

    Attributes
    ----------
    others
        The other keys' values of this series (empty when one key is swept).
    x
        The key's values, in the sweep's order, (K,).
    points
        Each seed's value at each x: ``{seed: (K,) float64}`` (NaN where that run has none).
    mean, std
        (K,) float64: the mean and the standard deviation across the seeds with a finite value
        (numpy's ``mean`` and ``std``, ``ddof=0``); NaN where no seed has one.
    n
        (K,) int64: how many seeds have a finite value at each x.
    """

    others: dict[str, Any]
    x: tuple[Any, ...]
    points: dict[int, np.ndarray]
    mean: np.ndarray
    std: np.ndarray
    n: np.ndarray


def metric_by_key(rows: Sequence[SweepRow], keys: Sequence[str], key: str, metric: str) -> list[KeySeries]:
    """``metric`` (one of :data:`METRICS`) against swept ``key``: one :class:`KeySeries` per
    combination of the other swept keys' values (in the sweep's order).

    Raises
    ------
    KeyError
        ``key`` is not one of ``keys``, or ``metric`` not one of :data:`METRICS`.
    """
    if key not in keys:
        raise KeyError(key)
    if metric not in METRICS:
        raise KeyError(metric)
    others_keys = [k for k in keys if k != key]
    xs: list[Any] = []
    groups: dict[tuple, dict[int, dict[int, float]]] = {}
    order: list[tuple] = []
    for row in rows:
        v = row.values[key]
        if not any(_same(v, x) for x in xs):
            xs.append(v)
        i = next(j for j, x in enumerate(xs) if _same(v, x))
        other = tuple(_hashable(row.values[k]) for k in others_keys)
        if other not in groups:
            groups[other] = {}
            order.append(other)
        groups[other].setdefault(row.seed, {})[i] = row.metrics.get(metric, math.nan)
    out = []
    for other in order:
        points = {}
        for seed, by_x in groups[other].items():
            points[seed] = np.array([by_x.get(i, math.nan) for i in range(len(xs))], dtype=np.float64)
        table = np.vstack(list(points.values())) if points else np.full((0, len(xs)), np.nan)
        finite = np.isfinite(table)
        n = finite.sum(axis=0).astype(np.int64)
        mean = np.full(len(xs), np.nan)
        std = np.full(len(xs), np.nan)
        for i in range(len(xs)):
            col = table[finite[:, i], i]
            if len(col):
                mean[i], std[i] = np.mean(col), np.std(col)
        out.append(KeySeries(dict(zip(others_keys, (o[1] for o in other), strict=True)), tuple(xs), points,
                             mean, std, n))
    return out


def _hashable(v: Any) -> tuple[str, Any]:
    return (type(v).__name__, v)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b
