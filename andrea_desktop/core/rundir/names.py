"""What may name a run folder: the one rule New Run, Branch, New Experiment, Rename, the command
line (``andrea-train --run-dir``) and the runs API share (:func:`run_name_problem`).

A name is refused when it is empty; has surrounding spaces, a path separator or a character
Windows refuses (``/ \\ : * ? " < > |``: a run folder may be copied there), or a control,
format or line-break character; starts with a dot (``.``, ``..`` and hidden folders, which no
listing shows); or is longer than :data:`MAX_NAME_BYTES` UTF-8 bytes (file systems take 255;
room is left for the suffixes the app adds: ``-from-N-2``, ``-no-warmup``).
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import Problem

__all__ = ["MAX_NAME_BYTES", "run_name_problem"]

MAX_NAME_BYTES = 200
"""UTF-8 bytes of a run folder's name at most."""
_FORBIDDEN = re.compile(r"[/\\:*?\"<>|]")
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format (bidi overrides), line breaks
_SCANNED = 1000
"""Characters of a name looked at for invisible ones (a longer name is refused for its length)."""


def run_name_problem(name: str, key: str = "run name", reserve: int = 0) -> Problem | None:
    """Why ``name`` cannot name a run folder (None when it can), as a :class:`Problem` of
    ``key`` with code ``name_empty``, ``name_characters``, ``name_dot`` or ``name_too_long``
    (values ``size`` and ``limit``, bytes). ``reserve`` bytes are kept for a suffix the caller
    adds. Never raises: ``name`` is untrusted text of any length."""
    name = str(name)
    if not name.strip():
        return Problem(key, "name_empty")
    if (name != name.strip() or _FORBIDDEN.search(name)
            or any(unicodedata.category(c) in _INVISIBLE for c in name[:_SCANNED])):
        return Problem(key, "name_characters")
    if name.startswith("."):
        return Problem(key, "name_dot")
    size, limit = len(name.encode("utf-8", "surrogatepass")), MAX_NAME_BYTES - reserve
    if size > limit:
        return Problem(key, "name_too_long", {"size": str(size), "limit": str(limit)})
    return None
