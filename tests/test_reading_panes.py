"""The reading panes: every panel's "How to read this", and the worked examples of docs/design.md#worked-examples shown
live (computed by the panels' own code, editable), without moving any dock."""

import numpy as np
import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QLabel

from andrea_desktop.gui.reading import EXAMPLES, READINGS
from andrea_desktop.gui.reading.examples import (
    QtAttentionExample,
    QtEmbeddingExample,
    QtRegionExample,
)
from andrea_desktop.gui.reading.pane import QtReadingPane, settings_key


def shown(label: QLabel) -> float:
    """The number a label shows, read back in the user's locale."""
    value, ok = QLocale().toDouble(label.text())
    assert ok, f"not a number: {label.text()!r}"
    return value


@pytest.fixture
def attention(qtbot):
    w = QtAttentionExample()
    qtbot.addWidget(w)
    return w


def test_attention_example_shows_design_weights_and_follows_edits(qtbot, attention):
    # docs/design.md#worked-examples: q = (1,0,1,0), k1 = (1,0,0,0), k2 = (0,0,1,0), k3 = (0,1,0,1), d_k = 4
    assert [b.value() for b in attention.query_boxes] == [1, 0, 1, 0]
    assert [shown(lab) for lab in attention.score_labels] == [0.5, 0.5, 0.0]
    assert [shown(lab) for lab in attention.weight_labels] == [0.38365, 0.38365, 0.23270]  # to 5 decimals
    attention.query_boxes[2].setValue(0.0)  # q = (1,0,0,0): k1 now projects furthest
    w = [shown(lab) for lab in attention.weight_labels]
    assert w[0] > w[1] and w[1] == pytest.approx(w[2], abs=1e-5)
    expected = np.exp([0.5, 0, 0]) / np.exp([0.5, 0, 0]).sum()
    np.testing.assert_allclose(w, expected, atol=5e-6)
    attention.key_boxes[2][1].setValue(4.0)  # k3 = (0,4,0,1): orthogonal to q, weight unchanged
    assert [shown(lab) for lab in attention.weight_labels] == w


def test_attention_example_uses_the_probes_attention_function(qtbot, attention, monkeypatch):
    import andrea_desktop.core.worked_examples as ex

    calls = []
    real = ex.attention_weights
    monkeypatch.setattr(ex, "attention_weights", lambda *a, **k: calls.append(k) or real(*a, **k))
    attention.key_boxes[0][0].setValue(2.0)
    assert calls == [{"causal": False}]


def test_region_example_lists_the_design_vertices_and_follows_edits(qtbot):
    w = QtRegionExample()
    qtbot.addWidget(w)
    listed = {tuple(shown(lab) for lab in row) for row in w.vertex_labels}
    # docs/design.md#worked-examples: H >= 0.5, D <= 0.25 -> the quadrilateral with these vertices (H, G, D)
    assert listed == {(1.0, 0.0, 0.0), (0.5, 0.5, 0.0), (0.5, 0.25, 0.25), (0.75, 0.0, 0.25)}
    assert len(w.vertex_points.data) == 4 and w.region_item is not None
    w.cap_box.setValue(0.0)  # D excluded: the region is the edge H in [0.5, 1], G = 1 - H
    listed = {tuple(shown(lab) for lab in row) for row in w.vertex_labels}
    assert listed == {(1.0, 0.0, 0.0), (0.5, 0.5, 0.0)}


def test_embedding_example_shows_design_similarities(qtbot):
    w = QtEmbeddingExample()
    qtbot.addWidget(w)
    # docs/design.md#worked-examples: parakeet (0), monkey (1), Fourier (2)
    assert {k: shown(lab) for k, lab in w.cosine_labels.items()} == {(0, 1): 0.97301, (0, 2): 0.0, (1, 2): 0.08058}
    assert {k: shown(lab) for k, lab in w.distance_labels.items()} == {(0, 1): 0.3, (0, 2): 1.87083, (1, 2): 1.86815}
    assert "parakeet \u2192 monkey" in w.nearest_label.text()
    w.vector_boxes[2][0].setValue(1.0)  # Fourier leans towards parakeet: its cosine grows
    assert shown(w.cosine_labels[0, 2]) > 0.3


def test_every_panel_of_the_main_window_has_a_reading_pane(qtbot, make_window):
    w = make_window()
    for dock in w.docks():
        pane = dock.widget()
        assert isinstance(pane, QtReadingPane), dock.objectName()
        assert pane.panel.parent() is not None and dock.isAncestorOf(pane.panel)
        assert not pane.expanded and pane.body.isHidden()  # collapsed by default
        assert READINGS[dock.objectName()][0] and pane.text.text()
    assert set(EXAMPLES) == {"attentionDock", "embeddingDock", "simplexDock", "lossDock", "lrDock", "terrainDock"}
    assert w.terrain_dock.widget().panel is w.terrain_panel


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_opening_a_reading_pane_moves_no_dock(qtbot, make_window, size):
    w = make_window()
    w.resize(*size)
    w.reset_layout()
    qtbot.wait(100)

    def geometry():
        return {d.objectName(): d.geometry().getRect() for d in w.docks() if d.isVisible()}

    for dock in w.docks():
        dock.raise_()  # a tab switch moves the docks of the other tabs: compare from here
        qtbot.wait(50)
        before = geometry()
        pane = dock.widget()
        pane.set_expanded(True)
        qtbot.waitUntil(lambda pane=pane: pane.body.isVisible())
        qtbot.wait(50)
        assert geometry() == before, dock.objectName()
        assert pane.body.width() > 100 and pane.body.height() > 100, dock.objectName()
        assert pane.panel.width() > 100 and pane.panel.height() > 100, dock.objectName()
        pane.set_expanded(False)
        qtbot.wait(50)
        assert geometry() == before, dock.objectName()


def test_the_attention_pane_in_the_window_shows_the_worked_example(qtbot, make_window):
    w = make_window()
    w.attention_dock.raise_()
    pane = w.attention_dock.widget()
    assert pane.example is None  # built when first opened
    pane.button.click()
    try:
        assert isinstance(pane.example, QtAttentionExample) and pane.example.isVisible()
        assert [shown(lab) for lab in pane.example.weight_labels] == [0.38365, 0.38365, 0.23270]
    finally:  # remembered in QSettings, which the tests of a session share: closed again
        pane.set_expanded(False)


def test_a_reading_pane_remembers_whether_it_was_open(qtbot, make_window):
    w = make_window(run="first")
    w.loss_dock.widget().set_expanded(True)
    assert QSettings().value(settings_key("lossDock")) in (True, "true")
    w.close()
    w2 = make_window(run="second")
    assert w2.loss_dock.widget().expanded and not w2.lr_dock.widget().expanded
    w2.loss_dock.widget().button.click()  # closed again: closed at the next start
    w2.close()
    w3 = make_window(run="third")
    assert not w3.loss_dock.widget().expanded


def test_a_damaged_setting_leaves_the_pane_closed(qtbot):
    from PySide6.QtWidgets import QWidget

    QSettings().setValue(settings_key("someDock"), "cut off mid-li")
    pane = QtReadingPane(QWidget(), "someDock", "<p>text</p>")
    qtbot.addWidget(pane)
    assert not pane.expanded


def test_worked_examples_reproduce_design_section_1():
    from andrea_desktop.core.worked_examples import (
        ATTENTION_KEYS,
        ATTENTION_QUERY,
        EMBEDDING_VECTORS,
        attention_example,
        embedding_example,
        region_example,
    )

    a = attention_example(ATTENTION_QUERY, ATTENTION_KEYS)
    np.testing.assert_allclose(a.scores, [0.5, 0.5, 0.0])
    np.testing.assert_allclose(a.weights, [0.38365, 0.38365, 0.23270], atol=5e-6)
    e = embedding_example(EMBEDDING_VECTORS)
    np.testing.assert_allclose(e.cosine[0, 1:], [0.97301, 0.0], atol=5e-6)
    np.testing.assert_allclose(e.distance[1, 2], 1.86815, atol=5e-6)
    assert e.nearest[0] == 1  # parakeet's nearest neighbour is monkey
    _, V = region_example()
    assert {tuple(v) for v in V} == {(1, 0, 0), (0.5, 0.5, 0), (0.5, 0.25, 0.25), (0.75, 0, 0.25)}
    with pytest.raises(ValueError):
        attention_example([1, 0], [[1, 0, 0]])


def test_the_loss_lr_and_terrain_examples_compute_what_their_panels_mean(qtbot):
    from andrea_desktop.gui.reading.loss_examples import QtBowlExample, QtLossExample, QtLrExample

    loss = QtLossExample()
    qtbot.addWidget(loss)
    assert loss.result.perplexity == pytest.approx(np.exp(4.0)) and loss.result.uniform == pytest.approx(np.log(2048))
    lr = QtLrExample()
    qtbot.addWidget(lr)
    assert lr.result.threshold == pytest.approx(2000.0)  # 2/η for η = 1e-3
    assert abs(lr.result.after[-1]) < 1  # λ = 500 < 2/η: the walk converges
    lr.curvature_box.setValue(2500.0)  # above 2/η: each step overshoots further
    assert lr.result.factor == pytest.approx(-1.5) and abs(lr.result.after[-1]) > 50
    bowl = QtBowlExample()
    qtbot.addWidget(bowl)
    # the rise of a quadratic bowl at radius ρ along d (||d|| = ||w||), by the terrain's basin_width
    lam, rho, norm = 0.01, 0.1, 30.0
    assert bowl.result.rise == pytest.approx(0.5 * lam * rho**2 * norm**2, rel=1e-9)
    assert bowl.result.curvature == pytest.approx(lam, rel=1e-9)
    bowl.curvature_box.setValue(2.0)
    assert bowl.result.curvature == pytest.approx(2.0, rel=1e-9) and "nats/token" in bowl.result_label.text()
