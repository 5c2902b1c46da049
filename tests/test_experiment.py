"""File → New Experiment → LR warmup vs none: two runs that differ only in the warmup, trained one
after the other in the window, overlaid in the runs dock's comparison, their samples side by side
(ten-megabyte samples cut); a number, name or folder the dialog cannot take refused in its field
without raising."""

from __future__ import annotations

import dataclasses
import time

import numpy as np
import pytest

from andrea_desktop.core.config import config_to_dict, load_config
from andrea_desktop.core.config.diff import diff_config_dicts
from andrea_desktop.core.config.overrides import build_config
from andrea_desktop.core.experiments import ExperimentError, WarmupExperiment, expectation
from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB, user_runs_dir
from andrea_desktop.core.rundir.reader import RunReader, last_trained_step
from andrea_desktop.core.viewmodels.history import ema_debiased
from andrea_desktop.gui.panels.samples.side_by_side import one_line

SMALL = ("model.n_layer=2", "model.d_model=32", "model.n_head=2", "model.block_size=32",
         "data.tokenizer_vocab_size=384", "data.max_bytes_per_source=40000", "train.batch_size=8",
         "train.eval_interval=2", "train.eval_rows=8", "run.torch_threads=1")
"""Both runs' model and data small enough to train a few steps in seconds on a loaded machine."""


def _diff_keys(a, b) -> list[str]:
    return [c.key for c in diff_config_dicts(config_to_dict(a), config_to_dict(b))]


def test_warmup_experiment_runs_differ_only_in_the_warmup():
    exp = WarmupExperiment(lr=1e-2, warmup_steps=100, steps=400)
    (r1, c1), (r2, c2) = exp.configs()
    assert (r1.name, r2.name) == ("no-warmup", "warmup-100")
    assert (c1.schedule.warmup_steps, c2.schedule.warmup_steps) == (0, 100)
    assert c1.optimizer.lr == c2.optimizer.lr == 1e-2 and c1.run.preset == "andrea-tiny"
    assert _diff_keys(c1, c2) == ["schedule.warmup_steps"]
    # each run is exactly what `andrea-train --set ...` of its overrides builds
    assert c1 == build_config(overrides=list(r1.overrides))
    assert c2 == build_config(preset="andrea-tiny", overrides=list(r2.overrides))
    # extra settings go to both runs and cannot undo the one difference
    small = WarmupExperiment(warmup_steps=2, steps=4, extra=(*SMALL, "schedule.warmup_steps=7"))
    (_, s1), (_, s2) = small.configs()
    assert _diff_keys(s1, s2) == ["schedule.warmup_steps"] and s1.model.d_model == 32
    assert (s1.schedule.warmup_steps, s2.schedule.warmup_steps) == (0, 2)


@pytest.mark.parametrize("change, field, says", [
    ({"warmup_steps": 0}, "schedule.warmup_steps", "at least 1 warmup step"),
    ({"warmup_steps": 300}, "schedule.warmup_steps", "not below the 300 steps"),
    ({"lr": 0.0}, "optimizer.lr", "must be in (0, 1000]"),
    ({"lr": "fast"}, "optimizer.lr", "not a number"),
    ({"steps": 5000}, "steps", "beyond the schedule's end"),
    ({"steps": 0}, "steps", "whole number"),
    ({"preset": "gpt-5"}, "preset", "not one of"),
])
def test_warmup_experiment_refuses_a_bad_setting_naming_its_field(change, field, says):
    exp = dataclasses.replace(WarmupExperiment(), **change)
    problems = exp.problems()
    assert list(problems) == [field] and says in problems[field] and problems[field].startswith(field)
    with pytest.raises(ExperimentError, match=field):
        exp.configs()


def test_new_experiment_dialog_offers_the_lesson_and_names_each_bad_field(make_window, qtbot, tmp_path):
    w = make_window()
    action = w.window_actions.warmup_experiment_action
    assert action.isEnabled() and "Warmup" in action.text()
    action.trigger()
    dlg = w.experiments.dialog
    assert dlg is not None and dlg.isVisible()
    exp = dlg.experiment()
    assert (exp.preset, exp.lr, exp.warmup_steps, exp.steps) == ("andrea-tiny", 2e-2, 100, 300)
    assert dlg.parent_dir() == user_runs_dir() and dlg.ok_button.isEnabled()
    assert dlg.expect_label.text().endswith(expectation("andrea-tiny", 2e-2))
    assert "Expect the run without warmup to collapse" in dlg.expect_label.text()
    assert [p.name for p in dlg.run_dirs()] == [f"{dlg.name()}-no-warmup", f"{dlg.name()}-warmup-100"]
    dlg.set_field("schedule.warmup_steps", "0")  # the warmup run without warmup: refused, named
    err = dlg.errors["schedule.warmup_steps"]
    assert err.isVisible() and err.text().startswith("schedule.warmup_steps") and not dlg.ok_button.isEnabled()
    dlg.set_field("schedule.warmup_steps", "50")
    dlg.set_field("optimizer.lr", "fast")
    assert dlg.errors["optimizer.lr"].isVisible() and not err.isVisible() and not dlg.ok_button.isEnabled()
    dlg.set_field("optimizer.lr", "1e-3")
    assert dlg.ok_button.isEnabled() and "little difference" in dlg.expect_label.text()
    dlg.folder_edit.setText(str(tmp_path))
    (tmp_path / "taken-no-warmup").mkdir()
    (tmp_path / "taken-no-warmup" / "x").write_text("x")
    dlg.set_field("name", "taken")
    assert dlg.errors["name"].isVisible() and "exists already" in dlg.errors["name"].text()
    dlg.accept()  # refused: nothing starts
    assert dlg.isVisible() and w.thread is None
    dlg.reject()
    qtbot.waitUntil(lambda: w.experiments.dialog is None)


def _stored(path, name):
    with RunReader(path / METRICS_DB) as r:
        return r.scalars(name)


def test_experiment_trains_both_runs_in_turn_overlays_them_and_shows_samples_side_by_side(make_window, qtbot,
                                                                                        tmp_path):
    w = make_window(run="window-run")
    started, ended, live = [], [], []

    def on_started(i, n):
        started.append((i, n, w.experiments.label.text()))
        if i == 1:  # what the runs dock compares while run 2 trains
            w.runs.driver.snapshot.connect(lambda _s: live.append(list(w.runs_panel.table.checked)))

    w.experiments.run_started.connect(on_started)
    w.experiments.ended.connect(lambda ok, text: ended.append((ok, text)))
    exp = WarmupExperiment(lr=1e-2, warmup_steps=2, steps=4, extra=SMALL)
    assert w.experiments.start(exp, tmp_path / "lab", "lesson")
    qtbot.waitUntil(lambda: bool(ended), timeout=240_000)
    paths = exp.run_dirs(tmp_path / "lab", "lesson")
    assert ended == [(True, w.experiments.label.text())] and "finished" in ended[0][1]
    assert [(i, n) for i, n, _ in started] == [(0, 2), (1, 2)]
    assert "run 1 of 2 (no-warmup)" in started[0][2] and "run 2 of 2 (warmup-2)" in started[1][2]
    assert "Stop ends the experiment" in started[0][2]
    # both trained to their steps, one after the other, with config.toml differing only in the warmup
    assert [last_trained_step(p / METRICS_DB) for p in paths] == [4, 4]
    c1, c2 = (load_config(p / CONFIG) for p in paths)
    assert _diff_keys(c1, c2) == ["schedule.warmup_steps"]
    assert (c1.schedule.warmup_steps, c2.schedule.warmup_steps) == (0, 2)
    with RunReader(paths[0] / METRICS_DB) as r1, RunReader(paths[1] / METRICS_DB) as r2:
        end1 = max(t for *_x, t in r1.samples(wall_time=True))
        start2 = min(t for *_x, t in r2.samples(wall_time=True))
    assert end1 <= start2  # in turn, not at once
    lr1, lr2 = _stored(paths[0], TRAIN_LR)[1], _stored(paths[1], TRAIN_LR)[1]
    assert lr1[0] == pytest.approx(1e-2, rel=1e-3) and lr2[0] < lr1[0] / 1.5  # peak at once vs warming up
    # overlaid: exactly the two runs checked, their curves equal their stores
    dock, cmp = w.runs_panel, w.runs_panel.compare
    assert live and live[-1] == paths  # run 2 was overlaid, live, on run 1 while it trained
    assert dock.table.checked == paths and cmp.loss.plot.isVisible()
    assert dock.diff_keys() == ["schedule.warmup_steps"]
    dock.read_all()
    assert [dock.table.row(p).status.value for p in paths] == ["finished", "finished"]  # trained what was asked
    smoothing = cmp._smoothing()
    for p in paths:
        for plot, key, name, ema in ((cmp.loss, "smoothed", TRAIN_LOSS, smoothing), (cmp.loss, "val", VAL_LOSS, 0.0),
                                     (cmp.lr, "used", TRAIN_LR, 0.0)):
            steps, values = _stored(p, name)
            data = plot.curve_data(p, key)
            assert data is not None and len(steps) > 0, (p.name, key)
            np.testing.assert_allclose(data[0].data, steps.astype(float), err_msg=f"{p.name} {key} x")
            y = ema_debiased(values, ema)[0] if ema else values
            np.testing.assert_allclose(data[1].data, y, rtol=1e-12, err_msg=f"{p.name} {key} y")
    # samples side by side: both runs' samples at the same steps, with the step and the run's name
    view = w.experiments.samples_view
    assert view is not None and view.isVisible()
    headers = [view.table.horizontalHeaderItem(i).text() for i in range(view.table.columnCount())]
    assert headers == [p.name for p in paths]
    rows = view.rows()
    assert [s for s, _ in rows] == [4, 3, 2, 1]  # a sample every steps / 4, newest first
    assert view.table.verticalHeaderItem(0).text() == "step 4"
    # each cell has its run's numbers at that step: a probe is taken with every sample
    assert all("probe at step 4)" in text for text in rows[0][1]) and "λ_max — · basin —" in rows[0][1][0]
    for step, texts in rows:
        for p, text in zip(paths, texts, strict=True):
            with RunReader(p / METRICS_DB) as r:
                stored = [pr + t for s, pr, t in r.samples() if s == step]
            assert stored and text.endswith(one_line(stored[-1])), (p.name, step)  # under its numbers
    view.close()
    qtbot.waitUntil(lambda: w.experiments.samples_view is None)
    dock.samples_button.click()  # the runs dock shows any checked runs' samples side by side
    again = w.experiments.samples_view
    assert again is not None and again.rows() == rows
    again.close()


def test_stop_during_run_one_ends_the_experiment_without_starting_run_two(make_window, qtbot, tmp_path):
    w = make_window(run="window-run")
    ended = []
    w.experiments.ended.connect(lambda ok, text: ended.append((ok, text)))
    exp = WarmupExperiment(lr=1e-2, warmup_steps=100, steps=400, extra=SMALL)
    paths = exp.run_dirs(tmp_path / "lab", "stopped")
    assert w.experiments.start(exp, tmp_path / "lab", "stopped")
    qtbot.waitUntil(lambda: w.history.last_step >= 2, timeout=240_000)
    w.stop_action.trigger()
    assert "run 2 will not start" in w.experiments.label.text()
    qtbot.waitUntil(lambda: bool(ended), timeout=120_000)
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert ended[0][0] is False and "stopped during run 1 of 2" in ended[0][1] and "run 2 not started" in ended[0][1]
    assert w.experiments.label.text() == ended[0][1] and not w.experiments.active
    assert 2 <= last_trained_step(paths[0] / METRICS_DB) < 400
    assert not paths[1].exists() and w.run_dir == paths[0]
    w.runs_panel.read_all()
    assert w.runs_panel.table.row(paths[0]).status.value == "stopped"  # the user's Stop, before its steps
    assert w.experiments.samples_view is None and w.window_actions.warmup_experiment_action.isEnabled()


def test_samples_side_by_side_lines_up_steps_and_flags_a_repetitive_sample(qtbot, tmp_path):
    from andrea_desktop.core.config import save_config
    from andrea_desktop.core.rundir.store import RunStore
    from andrea_desktop.core.viewmodels.compare_samples import read_side_by_side
    from andrea_desktop.core.viewmodels.sources import samples_models
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    a, b, gone = tmp_path / "a", tmp_path / "b", tmp_path / "gone"
    for path, samples in ((a, [(100, "fine words here and there"), (200, "region " * 8)]),
                          (b, [(100, "other words, also fine"), (300, "late")])):
        path.mkdir()
        save_config(build_config(), path / CONFIG)
        store = RunStore(path / METRICS_DB)
        for step, text in samples:
            store.log_sample(step, "The ", text)
        store.close()
    d = read_side_by_side([a, b, gone])
    assert d.names == ("a", "b", "gone") and d.steps == (100, 200, 300) and d.common_steps() == []
    assert d.cells[0][0].text == "fine words here and there" and d.cells[1][1] is None and d.errors[:2] == ("", "")
    assert "gone" in d.errors[2]
    view = QtSamplesSideBySide(samples_models([a, b])[0], ["#1f77b4", "#ff7f0e"])
    qtbot.addWidget(view)
    rows = dict(view.rows())
    assert list(rows) == [300, 200, 100]
    assert [r.splitlines()[-1] for r in rows[100]] == ["The fine words here and there", "The other words, also fine"]
    assert rows[200][0].startswith("⚠ repetitive: score 0.88 ≥ 0.30 (“region” is 100% of the words")
    assert rows[200][0].splitlines()[-1].startswith("The region region")
    assert rows[200][1].startswith("(no sample at this step)") and "repetitive" not in rows[100][0]
    assert "3 steps with samples, 1 of them in every run" in view.header.text()


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
    # the text and its prompt cut, under three lines of numbers (repetition, attention, sharpness)
    assert len(view.rows()) == 10 and max(len(c) for c in cells) < MAX_TEXT_CHARS + 800
    assert any("characters)" in c for c in cells)


# ------------------------------------------------------------------ typed input the dialog refuses in its field
@pytest.fixture
def experiment_dialog(qtbot, tmp_path):
    from andrea_desktop.gui.dialogs.experiment.dialog import QtWarmupExperimentDialog

    dlg = QtWarmupExperimentDialog(None, tmp_path)
    qtbot.addWidget(dlg)
    return dlg


@pytest.mark.parametrize(("key", "text"), [("steps", "9" * 5000), ("optimizer.lr", "1" * 5000),
                                           ("optimizer.lr", "x" * 10_000), ("schedule.warmup_steps", "7" * 4400)])
def test_new_experiment_number_of_thousands_of_characters_is_refused_in_its_field(experiment_dialog, raised, key,
                                                                                  text):
    experiment_dialog.set_field(key, text)
    assert raised == []
    problem = experiment_dialog.problems.get(key) or experiment_dialog.problems.get("settings", "")
    assert problem and len(problem) < 250
    assert not experiment_dialog.ok_button.isEnabled()


@pytest.mark.parametrize("name", ["é" * 180, "😀" * 90])
def test_new_experiment_name_too_long_in_bytes_is_refused_in_its_field(experiment_dialog, raised, name):
    experiment_dialog.set_field("name", name)
    assert raised == []
    assert "bytes" in experiment_dialog.problems["name"]
    assert not experiment_dialog.ok_button.isEnabled()


@pytest.mark.parametrize("folder", ["afile", "afile/sub", "x" * 10_000, "a\x00b", "~nosuchuser-andrea"])
def test_new_experiment_folder_that_cannot_hold_runs_is_refused(experiment_dialog, raised, tmp_path, folder):
    (tmp_path / "afile").write_text("x")
    text = folder if folder.startswith(("x", "a\x00", "~")) else str(tmp_path / folder)
    experiment_dialog.folder_edit.setText(text)
    assert raised == []
    assert "folder" in experiment_dialog.problems and len(experiment_dialog.problems["folder"]) < 300
    assert not experiment_dialog.ok_button.isEnabled()
    assert experiment_dialog.problems["folder"] in experiment_dialog.expect_label.text()


def test_a_run_started_after_an_experiment_ends_its_overlay_and_joins_a_users_own(make_window, qtbot, tmp_path):
    """A new run started after an experiment trained hidden behind the still-checked overlay and
    the status bar kept saying "experiment finished": the user's start ends the experiment's (or a
    sweep's) overlay and line. A comparison the user made by hand stays, and the started run joins it."""
    from conftest import tiny_config, train_run

    lab = tmp_path / "lab"
    lab.mkdir()
    done = [lab / "lesson-no-warmup", lab / "lesson-warmup-2", lab / "mine"]
    for p in done:
        train_run(p, config=tiny_config(), max_steps=2)
    w = make_window(run="window-run")
    dock = w.runs_panel
    dock.set_folder(lab)
    dock.read_all()
    exp = w.experiments
    exp._check(done[:2])  # the experiment's end: its runs overlaid, its line said
    exp.say("experiment finished: 2 runs of 2 steps overlaid (Runs dock)")
    assert dock.table.checked == done[:2] and exp.label.isVisibleTo(w)

    def start(name: str):
        prepared = []
        w.runs.prepared.connect(lambda info: prepared.append(info))
        w.runs.new_run_config = tiny_config()
        w.runs.max_steps = 2
        w.runs.set_run(tmp_path / name, "andrea-tiny")
        w.start_training()
        qtbot.waitUntil(lambda: bool(prepared), timeout=120_000)
        qtbot.waitUntil(lambda: w.thread is None, timeout=120_000)
        return tmp_path / name

    start("after-the-experiment")
    assert dock.table.checked == [] and not exp.label.isVisibleTo(w)  # the window shows the new run
    assert not dock.compare.active and w.loss_panel.plot.isVisible()
    w.sweeps.overlay(done[:2])  # a finished sweep's overlay ends the same way
    w.sweeps.say("sweep finished")
    start("after-a-sweep")
    assert dock.table.checked == [] and not w.sweeps.label.isVisibleTo(w)
    dock.set_checked(done[2])  # the user's own comparison
    new = start("joins-mine")
    assert dock.table.checked == [done[2], new] and new in dock.compare.runs
    assert dock.compare.colours[new] == dock.table.colour(new)
