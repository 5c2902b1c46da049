"""The main window: docks for the panels, the layout they keep between sessions, the status bar,
and the window's commands (each one goes to the run's driver, whichever it is).

Who does what: :mod:`andrea_desktop.gui.window.run_view` (the view-models and the panels), :mod:`andrea_desktop.gui.window.actions` (actions,
menus, shortcuts), :mod:`andrea_desktop.gui.run.controller` (which run, who trains it), :mod:`andrea_desktop.gui.run.driver` (a
training thread here, or a followed run), :mod:`andrea_desktop.gui.run.curriculum_steering` (pivots),
:mod:`andrea_desktop.gui.window.notices` (message boxes and dialogs).
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QVBoxLayout, QWidget

from ...core.anomaly import is_follow_up
from ...core.config import Config
from ...core.lifecycle import RunState
from ...core.metrics import AnomalyKind, EventKind
from ...core.tokens import visible_name
from ...core.viewmodels.snapshot import Snapshot
from ..common.app_settings import check_writable, settings_problems, unsaved_message
from ..common.app_settings import save as save_settings
from ..common.i18n import format_number
from ..common.log_file import set_log_run
from ..panels.runs.dock import QtRunsDock
from ..plots.lazy import build_when_shown
from ..reading import reading_pane
from ..run.controller import RunController, default_run_dir
from ..run.curriculum_steering import CurriculumSteering
from ..run.experiment import QtExperiments
from ..run.sweep import QtSweeps
from ..run.terrain_compute import QtTerrainJobs
from .actions import QtActions, state_text
from .focus import FocusRelease
from .notices import QtNotices
from .run_view import QtRunView

__all__ = ["MainWindow", "default_run_dir"]

LAYOUT_VERSION = 7  # bump when docks are added or renamed: an older saved layout is then ignored


def _fmt_duration(seconds: float) -> str:
    if not math.isfinite(seconds) or seconds < 0:
        return "–"
    h, rem = divmod(int(round(seconds)), 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}"


def _fmt_rate(tok_s: float) -> str:
    if not math.isfinite(tok_s) or tok_s <= 0:
        return "– tok/s"
    return f"{format_number(tok_s / 1000, 1)}k tok/s" if tok_s >= 1000 else f"{format_number(tok_s, 0)} tok/s"


class MainWindow(QMainWindow):
    """ANDREA Desktop's main window.

    Parameters
    ----------
    run_dir
        Run to open or create; None: a new demo run under the user's data directory.
    preset
        Preset of a new run (default andrea-tiny).
    max_steps
        Global step at which training stops (None: the schedule's end).
    config
        Configuration of a new run, instead of the preset's (scripts and tests).

    Notes
    -----
    The window never touches tensors: it draws the snapshots its run's driver sends (through the
    view-models, :func:`~andrea_desktop.core.viewmodels.snapshot.apply_snapshot`) and sends
    commands back through the driver.
    """

    def __init__(self, run_dir: Path | None = None, preset: str | None = None,
                 max_steps: int | None = None, config: Config | None = None) -> None:
        super().__init__()
        self.setObjectName("AndreaMainWindow")
        self._skip_confirm = False
        self.view = v = QtRunView(self)
        self.loss_panel, self.lr_panel, self.simplex_panel = v.loss_panel, v.lr_panel, v.simplex_panel
        self.samples_panel, self.attention_panel, self.embedding_panel = (v.samples_panel, v.attention_panel,
                                                                          v.embedding_panel)
        self.terrain_panel = v.terrain_panel
        self.notices = QtNotices(self)
        self.notices.focus = self.loss_panel.plot
        self.runs = r = RunController(self, self.notices, max_steps, config)
        self.steering = CurriculumSteering(self, self.runs, self.notices)
        # no helper keeps a reference to the window: the window wires what each one shows and does
        self.notices.status_message.connect(self.statusBar().showMessage)
        self.steering.status_message.connect(self.statusBar().showMessage)
        r.new_runs.walk_params = lambda: self.steering.params  # the walk in force after pivots
        r.branches.status_message.connect(self.statusBar().showMessage)
        r.branches.busy_changed.connect(self.update_actions)
        # the controller keeps no reference to the window: the window wires what it shows
        r.model_replaced.connect(self.view.set_model)  # every panel draws the new run
        r.snapshot.connect(self.show_snapshot)
        r.state_changed.connect(self.on_run_state)
        r.prepared.connect(self.view.show_run_info)
        r.curriculum_params.connect(self.steering.set_params)
        r.stopped.connect(self.steering.on_stopped)
        r.title_changed.connect(lambda title: self.setWindowTitle(visible_name(title)))
        r.status_message.connect(self.statusBar().showMessage)
        r.close_ready.connect(self.close)
        self.window_actions = QtActions(self, r, {
            "start": self.start_training, "pause": self.toggle_pause, "stop": self.stop_training,
            "curriculum": self.open_curriculum_dialog, "new_run": self.new_run,
            "new_run_from_this": self.new_run_from_this, "warmup_experiment": self.new_warmup_experiment,
            "new_sweep": self.new_sweep, "continue_sweep": self.continue_sweep, "sweep_results": self.sweep_results,
            "branch": self.branch_from_checkpoint, "checkpoint": self.save_checkpoint_now, "quit": self.close,
            "full_screen": lambda on: self.showFullScreen() if on else self.showNormal(),
            "reset_layout": self.reset_layout, "shortcuts": self.notices.show_shortcuts,
            "open_log": self.open_log, "about": self.notices.show_about, "open_remote": r.open_remote_dialog})
        self.window_actions.status_message.connect(self.statusBar().showMessage)
        self.addToolBar(self.window_actions.toolbar)
        self.setMenuBar(self.window_actions.menu_bar)
        self.addActions(list(self.window_actions.shortcut_actions))  # shortcuts work with bars hidden
        r.run_shown.connect(lambda run_dir, preset, device: (self.window_actions.show_preset(preset),
                                                             self.show_run_dir(run_dir, device)))
        a = self.window_actions
        self.start_action, self.pause_action, self.stop_action = a.start_action, a.pause_action, a.stop_action
        self.curriculum_action, self.checkpoint_action = a.curriculum_action, a.checkpoint_action
        self.attention_panel.probe_text_changed.connect(self._on_probe_text_changed)
        self.notices.exclude_requested.connect(self.exclude_source)
        self.notices.curriculum_requested.connect(self.open_curriculum_dialog)
        self.notices.resume_requested.connect(self._resume_after_anomaly)
        self.notices.cancel_requested.connect(self.stop_training)
        # the runs folder; checked runs compared on the loss and LR panels
        self.runs_panel = QtRunsDock(r, self.loss_panel, self.lr_panel, self.notices)
        self._build_docks()
        self._build_statusbar()
        # File → New Experiment: runs trained in turn, then overlaid
        self.experiments = e = QtExperiments(self, r, self.runs_panel, self.notices)
        self.statusBar().addWidget(e.label)
        e.status_message.connect(self.statusBar().showMessage)
        self.runs_panel.samples_requested.connect(e.show_samples)
        # File → New Sweep: runs trained in turn, resumable after a restart
        self.sweeps = sw = QtSweeps(self, r, self.runs_panel, self.notices)
        self.statusBar().addWidget(sw.label)
        sw.status_message.connect(self.statusBar().showMessage)
        r.prepared.connect(self._on_run_prepared)
        # Compute now, the automatic terrain job's progress and the panel's Cancel
        self.terrain_jobs = tj = QtTerrainJobs(self, r, self.terrain_panel, lambda: self.view.model)
        tj.status_message.connect(self.statusBar().showMessage)

        settings_problems().unsaved.connect(self._show_settings_unsaved)
        self.runs.set_run(run_dir, preset)
        self._restore_layout()
        self.update_actions()
        self.sweeps.offer_to_continue()  # a sweep cut short by the last session: File → Continue Sweep
        check_writable()  # a settings file that cannot be written: said once, by settings_problems()
        if (unsaved := unsaved_message()) is not None:  # also when said before this window was there
            self._show_settings_unsaved(unsaved)
        # Space must work at once: keep keyboard focus out of text fields at start-up, and give
        # it back when the user is done with one (Enter, Escape, a click elsewhere, a tab switch)
        self.loss_panel.plot.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        QTimer.singleShot(0, self.loss_panel.plot.setFocus)
        self.focus_release = FocusRelease(self, self.docks())

    def _on_run_prepared(self, _info) -> None:
        """A run starts training here: outside an experiment or a sweep, their overlay ends and a
        comparison the user keeps shows the new run too."""
        if not (self.experiments.active or self.sweeps.active):
            self.experiments.on_run_started()
            self.sweeps.on_run_started()
            self.runs_panel.on_run_started(self.runs.run_dir)

    # ------------------------------------------------------------------ docks and status bar
    def _build_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.setCentralWidget(QWidget())  # docks fill the window; the layout is the user's
        self.centralWidget().hide()
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.loss_dock = self._dock(self.tr("Loss"), "lossDock", self._with_notice(self.loss_panel), left)
        self.lr_dock = self._dock(self.tr("LR schedule"), "lrDock", self.lr_panel, left)
        self.simplex_dock = self._dock(self.tr("Mixture on the simplex"), "simplexDock", self.simplex_panel, left)
        self.samples_dock = self._dock(self.tr("Samples"), "samplesDock", self.samples_panel, left)
        self.attention_dock = self._dock(self.tr("Attention"), "attentionDock", self.attention_panel, left)
        self.embedding_dock = self._dock(self.tr("Embeddings"), "embeddingDock", self.embedding_panel, left)
        self.terrain_dock = self._dock(self.tr("Terrain"), "terrainDock", self.terrain_panel, left)
        self.runs_dock = self._dock(self.tr("Runs"), "runsDock", self.runs_panel, left)
        # what cannot be seen (a closed dock, a tab behind another) is not redrawn while training
        for name, dock in (("loss", self.loss_dock), ("lr", self.lr_dock), ("simplex", self.simplex_dock)):
            dock.visibilityChanged.connect(lambda on, name=name: self.view.set_shown(name, on))
        self.runs_dock.visibilityChanged.connect(self.runs_panel.set_shown)
        # plots nobody sees are not made: built when their dock is first shown (a tab clicked, the
        # View menu, a restored layout with the dock in front)
        for panel, dock in ((self.attention_panel, self.attention_dock), (self.embedding_panel, self.embedding_dock),
                            (self.terrain_panel, self.terrain_dock)):
            build_when_shown(panel, dock)
        self._arrange_docks()
        self.window_actions.fill_view_menu(self.docks())

    def _with_notice(self, panel: QWidget) -> QWidget:
        """``panel`` under the anomaly notice bar (hidden until an anomaly; it takes no room then)."""
        box = QWidget()
        box.setObjectName("lossWithNotice")
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.notices.notice)
        layout.addWidget(panel, 1)
        return box

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(reading_pane(widget, name))  # the panel with its "How to read this" pane
        self.addDockWidget(area, dock)
        return dock

    def _arrange_docks(self) -> None:
        """The start layout: loss above the LR schedule on the left; the mixture, attention,
        embeddings and samples tabbed on the right (saved, and restored by View → Reset Layout)."""
        self.splitDockWidget(self.loss_dock, self.simplex_dock, Qt.Orientation.Horizontal)
        self.splitDockWidget(self.loss_dock, self.lr_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.simplex_dock, self.attention_dock)
        self.tabifyDockWidget(self.attention_dock, self.embedding_dock)
        self.tabifyDockWidget(self.embedding_dock, self.samples_dock)
        self.tabifyDockWidget(self.samples_dock, self.terrain_dock)
        self.tabifyDockWidget(self.terrain_dock, self.runs_dock)
        self.simplex_dock.raise_()
        self._size_docks()

    def _size_docks(self) -> None:
        """Loss : mixture = 3 : 2 across, loss : LR = 3 : 2 down, for the window's size now."""
        w, h = max(self.width(), 900), max(self.height(), 600)
        self.resizeDocks([self.loss_dock, self.simplex_dock], [w * 3 // 5, w * 2 // 5], Qt.Orientation.Horizontal)
        self.resizeDocks([self.loss_dock, self.lr_dock], [h * 3 // 5, h * 2 // 5], Qt.Orientation.Vertical)

    def docks(self) -> tuple[QDockWidget, ...]:
        """Every panel's dock, in the View menu's order."""
        return (self.loss_dock, self.lr_dock, self.simplex_dock, self.attention_dock, self.embedding_dock,
                self.samples_dock, self.terrain_dock, self.runs_dock)

    def _build_statusbar(self) -> None:
        sb = self.statusBar()
        self.state_label = QLabel(self.tr("idle"))
        self.state_label.setObjectName("stateLabel")
        self.progress_label = QLabel("")  # step / max steps · tok/s · ETA
        self.progress_label.setObjectName("progressLabel")
        self.device_label = QLabel("")
        self.run_label = QLabel("")
        self.run_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.run_label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.run_label.setToolTip(self.tr("Run directory"))
        for label in (self.state_label, self.progress_label, self.device_label):
            sb.addWidget(label)
        sb.addPermanentWidget(self.run_label)

    # ------------------------------------------------------------------ layout memory
    def _restore_layout(self) -> None:
        """Geometry and dock layout from the last session; a damaged or foreign value in the
        settings file is ignored (the start layout is used), never a reason not to start."""
        self._default_state = self.saveState(LAYOUT_VERSION)
        s = QSettings()
        geom, state = s.value("mainwindow/geometry"), s.value("mainwindow/state")
        if not (isinstance(geom, QByteArray) and self.restoreGeometry(geom)):
            screen = self.screen().availableGeometry() if self.screen() is not None else None
            w, h = 1280, 800
            if screen is not None:  # a small screen: fit it, leaving room for panels and bars
                w, h = min(w, int(screen.width() * 0.95)), min(h, int(screen.height() * 0.9))
            self.resize(w, h)
            self._size_docks()
        if isinstance(state, QByteArray):
            self.restoreState(state, LAYOUT_VERSION)

    def _save_layout(self) -> None:
        save_settings({"mainwindow/geometry": self.saveGeometry(),
                       "mainwindow/state": self.saveState(LAYOUT_VERSION)})

    def _show_settings_unsaved(self, text: str) -> None:
        """The settings file cannot be written: said in the status bar (once, app_settings)."""
        self.statusBar().showMessage(text)

    def reset_layout(self) -> None:
        """View → Reset Layout: every dock back where it starts, sized for the window as it is."""
        for dock in self.docks():
            dock.setFloating(False)
            dock.show()
        self.restoreState(self._default_state, LAYOUT_VERSION)
        self._size_docks()

    # ------------------------------------------------------------------ what the run shows
    def show_run_dir(self, run_dir: Path, device: str) -> None:
        # a folder name is untrusted: a bidi override or ANSI escape in it is shown as a mark
        self.setWindowTitle(visible_name(run_dir.name))  # Qt appends " — ANDREA Desktop" (the display name)
        set_log_run(run_dir)  # the log file's lines name the run from now on
        self.run_label.setText(visible_name(run_dir))
        self.device_label.setText(device)

    def show_snapshot(self, snap: Snapshot) -> None:
        """What is new in the run, from its driver: drawn, and its events acted on."""
        self.view.show_snapshot(snap, running=self.runs.state is RunState.RUNNING)
        for step, kind, payload in snap.events:
            if kind == EventKind.ANOMALY:
                self.show_anomaly(step, payload)
            else:
                self.steering.on_event(kind, payload)
        self._update_progress_label()

    def show_anomaly(self, step: int, payload: dict) -> None:
        """An ``anomaly`` event of the run at ``step`` (its payload: ``kind``, ``message``,
        ``source``...): steering forgets a refused pivot, and the user is told what it means
        and what can be done (:meth:`QtNotices.anomaly`)."""
        self.steering.on_event(EventKind.ANOMALY, payload)
        info, driver = self.runs.info, self.runs.driver
        # the trainer pauses on a non-finite loss, and on a spike or cliff's first report if anomaly.pause
        kind = payload.get("kind")
        pauses = kind == AnomalyKind.NAN or (kind in (AnomalyKind.SPIKE, AnomalyKind.CLIFF) and info is not None
                                             and info.config.anomaly.pause)
        self.notices.anomaly(step, payload, paused=info is not None and pauses and not is_follow_up(payload),
                             can_exclude=info is not None and info.constraints is not None
                             and driver is not None and driver.steerable)

    # ------------------------------------------------------------------ status
    def on_run_state(self, device: str | None) -> None:
        """The run's state changed (``device``: the trainer's new description, if any)."""
        self.view.flush()  # what the paced redraw left behind is drawn now (a pause, the end)
        self.lr_panel.refresh()
        self.simplex_panel.refresh()
        if device:
            self.device_label.setText(device)
        address = getattr(self.runs.driver, "address", None)  # a remote run: where it is, not its local cache
        if address:
            self.run_label.setText(visible_name(address))
        self.update_actions()
        self._update_progress_label()

    def update_actions(self) -> None:
        facts = self.runs.facts()
        self.window_actions.update(facts)
        self.state_label.setText(state_text(facts))

    def _update_progress_label(self) -> None:
        step = self.runs.model.last_step  # a branch not yet trained: its parent's step
        info = self.runs.info
        limit = self.runs.model.status.max_steps or 0  # this run's own (another run's is never shown)
        parts = [self.tr("step {step} / {limit}").format(step=format_number(step), limit=format_number(limit)) if limit
                 else self.tr("step {step}").format(step=format_number(step))]
        rate = self.view.rate
        if self.runs.state is RunState.RUNNING and rate:
            parts.append(_fmt_rate(rate))
            if info is not None and limit > step:
                tokens_per_step = info.config.train.batch_size * info.config.model.block_size
                eta = _fmt_duration((limit - step) * tokens_per_step / rate)
                parts.append(self.tr("ETA {time}").format(time=eta))
        self.progress_label.setText(" · ".join(parts))

    # ------------------------------------------------------------------ commands
    def start_training(self) -> None:
        """Train the run here (Start / Continue); on a fresh window (no run folder given, not
        ``--autostart``) Start first asks for the new run's settings (the New Run dialog)."""
        if self.runs.is_fresh():
            self.runs.new_runs.open()
            return
        self.runs.start_training()

    def toggle_pause(self) -> None:
        """Space: pause when running, resume when paused (at the next step boundary)."""
        text = self.runs.driver.toggle_pause() if self.runs.driver is not None else None
        if text:
            self.state_label.setText(text)

    def stop_training(self) -> None:
        """Stop at the next step boundary (also from pause or preparation); an experiment ends."""
        self.experiments.on_stop()
        self.sweeps.on_stop()
        if self.runs.driver is not None and self.runs.driver.stop():
            self.state_label.setText(self.tr("stopping…"))

    def save_checkpoint_now(self) -> None:
        """Ctrl+S: a marked checkpoint at the next step boundary (at once while paused)."""
        driver = self.runs.driver
        if driver is None or not self.runs.state.active:
            self.statusBar().showMessage(self.tr("Checkpoints are written while a run trains"), 5000)
        elif driver.request_checkpoint():
            self.statusBar().showMessage(driver.checkpoint_note, 5000)

    def _on_probe_text_changed(self, text: str) -> None:
        """A new probe text: the trainer captures a probe at its next step boundary."""
        if self.runs.driver is not None:
            self.runs.driver.request_probe(text)

    def _resume_after_anomaly(self) -> None:
        if self.runs.driver is not None:
            self.runs.driver.resume_after_anomaly()

    def open_curriculum_dialog(self):
        """Ctrl+E: the Curriculum dialog (None when there is no curriculum to pivot now)."""
        return self.steering.open_dialog()

    def exclude_source(self, source: str) -> bool:
        """Pivot the running curriculum so that ``source`` is never sampled again."""
        return self.steering.exclude_source(source)

    def open_run(self, path: str | Path) -> bool:
        """Show a run directory with its whole history; False if it is not a run."""
        return self.runs.open_run(path)

    def new_run(self):
        """Ctrl+N: the New Run dialog, starting from the chosen preset (None while training)."""
        return self.runs.new_runs.open()

    def new_run_from_this(self):
        """The New Run dialog starting from the open run's settings (None while training)."""
        return self.runs.new_runs.open(from_run=True)

    def new_warmup_experiment(self):
        """File → New Experiment → LR warmup vs none… (None while training)."""
        return self.experiments.open_warmup()

    def new_sweep(self):
        """File → New Sweep… (None while training)."""
        return self.sweeps.open_dialog()

    def continue_sweep(self, record: Path | None = None) -> bool:
        """File → Continue Sweep: a sweep stopped or cut short goes on (False if none)."""
        return self.sweeps.continue_sweep(record)

    def sweep_results(self):
        """File → Sweep Results…: the view of the sweep in training, or of a record picked."""
        return self.sweeps.show_view()

    def branch_from_checkpoint(self):
        """Ctrl+B: the Branch dialog for the open run's checkpoints (None while training or without one)."""
        return self.runs.branches.open()

    def recent_runs(self) -> list[str]:
        return self.runs.recent.runs()

    def open_log(self) -> bool:
        return self.notices.open_log()

    # the run, for scripts and tests
    model = property(lambda self: self.runs.model, doc="The run model every panel draws now.")
    history = property(lambda self: self.runs.model.history, doc="The shown run's series and events.")
    mixture = property(lambda self: self.runs.model.mixture, doc="The shown run's mixture.")
    state = property(lambda self: self.runs.state, doc="The run's :class:`RunState`.")
    info = property(lambda self: self.runs.info, doc="The run's :class:`RunInfo` (None before it is known).")
    run_dir = property(lambda self: self.runs.run_dir, doc="The run's folder.")
    thread = property(lambda self: self.runs.driver.worker if self.runs.driver is not None else None,
                      doc="The training thread, if any (shadows QObject.thread, as the window always did).")
    follower = property(lambda self: self.runs.driver.follower if self.runs.driver is not None else None,
                        doc="The follower of a run another process trains, if any.")
    message_box = property(lambda self: self.notices.box,
                           doc="The message box on screen (one at a time), or None.")
    anomaly_notice = property(lambda self: self.notices.notice,
                              doc="The anomaly notice bar over the loss panel (hidden when there is none).")
    curriculum_dialog = property(lambda self: self.steering.dialog,
                                 doc="The Curriculum dialog (Ctrl+E) while it is open, or None.")
    computing_terrain = property(lambda self: self.terrain_jobs.busy,
                                 doc="A terrain computation (the Terrain panel's Compute) is under way.")

    # ------------------------------------------------------------------ closing
    def close_without_asking(self) -> None:
        """Stop training (if any) and close, without the confirmation (SIGINT, SIGTERM)."""
        self._skip_confirm = True
        self.close()

    def showEvent(self, event) -> None:  # noqa: N802 -- Qt override
        super().showEvent(event)
        self.runs_panel.set_window_shown(True)  # the runs dock looks at the runs folder again

    def hideEvent(self, event) -> None:  # noqa: N802 -- Qt override
        super().hideEvent(event)
        self.runs_panel.set_window_shown(False)  # hidden or closed: nothing is polled

    def closeEvent(self, event) -> None:  # noqa: N802 -- Qt override
        self.terrain_jobs.stop()
        runs = self.runs
        if runs.driver is not None and not runs.driver.busy:
            runs.drop_driver()  # the external trainer goes on
        if runs.driver is not None:  # closes for real once the training thread has finished
            if not runs.closing:
                ask = runs.state in ("running", "paused", "preparing") and not self._skip_confirm
                if ask and not self.notices.confirm_quit():
                    event.ignore()
                    return
                runs.closing = True
                self.update_actions()
                self.state_label.setText(self.tr("finishing the current step…"))
                runs.driver.stop()
                self.notices.show_stopping()
            event.ignore()
            return
        self._save_layout()
        self.runs.new_runs.close()
        self.experiments.close()
        self.sweeps.close()
        self.runs.branches.shut_down()
        self.runs_panel.close_compare()
        self.view.terrain_watch.close()  # the run's terrain folder is no longer watched
        self.notices.close()
        self.steering.close_dialog()
        event.accept()
