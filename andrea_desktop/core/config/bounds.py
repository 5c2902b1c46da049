"""What every config section checks against: :class:`ConfigError` and the bounds of a value."""

from __future__ import annotations

__all__ = ["ConfigError", "MAX_INT", "MAX_STEPS", "MAX_STRING", "MAX_ITEMS", "MAX_NAME", "MAX_PROBE_TEXT",
           "MAX_WATCH"]


class ConfigError(ValueError):
    """A configuration value is missing, unknown, of the wrong type or inconsistent.

    The message starts with the dotted key (``model.d_model: ...``) where one is to blame.
    """


MAX_INT = 2**63 - 1
"""Any integer of a config (it must fit SQLite and numpy's int64)."""
MAX_STEPS = 10**10
"""Any step count or interval (the longest schedule allowed is 10^10 steps)."""
MAX_STRING = 4096
"""Any string of a config (paths included)."""
MAX_ITEMS = 1024
"""Any list or table of a config (sources, floors, watched words...)."""
MAX_NAME = 64
"""A source name or a watched word."""
MAX_PROBE_TEXT = 4096
"""The probe text and the sample prompt."""
MAX_WATCH = 64
"""Watched words."""


def _check(cond: bool, key: str, msg: str) -> None:
    if not cond:
        raise ConfigError(f"{key}: {msg}")
