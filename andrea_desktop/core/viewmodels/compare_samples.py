"""Qt-free model of the runs' samples side by side: one row per step at which any of the runs
wrote a sample, one column per run, made from the runs' models (:func:`side_by_side`; their
samples read by :func:`~.sources.samples_models`)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..repetition import DEFAULT_THRESHOLD
from .run_model import RunModel
from .sources import samples_models

__all__ = ["SampleCell", "SamplesSideBySide", "read_side_by_side", "side_by_side", "MAX_ROWS", "MAX_TEXT_CHARS",
           "MAX_PROMPT_CHARS", "cut_text"]

log = logging.getLogger(__name__)

MAX_TEXT_CHARS = 2000
"""Characters of a sample's text a cell shows at most (a store is untrusted: two 10 MB samples
froze the window for half a minute); the Samples panel cuts each sample to it too."""
MAX_PROMPT_CHARS = 200
"""Characters of a sample's prompt a cell shows at most."""
MAX_ROWS = 500
"""Steps shown at most (the newest): a run sampling every 200 steps for 100,000 steps has 500."""


@dataclass(frozen=True)
class SampleCell:
    """One run's sample at one step: the prompt, the generated text, and the run's
    ``probe.repetition_threshold`` (the repetition score at which a sample is flagged,
    :mod:`andrea_desktop.core.repetition`)."""

    prompt: str
    text: str
    threshold: float = DEFAULT_THRESHOLD


@dataclass(frozen=True)
class SamplesSideBySide:
    """``names[i]`` and ``paths[i]`` are run ``i``; ``cells[r][i]`` is run ``i``'s sample at
    ``steps[r]`` (None: it wrote none there); ``errors[i]`` says why run ``i`` could not be
    read ("" if it could)."""

    names: tuple[str, ...]
    paths: tuple[Path, ...]
    steps: tuple[int, ...]
    cells: tuple[tuple[SampleCell | None, ...], ...]
    errors: tuple[str, ...]

    def common_steps(self) -> list[int]:
        """The steps at which every run has a sample."""
        return [s for s, row in zip(self.steps, self.cells, strict=True) if all(c is not None for c in row)]


def _cells(model: RunModel) -> dict[int, SampleCell]:
    """A run's samples by step (the last one of a step), cut to what a cell shows."""
    threshold = model.config.probe.repetition_threshold if model.config is not None else DEFAULT_THRESHOLD
    return {int(step): SampleCell(cut_text(prompt, MAX_PROMPT_CHARS), cut_text(text, MAX_TEXT_CHARS), threshold)
            for step, prompt, text in model.samples}


def cut_text(text: str, limit: int) -> str:
    """``text`` cut to its first ``limit`` characters and ``"… (N characters)"`` (N: its whole
    length), or ``text`` itself if it is no longer. Cut before :func:`~..tokens.visible_text` or
    HTML escaping, which make a text of hidden characters 4–8 times longer."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def side_by_side(models: Sequence[RunModel], errors: Sequence[str] | None = None,
                 names: Sequence[str] | None = None) -> SamplesSideBySide:
    """The samples of the runs' ``models`` by step (the newest :data:`MAX_ROWS` steps), named
    ``names`` (default: the runs' folder names); ``errors[i]`` says why run ``i``'s samples could
    not be read (its column is then empty)."""
    paths = tuple(Path(m.run_dir) if m.run_dir is not None else Path() for m in models)
    names = tuple(names) if names is not None else tuple(m.name for m in models)
    errors = tuple(errors) if errors is not None else ("",) * len(models)
    read = [_cells(m) for m in models]
    steps = sorted({s for by_step in read for s in by_step})[-MAX_ROWS:]
    cells = tuple(tuple(by_step.get(s) for by_step in read) for s in steps)
    return SamplesSideBySide(names, paths, tuple(steps), cells, errors)


def read_side_by_side(paths: Sequence[str | Path], names: Sequence[str] | None = None) -> SamplesSideBySide:
    """The samples of the runs in ``paths`` side by side (:func:`side_by_side` of their
    :func:`~.sources.samples_models`). A run that cannot be read has an empty column and its error."""
    models, errors = samples_models(paths)
    return side_by_side(models, errors, names)
