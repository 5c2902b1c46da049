"""What changed in a run's ``config.toml`` since a checkpoint, and what a resume does about it.

A checkpoint stores the whole configuration it was trained with (``state.json``'s
``config``). :func:`resume_changes` compares it with the run's ``config.toml`` now, key by key
(``section.field``; a list or a table is one value), and sorts every difference into one of
two kinds; nothing that differs is ignored silently:

Refused (:data:`REFUSED`): the checkpoint's state is only meaningful under the old value.

* ``model.*``: the weights' shapes and the network they belong to (``model.init_from`` is not
  compared: it only decides the step-0 weights, which the checkpoint holds);
* ``data.*``: the sources, the tokenizer's settings and the token arrays (``fingerprint``);
* ``run.seed``: the data order and every generator derive from it;
* ``train.batch_size``: the sampled rows of every step, the bandit's rewards;
* ``curriculum.*`` except the vertex warning: the bandit's state (its pulls, rewards, phase,
  constraints and walk parameters) is saved in the checkpoint and was built under them; a
  mixture change during a run is a *pivot* (Curriculum panel, or a ``pivot`` command), which
  the bandit records. ``curriculum.vertex_threshold`` and ``curriculum.vertex_steps`` only
  decide when the camping warning fires: applied.

Applied (everything else): the new value is used from the resumed step on, and the trainer
logs one ``config_changed`` event listing them (old and new values):

* ``schedule.*`` and ``optimizer.lr``: the learning rate is re-planned from the LR in use at
  the checkpoint (:mod:`andrea_desktop.core.schedule`, anchors), so it does not jump;
* ``optimizer.*`` (betas, eps, weight decay, gradient clipping) are set on the restored
  optimiser;
* ``train.eval_interval``, ``train.eval_rows``, ``train.grad_accum``, ``probe.*``,
  ``checkpoint.*``, ``anomaly.*``, ``terrain.*``, ``run.device``, ``run.torch_threads``,
  ``run.preset`` (a label).

``run.format_version`` is not compared (:func:`~andrea_desktop.core.config.load_config` checks
it).

A *branch* (:mod:`andrea_desktop.core.training.branch`) starting from its parent's checkpoint
applies ``curriculum.*`` changes too (``branch=True``): they reach the restored bandit as a
pivot at the branch's first step, the v3 polish pattern.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import quote
from .sections import Config
from .toml_io import config_to_dict

__all__ = ["ConfigChange", "ResumeChanges", "diff_config_dicts", "resume_changes", "is_refused",
           "REFUSED", "NOT_COMPARED", "SCHEDULE_KEYS", "BRANCH_APPLIED", "describe_changes"]

REFUSED = ("model.", "data.", "run.seed", "train.batch_size", "curriculum.")
"""Keys (or ``section.`` prefixes) whose change makes a checkpoint unusable."""
APPLIED_EXCEPTIONS = ("curriculum.vertex_threshold", "curriculum.vertex_steps")
"""Keys under a refused prefix that are applied nevertheless (module docstring)."""
BRANCH_APPLIED = ("curriculum.",)
"""Prefixes a branch's start applies although a resume refuses them (module docstring)."""
NOT_COMPARED = ("model.init_from", "run.format_version")
"""Keys a resume does not compare (module docstring)."""
SCHEDULE_KEYS = ("schedule.warmup_steps", "schedule.total_steps", "schedule.min_lr", "optimizer.lr")
"""Keys whose change re-plans the learning rate."""
SHOWN_CHANGES = 20
"""Changes a message lists at most (the rest are counted)."""


@dataclass(frozen=True)
class ConfigChange:
    """One key whose value differs: ``key`` is ``section.field``; a missing value is None."""

    key: str
    old: Any
    new: Any

    def describe(self) -> str:
        """``key: old → new``, values cut to a readable length."""
        return f"{self.key}: {quote(self.old, 60)} → {quote(self.new, 60)}"

    def to_payload(self) -> dict:
        """JSON-ready ``{"key", "old", "new"}`` (values cut to a readable length)."""
        return {"key": self.key, "old": _small(self.old), "new": _small(self.new)}


@dataclass(frozen=True)
class ResumeChanges:
    """:func:`resume_changes`' answer: the refused and the applied differences."""

    refused: tuple[ConfigChange, ...] = ()
    applied: tuple[ConfigChange, ...] = ()
    branch: bool = False
    """Compared for the start of a branch (``curriculum.*`` applied)."""

    @property
    def schedule_changed(self) -> bool:
        """The learning-rate plan changed (it is re-planned from the checkpoint's LR)."""
        return any(c.key in SCHEDULE_KEYS for c in self.applied)

    def keys(self) -> set[str]:
        return {c.key for c in (*self.refused, *self.applied)}


def _small(value: Any) -> Any:
    """``value`` itself when it is a scalar or short (as JSON), else its cut ``repr``."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    try:
        if len(json.dumps(value)) <= 200:
            return value
    except (TypeError, ValueError):
        pass
    return quote(value, 200)


def _flatten(d: dict) -> dict[str, Any]:
    out = {}
    for section, fields in d.items():
        if isinstance(fields, dict):
            for name, value in fields.items():
                out[f"{section}.{name}"] = value
        else:
            out[str(section)] = fields
    return out


def diff_config_dicts(old: dict, new: dict) -> list[ConfigChange]:
    """Every ``section.field`` whose value differs between two :func:`config_to_dict` dicts
    (a key missing from one side counts as None), sorted by key; :data:`NOT_COMPARED` keys
    and ``model.gelu_approximate`` at its default against a missing key are left out (older
    checkpoints did not have it).

    Raises
    ------
    ValueError
        A value is nested deeper than any config's (a damaged or crafted dict).
    """
    a, b = _flatten(old), _flatten(new)
    out = []
    for key in sorted(set(a) | set(b)):
        if key in NOT_COMPARED:
            continue
        va, vb = a.get(key), b.get(key)
        if key == "model.gelu_approximate" and va in (None, "none") and vb in (None, "none"):
            continue
        if _norm(va) != _norm(vb):
            out.append(ConfigChange(key, va, vb))
    return out


MAX_DEPTH = 16
"""Nesting a config value has at most (a source's paths are 3 deep): deeper is damaged."""


def _norm(value: Any, depth: int = 0) -> Any:
    """Tuples as lists (a list from JSON equals the tuple it was).

    Raises
    ------
    ValueError
        The value is nested deeper than :data:`MAX_DEPTH` (no config's value is).
    """
    if depth > MAX_DEPTH:
        raise ValueError(f"a value is nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, (list, tuple)):
        return [_norm(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v, depth + 1) for k, v in value.items()}
    return value


def is_refused(key: str, branch: bool = False) -> bool:
    """Whether a change of ``key`` makes a checkpoint unusable (module docstring); for the start
    of a ``branch``, ``curriculum.*`` is applied."""
    if key in APPLIED_EXCEPTIONS or (branch and key.startswith(BRANCH_APPLIED)):
        return False
    return any(key == r or (r.endswith(".") and key.startswith(r)) for r in REFUSED)


def resume_changes(checkpoint_config: dict, config: Config, branch: bool = False) -> ResumeChanges:
    """Compare the config a checkpoint was trained with (``config_to_dict`` form, from its
    ``state.json``) with the run's ``config`` now, and sort the differences (module
    docstring); ``branch``: the checkpoint starts a branch (``curriculum.*`` applied)."""
    changes = diff_config_dicts(checkpoint_config, config_to_dict(config))
    return ResumeChanges(tuple(c for c in changes if is_refused(c.key, branch)),
                         tuple(c for c in changes if not is_refused(c.key, branch)), branch)


def describe_changes(changes: tuple[ConfigChange, ...] | list[ConfigChange], indent: str = "  ") -> str:
    """One line per change (at most :data:`SHOWN_CHANGES`, then how many more)."""
    lines = [indent + c.describe() for c in list(changes)[:SHOWN_CHANGES]]
    if len(changes) > SHOWN_CHANGES:
        lines.append(f"{indent}… and {len(changes) - SHOWN_CHANGES} more")
    return "\n".join(lines)
