"""The app's log file: its lines name the process and the run the window shows; a write that
fails (a full disk) is said once and the file dropped, a log folder that cannot be made is said,
and Help → Open Log File says there is none this session."""

import logging
import os
import sys

from andrea_desktop.gui.common import log_file as qt_logging


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
