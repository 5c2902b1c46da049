"""Desktop conventions that a break-it session tested: damaged settings, Reset Layout,
the log file, no display."""

import logging
import os
import subprocess
import sys

from PySide6.QtCore import QRect, QSettings

from andrea_desktop.gui.common import log_file as qt_logging


def test_a_damaged_settings_file_never_stops_the_app(qtbot, make_window):
    make_window(run="first").close()  # creates the settings file
    s = QSettings()
    s.setValue("mainwindow/geometry", "hello")
    s.setValue("mainwindow/state", "cut off mid-li")
    s.setValue("runs/recent", QRect(1, 2, 3, 4))
    s.sync()
    w = make_window(run="second")  # starts, with the start layout
    assert w.isVisible() and w.loss_dock.isVisible() and w.lr_dock.isVisible()
    assert w.recent_runs() == []


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


def test_the_log_file_and_its_failures(tmp_path, monkeypatch, qtbot, make_window):
    root = logging.getLogger()
    before = list(root.handlers)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    try:
        path = qt_logging.setup_logging()
        assert path is not None and qt_logging.LOG_PROBLEM is None
        logging.getLogger("andrea_desktop.test").warning("hello log")
        handler = next(h for h in root.handlers if isinstance(h, qt_logging._LogFile))
        handler.flush()
        assert "hello log" in path.read_text()
        # a write that fails (disk full): said once, then the file is dropped
        try:
            raise OSError(28, "No space left on device")
        except OSError:
            handler.handleError(logging.makeLogRecord({"msg": "x"}))
        assert handler not in root.handlers and "No space left" in qt_logging.LOG_PROBLEM
        w = make_window()
        assert not w.open_log() and "No log file this session" in w.message_box.text()
        # a log folder that cannot be made
        (tmp_path / "file").write_text("x")
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "file"))
        assert qt_logging.setup_logging() is None and "cannot create" in qt_logging.LOG_PROBLEM
    finally:
        for h in list(root.handlers):
            if h not in before:
                root.removeHandler(h)
                h.close()
        qt_logging.LOG_PROBLEM = None
        sys.excepthook = sys.__excepthook__


def test_no_display_is_one_clear_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    res = subprocess.run([sys.executable, "-c", "import sys; from andrea_desktop.cli import desktop_main; "
                          "sys.exit(desktop_main())"], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 2 and "no display" in res.stderr and "Traceback" not in res.stderr
