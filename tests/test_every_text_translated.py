"""Every text of ours that a user sees passes through Qt's translation system.

A translator that marks each string it is asked for (``⟦…⟧``) is installed, a window is trained a
few steps, every dock is shown with its reading pane open, every menu, toolbar and status text is
read, every dialog and message box is opened, and every visible label, button, group title, header,
combo item, placeholder, tooltip, window title, axis title, legend entry and text item of the plots
is collected. What is left once the marked parts are taken out must be data (numbers, units, run,
source and token names, the field's symbols): a word of ours outside a mark fails the test, naming
the widget. Whether each marked string has an ``id`` and ``nl`` translation is checked against the
``.ts`` files by tests/test_translations.py; this test finds the strings that never reach them.
"""

from __future__ import annotations

import re

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import answer_questions, tiny_config
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QToolBar,
    QWidget,
)

from andrea_desktop.core.mixture.presets import list_curriculum_presets, load_curriculum_preset
from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.gui.common.i18n import LANGUAGES
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog

OPEN, CLOSE = "\u27e6", "\u27e7"
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")

SYMBOLS = {
    # the field's symbols and units, written the same in every language (docs/design.md#the-domain, the documents)
    "LR", "UCB", "PCA", "UMAP", "PaCMAP", "MFU", "AdamW", "GELU", "BPE", "NaN", "nan", "inf", "ms", "tok", "GiB",
    "MiB", "KiB", "GB", "MB", "KB", "d_model", "n_head", "n_layer", "d_k", "d_ff", "Ctrl", "Shift", "Alt", "Esc",
    "Space", "Del", "PgUp", "PgDown", "Home", "End", "Tab", "Enter", "Return", "ANDREA", "Desktop", "Qt", "PySide",
    "PyTorch", "pyqtgraph", "torch", "CUDA", "cuda", "cpu", "mps", "CPU", "GPU", "PNG", "SVG", "CSV", "JSON", "TOML",
    "txt", "jsonl", "parquet", "npz", "png", "svg", "csv", "json", "toml", "py", "Hugging", "Face", "Python",
}


DATA_ITEMS = ("pcaPlot text item", "stabilityPlot legend", "vocabMap text item")
"""Plot items that show tokens of the run's vocabulary (data, as the neighbour table's cells)."""


class MarkingTranslator(QTranslator):
    """Answers every lookup with the source between ``⟦`` and ``⟧``; remembers each context."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.contexts: set[str] = set()

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: D102 - Qt's virtual
        if not source:
            return None
        self.contexts.add(context)
        return f"{OPEN}{source}{CLOSE}"

    def isEmpty(self):  # noqa: N802 - Qt's name
        return False


def leftover(text: str) -> str:
    """``text`` without its marked parts (innermost first: a translated format holding another; a
    marked text elided at the end of a label is cut before its closing mark)."""
    prev = None
    while prev != text:
        prev, text = text, MARKED.sub(" ", text)
    return re.sub(f"{OPEN}[^{CLOSE}]*…$", " ", text)  # a marked text elided at its end


def words_of_ours(text: str, data: set[str]) -> list[str]:
    """The words of ``text`` outside marks that are neither data nor symbols."""
    rest = re.sub(r"<[^>]+>|&\w+;", " ", leftover(text))  # rich-text tags and entities
    rest = re.sub(r"\S*/\S*", " ", rest)  # paths and ratios of units (tok/s)
    rest = re.sub(r"\b[a-z_]+(\.[a-z_0-9]+)+\b", " ", rest)  # config keys (optimizer.lr)
    words = re.findall(r"[A-Za-z][A-Za-z_'’]*[A-Za-z]", rest)
    return [w for w in words if w not in SYMBOLS and w not in data and w.lower() not in data]


def visible_texts(root: QWidget):
    """(where, text) for every text a user can read on ``root`` and its visible children."""
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if not w.isVisible() and w is not root:
            continue
        where = f"{type(w).__name__} {w.objectName()}".strip()
        if w.toolTip():
            yield where + " tooltip", w.toolTip()
        if w.isWindow() or isinstance(w, QDockWidget):
            yield where + " title", w.windowTitle()
        if isinstance(w, QLabel) and (w.pixmap() is None or w.pixmap().isNull()):
            yield where, w.text()
        elif isinstance(w, QAbstractButton):
            yield where, w.text()
        elif isinstance(w, QGroupBox):
            yield where, w.title()
        elif isinstance(w, QLineEdit):
            yield where + " placeholder", w.placeholderText()
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                yield f"{where} item {i}", w.itemText(i)
                tip = w.itemData(i, Qt.ItemDataRole.ToolTipRole)
                if tip:
                    yield f"{where} item {i} tooltip", str(tip)
        elif isinstance(w, QAbstractSpinBox):
            for attr in ("prefix", "suffix", "specialValueText"):
                if hasattr(w, attr):
                    yield f"{where} {attr}", getattr(w, attr)()
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                yield f"{where} tab {i}", w.tabText(i)
                yield f"{where} tab {i} tooltip", w.tabToolTip(i)
        elif isinstance(w, QHeaderView):
            model, orient = w.model(), w.orientation()
            if model is None or orient != Qt.Orientation.Horizontal:
                continue
            for c in range(w.count()):
                if not w.isSectionHidden(c):
                    yield f"{where} section {c}", str(model.headerData(c, orient) or "")
                    tip = model.headerData(c, orient, Qt.ItemDataRole.ToolTipRole)
                    if tip:
                        yield f"{where} section {c} tooltip", str(tip)
        elif isinstance(w, pg.GraphicsView):
            yield from plot_texts(w, where)
        elif isinstance(w, (QMenu, QToolBar)):
            yield from action_texts(w.actions(), where)


def plot_texts(view: pg.GraphicsView, where: str):
    """Axis titles, plot titles, legend entries and text items drawn in a pyqtgraph view."""
    for item in view.scene().items():
        if not item.isVisible():
            continue
        if isinstance(item, pg.AxisItem) and item.isVisible() and item.label.isVisible():
            yield f"{where} axis {item.orientation}", item.labelString()
        elif isinstance(item, pg.LegendItem):
            for _sample, label in item.items:
                yield f"{where} legend", label.text
        elif isinstance(item, pg.TextItem):
            yield f"{where} text item", item.textItem.toPlainText()
        elif isinstance(item, pg.LabelItem) and not isinstance(item.parentItem(), pg.LegendItem):
            yield f"{where} label item", item.text


def action_texts(actions, where: str):
    for a in actions:
        if a.isSeparator():
            continue
        yield f"{where} action", a.text()
        if a.toolTip() and a.toolTip().replace("&", "") != a.text().replace("&", ""):
            yield f"{where} action tooltip", a.toolTip()
        if a.statusTip():
            yield f"{where} action status tip", a.statusTip()
        if a.menu() is not None:
            yield f"{where} menu title", a.menu().title()
            yield from action_texts(a.menu().actions(), f"{where} > {a.text()}")


@pytest.fixture
def marking(qapp, monkeypatch):
    """The marking translator installed above ours (English source texts and plural forms
    underneath), and again above them each time the window's ``configure_app`` installs ours anew
    (Qt asks the translator installed last first)."""
    from andrea_desktop.gui import app as gui_app

    tr = MarkingTranslator()
    install = gui_app.install_translators

    def install_then_mark(app, lang=None):
        used = install(app, lang)
        app.removeTranslator(tr)
        app.installTranslator(tr)
        return used

    monkeypatch.setattr(gui_app, "install_translators", install_then_mark)
    qapp.installTranslator(tr)
    yield tr
    qapp.removeTranslator(tr)


def _data_words(w, cfg) -> set[str]:
    """The run's data: its name and folder, source and preset names, tokens the panels show."""
    words = {"run", "andrea", "tiny", "small", "base", *re.findall(r"[A-Za-z_]+", " ".join(SOURCES)),
             *re.findall(r"[A-Za-z]+", " ".join(LANGUAGES.values())),  # each language named in itself
             "parakeet", "monkey", "Fourier"}  # the documents' embedding example (docs/design.md#worked-examples)
    for key in list_curriculum_presets():  # named after the documents' versions ("ANDREA v2 warmup")
        words.update(re.findall(r"[A-Za-z_]+", load_curriculum_preset(key).name))
    for source in getattr(w.info, "sources", None) or []:
        words.update(re.findall(r"[A-Za-z_]+", str(source)))
    words.update(re.findall(r"[A-Za-z_]+", str(w.run_dir)))
    panel = w.embedding_panel
    for widget in panel.findChildren(QLineEdit):
        words.update(re.findall(r"[A-Za-z_]+", widget.text()))
    return words


SOURCES = ("python-reference", "stdlib-docstrings", "gutenberg", "code-comments", "prose")
PARAMS = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
          "warmup_steps": 10}


def _curriculum_dialog():
    """The Curriculum dialog on five sources in warmup (its notes and preview shown)."""
    names = list(SOURCES)
    dlg = QtCurriculumDialog(names, Constraints.free(names).to_dict(), PARAMS,
                             weights=np.full(5, 0.2), in_warmup=True)
    dlg.show()
    return dlg


def _check(root, data, where_prefix, problems):
    for where, text in visible_texts(root):
        if not text or any(item in where for item in DATA_ITEMS):
            continue
        bad = words_of_ours(text, data)
        if bad:
            problems.append(f"{where_prefix}{where}: {text!r} — {' '.join(dict.fromkeys(bad))}")


def test_the_detector_finds_a_string_that_skips_translation(qtbot, marking):
    box = QWidget()
    qtbot.addWidget(box)
    QLabel(QCoreApplication.translate("Test", "translated words"), box).setObjectName("ok")
    QLabel("forgotten words", box).setObjectName("leak")
    QLabel(QCoreApplication.translate("Test", "step {step} of the run").format(step=3), box)
    QLabel(QCoreApplication.translate("Test", "a label elided at its end")[:8] + "…", box)
    box.show()
    problems = []
    _check(box, set(), "", problems)
    assert problems == ["QLabel leak: 'forgotten words' — forgotten words"]


def test_every_visible_text_of_ours_passes_through_translation(qtbot, make_window, marking, tmp_path):
    cfg = tiny_config(schedule={"warmup_steps": 3, "total_steps": 12, "min_lr": 3e-4},
                      train={"eval_interval": 4, "eval_rows": 8}, checkpoint={"interval": 6},
                      probe={"interval": 4, "sample_interval": 6, "sample_tokens": 6})
    w = make_window(cfg, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "finished", timeout=120_000)
    w.embedding_panel.add_watch(w.embedding_panel.token_id or 0)
    qtbot.wait(100)
    data = _data_words(w, cfg)
    problems: list[str] = []
    try:
        for dock in w.docks():
            dock.show()
            dock.raise_()
            dock.widget().set_expanded(True)
            qtbot.wait(50)
            _check(dock, data, f"[{dock.objectName()}] ", problems)
            dock.widget().set_expanded(False)
        _check(w.statusBar(), data, "[status bar] ", problems)
        problems += [f"[menus] {where}: {text!r}" for where, text in action_texts(w.menuBar().actions(), "menu bar")
                     if words_of_ours(text, data)]
        for bar in w.findChildren(QToolBar):
            _check(bar, data, "[toolbar] ", problems)
        for open_dialog in (w.new_run, w.new_warmup_experiment, w.new_sweep, w.branch_from_checkpoint, _curriculum_dialog):
            dlg = open_dialog()
            assert dlg is not None, open_dialog.__name__
            qtbot.waitExposed(dlg)
            _check(dlg, data, f"[{open_dialog.__name__}] ", problems)
            dlg.reject()
            dlg.close()
            qtbot.wait(20)
        n = w.notices
        for show in (n.show_shortcuts, n.show_about):
            show()
            qtbot.waitExposed(n.box)
            _check(n.box, data, "[box] ", problems)
            n.box.close()
            qtbot.waitUntil(lambda: n.box is None)
        for payload in ({"kind": "spike", "source": "stdlib-docstrings", "message": "loss 3.1 → 6.8"},
                        {"kind": "cliff", "source": "gutenberg", "step": 9, "loss": 0.13, "median": 3.1, "window": 50,
                         "episode": {"start": 9, "steps": 1, "depth": 0.04, "loss": 0.13, "median": 3.1,
                                     "phase": "start"}},
                        {"kind": "nan", "source": "gutenberg", "loss": "nan", "grad_norm": "inf"},
                        {"kind": "repetition", "score": 0.45, "text": "a a a"},
                        {"kind": "vertex", "source": "chat", "weight": 0.97, "steps": 300}):
            w.anomaly_notice.dismiss()
            n.anomaly(10, payload, paused=True, can_exclude=True)
            qtbot.waitUntil(w.anomaly_notice.isVisible)
            _check(w.anomaly_notice, data | {"stdlib", "docstrings", "gutenberg", "chat", "loss", "nan", "inf"},
                   "[notice] ", problems)
        w.anomaly_notice.dismiss()
        assert len(answer_questions(n, lambda box: _check(box, data, "[question] ", problems))) == 3
        dlg = QtNewRunDialog(default_name=lambda preset: f"{preset}-run")
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        dlg.name_edit.setText("bad/name")
        dlg.fields["optimizer.lr"].widget.setText("not a number")
        qtbot.wait(50)
        _check(dlg, data | {"bad", "name", "not", "a", "number"}, "[new run, bad fields] ", problems)
        dlg.fields["optimizer.lr"].widget.setText("-1")
        dlg.fields["model.dropout"].widget.setText("1.5")
        qtbot.wait(50)
        _check(dlg, data, "[new run, out of bounds] ", problems)
        dlg.reject()
    finally:
        for dock in w.docks():
            dock.widget().set_expanded(False)
    assert marking.contexts, "the marking translator was never asked"
    assert not problems, f"{len(problems)} texts of ours skip translation:\n" + "\n".join(problems)
