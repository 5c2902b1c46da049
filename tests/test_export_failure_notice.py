"""An export that fails says so in a non-blocking message box (never Qt's blocking static
``QMessageBox.warning``, which stops the event loop and the training, and which the clipping
checks cannot visit): the box names the file and the reason, its framing is in the interface's
language, and none of its text is clipped, in English and in Dutch."""

from __future__ import annotations

import subprocess

import pytest
from conftest import TS_DIR, clipped_texts, lrelease_path, tiny_config
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.common import export as qt_export
from andrea_desktop.gui.common import i18n as qt_i18n

FRAMING = {"en": ("Export", "Export failed", "Choose another folder or file name."),
           "nl": ("Exporteren", "Exporteren mislukt", "Kies een andere map of bestandsnaam.")}


@pytest.fixture
def interface(qapp, tmp_path, monkeypatch):
    """``use(lang)``: the interface in ``lang`` (``ui/language``, which the window's
    ``configure_app`` reads), its ``.qm`` built from this checkout's ``.ts`` (not an older build
    elsewhere); English, the settings and the locale restored after."""
    configure_app(qapp)

    def use(lang: str) -> None:
        if lang != "en":
            built = tmp_path / f"andrea_{lang}.qm"
            subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{lang}.ts"), "-qm", str(built)],
                           check=True)
            monkeypatch.setattr(qt_i18n, "qm_path", lambda code: built)
        QSettings().setValue(qt_i18n.SETTINGS_KEY, lang)
        assert qt_i18n.install_translators(qapp) == lang

    yield use
    QSettings().remove(qt_i18n.SETTINGS_KEY)
    monkeypatch.undo()
    qt_i18n.install_translators(qapp, "en")
    QLocale.setDefault(QLocale.system())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_failed_picture_export_says_where_and_why_in_a_box_that_does_not_block(
        qtbot, make_window, interface, tmp_path, monkeypatch, lang):
    interface(lang)
    w = make_window(tiny_config())
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the chosen folder should be\n")  # unwritable, even for root
    target = blocker / "attention grid.png"
    monkeypatch.setattr(qt_export.QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), qt_export.image_filter().split(";;")[0])))

    def blocking(*_args, **_kwargs):
        raise AssertionError("a blocking static message box")

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(blocking))
    button = w.attention_panel.export
    label, title, advice = FRAMING[lang]
    assert button.text() == label
    button.menu().actions()[0].trigger()  # "attention grid as PNG/SVG…": returns at once

    box = w.notices.box
    assert box is not None
    qtbot.waitUntil(box.isVisible, timeout=30_000)
    text = box.text()
    assert box.windowTitle() == title and box.icon() == QMessageBox.Icon.Warning
    assert str(target) in text, text  # the file
    assert "Not a directory" in text, text  # the reason (the system's words)
    assert text.endswith(advice), text
    assert not target.exists()
    QApplication.processEvents()
    assert clipped_texts(box) == []
    box.close()
    qtbot.waitUntil(lambda: w.notices.box is None, timeout=30_000)


def test_a_panel_outside_the_window_gets_a_box_of_its_own(qtbot, tmp_path):
    """A panel shown alone (no main window's notices): a window-modal box, opened, not exec'd."""
    from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel

    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    box = qt_export.export_failed(panel, NotADirectoryError(20, "Not a directory", str(tmp_path / "x" / "a.png")))
    qtbot.waitUntil(box.isVisible, timeout=30_000)
    assert str(tmp_path / "x" / "a.png") in box.text() and "Not a directory" in box.text()
    assert box.windowTitle() == "Export failed" and box.windowModality() == Qt.WindowModality.WindowModal
    assert clipped_texts(box) == []
    box.close()
