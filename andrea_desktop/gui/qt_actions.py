"""The window's actions, toolbar, menus and shortcuts (DESIGN §4), and their enabled states,
computed from the run's :class:`RunState` and a few facts about the run (:class:`RunFacts`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QStyle

from ..core.config import PRESETS
from .qt_i18n import LANGUAGES, chosen_language, save_language
from .qt_run_state import RunState

__all__ = ["QtActions", "RunFacts", "state_text"]


@dataclass(frozen=True)
class RunFacts:
    """What the actions' enabled states depend on, besides the state."""

    state: RunState
    busy: bool = False
    """This window trains a run (one at a time: no other run can be opened or made)."""
    steerable: bool = False
    """A trainer takes commands now (here, or an external one that is running or paused)."""
    external: bool = False
    """Another process trains the run (the window follows it)."""
    closing: bool = False
    is_run_dir: bool = False
    has_checkpoint: bool = False
    has_db: bool = False
    below_limit: bool = True
    """The run has not reached the window's ``max_steps``."""
    has_constraints: bool = False
    """The run has a curriculum to pivot."""
    branching: bool = False
    """A branch of the run is being made (Branch from Checkpoint…)."""

    @property
    def can_continue(self) -> bool:
        """A stopped run that Start continues from its newest checkpoint."""
        return self.state is RunState.STOPPED and self.below_limit and self.has_checkpoint

    @property
    def continuing(self) -> bool:
        """Start would continue an existing run (the button says Continue)."""
        return not self.busy and self.is_run_dir and self.has_checkpoint


def state_text(f: RunFacts) -> str:
    """The status bar's word for the state (translated, context ``QtActions``)."""
    qt, s = QCoreApplication, f.state
    if s is RunState.IDLE:
        text = (qt.translate("QtActions", "ready — press Continue") if f.continuing
                else qt.translate("QtActions", "ready — press Start"))
    elif s is RunState.STOPPED:
        text = (qt.translate("QtActions", "stopped — Start continues it") if f.can_continue
                else qt.translate("QtActions", "stopped"))
    else:
        text = {RunState.PREPARING: QCoreApplication.translate("QtActions", "preparing data…"),
                RunState.RUNNING: QCoreApplication.translate("QtActions", "training"),
                RunState.PAUSED: QCoreApplication.translate("QtActions", "paused"),
                RunState.FINISHED: QCoreApplication.translate("QtActions", "finished — read-only")}[s]
    return QCoreApplication.translate("QtActions", "external: %1").replace("%1", text) if f.external else text


class QtActions(QObject):
    """Builds the window's actions, its toolbar and its menus, and connects them to the window's
    commands; :meth:`update` sets what is enabled.

    Parameters
    ----------
    window
        The main window (``start_training``, ``toggle_pause``, ... and its ``runs``, ``notices``).
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = w = window
        style = w.style()
        self._icons = {k: style.standardIcon(v) for k, v in (
            ("start", QStyle.StandardPixmap.SP_MediaPlay), ("pause", QStyle.StandardPixmap.SP_MediaPause),
            ("stop", QStyle.StandardPixmap.SP_MediaStop))}
        self.start_action = self._action(self.tr("Start"), w.start_training, icon="start", tip=self.tr("Start training"))
        self.pause_action = self._action(self.tr("Pause"), w.toggle_pause, Qt.Key.Key_Space, "pause",
                                         self.tr("Pause / resume at the next step boundary (Space)"))
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.stop_action = self._action(self.tr("Stop"), w.stop_training, icon="stop", tip=self.tr("Stop training at the next step boundary"))
        self.curriculum_action = self._action(
            self.tr("Curriculum…"), w.open_curriculum_dialog, "Ctrl+E",
            tip=self.tr("Edit the curriculum's constraints; Apply pivots the running training (Ctrl+E)"))
        self.new_action = self._action(self.tr("&New Run…"), w.new_run, QKeySequence.StandardKey.New,
                                       tip=self.tr("Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)"))
        self.new_from_action = self._action(self.tr("New Run from &This One…"), w.new_run_from_this,
                                            tip=self.tr("A new run whose settings start as the open run's"))
        self.warmup_experiment_action = self._action(self.tr("LR &Warmup vs None…"), w.new_warmup_experiment,
                                                     tip=self.tr("Two runs that differ only in the LR warmup, trained in turn"))
        self.branch_action = self._action(
            self.tr("&Branch from Checkpoint…"), w.branch_from_checkpoint, "Ctrl+B",
            tip=self.tr("A new run from one of this run's checkpoints, with a new LR, schedule or curriculum (Ctrl+B)"))
        self.open_action = self._action(self.tr("&Open Run…"), w.runs.open_run_dialog, QKeySequence.StandardKey.Open,
                                        tip=self.tr("Open a run directory: its history in every panel (Ctrl+O)"))
        self.checkpoint_action = self._action(self.tr("&Save Checkpoint"), w.save_checkpoint_now, QKeySequence.StandardKey.Save,
                                              tip=self.tr("Write a checkpoint now (Ctrl+S)"))
        exports = w.runs.exports
        self.export_csv_action = self._action(self.tr("Metrics as &CSV…"), exports.metrics_csv)
        self.export_tb_action = self._action(self.tr("Metrics as &TensorBoard Event Files…"), exports.tensorboard)
        self.export_weights_action = self._action(self.tr("&Weights as safetensors…"), exports.weights)
        self.export_hf_action = self._action(self.tr("&Hugging Face Model Folder…"), exports.hf_folder)
        self.quit_action = self._action(self.tr("&Quit"), w.close, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.fullscreen_action = QAction(self.tr("&Full Screen"), w)
        self.fullscreen_action.setShortcut(QKeySequence(Qt.Key.Key_F11))
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.toggled.connect(lambda on: w.showFullScreen() if on else w.showNormal())
        self.reset_layout_action = self._action(self.tr("&Reset Layout"), w.reset_layout)
        self.shortcuts_action = self._action(self.tr("&Keyboard Shortcuts"), w.notices.show_shortcuts)
        self.open_log_action = self._action(self.tr("Open &Log"), w.open_log,
                                            tip=self.tr("Open the app's log file (what happened, for a bug report)"))
        self.about_action = self._action(self.tr("&About ANDREA Desktop"), w.notices.show_about)
        for a in (self.start_action, self.pause_action, self.stop_action, self.new_action, self.open_action,
                  self.branch_action,
                  self.checkpoint_action, self.quit_action, self.fullscreen_action, self.curriculum_action):
            w.addAction(a)  # shortcuts work even when the toolbar or menus are hidden
        self._build_toolbar()
        self._build_menus()

    def _action(self, text: str, slot, shortcut=None, icon: str | None = None, tip: str | None = None) -> QAction:
        action = QAction(self._icons[icon], text, self.window) if icon else QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_toolbar(self) -> None:
        tb = self.window.addToolBar(self.tr("Training"))
        tb.setObjectName("trainingToolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for a in (self.start_action, self.pause_action, self.stop_action):
            tb.addAction(a)
        tb.addSeparator()
        tb.addWidget(QLabel(self.tr(" preset ")))
        self.preset_combo = QComboBox()
        self.preset_combo.addItems(PRESETS)
        self.preset_combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.preset_combo.setToolTip(self.tr("Preset of a new run"))
        self.preset_combo.currentTextChanged.connect(self.window.runs.change_preset)
        tb.addWidget(self.preset_combo)
        tb.addSeparator()
        tb.addAction(self.curriculum_action)

    def _build_menus(self) -> None:
        mb = self.window.menuBar()
        file_menu = mb.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.new_from_action)
        file_menu.addMenu(self.tr("New &Experiment")).addAction(self.warmup_experiment_action)
        file_menu.addAction(self.branch_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.checkpoint_action)
        export_menu = file_menu.addMenu(self.tr("&Export"))
        for a in (self.export_csv_action, self.export_tb_action, self.export_weights_action, self.export_hf_action):
            export_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        train_menu = mb.addMenu(self.tr("&Training"))
        for a in (self.start_action, self.pause_action, self.stop_action):
            train_menu.addAction(a)
        train_menu.addSeparator()
        train_menu.addAction(self.curriculum_action)
        train_menu.addAction(self.branch_action)
        self.view_menu = mb.addMenu(self.tr("&View"))
        help_menu = mb.addMenu(self.tr("&Help"))
        for a in (self.shortcuts_action, self.open_log_action, self.about_action):
            help_menu.addAction(a)

    def fill_view_menu(self, docks) -> None:
        """View: one entry per dock, full screen, reset layout, the interface language."""
        for dock in docks:
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.fullscreen_action)
        self.view_menu.addAction(self.reset_layout_action)
        self.language_menu = self.view_menu.addMenu(self.tr("&Language"))
        group, current = QActionGroup(self.language_menu), chosen_language()
        for code, name in LANGUAGES.items():  # each in its own language: found by whoever reads it
            a = self.language_menu.addAction(name, lambda code=code: self._choose_language(code))
            a.setCheckable(True)
            a.setChecked(code == current)
            a.setData(code)
            group.addAction(a)

    def _choose_language(self, code: str) -> None:
        save_language(code)
        self.window.statusBar().showMessage(
            self.tr("Language: %1 — applies at the next start").replace("%1", LANGUAGES[code]), 15000)

    def _fill_recent_menu(self) -> None:
        runs = self.window.runs
        self.recent_menu.clear()
        recent = runs.recent.runs()
        for r in recent:
            action = self.recent_menu.addAction(r, lambda r=r: runs.open_run(r))
            action.setEnabled(not (runs.driver is not None and runs.driver.busy))
        if not recent:
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    def show_preset(self, preset: str) -> None:
        """Show ``preset`` in the combo (without asking for a new run)."""
        self.preset_combo.blockSignals(True)
        self.preset_combo.setCurrentText(preset)
        self.preset_combo.blockSignals(False)

    def update(self, f: RunFacts) -> None:
        """Enable what can be done now; the start and pause buttons say what they will do."""
        s = f.state
        self.start_action.setEnabled(not f.busy and not f.steerable and not f.closing
                                     and (s is RunState.IDLE or f.can_continue))
        self.start_action.setText(self.tr("Continue") if f.continuing else self.tr("Start"))
        self.start_action.setToolTip(self.tr("Continue the run from its newest checkpoint") if f.continuing
                                     else self.tr("Start training"))
        self.pause_action.setEnabled(s.active and f.steerable)
        self.pause_action.setText(self.tr("Resume") if s is RunState.PAUSED else self.tr("Pause"))
        self.pause_action.setIcon(self._icons["start" if s is RunState.PAUSED else "pause"])
        self.stop_action.setEnabled(f.steerable)
        self.checkpoint_action.setEnabled(s.active)
        self.curriculum_action.setEnabled(s.active and f.has_constraints)
        for a in (self.open_action, self.new_action, self.warmup_experiment_action):
            a.setEnabled(not f.busy)
        self.new_from_action.setEnabled(not f.busy and f.is_run_dir)
        self.branch_action.setEnabled(not f.busy and not f.branching and f.is_run_dir and f.has_checkpoint)
        self.preset_combo.setEnabled(not f.busy and not f.is_run_dir)
        self.export_csv_action.setEnabled(f.has_db)
        self.export_tb_action.setEnabled(f.has_db)
        for a in (self.export_weights_action, self.export_hf_action):  # both need a checkpoint
            a.setEnabled(f.is_run_dir and f.has_checkpoint)
