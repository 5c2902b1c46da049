"""Reading a small untrusted file (a run folder's JSON and TOML, a settings file) without
trusting what the path is: a FIFO or a device (``/dev/zero``) would block or never end, a link
would read a file outside the run folder, and a 1 GB (sparse) file would fill memory. Every such
reader goes through :func:`read_small`.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["read_small", "NotRegularFileError", "FileTooLargeError"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


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
