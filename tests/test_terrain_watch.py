"""The Terrain panel draws the window's run model only: switching runs leaves nothing of the
previous run on it; the results another process writes into the run folder reach the model
through the folder's watch, or by polling where the system gives no watch (inotify used up)."""

from __future__ import annotations

import dataclasses
import logging
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import make_terrain_result, python_c, save_shot, tiny_config, train_run
from PySide6.QtCore import QFileSystemWatcher, QPointF
from PySide6.QtWidgets import QLabel

from andrea_desktop.core.rundir.terrain import list_steps, write_result

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """Run "a" (3 steps, a terrain result at step 3 on sources memo and prose) and run "b"
    (3 steps, no terrain)."""
    folder = tmp_path_factory.mktemp("switch")
    for name in ("a", "b"):
        train_run(folder / name, config=tiny_config(), max_steps=3)
    r = make_terrain_result(step=3)
    write_result(folder / "a", dataclasses.replace(r, sources=np.array(["memo", "prose"]),
                                                   basin_radius=0.37, lr=7e-3))
    return folder


def _texts(panel) -> list[str]:
    """Every text the panel shows: labels, the source choice, plot titles and axis labels."""
    out = [lab.text() for lab in panel.findChildren(QLabel)]
    out += [panel.source_combo.itemText(i) for i in range(panel.source_combo.count())]
    for plot in (panel.surface_plot, panel.plane_plot, panel.slice_plot, panel.sharp_plot, panel.trace_plot,
                 panel.basin_plot):
        out.append(plot.titleLabel.text)
        out += [plot.getAxis(side).labelText for side in ("left", "bottom")]
    out.append(panel.plane_message.toPlainText())
    return out


def _hover_centre(panel) -> None:
    scene = panel.surface_plot.vb.mapViewToScene(QPointF(0.0, 0.0))
    panel.view.scene().sigMouseMoved.emit(scene)


def _copy_run(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("checkpoints", ".andrea.lock"))
    return dst


def test_switching_from_a_run_with_a_terrain_to_one_without_leaves_nothing_of_it(make_window, two_runs, tmp_path,
                                                                                 qtbot):
    a, b = _copy_run(two_runs / "a", tmp_path / "a"), _copy_run(two_runs / "b", tmp_path / "b")
    w = make_window(run="a")
    w.terrain_dock.raise_()
    panel = w.terrain_panel
    qtbot.waitUntil(lambda: panel.steps == [3], timeout=30_000)
    panel.source_combo.setCurrentIndex(panel.source_combo.findData("memo"))
    _hover_centre(panel)
    assert "on memo" in panel.hover_label.text()
    assert panel.surface.colorbar.levels() != (0.0, 1.0)
    save_shot(panel, "terrain-run-a.png")

    assert w.open_run(b)
    qtbot.wait(50)
    save_shot(panel, "terrain-after-switch-to-b.png")
    texts = _texts(panel)
    assert not [t for t in texts if "memo" in t or "prose" in t], texts
    assert not [t for t in texts if "0.37" in t], texts  # no basin radius of run a's result
    assert panel.steps == [] and panel.result is None and panel.stack.currentIndex() == 0
    assert not panel.scrubber.isEnabled() and panel.step_label.text() == "no terrain yet"
    assert panel.source_combo.count() == 1 and panel.source_combo.currentData() is None
    assert panel.surface.colorbar.levels() == (0.0, 1.0) and panel.surface.image.image is None
    for curve in (panel.lambda_curve, panel.eos_curve, panel.trace_curve, panel.basin_mean_curve, panel.slice_d1):
        x, _y = curve.getData()
        assert x is None or len(x) == 0
    assert not any(line.isVisible() for line in panel._now_lines)
    _hover_centre(panel)
    assert panel.hover_label.text().strip() == ""
    # the panel draws the model of run b: its markers are run b's own events
    assert w.view.model.run_dir == b and w.view.model.terrain == {} and panel.model is w.view.model
    b_events = [(s, k) for s, k, _p in w.view.model.history.events if k in {"pivot", "anomaly", "lr_warmup_end",
                                                                           "curriculum_warmup_end"}]
    assert panel.events == b_events
    # and run a again shows its result
    assert w.open_run(a)
    qtbot.waitUntil(lambda: panel.steps == [3], timeout=30_000)
    assert [panel.source_combo.itemData(i) for i in range(panel.source_combo.count())] == [None, "memo", "prose"]


def _write_in_another_process(run: Path, step: int) -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from conftest import make_terrain_result; "
            "from andrea_desktop.core.rundir.terrain import write_result; from pathlib import Path; "
            "write_result(Path(sys.argv[2]), make_terrain_result(step=int(sys.argv[3])))")
    res = python_c(code, ROOT / "tests", run, step, timeout=120)
    assert res.returncode == 0, res.stderr


def _refuse_watches(monkeypatch):
    """Every addPath fails, as with inotify's watches used up (Qt: "No space left on device")."""
    tried = []

    def refuse(self, path):
        tried.append(path)
        return False

    monkeypatch.setattr(QFileSystemWatcher, "addPath", refuse)
    return tried


def test_a_terrain_result_from_another_process_shows_when_the_folder_cannot_be_watched(
        make_window, two_runs, tmp_path, qtbot, monkeypatch, caplog):
    tried = _refuse_watches(monkeypatch)
    run = _copy_run(two_runs / "b", tmp_path / "b")
    caplog.set_level(logging.INFO, logger="andrea_desktop.gui.common.folder_watch")
    w = make_window(run="b")  # a stopped run: no snapshot comes that could make the panel look
    panel = w.terrain_panel
    assert str(run) in tried and panel.steps == []
    _write_in_another_process(run, 3)  # terrain/ appears
    qtbot.waitUntil(lambda: panel.steps == [3], timeout=30_000)
    _write_in_another_process(run, 6)  # a second result, in the folder that now exists
    qtbot.waitUntil(lambda: panel.steps == [3, 6], timeout=30_000)
    assert panel.result.step == 6 and panel.steps == list_steps(run)
    said = [r for r in caplog.records if r.name.endswith("folder_watch") and str(run) in r.getMessage()]
    assert len(said) == 1 and "looking every" in said[0].getMessage()


def test_the_runs_dock_lists_a_new_run_when_its_folder_cannot_be_watched(make_window, two_runs, tmp_path, qtbot,
                                                                      monkeypatch, caplog):
    _refuse_watches(monkeypatch)
    caplog.set_level(logging.INFO, logger="andrea_desktop.gui.common.folder_watch")
    folder = tmp_path / "runs"
    folder.mkdir()
    w = make_window(run="this-window")
    dock = w.runs_panel
    dock.set_shown(False)  # no timed refresh: only the folder's watch can tell
    dock.set_folder(folder)
    dock.read_all()
    assert dock.table.rows == []
    code = "import shutil, sys; shutil.copytree(sys.argv[1], sys.argv[2], ignore=shutil.ignore_patterns('checkpoints'))"
    subprocess.run([sys.executable, "-c", code, str(two_runs / "a"), str(folder / "new")], check=True, timeout=60)
    qtbot.waitUntil(lambda: [r.name for r in dock.table.rows] == ["new"], timeout=30_000)
    assert dock.watcher.polled == [folder]
    said = [r for r in caplog.records if r.name.endswith("folder_watch") and str(folder) in r.getMessage()]
    assert len(said) == 1


def test_a_folder_watch_says_once_that_it_polls_and_watches_where_it_can(qtbot, tmp_path, monkeypatch, caplog):
    from andrea_desktop.gui.common.folder_watch import FolderWatch

    one, two, later = tmp_path / "one", tmp_path / "two", tmp_path / "later"
    one.mkdir()
    two.mkdir()
    watch = FolderWatch(poll_s=0.05)
    watch.watch([one, later])  # system watches work: one is watched, later is looked for
    assert watch.polled == [later]
    with qtbot.waitSignal(watch.changed, timeout=30_000):
        later.mkdir()
    qtbot.waitUntil(lambda: watch.polled == [], timeout=30_000)  # it appeared: watched now
    with qtbot.waitSignal(watch.changed, timeout=30_000):
        (later / "x").write_text("x")
    _refuse_watches(monkeypatch)
    caplog.set_level(logging.INFO, logger="andrea_desktop.gui.common.folder_watch")
    watch.watch([one, two, later])
    assert watch.polled == [two]
    with qtbot.waitSignal(watch.changed, timeout=30_000):
        (two / "y").write_text("y")
    watch.watch([two])
    watch.watch([two, tmp_path])
    said = [r for r in caplog.records if r.name.endswith("folder_watch")]
    assert len(said) == 1 and str(two) in said[0].getMessage()
    watch.close()
    assert watch.polled == [] and watch.folders == []
