"""Reading and writing a run's configuration: strict TOML load and save, presets (docs/design.md#the-run-folder).

A run is rebuilt from its ``config.toml`` alone. Loading is strict: an unknown key or a value
of the wrong type raises :class:`~.sections.ConfigError` naming the dotted key; every value is
then bounded by its section's checks.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import sys
import typing
from importlib import resources
from pathlib import Path
from typing import Any

import tomli_w

from ..errors import Problem, quote
from ..small_files import read_small, write_atomic
from .sections import (
    MAX_INT,
    MAX_ITEMS,
    MAX_NAME,
    MAX_STRING,
    PRESETS,
    Config,
    ConfigError,
    TerrainConfig,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["ADDED_LATER", "MAX_KEY_PARTS", "load_preset", "load_config", "loads_toml", "save_config",
           "config_from_dict", "config_to_dict", "tomllib"]

MAX_CONFIG_BYTES = 1 << 24
"""Bytes of a ``config.toml`` at most (it is a few KB; 1,024 source paths of 4,096 characters fit)."""

_SECTIONS = {f.name: f for f in dataclasses.fields(Config)}

MAX_KEY_PARTS = 32
"""Parts of one dotted key or table name at most (``[curriculum.floors]``: 2; a config's longest
key has 3). tomllib's time and memory grow with the square of a key's parts: a 100 KB file holding
one key of 50,000 parts took 33 s and 10 GB before it could be refused, so such a key is refused
before the text is parsed."""

# MAX_KEY_PARTS key parts (bare or quoted) each followed by a dot: a key of more parts. A match
# starts only where no bare-key character stands before it, so a long word is tried once (linear).
_LONG_DOTTED_KEY = re.compile(r"""(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]+|"[^"\\\n]*"|'[^'\n]*')[ \t]*\.[ \t]*)"""
                              + f"{{{MAX_KEY_PARTS}}}")


def loads_toml(text: str) -> dict:
    """``tomllib.loads(text)`` for text from outside (a run's ``config.toml``, a settings file, a
    ``--set`` value), with a dotted key or table name of more than :data:`MAX_KEY_PARTS` parts
    refused before parsing (a dot-joined run of that many words inside a string is refused too).

    Raises
    ------
    ConfigError
        Such a key ("nested too deeply"; callers put the file or value in front).
    tomllib.TOMLDecodeError, ValueError, RecursionError
        As :func:`tomllib.loads`: not TOML, an integer of thousands of digits, arrays or inline
        tables nested thousands deep.
    """
    if _LONG_DOTTED_KEY.search(text):
        raise ConfigError(f"nested too deeply (a dotted key or table name of more than {MAX_KEY_PARTS} parts)")
    return tomllib.loads(text)


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is dict:
        return f"table of {_type_name(typing.get_args(tp)[1])}"
    if origin is list:
        (arg,) = typing.get_args(tp)
        return f"list of {_type_name(arg)}"
    return getattr(tp, "__name__", str(tp))


def _convert(value: Any, tp: Any, key: str) -> Any:
    origin = typing.get_origin(tp)
    if origin is dict:
        _, arg = typing.get_args(tp)
        if not isinstance(value, dict):
            raise ConfigError(f"{key}: expected {_type_name(tp)}, got {type(value).__name__}")
        if len(value) > MAX_ITEMS:
            raise ConfigError(f"{key}: {len(value):,} entries; at most {MAX_ITEMS:,}")
        for k in value:
            if len(str(k)) > MAX_NAME:
                raise ConfigError(f"{key}: the name {quote(k)} is longer than {MAX_NAME} characters")
            if not _encodable(str(k)):
                raise ConfigError(f"{key}: the name {quote(k)} is not valid Unicode text (a lone surrogate)")
        return {str(k): _convert(v, arg, f"{key}.{quote(k, 40)[1:-1]}") for k, v in value.items()}
    if origin is list:
        (arg,) = typing.get_args(tp)
        if not isinstance(value, list):
            raise ConfigError(f"{key}: expected {_type_name(tp)}, got {type(value).__name__}")
        if len(value) > MAX_ITEMS:
            raise ConfigError(f"{key}: {len(value):,} items; at most {MAX_ITEMS:,}")
        return [_convert(v, arg, f"{key}[{i}]") for i, v in enumerate(value)]
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise ConfigError(f"{key}: expected a table, got {type(value).__name__}")
        return _dataclass_from_dict(tp, value, key)
    if tp is bool:
        if not isinstance(value, bool):
            raise ConfigError(Problem(key, "not_bool", {"value": quote(value)}))
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(Problem(key, "not_integer", {"value": quote(value)}))
        if not -MAX_INT <= value <= MAX_INT:
            raise ConfigError(Problem(key, "int_size", {"value": quote(value), "most": f"{MAX_INT:,}"}))
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(Problem(key, "not_number", {"value": quote(value)}))
        try:
            value = float(value)
        except OverflowError:
            raise ConfigError(Problem(key, "too_large", {"value": quote(value)})) from None
        if not math.isfinite(value):
            raise ConfigError(Problem(key, "not_finite", {"value": str(value)}))
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ConfigError(f"{key}: expected a string, got {quote(value)}")
        if len(value) > MAX_STRING:
            raise ConfigError(f"{key}: {quote(value)} is longer than {MAX_STRING:,} characters")
        if not _encodable(value):  # a command line's undecodable bytes: config.toml could not be written
            raise ConfigError(f"{key}: {quote(value)} is not valid Unicode text (a lone surrogate)")
        return value
    raise TypeError(f"unsupported config type {tp!r}")  # pragma: no cover


# Sections and keys added after run format 1 was first written: a run's config.toml from before
# them may lack them, and gets their defaults (every other key must be there).
ADDED_LATER = {"checkpoint", "anomaly", "train.grad_accum", "model.gelu_approximate", "model.init_from",
               "run.origin",
               # the [terrain] section (named from its field: the literal is a run-folder name, layout.TERRAIN_DIR)
               *(f.name for f in dataclasses.fields(Config) if f.default_factory is TerrainConfig)}


def _encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogate, as ``surrogateescape``
    makes of a command line's undecodable bytes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field]]:
    """The type hints and fields of the config dataclass ``cls``, by name (computed once per
    class: ``typing.get_type_hints`` evaluates every annotation string each time, ~0.5 ms a
    class, and a config has a dozen sections loaded several times per window)."""
    return typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)}


def _dataclass_from_dict(cls: type, data: dict, prefix: str, strict: bool = False) -> Any:
    hints, fields = _shape(cls)
    for key in data:
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ConfigError(f"{prefix}.{quote(key, 40)[1:-1]}: unknown key (known keys: {known})")
    if strict:
        for key in fields:
            if key not in data and f"{prefix}.{key}" not in ADDED_LATER and prefix not in ADDED_LATER:
                raise ConfigError(f"{prefix}.{key}: missing (a run's config.toml lists every key)")
    kwargs = {k: _convert(v, hints[k], f"{prefix}.{k}") for k, v in data.items()}
    try:
        return cls(**kwargs)
    except TypeError as exc:  # a required field (without default) is missing
        raise ConfigError(f"{prefix}: {exc}") from exc
    except ConfigError as exc:  # a section's check: name the value it refused, as it was given
        raise _with_value(exc, prefix, data) from None


def _with_value(exc: ConfigError, prefix: str, data: dict) -> ConfigError:
    """``exc`` with the value it refused among its problem's values, when the problem is one key
    of ``data`` (``prefix.name``) out of its range or bound: ``probe.repetition_threshold: must be
    in (0, 1], got 5.0``; else ``exc`` itself."""
    p = exc.problem
    if p is None or p.code not in ("range", "bound") or "value" in p.values or not p.key.startswith(f"{prefix}."):
        return exc
    name = p.key[len(prefix) + 1:]
    if name not in data:
        return exc
    return ConfigError(Problem(p.key, p.code, {**p.values, "value": quote(data[name])}))


def config_from_dict(data: dict, base: Config | None = None, strict: bool = False) -> Config:
    """Build a :class:`Config` from nested dicts, on top of ``base`` (defaults if None).

    Parameters
    ----------
    strict
        Every section and key must be given (a run's ``config.toml``); otherwise missing ones
        come from ``base`` (presets).

    Raises
    ------
    ConfigError
        An unknown, missing (strict) or ill-typed key, or inconsistent values.
    """
    base = base or Config()
    for name in data:
        if name not in _SECTIONS:
            raise ConfigError(f"{quote(name, 40)[1:-1]}: unknown section (known: {', '.join(_SECTIONS)})")
    sections = {}
    for name, value in data.items():
        if not isinstance(value, dict):
            raise ConfigError(f"{name}: expected a table, got {type(value).__name__}")
        merged = value if strict else {**dataclasses.asdict(getattr(base, name)), **value}
        sections[name] = _dataclass_from_dict(_shape(Config)[0][name], merged, name, strict)
    if strict:
        for name in _SECTIONS:
            if name not in data and name not in ADDED_LATER:
                raise ConfigError(f"{name}: missing section (a run's config.toml lists every section)")
    try:
        return dataclasses.replace(base, **sections)
    except RecursionError:  # pragma: no cover
        raise ConfigError("config: nested too deeply") from None


def config_to_dict(cfg: Config) -> dict:
    """Nested plain dicts of ``cfg`` (TOML-ready)."""
    return dataclasses.asdict(cfg)


def _parse_toml(text: str, origin: str) -> dict:
    try:
        return loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML ({exc})") from exc
    except ConfigError as exc:
        raise ConfigError(f"{origin}: {exc}") from None


def load_config(path: str | Path) -> Config:
    """Read a ``config.toml``.

    Raises
    ------
    ConfigError
        The file is unreadable, not TOML, written by a newer version, or has unknown, missing,
        ill-typed or inconsistent keys.
    """
    path = Path(path)
    try:  # not a FIFO (it would block), a device or a file of gigabytes
        text = read_small(path, MAX_CONFIG_BYTES, links=True).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"{path}: cannot read ({exc})") from exc
    try:
        return config_from_dict(loads_toml(text), strict=True)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from exc
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    except ValueError:  # an integer of thousands of digits
        raise ConfigError(f"{path}: a number too long to read") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply") from None


def save_config(cfg: Config, path: str | Path) -> None:
    """Write ``cfg`` as TOML, atomically: a temporary file of a random name, created exclusively
    beside ``path``, then renamed onto it (:func:`~andrea_desktop.core.small_files.write_atomic`:
    a link planted at ``path`` or at a temporary name is replaced, never written through).

    Raises
    ------
    OSError
        The folder cannot be written.
    """
    write_atomic(path, "# ANDREA Desktop run configuration (docs/design.md#the-run-folder). Do not edit "
                       "during a run.\n" + tomli_w.dumps(config_to_dict(cfg)))


def load_preset(name: str) -> Config:
    """The configuration of preset ``name`` (``resources/presets/<name>.toml``).

    Raises
    ------
    ConfigError
        ``name`` is not one of :data:`PRESETS`.
    """
    if name not in PRESETS:
        raise ConfigError(f"preset: unknown preset {quote(name)} (choose one of {', '.join(PRESETS)})")
    text = resources.files("andrea_desktop.resources").joinpath(f"presets/{name}.toml").read_text("utf-8")
    cfg = config_from_dict(_parse_toml(text, f"preset {name}"))
    if cfg.run.preset != name:
        raise ConfigError(f"preset {name}: run.preset says {cfg.run.preset!r}")
    return cfg
