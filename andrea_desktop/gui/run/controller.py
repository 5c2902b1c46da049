"""Which run the window shows and who trains it: open, new, start, continue, follow, the recent
runs, and exports of the run."""

from __future__ import annotations

import datetime as _dt
import logging
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QFileDialog

from ...core.config import Config, ConfigError, load_preset
from ...core.config.diff import describe_changes
from ...core.lifecycle import RunState
from ...core.remote.ssh import parse_ssh_url
from ...core.rundir.checkpoint import list_checkpoints
from ...core.rundir.layout import (
    CONFIG,
    METRICS_DB,
    is_run_dir,
    trainer_alive,
    user_runs_dir,
)
from ...core.rundir.reader import TailCursor
from ...core.rundir.store import StoreError
from ...core.training.state import preview_lr_anchor, preview_resume
from ...core.viewmodels.run_model import Action, Aspect, RunModel, RunStatus
from ...core.viewmodels.runs_table import MAX_ADDED_RUNS
from ...core.viewmodels.sources import open_model, read_folder
from ..common.app_settings import as_recent_path, recent_runs, save
from ..window.notices import Icon
from .branch_launch import BranchLauncher
from .driver import FollowedRunDriver, LocalRunDriver, RunDriver
from .exports import RunExports
from .new_run_launch import NewRunLauncher
from .remote import RemoteRunDriver, connect, ssh_launcher, ssh_transport, start_remote_run
from .worker import RunInfo

__all__ = ["RunController", "RecentRuns", "RunExports", "default_run_dir"]

log = logging.getLogger(__name__)

MAX_RECENT = 10


def default_run_dir(preset: str) -> Path:
    """A new, unused run folder under the user's data directory."""
    root = user_runs_dir()
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = root / f"{preset}-{stamp}"
    i = 1
    while path.exists():
        i += 1
        path = root / f"{preset}-{stamp}-{i}"
    return path


class RecentRuns:
    """Recently opened or created runs, newest first (QSettings ``runs/recent``): absolute paths,
    at most :data:`MAX_RECENT`; a damaged entry is left out when read
    (:func:`~andrea_desktop.gui.common.app_settings.recent_runs`). With ``key="runs/added"`` and
    ``limit=MAX_ADDED_RUNS``: the runs the user added to the runs dock from anywhere on disk, listed
    until removed."""

    def __init__(self, key: str = "runs/recent", limit: int = MAX_RECENT) -> None:
        self.key, self.limit = key, int(limit)

    def runs(self) -> list[str]:
        return recent_runs(QSettings().value(self.key, []), self.limit, self.key)

    def add(self, path: Path) -> None:
        path = as_recent_path(path)
        save({self.key: ([path] + [r for r in self.runs() if r != path])[:self.limit]})

    def forget(self, path: Path) -> None:
        path = as_recent_path(path)
        save({self.key: [r for r in self.runs() if r != path]})


class RunController(QObject):
    """The window's run: its folder, config and state, and its :class:`RunDriver` (a training
    thread here, or a follower of a run another process trains).

    It keeps no reference to the window: what the window shows comes from its signals, and the
    user is asked and told through ``notices``.

    Parameters
    ----------
    parent
        The Qt parent (the main window): the parent of the dialogs the controller opens.
    notices
        :class:`~andrea_desktop.gui.window.notices.QtNotices`: messages, questions, progress.
    max_steps
        Global step at which local training stops (None: the schedule's end).
    config
        Configuration of a new run, instead of the preset's.
    """

    model_replaced = Signal(object)
    """Another :class:`RunModel` is the window's run (opened, switched, made, restarted,
    reloaded): every panel draws it from now on."""
    run_shown = Signal(Path, str, str)
    """The run's folder, preset and the status bar's device text (a run was set)."""
    state_changed = Signal(object)
    """The run's state changed; the trainer's new description (str) or None."""
    snapshot = Signal(object)
    """What is new in the run (a :class:`~andrea_desktop.core.viewmodels.snapshot.Snapshot`)."""
    prepared = Signal(object)
    """A run prepared here (:class:`RunInfo`), after the model took its settings."""
    curriculum_params = Signal(object)
    """The walk's parameters of the run (a :class:`CurriculumConfig`): steering starts from them."""
    stopped = Signal()
    """The trainer stopped (nothing is pending any more)."""
    title_changed = Signal(str)
    status_message = Signal(str, int)
    """A line for the status bar and how long it shows (ms)."""
    close_ready = Signal()
    """The window may close now (it asked while training; the training thread has ended)."""

    def __init__(self, parent, notices, max_steps: int | None = None, config: Config | None = None) -> None:
        super().__init__(parent)
        self.notices = notices
        self.model = RunModel()
        """The run model of the window's run (:attr:`model_replaced` tells when it is replaced)."""
        self.max_steps = max_steps
        self.new_run_config = config
        self.driver: RunDriver | None = None
        self.state = RunState.IDLE
        self.info: RunInfo | None = None
        self.run_dir = Path()
        self.preset = "andrea-tiny"
        self.run_config: Config | None = None
        self.closing = False
        self.recent = RecentRuns()
        self.added = RecentRuns("runs/added", MAX_ADDED_RUNS)
        self.exports = RunExports(self)
        self.new_runs = NewRunLauncher(parent, self)
        """The New Run dialog (File > New Run…, New Run from This One…, Start on a fresh window)."""
        self.branches = BranchLauncher(parent, self)
        """Branch from Checkpoint… (Ctrl+B): the dialog, and the branch made off the GUI thread."""
        self._has_history = False
        self._history_cursor = None
        self._history_unread = False  # the last run read had a history that could not be read (status bar says so)
        self._run_dir_is_default = False

    # ------------------------------------------------------------------ facts
    def run_finished(self) -> bool:
        """The open run has reached ``schedule.total_steps``: it can only be viewed."""
        cfg = self.info.config if self.info is not None else self.run_config
        return cfg is not None and self.model.last_step >= cfg.schedule.total_steps

    def is_fresh(self) -> bool:
        """A window opened without a run folder whose new run is not yet set up: Start opens
        the New Run dialog first (``--autostart`` trains the preset at once)."""
        return self._run_dir_is_default and self.driver is None and not is_run_dir(self.run_dir)

    def has_checkpoint(self) -> bool:
        return is_run_dir(self.run_dir) and bool(list_checkpoints(self.run_dir))

    def facts(self) -> RunStatus:
        """What the actions' enabled states depend on (also kept as the model's status)."""
        d = self.driver
        status = RunStatus(self.state, busy=d is not None and d.busy, steerable=d is not None and d.steerable,
                           external=d is not None and d.external, closing=self.closing,
                           is_run_dir=is_run_dir(self.run_dir), has_checkpoint=self.has_checkpoint(),
                           has_db=(self.run_dir / METRICS_DB).exists(),
                           has_constraints=self.info is not None and self.info.constraints is not None,
                           branching=self.branches.busy(),
                           max_steps=self.info.max_steps if self.info is not None else self.max_steps,
                           total_steps=self.model.status.total_steps,
                           device=self.model.status.device,
                           remote=d.link_state.value if isinstance(d, RemoteRunDriver) else "",
                           read_only=d.read_only_reason if isinstance(d, RemoteRunDriver) else "")
        if status != self.model.status:
            self.model.status = status
            self.model.changed.emit(frozenset({Aspect.STATUS}))
        return status

    def _replace_model(self, model: RunModel) -> None:
        """``model`` is the window's run from now on (the previous one is dropped whole)."""
        self.model = model
        self.model_replaced.emit(model)

    # ------------------------------------------------------------------ which run
    def set_run(self, run_dir: Path | None, preset: str | None) -> None:
        """Point the window at a run folder (new or existing) without starting it; a run that
        another process trains is followed live. The run gets a new model (read from its folder,
        or empty for a new run): nothing of the previous run stays on screen."""
        self.drop_driver()
        self.info, self.state, self.run_config = None, RunState.IDLE, None
        self._has_history = self._run_dir_is_default = False
        self._history_cursor = None  # where the history read ended (a follower polls on from it)
        if run_dir is not None and is_run_dir(run_dir):
            self.run_dir = Path(run_dir)
            model = self._read_model()
            cfg = self.run_config = model.config
            self.preset = cfg.run.preset if cfg is not None else "andrea-tiny"  # else Start reports the problem
            if model.finished:
                self.state = RunState.FINISHED
            self.recent.add(self.run_dir)
        else:
            self.preset = preset or "andrea-tiny"
            self._run_dir_is_default = run_dir is None
            self.run_dir = Path(run_dir) if run_dir is not None else default_run_dir(self.preset)
            cfg = None
            try:
                cfg = self.new_run_config if self.new_run_config is not None else load_preset(self.preset)
                self.preset = cfg.run.preset
            except ConfigError as exc:  # pragma: no cover - presets ship with the app
                self.notices.show_message(self.tr("Bad preset"), str(exc), Icon.Critical)
            model = RunModel(None if run_dir is None else self.run_dir, cfg, self.model.history.smoothing)
            if run_dir is None:
                model.run_dir = self.run_dir  # the folder it will have
        self._replace_model(model)
        self.run_shown.emit(self.run_dir, self.preset, self.tr("preset {preset}").format(preset=self.preset))
        if self.driver is None and self.run_config is not None and trainer_alive(self.run_dir):
            self._follow()
        self.state_changed.emit(None)

    def _read_model(self, until: TailCursor | None = None) -> RunModel:
        """A model of the run folder, read whole (the reopen source; with ``until``, only the
        rows written up to it). A config or history that cannot be read is said in a notice;
        the model holds what could be read."""
        model, error = open_model(self.run_dir, self.model.history.smoothing)
        if error is not None:
            self.notices.show_message(self.tr("Cannot open run"), error, Icon.Critical)
        if model.config is not None:
            model.set_lr_anchor(preview_lr_anchor(self.run_dir))  # as Continue will plan it
        if not (self.run_dir / METRICS_DB).exists() and model.config is None:
            return model
        try:
            self._history_cursor = read_folder(model, until)
            self._has_history = len(model.history.loss) > 0
        except Exception as exc:  # a damaged file must not leave the window half-switched
            log.exception("reading the run's history")
            title = self.tr("Part of the run's history cannot be read")
            self.notices.show_message(title, self.tr("{error}\n\nThe panels show what could be read.").format(
                error=f"{type(exc).__name__}: {exc}"), Icon.Warning)
            # the box can be closed or replaced: the status bar keeps saying it until another run is read
            self.status_message.emit(title, 0)
            self._history_unread = True
        else:
            if self._history_unread:
                self.status_message.emit("", 1)
            self._history_unread = False
        return model

    def open_run_dialog(self) -> None:
        """Ctrl+O: pick a run directory."""
        if self.driver is not None and self.driver.busy:
            self.notices.show_message(self.tr("Open Run"), self.tr("Stop the training first: one run at a time."))
            return
        start = str(self.run_dir.parent if self.run_dir.parent.exists() else Path.home())
        path = QFileDialog.getExistingDirectory(self.parent(), self.tr("Open Run"), start)
        if path:
            self.open_run(path)

    def open_run(self, path: str | Path) -> bool:
        """Show a run directory with its whole history (metrics, events, probes, samples);
        Start continues it from its newest checkpoint. False if it is not a run."""
        path = Path(path)
        if self.driver is not None and self.driver.busy:
            return False
        if not is_run_dir(path):
            self.notices.show_message(self.tr("Not a run directory"),
                                        self.tr("{path} holds no {config}, so it is not an ANDREA run.\n\n"
                                                "Choose the folder that contains {config} and {metrics}.").format(
                                            path=path, config=CONFIG, metrics=METRICS_DB), Icon.Warning)
            self.recent.forget(path)
            return False
        self.new_run_config = None
        self.max_steps = None  # the window's --max-steps was the first run's: this one trains to its schedule's end
        self.set_run(path, None)
        return True

    remote_transport = staticmethod(ssh_transport)
    """The command that reaches a remote run's ``andrea-follow`` (tests run it as a local
    subprocess instead of through ssh)."""

    def open_remote_dialog(self) -> None:
        """File > Open Remote Run…: an ``ssh://`` address from a host and a path."""
        from ..dialogs.remote_run import RemoteRunDialog

        if self.driver is not None and self.driver.busy:
            self.notices.show_message(self.tr("Open Remote Run"), self.tr("Stop the training first: one run at a time."))
            return
        dialog = RemoteRunDialog(self.parent())
        if dialog.exec():
            launch = dialog.launch_args()
            if launch is not None and not self.start_remote(dialog.url(), launch):
                return
            self.open_remote(dialog.url())

    remote_launcher = staticmethod(ssh_launcher)
    """The command that starts a new run there (tests run it as a local subprocess)."""

    def start_remote(self, url: str, args: list[str]) -> bool:
        """Start training a new run at ``url`` on its host, detached (``andrea-follow --launch``
        with ``args``: preset, max steps, processes); False, with a message, if it did not start."""
        target = parse_ssh_url(url)
        self.status_message.emit(self.tr("Starting a run on {host}…").format(host=target.host), 0)
        why = start_remote_run(target, args, self.remote_launcher)
        self.status_message.emit("", 1)
        if why:
            self.notices.show_message(self.tr("Cannot start the run there"),
                                      self.tr("{url}\n\n{why}").format(url=target.url, why=why), Icon.Warning)
            return False
        return True

    def open_remote(self, url: str) -> bool:
        """Follow the run at ``ssh://[user@]host[:port]/path`` live, as a followed local run,
        steered over the link; False (with a message) if it cannot be reached or is no run."""
        if self.driver is not None and self.driver.busy:
            return False
        try:
            target = parse_ssh_url(url)
        except ValueError as exc:
            self.notices.show_message(self.tr("Not a remote run address"), str(exc), Icon.Warning)
            return False
        self.status_message.emit(self.tr("Connecting to {host}…").format(host=target.host), 0)
        link, why = connect(target, self.remote_transport)
        self.status_message.emit("", 1)
        if link is None:
            self.notices.show_message(self.tr("Cannot open the remote run"),
                                      self.tr("{url}\n\n{why}").format(url=target.url, why=why), Icon.Warning)
            return False
        self.drop_driver()
        self.info, self.state, self.new_run_config = None, RunState.IDLE, None
        self._has_history = self._run_dir_is_default = False
        self._history_cursor = None
        self.run_dir = link.cache_dir
        model = self._read_model()  # its settings (the rows come over the link)
        self.run_config = model.config
        self.preset = model.config.run.preset if model.config is not None else "andrea-tiny"
        self._replace_model(model)
        self.run_shown.emit(self.run_dir, self.preset, target.label)
        driver = RemoteRunDriver(link, target, lambda: self.model, self)
        self._attach(driver)
        if self.run_config is not None:
            driver.info_changed.connect(self._set_follow_info)  # the start event comes over the link
            self._set_follow_info()
        self.title_changed.emit(self.tr("{run} (remote)").format(run=target.label))
        self.state_changed.emit(driver.describe(0))
        return True

    def new_run(self, preset: str) -> None:
        """A new run of ``preset`` in a fresh folder (only while not training here)."""
        if self.driver is not None and self.driver.busy:
            return
        self.new_run_config = None
        self.set_run(None, preset)

    def change_preset(self, preset: str) -> None:
        """The preset combo: a new run (not yet started) takes the other preset."""
        if (self.driver is None or not self.driver.busy) and not is_run_dir(self.run_dir):
            self.new_run_config = None
            self.set_run(None if self._run_dir_is_default else self.run_dir, preset)

    # ------------------------------------------------------------------ history
    def reload_history(self, until: TailCursor | None = None) -> None:
        """Read the run's history again into a new model (a resume deleted the rows past its
        checkpoint); with ``until``, only the rows written up to it (a trainer that runs
        meanwhile sends its own)."""
        status = self.model.status
        model = self._read_model(until)
        model.status = status
        self._replace_model(model)

    def restart_model(self) -> None:
        """The run starts again from step 0: an empty model of its folder and settings."""
        old = self.model
        model = RunModel(old.run_dir, old.config, old.history.smoothing)
        model.status = old.status
        self._has_history = False
        self._replace_model(model)

    # ------------------------------------------------------------------ drivers
    def _attach(self, driver: RunDriver) -> None:
        self.driver = driver
        driver.snapshot.connect(self.snapshot)
        driver.state_changed.connect(self._on_state_changed)
        driver.prepared.connect(self._on_prepared)
        driver.progress.connect(self.notices.show_progress)
        driver.failed.connect(self._on_failed)
        driver.refused.connect(lambda title, text: self.notices.show_message(title, text, Icon.Warning))
        driver.restarted.connect(self._on_restarted)
        driver.finished.connect(self._on_finished)

    def drop_driver(self) -> None:
        """Let go of the driver (a follower stops polling; the external trainer goes on)."""
        driver, self.driver = self.driver, None
        if driver is not None:
            driver.close()
            driver.deleteLater()

    def _follow(self) -> None:
        """Show the run another process trains, live, and steer it through its control channel."""
        try:
            driver = FollowedRunDriver(self.run_dir, self, self._history_cursor)
        except (OSError, StoreError) as exc:
            self.notices.show_message(self.tr("Cannot follow the run"), str(exc), Icon.Warning)
            return
        self._attach(driver)
        self._set_follow_info()
        self.title_changed.emit(self.tr("{run} (following)").format(run=self.run_dir.name))

    def _set_follow_info(self) -> None:
        d = self.driver
        self.info = d.run_info(self.run_config, self.model.mixture.current_region, self.model.last_step)
        self.curriculum_params.emit(self.run_config.curriculum)
        if self.info.source_names:
            self.model.set_sources(self.info.source_names)
        self._on_state_changed(d.state)

    def _on_restarted(self) -> None:
        self.reload_history()
        if self.driver is not None and self.driver.external:  # poll on from where the history ends
            self.driver.follower.continue_from(self._history_cursor)
        self._set_follow_info()

    def start_training(self) -> None:
        """Prepare the run (progress dialog) and train it here; an existing run continues from its
        newest checkpoint (one another process trained, too, once that trainer is gone), after
        the user agreed to the settings changed since that checkpoint, if any."""
        if (self.driver is not None and self.driver.busy) or not ({Action.START, Action.CONTINUE}
                                                                  & self.facts().allowed()):
            return
        if is_run_dir(self.run_dir) and not self._settings_confirmed():
            return
        if self.driver is not None:  # the external trainer is gone: this window trains it now
            self.drop_driver()
            self.reload_history()
            self.title_changed.emit(self.run_dir.name)
        if self._has_history and not self.has_checkpoint():
            if not self.notices.confirm_restart():
                return
            self.restart_model()  # every panel: the run starts again from step 0
        if self.max_steps is not None and self.model.last_step >= self.max_steps:
            self.max_steps = None  # Continue past the window's --max-steps trains on to the schedule's end
        new = not is_run_dir(self.run_dir)
        config = self.new_run_config if new else None
        driver = LocalRunDriver(self.run_dir, None if config is not None or not new else self.preset,
                                self.max_steps, config, parent=self)
        self._attach(driver)
        driver.start()

    def _settings_confirmed(self) -> bool:
        """Continuing a run whose settings changed since its newest checkpoint: ask first (the
        changes a resume would refuse are left to the start, which names them); not at a branch's
        start, whose changes are the ones it was made with."""
        changes = preview_resume(self.run_dir)
        if changes is None or changes.branch or not changes.applied or changes.refused:
            return True
        return self.notices.confirm_changed_settings(describe_changes(changes.applied, indent=""))

    def _on_prepared(self, info: RunInfo) -> None:
        self.notices.close_progress()
        resumed = info.resumed_from is not None
        self.recent.add(info.run_dir)
        if resumed:  # rows after the checkpoint were deleted: show the history it continues,
            # up to where the store ended when training began: the trainer may have committed
            # steps since (a busy GUI thread handles this late), and those come in its snapshots
            self.reload_history(info.history_end)
        self.info = info
        self.run_dir = info.run_dir
        self.model.run_dir = info.run_dir
        self.prepared.emit(info)
        if info.messages:
            self.notices.show_message(self.tr("Resumed from an older checkpoint"), "\n\n".join(info.messages), Icon.Warning)
        if not (resumed and self.model.mixture.names):  # a resumed run keeps its replayed path
            self.model.start_mixture(info.source_names, info.constraints, info.in_warmup)
        if info.constraints is not None:
            self.curriculum_params.emit(info.config.curriculum)
        self._on_state_changed(self.driver.state if self.driver is not None else self.state)

    def _on_state_changed(self, state: RunState) -> None:
        if state is RunState.STOPPED:
            if self.run_finished():
                state = RunState.FINISHED
            self.notices.close_progress()
            self.stopped.emit()
        self.state = state
        text = self.driver.describe(self.model.last_step) if self.driver is not None else None
        self.state_changed.emit(text)

    def _on_failed(self, title: str, message: str) -> None:
        self.notices.close_progress()
        self.notices.show_message(title, message, Icon.Critical)

    def _on_finished(self) -> None:
        """The training thread has ended."""
        self.drop_driver()
        self.notices.close_progress()
        # a run that never started training (bad data, cancelled) can be started again; one
        # that stopped continues from its checkpoint (Start); a finished one is read-only
        self.state = (RunState.IDLE if self.info is None else RunState.FINISHED if self.run_finished()
                      else RunState.STOPPED)
        self.state_changed.emit(None)
        if self.closing:
            self.close_ready.emit()
