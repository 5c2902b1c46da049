"""Helpers every error message uses: values from files and commands are untrusted, so a
message quotes them cut to a readable length (a 10 MB preset name never becomes a 10 MB line
on stderr or a frozen message box)."""

from __future__ import annotations

__all__ = ["quote", "shown_path", "MAX_QUOTED"]

MAX_QUOTED = 80
"""Characters of a value a message shows at most."""


def quote(value: object, limit: int = MAX_QUOTED) -> str:
    """``repr(value)`` cut to ``limit`` characters, with how much was left out.

    >>> quote("x" * 1000, 10)
    "'xxxxxxxx… (1,002 characters)"
    """
    text = repr(value) if not isinstance(value, str) or len(value) <= 4 * limit else repr(value[: 4 * limit])
    if len(text) <= limit:
        return text
    size = len(value) + 2 if isinstance(value, str) else len(text)
    return f"{text[: limit - 1]}… ({size:,} characters)"


def shown_path(path: object, limit: int = 200) -> str:
    """A path for a message: as it is when short and printable, else quoted by :func:`quote`, cut to
    ``limit`` characters (a 10,000-character name or one with a NUL or a newline).

    >>> shown_path("runs/demo")
    'runs/demo'
    """
    text = str(path)
    return text if len(text) <= limit and text.isprintable() else quote(text, limit)
