"""Panels before their data: the attention and embedding panels say when the first probe comes
(the step, from the run's config) or that probes are off, on their own and in a new window."""

from __future__ import annotations

import numpy as np
from conftest import tiny_config

from andrea_desktop.core.config import Config, ProbeConfig
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel


def test_attention_says_when_the_first_probe_comes(qtbot):
    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    panel.model.set_config(Config(probe=ProbeConfig(interval=250)))
    assert panel.empty_label.isVisible() and not panel.split.isVisible()
    assert "first probe (step 250)" in panel.empty_label.text()
    T = 4
    att = np.tril(np.ones((1, 2, T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    zeros = np.zeros((1, 2), np.float32)
    probe = {"step": 250, "attention": att, "token_text": np.array(["a", "b", "c", "d"]),
             "roles": np.full((1, 2), "", dtype="<U16"), "entropy": zeros, "previous_token": zeros,
             "sink": zeros, "induction": zeros, "text": "abcd"}
    panel.model.add_probe(probe)
    assert panel.probe is not None and panel.split.isVisible() and not panel.empty_label.isVisible()
    panel.set_model(RunModel())
    assert panel.empty_label.isVisible()
    panel.model.set_config(Config(probe=ProbeConfig(enabled=False)))
    assert "off" in panel.empty_label.text()


def test_the_window_opens_with_empty_states_from_the_config(make_window):
    w = make_window(tiny_config(probe={"interval": 40}))
    w.attention_dock.raise_()
    assert "first probe (step 40)" in w.attention_panel.empty_label.text()
    assert w.attention_panel.empty_label.isVisible() and not w.attention_panel.grid.isVisible()
    assert "first probe (step 40)" in w.embedding_panel.status.text()
