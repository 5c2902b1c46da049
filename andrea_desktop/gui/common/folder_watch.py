"""Watching folders for changes, with a fallback to polling where the system gives no watch.

Every file watcher of the window goes through :class:`FolderWatch`. Qt's
``QFileSystemWatcher.addPath`` returns False when the system refuses a watch (on Linux when
inotify's watches are used up, ``fs.inotify.max_user_watches``; Qt then logs "No space left on
device"), and a watcher that ignores it never hears of a file another process writes. Here a
refused folder is looked at every :data:`POLL_S` seconds instead (a ``stat`` and a listing), and
the log says so once per place: a refused folder inside (or around) one already said is not said
again, so a run's ``terrain/`` after the run's folder is one line, while the runs dock pointed at
another folder says so for that folder.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

__all__ = ["FolderWatch", "POLL_S"]

log = logging.getLogger(__name__)

POLL_S = 1.0
"""How often a folder that cannot be watched is looked at (seconds)."""
MAX_NAMES = 100_000
"""Entries of a polled folder compared at most (a larger folder: its modification time only)."""


def _signature(folder: Path) -> tuple | None:
    """What changes when an entry of ``folder`` is added, removed, renamed or replaced: its
    inode, modification time and entry names (None: it is not there, or cannot be read)."""
    try:
        st = os.stat(folder)
        with os.scandir(folder) as it:
            names = []
            for entry in it:
                names.append(entry.name)
                if len(names) >= MAX_NAMES:
                    break
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, frozenset(names)


def _related(a: Path, b: Path) -> bool:
    """Whether one of two folders is the other or inside it."""
    return a.is_relative_to(b) or b.is_relative_to(a)


class FolderWatch(QObject):
    """Tells when the entries of some folders change: by the system's file watches where it gives
    them, else by looking every ``poll_s`` seconds (module docstring).

    A folder that does not exist yet is looked at until it appears (then watched); one that is
    removed is looked at until it is back.

    Signals
    -------
    changed()
        An entry of a folder was added, removed, renamed or changed (or the folder itself
        appeared or went).

    Parameters
    ----------
    parent
        The owning QObject.
    poll_s
        Seconds between two looks at a folder that is not watched.
    """

    changed = Signal()

    def __init__(self, parent: QObject | None = None, poll_s: float = POLL_S) -> None:
        super().__init__(parent)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._on_changed)
        self._timer = QTimer(self)
        self._timer.setInterval(max(1, int(poll_s * 1000)))
        self._timer.timeout.connect(self._poll)
        self._folders: list[Path] = []
        self._polled: dict[Path, tuple | None] = {}
        self._refused: set[Path] = set()
        self._said: list[Path] = []

    @property
    def folders(self) -> list[Path]:
        """The folders watched (or polled) now."""
        return list(self._folders)

    @property
    def polled(self) -> list[Path]:
        """The folders looked at by polling (not watchable, or not there)."""
        return list(self._polled)

    def watch(self, folders: Iterable[str | Path]) -> None:
        """Watch exactly ``folders`` from now on (an empty list: none)."""
        folders = list(dict.fromkeys(Path(f) for f in folders))
        keep = {str(f) for f in folders}
        gone = [d for d in self._watcher.directories() if d not in keep]
        if gone:
            self._watcher.removePaths(gone)
        self._folders = folders
        self._polled = {f: s for f, s in self._polled.items() if f in folders}
        self._refused &= set(folders)
        for f in folders:
            self._add(f)
        self._update_timer()

    def close(self) -> None:
        """Stop watching and polling."""
        self.watch([])

    def _add(self, folder: Path) -> None:
        if str(folder) in self._watcher.directories():
            return
        if folder not in self._refused and folder.is_dir():
            if self._watcher.addPath(str(folder)):
                self._polled.pop(folder, None)
                return
            self._refused.add(folder)  # not asked again: Qt logs every refusal
            if not any(_related(folder, s) for s in self._said):
                self._said.append(folder)
                log.warning("cannot watch %s for changes (the system's file watches may be used up: "
                            "fs.inotify.max_user_watches); looking every %g s instead",
                            folder, self._timer.interval() / 1000)
        if folder not in self._polled:
            self._polled[folder] = _signature(folder)

    def _update_timer(self) -> None:
        if self._polled and not self._timer.isActive():
            self._timer.start()
        elif not self._polled:
            self._timer.stop()

    def _on_changed(self, _path: str) -> None:
        for f in self._folders:  # a removed folder is no longer watched: looked at until it is back
            self._add(f)
        self._update_timer()
        self.changed.emit()

    def _poll(self) -> None:
        hit = False
        for folder, old in list(self._polled.items()):
            new = _signature(folder)
            if new != old:
                hit = True
                self._polled[folder] = new
                if old is None and folder not in self._refused:  # it appeared: watched if it can be
                    self._add(folder)
        self._update_timer()
        if hit:
            self.changed.emit()
