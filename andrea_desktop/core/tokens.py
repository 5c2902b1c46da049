"""Token ids as text a person can read, for every place that shows tokens (attention axes and
hover, the embedding table and search, watched tokens, probe files).

A byte-level BPE token (GPT-2's scheme, which :func:`~andrea_desktop.core.data.train_tokenizer`
builds with Hugging Face ``tokenizers``) is a run of *bytes*: one character of ``é`` (two bytes in
UTF-8) or ``🙂`` (four) is often split over several tokens, and decoding each token alone gives
``�``. Here the tokenizer's own byte-level alphabet (``id_to_token``: "Ã" stands for byte 0xC3)
gives each token's bytes, and

* a **sequence** (:func:`token_labels`) is labelled character by character: a character whose
  bytes span several tokens is named in each of them, with "…" on the side where it goes on
  ("é…" then "…é"; "🙂…", "…🙂…", "…🙂");
* a token **on its own** (:func:`vocab_labels`) shows the bytes that do not make a whole
  character as ``\\xc3``;
* control characters are escaped alike (``\\x12``; a space, newline and tab stay);
* a whole text shown as it was read from a run folder (a sample, its prompt, a top word) goes
  through :func:`visible_text`, which marks what would act rather than show: bidirectional
  controls (U+202E turns the rest of a line around), zero-width characters, C0 and C1 controls
  (an ANSI escape's ``ESC``) and line or paragraph separators;
* whole texts (samples, a probe's text) are decoded as a whole (:func:`decode_text`), by the
  tokenizer's own decoder.

Tokenizers that are not byte-level (or special tokens like ``<|endoftext|>``) fall back to the
tokenizer's ``decode`` of the one token.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

__all__ = ["byte_of_char", "decode_text", "load_run_tokenizer", "relabel_probe", "token_bytes", "token_labels",
           "vocab_labels", "visible_name", "visible_text"]

ELLIPSIS = "…"


@lru_cache(maxsize=1)
def byte_of_char() -> dict[str, int]:
    """GPT-2's byte-level alphabet, reversed: the character that stands for each byte -> the byte
    (printable Latin-1 bytes stand for themselves; the others are shifted to U+0100 and up)."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) \
        + list(range(ord("®"), ord("ÿ") + 1))
    chars = keep[:]
    extra = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(keep, chars, strict=True)}


def _special_ids(tokenizer) -> set[int]:
    try:
        return {int(i) for i, t in tokenizer.get_added_tokens_decoder().items() if getattr(t, "special", True)}
    except AttributeError:  # an older tokenizers
        return set()


def token_bytes(tokenizer, ids: Sequence[int]) -> list[bytes | str]:
    """Each token's bytes, or its text (``str``) for a special token or a tokenizer that is not
    byte-level."""
    table = byte_of_char()
    special = _special_ids(tokenizer)
    out: list[bytes | str] = []
    for i in ids:
        i = int(i)
        piece = tokenizer.id_to_token(i)
        if piece is None:
            out.append(f"<{i}>")
        elif i in special or not all(ch in table for ch in piece):
            out.append(tokenizer.decode([i], skip_special_tokens=False))
        else:
            out.append(bytes(table[ch] for ch in piece))
    return out


def _char_len(lead: int) -> int:
    """Length of the UTF-8 sequence a lead byte starts (0: not a lead byte)."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _chars(data: bytes) -> list[tuple[int, int, str | None]]:
    """``data`` cut into UTF-8 characters: ``(start, end, char)``, char None for a byte that does
    not start a valid character (shown as ``\\xNN``)."""
    out, i = [], 0
    while i < len(data):
        n = _char_len(data[i])
        if n and i + n <= len(data):
            try:
                out.append((i, i + n, data[i : i + n].decode("utf-8")))
                i += n
                continue
            except UnicodeDecodeError:
                pass
        out.append((i, i + 1, None))
        i += 1
    return out


def _escape(b: bytes) -> str:
    return "".join(f"\\x{x:02x}" for x in b)


def _mark(ch: str) -> str:
    """The visible mark of one character: ``\\x1b`` below U+0100, else ``\\u{202e}``."""
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{{{ord(ch):04x}}}"


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories that act on the text around them or show nothing: controls (C0, C1), format
characters (bidirectional controls, zero-width space and joiners, the byte-order mark),
surrogates, line and paragraph separators."""


def visible_text(text: str, keep: str = "\n\t") -> str:
    """``text`` with every character that would act rather than show (:data:`_HIDDEN`: a
    bidirectional override such as U+202E, a zero-width character, a C0 or C1 control such as an
    ANSI escape's ``ESC``, a line separator) replaced by a visible mark, ``\\x1b`` or
    ``\\u{202e}``; the characters of ``keep`` (newline and tab: where the view shows them as
    such) and everything else stay. Every text or token read from a run folder is shown through
    here, so a crafted sample cannot reorder or hide what the panels show.

    Parameters
    ----------
    text
        The text as stored.
    keep
        Controls to leave as they are ("" where the view shows one line).

    Returns
    -------
    The text to show (as long as ``text`` or longer).
    """
    if text.isprintable():  # the common case: nothing to mark
        return text
    return _hidden_pattern(keep).sub(lambda m: _mark(m[0]), text)


def visible_name(name: object) -> str:
    """A run folder's name or path (or a run's address, a parent's name) as the window shows it
    on one line: :func:`visible_text` with nothing kept, so a bidi override, a zero-width
    character or an ANSI escape in a folder name is shown as a mark (docs/run-folder.md)."""
    return visible_text(str(name), "")


@lru_cache(maxsize=8)
def _hidden_pattern(keep: str) -> re.Pattern:
    """A regex of one character of :data:`_HIDDEN` not in ``keep``: a 10 MB sample is searched at
    the regex engine's speed (~0.4 s), not Python's per character."""
    ranges: list[list[int]] = []
    for c in _hidden_codepoints():
        if chr(c) in keep:
            continue
        if ranges and ranges[-1][1] == c - 1:
            ranges[-1][1] = c
        else:
            ranges.append([c, c])
    return re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in ranges) + "]")


@lru_cache(maxsize=1)
def _hidden_codepoints() -> tuple[int, ...]:
    """Every character of :data:`_HIDDEN`, ascending, from the planes that hold them, scanned once
    (~50 ms): the basic plane, plane 1 and plane 14 (tags); the others hold letters and private
    use only."""
    return tuple(c for lo, hi in ((0, 0xFFFF), (0x10000, 0x1FFFF), (0xE0000, 0xE0FFF))
                 for c in range(lo, hi + 1) if unicodedata.category(chr(c)) in _HIDDEN)


def _show(ch: str) -> str:
    """A character as shown: itself, or an escape for a control or other unprintable character
    (a space, newline and tab stay: panels show them as they choose)."""
    if ch.isprintable() or ch in " \n\t":
        return ch
    return _mark(ch)


def token_labels(tokenizer, ids: Sequence[int]) -> list[str]:
    """One readable label per token of a *sequence* (a probe text): the characters each token
    holds, a character split across tokens named in each of them with "…" where it goes on
    ("caf", "é…", "…é"), a byte that is not part of any character as ``\\xNN``.

    A control character is escaped too (``\\x12``). Joined, the labels of tokens that split no
    character give the text back (save such escapes).
    """
    pieces = token_bytes(tokenizer, ids)
    labels = [""] * len(pieces)
    # runs of byte-level tokens are labelled together; a special token is its own text
    run: list[int] = []

    def flush() -> None:
        if not run:
            return
        data = b"".join(pieces[k] for k in run)  # type: ignore[misc]
        bounds, pos = [], 0
        for k in run:
            bounds.append((pos, pos + len(pieces[k])))
            pos += len(pieces[k])
        for start, end, ch in _chars(data):
            for k, (a, b) in zip(run, bounds, strict=True):
                if b <= start or a >= end:
                    continue
                if ch is None:
                    labels[k] += _escape(data[start:end])
                else:
                    labels[k] += (ELLIPSIS if start < a else "") + _show(ch) + (ELLIPSIS if end > b else "")
        run.clear()

    for k, p in enumerate(pieces):
        if isinstance(p, str):
            flush()
            labels[k] = p
        else:
            run.append(k)
    flush()
    return labels


def vocab_labels(tokenizer, vocab_size: int) -> tuple[str, ...]:
    """Every token id's label on its own (the embedding table, search and watch list): whole
    characters as themselves, bytes that make no whole character as ``\\xNN`` ("\\xc3",
    " caf\\xc3"), so no two byte fragments look alike."""
    out = []
    for p in token_bytes(tokenizer, range(vocab_size)):
        out.append(p if isinstance(p, str) else
                   "".join(_show(ch) if ch is not None else _escape(p[s:e]) for s, e, ch in _chars(p)))
    return tuple(out)



def decode_text(tokenizer, ids: Sequence[int]) -> str:
    """A sequence decoded as a whole by the tokenizer's own decoder (characters split across
    tokens come out whole; only bytes that make no character at all become "�")."""
    return tokenizer.decode([int(i) for i in ids], skip_special_tokens=False)


def load_run_tokenizer(path: str | Path) -> Tokenizer | None:
    """The ``tokenizers.Tokenizer`` saved at ``path`` (a run's ``tokenizer.json``), or None when
    it is missing, a link, larger than 64 MiB or unreadable (a run folder is untrusted input)."""
    path = Path(path)
    try:
        if path.is_symlink() or not path.is_file() or os.path.getsize(path) > 64 * 2**20:
            return None
        from .data import parse_tokenizer

        return parse_tokenizer(path.read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001 - any unreadable tokenizer means: keep the stored labels
        return None


def relabel_probe(probe: dict, tokenizer: Tokenizer | None) -> dict:
    """A probe file of an earlier version, labelled again from its token ids.

    Earlier versions stored each token decoded on its own, so a character split across tokens
    became "\ufffd" in the attention axes and hover, and kept no decoded ``text``. When the probe
    has its ids (``tokens``, shape (T,), one per ``token_text``) and ``tokenizer`` knows them, the
    labels are made again by :func:`token_labels` and ``text`` / ``source_text`` by
    :func:`decode_text`; any other probe (a current one, or one without usable ids) is returned
    unchanged. Returns a new dict; ``probe`` is not modified.
    """
    if tokenizer is None or "text" in probe or "tokens" not in probe:
        return probe
    ids = np.asarray(probe["tokens"]).reshape(-1)
    T = len(np.asarray(probe["token_text"]).reshape(-1))
    if len(ids) != T or T == 0 or ids.dtype.kind not in "iu":
        return probe
    vocab = tokenizer.get_vocab_size(with_added_tokens=True)
    if ids.min() < 0 or ids.max() >= vocab:
        return probe
    out = dict(probe)
    out["token_text"] = np.asarray(token_labels(tokenizer, ids.tolist()))
    text = decode_text(tokenizer, ids.tolist())
    out["text"] = out["source_text"] = np.asarray(text)
    out["text_tokens"] = np.int64(T)
    return out
