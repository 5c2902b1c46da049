"""Helpers every error message uses: values from files and commands are untrusted, so a
message quotes them cut to a readable length (a 10 MB preset name never becomes a 10 MB line
on stderr or a frozen message box)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["quote", "shown_path", "MAX_QUOTED", "Problem", "PROBLEM_TEXTS"]

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


PROBLEM_TEXTS: dict[str, str] = {
    # a config value (core/config)
    "not_number": "{key}: expected a number, got {value}",
    "not_integer": "{key}: expected an integer, got {value}",
    "not_bool": "{key}: expected true or false, got {value}",
    "not_finite": "{key}: must be a finite number, got {value}",
    "range": "{key}: must be in {range}{rest}",
    "bound": "{key}: must be {op} {bound}{rest}",
    "range_got": "{key}: must be in {range}{rest}, got {value}",
    "bound_got": "{key}: must be {op} {bound}{rest}, got {value}",
    "empty": "{key}: must not be empty",
    "int_size": "{key}: {value} is out of range (at most {most} in size)",
    "too_large": "{key}: {value} is too large",
    # a run folder's name (core/rundir/names.py)
    "name_empty": "{key}: give it a name",
    "name_characters": "{key}: it names a folder: no / \\ : * ? \" < > |, control characters or surrounding spaces",
    "name_dot": "{key}: it may not start with a dot (hidden folders are not listed)",
    "name_too_long": "{key}: too long for a folder name ({size} bytes in UTF-8; at most {limit})",
}
"""The English text of each :attr:`Problem.code` (``str.format`` templates of ``key`` and the
problem's values). An interface in another language formats a problem from its own templates
of the same fields, by code, and never reads these texts. A ``range`` or ``bound`` problem that
knows the value it refused (``values["value"]``: one read from a file) is said by its ``_got``
text (:meth:`Problem.template_code`)."""


@dataclass(frozen=True)
class Problem:
    """Why a value is refused, as data: what an interface needs to say it in its own language.

    Attributes
    ----------
    key
        What is refused: a dotted config key (``optimizer.lr``), or a field's name
        (``run name``).
    code
        The kind of problem, a key of :data:`PROBLEM_TEXTS`, or ``other``: a message of its own,
        ``values["text"]`` (English, the whole message).
    values
        The values the text names (``{"value": "'abc'"}``, ``{"range": "[0, 1)", "rest": ""}``),
        each already text: quoted (:func:`quote`) or formatted as the English text shows it.
    """

    key: str
    code: str
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def template_code(self) -> str:
        """The code whose text says this problem: :attr:`code`, or ``<code>_got`` where such a
        text exists and the problem knows the value it refused (``values["value"]``)."""
        got = f"{self.code}_got"
        return got if "value" in self.values and got in PROBLEM_TEXTS else self.code

    @property
    def text(self) -> str:
        """The English text (what a ``ConfigError`` or a command line says)."""
        template = PROBLEM_TEXTS.get(self.template_code)
        if template is None:
            return str(self.values.get("text", f"{self.key}: {self.code}"))
        return template.format(key=self.key, **self.values)

    @classmethod
    def of(cls, key: str, exc: BaseException) -> Problem:
        """The problem an exception carries (its ``problem``), else its message as ``other``."""
        problem = getattr(exc, "problem", None)
        return problem if isinstance(problem, Problem) else cls(key, "other", {"text": str(exc)})

    def __str__(self) -> str:
        return self.text
