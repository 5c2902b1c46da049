"""The attention grid reads like CircuitsVis's pattern grid: layer rows and head
columns labelled, thumbnails that fill the grid's view, token labels that never overlap for 16, 32
and 64 tokens, and a head click that moves nothing; a probe of a megabyte role or a kilobyte token
drawn cut, one of one or two tokens drawn (pytest-qt, offscreen, panels fed directly)."""

import time

import numpy as np
import pytest
from conftest import uniform_probe
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QApplication

from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel

WORDS = ("def", " parse", "_", "args", "(", "argv", "):", "\n", "    ", '"""', "Read", " the", " command",
         " line", ".", '"""', "\n", "    ", "parser", " =", " arg", "parse", ".", "Argument", "Parser", "()",
         "\n", "    ", "return", " parser", ".", "parse")
DOCK_SIZES = {"default": (613, 614), "1280x800": (883, 694)}
"""The attention dock's size in the window at its default size and at 1280 x 800 (offscreen)."""


@pytest.fixture(autouse=True)
def _app(qapp):
    configure_app(qapp)


def probe(T, L=2, H=4, step=100, roles=None):
    """A probe as the trainer makes one (random causal attention) of ``T`` code-like tokens."""
    g = np.random.default_rng(T)
    att = g.random((L, H, T, T)).astype(np.float32) * np.tril(np.ones((T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    tokens = [WORDS[i % len(WORDS)] for i in range(T)]
    stats = {k: g.random((L, H)).astype(np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    r = np.full((L, H), "", dtype="<U16")
    for (li, hi), role in (roles or {}).items():
        r[li, hi] = role
    return {"step": np.int64(step), "tokens": np.arange(T), "attention": att.astype(np.float16),
            "token_text": np.asarray(tokens), "roles": r, "text": "".join(tokens), "source_text": "".join(tokens),
            "text_tokens": T, **stats}


def _panel(qtbot, size, p):
    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    panel.model.add_probe(p)
    for _ in range(2):  # drawn twice: an axis widens to its labels after the first paint
        panel.grab()
        QApplication.processEvents()
    return panel


def drawn_labels(axis) -> list[tuple[QPointF, str]]:
    """The tick labels ``axis`` draws now: (centre in scene coordinates, text), as pyqtgraph lays them out."""
    img = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(img)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(axis.mapToScene(rect.center()), text) for rect, _, text in texts if text]


def overlaps(axis) -> list[str]:
    """Neighbouring drawn labels of ``axis`` whose text (QFontMetrics) is wider (taller) than their spacing."""
    fm = QFontMetricsF(axis.style["tickFont"] or QFont())
    labels = drawn_labels(axis)
    horizontal = axis.orientation in ("top", "bottom")
    labels.sort(key=lambda lt: lt[0].x() if horizontal else lt[0].y())
    bad = []
    for (a, s), (b, t) in zip(labels, labels[1:], strict=False):
        if horizontal:
            room, need = b.x() - a.x(), (fm.horizontalAdvance(s) + fm.horizontalAdvance(t)) / 2
        else:
            room, need = b.y() - a.y(), fm.height()
        if room < need:
            bad.append(f"{s!r} and {t!r}: {room:.1f} px apart, need {need:.1f}")
    return bad


# ------------------------------------------------------------------ layer and head labels
@pytest.mark.parametrize("size", DOCK_SIZES.values(), ids=DOCK_SIZES)
def test_grid_rows_and_columns_are_labelled_layer_and_head(qtbot, size):
    panel = _panel(qtbot, size, probe(32, L=2, H=4))
    left = sorted(drawn_labels(panel.grid.plot.getAxis("left")), key=lambda lt: lt[0].y())
    top = sorted(drawn_labels(panel.grid.plot.getAxis("top")), key=lambda lt: lt[0].x())
    assert [t for _, t in left] == ["L0", "L1"] and [t for _, t in top] == ["H0", "H1", "H2", "H3"]
    img = panel.grid.image
    T = 32
    for li, (pos, _) in enumerate(left):  # each label beside the middle of its row / column of thumbnails
        centre = img.mapToScene(QPointF(0, li * (T + 1) + T / 2))
        assert abs(pos.y() - centre.y()) < 2
    for hi, (pos, _) in enumerate(top):
        centre = img.mapToScene(QPointF(hi * (T + 1) + T / 2, 0))
        assert abs(pos.x() - centre.x()) < 2
    assert not overlaps(panel.grid.plot.getAxis("left")) and not overlaps(panel.grid.plot.getAxis("top"))


@pytest.mark.parametrize("size", DOCK_SIZES.values(), ids=DOCK_SIZES)
@pytest.mark.parametrize("shape", [(2, 2), (2, 4), (4, 4)], ids=["2x2", "2x4", "4x4"])
def test_grid_thumbnails_fill_the_grid_view(qtbot, size, shape):
    panel = _panel(qtbot, size, probe(32, *shape))
    view = panel.grid.view.sceneBoundingRect()
    image = panel.grid.image.sceneBoundingRect()
    fill = max(image.width() / view.width(), image.height() / view.height())  # along the limiting dimension
    assert fill >= 0.8, (fill, image, view)
    assert view.contains(image.adjusted(2, 2, -2, -2))
    L, H = shape
    block = image.width() / H * np.sqrt(L * H)  # a thumbnail's side times the grid's side in heads
    assert block >= 180, block  # the grid is not squeezed for the head: 2 x 4 heads of 70 px, 4 x 4 of 45
    head = panel.head_plot.getViewBox().sceneBoundingRect()  # and the enlarged head keeps room to read
    assert min(head.width(), head.height()) >= 180, head


# ------------------------------------------------------------------ token labels
@pytest.mark.parametrize("size", DOCK_SIZES.values(), ids=DOCK_SIZES)
@pytest.mark.parametrize("T", [16, 32, 64])
def test_token_labels_never_overlap(qtbot, size, T):
    panel = _panel(qtbot, size, probe(T))
    for name in ("left", "bottom"):
        axis = panel.head_plot.getAxis(name)
        labels = drawn_labels(axis)
        assert len(labels) >= min(T, 6), (name, [t for _, t in labels])  # thinned, not gone
        assert not overlaps(axis), (name, overlaps(axis))
        shown = sorted({t for _, t in labels})
        every = {str(t).replace("\n", "⏎") for t in panel.probe["token_text"]}
        assert all(s.rstrip("…") in "".join(every) or s in every for s in shown)
    ticks = panel.head_plot.getAxis("left")._tickLevels[0]
    assert len(ticks) == T  # every token keeps its tick; the ones not drawn are named on hover
    panel._hover = (T - 1, T - 2)
    panel._refresh_hover()
    assert f"(position {T - 1})" in panel.hover_label.text() and f"(position {T - 2})" in panel.hover_label.text()


def test_token_labels_are_every_kth_token(qtbot):
    panel = _panel(qtbot, DOCK_SIZES["default"], probe(64))
    T = 64
    vb = panel.head_plot.getViewBox()
    for name, coord in (("left", lambda p: vb.mapSceneToView(p).y()), ("bottom", lambda p: vb.mapSceneToView(p).x())):
        positions = sorted(round(coord(pos)) for pos, _ in drawn_labels(panel.head_plot.getAxis(name)))
        steps = set(np.diff(positions))
        assert len(steps) == 1 and positions[0] % steps.pop() == 0 and positions[-1] < T, (name, positions)


def test_token_labels_thin_again_when_the_view_is_zoomed(qtbot):
    panel = _panel(qtbot, DOCK_SIZES["default"], probe(64))
    axis = panel.head_plot.getAxis("bottom")
    before = len(drawn_labels(axis))
    panel.head_plot.getViewBox().setXRange(0, 15, padding=0)  # zoomed in: room for more labels
    QApplication.processEvents()
    after = drawn_labels(axis)
    assert not overlaps(axis) and len(after) >= 8 and len(after) > before * 15 / 64


# ------------------------------------------------------------------ no layout jumps
def _geometries(w):
    return [d.geometry() for d in (w.attention_dock, w.loss_dock, w.lr_dock)]


def test_a_head_click_moves_no_dock(qtbot, make_window):
    w = make_window()
    w.embedding_dock.close()  # a user's layout: the attention column as narrow as its panels allow
    try:
        w.attention_dock.raise_()
        w.resizeDocks([w.attention_dock], [1], Qt.Orientation.Horizontal)
        QApplication.processEvents()
        roles = {(1, 3): "previous-token", (0, 2): "induction"}
        panel = w.attention_panel
        panel.model.add_probe(probe(32, L=2, H=4, roles=roles))
        for _ in range(3):
            QApplication.processEvents()
        before = _geometries(w)
        T = 32
        for li, hi in ((1, 3), (0, 2), (1, 0)):  # a click in the middle of each head's thumbnail
            scene = panel.grid.image.mapToScene(QPointF(hi * (T + 1) + T / 2, li * (T + 1) + T / 2))
            qtbot.mouseClick(panel.grid.viewport(), Qt.MouseButton.LeftButton, pos=panel.grid.mapFromScene(scene))
            for _ in range(3):
                QApplication.processEvents()
            assert panel.selected == (li, hi)
            assert _geometries(w) == before, (li, hi, _geometries(w), before)
        vb = panel.head_plot.getViewBox()  # a hover over the enlarged head names long tokens: nothing moves either
        panel._on_mouse_moved(vb.mapViewToScene(QPointF(T - 2, T - 1)))
        for _ in range(3):
            QApplication.processEvents()
        assert "position 31" in panel.hover_label.text()
        assert _geometries(w) == before
    finally:  # the window saves its layout on close, and QSettings is shared by a session's tests
        w.reset_layout()


@pytest.mark.parametrize("T", [6, 32])
def test_the_frame_of_the_selected_head_lies_inside_the_grid_view(qtbot, T):
    """The enlarged head's frame is drawn whole for every head, the outer ones too (with few
    tokens a frame around the thumbnail's strip was cut at the grid's edges)."""
    panel = _panel(qtbot, (700, 800), probe(T, L=2, H=2))
    view = panel.grid.view
    for layer in range(2):
        for head in range(2):
            panel.select_head(layer, head)
            QApplication.processEvents()
            frame = panel.grid.selection.mapRectToScene(panel.grid.selection.rect())
            shown = view.sceneBoundingRect()
            assert shown.adjusted(-0.5, -0.5, 0.5, 0.5).contains(frame), (layer, head, frame, shown)


# ------------------------------------------------------------------ huge roles and tokens, one or two tokens
def _attention_panel(qtbot, p):
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
    panel = _attention_panel(qtbot, uniform_probe(roles=role))
    assert time.perf_counter() - t < 10  # a megabyte text item per head took seconds
    tags = [item.toPlainText() for item in panel.grid._roles]
    assert tags and all(len(tag) <= ROLE_CHARS and "\n" not in tag for tag in tags)
    assert len(panel.head_title.text()) < 100 and raised == []


@pytest.mark.parametrize("token", ["x" * 1024, "\n" * 1024])
def test_attention_hover_of_a_one_kilobyte_token_is_cut(qtbot, raised, token):
    panel = _attention_panel(qtbot, uniform_probe(tokens=[token, "", "a", "b"]))
    assert len(panel.hover_text(1, 0)) < 200 and len(panel.hover_text(0, 0)) < 200
    assert raised == []


@pytest.mark.parametrize("T", [1, 2])
def test_attention_grid_of_a_one_or_two_token_probe_draws(qtbot, raised, T):
    panel = _attention_panel(qtbot, uniform_probe(T=T))
    assert panel.probe is not None and panel.grid.head_at(0, 0) == (0, 0) and raised == []


# ------------------------------------------------------------------ head roles and heads over time
def _role_probe(step, induction_weight, half=6):
    """A probe of 2 layers x 2 heads on the repeated sequence [first, r, r]: L0H0 a previous-token
    head, L0H1 uniform, L1H0 an induction head with ``induction_weight`` on the token after the
    earlier copy (the rest uniform), L1H1 a one-hot head on position 2; its role arrays as
    :func:`~andrea_desktop.core.head_roles.measure_roles` scores them."""
    from andrea_desktop.core.head_roles import measure_roles

    T = 2 * half + 1
    uni = np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None]
    prev, ind, fixed = np.zeros((T, T)), uni.copy(), np.zeros((T, T))
    prev[0, 0], prev[np.arange(1, T), np.arange(T - 1)] = 1, 1
    for t in range(half + 1, T):
        ind[t] = (1 - induction_weight) * uni[t]
        ind[t, t - half + 1] += induction_weight
    for t in range(T):
        fixed[t, min(t, 2)] = 1
    att = np.stack([np.stack([prev, uni]), np.stack([ind, fixed])])
    r = measure_roles(att, half)
    tokens = [f"t{i}" for i in range(T)]
    z = np.zeros((2, 2), np.float32)
    return {"step": np.int64(step), "tokens": np.arange(T), "attention": att.astype(np.float16),
            "token_text": np.asarray(tokens), "roles": r.labels.astype(str), "entropy": z, "previous_token": z,
            "sink": z, "induction": r.score("induction").astype(np.float32), "role_names": np.asarray(r.names),
            "role_scores": r.scores.astype(np.float32), "role_baselines": r.baselines.astype(np.float32),
            "role_thresholds": r.thresholds.astype(np.float32), "text": "".join(tokens),
            "source_text": "".join(tokens), "text_tokens": T}


def test_grid_labels_every_head_with_a_clear_role_and_its_tooltip_gives_every_score(qtbot, raised):
    panel = _attention_panel(qtbot, _role_probe(100, 0.9))
    tags = {(round(item.pos().y()), round(item.pos().x())): item.toPlainText() for item in panel.grid._roles}
    assert sorted(tags.values()) == ["fixed", "ind", "prev"]  # the uniform head has none
    tip = panel.head_tooltip(1, 0)
    lines = tip.splitlines()
    assert lines[0] == "layer 1 · head 0 — induction" and lines[1].startswith("induction: 0.9")
    assert all(any(line.startswith(f"{role}: ") for line in lines) for role in
               ("previous-token", "first-token", "self", "fixed-position", "duplicate-token", "induction"))
    assert "no clear role" in panel.head_tooltip(0, 1) and "fixed-position" in panel.head_tooltip(1, 1).splitlines()[0]
    # the tooltip the grid shows where the mouse rests is the head's under it
    T = panel.probe["attention"].shape[-1]
    centre = panel.grid.view.mapViewToScene(QPointF((T + 1) * 0 + T / 2, (T + 1) * 1 + T / 2))
    assert panel.grid.tooltip_at(panel.grid.mapFromScene(centre)) == tip
    # highlighting a role dims every head that does not clear its threshold
    panel.sort_combo.setCurrentIndex(panel.sort_combo.findData("induction"))
    img = panel.grid.image.image
    assert np.nanmax(img[: T, : T]) <= 0.25 + 1e-3 and np.nanmax(img[T + 1:, : T]) > 0.8
    assert raised == []


def test_a_probe_file_of_an_earlier_version_shows_its_old_role_without_scores(qtbot, raised):
    panel = _attention_panel(qtbot, uniform_probe(roles="sink"))
    assert "no role scores" in panel.head_tooltip(0, 0) and panel.grid._roles[0].toPlainText() == "sink"
    assert panel.heads_over_time.history is None and raised == []


def test_heads_over_time_draws_each_roles_best_score_and_marks_the_phase_change_on_the_loss(qtbot, raised):
    from andrea_desktop.core.head_roles import ROLES
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel
    from andrea_desktop.gui.plots.markers import kind_label

    model = RunModel()
    model.history.loss.extend(np.arange(1, 501), np.linspace(3, 1, 500))
    panel = _attention_panel(qtbot, _role_probe(100, 0.0))
    panel.set_model(model)
    loss = QtLossPanel()
    qtbot.addWidget(loss)
    loss.set_model(model)
    for step, w in ((100, 0.0), (200, 0.1), (300, 0.8), (400, 0.9), (500, 0.95)):
        model.add_probe(_role_probe(step, w))
    hot = panel.heads_over_time
    panel.over_time_button.setChecked(True)  # in place of the enlarged head
    assert panel.stack.currentWidget() is hot and set(hot.curves) == set(ROLES)
    x, y = hot.curves["induction"].getData()
    np.testing.assert_array_equal(x, [100, 200, 300, 400, 500])
    expected = [model.probes.get(s)["role_scores"][ROLES.index("induction")].max() for s in x]
    np.testing.assert_allclose(y, expected, rtol=1e-6)
    assert y[1] < hot.threshold.value() < y[2]
    assert model.induction_phase_change == 300 and hot.phase.isVisible() and hot.phase.value() == 300
    assert "300" in hot.note.text()
    hot.layer_combo.setCurrentIndex(hot.layer_combo.findData(0))  # layer 0 holds no induction head
    assert hot.curves["induction"].getData()[1].max() < 0.2
    loss.refresh()
    marks = [(line.value(), label.format) for line, label in zip(loss.markers.lines, loss.markers.labels, strict=True)]
    assert marks == [(300, kind_label("induction_phase_change"))]
    model.add_probe(_role_probe(600, 0.0))  # the heads did not stay: no phase change
    loss.refresh()
    assert model.induction_phase_change is None and loss.markers.lines == [] and not hot.phase.isVisible()
    assert raised == []
