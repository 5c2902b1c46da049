"""A run's configuration from a base, a settings file and ``key=value`` overrides: the one way
every front end builds a new run's ``config.toml`` (``andrea-train --config FILE --set KEY=VALUE``,
the New Run dialog, a branch's settings).

Precedence, lowest first: the *base* (a preset, or the configuration a run or a branch starts
from) < the settings file (any subset of ``config.toml``'s sections and keys) < the overrides, in
the order given (the last of two for one key wins). The result is checked by the one validator,
:func:`~.toml_io.config_from_dict` with ``strict=True``, so every bound of :mod:`.sections`
holds and an unknown key or an ill-typed value is refused naming the dotted key.

An override is ``section.field=VALUE`` (``optimizer.lr=1e-3``, ``schedule.warmup_steps=0``) or,
for a table field, ``section.field.name=VALUE`` (``curriculum.floors.stdlib-code=0.2``; the name
may hold dots). ``VALUE`` is read as a TOML value, as nanoGPT's configurator reads Python
literals: ``1e-3`` a float, ``0`` an integer, ``true`` a boolean, ``"text"`` a string,
``[0.9, 0.99]`` a list, ``{ a = 0.1 }`` a table. A value that does not parse as TOML is taken as
the bare string it is (``run.device=cpu`` is ``"cpu"``); quote a string that looks like another
type (``probe.text="1e-3"``).
"""

from __future__ import annotations

import copy
import dataclasses
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import Problem, quote, shown_path
from ..small_files import FileTooLargeError, read_small
from .bounds import MAX_ITEMS, MAX_NAME, ConfigError
from .sections import PRESETS, Config
from .toml_io import config_from_dict, config_to_dict, load_preset, loads_toml, tomllib

__all__ = ["Override", "parse_override", "parse_value", "apply_overrides", "read_config_file", "build_config",
           "override_problems", "MAX_OVERRIDE", "MAX_CONFIG_FILE", "MAX_DEPTH", "DEFAULT_PRESET"]

MAX_OVERRIDE = 1 << 16
"""Characters of one ``key=value`` at most (a list of 1,024 source names fits)."""
MAX_CONFIG_FILE = 1 << 20
"""Bytes of a settings file at most (a run's ``config.toml`` is a few KB)."""
DEFAULT_PRESET = "andrea-tiny"
"""The base of a new run when no preset is named."""
MAX_DEPTH = 8
"""Tables and lists nested in one another at most (a config's deepest value, a table field's
entry, is three deep)."""

_SECTIONS = {f.name: f for f in dataclasses.fields(Config)}


@dataclasses.dataclass(frozen=True)
class Override:
    """One parsed ``key=value``: ``path`` is (section, field) or (section, field, name)."""

    key: str
    path: tuple[str, ...]
    value: Any


def parse_value(text: str) -> Any:
    """``text`` read as a TOML value (``1e-3``, ``true``, ``"x"``, ``[1, 2]``, ``{a = 1}``), or the
    bare string ``text`` when it is not one (module docstring)."""
    try:
        parsed = loads_toml(f"v = {text}")
    except tomllib.TOMLDecodeError:
        return text
    except ConfigError:  # a dotted key of thousands of parts: {a.a.a.a...=1}
        raise ConfigError(f"{quote(text, 40)}: nested too deeply") from None
    except ValueError:  # an integer of thousands of digits (Python's int-from-text limit)
        raise ConfigError(f"{quote(text, 40)}: a number too long to read") from None
    except RecursionError:  # a value nested thousands deep
        raise ConfigError(f"{quote(text, 40)}: nested too deeply") from None
    if _too_deep(parsed):  # dotted keys nest without recursing in the parser: {a.a.a.a...=1}
        raise ConfigError(f"{quote(text, 40)}: nested too deeply")
    return parsed["v"] if set(parsed) == {"v"} else text  # "1\nw = 2" is text, not two keys


def _too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether tables and lists nest in ``value`` deeper than ``limit`` (walked without recursion,
    so a value nested 50,000 deep is measured, not a RecursionError)."""
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth >= limit:
                return True
            stack.extend((v, depth + 1) for v in (node.values() if isinstance(node, dict) else node))
    return False


def _field_types(section: str) -> dict[str, Any]:
    return typing.get_type_hints(typing.get_type_hints(Config)[section])


def parse_override(text: str) -> Override:
    """``section.field[.name]=VALUE`` checked against the configuration's keys.

    Raises
    ------
    ConfigError
        Not ``KEY=VALUE``, too long, an unknown section or key, or a ``.name`` under a field that
        is not a table (the message starts with the key).
    """
    if not isinstance(text, str):
        raise ConfigError(f"{quote(text, 40)}: expected KEY=VALUE")
    if len(text) > MAX_OVERRIDE:
        raise ConfigError(f"{quote(text, 40)}: longer than {MAX_OVERRIDE:,} characters")
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ConfigError(f"{quote(text, 60)[1:-1]}: expected KEY=VALUE with a dotted key (optimizer.lr=1e-3)")
    parts = key.split(".", 2)
    if len(parts) < 2 or not all(p.strip() for p in parts):
        raise ConfigError(f"{quote(key, 60)[1:-1]}: expected section.key (e.g. optimizer.lr); "
                          f"sections: {', '.join(_SECTIONS)}")
    section, name = parts[0], parts[1]
    if section not in _SECTIONS:
        raise ConfigError(f"{quote(key, 60)[1:-1]}: unknown section {quote(section, 40)} "
                          f"(known: {', '.join(_SECTIONS)})")
    types = _field_types(section)
    if name not in types:
        raise ConfigError(f"{quote(key, 60)[1:-1]}: unknown key (known keys of [{section}]: "
                          f"{', '.join(sorted(types))})")
    if len(parts) == 3:
        if typing.get_origin(types[name]) is not dict:
            raise ConfigError(f"{quote(key, 60)[1:-1]}: {section}.{name} is not a table; "
                              f"set it whole ({section}.{name}=VALUE)")
        if len(parts[2]) > MAX_NAME:
            raise ConfigError(f"{quote(key, 60)[1:-1]}: the name is longer than {MAX_NAME} characters")
    return Override(key, tuple(parts), parse_value(raw.strip()))


def apply_overrides(data: dict, overrides: Iterable[str | Override]) -> dict:
    """A copy of ``data`` (nested dicts, :func:`~.toml_io.config_to_dict`'s form) with the
    overrides set in order; missing sections and tables are made. The values are not checked
    here: :func:`~.toml_io.config_from_dict` does.

    Raises
    ------
    ConfigError
        An override that does not parse (:func:`parse_override`), too many of them, or a path
        through a value that is not a table in ``data``.
    """
    out = copy.deepcopy(data)
    items = list(overrides)
    if len(items) > MAX_ITEMS:
        raise ConfigError(f"{len(items):,} overrides; at most {MAX_ITEMS:,}")
    for item in items:
        o = item if isinstance(item, Override) else parse_override(item)
        node = out
        for part in o.path[:-1]:
            nxt = node.setdefault(part, {})
            if not isinstance(nxt, dict):
                raise ConfigError(f"{o.key}: {part} is not a table here ({quote(nxt, 40)})")
            node = nxt
        node[o.path[-1]] = copy.deepcopy(o.value)
    return out


def read_config_file(path: str | Path) -> dict:
    """A settings file: TOML with any subset of ``config.toml``'s sections and keys (a run's
    whole ``config.toml`` is one too), as nested dicts, not yet checked.

    Raises
    ------
    ConfigError
        Missing, unreadable, larger than :data:`MAX_CONFIG_FILE`, not TOML, or a top-level key
        that is not a table (messages start with the path).
    """
    path = Path(path)
    where = shown_path(path)
    try:
        raw = read_small(path, MAX_CONFIG_FILE, links=True)  # a FIFO or /dev/zero is refused, not read
    except FileTooLargeError:
        raise ConfigError(f"{where}: larger than {MAX_CONFIG_FILE:,} bytes; a settings file is a few KB") from None
    except OSError as exc:
        raise ConfigError(f"{where}: cannot read ({exc.strerror or exc})") from exc
    except ValueError:  # a NUL in the path
        raise ConfigError(f"{where}: not a file name (it holds a NUL character)") from None
    try:
        data = loads_toml(raw.decode("utf-8"))
    except ConfigError as exc:  # a dotted key or table name of thousands of parts
        raise ConfigError(f"{where}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: not UTF-8 text ({exc.reason})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML ({exc})") from exc
    except ValueError:  # an integer of thousands of digits
        raise ConfigError(f"{where}: a number too long to read") from None
    except RecursionError:
        raise ConfigError(f"{where}: nested too deeply") from None
    if _too_deep(data):  # [a.a.a.a...] nests without recursing in the parser
        raise ConfigError(f"{where}: nested too deeply (tables or lists more than {MAX_DEPTH} deep)")
    for name, value in data.items():
        if name in _SECTIONS and not isinstance(value, dict):
            raise ConfigError(f"{where}: {quote(name, 40)[1:-1]}: expected a table ([{name}]), got {type(value).__name__}")
    return data


def _merge_file(data: dict, file_data: dict) -> dict:
    """``data`` with the file's keys set: a file's table field (floors, caps) replaces the whole
    value, as every other value does; unknown sections are kept for the validator to name."""
    out = copy.deepcopy(data)
    for section, fields in file_data.items():
        if isinstance(fields, dict) and isinstance(out.get(section), dict):
            out[section].update(copy.deepcopy(fields))
        else:
            out[section] = copy.deepcopy(fields)
    return out


def _named_preset(file_data: dict, sets: list[Override]) -> str | None:
    """The ``run.preset`` the overrides (the last one) or the file name, if it is a preset."""
    for o in reversed(sets):
        if o.path == ("run", "preset"):
            return o.value if o.value in PRESETS else None
    run = file_data.get("run")
    value = run.get("preset") if isinstance(run, dict) else None
    return value if value in PRESETS else None


def build_config(preset: str | None = None, config_file: str | Path | None = None,
                 overrides: Iterable[str | Override] = (), base: Config | None = None) -> Config:
    """The configuration of a new run (or a branch): ``base`` < ``config_file`` < ``overrides``.

    Parameters
    ----------
    preset
        The preset the run starts from when ``base`` is None. None: the ``run.preset`` named by
        the overrides or the file when it is a preset, else :data:`DEFAULT_PRESET`; so
        ``--preset P`` and ``--set run.preset=P`` give the same run. Given, the result's
        ``run.preset`` must still be ``preset``.
    config_file
        A settings file (:func:`read_config_file`), or None.
    overrides
        ``key=value`` texts (:func:`parse_override`) or parsed :class:`Override`, in order.
    base
        The configuration to start from instead of a preset (a run's or a parent's).

    Raises
    ------
    ConfigError
        An unknown preset, section or key, an ill-typed value, a value out of its bounds, or
        inconsistent values; the message starts with the file's path where the file is to
        blame, and names the dotted key.
    """
    sets = [o if isinstance(o, Override) else parse_override(o) for o in overrides]
    file_data = read_config_file(config_file) if config_file is not None else {}
    if base is None:
        base = load_preset(preset or _named_preset(file_data, sets) or DEFAULT_PRESET)
    data = config_to_dict(base)
    if file_data:
        data = _merge_file(data, file_data)
        try:
            config_from_dict(data, strict=True)
        except ConfigError as exc:
            raise ConfigError(f"{shown_path(config_file)}: {exc}") from exc
    cfg = config_from_dict(apply_overrides(data, sets), strict=True)
    if preset is not None and cfg.run.preset != preset:
        raise ConfigError(f"run.preset: {quote(cfg.run.preset)} differs from the preset {quote(preset)} the "
                          "run starts from; name one of them")
    return cfg


def override_problems(overrides: Iterable[str], base: Config) -> dict[str, Problem]:
    """Each override that ``base`` does not take, alone, with the validator's problem: ``{key:
    problem}`` ({} when each is fine; values that only clash together are named by
    :func:`build_config`). For a form that names every bad field next to it, in its language
    (a :class:`~andrea_desktop.core.errors.Problem`'s ``text`` is the English message)."""
    out: dict[str, Problem] = {}
    data = config_to_dict(base)
    for text in overrides:
        key = text.partition("=")[0].strip() if isinstance(text, str) else str(text)
        try:
            config_from_dict(apply_overrides(data, [text]), strict=True)
        except ConfigError as exc:
            out[key] = Problem.of(key, exc)
    return out
