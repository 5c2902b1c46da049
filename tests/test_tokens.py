"""Token ids as readable text: characters split across byte-level BPE tokens,
probe files that keep the probe text as typed and say when it was cut, and the row counts logged
once per step (item 6)."""

import numpy as np
import pytest
from conftest import tiny_config, train_run

from andrea_desktop.core.config import DataConfig
from andrea_desktop.core.data import load_sources, train_tokenizer
from andrea_desktop.core.rundir.probes import list_probes, probe_texts, read_probe
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.tokens import (
    byte_of_char,
    decode_text,
    token_bytes,
    token_labels,
    vocab_labels,
)

ACCENTS = "Seán wrote café code: naïve über λ"
EMOJI = "🙂🚀"
LONG = ("Seán wrote café code: naïve über λ 🙂🚀 " * 40)[:1480]


@pytest.fixture(scope="module")
def tok():
    return train_tokenizer(load_sources(DataConfig(max_bytes_per_source=30_000)), 400)


def _joined(labels):
    """Labels joined, a split character counted once ("é…" + "…é" -> "é")."""
    out = []
    for lab in labels:
        core = lab[1:] if lab.startswith("…") else lab
        if lab.startswith("…"):  # the rest of the character the previous label began
            core = core[1:]
        out.append(core[:-1] if core.endswith("…") else core)
    return "".join(out)


def test_the_byte_alphabet_is_the_tokenizers_own(tok):
    from tokenizers import pre_tokenizers

    assert set(byte_of_char()) == set(pre_tokenizers.ByteLevel.alphabet()) and len(byte_of_char()) == 256
    for i in range(tok.get_vocab_size()):  # every token's bytes decode as the tokenizer decodes them
        b = token_bytes(tok, [i])[0]
        assert b.decode("utf-8", "replace") == tok.decode([i]) if isinstance(b, bytes) else b == "<|endoftext|>"


@pytest.mark.parametrize("text", [ACCENTS, EMOJI])
def test_a_sequence_labels_split_characters_readably(tok, text):
    ids = tok.encode(text).ids
    per_token = [tok.decode([i]) for i in ids]
    assert "\ufffd" in "".join(per_token)  # decoded a token at a time: the bug
    labels = token_labels(tok, ids)
    assert len(labels) == len(ids) and not any("\ufffd" in lab for lab in labels)
    assert decode_text(tok, ids) == text  # a sequence decoded as a whole
    assert _joined(labels) == text
    for ch in {c for c in text if len(c.encode()) > 1}:  # every split character is named where it starts
        if not any(lab == ch or ch in lab.strip("…") for lab in labels if not lab.startswith("…")):
            pytest.fail(f"{ch!r} not shown in {labels}")
    if text == EMOJI:
        assert labels[0] == "🙂…" and labels[-1] == "…🚀"


def test_a_token_on_its_own_shows_partial_bytes_as_escapes(tok):
    labels = vocab_labels(tok, tok.get_vocab_size())
    assert not any("\ufffd" in lab for lab in labels)
    assert len(set(labels)) == len(labels)  # byte fragments no longer look alike
    c3 = tok.token_to_id("Ã")  # byte 0xC3, the first half of é, ï, ü
    assert labels[c3] == "\\xc3"
    assert labels[tok.token_to_id("Ġthe")] == " the" and labels[0] == "<|endoftext|>"
    # control characters are escaped, not drawn as empty boxes
    assert all(lab.replace(" ", "").replace("\n", "").replace("\t", "").isprintable() for lab in labels)
    assert labels[tok.token_to_id("Ē")] == "\\x12"  # byte 0x12 stands for itself, escaped


def test_probe_files_keep_the_text_and_say_it_was_cut(tmp_path):
    cfg = tiny_config(probe={"interval": 2, "sample_interval": 1000, "text": LONG, "watch": ("the",)})
    train_run(tmp_path / "run", cfg, 2)
    p = read_probe(list_probes(tmp_path / "run")[2])
    text, source, n = probe_texts(p)
    T = p["attention"].shape[-1]
    assert T == cfg.model.block_size == 32 and n > T  # cut to the context length, and it says so
    assert source == LONG  # the text asked for, never rewritten
    assert LONG.startswith(text) and "\ufffd" not in text and len(text) < len(LONG)
    assert not any("\ufffd" in str(t) for t in p["token_text"])
    with np.load(tmp_path / "run" / "probes" / "embedding.npz") as z:
        assert not any("\ufffd" in str(v) for v in z["vocab"])


def test_a_probe_file_of_an_earlier_version_still_reads():
    old = {"token_text": np.array(["he", "llo"])}
    assert probe_texts(old) == ("hello", "hello", 2)


@pytest.mark.parametrize("steps, expected", [(20, [10, 20]), (13, [10, 13])])
def test_row_counts_are_logged_once_per_step(tmp_path, steps, expected):
    trainer, _ = train_run(tmp_path / "run", tiny_config(probe={"enabled": False}), steps)
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    for name in trainer.source_names:
        s, _v = reader.scalars(f"mix/count/{name}")
        assert list(s) == expected, name  # not [10, 20, 20]
    reader.close()


def test_visible_text_marks_what_would_act_rather_than_show():
    from andrea_desktop.core.tokens import visible_text

    crafted = "safe\u202etxt.exe\u200b\u2066x\u2069\x1b[31mred\x1b[0m\x85\u2028\ufeff"
    shown = visible_text(crafted)
    assert shown == ("safe\\u{202e}txt.exe\\u{200b}\\u{2066}x\\u{2069}\\x1b[31mred\\x1b[0m\\x85\\u{2028}\\u{feff}")
    assert all(ch.isprintable() for ch in shown)
    # newline and tab stay where the view shows them, and are marked where it shows one line
    assert visible_text("a\nb\tc") == "a\nb\tc" and visible_text("a\nb\tc", keep="") == "a\\x0ab\\x09c"
    # what shows stays as it is: any script, accents, emoji, a no-break space
    for text in ("naïve café", "東京 — Москва", "🙂 ok", "a\u00a0b", "e\u0301"):
        assert visible_text(text) == text
