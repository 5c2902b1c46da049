"""Argument types both commands share: ``--seed`` and ``--source NAME=PATH[,PATH...]``."""

from __future__ import annotations

import argparse
import dataclasses

__all__ = ["seed_arg", "source_arg", "with_sources"]


def seed_arg(text: str) -> int:
    """A seed in 0 .. 2^63-1 (``argparse`` type)."""
    from ..core.config import MAX_SEED

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is outside 0 .. 2^63-1")
    return value


def source_arg(text: str):
    """``NAME=PATH[,PATH...]`` for a user data source (``argparse`` type)."""
    from ..core.config import ConfigError, SourceSpec

    name, sep, paths = text.partition("=")
    if not sep or not name.strip() or not paths.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: expected NAME=PATH[,PATH...]")
    try:
        return SourceSpec(name.strip(), [p for p in paths.split(",") if p])
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def with_sources(config, sources):
    """``config`` with user sources added (``--source``)."""
    if not sources:
        return config
    return config.replace(data=dataclasses.replace(config.data, sources=[*config.data.sources, *sources]))
