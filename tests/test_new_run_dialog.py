"""The New Run dialog: its settings make the run's config.toml through the one validator the
command line uses; bad fields are named next to them, a name or step count it cannot take
refused in its field without raising; the user's files train; estimates."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import andrea_train, tiny_config

from andrea_desktop.core.config import ModelConfig, load_config, save_config
from andrea_desktop.core.config.overrides import build_config
from andrea_desktop.core.lifecycle import RunState
from andrea_desktop.core.model import GPT
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB, user_runs_dir
from andrea_desktop.core.training.trial import estimate_run, parameter_count
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

pq = pytest.importorskip("pyarrow.parquet")
pa = pytest.importorskip("pyarrow")

SMALL = {"model.n_layer": "2", "model.d_model": "32", "model.n_head": "2", "model.block_size": "32",
         "data.tokenizer_vocab_size": "384", "train.batch_size": "8", "run.torch_threads": "1"}
"""A model that trains and measures in well under a second a step on a loaded machine."""


@pytest.fixture
def dialog(qtbot):
    dlg = QtNewRunDialog(None, preset="andrea-tiny")
    qtbot.addWidget(dlg)
    dlg.show()
    yield dlg
    dlg.estimates.stop()


def _prose(seed: int, n_words: int) -> str:
    rng = random.Random(seed)
    words = ["the", "model", "reads", "a", "river", "of", "tokens", "and", "learns", "which", "word",
             "comes", "next", "slowly", "at", "first", "then", "faster", "as", "its", "loss", "falls"]
    return " ".join(rng.choice(words) for _ in range(n_words)) + ".\n"


def user_folder(tmp_path):
    """A folder of the user's own text: one .txt, one .jsonl and one .parquet file."""
    folder = tmp_path / "my-texts"
    folder.mkdir()
    (folder / "notes.txt").write_text(_prose(1, 2500), encoding="utf-8")
    with open(folder / "lines.jsonl", "w", encoding="utf-8") as fh:
        for i in range(20):
            fh.write(json.dumps({"text": _prose(10 + i, 120)}) + "\n")
    pq.write_table(pa.table({"text": [_prose(100 + i, 120) for i in range(20)]}), folder / "rows.parquet")
    return folder


def test_changed_settings_give_the_config_of_build_config_with_the_same_set_overrides(dialog, tmp_path):
    folder = user_folder(tmp_path)
    dialog.set_field("optimizer.lr", "5e-4")
    dialog.set_field("schedule.warmup_steps", "0")
    dialog.set_field("model.n_layer", "2")
    dialog.set_field("run.seed", "7")
    name = dialog.data.add_source([folder])
    sets = ["optimizer.lr=5e-4", "schedule.warmup_steps=0", "model.n_layer=2", "run.seed=7",
            f'data.sources=[{{ name = "{name}", paths = ["{folder}"] }}]']
    assert sorted(dialog.overrides()) == sorted(sets)  # only the changed fields
    expected = build_config(preset="andrea-tiny", overrides=sets)
    assert dialog.ok_button.isEnabled() and dialog.config() == expected
    save_config(dialog.config(), tmp_path / "dialog.toml")
    save_config(expected, tmp_path / "set.toml")
    assert (tmp_path / "dialog.toml").read_bytes() == (tmp_path / "set.toml").read_bytes()
    assert dialog.config().optimizer.lr == 5e-4 and dialog.config().data.sources[0].paths == [str(folder)]
    from andrea_desktop.cli.train import (  # andrea-train's own config building
        _settings,
        _train_parser,
    )

    args = _train_parser().parse_args(["--run-dir", str(tmp_path / "cli"), "--preset", "andrea-tiny",
                                       *(a for s in sets for a in ("--set", s))])
    assert _settings(args, exists=False) == dialog.config()


def test_scientific_notation_is_taken_and_an_unchanged_value_is_no_override(dialog):
    dialog.set_field("optimizer.lr", "1e-3")  # the preset's own peak LR, written otherwise
    dialog.set_field("optimizer.betas", "[0.9, 0.95]")
    assert dialog.overrides() == [] and dialog.ok_button.isEnabled()
    dialog.set_field("optimizer.lr", "2E-3")
    assert dialog.overrides() == ["optimizer.lr=2E-3"] and dialog.config().optimizer.lr == 2e-3


@pytest.mark.parametrize("key, text, says", [
    ("model.n_head", "5", "model.d_model: 128 is not divisible by n_head = 5"),
    ("optimizer.lr", "-1e-3", "optimizer.lr: must be in (0, 1000]"),
    ("schedule.warmup_steps", "5000", "schedule.warmup_steps: 5000 exceeds total_steps = 3000"),
    ("model.dropout", "lots", "model.dropout: expected a number, got 'lots'"),
    ("optimizer.betas", "[0.9, 1.5]", "optimizer.betas: values must be in [0, 1)"),
])
def test_each_bad_field_is_named_next_to_it_and_create_is_disabled(dialog, key, text, says):
    field = dialog.fields[key]
    before = field.text()
    dialog.set_field(key, text)
    assert not field.error.isHidden() and says in field.error.text()
    assert [k for k, f in dialog.fields.items() if not f.error.isHidden()] == [key]  # only that one
    assert not dialog.ok_button.isEnabled() and dialog.config() is None
    dialog.accept()
    assert dialog.isVisible()  # OK does nothing while a field is bad
    dialog.set_field(key, before)  # back to the preset's value
    assert field.error.isHidden() and dialog.ok_button.isEnabled()


def test_fields_that_only_go_together_are_not_refused_alone(dialog):
    dialog.set_field("model.n_head", "3")  # 128 does not divide by 3 ...
    assert not dialog.ok_button.isEnabled()
    dialog.set_field("model.d_model", "96")  # ... but 96 does
    assert dialog.problems == {} and dialog.ok_button.isEnabled()
    assert dialog.config().model.d_model == 96 and dialog.config().model.n_head == 3


def test_values_that_clash_together_are_reported_in_the_status_line(dialog):
    dialog.set_field("optimizer.lr", "2e-4")  # fine alone (min LR 1e-4) ...
    dialog.set_field("schedule.min_lr", "5e-4")  # ... fine alone (peak 1e-3), not together
    assert dialog.problems == {} and not dialog.ok_button.isEnabled()
    assert "schedule.min_lr: 0.0005 exceeds the peak optimizer.lr = 0.0002" in dialog.status.text()
    assert "exceeds the peak" in dialog.fields["schedule.min_lr"].error.text()  # and next to the key named
    dialog.set_field("schedule.min_lr", "1e-4")
    assert dialog.fields["schedule.min_lr"].error.isHidden() and dialog.ok_button.isEnabled()


def test_a_run_name_whose_folder_exists_is_refused(dialog):
    taken = user_runs_dir() / "taken-run"
    taken.mkdir(parents=True, exist_ok=True)
    (taken / CONFIG).write_text("", encoding="utf-8")
    dialog.name_edit.setText("taken-run")
    assert "exists already" in dialog.name_error.text() and not dialog.ok_button.isEnabled()
    dialog.name_edit.setText("a/b")
    assert "names a folder" in dialog.name_error.text()
    dialog.name_edit.setText("fresh-name")
    assert dialog.name_error.isHidden() and dialog.run_dir() == user_runs_dir() / "fresh-name"


def test_choosing_another_preset_resets_every_field_to_its_values(dialog):
    dialog.set_field("model.n_layer", "2")
    dialog.set_field("optimizer.lr", "5e-4")
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("andrea-12m"))
    twelve = build_config(preset="andrea-12m")
    assert dialog.overrides() == [] and dialog.config() == twelve
    assert dialog.fields["model.n_layer"].text() == str(twelve.model.n_layer)


def test_the_parameter_count_is_the_models_and_estimates_follow_each_edit(dialog, qtbot):
    for key, text in SMALL.items():
        dialog.set_field(key, text)
    cfg = dialog.config()
    real = GPT(dataclasses.replace(cfg.model, vocab_size=384)).num_params()
    assert estimate_run(cfg).params == real
    assert dialog.estimates.labels["params"].text().startswith(f"{real:,}")
    assert dialog.estimates.labels["tokens"].text() == f"{8 * 32:,}"
    with qtbot.waitSignal(dialog.estimates.trial_done, timeout=60_000):
        dialog.set_field("model.n_layer", "3")
    real3 = GPT(dataclasses.replace(cfg.model, n_layer=3, vocab_size=384)).num_params()
    assert dialog.estimates.labels["params"].text().startswith(f"{real3:,}")
    assert dialog.estimates.step_time is not None and dialog.estimates.step_time > 0
    assert "for 3,000 steps" in dialog.estimates.labels["eta"].text()  # the schedule's total
    dialog.max_steps_edit.setText("10")
    assert "for 10 steps" in dialog.estimates.labels["eta"].text()  # no new trial for that


@pytest.mark.parametrize("shape", [dict(n_layer=1, d_model=8, n_head=2, block_size=4),
                                   dict(n_layer=3, d_model=48, n_head=4, block_size=64)])
def test_parameter_count_formula_matches_the_model(shape):
    m = ModelConfig(vocab_size=300, **shape)
    assert parameter_count(m, 300) == GPT(m).num_params()


def test_a_folder_of_the_users_files_added_in_the_dialog_trains(make_window, qtbot, tmp_path):
    folder = user_folder(tmp_path)
    w = make_window()
    dlg = w.new_run()
    assert dlg is not None and w.runs.new_runs.dialog is dlg
    dlg.preset_combo.setCurrentIndex(dlg.preset_combo.findData("andrea-tiny"))
    for key, text in {**SMALL, "data.max_bytes_per_source": "40000", "optimizer.lr": "5e-4"}.items():
        dlg.set_field(key, text)
    name = dlg.data.add_source([folder])
    dlg.curriculum_combo.setCurrentIndex(dlg.curriculum_combo.findData("uniform"))
    dlg.name_edit.setText("from-the-dialog")
    dlg.max_steps_edit.setText("3")
    cfg, sets = dlg.config(), dlg.overrides()
    assert cfg is not None and not cfg.curriculum.enabled
    dlg.accept()
    run = user_runs_dir() / "from-the-dialog"
    assert w.run_dir == run and w.runs.max_steps == 3
    qtbot.waitUntil(lambda: w.thread is None and w.state in (RunState.STOPPED, RunState.FINISHED),
                    timeout=120_000)
    from andrea_desktop.core.rundir.reader import RunReader

    reader = RunReader(run / METRICS_DB)
    try:
        steps, counts = reader.scalars(f"mix/count/{name}")
    finally:
        reader.close()
    assert list(steps) == [3] and counts[-1] > 0  # rows were drawn from the user's files
    written = load_config(run / CONFIG)  # the config.toml the run was made with
    assert written == cfg.replace(model=dataclasses.replace(cfg.model, vocab_size=written.model.vocab_size),
                                  data=dataclasses.replace(cfg.data, fingerprint=written.data.fingerprint))
    # andrea-train with the same --set overrides writes the very same config.toml
    cli = andrea_train("--run-dir", tmp_path / "cli-run", "--preset", "andrea-tiny",
                       *(a for s in sets for a in ("--set", s)), "--max-steps", "0", "-q")
    assert cli.returncode == 0, cli.stderr
    assert (tmp_path / "cli-run" / CONFIG).read_bytes() == (run / CONFIG).read_bytes()


def test_start_on_a_fresh_window_opens_the_new_run_dialog(qtbot):
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())
    w = MainWindow(None)  # no run folder given, no --autostart
    qtbot.addWidget(w)
    assert w.runs.is_fresh()
    w.start_action.trigger()
    dlg = w.runs.new_runs.dialog
    assert dlg is not None and dlg.isVisible() and w.thread is None  # nothing trains yet
    assert dlg.preset() == "andrea-tiny" and dlg.start_now.isChecked()
    dlg.reject()
    qtbot.waitUntil(lambda: w.runs.new_runs.dialog is None)
    assert w.thread is None and w.runs.is_fresh()


def test_new_run_from_this_one_starts_from_the_open_runs_settings(qtbot, tmp_path):
    from andrea_desktop.gui.window.main_window import MainWindow

    run = tmp_path / "old-run"
    run.mkdir()
    old = tiny_config()
    old = old.replace(model=dataclasses.replace(old.model, vocab_size=384),
                      data=dataclasses.replace(old.data, fingerprint="abc"))
    save_config(old, run / CONFIG)
    w = MainWindow(run)
    qtbot.addWidget(w)
    assert w.window_actions.new_from_action.isEnabled()
    dlg = w.new_run_from_this()
    assert dlg.preset() is None and dlg.preset_combo.currentText() == "old-run's settings"
    assert dlg.overrides() == [] and dlg.fields["model.d_model"].text() == "32"
    assert dlg.config() == old.replace(model=dataclasses.replace(old.model, vocab_size=0),
                                       data=dataclasses.replace(old.data, fingerprint=""))
    dlg.reject()


def test_a_model_too_big_for_the_memory_is_not_trial_run_and_says_why(dialog, qtbot, monkeypatch):
    from andrea_desktop.core.training import trial

    monkeypatch.setattr(trial, "available_memory", lambda device=None: 2**20)  # a 1 MiB machine
    with qtbot.waitSignal(dialog.estimates.trial_done, timeout=30_000):
        dialog.set_field("model.n_layer", "3")
    assert dialog.estimates.step_time is None
    assert dialog.estimates.labels["time"].text().startswith("not measured: training needs about")
    assert dialog.estimates.labels["eta"].text() == "–"
    assert dialog.ok_button.isEnabled()  # the run can still be made (the start checks memory again)


def test_a_run_of_the_users_data_only_drops_the_curriculums_embedded_names(dialog, tmp_path):
    dialog.data.embedded.setChecked(False)
    assert "no embedded corpus and no sources" in dialog.data_error.text() and not dialog.ok_button.isEnabled()
    name = dialog.data.add_source([user_folder(tmp_path)])
    cfg = dialog.config()
    assert cfg is not None and [s.name for s in cfg.data.sources] == [name] and not cfg.data.embedded
    # the preset's floor, cap and warmup sources name embedded sources this run has not
    assert cfg.curriculum.enabled and cfg.curriculum.floors == {} and cfg.curriculum.caps == {}
    assert cfg.curriculum.warmup_sources == [] and "Left out" in dialog.curriculum_note.text()
    dialog.data.table.selectRow(0)
    dialog.data.remove_selected()
    assert dialog.data.user == [] and not dialog.ok_button.isEnabled()
    dialog.data.embedded.setChecked(True)
    assert dialog.overrides() == [] and dialog.ok_button.isEnabled()


# ------------------------------------------------------------------ typed input refused in its field
@pytest.mark.parametrize("text", ["²", "9" * 5000])
def test_new_run_max_steps_in_other_digits_or_thousands_of_them_is_refused(qtbot, raised, text):
    dlg = QtNewRunDialog(None)
    qtbot.addWidget(dlg)
    dlg.max_steps_edit.setText(text)
    assert raised == []
    assert not dlg.ok_button.isEnabled() and dlg.max_steps() is None


@pytest.mark.parametrize("name", ["é" * 200, "a\u202eb"])
def test_new_run_name_too_long_in_bytes_or_invisible_is_refused(qtbot, raised, name):
    dlg = QtNewRunDialog(None)
    qtbot.addWidget(dlg)
    dlg.name_edit.setText(name)
    assert raised == []
    assert not dlg.ok_button.isEnabled()


def test_a_dialog_deleted_while_its_trial_steps_run_leaves_the_trial_to_finish(qtbot):
    """A New Run dialog deleted without being closed (collected, its window gone) while its trial
    thread trained: Qt destroyed the running thread with it and aborted the whole process (three
    such dialogs' trials also set torch's thread count at once). The thread now has no parent and
    ends on its own; trials take turns (core.training.threads.THREADS_LOCK).

    The test holds that lock while it deletes the dialogs, so each trial is certainly running (waiting
    for its turn) when its dialog goes, whatever the model; the test-sized model then trains its
    trial steps in a moment where andrea-tiny's took seconds."""
    import shiboken6

    from andrea_desktop.core.training.threads import THREADS_LOCK
    from andrea_desktop.gui.dialogs.new_run import estimates

    dialogs = []
    earlier = set(estimates._RUNNING)  # an earlier test's trial whose end is not yet handled
    with THREADS_LOCK:  # the trials wait for their turn until the dialogs are gone
        for _ in range(3):
            dlg = QtNewRunDialog(None, base=tiny_config())
            dlg.show()
            dialogs.append(dlg)
        qtbot.waitUntil(lambda: len(estimates._RUNNING - earlier) == 3, timeout=30_000)  # three trials started
        threads = list(estimates._RUNNING - earlier)
        for dlg in dialogs:
            shiboken6.delete(dlg)  # the dialog and its children, now, while the trials run
        assert all(shiboken6.isValid(t) and t.isRunning() for t in threads)
    qtbot.waitUntil(lambda: not estimates._RUNNING.intersection(threads), timeout=120_000)
    assert all(shiboken6.isValid(t) and t.isFinished() for t in threads)
