"""What a user's training script hands :mod:`andrea_desktop.track`, checked and bounded before
anything is written: scalar names, steps, texts, event payloads and the user's config, and the
run's ``config.toml`` built from that config (docs/run-folder.md). Qt-free and torch-free: the
``track`` module imports it at a script's start."""

from __future__ import annotations

import dataclasses
import json
import logging
import numbers
import os
import unicodedata
from collections.abc import Mapping
from typing import Any

from .config import MAX_STEPS, Config, ConfigError
from .config.bounds import MAX_NAME, MAX_PROBE_TEXT, MAX_WATCH
from .errors import quote
from .metrics import EventKind

__all__ = ["ORIGIN", "MAX_SCALAR_NAME_CHARS", "MAX_KIND_CHARS", "MAX_PAYLOAD_BYTES", "MAX_TEXT_CHARS",
           "MAX_CONFIG_BYTES", "LIFECYCLE_KINDS", "TrackError", "check_name", "check_step", "check_text",
           "jsonable", "to_json", "user_config", "run_config", "MAX_SOURCES", "check_sources", "check_mixture",
           "check_watch", "check_number", "check_count", "check_timeout", "MAX_DEVICE_CHARS", "MAX_PARAMS"]

log_ = logging.getLogger("andrea_desktop.track")

ORIGIN = "script"
"""``run.origin`` of a run written through this module."""
MAX_SCALAR_NAME_CHARS = 200
"""Longest scalar name, in characters."""
MAX_KIND_CHARS = 64
"""Longest event kind, in characters."""
MAX_PAYLOAD_BYTES = 64 * 1024
"""Largest event payload, as JSON text (UTF-8 bytes)."""
MAX_TEXT_CHARS = 100_000
"""Longest sample prompt or text, in characters."""
MAX_CONFIG_BYTES = 1 << 20
"""Largest user config, as JSON text (UTF-8 bytes); it is stored in the ``start`` event."""
LIFECYCLE_KINDS = frozenset(k.value for k in (EventKind.START, EventKind.STOP, EventKind.PAUSE, EventKind.RESUME,
                                              EventKind.COMMAND))
"""Event kinds this module writes itself; :meth:`Run.event` refuses them."""
INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
MAX_DEVICE_CHARS = 200
"""Longest ``device`` text of ``track.init``."""
MAX_PARAMS = 10**15
"""Largest parameter count ``track.init`` takes."""
MAX_SOURCES = 64
"""Most data sources a script's run may name (``track.init(sources=...)``)."""



class TrackError(RuntimeError):
    """The run folder cannot be used (it holds another run, another process writes it, it is
    not writable), or the run has finished: the message says why and what to do."""


# ---------------------------------------------------------------------------- checks
def check_name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a scalar name must be text, not {type(name).__name__} ({quote(name, 60)})")
    if not name or len(name) > MAX_SCALAR_NAME_CHARS:
        raise ValueError(f"scalar name {quote(name, 60)} is {len(name):,} characters long; a name has 1 to "
                         f"{MAX_SCALAR_NAME_CHARS} characters (track.MAX_SCALAR_NAME_CHARS)")
    if any(unicodedata.category(c) in INVISIBLE for c in name):
        raise ValueError(f"scalar name {quote(name, 60)} holds control or invisible characters")
    return name


def check_number(value: object, what: str) -> float:
    """``float(value)`` of a number (Python, NumPy, a 0-d or one-element tensor, Decimal); text,
    bytes and flags are refused (``float("1.5")`` would take text).

    Raises
    ------
    TypeError
        Not a number.
    """
    if isinstance(value, (str, bytes, bytearray, bool)) or value is None:
        raise TypeError(f"{what} is {quote(value, 60)}, not a number")
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError, RuntimeError):
        raise TypeError(f"{what} is {quote(value, 60)}, not a number") from None


def check_count(value: object, what: str, low: int, high: int) -> int:
    """An integer ``value`` in [low, high] (flags, text and floats refused)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be an integer, not {type(value).__name__} ({quote(value, 40)})")
    if not low <= value <= high:
        raise ValueError(f"{what} is {int(value):,}; {low:,} to {high:,}")
    return int(value)


def check_sources(sources: object) -> list[str]:
    """The data sources a script samples from: 1 to :data:`MAX_SOURCES` distinct names of 1 to
    ``MAX_NAME`` characters, no control characters, no ``/`` (a source's scalars are named
    ``mix/weight/<source>``)."""
    if isinstance(sources, (str, bytes)) or not isinstance(sources, (list, tuple)):
        raise TypeError(f"sources is a list of names, not {type(sources).__name__}")
    if not 1 <= len(sources) <= MAX_SOURCES:
        raise ValueError(f"sources names {len(sources):,} sources; 1 to {MAX_SOURCES}")
    out = []
    for name in sources:
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or "/" in name or any(
                unicodedata.category(c) in INVISIBLE for c in name):
            raise ValueError(f"source {quote(name, 60)}: a source is named by 1 to {MAX_NAME} characters, "
                             "without '/' or control characters")
        if name in out:
            raise ValueError(f"source {quote(name, 60)} is named twice")
        out.append(name)
    return out


def check_mixture(weights: object, sources: list[str]) -> dict[str, float]:
    """A mixture of the run's ``sources``: one finite weight >= 0 per source, summing to more
    than 0; returned normalised to sum 1 (a point of the simplex)."""
    if not sources:
        raise ValueError("the run names no data sources: start it with track.init(..., sources=[...])")
    if not isinstance(weights, Mapping):
        raise TypeError(f"a mixture is a dict of source: weight, not {type(weights).__name__}")
    unknown = [k for k in weights if k not in sources]
    missing = [k for k in sources if k not in weights]
    if unknown or missing:
        raise ValueError(f"a mixture gives one weight per source of the run ({', '.join(sources)[:200]}); "
                         + (f"unknown: {quote(unknown[0], 60)}" if unknown else f"missing: {quote(missing[0], 60)}"))
    out = {}
    for name in sources:
        number = check_number(weights[name], f"the weight of {quote(name, 60)}")
        if not (number >= 0 and number < float("inf")):
            raise ValueError(f"the weight of {quote(name, 60)} is {number}; a weight is finite and >= 0")
        out[name] = number
    total = sum(out.values())
    if not total > 0 or total == float("inf"):
        raise ValueError(f"the weights sum to {total}; a mixture's weights sum to more than 0")
    return {name: w / total for name, w in out.items()}


def check_watch(every: object, probe_text: object, watch: object, neighbours: object, max_tokens: object) -> None:
    """The arguments of ``Run.watch``: ``every`` in [1, MAX_STEPS], a probe text of 1 to
    ``MAX_PROBE_TEXT`` characters (or 1 to 4,096 token ids), at most ``MAX_WATCH`` watched words of 1
    to ``MAX_NAME`` characters, ``neighbours`` in [1, 1000], ``max_tokens`` in [2, 4096]."""
    for what, value, low, high in (("every", every, 1, MAX_STEPS), ("neighbours", neighbours, 1, 1000),
                                   ("max_tokens", max_tokens, 2, 4096)):
        check_count(value, what, low, high)
    if isinstance(probe_text, str):
        if not probe_text.strip() or len(probe_text) > MAX_PROBE_TEXT:
            raise ValueError(f"the probe text has {len(probe_text):,} characters; 1 to {MAX_PROBE_TEXT:,}, "
                             "not only spaces")
    else:
        ids = probe_text if isinstance(probe_text, (list, tuple, range)) else None
        if ids is None or not 1 <= len(ids) <= 4096 or not all(
                isinstance(i, numbers.Integral) and not isinstance(i, bool) for i in ids):
            raise TypeError("the probe is a text, or a list of 1 to 4,096 token ids")
    if isinstance(watch, (str, bytes)) or not isinstance(watch, (list, tuple)):
        raise TypeError(f"watch is a list of words, not {type(watch).__name__}")
    if len(watch) > MAX_WATCH:
        raise ValueError(f"watch names {len(watch):,} words; at most {MAX_WATCH}")
    for word in watch:
        if not isinstance(word, str) or not 0 < len(word) <= MAX_NAME:
            raise ValueError(f"watched word {quote(word, 60)}: 1 to {MAX_NAME} characters")


def check_timeout(timeout: object) -> float | None:
    """A wait's ``timeout``: None or +inf (no limit), else a number of seconds >= 0."""
    if timeout is None:
        return None
    seconds = check_number(timeout, "timeout")
    if seconds != seconds or seconds < 0:
        raise ValueError(f"timeout is {seconds}; seconds >= 0, or None to wait until resumed")
    return None if seconds == float("inf") else seconds


def check_step(step: object, last: int) -> int:
    if isinstance(step, bool) or not isinstance(step, numbers.Integral):
        raise TypeError(f"step must be an integer, not {type(step).__name__} ({quote(step, 40)})")
    step = int(step)
    if not 0 <= step <= MAX_STEPS:
        raise ValueError(f"step {step:,} is out of range: 0 to {MAX_STEPS:,}")
    if step < last:
        raise ValueError(f"step {step:,} is before the last step logged ({last:,}): steps only go forward")
    return step


def check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be text, not {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"{what} is {len(text):,} characters long; at most {MAX_TEXT_CHARS:,} "
                         "(track.MAX_TEXT_CHARS)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{what} is not valid Unicode text (a lone surrogate)") from None
    return text


MAX_ARRAY_ITEMS = 65_536
"""Elements of an array or tensor an event payload may hold (its JSON is bounded anyway: the
bound refuses a large array before it is turned into a list)."""


def jsonable(obj: Any) -> Any:
    """``json.dumps``'s fallback: NumPy scalars and arrays, 0-d tensors, paths, sets, enums."""
    item = getattr(obj, "item", None)
    if callable(item) and getattr(obj, "ndim", None) == 0:
        return item()
    tolist = getattr(obj, "tolist", None)
    if callable(tolist):
        size = getattr(obj, "size", None)
        size = size() if callable(size) and hasattr(obj, "numel") else size  # a tensor's size() is its shape
        count = obj.numel() if callable(getattr(obj, "numel", None)) else size
        if isinstance(count, int) and count > MAX_ARRAY_ITEMS:
            raise ValueError(f"an array of {count:,} elements; an event holds at most {MAX_ARRAY_ITEMS:,}")
        return tolist()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    if isinstance(obj, os.PathLike):
        return os.fspath(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    value = getattr(obj, "value", None)  # an Enum
    if isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"{type(obj).__name__} cannot be stored as JSON")


def to_json(obj: Any, what: str, limit: int) -> tuple[Any, str]:
    """``obj`` as plain JSON values (NaN and +-inf become null) and its JSON text.

    Raises
    ------
    TypeError
        A value JSON cannot carry.
    ValueError
        The text is over ``limit`` bytes, or nested too deeply.
    """
    try:
        text = json.dumps(obj, default=jsonable, allow_nan=True)
        data = json.loads(text, parse_constant=lambda _c: None)  # NaN, Infinity -> null
    except TypeError as exc:
        raise TypeError(f"{what} holds a value JSON cannot carry: {exc}") from None
    except (ValueError, RecursionError) as exc:  # a circular reference, nested too deeply, an array too large
        raise ValueError(f"{what} cannot be stored as JSON: {exc}") from None
    text = json.dumps(data, allow_nan=False)
    if len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ValueError(f"{what} is {len(text):,} characters as JSON; at most {limit:,} bytes")
    return data, text


def user_config(config: object) -> dict:
    """The user's configuration as a dict of JSON values: a mapping, a dataclass, an
    ``argparse.Namespace`` or any object with ``to_dict()`` (Hugging Face's ``TrainingArguments``,
    ``PretrainedConfig``)."""
    if config is None:
        return {}
    if isinstance(config, Mapping):
        data = dict(config)
    elif dataclasses.is_dataclass(config) and not isinstance(config, type):
        data = dataclasses.asdict(config)
    elif callable(getattr(config, "to_dict", None)):
        data = config.to_dict()
    elif hasattr(config, "__dict__") and not isinstance(config, type):
        data = {k: v for k, v in vars(config).items() if not k.startswith("_")}
    else:
        raise TypeError(f"config must be a dict, a dataclass or a namespace, not {type(config).__name__}")
    if not isinstance(data, dict):
        raise TypeError(f"config.to_dict() gave {type(data).__name__}, not a dict")
    return to_json({str(k): v for k, v in data.items()}, "config", MAX_CONFIG_BYTES)[0]


# The user's keys the run's config.toml takes over where they are in bounds (section, key, aliases),
# so the runs dock and list_runs show the model's shape; everything else stays in the start event.
TAKEN = (
    ("model", "n_layer", ("n_layer", "n_layers", "num_hidden_layers")),
    ("model", "n_head", ("n_head", "n_heads", "num_attention_heads")),
    ("model", "d_model", ("d_model", "n_embd", "hidden_size")),
    ("model", "block_size", ("block_size", "n_positions", "max_position_embeddings", "seq_len", "context_length")),
    ("model", "vocab_size", ("vocab_size",)),
    ("optimizer", "lr", ("lr", "learning_rate")),
    ("optimizer", "weight_decay", ("weight_decay",)),
    ("train", "batch_size", ("batch_size", "per_device_train_batch_size")),
    ("schedule", "warmup_steps", ("warmup_steps", "warmup_iters")),
    ("run", "seed", ("seed",)),
)


def run_config(user: dict, total_steps: int | None) -> Config:
    """The run's ``config.toml``: defaults, ``run.origin = "script"``, the schedule's length
    (``total_steps``, else the bound: a script's run is never taken for finished), and the user's
    values of :data:`TAKEN` that pass their section's bounds (others are left out)."""
    base = Config()
    cfg = base.replace(run=dataclasses.replace(base.run, preset="custom", origin=ORIGIN),
                       curriculum=dataclasses.replace(base.curriculum, enabled=False),
                       schedule=dataclasses.replace(base.schedule, warmup_steps=0, min_lr=0.0,
                                                    total_steps=int(total_steps or MAX_STEPS)))
    for section, key, aliases in TAKEN:
        value = next((user[a] for a in aliases if a in user), None)
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        try:
            sections = {section: dataclasses.replace(getattr(cfg, section), **{key: value})}
            if key == "vocab_size":
                sections["data"] = dataclasses.replace(cfg.data, tokenizer_vocab_size=max(
                    int(value), cfg.data.tokenizer_vocab_size))
            cfg = cfg.replace(**sections)
        except (ConfigError, TypeError, ValueError) as exc:
            log_.debug("config.toml leaves out %s.%s = %r: %s", section, key, value, exc)
    if cfg.model.d_model % cfg.model.n_head:  # taken one by one: n_head and d_model may not fit
        cfg = cfg.replace(model=dataclasses.replace(cfg.model, n_head=base.model.n_head))
    return cfg

