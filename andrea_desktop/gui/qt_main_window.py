"""The main window: toolbar, dockable panels, status bar, and the training thread's lifecycle."""

from __future__ import annotations

import datetime as _dt
import logging
import math
import platform
import time
from pathlib import Path

import platformdirs
import pyqtgraph as pg
import torch
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QStyle,
    QWidget,
)

from ..core.checkpoint import list_checkpoints
from ..core.config import PRESETS, Config, ConfigError, load_config, load_preset
from ..core.control import ControlError, send_command, trainer_alive
from ..core.curriculum import Pivot, constraints_from_config
from ..core.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
    export_tensorboard,
)
from ..core.history import MixtureHistory, RunHistory
from ..core.simplex import ConstraintError, Constraints
from ..core.store import RunReader, StoreError
from ..core.trainer import is_run_dir
from .dialogs.qt_curriculum_dialog import QtCurriculumDialog
from .panels.qt_attention_panel import QtAttentionPanel
from .panels.qt_embedding_panel import QtEmbeddingPanel
from .panels.qt_loss_panel import QtLossPanel
from .panels.qt_lr_panel import QtLRPanel
from .panels.qt_samples_panel import QtSamplesPanel
from .panels.qt_simplex_panel import QtSimplexPanel
from .qt_follow import RunFollower
from .qt_worker import RunInfo, Snapshot, TrainingThread

__all__ = ["MainWindow", "default_run_dir"]

log = logging.getLogger(__name__)

LR_REFRESH_S = 1.0
MAX_RECENT = 10
LAYOUT_VERSION = 5  # bump when docks are added or renamed: an older saved layout is then ignored

SHORTCUTS = [
    ("Space", "Pause / resume training"),
    ("Ctrl+E", "Curriculum: edit constraints (pivots the running training)"),
    ("Ctrl+N", "New run"),
    ("Ctrl+O", "Open a run directory (its whole history; Start continues it from its newest checkpoint)"),
    ("Ctrl+S", "Write a checkpoint now (kept whatever checkpoint.keep_last says)"),
    ("Ctrl+Q", "Quit (asks first while training)"),
    ("F11", "Full screen"),
]


def default_run_dir(preset: str) -> Path:
    """A new, unused run folder under the user's data directory."""
    root = Path(platformdirs.user_data_dir("andrea-desktop", "andrea")) / "runs"
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = root / f"{preset}-{stamp}"
    i = 1
    while path.exists():
        i += 1
        path = root / f"{preset}-{stamp}-{i}"
    return path


def _fmt_duration(seconds: float) -> str:
    if not math.isfinite(seconds) or seconds < 0:
        return "–"
    seconds = int(round(seconds))
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}"


def _fmt_rate(tok_s: float) -> str:
    if not math.isfinite(tok_s) or tok_s <= 0:
        return "– tok/s"
    return f"{tok_s / 1000:.1f}k tok/s" if tok_s >= 1000 else f"{tok_s:.0f} tok/s"


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
    The window owns at most one :class:`TrainingThread`. It never touches tensors: it draws
    the snapshots the thread sends and sends commands back through the thread's control.
    """

    def __init__(self, run_dir: Path | None = None, preset: str | None = None,
                 max_steps: int | None = None, config: Config | None = None) -> None:
        super().__init__()
        self.new_run_config = config
        self.setObjectName("AndreaMainWindow")
        self.max_steps = max_steps
        self.history = RunHistory()
        self.thread: TrainingThread | None = None
        self.follower: RunFollower | None = None
        self._follow_sent: str | None = None
        self._default_state = QByteArray()
        self.state = "idle"
        self.info: RunInfo | None = None
        self._closing = False
        self._skip_confirm = False
        self._progress: QProgressDialog | None = None
        self._message_box: QMessageBox | None = None
        self._rate_ema: float | None = None
        self._lr_refreshed = 0.0

        self.mixture = MixtureHistory()
        self._curriculum_params: dict = {}
        self._pending_pivot: tuple[dict, dict] | None = None
        self._dialog: QtCurriculumDialog | None = None
        self._simplex_refreshed = 0.0
        self.loss_panel = QtLossPanel(self.history)
        self.lr_panel = QtLRPanel(self.history)
        self.simplex_panel = QtSimplexPanel(self.mixture)
        self.samples_panel = QtSamplesPanel()
        self.attention_panel = QtAttentionPanel()
        self.attention_panel.probe_text_changed.connect(self._on_probe_text_changed)
        self.embedding_panel = QtEmbeddingPanel()
        self._build_actions()
        self._build_toolbar()
        self._build_menus()
        self._build_docks()
        self._build_statusbar()

        self._set_run(run_dir, preset)
        self._restore_layout()
        self._update_actions()
        # Space must work at once: keep keyboard focus out of text fields at start-up.
        self.loss_panel.plot.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        QTimer.singleShot(0, self.loss_panel.plot.setFocus)

    # ------------------------------------------------------------------ construction
    def _build_actions(self) -> None:
        style = self.style()
        self._icons = {
            "start": style.standardIcon(QStyle.StandardPixmap.SP_MediaPlay),
            "pause": style.standardIcon(QStyle.StandardPixmap.SP_MediaPause),
            "stop": style.standardIcon(QStyle.StandardPixmap.SP_MediaStop),
        }
        self.start_action = QAction(self._icons["start"], "Start", self)
        self.start_action.setToolTip("Start training")
        self.start_action.triggered.connect(self.start_training)
        self.pause_action = QAction(self._icons["pause"], "Pause", self)
        self.pause_action.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.pause_action.setToolTip("Pause / resume at the next step boundary (Space)")
        self.pause_action.triggered.connect(self.toggle_pause)
        self.stop_action = QAction(self._icons["stop"], "Stop", self)
        self.stop_action.setToolTip("Stop training at the next step boundary")
        self.stop_action.triggered.connect(self.stop_training)
        self.curriculum_action = QAction("Curriculum…", self)
        self.curriculum_action.setShortcut(QKeySequence("Ctrl+E"))
        self.curriculum_action.setToolTip("Edit the curriculum's constraints; Apply pivots the running training (Ctrl+E)")
        self.curriculum_action.triggered.connect(self.open_curriculum_dialog)
        self.new_action = QAction("&New Run", self)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.new_run)
        self.open_action = QAction("&Open Run…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setToolTip("Open a run directory: its history in every panel (Ctrl+O)")
        self.open_action.triggered.connect(self.open_run_dialog)
        self.checkpoint_action = QAction("&Save Checkpoint", self)
        self.checkpoint_action.setShortcut(QKeySequence.StandardKey.Save)
        self.checkpoint_action.setToolTip("Write a checkpoint now (Ctrl+S)")
        self.checkpoint_action.triggered.connect(self.save_checkpoint_now)
        self.export_csv_action = QAction("Metrics as &CSV…", self)
        self.export_csv_action.triggered.connect(self.export_metrics_dialog)
        self.export_tb_action = QAction("Metrics as &TensorBoard Event Files…", self)
        self.export_tb_action.triggered.connect(self.export_tensorboard_dialog)
        self.export_weights_action = QAction("&Weights as safetensors…", self)
        self.export_weights_action.triggered.connect(self.export_weights_dialog)
        self.export_hf_action = QAction("&Hugging Face Model Folder…", self)  # needs a checkpoint, as weights do
        self.export_hf_action.triggered.connect(self.export_hf_dialog)
        self.export_weights_action.changed.connect(
            lambda: self.export_hf_action.setEnabled(self.export_weights_action.isEnabled()))
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        self.fullscreen_action = QAction("&Full Screen", self)
        self.fullscreen_action.setShortcut(QKeySequence(Qt.Key.Key_F11))
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.toggled.connect(
            lambda on: self.showFullScreen() if on else self.showNormal()
        )
        self.reset_layout_action = QAction("&Reset Layout", self)
        self.reset_layout_action.triggered.connect(self.reset_layout)
        self.shortcuts_action = QAction("&Keyboard Shortcuts", self)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.open_log_action = QAction("Open &Log", self)
        self.open_log_action.setToolTip("Open the app's log file (what happened, for a bug report)")
        self.open_log_action.triggered.connect(self.open_log)
        self.about_action = QAction("&About ANDREA Desktop", self)
        self.about_action.triggered.connect(self.show_about)
        for a in (self.start_action, self.pause_action, self.stop_action, self.new_action, self.open_action,
                  self.checkpoint_action, self.quit_action, self.fullscreen_action, self.curriculum_action):
            self.addAction(a)  # shortcuts work even when the toolbar or menus are hidden

    def _build_toolbar(self) -> None:
        tb = self.addToolBar("Training")
        tb.setObjectName("trainingToolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tb.addAction(self.start_action)
        tb.addAction(self.pause_action)
        tb.addAction(self.stop_action)
        tb.addSeparator()
        tb.addWidget(QLabel(" preset "))
        self.preset_combo = QComboBox()
        self.preset_combo.addItems(PRESETS)
        self.preset_combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.preset_combo.setToolTip("Preset of a new run")
        self.preset_combo.currentTextChanged.connect(self._on_preset_changed)
        tb.addWidget(self.preset_combo)
        tb.addSeparator()
        tb.addAction(self.curriculum_action)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.checkpoint_action)
        export_menu = file_menu.addMenu("&Export")
        for a in (self.export_csv_action, self.export_tb_action, self.export_weights_action, self.export_hf_action):
            export_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        train_menu = mb.addMenu("&Training")
        for a in (self.start_action, self.pause_action, self.stop_action):
            train_menu.addAction(a)
        train_menu.addSeparator()
        train_menu.addAction(self.curriculum_action)
        self.view_menu = mb.addMenu("&View")
        help_menu = mb.addMenu("&Help")
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.open_log_action)
        help_menu.addAction(self.about_action)

    def _build_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.setCentralWidget(QWidget())  # docks fill the window; the layout is the user's
        self.centralWidget().hide()
        self.loss_dock = self._dock("Loss", "lossDock", self.loss_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.lr_dock = self._dock("LR schedule", "lrDock", self.lr_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.simplex_dock = self._dock("Mixture on the simplex", "simplexDock", self.simplex_panel,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.samples_dock = self._dock("Samples", "samplesDock", self.samples_panel,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.attention_dock = self._dock("Attention", "attentionDock", self.attention_panel,
                                         Qt.DockWidgetArea.LeftDockWidgetArea)
        self.embedding_dock = self._dock("Embeddings", "embeddingDock", self.embedding_panel,
                                         Qt.DockWidgetArea.LeftDockWidgetArea)
        self._arrange_docks()
        for dock in self.docks():
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.fullscreen_action)
        self.view_menu.addAction(self.reset_layout_action)

    def _arrange_docks(self) -> None:
        """The start layout: loss above the LR schedule on the left; the mixture, attention,
        embeddings and samples tabbed on the right (saved, and restored by View → Reset Layout)."""
        self.splitDockWidget(self.loss_dock, self.simplex_dock, Qt.Orientation.Horizontal)
        self.splitDockWidget(self.loss_dock, self.lr_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.simplex_dock, self.attention_dock)
        self.tabifyDockWidget(self.attention_dock, self.embedding_dock)
        self.tabifyDockWidget(self.embedding_dock, self.samples_dock)
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
                self.samples_dock)

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_statusbar(self) -> None:
        sb = self.statusBar()
        self.state_label = QLabel("idle")
        self.state_label.setObjectName("stateLabel")
        self.progress_label = QLabel("")  # step / max steps · tok/s · ETA
        self.progress_label.setObjectName("progressLabel")
        self.device_label = QLabel("")
        self.run_label = QLabel("")
        self.run_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.run_label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        sb.addWidget(self.state_label)
        sb.addWidget(self.progress_label)
        sb.addWidget(self.device_label)
        sb.addPermanentWidget(self.run_label)

    # ------------------------------------------------------------------ layout memory
    def _settings(self) -> QSettings:
        return QSettings()

    def _restore_layout(self) -> None:
        """Geometry and dock layout from the last session; a damaged or foreign value in the
        settings file is ignored (the start layout is used), never a reason not to start."""
        self._default_state = self.saveState(LAYOUT_VERSION)
        s = self._settings()
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
        s = self._settings()
        s.setValue("mainwindow/geometry", self.saveGeometry())
        s.setValue("mainwindow/state", self.saveState(LAYOUT_VERSION))

    def reset_layout(self) -> None:
        """View → Reset Layout: every dock back where it starts, sized for the window as it is."""
        for dock in self.docks():
            dock.setFloating(False)
            dock.show()
        self.restoreState(self._default_state, LAYOUT_VERSION)
        self._size_docks()

    # ------------------------------------------------------------------ the run
    def _set_run(self, run_dir: Path | None, preset: str | None) -> None:
        """Point the window at a run folder (new or existing) without starting it; a run that
        another process trains is followed live."""
        self._stop_following()
        self.history.clear()
        self.loss_panel.clear_markers()
        self.lr_panel.clear_markers()
        self.mixture.reset((), {}, False)
        self.mixture.regions.clear()
        self.simplex_panel.reset()
        self.samples_panel.clear()
        self.attention_panel.clear()
        self.embedding_panel.clear()
        self.info = None
        self.state = "idle"
        self._rate_ema = None
        self._has_history = False
        self._run_dir_is_default = False
        self._run_config = None
        if run_dir is not None and is_run_dir(run_dir):
            self.run_dir = Path(run_dir)
            try:
                cfg = load_config(self.run_dir / "config.toml")
            except ConfigError as exc:
                self._show_message("Cannot open run", str(exc), QMessageBox.Icon.Critical)
                cfg = None
            self._run_config = cfg
            self.preset = "andrea-tiny"  # for the combo only: Start reports the config's problem
            if cfg is not None:
                self.preset = cfg.run.preset
                self.lr_panel.set_config(cfg)
                self._load_history()
                if self._run_finished():
                    self.state = "finished"
            self._add_recent(self.run_dir)
        else:
            self.preset = preset or "andrea-tiny"
            self._run_dir_is_default = run_dir is None
            self.run_dir = Path(run_dir) if run_dir is not None else default_run_dir(self.preset)
            try:
                cfg = self.new_run_config if self.new_run_config is not None else load_preset(self.preset)
                self.preset = cfg.run.preset
                self.lr_panel.set_config(cfg)
            except ConfigError as exc:  # pragma: no cover - presets ship with the app
                self._show_message("Bad preset", str(exc), QMessageBox.Icon.Critical)
        self.preset_combo.blockSignals(True)
        self.preset_combo.setCurrentText(self.preset)
        self.preset_combo.blockSignals(False)
        self.setWindowTitle(self.run_dir.name)  # Qt appends " — ANDREA Desktop" (the display name)
        self.run_label.setText(str(self.run_dir))
        self.run_label.setToolTip("Run directory")
        self.device_label.setText(f"preset {self.preset}")
        self.loss_panel.refresh()
        self.lr_panel.refresh()
        if self.thread is None and self._run_config is not None and trainer_alive(self.run_dir):
            self._start_following()
        self._update_progress_label()

    # ------------------------------------------------------------------ follow mode
    def _start_following(self) -> None:
        """Show the run another process trains, live, and steer it through its control channel."""
        try:
            follower = RunFollower(self.run_dir, self)
        except (OSError, StoreError) as exc:
            self._show_message("Cannot follow the run", str(exc), QMessageBox.Icon.Warning)
            return
        self.follower = follower
        follower.snapshot.connect(self._on_snapshot)
        follower.state_changed.connect(self._on_follow_state)
        follower.restarted.connect(self._on_follow_restarted)
        self._set_follow_info()
        self.state = follower.state
        self.setWindowTitle(f"{self.run_dir.name} (following)")
        self._update_actions()
        self._update_follow_label()

    def _set_follow_info(self) -> None:
        """A :class:`RunInfo` for the followed run, from its config and its newest start event."""
        cfg = self._run_config
        p = self.follower.start_payload
        names = tuple(p.get("sources") or ())
        constraints = None
        if cfg.curriculum.enabled and names:
            cur = self.mixture.current_region
            try:
                constraints = cur[0] if cur else constraints_from_config(names, cfg.curriculum).to_dict()
            except ConstraintError:
                constraints = None
        self.info = RunInfo(self.run_dir, cfg, str(p.get("device", "?")), int(p.get("params", 0)), names,
                            self.history.last_step, int(p.get("max_steps", cfg.schedule.total_steps)),
                            constraints, bool(self.mixture.current_region and self.mixture.current_region[1]))
        cc = cfg.curriculum
        self._curriculum_params = {
            "phase_min": cc.phase_min, "phase_max": cc.phase_max, "random_share": cc.random_share,
            "exploration": cc.exploration, "step_size": cc.step_size, "warmup_steps": cc.warmup_steps}
        if names:
            self.loss_panel.set_sources(list(names))

    def _update_follow_label(self) -> None:
        if self.follower is None:
            return
        p = self.follower.start_payload
        ranks = int(p.get("world_size", 1) or 1)
        where = f"{p.get('device', '?')}" + (f" × {ranks} ranks" if ranks > 1 else "")
        host = f" on {p['host']}" if p.get("host") else ""
        text = f"external run · {where}{host} · pid {p.get('pid', '?')}"
        if self.state == "stopped":
            t = self.follower.last_step_time
            when = _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S") if t else "?"
            text = f"external run · trainer not running — last step {self.history.last_step:,} at {when}"
        self.device_label.setText(text)

    def _on_follow_state(self, state: str) -> None:
        self.state = state
        self._follow_sent = None  # the trainer has answered
        if state != "running":
            self._pending_pivot = None
        self.lr_panel.refresh()
        self.simplex_panel.refresh()
        self._update_actions()
        self._update_follow_label()
        self._update_progress_label()

    def _on_follow_restarted(self) -> None:
        follower, self.follower = self.follower, None  # keep it through the reload
        self._reload_history()
        self.follower = follower
        if follower is not None:
            self._set_follow_info()
            self.state = follower.state
            self._update_actions()
            self._update_follow_label()

    def _stop_following(self) -> None:
        if self.follower is not None:
            self.follower.close()
            self.follower.deleteLater()
            self.follower = None

    def _send(self, kind: str, payload: dict | None = None) -> bool:
        """A command to the external trainer (follow mode); False, with a message, if refused."""
        try:
            send_command(self.run_dir, kind, payload)
        except ControlError as exc:
            self._show_message("Cannot steer this run", str(exc), QMessageBox.Icon.Warning)
            return False
        return True

    def _steering(self) -> bool:
        """Following an external trainer that is alive (commands go through its control channel)."""
        return self.follower is not None and self.state in ("running", "paused")

    def _load_history(self) -> None:
        """Fill the panels from the run's ``metrics.sqlite`` (its own read connection)."""
        db = self.run_dir / "metrics.sqlite"
        if not db.exists():
            return
        try:
            reader = RunReader(db)
        except (OSError, StoreError) as exc:
            self._show_message("Cannot read the run's history", str(exc), QMessageBox.Icon.Warning)
            return
        try:
            self._read_history(reader)
        except Exception as exc:  # a damaged file must not leave the window half-switched
            log.exception("reading the run's history")
            self._show_message("Part of the run's history cannot be read",
                               f"{type(exc).__name__}: {exc}\n\nThe panels show what could be read.",
                               QMessageBox.Icon.Warning)
        finally:
            reader.close()

    def _read_history(self, reader: RunReader) -> None:
        """Fill the panels from an open reader (history, samples, probes, mixture path)."""
        steps, values = reader.scalars("train/loss")
        self.history.loss.extend(steps, values)
        self.history.lr.extend(*reader.scalars("train/lr"))
        names = []
        for name in reader.scalar_names():
            if name.startswith("train/loss/"):
                src = name[len("train/loss/"):]
                names.append(src)
                self.history.source(src).extend(*reader.scalars(name))
            elif name.startswith("val/loss/"):
                self.history.val(name[len("val/loss/"):]).extend(*reader.scalars(name))
            elif name == "val/loss":
                self.history.val("mean").extend(*reader.scalars(name))
        events = reader.events()
        self.history.events.extend((s, k, p) for s, k, p, _ in events)
        self.samples_panel.add_samples(reader.samples())
        self.attention_panel.load_run(self.run_dir)
        self.embedding_panel.load_run(self.run_dir)
        self.loss_panel.set_sources(names)
        self._load_mixture(events)
        self._has_history = len(steps) > 0

    def _load_mixture(self, events) -> None:
        """Rebuild the simplex panel's history from the run's config and events."""
        starts = [p for _, k, p, _ in events if k == "start"]
        if not starts or self._run_config is None or not self._run_config.curriculum.enabled:
            return
        names = starts[0].get("sources", [])
        try:
            c = constraints_from_config(names, self._run_config.curriculum)
        except ConstraintError:
            return
        self.mixture.reset(names, c.to_dict(), self._run_config.curriculum.warmup_steps > 0)
        for step, kind, payload, _ in events:
            self.mixture.add_event(step, kind, payload)
        self.simplex_panel.reset()

    def _on_preset_changed(self, preset: str) -> None:
        if self.thread is None and not is_run_dir(self.run_dir):
            self.new_run_config = None
            self._set_run(None if self._run_dir_is_default else self.run_dir, preset)
            self._update_actions()

    def new_run(self) -> None:
        """A new run of the chosen preset in a fresh folder (only while not training)."""
        if self.thread is not None:
            return
        self.new_run_config = None
        self._set_run(None, self.preset_combo.currentText())
        self._update_actions()

    def _reload_history(self) -> None:
        """Read the run's history again (after a resume deleted rows past its checkpoint)."""
        self.history.clear()
        self.loss_panel.clear_markers()
        self.lr_panel.clear_markers()
        self.samples_panel.clear()
        self.attention_panel.clear()
        self.embedding_panel.clear()
        self.mixture.reset((), {}, False)
        self.mixture.regions.clear()
        self._load_history()
        self.loss_panel.refresh()
        self.lr_panel.refresh()

    # ------------------------------------------------------------------ runs
    def open_run_dialog(self) -> None:
        """Ctrl+O: pick a run directory."""
        if self.thread is not None:
            self._show_message("Open Run", "Stop the training first: one run at a time.", QMessageBox.Icon.Information)
            return
        start = str(self.run_dir.parent if self.run_dir.parent.exists() else Path.home())
        path = QFileDialog.getExistingDirectory(self, "Open Run", start)
        if path:
            self.open_run(path)

    def open_run(self, path: str | Path) -> bool:
        """Show a run directory with its whole history (metrics, events, probes, samples);
        Start continues it from its newest checkpoint. False if it is not a run."""
        path = Path(path)
        if self.thread is not None:
            return False
        if not is_run_dir(path):
            self._show_message("Not a run directory",
                               f"{path} holds no config.toml, so it is not an ANDREA run.\n\n"
                               "Choose the folder that contains config.toml and metrics.sqlite.",
                               QMessageBox.Icon.Warning)
            self._forget_recent(path)
            return False
        self.new_run_config = None
        self._set_run(path, None)
        self._update_actions()
        return True

    def recent_runs(self) -> list[str]:
        """Recently opened or created runs, newest first (QSettings)."""
        value = self._settings().value("runs/recent", [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            return []  # a damaged settings entry
        return [v for v in value if isinstance(v, str) and v]

    def _add_recent(self, path: Path) -> None:
        runs = [str(path)] + [r for r in self.recent_runs() if r != str(path)]
        self._settings().setValue("runs/recent", runs[:MAX_RECENT])

    def _forget_recent(self, path: Path) -> None:
        self._settings().setValue("runs/recent", [r for r in self.recent_runs() if r != str(path)])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        runs = self.recent_runs()
        for r in runs:
            action = self.recent_menu.addAction(r, lambda r=r: self.open_run(r))
            action.setEnabled(self.thread is None)
        if not runs:
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    def save_checkpoint_now(self) -> None:
        """Ctrl+S: a marked checkpoint at the next step boundary (at once while paused)."""
        if self._steering():
            if self._send("checkpoint"):
                self.statusBar().showMessage("Checkpoint requested from the external trainer", 5000)
            return
        if self.thread is None or self.state not in ("running", "paused"):
            self.statusBar().showMessage("Checkpoints are written while a run trains", 5000)
            return
        self.thread.request_checkpoint()
        self.statusBar().showMessage("Checkpoint requested: it is written at the next step boundary", 5000)

    # ------------------------------------------------------------------ exports
    def export_metrics_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export metrics", str(self.run_dir / "metrics.csv"),
                                              "CSV table (*.csv)")
        if path:
            self._export(lambda: export_metrics_csv(self.run_dir, path), f"Metrics written to {path}")

    def export_tensorboard_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Export TensorBoard event files to", str(self.run_dir))
        if path:
            self._export(lambda: export_tensorboard(self.run_dir, path), f"TensorBoard event files written to {path}")

    def export_weights_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export weights", str(self.run_dir / "model.safetensors"),
                                              "safetensors (*.safetensors)")
        if path:
            self._export(lambda: export_checkpoint_weights(self.run_dir, path),
                         f"Weights of the newest checkpoint written to {path}")

    def export_hf_dialog(self) -> None:
        """File → Export → Hugging Face Model Folder: the newest checkpoint as a transformers
        GPT2LMHeadModel folder (:func:`andrea_desktop.core.hf_export.export_hf`)."""
        from ..core.hf_export import export_hf

        path = QFileDialog.getExistingDirectory(self, "Export a Hugging Face model folder to (an empty folder)",
                                                str(self.run_dir.parent))
        if path:
            self._export(lambda: export_hf(self.run_dir, path),
                         f"Hugging Face model folder of the newest checkpoint written to {path}")

    def _export(self, func, done: str) -> None:
        try:
            func()
        except (ExportError, StoreError) as exc:
            self._show_message("Export failed", str(exc), QMessageBox.Icon.Warning)
        except OSError as exc:
            self._show_message("Export failed", f"{exc}\n\nChoose another folder or file name.",
                               QMessageBox.Icon.Warning)
        else:
            self.statusBar().showMessage(done, 8000)

    # ------------------------------------------------------------------ commands
    def _run_finished(self) -> bool:
        """The open run has reached ``schedule.total_steps``: it can only be viewed."""
        cfg = self.info.config if self.info is not None else self._run_config
        return cfg is not None and self.history.last_step >= cfg.schedule.total_steps

    def _has_checkpoint(self) -> bool:
        return is_run_dir(self.run_dir) and bool(list_checkpoints(self.run_dir))

    def start_training(self) -> None:
        """Prepare the run (progress dialog) and train it in the training thread; an existing
        run continues from its newest checkpoint."""
        if self.thread is not None or not self.start_action.isEnabled():
            return
        if self.follower is not None:  # the external trainer is gone: this window trains it now
            self._stop_following()
            self._reload_history()
            self.setWindowTitle(self.run_dir.name)
        if self._has_history and not self._has_checkpoint():
            answer = QMessageBox.question(
                self, "Restart this run?",
                "This run has history but no checkpoint to continue from. Start retrains it "
                "from step 0 and replaces its history.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
            self.history.clear()
            self.loss_panel.clear_markers()
        config = self.new_run_config if not is_run_dir(self.run_dir) else None
        preset = None if config is not None or is_run_dir(self.run_dir) else self.preset
        self.thread = TrainingThread(self.run_dir, preset=preset, max_steps=self.max_steps,
                                     config=config, parent=self)
        self.thread.progress.connect(self._on_progress)
        self.thread.prepared.connect(self._on_prepared)
        self.thread.snapshot.connect(self._on_snapshot)
        self.thread.state_changed.connect(self._on_state_changed)
        self.thread.failed.connect(self._on_failed)
        self.thread.finished.connect(self._on_thread_finished)
        self.state = "preparing"
        self._update_actions()
        self.thread.start()

    def open_curriculum_dialog(self) -> QtCurriculumDialog | None:
        """Ctrl+E: edit the constraints; Apply pivots the training at its next step boundary."""
        if (self.thread is None and not self._steering()) or self.info is None or self.info.constraints is None:
            return None
        cur = self.mixture.current_region
        constraints = cur[0] if cur else self.info.constraints
        params = self._curriculum_params
        if self._pending_pivot is not None:  # applied but not yet taken by the trainer
            constraints, params = self._pending_pivot
        if self._dialog is not None:
            self._dialog.close()
        dlg = QtCurriculumDialog(self.info.source_names, constraints, params,
                                 self.mixture.weights, parent=self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.pivot_requested.connect(self._on_pivot_requested)
        dlg.finished.connect(lambda _r, d=dlg: self._forget_dialog(d))
        self._dialog = dlg
        dlg.open()
        return dlg

    def _on_probe_text_changed(self, text: str) -> None:
        """A new probe text: the trainer captures a probe at its next step boundary (at once
        while paused)."""
        if self.thread is not None:
            self.thread.control.request_probe(text)
        elif self._steering():
            self._send("probe", {"text": text})

    def _forget_dialog(self, dlg) -> None:
        if self._dialog is dlg:
            self._dialog = None

    def _on_pivot_requested(self, pivot) -> None:
        if self._steering():
            payload = {"constraints": pivot.constraints.to_dict(), "keep_stats": bool(pivot.keep_stats),
                       "start": None if pivot.start is None else [float(x) for x in pivot.start],
                       "params": dict(pivot.params or {})}
            if not self._send("pivot", payload):
                return
        elif self.thread is None or self.state not in ("running", "paused"):
            self._show_message("Curriculum not applied", "Training has stopped: there is no run to pivot.",
                               QMessageBox.Icon.Warning)
            return
        else:
            self.thread.request_pivot(pivot)
        self._pending_pivot = (pivot.constraints.to_dict(), {**self._curriculum_params, **(pivot.params or {})})
        self.statusBar().showMessage("Curriculum pivot requested: it applies at the next step boundary", 5000)

    def toggle_pause(self) -> None:
        """Space: pause when running, resume when paused (an external run: through its control
        channel)."""
        if self._steering():
            # decide by the last command sent, not by the last state seen: quick presses toggle
            paused = self._follow_sent == "pause" if self._follow_sent else self.state == "paused"
            kind = "resume" if paused else "pause"
            if self._send(kind):
                self._follow_sent = kind
                self.state_label.setText("resuming…" if kind == "resume" else "pausing…")
            return
        if self.thread is None or self.state not in ("running", "paused"):
            return
        # decide by the last command, not by the last state reported: quick presses toggle
        if self.thread.control.pause_requested:
            self.thread.resume()
            self.state_label.setText("resuming…" if self.state == "paused" else "training")
        else:
            self.thread.pause()
            self.state_label.setText("pausing…")

    def stop_training(self) -> None:
        """Stop at the next step boundary (also from pause or preparation)."""
        if self._steering():
            if self._send("stop"):
                self.state_label.setText("stopping…")
            return
        if self.thread is not None:
            self.thread.request_stop()
            self.state_label.setText("stopping…")

    # ------------------------------------------------------------------ thread signals
    def _on_progress(self, stage: str, done: int, total: int) -> None:
        if self._progress is None:
            self._progress = QProgressDialog(stage, "Cancel", 0, 0, self)
            self._progress.setWindowTitle("Preparing the run")
            self._progress.setWindowModality(Qt.WindowModality.WindowModal)
            self._progress.setMinimumDuration(300)
            self._progress.setAutoClose(False)
            self._progress.setAutoReset(False)
            self._progress.canceled.connect(self.stop_training)
            self._progress.rejected.connect(self.stop_training)  # Escape cancels too
        self._progress.setLabelText(stage + "…")
        self._progress.setMaximum(total)
        self._progress.setValue(done if total else 0)

    def _close_progress(self) -> None:
        if self._progress is not None:
            self._progress.blockSignals(True)  # closing it must not read as "Cancel"
            self._progress.close()
            self._progress.deleteLater()
            self._progress = None
            if QApplication.activeWindow() is None and self.isVisible():
                # give keyboard focus back to the window so Space works at once
                self.activateWindow()
                self.loss_panel.plot.setFocus()

    def _on_prepared(self, info: RunInfo) -> None:
        self._close_progress()
        resumed = info.resumed_from is not None
        self._add_recent(info.run_dir)
        if resumed:  # rows after the checkpoint were deleted: show the history it continues
            self._reload_history()
        self.info = info
        self.run_dir = info.run_dir
        self.lr_panel.set_config(info.config)
        self.loss_panel.set_sources(list(info.source_names))
        self.samples_panel.threshold = info.config.probe.repetition_threshold
        self.embedding_panel.watch_k = info.config.probe.neighbours
        if info.messages:
            self._show_message("Resumed from an older checkpoint", "\n\n".join(info.messages),
                               QMessageBox.Icon.Warning)
        if info.constraints is not None:
            if not (resumed and self.mixture.names):  # a resumed run keeps its replayed path
                self.mixture.reset(info.source_names, info.constraints, info.in_warmup)
            cc = info.config.curriculum
            self._curriculum_params = {
                "phase_min": cc.phase_min, "phase_max": cc.phase_max, "random_share": cc.random_share,
                "exploration": cc.exploration, "step_size": cc.step_size, "warmup_steps": cc.warmup_steps}
        else:
            self.mixture.reset(info.source_names, {}, False)
            self.mixture.regions.clear()
        if not resumed:
            self.simplex_panel.reset()
        else:
            self.simplex_panel.refresh()
        self._update_actions()
        self.device_label.setText(
            f"{info.device} · {info.config.run.torch_threads} threads · preset {info.config.run.preset} · "
            f"{info.n_params / 1e6:.2f}M params"
        )
        self._update_progress_label()

    def _on_snapshot(self, snap: Snapshot) -> None:
        h = self.history
        if len(snap.steps):
            h.loss.extend(snap.steps, snap.loss)
            h.lr.extend(snap.steps, snap.lr)
            rate = float(snap.tokens_per_s[-len(snap.tokens_per_s):].mean())
            self._rate_ema = rate if self._rate_ema is None else 0.7 * self._rate_ema + 0.3 * rate
        for name, (steps, values) in snap.source_loss.items():
            h.source(name).extend(steps, values)
        for step, losses in snap.evals:
            for name, v in losses.items():
                h.val(name).extend([step], [v])
            h.val("mean").extend([step], [sum(losses.values()) / len(losses)])
        mixture_changed = False
        for ev in snap.events:
            h.events.append(ev)
            mixture_changed |= self.mixture.add_event(*ev)
            if ev[1] == "pivot":
                self._curriculum_params.update(ev[2].get("params") or {})
                self._pending_pivot = None
            if ev[1] == "anomaly":
                self._on_anomaly(*ev)
        self.samples_panel.add_samples(snap.samples)
        if snap.probe is not None:
            self.attention_panel.add_probe(snap.probe)
            self.embedding_panel.add_probe(snap.probe)
        if snap.mixture is not None:
            m = snap.mixture
            self.mixture.weights, self.mixture.pulls = m["weights"], m["pulls"]
            self.mixture.reward, self.mixture.ucb = m["reward"], m["ucb"]
        self.loss_panel.refresh()
        # The LR panel's curve is planned ahead: only the marker moves, so 1 Hz is plenty and
        # leaves the GIL to the training thread (DESIGN §5: GUI >= 0.95 x headless).
        now = time.monotonic()
        if now - self._lr_refreshed >= LR_REFRESH_S or self.state != "running":
            self._lr_refreshed = now
            self.lr_panel.refresh()
        if mixture_changed or now - self._simplex_refreshed >= LR_REFRESH_S or self.state != "running":
            self._simplex_refreshed = now
            self.simplex_panel.refresh()
        self._update_progress_label()

    def _on_anomaly(self, step: int, kind: str, payload: dict) -> None:
        if payload.get("kind") == "repetition":
            self.statusBar().showMessage(f"Anomaly: {payload.get('message', 'repetitive sample')}", 10_000)
            return
        if payload.get("kind") == "vertex":
            self._show_message("Mixture camping near a vertex",
                               f"{payload.get('message', '')}.\n\nRaise other sources' floors or cap "
                               f"{payload.get('source')} in the Curriculum dialog (Ctrl+E).",
                               QMessageBox.Icon.Warning)
            return
        if payload.get("kind") in ("spike", "cliff"):
            self._on_loss_anomaly(payload)
            return
        if payload.get("kind") == "checkpoint":
            self._show_message("Checkpoint failed", f"{payload.get('message')}\n\nCheck that the disk has free "
                               "space and that the run folder and its checkpoints/ folder are writable. Training "
                               "goes on, and the previous checkpoints are intact.", QMessageBox.Icon.Warning)
            return
        if payload.get("kind") == "pivot":
            self._pending_pivot = None
            self._show_message("Curriculum pivot refused", f"{payload.get('message')}\n\nTraining goes on with "
                               "the constraints it had. Adjust them in the Curriculum dialog (Ctrl+E).",
                               QMessageBox.Icon.Warning)
            return
        src = f" (rows of {payload['source']})" if payload.get("source") else ""
        self._show_message(
            "Training paused: anomaly",
            f"At step {payload.get('step', step + 1)} the loss or the gradient was not finite"
            f"{src}: loss {payload.get('loss')}, gradient norm {payload.get('grad_norm')}.\n\n"
            "No update was made and no checkpoint is written from this state. Resume to retry "
            "the step, or stop the run.",
            QMessageBox.Icon.Warning,
        )

    def _on_loss_anomaly(self, payload: dict) -> None:
        """A spike or a cliff of one source's loss: say so, and offer to exclude the source."""
        source = payload.get("source", "")
        paused = self.info is not None and self.info.config.anomaly.pause
        box = QMessageBox(QMessageBox.Icon.Warning, f"Loss {payload.get('kind')} on {source}",
                          f"{payload.get('message', '')}.\n\n"
                          + ("Training is paused. " if paused else "")
                          + f"A cliff is often one memorised passage of {source}; excluding the source "
                          "with a curriculum pivot fills that trench (DESIGN §1).",
                          QMessageBox.StandardButton.NoButton, self)
        exclude = None
        if self.info is not None and self.info.constraints is not None and (self.thread is not None
                                                                            or self._steering()):
            exclude = box.addButton(f"Exclude {source}", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Resume" if paused else "Continue", QMessageBox.ButtonRole.RejectRole)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def done(_result, box=box):
            if exclude is not None and box.clickedButton() is exclude:
                self.exclude_source(source)
            if paused and self.thread is not None and self.thread.control.pause_requested:
                self.thread.resume()
            self._forget_box(box)

        box.finished.connect(done)
        if self._message_box is not None:
            self._message_box.close()
        self._message_box = box
        box.open()

    def exclude_source(self, source: str) -> bool:
        """Pivot the running curriculum so that ``source`` is never sampled again."""
        if (self.thread is None and not self._steering()) or self.info is None or self.info.constraints is None:
            return False
        cur = self.mixture.current_region
        base = dict(cur[0]) if cur else dict(self.info.constraints)
        if self._pending_pivot is not None:
            base = dict(self._pending_pivot[0])
        names = list(self.info.source_names)
        if not isinstance(source, str) or source not in names:
            self._show_message("Cannot exclude the source", f"{source!r} is not one of this run's sources "
                               f"({', '.join(names)}).", QMessageBox.Icon.Warning)
            return False
        excluded = sorted(set(base.get("excluded", [])) | {source})
        if len(excluded) >= len(names):
            self._show_message(f"Cannot exclude {source}", f"{source} is the only source left: excluding it "
                               "would leave nothing to train on.", QMessageBox.Icon.Warning)
            return False
        try:
            c = Constraints.from_dict(names, {**base, "excluded": excluded})
            c.validate()
        except (ConstraintError, ValueError, KeyError) as exc:
            floor = dict(base.get("floors") or {}).get(source, 0.0)
            advice = (f"Its floor ({floor:g}) keeps it in the mixture: lower it to 0" if floor > 0
                      else "Change the other constraints") + " in the Curriculum dialog (Ctrl+E)."
            self._show_message(f"Cannot exclude {source}", f"{exc}\n\n{advice}", QMessageBox.Icon.Warning)
            return False
        self._on_pivot_requested(Pivot(c))
        return True

    def _on_state_changed(self, state: str) -> None:
        if state == "stopped":
            if self._run_finished():
                state = "finished"
            self._close_progress()
            self._pending_pivot = None
            if self._dialog is not None:  # nothing left to pivot
                self._dialog.close()
        self.state = state
        self.lr_panel.refresh()
        self.simplex_panel.refresh()
        self._update_actions()
        self._update_progress_label()

    def _on_failed(self, title: str, message: str) -> None:
        self._close_progress()
        self._show_message(title, message, QMessageBox.Icon.Critical)

    def _on_thread_finished(self) -> None:
        thread, self.thread = self.thread, None
        if thread is not None:
            thread.deleteLater()
        self._close_progress()
        # a run that never started training (bad data, cancelled) can be started again; one
        # that stopped continues from its checkpoint (Start); a finished one is read-only
        self.state = "idle" if self.info is None else "finished" if self._run_finished() else "stopped"
        self._update_actions()
        self._update_progress_label()
        if self._closing:
            self.close()

    # ------------------------------------------------------------------ display
    def _show_message(self, title: str, text: str, icon) -> None:
        """A non-blocking message box (the event loop and the training keep running)."""
        if self._message_box is not None:
            self._message_box.close()
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _r, b=box: self._forget_box(b))
        self._message_box = box
        box.open()

    def _forget_box(self, box: QMessageBox) -> None:
        if self._message_box is box:
            self._message_box = None

    def _update_actions(self) -> None:
        s = self.state
        below_limit = self.max_steps is None or self.history.last_step < self.max_steps
        can_continue = s == "stopped" and below_limit and self._has_checkpoint()
        following = self.follower is not None and s in ("running", "paused")
        self.start_action.setEnabled(self.thread is None and not self._closing and not following
                                     and (s == "idle" or can_continue))
        continuing = self.thread is None and is_run_dir(self.run_dir) and self._has_checkpoint()
        self.start_action.setText("Continue" if continuing else "Start")
        self.start_action.setToolTip("Continue the run from its newest checkpoint" if continuing else "Start training")
        self.open_action.setEnabled(self.thread is None)
        self.checkpoint_action.setEnabled(s in ("running", "paused"))
        has_db = (self.run_dir / "metrics.sqlite").exists()
        self.export_csv_action.setEnabled(has_db)
        self.export_tb_action.setEnabled(has_db)
        self.export_weights_action.setEnabled(is_run_dir(self.run_dir) and self._has_checkpoint())
        self.pause_action.setEnabled(s in ("running", "paused") and (self.thread is not None or following))
        self.pause_action.setText("Resume" if s == "paused" else "Pause")
        self.pause_action.setIcon(self._icons["start" if s == "paused" else "pause"])
        self.stop_action.setEnabled(self.thread is not None or following)
        self.preset_combo.setEnabled(self.thread is None and not is_run_dir(self.run_dir))
        self.new_action.setEnabled(self.thread is None)
        self.curriculum_action.setEnabled(
            s in ("running", "paused") and self.info is not None and self.info.constraints is not None
        )
        labels = {"idle": "ready — press " + ("Continue" if continuing else "Start"),
                  "preparing": "preparing data…", "running": "training",
                  "paused": "paused", "stopped": "stopped" + (" — Start continues it" if can_continue else ""),
                  "finished": "finished — read-only"}
        self.state_label.setText(("external: " if self.follower is not None else "") + labels.get(s, s))

    def _update_progress_label(self) -> None:
        step = self.history.last_step
        if self.info is not None:
            limit = self.info.max_steps
        else:
            limit = self.max_steps or 0
        parts = [f"step {step:,}" + (f" / {limit:,}" if limit else "")]
        if self.state == "running" and self._rate_ema:
            parts.append(_fmt_rate(self._rate_ema))
            if self.info is not None and limit > step:
                tokens_per_step = self.info.config.train.batch_size * self.info.config.model.block_size
                eta = (limit - step) * tokens_per_step / self._rate_ema
                parts.append(f"ETA {_fmt_duration(eta)}")
        self.progress_label.setText(" · ".join(parts))

    def show_shortcuts(self) -> None:
        """Help → Keyboard Shortcuts."""
        rows = "".join(f"<tr><td><b>{k}</b></td><td>&nbsp;&nbsp;{v}</td></tr>" for k, v in SHORTCUTS)
        self._show_message("Keyboard Shortcuts", f"<table>{rows}</table>", QMessageBox.Icon.Information)

    def open_log(self) -> bool:
        """Help → Open Log: the log file in the desktop's text viewer (its path is shown if
        none opens it)."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from . import app

        path = app.log_file()
        if app.LOG_PROBLEM is not None:
            self._show_message("No log file", f"No log file this session: {app.LOG_PROBLEM}.",
                               QMessageBox.Icon.Information)
            return False
        if not path.exists():
            self._show_message("No log yet", f"The log file {path} has not been written yet.",
                               QMessageBox.Icon.Information)
            return False
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self._show_message("Log file", f"The log is {path}", QMessageBox.Icon.Information)
            return False
        return True

    def show_about(self) -> None:
        """Help → About: versions of the app, Python, Qt, PyTorch and the device."""
        from .. import __version__

        dev = "CUDA: " + torch.cuda.get_device_name(0) if torch.cuda.is_available() else "CPU"
        self._show_message(
            "About ANDREA Desktop",
            f"ANDREA Desktop {__version__}\nPython {platform.python_version()}\n"
            f"Qt {pyside_version} (PySide6) · pyqtgraph {pg.__version__}\n"
            f"PyTorch {torch.__version__} · {dev}",
            QMessageBox.Icon.Information,
        )

    # ------------------------------------------------------------------ closing
    def _confirm_quit(self) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, "Quit ANDREA Desktop?",
                          "Training is running. Stop it and quit?", parent=self)
        quit_button = box.addButton("Stop and Quit", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(quit_button)  # Enter quits (DESIGN §4)
        box.exec()
        return box.clickedButton() is quit_button

    def close_without_asking(self) -> None:
        """Stop training (if any) and close, without the confirmation (SIGINT, SIGTERM)."""
        self._skip_confirm = True
        self.close()

    def closeEvent(self, event) -> None:  # noqa: N802 -- Qt override
        self._stop_following()  # the external trainer goes on
        if self.thread is not None:
            if not self._closing:
                ask = self.state in ("running", "paused", "preparing") and not self._skip_confirm
                if ask and not self._confirm_quit():
                    event.ignore()
                    return
                self._closing = True
                self.state_label.setText("finishing the current step…")
                self._update_actions()
                self.thread.request_stop()
                if self._progress is not None:
                    self._close_progress()
                # larger presets can take a while to finish their step: say so
                self._progress = QProgressDialog("Finishing the current step…", None, 0, 0, self)
                self._progress.setWindowTitle("Stopping")
                self._progress.setMinimumDuration(500)
                self._progress.setAutoClose(False)
                self._progress.setAutoReset(False)
                self._progress.canceled.connect(self.stop_training)
            event.ignore()  # closes for real once the thread has finished
            return
        self._save_layout()
        if self._message_box is not None:
            self._message_box.close()
        if self._dialog is not None:
            self._dialog.close()
        event.accept()

