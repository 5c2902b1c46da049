"""The remote-follow protocol (docs/design.md#runs-on-another-machine): length-prefixed JSON
frames over a byte stream (the stdin and stdout of ``andrea-follow --stdio`` on the far side
of ``ssh``). Nothing is ever unpickled; every frame the other end sends is untrusted and is
checked here, with bounds, before anything reads it.

A stream starts with the line ``ANDREA-FOLLOW <version>\\n`` (a login banner before it is
skipped, at most :data:`MAX_BANNER_BYTES`), then frames: a 4-byte big-endian length and that
many bytes of a UTF-8 JSON object with a string ``"t"`` (its type).

Remote → local: ``hello``, ``rows``, ``state``, ``files``, ``chunk``, ``file_error``,
``reply``, ``restarted``, ``error``. Local → remote: ``resume``, ``fetch``, ``command``.
"""

from __future__ import annotations

import json
import struct
from typing import BinaryIO

from ..rundir.layout import (
    CONFIG,
    EMBEDDING_FILE,
    PARENT,
    PROBES_DIR,
    TAGS,
    TERRAIN_DIR,
    TOKENIZER,
    step_of,
)

__all__ = ["VERSION", "MAGIC", "MAX_FRAME_BYTES", "MAX_ROWS", "MAX_FILES", "MAX_KEY_CHARS", "MAX_CHUNK_BYTES", "ProtocolError",
           "VersionError", "encode_frame", "write_frame", "read_frame", "read_magic", "check_remote_frame", "parse_runs_listing", "parse_launch_answer",
           "check_request", "fetch_limit", "TABLES"]

VERSION = 1
"""The message format's version: both ends must speak the same one."""
MAGIC = b"ANDREA-FOLLOW "
"""The start of a stream's first line (``ANDREA-FOLLOW 1\\n``)."""
MAX_BANNER_BYTES = 64 * 1024
"""Bytes a remote shell may print before the first line (a login banner) that are skipped."""
MAX_FRAME_BYTES = 8 << 20
"""Longest frame either end reads (8 MiB); a longer announced length ends the link unread."""
MAX_ROWS = 20_000
"""Most store rows in one ``rows`` frame (all tables together)."""
MAX_FILES = 100_000
"""Most entries of one ``files`` listing."""
MAX_CHUNK_BYTES = 1 << 20
"""Most bytes of a file in one ``chunk`` frame (base64 in the JSON: about 1.4 MiB)."""
MAX_KEY_CHARS = 256
"""Longest scalar name or event kind."""
MAX_TEXT_CHARS = 1 << 20
"""Longest sample prompt or text, or message."""
MAX_DEPTH = 8
"""Deepest nesting of an event payload."""
MAX_INT = 2**63 - 1
TABLES = ("scalars", "events", "samples")
"""The store's tables, in the order of a cursor."""

# What a run folder's own small files may weigh (the same bounds as the local readers'); an
# .npz is bounded by the probe and terrain readers' decompressed-size check (1 GiB) after it
# lands, and by this before it travels.
_LIMITS = {CONFIG: 1 << 24, TOKENIZER: 64 << 20, PARENT: 1 << 20, TAGS: 1 << 20}
MAX_NPZ_BYTES = 1 << 30


class ProtocolError(ValueError):
    """A frame breaks the protocol (too long, not JSON, wrong types or values): the link ends."""


class VersionError(ProtocolError):
    """The other end speaks another version of the message format."""


def fetch_limit(path: object) -> int | None:
    """The size bound of a run-folder file the window may fetch, by its path relative to the run
    folder (``config.toml``, ``tokenizer.json``, ``parent.json``, ``tags.json``,
    ``probes/<step>.npz``, ``probes/embedding.npz``, ``terrain/<step>.npz``: the names
    :mod:`~andrea_desktop.core.rundir.layout` gives, a step's file by its one name,
    :func:`~andrea_desktop.core.rundir.layout.step_of`); None for any other path (an absolute path,
    ``..``, another folder or file, ``00002.npz`` beside ``2.npz``)."""
    if not isinstance(path, str) or len(path) > 64:
        return None
    if path in _LIMITS:
        return _LIMITS[path]
    folder, sep, name = path.partition("/")
    if not sep or "/" in name:
        return None
    if folder == PROBES_DIR and (name == EMBEDDING_FILE or step_of(name) is not None):
        return MAX_NPZ_BYTES
    if folder == TERRAIN_DIR and step_of(name) is not None:
        return MAX_NPZ_BYTES
    return None


# ---------------------------------------------------------------------- framing
def encode_frame(obj: dict) -> bytes:
    """One frame: the length and the JSON of ``obj``.

    Raises
    ------
    ProtocolError
        The JSON is longer than :data:`MAX_FRAME_BYTES`.
    """
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (an event payload's "\ud800"): escaped, as JSON allows
        data = json.dumps(obj, separators=(",", ":")).encode("ascii")
    if len(data) > MAX_FRAME_BYTES:
        raise ProtocolError(f"a {obj.get('t')!r} frame of {len(data):,} bytes is over {MAX_FRAME_BYTES:,}")
    return struct.pack(">I", len(data)) + data


def write_frame(out: BinaryIO, obj: dict) -> int:
    """Write one frame to ``out`` and flush; returns the bytes written."""
    data = encode_frame(obj)
    out.write(data)
    out.flush()
    return len(data)


def _read_exact(inp: BinaryIO, n: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = inp.read(n - len(buf))
        if not chunk:
            if buf:
                raise ProtocolError(f"the stream ended inside a frame ({len(buf)} of {n} bytes)")
            return None
        buf += chunk
    return bytes(buf)


def read_frame(inp: BinaryIO) -> dict | None:
    """The next frame's object from ``inp``; None at the end of the stream.

    Raises
    ------
    ProtocolError
        The announced length is over :data:`MAX_FRAME_BYTES` (nothing more is read), the stream
        ends inside a frame, or the bytes are not a JSON object with a string ``"t"``.
    """
    head = _read_exact(inp, 4)
    if head is None:
        return None
    (n,) = struct.unpack(">I", head)
    if n > MAX_FRAME_BYTES:
        raise ProtocolError(f"a frame of {n:,} bytes is announced; at most {MAX_FRAME_BYTES:,} are read")
    body = _read_exact(inp, n)
    if body is None:
        raise ProtocolError("the stream ended inside a frame")
    try:
        obj = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(f"a frame is not JSON ({type(exc).__name__})") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
        raise ProtocolError("a frame is not an object with a type")
    return obj


def read_magic(inp: BinaryIO) -> None:
    """Skip a login banner and read the stream's first line.

    Raises
    ------
    ProtocolError
        No first line within :data:`MAX_BANNER_BYTES` (the far side printed something else: the
        package is missing there, or a shell prints too much), or the stream ended first.
    VersionError
        The other end speaks another version.
    """
    seen = bytearray()
    while len(seen) < MAX_BANNER_BYTES + len(MAGIC) + 16:
        b = inp.read(1)
        if not b:
            text = seen.decode("utf-8", "replace").strip()
            raise ProtocolError("the remote ended before it said anything" if not text else
                                f"the remote did not speak the follow protocol; it said: {text[-300:]}")
        seen += b
        if b == b"\n":
            line = bytes(seen).rsplit(b"\n", 2)[-2]
            at = line.find(MAGIC)
            if at >= 0:
                version = line[at + len(MAGIC):].decode("ascii", "replace").strip()
                if version != str(VERSION):
                    raise VersionError(f"the remote speaks version {version[:20]!r} of the follow protocol, this "
                                       f"window version {VERSION}: install the same version of andrea-desktop on "
                                       "both machines")
                return
    raise ProtocolError(f"no follow protocol in the first {MAX_BANNER_BYTES:,} bytes the remote sent")


# ---------------------------------------------------------------------- checks
def _int(v: object, what: str, lo: int = 0, hi: int = MAX_INT) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise ProtocolError(f"{what} is not an integer in [{lo}, {hi}]")
    return v


def _num(v: object, what: str, none: bool = False) -> float | int | None:
    if v is None and none:
        return None
    if type(v) not in (int, float):
        raise ProtocolError(f"{what} is not a number")
    return v


def _str(v: object, what: str, limit: int) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise ProtocolError(f"{what} is not a text of at most {limit:,} characters")
    return v


def _bool(v: object, what: str) -> bool:
    if not isinstance(v, bool):
        raise ProtocolError(f"{what} is not true or false")
    return v


def _depth(v: object, depth: int = 0) -> None:
    if depth > MAX_DEPTH:
        raise ProtocolError(f"an event payload is nested more than {MAX_DEPTH} levels deep")
    if isinstance(v, dict):
        for x in v.values():
            _depth(x, depth + 1)
    elif isinstance(v, list):
        for x in v:
            _depth(x, depth + 1)


def _list(v: object, what: str, limit: int) -> list:
    if not isinstance(v, list) or len(v) > limit:
        raise ProtocolError(f"{what} is not a list of at most {limit:,} items")
    return v


def cursor_of(v: object, what: str = "cursor") -> tuple[int, int, int]:
    """A cursor (one rowid per table of :data:`TABLES`) from a frame.

    Raises
    ------
    ProtocolError
        Not three integers in [0, 2**63 - 1].
    """
    items = _list(v, what, 3)
    if len(items) != 3:
        raise ProtocolError(f"{what} has not 3 rowids")
    return tuple(_int(x, what) for x in items)  # type: ignore[return-value]


def _rows(obj: dict) -> dict:
    lists = {t: _list(obj.get(t, []), t, MAX_ROWS) for t in TABLES}
    if sum(len(x) for x in lists.values()) > MAX_ROWS:
        raise ProtocolError(f"a rows frame holds more than {MAX_ROWS:,} rows")
    scalars, events, samples = [], [], []
    for r in lists["scalars"]:
        if not isinstance(r, list) or len(r) != 5:
            raise ProtocolError("a scalar row is not [rowid, step, name, value, wall_time]")
        scalars.append((_int(r[0], "a rowid", 1), _int(r[1], "a step", -2**62, 2**62),
                        _str(r[2], "a scalar name", MAX_KEY_CHARS), _num(r[3], "a value", none=True),
                        _num(r[4], "a wall time")))
    for r in lists["events"]:
        if not isinstance(r, list) or len(r) != 5 or not isinstance(r[3], dict):
            raise ProtocolError("an event row is not [rowid, step, kind, payload object, wall_time]")
        _depth(r[3])
        events.append((_int(r[0], "a rowid", 1), _int(r[1], "a step", -2**62, 2**62),
                       _str(r[2], "an event kind", MAX_KEY_CHARS), r[3], _num(r[4], "a wall time")))
    for r in lists["samples"]:
        if not isinstance(r, list) or len(r) != 4:
            raise ProtocolError("a sample row is not [rowid, step, prompt, text]")
        samples.append((_int(r[0], "a rowid", 1), _int(r[1], "a step", -2**62, 2**62),
                        _str(r[2], "a sample's prompt", MAX_TEXT_CHARS), _str(r[3], "a sample's text", MAX_TEXT_CHARS)))
    for name, rows in (("scalars", scalars), ("events", events), ("samples", samples)):
        ids = [r[0] for r in rows]
        if any(a >= b for a, b in zip(ids, ids[1:], strict=False)):
            raise ProtocolError(f"the {name} rows are not in rowid order")
    return {"t": "rows", "scalars": scalars, "events": events, "samples": samples}


def check_remote_frame(obj: dict) -> dict:
    """A frame the remote sent, checked (types, bounds, file paths) and normalised: rows become
    tuples, a chunk's data bytes. The local end calls this on every frame before using it.

    Raises
    ------
    ProtocolError
        Naming what is wrong; an unknown type too.
    """
    t = obj.get("t")
    if t == "rows":
        return _rows(obj)
    if t == "hello":
        return {"t": t, "version": _int(obj.get("version"), "the version"),
                "package": _str(obj.get("package", ""), "the package version", 64),
                "run": _str(obj.get("run", ""), "the run's name", 4096),
                "steer": _bool(obj.get("steer"), "steer"),
                "steer_reason": _str(obj.get("steer_reason", ""), "the steering note", 4096)}
    if t == "state":
        return {"t": t, "alive": _bool(obj.get("alive"), "alive")}
    if t == "files":
        files = {}
        for entry in _list(obj.get("files"), "the file list", MAX_FILES):
            if not isinstance(entry, list) or len(entry) != 3:
                raise ProtocolError("a file entry is not [path, size, mtime_ns]")
            path, size, mtime = entry
            limit = fetch_limit(path)
            if limit is None:
                raise ProtocolError(f"the file list names {str(path)[:80]!r}, which is no run-folder file")
            files[path] = (_int(size, "a file size", 0, limit), _int(mtime, "a modification time"))
        return {"t": t, "files": files}
    if t == "chunk":
        import base64
        import binascii

        path = obj.get("path")
        limit = fetch_limit(path)
        if limit is None:
            raise ProtocolError(f"a chunk of {str(path)[:80]!r}, which is no run-folder file")
        size = _int(obj.get("size"), "a file size", 0, limit)
        offset = _int(obj.get("offset"), "an offset", 0, size)
        try:
            data = base64.b64decode(_str(obj.get("data", ""), "a chunk", 2 * MAX_CHUNK_BYTES), validate=True)
        except binascii.Error:
            raise ProtocolError("a chunk is not base64") from None
        if len(data) > MAX_CHUNK_BYTES or offset + len(data) > size:
            raise ProtocolError("a chunk is larger than its file")
        return {"t": t, "path": path, "size": size, "offset": offset, "data": data,
                "mtime": _int(obj.get("mtime", 0), "a modification time"), "end": _bool(obj.get("end", False), "end")}
    if t == "file_error":
        path = obj.get("path")
        if fetch_limit(path) is None:
            raise ProtocolError("a file error names no run-folder file")
        return {"t": t, "path": path, "error": _str(obj.get("error", ""), "the error", 4096)}
    if t == "reply":
        return {"t": t, "id": _int(obj.get("id"), "a reply's id"), "ok": _bool(obj.get("ok"), "ok"),
                "error": _str(obj.get("error", ""), "the error", 4096)}
    if t == "restarted":
        return {"t": t}
    if t == "error":
        return {"t": t, "message": _str(obj.get("message", ""), "the message", 4096)}
    raise ProtocolError(f"unknown frame type {str(t)[:40]!r}")


def check_request(obj: dict) -> dict:
    """A request the window sent, checked: ``resume`` (``cursor``, ``starts``), ``fetch``
    (``path``: only a file :func:`fetch_limit` names) or ``command`` (``id``, ``kind``,
    ``payload`` object; the kind and payload are checked again by
    :func:`~andrea_desktop.core.rundir.control.send_command`).

    Raises
    ------
    ProtocolError
        The request is refused (the remote end answers with an ``error`` frame and goes on).
    """
    t = obj.get("t")
    if t == "resume":
        return {"t": t, "cursor": cursor_of(obj.get("cursor")), "starts": _int(obj.get("starts", 0), "starts")}
    if t == "fetch":
        path = obj.get("path")
        if fetch_limit(path) is None:
            raise ProtocolError(f"{str(path)[:80]!r} is no run-folder file the window may fetch")
        return {"t": t, "path": path}
    if t == "command":
        payload = obj.get("payload", {})
        if not isinstance(payload, dict):
            raise ProtocolError("a command's payload is not an object")
        return {"t": t, "id": _int(obj.get("id"), "a command's id"), "kind": _str(obj.get("kind"), "a command", 32),
                "payload": payload}
    raise ProtocolError(f"unknown request {str(t)[:40]!r}")


MAX_LISTED_RUNS = 1000
"""Most runs an ``andrea-follow --list`` answer may name."""


def parse_runs_listing(data: bytes) -> list[dict]:
    """The runs an ``andrea-follow --list RUNS_DIR`` answer names (its whole output), checked:
    ``[{"name", "path", "alive", "mtime"}]``, at most :data:`MAX_LISTED_RUNS`.

    Raises
    ------
    ProtocolError
        The output is no such answer (the package is missing there, another version, bad types).
    """
    import io

    stream = io.BytesIO(data[: MAX_FRAME_BYTES + MAX_BANNER_BYTES])
    read_magic(stream)
    obj = read_frame(stream)
    if obj is None or obj.get("t") != "runs":
        raise ProtocolError("the remote sent no list of runs")
    runs = []
    for r in _list(obj.get("runs"), "the runs", MAX_LISTED_RUNS):
        if not isinstance(r, dict):
            raise ProtocolError("a listed run is not an object")
        runs.append({"name": _str(r.get("name"), "a run's name", 4096), "path": _str(r.get("path"), "a path", 4096),
                     "alive": _bool(r.get("alive"), "alive"), "mtime": _num(r.get("mtime"), "a time")})
    return runs


def parse_launch_answer(data: bytes) -> dict:
    """What ``andrea-follow --launch`` answered (its whole output): ``{"pid", "log"}``.

    Raises
    ------
    ProtocolError
        The run was not started (the remote's reason), or the output is no such answer.
    """
    import io

    stream = io.BytesIO(data[: MAX_FRAME_BYTES + MAX_BANNER_BYTES])
    read_magic(stream)
    obj = read_frame(stream)
    if obj is not None and obj.get("t") == "error":
        raise ProtocolError(_str(obj.get("message", ""), "the message", 4096))
    if obj is None or obj.get("t") != "launched":
        raise ProtocolError("the remote did not say it started the run")
    return {"pid": _int(obj.get("pid"), "a pid"), "log": _str(obj.get("log", ""), "a log path", 4096)}
