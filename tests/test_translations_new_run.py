"""The New Run and New Experiment dialogs and the experiment's texts in Indonesian and Dutch: every string of their contexts translated with its placeholders, the dialogs
built in the chosen language with nothing clipped, and the values behind translated texts (the
device combo's ``auto``) unchanged."""

from __future__ import annotations

import subprocess

import pytest
from conftest import TS_DIR, clipped_texts, lrelease_path, placeholder_fields, ts_messages
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QGroupBox

from andrea_desktop.gui.common import i18n as qt_i18n
from andrea_desktop.gui.dialogs.experiment.dialog import QtWarmupExperimentDialog
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog
from andrea_desktop.gui.panels.samples.side_by_side import cell_text

CONTEXTS = ("QtNewRunDialog", "QtNewRunFields", "QtDataSources", "QtRunEstimates", "NewRunLauncher",
            "QtWarmupExperimentDialog", "QtExperiments", "QtSamplesSideBySide")


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_new_run_and_experiment_text_is_translated(lang):
    ours = {k: t for k, t in ts_messages(lang).items() if k[0] in CONTEXTS}
    assert len(ours) > 100
    assert not [k for k, t in ours.items() if not t]
    assert not [k for k, t in ours.items() if sorted(placeholder_fields(k[1])) != sorted(placeholder_fields(t))]


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_new_run_and_experiment_dialogs_in_the_chosen_language(qtbot, language, lang, tmp_path, monkeypatch):
    language(lang)
    built = tmp_path / f"andrea_{lang}.qm"  # this checkout's .ts (an installed .qm may be older)
    subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{lang}.ts"), "-qm", str(built)], check=True)
    monkeypatch.setattr(qt_i18n, "qm_path", lambda code: built)
    assert qt_i18n.install_translators(QApplication.instance(), lang) == lang
    ts = ts_messages(lang)
    dlg = QtNewRunDialog(default_name=lambda preset: f"{preset}-run")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    titles = [b.title() for b in dlg.findChildren(QGroupBox)]
    assert ts["QtNewRunDialog", "Optimiser (AdamW)"] in titles
    assert ts["QtRunEstimates", "Estimates"] in titles
    assert dlg.ok_button.text() == ts["QtNewRunDialog", "Create"]
    assert dlg.status.text() == ts["QtNewRunDialog", "{n} setting(s) changed from the starting point."].format(n=0)
    assert dlg.fields["run.device"].text() == '"auto"'  # shown translated, the value stays
    qtbot.wait(100)  # the scroll area settles (a scroll bar shows for a moment at first, in English too)
    problems = clipped_texts(dlg)
    dlg.name_edit.setText("bad/name")
    dlg.max_steps_edit.setText("0")
    qtbot.wait(30)
    assert dlg.status.text() == ts["QtNewRunDialog", "{n} setting(s) to fix (in red)."].format(n=2)
    problems += clipped_texts(dlg)
    dlg.reject()

    exp = QtWarmupExperimentDialog()
    qtbot.addWidget(exp)
    exp.show()
    qtbot.waitExposed(exp)
    qtbot.wait(50)
    assert exp.ok_button.text() == ts["QtWarmupExperimentDialog", "Train both"]
    problems += clipped_texts(exp)
    exp.set_field("steps", "x")
    qtbot.wait(30)
    assert exp.runs_label.text() == ts["QtWarmupExperimentDialog", "(named once the settings in red are fixed)"]
    problems += clipped_texts(exp)
    exp.reject()
    assert cell_text(None) == ts["QtSamplesSideBySide", "(no sample at this step)"]
    assert not problems, "\n".join(problems)


def test_english_texts_stay_as_written(qapp, language):
    language("en")
    qt_i18n.install_translators(qapp, "en")
    assert cell_text(None) == "(no sample at this step)"
    assert QCoreApplication.translate("QtExperiments", "experiment stopping") == "experiment stopping"
