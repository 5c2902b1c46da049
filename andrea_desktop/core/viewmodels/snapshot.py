"""Snapshots: what is new in a run since the last look, decoded from store rows in one place.

Three paths feed the panels, and all three go through :class:`SnapshotBuilder`:

- **live**: the training thread's observer receives exactly the rows the trainer writes to its
  store (``on_scalars``, ``on_event``, ``on_sample``, ``on_probe``) and builds a snapshot a few
  times a second;
- **reopened**: :func:`read_run` reads a finished or stopped run's whole store;
- **followed**: the follower reads the rows newer than its cursor
  (:meth:`~andrea_desktop.core.rundir.reader.RunReader.tail`) twice a second.

:func:`apply_snapshot` is the one function that turns a snapshot into the panels' view-models
(:class:`~andrea_desktop.core.viewmodels.history.RunHistory` and
:class:`~andrea_desktop.core.viewmodels.history.MixtureHistory`), so a run looks the same
whichever way it reached the window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..metrics import TRAIN_GRAD_NORM, TRAIN_LOSS, TRAIN_LR, TRAIN_TOKENS_PER_S, parse_scalar_name
from .history import MixtureHistory, RunHistory

__all__ = ["Snapshot", "SnapshotBuilder", "apply_snapshot", "read_run", "MIX_STATS"]

MIX_STATS = ("weight", "pulls", "reward", "ucb")
"""The bandit statistics a snapshot carries per source (``mix/<stat>/<source>`` scalars)."""


@dataclass(frozen=True)
class Snapshot:
    """Everything new since the previous snapshot.

    Attributes
    ----------
    steps
        (N,) int64 steps of the new training steps (those with a ``train/loss`` row).
    loss, lr, grad_norm, tokens_per_s
        (N,) float64 per step (NaN where a value is missing).
    source_loss
        ``{source: (steps (M,), losses (M,))}`` for the sources that had rows.
    evals
        ``[(step, {name: val loss})]``: ``name`` is a source or ``"mean"`` (the logged
        ``val/loss``).
    events
        ``[(step, kind, payload)]`` in the order they were written.
    mixture
        The newest bandit statistics, ``{"weight" | "pulls" | "reward" | "ucb": (n,) array
        by source name order of ``mixture_names``}``, or None when none arrived.
    mixture_names
        The sources of ``mixture``'s arrays.
    samples
        ``[(step, prompt, text)]`` generated since the last snapshot.
    probe
        The newest probe (:mod:`~andrea_desktop.core.rundir.probes`' arrays), or None.
    scalars
        ``{name: (steps (K,), values (K,))}`` of every other scalar (``perf/mfu``, ``mix/count/*``,
        a user's own names): kept and plotted as they are.
    """

    steps: np.ndarray
    loss: np.ndarray
    lr: np.ndarray
    grad_norm: np.ndarray
    tokens_per_s: np.ndarray
    source_loss: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    evals: tuple[tuple[int, dict[str, float]], ...] = ()
    events: tuple[tuple[int, str, dict], ...] = ()
    mixture: dict[str, np.ndarray] | None = None
    mixture_names: tuple[str, ...] = ()
    samples: tuple[tuple[int, str, str], ...] = ()
    probe: dict | None = None
    scalars: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (len(self.steps) or self.source_loss or self.evals or self.events or self.samples
                    or self.mixture is not None or self.probe is not None or self.scalars)


def _value(v) -> float:
    return math.nan if v is None else float(v)


class SnapshotBuilder:
    """Collects store rows (in the order they were written) and decodes them into a
    :class:`Snapshot`. Not thread-safe: the live path guards it with a lock."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._train: dict[int, dict[str, float]] = {}
        self._source: dict[str, tuple[list[int], list[float]]] = {}
        self._evals: dict[int, dict[str, float]] = {}
        self._events: list[tuple[int, str, dict]] = []
        self._samples: list[tuple[int, str, str]] = []
        self._mix: dict[str, dict[str, float]] = {}
        self._probe: dict | None = None
        self._other: dict[str, tuple[list[int], list[float]]] = {}

    def add_scalars(self, step: int, values: dict[str, float | None]) -> None:
        """Rows ``(step, name, value)`` for every name of ``values`` (None = NaN, as stored)."""
        for name, value in values.items():
            self.add_scalar(step, name, value)

    def add_scalar(self, step: int, name: str, value: float | None) -> None:
        """One ``scalars`` row."""
        step, v = int(step), _value(value)
        parsed = parse_scalar_name(name)
        if parsed.group == "train":
            self._train.setdefault(step, {})[name] = v
        elif parsed.group == "source":
            s, vals = self._source.setdefault(parsed.source, ([], []))
            s.append(step)
            vals.append(v)
        elif parsed.group == "val_source":
            self._evals.setdefault(step, {})[parsed.source] = v
        elif parsed.group == "val":
            self._evals.setdefault(step, {})["mean"] = v
        elif parsed.group in ("mix_weight", "mix_ucb", "mix_pulls", "mix_reward"):
            self._mix.setdefault(parsed.group[4:], {})[parsed.source] = v
        else:  # perf/mfu, mix/count/*, anyone's own scalar: kept as it is
            s, vals = self._other.setdefault(name, ([], []))
            s.append(step)
            vals.append(v)

    def add_event(self, step: int, kind: str, payload: dict) -> None:
        """One ``events`` row (payload decoded)."""
        self._events.append((int(step), str(kind), payload if isinstance(payload, dict) else {}))

    def add_sample(self, step: int, prompt: str, text: str) -> None:
        """One ``samples`` row."""
        self._samples.append((int(step), prompt, text))

    def set_probe(self, probe: dict | None) -> None:
        """The newest probe (replaces an earlier one not yet taken)."""
        if probe is not None:
            self._probe = probe

    def take(self, names: tuple[str, ...] = ()) -> Snapshot | None:
        """The snapshot of everything added since the last :meth:`take` (None if nothing).

        ``names`` orders the mixture arrays (the run's sources); without it the order is the
        one the rows arrived in.
        """
        steps = sorted(s for s, d in self._train.items() if TRAIN_LOSS in d)

        def col(name: str) -> np.ndarray:
            return np.array([self._train[s].get(name, np.nan) for s in steps], dtype=np.float64)

        mixture, mix_names = None, ()
        if self._mix:
            mix_names = tuple(names) or tuple(dict.fromkeys(n for d in self._mix.values() for n in d))
            mixture = {stat: np.array([d.get(n, np.nan) for n in mix_names], dtype=np.float64)
                       for stat, d in self._mix.items()}
        snap = Snapshot(
            steps=np.array(steps, dtype=np.int64), loss=col(TRAIN_LOSS), lr=col(TRAIN_LR),
            grad_norm=col(TRAIN_GRAD_NORM), tokens_per_s=col(TRAIN_TOKENS_PER_S),
            source_loss={k: (np.array(s, np.int64), np.array(v, np.float64)) for k, (s, v) in self._source.items()},
            evals=tuple(sorted(self._evals.items())), events=tuple(self._events), mixture=mixture,
            mixture_names=mix_names, samples=tuple(self._samples), probe=self._probe,
            scalars={k: (np.array(s, np.int64), np.array(v, np.float64)) for k, (s, v) in self._other.items()},
        )
        self._reset()
        return None if snap.empty else snap


def apply_snapshot(snap: Snapshot, history: RunHistory, mixture: MixtureHistory) -> bool:
    """Add a snapshot to the view-models: the loss and LR series, per-source and validation
    curves, events, the simplex path and the bandit statistics.

    Returns
    -------
    True if the mixture's picture (path or region) changed.
    """
    if len(snap.steps):
        history.loss.extend(snap.steps, snap.loss)
        history.lr.extend(snap.steps, snap.lr)
    for name, (steps, values) in snap.source_loss.items():
        history.source(name).extend(steps, values)
    for step, losses in snap.evals:
        for name, v in losses.items():
            history.val(name).extend([step], [v])
    changed = False
    for ev in snap.events:
        history.events.append(ev)
        changed |= mixture.add_event(*ev)
    if snap.mixture is not None and mixture.names:
        order = [snap.mixture_names.index(n) if n in snap.mixture_names else -1 for n in mixture.names]

        def pick(stat: str):
            arr = snap.mixture.get(stat)
            if arr is None:
                return None
            return np.array([arr[i] if i >= 0 else np.nan for i in order], dtype=np.float64)

        for stat, attr in (("weight", "weights"), ("pulls", "pulls"), ("reward", "reward"), ("ucb", "ucb")):
            value = pick(stat)
            if value is not None:
                setattr(mixture, attr, value)
    return changed


def read_run(reader, builder: SnapshotBuilder | None = None, names: tuple[str, ...] = (), until=None):
    """A whole run's store as one snapshot (the reopen path), through the same builder as the
    live and followed paths; ``reader`` is a :class:`~andrea_desktop.core.rundir.reader.RunReader`.
    With ``until`` (a :class:`~andrea_desktop.core.rundir.reader.TailCursor`), only the rows
    written up to it: the history a resumed trainer started from, whose own rows arrive live.

    Returns
    -------
    snapshot
        The :class:`Snapshot` (None for an empty store).
    cursor
        Where the read ended (:class:`~andrea_desktop.core.rundir.reader.TailCursor`): a
        follower continues from there, so no row is read twice or missed.
    """
    builder = builder or SnapshotBuilder()
    rows = reader.tail(until=until)
    for step, name, value, _wall in rows.scalars:
        builder.add_scalar(step, name, value)
    for step, kind, payload, _wall in rows.events:
        builder.add_event(step, kind, payload)
    for step, prompt, text in rows.samples:
        builder.add_sample(step, prompt, text)
    return builder.take(names), rows.cursor

