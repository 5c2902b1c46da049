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
from andrea_desktop.core.viewmodels.run_model import RunModel


@pytest.fixture
def raised(monkeypatch):
    """The exceptions that escape into Qt's event loop (PySide6 hands them to sys.excepthook)."""
    got = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: got.append(a[1]))
    return got


def _loss_panel(qtbot, events, steps=300):
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel

    h = RunHistory()
    h.loss.extend(np.arange(1, steps + 1), np.linspace(8, 3, steps))
    h.events.extend(events)
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(800, 500)
    panel.show()
    panel.refresh()
    qtbot.wait(20)
    qtbot.waitUntil(lambda: not panel.markers.layout_pending, timeout=30_000)
    return panel


# ------------------------------------------------------------------ marker labels
@pytest.mark.parametrize("kind", ["pause", "anomaly"])
def test_marker_labels_of_ten_thousand_events_draw_in_a_bounded_time(qtbot, raised, kind):
    from andrea_desktop.gui.plots.markers import MAX_MARKERS

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
    from andrea_desktop.gui.plots.markers import TIP_LINES

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
    from andrea_desktop.gui.plots.markers import marker_label

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
    from andrea_desktop.gui.panels.embedding.vocab_map import QtVocabularyMap

    w = QtVocabularyMap()
    qtbot.addWidget(w)
    w.set_embedding(1, np.random.default_rng(0).normal(size=(4, 3)), [name, "a", "b", "c"])
    assert len(w._tip(0.0, 0.0, 0)) < 100


# ------------------------------------------------------------------ attention grid and probe files
def _probe(T=4, L=2, H=2, roles="", tokens=None):
    att = np.tril(np.ones((T, T), np.float32))
    att = np.broadcast_to(att / att.sum(-1, keepdims=True), (L, H, T, T)).copy()
    tokens = tokens if tokens is not None else [f"t{i}" for i in range(T)]
    stats = {k: np.zeros((L, H), np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(10), "attention": att, "token_text": np.asarray(tokens, dtype=object),
            "roles": np.full((L, H), roles, dtype=object), **stats}


def _attention_panel(qtbot, p):
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel

    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show()
    panel.model.add_probe(p)
    panel.grab()
    QApplication.processEvents()
    return panel


@pytest.mark.parametrize("role", ["r" * 1_000_000, "a\nb" * 1000])
def test_attention_grid_role_of_a_megabyte_is_cut_to_a_tag(qtbot, raised, role):
    from andrea_desktop.gui.panels.attention.grid import ROLE_CHARS

    t = time.perf_counter()
    panel = _attention_panel(qtbot, _probe(roles=role))
    assert time.perf_counter() - t < 10  # a megabyte text item per head took seconds
    tags = [item.toPlainText() for item in panel.grid._roles]
    assert tags and all(len(tag) <= ROLE_CHARS and "\n" not in tag for tag in tags)
    assert len(panel.head_title.text()) < 100 and raised == []


@pytest.mark.parametrize("token", ["x" * 1024, "\n" * 1024])
def test_attention_hover_of_a_one_kilobyte_token_is_cut(qtbot, raised, token):
    panel = _attention_panel(qtbot, _probe(tokens=[token, "", "a", "b"]))
    assert len(panel.hover_text(1, 0)) < 200 and len(panel.hover_text(0, 0)) < 200
    assert raised == []


@pytest.mark.parametrize("T", [1, 2])
def test_attention_grid_of_a_one_or_two_token_probe_draws(qtbot, raised, T):
    panel = _attention_panel(qtbot, _probe(T=T))
    assert panel.probe is not None and panel.grid.head_at(0, 0) == (0, 0) and raised == []


@pytest.mark.parametrize("shape", [(65, 64, 1, 1), (1, 1, 4097, 4097)])
def test_probe_with_more_heads_or_tokens_than_the_grid_draws_is_refused(shape):
    from andrea_desktop.core.rundir.probes import check_probe

    p = _probe(T=1, L=1, H=1)
    p["attention"] = np.broadcast_to(np.float32(0), shape)
    p["token_text"] = np.broadcast_to(np.asarray("t", dtype=object), shape[2:3])
    for k in ("entropy", "previous_token", "sink", "induction", "roles"):
        p[k] = np.broadcast_to(p[k].reshape(-1)[0], shape[:2])
    with pytest.raises(ValueError, match="more than"):
        check_probe(p)


def _npz_claiming(path, name, shape):
    """An .npz whose member ``name`` claims ``shape`` float32 in its header (a decompression
    bomb's size, without its bytes)."""
    import io
    import zipfile

    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f4", "fortran_order": False, "shape": shape})
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}.npy", buf.getvalue())


@pytest.mark.parametrize("shape", [(1, 1, 40_000, 40_000), (2**40,)])
def test_probe_file_whose_arrays_would_decompress_to_gigabytes_is_refused_unread(tmp_path, shape):
    from andrea_desktop.core.rundir.probes import read_probe

    _npz_claiming(tmp_path / "5.npz", "attention", shape)
    with pytest.raises(ValueError, match=r"bytes \(at most"):
        read_probe(tmp_path / "5.npz")


@pytest.mark.parametrize("n_vocab", [4, 6])
def test_embedding_file_whose_vocabulary_does_not_match_its_matrix_is_refused(tmp_path, n_vocab):
    from andrea_desktop.core.rundir.layout import EMBEDDING_FILE, PROBES_DIR
    from andrea_desktop.core.rundir.probes import read_embedding

    (tmp_path / PROBES_DIR).mkdir()
    np.savez(tmp_path / PROBES_DIR / EMBEDDING_FILE, step=np.int64(3), embedding=np.zeros((5, 3), np.float16),
             vocab=np.asarray([f"v{i}" for i in range(n_vocab)]))
    with pytest.raises(ValueError, match="do not match"):
        read_embedding(tmp_path)


# ------------------------------------------------------------------ samples side by side
@pytest.mark.parametrize("text", ["word " * 2_000_000, "x" * 10_000_000])
def test_samples_side_by_side_of_ten_megabyte_samples_opens_at_once_with_them_cut(qtbot, tmp_path, text):
    from andrea_desktop.core.config import build_config, save_config
    from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
    from andrea_desktop.core.rundir.store import RunStore
    from andrea_desktop.core.viewmodels.compare_samples import MAX_TEXT_CHARS
    from andrea_desktop.core.viewmodels.sources import samples_models
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    runs = [tmp_path / "a", tmp_path / "b", tmp_path / "none"]
    for i, run in enumerate(runs):
        run.mkdir()
        save_config(build_config(), run / CONFIG)
        store = RunStore(run / METRICS_DB)
        for step in range(100 + i, 600, 100) if i < 2 else ():  # b samples at other steps; none has none
            store.log_sample(step, "P" * 1000, text)
        store.close()
    t = time.perf_counter()
    view = QtSamplesSideBySide(*samples_models(runs))
    qtbot.addWidget(view)
    assert time.perf_counter() - t < 10  # it took half a minute
    cells = [c for _s, row in view.rows() for c in row]
    assert len(view.rows()) == 10 and max(len(c) for c in cells) < MAX_TEXT_CHARS + 400
    assert any("characters)" in c for c in cells)


@pytest.mark.parametrize("name", ["².npz", "12.npz"])
def test_terrain_file_that_would_decompress_to_gigabytes_or_is_named_in_other_digits_is_refused(tmp_path, name):
    from andrea_desktop.core.rundir.terrain import TerrainFileError, read_result

    _npz_claiming(tmp_path / name, "loss", (2**40,))
    with pytest.raises(TerrainFileError, match=r"bytes \(at most"):
        read_result(tmp_path / name)


def test_a_panel_past_its_marker_cap_keeps_the_newest_markers(qtbot, raised):
    from andrea_desktop.gui.plots.markers import MAX_MARKERS

    events = [(i + 1, "pause", {}) for i in range(MAX_MARKERS + 50)]
    panel = _loss_panel(qtbot, events)
    drawn = sorted(line.value() for line in panel.markers.lines)
    assert drawn == [float(s) for s, _k, _p in events[-MAX_MARKERS:]] and raised == []
    # events arriving later push the oldest out, one for one
    panel.history.events.extend([(MAX_MARKERS + 51, "anomaly", {"kind": "spike"}), (MAX_MARKERS + 52, "pause", {})])
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.markers.layout_pending, timeout=30_000)
    drawn = sorted(line.value() for line in panel.markers.lines)
    assert len(drawn) == MAX_MARKERS and drawn[-2:] == [MAX_MARKERS + 51.0, MAX_MARKERS + 52.0] and drawn[0] == 53.0
    assert len(panel.markers.labels) == MAX_MARKERS
