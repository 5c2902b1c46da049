"""The app's own settings (QSettings): values checked when read, and a save that cannot be written
said once.

QSettings keeps values in memory and writes its file later; when it cannot — the settings file's
place is a folder, its folder is a file, the file or folder cannot be written (``AccessError``), or
the file is not a settings file (``FormatError``) — it says so only in :meth:`QSettings.status`, and
nothing of the window's layout, language, open reading panes or recent runs is remembered.
:func:`save` writes at once and checks; :func:`check_writable` looks before anything is saved
(the main window calls it when it starts). The first failure for a settings file is said once:
one line in the log (English) and :attr:`SettingsProblems.unsaved` with the sentence in the
interface's language (the window shows it in its status bar).

Values are read through checks of their type and bounds (:func:`recent_runs`): a damaged or
hand-edited value is left out, never a reason not to start.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal

__all__ = ["SettingsProblems", "settings_problems", "save", "check_writable", "unsaved_message",
           "recent_runs", "as_recent_path", "MAX_PATH_CHARS"]

log = logging.getLogger(__name__)

MAX_PATH_CHARS = 4096
"""Longest path kept from the settings file (Linux's PATH_MAX)."""


class SettingsProblems(QObject):
    """Where a settings file that cannot be written is said (one per process).

    Signals
    -------
    unsaved(str)
        The sentence to show, in the interface's language, once per settings file.
    """

    unsaved = Signal(str)


_problems: SettingsProblems | None = None
_said: dict[str, str] = {}  # settings file -> the sentence said for it
_logged_values: set[str] = set()  # bad values already logged (a value is read again and again)


def settings_problems() -> SettingsProblems:
    """The process's :class:`SettingsProblems` (made on first use, in the GUI thread)."""
    global _problems
    if _problems is None:
        _problems = SettingsProblems()
    return _problems


def unsaved_message() -> str | None:
    """The sentence said for the current settings file, if it could not be written (a window made
    after the failure shows it too)."""
    return _said.get(QSettings().fileName())


def _reason(status: QSettings.Status) -> str:
    if status == QSettings.Status.FormatError:
        return QCoreApplication.translate("Settings", "it is not a settings file")
    return QCoreApplication.translate("Settings", "it cannot be written there (a folder in its place, or no permission)")


def _say(s: QSettings, status: QSettings.Status) -> None:
    place = s.fileName()
    if place in _said:
        return
    text = QCoreApplication.translate(
        "Settings", "Settings are not saved: {path}: {reason}. The window layout, the language and the recent "
        "runs will not be remembered.").replace("{path}", place).replace("{reason}", _reason(status))
    _said[place] = text
    log.warning("settings are not saved: %s: %s (QSettings status %s)", place,
                "not a settings file" if status == QSettings.Status.FormatError else "cannot be written",
                getattr(status, "name", status))
    settings_problems().unsaved.emit(text)


def save(values: dict[str, object]) -> bool:
    """Store ``values`` (``{key: value}``) and write the settings file at once.

    Returns
    -------
    True when written; False when the file could not be written (said once, module docstring).
    """
    s = QSettings()
    for key, value in values.items():
        s.setValue(key, value)
    s.sync()
    status = s.status()
    if status != QSettings.Status.NoError:
        _say(s, status)
        return False
    return True


def check_writable() -> bool:
    """Whether the settings file can be written; if not, said once (module docstring)."""
    s = QSettings()
    status = s.status()
    if status == QSettings.Status.NoError and s.isWritable():
        return True
    _say(s, status if status != QSettings.Status.NoError else QSettings.Status.AccessError)
    return False


def _is_path(value: object) -> bool:
    """An absolute path of printable characters, at most :data:`MAX_PATH_CHARS` long."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_PATH_CHARS and value.isprintable()
            and os.path.isabs(value))


def recent_runs(value: object, limit: int, key: str = "runs/recent") -> list[str]:
    """The recent runs stored in ``value`` (QSettings ``runs/recent``): absolute paths, newest first,
    each once, at most ``limit``. Anything else — a number (``recent=7``), a relative path, a
    text with control characters, a value of another type — is left out (logged once per value).

    Parameters
    ----------
    value
        As QSettings gives it: a list of texts, or one text (the INI form of a list of one).
    key
        The setting's name (in the log line about a damaged entry).
    """
    items: Iterable = [value] if isinstance(value, str) else value if isinstance(value, (list, tuple)) else ()
    out: list[str] = []
    bad: list[str] = [] if value is None or isinstance(value, (str, list, tuple)) else [type(value).__name__]
    for item in items:
        if _is_path(item):
            if item not in out:
                out.append(item)
        else:
            bad.append(repr(item)[:80] if isinstance(item, (str, int, float)) else type(item).__name__)
    said = ", ".join(bad)
    if bad and said not in _logged_values:
        _logged_values.add(said)
        log.warning("settings: %s: left out what is no absolute path of a run: %s", key, said[:300])
    return out[:limit]


def as_recent_path(path: str | Path) -> str:
    """How a run's folder is stored in ``runs/recent``: absolute (not resolved: a link stays)."""
    return str(Path(path).absolute())
