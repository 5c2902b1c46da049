"""The validators' common messages under a field (core writes English) in the interface language,
with the key, the value and the bounds kept (gui/qt_core_messages.py)."""

from __future__ import annotations

import subprocess

import pytest
from PySide6.QtCore import QTranslator
from test_translations import TS_DIR, _lrelease

from andrea_desktop.gui.dialogs.qt_new_run_dialog import QtNewRunDialog
from andrea_desktop.gui.qt_core_messages import translated_core_message

MESSAGES = ["optimizer.lr: expected a number, got 'abc'", "model.dropout: must be in [0, 1)",
            "schedule.total_steps: must be in [1, 100,000,000]", "train.grad_accum: must be >= 1",
            "checkpoint.interval: must be in [0, 1,000,000] (0 = off)", "run.name: must not be empty"]


@pytest.fixture
def dutch(qapp, tmp_path):
    qm = tmp_path / "andrea_nl.qm"
    subprocess.run([_lrelease(), "-silent", str(TS_DIR / "andrea_nl.ts"), "-qm", str(qm)], check=True)
    tr = QTranslator()
    assert tr.load(str(qm))
    qapp.installTranslator(tr)
    yield
    qapp.removeTranslator(tr)


@pytest.mark.parametrize("message", MESSAGES)
def test_english_messages_are_shown_as_written(qapp, message):
    assert translated_core_message(message) == message


def test_common_forms_are_translated_keeping_key_value_and_bounds(qtbot, dutch):
    assert translated_core_message("optimizer.lr: expected a number, got 'abc'") == \
        "optimizer.lr: een getal verwacht, niet 'abc'"
    assert translated_core_message("model.dropout: must be in [0, 1)") == "model.dropout: moet in [0, 1) liggen"
    assert translated_core_message("checkpoint.interval: must be in [0, 1,000,000] (0 = off)") == \
        "checkpoint.interval: moet in [0, 1,000,000] liggen (0 = off)"
    assert translated_core_message("train.grad_accum: must be >= 1") == "train.grad_accum: moet >= 1 zijn"
    other = "data.sources: a form no pattern knows"
    assert translated_core_message(other) == other


def test_a_field_error_from_the_validator_is_shown_translated(qtbot, dutch):
    dlg = QtNewRunDialog(default_name=lambda preset: f"{preset}-run")
    qtbot.addWidget(dlg)
    dlg.fields["optimizer.lr"].widget.setText("abc")
    dlg.fields["model.dropout"].widget.setText("1.5")
    qtbot.waitUntil(lambda: bool(dlg.fields["optimizer.lr"].error.text()))
    assert dlg.fields["optimizer.lr"].error.text() == "optimizer.lr: een getal verwacht, niet 'abc'"
    assert dlg.fields["model.dropout"].error.text() == "model.dropout: moet in [0, 1) liggen"
