"""Redraws paced while training: a panel asks for a redraw whenever its model changes; the pacer
runs it at most every ``interval`` seconds while the run trains, at once when it does not (or
when the change is urgent: a marker, a new phase), and not at all while the panel cannot be
seen (its dock closed or tabbed behind another) — then once, as soon as it is shown.

Each redraw and the paint it causes is time the GUI thread takes from training (the GIL, and on a
machine of few cores the core itself: torch's threads wait at each parallel region for the
slowest, so a GUI thread that takes a core now and then stalls them all). So while training the
loss plot redraws at most twice a second and the LR and simplex plots once a second, and less often
when a redraw costs more: each pacer measures the GUI thread's CPU time of its redraws and of the
paints of the plots it watches (:meth:`RedrawPacer.watch`), and spaces the redraws so that they
take at most :data:`REDRAW_SHARE` of one core, never more than :data:`MAX_GAP_S` apart. A cheap
redraw (a short run) comes at the base pace; a dear one (a million steps, ten runs overlaid) a
little later. ``benchmarks/gui_thread_profile.py`` and ``benchmarks/frame_cost.py`` measure what
it costs and buys. The values themselves are all in the model at once, only drawing waits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

__all__ = ["RedrawPacer", "LIVE_REFRESH_S", "SLOW_REFRESH_S", "REDRAW_SHARE", "MAX_GAP_S"]

LIVE_REFRESH_S = 0.5
"""While training, the loss panel redraws at most this often (seconds)."""
SLOW_REFRESH_S = 1.0
"""While training, the LR and simplex panels redraw at most this often (seconds)."""
REDRAW_SHARE = 0.02
"""While training, a plot's redraws and their paints take at most this share of one core's time
(the GUI thread's CPU time, measured: :attr:`RedrawPacer.cost_s`)."""
MAX_GAP_S = 2.5
"""While training, a plot redraws at least this often (seconds), whatever a redraw costs."""


class RedrawPacer(QObject):
    """Runs one panel's redraw, paced (module docstring).

    Parameters
    ----------
    redraw
        The panel's redraw (draws everything that changed since the last one).
    interval
        Seconds between redraws while :attr:`running`, at least (:attr:`gap`: more when the
        redraws cost more than ``share`` of a core).
    share
        The share of one core's time the redraws and their paints may take while training.

    Attributes
    ----------
    running
        The run trains now (redraws are paced); otherwise every request redraws at once.
    shown
        The user can see the panel; a hidden panel is redrawn once it is shown.
    stale
        A redraw was asked for and has not run yet.
    cost_s
        The GUI thread's CPU seconds of a redraw and its paints (smoothed over the last few
        redraws; 0 before the first).
    """

    def __init__(self, redraw: Callable[[], None], interval: float, parent: QObject | None = None,
                 share: float = REDRAW_SHARE) -> None:
        super().__init__(parent)
        if not 0 < share <= 1:
            raise ValueError(f"share must be in (0, 1], got {share!r}")
        self._redraw = redraw
        self.interval = float(interval)
        self.share = float(share)
        self.cost_s = 0.0
        self._cycle_s = 0.0  # the CPU seconds of the last redraw and the paints after it
        self.running = False
        self.shown = True
        self.stale = False
        self.redraws = 0
        """How many redraws ran (tests, benchmarks)."""
        self._last = -math.inf
        self._due = QTimer(self)  # the last change of a burst is drawn even if no other follows
        self._due.setSingleShot(True)
        self._due.timeout.connect(self._run_if_due)

    def watch(self, view) -> None:
        """Count the paints of ``view`` (a :class:`~andrea_desktop.gui.plots.menus.PlotView`) in
        what this pacer's redraws cost."""
        view.paint_listeners.append(self._add_paint)

    def _add_paint(self, seconds: float) -> None:
        self._cycle_s += seconds

    @property
    def gap(self) -> float:
        """Seconds between redraws while training: :attr:`interval`, or more when a redraw and its
        paints cost more than :attr:`share` of that (``cost_s / share``), at most
        :data:`MAX_GAP_S` (or :attr:`interval`, if longer)."""
        return min(max(self.interval, self.cost_s / self.share), max(self.interval, MAX_GAP_S))

    def request(self, urgent: bool = False) -> None:
        """The panel's model changed: redraw now, or when due, or once shown."""
        self.stale = True
        if not self.shown:
            return
        now = time.monotonic()
        gap = self.gap
        if urgent or not self.running or now - self._last >= gap:
            self._run(now)
        elif not self._due.isActive():
            self._due.start(max(1, math.ceil((self._last + gap - now) * 1000)))

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
        if self.redraws:  # the last cycle (its redraw and the paints since) is complete
            self.cost_s = self._cycle_s if self.redraws == 1 else 0.5 * (self.cost_s + self._cycle_s)
        self.redraws += 1
        t0 = time.thread_time()
        self._redraw()
        self._cycle_s = time.thread_time() - t0

    def stop(self) -> None:
        """No redraw waits any more (the window closes)."""
        self._due.stop()
