"""The remote end of a followed run (``andrea-follow --stdio RUN_DIR``): reads the run folder
with the read-only reader and writes what is new as frames (:mod:`.protocol`) to stdout; takes
the window's requests on stdin.

It only reads the store (a WAL reader never blocks the trainer's writer: the trainer never waits
for the window); steering goes through
:func:`~andrea_desktop.core.rundir.control.send_command`, the same checks as a local window's
commands. A file is sent only when :func:`~.protocol.fetch_limit` names it, it is no link, and
it is a regular file within that bound.
"""

from __future__ import annotations

import base64
import logging
import os
import queue
import sqlite3
import stat
import threading
import time
from pathlib import Path
from typing import BinaryIO

from ... import __version__
from ..errors import shown_path
from ..metrics import EventKind
from ..rundir.control import ControlError, read_only_reason, send_command
from ..rundir.layout import (
    CONFIG,
    METRICS_DB,
    PARENT,
    PROBES_DIR,
    TAGS,
    TERRAIN_DIR,
    TOKENIZER,
    is_run_dir,
    step_of,
    trainer_alive,
)
from ..rundir.reader import RunReader, TailCursor
from ..rundir.store import StoreError
from .protocol import (
    MAGIC,
    MAX_CHUNK_BYTES,
    MAX_FILES,
    MAX_KEY_CHARS,
    MAX_ROWS,
    VERSION,
    ProtocolError,
    check_request,
    fetch_limit,
    read_frame,
    write_frame,
)

__all__ = ["serve", "list_runs", "ROW_BYTES_PER_FRAME"]

log = logging.getLogger(__name__)

ROW_BYTES_PER_FRAME = 2 << 20
"""About how many bytes of rows one ``rows`` frame carries (well under the frame bound)."""
MAX_SAMPLE_CHARS = 65_536
"""A sample's prompt and text travel cut to this many characters (a window shows 2,000)."""
HEARTBEAT_S = 5.0
"""A ``state`` frame at least this often: the window tells a quiet link from a dead one."""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Server:
    def __init__(self, run_dir: Path, out: BinaryIO, interval: float) -> None:
        self.run_dir, self.out, self.interval = run_dir, out, interval
        self.reader: RunReader | None = None
        self.identity: tuple[int, int] | None = None
        self.cursor: TailCursor | None = None  # None: no resume yet (nothing is streamed)
        self.starts = 0
        self.alive: bool | None = None
        self.files: dict[str, tuple[int, int]] | None = None
        self.sent_at = 0.0
        self.bytes_sent = 0
        self.left_out: set[str] = set()  # tables whose rows the window would refuse were left out (said once)

    def send(self, obj: dict) -> None:
        self.bytes_sent += write_frame(self.out, obj)
        self.sent_at = time.monotonic()

    # -------------------------------------------------------------- requests
    def handle(self, req: dict) -> None:
        t = req["t"]
        if t == "resume":
            self.cursor = TailCursor(*req["cursor"])
            self.starts = req["starts"]
            self.files = None  # the listing is sent again (send_rows checks the window's history first)
        elif t == "fetch":
            self.send_file(req["path"])
        elif t == "command":
            try:
                send_command(self.run_dir, req["kind"], req["payload"])
            except ControlError as exc:
                self.send({"t": "reply", "id": req["id"], "ok": False, "error": _cut(str(exc), 2000)})
            else:
                self.send({"t": "reply", "id": req["id"], "ok": True})

    def restart(self) -> None:
        self.send({"t": "restarted"})
        self.cursor = None  # until the window resumes from the start

    def send_file(self, rel: str) -> None:
        limit = fetch_limit(rel)
        path = self.run_dir / rel
        try:
            if limit is None:
                raise OSError("not a run-folder file")
            folder = path.parent
            if folder != self.run_dir and (folder.is_symlink() or not folder.is_dir()):
                raise OSError("its folder is a link or missing")
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            self.send({"t": "file_error", "path": rel, "error": _cut(f"{rel}: {exc.strerror or exc}", 300)})
            return
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
                self.send({"t": "file_error", "path": rel, "error": f"{rel}: not a regular file within {limit:,} bytes"})
                return
            size, offset = st.st_size, 0
            while True:
                data = os.read(fd, min(MAX_CHUNK_BYTES, size - offset)) if offset < size else b""
                end = offset + len(data) >= size or not data
                self.send({"t": "chunk", "path": rel, "size": size if not end else offset + len(data),
                           "offset": offset, "mtime": st.st_mtime_ns, "end": end,
                           "data": base64.b64encode(data).decode("ascii")})
                offset += len(data)
                if end:
                    return
        finally:
            os.close(fd)

    # -------------------------------------------------------------- polling
    def _open(self) -> bool:
        db = self.run_dir / METRICS_DB
        try:
            st = db.stat()
        except OSError:
            return False
        identity = (st.st_dev, st.st_ino)
        if self.reader is not None and identity != self.identity:  # the folder was replaced
            self.reader.close()
            self.reader = None
            if self.cursor is not None:
                self.identity = identity
                self.restart()
                return False
        if self.reader is None:
            try:
                self.reader = RunReader(db)
            except (OSError, StoreError):  # being created: next time
                return False
            self.identity = identity
        return True

    def poll(self) -> None:
        alive = trainer_alive(self.run_dir)
        if alive != self.alive or time.monotonic() - self.sent_at > HEARTBEAT_S:
            self.alive = alive
            self.send({"t": "state", "alive": alive})
        if self.cursor is not None and self._open():
            try:
                self.send_rows()
            except sqlite3.Error as exc:  # busy: next time
                log.warning("reading %s: %s", self.run_dir, exc)
        if self.cursor is not None:
            try:
                self.send_listing()
            except ProtocolError as exc:  # a listing over the frame bound: said, the rows go on
                log.warning("the file list of %s cannot be sent: %s", self.run_dir, exc)
                self.files = {}

    def send_rows(self) -> None:
        # a new trainer (a resume) deletes the rows after its checkpoint and may reuse their
        # rowids: its start event, wherever its rowid fell, says the window's history is stale
        up_to = self.reader.count_events(EventKind.START, self.cursor)
        if up_to != self.starts or (self.starts and self.reader.count_events(EventKind.START) > up_to):
            self.restart()
            return
        rows = self.reader.tail(self.cursor)
        new_starts = sum(1 for e in rows.events if e[1] == EventKind.START)
        if new_starts and self.starts:  # a new trainer: it may have deleted rows the window holds
            self.restart()
            return
        self.starts += new_starts
        ids_s, ids_e, ids_m = rows.rowids
        sc = [[rid, *r] for rid, r in zip(ids_s, rows.scalars, strict=False) if self.sendable(r, "scalar")]
        ev = [[rid, *r] for rid, r in zip(ids_e, rows.events, strict=False) if self.sendable(r, "event")]
        sa = [[rid, step, prompt[:MAX_SAMPLE_CHARS], text[:MAX_SAMPLE_CHARS]]
              for rid, (step, prompt, text) in zip(ids_m, rows.samples, strict=False)
              if self.sendable((step, "", 0), "sample")]
        self.cursor = rows.cursor
        frame: dict = {"t": "rows", "scalars": [], "events": [], "samples": []}
        count = size = 0
        for table, items in (("scalars", sc), ("events", ev), ("samples", sa)):
            for r in items:
                frame[table].append(r)
                count += 1
                size += 64 + sum(len(x) for x in r if isinstance(x, str)) + (len(str(r[3])) if table == "events" else 0)
                if count >= MAX_ROWS or size >= ROW_BYTES_PER_FRAME:
                    self.send_frame_of_rows(frame)
                    frame, count, size = {"t": "rows", "scalars": [], "events": [], "samples": []}, 0, 0
        if count:
            self.send_frame_of_rows(frame)

    def sendable(self, row: tuple, table: str) -> bool:
        """Whether the window would take ``row`` (a step within ±2^62, a name or kind of at most
        :data:`MAX_KEY_CHARS` characters): a store written by hand may hold rows it refuses, and
        one such row would end the link. A row left out is said once per table in the log."""
        step, name = row[0], row[1]
        ok = (type(step) is int and -2**62 <= step <= 2**62
              and (table == "sample" or (isinstance(name, str) and len(name) <= MAX_KEY_CHARS)))
        if not ok and table not in self.left_out:
            self.left_out.add(table)
            log.warning("a %s row the window would refuse (step %s) is left out, and any more", table, str(step)[:30])
        return ok

    def send_frame_of_rows(self, frame: dict) -> None:
        try:
            self.send(frame)
        except ProtocolError:  # a row beyond the frame bound (a huge event payload): one frame each
            for table in ("scalars", "events", "samples"):
                for r in frame[table]:
                    one = {"t": "rows", "scalars": [], "events": [], "samples": [], table: [r]}
                    try:
                        self.send(one)
                    except ProtocolError:
                        log.warning("a %s row at step %s is too large to send; left out", table, r[1])

    def send_listing(self) -> None:
        files = listing(self.run_dir, MAX_FILES)
        if files != self.files:
            self.files = files
            self.send({"t": "files", "files": [[p, s, m] for p, (s, m) in sorted(files.items())]})


def listing(run_dir: Path, limit: int = MAX_FILES) -> dict[str, tuple[int, int]]:
    """``{path: (size, mtime_ns)}`` of the run folder's files the window may fetch (regular files,
    no links, within their bounds), at most ``limit`` (the run's own files first, then the
    probe and terrain files by step: a folder of more keeps its newest, said in the log)."""
    out = {}
    names = [CONFIG, TOKENIZER, PARENT, TAGS]
    for folder in (PROBES_DIR, TERRAIN_DIR):
        d = run_dir / folder
        if d.is_dir() and not d.is_symlink():
            try:
                found = sorted((e.name for e in os.scandir(d) if fetch_limit(f"{folder}/{e.name}") is not None),
                               key=lambda n: (step_of(n) is None, step_of(n) or 0, n))  # by step, newest (and embedding) last
            except OSError:
                found = []
            if len(names) + len(found) > limit:
                log.warning("%s holds %d files the window could fetch; %d are listed", d, len(found),
                            max(limit - len(names), 0))
                found = found[-max(limit - len(names), 0):] if limit > len(names) else []  # the newest names
            names += [f"{folder}/{n}" for n in found]
    for rel in names:
        limit = fetch_limit(rel)
        if limit is None:
            continue
        try:
            st = os.lstat(run_dir / rel)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_size <= limit:
            out[rel] = (st.st_size, st.st_mtime_ns)
    return out


def serve(run_dir: str | Path, inp: BinaryIO, out: BinaryIO, interval: float = 0.2) -> int:
    """Stream the run in ``run_dir`` to ``out`` and take requests from ``inp`` until ``inp``
    ends (the window closed the link) or ``out`` breaks. Returns the exit status: 0, or 2 when
    ``run_dir`` is no run (an ``error`` frame says so)."""
    run_dir = Path(run_dir).expanduser()
    out.write(MAGIC + str(VERSION).encode() + b"\n")
    out.flush()
    server = _Server(run_dir, out, interval)
    if not is_run_dir(run_dir):
        server.send({"t": "error", "message": f"{shown_path(run_dir, 300)} is not an ANDREA run folder on this "
                                              f"machine (it holds no {CONFIG})"})
        return 2
    reason = read_only_reason(run_dir)
    server.send({"t": "hello", "version": VERSION, "package": __version__, "run": run_dir.name,
                 "steer": not reason, "steer_reason": reason})
    requests: queue.Queue = queue.Queue()

    def read_requests() -> None:
        try:
            while (obj := read_frame(inp)) is not None:
                requests.put(obj)
        except (ProtocolError, OSError, ValueError) as exc:
            requests.put(exc)
        requests.put(None)

    threading.Thread(target=read_requests, name="andrea-follow-stdin", daemon=True).start()
    try:
        while True:
            try:
                item = requests.get(timeout=interval)
            except queue.Empty:
                server.poll()
                continue
            if item is None:
                return 0
            if isinstance(item, Exception):
                server.send({"t": "error", "message": _cut(f"bad request stream: {item}", 500)})
                return 3
            try:
                server.handle(check_request(item))
            except ProtocolError as exc:  # one bad request is answered, the link goes on
                server.send({"t": "error", "message": _cut(f"refused request: {exc}", 500)})
            server.poll()
    except (BrokenPipeError, ConnectionError):
        return 0
    finally:
        if server.reader is not None:
            server.reader.close()


def list_runs(folder: str | Path, limit: int = 1000) -> list[dict]:
    """The run folders directly inside ``folder`` (``andrea-follow --list``): name, whether a
    trainer is at work, the newest modification time; at most ``limit``, newest first."""
    folder = Path(folder).expanduser()
    runs = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for e in entries:
        try:
            if e.is_dir(follow_symlinks=False) and is_run_dir(e.path):
                runs.append({"name": e.name, "path": str(Path(e.path)), "alive": trainer_alive(e.path),
                             "mtime": e.stat(follow_symlinks=False).st_mtime})
        except OSError:
            continue
    runs.sort(key=lambda r: -r["mtime"])
    return runs[:limit]
