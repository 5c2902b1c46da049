"""The Runs dock: the runs table (status, summaries), comparison of checked runs on the loss and
LR panels for each x axis, the config diff, rename / tag / delete (a path too long or tags that
are no list of strings refused), and read-only run folders."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import run_with_config, runs_dock, tiny_config, train_run
from filelock import FileLock

from andrea_desktop import runs
from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS, parse_scalar_name
from andrea_desktop.core.rundir import manage
from andrea_desktop.core.rundir.layout import (
    CHECKPOINTS_DIR,
    DELETING_PREFIX,
    LOCK,
    METRICS_DB,
    TAGS,
)
from andrea_desktop.core.rundir.store import RunStore
from andrea_desktop.core.viewmodels.compare import CompareRun, XAxis
from andrea_desktop.core.viewmodels.history import ema_debiased
from andrea_desktop.core.viewmodels.runs_table import RunStatus, config_diff, read_summary

RUNS = {  # name: (config overrides, steps trained)
    "a-finished": ({"schedule": {"total_steps": 30}}, 30),
    "b-lower-lr": ({"optimizer": {"lr": 1e-3}}, 25),
    "c-no-warmup": ({"schedule": {"warmup_steps": 0}, "run": {"seed": 3}}, 20),
}


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory) -> Path:
    """A runs folder with three small runs that differ in a few settings."""
    folder = tmp_path_factory.mktemp("runs")
    for name, (overrides, steps) in RUNS.items():
        cfg = tiny_config(train={"eval_interval": 10, "batch_size": 8, "eval_rows": 8}, **overrides)
        train_run(folder / name, config=cfg, max_steps=steps)
    return folder


@pytest.fixture
def dock(make_window, three_runs):
    """The window's runs dock listing ``three_runs`` (no recently opened runs of other tests)."""
    return runs_dock(make_window, three_runs)


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(CHECKPOINTS_DIR, LOCK))
    return dst


def _expected(path: Path, name: str, axis: XAxis, smoothing: float) -> tuple[np.ndarray, np.ndarray]:
    """(x, y) of one stored scalar on ``axis``, from the store through the runs API."""
    long = runs.open_run(path).scalars(long=True, as_pandas=False)
    (t0,) = runs.open_run(path).events("start", as_pandas=False)["wall_time"]  # one session: timed from its start
    sel = long["name"] == name
    steps, values, walls = long["step"][sel], long["value"][sel], long["wall_time"][sel]
    cfg = runs.open_run(path).config
    tps = cfg["train"]["batch_size"] * cfg["model"]["block_size"]
    x = {XAxis.STEP: steps.astype(float), XAxis.TOKENS: steps * float(tps), XAxis.WALL: walls - t0}[axis]
    y = ema_debiased(values, smoothing)[0] if smoothing else values
    return x, y


@pytest.mark.parametrize("axis", list(XAxis))
def test_overlaid_curves_equal_the_stores_on_each_x_axis(dock, three_runs, axis):
    paths = [three_runs / n for n in RUNS]
    for p in paths:
        dock.set_checked(p)
    dock.sources.setChecked(True)
    dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
    cmp = dock.compare
    assert cmp.x_axis is axis and cmp.loss.plot.isVisible() and not dock.window().loss_panel.plot.isVisible()
    w = cmp._smoothing()
    assert w == pytest.approx(0.9)
    for p in paths:
        sources = sorted(n for n in runs.open_run(p).scalar_names() if parse_scalar_name(n).group == "source")
        assert sources, "the runs log per-source losses"
        checks = [(cmp.loss, "smoothed", TRAIN_LOSS, w), (cmp.loss, "val", VAL_LOSS, 0.0),
                  (cmp.lr, "used", TRAIN_LR, 0.0)]
        checks += [(cmp.loss, f"source:{parse_scalar_name(n).source}", n, w) for n in sources]
        for plot, key, name, smoothing in checks:
            x, y = _expected(p, name, axis, smoothing)
            data = plot.curve_data(p, key)
            assert data is not None, (p.name, key)
            np.testing.assert_allclose(data[0].data, x, rtol=1e-12, err_msg=f"{p.name} {key} x")
            np.testing.assert_allclose(data[1].data, y, rtol=1e-12, err_msg=f"{p.name} {key} y")
            item = plot.curves[(p, key)][0]  # what the plot item was handed: every point (few)
            ix, iy = item.getData()
            np.testing.assert_allclose(ix, x, rtol=1e-12)
            np.testing.assert_allclose(iy, y, rtol=1e-12)
    assert "tokens" in cmp.loss.plot.getPlotItem().getAxis("bottom").labelText or axis is not XAxis.TOKENS
    for p in paths:  # unchecking every run gives the window's own plots back
        dock.set_checked(p, False)
    assert not cmp.loss.plot.isVisible() and dock.window().loss_panel.plot.isVisible() and not cmp.timer.isActive()


def _two_sessions(run_dir: Path, clock_back: float, after_row=None) -> None:
    """A run in two sessions, by hand: steps 1-20 (a 20 s pause after step 10), stopped, then
    resumed from step 20 on a machine whose clock is ``clock_back`` seconds behind: steps 21-30.
    Each row comes one second after the one before (active time); ``after_row(store)`` is called
    after each row is queued."""
    from andrea_desktop.core.config import save_config

    if not run_dir.exists():
        run_dir.mkdir()
        save_config(tiny_config(), run_dir / "config.toml")
    store = RunStore(run_dir / METRICS_DB)

    def row(step: int, wall: float) -> None:
        store.log_scalars(step, {TRAIN_LOSS: 5.0 - step / 10, TRAIN_LR: 1e-3}, wall_time=wall)
        if after_row is not None:
            after_row(store)

    t = 1_000_000.0
    store.log_event(0, "start", {}, wall_time=t)
    for step in range(1, 21):
        if step == 11:
            store.log_event(10, "pause", {}, wall_time=t + 10.5)
            store.log_event(10, "resume", {}, wall_time=t + 30.5)
            t += 20.0
        row(step, t + step)
    store.log_event(20, "stop", {"reason": "user"}, wall_time=t + 20.5)
    t2 = t + 20.0 + 7200.0 - clock_back  # two hours later, on a clock ``clock_back`` behind
    store.log_event(20, "start", {}, wall_time=t2)
    for step in range(21, 31):
        row(step, t2 + (step - 20))
    store.close()


@pytest.mark.parametrize("clock_back", [3600.0, -3600.0, 0.0])
def test_active_training_time_never_runs_backwards_nor_leaves_gaps(tmp_path, clock_back):
    """R43 (wandb#11213, tensorboard#178): a run resumed on a machine whose clock is an hour
    behind (or ahead) drew its later rows back across the plot (x fell from 61.6 s to -3535 s);
    the wall axis is active training time: each session timed from its own start, pauses out.
    Read whole, and read while it grows (a poll after every row)."""
    _two_sessions(tmp_path / "whole", clock_back)
    run = CompareRun(tmp_path / "whole", smoothing=0.0)
    assert run.poll()
    np.testing.assert_allclose(run.loss.wall.data, np.arange(1.0, 31.0))  # one second a step: no pause, no gap

    from andrea_desktop.core.config import save_config

    (tmp_path / "live").mkdir()
    save_config(tiny_config(), tmp_path / "live" / "config.toml")
    live = CompareRun(tmp_path / "live", smoothing=0.0)
    _two_sessions(tmp_path / "live", clock_back, after_row=lambda store: (store.flush(), live.poll()))
    live.poll()
    np.testing.assert_allclose(live.loss.wall.data, np.arange(1.0, 31.0))
    np.testing.assert_allclose(live.lr.wall.data, np.arange(1.0, 31.0))


def _show_compare(qtbot, dock, three_runs, axis: XAxis, names=tuple(RUNS)):
    for p in (three_runs / n for n in names):
        dock.set_checked(p)
    dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
    plot = dock.compare.loss.plot
    plot.window().resize(1280, 800)
    plot.window().show()
    qtbot.waitUntil(lambda: plot.isVisible() and plot.width() > 100, timeout=10_000)
    plot.getPlotItem().getViewBox().autoRange()
    return dock.compare.loss


def test_the_axis_scale_is_the_new_axis_own_in_every_order_of_switches(qtbot, dock, three_runs):
    """R45 (pyqtgraph#2899): after tokens (an SI prefix: "k tok"), steps 0-30 must not read
    0-0.03 nor seconds be scaled, whatever the view's range when the axis changes; every order of
    the three axes."""
    import itertools

    cmp = _show_compare(qtbot, dock, three_runs, XAxis.STEP)
    vb, ax = cmp.plot.getPlotItem().getViewBox(), cmp.plot.getPlotItem().getAxis("bottom")
    p = three_runs / "a-finished"
    for order in itertools.permutations(list(XAxis)):
        for axis in order:
            cmp.set_x_axis(axis)  # the view still shows the axis before: its range is stale
            cmp.bind(axis)
            x, _y = cmp.curve_data(p, "smoothed")
            vb.setXRange(0.0, float(np.max(x.data)), padding=0)
            qtbot.wait(20)  # the axis takes the view's new range when the event loop runs
            if axis is XAxis.TOKENS:
                assert ax.autoSIPrefixScale < 1.0 and ax.labelUnitPrefix == "k", order  # thousands of tokens
            else:
                assert ax.autoSIPrefixScale == 1.0 and ax.labelUnitPrefix == "", (order, axis)
                ticks = ax.tickStrings([0.0, 10.0, 20.0], ax.autoSIPrefixScale * ax.scale, 10.0)
                assert ticks == ["0", "10", "20"], (order, axis, ticks)


@pytest.mark.parametrize("axis, title", [(XAxis.STEP, r"step \d+"), (XAxis.TOKENS, r"tokens seen [\d,]+"),
                                         (XAxis.WALL, r"training time \d+\.\d s")])
def test_the_hover_readout_is_titled_with_the_axis_quantity(qtbot, dock, three_runs, axis, title):
    """R44 (tensorboard PR #5319): on x = tokens the box said "step 102,400" and on wall time
    "step 77" (77.6 s cut to a whole number); it names the axis's quantity, as stored."""
    import re

    from PySide6.QtCore import QPointF

    cmp = _show_compare(qtbot, dock, three_runs, axis, names=("a-finished",))  # one run: its own x's
    p = three_runs / "a-finished"
    x, _y = cmp.curve_data(p, "smoothed")
    k = len(x.data) // 2
    target = float(x.data[k])
    vb = cmp.plot.getPlotItem().getViewBox()
    (_, _), (y0, y1) = vb.viewRange()
    between = target + 0.3 * (float(x.data[k + 1]) - target)  # past the point, before the next one
    cmp.crosshair.on_mouse_moved(vb.mapViewToScene(QPointF(between, (y0 + y1) / 2)))
    assert cmp.crosshair.box.isVisible()
    text = cmp.crosshair.box.text()
    first = text.splitlines()[0]
    assert re.fullmatch(title, first), text
    assert cmp.crosshair.step == pytest.approx(target, rel=1e-9, abs=1e-9)  # the stored x, not cut
    if axis is XAxis.WALL:
        assert first == f"training time {target:.1f} s"


def test_smoothing_slider_smooths_the_compared_runs(qtbot, dock, three_runs):
    p = three_runs / "b-lower-lr"
    dock.set_checked(p)
    dock.window().loss_panel.smoothing.setValue(0.5)
    qtbot.waitUntil(lambda: dock.compare.runs[p].smoothing == pytest.approx(0.5), timeout=30_000)
    x, y = _expected(p, TRAIN_LOSS, XAxis.STEP, 0.5)
    np.testing.assert_allclose(dock.compare.loss.curve_data(p, "smoothed")[1].data, y, rtol=1e-12)


def test_config_diff_lists_exactly_the_differing_keys(dock, three_runs):
    assert dock.diff_keys() == []
    for name in RUNS:
        dock.set_checked(three_runs / name)
    assert dock.diff_keys() == ["optimizer.lr", "run.seed", "schedule.total_steps", "schedule.warmup_steps"]
    dock.set_checked(three_runs / "c-no-warmup", False)
    assert dock.diff_keys() == ["optimizer.lr", "schedule.total_steps"]
    lr_row = dock.diff_keys().index("optimizer.lr")
    assert [dock.diff.item(lr_row, j).text() for j in (1, 2)] == ["0.003", "0.001"]


def test_long_names_elide_in_the_middle_and_a_list_setting_reads_one_item_per_line(dock, three_runs, tmp_path):
    """Two runs of an experiment keep the ends of their names (elided in the middle, whole in the
    tooltip); ``data.sources`` in the settings diff is a source per line within a column that
    wraps, not one long line to scroll sideways."""
    from PySide6.QtCore import Qt

    from andrea_desktop.core.config import SourceSpec, save_config
    from andrea_desktop.gui.panels.runs.dock import DIFF_COLUMN_MAX_PX
    from andrea_desktop.gui.panels.runs.model import fmt_value

    assert dock.view.textElideMode() == Qt.TextElideMode.ElideMiddle and not dock.view.wordWrap()
    name_index = dock.proxy.index(0, 0)
    assert str(three_runs) in dock.proxy.data(name_index, Qt.ItemDataRole.ToolTipRole)
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    sources = []
    for n in ("web", "code", "books"):
        (corpora / f"{n}-{'x' * 40}.txt").write_text("text " * 100, encoding="utf-8")
        sources.append(str(corpora / f"{n}-{'x' * 40}.txt"))
    assert fmt_value(sources).splitlines() == sources
    assert fmt_value([{"name": "web", "weight": 0.5}]) == "name = web, weight = 0.5"
    assert fmt_value([]) == "[]" and fmt_value(list(range(60))).splitlines()[-1] == "…"
    folder = tmp_path / "runs"
    folder.mkdir()
    specs = [{"name": Path(p).name[:4], "paths": [p]} for p in sources]
    assert fmt_value(specs).splitlines() == [f"{Path(p).name[:4]}: {p}" for p in sources]
    for name, srcs in (("one", specs), ("two", specs[:1])):
        (folder / name).mkdir()
        save_config(tiny_config(data={"sources": [SourceSpec(**d) for d in srcs]}), folder / name / "config.toml")
    dock.set_folder(folder)
    dock.read_all()
    for name in ("one", "two"):
        dock.set_checked(folder / name)
    row = dock.diff_keys().index("data.sources")
    assert dock.diff.item(row, 1).text().splitlines() == fmt_value(specs).splitlines()
    assert dock.diff.columnWidth(1) <= DIFF_COLUMN_MAX_PX and dock.diff.wordWrap()
    assert dock.diff.rowHeight(row) >= 3 * dock.fontMetrics().height()  # three lines shown, not one


def test_the_optional_columns_show_as_the_width_allows_and_the_users_choice_stands(qtbot, dock, three_runs):
    """Preset, tokens, parent and tags were hidden unless the header was right-clicked: they show
    when the dock is wide enough for them beside a readable name; hiding one from the header's
    menu keeps it hidden at any width."""
    from andrea_desktop.gui.panels.runs.model import HIDDEN_COLUMNS

    w = dock.window()
    w.runs_dock.setFloating(True)
    shown = lambda: [c for c in HIDDEN_COLUMNS if not dock.view.isColumnHidden(c)]  # noqa: E731
    w.runs_dock.resize(420, 500)
    w.runs_dock.show()
    qtbot.waitUntil(lambda: dock.view.viewport().width() < 420, timeout=10_000)
    dock.fit_columns()
    assert shown() == []  # a narrow dock: the names keep their room
    w.runs_dock.resize(1500, 500)
    qtbot.waitUntil(lambda: shown() == list(HIDDEN_COLUMNS), timeout=10_000)  # the resize fits them
    header = dock.view.horizontalHeader()
    assert header.sectionSize(0) >= 160  # the names still readable beside them
    dock.choose_column(HIDDEN_COLUMNS[-1], False)  # hidden from the header's menu
    w.runs_dock.resize(1600, 500)
    qtbot.wait(50)
    dock.fit_columns()
    assert shown() == list(HIDDEN_COLUMNS[:-1])
    w.runs_dock.setFloating(False)


def test_the_filter_keeps_the_runs_whose_name_status_preset_or_tags_match(dock, three_runs):
    from andrea_desktop.core.rundir.manage import write_tags

    write_tags(three_runs / "c-no-warmup", ["baseline", "Sweep-7"])
    dock.read_all()
    names = lambda: sorted(dock.proxy.index(i, 0).data() for i in range(dock.proxy.rowCount()))  # noqa: E731
    everything = names()
    assert len(everything) >= 3
    dock.filter.setText("LOWER")  # case-insensitive, in the name
    assert names() == ["b-lower-lr"]
    dock.filter.setText("sweep-7")  # a tag: a column that may be hidden
    assert names() == ["c-no-warmup"]
    dock.filter.setText("")
    assert names() == everything
    write_tags(three_runs / "c-no-warmup", [])


def test_config_diff_of_dicts():
    a = {"model": {"d_model": 32, "gelu_approximate": "none"}, "run": {"format_version": 1, "seed": 1},
         "data": {"sources": [["a", 1]]}}
    b = {"model": {"d_model": 32}, "run": {"format_version": 2, "seed": 1}, "data": {"sources": (("a", 1),)}}
    c = {"model": {"d_model": 64}, "run": {"format_version": 2, "seed": 1}, "data": {"sources": [["a", 1]]}}
    assert config_diff({"a": a, "b": b}) == []
    assert config_diff({"a": a, "b": b, "c": c}) == [("model.d_model", [32, 32, 64])]
    assert config_diff({"a": a}) == []


def test_status_column(dock, three_runs, tmp_path):
    folder = tmp_path / "status"
    folder.mkdir()
    _copy(three_runs / "a-finished", folder / "finished")
    _copy(three_runs / "b-lower-lr", folder / "asked")  # trained to --max-steps 25 of 400: what it was asked
    stopped = _copy(three_runs / "b-lower-lr", folder / "stopped")
    store = RunStore(stopped / METRICS_DB)
    store.log_event(25, "stop", {"reason": "user"})  # the user's Stop ends the story
    store.close()
    running = _copy(three_runs / "b-lower-lr", folder / "running")
    failed = _copy(three_runs / "b-lower-lr", folder / "failed")
    store = RunStore(failed / METRICS_DB)
    store.log_event(25, "stop", {"reason": "error", "error": "RuntimeError('CUDA out of memory')"})
    store.close()
    lock = FileLock(str(running / LOCK))
    lock.acquire()
    try:
        dock.set_folder(folder)
        dock.read_all()
        status = {r.name: r.status for r in dock.table.rows}
        # held by another process than the window's training (here: the test): external
        assert status == {"failed": RunStatus.FAILED, "finished": RunStatus.FINISHED, "running": RunStatus.EXTERNAL,
                          "stopped": RunStatus.STOPPED, "asked": RunStatus.FINISHED}
        m = dock.model
        texts = {m.data(m.index(i, 0)): m.data(m.index(i, 1)) for i in range(m.rowCount())}
        assert texts == {"failed": "failed", "finished": "finished", "running": "external", "stopped": "stopped",
                         "asked": "finished"}
        dock.table.trained_here = lambda: running  # the window's own training thread: running
        dock.read_all()
        assert dock.table.row(running).status is RunStatus.RUNNING
        assert m.data(m.index([r.name for r in dock.table.rows].index("running"), 1)) == "running"
        assert "out of memory" in dock.table.row(failed).error
        row = dock.table.row(folder / "finished")
        store_rows = runs.open_run(folder / "finished").scalars(as_pandas=False)
        assert row.steps == 30 and row.preset == "andrea-tiny" and row.tokens == 30 * 8 * 32
        assert row.last_loss == store_rows[TRAIN_LOSS][-1]
        assert row.best_val == np.nanmin(store_rows[VAL_LOSS]) and row.started is not None
        assert row.parent == "" and m.data(m.index([r.name for r in dock.table.rows].index("finished"), 8)) == "—"
    finally:
        lock.release()
    dock.read_all()  # the lock released: read again (the lock is in the signature): its last stop is --max-steps
    assert dock.table.row(running).status is RunStatus.FINISHED


def test_rename_tag_and_delete(dock, three_runs, tmp_path, monkeypatch):
    folder = tmp_path / "manage"
    folder.mkdir()
    run = _copy(three_runs / "b-lower-lr", folder / "one")
    dock.set_folder(folder)
    dock.read_all()
    dock.set_checked(run)
    colour = dock.table.colour(run)
    lock = FileLock(str(run / LOCK))
    lock.acquire()
    try:  # while it trains: no rename, no delete
        assert dock.rename(run, "two") is None and run.is_dir()
        assert not dock.delete(run) and run.is_dir()
    finally:
        lock.release()
    new = dock.rename(run, "two")
    assert new == folder / "two" and new.is_dir() and not run.exists()
    assert dock.table.checked == [new] and dock.table.colour(new) == colour and new in dock.compare.runs
    assert dock.rename(new, "../escape") is None and dock.rename(new, ".hidden") is None
    assert dock.set_tags(new, "baseline,  lr 1e-3 , baseline")
    assert manage.read_tags(new) == ("baseline", "lr 1e-3") and (new / TAGS).is_file()
    dock.read_all()
    assert dock.table.row(new).tags == ("baseline", "lr 1e-3")
    assert not dock.set_tags(new, "x" * 200)  # refused, named
    # a run whose folder is a link is listed but never deleted through the link
    outside = _copy(three_runs / "a-finished", tmp_path / "outside")
    (folder / "link").symlink_to(outside)
    dock.read_all()
    assert not dock.delete(folder / "link") and (outside / METRICS_DB).is_file()
    # deletion interrupted after the rename: no half run is left listed, the leftover is swept
    real_rmtree = shutil.rmtree

    def fail(path, *a, **k):
        raise OSError(5, "I/O error (simulated)")

    monkeypatch.setattr(manage.shutil, "rmtree", fail)
    assert not dock.delete(new)
    assert not new.exists()
    leftovers = [p for p in folder.iterdir() if p.name.startswith(DELETING_PREFIX)]
    assert len(leftovers) == 1 and (leftovers[0] / METRICS_DB).is_file()
    dock.read_all()
    assert [r.name for r in dock.table.rows] == ["link"] and dock.table.checked == []
    monkeypatch.setattr(manage.shutil, "rmtree", real_rmtree)
    dock.set_folder(folder)  # listing the folder again removes what the deletion left
    assert not [p for p in folder.iterdir() if p.name.startswith(DELETING_PREFIX)]
    third = _copy(three_runs / "c-no-warmup", folder / "three")
    dock.read_all()
    assert dock.delete(third) and not third.exists()
    assert sorted(p.name for p in folder.iterdir()) == ["link"]


def _make_read_only(*folders: Path):
    """chmod a-w the folders and their files (as root, which ignores permissions, also the
    immutable attribute); returns an undo function, or None when it cannot be done here."""
    files = [p for f in folders for p in f.iterdir() if p.is_file()]
    for f in files:
        f.chmod(0o444)
    for f in folders:
        f.chmod(0o555)

    def undo():
        for f in folders:
            f.chmod(0o755)
        for f in files:
            f.chmod(0o644)

    if os.geteuid() != 0:
        return undo
    done = []
    for f in folders:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(f)], capture_output=True).returncode:
            for d in done:
                subprocess.run(["chattr", "-i", str(d)], check=True)
            undo()
            return None
        done.append(f)

    def undo_root():
        for d in done:
            subprocess.run(["chattr", "-i", str(d)], check=True)
        undo()

    return undo_root


def test_a_read_only_run_folder_is_listed_and_overlaid(dock, three_runs, tmp_path):
    import sqlite3

    folder = tmp_path / "ro"
    folder.mkdir()
    run = _copy(three_runs / "a-finished", folder / "ro-run")
    con = sqlite3.connect(run / METRICS_DB)  # as a finished run is left: no -wal file
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    before = sorted(p.name for p in run.iterdir())
    undo = _make_read_only(run, folder)
    if undo is None:
        pytest.skip("cannot make a folder read-only here (root without chattr)")
    try:
        with pytest.raises(OSError):
            (run / "probe-write").write_text("x")
        dock.set_folder(folder)
        dock.read_all()
        row = dock.table.row(run)
        assert row.status is RunStatus.FINISHED and row.steps == 30 and row.error == ""
        dock.set_checked(run)
        x, y = _expected(run, TRAIN_LOSS, XAxis.STEP, dock.compare._smoothing())
        np.testing.assert_allclose(dock.compare.loss.curve_data(run, "smoothed")[1].data, y, rtol=1e-12)
        assert dock.rename(run, "other") is None  # refused, with the reason shown
        assert sorted(p.name for p in run.iterdir()) == before  # nothing written
        dock.set_checked(run, False)
    finally:
        undo()


def test_a_growing_run_stays_live_in_the_overlay(dock, three_runs, tmp_path):
    folder = tmp_path / "live"
    folder.mkdir()
    cfg = tiny_config(train={"eval_interval": 10, "batch_size": 8, "eval_rows": 8})
    train_run(folder / "grow", config=cfg, max_steps=10)
    dock.set_folder(folder)
    dock.read_all()
    dock.set_checked(folder / "grow")
    assert dock.compare.timer.isActive()
    steps = dock.compare.loss.curve_data(folder / "grow", "smoothed")[0]
    assert steps.data.tolist() == list(range(1, 11))
    train_run(folder / "grow", max_steps=16)  # resumed from its checkpoint: a new start event
    assert dock.compare.poll()
    steps = dock.compare.loss.curve_data(folder / "grow", "smoothed")[0]
    assert steps.data.tolist() == list(range(1, 17))
    assert not dock.compare.poll()  # nothing new: nothing read


def test_read_summary_of_a_folder_that_is_not_readable(tmp_path):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "config.toml").write_text("not = [toml")
    s = read_summary(tmp_path / "bad")
    assert s.status is RunStatus.UNREADABLE and s.error
    assert CompareRun(tmp_path / "bad").poll() is False


def test_summaries_are_read_a_few_at_a_time_and_cached(three_runs, tmp_path):
    from andrea_desktop.core.viewmodels.runs_table import RunsTable

    # a copy of its own: a store connection another test of this worker left open (closed by a
    # later garbage collection, which deletes the store's -wal file) would change a run's
    # signature between the reads and the scan below
    folder = tmp_path / "runs"
    folder.mkdir()
    for name in RUNS:
        _copy(three_runs / name, folder / name)
    table = RunsTable(folder)
    table.scan()
    assert table.pending == 3 and all(r.error == "reading…" for r in table.rows)
    assert len(table.read_some(0.0)) == 1 and table.pending == 2  # a budget spent: the rest waits
    while table.pending:
        table.read_some(1.0)
    assert [r.steps for r in table.rows] == [30, 25, 20]
    table.scan()
    assert table.pending == 0  # nothing changed on disk: nothing to read again


def test_parent_column_names_a_branch_parent(three_runs, tmp_path):
    lineage = pytest.importorskip("andrea_desktop.core.rundir.lineage")
    branch = _copy(three_runs / "b-lower-lr", tmp_path / "branch")
    lineage.write_parent(branch, three_runs / "a-finished", 30)
    s = read_summary(branch)
    assert (s.parent, s.parent_step) == ("a-finished", 30)


def test_run_colours_are_a_function_of_the_name_the_same_after_a_restart(dock, three_runs, tmp_path):
    """A run's colour is chosen by its folder name alone: another listing order (a restart with
    one more run, the runs met in another order) gives every run the same colour, and the dock's
    table, its colour swatch and the comparison all use it."""
    from PySide6.QtCore import Qt

    from andrea_desktop.core.viewmodels.colours import run_colour
    from andrea_desktop.core.viewmodels.runs_table import RunsTable

    first = RunsTable(three_runs)
    first.read_all()
    other = tmp_path / "restart"
    other.mkdir()
    _copy(three_runs / "a-finished", other / "0-first-in-the-list")
    for name in RUNS:
        _copy(three_runs / name, other / name)
    later = RunsTable(other)
    later.read_all()
    assert [r.name for r in later.rows][0] == "0-first-in-the-list"
    for name in RUNS:
        assert first.colour(three_runs / name) == later.colour(other / name) == run_colour(name)
    shown = {r.name: dock.model.data(dock.model.index(i, 0), Qt.ItemDataRole.DecorationRole).name().upper()
             for i, r in enumerate(dock.table.rows)}
    assert {n: c for n, c in shown.items() if n in RUNS} == {n: run_colour(n).upper() for n in RUNS}
    dock.set_checked(three_runs / "c-no-warmup")
    assert dock.compare.colours[three_runs / "c-no-warmup"] == run_colour("c-no-warmup")


# ------------------------------------------------------------------ rename, delete and tags refuse what they cannot take
@pytest.mark.parametrize("name", ["q" * 10000, "q/" * 3000])
def test_rename_or_delete_of_a_path_too_long_is_refused_not_an_oserror(name, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, delete_run, rename_run

    with pytest.raises(RunManageError) as exc:
        rename_run(tmp_path / name, "new")
    assert len(str(exc.value)) < 400
    with pytest.raises(RunManageError):
        delete_run(tmp_path / name)


@pytest.mark.parametrize("tags", ["abc", [None, 5]])
def test_write_tags_refuses_text_or_non_strings_for_a_list_of_tags(tags, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, write_tags

    run = run_with_config(tmp_path)
    with pytest.raises(RunManageError):
        write_tags(run, tags)
    assert manage.read_tags(run) == ()


def test_each_compared_runs_event_markers_are_drawn_in_its_colour_on_every_axis(qtbot, dock, three_runs, tmp_path):
    """Comparing runs dropped their event markers: each run's warmup end, pauses, pivots and
    anomalies are drawn in the run's colour, where the event lies on each x axis, and the
    "markers" box hides and shows them."""
    import pyqtgraph as pg
    from PySide6.QtCore import Qt

    from andrea_desktop.core.viewmodels.compare import MARKED_EVENTS

    paused = tmp_path / "paused"
    _two_sessions(paused, clock_back=3600.0)  # a pause at step 10, after 10 s of training
    store = RunStore(paused / METRICS_DB)  # an anomaly whose kind, read from the store, holds braces
    store.log_event(25, "anomaly", {"kind": "{value} {0} {x!r"}, wall_time=2e6)
    store.close()
    paths = [three_runs / n for n in RUNS]
    for p in paths:
        dock.set_checked(p)
    cmp = dock.compare
    cmp.set_runs([*((p, dock.table.colour(p)) for p in paths), (paused, "#123456")])
    for axis in XAxis:
        dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
        for plot in (cmp.loss, cmp.lr):
            for p, run in cmp.runs.items():
                ev = runs.open_run(p).events(as_pandas=False)
                want = [s for s, k in zip(ev["step"], ev["kind"], strict=True) if k in MARKED_EVENTS]
                lines = plot.markers.lines.get(p, [])
                assert [m[0] for m in run.markers] == want
                assert len(lines) == len(want), (p.name, axis)
                for line in lines:
                    assert line.pen.color().name() == cmp.colours[p].lower()
                    assert line.pen.style() == Qt.PenStyle.DashLine
                tps = run.tokens_per_step
                xs = [line.data_value for line in lines]
                if axis is XAxis.STEP:
                    assert xs == want
                elif axis is XAxis.TOKENS:
                    assert xs == [s * tps for s in want]
    # the pause (step 10) lies at 10 s of active training time, its label names it
    dock.x_axis.setCurrentIndex(dock.x_axis.findData(XAxis.WALL.value))
    line, odd = cmp.loss.markers.lines[paused]
    assert line.data_value == pytest.approx(10.0)
    assert "pause" in line.label.toPlainText()
    assert "{value} {0} {x!r" in odd.label.toPlainText()  # shown as it is, no format string
    assert any(cmp.loss.markers.lines[p] for p in paths), "the trained runs mark their LR warmup end"
    def infinite_lines() -> int:
        return sum(isinstance(i, pg.InfiniteLine) for i in cmp.loss.plot.getPlotItem().items)

    drawn = sum(len(v) for v in cmp.loss.markers.lines.values())
    before = infinite_lines()
    dock.markers.setChecked(False)
    assert not cmp.loss.markers.lines and not cmp.lr.markers.lines
    assert infinite_lines() == before - drawn  # the items went from the plot
    dock.markers.setChecked(True)
    assert len(cmp.loss.markers.lines[paused]) == 2


def test_a_colour_the_user_picks_is_stored_with_the_run_and_holds_after_a_restart(dock, three_runs, tmp_path):
    from andrea_desktop.core.rundir.layout import COLOUR
    from andrea_desktop.core.rundir.manage import RunManageError, read_colour, write_colour
    from andrea_desktop.core.viewmodels.colours import run_colour
    from andrea_desktop.core.viewmodels.runs_table import RunsTable

    folder = tmp_path / "runs"
    folder.mkdir()
    run = _copy(three_runs / "b-lower-lr", folder / "b-lower-lr")
    dock.set_folder(folder)
    dock.read_all()
    dock.set_colour(run, "#12AB34")
    dock.set_checked(run)
    assert dock.compare.colours[run] == "#12ab34"
    later = RunsTable(folder)  # a restart: a new table reads the run's folder
    later.read_all()
    assert later.colour(run) == "#12ab34" == read_colour(run)
    for bad in ("red", "#12345", "#1234567", "#12AB3Z", "", 7):  # an edited file is untrusted
        (run / COLOUR).write_text(json.dumps(bad))
        assert read_colour(run) == ""
    (run / COLOUR).write_text("{" * 100_000)
    assert read_colour(run) == ""
    again = RunsTable(folder)
    again.read_all()
    assert again.colour(run) == run_colour(run.name)
    with pytest.raises(RunManageError):
        write_colour(run, "javascript:alert(1)")
    assert write_colour(run, "") == "" and not (run / COLOUR).exists()


def test_runs_added_from_anywhere_are_listed_and_remembered_until_removed(dock, three_runs, tmp_path, make_window):
    from PySide6.QtCore import QSettings

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    one = _copy(three_runs / "a-finished", tmp_path / "single-run")
    inside = [_copy(three_runs / n, elsewhere / n) for n in ("b-lower-lr", "c-no-warmup")]
    (elsewhere / "not-a-run").mkdir()
    (elsewhere / "link").symlink_to(three_runs / "a-finished")  # links are not followed out
    assert dock.add_runs(one) == [one]
    assert dock.add_runs(elsewhere) == inside
    assert dock.add_runs(tmp_path / "nothing-here") == []  # said, nothing added
    assert dock.add_runs(str(tmp_path) + "/bad\0name") == []  # a name no folder can have (a hand-edited setting)
    listed = [r.path for r in dock.table.rows]
    assert one in listed and all(p in listed for p in inside) and elsewhere / "link" not in listed
    w2 = make_window(run="second-window")  # a restart: a new window lists them again
    d2 = w2.runs_panel
    d2.set_folder(three_runs)
    assert {one, *inside} <= {r.path for r in d2.table.rows}
    row = d2.proxy.mapFromSource(d2.model.index(next(i for i, r in enumerate(d2.table.rows) if r.path == one), 0))
    d2.view.selectRow(row.row())
    d2.unlist_selected()
    assert one not in {r.path for r in d2.table.rows} and one.is_dir()  # unlisted, not deleted
    QSettings().setValue("runs/added", [])


def test_the_hover_box_of_many_runs_with_long_names_stays_whole_inside_the_plot(qtbot, dock, tmp_path):
    """The comparison's hover box overflowed the plot and cut its values: with 14 runs of long
    names it stays inside the view, every value it shows whole, names cut in the middle, and the
    rows that do not fit are counted ("… N more")."""
    from PySide6.QtCore import QPointF

    from andrea_desktop.core.config import save_config

    folder = tmp_path / "many"
    folder.mkdir()
    paths = []
    for i in range(14):
        p = folder / f"warmup-vs-none-{i:02d}-with-a-rather-long-experiment-name-lr0.01-warmup100"
        p.mkdir()
        save_config(tiny_config(), p / "config.toml")
        store = RunStore(p / METRICS_DB)
        store.log_event(0, "start", {}, wall_time=1e6)
        for step in range(1, 41):
            store.log_scalars(step, {TRAIN_LOSS: 5.0 - step / 20 + i / 10, TRAIN_LR: 1e-3, VAL_LOSS: 5.1 - step / 20},
                              wall_time=1e6 + step)
        store.close()
        paths.append(p)
    dock.set_folder(folder)
    dock.read_all()
    for p in paths:
        dock.set_checked(p)
    cmp = dock.compare.loss
    w = dock.window()
    w.resize(1280, 800)
    w.runs_dock.raise_()
    qtbot.waitUntil(lambda: cmp.plot.isVisible() and cmp.plot.height() > 100, timeout=10_000)
    vb = cmp.plot.getPlotItem().getViewBox()
    vb.autoRange()
    (x0, x1), (y0, y1) = vb.viewRange()
    cmp.crosshair.on_mouse_moved(vb.mapViewToScene(QPointF((x0 + x1) / 2, (y0 + y1) / 2)))
    box = cmp.crosshair.box
    assert box.isVisible()
    view = cmp.plot.mapFromScene(vb.sceneBoundingRect()).boundingRect()
    assert view.contains(box.geometry()), (view, box.geometry())
    lines = box.text().splitlines()
    assert lines[-1].startswith("… ") and lines[-1].endswith(" more")
    shown = len(lines) - 2  # the title and the count
    assert int(lines[-1].split()[1]) == 2 * len(paths) - shown  # smoothed and val per run
    for line in lines[1:-1]:
        assert "…" in line  # the name cut in the middle ...
        assert line.split()[-1][0].isdigit()  # ... and its value whole


def test_two_compared_runs_never_share_a_colour_and_the_swatch_says_which(dock, three_runs, tmp_path):
    """The warmup lesson's two runs were drawn in one green (their names hash to one colour):
    checked together they differ, the table's swatch and the comparison agree, and alone each is
    in its own name's colour again."""
    from PySide6.QtCore import Qt

    from andrea_desktop.core.viewmodels.colours import run_colour

    folder = tmp_path / "lesson"
    folder.mkdir()
    a, b = (_copy(three_runs / "a-finished", folder / n)
            for n in ("warmup-vs-none-no-warmup", "warmup-vs-none-warmup-50"))
    assert run_colour(a.name) == run_colour(b.name)
    dock.set_folder(folder)
    dock.read_all()
    dock.set_checked(b)
    assert dock.compare.colours[b] == run_colour(b.name)
    dock.set_checked(a)
    cmp = dock.compare.colours
    assert cmp[a] != cmp[b] and cmp[a] == run_colour(a.name)

    def swatch(p: Path) -> str:
        i = next(i for i, r in enumerate(dock.table.rows) if r.path == p)
        return dock.model.data(dock.model.index(i, 0), Qt.ItemDataRole.DecorationRole).name().upper()

    assert swatch(a) == cmp[a].upper() and swatch(b) == cmp[b].upper()
    pen = dock.compare.loss.curves[(b, "smoothed")][0].opts["pen"]
    assert pen.color().name().upper() == cmp[b].upper()  # redrawn in its new colour
    dock.set_checked(a, False)
    assert dock.compare.colours[b] == run_colour(b.name)
