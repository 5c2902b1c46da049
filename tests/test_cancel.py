"""Every long preparation step notices a cancel within about a second, whatever the input's
shape: one huge ``.txt`` document is tokenised in pieces, and the pieces'
tokens are the document's tokens."""

from __future__ import annotations

import random

import numpy as np
import pytest

from andrea_desktop.core.corpus import Source
from andrea_desktop.core.data import PIECE_CHARS, split_document, tokenize_sources, train_tokenizer

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


def test_one_huge_txt_document_is_tokenised_in_bounded_calls_and_cancels(tokenizer):
    """A 3 MB one-document source: no single encode call gets more than a few pieces, the
    progress callback (where a cancel raises) runs before each, and a cancel stops it early."""
    doc = _text(600_000, 7)
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


def test_tokenising_in_pieces_gives_the_same_array_as_one_call(tokenizer):
    doc = _text(200_000, 3)
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
