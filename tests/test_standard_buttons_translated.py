"""Qt's standard buttons (OK, Cancel, Yes, No) in Indonesian, which Qt itself does not translate:
our .ts files carry them (``gui/common/i18n.py``), and a dialog's button box shows them."""

from __future__ import annotations

import subprocess

import pytest
from conftest import TS_DIR, lrelease_path, ts_messages
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QDialogButtonBox

from andrea_desktop.gui.common.i18n import _QT_BUTTONS as STANDARD_BUTTON_TEXTS


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_standard_button_text_has_a_translation(lang):
    ts = ts_messages(lang)
    theirs = {(c, s): t for (c, s), t in ts.items() if c in ("QPlatformTheme", "QGnomeTheme")}
    assert {s for c, s in theirs} == set(STANDARD_BUTTON_TEXTS)
    assert {"OK", "Cancel", "&Yes", "&No", "Close"} <= {s for c, s in theirs if c == "QPlatformTheme"}
    missing = [key for key, t in theirs.items() if not t]
    assert not missing, missing


def test_a_button_box_in_indonesian_says_ok_and_batal(qtbot, qapp, tmp_path):
    qm = tmp_path / "andrea_id.qm"
    subprocess.run([lrelease_path(), "-silent", str(TS_DIR / "andrea_id.ts"), "-qm", str(qm)], check=True)
    tr = QTranslator()
    assert tr.load(str(qm))
    qapp.installTranslator(tr)
    try:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        qtbot.addWidget(box)
        ts = ts_messages("id")
        texts = {b.text() for b in box.buttons()}
        assert texts == {ts["QPlatformTheme", "OK"], ts["QPlatformTheme", "Cancel"]} == {"OK", "Batal"}
    finally:
        qapp.removeTranslator(tr)
