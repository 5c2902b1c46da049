"""The panels behind tabs at the start layout (Attention, Embeddings, Terrain) build their plots
when their dock is first shown (pytest-qt, offscreen): what arrived while they were hidden is
drawn then, exactly as a panel built at once draws it, and a restored layout with such a dock in
front builds it when the window shows."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from conftest import (
    SEED_GROUP_RUNS,
    fake_probe,
    legend_entries,
    make_terrain_result,
    tiny_config,
    write_seed_group_runs,
)
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.viewmodels.compare import XAxis
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel
from andrea_desktop.gui.panels.terrain.panel import QtTerrainPanel
from andrea_desktop.gui.window.main_window import LAYOUT_VERSION

LAZY = ("attention", "embedding", "terrain")


def _settle() -> None:
    for _ in range(3):  # the layout as drawn: dock visibility settles in the event loop
        QApplication.processEvents()


def _probe(step: int, seed: int = 0) -> dict:
    """A live probe of 4 tokens (2 layers x 2 heads) with the embedding of a 6-token vocabulary."""
    return fake_probe(step, ["the", " cat", " sat", "."], ["the", " cat", " sat", ".", "a", "b"], [0], seed)


def _attention_drawn(p: QtAttentionPanel) -> tuple:
    return (p.probe_steps, p.step_label.text(), p.text_edit.text(), p.head_title.text(), p.head_stats.text(),
            p.legend_label.text(), p.split.isVisible(), p.empty_label.isVisible(),
            [t for _, t in p.head_plot.getAxis("left")._tickLevels[0]],
            np.nan_to_num(np.asarray(p.head_image.image), nan=-1.0).round(4).tolist(),
            np.nan_to_num(np.asarray(p.grid_image.image), nan=-1.0).round(4).tolist())


def _embedding_drawn(p: QtEmbeddingPanel) -> tuple:
    return (p.step, p.vocab, p.status.text(), p.token_id, p.neighbour_rows(), p.map_mode,
            [np.asarray(a).round(4).tolist() for a in p.scatter.getData()],
            sorted(label.toPlainText() for label in p._labels),
            [[p.watch_table.item(r, c).text() for c in range(4)] for r in range(p.watch_table.rowCount())],
            [np.asarray(item.getData()[1]).tolist() for item in p.stability_plot.getPlotItem().listDataItems()])


def _terrain_drawn(p: QtTerrainPanel) -> tuple:
    return (p.steps, p.step_label.text(), p.info.text(), p.stack.currentIndex(), p.events,
            np.asarray(p.surface.image.image).round(4).tolist(), p.surface_plot.titleLabel.text,
            [np.asarray(c.getData()[1]).tolist() for c in (p.lambda_curve, p.trace_curve, p.basin_mean_curve)],
            [line.value() for line in p._now_lines])


def test_a_window_at_the_start_layout_has_not_built_the_panels_behind_tabs(qtbot, make_window):
    w = make_window()
    _settle()
    assert w.simplex_dock.isVisible()  # the mixture in front of the tabs
    for name in LAZY:
        assert not getattr(w, f"{name}_panel").is_built, name
    # their light controls are there: the probe box, the token search, Compute now
    assert w.attention_panel.text_edit.placeholderText() and w.terrain_panel.compute_button.isEnabled()
    w.terrain_dock.raise_()
    _settle()
    assert w.terrain_panel.is_built and w.terrain_panel.scroll.widget() is w.terrain_panel.view
    assert not w.attention_panel.is_built and not w.embedding_panel.is_built


def test_a_dock_shown_later_draws_what_arrived_while_it_was_hidden_as_a_panel_built_at_once(
        qtbot, make_window):
    w = make_window(tiny_config(probe={"interval": 4}))
    model = w.model
    model.add_probe(_probe(4, seed=1))
    model.add_probe(_probe(8, seed=2))  # the newest is drawn, the scrubber at its end
    b = SnapshotBuilder()
    b.add_event(95, "pivot", {})
    model.apply(b.take())
    model.add_terrain([make_terrain_result(step=90), make_terrain_result(step=100)])
    _settle()
    assert not any(getattr(w, f"{name}_panel").is_built for name in LAZY)
    # what the panels keep besides their plots followed the model while hidden
    assert w.attention_panel.probe_steps == [4, 8] and w.embedding_panel.step == 8
    assert w.terrain_panel.steps == [90, 100] and w.terrain_panel.step_label.text().startswith("step 100")

    eager = {"attention": QtAttentionPanel(), "embedding": QtEmbeddingPanel(), "terrain": QtTerrainPanel()}
    for panel in eager.values():
        qtbot.addWidget(panel)
        panel.resize(700, 600)
        panel.show()
        panel.set_model(model)
    drawn = {"attention": _attention_drawn, "embedding": _embedding_drawn, "terrain": _terrain_drawn}
    for name in LAZY:
        getattr(w, f"{name}_dock").raise_()
        _settle()
        panel = getattr(w, f"{name}_panel")
        assert panel.is_built, name
        assert drawn[name](panel) == drawn[name](eager[name]), name
    assert w.attention_panel.head_plot.isVisible() and w.embedding_panel.pca_plot.isVisible()

    # built, they follow the model as before: a probe and a terrain result that come now are drawn
    model.add_probe(_probe(12, seed=3))
    model.add_terrain([make_terrain_result(step=110)])
    for name in LAZY:
        assert drawn[name](getattr(w, f"{name}_panel")) == drawn[name](eager[name]), name


def test_a_restored_layout_with_the_terrain_in_front_builds_it_when_the_window_shows(qtbot, make_window):
    w = make_window(run="a")
    w.terrain_dock.raise_()
    _settle()
    state = bytes(w.saveState(LAYOUT_VERSION))
    w.close()  # saves the layout (QSettings)
    w2 = make_window(run="b")
    _settle()
    assert bytes(w2.saveState(LAYOUT_VERSION)) == state
    assert w2.terrain_panel.is_built and w2.terrain_panel.scroll.widget() is w2.terrain_panel.view
    assert not w2.attention_panel.is_built and not w2.embedding_panel.is_built


def test_a_panel_not_yet_built_builds_when_asked_and_then_keeps_its_plots(qtbot, make_window):
    w = make_window()
    panel = w.embedding_panel
    assert not panel.is_built
    panel.ensure_built()  # what an export of its picture does first
    plot = panel.pca_plot
    assert panel.is_built
    panel.ensure_built()
    assert panel.pca_plot is plot


def test_a_new_window_makes_neither_the_reading_panes_contents_nor_the_comparison_plots(qtbot, make_window):
    from PySide6.QtWidgets import QScrollArea

    from andrea_desktop.gui.reading import reading_html

    w = make_window()
    _settle()
    for dock in w.docks():  # closed panes: their text and scroll area are made when first opened
        assert dock.widget().findChild(QScrollArea, "readingPane") is None, dock.objectName()
    cmp = w.runs_panel.compare
    assert not cmp.loss.is_built and not cmp.lr.is_built  # nothing compared: no comparison plots
    assert w.loss_panel.findChild(pg.PlotWidget, f"{w.loss_panel.plot.objectName()}Compare") is None
    pane = w.lr_dock.widget()
    pane.set_expanded(True)
    try:
        qtbot.waitUntil(lambda: pane.body.isVisible())
        assert pane.findChild(QScrollArea, "readingPane") is pane.body and pane.body.isAncestorOf(pane.text)
        assert pane.text.text() == reading_html("lrDock")
    finally:  # remembered in QSettings, which the tests of a session share: closed again
        pane.set_expanded(False)
    assert pane.body.isHidden() and pane.splitter.count() == 2


def _compare_state(cmp) -> tuple:
    """What the comparison plots show besides their curves: log axes, the x axis's label and
    scale, the markers, the hover rows, the curves' and the legend's names."""
    out = []
    for plot in (cmp.loss, cmp.lr):
        pi = plot.plot.getPlotItem()
        bottom = pi.getAxis("bottom")
        out.append((plot.plot.objectName(), plot.plot.isVisible(), plot.panel.plot.isVisible(),
                    tuple(pi.getViewBox().state["logMode"]), bottom.labelText, bottom.labelUnits,
                    bottom.autoSIPrefix, pi.getAxis("left").labelText, plot.markers.shown,
                    sorted(str(p) for p in plot.markers.lines), sorted(str(k) for k in plot.curves),
                    sorted(s.name for s in plot.crosshair._series()), sorted(legend_entries(plot.legend)),
                    plot.crosshair.x_label(2000.0)))
    return tuple(out)


def test_comparison_plots_made_when_runs_are_first_compared_equal_plots_made_with_the_window(
        qtbot, make_window, tmp_path):
    """The settings chosen before any run was compared (log axes, x axis, markers) are those of the
    plots made then, as if they had been made with the window; the groups' hover rows are there."""
    folder = tmp_path / "runs"
    paths = write_seed_group_runs(folder, {k: SEED_GROUP_RUNS[k] for k in ("lr3e-3-s1", "lr3e-3-s2", "lr1e-3-s1")})
    states = []
    for made_at_once in (True, False):
        QSettings().setValue("runs/recent", [])
        QSettings().setValue("runs/added", [])
        w = make_window(run=f"made-at-once-{made_at_once}")
        d = w.runs_panel
        d.set_folder(folder)
        d.read_all()
        cmp = d.compare
        if made_at_once:
            cmp.loss.ensure_built()
            cmp.lr.ensure_built()
        w.loss_panel.log_y.setChecked(True)
        w.lr_panel.log_x.setChecked(True)
        d.x_axis.setCurrentIndex(d.x_axis.findData(XAxis.TOKENS.value))
        d.markers.setChecked(False)
        assert cmp.loss.is_built is made_at_once and cmp.lr.is_built is made_at_once
        for name in paths:
            d.set_checked(paths[name])
        assert cmp.loss.is_built and cmp.lr.is_built
        _settle()
        states.append(_compare_state(cmp))
        w.loss_panel.log_y.setChecked(False)  # (the panels' check boxes are remembered)
        w.lr_panel.log_x.setChecked(False)
        w.close()
    assert states[0] == states[1]
    loss = states[1][0]
    assert loss[1] and not loss[2] and loss[3] == (False, True) and loss[8] is False  # shown, log y, no markers
    assert "lr3e-3 (n = 2)" in loss[12] and any("mean" in s for s in loss[11])  # the group's legend and hover rows


def _runs_seen(d) -> tuple:
    """What the runs table shows: its shown columns' titles, and each row's cells in view order."""
    cols = [c for c in range(d.proxy.columnCount()) if not d.view.isColumnHidden(c)]
    return (tuple(d.proxy.headerData(c, Qt.Orientation.Horizontal) for c in cols),
            tuple(tuple(d.proxy.index(r, c).data() for c in cols) for r in range(d.proxy.rowCount())))


def test_the_runs_dock_reads_no_run_until_it_is_first_shown_and_then_shows_what_a_dock_read_at_once_shows(
        qtbot, make_window, tmp_path, monkeypatch):
    """Behind its tab the dock lists and reads nothing while the window is made and shown; raised,
    it shows the runs of the user's runs folder as a dock that read them at once shows them."""
    from andrea_desktop.core.viewmodels import runs_table
    from andrea_desktop.gui.panels.runs import dock as runs_dock_module

    folder = tmp_path / "runs"
    paths = write_seed_group_runs(folder, {k: SEED_GROUP_RUNS[k] for k in ("lr3e-3-s1", "lr3e-3-s2", "lr1e-3-s1")})
    monkeypatch.setattr(runs_dock_module, "default_runs_folder", lambda: folder)  # the user's runs folder
    read = []
    real = runs_table.read_summary
    monkeypatch.setattr(runs_table, "read_summary", lambda p, **kw: (read.append(p), real(p, **kw))[1])
    QSettings().setValue("runs/recent", [])
    QSettings().setValue("runs/added", [])
    seen, grabs = [], []
    for at_once in (True, False):
        QSettings().remove("mainwindow/state")  # the start layout (the first window saved its own)
        read.clear()
        w = make_window(run=f"at-once-{at_once}")
        d = w.runs_panel
        _settle()
        assert read == [] and d.model.rowCount() == 0  # behind its tab: nothing listed or read
        if at_once:
            assert sorted(r.path for r in d.table.rows) == sorted(paths.values())  # listed when asked
            d.read_all()
        w.runs_dock.raise_()
        qtbot.waitUntil(lambda d=d: d.model.rowCount() == 3 and not d.table.pending)
        _settle()
        seen.append(_runs_seen(d))
        grabs.append(d.grab().toImage())
        w.close()
    assert seen[0] == seen[1] and {row[0] for row in seen[1][1]} == set(paths)
    assert grabs[0] == grabs[1]


def test_the_runs_dock_fits_its_columns_once_per_pass_of_the_event_loop(qtbot, make_window, tmp_path, monkeypatch):
    """A refresh, runs read and a resize coming together fit the optional columns once (a fit
    measures every cell, ~13 ms)."""
    from andrea_desktop.gui.panels.runs.dock import QtRunsDock

    fits = []
    real = QtRunsDock.fit_columns
    monkeypatch.setattr(QtRunsDock, "fit_columns", lambda self: (fits.append(1), real(self))[1])
    folder = tmp_path / "runs"
    write_seed_group_runs(folder, {k: SEED_GROUP_RUNS[k] for k in ("lr3e-3-s1", "lr1e-3-s1")})
    QSettings().setValue("runs/recent", [])
    QSettings().setValue("runs/added", [])
    w = make_window()
    d = w.runs_panel
    w.runs_dock.raise_()
    d.set_folder(folder)
    qtbot.waitUntil(lambda: d.model.rowCount() == 2 and not d.table.pending)
    _settle()
    fits.clear()
    d.refresh()
    d.refresh()
    w.resize(w.width() + 40, w.height())
    assert fits == []
    _settle()
    assert len(fits) == 1


def test_a_plot_not_on_screen_lays_its_marker_labels_out_when_it_is_shown(qtbot):
    """Markers drawn into a plot not shown yet (or hidden: a closed window) place their labels
    when the plot is shown, not before (a closed window's plots, which its closing changes, left a
    layout timer running)."""
    from andrea_desktop.core.metrics import EventKind
    from andrea_desktop.gui.plots.markers import EventMarkers
    from andrea_desktop.gui.plots.menus import plot_widget

    plot = plot_widget()
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.setXRange(0, 30, padding=0)
    markers = EventMarkers(plot)
    markers.set_derived([(10, EventKind.PIVOT, {}), (20, EventKind.PAUSE, {})])
    assert len(markers.lines) == 2 and not markers.layout_pending  # not shown: nothing scheduled
    plot.show()
    qtbot.waitUntil(lambda: all(label.isVisible() for label in markers.labels))  # placed once shown
    plot.hide()
    markers.set_derived([(10, EventKind.PIVOT, {})])
    assert not markers.layout_pending
    plot.show()
    qtbot.waitUntil(lambda: len(markers.labels) == 1 and markers.labels[0].isVisible() and not markers.layout_pending)
