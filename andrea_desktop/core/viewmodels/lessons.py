"""Qt-free model of the lessons side by side: for a few runs at the same steps, what the documents'
v1 / v2 story is told in — each run's sample with its repetition score, the mean attention
entropy per layer of its probe, and the sharpness of its terrain (λ_max against 2/η, the basin's
loss rise) — one row per step at which any of the runs wrote a sample, one column per run
(:func:`lessons`; the runs read by :func:`lessons_models`).

Matched steps: a row is a sample step; its attention numbers come from the run's newest probe at
or before that step, its sharpness from the newest terrain result at or before it, and each cell
names the step it read (a probe every 100 steps and a sample every 100 match exactly; a terrain
result every 200 steps is shown on the rows up to the next one). A run without terrain results
(``terrain.interval = 0``, or none finished yet) has no sharpness: the view shows "—".

η is the learning rate of the step the terrain's weights are from (stored with the result), so
2/η is the edge of stability of plain gradient descent at that step (Cohen et al., 2021).
"""

from __future__ import annotations

import logging
import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..attention_entropy import from_mean_row_entropy, uniform_entropy
from ..errors import shown_path
from ..repetition import DEFAULT_THRESHOLD, Repetition, measure_repetition
from ..rundir.probes import list_probes
from .compare_samples import SampleCell, side_by_side
from .run_model import RunModel
from .sources import TerrainFiles, samples_models

__all__ = ["Attention", "Sharpness", "LessonCell", "Lessons", "lessons", "lessons_models", "EntropyCache"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Attention:
    """Mean attention entropy per layer of one probe (:func:`~andrea_desktop.core.attention_entropy.layer_entropy`,
    from the probe's stored per-head entropy: :func:`~andrea_desktop.core.attention_entropy.from_mean_row_entropy`):
    ``layers[l]`` in nats, ``uniform`` what a uniform causal head scores on the probe's length."""

    step: int
    layers: tuple[float, ...]
    uniform: float

    @property
    def mean(self) -> float:
        """Mean over the layers, nats."""
        return float(np.mean(self.layers)) if self.layers else math.nan


@dataclass(frozen=True)
class Sharpness:
    """One terrain result's sharpness: λ_max (nats/token per unit² weight; NaN when the job
    computed none), 2/η at the LR ``lr`` of its step, and the basin's mean loss rise at radius
    ``basin_radius`` (filter-normalised units; NaN when not computed)."""

    step: int
    lambda_max: float
    lr: float
    gd_threshold: float
    basin_rise: float
    basin_radius: float


@dataclass(frozen=True)
class LessonCell:
    """One run at one row's step: its sample there (None: none at this step) with its
    repetition, its newest probe's attention and its newest terrain result's sharpness at or
    before the step (None: none)."""

    sample: SampleCell | None
    repetition: Repetition | None
    attention: Attention | None
    sharpness: Sharpness | None


@dataclass(frozen=True)
class Lessons:
    """``cells[r][i]`` is run ``i`` at ``steps[r]``; ``names``, ``paths`` and ``errors`` as
    :class:`~.compare_samples.SamplesSideBySide`."""

    names: tuple[str, ...]
    paths: tuple[Path, ...]
    steps: tuple[int, ...]
    cells: tuple[tuple[LessonCell, ...], ...]
    errors: tuple[str, ...]

    def flagged(self, i: int) -> tuple[int, int]:
        """``(flagged, samples)``: how many of run ``i``'s samples shown are flagged for repetition."""
        reps = [row[i].repetition for row in self.cells if row[i].repetition is not None]
        return sum(r.flagged for r in reps), len(reps)


EntropyCache = dict
"""``{(run folder, probe step): Attention | None}``: a probe's entropies, computed once per view."""


def _newest_at_or_before(steps: list[int], step: int) -> int | None:
    i = bisect_right(steps, step)
    return steps[i - 1] if i else None


def _attention(model: RunModel, step: int, cache: EntropyCache) -> Attention | None:
    at = _newest_at_or_before(model.probes.steps, step)
    if at is None:
        return None
    key = (model.run_dir, at)
    if key not in cache:  # the probe's stored per-head entropy: its maps are not read
        stored = model.probes.head_entropy(at)
        try:
            cache[key] = None if stored is None else Attention(
                at, tuple(float(x) for x in from_mean_row_entropy(*stored)), uniform_entropy(stored[1]))
        except ValueError as exc:  # a probe of one token: no query after the first
            log.warning("no attention entropy for the probe at step %d: %s", at, exc)
            cache[key] = None
    return cache[key]


def _sharpness(model: RunModel, step: int) -> Sharpness | None:
    at = _newest_at_or_before(sorted(model.terrain), step)
    if at is None:
        return None
    r = model.terrain[at]
    return Sharpness(int(r.step), r.lambda_max, float(r.lr), r.gd_threshold, r.basin_mean, float(r.basin_radius))


def lessons(models: Sequence[RunModel], errors: Sequence[str] | None = None, names: Sequence[str] | None = None,
            cache: EntropyCache | None = None) -> Lessons:
    """The lessons of the runs' ``models`` side by side (module docstring), the rows those of
    :func:`~.compare_samples.side_by_side` (the newest steps with a sample in any run).

    Parameters
    ----------
    models
        The runs' models with their samples, probes, terrain results and settings.
    errors
        Why each run could not be read ("" where it could), or None.
    names
        The columns' names (default: the runs' folder names).
    cache
        Entropies computed before (a view's redraw reads no probe file twice); filled in.
    """
    cache = {} if cache is None else cache
    samples = side_by_side(models, errors, names)
    # scored on the whole sample, as training and the Samples panel score it (a cell's text is cut
    # to what it shows: a repetitive tail past the cut read as "not repetitive")
    whole = [{int(s): text for s, _prompt, text in m.samples} for m in models]
    rows = []
    for step, row in zip(samples.steps, samples.cells, strict=True):
        out = []
        for model, cell, texts in zip(models, row, whole, strict=True):
            threshold = cell.threshold if cell is not None else DEFAULT_THRESHOLD
            rep = measure_repetition(texts.get(step, cell.text), threshold) if cell is not None else None
            out.append(LessonCell(cell, rep, _attention(model, step, cache), _sharpness(model, step)))
        rows.append(tuple(out))
    return Lessons(samples.names, samples.paths, samples.steps, tuple(rows), samples.errors)


def lessons_models(paths) -> tuple[list[RunModel], list[str]]:
    """A model of each run in ``paths`` with what the lessons need and nothing more: its settings,
    its samples (:func:`~.sources.read_samples`; no scalar of a long run is read), its probe files
    (listed; a file is read when its row is drawn) and its terrain results; and why each one's
    samples cannot be read ("" where they can)."""
    models, errors = samples_models(paths)
    for model in models:
        try:
            model.add_probe_files(list_probes(model.run_dir))
        except OSError as exc:  # a folder that went away meanwhile: no probes drawn
            log.warning("cannot list the probes of %s: %s", shown_path(model.run_dir), exc)
        TerrainFiles(model.run_dir).read_into(model)
    return models, errors
