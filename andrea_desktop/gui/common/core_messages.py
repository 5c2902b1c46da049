"""The validators' problems (``core/config``, Qt-free, gives each as a
:class:`~andrea_desktop.core.errors.Problem`: key, code, values) in the interface language, for the
error labels under the fields of the New Run, Branch and Experiment dialogs.

Each code has its translated template here, of the same fields as core's English text
(:data:`~andrea_desktop.core.errors.PROBLEM_TEXTS`), so the key, the value and the bounds are kept
as they were (``optimizer.lr: expected a number, got 'x'`` → ``optimizer.lr: angka diharapkan,
bukan 'x'``); core's wording is never read. A problem of its own (code ``other``) is shown as
written.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...core.errors import Problem

__all__ = ["problem_text", "PROBLEM_TEMPLATES"]

_CTX = "CoreMessages"

PROBLEM_TEMPLATES: dict[str, str] = {
    "not_number": QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected a number, got {value}"),
    "not_integer": QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected an integer, got {value}"),
    "not_bool": QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected true or false, got {value}"),
    "not_finite": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be a finite number, got {value}"),
    "range": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be in {range}{rest}"),
    "bound": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be {op} {bound}{rest}"),
    "range_got": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be in {range}{rest}, got {value}"),
    "bound_got": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be {op} {bound}{rest}, got {value}"),
    "empty": QT_TRANSLATE_NOOP("CoreMessages", "{key}: must not be empty"),
    "int_size": QT_TRANSLATE_NOOP("CoreMessages", "{key}: {value} is out of range (at most {most} in size)"),
    "too_large": QT_TRANSLATE_NOOP("CoreMessages", "{key}: {value} is too large"),
}
"""``code: English template`` (the translations' source texts) of each config problem core gives."""


def problem_text(problem: Problem) -> str:
    """``problem`` in the interface language: its code's translated template filled with its key
    and values; a code without a template here (a run name's: ``folder_names``; ``other``) is
    core's English text. English in, English out byte for byte."""
    template = PROBLEM_TEMPLATES.get(problem.template_code)
    if template is None:
        return problem.text
    try:
        return QCoreApplication.translate(_CTX, template).format(key=problem.key, **problem.values)
    except (KeyError, IndexError, ValueError):  # values that do not fit the template: core's own text
        return problem.text
