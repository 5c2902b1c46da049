"""What every config section checks against: :class:`ConfigError` and the bounds of a value."""

from __future__ import annotations

from ..errors import Problem

__all__ = ["ConfigError", "MAX_INT", "MAX_STEPS", "MAX_STRING", "MAX_ITEMS", "MAX_NAME", "MAX_PROBE_TEXT",
           "MAX_WATCH"]


class ConfigError(ValueError):
    """A configuration value is missing, unknown, of the wrong type or inconsistent.

    The message starts with the dotted key (``model.d_model: ...``) where one is to blame.
    ``problem`` is the same as data (:class:`~andrea_desktop.core.errors.Problem`: key, code,
    values) when the check gave one, for an interface that says it in another language; None
    for a message of its own.
    """

    def __init__(self, message: str | Problem, problem: Problem | None = None) -> None:
        if isinstance(message, Problem):
            message, problem = message.text, message
        super().__init__(message)
        self.problem = problem


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


Check = str | tuple[str, dict[str, str]]
"""What a failed check says: English text of its own, or a :class:`Problem`'s ``(code, values)``
(:func:`in_range`, :func:`bound`, :data:`NOT_EMPTY`)."""
NOT_EMPTY: tuple[str, dict[str, str]] = ("empty", {})
"""The value must not be empty (text of only spaces, an empty list)."""


def in_range(interval: str, rest: str = "") -> tuple[str, dict[str, str]]:
    """The value must lie in ``interval`` (written as the English text shows it: ``[0, 1)``);
    ``rest`` follows it (`` (0 = off)``)."""
    return "range", {"range": interval, "rest": rest}


def bound(op: str, limit: str, rest: str = "") -> tuple[str, dict[str, str]]:
    """The value must be ``op`` (``>=``, ``<=``, ``>``, ``<``) ``limit``; ``rest`` follows it."""
    return "bound", {"op": op, "bound": limit, "rest": rest}


def _check(cond: bool, key: str, msg: Check) -> None:
    """Raise a :class:`ConfigError` of ``key`` unless ``cond``."""
    if not cond:
        if isinstance(msg, tuple):
            raise ConfigError(Problem(key, msg[0], msg[1]))
        raise ConfigError(f"{key}: {msg}")
