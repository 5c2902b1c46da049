"""Qt-free history of a run as the panels draw it: growable arrays and debiased EMA.

The GUI appends every step the worker reports (values are recorded, only drawing is
throttled); arrays grow by doubling, so appending is amortised O(1) and the panels hand
views (no copies) to pyqtgraph.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..metrics import EventKind

__all__ = ["GrowableArray", "Series", "ema_debiased", "EmaState", "RunHistory"]


class GrowableArray:
    """A 1-D array that grows by doubling.

    Parameters
    ----------
    dtype
        Element type.
    capacity
        Initial capacity.
    """

    def __init__(self, dtype=np.float64, capacity: int = 1024) -> None:
        self._data = np.empty(max(1, capacity), dtype=dtype)
        self._n = 0
        self.resets = 0
        """Counts :meth:`clear` calls: a cache built from the values (a display buffer) can tell
        that they were replaced, not only appended to."""

    def __len__(self) -> int:
        return self._n

    def extend(self, values) -> None:
        """Append ``values`` (array-like, 1-D)."""
        values = np.asarray(values, dtype=self._data.dtype).ravel()
        need = self._n + len(values)
        if need > len(self._data):
            cap = len(self._data)
            while cap < need:
                cap *= 2
            new = np.empty(cap, dtype=self._data.dtype)
            new[: self._n] = self._data[: self._n]
            self._data = new
        self._data[self._n : need] = values
        self._n = need

    def append(self, value) -> None:
        """Append one value."""
        self.extend([value])

    def clear(self) -> None:
        """Drop every value (keeps the capacity)."""
        self._n = 0
        self.resets += 1

    def truncate(self, n: int) -> None:
        """Keep the first ``n`` values only; a cache built from the values starts over, as after
        :meth:`clear` (nothing happens when there are no more than ``n``)."""
        if n < self._n:
            self._n = max(0, int(n))
            self.resets += 1

    @property
    def data(self) -> np.ndarray:
        """A view of the values (valid until the next append)."""
        return self._data[: self._n]


@dataclass
class EmaState:
    """Running state of :func:`ema_debiased` (for incremental updates)."""

    last: float = 0.0
    count: int = 0


def ema_debiased(
    values: np.ndarray, weight: float, state: EmaState | None = None
) -> tuple[np.ndarray, EmaState]:
    """Exponential moving average with bias correction, as TensorBoard and W&B smooth curves.

    ``m_t = w m_{t-1} + (1 - w) x_t`` from ``m_0 = 0``, reported as ``m_t / (1 - w^n)`` where
    n counts the finite values so far (Adam's bias correction, Kingma & Ba 2015 §3; TensorBoard's
    ``resampleData`` smoothing). Non-finite values are passed through unsmoothed and do not
    update the average, so a NaN shows as a gap, never as a NaN tail.

    Parameters
    ----------
    values
        (N,) raw values.
    weight
        Smoothing w in [0, 1); 0 returns the values.
    state
        State after the previous call, to continue a series; None starts fresh.

    Returns
    -------
    smoothed
        (N,) float64.
    state
        State to pass to the next call.
    """
    if not 0.0 <= weight < 1.0:
        raise ValueError(f"smoothing weight must be in [0, 1), got {weight}")
    st = EmaState() if state is None else EmaState(state.last, state.count)
    values = np.asarray(values, dtype=np.float64)
    out = np.empty_like(values)
    last, count, w = st.last, st.count, weight
    for i, v in enumerate(values.tolist()):
        if not math.isfinite(v):
            out[i] = v
            continue
        last = last * w + (1.0 - w) * v
        count += 1
        out[i] = last / (1.0 - w**count) if w else v
    st.last, st.count = last, count
    return out, st


class Series:
    """Steps and values of one scalar, with its debiased EMA kept up to date.

    Parameters
    ----------
    smoothing
        EMA weight in [0, 1).
    """

    def __init__(self, smoothing: float = 0.9) -> None:
        self.steps = GrowableArray(np.float64)
        self.values = GrowableArray(np.float64)
        self.smoothed = GrowableArray(np.float64)
        self._smoothing = smoothing
        self._ema = EmaState()

    def __len__(self) -> int:
        return len(self.steps)

    def extend(self, steps, values) -> None:
        """Append points; the smoothed curve is extended incrementally."""
        values = np.asarray(values, dtype=np.float64)
        self.steps.extend(steps)
        self.values.extend(values)
        sm, self._ema = ema_debiased(values, self._smoothing, self._ema)
        self.smoothed.extend(sm)

    @property
    def smoothing(self) -> float:
        return self._smoothing

    @smoothing.setter
    def smoothing(self, weight: float) -> None:
        """Change the EMA weight and recompute the whole smoothed curve."""
        sm, self._ema = ema_debiased(self.values.data, weight)
        self._smoothing = weight
        self.smoothed.clear()
        self.smoothed.extend(sm)

    def clear(self) -> None:
        self.steps.clear()
        self.values.clear()
        self.smoothed.clear()
        self._ema = EmaState()


@dataclass
class RunHistory:
    """Everything the loss and LR panels draw.

    Attributes
    ----------
    loss
        ``train/loss``.
    lr
        ``train/lr``.
    source_loss
        ``train/loss/<source>`` by source.
    val_loss
        ``val/loss/<source>`` by source (and ``"mean"``: ``val/loss``).
    events
        ``(step, kind, payload)`` in order.
    generation
        Counts :meth:`clear` calls: a panel that remembers the generation it drew can tell that
        the run was replaced or restarted, and reset itself (markers, caches).
    """

    smoothing: float = 0.9
    generation: int = 0
    loss: Series = field(init=False)
    lr: Series = field(init=False)
    source_loss: dict[str, Series] = field(default_factory=dict)
    val_loss: dict[str, Series] = field(default_factory=dict)
    events: list[tuple[int, str, dict]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.loss = Series(self.smoothing)
        self.lr = Series(0.0)

    def source(self, name: str) -> Series:
        """The per-source training loss series of ``name`` (created on first use)."""
        if name not in self.source_loss:
            self.source_loss[name] = Series(self.smoothing)
        return self.source_loss[name]

    def val(self, name: str) -> Series:
        """The validation series of ``name`` (created on first use)."""
        if name not in self.val_loss:
            self.val_loss[name] = Series(0.0)
        return self.val_loss[name]

    def set_smoothing(self, weight: float) -> None:
        """EMA weight of the training-loss curves (total and per source)."""
        self.smoothing = weight
        self.loss.smoothing = weight
        for s in self.source_loss.values():
            s.smoothing = weight

    @property
    def last_step(self) -> int:
        return int(self.loss.steps.data[-1]) if len(self.loss) else 0

    def clear(self) -> None:
        """Forget everything (a new, restarted or reloaded run); bumps :attr:`generation`."""
        self.loss.clear()
        self.lr.clear()
        self.source_loss.clear()
        self.val_loss.clear()
        self.events.clear()
        self.generation += 1


def _weight(v) -> float:
    """A weight from an event payload (JSON): a number, else 0."""
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


@dataclass
class MixtureHistory:
    """What the simplex panel draws: regions over time, the phases' path, bandit statistics.

    Attributes
    ----------
    names
        Source names (n).
    regions
        ``(step, constraints_dict, warmup)`` each time the region in force changed: the start
        (the warmup sub-region when there is a warmup), the warmup's end, every pivot.
    path_steps, path_weights, path_modes
        One entry per phase (and pivot restart): the step it began, (n,) weights, its mode
        (``random``, ``bandit`` or ``pivot``).
    weights
        (n,) current weights.
    pulls, reward, ucb
        (n,) bandit statistics at the newest phase start.
    generation
        Counts :meth:`reset` calls (see :attr:`RunHistory.generation`).
    """

    names: tuple[str, ...] = ()
    regions: list[tuple[int, dict, bool]] = field(default_factory=list)
    path_steps: list[int] = field(default_factory=list)
    path_weights: list[np.ndarray] = field(default_factory=list)
    path_modes: list[str] = field(default_factory=list)
    weights: np.ndarray | None = None
    pulls: np.ndarray | None = None
    reward: np.ndarray | None = None
    ucb: np.ndarray | None = None
    generation: int = 0

    def reset(self, names=(), constraints: dict | None = None, warmup: bool = False) -> None:
        """Start over for a run over ``names`` whose initial constraints are ``constraints``
        (no names: an empty picture, no region); bumps :attr:`generation`."""
        self.generation += 1
        self.names = tuple(names)
        self.regions = [(0, constraints, warmup)] if self.names and constraints else []
        self.path_steps, self.path_weights, self.path_modes = [], [], []
        self.weights = self.pulls = self.reward = self.ucb = None

    def add_event(self, step: int, kind: str, payload: dict) -> bool:
        """Take a curriculum event; True if the picture changed."""
        if not self.names:
            return False
        if kind in (EventKind.PHASE, EventKind.PIVOT):
            weights = payload.get("weights")
            if not isinstance(weights, dict):  # a damaged or foreign event: nothing to draw
                return False
            w = np.array([_weight(weights.get(n)) for n in self.names])
            self.path_steps.append(step)
            self.path_weights.append(w)
            self.path_modes.append(str(payload.get("mode", "pivot")) if kind == EventKind.PHASE else "pivot")
            self.weights = w
            if kind == EventKind.PIVOT and isinstance(payload.get("constraints"), dict):
                self.regions.append((step, payload["constraints"], False))
            return True
        if kind == EventKind.CURRICULUM_WARMUP_END and self.regions:
            self.regions.append((step, self.regions[-1][1], False))
            return True
        return False

    @property
    def current_region(self) -> tuple[dict, bool] | None:
        """The constraints dict in force now and whether it is the warmup sub-region."""
        if not self.regions:
            return None
        _, c, warm = self.regions[-1]
        return c, warm
