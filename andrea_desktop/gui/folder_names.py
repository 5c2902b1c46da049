"""What the New Run, Branch and New Experiment dialogs accept as a folder name, a folder and a
step count: typed text is untrusted, so each check bounds it and never raises (a name of 200
characters can be 800 bytes, past the file system's 255; a step of ``²`` or 5,000 digits is no
``int``; a folder that is a file cannot hold runs)."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from ..core.errors import quote, shown_path

__all__ = ["name_problem", "taken_problem", "folder_problem", "whole_number", "MAX_NAME_BYTES"]

MAX_NAME_BYTES = 200
"""UTF-8 bytes of a typed folder name at most (file systems take 255; room is left for the
suffixes the app adds: ``-from-N-2``, ``-no-warmup``)."""
_FORBIDDEN = re.compile(r"[/\\:*?\"<>|]")
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format (bidi overrides), line breaks
_MAX_DIGITS = 15


def name_problem(name: str, field: str, what: str, reserve: int = 0) -> str | None:
    """Why ``name`` cannot be a folder name (None when it can): empty, surrounding spaces, a
    separator or a character Windows refuses, a control, format or line-break character, ``.``,
    ``..``, or more than :data:`MAX_NAME_BYTES` - ``reserve`` UTF-8 bytes. ``field`` starts the
    message (``name``, ``run name``), ``what`` says what the name is for."""
    if not name.strip():
        return f"{field}: give {what} a name"
    if (name != name.strip() or _FORBIDDEN.search(name) or name in (".", "..")
            or any(unicodedata.category(c) in _INVISIBLE for c in name[:1000])):
        return f"{field}: it names a folder: no / \\ : * ? \" < > |, control characters or surrounding spaces"
    size, limit = len(name.encode("utf-8", "surrogatepass")), MAX_NAME_BYTES - reserve
    if size > limit:
        return f"{field}: too long for a folder name ({size:,} bytes in UTF-8; at most {limit})"
    return None


def taken_problem(path: Path, field: str) -> str | None:
    """Why ``path`` cannot be made into a new run (None when it is missing or an empty folder):
    it exists and holds something or is no folder, or it cannot be looked at (too long, no
    permission)."""
    try:
        if path.exists() and (not path.is_dir() or any(path.iterdir())):
            return f"{field}: {shown_path(path)} exists already; choose another name"
    except (OSError, ValueError) as exc:
        return f"{field}: {shown_path(path)} cannot be looked at ({quote(getattr(exc, 'strerror', None) or str(exc))})"
    return None


def folder_problem(path: Path, field: str = "folder") -> str | None:
    """Why new runs cannot be made in ``path`` (None when it is a folder, or missing below a
    folder): a NUL, too long, no folder, or the nearest existing folder above it is a file or
    cannot be written."""
    text = str(path)
    if text.startswith("~"):
        return f"{field}: {shown_path(text.partition('/')[0], 80)} names no user's home folder"
    if not text.strip():
        return f"{field}: give the folder the runs are made in"
    if "\0" in text or len(os.fsencode(text)) > 4000:
        return f"{field}: {shown_path(text, 80)} is no folder name (a NUL, or too long)"
    try:
        probe = Path(os.path.abspath(path))
        while not probe.exists():
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            return f"{field}: {shown_path(probe, 120)} is a file, not a folder"
        if probe.exists() and not os.access(probe, os.W_OK | os.X_OK):
            return f"{field}: {shown_path(probe, 120)} cannot be written (no permission, or read-only)"
    except (OSError, ValueError) as exc:
        return f"{field}: {shown_path(text, 120)} cannot be looked at ({quote(getattr(exc, 'strerror', None) or str(exc))})"
    return None


def whole_number(text: str) -> int | None:
    """``text`` (spaces around it ignored) as a whole number written in ASCII digits, of at most
    15 of them; None otherwise (``²`` and ``٣`` are digits to :meth:`str.isdigit`; 5,000 digits
    are past Python's int-from-text limit)."""
    text = text.strip()
    if not text or len(text) > _MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
