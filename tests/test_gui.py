"""The main window, offscreen: start, pause, resume, stop, close; the loss and LR panels; the
layout restored after a restart and by Reset Layout."""

import signal
import sqlite3
import time

import numpy as np
import pytest
from conftest import DESKTOP, OUTLASTS_THE_TEST, ForkedProcess, tiny_config
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from andrea_desktop.core.viewmodels.history import RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.loss.panel import QtLossPanel


@pytest.fixture
def window(make_window):
    return make_window(tiny_config(train={"eval_interval": 50}, **OUTLASTS_THE_TEST))


def _press_space(qtbot, w):
    target = QApplication.focusWidget() or w
    assert not isinstance(target, QLineEdit)
    qtbot.keyClick(target, Qt.Key.Key_Space)


def test_start_pause_resume_stop(qtbot, window):
    w = window
    # the desktop shows "<run> — ANDREA Desktop": the platform appends the display name, once
    assert w.windowTitle() == w.run_dir.name and QApplication.applicationDisplayName() == "ANDREA Desktop"
    w.start_action.trigger()
    qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step >= 5, timeout=60_000)

    _press_space(qtbot, w)  # Space pauses
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    step = w.history.last_step
    qtbot.wait(800)
    assert w.history.last_step == step  # the step count stopped
    assert w.pause_action.text() == "Resume"

    _press_space(qtbot, w)  # Space resumes
    qtbot.waitUntil(lambda: w.history.last_step > step + 3, timeout=30_000)

    w.stop_action.trigger()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert w.state == "stopped" and not w.pause_action.isEnabled()
    events = [k for _, k, _ in w.history.events]
    assert events[0] == "start" and "pause" in events and "resume" in events and events[-1] == "stop"
    # the panels drew real curves
    x, y = w.loss_panel.ema_curve.getData()
    assert len(x) == w.history.last_step and np.isfinite(y).all()
    planned = w.lr_panel.planned_curve.getData()[0]  # the whole schedule, step 0 to total_steps
    assert planned[0] == 0 and planned[-1] == OUTLASTS_THE_TEST["schedule"]["total_steps"]
    assert w.lr_panel.now_line.value() == w.history.last_step
    assert "step" in w.progress_label.text()


def test_max_steps_leaves_the_window_open_and_stopped(qtbot, make_window):
    w = make_window(tiny_config(), max_steps=8)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert w.isVisible() and w.history.last_step == 8
    assert "8 / 8" in w.progress_label.text()
    # the run can go on past the window's --max-steps, as the same run reopened can: the button
    # says Continue and so does the status line
    assert w.start_action.isEnabled() and w.start_action.text() == "Continue"
    assert w.state_label.text() == "stopped — press Continue"


def _answer_modal(qtbot, key=Qt.Key.Key_Return):
    """Answer the next modal dialog with a key press, as a user would."""
    answered = []

    def press():
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(50, press)
            return
        answered.append(box.text() if isinstance(box, QMessageBox) else box)
        qtbot.keyClick(box, key)

    QTimer.singleShot(50, press)
    return answered


def test_close_while_paused_asks_and_enter_quits(qtbot, window):
    w = window
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step >= 2, timeout=60_000)
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    answered = _answer_modal(qtbot)
    t0 = time.monotonic()
    w.close()
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=30_000)
    assert time.monotonic() - t0 < 5
    assert answered and "Stop it and quit" in answered[0]
    assert w.thread is None


def test_close_can_be_cancelled(qtbot, window):
    w = window
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    answered = _answer_modal(qtbot, Qt.Key.Key_Escape)
    w.close()
    qtbot.waitUntil(lambda: bool(answered), timeout=30_000)
    qtbot.wait(300)
    assert w.isVisible() and w.state == "running"
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)


def test_bad_data_shows_an_error_dialog_and_changes_nothing(qtbot, tmp_path, make_window):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    from andrea_desktop.core.config import SourceSpec

    cfg = tiny_config(data={"embedded": False, "sources": [SourceSpec("blank", [str(empty)])]})
    w = make_window(cfg)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    box = w.message_box
    assert box is not None and "no usable text" in box.text() and "empty.txt" in box.text()
    assert not (tmp_path / "run").exists()
    box.close()


def test_loss_panel_survives_nan_and_zero_on_log_axis(qtbot):
    h = RunHistory(smoothing=0.5)
    panel = QtLossPanel(RunModel.of(h))
    qtbot.addWidget(panel)
    panel.show()
    h.loss.extend(np.arange(1, 11), [5, 4, np.nan, 3, 0.0, 2.5, np.inf, 2, 1.5, 1.0])
    panel.set_sources(["a"])
    h.source("a").extend([1, 2, 3], [5.0, np.nan, 4.0])
    panel.log_y.setChecked(True)
    panel.refresh()
    for curve in (panel.raw_curve, panel.ema_curve):
        x, y = curve.getData()
        finite = np.isfinite(y)
        assert finite.sum() >= 6  # the curve is still drawn around the gaps
    assert all(np.isfinite(b) for b in panel.raw_curve.dataBounds(1))
    panel.smoothing.setValue(0.0)
    qtbot.waitUntil(lambda: h.loss.smoothing == 0.0, timeout=30_000)
    np.testing.assert_allclose(h.loss.smoothed.data[[0, 1, 3]], [5, 4, 3])
    img = panel.grab().toImage()
    assert img.width() > 0


CLOSE_BOUND_S = 20
"""Seconds a SIGTERM'd app may take to close in a test: a step, the checkpoint and the threads'
ends, with room for a machine whose cores are busy (1.5 s on an idle one: benchmarks/close_time.py)."""


def _steps_logged(db) -> int:
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return con.execute("SELECT COUNT(*) FROM scalars WHERE name='train/loss'").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def test_closing_mid_step_ends_the_process_cleanly(tmp_path):
    """The real app in its own process (forked from the tests' server, which imported it: its own
    QApplication, signal handlers and exit status): SIGTERM while training closes it within
    seconds, without finishing the run (andrea-tiny's 400 steps take minutes). The bound has a
    margin for a loaded machine; the time a close takes on an idle one is in
    benchmarks/close_time.py."""
    run = tmp_path / "run"
    proc = ForkedProcess([run, "--preset", "andrea-tiny", "--autostart"], code=DESKTOP,
                         env={"QT_QPA_PLATFORM": "offscreen"})
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and _steps_logged(run / "metrics.sqlite") < 3:
            assert proc.poll() is None, proc.output()[1]
            time.sleep(0.05)
        assert _steps_logged(run / "metrics.sqlite") >= 3, "the app did not start training"
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=120)
        elapsed = time.monotonic() - t0
        _, err = proc.output()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
    assert proc.returncode == 0, err
    assert elapsed < CLOSE_BOUND_S
    assert "QThread: Destroyed" not in err
    con = sqlite3.connect(run / "metrics.sqlite")
    (payload,) = con.execute("SELECT payload FROM events WHERE kind='stop'").fetchone()
    con.close()
    assert '"user"' in payload


def test_samples_panel_shows_generated_text_with_steps(qtbot, make_window):
    w = make_window(tiny_config(probe={"sample_interval": 5, "sample_tokens": 8, "interval": 1000}))
    w.start_training()
    qtbot.waitUntil(lambda: len(w.samples_panel.samples) >= 2, timeout=60_000)
    steps = [s for s, _, _ in w.samples_panel.samples]
    assert steps[:2] == [5, 10]
    assert "step 10" in w.samples_panel.view.toPlainText()
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)


def test_attention_panel_follows_probes_and_probe_text(qtbot, make_window):
    w = make_window(tiny_config(probe={"interval": 4, "sample_interval": 1000}, **OUTLASTS_THE_TEST))
    w.attention_dock.raise_()  # the user looks at the Attention tab
    w.start_training()
    qtbot.waitUntil(lambda: w.attention_panel.probe is not None, timeout=60_000)
    p = w.attention_panel.probe
    L, H, T, _ = p["attention"].shape
    assert (L, H) == (2, 2)
    img = w.attention_panel.grid_image.image
    assert img.shape == (L * (T + 1), H * (T + 1))
    assert np.isnan(img[0, 1])  # the upper triangle is masked, not zero
    # pause, then change the probe text: the probe comes while paused, axes show the new tokens
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    w.attention_panel.text_edit.setText("hello world hello world")
    w.attention_panel.text_edit.editingFinished.emit()
    qtbot.waitUntil(lambda: "".join(w.attention_panel.probe["token_text"]) == "hello world hello world",
                    timeout=20_000)
    ticks = w.attention_panel.head_plot.getAxis("left")._tickLevels[0]
    assert "".join(t for _, t in ticks) == "hello world hello world"
    w.attention_panel.select_head(1, 1)
    assert w.attention_panel.selected == (1, 1) and "layer 1 · head 1" in w.attention_panel.head_title.text()
    assert "masked" in w.attention_panel.hover_text(0, 3)
    assert w.attention_panel.hover_text(3, 0).endswith(tuple("0123456789"))
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "running", timeout=30_000)


def test_a_rearranged_layout_is_restored_after_a_restart(qtbot, make_window):
    w = make_window(run="a")
    w.embedding_dock.raise_()
    w.lr_dock.hide()
    w.resize(700, 520)  # within the offscreen screen (restoreGeometry keeps windows on screen)
    size = (w.width(), w.height())
    assert size != (1280, 800)  # not the default size
    for _ in range(3):  # the layout as drawn: dock sizes settle in the event loop
        QApplication.processEvents()
    state = bytes(w.saveState(5))
    w.close()  # saves geometry and dock state (QSettings)
    w2 = make_window(run="b")
    for _ in range(3):
        QApplication.processEvents()
    assert not w2.lr_dock.isVisible() and w2.loss_dock.isVisible()
    assert (w2.width(), w2.height()) == size
    assert bytes(w2.saveState(5)) == state
    w2.reset_layout()
    assert w2.lr_dock.isVisible()


def test_plots_follow_the_desktops_dark_palette(qtbot):
    import pyqtgraph as pg
    from PySide6.QtGui import QColor, QPalette

    from andrea_desktop.gui.app import configure_app, is_dark
    from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
    from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel

    app = QApplication.instance()
    old_palette = app.palette()
    old = {k: pg.getConfigOption(k) for k in ("background", "foreground")}
    dark = QPalette(old_palette)
    dark.setColor(QPalette.ColorRole.Window, QColor(32, 32, 32))
    dark.setColor(QPalette.ColorRole.Base, QColor(24, 24, 24))
    dark.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
    app.setPalette(dark)
    try:
        configure_app(app)
        assert is_dark(app)
        emb = QtEmbeddingPanel()
        att = QtAttentionPanel()
        qtbot.addWidget(emb)
        qtbot.addWidget(att)
        assert emb.pca_plot.backgroundBrush().color().lightness() < 64
        assert att.grid.backgroundBrush().color().lightness() < 128  # the masked triangle: dark grey
        assert pg.mkColor(pg.getConfigOption("foreground")).lightness() > 192
    finally:
        app.setPalette(old_palette)
        pg.setConfigOptions(**old)
    configure_app(app)
    assert not is_dark(app) and pg.getConfigOption("background") == "w"


def test_reset_layout_restores_the_start_layout(qtbot, make_window):
    w = make_window(run="r")
    w.resize(1200, 760)
    qtbot.wait(50)
    start = {d.objectName(): (d.isVisible(), d.isFloating()) for d in w.docks()}
    lr_height = w.lr_dock.height()
    w.loss_dock.setFloating(True)
    w.attention_dock.setFloating(True)
    w.lr_dock.close()
    w.samples_dock.close()
    w.reset_layout()
    qtbot.wait(50)
    assert {d.objectName(): (not d.isHidden(), d.isFloating()) for d in w.docks()} == {
        name: (True, False) for name in start}
    assert w.lr_dock.height() >= 0.8 * lr_height  # not squeezed to a sliver
    assert w.tabifiedDockWidgets(w.simplex_dock)  # the right-hand panels are tabs again
