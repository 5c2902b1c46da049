"""The names in a run's ``metrics.sqlite``: scalars, event kinds and anomaly kinds (docs/design.md#scalar-names).

Writers (the trainer) and readers (view-models, exports, the runs API) import these instead of
spelling the strings, and :func:`parse_scalar_name` is the one parser of scalar names.

Scalars (one row per step and name)::

    train/loss, train/lr, train/grad_norm, train/tokens_per_s   every step
    train/loss/<source>                                         mean loss of that source's rows
    val/loss, val/loss/<source>                                 at each evaluation
    perf/mfu                                                    model FLOPs utilisation (0..1)
    mix/weight/<source>                                         the mixture, when it changes
    mix/ucb/<source>, mix/pulls/<source>, mix/reward/<source>   the bandit, at each phase start
    mix/count/<source>                                          rows drawn so far, every 10 steps
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "TRAIN_LOSS",
    "TRAIN_LR",
    "TRAIN_GRAD_NORM",
    "TRAIN_TOKENS_PER_S",
    "VAL_LOSS",
    "PERF_MFU",
    "STEP_SCALARS",
    "SOURCE_LOSS_PREFIX",
    "VAL_LOSS_PREFIX",
    "MIX_WEIGHT_PREFIX",
    "MIX_UCB_PREFIX",
    "MIX_COUNT_PREFIX",
    "MIX_PULLS_PREFIX",
    "MIX_REWARD_PREFIX",
    "ValueEnum",
    "EventKind",
    "AnomalyKind",
    "ScalarName",
    "parse_scalar_name",
    "source_loss",
    "val_loss",
]

TRAIN_LOSS = "train/loss"
TRAIN_LR = "train/lr"
TRAIN_GRAD_NORM = "train/grad_norm"
TRAIN_TOKENS_PER_S = "train/tokens_per_s"
VAL_LOSS = "val/loss"
PERF_MFU = "perf/mfu"
STEP_SCALARS = (TRAIN_LOSS, TRAIN_LR, TRAIN_GRAD_NORM, TRAIN_TOKENS_PER_S)
"""The scalars every training step writes."""

SOURCE_LOSS_PREFIX = TRAIN_LOSS + "/"
VAL_LOSS_PREFIX = VAL_LOSS + "/"
MIX_WEIGHT_PREFIX = "mix/weight/"
MIX_UCB_PREFIX = "mix/ucb/"
MIX_COUNT_PREFIX = "mix/count/"
MIX_PULLS_PREFIX = "mix/pulls/"
MIX_REWARD_PREFIX = "mix/reward/"


class ValueEnum(str, Enum):
    """A string enum whose ``str()`` is its value (what is stored and printed)."""

    def __str__(self) -> str:
        return self.value


class EventKind(ValueEnum):
    """The ``kind`` column of the ``events`` table."""

    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    STOP = "stop"
    PHASE = "phase"
    PIVOT = "pivot"
    CURRICULUM_WARMUP_END = "curriculum_warmup_end"
    LR_WARMUP_END = "lr_warmup_end"
    CHECKPOINT = "checkpoint"
    COMMAND = "command"
    ANOMALY = "anomaly"
    CONFIG_CHANGED = "config_changed"
    """A resume applied settings that differ from its checkpoint's (payload ``changes``:
    ``[{"key", "old", "new"}]``; ``lr_anchor``: ``[step, lr]`` when the LR was re-planned)."""
    THREADS = "threads"
    """The automatic torch thread count was chosen by a timed trial (payload ``threads``,
    ``reason``, ``tokens_per_s`` per count tried:
    :meth:`~andrea_desktop.core.training.threads.ThreadChoice.payload`)."""


class AnomalyKind(ValueEnum):
    """``payload["kind"]`` of an ``anomaly`` event."""

    NAN = "nan"
    SPIKE = "spike"
    CLIFF = "cliff"
    REPETITION = "repetition"
    VERTEX = "vertex"
    CHECKPOINT = "checkpoint"
    PIVOT = "pivot"
    COMMAND = "command"
    CONTROL = "control"


@dataclass(frozen=True)
class ScalarName:
    """A parsed scalar name: ``group`` is one of ``train``, ``source``, ``val``, ``val_source``,
    ``mix_weight``, ``mix_ucb``, ``mix_pulls``, ``mix_reward``,
    ``mix_count``, ``perf`` or ``other``; ``source`` is the data
    source for the per-source groups."""

    group: str
    source: str | None = None


_PREFIXES = (
    (SOURCE_LOSS_PREFIX, "source"),
    (VAL_LOSS_PREFIX, "val_source"),
    (MIX_WEIGHT_PREFIX, "mix_weight"),
    (MIX_UCB_PREFIX, "mix_ucb"),
    (MIX_COUNT_PREFIX, "mix_count"),
    (MIX_PULLS_PREFIX, "mix_pulls"),
    (MIX_REWARD_PREFIX, "mix_reward"),
)


def parse_scalar_name(name: str) -> ScalarName:
    """The one parser of scalar names (module docstring)."""
    if name in STEP_SCALARS:
        return ScalarName("train")
    if name == VAL_LOSS:
        return ScalarName("val")
    if name == PERF_MFU:
        return ScalarName("perf")
    for prefix, group in _PREFIXES:
        if name.startswith(prefix) and len(name) > len(prefix):
            return ScalarName(group, name[len(prefix):])
    return ScalarName("other")


def source_loss(source: str) -> str:
    """``train/loss/<source>``."""
    return SOURCE_LOSS_PREFIX + source


def val_loss(source: str) -> str:
    """``val/loss/<source>``."""
    return VAL_LOSS_PREFIX + source
