"""Qt-free model of the runs' samples side by side: one row per step at which any of the runs
wrote a sample, one column per run (the runs' stores read read-only,
:meth:`~andrea_desktop.core.rundir.reader.RunReader.samples`)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..config import ConfigError, load_config
from ..errors import quote, shown_path
from ..rundir.layout import CONFIG, METRICS_DB
from ..rundir.reader import RunReader
from ..rundir.store import StoreError

__all__ = ["SampleCell", "SamplesSideBySide", "read_side_by_side", "MAX_ROWS", "MAX_TEXT_CHARS"]

log = logging.getLogger(__name__)

MAX_TEXT_CHARS = 2000
"""Characters of a sample's text a cell shows at most (a store is untrusted: two 10 MB samples
froze the window for half a minute)."""
MAX_PROMPT_CHARS = 200
"""Characters of a sample's prompt a cell shows at most."""
MAX_ROWS = 500
"""Steps shown at most (the newest): a run sampling every 200 steps for 100,000 steps has 500."""


@dataclass(frozen=True)
class SampleCell:
    """One run's sample at one step: the prompt, the generated text, and the run's
    ``probe.repetition_threshold`` (the share of repeated word bigrams at which the Samples panel
    flags a sample)."""

    prompt: str
    text: str
    threshold: float = 0.5


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


def _read(path: Path) -> tuple[dict[int, SampleCell], str]:
    """A run's samples by step (the last one of a step), or why they cannot be read."""
    try:
        threshold = load_config(path / CONFIG).probe.repetition_threshold
    except (ConfigError, OSError):
        threshold = 0.5
    try:
        reader = RunReader(path / METRICS_DB)
    except (OSError, StoreError, sqlite3.Error) as exc:
        return {}, f"cannot read {shown_path(path.name, 80)}: {quote(str(exc), 200)}"
    try:
        rows = reader.samples()
    except sqlite3.Error as exc:
        return {}, f"cannot read {shown_path(path.name, 80)}'s samples: {quote(str(exc), 200)}"
    finally:
        reader.close()
    out = {}
    for step, prompt, text in rows:
        if isinstance(step, int):
            out[step] = SampleCell(_cut(str(prompt or ""), MAX_PROMPT_CHARS), _cut(str(text or ""), MAX_TEXT_CHARS),
                                   threshold)
    return out, ""


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def read_side_by_side(paths: Sequence[str | Path], names: Sequence[str] | None = None) -> SamplesSideBySide:
    """The samples of the runs in ``paths`` by step (the newest :data:`MAX_ROWS` steps), named
    ``names`` (default: the folders' names). A run that cannot be read has an empty column and
    its error."""
    paths = tuple(Path(p) for p in paths)
    names = tuple(names) if names is not None else tuple(p.name for p in paths)
    read = [_read(p) for p in paths]
    steps = sorted({s for by_step, _ in read for s in by_step})[-MAX_ROWS:]
    cells = tuple(tuple(by_step.get(s) for by_step, _ in read) for s in steps)
    return SamplesSideBySide(names, paths, tuple(steps), cells, tuple(e for _, e in read))
