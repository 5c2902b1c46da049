"""File → New Sweep… and Continue Sweep: a sweep's runs trained in turn in the window, then
overlaid in the runs dock and shown in the sweep's view (docs/user-guide.md#sweeps).

The window trains one run at a time through its run controller, as New Run and the experiments
do (the run's configuration and ``max_steps``, then
:meth:`~andrea_desktop.gui.run.controller.RunController.start_training`): a new run is made, a
partial one continues from its newest checkpoint. Which run is next is read from the runs folder
each time (:func:`~andrea_desktop.core.sweeps.sweep_state`), never remembered, so a sweep cut
short by Stop, a failure or closing the app continues where its folders say: File → Continue
Sweep, which the window offers at start-up for the sweep it was training. A finished run is never
trained again. Stop ends the sweep after the run in training stops (with a checkpoint).
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from ...core.rundir.layout import SWEEP_SUFFIX, is_run_dir, user_runs_dir
from ...core.sweeps import (
    SETTLED,
    Sweep,
    SweepError,
    SweepRunStatus,
    clear_leftover,
    find_sweeps,
    open_record,
    save_record,
    sweep_state,
)
from ...core.tokens import visible_name
from ..common.i18n import format_number, plural_n
from ..dialogs.sweep.dialog import QtSweepDialog
from ..dialogs.sweep.view import QtSweepView
from ..window.notices import Icon
from .queue import QtRunQueue, overlay_only

__all__ = ["QtSweeps", "ACTIVE_KEY"]

log = logging.getLogger(__name__)

ACTIVE_KEY = "sweeps/active"
"""The QSettings key holding the record of the sweep the window was training (until it ends)."""


class QtSweeps(QtRunQueue):
    """The window's sweeps (module docstring): at most one trains at a time. The window shows
    :attr:`label` in its status bar.

    Parameters
    ----------
    parent
        The main window (the dialogs open over it).
    runs
        The window's run controller: the runs are made and trained through it.
    runs_dock
        The runs dock: a sweep's runs are overlaid there.
    notices
        Where a refused sweep is said.

    Signals are :class:`~.queue.QtRunQueue`'s (``ended``: every run settled, or not).
    """

    def __init__(self, parent: QWidget, runs, runs_dock, notices) -> None:
        super().__init__(parent, runs, runs_dock, notices, "sweepLabel")
        self.view: QtSweepView | None = None
        self.sweep: Sweep | None = None
        self.runs_dir: Path | None = None
        self.current: str | None = None
        """The name of the run in training (None between runs)."""
        self.stop_requested = False

    @property
    def active(self) -> bool:
        """A sweep is under way (a run of it trains or is about to)."""
        return self.sweep is not None

    # ------------------------------------------------------------------ dialog
    def open_dialog(self) -> QtSweepDialog | None:
        """File → New Sweep…: its dialog (None while the window trains). The open run's folder
        is the base when it is a run, else the preset of a new run."""
        if self.window_busy():
            return None
        runs = self.runs
        base = str(runs.run_dir) if runs.run_dir is not None and is_run_dir(runs.run_dir) else runs.preset
        return self.open_dialog_of(QtSweepDialog(self.parent(), base=base), lambda d: self.start(d.sweep(), d.runs_dir()))

    # ------------------------------------------------------------------ the runs in turn
    def start(self, sweep: Sweep | None, runs_dir: Path) -> bool:
        """Write the sweep's record in ``runs_dir`` and train its first run not settled; False
        (with a message) when the window trains already, a folder of its runs holds something
        else, or the record cannot be written."""
        if sweep is None or self.window_busy():
            return False
        title = self.tr("Sweep {name}").format(name=sweep.name)
        foreign = [s for s in sweep_state(sweep, runs_dir) if s.status is SweepRunStatus.FOREIGN]
        if foreign:
            self.notices.show_message(title, self.tr("{path} holds something else than this sweep's run ({why}); move "
                                                     "it aside or rename the sweep.").format(
                path=foreign[0].path, why=foreign[0].why), Icon.Warning)
            return False
        try:
            record = save_record(sweep, runs_dir)
        except (SweepError, OSError) as exc:
            self.notices.show_message(title, str(exc), Icon.Warning)
            return False
        self.sweep, self.runs_dir, self.stop_requested = sweep, Path(runs_dir), False
        QSettings().setValue(ACTIVE_KEY, str(record))
        log.info("sweep %s: %d runs in %s", sweep.name, len(sweep.runs()), runs_dir)
        self._next()
        return True

    def continue_sweep(self, record: Path | None = None) -> bool:
        """File → Continue Sweep: the sweep of ``record`` (None: the one the window was training,
        else the unfinished ones of the runs folder, chosen from a list when several) goes on with
        its first run not settled."""
        if self.window_busy():
            return False
        if record is None:
            choices = self.unfinished()
            if not choices:
                self.status_message.emit(self.tr("No unfinished sweep in {folder}").format(folder=user_runs_dir()), 8000)
                return False
            record = choices[0]
            if len(choices) > 1:
                names = [p.name[: -len(SWEEP_SUFFIX)] for p in choices]
                name, ok = QInputDialog.getItem(self.parent(), self.tr("Continue Sweep"), self.tr("sweep"), names, 0,
                                                False)
                if not ok:
                    return False
                record = choices[names.index(name)]
        try:
            sweep = open_record(record)
        except SweepError as exc:
            self.notices.show_message(self.tr("Continue Sweep"), str(exc), Icon.Warning)
            return False
        return self.start(sweep, Path(record).parent)

    def unfinished(self, remembered_only: bool = False) -> list[Path]:
        """Records of sweeps with runs not settled: the one the window was training first, then
        (unless ``remembered_only``) those of the runs folder."""
        remembered = QSettings().value(ACTIVE_KEY, "")
        candidates = ([Path(remembered)] if isinstance(remembered, str) and remembered else [])
        if not remembered_only:
            candidates += [p for p in find_sweeps(user_runs_dir()) if p not in candidates]
        out = []
        for path in candidates:
            try:
                sweep = open_record(path)
            except SweepError:
                continue
            if any(s.status not in SETTLED for s in sweep_state(sweep, path.parent)):
                out.append(path)
        return out

    def _next(self) -> None:
        """Open the first run not settled and train it; the end of the sweep when there is none."""
        sweep, runs_dir = self.sweep, self.runs_dir
        if sweep is None or runs_dir is None:
            return
        states = sweep_state(sweep, runs_dir)
        settled = sum(s.status in SETTLED for s in states)
        todo = [s for s in states if s.status not in SETTLED]
        if not todo:
            self._finish(states)
            return
        state = todo[0]
        if state.status is SweepRunStatus.RUNNING:
            self._end(False, self.tr("sweep paused: {name} is being trained by another process").format(name=visible_name(state.run.name)))
            return
        if state.status is SweepRunStatus.FOREIGN:
            self._end(False, self.tr("sweep ended: {path} holds something else ({why})").format(
                path=state.path, why=state.why))
            return
        if state.status is SweepRunStatus.LEFTOVER:
            try:
                clear_leftover(state.path)
            except SweepError as exc:
                self._end(False, str(exc))
                return
        runs = self.runs
        runs.new_run_config = state.run.config
        runs.max_steps = state.run.steps
        runs.set_run(state.path, state.run.config.run.preset)
        self.current = state.run.name
        self.say(self.tr("sweep {name}: run {i} of {n} ({run}) · Stop ends the sweep").format(
            name=sweep.name, i=format_number(settled + 1), n=format_number(len(states)), run=state.run.name))
        runs.start_training()
        driver = runs.driver
        if driver is None or not driver.busy:  # start refused (the window said why)
            self.current = None
            self._end(False, self.tr("sweep ended: {run} could not start").format(run=visible_name(state.run.name)))
            return
        driver.finished.connect(self._on_run_finished)

    def on_stop(self) -> None:
        """The user pressed Stop: the sweep ends once the run in training has stopped."""
        if self.active:
            self.stop_requested = True
            self.say(self.tr("sweep stopping: File → Continue Sweep goes on later"))

    def _on_run_finished(self) -> None:
        """A run's training thread ended: the next run, or the end of the sweep."""
        name, self.current = self.current, None
        if self.sweep is None or name is None:
            return
        state = next(s for s in sweep_state(self.sweep, self.runs_dir) if s.run.name == name)
        if self.runs.closing:
            self._end(False, "")
        elif self.stop_requested:
            self._end(False, self.tr("sweep stopped at {run} (step {step}); File → Continue Sweep goes on").format(
                run=visible_name(name), step=format_number(state.steps)))
        elif state.status not in SETTLED:
            self._end(False, self.tr("sweep ended: {run} stopped at step {step} of {steps}; File → Continue Sweep "
                                     "goes on").format(run=visible_name(name), step=format_number(state.steps),
                                                       steps=format_number(state.run.steps)))
        else:
            QTimer.singleShot(0, self._next)  # once the controller has let go of the finished driver

    def _finish(self, states) -> None:
        sweep = self.sweep
        QSettings().remove(ACTIVE_KEY)
        paths = [s.path for s in states if s.path.is_dir()]
        self.overlay(paths)
        self.show_view(sweep, self.runs_dir)
        self._end(True, self.tr("sweep {name} finished: {n} run(s) overlaid (Runs dock)", "", plural_n(len(paths))).format(
            name=sweep.name, n=format_number(len(paths))))

    def _end(self, done: bool, text: str) -> None:
        self.sweep, self.current = None, None
        self.said_end(done, text)

    # ------------------------------------------------------------------ the view
    def show_view(self, sweep: Sweep | None = None, runs_dir: Path | None = None) -> QtSweepView | None:
        """The sweep's view: of ``sweep``, else the one in training, else a record the user picks."""
        if sweep is None and self.sweep is not None:
            sweep, runs_dir = self.sweep, self.runs_dir
        if sweep is None:
            path, _ = QFileDialog.getOpenFileName(self.parent(), self.tr("A sweep's record"), str(user_runs_dir()),
                                                  self.tr("Sweeps (*{suffix})").format(suffix=SWEEP_SUFFIX))
            if not path:
                return None
            try:
                sweep, runs_dir = open_record(Path(path)), Path(path).parent
            except SweepError as exc:
                self.notices.show_message(self.tr("Sweep Results"), str(exc), Icon.Warning)
                return None
        if self.view is not None:
            self.view.close()
        view = QtSweepView(sweep, runs_dir, self.parent())
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.overlay_requested.connect(lambda paths: overlay_only(self.runs_dock, paths))
        view.finished.connect(lambda _r, v=view: self._forget_view(v))
        self.view = view
        view.show()
        return view

    def _forget_view(self, view) -> None:
        if self.view is view:
            self.view = None

    def offer_to_continue(self) -> None:
        """At start-up: a sweep the window was training and did not finish is offered in the
        status bar (File → Continue Sweep)."""
        remembered = QSettings().value(ACTIVE_KEY, "")
        if not (isinstance(remembered, str) and remembered and self.unfinished(remembered_only=True)):
            return
        name = visible_name(Path(remembered).name[: -len(SWEEP_SUFFIX)])
        self.say(self.tr("sweep {name} is unfinished: File → Continue Sweep").format(name=name))

    def close(self) -> None:
        """The window closes: the dialog and the view with it (the sweep is continued later)."""
        self.close_dialog()
        if self.view is not None:
            self.view.close()

