"""Reading a small untrusted file (a run folder's JSON and TOML, a settings file) without
trusting what the path is: a FIFO or a device (``/dev/zero``) would block or never end, a link
would read a file outside the run folder, and a 1 GB (sparse) file would fill memory. Every such
reader goes through :func:`read_small`.

Writing a file atomically without trusting the folder: every temporary file is created
exclusively under a random name (:func:`temp_file`, ``O_EXCL``), never opened by a fixed name a
planted link could occupy, and renamed into place (:func:`write_atomic`); ``os.replace``
replaces a link at the destination, never its target.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["read_small", "NotRegularFileError", "FileTooLargeError", "FILE_MODE", "temp_file", "write_atomic"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

_UMASK = os.umask(0o022)  # read once, at import (a umask can only be read by setting it)
os.umask(_UMASK)
FILE_MODE = 0o666 & ~_UMASK
"""The mode of every file the app writes: the user's umask applied to 0666, as ``open`` would
(``mkstemp`` and safetensors write 0600, which other users cannot read)."""


class NotRegularFileError(OSError):
    """The path is a folder, a FIFO, a socket or a device, or a link where none is followed."""


class FileTooLargeError(ValueError):
    """The file is larger than the reader's limit."""


def read_small(path: str | Path, limit: int, *, links: bool = False) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Parameters
    ----------
    path
        The file.
    limit
        Bytes at most; a larger file is refused before it is read.
    links
        Whether a link is followed (a file the user names); False for a run folder's files,
        whose links are never followed out of the folder.

    Raises
    ------
    NotRegularFileError
        A folder, FIFO, socket or device, or a link when ``links`` is False (an OSError).
    FileTooLargeError
        Larger than ``limit`` bytes (a ValueError).
    OSError
        Missing or unreadable (``FileNotFoundError`` when missing).
    ValueError
        The path holds a NUL character.
    """
    path = Path(path)
    if not links and path.is_symlink():  # O_NOFOLLOW is missing on Windows
        raise NotRegularFileError(errno.ELOOP, "it is a link (not followed)", str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | (0 if links else _NOFOLLOW)
    try:
        fd = os.open(path, flags)  # not blocking: a FIFO without a writer opens, and is refused below
    except OSError as exc:
        if exc.errno == errno.ELOOP and not links:
            raise NotRegularFileError(errno.ELOOP, "it is a link (not followed)", str(path)) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFileError(errno.EINVAL, "not a regular file (a folder, device or pipe)", str(path))
        if st.st_size > limit:
            raise FileTooLargeError(f"larger than {limit:,} bytes")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:  # grew while read
        raise FileTooLargeError(f"larger than {limit:,} bytes")
    return b"".join(chunks)


def temp_file(folder: str | Path, prefix: str, suffix: str = ".tmp") -> Path:
    """A new, empty temporary file in ``folder`` with a random name, created exclusively
    (``mkstemp``: ``O_CREAT | O_EXCL``, so a planted link of a guessed name is never written
    through) with the user's umask's mode (:data:`FILE_MODE`). Rename it into place with
    :func:`os.replace`, which replaces a link at the destination, not its target.

    Raises
    ------
    OSError
        ``folder`` cannot be written.
    """
    fd, name = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
    try:
        os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)
    return Path(name)


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically: into a :func:`temp_file` beside it,
    then renamed onto ``path``. A reader sees the old file or the new one, never half of one; a
    link at ``path`` (or at any temporary name) is replaced, never written through.

    Raises
    ------
    OSError
        The folder cannot be written (nothing is left behind).
    """
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = temp_file(path.parent, f".{path.name}-")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_TRUNC | _NOFOLLOW | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path
