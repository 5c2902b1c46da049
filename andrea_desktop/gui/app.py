"""The Qt application: settings, plot defaults, signal handling, the garbage-collection policy and
the main window (the log file is :mod:`andrea_desktop.gui.common.log_file`'s)."""

from __future__ import annotations

import gc
import logging
import signal
import socket
import sys
from importlib import resources
from pathlib import Path

import pyqtgraph as pg
from pyqtgraph.util.garbage_collector import GarbageCollector
from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from .common.i18n import install_translators
from .common.log_file import log_file, setup_logging
from .common.theme import is_dark
from .window.main_window import MainWindow

__all__ = ["run_app", "configure_app", "is_dark", "install_signal_handlers", "log_file", "setup_logging"]

log = logging.getLogger(__name__)


def configure_app(app: QApplication) -> None:
    """Names for QSettings, the interface language (:mod:`andrea_desktop.gui.common.i18n`), the window icon, and pyqtgraph defaults (row-major images, no
    antialiasing for speed) whose background and foreground follow the system's light or dark
    palette, so that the plots match the rest of the desktop."""
    app.setApplicationName("ANDREA Desktop")
    app.setOrganizationName("andrea")
    app.setApplicationDisplayName("ANDREA Desktop")
    app.setDesktopFileName("andrea-desktop")
    install_translators(app)  # before any window is built; replaces, never stacks, earlier ones
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


SWITCH_INTERVAL_S = 0.0005
"""The interpreter's switch interval while the window lives (:func:`sys.setswitchinterval`;
Python's default is 5 ms): a thread that waits for the GIL asks the holder to drop it after this
long. The training thread gives the GIL up inside each torch op and waits for it again after;
when the GUI thread's Python (a redraw, a snapshot) holds it then, the step waited up to the
whole interval once per op. With 0.5 ms, andrea-tiny on 2 threads beside the window trained at
14,600 tokens/s against 13,853 with 5 ms (median of 3 interleaved rounds of 300 steps, 2 cores,
docs/performance.md#frames)."""


class GcPolicy:
    """Python's cyclic garbage collector runs on the GUI thread only, and the interpreter lock
    changes hands sooner (:data:`SWITCH_INTERVAL_S`), while the window lives.

    Automatic collection is switched off and a GUI-thread timer collects instead (pyqtgraph's
    :class:`~pyqtgraph.util.garbage_collector.GarbageCollector`, the habit of long-lived PyQt
    applications). Otherwise a collection triggered by an allocation on the training thread can
    finalise a cycle holding a Qt object (a plot's ``QMenu``) there: its destructor then waits
    for a Qt mutex the GUI thread holds while the GUI thread waits for the GIL — a deadlock.

    Every object that exists when the policy starts (the imported modules, classes and functions:
    torch, Qt and pyqtgraph are about 240K objects) is moved to the collector's permanent
    generation (:func:`gc.freeze`): they live as long as the process, and a full collection, which
    the timer forces every ten second-generation ones (about every two minutes while training),
    no longer traverses them. It held the GIL, stalling training and the event loop, ~230 ms on 2
    cores; now it walks the window's and the run's objects only (``benchmarks/gui_thread_profile.py``
    times every collection). A process that froze objects itself before the policy starts (the
    test session, tests/conftest.py) keeps its own freezing: the policy neither adds to it nor
    undoes it at :meth:`close`.

    Parameters
    ----------
    interval_s
        Seconds between checks on the GUI thread (generation thresholds as Python's own).
    """

    def __init__(self, interval_s: float = 1.0) -> None:
        self._was_enabled = gc.isenabled()
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch_interval, SWITCH_INTERVAL_S))
        # A process that froze its long-lived objects itself (a test session, an embedding
        # program) keeps its own freezing: this policy neither adds to it nor undoes it.
        self._froze = gc.get_freeze_count() == 0
        if self._froze:
            gc.freeze()
        self._collector = GarbageCollector(interval=interval_s)

    def close(self) -> None:
        """Stop the timer and give collection back to Python (what this policy froze too), and
        the switch interval it found."""
        self._collector.timer.stop()
        sys.setswitchinterval(self._switch_interval)
        if self._froze:
            gc.unfreeze()
        if self._was_enabled:
            gc.enable()


def run_app(run_dir: Path | None, preset: str | None = None, autostart: bool = False,
            max_steps: int | None = None, config=None, remote: str | None = None) -> int:
    """Open the main window (with ``remote``, an ``ssh://`` address, following that run);
    returns the process exit code."""
    setup_logging()
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    gc_policy = GcPolicy()  # cycles are collected on the GUI thread only
    window = MainWindow(run_dir, preset=preset, max_steps=max_steps, config=config)
    _keep = install_signal_handlers(window)
    window.show()
    if remote:
        QTimer.singleShot(0, lambda: window.runs.open_remote(remote))
    if autostart:  # trains at once, also on a fresh window (where Start opens the New Run dialog)
        QTimer.singleShot(0, window.runs.start_training)
    code = app.exec()
    gc_policy.close()
    del _keep
    return code
