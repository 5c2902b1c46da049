"""Redraws paced while training: a panel asks for a redraw whenever its model changes; the pacer
runs it at most every ``interval`` seconds while the run trains, at once when it does not (or
when the change is urgent: a marker, a new phase), and not at all while the panel cannot be
seen (its dock closed or tabbed behind another) — then once, as soon as it is shown.

Each redraw and the paint it causes is time the GUI thread takes from training (the GIL), so the
loss plot redraws at most twice a second and the LR and simplex plots once a second while
training (``benchmarks/gui_thread_profile.py`` measures it); the values themselves are all in
the model at once, only drawing waits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

__all__ = ["RedrawPacer", "LIVE_REFRESH_S", "SLOW_REFRESH_S"]

LIVE_REFRESH_S = 0.5
"""While training, the loss panel redraws at most this often (seconds)."""
SLOW_REFRESH_S = 1.0
"""While training, the LR and simplex panels redraw at most this often (seconds)."""


class RedrawPacer(QObject):
    """Runs one panel's redraw, paced (module docstring).

    Parameters
    ----------
    redraw
        The panel's redraw (draws everything that changed since the last one).
    interval
        Seconds between redraws while :attr:`running`.

    Attributes
    ----------
    running
        The run trains now (redraws are paced); otherwise every request redraws at once.
    shown
        The user can see the panel; a hidden panel is redrawn once it is shown.
    stale
        A redraw was asked for and has not run yet.
    """

    def __init__(self, redraw: Callable[[], None], interval: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._redraw = redraw
        self.interval = float(interval)
        self.running = False
        self.shown = True
        self.stale = False
        self.redraws = 0
        """How many redraws ran (tests, benchmarks)."""
        self._last = -math.inf
        self._due = QTimer(self)  # the last change of a burst is drawn even if no other follows
        self._due.setSingleShot(True)
        self._due.timeout.connect(self._run_if_due)

    def request(self, urgent: bool = False) -> None:
        """The panel's model changed: redraw now, or when due, or once shown."""
        self.stale = True
        if not self.shown:
            return
        now = time.monotonic()
        if urgent or not self.running or now - self._last >= self.interval:
            self._run(now)
        elif not self._due.isActive():
            self._due.start(max(1, math.ceil((self._last + self.interval - now) * 1000)))

    def now(self) -> None:
        """Redraw at once (a new model, a user's change of the view), shown or not."""
        self.stale = True
        self._run(time.monotonic())

    def set_running(self, running: bool) -> None:
        """Training started or ended; when it ends what waits is drawn at once (a pause, the end)."""
        self.running = bool(running)
        if not running and self.stale and self.shown:
            self._run(time.monotonic())

    def set_shown(self, shown: bool) -> None:
        """Whether the user can see the panel (its dock's ``visibilityChanged``): shown again, it
        catches up at once, before its first paint."""
        self.shown = bool(shown)
        if shown and self.stale:
            self._run(time.monotonic())

    def _run_if_due(self) -> None:
        if self.stale and self.shown:
            self._run(time.monotonic())

    def _run(self, now: float) -> None:
        self._due.stop()
        self.stale = False
        self._last = now
        self.redraws += 1
        self._redraw()

    def stop(self) -> None:
        """No redraw waits any more (the window closes)."""
        self._due.stop()
