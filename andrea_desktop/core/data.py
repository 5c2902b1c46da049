"""Tokenizer training and tokenised datasets.

A byte-level BPE tokenizer (the ``tokenizers`` library, GPT-2's byte-level pre-tokenizer) is
trained to the preset's vocabulary size on all sources. Each source is tokenised once into a
``uint16`` memory-mapped array; its tail (``data.val_fraction``) is held out for validation.
Both are cached by content hash, so a second run on the same corpus starts in seconds.

The corpus fingerprint is the SHA-256 of every source's name and token arrays; ``config.toml``
records it, and a run whose data no longer matches is refused (docs/design.md#data).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import tokenizers
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

from .config import DataConfig
from .corpus import (
    CorpusError,
    ProgressFn,
    Source,
    build_embedded_corpus,
    cache_dir,
    read_user_source,
)
from .small_files import read_small, temp_file, write_atomic

__all__ = [
    "EOT",
    "parse_tokenizer",
    "DataError",
    "TokenizedSource",
    "Dataset",
    "load_sources",
    "train_tokenizer",
    "tokenize_sources",
    "check_vocab",
    "CorpusError",
]

log = logging.getLogger(__name__)

EOT = "<|endoftext|>"


def parse_tokenizer(text: str) -> Tokenizer:
    """A ``tokenizers.Tokenizer`` from the text of a ``tokenizer.json`` (a run's, a cached one or
    an ``--init-from`` folder's: untrusted input), with its padding and truncation switched off.

    ANDREA encodes documents whole and cuts rows itself, so a tokenizer never pads or truncates
    here; a file that asks for it (Hugging Face saves batching settings in it, or someone edited
    it: ``"padding": {"strategy": {"Fixed": 3000000}}`` would make every document three million
    tokens and abort the process when it allocates them) is read without those settings.

    Raises
    ------
    Exception
        The ``tokenizers`` library's own (a plain ``Exception``) for text that is no tokenizer.
    """
    tok = Tokenizer.from_str(text)
    tok.no_padding()
    tok.no_truncation()
    return tok
"""Special token between documents."""

MAX_WORD_CHARS = 64
"""Pre-tokenized pieces are cut to this length: BPE training time grows with the square of a
piece's length, so one long run of letters (a base64 blob) would stall it for minutes."""

TOKENIZER_TRAIN_BYTES = 4_000_000
"""Text per source the tokenizer is trained on (all of it is tokenised)."""


class DataError(ValueError):
    """The data of a run cannot be prepared or does not match the run."""


@dataclass
class TokenizedSource:
    """A source as token ids.

    Attributes
    ----------
    name
        Source name.
    train, val
        (N_train,) and (N_val,) uint16 token ids (memory-mapped); val is the held-out tail.
    n_bytes, n_documents
        Size of the text the ids came from.
    files
        Files the text came from.
    """

    name: str
    train: np.ndarray
    val: np.ndarray
    n_bytes: int = 0
    n_documents: int = 0
    files: tuple[str, ...] = field(default_factory=tuple)


@dataclass
class Dataset:
    """Tokenised sources, the tokenizer, and the corpus fingerprint."""

    sources: list[TokenizedSource]
    tokenizer: Tokenizer
    fingerprint: str

    @property
    def names(self) -> list[str]:
        """Source names, in order."""
        return [s.name for s in self.sources]

    def manifest(self) -> list[dict]:
        """Per source: name, files, bytes, documents and tokens (train / val)."""
        return [
            {"name": s.name, "files": list(s.files), "bytes": s.n_bytes, "documents": s.n_documents,
             "train_tokens": int(len(s.train)), "val_tokens": int(len(s.val))}
            for s in self.sources
        ]


def load_sources(cfg: DataConfig, progress: ProgressFn | None = None) -> list[Source]:
    """The embedded sources (if enabled) followed by the user sources of ``cfg``.

    Raises
    ------
    CorpusError
        A user source has no usable text, or a user source reuses an embedded source's name.
    """
    sources = build_embedded_corpus(cfg.max_bytes_per_source, progress) if cfg.embedded else []
    names = {s.name for s in sources}
    for spec in cfg.sources:
        if spec.name in names:
            raise CorpusError(f"source {spec.name!r}: the name is already taken by an embedded source")
        sources.append(read_user_source(spec))
    return sources


def _hash(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()


def train_tokenizer(
    sources: list[Source], vocab_size: int, progress: ProgressFn | None = None
) -> Tokenizer:
    """Train (or fetch from the cache) a byte-level BPE tokenizer on all sources.

    Parameters
    ----------
    sources
        Training text.
    vocab_size
        Target size; the result can be smaller on a small corpus (``get_vocab_size()``).

    Notes
    -----
    Byte-level BPE (Sennrich et al., 2016; the byte-level variant of GPT-2, Radford et al., 2019)
    as implemented by the Hugging Face ``tokenizers`` library; ``<|endoftext|>`` is id 0.
    """
    key = _hash("bpe-v2", tokenizers.__version__, str(vocab_size), *(s.sha256() for s in sources))
    path = cache_dir() / "tokenizers" / f"{key[:32]}.json"
    if path.exists():
        try:
            return parse_tokenizer(read_small(path, 64 * 2**20).decode("utf-8"))
        except Exception as exc:  # a corrupt (or linked, or oversized) cache entry is rebuilt  # noqa: BLE001
            log.warning("ignoring unreadable cached tokenizer %s: %s", path, exc)
    if progress:
        progress("Training tokenizer", 0, 0)
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.ByteLevel(add_prefix_space=False),
        pre_tokenizers.Split(Regex(f".{{1,{MAX_WORD_CHARS}}}"), behavior="isolated"),
    ])
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=[EOT],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )

    def docs():
        for s in sources:
            used = 0
            for d in s.documents:
                if used >= TOKENIZER_TRAIN_BYTES:
                    break
                for piece in split_document(d[: TOKENIZER_TRAIN_BYTES - used]):
                    if progress:  # a cancel raises here, inside the tokenizer's training
                        progress("Training tokenizer", 0, 0)
                    yield piece
                used += len(d)

    tok.train_from_iterator(docs(), trainer)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_file(path.parent, f".{path.name}-")  # a random name, created exclusively
    try:
        tok.save(str(tmp))
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    if progress:
        progress("Training tokenizer", 1, 1)
    return tok


PIECE_CHARS = 1 << 17
"""Longest text handed to the tokenizer in one piece: a long document is cut at safe
boundaries (:func:`split_document`) so a cancel is noticed between pieces, within a second."""


def _safe_cut(text: str, i: int) -> bool:
    r"""Whether cutting ``text`` before index ``i`` leaves GPT-2's pre-tokenisation unchanged:
    before a space between two non-spaces (`` ?\p{L}+`` starts at that space), or after a
    newline between two non-spaces (the newline is a pre-token of its own)."""
    if not 2 <= i < len(text) - 1:
        return False
    a, b, c = text[i - 2], text[i - 1], text[i]
    if c == " ":
        return not b.isspace() and not text[i + 1].isspace()
    return b == "\n" and not a.isspace() and not c.isspace()


def split_document(text: str, piece_chars: int = PIECE_CHARS) -> list[str]:
    """Cut ``text`` into pieces of about ``piece_chars`` characters at boundaries where the
    byte-level BPE pre-tokeniser splits anyway, so the pieces' tokens, concatenated, are the
    document's tokens (``tests/test_cancel.py`` checks it). A stretch without such a boundary
    (one giant word) stays whole.
    """
    if len(text) <= piece_chars:
        return [text]
    pieces, start = [], 0
    while len(text) - start > piece_chars:
        cut = start + piece_chars
        while cut < len(text) - 1 and not _safe_cut(text, cut):
            cut += 1
        if cut >= len(text) - 1:
            break
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return pieces


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fingerprint(tsources: list[TokenizedSource]) -> str:
    h = hashlib.sha256()
    for s in tsources:
        h.update(s.name.encode() + b"\0")
        h.update(np.ascontiguousarray(s.train).tobytes())
        h.update(b"\0")
        h.update(np.ascontiguousarray(s.val).tobytes())
    return h.hexdigest()


def tokenize_sources(
    sources: list[Source],
    tok: Tokenizer,
    val_fraction: float,
    min_tokens: int,
    progress: ProgressFn | None = None,
) -> Dataset:
    """Tokenise every source into cached ``uint16`` arrays with a held-out tail.

    Parameters
    ----------
    sources
        Text sources.
    tok
        Trained tokenizer (``get_vocab_size() <= 65535``).
    val_fraction
        Share of each source's tokens held out (the tail).
    min_tokens
        Fewest tokens each split needs (block_size + 1: one training row).

    Raises
    ------
    DataError
        A source is too small for one training row and one validation row.
    """
    vocab = tok.get_vocab_size()
    if vocab > 65535:
        raise DataError(f"vocabulary of {vocab} does not fit uint16 token ids")
    eot = tok.token_to_id(EOT)
    if eot is None:
        raise DataError(f"the tokenizer has no {EOT} token: it was not made by ANDREA Desktop")
    tok_hash = _hash(tok.to_str())
    folder = cache_dir() / "tokens" / tok_hash[:32]
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for src in sources:
        stem = folder / _hash(src.sha256(), str(val_fraction))[:32]
        bin_path, meta_path = stem.with_suffix(".bin"), stem.with_suffix(".json")
        n_total = None
        if bin_path.exists() and meta_path.exists():
            try:  # a cached array is used only if it is exactly what was written
                meta = json.loads(meta_path.read_text())
                n_total = int(meta["tokens"])
                if bin_path.stat().st_size != 2 * n_total or _file_sha256(bin_path) != meta["sha256"]:
                    log.warning("token cache %s is damaged: tokenising %s again", bin_path, src.name)
                    n_total = None
            except (OSError, ValueError, KeyError, TypeError):
                n_total = None
        if n_total is None:
            ids: list[np.ndarray] = []
            # (document index, piece): pieces of a long document are encoded in separate calls
            # and its end-of-text id follows its last piece
            pieces = [(i, p) for i, d in enumerate(src.documents) for p in split_document(d)]
            last = {i: k for k, (i, _) in enumerate(pieces)}
            batch_chars = chars_done = 0
            total_chars = sum(len(p) for _, p in pieces)
            start = 0
            for k in range(len(pieces) + 1):
                if k < len(pieces) and batch_chars + len(pieces[k][1]) <= 4 * PIECE_CHARS and k - start < 256:
                    batch_chars += len(pieces[k][1])
                    continue
                if progress:  # characters done of the source's characters (a cancel raises here)
                    progress(f"Tokenising {src.name}", chars_done, total_chars)
                chars_done += sum(len(p) for _, p in pieces[start:k])
                for j, enc in enumerate(tok.encode_batch([p for _, p in pieces[start:k]]), start):
                    ids.append(np.asarray(enc.ids, dtype=np.uint16))
                    if last[pieces[j][0]] == j:
                        ids.append(np.asarray([eot], dtype=np.uint16))
                start = k
                batch_chars = len(pieces[k][1]) if k < len(pieces) else 0
            arr = np.concatenate(ids) if ids else np.zeros(0, np.uint16)
            if len(arr) and int(arr.max()) >= vocab:
                raise DataError(f"tokenising {src.name} gave ids beyond the vocabulary")  # pragma: no cover
            tmp = temp_file(bin_path.parent, f".{bin_path.name}-")  # a random name, created exclusively
            try:
                arr.tofile(tmp)
                tmp.replace(bin_path)
            finally:
                tmp.unlink(missing_ok=True)
            write_atomic(meta_path, json.dumps({"name": src.name, "tokens": int(len(arr)),
                                                "sha256": _file_sha256(bin_path)}))
            n_total = len(arr)
        if progress:
            progress(f"Tokenising {src.name}", 1, 1)
        mm = np.memmap(bin_path, dtype=np.uint16, mode="r", shape=(n_total,)) if n_total else np.zeros(0, np.uint16)
        n_val = int(round(n_total * val_fraction))
        n_val = max(n_val, min_tokens)
        if n_total - n_val < min_tokens:
            raise DataError(
                f"source {src.name!r} has {n_total} tokens: too few for one training row and one "
                f"validation row of {min_tokens} tokens; add text or shorten model.block_size"
            )
        out.append(
            TokenizedSource(src.name, mm[: n_total - n_val], mm[n_total - n_val :],
                            src.n_bytes, len(src.documents), src.files)
        )
    return Dataset(out, tok, _fingerprint(out))


def check_vocab(tok: Tokenizer, model_vocab_size: int) -> None:
    """Refuse a model whose embedding does not match the tokenizer.

    Raises
    ------
    DataError
        ``model_vocab_size != tok.get_vocab_size()``.
    """
    if tok.get_vocab_size() != model_vocab_size:
        raise DataError(
            f"model.vocab_size = {model_vocab_size} but the tokenizer has "
            f"{tok.get_vocab_size()} tokens; the run's tokenizer.json does not belong to it"
        )

