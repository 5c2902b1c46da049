"""The embedding panel (token search, neighbour table, PCA picture, watch list; a default token
to open on) and exports."""

import csv

import numpy as np
import pytest
from conftest import tiny_config
from PySide6.QtCore import Qt

from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.common.export import export_graphics
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel, default_token, display_token

# the worked example in R^3 of docs/design.md#worked-examples (parakeet, monkey, Fourier), plus a few filler tokens
VOCAB = ("parakeet", "monkey", "Fourier", " the", "\n", "x", "y")
E = np.array([[0.9, 0.8, 0.1], [0.8, 0.9, 0.2], [0.1, 0.2, 0.9],
              [0.5, -0.5, 0.0], [-0.3, 0.1, -0.8], [0.0, 0.7, -0.6], [-0.9, 0.0, 0.4]], dtype=np.float32)


@pytest.fixture
def panel(qtbot):
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.resize(900, 700)
    p.model.set_embedding(100, E, VOCAB)
    return p


def _table(panel):
    return [[panel.table.item(r, c).text() for c in range(4)] for r in range(panel.table.rowCount())]


def test_selecting_a_token_updates_the_neighbour_table(qtbot, panel):
    assert panel.completer_model.stringList()[:2] == ["parakeet", "monkey"]
    assert display_token(" the") == "␣the" and display_token("\n") == "⏎"
    panel.search.setFocus()
    qtbot.keyClicks(panel.search, "parakeet")
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)
    rows = _table(panel)
    assert rows[0][1] == "monkey" and rows[0][2] == "1"  # parakeet's nearest neighbour (docs/design.md#worked-examples)
    cos = float(E[0] @ E[1] / np.linalg.norm(E[0]) / np.linalg.norm(E[1]))
    assert float(rows[0][3]) == pytest.approx(cos, abs=1e-4)
    assert len(rows) == 6  # k = 10 capped at V - 1

    # another token: the table follows; k and the metric are honoured
    assert panel.select_token("Fourier")
    panel.k_spin.setValue(2)
    assert [r[1] for r in _table(panel)] != ["monkey"] and len(_table(panel)) == 2
    panel.metric_combo.setCurrentIndex(1)  # Euclidean distance
    assert panel.table.horizontalHeaderItem(3).text() == "distance"
    ids, d = panel.neighbours
    expected = np.linalg.norm(E - E[2], axis=1)
    expected[2] = np.inf
    assert list(ids) == list(np.argsort(expected)[:2])
    np.testing.assert_allclose(d, np.sort(expected)[:2], atol=1e-5)

    # a visible leading space, and a token id, are understood; an unknown word is said so
    assert panel.select_token("␣the") and panel.token_id == 3
    assert panel.select_token("5") and panel.token_id == 5
    assert not panel.select_token("zebra") and "not a token" in panel.status.text()
    assert panel.token_id == 5  # unchanged

    # double-clicking a neighbour looks at its neighbourhood
    first = int(panel.table.item(0, 2).text())
    panel.table.cellDoubleClicked.emit(0, 1)
    assert panel.token_id == first


def test_pca_picture_shows_the_token_and_its_neighbours(panel):
    panel.select_token("parakeet")
    x, y = panel.scatter.getData()
    assert len(x) == 1 + len(panel.neighbours[0])
    assert [t.textItem.toPlainText() for t in panel._labels][:2] == ["parakeet", "monkey"]


def test_watch_list_tracks_neighbour_sets_across_probes(panel):
    assert panel.add_watch("parakeet") and not panel.add_watch("zebra")
    panel.watch_k = 2
    panel.watch.clear()
    panel.add_watch("parakeet")
    assert list(panel.watch) == [0]
    panel.model.set_embedding(200, E, VOCAB)  # the same embedding: nothing moved
    E2 = E.copy()
    E2[6] = E[0] + 0.01  # "y" moves next to parakeet and pushes "x" out of its two neighbours
    panel.model.set_embedding(300, E2, VOCAB)
    steps, overlap = panel.stability(0)
    assert list(steps) == [200, 300]
    np.testing.assert_allclose(overlap, [1.0, 0.5])
    assert panel.watch_table.rowCount() == 1
    assert panel.watch_table.item(0, 2).text() == "50%"
    panel.watch_table.selectRow(0)
    panel.unwatch_button.click()
    assert panel.watch == {} and panel.watch_table.rowCount() == 0


def test_neighbour_table_to_csv_and_pictures_to_png_and_svg(tmp_path, panel):
    panel.select_token("parakeet")
    path = panel.export_csv(tmp_path / "n.csv")
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert rows[0]["token"] == "monkey" and rows[0]["query_token"] == "parakeet" and rows[0]["step"] == "100"
    assert len(rows) == 6 and float(rows[0]["cosine"]) > float(rows[-1]["cosine"])
    png = export_graphics(panel.pca_plot.getPlotItem(), tmp_path / "pca.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = export_graphics(panel.pca_plot.getPlotItem(), tmp_path / "pca.svg")
    assert "<svg" in svg.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="png or .svg"):
        export_graphics(panel.pca_plot.getPlotItem(), tmp_path / "pca.gif")


def test_a_mismatched_embedding_is_ignored(panel):
    panel.model.set_embedding(300, E[:3], VOCAB)  # 3 rows for 7 tokens
    assert panel.step == 100 and len(panel.index) == 7


def test_embedding_panel_live_and_after_reopening(qtbot, make_window, tmp_path):
    """Probes reach the panel while training; a reopened run shows the newest embedding and the
    watched tokens' saved neighbour sets."""
    from tokenizers import Tokenizer

    from andrea_desktop.core.training.probing import watch_token

    words = ["the", "def", "return", "zqxwvk"]  # the last one is no token: skipped, with a warning
    cfg = tiny_config(probe={"interval": 3, "sample_interval": 1000, "watch": words})
    w = make_window(cfg, max_steps=9)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=90_000)
    tok = Tokenizer.from_file(str(w.run_dir / "tokenizer.json"))
    watchable = {watch_token(tok, word) for word in words} - {None}
    assert len(watchable) >= 2 and watch_token(tok, "zqxwvk") is None
    ep = w.embedding_panel
    assert ep.step == 9 and set(ep.watch) == watchable
    tid = next(iter(ep.watch))
    assert sorted(ep.watch[tid]) == [3, 6, 9]
    assert ep.select_token(tid) and len(ep.neighbours[0]) == 10
    live = {t: ep.stability(t)[1] for t in ep.watch}
    # the attention and embedding exports from the real window
    w.attention_panel.ensure_built()  # a tab not shown yet: what its Export button does first
    png = export_graphics(w.attention_panel.grid.ci, tmp_path / "grid.png")
    assert png.stat().st_size > 100
    ep.set_model(RunModel())
    assert ep.step is None and ep.watch == {}
    w.runs.set_run(w.run_dir, None)  # reopen the finished run
    assert ep.step == 9 and {t: list(s) for t, s in ep.watch.items()} == {t: [3, 6, 9] for t in live}
    for t, values in live.items():
        np.testing.assert_array_equal(ep.stability(t)[1], values)


def test_the_context_menu_svg_export_is_qts(tmp_path, panel):
    """Right-click → Export… → SVG uses Qt's writer (pyqtgraph's fails on Qt 6 path data)."""
    from pyqtgraph.exporters.Exporter import Exporter

    from andrea_desktop.gui.common.export import QtSVGExporter

    svgs = [e for e in Exporter.Exporters if "SVG" in e.Name]
    assert svgs == [QtSVGExporter]
    panel.select_token("parakeet")
    QtSVGExporter(panel.pca_plot.getPlotItem()).export(str(tmp_path / "p.svg"))
    assert "<svg" in (tmp_path / "p.svg").read_text(encoding="utf-8")


# ------------------------------------------------------------------ odd embeddings and watch sets
def test_embedding_panel_odd_input(qtbot):
    from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel

    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    E = np.random.default_rng(0).normal(size=(6, 4)).astype(np.float32)
    E[2] = np.nan
    E[3, 1] = np.inf
    p.model.set_embedding(5, E, ["a", "b", "c", "d", "e", "f"])
    assert "2 rows not finite" in p.status.text()
    assert not p.select_token("²")  # a digit to str.isdigit, not to int()
    assert p.select_token("a")
    p.metric_combo.setCurrentIndex(1)
    assert len(p.neighbours[0]) == 5
    p._add_watch_sets({"step": np.int64(5), "watch_ids": np.array([-1, 1]), "neighbours": np.zeros((2, 3), np.int64)})
    p._add_watch_sets({"step": np.int64(6), "watch_ids": np.array([0.5]), "neighbours": np.zeros((1, 3))})
    assert list(p.watch) == [1]


def test_embedding_panel_opens_on_a_default_token(qtbot):
    vocab = ("a", "b", "parakeet", " the", "\n", "x")
    E = np.random.default_rng(0).normal(size=(len(vocab), 4)).astype(np.float32)
    panel = QtEmbeddingPanel()
    qtbot.addWidget(panel)
    panel.model.set_embedding(100, E, vocab)
    assert panel.token_id == 3 and panel.search.placeholderText().startswith("␣the shown")
    assert panel.search.text() == ""  # what the user types is a new token, not appended to this one
    assert panel.table.rowCount() > 0 and len(panel.scatter.getData()[0]) > 1
    panel.select_token("parakeet")
    panel.model.set_embedding(200, E, vocab)  # a later probe keeps the user's token
    assert panel.token_id == 2
    assert default_token(("a", "b", "xy", "hello")) == 2  # no common word: the first of two letters
    assert default_token(("a", "b"), watched=[1]) == 1  # a watched token first
    assert default_token(("a", "\n")) is None
