"""The walk's parameters: :class:`WalkParams`, the one list of the six settings of the bandit /
random walk over the mixture that a run's ``[curriculum]`` sets and a pivot may change
(``phase_min``, ``phase_max``, ``random_share``, ``exploration``, ``step_size``,
``warmup_steps``; their meaning, defaults and ranges are ``CurriculumConfig``'s)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..config import CurriculumConfig

__all__ = ["WalkParams", "WALK_PARAMS", "INT_WALK_PARAMS", "FLOAT_WALK_PARAMS"]


@dataclass(frozen=True)
class WalkParams:
    """The walk's parameters in force.

    Attributes
    ----------
    phase_min, phase_max
        Shortest and longest phase, steps (a phase's length is drawn uniformly between them).
    random_share
        Probability that a phase is random (a uniform teleport) rather than a bandit step.
    exploration
        UCB exploration constant c in ``mean + c sqrt(2 ln N / n_i)``.
    step_size
        Bandit step gamma in ``w <- w + gamma (v - w)`` toward the UCB-best vertex v.
    warmup_steps
        Steps of curriculum warmup (the walk stays on the warmup sources' sub-simplex).
    """

    phase_min: int
    phase_max: int
    random_share: float
    exploration: float
    step_size: float
    warmup_steps: int

    @classmethod
    def of(cls, cfg: CurriculumConfig) -> WalkParams:
        """The parameters a run's ``[curriculum]`` section sets."""
        return cls(**{k: getattr(cfg, k) for k in WALK_PARAMS})

    def to_dict(self) -> dict[str, int | float]:
        """``{name: value}`` (the form a pivot's ``params`` and a checkpoint's curriculum state take)."""
        return dataclasses.asdict(self)


WALK_PARAMS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(WalkParams))
"""The names of the walk parameters, in :class:`WalkParams`' order (``CurriculumConfig``'s names)."""
INT_WALK_PARAMS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(WalkParams) if f.type == "int")
"""The whole-number ones (phase lengths, warmup steps)."""
FLOAT_WALK_PARAMS: tuple[str, ...] = tuple(k for k in WALK_PARAMS if k not in INT_WALK_PARAMS)
"""The real-number ones (random share, exploration, step size)."""
