"""A run's probes by step: the newest kept as arrays, the others read back from their files
(``probes/<step>.npz``) on demand, checked as every probe file is."""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

import numpy as np

from ..head_roles import RoleHistory, role_history
from ..rundir.layout import EMBEDDING_FILE, PROBES_DIR
from ..rundir.probes import (
    STATS,
    check_probe,
    probe_texts,
    read_head_entropy,
    read_probe,
    read_role_arrays,
    role_arrays,
)
from ..tokens import relabel_probe

__all__ = ["ProbeSet", "EMBEDDING_PATH", "HEAD_STATS", "probe_texts", "role_arrays"]

log = logging.getLogger(__name__)

EMBEDDING_PATH = f"{PROBES_DIR}/{EMBEDDING_FILE}"
"""Where a run keeps its newest embedding, relative to its folder (what a view names when the
file cannot be read)."""

HEAD_STATS = STATS
"""The per-head statistics every probe holds, ``(n_layer, n_head)`` each: ``entropy``,
``previous_token``, ``sink``, ``induction``."""


class ProbeSet:
    """A run's probes by step: the newest :data:`MEMORY` kept as arrays, the others read back
    from their files on demand (``probes/<step>.npz``, checked as every probe file is).

    Parameters
    ----------
    tokenizer
        The run's ``tokenizers.Tokenizer`` (labels of older probe files are made again from
        their ids; None: the stored labels).
    """

    MEMORY = 50

    def __init__(self, tokenizer=None) -> None:
        self.tokenizer = tokenizer
        self._memory: OrderedDict[int, dict] = OrderedDict()
        self._files: dict[int, Path] = {}
        self._steps: list[int] = []
        self._roles: dict[int, tuple | None] = {}  # step: role arrays (a file's read once)
        self._history: tuple[tuple, RoleHistory | None] | None = None

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def steps(self) -> list[int]:
        """Every probe's step, ascending."""
        return self._steps

    def add(self, probe: dict) -> int:
        """A probe's arrays (a live probe or one read from a file); returns its step. The
        embedding and vocabulary a live probe carries are not kept here (the model keeps the
        newest one: :attr:`RunModel.embedding`).

        Raises
        ------
        ValueError
            The probe's arrays are malformed (:func:`~andrea_desktop.core.rundir.probes.check_probe`).
        """
        check_probe(probe)
        step = int(np.asarray(probe["step"]))
        self._memory[step] = {k: v for k, v in probe.items() if k not in ("embedding", "vocab")}
        self._roles[step] = role_arrays(probe)
        self._history = None  # a probe taken again at a step replaces that step's scores
        self._memory.move_to_end(step)
        while len(self._memory) > self.MEMORY:  # older ones are read back from their files
            old = min(self._memory)
            if old not in self._files:
                break
            self._memory.pop(old)
        self._update_steps()
        return step

    def add_files(self, files: dict[int, Path]) -> list[int]:
        """Probe files found in the run folder (``{step: path}``); returns the new steps."""
        new = [s for s in files if s not in self._files and s not in self._memory]
        self._files.update(files)
        self._update_steps()
        return sorted(new)

    def has_file(self, step: int) -> bool:
        """The probe of ``step`` has a file it can be read back from."""
        return step in self._files

    def _update_steps(self) -> None:
        self._steps = sorted(set(self._files) | set(self._memory))

    def get(self, step: int) -> dict | None:
        """The probe of ``step`` (None: there is none, or its file cannot be read: logged)."""
        probe = self._memory.get(step)
        if probe is None and step in self._files:
            try:
                probe = relabel_probe(read_probe(self._files[step]), self.tokenizer)
            except ValueError as exc:
                log.warning("skipping probe: %s", exc)
                return None
        return probe

    def role_arrays(self, step: int) -> tuple | None:
        """``(names, scores (R, L, H), baselines (R,), thresholds (R,))`` of the probe of ``step``
        (:func:`~andrea_desktop.core.rundir.probes.role_arrays`); a file's are read once, without
        its attention maps. None: no such probe, one of an earlier version, or an unreadable file."""
        if step not in self._roles and step in self._files:
            try:
                self._roles[step] = role_arrays(read_role_arrays(self._files[step]))
            except ValueError as exc:
                log.warning("skipping probe's head roles: %s", exc)
                self._roles[step] = None
        return self._roles.get(step)

    def head_entropy(self, step: int) -> tuple[np.ndarray, int] | None:
        """``(entropy (L, H), T)``: each head's mean row entropy over the T queries of the probe of
        ``step`` (a file's read without its attention maps:
        :func:`~andrea_desktop.core.rundir.probes.read_head_entropy`). None: no such probe, or an
        unreadable file (logged)."""
        probe = self._memory.get(step)
        if probe is not None:
            return np.asarray(probe["entropy"], dtype=np.float64), int(np.asarray(probe["attention"]).shape[-1])
        if step not in self._files:
            return None
        try:
            return read_head_entropy(self._files[step])
        except ValueError as exc:
            log.warning("skipping probe's entropy: %s", exc)
            return None

    def role_history(self) -> RoleHistory | None:
        """Each role's best score per layer across the probes (the heads over time,
        :func:`~andrea_desktop.core.head_roles.role_history`); None while no probe has role scores."""
        key = tuple(self._steps)
        if self._history is None or self._history[0] != key:
            items = [(s, *r) for s in self._steps if (r := self.role_arrays(s)) is not None]
            self._history = (key, role_history(items))
        return self._history[1]

    @property
    def newest(self) -> dict | None:
        return self.get(self._steps[-1]) if self._steps else None

    @staticmethod
    def texts(probe: dict) -> tuple[str, str, int]:
        """``(text drawn, text asked for, its length in tokens)`` of a probe (the drawn text is
        the one cut to the context length; older probe files without them give the tokens'
        text joined)."""
        return probe_texts(probe)
