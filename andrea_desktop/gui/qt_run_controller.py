"""Which run the window shows and who trains it: open, new, start, continue, follow, the recent
runs, and exports of the run."""

from __future__ import annotations

import datetime as _dt
import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QSettings
from PySide6.QtWidgets import QFileDialog

from ..core.config import Config, ConfigError, load_config, load_preset
from ..core.config.diff import describe_changes
from ..core.hf.export import export_hf
from ..core.mixture.curriculum import constraints_from_config
from ..core.mixture.simplex import ConstraintError
from ..core.rundir.checkpoint import list_checkpoints
from ..core.rundir.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
    export_tensorboard,
)
from ..core.rundir.layout import (
    CONFIG,
    METRICS_DB,
    MODEL_FILE,
    is_run_dir,
    trainer_alive,
    user_runs_dir,
)
from ..core.rundir.reader import RunReader, TailCursor
from ..core.rundir.store import StoreError
from ..core.training.state import preview_lr_anchor, preview_resume
from ..core.viewmodels.snapshot import read_run
from .qt_actions import RunFacts
from .qt_branch_launch import BranchLauncher
from .qt_new_run_launch import NewRunLauncher
from .qt_notices import Icon
from .qt_run_driver import FollowedRunDriver, LocalRunDriver, RunDriver
from .qt_run_state import RunState
from .qt_worker import RunInfo

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
    """Recently opened or created runs, newest first (QSettings ``runs/recent``)."""

    def runs(self) -> list[str]:
        value = QSettings().value("runs/recent", [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            return []  # a damaged settings entry
        return [v for v in value if isinstance(v, str) and v]

    def add(self, path: Path) -> None:
        runs = [str(path)] + [r for r in self.runs() if r != str(path)]
        QSettings().setValue("runs/recent", runs[:MAX_RECENT])

    def forget(self, path: Path) -> None:
        QSettings().setValue("runs/recent", [r for r in self.runs() if r != str(path)])


class RunExports:
    """File → Export: the run's metrics as CSV or TensorBoard event files, its newest weights,
    its newest checkpoint as a Hugging Face model folder (texts: context ``RunExports``)."""

    def __init__(self, window, runs: RunController) -> None:
        self.window, self.runs = window, runs

    def metrics_csv(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path, _ = QFileDialog.getSaveFileName(self.window, qt.translate("RunExports", "Export metrics"),
                                              str(run / "metrics.csv"), qt.translate("RunExports", "CSV table (*.csv)"))
        if path:
            self._export(lambda: export_metrics_csv(run, path),
                         qt.translate("RunExports", "Metrics written to {path}").format(path=path))

    def tensorboard(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path = QFileDialog.getExistingDirectory(self.window, qt.translate("RunExports", "Export TensorBoard event files to"),
                                                str(run))
        if path:
            self._export(lambda: export_tensorboard(run, path),
                         qt.translate("RunExports", "TensorBoard event files written to {path}").format(path=path))

    def weights(self) -> None:
        run, qt = self.runs.run_dir, QCoreApplication
        path, _ = QFileDialog.getSaveFileName(self.window, qt.translate("RunExports", "Export weights"),
                                              str(run / MODEL_FILE), "safetensors (*.safetensors)")
        if path:
            self._export(lambda: export_checkpoint_weights(run, path),
                         qt.translate("RunExports", "Weights of the newest checkpoint written to {path}").format(path=path))

    def hf_folder(self) -> None:
        """The newest checkpoint as a ``transformers`` GPT2LMHeadModel folder
        (:func:`andrea_desktop.core.hf.export.export_hf`)."""
        run, qt = self.runs.run_dir, QCoreApplication
        path = QFileDialog.getExistingDirectory(
            self.window, qt.translate("RunExports", "Export a Hugging Face model folder to (an empty folder)"),
            str(run.parent))
        if path:
            self._export(lambda: export_hf(run, path),
                         qt.translate("RunExports", "Hugging Face model folder of the newest checkpoint written to "
                                                    "{path}").format(path=path))

    def _export(self, func, done: str) -> None:
        qt = QCoreApplication
        try:
            func()
        except (ExportError, StoreError) as exc:
            self.window.notices.show_message(qt.translate("RunExports", "Export failed"), str(exc), Icon.Warning)
        except OSError as exc:
            self.window.notices.show_message(
                qt.translate("RunExports", "Export failed"),
                qt.translate("RunExports", "{error}\n\nChoose another folder or file name.").format(error=exc),
                Icon.Warning)
        else:
            self.window.statusBar().showMessage(done, 8000)


class RunController(QObject):
    """The window's run: its folder, config and state, and its :class:`RunDriver` (a training
    thread here, or a follower of a run another process trains).

    Parameters
    ----------
    window
        The main window: panels, view-models, notices, status bar.
    max_steps
        Global step at which local training stops (None: the schedule's end).
    config
        Configuration of a new run, instead of the preset's.
    """

    def __init__(self, window, max_steps: int | None = None, config: Config | None = None) -> None:
        super().__init__(window)
        self.w = window
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
        self.exports = RunExports(window, self)
        self.new_runs = NewRunLauncher(window, self)
        """The New Run dialog (File > New Run…, New Run from This One…, Start on a fresh window)."""
        self.branches = BranchLauncher(window, self)
        """Branch from Checkpoint… (Ctrl+B): the dialog, and the branch made off the GUI thread."""
        self._has_history = False
        self._history_cursor = None
        self._run_dir_is_default = False

    # ------------------------------------------------------------------ facts
    def run_finished(self) -> bool:
        """The open run has reached ``schedule.total_steps``: it can only be viewed."""
        cfg = self.info.config if self.info is not None else self.run_config
        return cfg is not None and self.w.history.last_step >= cfg.schedule.total_steps

    def is_fresh(self) -> bool:
        """A window opened without a run folder whose new run is not yet set up: Start opens
        the New Run dialog first (``--autostart`` trains the preset at once)."""
        return self._run_dir_is_default and self.driver is None and not is_run_dir(self.run_dir)

    def has_checkpoint(self) -> bool:
        return is_run_dir(self.run_dir) and bool(list_checkpoints(self.run_dir))

    def facts(self) -> RunFacts:
        """What the actions' enabled states depend on."""
        d = self.driver
        last = self.w.history.last_step
        return RunFacts(self.state, busy=d is not None and d.busy, steerable=d is not None and d.steerable,
                        external=d is not None and d.external, closing=self.closing,
                        is_run_dir=is_run_dir(self.run_dir), has_checkpoint=self.has_checkpoint(),
                        has_db=(self.run_dir / METRICS_DB).exists(),
                        below_limit=self.max_steps is None or last < self.max_steps,
                        has_constraints=self.info is not None and self.info.constraints is not None,
                        branching=self.branches.busy())

    # ------------------------------------------------------------------ which run
    def set_run(self, run_dir: Path | None, preset: str | None) -> None:
        """Point the window at a run folder (new or existing) without starting it; a run that
        another process trains is followed live."""
        w = self.w
        self.drop_driver()
        w.view.reset()
        self.info, self.state, self.run_config = None, RunState.IDLE, None
        self._has_history = self._run_dir_is_default = False
        self._history_cursor = None  # where the history read ended (a follower polls on from it)
        if run_dir is not None and is_run_dir(run_dir):
            self.run_dir = Path(run_dir)
            try:
                cfg = load_config(self.run_dir / CONFIG)
            except ConfigError as exc:
                w.notices.show_message(self.tr("Cannot open run"), str(exc), Icon.Critical)
                cfg = None
            self.run_config = cfg
            self.preset = "andrea-tiny"  # for the combo only: Start reports the config's problem
            w.view.show_config(cfg)
            if cfg is not None:
                self.preset = cfg.run.preset
                w.lr_panel.set_config(cfg, preview_lr_anchor(self.run_dir))  # as Continue will plan it
                self.load_history()
                if self.run_finished():
                    self.state = RunState.FINISHED
            self.recent.add(self.run_dir)
        else:
            self.preset = preset or "andrea-tiny"
            self._run_dir_is_default = run_dir is None
            self.run_dir = Path(run_dir) if run_dir is not None else default_run_dir(self.preset)
            try:
                cfg = self.new_run_config if self.new_run_config is not None else load_preset(self.preset)
                self.preset = cfg.run.preset
                w.lr_panel.set_config(cfg)
                w.view.show_config(cfg)
            except ConfigError as exc:  # pragma: no cover - presets ship with the app
                w.notices.show_message(self.tr("Bad preset"), str(exc), Icon.Critical)
        w.view.parent_history.show_run(self.run_dir if is_run_dir(self.run_dir) else None)
        w.window_actions.show_preset(self.preset)
        w.show_run_dir(self.run_dir, self.tr("preset {preset}").format(preset=self.preset))
        if self.driver is None and self.run_config is not None and trainer_alive(self.run_dir):
            self._follow()
        w.on_run_state(None)

    def open_run_dialog(self) -> None:
        """Ctrl+O: pick a run directory."""
        if self.driver is not None and self.driver.busy:
            self.w.notices.show_message(self.tr("Open Run"), self.tr("Stop the training first: one run at a time."))
            return
        start = str(self.run_dir.parent if self.run_dir.parent.exists() else Path.home())
        path = QFileDialog.getExistingDirectory(self.w, self.tr("Open Run"), start)
        if path:
            self.open_run(path)

    def open_run(self, path: str | Path) -> bool:
        """Show a run directory with its whole history (metrics, events, probes, samples);
        Start continues it from its newest checkpoint. False if it is not a run."""
        path = Path(path)
        if self.driver is not None and self.driver.busy:
            return False
        if not is_run_dir(path):
            self.w.notices.show_message(self.tr("Not a run directory"),
                                        self.tr("{path} holds no {config}, so it is not an ANDREA run.\n\n"
                                                "Choose the folder that contains {config} and {metrics}.").format(
                                            path=path, config=CONFIG, metrics=METRICS_DB), Icon.Warning)
            self.recent.forget(path)
            return False
        self.new_run_config = None
        self.set_run(path, None)
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
    def load_history(self, until: TailCursor | None = None) -> None:
        """Fill the panels from the run's metrics, probes and samples (its own read connection);
        with ``until``, only the rows written up to it."""
        db = self.run_dir / METRICS_DB
        if not db.exists():
            return
        try:
            reader = RunReader(db)
        except (OSError, StoreError) as exc:
            self.w.notices.show_message(self.tr("Cannot read the run's history"), str(exc), Icon.Warning)
            return
        try:
            snap, self._history_cursor = read_run(reader, until=until)
            self._reset_mixture(snap.events if snap is not None else ())
            self.w.view.show_history(snap, self.run_dir)
            self._has_history = snap is not None and len(snap.steps) > 0
        except Exception as exc:  # a damaged file must not leave the window half-switched
            log.exception("reading the run's history")
            self.w.notices.show_message(self.tr("Part of the run's history cannot be read"),
                                        self.tr("{error}\n\nThe panels show what could be read.").format(
                                            error=f"{type(exc).__name__}: {exc}"), Icon.Warning)
        finally:
            reader.close()

    def _reset_mixture(self, events) -> None:
        """The simplex's region at the run's start, from its config and first start event."""
        starts = [p for _, k, p in events if k == "start"]
        cfg = self.run_config
        if not starts or cfg is None or not cfg.curriculum.enabled:
            return
        names = starts[0].get("sources", [])
        try:
            c = constraints_from_config(names, cfg.curriculum)
        except ConstraintError:
            return
        self.w.mixture.reset(names, c.to_dict(), cfg.curriculum.warmup_steps > 0)

    def reload_history(self, until: TailCursor | None = None) -> None:
        """Read the run's history again (a resume deleted the rows past its checkpoint); with
        ``until``, only the rows written up to it (a trainer that runs meanwhile sends its own)."""
        self.w.view.reset()
        self.load_history(until)
        self.w.view.refresh()

    # ------------------------------------------------------------------ drivers
    def _attach(self, driver: RunDriver) -> None:
        self.driver = driver
        driver.snapshot.connect(self.w.show_snapshot)
        driver.state_changed.connect(self._on_state_changed)
        driver.prepared.connect(self._on_prepared)
        driver.progress.connect(self.w.notices.show_progress)
        driver.failed.connect(self._on_failed)
        driver.refused.connect(lambda title, text: self.w.notices.show_message(title, text, Icon.Warning))
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
            self.w.notices.show_message(self.tr("Cannot follow the run"), str(exc), Icon.Warning)
            return
        self._attach(driver)
        self._set_follow_info()
        self.w.setWindowTitle(self.tr("{run} (following)").format(run=self.run_dir.name))

    def _set_follow_info(self) -> None:
        d = self.driver
        self.info = d.run_info(self.run_config, self.w.mixture.current_region, self.w.history.last_step)
        self.w.steering.set_params(self.run_config.curriculum)
        if self.info.source_names:
            self.w.loss_panel.set_sources(list(self.info.source_names))
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
        w = self.w
        if (self.driver is not None and self.driver.busy) or not w.start_action.isEnabled():
            return
        if is_run_dir(self.run_dir) and not self._settings_confirmed():
            return
        if self.driver is not None:  # the external trainer is gone: this window trains it now
            self.drop_driver()
            self.reload_history()
            w.setWindowTitle(self.run_dir.name)
        if self._has_history and not self.has_checkpoint():
            if not w.notices.confirm_restart():
                return
            w.view.reset()  # every panel: the run starts again from step 0
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
        return self.w.notices.confirm_changed_settings(describe_changes(changes.applied, indent=""))

    def _on_prepared(self, info: RunInfo) -> None:
        w = self.w
        w.notices.close_progress()
        resumed = info.resumed_from is not None
        self.recent.add(info.run_dir)
        if resumed:  # rows after the checkpoint were deleted: show the history it continues,
            # up to where the store ended when training began: the trainer may have committed
            # steps since (a busy GUI thread handles this late), and those come in its snapshots
            self.reload_history(info.history_end)
        self.info = info
        self.run_dir = info.run_dir
        w.view.show_run_info(info)
        if info.messages:
            w.notices.show_message(self.tr("Resumed from an older checkpoint"), "\n\n".join(info.messages), Icon.Warning)
        if info.constraints is not None:
            if not (resumed and w.mixture.names):  # a resumed run keeps its replayed path
                w.mixture.reset(info.source_names, info.constraints, info.in_warmup)
            w.steering.set_params(info.config.curriculum)
        else:
            w.mixture.reset(info.source_names, {}, False)
            w.mixture.regions.clear()
        w.simplex_panel.refresh()
        self._on_state_changed(self.driver.state if self.driver is not None else self.state)

    def _on_state_changed(self, state: RunState) -> None:
        if state is RunState.STOPPED:
            if self.run_finished():
                state = RunState.FINISHED
            self.w.notices.close_progress()
            self.w.steering.on_stopped()
        self.state = state
        text = self.driver.describe(self.w.history.last_step) if self.driver is not None else None
        self.w.on_run_state(text)

    def _on_failed(self, title: str, message: str) -> None:
        self.w.notices.close_progress()
        self.w.notices.show_message(title, message, Icon.Critical)

    def _on_finished(self) -> None:
        """The training thread has ended."""
        self.drop_driver()
        self.w.notices.close_progress()
        # a run that never started training (bad data, cancelled) can be started again; one
        # that stopped continues from its checkpoint (Start); a finished one is read-only
        self.state = (RunState.IDLE if self.info is None else RunState.FINISHED if self.run_finished()
                      else RunState.STOPPED)
        self.w.on_run_state(None)
        if self.closing:
            self.w.close()
