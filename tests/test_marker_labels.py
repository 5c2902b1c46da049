"""Marker labels in the loss and LR panels: beside their lines, never over each other
or the legend, off the current-position dot, inside the plot, merged ("pivot · pause") only when
there is no room; at the default window size and at 1280 x 800, zoomed out and on log axes.
Untrusted events drawn bounded: ten thousand of them, a megabyte payload, a thousand at one step,
a step that is no number, a malformed payload, more than the marker cap."""

import math
import time

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF

from andrea_desktop.core.viewmodels.history import RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.loss.panel import QtLossPanel
from andrea_desktop.gui.plots.marker_placement import (
    SEPARATOR,
    Coverage,
    Marker,
    merged_parts,
    place_labels,
)

CLOSE_EVENTS = [(100, "lr_warmup_end", {}), (110, "curriculum_warmup_end", {}), (120, "pivot", {}),
                (135, "pause", {}), (145, "anomaly", {"kind": "spike", "source": "python-reference"})]
"""Warmup ends, a pivot, a pause and an anomaly within 50 steps of each other."""


def _fill(history, steps=300):
    s = np.arange(1, steps + 1)
    history.loss.extend(s, 8 * np.exp(-s / 80) + 3 + 0.2 * np.sin(s))
    history.lr.extend(s, np.minimum(s / 100, 1.0) * 3e-3)
    history.events.extend(CLOSE_EVENTS)


def _settle(qtbot, panel):
    panel.refresh()
    _lay_out_pending(qtbot, panel)


def _lay_out_pending(qtbot, panel):
    """Let the events of a redraw pass, then run a scheduled layout now, as its timer would, until
    none is scheduled: after a slow layout the rate limit holds the next one for up to 20 times its
    duration (seconds for 40-200 labels; test_label_layouts_take_a_bounded_share_of_the_gui_thread
    and test_a_hidden_panel_holds_its_slow_layout_until_it_is_shown test that wait)."""
    m = panel.markers
    for _ in range(20):
        qtbot.wait(20)
        if not m.layout_pending:
            return
        m.layout()  # the timer's slot
    assert not m.layout_pending, "a layout was scheduled again after each of 20 layouts"


def _shown(panel):
    return [lab for lab in panel.markers.labels if lab.isVisible()]


def _overlaps(panel) -> list[str]:
    """Pairs among the shown labels and the legend whose boxes intersect, and labels outside the
    view; empty when the layout is clean."""
    view = panel.plot.getViewBox().sceneBoundingRect()
    boxes = [(lab.toPlainText(), lab.sceneBoundingRect()) for lab in _shown(panel)]
    problems = [f"{t!r} outside the view {r} / {view}" for t, r in boxes
                if not view.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r)]
    legend = panel.plot.getPlotItem().legend
    if legend is not None and legend.isVisible():
        boxes.append(("legend", legend.sceneBoundingRect()))
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            if ra.intersects(rb):
                problems.append(f"{a!r} {ra} overlaps {b!r} {rb}")
    return problems


def _every_marker_is_named(panel):
    """Each marker in view is named by a shown label (its own, or a merged one's tooltip)."""
    (x0, x1), _ = panel.plot.getViewBox().viewRange()
    tips = "\n".join(lab.toolTip() for lab in _shown(panel))
    for line, lab in zip(panel.markers.lines, panel.markers.labels, strict=True):
        if line.isVisible() and x0 <= line.value() <= x1:
            assert f"step {lab.step:,}: {lab.format}" in tips, (lab.format, tips)


def _beside_its_line(panel, reach):
    """Each shown label is within ``reach`` pixels of (one of) its line(s)."""
    vb = panel.plot.getViewBox()
    for lab in _shown(panel):
        r = lab.sceneBoundingRect()
        steps = [int(t.split(":")[0].removeprefix("step ").replace(",", "")) for t in lab.toolTip().split("\n")]
        xs = [vb.mapViewToScene(QPointF(line.value(), 0)).x() for line, other in
              zip(panel.markers.lines, panel.markers.labels, strict=True) if other.step in steps]
        gap = min(max(r.left() - x, x - r.right(), 0) for x in xs)
        assert gap <= reach, (lab.toPlainText(), r, xs)


def _dot_covered(panel) -> bool:
    (x,), (y,) = panel.now_point.getData()
    dot = panel.plot.getViewBox().mapViewToScene(QPointF(x, y))
    return any(lab.sceneBoundingRect().adjusted(-2, -2, 2, 2).contains(dot) for lab in _shown(panel))


@pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])
def test_close_marker_labels_never_overlap_each_other_or_the_legend(qtbot, make_window, tmp_path, size):
    w = make_window()
    if size is not None:
        w.resize(*size)
    _fill(w.history)
    panels = {"loss": w.loss_panel, "lr": w.lr_panel}
    for name, panel in panels.items():
        _settle(qtbot, panel)
        panel.grab().save(str(tmp_path / f"{name}_markers.png"))
        assert len(_shown(panel)) >= 3, [lab.toPlainText() for lab in _shown(panel)]  # stacked, not all merged
        assert not _overlaps(panel), "\n".join(_overlaps(panel))
        _every_marker_is_named(panel)
        _beside_its_line(panel, reach=120)
    assert not _dot_covered(w.lr_panel)

    for name, panel in panels.items():  # zoomed out: the five lines within a few pixels
        panel.plot.getPlotItem().setXRange(0, 10_000, padding=0)
        _settle(qtbot, panel)
        panel.grab().save(str(tmp_path / f"{name}_markers_zoomed_out.png"))
        assert not _overlaps(panel), "\n".join(_overlaps(panel))
        _every_marker_is_named(panel)
        _beside_its_line(panel, reach=120)
    assert not _dot_covered(w.lr_panel)


def test_marker_labels_follow_log_axes(qtbot, make_window):
    w = make_window()
    _fill(w.history)
    for panel in (w.loss_panel, w.lr_panel):
        _settle(qtbot, panel)
        panel.plot.getPlotItem().setLogMode(x=True, y=True)
        _settle(qtbot, panel)
        assert [m.value() for m in panel.markers.lines] == pytest.approx([math.log10(s) for s, k, _ in CLOSE_EVENTS
                                                                          if k in panel.markers.kinds])
        assert not _overlaps(panel), "\n".join(_overlaps(panel))
        _every_marker_is_named(panel)
        _beside_its_line(panel, reach=120)
        panel.plot.getPlotItem().setLogMode(x=False, y=False)


def test_a_marker_label_shows_untrusted_text_as_text_and_its_tooltip_names_the_step(qtbot):
    h = RunHistory()
    h.loss.extend(np.arange(1, 301), np.linspace(8, 3, 300))
    h.events.append((150, "anomaly", {"kind": "nan", "source": "<i>{x}</i>"}))  # from a file: not markup
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(800, 500)
    panel.show()
    _settle(qtbot, panel)
    (label,) = panel.markers.labels
    assert label.isVisible() and label.toPlainText() == "anomaly: nan (<i>{x}</i>)"
    assert label.toolTip() == "step 150: anomaly: nan (<i>{x}</i>)"


def _shown_panel_with_pauses(qtbot, n: int):
    """A shown loss panel of 800×500 whose run has ``n`` pause markers, its labels laid out."""
    h = RunHistory()
    _fill(h)
    h.events.extend([(150 + 3 * k, "pause", {}) for k in range(n)])
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(800, 500)
    panel.show()
    _settle(qtbot, panel)
    return panel


def test_label_layouts_take_a_bounded_share_of_the_gui_thread(qtbot):
    """Layouts of many labels are slow (~120 ms for 45): while the axes follow new data they are
    spaced so that they take at most LAYOUT_SHARE of the GUI thread (whose Python holds the GIL)."""
    from andrea_desktop.gui.plots.markers import LAYOUT_SHARE, MIN_INTERVAL_S

    panel = _shown_panel_with_pauses(qtbot, 40)
    m = panel.markers
    m.layout()
    took = m._last_duration
    assert took > 0
    m.schedule_layout()  # as a range change from new data does
    assert m.layout_pending
    assert m._timer.interval() >= int(1000 * max(MIN_INTERVAL_S, took / LAYOUT_SHARE)) - 1 - int(1000 * took)
    m._last_duration = 0.1  # a slow layout: the next waits 2 s
    m._timer.stop()
    m._last_layout = __import__("time").monotonic()
    m.schedule_layout()
    assert m._timer.interval() >= 1900
    m._timer.stop()
    panel.close()


def test_a_hidden_panel_holds_its_slow_layout_until_it_is_shown(qtbot):
    """A layout scheduled seconds ahead (a slow last layout) is not run while the panel is hidden
    (a closed window, a dock tabbed away) and leaves no timer running; shown again, the panel lays
    its labels out."""
    panel = _shown_panel_with_pauses(qtbot, 5)
    m = panel.markers
    m._last_duration, m._last_layout = 1.0, __import__("time").monotonic()  # the next waits 20 s
    m.schedule_layout()
    assert m.layout_pending and m._timer.interval() > 10_000
    panel.hide()
    assert not m.layout_pending
    panel.show()
    assert m.layout_pending  # scheduled again, at the rate limit's time
    m._last_duration = 0.0
    m._timer.stop()
    m.schedule_layout()
    qtbot.waitUntil(lambda: not m.layout_pending, timeout=30_000)
    assert all(label.isVisible() for label in m.labels)
    panel.close()
    assert not m.layout_pending


# ---------------------------------------------------------------- the placement itself (no Qt)
def _size(text):  # 7 px a character, 16 px high
    return 7.0 * len(text), 16.0


def _elide(text, length):
    n = max(0, int(length // 7) - 1)
    return text[:n] + "…"


def _disjoint(placed):
    for i, a in enumerate(placed):
        ra = QRectF(*a.rect)
        for b in placed[i + 1:]:
            assert not ra.intersects(QRectF(*b.rect)), (a, b)


def test_labels_at_one_spot_stack_then_merge_when_the_view_is_full():
    markers = [Marker(50.0, t, k) for k, t in enumerate(("pivot", "pause", "anomaly: spike"))]
    tall = place_labels(markers, 300, 120, _size, _elide)
    assert len(tall) == 3  # room for three rows: stacked at different heights
    _disjoint(tall)
    assert len({p.rect[1] for p in tall}) == 3
    short = place_labels(markers, 300, 22, _size, _elide)  # one row: a label each side, two merge
    assert len(short) == 2
    _disjoint(short)
    assert sorted(i for p in short for i in p.members) == [0, 1, 2]
    assert any(SEPARATOR in p.text for p in short)


def test_labels_keep_clear_of_the_legend_and_off_curves_where_there_is_room():
    markers = [Marker(100.0, "LR warmup end", 0)]
    legend = (90.0, 0.0, 120.0, 60.0)
    (p,) = place_labels(markers, 300, 200, _size, _elide, blocked=[legend])
    assert not QRectF(*p.rect).intersects(QRectF(*legend))
    cov = Coverage(300, 200)
    cov.add_polyline(np.array([0.0, 300.0]), np.array([70.0, 70.0]))  # a flat curve at y = 70
    (p,) = place_labels(markers, 300, 200, _size, _elide, blocked=[legend], coverage=cov)
    left, top, wd, ht = p.rect
    assert not (top <= 70 <= top + ht) and not QRectF(*p.rect).intersects(QRectF(*legend))
    cov.add_dots([120.0], [100.0], 5.0)
    (p,) = place_labels(markers, 300, 200, _size, _elide, blocked=[legend], coverage=cov)
    assert not QRectF(*p.rect).contains(QPointF(120, 100))


def test_a_label_longer_than_the_view_is_elided():
    (p,) = place_labels([Marker(10.0, "x" * 100, 0)], 200, 100, _size, _elide)
    assert p.text.endswith("…") and p.rect[2] <= 200


def test_many_equal_labels_merge_with_a_count():
    assert merged_parts(["a", "a", "a", "b", "a"]) == [("a \u00d73", 0), ("b", 3), ("a", 4)]
    markers = [Marker(10.0 + k, "settings changed", k) for k in range(200)]
    placed = place_labels(markers, 400, 60, _size, _elide)
    _disjoint(placed)
    assert sorted(i for p in placed for i in p.members) == list(range(200))


# ------------------------------------------------------------------ untrusted events: many, huge, malformed
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
    _lay_out_pending(qtbot, panel)
    return panel


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


def test_a_panel_past_its_marker_cap_keeps_the_newest_markers(qtbot, raised):
    from andrea_desktop.gui.plots.markers import MAX_MARKERS

    events = [(i + 1, "pause", {}) for i in range(MAX_MARKERS + 50)]
    panel = _loss_panel(qtbot, events)
    drawn = sorted(line.value() for line in panel.markers.lines)
    assert drawn == [float(s) for s, _k, _p in events[-MAX_MARKERS:]] and raised == []
    # events arriving later push the oldest out, one for one
    panel.history.events.extend([(MAX_MARKERS + 51, "anomaly", {"kind": "spike"}), (MAX_MARKERS + 52, "pause", {})])
    panel.refresh()
    assert panel.markers.layout_pending  # the new labels are laid out
    _lay_out_pending(qtbot, panel)
    drawn = sorted(line.value() for line in panel.markers.lines)
    assert len(drawn) == MAX_MARKERS and drawn[-2:] == [MAX_MARKERS + 51.0, MAX_MARKERS + 52.0] and drawn[0] == 53.0
    assert len(panel.markers.labels) == MAX_MARKERS


def test_loss_marker_labels_hang_inside_the_plot(qtbot, tmp_path):
    h = RunHistory()
    h.loss.extend(np.arange(1, 301), np.linspace(8, 3, 300))
    h.events.extend([(100, "curriculum_warmup_end", {}), (150, "anomaly", {"kind": "spike", "source": "gutenberg"})])
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(640, 320)
    panel.show()
    panel.refresh()
    qtbot.wait(50)
    view = panel.plot.getViewBox().sceneBoundingRect()
    for line in panel.markers.lines:
        text = line.label.sceneBoundingRect()
        assert view.top() - 1 <= text.top() and text.bottom() <= view.bottom() + 1, (line.label.format, text, view)
    panel.grab().save(str(tmp_path / "loss_markers.png"))


def test_an_anomaly_episode_is_marked_once_at_its_start(qtbot):
    """Its later reports (deeper, end: docs/design.md#anomaly-episodes) are no markers of their own."""
    def cliff(step, phase):
        return (step, "anomaly", {"kind": "cliff", "source": "gutenberg", "step": step,
                                  "episode": {"start": 101, "steps": step - 100, "depth": 0.1, "phase": phase}})

    panel = _loss_panel(qtbot, [cliff(101, "start"), cliff(150, "deeper"), cliff(220, "deeper"), cliff(260, "end"),
                                (270, "anomaly", {"kind": "spike", "source": "chat"})])  # an older run's: no episode
    assert sorted(line.value() for line in panel.markers.lines) == [101, 270]
    start = next(label for label in panel.markers.labels if label.step == 101)  # the last report's numbers
    assert start.isVisible() and start.toolTip() == "step 101: anomaly: cliff (gutenberg) " \
                                                    "(down to 10% of the median over 160 steps)", start.toolTip()
