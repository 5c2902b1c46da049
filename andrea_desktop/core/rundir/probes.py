"""The probe files of a run: ``probes/<step>.npz`` and ``probes/embedding.npz`` (docs/design.md#the-run-folder).

One owner for the format: the trainer writes with :func:`write_probe`; the attention and
embedding panels and the follower read with :func:`read_probe`, :func:`list_probes` and
:func:`read_embedding`. Files are written to a temporary name and renamed into place, and read
with ``allow_pickle=False`` (a crafted file cannot run code), then checked with
:func:`check_probe`.

A probe (:class:`Probe`) holds, for a probe text of T tokens and a model of L layers and H heads:

===================  ==============  ============================================================
key                  shape, dtype    meaning
===================  ==============  ============================================================
``step``             (), int64       the global step the probe was taken after
``tokens``           (T,), int64     the probe text's token ids
``token_text``       (T,), str       each token's label (:func:`core.tokens.token_labels`)
``attention``        (L, H, T, T)    attention weights (float16), row = query, column = key
``entropy``          (L, H), float32 mean attention entropy per head (nats)
``previous_token``   (L, H), float32 mean weight on the previous token
``sink``             (L, H), float32 mean weight on the first token
``induction``        (L, H), float32 induction score (:mod:`core.head_roles`, on the repeated sequence)
``roles``            (L, H), str     a head's role (:data:`core.head_roles.ROLES`, "" for none;
                                     "previous-token", "sink" or "induction" in earlier files)
``role_names``       (R,), str       the roles scored (:mod:`core.head_roles`)
``role_scores``      (R, L, H)       each head's score of each role, float32 in [0, 1]
``role_baselines``   (R,), float32   what a uniform causal head scores
``role_thresholds``  (R,), float32   the score a head needs for the role
``watch``            (W,), str       the watched tokens' text
``watch_ids``        (W,), int64     their ids
``neighbours``       (W, k), int64   each watched token's k nearest neighbours (cosine)
``text``             (), str         the T tokens decoded as a whole (what is drawn)
``source_text``      (), str         the probe text asked for (longer than ``text`` when cut)
``text_tokens``      (), int64       its length in tokens (> T when it was cut)
===================  ==============  ============================================================

``text``, ``source_text`` and ``text_tokens`` are absent from probe files of earlier versions
(:func:`probe_texts` then falls back on the tokens' labels), and so are the four ``role_*``
arrays (such a probe has its old ``roles`` and no role scores: :func:`role_arrays` gives None).

``embedding.npz`` keeps the newest probe's token embedding: ``step`` (), ``embedding`` (V, d_model)
float16 and ``vocab`` (V,) str.
"""

from __future__ import annotations

import logging
import math
import os
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .layout import EMBEDDING_FILE, PROBES_DIR, run_subdir, step_name, step_of, unique_temp

__all__ = [
    "Probe",
    "STATS",
    "read_head_entropy",
    "check_probe",
    "read_probe",
    "write_probe",
    "list_probes",
    "read_embedding",
    "read_watch_sets",
    "delete_probes_after",
    "probes_dir",
    "probe_texts",
    "check_npz_sizes",
    "npz_array_bytes",
    "load_npz",
    "MAX_ARRAY_BYTES",
    "MAX_PROBE_FILE_BYTES",
    "MAX_MEMBERS",
    "ROLE_KEYS",
    "MAX_ROLES",
    "role_arrays",
    "read_role_arrays",
]

log = logging.getLogger(__name__)

STATS = ("entropy", "previous_token", "sink", "induction")
"""The per-head statistics of a probe, each (L, H) float32."""

_UNREADABLE = (Exception,)
"""What reading a run's ``.npz`` file may raise, all of it told as the file's problem (ValueError)
and never out of a reader: a damaged zip (BadZipFile, EOFError, struct and zlib errors, an
unsupported compression: NotImplementedError, an encrypted member: RuntimeError), a malformed
array (ValueError, KeyError, TypeError), a file gone (OSError) or an array too large to hold
(MemoryError)."""
MAX_ARRAY_BYTES = 1 << 30
"""Bytes an array of a probe file may hold once decompressed, at most (a compressed ``.npz`` of
zeros is ~1,000 times smaller than its arrays: a 6 MB file could ask for 6 GB)."""
MAX_PROBE_FILE_BYTES = 2 * MAX_ARRAY_BYTES
"""Bytes the arrays of one probe file may hold together once loaded, at most."""
MAX_MEMBERS = 64
"""Arrays (zip members) an ``.npz`` file of a run may hold, at most: a probe file has 22, a
terrain file 32; each costs a read, so 40,000 tiny ones took 8.7 s (refused before any is read)."""
MAX_HEADS = 64 * 64
"""Layers x heads a probe may have at most (its grid draws one thumbnail each)."""
MAX_TOKENS = 4096
"""Tokens a probe may have at most (``probe.max_tokens``' bound)."""
ROLE_KEYS = ("role_names", "role_scores", "role_baselines", "role_thresholds")
"""The role arrays of a probe (all or none of them)."""
MAX_ROLES = 16
"""Roles a probe may score at most."""
ROLE_NAME_CHARS = 32
"""Characters of a role's name at most."""


_EOCD = struct.Struct("<4s4H2LH")  # a zip's end of central directory record


def load_npz(path: str | Path):
    """``np.load(path, allow_pickle=False)`` of a run's ``.npz`` file, once its zip directory
    (the end record, read first) lists at most :data:`MAX_MEMBERS` members in at most
    :data:`MAX_MEMBERS` KiB: opening a zip reads its whole directory, ~10 µs a member, so a file
    of a million empty members would take seconds before :func:`npz_array_bytes` counts them.

    Raises
    ------
    ValueError
        No end record (not a zip), or more members or a larger directory than that.
    OSError
        The file cannot be read.
    """
    with open(path, "rb") as f:
        end = f.seek(0, os.SEEK_END)
        f.seek(max(0, end - (_EOCD.size + 0xFFFF)))  # the record, then a comment of at most 64 KiB
        tail = f.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _EOCD.size:
        raise ValueError("not a zip file (no end of central directory)")
    _sig, _disk, _cd_disk, _here, members, cd_size, _cd_at, _comment = _EOCD.unpack_from(tail, at)
    if members > MAX_MEMBERS or cd_size > MAX_MEMBERS * 1024:  # zip64's 0xFFFF... markers among them
        raise ValueError(f"{members:,} arrays in the file, a directory of {cd_size:,} bytes (at most "
                         f"{MAX_MEMBERS} arrays)")
    return np.load(path, allow_pickle=False)


def npz_array_bytes(z, names: tuple[str, ...] | None = None,
                    held_itemsize: int | Mapping[str, int] = 1) -> dict[str, int]:
    """Bytes each array of an ``np.load`` archive ``z`` would take once loaded and converted,
    by array name (with ``names``, only those arrays), from each member's ``.npy`` header: nothing
    is decompressed beyond the first bytes of each member.

    Every member is sized whatever its name (``np.load`` reads a member named without ``.npy``
    as an array too when it begins as one; one that does not counts the bytes the zip declares):
    elements x ``max(itemsize, held_itemsize)`` for a number array (a reader that widens float16
    or uint8 to float64 holds 8 bytes an element: ``held_itemsize=8``; a mapping gives it by
    array name, 1 for those it lacks), elements x itemsize for text.

    Raises
    ------
    ValueError
        More than :data:`MAX_MEMBERS` members, a name twice, a header that cannot be read, or a
        negative dimension.
    """
    infos = z.zip.infolist()
    if len(infos) > MAX_MEMBERS:  # each member costs a read (~0.3 ms): refused before any is opened
        raise ValueError(f"{len(infos):,} arrays in the file (at most {MAX_MEMBERS})")
    sizes: dict[str, int] = {}
    for info in infos:
        key = info.filename.removesuffix(".npy")
        if key in sizes:  # np.load reads one of them: the other's header is not what is loaded
            raise ValueError(f"{info.filename} is in the file twice")
        if names is not None and key not in names:
            sizes[key] = 0  # seen (a second one is refused), not read
            continue
        with z.zip.open(info) as f:
            if f.read(len(np.lib.format.MAGIC_PREFIX)) != np.lib.format.MAGIC_PREFIX:
                sizes[key] = info.file_size  # np.load reads it as bytes, up to its declared size
                continue
            f.seek(0)
            version = np.lib.format.read_magic(f)
            read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
            shape, _, dtype = read(f)
        if any(int(n) < 0 for n in shape):
            raise ValueError(f"{info.filename} has a negative dimension {shape}")
        held = held_itemsize.get(key, 1) if isinstance(held_itemsize, Mapping) else held_itemsize
        itemsize = dtype.itemsize if dtype.kind in "SUV" else max(dtype.itemsize, held)
        sizes[key] = math.prod(int(n) for n in shape) * itemsize
    if names is not None:
        sizes = {k: v for k, v in sizes.items() if k in names}
    return sizes


def check_npz_sizes(z, names: tuple[str, ...] | None = None,
                    held_itemsize: int | Mapping[str, int] = 1) -> dict[str, int]:
    """Refuse an ``np.load`` archive ``z`` whose arrays would take more than :data:`MAX_ARRAY_BYTES`
    each once loaded (``held_itemsize``: :func:`npz_array_bytes`) or :data:`MAX_PROBE_FILE_BYTES`
    together, or that has more than :data:`MAX_MEMBERS` members, reading only their headers (with
    ``names``, only those arrays': the ones a reader then loads).

    Returns
    -------
    The bytes of each array once loaded (:func:`npz_array_bytes`), by name.

    Raises
    ------
    ValueError
        An array or the file is larger, a header cannot be read or claims a negative dimension,
        too many members or a name twice.
    """
    for info in z.zip.infolist()[:MAX_MEMBERS + 1]:
        name = info.filename
        if names is not None and name.removesuffix(".npy") not in names:
            continue
        if info.file_size > MAX_ARRAY_BYTES:  # the size the zip declares (what a read stops at)
            raise ValueError(f"{name} would take {info.file_size:,} bytes (at most {MAX_ARRAY_BYTES:,})")
    sizes = npz_array_bytes(z, names, held_itemsize)
    for key, size in sizes.items():
        if size > MAX_ARRAY_BYTES:
            raise ValueError(f"{key}.npy would take {size:,} bytes (at most {MAX_ARRAY_BYTES:,})")
    if sum(sizes.values()) > MAX_PROBE_FILE_BYTES:
        raise ValueError(f"the arrays would take {sum(sizes.values()):,} bytes together (at most "
                         f"{MAX_PROBE_FILE_BYTES:,})")
    return sizes


@dataclass(frozen=True)
class Probe:
    """What a probe file holds (shapes in the module docstring); :meth:`arrays` is the dict
    the panels draw, :meth:`from_arrays` checks one."""

    step: int
    tokens: np.ndarray
    token_text: np.ndarray
    attention: np.ndarray
    entropy: np.ndarray
    previous_token: np.ndarray
    sink: np.ndarray
    induction: np.ndarray
    roles: np.ndarray
    watch: np.ndarray
    watch_ids: np.ndarray
    neighbours: np.ndarray
    text: str = ""
    source_text: str = ""
    text_tokens: int = 0
    role_names: np.ndarray | None = None
    role_scores: np.ndarray | None = None
    role_baselines: np.ndarray | None = None
    role_thresholds: np.ndarray | None = None

    def arrays(self) -> dict[str, np.ndarray]:
        """The probe as the dict of arrays that is saved and drawn (the role arrays when it has them)."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if getattr(self, k) is not None}
        out["step"] = np.int64(self.step)
        out["text_tokens"] = np.int64(self.text_tokens)
        for k in ("text", "source_text"):
            out[k] = np.asarray(str(getattr(self, k)), dtype=str)
        return out

    @classmethod
    def from_arrays(cls, arrays: dict) -> Probe:
        """A checked :class:`Probe` from a dict of arrays; raises ValueError (:func:`check_probe`)."""
        p = check_probe(dict(arrays))
        empty_w = np.zeros(0, np.int64)
        return cls(step=int(np.asarray(p["step"])), tokens=np.asarray(p.get("tokens", empty_w)),
                   token_text=np.asarray(p["token_text"]), attention=np.asarray(p["attention"]),
                   **{k: np.asarray(p[k]) for k in (*STATS, "roles")},
                   watch=np.asarray(p.get("watch", np.zeros(0, str))),
                   watch_ids=np.asarray(p.get("watch_ids", empty_w)),
                   neighbours=np.asarray(p.get("neighbours", np.zeros((0, 0), np.int64))),
                   **dict(zip(("text", "source_text", "text_tokens"), probe_texts(p), strict=True)),
                   **{k: np.asarray(p[k]) for k in ROLE_KEYS if k in p})


def probe_texts(p: dict) -> tuple[str, str, int]:
    """``(text, source_text, text_tokens)`` of a probe: what is drawn, decoded as a whole; the
    probe text that was asked for; its length in tokens. A probe file of an earlier version has
    none of them: its tokens' labels joined, the same, and its own length."""
    T = len(np.asarray(p["token_text"]))
    try:
        text = str(np.asarray(p["text"]))
        source = str(np.asarray(p["source_text"]))
        n = int(np.asarray(p["text_tokens"]))
    except (KeyError, TypeError, ValueError):
        text = "".join(str(t) for t in np.asarray(p["token_text"]).reshape(-1))
        return text, text, T
    return text, source or text, max(n, T)


def probes_dir(run_dir: str | Path) -> Path:
    """The run's ``probes/`` folder (it may not exist yet)."""
    return Path(run_dir) / PROBES_DIR


def check_probe(p: dict) -> dict:
    """Check a probe's arrays before drawing them: ``attention`` (L, H, T, T) numbers,
    ``token_text`` (T,), statistics and ``roles`` (L, H), ``step`` one integer.

    Returns
    -------
    ``p`` itself.

    Raises
    ------
    ValueError
        A key is missing or an array has the wrong shape or kind.
    """
    try:
        att = np.asarray(p["attention"])
        if att.ndim != 4 or att.shape[2] != att.shape[3] or 0 in att.shape or att.dtype.kind not in "fiu":
            raise ValueError(f"attention has shape {att.shape}, not (L, H, T, T)")
        L, H, T, _ = att.shape
        if L * H > MAX_HEADS or T > MAX_TOKENS:
            raise ValueError(f"attention has shape {att.shape}: more than {MAX_HEADS:,} heads or {MAX_TOKENS:,} tokens")
        if np.asarray(p["token_text"]).shape != (T,):
            raise ValueError("token_text does not match the attention maps")
        for key in (*STATS, "roles"):
            if np.asarray(p[key]).shape != (L, H):
                raise ValueError(f"{key} is not one value per layer and head")
        int(np.asarray(p["step"]))
        for key in ("text", "source_text", "text_tokens"):
            if key in p and np.asarray(p[key]).shape != ():
                raise ValueError(f"{key} is not one value")
        _check_roles(p, L, H)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"probe is incomplete ({exc})") from exc
    return p


def _check_roles(p: dict, L: int, H: int) -> None:
    """The role arrays of a probe: all four or none, R <= MAX_ROLES names of text, scores (R, L, H)
    and baselines, thresholds (R,) of numbers in [0, 1] (NaN: not measured)."""
    present = [k for k in ROLE_KEYS if k in p]
    if not present:
        return
    if len(present) != len(ROLE_KEYS):
        raise ValueError(f"role arrays incomplete: {', '.join(k for k in ROLE_KEYS if k not in p)} missing")
    names = np.asarray(p["role_names"])
    R = names.shape[0] if names.ndim == 1 else -1
    if R < 0 or R > MAX_ROLES or names.dtype.kind != "U" or any(len(str(n)) > ROLE_NAME_CHARS for n in names):
        raise ValueError(f"role_names is not at most {MAX_ROLES} names of at most {ROLE_NAME_CHARS} characters")
    for key, shape in (("role_scores", (R, L, H)), ("role_baselines", (R,)), ("role_thresholds", (R,))):
        a = np.asarray(p[key])
        if a.shape != shape or a.dtype.kind != "f":
            raise ValueError(f"{key} has shape {a.shape} ({a.dtype}), not {shape} numbers")
        if not np.all(np.isnan(a) | ((a >= 0) & (a <= 1))):
            raise ValueError(f"{key} holds values outside [0, 1]")


def role_arrays(p: dict) -> tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray] | None:
    """``(names, scores (R, L, H), baselines (R,), thresholds (R,))`` of a checked probe, or None
    for a probe of an earlier version (no role arrays)."""
    if "role_names" not in p:
        return None
    return (tuple(str(n) for n in np.asarray(p["role_names"])), np.asarray(p["role_scores"], dtype=np.float64),
            np.asarray(p["role_baselines"], dtype=np.float64), np.asarray(p["role_thresholds"], dtype=np.float64))


def read_role_arrays(path: str | Path) -> dict:
    """Only ``step``, ``roles`` and the role arrays of a probe file (the heads over time read every
    probe's; the attention maps stay unread): a dict of those present, the role arrays checked
    against ``roles``' (L, H). Raises ValueError when the file cannot be read or its role arrays
    are malformed."""
    try:
        with load_npz(path) as z:
            check_npz_sizes(z)
            out = {k: z[k] for k in ("step", "roles", *ROLE_KEYS) if k in z.files}
        L, H = np.asarray(out["roles"]).shape
        int(np.asarray(out["step"]))
        _check_roles(out, L, H)
    except _UNREADABLE as exc:
        raise ValueError(f"{Path(path).name}: {type(exc).__name__}: {exc}") from exc
    return out


def read_probe(path: str | Path) -> dict:
    """A ``probes/<step>.npz`` file as a dict of arrays (no pickles are loaded), checked with
    :func:`check_probe`.

    Raises
    ------
    ValueError
        The file is not a readable probe (truncated, not a zip, wrong shapes or dtypes).
    """
    try:
        with load_npz(path) as z:
            check_npz_sizes(z)
            probe = {k: z[k] for k in z.files}
    except _UNREADABLE as exc:
        raise ValueError(f"{Path(path).name}: not a readable probe ({type(exc).__name__}: {exc})") from exc
    return check_probe(probe)


def read_head_entropy(path: str | Path) -> tuple[np.ndarray, int]:
    """Only the per-head ``entropy`` (L, H) of a probe file and its number of tokens T (the
    attention maps stay unread: a file of andrea-12m's maps takes ~10 ms to read, this ~0.5 ms).
    Raises ValueError when the file cannot be read or the two do not fit a probe."""
    try:
        with load_npz(path) as z:
            check_npz_sizes(z, ("entropy", "token_text"), held_itemsize=8)  # the two arrays read, entropy as float64
            raw = z["entropy"]
            T = int(np.asarray(z["token_text"]).shape[0])
        if raw.dtype.kind not in "fiu":
            raise ValueError(f"entropy of dtype {raw.dtype}, not numbers")
        entropy = np.asarray(raw, dtype=np.float64)
        if entropy.ndim != 2 or 0 in entropy.shape or entropy.size > MAX_HEADS or not 0 < T <= MAX_TOKENS:
            raise ValueError(f"entropy of shape {entropy.shape} for {T} tokens")
        # a head's mean entropy over T tokens lies in [0, ln T] (the uniform head's)
        if not (np.isfinite(entropy).all() and entropy.min() >= -1e-6 and entropy.max() <= np.log(T) + 1e-6):
            raise ValueError(f"entropy outside [0, ln {T}] or not finite")
    except _UNREADABLE as exc:
        raise ValueError(f"{Path(path).name}: {type(exc).__name__}: {exc}") from exc
    return entropy, T


def read_watch_sets(path: str | Path) -> dict:
    """Only ``step``, ``watch_ids`` and ``neighbours`` of a probe file (the embedding panel's
    stability history); raises ValueError when the file cannot be read."""
    try:
        with load_npz(path) as z:
            check_npz_sizes(z)
            return {k: z[k] for k in ("step", "watch_ids", "neighbours") if k in z.files}
    except _UNREADABLE as exc:
        raise ValueError(f"{Path(path).name}: {type(exc).__name__}: {exc}") from exc


def list_probes(run_dir: str | Path) -> dict[int, Path]:
    """``{step: path}`` of the run's probe files (``probes/<step>.npz``, each step's one name
    (:func:`~.layout.step_of`); others, ``00002.npz`` beside ``2.npz`` among them, are ignored)."""
    folder = probes_dir(run_dir)
    if not folder.is_dir() or folder.is_symlink():
        return {}
    out = {}
    try:
        entries = list(folder.iterdir())
    except OSError:  # not ours to read
        return {}
    for f in entries:
        step = step_of(f.name)
        if step is not None and not f.is_symlink():
            out[step] = f
    return out


def write_probe(run_dir: str | Path, probe: Probe, embedding: np.ndarray | None = None,
                vocab: tuple[str, ...] | None = None) -> Path:
    """Save ``probe`` as ``probes/<step>.npz`` (compressed) and, when given, the embedding
    (V, d_model) and vocabulary (V,) as ``probes/embedding.npz`` (float16), each written to a
    temporary name and renamed into place.

    Returns
    -------
    The probe file's path.
    """
    folder = run_subdir(run_dir, PROBES_DIR)
    path = folder / step_name(probe.step)
    _write_npz(folder, path, True, probe.arrays())
    if embedding is not None and vocab is not None:
        _write_npz(folder, folder / EMBEDDING_FILE, False, {
            "step": np.int64(probe.step), "embedding": np.asarray(embedding).astype(np.float16),
            "vocab": np.asarray(vocab, dtype=str)})
    return path


def _write_npz(folder: Path, path: Path, compressed: bool, arrays: dict) -> None:
    """``arrays`` to ``path`` through a temporary file of a random name, created exclusively."""
    tmp = unique_temp(folder, f".{path.stem}-", ".tmp")
    try:
        with open(tmp, "wb") as f:
            (np.savez_compressed if compressed else np.savez)(f, **arrays)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def read_embedding(run_dir: str | Path) -> tuple[int, np.ndarray, tuple[str, ...]] | None:
    """The newest probe's embedding: ``(step, embedding (V, d_model) float32, vocab (V,))``,
    or None when the run has none yet.

    Raises
    ------
    ValueError
        The file exists but cannot be read (damaged, wrong shapes).
    """
    path = probes_dir(run_dir) / EMBEDDING_FILE
    if path.is_symlink():
        raise ValueError(f"{EMBEDDING_FILE} is a link, not a file of this run")
    try:
        with load_npz(path) as z:
            check_npz_sizes(z, held_itemsize=4)  # the embedding is held as float32
            step = np.asarray(z["step"])
            if step.shape != ():
                raise ValueError("step is not one number")
            emb = z["embedding"].astype(np.float32)
            vocab = tuple(str(v) for v in z["vocab"])
            if emb.ndim != 2 or 0 in emb.shape or len(vocab) != emb.shape[0]:
                raise ValueError(f"embedding {emb.shape} and its vocabulary of {len(vocab):,} tokens do not match")
    except FileNotFoundError:
        return None
    except _UNREADABLE as exc:
        raise ValueError(f"{EMBEDDING_FILE}: {type(exc).__name__}: {exc}") from exc
    return int(step), emb, vocab


def embedding_mtime(run_dir: str | Path) -> float:
    """Modification time of ``probes/embedding.npz`` (0 when there is none): a follower's
    cheap test for a new embedding."""
    try:
        return (probes_dir(run_dir) / EMBEDDING_FILE).stat().st_mtime
    except OSError:
        return 0.0


def delete_probes_after(run_dir: str | Path, step: int) -> None:
    """Remove the probe files of steps after ``step`` (they belong to an abandoned future when a
    run resumes from the checkpoint at ``step``)."""
    if not probes_dir(run_dir).exists():
        return
    run_subdir(run_dir, PROBES_DIR, create=False)  # UnsafePathError for a linked folder
    for s, f in list_probes(run_dir).items():
        if s > step:
            f.unlink(missing_ok=True)
