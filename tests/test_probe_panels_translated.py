"""The attention and embedding panels, the attention grid and the vocabulary map in Indonesian and
Dutch: every text of theirs translated with its placeholders kept, the panels'
texts coming through the translator, English unchanged."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from conftest import TS_DIR, lrelease_path, placeholder_fields, ts_messages
from PySide6.QtCore import QTranslator

from andrea_desktop.core.config import Config, ProbeConfig
from andrea_desktop.core.rundir.layout import EMBEDDING_FILE, PROBES_DIR
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.core.viewmodels.sources import ProbeFiles
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel, empty_text
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel, waiting_text

PANEL_CONTEXTS = ("QtAttentionPanel", "QtAttentionGrid", "QtEmbeddingPanel", "QtVocabularyMap")
KEPT = {"cosine similarity", "layer 0 · head 0"}
"""Texts whose translation is the English term itself (in Indonesian, "layer" and "head" too)."""


def _probe(T=6, L=2, H=2, step=1200):
    g = np.random.default_rng(T)
    att = g.random((L, H, T, T)).astype(np.float32) * np.tril(np.ones((T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    tokens = [f"t{i}" for i in range(T)]
    stats = {k: g.random((L, H)).astype(np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(step), "tokens": np.arange(T), "attention": att.astype(np.float16),
            "token_text": np.asarray(tokens), "roles": np.full((L, H), "", dtype="<U16"), "text": "".join(tokens),
            "source_text": "".join(tokens), "text_tokens": T, **stats}


def _texts(qtbot) -> list[str]:
    """Texts the two panels show (labels, placeholders, combo items, titles, hovers, statuses)."""
    att = QtAttentionPanel()
    qtbot.addWidget(att)
    out = [empty_text(None), empty_text(ProbeConfig()), empty_text(ProbeConfig(enabled=False)),
           att.step_label.text(), att.text_edit.placeholderText(), att.grid.toolTip(),
           *(att.sort_combo.itemText(i) for i in range(att.sort_combo.count()))]
    att.model.add_probe(_probe())
    out += [att.step_label.text(), att.head_title.text(), att.head_stats.text(), att.legend_label.text(),
            att.hover_text(3, 1), att.hover_text(1, 3)]
    emb = QtEmbeddingPanel()
    qtbot.addWidget(emb)
    out += [waiting_text(ProbeConfig()), emb.search.placeholderText(), emb.watch_button.text(),
            emb.pca_plot.getPlotItem().titleLabel.text,
            *(emb.metric_combo.itemText(i) for i in range(emb.metric_combo.count()))]
    vocab = [" the", "the", " of"] + [f"w{i}" for i in range(40)]
    emb.model.set_embedding(1200, np.random.default_rng(0).normal(size=(len(vocab), 8)).astype(np.float32), vocab)
    emb.set_map_mode(True)
    out += [emb.status.text(), emb.search.placeholderText(), emb.vocab_map.status.text(),
            emb.vocab_map.plot.getPlotItem().titleLabel.text, emb.vocab_map.method_combo.toolTip()]
    return out


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_text_of_the_probe_panels_is_translated(lang):
    messages = {k: t for k, t in ts_messages(lang).items() if k[0] in PANEL_CONTEXTS}
    assert len(messages) >= 70
    unfinished = [f"{c}: {s!r}" for (c, s), t in messages.items() if not t]
    assert not unfinished, "\n".join(unfinished)
    placeholders = [(c, s) for (c, s), t in messages.items() if sorted(placeholder_fields(s)) != sorted(placeholder_fields(t))]
    assert not placeholders, placeholders


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_probe_panels_speak_the_language_and_english_stays(qtbot, qapp, tmp_path, lang):
    english = _texts(qtbot)
    assert english[1].startswith("Attention appears at the first probe (step 100): every layer's")
    assert "layer 0 · head 0" in english
    qm = tmp_path / f"andrea_{lang}.qm"
    subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{lang}.ts"), "-qm", str(qm)], check=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    qapp.installTranslator(translator)
    try:
        translated = _texts(qtbot)
    finally:
        qapp.removeTranslator(translator)
    assert _texts(qtbot) == english  # nothing cached in the other language
    same = [e for e, t in zip(english, translated, strict=True)
            if e == t and any(c.isalpha() for c in e) and e not in KEPT]
    assert not same, same
    assert not [t for t in translated if "{" in t], translated  # every placeholder filled


def test_unreadable_embedding_file_stays_said_until_the_next_probe(qtbot, tmp_path):
    (tmp_path / PROBES_DIR).mkdir()
    np.savez(tmp_path / PROBES_DIR / EMBEDDING_FILE, step=np.int64(3), embedding=np.zeros((5, 3), np.float16),
             vocab=np.asarray([f"v{i}" for i in range(4)]))  # vocabulary and matrix disagree: refused
    panel = QtEmbeddingPanel()
    qtbot.addWidget(panel)
    model = RunModel(tmp_path)
    ProbeFiles(tmp_path).read_into(model)  # the reopen source reads the run's probe files
    panel.set_model(model)
    said = f"The run's {PROBES_DIR}/{EMBEDDING_FILE} cannot be read; the next probe replaces it."
    assert panel.status.text() == said
    panel.model.set_config(Config(probe=ProbeConfig()))  # the run's settings come after: the error stays
    assert panel.status.text() == said
    panel.set_model(RunModel())
    panel.model.set_config(Config(probe=ProbeConfig()))
    assert panel.status.text() == waiting_text(ProbeConfig())
