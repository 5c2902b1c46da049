"""The run as the panels show it: the view-models (:class:`RunHistory`, :class:`MixtureHistory`)
and the six panels that draw them. Live snapshots, reopened histories and probe files come in
here, through :func:`~andrea_desktop.core.viewmodels.snapshot.apply_snapshot`.

Every snapshot goes into the view-models at once; the plots are redrawn from them at a paced rate
while training (the GUI thread's Python holds the GIL the training thread needs: each redraw and
the paint it causes is time taken from training), and a plot the user cannot see (its dock closed
or tabbed behind another) is not redrawn at all until it is shown.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from ..core.config import Config
from ..core.terrain_jobs import terrain_enabled
from ..core.viewmodels.history import MixtureHistory, RunHistory
from ..core.viewmodels.snapshot import Snapshot, apply_snapshot
from .panels.qt_attention_panel import QtAttentionPanel
from .panels.qt_embedding_panel import QtEmbeddingPanel
from .panels.qt_loss_panel import QtLossPanel
from .panels.qt_lr_panel import QtLRPanel
from .panels.qt_samples_panel import QtSamplesPanel
from .panels.qt_simplex_panel import QtSimplexPanel
from .panels.qt_terrain_panel import MARKER_KINDS, QtTerrainPanel
from .qt_markers import MARKER_STYLE
from .qt_parent_history import QtParentHistory
from .qt_worker import RunInfo

__all__ = ["QtRunView", "LIVE_REFRESH_S", "SLOW_REFRESH_S"]

LIVE_REFRESH_S = 0.5
"""While training, the loss panel redraws at most this often (seconds): a redraw and its paint
cost the GIL about 10 ms on 2 cores (``benchmarks/gui_thread_profile.py``), so at the worker's
five snapshots a second the window alone took ~5 % of training's time."""
SLOW_REFRESH_S = 1.0
"""While training, the LR and simplex panels redraw at most this often (seconds)."""


class QtRunView(QObject):
    """The view-models of the window's run and the panels that draw them (one view per model:
    a panel takes its model in ``__init__`` and never changes it)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.history = RunHistory()
        self.mixture = MixtureHistory()
        self.loss_panel = QtLossPanel(self.history)
        self.lr_panel = QtLRPanel(self.history)
        self.simplex_panel = QtSimplexPanel(self.mixture)
        self.samples_panel = QtSamplesPanel()
        self.attention_panel = QtAttentionPanel()
        self.embedding_panel = QtEmbeddingPanel()
        self.terrain_panel = QtTerrainPanel()
        self.parent_history = QtParentHistory(self.loss_panel, self.lr_panel, self)
        """A branch's parent history up to its step, in a lighter shade (loss and LR panels)."""
        self.rate: float | None = None
        """Training throughput (tokens/s), smoothed over snapshots."""
        self._plots: dict[str, tuple[QWidget, float]] = {
            "loss": (self.loss_panel, LIVE_REFRESH_S), "lr": (self.lr_panel, SLOW_REFRESH_S),
            "simplex": (self.simplex_panel, SLOW_REFRESH_S)}
        self._refreshed = dict.fromkeys(self._plots, -math.inf)
        self.stale: set[str] = set()
        """The plots whose view-model changed since they were last redrawn ("loss", "lr",
        "simplex"): redrawn when due, or when shown."""
        self._running = False
        self._due = QTimer(self)  # the last snapshot of a burst is drawn even if no other follows
        self._due.setSingleShot(True)
        self._due.timeout.connect(self._redraw_due)
        self.shown = dict.fromkeys(self._plots, True)
        """Whether the user can see each plot (:meth:`set_shown`)."""

    def reset(self) -> None:
        """Forget the run on screen (another run, or this one from step 0): the view-models start
        a new generation and every panel empties."""
        self.history.clear()
        self.mixture.reset()
        for panel in (self.samples_panel, self.attention_panel, self.embedding_panel, self.terrain_panel):
            panel.clear()
        self.rate = None
        self.refresh()

    def refresh(self) -> None:
        """Redraw the plots from the view-models (now, hidden or not)."""
        now = time.monotonic()
        for name in self._plots:
            self._redraw(name, now)

    def flush(self) -> None:
        """Redraw now every plot that is behind and can be seen (the run paused or stopped)."""
        self._running = False
        self._redraw_due()

    def set_shown(self, name: str, shown: bool) -> None:
        """Whether the user can see the plot ``name`` ("loss", "lr", "simplex"): its dock's
        ``visibilityChanged`` (closed, or tabbed behind another dock: no redraws, they would cost
        the GIL for nothing; shown again: it catches up at once, before its first paint)."""
        self.shown[name] = bool(shown)
        if shown and name in self.stale:
            self._redraw(name, time.monotonic())

    def _redraw(self, name: str, now: float) -> None:
        self._plots[name][0].refresh()
        self._refreshed[name] = now
        self.stale.discard(name)

    def _redraw_due(self, urgent: frozenset[str] = frozenset()) -> None:
        """Redraw the stale plots that are shown and due (all of them when not training, and
        those in ``urgent``); the next due one is redrawn by a timer."""
        now, wait = time.monotonic(), math.inf
        for name in sorted(self.stale):
            interval = self._plots[name][1]
            if not self.shown[name]:
                continue  # drawn when shown (set_shown)
            due = self._refreshed[name] + interval
            if name in urgent or not self._running or now >= due:
                self._redraw(name, now)
            else:
                wait = min(wait, due - now)
        if wait < math.inf and not self._due.isActive():
            self._due.start(max(1, math.ceil(wait * 1000)))

    def show_config(self, config: Config | None) -> None:
        """The run's settings (None: unknown) where panels say what will appear, and when (the
        first probe's step) and how samples are made."""
        probe = config.probe if config is not None else None
        for panel in (self.samples_panel, self.attention_panel, self.embedding_panel):
            panel.set_probe_settings(probe)

    def show_run_info(self, info: RunInfo) -> None:
        """A run prepared here: its schedule, sources and probe settings."""
        self.lr_panel.set_config(info.config, info.lr_anchor)
        self.loss_panel.set_sources(list(info.source_names))
        self.show_config(info.config)
        self.embedding_panel.watch_k = info.config.probe.neighbours
        self.terrain_panel.load_run(info.run_dir)  # a new run's automatic terrain lands there
        self.terrain_panel.set_interval(info.config.terrain.interval
                                        if terrain_enabled(info.config, info.device) else 0)

    def show_history(self, snap: Snapshot | None, run_dir: Path) -> None:
        """A reopened run: its whole store as one snapshot, and its probe files (read first: a
        damaged row that stops :func:`apply_snapshot` costs only what comes after it)."""
        self.attention_panel.load_run(run_dir)
        self.embedding_panel.load_run(run_dir)
        self.terrain_panel.load_run(run_dir)
        try:
            if snap is not None:
                self.samples_panel.add_samples(snap.samples, snap.events)
                self.loss_panel.set_sources(sorted(snap.source_loss))
                apply_snapshot(snap, self.history, self.mixture)
        finally:
            self.terrain_panel.set_markers(self.history.events)
            self.refresh()

    def show_snapshot(self, snap: Snapshot, running: bool) -> None:
        """What is new in the run: into the view-models at once, then redrawn; while ``running``,
        the loss panel at most every :data:`LIVE_REFRESH_S`, the LR and simplex panels at most
        every :data:`SLOW_REFRESH_S` (the simplex at once when the mixture's picture changed, the
        loss and LR panels at once when an event they mark arrived), and a hidden plot only once
        it is shown."""
        if len(snap.steps):
            rate = float(snap.tokens_per_s.mean())
            self.rate = rate if self.rate is None else 0.7 * self.rate + 0.3 * rate
        mixture_changed = apply_snapshot(snap, self.history, self.mixture)
        self.samples_panel.add_samples(snap.samples, snap.events)
        if snap.probe is not None:
            self.attention_panel.add_probe(snap.probe)
            self.embedding_panel.add_probe(snap.probe)
        if any(kind in MARKER_KINDS for _step, kind, _payload in snap.events):
            self.terrain_panel.set_markers(self.history.events)
        self.terrain_panel.poll()  # the automatic terrain jobs' new files (live or followed run)
        # The LR panel's curve is planned ahead: only the marker moves, so 1 Hz is plenty and
        # leaves the GIL to the training thread (DESIGN §5: GUI >= 0.97 x headless).
        self.stale.update(("loss", "lr", "simplex") if snap.events or snap.mixture is not None
                          else ("loss", "lr"))
        self._running = running
        urgent = {"simplex"} if mixture_changed else set()
        if any(kind in MARKER_STYLE for _step, kind, _payload in snap.events):
            urgent |= {"loss", "lr"}  # a pivot, pause or anomaly is marked at once (rare events)
        self._redraw_due(frozenset(urgent))
