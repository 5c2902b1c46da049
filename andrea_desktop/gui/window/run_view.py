"""The run as the panels show it: one :class:`~andrea_desktop.core.viewmodels.run_model.RunModel`
and the panels that draw it. Live snapshots go into the model (:meth:`RunModel.apply`); a
reopened or followed run's model is filled by its source; opening, switching, continuing or
branching a run hands every panel a new model (:meth:`QtRunView.set_model`).

The values are in the model at once; each plotted panel redraws from the model's change
notifications at a paced rate while training (its own :class:`~andrea_desktop.gui.plots.pacing.RedrawPacer`:
the GUI thread's Python holds the GIL the training thread needs, so each redraw and the paint it
causes is time taken from training), and a plot the user cannot see (its dock closed or tabbed
behind another) is not redrawn at all until it is shown. The Attention, Embeddings and Terrain panels, tabs behind
the Mixture dock at the start layout, build their plots only when first shown
(:mod:`andrea_desktop.gui.plots.lazy`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ...core.terrain_jobs import terrain_enabled
from ...core.viewmodels.history import MixtureHistory, RunHistory
from ...core.viewmodels.run_model import RunModel
from ...core.viewmodels.snapshot import Snapshot
from ..panels.attention.panel import QtAttentionPanel
from ..panels.embedding.panel import QtEmbeddingPanel
from ..panels.loss.panel import QtLossPanel
from ..panels.lr.panel import QtLRPanel
from ..panels.samples.panel import QtSamplesPanel
from ..panels.simplex.panel import QtSimplexPanel
from ..panels.terrain.panel import QtTerrainPanel
from ..plots.pacing import LIVE_REFRESH_S, SLOW_REFRESH_S, RedrawPacer
from ..plots.parent_history import QtParentHistory
from ..run.terrain_watch import TerrainWatch
from ..run.worker import RunInfo

__all__ = ["QtRunView", "LIVE_REFRESH_S", "SLOW_REFRESH_S"]  # the paces, re-exported

class QtRunView(QObject):
    """The window's run model and the panels that draw it.

    Attributes
    ----------
    model
        The :class:`RunModel` every panel draws now (:meth:`set_model` replaces it).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = RunModel()
        self.loss_panel = QtLossPanel(self.model)
        self.lr_panel = QtLRPanel(self.model)
        self.simplex_panel = QtSimplexPanel(self.model)
        self.samples_panel = QtSamplesPanel()
        # tabs behind the mixture at the start layout: their plots are built when first shown
        # (the window's docks, :func:`~andrea_desktop.gui.plots.lazy.build_when_shown`)
        self.attention_panel = QtAttentionPanel(lazy=True)
        self.embedding_panel = QtEmbeddingPanel(lazy=True)
        self.terrain_panel = QtTerrainPanel(lazy=True)
        self.parent_history = QtParentHistory(self.loss_panel, self.lr_panel, self)
        """A branch's parent history up to its step, in a lighter shade (loss and LR panels)."""
        self.terrain_watch = TerrainWatch(self)
        """Feeds the terrain results that land in the run's folder into :attr:`model` (a live,
        reopened or followed run alike)."""
        self.terrain_panel.set_model(self.model)
        self.terrain_watch.set_model(self.model)
        self.pacers: dict[str, RedrawPacer] = {"loss": self.loss_panel.pacer, "lr": self.lr_panel.pacer,
                                               "simplex": self.simplex_panel.pacer}
        """The plotted panels' paced redraws by name ("loss", "lr", "simplex")."""

    # ------------------------------------------------------------------ the model
    @property
    def history(self) -> RunHistory:
        """The shown run's scalar series and events."""
        return self.model.history

    @property
    def mixture(self) -> MixtureHistory:
        """The shown run's mixture."""
        return self.model.mixture

    @property
    def rate(self) -> float | None:
        """Training throughput (tokens/s), smoothed over snapshots."""
        return self.model.rate

    def set_model(self, model: RunModel) -> None:
        """Show ``model`` (another run, or this one again from its folder or from step 0): every
        panel draws it and nothing else; a branch's parent history is drawn with it."""
        self.model = model
        self.loss_panel.set_model(model)
        self.lr_panel.set_model(model)
        self.simplex_panel.set_model(model)
        self.terrain_panel.set_model(model)
        self.terrain_watch.set_model(model)
        self.parent_history.show_parent(model.parent)
        for panel in (self.samples_panel, self.attention_panel, self.embedding_panel):
            panel.set_model(model)

    def reset(self) -> None:
        """Forget the run on screen: an empty model of no folder (the controller makes the
        model of a run that starts again, :meth:`RunController.restart_model`)."""
        self.set_model(RunModel(None, self.model.config, self.model.history.smoothing))

    # ------------------------------------------------------------------ pacing
    @property
    def stale(self) -> set[str]:
        """The plots whose model changed since they were last redrawn ("loss", "lr", "simplex")."""
        return {name for name, p in self.pacers.items() if p.stale}

    @property
    def shown(self) -> dict[str, bool]:
        """Whether the user can see each plot (:meth:`set_shown`)."""
        return {name: p.shown for name, p in self.pacers.items()}

    def refresh(self) -> None:
        """Redraw the plots from the model (now, hidden or not)."""
        for p in self.pacers.values():
            p.now()

    def flush(self) -> None:
        """Redraw now every plot that is behind and can be seen (the run paused or stopped)."""
        for p in self.pacers.values():
            p.set_running(False)

    def set_shown(self, name: str, shown: bool) -> None:
        """Whether the user can see the plot ``name`` ("loss", "lr", "simplex"): its dock's
        ``visibilityChanged`` (closed, or tabbed behind another dock: no redraws, they would cost
        the GIL for nothing; shown again: it catches up at once, before its first paint)."""
        self.pacers[name].set_shown(shown)

    def stop(self) -> None:
        """No redraw waits any more (the window closes)."""
        for p in self.pacers.values():
            p.stop()

    # ------------------------------------------------------------------ what arrives
    def show_run_info(self, info: RunInfo) -> None:
        """A run prepared here: its schedule, sources and probe settings (into the model)."""
        self.model.set_lr_anchor(info.lr_anchor)
        self.model.set_sources(info.source_names)
        self.model.set_config(info.config)
        self.model.set_terrain_interval(info.config.terrain.interval
                                        if terrain_enabled(info.config, info.device) else 0)
        self.terrain_watch.set_model(self.model)  # a new run's automatic terrain lands in its folder

    def show_snapshot(self, snap: Snapshot, running: bool) -> None:
        """What is new in the run: into the model at once; the plots redraw from its
        notifications — while ``running`` the loss panel at most every :data:`LIVE_REFRESH_S`,
        the LR and simplex panels at most every :data:`SLOW_REFRESH_S` (the simplex at once when
        the mixture's picture changed, the loss and LR panels at once when an event they mark
        arrived), and a hidden plot only once it is shown."""
        for p in self.pacers.values():
            p.running = bool(running)
        self.model.apply(snap)  # every panel redraws from the model's notifications
