"""The local end of a followed remote run: runs the transport command (``ssh … andrea-follow
--stdio PATH``, or any command that speaks :mod:`.protocol` — the tests run the entry point as
a local subprocess), checks every frame, keeps a cursor per table and the run's files in a local
cache folder, and reconnects with back-off when the link drops.

Only what is new travels: after a drop the link resumes from the rowids it has received, and a
row at or below them is dropped, so every row arrives once, in order. Fetched files land in the
cache folder under their run-folder names, written whole before they are renamed into place;
whoever reads them does so with the same readers (and checks) as a local run's files.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..metrics import EventKind, ValueEnum
from ..rundir.layout import run_subdir, unique_temp
from .protocol import (
    VERSION,
    ProtocolError,
    VersionError,
    check_remote_frame,
    read_frame,
    read_magic,
    write_frame,
)

__all__ = ["LinkState", "RemoteLink", "BACKOFF_S", "RemoteLinkError"]

log = logging.getLogger(__name__)

BACKOFF_S = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
MAX_IN_FLIGHT = 4
"""Fetches asked at once (each holds a temporary file open until its last chunk): the others are
asked as these end."""
MAX_CACHE_BYTES = 32 << 30
"""Bytes of fetched files a link keeps at most (a remote could list a disk's worth)."""
MIN_FREE_BYTES = 1 << 30
"""A file is not fetched when it would leave the cache's disk less free space than this."""
"""Seconds before each reconnection attempt (the last one repeats)."""
STDERR_KEEP = 4096
"""Bytes of the transport's standard error kept for a message (ssh's own words)."""
NOT_INSTALLED = 127
"""The exit status of a remote shell that found no ``andrea-follow``."""
SSH_FAILED = 255
"""The exit status of ``ssh`` itself failing (host key, authentication, name, network)."""


class LinkState(ValueEnum):
    """Where the link stands (the status bar says it)."""

    CONNECTING = "connecting"
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    LOST = "lost"
    """For good: the remote refused (not a run, another version, no package, a host key), or a
    frame broke the protocol. :attr:`RemoteLink.message` says why."""
    CLOSED = "closed"


class RemoteLinkError(RuntimeError):
    """The link is lost for good (the message says why, in ssh's words where ssh failed)."""


class _Fatal(Exception):
    pass


class RemoteLink:
    """A followed remote run's link (a background thread; nothing here blocks the caller).

    Parameters
    ----------
    command
        The transport's argument list (``ssh_command(...)`` or a local
        ``[python, -m, andrea_desktop.cli.follow_stdio, --stdio, RUN_DIR]``).
    cache_dir
        A local folder for the run's fetched files (made if missing): ``config.toml``,
        ``tokenizer.json``, ``probes/``, ``terrain/``; a run model of the remote run reads them
        from there.
    backoff
        Seconds before each reconnection (:data:`BACKOFF_S`).
    on_item
        Called on the link's thread after each item is queued (a GUI may wake up on it).

    Items (:meth:`take`): ``("hello", dict)``, ``("rows", scalars, events, samples)`` (rows as
    the reader gives them, without rowids), ``("alive", bool)``, ``("file", rel_path)`` (now in
    the cache folder), ``("reply", dict)``, ``("restarted",)`` (forget every row so far: the
    remote history was rewritten; rows from the start follow).
    """

    def __init__(self, command: Sequence[str], cache_dir: str | Path, *, backoff: Sequence[float] = BACKOFF_S,
                 on_item: Callable[[], None] | None = None) -> None:
        self.command = list(command)
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.backoff = tuple(backoff)
        self.on_item = on_item
        self.state = LinkState.CONNECTING
        self.message = ""
        """Why the link is reconnecting or lost (ssh's or the remote's words), else ""."""
        self.hello: dict | None = None
        self.cursor = (0, 0, 0)
        """The rowid of the newest row received per table (scalars, events, samples)."""
        self.starts = 0
        self.listed: frozenset[str] = frozenset()
        """The run-folder files the remote listed last (fetched when new or changed)."""
        self.connections = 0
        self.bytes_received = 0
        self.frames_received = 0
        self._items: queue.Queue = queue.Queue()
        self._files: dict[str, tuple[int, int]] = {}
        self._pending: dict[str, tuple[Path, object, int]] = {}
        self._wanted: list[tuple[str, tuple[int, int]]] = []  # listed, new or changed, not yet asked
        self._listing: dict[str, tuple[int, int]] = {}
        self.skipped: set[str] = set()
        """Files left unfetched because of :data:`MAX_CACHE_BYTES` or :data:`MIN_FREE_BYTES`."""
        self._proc: subprocess.Popen | None = None
        self._write_lock = threading.Lock()
        self._closed = threading.Event()
        self._next_id = 0
        self._thread = threading.Thread(target=self._run, name="andrea-remote-link", daemon=True)

    def start(self) -> RemoteLink:
        self._thread.start()
        return self

    # -------------------------------------------------------------- the caller's side
    def take(self) -> list[tuple]:
        """Every item received since the last call, in order."""
        items = []
        with contextlib.suppress(queue.Empty):
            while True:
                items.append(self._items.get_nowait())
        return items

    def wait_for(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``predicate()`` (polled every 20 ms) or the link is lost or ``timeout`` s
        pass; returns ``predicate()``."""
        end = time.monotonic() + timeout
        while not predicate() and self.state not in (LinkState.LOST, LinkState.CLOSED) and time.monotonic() < end:
            time.sleep(0.02)
        return predicate()

    def has_file(self, rel: str) -> bool:
        """Whether ``rel`` (``config.toml``…) was fetched whole into the cache folder."""
        return rel in self._files

    def send_command(self, kind: str, payload: dict | None = None) -> int | None:
        """Send a steering command (checked again there, as a local one); returns its id (its
        ``reply`` item tells whether the run took it), or None when the link is down."""
        self._next_id += 1
        if not self._send({"t": "command", "id": self._next_id, "kind": str(kind), "payload": payload or {}}):
            return None
        return self._next_id

    def kill_transport(self) -> None:
        """End the transport process as a dropped link would (the link reconnects)."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            _kill(proc)

    def close(self) -> None:
        """End the link (the remote end exits; its trainer goes on)."""
        self._closed.set()
        self.state = LinkState.CLOSED
        self.kill_transport()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    # -------------------------------------------------------------- the link's thread
    def _put(self, item: tuple) -> None:
        self._items.put(item)
        if self.on_item is not None:
            self.on_item()

    def _send(self, obj: dict) -> bool:
        proc = self._proc
        if proc is None or proc.stdin is None or self.state is not LinkState.CONNECTED:
            return False
        try:
            with self._write_lock:
                write_frame(proc.stdin, obj)
        except (OSError, ValueError):
            return False
        return True

    def _run(self) -> None:
        attempt = 0
        while not self._closed.is_set():
            try:
                if self._connect_once():
                    attempt = 0
            except Exception as exc:  # noqa: BLE001 -- _Fatal, or a fault of ours: the link says it is lost
                self.message = str(exc) if isinstance(exc, _Fatal) else f"{type(exc).__name__}: {exc}"
                if not isinstance(exc, _Fatal):
                    log.exception("the remote link failed")
                self.state = LinkState.LOST
                self._put(("lost", self.message))
                return
            if self._closed.is_set():
                return
            self.state = LinkState.RECONNECTING
            self._put(("reconnecting", self.message))
            self._closed.wait(self.backoff[min(attempt, len(self.backoff) - 1)])
            attempt += 1

    def _connect_once(self) -> bool:
        """One connection, until it drops; True when it got as far as the hello."""
        err = collections.deque(maxlen=STDERR_KEEP)
        try:
            proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise _Fatal(f"cannot run {self.command[0]}: {exc.strerror or exc}") from None
        self._proc = proc

        def drain() -> None:
            for chunk in iter(lambda: proc.stderr.read(1024), b""):
                err.extend(chunk)

        t = threading.Thread(target=drain, name="andrea-remote-stderr", daemon=True)
        t.start()
        greeted = False
        inp = _Counting(proc.stdout, self)
        try:
            try:
                read_magic(inp)
                first = read_frame(inp)
                if first is None:
                    raise ProtocolError("the remote ended after its first line")
                hello = check_remote_frame(first)
                if hello["t"] == "error":
                    raise _Fatal(hello["message"])
                if hello["t"] != "hello" or hello["version"] != VERSION:
                    raise VersionError("the remote did not greet with this protocol version")
            except VersionError as exc:
                raise _Fatal(str(exc)) from None
            except ProtocolError as exc:
                rc = _wait(proc)
                t.join(timeout=10)  # all it wrote to stderr (ssh's or the shell's words)
                self._fail_before_hello(rc, bytes(err), str(exc))
                return False
            greeted = True
            self.hello = hello
            self.connections += 1
            self.state = LinkState.CONNECTED
            self.message = ""
            self._put(("hello", hello))
            self._send({"t": "resume", "cursor": list(self.cursor), "starts": self.starts})
            while not self._closed.is_set():
                obj = read_frame(inp)
                if obj is None:
                    break
                self.frames_received += 1
                self._handle(check_remote_frame(obj))
            rc = _wait(proc)
            t.join(timeout=10)
            text = bytes(err).decode("utf-8", "replace").strip()
            self.message = text[-500:] if text else f"the link ended (exit status {rc})"
            return True
        except ProtocolError as exc:
            raise _Fatal(f"the remote sent a bad frame: {exc}") from None
        except OSError as exc:
            self.message = f"the link broke: {exc}"
            return greeted
        finally:
            self._drop_pending()
            if proc.poll() is None:
                _kill(proc)
            _wait(proc)
            t.join(timeout=10)
            for f in (proc.stdin, proc.stdout, proc.stderr):
                with contextlib.suppress(OSError):
                    f.close()
            self._proc = None

    def _fail_before_hello(self, rc: int | None, stderr: bytes, what: str) -> None:
        text = stderr.decode("utf-8", "replace").strip()[-500:]
        # bash says "command not found", dash "sh: 1: NAME: not found"; the exit status 127 is lost
        # when ssh outlives the wait on a loaded machine
        if rc == NOT_INSTALLED or "command not found" in text or ": not found" in text or "No module named" in text:
            raise _Fatal("andrea-follow is not installed on the remote (pip install this project there, so "
                         f"andrea-follow is on the PATH of a non-interactive shell): {text or what}")
        if rc == SSH_FAILED and self.connections == 0:
            raise _Fatal(text or f"ssh failed (exit status {rc})")
        if self.connections == 0 and text:
            raise _Fatal(f"{what}: {text}")
        self.message = text or what

    def _handle(self, f: dict) -> None:
        t = f["t"]
        if t == "rows":
            new = []
            for i, rows in enumerate((f["scalars"], f["events"], f["samples"])):
                kept = [r for r in rows if r[0] > self.cursor[i]]  # a row once, even if sent twice
                new.append([r[1:] for r in kept])
                if kept:
                    self.cursor = tuple(kept[-1][0] if j == i else c for j, c in enumerate(self.cursor))
            self.starts += sum(1 for e in new[1] if e[1] == EventKind.START)
            if any(new):
                self._put(("rows", *new))
        elif t == "state":
            self._put(("alive", f["alive"]))
        elif t == "files":
            self.listed = frozenset(f["files"])
            self._listing = dict(f["files"])
            self._wanted = [(rel, ident) for rel, ident in f["files"].items()
                            if self._files.get(rel) != ident and rel not in self._pending]
            self._ask_more()
        elif t == "chunk":
            self._chunk(f)
        elif t == "file_error":
            self._drop_pending(f["path"])
            self._ask_more()
        elif t == "reply":
            self._put(("reply", f))
        elif t == "restarted":
            self.cursor, self.starts = (0, 0, 0), 0
            self._put(("restarted",))
            self._send({"t": "resume", "cursor": [0, 0, 0], "starts": 0})
        elif t == "error":
            self._put(("error", f["message"]))
        elif t == "hello":
            raise ProtocolError("a second hello")

    def _chunk(self, f: dict) -> None:
        rel = f["path"]
        if rel not in self._pending:
            raise ProtocolError(f"a chunk of {rel!r}, which was not asked for")
        tmp, fh, written = self._pending[rel]
        if f["offset"] != written:
            raise ProtocolError(f"a chunk of {rel!r} at {f['offset']}, not {written}")
        if fh is None:
            folder = self.cache_dir
            if "/" in rel:
                folder = run_subdir(self.cache_dir, rel.split("/")[0])  # never through a link
            tmp = unique_temp(folder, ".fetch-")
            fh = open(tmp, "wb")  # noqa: SIM115 -- kept open across chunks
        fh.write(f["data"])
        written += len(f["data"])
        self._pending[rel] = (tmp, fh, written)
        if f["end"]:
            fh.close()
            del self._pending[rel]
            if written != f["size"]:
                tmp.unlink(missing_ok=True)
                raise ProtocolError(f"{rel!r} ended at {written} bytes, not {f['size']}")
            os.replace(tmp, self.cache_dir / rel)
            self._files[rel] = (f["size"], f["mtime"])
            self._put(("file", rel))
            self._ask_more()

    def _ask_more(self) -> None:
        """Ask for the next wanted files, at most :data:`MAX_IN_FLIGHT` at once, while the cache
        keeps within :data:`MAX_CACHE_BYTES` and its disk :data:`MIN_FREE_BYTES` free."""
        while self._wanted and len(self._pending) < MAX_IN_FLIGHT:
            rel, ident = self._wanted.pop(0)
            if self._listing.get(rel) != ident or self._files.get(rel) == ident or rel in self._pending:
                continue  # listed again since, or fetched already
            size = ident[0]
            held = sum(s for s, _m in self._files.values()) + sum(w for _t, _f, w in self._pending.values())
            try:
                free = shutil.disk_usage(self.cache_dir).free
            except OSError:
                free = 0
            if held + size > MAX_CACHE_BYTES or free - size < MIN_FREE_BYTES:
                if rel not in self.skipped:
                    self.skipped.add(rel)
                    log.warning("%s is not fetched: the cache holds %d bytes, its disk has %d free", rel, held, free)
                continue
            self._pending[rel] = (None, None, 0)  # type: ignore[assignment]
            self._send({"t": "fetch", "path": rel})

    def _drop_pending(self, rel: str | None = None) -> None:
        """Forget a fetch in flight (all of them: the link dropped); its partial file is removed
        and the next listing asks for it again."""
        for name in [rel] if rel is not None else list(self._pending):
            tmp, fh, _ = self._pending.pop(name, (None, None, 0))
            if fh is not None:
                fh.close()
            if tmp is not None:
                tmp.unlink(missing_ok=True)


class _Counting:
    """A stream that counts the bytes read from it into ``link.bytes_received``."""

    def __init__(self, raw, link: RemoteLink) -> None:
        self.raw, self.link = raw, link

    def read(self, n: int) -> bytes:
        data = self.raw.read(n)
        self.link.bytes_received += len(data)
        return data


def _kill(proc: subprocess.Popen) -> None:
    """Kill the transport and what it started (its session: a shell's children keep its stderr
    open, and the link waits for the end of that)."""
    killpg = getattr(os, "killpg", None)  # POSIX; on Windows the process alone
    try:
        if killpg is None:
            raise OSError("no process groups")
        killpg(proc.pid, 9)  # SIGKILL
    except OSError:  # gone already, or not a session leader
        with contextlib.suppress(OSError):
            proc.kill()


def _wait(proc: subprocess.Popen) -> int | None:
    try:
        return proc.wait(timeout=15)  # its output has ended: it is exiting (slowly on a loaded machine)
    except subprocess.TimeoutExpired:
        _kill(proc)
        return proc.wait(timeout=5)
