"""The window's actions, toolbar, menus and shortcuts (docs/design.md#the-main-window), and their enabled states,
computed from the run's :class:`RunState` and a few facts about the run (:class:`RunFacts`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QMenuBar, QStyle, QToolBar, QWidget

from ...core.config import PRESETS
from ...core.lifecycle import RunState
from ...core.tokens import visible_name
from ...core.viewmodels.run_model import RunStatus
from ...core.viewmodels.status import Action
from ..common.i18n import LANGUAGES, chosen_language, save_language

__all__ = ["QtActions", "RunFacts", "state_text"]


RunFacts = RunStatus
"""What the actions' enabled states depend on: the run model's :class:`RunStatus` (one owner)."""


def state_text(f: RunFacts) -> str:
    """The status bar's word for the state (translated, context ``QtActions``)."""
    qt, s = QCoreApplication, f.state
    if s is RunState.IDLE:
        text = (qt.translate("QtActions", "ready — press Continue") if f.continuing
                else qt.translate("QtActions", "ready — press Start"))
    elif s is RunState.STOPPED:
        text = (qt.translate("QtActions", "stopped — press Continue") if f.can_continue
                else qt.translate("QtActions", "stopped"))
    else:
        text = {RunState.PREPARING: QCoreApplication.translate("QtActions", "preparing data…"),
                RunState.RUNNING: QCoreApplication.translate("QtActions", "training"),
                RunState.PAUSED: QCoreApplication.translate("QtActions", "paused"),
                RunState.FINISHED: QCoreApplication.translate("QtActions", "finished — read-only")}[s]
    if f.remote:
        link = {"connected": qt.translate("QtActions", "connected"),
                "reconnecting": qt.translate("QtActions", "reconnecting…"),
                "lost": qt.translate("QtActions", "link lost")}.get(f.remote, qt.translate("QtActions", "connecting…"))
        return qt.translate("QtActions", "remote, %1: %2").replace("%1", link).replace("%2", text)
    return QCoreApplication.translate("QtActions", "external: %1").replace("%1", text) if f.external else text


class QtActions(QObject):
    """Builds the window's actions, its toolbar and its menu bar and connects the actions to the
    commands it is given; :meth:`update` sets what is enabled. The window installs the toolbar
    (:attr:`toolbar`), the menu bar (:attr:`menu_bar`) and the window-wide shortcuts
    (:attr:`shortcut_actions`).

    Parameters
    ----------
    parent
        The Qt parent (the main window).
    runs
        The window's :class:`~andrea_desktop.gui.run.controller.RunController`: Open Run, the
        recent runs, the exports, the preset of a new run.
    commands
        What each action does, by name: ``start``, ``pause``, ``stop``, ``curriculum``,
        ``new_run``, ``new_run_from_this``, ``warmup_experiment``, ``new_sweep``, ``continue_sweep``,
        ``sweep_results``, ``branch``, ``checkpoint``,
        ``quit``, ``reset_layout``, ``shortcuts``, ``open_log``, ``about`` (each called with no
        argument) and ``full_screen`` (called with True or False). A missing name raises
        ``KeyError``.

    Signals
    -------
    status_message(str, int)
        A line for the status bar and how long it shows (ms).
    """

    status_message = Signal(str, int)

    def __init__(self, parent: QWidget, runs, commands: Mapping[str, Callable]) -> None:
        super().__init__(parent)
        self.runs = runs
        c = commands
        style = QApplication.style()
        self._icons = {k: style.standardIcon(v) for k, v in (
            ("start", QStyle.StandardPixmap.SP_MediaPlay), ("pause", QStyle.StandardPixmap.SP_MediaPause),
            ("stop", QStyle.StandardPixmap.SP_MediaStop))}
        self.start_action = self._action(self.tr("Start"), c["start"], icon="start", tip=self.tr("Start training"))
        self.pause_action = self._action(self.tr("Pause"), c["pause"], Qt.Key.Key_Space, "pause",
                                         self.tr("Pause / resume at the next step boundary (Space)"))
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.stop_action = self._action(self.tr("Stop"), c["stop"], icon="stop", tip=self.tr("Stop training at the next step boundary"))
        self.curriculum_action = self._action(
            self.tr("Curriculum…"), c["curriculum"], "Ctrl+E",
            tip=self.tr("Edit the curriculum's constraints; Apply pivots the running training (Ctrl+E)"))
        self.new_action = self._action(self.tr("&New Run…"), c["new_run"], QKeySequence.StandardKey.New,
                                       tip=self.tr("Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)"))
        self.new_from_action = self._action(self.tr("New Run from &This One…"), c["new_run_from_this"],
                                            tip=self.tr("A new run whose settings start as the open run's"))
        self.warmup_experiment_action = self._action(self.tr("LR &Warmup vs None…"), c["warmup_experiment"],
                                                     tip=self.tr("Two runs that differ only in the LR warmup, trained in turn"))
        self.new_sweep_action = self._action(self.tr("New &Sweep…"), c["new_sweep"],
                                             tip=self.tr("Runs that differ in 1 to 3 settings and the seed, trained in turn"))
        self.continue_sweep_action = self._action(self.tr("&Continue Sweep"), c["continue_sweep"],
                                                  tip=self.tr("Go on with a sweep that was stopped or cut short"))
        self.sweep_results_action = self._action(self.tr("Sweep &Results…"), c["sweep_results"],
                                                 tip=self.tr("A sweep's runs and losses, and a loss against each swept setting"))
        self.branch_action = self._action(
            self.tr("&Branch from Checkpoint…"), c["branch"], "Ctrl+B",
            tip=self.tr("A new run from one of this run's checkpoints, with a new LR, schedule or curriculum (Ctrl+B)"))
        self.open_action = self._action(self.tr("&Open Run…"), runs.open_run_dialog, QKeySequence.StandardKey.Open,
                                        tip=self.tr("Open a run directory: its history in every panel (Ctrl+O)"))
        self.open_remote_action = self._action(
            self.tr("Open &Remote Run…"), c["open_remote"],
            tip=self.tr("Follow and steer a run on another machine over SSH (ssh://host/path/to/run)"))
        self.checkpoint_action = self._action(self.tr("&Save Checkpoint"), c["checkpoint"], QKeySequence.StandardKey.Save,
                                              tip=self.tr("Write a checkpoint now (Ctrl+S)"))
        exports = runs.exports
        self.export_csv_action = self._action(self.tr("Metrics as &CSV…"), exports.metrics_csv)
        self.export_tb_action = self._action(self.tr("Metrics as &TensorBoard Event Files…"), exports.tensorboard)
        self.export_weights_action = self._action(self.tr("&Weights as safetensors…"), exports.weights)
        self.export_hf_action = self._action(self.tr("&Hugging Face Model Folder…"), exports.hf_folder)
        self.quit_action = self._action(self.tr("&Quit"), c["quit"], "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.fullscreen_action = QAction(self.tr("&Full Screen"), self)
        self.fullscreen_action.setShortcut(QKeySequence(Qt.Key.Key_F11))
        self.fullscreen_action.setCheckable(True)
        self.fullscreen_action.toggled.connect(c["full_screen"])
        self.reset_layout_action = self._action(self.tr("&Reset Layout"), c["reset_layout"])
        self.shortcuts_action = self._action(self.tr("&Keyboard Shortcuts"), c["shortcuts"])
        self.open_log_action = self._action(self.tr("Open &Log"), c["open_log"],
                                            tip=self.tr("Open the app's log file (what happened, for a bug report)"))
        self.about_action = self._action(self.tr("&About ANDREA Desktop"), c["about"])
        self.shortcut_actions = (self.start_action, self.pause_action, self.stop_action, self.new_action,
                                 self.open_action, self.branch_action, self.checkpoint_action, self.quit_action,
                                 self.fullscreen_action, self.curriculum_action)
        """The actions whose shortcuts work even when the toolbar or menus are hidden (the window
        adds them to itself)."""
        self._build_toolbar()
        self._build_menus()

    def _action(self, text: str, slot, shortcut=None, icon: str | None = None, tip: str | None = None) -> QAction:
        action = QAction(self._icons[icon], text, self) if icon else QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _steering_tips(self, f: RunFacts) -> None:
        """A remote run that cannot be steered says why on the steering actions' tooltips."""
        actions = (self.pause_action, self.stop_action, self.checkpoint_action, self.curriculum_action)
        if not hasattr(self, "_plain_tips"):
            self._plain_tips = {a: a.toolTip() for a in actions}
        for a in actions:
            a.setToolTip(self.tr("Cannot steer this remote run: {reason}").format(reason=f.read_only)
                         if f.remote and f.read_only else self._plain_tips[a])

    def _build_toolbar(self) -> None:
        self.toolbar = tb = QToolBar(self.tr("Training"))
        """The toolbar (the window adds it)."""
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
        self.preset_combo.currentTextChanged.connect(self.runs.change_preset)
        tb.addWidget(self.preset_combo)
        tb.addSeparator()
        tb.addAction(self.curriculum_action)

    def _build_menus(self) -> None:
        self.menu_bar = mb = QMenuBar()
        """The menu bar (the window sets it as its own)."""
        file_menu = mb.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.new_from_action)
        file_menu.addMenu(self.tr("New &Experiment")).addAction(self.warmup_experiment_action)
        for a in (self.new_sweep_action, self.continue_sweep_action, self.sweep_results_action):
            file_menu.addAction(a)
        file_menu.addAction(self.branch_action)
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_remote_action)
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
        self.status_message.emit(
            self.tr("Language: %1 — applies at the next start").replace("%1", LANGUAGES[code]), 15000)

    def _fill_recent_menu(self) -> None:
        runs = self.runs
        self.recent_menu.clear()
        recent = runs.recent.runs()
        for r in recent:
            action = self.recent_menu.addAction(visible_name(r), lambda r=r: runs.open_run(r))
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
        allowed = f.allowed()
        self.checkpoint_action.setEnabled(Action.CHECKPOINT in allowed)
        self.curriculum_action.setEnabled(Action.CURRICULUM in allowed)
        for a in (self.open_action, self.open_remote_action, self.new_action, self.warmup_experiment_action,
                  self.new_sweep_action, self.continue_sweep_action):
            a.setEnabled(not f.busy)
        self.new_from_action.setEnabled(Action.NEW_FROM_THIS in allowed)
        self.branch_action.setEnabled(Action.BRANCH in allowed)
        self.preset_combo.setEnabled(Action.CHANGE_PRESET in allowed)
        self._steering_tips(f)
        self.export_csv_action.setEnabled(f.has_db)
        self.export_tb_action.setEnabled(f.has_db)
        for a in (self.export_weights_action, self.export_hf_action):  # both need a checkpoint
            a.setEnabled(f.is_run_dir and f.has_checkpoint)
