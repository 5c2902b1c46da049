"""No text of ours clipped in the window: every dock, the status bar and the tool bars of a
trained run at 1280 x 800 and at the default size, and the embedding panel's watch list in a dock
as narrow as it goes (dialogs and message boxes: tests/test_gui_dialog_text.py; translated texts:
tests/test_translations.py)."""

import numpy as np
import pytest
from conftest import clipped_texts, tiny_config
from PySide6.QtWidgets import QToolBar

from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel


@pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])
def test_no_text_of_ours_is_clipped(qtbot, make_window, tmp_path, size):
    cfg = tiny_config(schedule={"warmup_steps": 3, "total_steps": 24, "min_lr": 3e-4},
                      train={"eval_interval": 8}, probe={"interval": 8, "sample_interval": 12, "sample_tokens": 6})
    w = make_window(cfg, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "finished", timeout=120_000)
    w.embedding_panel.add_watch(w.embedding_panel.token_id or 0)
    if size is not None:
        w.resize(*size)
    qtbot.wait(100)
    problems = []
    for dock in w.docks():
        dock.raise_()
        qtbot.wait(50)
        w.grab().save(str(tmp_path / f"{dock.objectName()}.png"))
        problems += clipped_texts(dock)
    problems += clipped_texts(w.statusBar())
    for bar in w.findChildren(QToolBar):
        problems += clipped_texts(bar)
    assert not problems, "\n".join(problems)


def test_watch_list_headers_and_values_fit_a_narrow_dock(qtbot):
    vocab = ("a", "b", " internationalisation", " the", "\n", "x", " telecommunications", "Fourier")
    E = np.random.default_rng(0).normal(size=(len(vocab), 4)).astype(np.float32)
    panel = QtEmbeddingPanel()
    qtbot.addWidget(panel)
    panel.resize(520, 640)  # as narrow as the panel goes
    panel.show()
    panel.model.set_embedding(100, E, vocab)
    for token in (2, 6, 7):  # long tokens widen the first column
        panel.add_watch(token)
    panel.model.set_embedding(200, E + 0.1, vocab)
    panel.model.set_embedding(300, E, vocab)
    qtbot.wait(50)
    assert not clipped_texts(panel.watch_list), clipped_texts(panel.watch_list)
