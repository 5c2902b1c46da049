"""What the New Run, Branch and New Experiment dialogs accept as a folder name, a folder and a
step count: typed text is untrusted, so each check bounds it and never raises (a name of 200
characters can be 800 bytes, past the file system's 255; a step of ``²`` or 5,000 digits is no
``int``; a folder that is a file cannot hold runs)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ...core.errors import Problem, quote, shown_path
from ...core.rundir.names import MAX_NAME_BYTES, run_name_problem
from .i18n import format_number

__all__ = ["name_problem", "name_problem_text", "taken_problem", "folder_problem", "whole_number", "MAX_NAME_BYTES"]

_MAX_DIGITS = 15


def name_problem(name: str, field: str, what: str, reserve: int = 0) -> str | None:
    """Why ``name`` cannot be a folder name (None when it can), in the interface's language: the
    rule is core's (:func:`~andrea_desktop.core.rundir.names.run_name_problem`; at most
    :data:`MAX_NAME_BYTES` - ``reserve`` UTF-8 bytes). ``field`` (translated) starts the message,
    ``what`` (translated) says what the name is for."""
    problem = run_name_problem(name, field, reserve)
    return None if problem is None else name_problem_text(problem, what)


def name_problem_text(problem: Problem, what: str = "") -> str:
    """A run name's :class:`Problem` in the interface's language (``what``: what the name is for,
    translated; the key starts the message as it is)."""
    qt, key, v = QCoreApplication, problem.key, problem.values
    if problem.code == "name_empty":
        return qt.translate("FolderNames", "{field}: give {what} a name").format(
            field=key, what=what or qt.translate("FolderNames", "the run"))
    if problem.code == "name_characters":
        return qt.translate("FolderNames", "{field}: it names a folder: no / \\ : * ? \" < > |, control characters "
                                           "or surrounding spaces").format(field=key)
    if problem.code == "name_dot":
        return qt.translate("FolderNames", "{field}: it may not start with a dot (hidden folders are not "
                                           "listed)").format(field=key)
    if problem.code == "name_too_long":
        return qt.translate("FolderNames", "{field}: too long for a folder name ({size} bytes in UTF-8; at most "
                                           "{limit})").format(
            field=key, size=format_number(int(v["size"])), limit=v["limit"])
    return problem.text


def taken_problem(path: Path, field: str) -> str | None:
    """Why ``path`` cannot be made into a new run (None when it is missing or an empty folder):
    it exists and holds something or is no folder, or it cannot be looked at (too long, no
    permission)."""
    qt = QCoreApplication
    try:
        if path.exists() and (not path.is_dir() or any(path.iterdir())):
            return qt.translate("FolderNames", "{field}: {path} exists already; choose another name").format(
                field=field, path=shown_path(path))
    except (OSError, ValueError) as exc:
        return _unreadable(field, shown_path(path), exc)
    return None


def _unreadable(field: str, shown: str, exc: BaseException) -> str:
    reason = quote(getattr(exc, "strerror", None) or str(exc))
    return QCoreApplication.translate("FolderNames", "{field}: {path} cannot be looked at ({reason})").format(
        field=field, path=shown, reason=reason)


def folder_problem(path: Path, field: str | None = None) -> str | None:
    """Why new runs cannot be made in ``path`` (None when it is a folder, or missing below a
    folder): a NUL, too long, no folder, or the nearest existing folder above it is a file or
    cannot be written. ``field`` starts the message (default "folder", translated)."""
    qt = QCoreApplication
    field = qt.translate("FolderNames", "folder") if field is None else field
    text = str(path)
    if text.startswith("~"):
        return qt.translate("FolderNames", "{field}: {path} names no user's home folder").format(
            field=field, path=shown_path(text.partition("/")[0], 80))
    if not text.strip():
        return qt.translate("FolderNames", "{field}: give the folder the runs are made in").format(field=field)
    if "\0" in text or len(os.fsencode(text)) > 4000:
        return qt.translate("FolderNames", "{field}: {path} is no folder name (a NUL, or too long)").format(
            field=field, path=shown_path(text, 80))
    try:
        probe = Path(os.path.abspath(path))
        while not probe.exists():
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            return qt.translate("FolderNames", "{field}: {path} is a file, not a folder").format(
                field=field, path=shown_path(probe, 120))
        if probe.exists() and not os.access(probe, os.W_OK | os.X_OK):
            return qt.translate("FolderNames", "{field}: {path} cannot be written (no permission, or read-only)").format(
                field=field, path=shown_path(probe, 120))
    except (OSError, ValueError) as exc:
        return _unreadable(field, shown_path(text, 120), exc)
    return None


def whole_number(text: str) -> int | None:
    """``text`` (spaces around it ignored) as a whole number written in ASCII digits, of at most
    15 of them; None otherwise (``²`` and ``٣`` are digits to :meth:`str.isdigit`; 5,000 digits
    are past Python's int-from-text limit)."""
    text = text.strip()
    if not text or len(text) > _MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
