"""Argument types both commands share: ``--seed`` and ``--source NAME=PATH[,PATH...]``."""

from __future__ import annotations

import argparse
import dataclasses

__all__ = ["seed_arg", "steps_arg", "source_arg", "with_sources"]


def _int_arg(text: str, low: int, high: int, span: str) -> int:
    from ..core.errors import quote

    # at most 20 digits: int() of thousands of digits is slow or refused (Python's 4,300-digit limit)
    digits = text.strip().lstrip("+-")
    if len(digits) > 20 or not digits.isascii() or not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{quote(text, 40)} is not an integer in {span}")
    value = int(text)
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{value} is outside {span}")
    return value


def seed_arg(text: str) -> int:
    """A seed in 0 .. 2^63-1 (``argparse`` type)."""
    from ..core.config import MAX_SEED

    return _int_arg(text, 0, MAX_SEED, "0 .. 2^63-1")


def steps_arg(text: str) -> int:
    """A global step in 0 .. 10^10 (``argparse`` type, ``--max-steps``)."""
    from ..core.config.bounds import MAX_STEPS

    return _int_arg(text, 0, MAX_STEPS, "0 .. 10^10")


def source_arg(text: str):
    """``NAME=PATH[,PATH...]`` for a user data source (``argparse`` type)."""
    from ..core.config import ConfigError, SourceSpec
    from ..core.errors import quote

    name, sep, paths = text.partition("=")
    if not sep or not name.strip() or not paths.strip():
        raise argparse.ArgumentTypeError(f"{quote(text, 60)}: expected NAME=PATH[,PATH...]")
    try:
        return SourceSpec(name.strip(), [p for p in paths.split(",") if p])
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def with_sources(config, sources):
    """``config`` with user sources added (``--source``)."""
    if not sources:
        return config
    return config.replace(data=dataclasses.replace(config.data, sources=[*config.data.sources, *sources]))
