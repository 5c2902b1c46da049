"""The samples panel says the settings that made its samples: the temperature, top-k, interval
and length of the run's config in its header, and each sample before a resume that changed them
keeps the ones that made it."""

from __future__ import annotations

import dataclasses

from conftest import tiny_config, train_run
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from andrea_desktop.core.config import Config, ProbeConfig, load_config, save_config
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.gui.panels.samples.panel import QtSamplesPanel


def test_samples_show_the_temperature_top_k_and_interval_that_made_them(qtbot):
    panel = QtSamplesPanel()
    qtbot.addWidget(panel)
    panel.model.set_config(Config(probe=ProbeConfig(temperature=0.8, top_k=40, sample_interval=200, sample_tokens=48)))
    assert "temperature 0.8" in panel.header.text() and "top-k 40" in panel.header.text()
    assert "every 200" in panel.header.text() and "48 tokens" in panel.header.text()
    # a resume at step 300 changed the temperature and top-k: the sample before it keeps the old ones
    b = SnapshotBuilder()
    b.add_sample(200, "The ", "cat sat")
    b.add_event(300, "config_changed", {"changes": [
        {"key": "probe.temperature", "old": 1.25, "new": 0.8}, {"key": "probe.top_k", "old": 0, "new": 40},
        {"key": "optimizer.lr", "old": 1e-3, "new": 2e-3}]})
    panel.model.apply(b.take())
    b.add_sample(400, "The ", "dog ran")
    panel.model.apply(b.take())
    text = panel.view.toPlainText()
    new, old = text.split("step 200")
    assert "step 400 · temperature 0.8 · top-k 40 · every 200 steps" in new
    assert "temperature 1.25 · top-k all · every 200 steps" in old
    panel.model.set_config(Config(probe=ProbeConfig(enabled=False)))
    assert "off" in panel.header.text()


def test_the_window_says_the_runs_sample_settings(make_window):
    w = make_window(tiny_config(probe={"temperature": 0.7, "top_k": 12, "sample_interval": 30}))
    assert "temperature 0.7" in w.samples_panel.header.text() and "top-k 12" in w.samples_panel.header.text()


def test_samples_before_a_resume_keep_the_settings_that_made_them(qtbot, make_window, tmp_path):
    cfg = tiny_config(schedule={"warmup_steps": 2, "total_steps": 100, "min_lr": 3e-4},
                      train={"eval_interval": 1000}, checkpoint={"interval": 1000},
                      probe={"interval": 1000, "sample_interval": 3, "sample_tokens": 4, "temperature": 0.8})
    train_run(tmp_path / "run", cfg, 6)
    changed = load_config(tmp_path / "run" / "config.toml")
    save_config(changed.replace(probe=dataclasses.replace(changed.probe, temperature=1.5)),
                tmp_path / "run" / "config.toml")
    w = make_window(run="run", max_steps=9)

    def agree():  # "Continue with the new settings"
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, agree)
            return
        next(b for b in box.buttons() if b.text().startswith("Continue")).click()

    QTimer.singleShot(50, agree)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert [s for s, _, _ in w.samples_panel.samples] == [3, 6, 9]
    text = w.samples_panel.view.toPlainText()
    assert "step 9 · temperature 1.5" in text and "step 6 · temperature 0.8" in text
    assert "step 3 · temperature 0.8" in text and "temperature 1.5" in w.samples_panel.header.text()


def test_a_samples_bidi_override_zero_width_and_ansi_characters_are_shown_as_marks(qtbot):
    from andrea_desktop.gui.panels.samples.panel import repetition_text

    panel = QtSamplesPanel()
    qtbot.addWidget(panel)
    panel.model.set_config(Config(probe=ProbeConfig(sample_prompt="Say\u202e ")))
    b = SnapshotBuilder()
    b.add_sample(200, "Say\u202e ", "gnp.exe\u200b \x1b[2Jclear\nnext line\t" + "loop\u202e " * 60)
    panel.model.apply(b.take())
    text = panel.view.toPlainText()
    for raw in ("\u202e", "\u200b", "\x1b"):
        assert raw not in text and raw not in panel.header.text()
    assert "Say\\u{202e}" in panel.header.text() and "gnp.exe\\u{200b} \\x1b[2Jclear" in text
    assert any(line.startswith("next line\t") for line in text.splitlines())  # newline and tab stay
    # the flagged sample's top word, in the panel and wherever its repetition is told
    assert "“loop\\u{202e}” is" in text
    from andrea_desktop.core.repetition import measure_repetition

    assert "“loop\\u{202e}”" in repetition_text(measure_repetition("loop\u202e " * 60))


def test_a_two_million_character_sample_is_shown_cut_with_its_length(qtbot):
    # a store is untrusted: a 2 MB sample of ESC (8 characters each once marked) is cut before it is
    # marked and set as HTML, or the panel hangs for minutes
    from andrea_desktop.core.viewmodels.compare_samples import MAX_TEXT_CHARS

    panel = QtSamplesPanel()
    qtbot.addWidget(panel)
    b = SnapshotBuilder()
    b.add_sample(12, "ab\u202e" + "p" * 5000, "\x1b[31m" + "\x1b" * 2_000_000)
    panel.model.apply(b.take())
    panel.show()
    text = panel.view.toPlainText()
    assert "\x1b" not in text and "(2,000,005 characters)" in text and "(5,003 characters)" in text
    assert text.count("\\x1b") == 1 + MAX_TEXT_CHARS - len("\x1b[31m")  # the first MAX_TEXT_CHARS characters
    assert panel.samples[0][2] == "\x1b[31m" + "\x1b" * 2_000_000  # the model keeps the whole text
