"""Every long preparation step notices a cancel within about a second, whatever the input's
shape: one huge ``.txt`` document is tokenised in pieces, and the pieces'
tokens are the document's tokens."""

from __future__ import annotations

import random

import numpy as np
import pytest

from andrea_desktop.core.corpus import Source
from andrea_desktop.core.data import split_document, tokenize_sources, train_tokenizer

WORDS = ["the", "model", "  indented", "\n", "\n\n", " \n", "\t", "'s", "3.14", "λόγος", "naïve", "x=1;",
         "  ", "\u00a0", "—", "emoji 🙂", "'ll", "\r\n", "abc" * 30]


def _text(n_words: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(WORDS) + rng.choice([" ", "", "\n", "  "]) for _ in range(n_words))


@pytest.fixture(scope="module")
def tokenizer():
    return train_tokenizer([Source("t", (_text(20000, 1),), ())], 400)


@pytest.mark.parametrize("piece_chars", [40, 97, 1000])
def test_a_document_cut_into_pieces_tokenises_to_the_same_ids(tokenizer, piece_chars):
    text = _text(6000, seed=piece_chars)
    pieces = split_document(text, piece_chars)
    assert len(pieces) > 3 and "".join(pieces) == text
    joined = [i for enc in tokenizer.encode_batch(pieces) for i in enc.ids]
    assert joined == tokenizer.encode(text).ids


def test_a_giant_word_stays_whole():
    text = "a" * 5000
    assert split_document(text, 100) == [text]


SMALL_PIECE_CHARS = 1 << 12


@pytest.fixture
def small_pieces(monkeypatch):
    """Documents cut into pieces of 4 KiB, not 128 KiB, and encode calls of 16 KiB: the same cuts,
    calls and joins on texts 32 times smaller (split_document's cuts are tested at several sizes
    above). Returns the piece size."""
    from andrea_desktop.core import data

    split = data.split_document
    monkeypatch.setattr(data, "PIECE_CHARS", SMALL_PIECE_CHARS)
    monkeypatch.setattr(data, "split_document", lambda text, piece_chars=SMALL_PIECE_CHARS: split(text, piece_chars))
    return SMALL_PIECE_CHARS


class _CountingTokenizer:
    """The real tokenizer, recording how much text each encode call gets."""

    def __init__(self, tok):
        self.tok, self.calls = tok, []

    def encode_batch(self, texts):
        self.calls.append(sum(len(t) for t in texts))
        return self.tok.encode_batch(texts)

    def __getattr__(self, name):
        return getattr(self.tok, name)


class _Cancel(Exception):
    pass


def test_one_huge_txt_document_is_tokenised_in_bounded_calls_and_cancels(tokenizer, small_pieces):
    """A one-document source of over 20 pieces (at 128 KiB pieces: 3 MB): no single encode call
    gets more than a few pieces, the progress callback (where a cancel raises) runs before each, and
    a cancel stops it early."""
    from andrea_desktop.core.data import PIECE_CHARS

    assert PIECE_CHARS == small_pieces
    doc = _text(20 * small_pieces // 5, 7)  # ~9 characters a word
    assert len(doc) > 20 * PIECE_CHARS
    tok = _CountingTokenizer(tokenizer)
    seen = []

    def progress(stage, done, total):
        seen.append(stage)
        if len(tok.calls) == 3:
            raise _Cancel

    with pytest.raises(_Cancel):
        tokenize_sources([Source("big", (doc,), ())], tok, 0.1, 9, progress)
    assert len(tok.calls) == 3
    assert max(tok.calls) <= 5 * PIECE_CHARS


def test_tokenising_in_pieces_gives_the_same_array_as_one_call(tokenizer, small_pieces):
    doc = _text(200_000 // 32, 3)  # 13 pieces in 4 calls (200,000 words at 128 KiB pieces: 14 in 4)
    assert len(split_document(doc, small_pieces)) > 8
    ds = tokenize_sources([Source("big", (doc, "second doc"), ())], tokenizer, 0.1, 9)
    eot = tokenizer.token_to_id("<|endoftext|>")
    want = np.array(tokenizer.encode(doc).ids + [eot] + tokenizer.encode("second doc").ids + [eot], np.uint16)
    got = np.concatenate([ds.sources[0].train, ds.sources[0].val])
    assert np.array_equal(got, want)


def test_training_the_tokenizer_on_one_huge_document_cancels(tmp_path):
    calls = []

    def progress(stage, done, total):
        calls.append(stage)
        if len(calls) == 4:
            raise _Cancel

    with pytest.raises(_Cancel):
        train_tokenizer([Source("big", (_text(400_000, 9),), ())], 500, progress)
    assert len(calls) == 4
