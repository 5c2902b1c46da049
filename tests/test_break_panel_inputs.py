"""Untrusted data the panels draw (a run's events and probes, read from its folder): each input
that once raised out of a Qt slot, froze the window or made a megabyte tooltip, and a second of
its kind, now drawn bounded or left out."""

from __future__ import annotations

import sys
import time

import numpy as np
import pytest

from andrea_desktop.core.embedding_map import pca_map
from andrea_desktop.core.viewmodels.history import RunHistory


@pytest.fixture
def raised(monkeypatch):
    """The exceptions that escape into Qt's event loop (PySide6 hands them to sys.excepthook)."""
    got = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: got.append(a[1]))
    return got


def _loss_panel(qtbot, events, steps=300):
    from andrea_desktop.gui.panels.qt_loss_panel import QtLossPanel

    h = RunHistory()
    h.loss.extend(np.arange(1, steps + 1), np.linspace(8, 3, steps))
    h.events.extend(events)
    panel = QtLossPanel(h)
    qtbot.addWidget(panel)
    panel.resize(800, 500)
    panel.show()
    panel.refresh()
    qtbot.wait(20)
    qtbot.waitUntil(lambda: not panel.markers.layout_pending, timeout=10_000)
    return panel


# ------------------------------------------------------------------ marker labels
@pytest.mark.parametrize("kind", ["pause", "anomaly"])
def test_marker_labels_of_ten_thousand_events_draw_in_a_bounded_time(qtbot, raised, kind):
    from andrea_desktop.gui.qt_markers import MAX_MARKERS

    t = time.perf_counter()
    panel = _loss_panel(qtbot, [(i % 300 + 1, kind, {"kind": "spike"}) for i in range(10_000)])
    assert time.perf_counter() - t < 30  # it took minutes (pyqtgraph adds an item in O(items))
    assert len(panel.markers.lines) == MAX_MARKERS and raised == []


@pytest.mark.parametrize("payload", [{"kind": "x" * 1_000_000, "source": "y" * 1_000_000},
                                     {"kind": "a\nb" * 300_000}])
def test_marker_label_of_a_megabyte_payload_is_cut_in_its_text_and_tooltip(qtbot, raised, payload):
    panel = _loss_panel(qtbot, [(150, "anomaly", payload)])
    (label,) = panel.markers.labels
    assert len(label.format) < 120 and "\n" not in label.format
    assert len(label.toolTip()) < 200 and raised == []


def test_marker_tooltip_of_a_thousand_markers_at_one_step_lists_a_few_and_counts_the_rest(qtbot, raised):
    from andrea_desktop.gui.qt_markers import TIP_LINES

    panel = _loss_panel(qtbot, [(150, "pause", {})] * 1000)
    tips = [lab.toolTip() for lab in panel.markers.labels if lab.isVisible()]
    assert tips and max(t.count("\n") for t in tips) <= TIP_LINES and any("more" in t for t in tips)
    assert raised == []


@pytest.mark.parametrize("step", [float("nan"), float("inf"), 1e300, "12", None])
def test_marker_at_a_step_that_is_no_number_is_left_out(qtbot, raised, step):
    panel = _loss_panel(qtbot, [(step, "pause", {}), (100, "pivot", {})])
    assert [lab.step for lab in panel.markers.labels] == [100] and raised == []


@pytest.mark.parametrize("payload", [{"changes": 5}, {"changes": "abc"}, None, ["kind"]])
def test_marker_label_of_a_malformed_payload_is_its_kind(payload):
    from andrea_desktop.gui.qt_markers import marker_label

    assert marker_label("config_changed", payload) == "settings changed"
    assert marker_label("anomaly", payload).startswith("anomaly: ")


# ------------------------------------------------------------------ vocabulary map
@pytest.mark.parametrize("scale", [1e200, 1e-300])
def test_vocabulary_map_of_huge_or_tiny_finite_values_is_the_map_of_their_shape(scale):
    E = np.random.default_rng(0).normal(size=(40, 6))
    xy, explained = pca_map(E)
    if scale > 1e100:  # beyond float32 coordinates: refused with a reason, no LinAlgError
        with pytest.raises(ValueError, match="too large"):
            pca_map(E * scale)
        return
    _, explained_scaled = pca_map(E * scale)
    assert np.allclose(explained_scaled, explained)  # it was [0, 0] (the scatter underflowed)


def test_vocabulary_map_of_values_far_apart_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="too large"):
        pca_map(np.array([[1e308], [-1e308], [0.0]]))


@pytest.mark.parametrize("name", ["t" * 1024, "\n" * 1024])
def test_vocabulary_map_hover_of_a_one_kilobyte_token_is_cut(qtbot, name):
    from andrea_desktop.gui.qt_vocab_map import QtVocabularyMap

    w = QtVocabularyMap()
    qtbot.addWidget(w)
    w.set_embedding(1, np.random.default_rng(0).normal(size=(4, 3)), [name, "a", "b", "c"])
    assert len(w._tip(0.0, 0.0, 0)) < 100
