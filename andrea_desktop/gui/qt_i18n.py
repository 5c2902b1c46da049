"""The interface language: Qt's translation system (``QTranslator``) with our ``andrea_<lang>.qm``
files and Qt's own ``qtbase_<lang>`` ones (standard dialog buttons), and the default ``QLocale``
so that numbers Qt formats follow the language.

The language is the QSettings value ``ui/language`` when set, else the system locale's language;
English, Indonesian and Dutch are supported, anything else is English. The ``.qm`` files are built
from ``resources/i18n/*.ts`` by ``pyside6-lrelease`` (the Makefile's install step); a missing one
falls back to English with one log line.
"""

from __future__ import annotations

import logging
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

__all__ = ["LANGUAGES", "SETTINGS_KEY", "chosen_language", "format_number", "install_translators", "qm_path",
           "save_language"]

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


def chosen_language() -> str:
    """The language code to use: ``ui/language`` if set and supported, else the system locale's
    language if supported, else ``"en"``."""
    saved = QSettings().value(SETTINGS_KEY, "", type=str) or ""
    if saved:
        return saved if saved in LANGUAGES else "en"
    system = QLocale.system().name().split("_")[0].lower()
    return system if system in LANGUAGES else "en"


def save_language(lang: str) -> None:
    """Remember ``lang`` (one of :data:`LANGUAGES`) for the next start.

    Raises
    ------
    ValueError
        ``lang`` is not supported.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; one of {sorted(LANGUAGES)}")
    QSettings().setValue(SETTINGS_KEY, lang)


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
    if lang != "en":
        ours = QTranslator(app)
        path = qm_path(lang)
        if path.is_file() and ours.load(str(path)):
            app.installTranslator(ours)
            _installed.append(ours)
            qt = QTranslator(app)
            if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt)
                _installed.append(qt)
        else:
            log.warning("no translations for %r (%s missing): the interface stays English", lang, path)
            lang = "en"
    QLocale.setDefault(_locale(lang))
    return lang


def format_number(value: float, decimals: int | None = None, *, grouping: bool = False) -> str:
    """``value`` as the interface shows it (status bar, panels, dialogs: step counts, tokens, sizes
    are whole numbers): in English (whatever the system's locale) as Python writes it,
    ``1,234`` or with ``decimals`` ``0.04`` (``1,234.5`` with ``grouping``); in Indonesian and
    Dutch the default locale's way, ``1.234`` and ``0,04`` (``1.234,5``)."""
    locale = QLocale()
    if locale.language() in _LOCALISED:
        return locale.toString(int(value)) if decimals is None else locale.toString(float(value), "f", decimals)
    if decimals is None:
        return f"{int(value):,}"
    return f"{value:,.{decimals}f}" if grouping else f"{value:.{decimals}f}"


def _locale(lang: str) -> QLocale:
    """The system locale when it speaks ``lang`` (or when ``lang`` is English and the system speaks
    none of the others: the C locale of a test stays as it is), else the language's main locale."""
    system = QLocale.system()
    code = system.name().split("_")[0].lower()
    if code == lang or (lang == "en" and code not in LANGUAGES):
        return system
    return _LOCALES[lang]
