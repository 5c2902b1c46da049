"""The curriculum: a UCB bandit walking the reachable region of the mixture simplex.

At every phase transition (every ``phase_min``..``phase_max`` steps, seeds: 7-42) a new weight
vector is produced (docs/design.md#phases-and-the-bandit):

* a *random* phase teleports to a uniform point of the reachable region
  (:func:`~andrea_desktop.core.mixture.simplex.sample_uniform`);
* a *bandit* phase steps toward the UCB-best vertex v of the region, ``w <- w + gamma (v - w)``;
  v maximises the UCB scores over the region (:func:`~andrea_desktop.core.mixture.simplex.linear_maximiser`),
  so floors and caps hold at every step (the region is convex).

**Reward: learning progress.** A source's reward for a phase is the relative decrease of its own
training loss over the phase, per 100 steps::

    r_i = 100 * (m_i(start) - m_i(end)) / (m_i(start) * L)

where m_i is an exponential moving average (alpha = 0.3) of the mean loss of the source's rows at
the steps that sampled it and L the phase length. This is the "prediction gain" family of
learning-progress signals (Graves et al., 2017, "Automated Curriculum Learning for Neural
Networks"; Oudeyer et al.'s learning progress). We chose it over ODM's reward (Albalak et al.,
2023, "Efficient Online Data Mixing": the loss itself, fed to EXP3) deliberately: a loss-valued
reward keeps favouring sources whose loss is high because it *cannot* fall (noise, high entropy),
which is how a mixture drifts toward a useless vertex; progress goes to zero both for mastered and
for unlearnable sources and stays high where the model is learning. Rewards are divided by the
largest |r| seen so far, so the exploration constant does not depend on the loss scale.

**UCB.** UCB1 (Auer, Cesa-Bianchi & Fischer, 2002): ``mean_i + c sqrt(2 ln N / n_i)``, with n_i the
phases that rewarded source i and N their sum; an untried source scores +inf.

**Curriculum warmup.** For the first ``warmup_steps`` only the warmup sources are active (the
walk lives on their sub-simplex); the first step after it emits ``curriculum_warmup_end`` and the
walk continues on the full region from the current weights.

**Pivot.** New constraints at a step boundary: the walk restarts from the current weights projected
into the new region (or a given start point), bandit statistics kept or reset; a ``pivot`` event.

All state (statistics, weights, phase position, the generator) round-trips through
:meth:`Curriculum.state_dict` as plain JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..config import ConfigError, CurriculumConfig
from ..errors import quote
from ..metrics import AnomalyKind, EventKind
from .presets import CurriculumPreset, adapt_preset, list_curriculum_presets, load_curriculum_preset
from .simplex import ConstraintError, Constraints, linear_maximiser, project, sample_uniform
from .walk import FLOAT_WALK_PARAMS, INT_WALK_PARAMS, WALK_PARAMS, WalkParams

__all__ = [
    "Curriculum",
    "Pivot",
    "WALK_PARAMS",
    "walk_param_problems",
    "constraints_from_config",
    "EMA_ALPHA",
    "CurriculumPreset",
    "list_curriculum_presets",
    "load_curriculum_preset",
    "adapt_preset",  # from .presets, where the dialog should import them
]

EMA_ALPHA = 0.3


def constraints_from_config(names, cfg: CurriculumConfig) -> Constraints:
    """The constraints a run's config gives over its sources.

    Raises
    ------
    ConstraintError
        Unknown source names or infeasible constraints (one message per problem).
    """
    return Constraints.from_mapping(names, cfg.floors, cfg.caps, cfg.excluded, cfg.warmup_sources)




def walk_param_problems(merged: dict, given: dict) -> list[str]:
    """What is wrong with walk parameters (``given`` by a pivot, ``merged`` with the current
    ones): unknown names, wrong types, values outside the ranges ``CurriculumConfig`` allows."""
    out = [f"unknown walk parameter {quote(k)}" for k in given if k not in WALK_PARAMS]
    for k in INT_WALK_PARAMS:
        v = merged.get(k)
        if k in merged and (isinstance(v, bool) or not isinstance(v, int)):
            out.append(f"{k} must be a whole number, not {quote(v)}")
    for k in FLOAT_WALK_PARAMS:
        v = merged.get(k)
        if k in merged and (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)):
            out.append(f"{k} must be a finite number, not {quote(v)}")
    if out:
        return out
    try:  # the ranges and bounds are CurriculumConfig's own: one validator for file and pivot
        CurriculumConfig(**{k: merged[k] for k in WALK_PARAMS if k in merged})
    except ConfigError as exc:
        return [str(exc).removeprefix("curriculum.")]
    return []


@dataclass(frozen=True)
class Pivot:
    """A change of constraints taking effect at the next step boundary (docs/design.md#curriculum-words).

    One validator, :meth:`validate`, serves every way a pivot arrives: the curriculum dialog,
    the command channel (:meth:`from_dict` of a ``pivot`` command's JSON payload) and
    :meth:`Curriculum.request_pivot`.

    Attributes
    ----------
    constraints
        The new constraints (floors, caps, excluded, warmup sources).
    start
        (n,) start point of the walk, or None: the current weights projected into the region.
    keep_stats
        Keep the bandit's pulls and reward estimates (False: start learning afresh).
    params
        New walk parameters (:data:`WALK_PARAMS`: ``phase_min``, ``phase_max``,
        ``random_share``, ``exploration``, ``step_size``, ``warmup_steps``), or empty.
    """

    constraints: Constraints
    start: np.ndarray | None = None
    keep_stats: bool = True
    params: dict | None = None

    def problems(self, names, current_params: dict | None = None) -> list[str]:
        """Every reason this pivot cannot apply to a curriculum over ``names`` whose walk
        parameters are ``current_params`` (None: the pivot's own only); [] if it can.

        Checked: the constraints are over ``names`` and feasible; ``start`` is n finite
        weights; the walk parameters are known, of the right type and in range once merged
        with the current ones (a new ``phase_max`` below the current ``phase_min`` is refused).
        """
        names = tuple(names)
        if self.constraints.names != names:
            return [f"pivot constraints are over {self.constraints.names}, not {names}"]
        out = list(self.constraints.problems())
        if self.start is not None:
            try:
                start = np.asarray(self.start, dtype=np.float64)
            except (TypeError, ValueError):
                start = np.full(1, np.nan)
            if start.shape != (len(names),) or not np.isfinite(start).all():
                out.append(f"start must be {len(names)} finite weights")
        given = self.params or {}
        if not isinstance(given, dict):
            return [*out, "params must be a table"]
        return out + walk_param_problems({**(current_params or {}), **given}, given)

    def validate(self, names, current_params: dict | None = None) -> None:
        """Raise :class:`ConstraintError` listing every problem (:meth:`problems`), if any."""
        problems = self.problems(names, current_params)
        if problems:
            raise ConstraintError(problems)

    def to_dict(self) -> dict:
        """JSON-ready, the ``pivot`` command's payload: ``constraints`` (as
        :meth:`Constraints.to_dict`), ``keep_stats``, ``start`` (n floats or None), ``params``."""
        return {"constraints": self.constraints.to_dict(), "keep_stats": bool(self.keep_stats),
                "start": None if self.start is None else [float(x) for x in np.ravel(self.start)],
                "params": dict(self.params or {})}

    @classmethod
    def from_dict(cls, names, d: dict, current_params: dict | None = None) -> Pivot:
        """Inverse of :meth:`to_dict`, validated (:meth:`validate`). ``constraints`` may list
        only some keys (a missing one constrains nothing); ``keep_stats`` defaults to True.

        Raises
        ------
        ConstraintError
            Listing every problem: malformed values, unknown sources, infeasible constraints,
            a bad start point or bad walk parameters.
        """
        names = tuple(names)
        if not isinstance(d, dict) or not isinstance(d.get("constraints"), dict):
            raise ConstraintError(["constraints must be a table of floors, caps, excluded and warmup_sources"])
        params = d.get("params")
        params = {} if params is None else params
        if not isinstance(params, dict):  # "" or 0 is no table either, not an empty one
            raise ConstraintError(["params must be a table"])
        keep_stats = d.get("keep_stats", True)
        if not isinstance(keep_stats, bool):  # "no" is truthy text, not a yes
            raise ConstraintError([f"keep_stats must be true or false, not {quote(keep_stats, 40)}"])
        try:
            c = Constraints.from_dict(names, d["constraints"])
        except ConstraintError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ConstraintError([f"malformed constraints ({type(exc).__name__}: {exc})"]) from exc
        start = d.get("start")
        if start is not None:
            try:
                start = np.asarray(start, dtype=np.float64).reshape(-1)
            except (TypeError, ValueError):
                start = np.full(1, np.nan)  # reported by validate()
        pivot = cls(c, start=start, keep_stats=keep_stats, params=params)
        pivot.validate(names, current_params)
        return pivot


class Curriculum:
    """Phases, the bandit and the constraints in force.

    Parameters
    ----------
    names
        Source names (n).
    cfg
        Walk parameters and the initial constraints.
    seed
        Run seed; the curriculum has its own generator, so it never touches training RNG.

    Raises
    ------
    ConstraintError
        The config's constraints are infeasible or name unknown sources.
    """

    def __init__(self, names, cfg: CurriculumConfig, seed: int) -> None:
        self.names = tuple(names)
        self.n = len(self.names)
        self.constraints = constraints_from_config(self.names, cfg)
        self.params = WalkParams.of(cfg).to_dict()
        self.vertex_threshold = cfg.vertex_threshold
        self.vertex_steps = cfg.vertex_steps
        self.rng = np.random.Generator(np.random.PCG64([seed, 0xA11D7E4]))
        self.weights: np.ndarray | None = None
        self.mode = ""
        self.phase_index = 0
        self.phase_start = 0  # first step of the current phase
        self.phase_end = 0  # first step of the next phase
        self.in_warmup = cfg.warmup_steps > 0
        self.pulls = np.zeros(self.n)
        self.reward_mean = np.zeros(self.n)
        self.reward_scale = 0.0
        self.loss_ema = np.full(self.n, np.nan)
        self._ema_at_start = np.full(self.n, np.nan)
        self.vertex_run = 0
        self._vertex_warned = False
        self._pending: list[Pivot] = []
        self.last_sample_method = ""

    # ------------------------------------------------------------------ queries
    def active_constraints(self) -> Constraints:
        """Constraints of the region the walk is on now (the warmup sub-region during warmup)."""
        return self.constraints.region(warmup=self.in_warmup)

    def ucb(self) -> np.ndarray:
        """(n,) UCB1 scores; +inf for untried active sources, -inf for inactive ones."""
        c = self.params["exploration"]
        total = self.pulls.sum()
        with np.errstate(divide="ignore", invalid="ignore"):
            bonus = c * np.sqrt(2.0 * math.log(max(total, 1.0)) / self.pulls)
        scores = np.where(self.pulls > 0, self.reward_mean + bonus, np.inf)
        return np.where(self.active_constraints().upper > 0, scores, -np.inf)

    # ------------------------------------------------------------------ commands
    def request_pivot(self, pivot: Pivot) -> None:
        """Queue a pivot for the next step boundary (validated now, :meth:`Pivot.validate`).

        Raises
        ------
        ConstraintError
            The pivot's constraints are over other sources or infeasible, its start point or
            walk parameters are bad.
        """
        pivot.validate(self.names, self.params)
        self._pending.append(pivot)

    # ------------------------------------------------------------------ the walk
    def weights_for(self, step: int) -> tuple[np.ndarray, list[tuple[str, dict]]]:
        """Weights for optimiser step ``step`` (from 1) and the events it starts.

        Returns
        -------
        weights
            (n,) float64 on the simplex, inside the region in force.
        events
            ``[(kind, payload)]``: ``curriculum_warmup_end``, ``pivot``, ``phase``, ``anomaly``.
        """
        events: list[tuple[str, dict]] = []
        if self.in_warmup and step > self.params["warmup_steps"]:
            self.in_warmup = False
            events.append((EventKind.CURRICULUM_WARMUP_END, {"step": step}))
            if self.weights is not None:
                self._new_phase(step, events)
        while self._pending:
            self._apply_pivot(self._pending.pop(0), step, events)
        if self.weights is None or step >= self.phase_end:
            self._new_phase(step, events)
        self._watch_vertex(events)
        return self.weights.copy(), events

    def observe(self, step: int, source_loss: dict[str, float]) -> None:
        """Take the per-source training losses of ``step`` (sources that had rows)."""
        for i, name in enumerate(self.names):
            v = source_loss.get(name)
            if v is None or not math.isfinite(v):
                continue
            prev = self.loss_ema[i]
            self.loss_ema[i] = v if math.isnan(prev) else (1 - EMA_ALPHA) * prev + EMA_ALPHA * v
            if math.isnan(self._ema_at_start[i]):
                self._ema_at_start[i] = self.loss_ema[i]

    def _close_phase(self, step: int) -> None:
        """Reward every source that was observed during the phase that ends before ``step``."""
        length = max(1, step - self.phase_start)
        start, end = self._ema_at_start, self.loss_ema
        seen = np.isfinite(start) & np.isfinite(end) & (start > 0)
        if self.weights is not None:
            seen &= self.weights > 0
        if seen.any():
            r = 100.0 * (start[seen] - end[seen]) / (start[seen] * length)
            self.reward_scale = max(self.reward_scale, float(np.abs(r).max()))
            if self.reward_scale > 0:
                r = r / self.reward_scale
            idx = np.flatnonzero(seen)
            self.pulls[idx] += 1
            self.reward_mean[idx] += (r - self.reward_mean[idx]) / self.pulls[idx]
        self._ema_at_start = self.loss_ema.copy()

    def _new_phase(self, step: int, events: list) -> None:
        if self.weights is not None:
            self._close_phase(step)
        region = self.active_constraints()
        p = self.params
        if self.weights is None or self.rng.random() < p["random_share"]:
            pts, method = sample_uniform(region, self.rng, 1)
            w, self.mode, self.last_sample_method = pts[0], "random", method
        else:
            scores = self.ucb()
            v = linear_maximiser(np.where(np.isinf(scores) & (scores > 0), 1e12, scores), region)
            cur = project(self.weights, region)
            w, self.mode = cur + p["step_size"] * (v - cur), "bandit"
        self.weights = project(w, region)  # exact already; removes rounding
        self.phase_index += 1
        self.phase_start = step
        self.phase_end = step + int(self.rng.integers(p["phase_min"], p["phase_max"] + 1))
        payload = {
            "mode": self.mode,
            "weights": {n: float(x) for n, x in zip(self.names, self.weights, strict=True)},
            "phase": self.phase_index,
            "length": self.phase_end - step,
        }
        if self.mode == "random":
            payload["sampler"] = self.last_sample_method
        events.append((EventKind.PHASE, payload))

    def _apply_pivot(self, pivot: Pivot, step: int, events: list) -> None:
        if self.weights is not None:
            self._close_phase(step)
        self.constraints = pivot.constraints
        if pivot.params:
            self.params.update({k: v for k, v in pivot.params.items() if k in self.params})
            self.in_warmup = step <= self.params["warmup_steps"] and self.in_warmup
        if not pivot.keep_stats:
            self.pulls[:] = 0
            self.reward_mean[:] = 0
            self.reward_scale = 0.0
        region = self.active_constraints()
        if pivot.start is not None:
            start = project(np.asarray(pivot.start, dtype=np.float64), region)
            restart = "start_point"
        elif self.weights is not None:
            start = project(self.weights, region)
            restart = "project"
        else:
            start = sample_uniform(region, self.rng, 1)[0][0]
            restart = "random"
        self.weights = start
        self.mode = "pivot"
        self.phase_start = step
        self.phase_end = step + int(self.rng.integers(self.params["phase_min"], self.params["phase_max"] + 1))
        self._vertex_warned = False
        self.vertex_run = 0
        events.append((EventKind.PIVOT, {
            "constraints": pivot.constraints.to_dict(),
            "restart": restart,
            "weights": {n: float(x) for n, x in zip(self.names, start, strict=True)},
            "keep_stats": pivot.keep_stats,
            "params": dict(pivot.params or {}),
        }))

    def _watch_vertex(self, events: list) -> None:
        i = int(np.argmax(self.weights))
        if self.weights[i] >= self.vertex_threshold:
            self.vertex_run += 1
            if self.vertex_run >= self.vertex_steps and not self._vertex_warned:
                self._vertex_warned = True
                events.append((EventKind.ANOMALY, {
                    "kind": AnomalyKind.VERTEX.value, "source": self.names[i], "weight": float(self.weights[i]),
                    "steps": self.vertex_run,
                    "message": f"the mixture has stayed near the {self.names[i]} vertex for "
                               f"{self.vertex_run} steps (seeds: vertex camping was part of v1's collapse)",
                }))
        else:
            self.vertex_run = 0
            self._vertex_warned = False

    # ------------------------------------------------------------------ checkpoints
    def state_dict(self) -> dict:
        """Everything needed to continue the walk exactly, as JSON-ready values."""

        def arr(a):
            return [None if not math.isfinite(x) else float(x) for x in np.asarray(a, dtype=float)]

        return {
            "names": list(self.names),
            "constraints": self.constraints.to_dict(),
            "params": dict(self.params),
            "rng": self.rng.bit_generator.state,
            "weights": None if self.weights is None else arr(self.weights),
            "mode": self.mode, "phase_index": self.phase_index,
            "phase_start": self.phase_start, "phase_end": self.phase_end,
            "in_warmup": self.in_warmup,
            "pulls": arr(self.pulls), "reward_mean": arr(self.reward_mean),
            "reward_scale": self.reward_scale,
            "loss_ema": arr(self.loss_ema), "ema_at_start": arr(self._ema_at_start),
            "vertex_run": self.vertex_run, "vertex_warned": self._vertex_warned,
        }

    def load_state_dict(self, d: dict) -> None:
        """Restore :meth:`state_dict` (the names must match)."""
        if list(d["names"]) != list(self.names):
            raise ValueError(f"curriculum state is over {d['names']}, not {list(self.names)}")

        def arr(a):
            return np.array([np.nan if x is None else x for x in a], dtype=np.float64)

        self.constraints = Constraints.from_dict(self.names, d["constraints"])
        self.params = dict(d["params"])
        self.rng.bit_generator.state = d["rng"]
        self.weights = None if d["weights"] is None else arr(d["weights"])
        self.mode, self.phase_index = d["mode"], d["phase_index"]
        self.phase_start, self.phase_end = d["phase_start"], d["phase_end"]
        self.in_warmup = d["in_warmup"]
        self.pulls, self.reward_mean = arr(d["pulls"]), arr(d["reward_mean"])
        self.reward_scale = d["reward_scale"]
        self.loss_ema, self._ema_at_start = arr(d["loss_ema"]), arr(d["ema_at_start"])
        self.vertex_run, self._vertex_warned = d["vertex_run"], d["vertex_warned"]
