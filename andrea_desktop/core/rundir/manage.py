"""Managing run folders from the runs dock: rename, tag and delete (never while a trainer holds
the run's lock, never through a link).

- **Rename** is one :func:`os.rename` inside the folder that holds the run: atomic, nothing is
  copied. A branch's ``parent.json`` also keeps the parent's path relative to the branch, so
  branches moved together with their parent still find it.
- **Tags** are a small JSON list in the run folder (:data:`~.layout.TAGS`), written atomically
  (a new temporary file renamed into place) and bounded when read back (an edited or copied
  file is untrusted).
- **Delete** renames the run out of every listing first (``.deleting-NAME-N`` in the same
  folder), then removes that folder: a crash or a failure half-way never leaves half a run
  that reads as a damaged run; a leftover is removed by :func:`sweep_deleted`. Checkpoint
  pruning deletes the same way (:func:`remove_atomically`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import time
import unicodedata
from pathlib import Path

from ..errors import Problem, shown_path
from ..small_files import read_small
from .layout import COLOUR, DELETING_PREFIX, TAGS, is_run_dir, trainer_alive, unique_temp
from .names import run_name_problem

__all__ = ["RunManageError", "MAX_TAGS", "MAX_TAG_CHARS", "check_run_name", "rename_run",
           "read_tags", "write_tags", "read_colour", "write_colour", "parse_tags", "delete_run", "remove_atomically", "sweep_deleted"]

log = logging.getLogger(__name__)

MAX_TAGS = 32
"""Tags a run keeps at most."""
MAX_TAG_CHARS = 40
"""Characters of one tag at most."""
_MAX_TAGS_BYTES = 1 << 14


class RunManageError(RuntimeError):
    """A rename, tag or delete was refused or failed; the message says why and what to do
    (``problem``: the refused name's :class:`~andrea_desktop.core.errors.Problem`, else None)."""

    problem: Problem | None = None


def _printable(text: str) -> bool:
    """No control, format, private-use or unassigned character, and no line or paragraph
    separator (U+2028, U+2029: a name on two lines in every listing)."""
    return not any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp") for ch in text)


def check_run_name(name: str) -> str:
    """``name`` stripped, if it can name a run folder (:func:`~andrea_desktop.core.rundir.names.run_name_problem`).

    Raises
    ------
    RunManageError
        Naming the problem (its :class:`~andrea_desktop.core.errors.Problem` is the error's ``problem``).
    """
    name = str(name).strip()
    problem = run_name_problem(name, "the new name")
    if problem is not None:
        err = RunManageError(problem.text)
        err.problem = problem
        raise err
    return name


def _check_own_folder(run_dir: Path, what: str) -> None:
    """Refuse a link (whatever is done would happen somewhere else) and a run being trained."""
    try:
        link = run_dir.is_symlink()
    except (OSError, ValueError) as exc:  # a name too long, a NUL
        raise RunManageError(f"{shown_path(run_dir)} cannot be looked at ({getattr(exc, 'strerror', None) or exc})"
                             ) from None
    if link:
        raise RunManageError(f"{shown_path(run_dir)} is a link to {shown_path(os.path.realpath(run_dir))}: "
                             f"{what} the folder itself, not through a link")
    if not is_run_dir(run_dir):
        raise RunManageError(f"{shown_path(run_dir)} is not a run")
    if trainer_alive(run_dir):
        raise RunManageError(f"{shown_path(run_dir.name)} is being trained: stop it first")


def rename_run(run_dir: str | Path, new_name: str) -> Path:
    """Rename the run folder ``run_dir`` to ``new_name`` in the same folder.

    Returns
    -------
    The new path.

    Raises
    ------
    RunManageError
        A bad name, a name already taken, a link, a run being trained, or the rename failed
        (a read-only folder).
    """
    run_dir = Path(run_dir)
    name = check_run_name(new_name)
    _check_own_folder(run_dir, "rename")
    target = run_dir.parent / name
    if target.exists() or target.is_symlink():
        raise RunManageError(f"{target} already exists: choose another name")
    try:
        os.rename(run_dir, target)
    except OSError as exc:
        raise RunManageError(f"cannot rename {run_dir.name}: {exc.strerror or exc}") from exc
    return target


def parse_tags(text: str) -> tuple[str, ...]:
    """Tags from comma-separated text (``"baseline, warmup"``), cleaned as :func:`write_tags`
    keeps them.

    Raises
    ------
    RunManageError
        A tag is too long or has control characters, or there are too many.
    """
    return _clean_tags(str(text).split(","))


def _clean_tags(tags) -> tuple[str, ...]:
    out: list[str] = []
    for t in tags:
        t = " ".join(str(t).split())
        if not t:
            continue
        if len(t) > MAX_TAG_CHARS:
            raise RunManageError(f"tag {t[:20]!r}… is longer than {MAX_TAG_CHARS} characters")
        if not _printable(t):
            raise RunManageError("a tag may not contain control characters")
        if t not in out:
            out.append(t)
    if len(out) > MAX_TAGS:
        raise RunManageError(f"a run keeps at most {MAX_TAGS} tags")
    return tuple(out)


def read_tags(run_dir: str | Path) -> tuple[str, ...]:
    """The run's tags (none when it has no tags file, or one that is a link, too large or
    malformed: logged)."""
    path = Path(run_dir) / TAGS
    try:
        raw = read_small(path, _MAX_TAGS_BYTES)  # not a link, a FIFO (it would block) or a device
        tags = json.loads(raw.decode("utf-8"))
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise ValueError("not a list of strings")
        return _clean_tags(tags)
    except FileNotFoundError:
        return ()
    except (OSError, ValueError, RunManageError, RecursionError) as exc:
        log.warning("%s cannot be read: %s", path, exc)
        return ()


def write_tags(run_dir: str | Path, tags) -> tuple[str, ...]:
    """Store ``tags`` (an iterable of strings; blanks dropped, duplicates once) as the run's
    tags, atomically. Allowed while the run trains (the trainer never reads them).

    Returns
    -------
    The tags as stored.

    Raises
    ------
    RunManageError
        A bad tag, a link in place of the run folder, or the file cannot be written.
    """
    run_dir = Path(run_dir)
    if isinstance(tags, (str, bytes)):  # "abc" would be three tags a, b, c
        raise RunManageError("tags are a list of strings (parse_tags reads comma-separated text)")
    tags = list(tags)
    if not all(isinstance(t, str) for t in tags):
        raise RunManageError("each tag must be a string")
    clean = _clean_tags(tags)
    _write_json(run_dir, TAGS, list(clean), "tags")
    return clean


def _write_json(run_dir: Path, name: str, value, what: str) -> None:
    """Write ``value`` as JSON to the run folder's file ``name``, atomically (a temporary file of
    a random name renamed into place); ``what`` names it in the error."""
    if run_dir.is_symlink() or not is_run_dir(run_dir):
        raise RunManageError(f"{run_dir} is not a run folder (or is a link to one)")
    try:
        tmp = unique_temp(run_dir, f".{Path(name).stem}-")
    except OSError as exc:
        raise RunManageError(f"cannot write the {what} of {run_dir.name}: {exc.strerror or exc}") from exc
    try:
        tmp.write_text(json.dumps(value), encoding="utf-8")
        os.replace(tmp, run_dir / name)
    except OSError as exc:
        raise RunManageError(f"cannot write the {what} of {run_dir.name}: {exc.strerror or exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def read_colour(run_dir: str | Path) -> str:
    """The colour the user chose for the run (``#rrggbb``), or "" when none was chosen or its
    file is a link, too large or not such a colour (logged)."""
    path = Path(run_dir) / COLOUR
    try:
        value = json.loads(read_small(path, 256).decode("utf-8"))
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise ValueError("not a colour #rrggbb")
        return value.lower()
    except FileNotFoundError:
        return ""
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("%s cannot be read: %s", path, exc)
        return ""


def write_colour(run_dir: str | Path, colour: str) -> str:
    """Store ``colour`` (``#rrggbb``) as the run's colour in every view; "" removes the choice (the
    colour of its name again). Allowed while the run trains.

    Returns
    -------
    The colour as stored (lower case), or "".

    Raises
    ------
    RunManageError
        Not a colour ``#rrggbb``, a link in place of the run folder, or the file cannot be written.
    """
    run_dir = Path(run_dir)
    if not isinstance(colour, str) or (colour and not _COLOUR.fullmatch(colour)):
        raise RunManageError(f"a run's colour is #rrggbb, not {str(colour)[:40]!r}")
    if not colour:
        if run_dir.is_symlink() or not is_run_dir(run_dir):
            raise RunManageError(f"{run_dir} is not a run folder (or is a link to one)")
        try:
            (run_dir / COLOUR).unlink(missing_ok=True)
        except OSError as exc:
            raise RunManageError(f"cannot remove the colour of {run_dir.name}: {exc.strerror or exc}") from exc
        return ""
    _write_json(run_dir, COLOUR, colour.lower(), "colour")
    return colour.lower()


def remove_atomically(path: Path, doomed: Path) -> None:
    """Rename ``path`` to ``doomed`` (out of every listing), then remove ``doomed``: a kill or a
    failure after the rename leaves only ``doomed`` behind, never half of ``path``.

    Raises
    ------
    OSError
        The rename failed (``path`` is untouched). A failure to remove ``doomed`` is raised too,
        with ``path`` already gone.
    """
    os.rename(path, doomed)
    shutil.rmtree(doomed)  # never follows links inside (removes the link, not its target)


def delete_run(run_dir: str | Path) -> None:
    """Delete the run folder ``run_dir``: renamed to ``.deleting-NAME-N`` beside it, then removed
    (:func:`remove_atomically`).

    Raises
    ------
    RunManageError
        A link (never followed out of the runs folder), a run being trained, or the rename
        failed (nothing was deleted). When the removal fails after the rename, the run is gone
        from every listing and :func:`sweep_deleted` removes what is left.
    """
    run_dir = Path(run_dir)
    _check_own_folder(run_dir, "delete")
    doomed = run_dir.parent / f"{DELETING_PREFIX}{run_dir.name}-{time.monotonic_ns()}"
    try:
        os.rename(run_dir, doomed)
    except OSError as exc:
        raise RunManageError(f"cannot delete {run_dir.name}: {exc.strerror or exc}") from exc
    try:
        shutil.rmtree(doomed)
    except OSError as exc:
        raise RunManageError(f"{run_dir.name} is gone from the list, but {doomed.name} could not be removed "
                             f"completely ({exc.strerror or exc}); it is removed the next time the runs "
                             "folder is listed") from exc


def sweep_deleted(folder: str | Path) -> int:
    """Remove what interrupted deletions left in ``folder`` (``.deleting-*`` folders, never
    through a link); returns how many were removed."""
    folder = Path(folder)
    n = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for d in entries:
        if d.name.startswith(DELETING_PREFIX) and not d.is_symlink() and d.is_dir():
            try:
                shutil.rmtree(d)
                n += 1
            except OSError as exc:
                log.warning("cannot remove %s: %s", d, exc)
    return n
