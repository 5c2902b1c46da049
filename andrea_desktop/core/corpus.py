"""Text sources: the embedded corpus (no download) and users' own files.

The embedded corpus is built on first use from text every CPython installation has and cached
in the user's cache directory (:mod:`platformdirs`). Three sources of clearly different style:

``python-reference``
    The language reference and library prose of ``pydoc_data.topics`` (English technical prose).
``stdlib-docstrings``
    Module, class and function docstrings of the standard library, extracted with :mod:`ast`
    (short API descriptions).
``stdlib-code``
    Source code of the standard library with its docstrings removed (Python code, comments).

User sources are a name and ``.txt`` / ``.jsonl`` files (a ``text`` field per line) or ``.parquet``
files (a ``text`` column, :mod:`.parquet_text`; pyarrow is the optional ``parquet`` extra); files that
are unreadable, binary or empty are skipped with a warning naming them.
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
import os
import stat
import sys
import sysconfig
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from .config import SourceSpec
from .parquet_text import PARQUET_SUFFIX, parquet_text_bytes, parquet_texts
from .small_files import write_atomic

__all__ = [
    "CorpusError",
    "Source",
    "EMBEDDED_SOURCES",
    "cache_dir",
    "build_embedded_corpus",
    "bundled_corpus_root",
    "BUNDLED_CORPUS",
    "read_user_source",
    "ProgressFn",
    "SOURCE_SUFFIXES",
    "expand_source_paths",
    "SourceScan",
    "scan_user_source",
]

log = logging.getLogger(__name__)

EMBEDDED_SOURCES = ("python-reference", "stdlib-docstrings", "stdlib-code")
DOC_SEPARATOR = "\x1e"  # record separator between documents in a cached source file

ProgressFn = Callable[[str, int, int], None]
"""progress(stage, done, total): ``total`` 0 means the amount is unknown."""

SOURCE_SUFFIXES = (".txt", ".jsonl", PARQUET_SUFFIX)
"""File types a user source reads (a folder contributes its files of these types)."""

_SKIP_DIRS = {"test", "tests", "idlelib", "site-packages", "dist-packages", "ensurepip",
              "__pycache__", "lib2to3", "turtledemo", "config-3", "tkinter"}


class CorpusError(ValueError):
    """A source cannot be used: no readable text, or an unusable path."""


@dataclass(frozen=True)
class Source:
    """One source's text, split into documents.

    Attributes
    ----------
    name
        Source name.
    documents
        The documents, in a fixed order.
    files
        Files that contributed text.
    skipped
        ``(path, reason)`` for every file that was skipped.
    """

    name: str
    documents: tuple[str, ...]
    files: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    @property
    def n_bytes(self) -> int:
        """UTF-8 bytes of all documents."""
        return sum(len(d.encode("utf-8")) for d in self.documents)

    def sha256(self) -> str:
        """Hash of the name and the documents (identifies the text, not its tokens)."""
        h = hashlib.sha256(self.name.encode())
        for d in self.documents:
            h.update(DOC_SEPARATOR.encode())
            h.update(d.encode("utf-8"))
        return h.hexdigest()


def cache_dir() -> Path:
    """The user's cache folder for ANDREA Desktop (``$ANDREA_CACHE_DIR`` overrides it), created
    if missing.

    Raises
    ------
    CorpusError
        The folder cannot be created or written.
    """
    env = os.environ.get("ANDREA_CACHE_DIR")
    path = Path(env) if env else Path(platformdirs.user_cache_dir("andrea-desktop", "andrea"))
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not os.access(path, os.W_OK):
            raise PermissionError(13, "not writable", str(path))
    except OSError as exc:
        raise CorpusError(
            f"the cache folder {path} is not usable ({exc.strerror or exc}); "
            "set ANDREA_CACHE_DIR to a writable folder"
        ) from exc
    return path


def _stdlib_files() -> list[Path]:
    root = Path(sysconfig.get_paths()["stdlib"])
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("config-"))
        out.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".py"))
    return out


def _take(docs: Iterator[str], max_bytes: int) -> list[str]:
    """Documents from ``docs`` in order until ``max_bytes`` UTF-8 bytes (the last one cut)."""
    out, used = [], 0
    for d in docs:
        if not d.strip():
            continue
        b = d.encode("utf-8")
        if used + len(b) > max_bytes:
            rest = b[: max_bytes - used].decode("utf-8", errors="ignore")
            if rest.strip():
                out.append(rest)
            break
        out.append(d)
        used += len(b)
    return out


def _reference_docs() -> Iterator[str]:
    import pydoc_data.topics as topics

    for key in sorted(topics.topics):
        yield topics.topics[key]


def _docstrings_and_code(files: list[Path]) -> tuple[Iterator[str], Iterator[str]]:
    """Two lazy streams over the stdlib: docstrings, and code without its docstrings."""

    def parse(path: Path) -> tuple[str, ast.Module] | None:
        try:
            text = path.read_text(encoding="utf-8")
            return text, ast.parse(text)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
            return None

    def docstrings() -> Iterator[str]:
        for path in files:
            parsed = parse(path)
            if parsed is None:
                continue
            for node in ast.walk(parsed[1]):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node, clean=True)
                    if doc and len(doc) > 40:
                        yield doc

    def code() -> Iterator[str]:
        # Same files, from the other end of the sorted list, so the two sources share little.
        for path in reversed(files):
            parsed = parse(path)
            if parsed is None:
                continue
            text, tree = parsed
            lines = text.splitlines(keepends=True)
            drop: set[int] = set()
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    body = node.body
                    if body and isinstance(body[0], ast.Expr) and isinstance(
                        getattr(body[0], "value", None), ast.Constant
                    ) and isinstance(body[0].value.value, str):
                        drop.update(range(body[0].lineno - 1, body[0].end_lineno or body[0].lineno))
            yield "".join(line for i, line in enumerate(lines) if i not in drop)

    return docstrings(), code()


BUNDLED_CORPUS = "andrea_corpus"
"""Folder, inside a frozen (PyInstaller) app, of the corpus built when the app was packaged: a
frozen app carries compiled modules only, not the standard library's sources."""


def bundled_corpus_root() -> Path | None:
    """The corpus packaged with a frozen app (``sys._MEIPASS/andrea_corpus``), or None."""
    base = getattr(sys, "_MEIPASS", None)
    if base is None:
        return None
    root = Path(base) / BUNDLED_CORPUS
    return root if root.is_dir() else None


def _cut_bundled(root: Path, version: str, max_bytes: int) -> list[Source]:
    """The corpus of ``max_bytes`` per source from the largest bundled one: every source is a
    prefix of one fixed document stream, so cutting a larger build gives exactly the text a build
    at ``max_bytes`` would have.

    Raises
    ------
    CorpusError
        No bundled build is at least ``max_bytes`` per source.
    """
    sizes = sorted(int(p.name.rsplit("-", 1)[1]) for p in root.glob(f"{version}-*")
                   if p.name.rsplit("-", 1)[1].isascii() and p.name.rsplit("-", 1)[1].isdigit())
    larger = [n for n in sizes if n >= max_bytes]
    built = _read_corpus(root / f"{version}-{larger[0]}") if larger else None
    if built is None:
        raise CorpusError(
            f"this packaged app carries the demo corpus up to {max(sizes, default=0):,} bytes per source, "
            f"not {max_bytes:,} (data.max_bytes_per_source); lower it, or run from source")
    return [Source(s.name, tuple(_take(iter(s.documents), max_bytes)), s.files) for s in built]


def _read_corpus(folder: Path) -> list[Source] | None:
    """A built corpus (``manifest.json`` and one ``.txt`` per source), verified; None if unusable."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
        sources = []
        for entry in manifest["sources"]:
            text = (folder / f"{entry['name']}.txt").read_text("utf-8")
            src = Source(entry["name"], tuple(text.split(DOC_SEPARATOR)), tuple(entry["files"]))
            if src.sha256() != entry["sha256"]:
                raise ValueError(f"{entry['name']}: cached text does not match its manifest")
            sources.append(src)
        if [s.name for s in sources] == list(EMBEDDED_SOURCES):
            return sources
        raise ValueError(f"sources {[s.name for s in sources]}, not {list(EMBEDDED_SOURCES)}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("not using the corpus in %s: %s", folder, exc)
        return None


def build_embedded_corpus(max_bytes: int, progress: ProgressFn | None = None) -> list[Source]:
    """The embedded sources, built once and then read from the cache.

    Parameters
    ----------
    max_bytes
        Cap on the UTF-8 bytes of each source.
    progress
        Called as ``progress("Building corpus", done, total)``.

    Returns
    -------
    The sources of :data:`EMBEDDED_SOURCES`, in that order.
    """
    version = f"py{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"
    key = f"{version}-{max_bytes}"
    bundled = bundled_corpus_root()
    if bundled is not None and (bundled / key / "manifest.json").exists():
        sources = _read_corpus(bundled / key)
        if sources is not None:
            return sources
    folder = cache_dir() / "corpus" / key
    manifest_path = folder / "manifest.json"
    if manifest_path.exists():
        sources = _read_corpus(folder)
        if sources is not None:
            return sources
    if bundled is not None:  # a frozen app: no standard-library sources to build from
        return _cut_bundled(bundled, version, max_bytes)

    total = len(EMBEDDED_SOURCES)
    if progress:
        progress("Building corpus", 0, total)
    files = _stdlib_files()
    if not files:
        raise CorpusError("the Python standard library's sources are not installed here, so the demo corpus "
                          "cannot be built; add your own sources with --source, or install the full Python")
    docstrings, code = _docstrings_and_code(files)
    import pydoc_data.topics as topics

    builders = {
        "python-reference": (lambda: _take(_reference_docs(), max_bytes), [topics.__file__]),
        "stdlib-docstrings": (lambda: _take(docstrings, max_bytes), [str(files[0].parent)]),
        "stdlib-code": (lambda: _take(code, max_bytes), [str(files[0].parent)]),
    }
    sources = []
    for i, name in enumerate(EMBEDDED_SOURCES):
        build, origin = builders[name]
        sources.append(Source(name, tuple(build()), tuple(origin)))
        if progress:
            progress("Building corpus", i + 1, total)

    folder.mkdir(parents=True, exist_ok=True)
    for src in sources:
        write_atomic(folder / f"{src.name}.txt", DOC_SEPARATOR.join(src.documents))
    manifest = {
        "python": version,
        "max_bytes": max_bytes,
        "sources": [
            {"name": s.name, "files": list(s.files), "bytes": s.n_bytes,
             "documents": len(s.documents), "sha256": s.sha256()}
            for s in sources
        ],
    }
    write_atomic(manifest_path, json.dumps(manifest, indent=2))
    log.info("embedded corpus built in %s", folder)
    return sources


def expand_source_paths(paths: list[str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files a source's paths name: files as given, folders' :data:`SOURCE_SUFFIXES` files
    (recursively, sorted; links to folders not followed).

    Returns
    -------
    files
        In order.
    skipped
        ``(path, reason)`` for each path that is missing, unreadable, not a file or folder, or a
        folder without such files.
    """
    files, skipped = [], []
    for p in paths:
        path = Path(p).expanduser()
        try:
            st = path.stat()
        except OSError as exc:  # missing, dangling link, symlink loop, no permission
            reason = "no such file or folder" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc))
            skipped.append((str(path), reason))
            continue
        if stat.S_ISDIR(st.st_mode):
            found = []
            for dirpath, dirnames, filenames in os.walk(path, followlinks=False):
                dirnames.sort()
                for f in sorted(filenames):
                    fp = Path(dirpath) / f
                    if fp.suffix.lower() in SOURCE_SUFFIXES:
                        found.append(fp)
            if not found:
                skipped.append((str(path), "folder has no .txt, .jsonl or .parquet files"))
            files.extend(found)
        elif stat.S_ISREG(st.st_mode):
            files.append(path)
        else:
            skipped.append((str(path), "not a regular file (a device, FIFO or socket)"))
    return files, skipped


@dataclass(frozen=True)
class SourceScan:
    """A user source's size before it is read: ``files`` it would read, their ``n_bytes`` (file
    sizes; for ``.parquet`` the text column's uncompressed size, from the metadata) and the
    ``(path, reason)`` of each path it would skip for a reason known without reading."""

    files: tuple[str, ...]
    n_bytes: int
    skipped: tuple[tuple[str, str], ...]


def scan_user_source(paths: list[str]) -> SourceScan:
    """The files of a user source and their bytes, from the file system and Parquet metadata
    alone (cheap: no text is read), for the New Run dialog's estimates."""
    files, skipped = expand_source_paths(paths)
    used, total = [], 0
    for path in files:
        try:
            total += parquet_text_bytes(path) if path.suffix.lower() == PARQUET_SUFFIX else path.stat().st_size
        except (OSError, ValueError) as exc:
            skipped.append((str(path), str(exc)))
            continue
        used.append(str(path))
    return SourceScan(tuple(used), total, tuple(skipped))


def _read_text_file(path: Path) -> str:
    """UTF-8 text of ``path``; raises ValueError for binary files."""
    if not path.is_file():
        raise ValueError("not a regular file")
    data = path.read_bytes()
    if b"\x00" in data:
        raise ValueError("binary file (contains NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def read_user_source(spec: SourceSpec) -> Source:
    """Read a user source.

    ``.txt`` files are one document each; ``.jsonl`` files give one document per line with a
    string ``text`` field, ``.parquet`` files one per row of their ``text`` column (read in
    batches; pyarrow missing: the file is skipped naming ``pip install 'andrea-desktop[parquet]'``).
    Unreadable, binary and empty files (and ``.jsonl`` lines without a ``text`` string) are
    skipped with a logged warning naming them.

    Raises
    ------
    CorpusError
        No file of the source has any text.
    """
    files, skipped = expand_source_paths(spec.paths)
    docs, used = [], []
    for path in files:
        if path.suffix.lower() == PARQUET_SUFFIX:
            try:
                docs.extend(parquet_texts(path))
            except (OSError, ValueError) as exc:
                skipped.append((str(path), str(exc)))
            else:
                used.append(str(path))
            continue
        try:
            text = _read_text_file(path)
        except (OSError, ValueError) as exc:
            skipped.append((str(path), str(exc)))
            continue
        if path.suffix.lower() == ".jsonl":
            found, bad, fixed = [], 0, 0
            # JSON Lines are separated by "\n" only: str.splitlines would also split inside a
            # record at U+2028, U+2029 or U+0085, which JSON allows raw in strings
            for line in text.split("\n"):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except (ValueError, RecursionError):  # not JSON, or nested absurdly deep
                    bad += 1
                    continue
                t = obj.get("text") if isinstance(obj, dict) else None
                if isinstance(t, str) and t.strip():
                    clean = t.encode("utf-8", "replace").decode("utf-8")  # lone surrogates
                    fixed += clean != t
                    found.append(clean)
                else:
                    bad += 1
            if bad:
                log.warning("%s: %d line(s) without a 'text' string were skipped", path, bad)
            if fixed:
                log.warning("%s: %d record(s) had invalid surrogates, replaced by '?'", path, fixed)
            if not found:
                skipped.append((str(path), "no line with a non-empty 'text' field"))
                continue
            docs.extend(found)
        else:
            if not text.strip():
                skipped.append((str(path), "empty file"))
                continue
            docs.append(text)
        used.append(str(path))
    for path, reason in skipped:
        log.warning("source %s: skipped %s: %s", spec.name, path, reason)
    if not docs:
        detail = "; ".join(f"{p}: {r}" for p, r in skipped) or "no files given"
        raise CorpusError(f"source {spec.name!r} has no usable text ({detail})")
    return Source(spec.name, tuple(docs), tuple(used), tuple(skipped))
