"""The run as the panels show it: the view-models (:class:`RunHistory`, :class:`MixtureHistory`)
and the six panels that draw them. Live snapshots, reopened histories and probe files come in
here, through :func:`~andrea_desktop.core.viewmodels.snapshot.apply_snapshot`."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QObject

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
from .qt_parent_history import QtParentHistory
from .qt_worker import RunInfo

__all__ = ["QtRunView", "SLOW_REFRESH_S"]

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
        self._refreshed = {"lr": 0.0, "simplex": 0.0}

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
        """Redraw the plots from the view-models."""
        self.loss_panel.refresh()
        self.lr_panel.refresh()
        self.simplex_panel.refresh()

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
        """What is new in the run: into the view-models, then redrawn; while ``running``, the LR
        and simplex panels at most every :data:`SLOW_REFRESH_S`."""
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
        self.loss_panel.refresh()
        # The LR panel's curve is planned ahead: only the marker moves, so 1 Hz is plenty and
        # leaves the GIL to the training thread (DESIGN §5: GUI >= 0.95 x headless).
        now = time.monotonic()
        for name, panel, changed in (("lr", self.lr_panel, False), ("simplex", self.simplex_panel, mixture_changed)):
            if changed or not running or now - self._refreshed[name] >= SLOW_REFRESH_S:
                self._refreshed[name] = now
                panel.refresh()
