"""The embedding panel's whole-vocabulary map: a point per token, the searched token and its
neighbours marked, hover (a kilobyte token's cut) and click, UMAP offered only when installed."""

import importlib.machinery
import sys
import threading
import types

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

from andrea_desktop.core.embedding_map import MAPS_EXTRA, pca_map
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.embedding import vocab_map as qt_vocab_map
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel

# the three tokens of docs/design.md#worked-examples (parakeet, monkey, Fourier) among filler tokens, byte pieces included
RNG = np.random.default_rng(11)
VOCAB = ("parakeet", "monkey", "Fourier", " the", "\n", "\\xc3", *(f"w{i}" for i in range(34)))
E = np.vstack([[[0.9, 0.8, 0.1, 0.0], [0.8, 0.9, 0.2, 0.0], [0.1, 0.2, 0.9, 0.0]],
               RNG.normal(size=(len(VOCAB) - 3, 4))]).astype(np.float32)


@pytest.fixture
def panel(qtbot):
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.resize(1000, 700)
    p.model.set_embedding(100, E, VOCAB)
    p.set_map_mode(True)
    return p


def test_whole_vocabulary_map_has_a_point_per_token(panel):
    assert panel.map_mode and panel.plots.currentWidget() is panel.vocab_map
    x, y = panel.vocab_map.cloud.getData()
    assert len(x) == len(VOCAB)
    xy, explained = pca_map(E)
    np.testing.assert_allclose(np.c_[x, y], xy, atol=1e-6)
    assert "PC 1" in panel.vocab_map.plot.getPlotItem().getAxis("bottom").labelText
    assert f"all {len(VOCAB)} tokens" in panel.vocab_map.plot.getPlotItem().titleLabel.text
    # back to the neighbourhood picture, and the toggle buttons follow
    panel.view_group.button(0).click()
    assert not panel.map_mode and panel.plots.currentWidget() is panel.pca_plot
    panel.view_group.button(1).click()
    assert panel.map_mode


def test_searching_a_token_marks_its_point_and_neighbours(qtbot, panel):
    panel.search.setFocus()
    qtbot.keyClicks(panel.search, "Fourier")
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)
    m = panel.vocab_map
    xy = m.map.xy
    x, y = m.token_point.getData()
    assert len(x) == 1 and m.token_point.data["data"][0] == 2
    assert (x[0], y[0]) == (xy[2, 0], xy[2, 1])  # the point at its row's coordinates
    ids = panel.neighbours[0]
    assert list(m.neighbour_points.data["data"]) == list(ids)
    np.testing.assert_array_equal(np.c_[m.neighbour_points.getData()], xy[ids])
    labelled = m.labelled()
    assert labelled[0] == (2, "Fourier") and {i for i, _ in labelled[1:]} <= set(ids)
    # hover names a token in its readable form (a leading space as ␣)
    assert m._tip(0, 0, 3) == "␣the  (id 3)"
    # a token chosen while the neighbourhood picture is shown is marked when the map comes back
    panel.set_map_mode(False)
    panel.select_token("monkey")
    panel.set_map_mode(True)
    assert m.token_point.data["data"][0] == 1


def test_clicking_a_point_selects_its_token(qtbot, panel):
    panel.show()
    qtbot.waitExposed(panel)
    panel.select_token("parakeet")
    m = panel.vocab_map
    target = int(np.setdiff1d(np.arange(len(VOCAB)), [0, *panel.neighbours[0]])[0])  # an unmarked point
    x, y = (float(v) for v in m.map.xy[target])
    m.plot.getViewBox().setRange(xRange=(x - 0.05, x + 0.05), yRange=(y - 0.05, y + 0.05), padding=0)
    scene = m.plot.getViewBox().mapViewToScene(QPointF(x, y))
    qtbot.mouseClick(m.plot.viewport(), Qt.MouseButton.LeftButton, pos=m.plot.mapFromScene(scene))
    assert panel.token_id == target
    assert panel.search.text() == panel._display[target]  # the search box follows
    assert m.token_point.data["data"][0] == target


def test_umap_option_disabled_with_install_tooltip_when_missing(qtbot, monkeypatch):
    monkeypatch.setitem(sys.modules, "umap", None)  # its import fails
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    combo = p.vocab_map.method_combo
    assert p.vocab_map.method_enabled("pca") and not p.vocab_map.method_enabled("umap")
    umap_row = combo.findData("umap")
    assert MAPS_EXTRA in combo.itemData(umap_row, Qt.ItemDataRole.ToolTipRole)
    assert MAPS_EXTRA in combo.toolTip()
    assert combo.currentData() == "pca"


def test_a_large_map_is_computed_off_the_gui_thread_once_per_step(qtbot, monkeypatch):
    monkeypatch.setattr(qt_vocab_map, "SYNC_ELEMENTS", 0)  # every matrix counts as large
    calls = []
    real = qt_vocab_map.vocabulary_map

    def recording(E, method, step):
        calls.append((threading.current_thread() is threading.main_thread(), step))
        return real(E, method, step)

    monkeypatch.setattr(qt_vocab_map, "vocabulary_map", recording)
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.model.set_embedding(100, E, VOCAB)
    assert calls == []  # hidden: nothing computed
    p.set_map_mode(True)
    assert "Computing the PCA map" in p.vocab_map.status.text()
    qtbot.waitUntil(lambda: p.vocab_map.map is not None, timeout=30_000)
    assert calls == [(False, 100)]
    assert p.vocab_map.token_point.data["data"][0] == p.token_id  # the default token, marked
    p.model.set_embedding(100, E, VOCAB)  # the same probe again (a reopened run): the cached map
    p.set_map_mode(False)
    p.set_map_mode(True)
    assert calls == [(False, 100)]
    p.model.set_embedding(200, E * 2, VOCAB)  # a new probe: one new map, the old one shown meanwhile
    assert p.vocab_map.map.step == 100 and "step 100 is shown" in p.vocab_map.status.text()
    qtbot.waitUntil(lambda: p.vocab_map.map.step == 200, timeout=30_000)
    assert calls == [(False, 100), (False, 200)]
    np.testing.assert_allclose(p.vocab_map.map.xy, pca_map(E * 2)[0], atol=1e-5)
    p.set_model(RunModel())
    assert p.vocab_map.map is None and len(p.vocab_map.cloud.getData()[0]) == 0


def test_map_mode_text_fits_a_narrow_dock(qtbot):
    from conftest import clipped_texts

    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.resize(640, 560)
    p.show()
    qtbot.waitExposed(p)
    p.model.set_embedding(100, E, VOCAB)
    p.set_map_mode(True)
    qtbot.wait(50)
    assert p.vocab_map.isVisible() and p.vocab_map.labelled()
    assert not clipped_texts(p)


def _fake_umap(monkeypatch, layout):
    """An installed ``umap`` module with umap-learn's interface (``UMAP(**kw).fit_transform(X)``)
    whose layout is ``layout(X)``; returns the list of (kwargs, made on the GUI thread)."""
    made = []

    class FakeUMAP:
        def __init__(self, **kwargs):
            made.append((kwargs, threading.current_thread() is threading.main_thread()))

        def fit_transform(self, X):
            return layout(X)

    fake = types.ModuleType("umap")
    fake.__spec__ = importlib.machinery.ModuleSpec("umap", None)
    fake.UMAP = FakeUMAP
    monkeypatch.setitem(sys.modules, "umap", fake)
    return made


def test_umap_when_installed_is_offered_and_mapped_off_the_gui_thread(qtbot, monkeypatch):
    made = _fake_umap(monkeypatch, lambda X: np.c_[X[:, 0], X[:, 1] * 2.0])
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.model.set_embedding(100, E, VOCAB)
    p.set_map_mode(True)
    m = p.vocab_map
    assert m.method_enabled("umap") and m.map.method == "pca"
    m.method_combo.setCurrentIndex(m.method_combo.findData("umap"))
    assert "UMAP takes a minute" in m.status.text()
    qtbot.waitUntil(lambda: m.map.method == "umap", timeout=30_000)
    kwargs, on_gui_thread = made[0]
    assert not on_gui_thread and kwargs["metric"] == "cosine" and kwargs["n_components"] == 2
    np.testing.assert_allclose(m.map.xy, np.c_[E[:, 0], E[:, 1] * 2.0])
    assert m.plot.getPlotItem().getAxis("bottom").labelText == "UMAP 1"
    assert m.token_point.data["data"][0] == p.token_id
    m.method_combo.setCurrentIndex(m.method_combo.findData("pca"))  # back to PCA: the cached map
    assert m.map.method == "pca" and len(made) == 1


def test_a_failed_map_says_why_and_is_not_retried(qtbot, monkeypatch):
    def fail(X):
        raise RuntimeError("out of memory")

    made = _fake_umap(monkeypatch, fail)
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    p.model.set_embedding(100, E, VOCAB)
    p.set_map_mode(True)
    m = p.vocab_map
    m.method_combo.setCurrentIndex(m.method_combo.findData("umap"))
    qtbot.waitUntil(lambda: "No map" in m.status.text(), timeout=30_000)
    assert "out of memory" in m.status.text() and m.map.method == "pca"  # the PCA map stays
    qtbot.wait(200)
    p.set_map_mode(False)
    p.set_map_mode(True)
    assert len(made) == 1 and "out of memory" in m.status.text()


@pytest.mark.parametrize("name", ["t" * 1024, "\n" * 1024])
def test_vocabulary_map_hover_of_a_one_kilobyte_token_is_cut(qtbot, name):
    from andrea_desktop.gui.panels.embedding.vocab_map import QtVocabularyMap

    w = QtVocabularyMap()
    qtbot.addWidget(w)
    w.set_embedding(1, np.random.default_rng(0).normal(size=(4, 3)), [name, "a", "b", "c"])
    assert len(w._tip(0.0, 0.0, 0)) < 100
