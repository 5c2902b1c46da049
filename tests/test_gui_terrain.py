"""The Terrain panel: a reopened run's stored terrain, hover values, markers, export, empty state; it
only draws a run model, which a TerrainWatch feeds from the run folder."""

import csv

import numpy as np
import pytest
import torch
from PySide6.QtCore import QPointF

from andrea_desktop.core.config import ModelConfig, TerrainConfig
from andrea_desktop.core.model import GPT
from andrea_desktop.core.rundir.terrain import read_result, terrain_path, write_result
from andrea_desktop.core.terrain import (
    FixedRows,
    compute_terrain,
    flatten,
    model_weights,
    skeleton_model,
)
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.core.viewmodels.sources import TerrainFiles
from andrea_desktop.gui.common.export import export_graphics
from andrea_desktop.gui.panels.terrain.panel import QtTerrainPanel, contour_levels
from andrea_desktop.gui.run.terrain_watch import TerrainWatch


def reopened(run) -> RunModel:
    """The model of a reopened run's terrain (the reopen source's terrain part)."""
    model = RunModel(run)
    TerrainFiles(run).read_into(model)
    return model


def with_events(model: RunModel, *events) -> RunModel:
    """``model`` after a snapshot of ``(step, kind, payload)`` events."""
    b = SnapshotBuilder()
    for e in events:
        b.add_event(*e)
    model.apply(b.take())
    return model


@pytest.fixture(scope="module")
def terrain_run(tmp_path_factory):
    """A run folder with the terrain of three snapshots of a small GPT (a curved path)."""
    run = tmp_path_factory.mktemp("terrain-gui")
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matrices: OpenMP's wake-ups cost more than they save
    cfg = ModelConfig(n_layer=1, n_head=2, d_model=16, block_size=8, vocab_size=40)
    net = skeleton_model(cfg)
    torch.manual_seed(0)
    w0 = model_weights(GPT(cfg))
    g = torch.Generator().manual_seed(3)
    x = torch.randint(0, 40, (4, 8), generator=g)
    rows = FixedRows(x, torch.roll(x, -1, 1), np.array([0, 1, 0, 1]), ("prose", "code"))
    tc = TerrainConfig(grid=7, plane_grid=5, n_rows=4, basin_directions=3, hutchinson_samples=3)
    da = {k: 0.02 * torch.randn(v.shape, generator=g) for k, v in w0.items()}
    db = {k: 0.02 * torch.randn(v.shape, generator=g) for k, v in w0.items()}
    path = []
    for k, step in enumerate((10, 20, 30)):
        w = {n: v + k * da[n] + k * k * db[n] for n, v in w0.items()}
        write_result(run, compute_terrain(net, w, rows, tc, step, 1e-3 / (k + 1), seed=1, path=path))
        path.append((step, flatten(w).numpy()))
    torch.set_num_threads(threads)
    (run / "config.toml").write_text("not a config")  # unreadable: the panel still shows the terrain
    return run


def test_the_panel_shows_the_stored_terrain_of_a_reopened_run(qtbot, terrain_run):
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 900)
    panel.set_model(reopened(terrain_run))
    assert panel.steps == [10, 20, 30] and panel.stack.currentIndex() == 1
    stored = read_result(terrain_path(terrain_run, 30))
    assert panel.result.step == 30 and "step 30" in panel.info.text()
    np.testing.assert_array_equal(panel.surface.image.image, stored.surface)
    assert panel.surface.image.levels.tolist() == [stored.surface.min(), stored.surface.max()]
    assert sum(iso.data is not None for iso in panel.surface.contours) > 0
    np.testing.assert_array_equal(panel.plane.image.image, stored.plane_surface)
    xs, ys = panel.path_points.getData()
    np.testing.assert_array_equal(np.c_[xs, ys], stored.path_xy)
    assert (xs[-1], ys[-1]) == (0.0, 0.0)
    lam_steps, lam = panel.lambda_curve.getOriginalDataset()
    np.testing.assert_array_equal(lam_steps, [10, 20, 30])
    # λ_max on a linear axis: 2/η, hundreds of times higher, is named, not drawn (it would flatten λ_max)
    assert np.isnan(panel.eos_curve.getOriginalDataset()[1]).all()
    assert "2/η = 6000" in panel.sharp_plot.titleLabel.text
    assert panel.sharp_plot.getAxis("left").logMode is False
    # the scrubber goes back to earlier steps
    panel.scrubber.setValue(0)
    assert panel.result.step == 10 and "step 10" in panel.info.text()
    assert "3 snapshots" in panel.plane_message.toPlainText()  # step 10 had no earlier path


def test_hover_shows_the_stored_grid_values(qtbot, terrain_run):
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 900)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_model(reopened(terrain_run))
    r = panel.result
    for i, j in ((0, 0), (3, 3), (6, 2), (1, 5)):
        a, b = r.alphas[j], r.betas[i]
        # a point a little off the grid point still reads that point's stored value
        text = panel.surface_hover_text(a + 0.1 * (r.alphas[1] - r.alphas[0]), b)
        assert f"loss {float(r.surface[i, j]):.4f}" in text and f"α = {a:.3f}" in text
        scene = panel.surface_plot.vb.mapViewToScene(QPointF(a, b))
        panel.view.scene().sigMouseMoved.emit(scene)
        assert f"loss {float(r.surface[i, j]):.4f}" in panel.hover_label.text()
    assert "(the weights)" in panel.surface_hover_text(0.0, 0.0)
    panel.source_combo.setCurrentIndex(panel.source_combo.findData("code"))  # one source's rows
    assert f"loss {float(r.surface_by_source[1, 3, 3]):.4f} nats/token on code" in panel.surface_hover_text(0, 0)
    np.testing.assert_array_equal(panel.surface.image.image, r.surface_by_source[1])
    np.testing.assert_allclose(panel.slice_d1.getOriginalDataset()[1], r.surface_by_source[1, 3, :])
    assert panel.surface_hover_text(10.0, 0.0) == ""
    i, j = 2, 4
    text = panel.plane_hover_text(r.plane_alphas[j], r.plane_betas[i])
    assert f"loss {float(r.plane_surface[i, j]):.4f}" in text
    x0, y0 = r.path_xy[0]
    assert panel.plane_hover_text(x0, y0, pick=1e-6).startswith("step 10:")
    scene = panel.plane_plot.vb.mapViewToScene(QPointF(0.0, 0.0))
    panel.view.scene().sigMouseMoved.emit(scene)
    assert panel.hover_label.text().startswith("step 30:")


def test_empty_state_says_when_the_terrain_comes_and_compute_asks_for_it(qtbot):
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    assert panel.stack.currentIndex() == 0 and "No terrain yet" in panel.empty_label.text()
    model = RunModel()
    panel.set_model(model)
    model.set_terrain_interval(200)
    assert "every 200 steps" in panel.empty_label.text()
    model.set_terrain_interval(0)
    assert "off for this run" in panel.empty_label.text()
    with qtbot.waitSignal(panel.compute_requested, timeout=1000):
        panel.compute_button.click()
    panel.set_busy(True)
    assert not panel.compute_button.isEnabled()
    panel.set_busy(False)
    assert panel.compute_button.isEnabled()


def test_new_results_markers_clear_and_export(qtbot, terrain_run, tmp_path):
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 800)
    model = RunModel()
    panel.set_model(model)
    first = read_result(terrain_path(terrain_run, 10))
    model.add_terrain([first])
    assert panel.steps == [10] and panel.result is first
    model.add_terrain([read_result(terrain_path(terrain_run, 20))])
    assert panel.result.step == 20  # it followed the newest
    panel.scrubber.setValue(0)
    model.add_terrain([read_result(terrain_path(terrain_run, 30))])
    assert panel.result.step == 10  # not while looking at an older one
    with_events(model, (15, "pivot", {}), (12, "anomaly", {"kind": "spike"}), (5, "phase", {}))
    assert panel.events == [(15, "pivot"), (12, "anomaly")] and len(panel._marker_lines) == 6
    # the markers' texts are the one marker table's (the loss and LR panels' labels)
    tips = {line.toolTip() for _plot, line in panel._marker_lines}
    assert tips == {"pivot at step 15", "anomaly: spike at step 12"}
    with_events(model, (25, "lr_warmup_end", {}))  # only what is new is added
    assert panel.events[-1] == (25, "lr_warmup_end") and len(panel._marker_lines) == 9
    rows = list(csv.reader(panel.export_csv(tmp_path / "steps.csv", "over_steps").open()))
    assert [r[0] for r in rows[1:]] == ["10", "20", "30"]
    rows = list(csv.reader(panel.export_csv(tmp_path / "surface.csv", "surface").open()))
    assert len(rows) == 1 + 49 and rows[0][-2:] == ["loss/prose", "loss/code"]
    assert export_graphics(panel.view.ci, tmp_path / "terrain.png").stat().st_size > 0
    model.drop_terrain_after(20)  # a resume abandoned step 30
    assert panel.steps == [10, 20] and panel.result.step == 10
    panel.set_model(RunModel())  # another run
    assert panel.steps == [] and panel.stack.currentIndex() == 0 and not panel._marker_lines


def test_a_damaged_terrain_file_is_skipped(qtbot, terrain_run, tmp_path):
    import shutil

    run = tmp_path / "run"
    shutil.copytree(terrain_run, run)
    terrain_path(run, 20).write_bytes(b"not an npz")
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    model = RunModel(run)
    panel.set_model(model)
    watch = TerrainWatch()
    watch.set_model(model)
    assert panel.steps == [10, 30]
    write_result(run, read_result(terrain_path(terrain_run, 20)))  # the watched folder changes
    qtbot.waitUntil(lambda: panel.steps == [10, 20, 30], timeout=30_000)
    assert panel.result.step == 30
    watch.close()


def test_a_terrain_file_too_large_to_load_is_named_in_the_panel_and_the_others_shown(qtbot, terrain_run, tmp_path,
                                                                                      monkeypatch):
    import shutil

    from conftest import npz_claiming

    from andrea_desktop.core.viewmodels import sources

    run = tmp_path / "run"
    shutil.copytree(terrain_run, run)
    npz_claiming(terrain_path(run, 20), "surface_by_source", (1024, 401, 401))  # ~660 MB once loaded
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    model = reopened(run)
    panel.set_model(model)
    assert panel.steps == [10, 30] and panel.stack.currentIndex() == 1
    assert not panel.problems_label.isHidden() and "step 20 is not shown" in panel.problems_label.text()
    assert "per terrain file" in panel.problems_label.text()
    # the run's results together: room for one of them only
    one = model.terrain[10].nbytes
    monkeypatch.setattr(sources, "MAX_RUN_BYTES", one + one // 2)
    model = reopened(run)
    panel.set_model(model)
    assert panel.steps == [10] and sorted(model.terrain_problems) == [20, 30]
    assert "a run's terrain may take together" in model.terrain_problems[30]
    write_result(run, read_result(terrain_path(terrain_run, 20)))  # replaced by a file that fits: it is read
    monkeypatch.setattr(sources, "MAX_RUN_BYTES", 10 * one)
    TerrainFiles(run).read_into(model)
    assert panel.steps == [10, 20, 30] and panel.problems_label.isHidden()


def test_a_step_computed_again_is_read_again_and_shown(qtbot, tmp_path):
    import dataclasses
    import os

    from conftest import make_terrain_result

    write_result(tmp_path, make_terrain_result(step=20))
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    model = RunModel(tmp_path)
    panel.set_model(model)
    files = TerrainFiles(tmp_path)
    files.read_into(model)
    assert model.terrain[20].complete and model.terrain[20].lambda_max == 12.5
    before = os.stat(terrain_path(tmp_path, 20))
    # the same step computed again (same name; the same modification time even: a coarse clock)
    again = dataclasses.replace(make_terrain_result(step=20), eigenvalues=np.array([17.5, 3.0]))
    write_result(tmp_path, again)
    os.utime(terrain_path(tmp_path, 20), ns=(before.st_atime_ns, before.st_mtime_ns))
    assert files.read_into(model)
    assert model.terrain[20].lambda_max == 17.5 and "λ_max 17.5" in panel.info.text()
    assert not files.read_into(model)  # read once


def test_contour_levels_crowd_near_the_minimum():
    levels = contour_levels(np.array([[1.0, 2.0], [5.0, 101.0]]))
    assert len(levels) == 9 and 1.0 < levels[0] < levels[-1] < 101.0
    assert (np.diff(levels) > 0).all() and levels[4] < 1 + 100 / 2
    assert contour_levels(np.full((3, 3), 2.0)).size == 0


def test_compute_now_in_the_window_computes_the_newest_checkpoints_terrain(make_window, tmp_path, qtbot):
    """The Terrain dock's Compute now: the newest checkpoint's terrain, computed off the GUI
    thread, lands in the panel and the run folder; a reopened run shows the stored results."""
    from conftest import tiny_config

    from andrea_desktop.core.training import Trainer, prepare_run

    small = {"grid": 3, "plane_grid": 3, "n_rows": 3, "basin_directions": 2, "hutchinson_samples": 2,
             "eig_tol": 0.1}
    cfg = tiny_config(terrain=small, checkpoint={"interval": 5, "keep_last": 5})
    trainer = Trainer(prepare_run(tmp_path / "run", config=cfg))
    try:
        trainer.run(10)
    finally:
        trainer.close()
    w = make_window(config=cfg)
    assert w.terrain_dock.widget().panel is w.terrain_panel  # inside its reading pane
    assert w.terrain_panel.steps == []
    w.terrain_panel.compute_requested.emit()
    qtbot.waitUntil(lambda: not w.computing_terrain and bool(w.terrain_panel.steps), timeout=120_000)
    assert w.terrain_panel.steps == [10]
    assert terrain_path(tmp_path / "run", 10).exists()
    w.view.reset()
    assert w.terrain_panel.steps == []


def test_the_terrain_reads_at_1280_by_800_with_its_reading_pane_open(qtbot, make_window, terrain_run):
    from conftest import save_shot

    w = make_window()
    w.resize(1280, 800)
    w.reset_layout()
    w.terrain_dock.raise_()
    panel = w.terrain_panel
    w.view.model.add_terrain([read_result(terrain_path(terrain_run, s)) for s in (10, 20, 30)])
    pane = w.terrain_dock.widget()
    pane.set_expanded(True)
    try:
        qtbot.waitUntil(lambda: pane.body.isVisible())
        qtbot.wait(200)
        save_shot(w, "terrain-reading-1280x800.png")
        for plot in (panel.surface_plot, panel.plane_plot, panel.slice_plot, panel.sharp_plot, panel.trace_plot,
                     panel.basin_plot):
            assert plot.vb.sceneBoundingRect().height() >= 150, plot.titleLabel.text  # the data area
            assert plot.sceneBoundingRect().right() <= panel.view.width() + 1, plot.titleLabel.text  # not cut off
        # the surface stays round: one unit of α is as many pixels as one unit of β
        vb = panel.surface_plot.vb
        (x0, x1), (y0, y1) = vb.viewRange()
        rect = vb.sceneBoundingRect()
        assert rect.width() / (x1 - x0) == pytest.approx(rect.height() / (y1 - y0), rel=0.02)
        # the hover value shows beside the cursor, inside the view
        centre = panel.surface_plot.vb.mapViewToScene(QPointF(0.0, 0.0))
        panel._on_mouse_moved(centre)
        at = panel.view.mapFromScene(centre)
        label = panel.hover_label
        assert label.isVisible() and "(the weights)" in label.text()
        assert abs(label.x() - at.x()) < 40 + label.width() and abs(label.y() - at.y()) < 40
        save_shot(w, "terrain-reading-1280x800-hover.png")
    finally:
        pane.set_expanded(False)


def test_a_single_result_and_a_first_part_read_sensibly(qtbot, terrain_run):
    import dataclasses

    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    model = RunModel(terrain_run)
    model.set_terrain_interval(200)
    full = read_result(terrain_path(terrain_run, 30))
    first = dataclasses.replace(full, part=1, alphas=np.zeros(0), betas=np.zeros(0),
                                surface=np.zeros((0, 0), np.float32), surface_by_source=np.zeros((2, 0, 0), np.float32),
                                loss=full.centre_loss, trace_samples=0, path_steps=np.array([30]),
                                path_xy=np.zeros((1, 2)), path_explained=np.full(2, np.nan), plane_alphas=np.zeros(0),
                                plane_betas=np.zeros(0), plane_surface=np.zeros((0, 0), np.float32))
    model.add_terrain([first])
    panel.set_model(model)
    # one result: the step axis spans the run's interval around it, not ±0.4 of a step
    lo, hi = panel.sharp_plot.vb.viewRange()[0]
    assert hi - lo >= 200 and lo < 30 < hi
    assert "part 1 of 3" in panel.info.text() and "computing" in panel.surface_plot.titleLabel.text
    assert panel.surface.image.image is None or panel.surface.image.image.size == 0
    # the job's progress, its time left and Cancel
    from andrea_desktop.core.terrain_jobs import JobStatus

    model.set_terrain_job(JobStatus(30, 2, 0.4, 20.0, 30.0))
    assert panel.job_bar.isVisibleTo(panel) and "part 2 of 3" in panel.job_label.text()
    assert panel.job_progress.value() == 40 and "0:00:30" in panel.job_label.text()
    from conftest import save_shot

    save_shot(panel, "terrain-part1-progress.png")
    with qtbot.waitSignal(panel.cancel_requested):
        panel.cancel_button.click()
    model.set_terrain_job(None)
    assert not panel.job_bar.isVisibleTo(panel)
    model.add_terrain([full])  # the next part replaces the first
    assert panel.result.complete and panel.surface.image.image.shape == full.surface.shape


def test_a_trace_of_one_sample_reads_without_a_spread(qtbot, terrain_run):
    import dataclasses

    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    model = RunModel(terrain_run)
    full = read_result(terrain_path(terrain_run, 30))
    one = dataclasses.replace(full, trace=-3.5, trace_stderr=float("nan"), trace_samples=1)  # indefinite H: trace < 0
    model.add_terrain([one])
    panel.set_model(model)
    text = panel.info.text()
    assert "tr(H) -3.5 ± —" in text and "nan" not in text.lower()
