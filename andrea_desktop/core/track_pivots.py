"""Curriculum pivots for a script's own data sampler (:mod:`andrea_desktop.track`): the region a
script declares, and a pivot from the window's curriculum dialog turned into the new mixture.

A script that mixes several sources can let the window steer its mixture:
``track.init(sources=[...], curriculum={"floors": {...}, "caps": {...}}, on_pivot=callback)``.
The window then offers the curriculum dialog (Ctrl+E); its Apply sends a ``pivot`` command whose
constraints are checked here against the script's sources (:class:`~andrea_desktop.core.mixture.curriculum.Pivot`,
the validator the app's own trainer uses), and at the script's next step boundary ``callback`` is
called with the pivot as plain data. It returns the mixture it will sample from (a dict of source:
weight inside the new region), or None for the nearest point of the region to the current mixture
(the Euclidean projection the app's curriculum uses, :func:`~andrea_desktop.core.mixture.simplex.project`).
Torch-free and Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .errors import quote
from .mixture.curriculum import Pivot
from .mixture.simplex import ConstraintError, Constraints, project
from .track_input import check_mixture

__all__ = ["PivotRefused", "check_curriculum", "take_pivot"]


class PivotRefused(ValueError):
    """A pivot that cannot apply: its constraints, or what the script's callback answered."""


def check_curriculum(sources: list[str], curriculum: object, on_pivot: object) -> Constraints | None:
    """The region a script declares for its mixture, checked.

    Parameters
    ----------
    sources
        The script's sources (``track.init(sources=...)``).
    curriculum
        ``floors``, ``caps`` (source: weight), ``excluded``, ``warmup_sources`` (lists), as the
        curriculum dialog and ``Constraints.to_dict`` write them; None: the whole simplex.
    on_pivot
        The callback that takes the window's pivots (None: no pivots, and then no curriculum).

    Returns
    -------
    The constraints, or None when the script takes no pivots.

    Raises
    ------
    ValueError
        A curriculum without ``on_pivot``, fewer than two sources, constraints that are malformed,
        name other sources or leave no mixture (the problems listed).
    TypeError
        ``on_pivot`` is not callable, or ``curriculum`` not a dict.
    """
    if on_pivot is None:
        if curriculum is not None:
            raise ValueError("a curriculum is for the window's pivots: give on_pivot=callback to take them")
        return None
    if not callable(on_pivot):
        raise TypeError(f"on_pivot must be callable, not {type(on_pivot).__name__}")
    if len(sources) < 2:
        raise ValueError("pivots move a mixture of two or more sources: name them with sources=[...]")
    if curriculum is not None and not isinstance(curriculum, Mapping):
        raise TypeError(f"curriculum is a dict of floors, caps, excluded and warmup_sources, not "
                        f"{type(curriculum).__name__}")
    try:
        c = Constraints.from_dict(sources, dict(curriculum or {}))
        c.validate()
    except ConstraintError as exc:
        raise ValueError(f"curriculum: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"curriculum: malformed ({type(exc).__name__}: {exc})") from None
    return c


def take_pivot(payload: dict, sources: list[str], current: Mapping[str, float] | None,
               on_pivot: Callable[[dict], Any]) -> tuple[dict, dict[str, float]]:
    """A ``pivot`` command's payload applied to a script's mixture.

    Parameters
    ----------
    payload
        The command's payload (``Pivot.to_dict``: ``constraints``, ``start``, ``keep_stats``,
        ``params``), untrusted.
    sources
        The script's sources.
    current
        The mixture the script reported last (None: uniform).
    on_pivot
        The script's callback; it gets ``{"constraints", "start", "keep_stats", "params",
        "weights"}`` (plain data: ``start`` and ``weights`` as source: weight) and returns the new
        mixture or None.

    Returns
    -------
    The ``pivot`` event's payload (``constraints``, ``weights``, ``keep_stats``, ``params``,
    ``origin``) and the new mixture (normalised).

    Raises
    ------
    PivotRefused
        The constraints are malformed, name other sources or leave no mixture; the callback's
        answer is not a mixture of the sources, or lies outside the new region.
    Exception
        Whatever the callback raised (the caller says so and goes on).
    """
    try:
        pivot = Pivot.from_dict(sources, payload)
    except ConstraintError as exc:
        raise PivotRefused(str(exc)) from None
    now = dict(current) if current else {n: 1.0 / len(sources) for n in sources}
    start = None if pivot.start is None else {n: float(x) for n, x in zip(sources, pivot.start, strict=True)}
    asked = {"constraints": pivot.constraints.to_dict(), "start": start, "keep_stats": bool(pivot.keep_stats),
             "params": dict(pivot.params or {}), "weights": now}
    answer = on_pivot(asked)
    if answer is None:
        w = pivot.start if pivot.start is not None else np.array([now[n] for n in sources])
        weights = {n: float(x) for n, x in zip(sources, project(w, pivot.constraints), strict=True)}
    else:
        try:
            weights = check_mixture(answer, sources)
        except (TypeError, ValueError) as exc:
            raise PivotRefused(f"on_pivot answered {quote(answer, 80)}: {exc}") from None
        if not pivot.constraints.contains([weights[n] for n in sources]):
            raise PivotRefused(f"on_pivot answered a mixture outside the new region: {quote(weights, 120)}")
    event = {"constraints": asked["constraints"], "weights": weights, "keep_stats": asked["keep_stats"],
             "params": asked["params"], "origin": "script"}
    return event, weights
