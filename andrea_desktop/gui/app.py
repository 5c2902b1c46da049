"""The Qt application: settings, plot defaults, signal handling and the main window."""

from __future__ import annotations

import logging
import logging.handlers
import signal
import socket
import sys
from importlib import resources
from pathlib import Path

import platformdirs
import pyqtgraph as pg
from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from .qt_main_window import MainWindow
from .qt_theme import is_dark

__all__ = ["run_app", "configure_app", "is_dark", "install_signal_handlers", "log_file", "setup_logging"]

log = logging.getLogger(__name__)


def configure_app(app: QApplication) -> None:
    """Names for QSettings, the window icon, and pyqtgraph defaults (row-major images, no
    antialiasing for speed) whose background and foreground follow the system's light or dark
    palette, so that the plots match the rest of the desktop."""
    app.setApplicationName("ANDREA Desktop")
    app.setOrganizationName("andrea")
    app.setApplicationDisplayName("ANDREA Desktop")
    app.setDesktopFileName("andrea-desktop")
    icon = resources.files("andrea_desktop.resources").joinpath("andrea-desktop.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    pal = app.palette()
    pg.setConfigOptions(imageAxisOrder="row-major", antialias=False,
                        background=pal.base().color() if is_dark(app) else "w",
                        foreground=pal.text().color() if is_dark(app) else "k")


def install_signal_handlers(window: MainWindow) -> socket.socket:
    """Close the window cleanly on SIGINT / SIGTERM (Ctrl+C in the terminal, ``kill``).

    Python runs signal handlers only when the interpreter gets control; a wake-up socket
    watched by a QSocketNotifier makes the Qt event loop hand it control at once.

    Returns
    -------
    The socket pair's read end (keep it alive as long as the window).
    """
    rsock, wsock = socket.socketpair()
    rsock.setblocking(False)
    wsock.setblocking(False)
    signal.set_wakeup_fd(wsock.fileno())
    notifier = QSocketNotifier(rsock.fileno(), QSocketNotifier.Type.Read, window)

    def _drain() -> None:
        try:
            rsock.recv(64)
        except OSError:
            pass

    notifier.activated.connect(_drain)

    def _handler(signum, frame) -> None:  # noqa: ARG001
        log.info("signal %d: closing", signum)
        QTimer.singleShot(0, window.close_without_asking)

    signal.signal(signal.SIGINT, _handler)
    signal.signal(signal.SIGTERM, _handler)
    window._signal_wakeup = (rsock, wsock, notifier)  # kept alive with the window
    return rsock


def log_file() -> Path:
    """The app's log file in the user log directory (platformdirs), e.g.
    ``~/.local/state/andrea-desktop/log/andrea-desktop.log`` on Linux."""
    return Path(platformdirs.user_log_dir("andrea-desktop")) / "andrea-desktop.log"


LOG_PROBLEM: str | None = None
"""Why there is no log file this session (set by :func:`setup_logging`), or None."""


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file; a write that fails (disk full) says so once, then the file is dropped and
    the terminal keeps the log."""

    def handleError(self, record) -> None:  # noqa: N802 -- logging's API
        global LOG_PROBLEM
        LOG_PROBLEM = f"writing {self.baseFilename} failed ({sys.exc_info()[1]}); the log goes to the terminal only"
        logging.getLogger().removeHandler(self)
        print(f"andrea-desktop: {LOG_PROBLEM}", file=sys.stderr)  # noqa: T201
        try:
            self.close()
        except OSError:
            pass


def setup_logging() -> Path | None:
    """Log to the terminal and to :func:`log_file` (rotated at 1 MB, 3 kept); returns the file,
    or None when its folder cannot be written (the terminal still gets everything; the reason is
    :data:`LOG_PROBLEM`). Uncaught exceptions are logged too."""
    global LOG_PROBLEM
    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    logging.basicConfig(level=logging.INFO, format=fmt)
    sys.excepthook = lambda *exc: log.critical("uncaught exception", exc_info=exc)
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _LogFile(path, maxBytes=1 << 20, backupCount=3, encoding="utf-8")
    except OSError as exc:
        LOG_PROBLEM = f"cannot create {path} ({exc.strerror or exc}); the log goes to the terminal only"
        log.warning("no log file: %s", LOG_PROBLEM)
        return None
    handler.setFormatter(logging.Formatter(fmt))
    logging.getLogger().addHandler(handler)
    return path


def run_app(run_dir: Path | None, preset: str | None = None, autostart: bool = False,
            max_steps: int | None = None, config=None) -> int:
    """Open the main window; returns the process exit code."""
    setup_logging()
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    window = MainWindow(run_dir, preset=preset, max_steps=max_steps, config=config)
    _keep = install_signal_handlers(window)
    window.show()
    if autostart:
        QTimer.singleShot(0, window.start_training)
    code = app.exec()
    del _keep
    return code
