"""The validators' problems under a field in the interface language: core gives each as data
(``Problem``: key, code, values) and the GUI formats it from its own translated template, with the
key, the value and the bounds kept (gui/common/core_messages.py); core's English is never parsed."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest
from conftest import TS_DIR, lrelease_path
from PySide6.QtCore import QTranslator

from andrea_desktop.core.config import load_preset
from andrea_desktop.core.config.overrides import override_problems
from andrea_desktop.core.errors import PROBLEM_TEXTS, Problem
from andrea_desktop.gui.common.core_messages import PROBLEM_TEMPLATES, problem_text
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

ROOT = Path(__file__).resolve().parents[1]

OVERRIDES = {  # a bad override: the problem core gives for it
    'optimizer.lr="abc"': ("optimizer.lr", "not_number"),
    "model.dropout=1.5": ("model.dropout", "range"),
    "terrain.interval=-1": ("terrain.interval", "range"),
    "model.vocab_size=-1": ("model.vocab_size", "bound"),
    'probe.text="  "': ("probe.text", "empty"),
}


def _problem(override: str) -> Problem:
    (problem,) = override_problems([override], load_preset("andrea-tiny")).values()
    return problem


def _installed(qapp, language: str, tmp_path):
    qm = tmp_path / f"andrea_{language}.qm"
    subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{language}.ts"), "-qm", str(qm)], check=True)
    tr = QTranslator()
    assert tr.load(str(qm))
    qapp.installTranslator(tr)
    return tr


@pytest.fixture
def dutch(qapp, tmp_path):
    tr = _installed(qapp, "nl", tmp_path)
    yield
    qapp.removeTranslator(tr)


@pytest.fixture
def indonesian(qapp, tmp_path):
    tr = _installed(qapp, "id", tmp_path)
    yield
    qapp.removeTranslator(tr)


@pytest.mark.parametrize("override", list(OVERRIDES))
def test_core_gives_each_common_problem_as_data_and_english_is_shown_as_written(qapp, override):
    problem = _problem(override)
    assert (problem.key, problem.code) == OVERRIDES[override]
    assert problem_text(problem) == problem.text and problem.text.startswith(problem.key + ": ")


def test_every_code_core_gives_has_a_template_of_the_same_fields():
    from andrea_desktop.gui.common.i18n import format_fields

    config_codes = {c for c in PROBLEM_TEXTS if not c.startswith("name_")}
    assert set(PROBLEM_TEMPLATES) == config_codes
    for code, template in PROBLEM_TEMPLATES.items():
        assert format_fields(template) == format_fields(PROBLEM_TEXTS[code]), code


def test_a_validation_problem_shows_in_dutch_with_its_key_kept(qtbot, dutch):
    assert problem_text(_problem('optimizer.lr="abc"')) == "optimizer.lr: een getal verwacht, niet 'abc'"
    assert problem_text(_problem("model.dropout=1.5")) == "model.dropout: moet in [0, 1) liggen, niet 1.5"
    assert problem_text(_problem("terrain.interval=-1")) == \
        "terrain.interval: moet in [0, 10,000,000,000] liggen (0 = off), niet -1"
    assert problem_text(_problem("model.vocab_size=-1")) == "model.vocab_size: moet >= 0 zijn, niet -1"
    assert problem_text(_problem('probe.text="  "')) == "probe.text: mag niet leeg zijn"
    other = Problem("data.sources", "other", {"text": "data.sources: a problem of its own"})
    assert problem_text(other) == "data.sources: a problem of its own"


def test_a_validation_problem_shows_in_indonesian_with_its_key_kept(qtbot, indonesian):
    assert problem_text(_problem('optimizer.lr="abc"')) == "optimizer.lr: harus berupa angka, bukan 'abc'"
    assert problem_text(_problem("model.dropout=1.5")) == "model.dropout: harus dalam [0, 1), bukan 1.5"
    assert problem_text(_problem("model.vocab_size=-1")) == "model.vocab_size: harus >= 0, bukan -1"
    assert problem_text(_problem('probe.text="  "')) == "probe.text: tidak boleh kosong"


def test_a_field_error_from_the_validator_is_shown_translated(qtbot, dutch):
    dlg = QtNewRunDialog(default_name=lambda preset: f"{preset}-run")
    qtbot.addWidget(dlg)
    dlg.fields["optimizer.lr"].widget.setText("abc")
    dlg.fields["model.dropout"].widget.setText("1.5")
    qtbot.waitUntil(lambda: bool(dlg.fields["optimizer.lr"].error.text()))
    assert dlg.fields["optimizer.lr"].error.text() == "optimizer.lr: een getal verwacht, niet 'abc'"
    assert dlg.fields["model.dropout"].error.text() == "model.dropout: moet in [0, 1) liggen, niet 1.5"


def test_no_regular_expression_reads_cores_message_text():
    """The GUI never matches core's English: no regular expression in gui/ holds a word of core's
    problem texts, and the messages module imports no ``re``."""
    words = ("expected", "must be", "must not", "out of range", "too large", "finite")
    where = []
    for path in sorted((ROOT / "andrea_desktop" / "gui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and any(w in node.args[0].value for w in words)):
                where.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not where, where
    source = (ROOT / "andrea_desktop" / "gui" / "common" / "core_messages.py").read_text(encoding="utf-8")
    assert "import re" not in source
