"""The terrain's files: ``<run_dir>/terrain/<step>.npz`` written atomically, read and checked
(:func:`~.terrain.check_arrays`, no pickles), listed (the file format is
:mod:`~andrea_desktop.core.rundir.terrain`'s docstring)."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

import numpy as np

from .layout import TERRAIN_DIR, run_subdir, step_name, step_of
from .probes import check_npz_sizes, load_npz
from .terrain import (
    HELD_ITEMSIZE,
    MAX_FILE_BYTES,
    MAX_RUN_BYTES,
    TerrainFileError,
    TerrainResult,
    check_arrays,
)

__all__ = ["terrain_path", "write_result", "read_result", "list_steps", "read_all"]

_MIB = 1 << 20
_NAMES = tuple(TerrainResult.__dataclass_fields__)
"""The arrays of the format (others in a file are not read)."""

log = logging.getLogger("andrea_desktop.core.rundir.terrain")


def terrain_path(run_dir: str | Path, step: int) -> Path:
    """``<run_dir>/terrain/<step>.npz``."""
    return Path(run_dir) / TERRAIN_DIR / step_name(step)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - some filesystems refuse to open folders
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def write_result(run_dir: str | Path, result: TerrainResult) -> Path:
    """Write ``result`` as ``terrain/<step>.npz`` atomically (replacing one of the same step).

    The arrays are checked first (:func:`check_arrays`), written to a temporary file whose
    unique name is created exclusively, fsynced and renamed into place.

    Returns
    -------
    The file's path.

    Raises
    ------
    TerrainFileError
        The result's arrays are inconsistent (nothing is written).
    UnsafePathError
        ``terrain/`` is a link or resolves outside the run folder.
    OSError
        The folder cannot be written (disk full, read-only); no partial file is left.
    """
    arrays = result.to_arrays()
    check_arrays(arrays, f"step {result.step}")
    folder = run_subdir(run_dir, TERRAIN_DIR)  # a linked terrain/ is refused: nothing is written outside the run
    final = terrain_path(run_dir, result.step)
    while True:
        tmp = folder / f".{result.step}-{os.getpid()}-{secrets.token_hex(8)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 64 random bits
            continue
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez_compressed(fh, **arrays)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, final)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(folder)
    return final


def _mib(n: int) -> str:
    return f"{n / _MIB:,.0f} MiB" if n >= _MIB else f"{n:,} bytes"


def read_result(path: str | Path, room: int | None = None) -> TerrainResult:
    """Read and check one ``terrain/<step>.npz`` (no pickles are loaded).

    Parameters
    ----------
    path
        The file.
    room
        Bytes the run's terrain may still take (:data:`~.terrain.MAX_RUN_BYTES` less the results
        held); None: the file alone is bounded (:data:`~.terrain.MAX_FILE_BYTES`).

    Raises
    ------
    TerrainFileError
        Unreadable, truncated, not an ``.npz``, a link, from a newer format, larger than
        :data:`~.terrain.MAX_FILE_BYTES` or ``room`` once loaded and converted to the format's
        dtypes (told from the arrays' headers before any is loaded: every member's, whatever its
        name; a negative dimension refused), of more than :data:`~.probes.MAX_MEMBERS` members, or
        failing :func:`check_arrays`; the message names the file. Nothing else escapes: whatever
        reading the file raises (a MemoryError included) is told as this error.
    """
    path = Path(path)
    if path.is_symlink():  # another run's result (or any file) is never shown as this run's
        raise TerrainFileError(f"{path.name}: is a link to {os.path.realpath(path)}, not the run's own terrain "
                               "file (not read)")
    try:
        with load_npz(path) as z:
            # a decompression bomb is refused from its headers, every member's whatever its name, each
            # array at the bytes it takes once check_arrays converted it; members not of the format unread
            size = sum(check_npz_sizes(z, _NAMES, held_itemsize=HELD_ITEMSIZE).values())
            if size > MAX_FILE_BYTES:
                raise TerrainFileError(f"{path.name}: its arrays would take {_mib(size)} once loaded (at most "
                                       f"{_mib(MAX_FILE_BYTES)} per terrain file; not read)")
            if room is not None and size > room:
                raise TerrainFileError(f"{path.name}: its arrays would take {_mib(size)} once loaded, beyond the "
                                       f"{_mib(MAX_RUN_BYTES)} a run's terrain may take together (not read)")
            arrays = {k: z[k] for k in _NAMES if k in z.files}
        result = TerrainResult.from_arrays(arrays, path.name)
    except TerrainFileError:
        raise
    except Exception as exc:  # noqa: BLE001 -- whatever a damaged file raises (MemoryError too) is its problem
        raise TerrainFileError(f"{path.name}: not a readable terrain file ({type(exc).__name__}: {exc})") from exc
    named = step_of(path.name)
    if named is not None and named != result.step:
        raise TerrainFileError(f"{path.name}: holds step {result.step}, not {named}")
    return result


def list_steps(run_dir: str | Path) -> list[int]:
    """Steps that have a ``terrain/<step>.npz`` file, ascending (temporary files, links and names
    other than a step's one name (:func:`~.layout.step_of`: ``00002.npz`` beside ``2.npz``) excluded;
    none for a linked ``terrain/``: another run's results are not this run's)."""
    folder = Path(run_dir) / TERRAIN_DIR
    if folder.is_symlink() or not folder.is_dir():
        return []
    steps = []
    for f in folder.iterdir():
        step = step_of(f.name)
        if step is not None and f.is_file() and not f.is_symlink():
            steps.append(step)
    return sorted(steps)


def read_all(run_dir: str | Path) -> tuple[list[TerrainResult], list[str]]:
    """Every readable terrain result of a run, by step, and a message per file not read (those
    are skipped, never fatal): unreadable or damaged, or beyond what one file
    (:data:`~.terrain.MAX_FILE_BYTES`) or the run's results together (:data:`~.terrain.MAX_RUN_BYTES`)
    may take."""
    results, problems = [], []
    held = 0
    for step in list_steps(run_dir):
        try:
            r = read_result(terrain_path(run_dir, step), room=MAX_RUN_BYTES - held)
        except TerrainFileError as exc:
            log.warning("skipping terrain file: %s", exc)
            problems.append(str(exc))
            continue
        results.append(r)
        held += r.nbytes
    return results, problems
