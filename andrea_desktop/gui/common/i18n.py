"""The interface language: Qt's translation system (``QTranslator``) with our ``andrea_<lang>.qm``
files and Qt's own ``qtbase_<lang>`` ones (standard dialog buttons), and the default ``QLocale``
so that numbers Qt formats follow the language.

The language is the QSettings value ``ui/language`` when set, else the system locale's language;
English, Indonesian and Dutch are supported, anything else is English. The ``.qm`` files are built
from ``resources/i18n/*.ts`` by ``pyside6-lrelease`` (the Makefile's install step); a missing one
falls back to English with one log line.

The code fills translated texts with ``str.format`` (``translate(ctx, "step {step}").format(step=s)``):
a translation whose replacement fields are not the source's (``{stap}`` for ``{step}``, a stray ``{``,
an extra ``{}``) would raise KeyError, IndexError or ValueError there, so our translator hands out
only translations with the source's fields, and the English source (one log line) in place of any other.

A text with a count in it is one plural ("numerus") message: ``self.tr("every {n} step(s)", "", n)``
(``QCoreApplication.translate`` with a fourth argument is not seen as plural by lupdate's Python
parser: outside a method, ``SomeQObjectClass.tr(...)`` names the context). Qt picks the
translation's form for ``n`` (Dutch ``stap``/``stappen``, Indonesian's one form) and the code fills
``{n}`` with :func:`format_number`, as every other number (Qt's own ``%n`` writes no group
separator, and ``%Ln`` the C locale's way under a C system locale: ``1234`` beside ``1,234``). English picks its forms through ``andrea_en.qm`` too (its
``.ts`` holds the plural messages only, lupdate's ``-pluralonly``). Decimals go through
:func:`format_decimal`: one decimal mark beside the grouped integers in every box.
"""

from __future__ import annotations

import logging
import math
import numbers
import os
import stat
import string
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)

from .app_settings import save as save_settings

__all__ = ["LANGUAGES", "SETTINGS_KEY", "chosen_language", "format_decimal", "format_duration", "format_number", "format_spread", "join_numbers", "plural_n", "install_translators", "qm_path",
           "save_language", "system_language", "fits_source", "format_fields"]

log = logging.getLogger(__name__)

LANGUAGES = {"en": "English", "id": "Bahasa Indonesia", "nl": "Nederlands"}
"""Supported language code: its name in that language (the View → Language menu)."""

SETTINGS_KEY = "ui/language"

_LOCALES = {"en": QLocale("en_US"), "id": QLocale("id_ID"), "nl": QLocale("nl_NL")}
"""Each language's locale when the system's is another language's."""

_LOCALISED = (QLocale.Language.Indonesian, QLocale.Language.Dutch)
"""The languages whose numbers :func:`format_number` writes the locale's way."""

_QT_BUTTONS = (
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"), QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"), QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"), QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save"), QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Restore Defaults"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&OK"), QT_TRANSLATE_NOOP("QGnomeTheme", "&Cancel"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Close"), QT_TRANSLATE_NOOP("QGnomeTheme", "&Save"),
)
"""Qt's standard button texts, in our ``.ts`` files too: Qt ships no ``qtbase_id`` (Indonesian
message boxes would say Cancel and Yes); where Qt's own translation is installed it takes
precedence (installed after ours)."""

_installed: list[QTranslator] = []  # ours, kept alive while installed (installTranslator keeps no reference)

_FIELDS = string.Formatter()


@lru_cache(maxsize=4096)
def format_fields(text: str) -> tuple[frozenset[tuple[str, str, str]], int] | None:
    """The replacement fields of ``text`` read as a ``str.format`` template: the named ones as
    (name, conversion, format spec), and how many automatically numbered ``{}`` there are; ``None``
    when ``str.format`` would reject ``text`` (a single ``{`` or ``}``)."""
    try:
        fields = [(name, conversion or "", spec or "") for _literal, name, spec, conversion in _FIELDS.parse(text)
                  if name is not None]
    except ValueError:
        return None
    return frozenset(f for f in fields if f[0]), sum(1 for f in fields if not f[0])


def fits_source(source: str, translation: str) -> bool:
    """Whether ``translation`` can stand where the code formats ``source``: the same replacement
    fields (a source that is no template, with a lone brace, takes any translation)."""
    wanted = format_fields(source)
    return wanted is None or format_fields(translation) == wanted


MAX_QM_BYTES = 32 << 20
"""The largest ``.qm`` file read (ours are a few hundred kB)."""

_QM_MAGIC = bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")
_CONTEXTS, _HASHES, _MESSAGES, _NUMERUS, _DEPENDENCIES, _LANGUAGE = 0x2F, 0x42, 0x69, 0x88, 0x96, 0xA7


def qm_problem(data: bytes) -> str:
    """What is wrong with ``data`` as a ``.qm`` file of ours, ``""`` when nothing is.

    ``QTranslator`` checks a file's blocks as it loads it but trusts the lengths and offsets inside
    them when it looks a text up: one damaged byte (a length of 2 GB, a hash table of size 0) makes
    it read outside the file and crash. So every offset of the hash table, every item of every
    message it leads to, and the contexts table are checked here the way Qt reads them; a file with
    dependencies (other ``.qm`` files Qt would load by name) is not one of ours.
    """
    if len(data) > MAX_QM_BYTES:
        return f"larger than {MAX_QM_BYTES} bytes"
    if not data.startswith(_QM_MAGIC):
        return "not a .qm file"
    blocks: dict[int, bytes] = {}
    at = len(_QM_MAGIC)
    while at < len(data):
        if at + 5 > len(data):
            return f"a block header cut at byte {at}"
        tag, size = data[at], int.from_bytes(data[at + 1:at + 5], "big")
        if at + 5 + size > len(data):
            return f"block {tag:#x} runs past the end"
        if tag not in (_CONTEXTS, _HASHES, _MESSAGES, _NUMERUS, _LANGUAGE):
            return f"block {tag:#x} (dependencies or unknown)"
        blocks[tag] = data[at + 5:at + 5 + size]
        at += 5 + size
    hashes, messages = blocks.get(_HASHES, b""), blocks.get(_MESSAGES, b"")
    if not hashes or not messages:
        return "no translations in it"
    if len(hashes) % 8:
        return "a hash table of a partial entry"
    for i in range(4, len(hashes), 8):
        offset = int.from_bytes(hashes[i:i + 4], "big")
        if offset >= len(messages) or not _message_sound(messages, offset):
            return f"a message at offset {offset} outside the messages or damaged"
    return _contexts_problem(blocks.get(_CONTEXTS))


def _message_sound(messages: bytes, at: int) -> bool:
    """Whether the message items from ``at`` stay inside ``messages`` (Qt's getMessage reads an
    item's 32-bit length and then that many bytes, unchecked)."""
    end = len(messages)
    while at < end:
        tag = messages[at]
        at += 1
        if tag == 1:  # end of the message
            return True
        if tag == 5:  # an obsolete 4-byte field, skipped unread
            at += 4
        elif tag in (3, 6, 7, 8):  # translation, source text, context, comment: a length and the bytes
            if at + 4 > end:
                return False
            size = int.from_bytes(messages[at:at + 4], "big")
            if tag == 3 and size & 1:  # Qt stops at an odd translation length (and a null one)
                return True
            if at + 4 + size > end:
                return False
            at += 4 + size
        else:  # Qt stops at a tag it does not know
            return True
    return True


def _contexts_problem(contexts: bytes | None) -> str:
    """What is wrong with the contexts table (a 16-bit size, the offsets, the chains of
    length-prefixed names each ended by a 0), ``""`` when nothing or when there is none."""
    if contexts is None:
        return ""
    if len(contexts) < 2:
        return "a contexts table cut short"
    n = int.from_bytes(contexts[:2], "big")
    if n == 0 or len(contexts) < 2 + 2 * n:
        return "a contexts table of size 0 or cut short"
    for g in range(n):
        offset = int.from_bytes(contexts[2 + 2 * g:4 + 2 * g], "big")
        if offset == 0:
            continue
        at = 2 + 2 * n + 2 * offset
        while True:
            if at >= len(contexts):
                return "a contexts chain outside the table"
            size = contexts[at]
            if size == 0:
                break
            if at + 1 + size > len(contexts):
                return "a context name outside the table"
            at += 1 + size
    return ""


class _CheckedTranslator(QTranslator):
    """A ``QTranslator`` that answers "no translation" (the English source is shown) for a
    translation whose replacement fields are not its source's, so that ``.format(...)`` on a
    translated text never fails on a translator's slip; one warning per text names it."""

    def __init__(self, parent: QCoreApplication | None = None) -> None:
        super().__init__(parent)
        self._reported: set[tuple[str, str]] = set()

    problem = ""
    """Why :meth:`load_checked` refused the file (empty when it did not)."""
    fallback: QTranslator | None = None
    """Asked for a text this one has no translation for, or refuses (the English plural forms
    under another language's: a refused plural text reads ``2 steps``, not ``2 step(s)``)."""

    def load_checked(self, path: Path) -> bool:
        """Load the ``.qm`` file ``path`` when it is a regular file whose structure
        :func:`qm_problem` finds sound (Qt reads a damaged one out of bounds: a crash)."""
        try:  # opened without waiting (a FIFO), then read only when it is a regular file
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except (OSError, ValueError):
            return False
        try:
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    return False
                data = f.read(MAX_QM_BYTES + 1)
        except (OSError, ValueError):
            return False
        self.problem = qm_problem(data)
        if self.problem:
            return False
        self._data = data  # Qt reads the translations from this buffer: kept while the translator lives
        return self.load(data)

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str | None:
        text = super().translate(context, source, disambiguation, n)
        if text and fits_source(source, text):
            return text
        if text and (context, source) not in self._reported:
            self._reported.add((context, source))
            log.warning("the %s translation of %r (%s) has other replacement fields: %r; shown in English",
                        self.language() or "?", source[:200], context, text[:200])
        if self.fallback is not None:
            return self.fallback.translate(context, source, disambiguation, n)
        return None  # a null string: Qt asks the next translator, then shows the source


def chosen_language() -> str:
    """The language code to use: ``ui/language`` if set and supported (``"nl"``; ``"NL"``, ``"nl_BE"``
    or ``"nl-NL"`` hand-written in the settings file read as ``"nl"``), else the system locale's
    language if supported, else ``"en"``. A value of another kind or an unknown one (a damaged or
    hand-edited settings file) counts as unset."""
    try:
        saved = _code(QSettings().value(SETTINGS_KEY, "", type=str))
    except (TypeError, ValueError):  # a value that is no text
        saved = ""
    if saved in LANGUAGES:
        return saved
    return system_language()


def system_language() -> str:
    """The system locale's language (Qt reads ``LC_ALL``, ``LC_MESSAGES``, ``LANGUAGE`` and ``LANG``)
    when supported, else ``"en"``: the interface language with no saved choice."""
    system = _code(QLocale.system().name())
    return system if system in LANGUAGES else "en"


def _code(value: object) -> str:
    """The language part of a locale name (``"nl_BE"``, ``"NL-nl"``: ``"nl"``); ``""`` for anything
    else than a short string."""
    if not isinstance(value, str) or len(value) > 64:
        return ""
    return value.strip().replace("-", "_").split("_")[0].split(".")[0].lower()


def save_language(lang: str) -> None:
    """Remember ``lang`` (one of :data:`LANGUAGES`) for the next start.

    Raises
    ------
    ValueError
        ``lang`` is not supported.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; one of {sorted(LANGUAGES)}")
    save_settings({SETTINGS_KEY: lang})  # a settings file that cannot be written is said once


def qm_path(lang: str) -> Path:
    """Where ``andrea_<lang>.qm`` lives (the package's ``resources/i18n`` folder; it may be missing)."""
    return Path(str(resources.files("andrea_desktop.resources").joinpath("i18n", f"andrea_{lang}.qm")))


def install_translators(app: QCoreApplication, lang: str | None = None) -> str:
    """Install the translators of ``lang`` (default :func:`chosen_language`) on ``app``, replacing
    the ones a previous call installed (calling again never stacks them), and set the default locale.

    Returns
    -------
    The language whose translations are in use (``"en"`` when its ``.qm`` is missing).
    """
    lang = chosen_language() if lang is None else lang
    if lang not in LANGUAGES:
        lang = "en"
    while _installed:
        app.removeTranslator(_installed.pop())
    english = _english(app)
    if lang == "en":
        if english is not None:
            app.installTranslator(english)
            _installed.append(english)
    else:
        ours = _CheckedTranslator(app)
        path = qm_path(lang)
        if ours.load_checked(path):
            ours.fallback = english  # a plural text whose translation is refused: English forms, not "(s)"
            app.installTranslator(ours)
            _installed.append(ours)
            qt = QTranslator(app)
            if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt)
                _installed.append(qt)
        else:
            log.warning("no translations for %r (%s missing, unreadable or not a translation file%s): the "
                        "interface stays English", lang, path, f": {ours.problem}" if ours.problem else "")
            lang = "en"
            if english is not None:
                app.installTranslator(english)
                _installed.append(english)
    QLocale.setDefault(_locale(lang))
    return lang


def _english(app: QCoreApplication) -> _CheckedTranslator | None:
    """``andrea_en.qm`` loaded: the English plural forms only (``"{n} step(s)"`` reads ``1 step``,
    ``2 steps``; Qt picks a form only through a translation). None when it is missing or damaged
    (the sources are shown as written, ``1 step(s)``), with one log line."""
    english = _CheckedTranslator(app)
    path = qm_path("en")
    if english.load_checked(path):
        return english
    log.warning("no English plural forms (%s missing, unreadable or not a translation file%s): counts read "
                "\"1 step(s)\"", path, f": {english.problem}" if english.problem else "")
    return None


def format_number(value: float, decimals: int | None = None, *, grouping: bool = False) -> str:
    """``value`` as the interface shows it (status bar, panels, dialogs: step counts, tokens, sizes
    are whole numbers): in English (whatever the system's locale) as Python writes it,
    ``1,234`` or with ``decimals`` ``0.04`` (``1,234.5`` with ``grouping``); in Indonesian and
    Dutch the default locale's way, ``1.234`` and ``0,04`` (``1.234,5``).

    Not-a-number and infinities are written ``nan``, ``inf`` and ``-inf`` in every language; whole
    numbers of any size keep all their digits."""
    locale = QLocale()
    if decimals is None and not isinstance(value, numbers.Integral) and not math.isfinite(value):
        return f"{float(value)}"
    if locale.language() in _LOCALISED:
        if decimals is not None:
            return locale.toString(float(value), "f", decimals)
        whole = int(value)
        if -2**63 <= whole < 2**63:
            return locale.toString(whole)
        grouped = f"{abs(whole):,}".replace(",", locale.groupSeparator())  # beyond Qt's 64-bit integers
        return locale.negativeSign() + grouped if whole < 0 else grouped
    if decimals is None:
        return f"{int(value):,}"
    return f"{value:,.{decimals}f}" if grouping else f"{value:.{decimals}f}"


def plural_n(n: int) -> int:
    """The count Qt picks a plural form by for ``n`` (``tr(text, "", plural_n(n))``): ``n`` itself
    within Qt's 32-bit ``int``, else a number of the same form (the last six digits kept above a
    million: every language's rule reads at most the last two digits, and 0, 1 and 2 apart), as a
    step count of 10^10 would overflow the call."""
    n = int(n)
    if -2**31 <= n < 2**31:
        return n
    return (1_000_000 + abs(n) % 1_000_000) * (1 if n > 0 else -1)


def format_decimal(value: float, spec: str) -> str:
    """``value`` written by the Python format ``spec`` (``".4g"``, ``".3f"``, ``".2e"``, ``"g"``:
    no grouping) with the decimal mark of the interface's language: ``0.02403`` in English,
    ``0,02403`` in Indonesian and Dutch, the mark :func:`format_number` writes, so that a box
    holding ``stap 1.234`` reads ``0,5234`` beside it, never ``0.5234``.

    Raises
    ------
    ValueError
        ``spec`` asks for a grouping separator (``","``, ``"_"``: whole numbers go through
        :func:`format_number`), or is no float format.
    """
    if "," in spec or "_" in spec:
        raise ValueError(f"format spec {spec!r} groups digits; use format_number for grouped numbers")
    text = format(float(value), spec)
    locale = QLocale()
    if locale.language() in _LOCALISED:
        return text.replace(".", locale.decimalPoint())
    return text


UNDEFINED = "—"
"""What a number that is not defined reads as (the spread of one sample, a value not measured)."""


def format_spread(value: float, spec: str) -> str:
    """A measured value's spread (a standard error, a standard deviation) as :func:`format_decimal`
    writes it, or :data:`UNDEFINED` where it is not defined: NaN (fewer than two samples) or
    infinite, so ``± nan`` is never shown."""
    return format_decimal(value, spec) if math.isfinite(float(value)) else UNDEFINED


def join_numbers(texts: Iterable[str]) -> str:
    """Numbers written by :func:`format_decimal` as one list: ``0.5, 0.25`` in English, ``0,5; 0,25``
    where the decimal mark is a comma (a comma between them would read as one number's)."""
    return ("; " if QLocale().decimalPoint() == "," else ", ").join(texts)


def _locale(lang: str) -> QLocale:
    """The system locale when it speaks ``lang`` (or when ``lang`` is English and the system speaks
    none of the others: the C locale of a test stays as it is), else the language's main locale."""
    system = QLocale.system()
    code = system.name().split("_")[0].lower()
    if code == lang or (lang == "en" and code not in LANGUAGES):
        return system
    return _LOCALES[lang]


def format_duration(seconds: float) -> str:
    """``1:02:03``, ``2 d 3:04:05``; ``–`` for what is not a finite duration >= 0 (the same in
    every language)."""
    if not math.isfinite(seconds) or seconds < 0:
        return "\u2013"
    days, rem = divmod(int(round(seconds)), 86400)
    h, rem = divmod(rem, 3600)
    m, s = divmod(rem, 60)
    return (f"{days} d " if days else "") + f"{h}:{m:02d}:{s:02d}"
