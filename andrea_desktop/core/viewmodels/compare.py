"""Qt-free model of a comparison: each compared run's curves, read from its store read-only and
followed while it grows, on three x axes (step, tokens seen, active training time).

A :class:`CompareRun` reads the scalars the loss and LR panels draw (``train/loss`` smoothed by
the panel's debiased EMA, ``train/lr``, ``val/loss``, and per source ``train/loss/<source>``
and ``val/loss/<source>``) once, then only the rows past the newest step it has
(:meth:`CompareRun.poll`, a cheap indexed query; nothing at all when the database's files did not
change). A run resumed from a checkpoint deletes and rewrites the rows after it: a new ``start``
event makes the next poll read the run again from the beginning.

x coordinates, per point:

- ``step``: the optimiser step;
- ``tokens``: step x batch size x context length (training tokens seen at the end of the step);
- ``wall``: seconds of *active* training (:class:`ActiveClock`): each session of the run (from a
  ``start`` event to the next) is timed from its own start event, with its pauses taken out, and
  the sessions are laid end to end. A clock set back between sessions (another machine, a time
  zone) cannot draw the curve backwards, and neither a pause nor the hours between a stop and a
  resume leave a gap. A store without ``start`` events is timed from its first row.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import numpy as np

from ..anomaly import is_follow_up
from ..config import ConfigError, load_config
from ..config.toml_io import config_to_dict
from ..metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS, EventKind, ValueEnum, parse_scalar_name
from ..rundir.layout import CONFIG, METRICS_DB
from ..rundir.lineage import read_parent
from ..rundir.reader import RunReader
from ..rundir.store import EmptyStoreError, StoreError
from .history import GrowableArray, Series

__all__ = ["XAxis", "X_LABELS", "XSeries", "CompareRun", "ActiveClock", "MARKED_EVENTS", "MAX_RUN_MARKERS"]

log = logging.getLogger(__name__)

CLOCK_EVENTS = (EventKind.START.value, EventKind.PAUSE.value, EventKind.RESUME.value)
"""The event kinds :class:`ActiveClock` times a run by."""
MARKED_EVENTS = (EventKind.LR_WARMUP_END.value, EventKind.CURRICULUM_WARMUP_END.value, EventKind.PIVOT.value,
                 EventKind.ANOMALY.value, EventKind.PAUSE.value, EventKind.CONFIG_CHANGED.value)
"""The event kinds a comparison marks on its x axis, per run in the run's colour (the kinds the
window's own loss and LR panels mark; an anomaly episode once, at its start)."""
MAX_RUN_MARKERS = 100
"""Markers a compared run keeps at most, its newest (a run that logged thousands of events draws
the newest ones: every marker is a plot item)."""


class XAxis(ValueEnum):
    """The x axis of a comparison."""

    STEP = "step"
    TOKENS = "tokens"
    WALL = "wall"


X_LABELS = {XAxis.STEP: ("step", ""), XAxis.TOKENS: ("tokens seen", "tok"),
            XAxis.WALL: ("active training time", "s")}
"""Axis label and unit of each x axis."""


class ActiveClock:
    """Seconds of active training a stored row's wall time stands for (module docstring).

    Parameters
    ----------
    events
        The run's ``(step, kind, payload, wall_time)`` events in the order written
        (:meth:`~andrea_desktop.core.rundir.reader.RunReader.events`); only ``start``, ``pause``
        and ``resume`` count.

    Notes
    -----
    A row at step ``r`` belongs to the last session whose start step is before ``r`` (a resumed
    session rewrites the rows after its checkpoint's step). Its time is ``base + (wall - start) -
    paused``: ``start`` the session's start event's wall time, ``paused`` the pauses of that
    session that ended before the row, and ``base`` the active time of the previous sessions' row
    at the session's start step (0 for the first). A row outside every session (a store without
    ``start`` events) is timed from the run's first row.
    """

    def __init__(self, events) -> None:
        self.sessions: list[tuple[int, float]] = []  # (start step, start wall time)
        self.pauses: list[list[tuple[float, float]]] = []  # per session: (paused at, resumed at)
        paused_at = None
        for step, kind, _payload, wall in events:
            if wall is None or not np.isfinite(wall):
                continue
            if kind == EventKind.START:
                self.sessions.append((int(step), float(wall)))
                self.pauses.append([])
                paused_at = None
            elif kind == EventKind.PAUSE and self.sessions:
                paused_at = float(wall)
            elif kind == EventKind.RESUME and self.sessions and paused_at is not None:
                if wall >= paused_at:
                    self.pauses[-1].append((paused_at, float(wall)))
                paused_at = None
        self.bases: dict[int, float] = {}

    def session_of(self, steps: np.ndarray) -> np.ndarray:
        """(N,) the session index of each step (-1: before every session)."""
        out = np.full(len(steps), -1, dtype=np.int64)
        for k, (start, _wall) in enumerate(self.sessions):  # later sessions win: they rewrote the rows after start
            out[steps > start] = k
        if self.sessions:
            out[(out < 0) & (steps <= self.sessions[0][0])] = 0  # the first session's own rows at its start step
        return out

    def active(self, steps: np.ndarray, walls: np.ndarray, t0: float, known=None) -> np.ndarray:
        """(N,) active seconds of rows at ``steps`` with ``walls`` (seconds since the epoch).

        ``t0`` times rows outside every session; ``known(step)`` gives the active time already
        drawn for the last row at or before a step (the previous sessions' rows read by an earlier
        poll), or None."""
        steps = np.asarray(steps, dtype=np.int64)
        walls = np.asarray(walls, dtype=np.float64)
        out = walls - t0
        if not self.sessions:
            return out
        session = self.session_of(steps)
        order = np.argsort(steps, kind="stable")
        for k, (start, start_wall) in enumerate(self.sessions):
            sel = session == k
            if not sel.any():
                continue
            base = self.bases.get(k)
            if base is None:
                base = 0.0
                if k > 0:  # the earlier rows at or before this session's start step, from this batch or drawn
                    before = order[(steps[order] <= start) & (session[order] < k)]
                    if len(before):
                        base = float(out[before[-1]])
                    elif known is not None:
                        base = known(start) or 0.0
                self.bases[k] = base
            w = walls[sel]
            paused = np.zeros(len(w))
            for p, q in self.pauses[k]:
                paused += np.clip(w - p, 0.0, q - p)  # a row during a pause is timed at its start
            out[sel] = base + np.maximum(w - start_wall, 0.0) - paused
        return out


class XSeries:
    """A scalar of a compared run: its :class:`Series` (steps, values, debiased EMA) and, point
    for point, its tokens seen and active training time.

    Parameters
    ----------
    smoothing
        EMA weight (0: the values themselves).
    """

    def __init__(self, smoothing: float = 0.0) -> None:
        self.series = Series(smoothing)
        self.tokens = GrowableArray(np.float64)
        self.wall = GrowableArray(np.float64)

    def __len__(self) -> int:
        return len(self.series)

    @property
    def last_step(self) -> float:
        s = self.series.steps
        return float(s.data[-1]) if len(s) else -1.0

    def extend(self, steps: np.ndarray, values: np.ndarray, walls: np.ndarray, tokens_per_step: int,
               t0: float = 0.0) -> None:
        """Append points: ``steps`` (N,), ``values`` (N,), ``walls`` (N,) seconds on the wall
        axis, less ``t0``."""
        self.series.extend(steps, values)
        self.tokens.extend(np.asarray(steps, dtype=np.float64) * tokens_per_step)
        self.wall.extend(np.asarray(walls, dtype=np.float64) - t0)

    def x(self, axis: XAxis) -> GrowableArray:
        """The x coordinates on ``axis``."""
        return {XAxis.STEP: self.series.steps, XAxis.TOKENS: self.tokens, XAxis.WALL: self.wall}[axis]

    def clear(self) -> None:
        self.series.clear()
        self.tokens.clear()
        self.wall.clear()


class CompareRun:
    """One compared run's curves (module docstring).

    Parameters
    ----------
    path
        The run folder (read-only access is enough).
    smoothing
        EMA weight of the training-loss curves (the loss panel's).

    Attributes
    ----------
    loss, lr, val
        ``train/loss`` (smoothed), ``train/lr``, ``val/loss`` (:class:`XSeries`).
    sources, val_sources
        ``train/loss/<source>`` (smoothed) and ``val/loss/<source>`` by source.
    generation
        Counts re-reads from the beginning (a resume rewrote rows): curves bound to the old
        arrays rebind.
    markers
        The run's events of :data:`MARKED_EVENTS`, ``(step, kind, payload)`` in the order written
        (its newest :data:`MAX_RUN_MARKERS`); :meth:`marker_x` places them on an x axis.
    error
        Why the run could not be read ("" if it could).
    """

    def __init__(self, path: str | Path, smoothing: float = 0.9) -> None:
        self._init_state(Path(path), smoothing)
        try:
            cfg = load_config(self.path / CONFIG)
            self.tokens_per_step = cfg.train.batch_size * cfg.model.block_size
            self.config = config_to_dict(cfg)
            self.branch = read_parent(self.path) is not None
        except (ConfigError, OSError) as exc:
            self.error = str(exc)[:300]

    def _init_state(self, path: Path, smoothing: float) -> None:
        self.path = path
        self.smoothing = smoothing
        self.loss = XSeries(smoothing)
        self.lr = XSeries()
        self.val = XSeries()
        self.sources: dict[str, XSeries] = {}
        self.val_sources: dict[str, XSeries] = {}
        self.generation = 0
        self.error = ""
        self.tokens_per_step = 0
        self.config: dict = {}
        """Its ``config.toml`` as ``config_to_dict`` gives it (empty when unreadable): seed groups
        compare them."""
        self.branch = False
        """Whether it is a branch (it has a parent: its curves start at the step it was taken
        from): never in a seed group."""
        self.t0: float | None = None
        self._reader: RunReader | None = None
        self._sig: tuple | None = None
        self._starts: int | None = None
        self._names: list[str] = []
        self._max_step = -1
        self._clock: ActiveClock | None = None
        self._clock_events = 0
        self.markers: list[tuple[int, str, dict]] = []

    @classmethod
    def from_arrays(cls, name: str, steps, loss, lr, walls, tokens_per_step: int = 1,
                    smoothing: float = 0.9, config: dict | None = None) -> CompareRun:
        """A compared run built from arrays, not read from a store (benchmarks, previews):
        ``steps``, ``loss``, ``lr`` and ``walls`` (seconds since the epoch) are (N,) each;
        ``config`` its settings (``config_to_dict`` form; none: empty)."""
        run = cls.__new__(cls)
        cls._init_state(run, Path(name), smoothing)
        run.tokens_per_step = int(tokens_per_step)
        run.config = dict(config or {})
        run._sig = ()  # no store: polls read nothing
        walls = np.asarray(walls, dtype=np.float64)
        run.t0 = float(walls[0]) if len(walls) else 0.0
        for series, values in ((run.loss, loss), (run.lr, lr)):
            series.extend(np.asarray(steps), np.asarray(values, dtype=np.float64), walls, run.tokens_per_step,
                          run.t0)
        return run

    @property
    def name(self) -> str:
        return self.path.name

    def all_series(self) -> list[XSeries]:
        return [self.loss, self.lr, self.val, *self.sources.values(), *self.val_sources.values()]

    def set_smoothing(self, weight: float) -> None:
        """EMA weight of the training-loss curves (total and per source)."""
        self.smoothing = weight
        self.loss.series.smoothing = weight
        for s in self.sources.values():
            s.series.smoothing = weight

    def close(self) -> None:
        """Close the read connection."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    def _db_signature(self) -> tuple:
        out = []
        for name in (METRICS_DB, METRICS_DB + "-wal"):
            try:
                st = (self.path / name).stat()
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    def _clear(self) -> None:
        for s in self.all_series():
            s.clear()
        self.sources.clear()
        self.val_sources.clear()
        self._max_step = -1
        self.t0 = None
        self._clock = None
        self.markers = []
        self.generation += 1

    def poll(self) -> bool:
        """Read the rows written since the last poll (all of them the first time); True if a
        curve changed. Never raises for an unreadable run: :attr:`error` says why."""
        if self.error and not self.tokens_per_step:
            return False
        if self._sig == ():  # built from arrays: no store
            return False
        sig = self._db_signature()
        if sig == self._sig:
            return False
        try:
            if self._reader is None:
                if not (self.path / METRICS_DB).is_file():
                    return False
                self._reader = RunReader(self.path / METRICS_DB)
            changed = self._read(self._reader)
        except EmptyStoreError:
            return False
        except (OSError, StoreError, sqlite3.Error) as exc:
            self.error = str(exc)[:300]
            self.close()
            return False
        self._sig = sig
        self.error = ""
        return changed

    def _read(self, reader: RunReader) -> bool:
        changed = False
        with reader.snapshot():
            starts = reader.count_events(EventKind.START.value)
            starts_changed = self._starts is not None and starts != self._starts
            if starts_changed:  # resumed: rows after a checkpoint rewritten
                self._clear()
                changed = True
            events = reader.events(kinds=CLOCK_EVENTS + MARKED_EVENTS)
            marked = [(int(step), kind, payload) for step, kind, payload, _wall in events
                      if kind in MARKED_EVENTS and isinstance(step, int) and not is_follow_up(payload)
                      ][-MAX_RUN_MARKERS:]  # an anomaly episode marked once, at its start
            if marked != self.markers:
                self.markers = marked
                changed = True
            events = [e for e in events if e[1] in CLOCK_EVENTS]
            events_changed = len(events) != self._clock_events
            self._clock_events = len(events)
            # a young run may not have logged every source yet: its names are listed again
            if self._starts is None or starts != self._starts or not self._names or self._max_step < 200:
                self._names = [n for n in reader.scalar_names() if n in (TRAIN_LOSS, TRAIN_LR, VAL_LOSS)
                               or parse_scalar_name(n).group in ("source", "val_source")]
            self._starts = starts
            if not self._names:
                return changed
            # one step back: a validation row of the newest step may be committed after its loss
            rows = reader.scalar_rows(self._names, self._max_step - 1 if self._max_step >= 0 else None)
        if not rows:
            return changed
        steps = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        values = np.fromiter((np.nan if r[2] is None else r[2] for r in rows), dtype=np.float64, count=len(rows))
        walls = np.fromiter((np.nan if r[3] is None else r[3] for r in rows), dtype=np.float64, count=len(rows))
        names = np.asarray([r[1] for r in rows], dtype=object)
        if self.t0 is None:
            self.t0 = float(walls[0]) if np.isfinite(walls[0]) else 0.0
        if self._clock is None or starts_changed or events_changed:
            clock = ActiveClock(events)
            if self._clock is not None and clock.sessions == self._clock.sessions:
                clock.bases = self._clock.bases  # the sessions drawn so far keep their bases
            self._clock = clock
        walls = self._clock.active(steps, walls, self.t0, self._drawn_at)
        for name in dict.fromkeys(names.tolist()):
            target = self._series(name)
            sel = names == name
            s, v, w = steps[sel], values[sel], walls[sel]
            keep = s > target.last_step  # rows already taken (the step read again) are skipped
            if keep.any():
                order = np.argsort(s[keep], kind="stable")
                target.extend(s[keep][order], v[keep][order], w[keep][order], self.tokens_per_step)
                changed = True
        self._max_step = max(self._max_step, int(steps.max()))
        return changed

    def marker_x(self, axis: XAxis) -> np.ndarray:
        """(len(markers),) where each of :attr:`markers` lies on ``axis``: its step; the tokens
        seen by then (``step * tokens_per_step``); or the active training time of the run's
        training-loss rows at that step (linear between rows, the nearest end outside them; NaN
        while the run has no rows)."""
        steps = np.fromiter((m[0] for m in self.markers), dtype=np.float64, count=len(self.markers))
        if axis is XAxis.STEP:
            return steps
        if axis is XAxis.TOKENS:
            return steps * self.tokens_per_step
        have = self.loss.series.steps.data
        if not len(have):
            return np.full(len(steps), np.nan)
        return np.interp(steps, have.astype(np.float64), self.loss.wall.data)

    def _drawn_at(self, step: int) -> float | None:
        """The active time already drawn for the last training-loss row at or before ``step``."""
        steps = self.loss.series.steps.data
        i = int(np.searchsorted(steps, step, side="right")) - 1
        return float(self.loss.wall.data[i]) if i >= 0 else None

    def _series(self, name: str) -> XSeries:
        if name == TRAIN_LOSS:
            return self.loss
        if name == TRAIN_LR:
            return self.lr
        if name == VAL_LOSS:
            return self.val
        p = parse_scalar_name(name)
        table, smoothing = ((self.sources, self.smoothing) if p.group == "source" else (self.val_sources, 0.0))
        if p.source not in table:
            table[p.source] = XSeries(smoothing)
        return table[p.source]
