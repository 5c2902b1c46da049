"""Layout polish: the log file names process and run, samples show their
settings, legends match markers, the simplex path's last K phases, empty states, and no text of
ours clipped at 1280 x 800."""

import dataclasses
import logging
import os
import sys

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import tiny_config, train_run
from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QStyle,
    QToolBar,
    QWidget,
)

from andrea_desktop.core.config import Config, ProbeConfig, load_config, save_config
from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.core.viewmodels.history import MixtureHistory, RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.gui.common import log_file as qt_logging
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel, default_token
from andrea_desktop.gui.panels.loss.panel import QtLossPanel
from andrea_desktop.gui.panels.samples.panel import QtSamplesPanel
from andrea_desktop.gui.panels.simplex.panel import MIN_ALPHA, MODE_SYMBOLS, QtSimplexPanel
from andrea_desktop.gui.plots.simplex import wrap_label

NAMES = ("python-reference", "stdlib-docstrings", "gutenberg", "chat", "dictionary")


# ---------------------------------------------------------------- the log file
def test_log_file_lines_name_the_process_and_the_run(tmp_path, monkeypatch, make_window):
    root = logging.getLogger()
    before = list(root.handlers)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    try:
        path = qt_logging.setup_logging()
        w = make_window(run="alpha-run")
        logging.getLogger("andrea_desktop.test").warning("first line")
        w.runs.set_run(tmp_path / "beta-run", None)  # the window shows another run
        logging.getLogger("andrea_desktop.test").warning("second line")
        for h in root.handlers:
            h.flush()
        lines = path.read_text(encoding="utf-8").splitlines()
        first = next(line for line in lines if "first line" in line)
        second = next(line for line in lines if "second line" in line)
        assert f"[{os.getpid()} alpha-run]" in first and f"[{os.getpid()} beta-run]" in second
    finally:
        for h in list(root.handlers):
            if h not in before:
                root.removeHandler(h)
                h.close()
        qt_logging.LOG_PROBLEM = None
        qt_logging.set_log_run(None)
        sys.excepthook = sys.__excepthook__


# ---------------------------------------------------------------- samples
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


# ---------------------------------------------------------------- legends and the simplex path
def _simplex(qtbot, phases=30):
    m = MixtureHistory()
    m.reset(NAMES, Constraints.from_mapping(NAMES, floors={"chat": 0.1}, caps={"gutenberg": 0.5}).to_dict(), False)
    panel = QtSimplexPanel(RunModel.of(mixture=m))
    qtbot.addWidget(panel)
    panel.resize(700, 800)
    panel.show()
    panel.reset()
    rng = np.random.default_rng(1)
    for s in range(phases):
        w = rng.dirichlet(np.ones(len(NAMES)))
        m.add_event(10 * (s + 1), "phase", {"mode": "random" if s % 3 else "bandit",
                                            "weights": dict(zip(NAMES, w, strict=True))})
    panel.refresh()
    return panel


def _legend(legend) -> dict[str, object]:
    return {label.text: sample.item for sample, label in legend.items}


def test_simplex_legend_symbols_are_the_plots_symbols(qtbot):
    panel = _simplex(qtbot)
    drawn = {mode: sym for mode, sym in zip((d[1] for d in panel.path_points.data["data"]),
                                             panel.path_points.data["symbol"], strict=True)}
    assert drawn == {"bandit": "o", "random": "s"}
    legend = _legend(panel.legend)
    for mode, sym in drawn.items():
        assert legend[f"{mode} phase"].opts["symbol"] == sym == MODE_SYMBOLS[mode]
    assert legend["pivot"].opts["symbol"] == MODE_SYMBOLS["pivot"]


def test_weight_bars_legend_names_the_floor_and_cap_lines(qtbot):
    panel = _simplex(qtbot, phases=3)
    legend = _legend(panel.bars_legend)
    assert legend["floor"] is panel.floor_marks and legend["cap"] is panel.cap_marks
    assert len(panel.floor_marks.getData()[0]) == 2 * len(NAMES)  # the lines the entries name are drawn


def test_loss_legend_has_the_per_source_validation_triangles(qtbot):
    p = QtLossPanel(RunModel.of(RunHistory()))
    qtbot.addWidget(p)
    p.set_sources(["a", "b"])
    key = _legend(p.legend)["val (per source)"]
    assert all(key.opts["symbol"] == c.opts["symbol"] == "t" for c in p._val_curves.values())
    assert key.opts["symbolSize"] == p._val_curves["a"].opts["symbolSize"]
    key.setVisible(False)  # a click on the entry hides its item, then says so: every source's triangles hide
    p.legend.sigSampleClicked.emit(key)
    assert not any(c.isVisible() for c in p._val_curves.values())


def test_simplex_path_last_k_phases_and_fading_keep_the_oldest_visible(qtbot, tmp_path):
    panel = _simplex(qtbot, phases=50)
    assert len(panel.path_points.data) == 50
    alphas = [b.color().alphaF() for b in panel.path_points.data["brush"]]
    assert min(alphas) == pytest.approx(MIN_ALPHA, abs=0.01) and alphas[-1] == pytest.approx(1.0)
    panel.last_k.setValue(8)
    steps = [d[0] for d in panel.path_points.data["data"]]
    assert steps == [10 * s for s in range(43, 51)]  # the last eight phases only
    assert len(panel.path_curve.getData()[0]) == 8
    assert panel.path_points.data["brush"][0].color().alphaF() == pytest.approx(MIN_ALPHA, abs=0.01)
    panel.fade_box.setChecked(False)
    assert all(b.color().alphaF() == pytest.approx(1.0) for b in panel.path_points.data["brush"])
    panel.last_k.setValue(0)  # all phases again
    assert len(panel.path_points.data) == 50
    panel.grab().save(str(tmp_path / "simplex.png"))


def test_weight_bar_labels_fit_their_bar_or_wrap(qtbot):
    advance = pg.QtGui.QFontMetricsF(QWidget().font()).horizontalAdvance
    assert wrap_label("chat", 80, advance) == "chat"
    two = wrap_label("python-reference", 70, advance)
    assert two == "python-\nreference" or all(advance(line) <= 70 for line in two.split("\n"))
    cut = wrap_label("supercalifragilisticexpialidocious", 60, advance)
    assert cut.endswith("…") and advance(cut) <= 60
    panel = _simplex(qtbot, phases=2)
    ticks = panel.bars.getAxis("bottom")._tickLevels[0]
    assert [t.replace("\n", "") for _, t in ticks][:3] == list(NAMES[:3])  # wide enough: whole names


def test_loss_marker_labels_hang_inside_the_plot(qtbot, tmp_path):
    h = RunHistory()
    h.loss.extend(np.arange(1, 301), np.linspace(8, 3, 300))
    h.events.extend([(100, "curriculum_warmup_end", {}), (150, "anomaly", {"kind": "spike", "source": "gutenberg"})])
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.resize(640, 320)
    panel.show()
    panel.refresh()
    qtbot.wait(50)
    view = panel.plot.getViewBox().sceneBoundingRect()
    for line in panel.markers.lines:
        text = line.label.sceneBoundingRect()
        assert view.top() - 1 <= text.top() and text.bottom() <= view.bottom() + 1, (line.label.format, text, view)
    panel.grab().save(str(tmp_path / "loss_markers.png"))


# ---------------------------------------------------------------- empty states
def test_attention_says_when_the_first_probe_comes(qtbot):
    panel = QtAttentionPanel()
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    panel.model.set_config(Config(probe=ProbeConfig(interval=250)))
    assert panel.empty_label.isVisible() and not panel.split.isVisible()
    assert "first probe (step 250)" in panel.empty_label.text()
    T = 4
    att = np.tril(np.ones((1, 2, T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    zeros = np.zeros((1, 2), np.float32)
    probe = {"step": 250, "attention": att, "token_text": np.array(["a", "b", "c", "d"]),
             "roles": np.full((1, 2), "", dtype="<U16"), "entropy": zeros, "previous_token": zeros,
             "sink": zeros, "induction": zeros, "text": "abcd"}
    panel.model.add_probe(probe)
    assert panel.probe is not None and panel.split.isVisible() and not panel.empty_label.isVisible()
    panel.set_model(RunModel())
    assert panel.empty_label.isVisible()
    panel.model.set_config(Config(probe=ProbeConfig(enabled=False)))
    assert "off" in panel.empty_label.text()


def test_the_window_opens_with_empty_states_from_the_config(make_window):
    w = make_window(tiny_config(probe={"interval": 40}))
    w.attention_dock.raise_()
    assert "first probe (step 40)" in w.attention_panel.empty_label.text()
    assert w.attention_panel.empty_label.isVisible() and not w.attention_panel.grid.isVisible()
    assert "first probe (step 40)" in w.embedding_panel.status.text()


def test_embedding_panel_opens_on_a_default_token(qtbot):
    vocab = ("a", "b", "parakeet", " the", "\n", "x")
    E = np.random.default_rng(0).normal(size=(len(vocab), 4)).astype(np.float32)
    panel = QtEmbeddingPanel()
    qtbot.addWidget(panel)
    panel.model.set_embedding(100, E, vocab)
    assert panel.token_id == 3 and panel.search.placeholderText().startswith("␣the shown")
    assert panel.search.text() == ""  # what the user types is a new token, not appended to this one
    assert panel.table.rowCount() > 0 and len(panel.scatter.getData()[0]) > 1
    panel.select_token("parakeet")
    panel.model.set_embedding(200, E, vocab)  # a later probe keeps the user's token
    assert panel.token_id == 2
    assert default_token(("a", "b", "xy", "hello")) == 2  # no common word: the first of two letters
    assert default_token(("a", "b"), watched=[1]) == 1  # a watched token first
    assert default_token(("a", "\n")) is None


# ---------------------------------------------------------------- clipped text
def _plain(label: QLabel) -> str:
    text = label.text()
    if "<" in text and ">" in text and label.textFormat() != pg.QtCore.Qt.TextFormat.PlainText:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def clipped_texts(root: QWidget) -> list[str]:
    """Our visible labels, buttons and table headers under ``root`` whose text does not fit
    (an elided one with a tooltip fits)."""
    bad = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or w.window() is not root.window():
            continue
        name = f"{type(w).__name__} {w.objectName() or ''}".strip()
        if isinstance(w, QLabel):
            text = _plain(w)
            if not text.strip() or w.pixmap() is not None and not w.pixmap().isNull():
                continue
            box = w.contentsRect()
            if w.wordWrap():
                fits = w.heightForWidth(w.width()) <= w.height() + 1
            else:
                fits = max(w.fontMetrics().horizontalAdvance(line) for line in text.split("\n")) <= box.width() + 1
            if not fits and not w.toolTip():
                bad.append(f"{name}: {text!r} in {box.width()}x{box.height()}")
        elif isinstance(w, QAbstractButton) and w.text():
            need = w.fontMetrics().horizontalAdvance(w.text().replace("&", ""))
            if isinstance(w, QPushButton):
                need += 2 * w.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin)
                if w.menu() is not None:  # the arrow needs its own room (Export)
                    need += w.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator)
                fits = w.width() >= need
            else:
                fits = w.width() >= w.sizeHint().width() - 1
            if not fits:
                bad.append(f"{name}: {w.text()!r} is {w.width()} px wide, needs {need}+")
        elif isinstance(w, QHeaderView) and w.orientation() == pg.QtCore.Qt.Orientation.Horizontal:
            model = w.model()
            for c in range(w.count()):
                if w.isSectionHidden(c):
                    continue
                text = str(model.headerData(c, pg.QtCore.Qt.Orientation.Horizontal) or "")
                need = w.fontMetrics().horizontalAdvance(text) + w.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
                if w.sectionSize(c) < need:
                    bad.append(f"{name} of {w.parent().objectName()}: {text!r} in {w.sectionSize(c)} px")
        if isinstance(w, QAbstractScrollArea) and not isinstance(w, pg.GraphicsView) \
                and w.horizontalScrollBar().isVisible():  # a table or a form cut at its right edge
            bad.append(f"{name}: a horizontal scroll bar")
    return bad


@pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])
def test_no_text_of_ours_is_clipped(qtbot, make_window, tmp_path, size):
    cfg = tiny_config(schedule={"warmup_steps": 3, "total_steps": 24, "min_lr": 3e-4},
                      train={"eval_interval": 8}, probe={"interval": 8, "sample_interval": 12, "sample_tokens": 6})
    w = make_window(cfg, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "finished", timeout=120_000)
    w.embedding_panel.add_watch(w.embedding_panel.token_id or 0)
    if size is not None:
        w.resize(*size)
    qtbot.wait(100)
    problems = []
    for dock in w.docks():
        dock.raise_()
        qtbot.wait(50)
        w.grab().save(str(tmp_path / f"{dock.objectName()}.png"))
        problems += clipped_texts(dock)
    problems += clipped_texts(w.statusBar())
    for bar in w.findChildren(QToolBar):
        problems += clipped_texts(bar)
    assert not problems, "\n".join(problems)


def test_watch_list_headers_and_values_fit_a_narrow_dock(qtbot):
    vocab = ("a", "b", " internationalisation", " the", "\n", "x", " telecommunications", "Fourier")
    E = np.random.default_rng(0).normal(size=(len(vocab), 4)).astype(np.float32)
    panel = QtEmbeddingPanel()
    qtbot.addWidget(panel)
    panel.resize(520, 640)  # as narrow as the panel goes
    panel.show()
    panel.model.set_embedding(100, E, vocab)
    for token in (2, 6, 7):  # long tokens widen the first column
        panel.add_watch(token)
    panel.model.set_embedding(200, E + 0.1, vocab)
    panel.model.set_embedding(300, E, vocab)
    qtbot.wait(50)
    assert not clipped_texts(panel.watch_list), clipped_texts(panel.watch_list)


@pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])
def test_curriculum_dialog_text_is_not_clipped(qtbot, tmp_path, size):
    names = ("hermes3-general", "hermes3-creative", "hermes3-roleplay", "python-reference", "stdlib-docstrings",
             "gutenberg", "dictionary", "repo-docs", "repo-docstrings", "chat")
    params = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
              "warmup_steps": 0}
    dlg = QtCurriculumDialog(names, Constraints.free(names).to_dict(), params)
    qtbot.addWidget(dlg)
    dlg.show()
    if size is not None:
        dlg.resize(min(size[0], dlg.width()), min(size[1], dlg.height()))  # as large as fits the screen
    qtbot.waitExposed(dlg)
    qtbot.wait(50)
    dlg.grab().save(str(tmp_path / "curriculum.png"))
    assert dlg.preview_title.wordWrap()
    view = dlg.preview.getViewBox().sceneBoundingRect()
    for item in dlg.preview.getViewBox().addedItems:  # the vertex names: whole, inside the picture
        if isinstance(item, pg.TextItem):
            assert view.contains(item.sceneBoundingRect()), (item.toPlainText(), item.sceneBoundingRect(), view)
            assert item.toPlainText().replace("\n", "") == item.toolTip()
    assert not clipped_texts(dlg), clipped_texts(dlg)
