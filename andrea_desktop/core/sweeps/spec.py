"""A sweep's settings: a base, 1–3 swept keys with their values, seeds and a step count, and the
runs they expand to (docs/user-guide.md#sweeps).

A sweep file (``andrea-sweep SWEEP.toml``, or File → New Sweep…) is TOML::

    name = "lr-warmup"                 # the prefix of the runs' folders
    base = "andrea-tiny"               # a preset, a run folder or a settings file (relative to this file)
    steps = 100                        # the step each run trains to (default: its schedule's end)
    seeds = [1, 2, 3]                  # or a count: seeds = 3 is [1, 2, 3] (default: the base's seed)
    set = ["train.batch_size=8"]       # settings every run has (optional, as --set)

    [keys]
    "optimizer.lr" = [3e-4, 1e-3, 3e-3]
    "schedule.warmup_steps" = [0, 100]

Each run is every combination of the keys' values, for every seed (seed-major: the whole grid of
the first seed, then the next), made by the one config builder
(:func:`~andrea_desktop.core.config.overrides.build_config`, as ``andrea-train --set`` and New
Run make theirs) from the base, then ``set``, then the swept values, then ``run.seed``: so two runs
of a sweep differ only in the swept keys and the seed. Its folder is
``<name>-<key><value>-...-s<seed>`` (``lr-warmup-lr3e-4-wu0-s1``), readable and the same on every
machine.

A sweep file is untrusted input: it is read bounded (:data:`MAX_SWEEP_FILE`), every count is capped
(:data:`MAX_KEYS`, :data:`MAX_VALUES`, :data:`MAX_SEEDS`, :data:`MAX_RUNS`), every value must be a
number, a boolean or a short string, every run's configuration passes the strict validator, and a
base that is a link is refused; all of it before anything on disk changes.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from ..config import (
    MAX_SEED,
    PRESETS,
    Config,
    ConfigError,
    build_config,
    config_from_dict,
    config_to_dict,
    load_config,
)
from ..config.bounds import MAX_STEPS
from ..config.overrides import parse_override
from ..config.toml_io import loads_toml, tomllib
from ..errors import quote, shown_path
from ..rundir.layout import CONFIG, SWEEP_SUFFIX, check_file, is_run_dir
from ..rundir.names import MAX_NAME_BYTES, run_name_problem
from ..small_files import FileTooLargeError, read_small

__all__ = ["Sweep", "SweepRun", "SweptKey", "SweepError", "load_sweep", "parse_sweep", "sweep_text",
           "record_path", "value_text", "MAX_KEYS", "MAX_VALUES", "MAX_SEEDS", "MAX_RUNS", "MAX_SWEEP_FILE",
           "MAX_SWEEP_NAME", "MAX_TEXT_VALUE", "KEY_ABBREVIATIONS"]

MAX_KEYS = 3
"""Swept keys at most."""
MAX_VALUES = 16
"""Values of one key at most."""
MAX_SEEDS = 16
"""Seeds at most."""
MAX_RUNS = 64
"""Runs of one sweep at most (keys' values multiplied, times the seeds)."""
MAX_SWEEP_FILE = 1 << 16
"""Bytes of a sweep file at most (one is a few hundred; a record with its base's settings a few KB)."""
MAX_SWEEP_NAME = 64
"""UTF-8 bytes of a sweep's name at most (its runs' names add the swept values)."""
MAX_TEXT_VALUE = 40
"""Characters of a swept string value at most."""
MAX_SET = 64
"""Shared ``set`` overrides at most."""
MAX_KEY = 100
"""Characters of a swept key at most (``curriculum.floors.<a source name>`` fits)."""

KEY_ABBREVIATIONS = {
    "lr": "lr", "warmup_steps": "wu", "weight_decay": "wd", "batch_size": "bs", "grad_accum": "ga",
    "d_model": "d", "n_layer": "L", "n_head": "H", "block_size": "ctx", "min_lr": "minlr",
    "grad_clip": "clip", "total_steps": "T", "dropout": "drop", "eps": "eps",
}
"""How a swept key's last part is written in its runs' names (others are written whole)."""

_TOP_KEYS = {"name", "base", "steps", "seeds", "set", "keys", "base_settings"}
_SAFE = re.compile(r"[^A-Za-z0-9._+-]")


class SweepError(ConfigError):
    """A sweep's settings are refused; the message starts with the field (``name``, ``base``,
    ``keys.optimizer.lr``, ``seeds``, ``steps``, ``set``) or the file."""


@dataclass(frozen=True)
class SweptKey:
    """One swept key: a dotted config key (``optimizer.lr``) and its values, in order."""

    key: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class SweepRun:
    """One run of a sweep.

    Attributes
    ----------
    name
        Its folder's name, ``<sweep>-<label>``.
    values
        The swept key's value of this run, by key.
    seed
        Its ``run.seed``.
    overrides
        The ``key=value`` overrides that make its configuration from the base (``set``, the swept
        values, then ``run.seed``).
    config
        Its configuration (what ``config.toml`` holds once the tokenizer fills in
        ``model.vocab_size`` and ``data.fingerprint``).
    steps
        The step it trains to (the sweep's ``steps``, else its ``schedule.total_steps``).
    """

    name: str
    values: dict[str, Any]
    seed: int
    overrides: tuple[str, ...]
    config: Config
    steps: int


@dataclass(frozen=True)
class Sweep:
    """A sweep's settings (module docstring), checked: every run's configuration is valid.

    Attributes
    ----------
    name
        The prefix of its runs' folders and the name of its record (``<name>.sweep.toml``).
    base
        Where the base came from, as written: a preset's name, a run folder or a settings file.
    base_config
        The base configuration (a run's ``model.vocab_size`` and ``data.fingerprint`` cleared:
        each run's tokenizer makes its own).
    keys
        The swept keys (1 to :data:`MAX_KEYS`).
    seeds
        The seeds (1 to :data:`MAX_SEEDS`, distinct).
    steps
        The step each run trains to; None: its schedule's end.
    shared
        ``key=value`` overrides every run has (``set``).
    """

    name: str
    base: str
    base_config: Config
    keys: tuple[SweptKey, ...]
    seeds: tuple[int, ...]
    steps: int | None = None
    shared: tuple[str, ...] = ()

    def runs(self) -> tuple[SweepRun, ...]:
        """Every run, seed-major (the whole grid of the first seed, then the next seed's).

        Raises
        ------
        SweepError
            A run's configuration is refused (the message names the run and the key).
        """
        labels = [_labels(k, self.keys) for k in self.keys]
        out = []
        for seed in self.seeds:
            for combo in itertools.product(*(range(len(k.values)) for k in self.keys)):
                values = {k.key: k.values[i] for k, i in zip(self.keys, combo, strict=True)}
                label = "-".join(lab[i] for lab, i in zip(labels, combo, strict=True))
                name = f"{self.name}-{label}-s{seed}"
                problem = run_name_problem(name, "run name")
                if problem is not None:  # keys and values too long for a folder name together
                    raise SweepError(f"keys: {problem.text}; sweep shorter keys or values, or shorten the name")
                overrides = (*self.shared, *(f"{k}={toml_value(v)}" for k, v in values.items()), f"run.seed={seed}")
                try:
                    cfg = build_config(base=self.base_config, overrides=overrides)
                except ConfigError as exc:
                    raise SweepError(f"run {name}: {exc}") from None
                steps = self.steps if self.steps is not None else cfg.schedule.total_steps
                if steps > cfg.schedule.total_steps:
                    raise SweepError(f"steps: {steps:,} is beyond the schedule's end of run {name} "
                                     f"(schedule.total_steps = {cfg.schedule.total_steps:,})")
                out.append(SweepRun(name, values, seed, overrides, cfg, steps))
        return tuple(out)

    def record_dict(self) -> dict:
        """The sweep as its record holds it: the settings as written, and the base's whole
        configuration (``base_settings``), so that the record alone rebuilds every run."""
        data: dict[str, Any] = {"name": self.name, "base": self.base, "seeds": list(self.seeds),
                                "set": list(self.shared), "keys": {k.key: list(k.values) for k in self.keys}}
        if self.steps is not None:
            data["steps"] = self.steps
        data["base_settings"] = config_to_dict(self.base_config)
        return data


def toml_value(value: Any) -> str:
    """``value`` as a TOML value (``0.001``, ``100``, ``true``, ``"adamw"``): what ``--set`` reads back."""
    return tomli_w.dumps({"v": value})[4:].rstrip("\n")


def value_text(value: Any) -> str:
    """A swept value as its runs' names write it: ``3e-4``, ``0.05``, ``100``, ``true``, a string
    with characters other than letters, digits and ``._+-`` as ``_``. Exact: two different
    numbers never read the same (the shortest exponent form that reads back as the number)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value == 0:
            return "0"
        if 1e-2 <= abs(value) < 1e4:
            return repr(value)
        for digits in range(17):
            text = f"{value:.{digits}e}"
            if float(text) == value:
                break
        mantissa, _, exponent = text.partition("e")
        if "." in mantissa:
            mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{int(exponent)}"
    return _SAFE.sub("_", str(value))


def _abbreviation(key: str, keys: tuple[SweptKey, ...]) -> str:
    """How ``key`` is written in a run's name: :data:`KEY_ABBREVIATIONS` of its last part, or the
    part itself; the whole key (dots as ``_``) when two keys would read the same."""
    def short(k: str) -> str:
        last = k.split(".", 2)[-1]
        return KEY_ABBREVIATIONS.get(last, _SAFE.sub("_", last))
    mine = short(key)
    if sum(short(k.key) == mine for k in keys) > 1:
        return _SAFE.sub("_", key.replace(".", "_"))
    return mine


def _labels(key: SweptKey, keys: tuple[SweptKey, ...]) -> list[str]:
    """Each value's part of a run name (``lr3e-4``); ``<key>v1``, ``v2``... when two values of
    the key would read the same (strings that differ in characters a name leaves out)."""
    abbr = _abbreviation(key.key, keys)
    texts = [value_text(v) for v in key.values]
    if len(set(texts)) < len(texts):
        texts = [f"v{i + 1}" for i in range(len(texts))]
    return [f"{abbr}{t}" for t in texts]


# ---------------------------------------------------------------------- reading
def record_path(runs_dir: str | Path, name: str) -> Path:
    """Where a sweep named ``name`` keeps its record: ``<runs_dir>/<name>.sweep.toml``."""
    return Path(runs_dir) / f"{name}{SWEEP_SUFFIX}"


def load_sweep(path: str | Path, links: bool = True) -> Sweep:
    """Read and check a sweep file (or a record, whose ``base_settings`` it uses instead of the
    base). ``links``: follow a link at ``path`` (a file the user names); a record in a runs folder
    is read with False.

    Raises
    ------
    SweepError
        Unreadable, too large, not TOML, or refused settings (the message starts with the path).
    """
    path = Path(path)
    where = shown_path(path)
    try:
        raw = read_small(path, MAX_SWEEP_FILE, links=links)
    except FileTooLargeError:
        raise SweepError(f"{where}: larger than {MAX_SWEEP_FILE:,} bytes; a sweep file is a few hundred") from None
    except OSError as exc:
        raise SweepError(f"{where}: cannot read ({exc.strerror or exc})") from exc
    except ValueError:
        raise SweepError(f"{where}: not a file name (it holds a NUL character)") from None
    try:
        data = loads_toml(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SweepError(f"{where}: not UTF-8 text ({exc.reason})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise SweepError(f"{where}: not valid TOML ({exc})") from exc
    except (ConfigError, ValueError, RecursionError) as exc:
        raise SweepError(f"{where}: {exc if isinstance(exc, ConfigError) else 'a value too long or too deep to read'}") from None
    try:
        return parse_sweep(data, path.parent)
    except ConfigError as exc:
        raise SweepError(f"{where}: {exc}") from None


def parse_sweep(data: dict, folder: str | Path | None = None) -> Sweep:
    """A :class:`Sweep` from a sweep file's parsed TOML (module docstring); a base path is
    relative to ``folder`` (None: the current folder).

    Raises
    ------
    SweepError
        The first refused field.
    """
    if not isinstance(data, dict):
        raise SweepError("expected a table of settings")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise SweepError(f"{quote(unknown[0], 40)[1:-1]}: unknown setting (known: name, base, steps, seeds, set, keys)")
    name = data.get("name")
    if not isinstance(name, str):
        raise SweepError(f"name: expected the sweep's name as text, got {quote(name, 40)}")
    problem = run_name_problem(name, "name", reserve=MAX_NAME_BYTES - MAX_SWEEP_NAME)
    if problem is not None:
        raise SweepError(problem.text)
    base_label, base_config = _base(data, folder)
    keys = _keys(data.get("keys"))
    seeds = _seeds(data.get("seeds"), base_config.run.seed)
    steps = data.get("steps")
    if steps is not None and (not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS):
        raise SweepError(f"steps: expected a whole number in [1, {MAX_STEPS:,}], got {quote(steps, 40)}")
    shared = data.get("set", [])
    if not isinstance(shared, list) or len(shared) > MAX_SET or not all(isinstance(s, str) for s in shared):
        raise SweepError(f"set: expected a list of at most {MAX_SET} KEY=VALUE texts, got {quote(shared, 60)}")
    for text in shared:
        key = parse_override(text).key  # an unknown key is named here
        if key in ("run.seed", "run.preset"):
            raise SweepError(f"set: {key} cannot be set here ({'seeds' if key == 'run.seed' else 'base'} says it)")
    total = math.prod(len(k.values) for k in keys) * len(seeds)
    if total > MAX_RUNS:
        raise SweepError(f"keys: {total:,} runs ({' × '.join(str(len(k.values)) for k in keys)} values × "
                         f"{len(seeds)} seeds); a sweep has at most {MAX_RUNS}")
    sweep = Sweep(name, base_label, base_config, keys, seeds, steps, tuple(shared))
    sweep.runs()  # every run's configuration is checked now
    return sweep


def _base(data: dict, folder: str | Path | None) -> tuple[str, Config]:
    """The base's label and configuration: a record's ``base_settings``, a preset, a run folder's
    ``config.toml`` (never through a link) or a settings file."""
    base = data.get("base")
    if not isinstance(base, str) or not base.strip() or len(base) > 4096:
        raise SweepError(f"base: expected a preset ({', '.join(PRESETS)}), a run folder or a settings file, "
                         f"got {quote(base, 60)}")
    settings = data.get("base_settings")
    if settings is not None:  # a record: the base as it was when the sweep began
        if not isinstance(settings, dict):
            raise SweepError("base_settings: expected a table")
        try:
            return base, config_from_dict(settings, strict=True)
        except ConfigError as exc:
            raise SweepError(f"base_settings: {exc}") from None
    if base in PRESETS:
        return base, build_config(preset=base)
    path = Path(folder or ".") / base
    try:
        if path.is_symlink():
            raise SweepError(f"base: {shown_path(base)} is a link; name the run folder or settings file itself")
        if is_run_dir(path):
            cfg = load_config(check_file(path / CONFIG))
            return base, _fresh(cfg)
        if path.is_dir():
            raise SweepError(f"base: {shown_path(base)} is a folder that holds no run (no {CONFIG})")
        if not path.exists():
            raise SweepError(f"base: {shown_path(base)} is neither a preset ({', '.join(PRESETS)}) nor a file "
                             "or run folder")
    except OSError as exc:  # a link inside the run (UnsafePathError), a name too long
        raise SweepError(f"base: {exc}") from None
    except ConfigError:
        raise
    except ValueError:  # a NUL in the path
        raise SweepError(f"base: {quote(base, 60)} is not a file name") from None
    try:
        return base, _fresh(build_config(config_file=path))
    except ConfigError as exc:
        raise SweepError(f"base: {exc}") from None


def _fresh(cfg: Config) -> Config:
    """``cfg`` as a new run's base: its tokenizer's size and data fingerprint cleared (each run of
    the sweep trains and records its own), made by this app's trainer."""
    return cfg.replace(model=dataclasses.replace(cfg.model, vocab_size=0),
                       data=dataclasses.replace(cfg.data, fingerprint=""),
                       run=dataclasses.replace(cfg.run, origin="trainer"))


def _flatten(table: dict, prefix: str = "", depth: int = 0) -> list[tuple[str, Any]]:
    """``{optimizer = {lr = [...]}}`` (TOML's unquoted dotted keys) as ``[("optimizer.lr", [...])]``."""
    out = []
    for k, v in table.items():
        key = f"{prefix}.{k}" if prefix else str(k)
        if isinstance(v, dict) and depth < 2:
            out.extend(_flatten(v, key, depth + 1))
        else:
            out.append((key, v))
    return out


def _keys(table: Any) -> tuple[SweptKey, ...]:
    if not isinstance(table, dict) or not table:
        raise SweepError('keys: expected a table of 1 to 3 keys with their values ([keys] "optimizer.lr" = [1e-3, 3e-3])')
    items = _flatten(table)
    if not 1 <= len(items) <= MAX_KEYS:
        raise SweepError(f"keys: {len(items)} keys; a sweep sweeps 1 to {MAX_KEYS}")
    out: list[SweptKey] = []
    for key, values in items:
        where = f"keys.{quote(key, 60)[1:-1]}"
        if len(key) > MAX_KEY or "=" in key:
            raise SweepError(f"{where}: not a setting's dotted key (section.key, at most {MAX_KEY} characters)")
        parsed = parse_override(f"{key}=0")  # ConfigError names an unknown section or key
        if any(k.key == parsed.key for k in out):
            raise SweepError(f"{where}: swept twice")
        if parsed.key in ("run.seed", "run.preset"):
            raise SweepError(f"{where}: {'seeds' if parsed.key == 'run.seed' else 'base'} says it; sweep another key")
        if not isinstance(values, list) or not 1 <= len(values) <= MAX_VALUES:
            raise SweepError(f"{where}: expected a list of 1 to {MAX_VALUES} values, got {quote(values, 60)}")
        for v in values:
            if isinstance(v, float) and not math.isfinite(v):
                raise SweepError(f"{where}: {v} is not a finite number")
            if isinstance(v, str) and (len(v) > MAX_TEXT_VALUE or not v.isprintable()):
                raise SweepError(f"{where}: {quote(v, 60)} is not a short line of text (at most {MAX_TEXT_VALUE} characters)")
            if not isinstance(v, (bool, int, float, str)):
                raise SweepError(f"{where}: {quote(v, 60)}: a swept value is a number, true / false or text")
        if len({(type(v), v) for v in values}) < len(values):
            raise SweepError(f"{where}: a value is listed twice")
        out.append(SweptKey(parsed.key, tuple(values)))
    return tuple(out)


def _seeds(value: Any, default: int) -> tuple[int, ...]:
    if value is None:
        return (default,)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= MAX_SEEDS:
            raise SweepError(f"seeds: a count of 1 to {MAX_SEEDS} seeds, got {value}")
        return tuple(range(1, value + 1))
    if (not isinstance(value, list) or not 1 <= len(value) <= MAX_SEEDS
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_SEED for s in value)):
        raise SweepError(f"seeds: expected a count (3) or a list of 1 to {MAX_SEEDS} seeds in 0 .. 2^63-1, "
                         f"got {quote(value, 60)}")
    if len(set(value)) < len(value):
        raise SweepError("seeds: a seed is listed twice")
    return tuple(value)


def sweep_text(sweep: Sweep) -> str:
    """The sweep's record as TOML text (:meth:`Sweep.record_dict`)."""
    return ("# ANDREA Desktop sweep record (docs/user-guide.md#sweeps): its runs are <name>-... beside it.\n"
            + tomli_w.dumps(sweep.record_dict()))
