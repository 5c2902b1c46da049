"""The run model: everything a window shows of one run, in one Qt-free object that panels only draw.

A :class:`RunModel` holds a run's scalar series (loss, LR, per source, validation, any other
scalar), its events and the markers they make, the mixture's path with the constraints in force
at every step, the bandit's statistics, the probes (attention, head statistics, watched
neighbour sets, the newest embedding), the samples, the terrain results, its lineage (a
branch's parent up to the branch step) and its status. It is filled by a *source*
(:mod:`.sources`): the training thread of this process, a folder read once (reopen), a folder
followed while another process trains it; each source decodes store rows with the one
:class:`~.snapshot.SnapshotBuilder` and hands the model :class:`~.snapshot.Snapshot` objects
through :meth:`RunModel.apply`, and files (probes, embedding, terrain) through the ``add_*``
methods, so a run looks the same whichever way it reached the window.

The model emits :attr:`RunModel.changed` with the set of :class:`Aspect` that changed (psygnal,
as napari's models do); a view subscribes, redraws what it draws, and never changes the model.
Opening, switching, continuing or branching a run makes a new model: nothing of the previous run
survives in a view that takes the new one.

Colours are a function of names (:mod:`.colours`): :meth:`RunModel.source_colour`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from psygnal import Signal

from ..config import Config
from ..metrics import EventKind, ValueEnum
from ..mixture.curriculum import constraints_from_config
from ..mixture.simplex import ConstraintError
from ..rundir.layout import step_name
from ..rundir.lineage import Parent
from ..rundir.probes import probes_dir
from .colours import run_colour, source_colour
from .history import MixtureHistory, RunHistory, Series
from .probe_set import EMBEDDING_PATH, HEAD_STATS, ProbeSet, probe_texts
from .snapshot import Snapshot, apply_snapshot
from .status import Action, RunStatus

__all__ = ["Aspect", "Action", "RunStatus", "ParentRun", "ProbeSet", "RunModel", "EMBEDDING_PATH",
           "HEAD_STATS", "probe_texts"]

log = logging.getLogger(__name__)


class Aspect(ValueEnum):
    """What of a run changed (the payload of :attr:`RunModel.changed`)."""

    CONFIG = "config"
    """The run's settings or sources (what panels say before data arrives)."""
    SERIES = "series"
    """Scalar rows: loss, LR, per-source and validation curves, other scalars."""
    EVENTS = "events"
    """New events (markers on every time axis)."""
    MIXTURE = "mixture"
    """The mixture's picture: path, region in force, weights, bandit statistics."""
    PROBES = "probe"
    """A new probe: attention maps, head statistics, watched neighbour sets."""
    EMBEDDING = "embedding"
    """A newer token-embedding matrix."""
    SAMPLES = "samples"
    TERRAIN = "terrain result"
    TERRAIN_JOB = "terrain job"
    """The terrain job under way: its part, progress and time left (:attr:`RunModel.terrain_job`)."""
    STATUS = "status"
    """The run's state and what can be done with it (:class:`RunStatus`)."""
    LINEAGE = "lineage"
    """The branch's parent history."""


@dataclass
class ParentRun:
    """A branch's parent up to the branch step N (drawn under the branch's own curves).

    Attributes
    ----------
    record
        The ``parent.json`` record (:class:`~andrea_desktop.core.rundir.lineage.Parent`).
    folder
        The parent's folder as it was found.
    history
        Its ``train/loss`` (raw and smoothed), ``train/lr``, per-source and validation curves and
        its events at steps <= N.
    mixture
        Its mixture up to N: the path, the region in force and the weights at N.
    """

    record: Parent
    folder: Path
    history: RunHistory
    mixture: MixtureHistory

    @property
    def step(self) -> int:
        return self.record.step

    @property
    def name(self) -> str:
        return self.record.name


class RunModel:
    """Everything a window shows of one run (module docstring).

    Parameters
    ----------
    run_dir
        The run's folder (None: a run not yet made, with no folder).
    config
        Its settings (None: unknown, or unreadable).
    smoothing
        The loss curves' EMA weight.

    Attributes
    ----------
    history
        Loss, LR, per-source and validation series and every event
        (:class:`~.history.RunHistory`).
    mixture
        The mixture's path, regions in force and bandit statistics (:class:`~.history.MixtureHistory`).
    scalars
        Every other scalar by name (``train/grad_norm``, ``perf/mfu``, a user's own...).
    probes
        :class:`ProbeSet`.
    watch_sets
        ``[{"step", "watch_ids", "neighbours"}]``: each probe's watched neighbour sets, in order.
    embedding
        ``(step, embedding (V, d_model), vocab (V,))`` of the newest probe, or None.
    embedding_error
        Why the run's stored embedding cannot be read ("" when it can).
    samples
        ``[(step, prompt, text)]`` in order.
    terrain
        ``{step: TerrainResult}``.
    terrain_problems
        ``{step: message}``: why the run's terrain file of each step is not shown (damaged, or
        larger than a terrain file or a run's terrain may take); empty when every file is.
    terrain_interval
        Steps between the automatic terrain jobs in force: the config's ``terrain.interval``, or 0
        where the trainer runs none (``on_cpu = false`` on a CPU); None: unknown.
    parent
        :class:`ParentRun` of a branch, else None.
    status
        :class:`RunStatus`.
    rate
        Training throughput now (tokens/s, smoothed over snapshots), or None.
    lr_anchor
        ``(step, lr)`` the LR schedule is planned from (a resume or branch that changed the
        schedule or the LR), or None: the plain schedule of :attr:`config`.
    """

    changed = Signal(frozenset)
    """Emitted with the frozenset of :class:`Aspect` that changed."""

    def __init__(self, run_dir: Path | None = None, config: Config | None = None, smoothing: float = 0.9) -> None:
        self.run_dir = Path(run_dir) if run_dir is not None else None
        self.config = config
        self.history = RunHistory(smoothing=smoothing)
        self.mixture = MixtureHistory()
        self.scalars: dict[str, Series] = {}
        self.probes = ProbeSet()
        self.watch_sets: list[dict] = []
        self.embedding: tuple[int, np.ndarray, tuple[str, ...]] | None = None
        self.embedding_error = ""
        self.samples: list[tuple[int, str, str]] = []
        self.terrain: dict = {}
        self.terrain_problems: dict[int, str] = {}
        self.terrain_job = None
        """The :class:`~andrea_desktop.core.terrain_jobs.JobStatus` of the terrain job under way
        (None: none)."""
        self.terrain_interval: int | None = config.terrain.interval if config is not None else None
        self.parent: ParentRun | None = None
        self.status = RunStatus(total_steps=config.schedule.total_steps if config is not None else None)
        self.rate: float | None = None
        self.sources: tuple[str, ...] = ()
        self.lr_anchor: tuple[int, float] | None = None
        self._started = False

    @classmethod
    def of(cls, history: RunHistory | None = None, mixture: MixtureHistory | None = None,
           config: Config | None = None) -> RunModel:
        """A model of a run without a folder that holds these series (a notebook's, a
        benchmark's): ``history`` and ``mixture`` become its own, not copies."""
        model = cls(None, config, history.smoothing if history is not None else 0.9)
        if history is not None:
            model.history = history
        if mixture is not None:
            model.mixture = mixture
            model.sources = tuple(mixture.names)
        return model

    # ------------------------------------------------------------------ identity
    @property
    def name(self) -> str:
        """The run's folder name ("" without a folder)."""
        return self.run_dir.name if self.run_dir is not None else ""

    @property
    def colour(self) -> str:
        """The run's colour (a function of its name, :func:`~.colours.run_colour`)."""
        return run_colour(self.name)

    @staticmethod
    def source_colour(name: str) -> str:
        """The colour of the source ``name`` (the same in every view, :func:`~.colours.source_colour`)."""
        return source_colour(name)

    @property
    def last_step(self) -> int:
        """The newest trained step (a branch that has not trained yet: its parent's step N)."""
        if len(self.history.loss):
            return self.history.last_step
        return self.parent.step if self.parent is not None else 0

    @property
    def first_step(self) -> int:
        """The first step this run trains itself (1, or N + 1 for a branch)."""
        return self.parent.step + 1 if self.parent is not None else 1

    @property
    def next_probe_step(self) -> int | None:
        """The step of the run's next probe: the first multiple of ``probe.interval`` after the
        newest trained step (a branch from step N: after N); None when the settings are unknown
        or probes are off."""
        cfg = self.config
        if cfg is None or not cfg.probe.enabled or cfg.probe.interval <= 0:
            return None
        k = cfg.probe.interval
        return (self.last_step // k + 1) * k

    @property
    def finished(self) -> bool:
        """The run reached ``schedule.total_steps``."""
        return self.config is not None and self.last_step >= self.config.schedule.total_steps

    # ------------------------------------------------------------------ changing it (sources)
    def _emit(self, aspects) -> None:
        aspects = frozenset(aspects)
        if aspects:
            self.changed.emit(aspects)

    def set_config(self, config: Config | None) -> None:
        """The run's settings (a new run's, or those a trainer prepared)."""
        self.config = config
        self.terrain_interval = config.terrain.interval if config is not None else None
        self.status = replace(self.status, total_steps=config.schedule.total_steps if config is not None else None)
        self._emit({Aspect.CONFIG, Aspect.STATUS})

    def set_terrain_interval(self, interval: int | None) -> None:
        """The steps between automatic terrain jobs the trainer runs (:attr:`terrain_interval`;
        0: none on this device)."""
        interval = None if interval is None else max(0, int(interval))
        if interval != self.terrain_interval:
            self.terrain_interval = interval
            self._emit({Aspect.CONFIG})

    def set_lr_anchor(self, anchor: tuple[int, float] | None) -> None:
        """Where the LR schedule is planned from (:attr:`lr_anchor`)."""
        anchor = None if anchor is None else (int(anchor[0]), float(anchor[1]))
        if anchor != self.lr_anchor:
            self.lr_anchor = anchor
            self._emit({Aspect.CONFIG})

    def set_sources(self, names) -> None:
        """The run's data sources, in the run's order."""
        names = tuple(str(n) for n in names)
        if names != self.sources:
            self.sources = names
            self._emit({Aspect.CONFIG})

    def set_status(self, **changes) -> None:
        """Change :attr:`status` (fields of :class:`RunStatus`); emits when it changed."""
        new = replace(self.status, **changes)
        if new != self.status:
            self.status = new
            self._emit({Aspect.STATUS})

    def set_parent(self, parent: ParentRun | None) -> None:
        """The branch's parent history (read by the source once, when the run is opened). A
        branch that has no mixture yet starts from the parent's at the branch step: its region
        in force, its weights (the "now" point) and the bandit's statistics."""
        self.parent = parent
        aspects = {Aspect.LINEAGE}
        if parent is not None and not self.sources and parent.mixture.names:
            self.sources = tuple(parent.mixture.names)  # a branch trains on its parent's sources
            aspects.add(Aspect.CONFIG)
        if parent is not None and not self.mixture.names and parent.mixture.names:
            self._start_mixture_from_parent(parent)
            aspects.add(Aspect.MIXTURE)
        self._emit(aspects)

    def _start_mixture_from_parent(self, parent: ParentRun) -> None:
        pm = parent.mixture
        cur = pm.current_region
        self.mixture.reset(pm.names, cur[0] if cur else None, bool(cur and cur[1]))
        if self.mixture.regions:
            self.mixture.regions[0] = (parent.step, self.mixture.regions[0][1], self.mixture.regions[0][2])
        for attr in ("weights", "pulls", "reward", "ucb"):
            v = getattr(pm, attr)
            setattr(self.mixture, attr, None if v is None else np.array(v, dtype=np.float64))

    def apply(self, snap: Snapshot) -> frozenset[Aspect]:
        """Add what a source decoded (:class:`~.snapshot.Snapshot`) and emit what changed.

        The first ``start`` event sets the mixture's start: the constraints the trainer
        recorded in it (``curriculum``), else the branch parent's region at its step, else the
        run's config with the curriculum warmup if it has one.
        """
        aspects: set[Aspect] = set()
        for _step, kind, payload in snap.events:
            if kind == EventKind.START:
                self._on_start(payload, aspects)
                break
        if len(snap.steps):
            rate = float(np.nanmean(snap.tokens_per_s)) if np.isfinite(snap.tokens_per_s).any() else None
            if rate is not None:
                self.rate = rate if self.rate is None else 0.7 * self.rate + 0.3 * rate
            for name, values in (("train/grad_norm", snap.grad_norm), ("train/tokens_per_s", snap.tokens_per_s)):
                self._scalar(name).extend(snap.steps, values)
        for name, (steps, values) in snap.scalars.items():
            self._scalar(name).extend(steps, values)
        if len(snap.steps) or snap.source_loss or snap.evals or snap.scalars:
            aspects.add(Aspect.SERIES)
        mixture_changed = apply_snapshot(snap, self.history, self.mixture)
        if mixture_changed or (snap.mixture is not None and self.mixture.names):
            aspects.add(Aspect.MIXTURE)
        if snap.events:
            aspects.add(Aspect.EVENTS)
        if snap.samples:
            self.samples.extend(snap.samples)
            aspects.add(Aspect.SAMPLES)
        if snap.probe is not None:
            aspects |= self.add_probe(snap.probe, emit=False)
        self._emit(aspects)
        return frozenset(aspects)

    def _scalar(self, name: str) -> Series:
        s = self.scalars.get(name)
        if s is None:
            s = self.scalars[name] = Series(0.0)
        return s

    def _on_start(self, payload: dict, aspects: set) -> None:
        names = payload.get("sources")
        if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names) and names:
            if tuple(names) != self.sources:
                self.sources = tuple(names)
                aspects.add(Aspect.CONFIG)
        if self._started:
            return
        self._started = True
        if not self.sources:
            return
        recorded = payload.get("curriculum")
        if isinstance(recorded, dict) and "constraints" in recorded:
            c = recorded.get("constraints")
            self.mixture.reset(self.sources, c if isinstance(c, dict) else None, bool(recorded.get("in_warmup")))
            if not isinstance(c, dict):
                self.mixture.regions.clear()
            if self.parent is not None:
                self._carry_parent_state()
        elif self.parent is not None and self.parent.mixture.names == self.sources:
            self._start_mixture_from_parent(self.parent)
        else:
            cfg = self.config
            if cfg is None:
                return
            try:
                c = constraints_from_config(self.sources, cfg.curriculum) if cfg.curriculum.enabled else None
            except ConstraintError:
                c = None
            if c is None:
                self.mixture.reset(self.sources, {}, False)
                self.mixture.regions.clear()
            else:
                self.mixture.reset(self.sources, c.to_dict(), cfg.curriculum.warmup_steps > 0)
        aspects.add(Aspect.MIXTURE)

    def start_mixture(self, names, constraints: dict | None, in_warmup: bool) -> None:
        """The mixture's start as the trainer prepared it (before its first row arrives): the
        sources, the constraints in force (None: no curriculum, a fixed uniform mixture) and
        whether the curriculum warmup is on. A branch starts from its parent's weights at the
        branch step (the "now" point is there at once)."""
        names = tuple(str(n) for n in names)
        self._started = True
        if names and names != self.sources:
            self.sources = names
        self.mixture.reset(names, constraints if constraints is not None else {}, bool(in_warmup and constraints))
        if constraints is None:
            self.mixture.regions.clear()
        if self.parent is not None:
            self._carry_parent_state()
        self._emit({Aspect.MIXTURE, Aspect.CONFIG})

    def _carry_parent_state(self) -> None:
        p = self.parent
        if self.mixture.regions:
            _, c, warm = self.mixture.regions[0]
            self.mixture.regions[0] = (p.step, c, warm)
        if p.mixture.weights is not None and p.mixture.names == self.mixture.names:
            self.mixture.weights = np.array(p.mixture.weights, dtype=np.float64)

    @property
    def head_history(self):
        """Each head role's best score per layer across the probes
        (:class:`~andrea_desktop.core.head_roles.RoleHistory`), or None while no probe has role scores."""
        return self.probes.role_history()

    @property
    def induction_phase_change(self) -> int | None:
        """The step of the induction phase change the probes show
        (:func:`~andrea_desktop.core.head_roles.phase_change`), or None. Derived from the probes,
        never stored: the loss panel marks it."""
        history = self.probes.role_history()
        return history.induction_phase_change if history is not None else None

    def add_probe(self, probe: dict, emit: bool = True) -> set[Aspect]:
        """A probe (live, or read from a file): its attention maps and statistics, its watched
        neighbour sets and, when it carries one, the embedding. A malformed probe is logged and
        left out."""
        try:
            step = self.probes.add(probe)
        except ValueError as exc:
            log.warning("skipping probe: %s", exc)
            return set()
        aspects = {Aspect.PROBES}
        if self.run_dir is not None:  # the trainer wrote its file first: older probes are read back from it
            path = probes_dir(self.run_dir) / step_name(step)
            if not self.probes.has_file(step) and path.is_file() and not path.is_symlink():
                self.probes.add_files({step: path})
        self._add_watch_set(step, probe)
        if "embedding" in probe and "vocab" in probe:
            # at the precision the run stores it (probes/embedding.npz is float16): a live run's
            # neighbours are those its reopened view shows
            emb = np.asarray(probe["embedding"]).astype(np.float16).astype(np.float32)
            self.embedding = (step, emb, tuple(str(v) for v in np.asarray(probe["vocab"]).reshape(-1)))
            self.embedding_error = ""
            aspects.add(Aspect.EMBEDDING)
        if emit:
            self._emit(aspects)
        return aspects

    def _add_watch_set(self, step: int, probe: dict) -> None:
        """One watched set per step: a step seen again (a followed run reads the newest probe file's
        sets, then its arrays) replaces the set it had."""
        if "watch_ids" in probe and "neighbours" in probe:
            self.watch_sets = [d for d in self.watch_sets if d["step"] != step]
            self.watch_sets.append({"step": step, "watch_ids": np.asarray(probe["watch_ids"]),
                                    "neighbours": np.asarray(probe["neighbours"])})
            self.watch_sets.sort(key=lambda d: d["step"])

    def add_probe_files(self, files: dict[int, Path], watch_sets=()) -> None:
        """Probe files found in the folder (reopen, follow) with their watched sets (dicts of
        ``step``, ``watch_ids``, ``neighbours`` read from them)."""
        new = self.probes.add_files(files)
        known = {d["step"] for d in self.watch_sets}
        for ws in watch_sets:
            try:
                step = int(np.asarray(ws["step"]))
            except (KeyError, TypeError, ValueError):
                continue
            if step not in known:
                self._add_watch_set(step, ws)
                known.add(step)
        if new:
            self._emit({Aspect.PROBES})

    def set_embedding(self, step: int, embedding: np.ndarray, vocab) -> None:
        """The run's newest embedding as stored (``probes/embedding.npz``)."""
        self.embedding = (int(step), np.asarray(embedding), tuple(str(v) for v in vocab))
        self.embedding_error = ""
        self._emit({Aspect.EMBEDDING})

    def set_embedding_error(self, message: str) -> None:
        """The stored embedding exists but cannot be read (``message`` says why)."""
        self.embedding_error = str(message)
        self._emit({Aspect.EMBEDDING})

    def add_terrain(self, results) -> None:
        """Terrain results (:class:`~andrea_desktop.core.rundir.terrain.TerrainResult`), by
        their step (a result for a step already known replaces it)."""
        added = False
        for r in results:
            self.terrain[int(r.step)] = r
            added = True
        if added:
            self.terrain = dict(sorted(self.terrain.items()))
            self._emit({Aspect.TERRAIN})

    def set_terrain_problems(self, problems: dict[int, str]) -> None:
        """Why the terrain files of some steps are not shown (``{step: message}``; empty: none)."""
        problems = dict(sorted((int(k), str(v)) for k, v in problems.items()))
        if problems != self.terrain_problems:
            self.terrain_problems = problems
            self._emit({Aspect.TERRAIN})

    def set_terrain_job(self, status) -> None:
        """The terrain job under way (a :class:`~andrea_desktop.core.terrain_jobs.JobStatus`, or
        None when none is left)."""
        if status != self.terrain_job:
            self.terrain_job = status
            self._emit({Aspect.TERRAIN_JOB})

    def drop_terrain_after(self, step: int) -> None:
        """Forget the terrain results after ``step`` (a resume abandoned those steps)."""
        if any(s > step for s in (*self.terrain, *self.terrain_problems)):
            self.terrain = {s: r for s, r in self.terrain.items() if s <= step}
            self.terrain_problems = {s: m for s, m in self.terrain_problems.items() if s <= step}
            self._emit({Aspect.TERRAIN})

    def set_smoothing(self, weight: float) -> None:
        """The loss curves' EMA weight (and the parent's)."""
        self.history.set_smoothing(weight)
        if self.parent is not None:
            self.parent.history.set_smoothing(weight)
        self._emit({Aspect.SERIES})
