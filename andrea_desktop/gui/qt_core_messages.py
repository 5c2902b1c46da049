"""The validators' messages (``core/config``, which is Qt-free and writes English) in the interface
language, for the error labels under the fields of the New Run, Branch and Experiment dialogs.

The common forms are recognised by pattern and rewritten from a translated template that keeps the
key, the value and the bounds as they were (``optimizer.lr: expected a number, got 'x'`` →
``optimizer.lr: angka diharapkan, bukan 'x'``). A message of another form is shown as written.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["translated_core_message"]

_CTX = "CoreMessages"

_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.DOTALL), t) for p, t in (
    (r"(?P<key>[\w.]+): expected a number, got (?P<value>.+)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected a number, got {value}")),
    (r"(?P<key>[\w.]+): expected an integer, got (?P<value>.+)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected an integer, got {value}")),
    (r"(?P<key>[\w.]+): expected true or false, got (?P<value>.+)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: expected true or false, got {value}")),
    (r"(?P<key>[\w.]+): must be a finite number, got (?P<value>.+)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be a finite number, got {value}")),
    (r"(?P<key>[\w.]+): must be in (?P<range>[\[(][^\]\)]*[\])])(?P<rest>.*)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be in {range}{rest}")),
    (r"(?P<key>[\w.]+): must be (?P<op>>=|<=|>|<) (?P<bound>\S+)(?P<rest>.*)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: must be {op} {bound}{rest}")),
    (r"(?P<key>[\w.]+): must not be empty",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: must not be empty")),
    (r"(?P<key>[\w.]+): (?P<value>.+) is out of range \(at most (?P<most>[\d,]+) in size\)",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: {value} is out of range (at most {most} in size)")),
    (r"(?P<key>[\w.]+): (?P<value>.+) is too large",
     QT_TRANSLATE_NOOP("CoreMessages", "{key}: {value} is too large")),
))


def translated_core_message(message: str) -> str:
    """``message`` (one line of a ``ConfigError`` or a bound check) in the interface language when it
    has one of the common forms, else unchanged. English in, English out byte for byte."""
    for pattern, template in _FORMS:
        m = pattern.fullmatch(message)
        if m is not None:
            return QCoreApplication.translate(_CTX, template).format(**m.groupdict())
    return message
