"""File → New Experiment: the experiment's dialog, its runs trained in turn in the window, then
overlaid in the runs dock's comparison and their lessons shown side by side (samples with their
repetition, attention entropy per layer, λ_max against 2/η: :mod:`~andrea_desktop.gui.panels.samples.side_by_side`).

The window trains one run at a time through its run controller (the New Run path: the run's
configuration, ``max_steps``, :meth:`~andrea_desktop.gui.run.controller.RunController.start_training`). When a
run's training thread ends having reached the experiment's steps, the next run is opened and
trained; when the last one has, every run is checked in the runs dock (the loss and LR panels
overlay them) and the side-by-side view opens. Stop (or a run that fails or is stopped
short) ends the experiment: the next run is not started, and the status bar says so.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QWidget

from ...core.config import Config, ConfigError
from ...core.experiments import WARMUP_TITLE, WarmupExperiment
from ...core.rundir.layout import METRICS_DB
from ...core.rundir.reader import last_trained_step
from ...core.viewmodels.lessons import lessons_models
from ..common.i18n import format_number, plural_n
from ..dialogs.experiment.dialog import QtWarmupExperimentDialog
from ..panels.samples.side_by_side import QtSamplesSideBySide
from ..window.notices import Icon
from .queue import QtRunQueue

__all__ = ["QtExperiments"]

log = logging.getLogger(__name__)


class QtExperiments(QtRunQueue):
    """The window's experiments (module docstring): at most one at a time. The window shows
    :attr:`label` (what the experiment is doing) in its status bar.

    Parameters
    ----------
    parent
        The Qt parent: the widget the dialog and the samples view open over (the main window).
    runs
        The window's run controller: the runs are made and trained through it.
    runs_dock
        The runs dock (:class:`~andrea_desktop.gui.panels.runs.dock.QtRunsDock`): the runs
        overlaid are checked there, and their colours come from its table.
    notices
        Where a refused experiment is said.

    Signals
    -------
    run_started(int, int)
        Run ``i`` (from 0) of ``n`` has been started.
    ended(bool, str)
        The experiment ended: every run trained (True) or not; what the status bar says.
    status_message(str, int)
        A line for the status bar and how long it shows (ms).
    """

    run_started = Signal(int, int)

    def __init__(self, parent: QWidget, runs, runs_dock, notices) -> None:
        super().__init__(parent, runs, runs_dock, notices, "experimentLabel")
        self.samples_view: QtSamplesSideBySide | None = None
        self.plan: list[tuple[Path, str, Config]] = []
        """The runs: folder, name, configuration."""
        self.steps = 0
        self.index = -1
        self.stop_requested = False

    @property
    def active(self) -> bool:
        """An experiment is under way (a run of it trains or is about to)."""
        return 0 <= self.index < len(self.plan)

    # ------------------------------------------------------------------ dialog
    def open_warmup(self) -> QtWarmupExperimentDialog | None:
        """File → New Experiment → LR warmup vs none…: its dialog (None while the window trains)."""
        if self.window_busy():
            return None
        return self.open_dialog_of(QtWarmupExperimentDialog(self.parent()),
                                   lambda d: self.start(d.experiment(), d.parent_dir(), d.name()))

    # ------------------------------------------------------------------ the runs in turn
    def start(self, experiment: WarmupExperiment, parent: Path, name: str) -> bool:
        """Make the experiment's runs in ``parent`` (``<name>-<run name>``) and train the first;
        False (with a message) if its settings are refused or the window trains already."""
        if self.window_busy():
            return False
        try:
            configs = experiment.configs()
        except ConfigError as exc:
            self.notices.show_message(self.tr("Experiment: {title}").format(title=WARMUP_TITLE), str(exc), Icon.Warning)
            return False
        paths = experiment.run_dirs(parent, name)
        self.plan = [(p, run.name, cfg) for p, (run, cfg) in zip(paths, configs, strict=True)]
        self.steps, self.index, self.stop_requested = experiment.steps, -1, False
        log.info("experiment %s: %s", WARMUP_TITLE, ", ".join(str(p) for p in paths))
        self._next()
        return True

    def _next(self) -> None:
        """Open the next run and train it."""
        self.index += 1
        path, name, cfg = self.plan[self.index]
        runs = self.runs
        runs.new_run_config = cfg
        runs.max_steps = self.steps
        runs.set_run(path, cfg.run.preset)
        self.say(self.tr("experiment: run {i} of {n} ({name}) · Stop ends the experiment").format(
            i=self.index + 1, n=len(self.plan), name=name))
        runs.start_training()
        driver = runs.driver
        if driver is None or not driver.busy:  # pragma: no cover - start refused (the window said why)
            self._end(False, self.tr("experiment ended: run {i} of {n} could not start").format(
                i=self.index + 1, n=len(self.plan)))
            return
        driver.finished.connect(self._on_run_finished)
        if self.index > 0:  # once its folder exists, the new run is overlaid, live, on the ones before
            driver.prepared.connect(lambda _info, i=self.index: self._check([p for p, _n, _c in self.plan[:i + 1]]))
        self.run_started.emit(self.index, len(self.plan))

    def on_stop(self) -> None:
        """The user pressed Stop (or cancelled a preparation): the experiment ends with this run."""
        if self.active:
            self.stop_requested = True
            self.say(self.tr("experiment stopping: run {i} will not start").format(i=self.index + 2)
                      if self.index + 1 < len(self.plan) else self.tr("experiment stopping"))

    def _on_run_finished(self) -> None:
        """A run's training thread ended: the next run, or the end of the experiment."""
        if not self.active:
            return
        path, name, _cfg = self.plan[self.index]
        step = last_trained_step(path / METRICS_DB)  # 0 when it cannot be read: not reached
        n, i = len(self.plan), self.index + 1
        if self.runs.closing:
            self._end(False, "")
        elif step < self.steps or self.stop_requested:
            text = (self.tr("experiment stopped during run {i} of {n} ({name}, step {step} of {steps})")
                    if self.stop_requested
                    else self.tr("experiment ended during run {i} of {n} ({name}, step {step} of {steps})"))
            text = text.format(i=i, n=n, name=name, step=format_number(step), steps=format_number(self.steps))
            if i < n:
                text += self.tr("; run {i} not started").format(i=i + 1)
            self._end(False, text)
        elif i < n:
            QTimer.singleShot(0, self._next)  # once the controller has let go of the finished driver
        else:
            paths = [p for p, _n, _c in self.plan]
            self._check(paths)
            self.show_samples(paths)
            self._end(True, self.tr("experiment finished: {n} runs of {steps} step(s) overlaid (Runs dock)", "",
                                    plural_n(self.steps)).format(n=format_number(n), steps=format_number(self.steps)))

    def _end(self, done: bool, text: str) -> None:
        self.index = len(self.plan)
        self.said_end(done, text)

    def _check(self, paths: list[Path]) -> None:
        self.overlay(paths)

    def show_samples(self, paths: list[Path]) -> QtSamplesSideBySide | None:
        """The lessons of the runs in ``paths`` side by side — samples with their repetition,
        attention entropy per layer, sharpness (None without a run)."""
        if not paths:
            self.status_message.emit(self.tr("Check the runs whose samples to compare in the Runs dock"), 5000)
            return None
        if self.samples_view is not None:
            self.samples_view.close()
        table = self.runs_dock.table
        models, errors = lessons_models(paths)
        view = QtSamplesSideBySide(models, [table.colour(Path(p)) for p in paths], errors, self.parent())
        view.reload_requested.connect(lambda v=view, paths=list(paths): v.set_models(*lessons_models(paths)))
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.finished.connect(lambda _r, v=view: self._forget_view(v))
        self.samples_view = view
        view.show()
        return view

    def _forget_view(self, view) -> None:
        if self.samples_view is view:
            self.samples_view = None

    def close(self) -> None:
        """The window closes: the dialog and the samples view with it."""
        self.close_dialog()
        if self.samples_view is not None:
            self.samples_view.close()
