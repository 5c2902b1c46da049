"""Who trains the window's run: this process (:class:`LocalRunDriver`, a training thread) or
another one (:class:`FollowedRunDriver`, a follower of its run folder that steers it through the
run's control channel). Both have the same commands and signals, so the window never asks which
one it has.
"""

from __future__ import annotations

import datetime as _dt
import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from ...core.config import Config
from ...core.lifecycle import RunState
from ...core.metrics import EventKind
from ...core.mixture.curriculum import constraints_from_config
from ...core.mixture.simplex import ConstraintError
from ...core.rundir.control import CommandKind, ControlError, send_command
from ..common.i18n import format_number, plural_n
from .follow import RunFollower
from .worker import RunInfo, TrainingThread

__all__ = ["RunDriver", "LocalRunDriver", "FollowedRunDriver", "followed_run_info", "thread_label"]

log = logging.getLogger(__name__)


def thread_label(threads: int | None, auto: bool) -> str:
    """The status bar's ``"1 thread"``, ``"4 threads"``, ``"2 threads (auto)"``, or ``"auto threads"``
    before the automatic choice is known (``threads`` None), in the interface's language (the one
    place a thread count is named: core records only the number, in the ``threads`` event)."""
    qt = QCoreApplication
    if threads is None:
        return qt.translate("RunDriver", "auto threads")
    text = RunDriver.tr("{n} thread(s)", "", plural_n(threads)).format(n=format_number(threads))
    return qt.translate("RunDriver", "{threads} (auto)").format(threads=text) if auto else text


class RunDriver(QObject):
    """The interface of a run's trainer, as the window sees it.

    Signals
    -------
    snapshot(object)
        A :class:`~andrea_desktop.core.viewmodels.snapshot.Snapshot` of what is new.
    state_changed(object)
        The trainer's :class:`RunState` (preparing, running, paused, stopped).
    prepared(object)
        A :class:`RunInfo` once a local run's model is built.
    progress(str, int, int)
        A local run's preparation: stage, done, total (0: unknown).
    failed(str, str)
        A title and a message: the run could not start or training failed.
    refused(str, str)
        A title and a message: a command did not reach the trainer.
    restarted()
        The run's history was rewritten (another trainer resumed it): read it again.
    finished()
        The driver is done (the training thread ended); the window lets go of it.
    """

    snapshot = Signal(object)
    state_changed = Signal(object)
    prepared = Signal(object)
    progress = Signal(str, int, int)
    failed = Signal(str, str)
    refused = Signal(str, str)
    restarted = Signal()
    finished = Signal()

    busy = False
    """This process trains the run: the window cannot switch to another run meanwhile."""
    external = False
    """Another process trains the run."""

    @property
    def checkpoint_note(self) -> str:
        """What the status bar says once a checkpoint is requested."""
        return ""

    worker: TrainingThread | None = None
    """The training thread of a run trained here."""
    follower: RunFollower | None = None
    """The follower of a run another process trains."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = RunState.IDLE

    @property
    def steerable(self) -> bool:
        """Commands reach a trainer now (stop, pivots, probes, pause while running or paused)."""
        raise NotImplementedError

    def toggle_pause(self) -> str | None:
        """Pause when running, resume when paused, deciding by the last command sent (quick
        presses toggle); returns what the state label should say meanwhile, or None if there
        was nothing to toggle."""
        raise NotImplementedError

    def stop(self) -> bool:
        """Stop at the next step boundary; False if no trainer took the command."""
        raise NotImplementedError

    def request_checkpoint(self) -> bool:
        """A marked checkpoint at the next step boundary (at once while paused)."""
        raise NotImplementedError

    def request_probe(self, text: str) -> None:
        """A probe of ``text`` at the next step boundary (at once while paused)."""
        raise NotImplementedError

    def request_pivot(self, pivot) -> bool:
        """New curriculum constraints from the next step boundary; False if refused."""
        raise NotImplementedError

    def resume_after_anomaly(self) -> None:
        """The user read the notice of an anomaly that paused the training: go on."""

    def describe(self, last_step: int) -> str | None:
        """The status bar's line about the trainer (device, process), or None (nothing known)."""
        return None

    def close(self) -> None:
        """Let go of the run (a training thread must have finished)."""

    def _set_state(self, state) -> None:
        self.state = RunState(state)
        self.state_changed.emit(self.state)


class LocalRunDriver(RunDriver):
    """Trains the run in this process, in a :class:`TrainingThread` (its parameters)."""

    busy = True

    @property
    def checkpoint_note(self) -> str:
        return QCoreApplication.translate("RunDriver", "Checkpoint requested: it is written at the next step boundary")

    def __init__(self, run_dir: Path, preset: str | None, max_steps: int | None, config: Config | None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.info: RunInfo | None = None
        self.threads: int | None = None
        """Torch's thread count as the trainer's last ``threads`` event chose it (automatic)."""
        self.worker = TrainingThread(run_dir, preset=preset, max_steps=max_steps, config=config, parent=self)
        t = self.worker
        t.progress.connect(self.progress)
        t.prepared.connect(self._on_prepared)
        t.snapshot.connect(self._on_snapshot)
        t.state_changed.connect(self._set_state)
        t.failed.connect(self.failed)
        t.finished.connect(self.finished)

    def start(self) -> None:
        """Prepare the run and train it (the thread starts)."""
        self._set_state(RunState.PREPARING)
        self.worker.start()

    def _on_prepared(self, info: RunInfo) -> None:
        self.info = info
        self.prepared.emit(info)

    def _on_snapshot(self, snap) -> None:
        self.worker.snapshot_taken()  # the rows since then come in the next one
        self.snapshot.emit(snap)
        chosen = [p.get("threads") for _s, kind, p in snap.events if kind == EventKind.THREADS]
        if chosen and isinstance(chosen[-1], int):
            self.threads = chosen[-1]
            if self.state is RunState.RUNNING:  # a new trial while training: the status bar says so
                self._set_state(self.state)

    @property
    def steerable(self) -> bool:
        return True  # the thread takes commands as long as it lives

    def toggle_pause(self) -> str | None:
        if not self.state.active:
            return None
        qt = QCoreApplication
        if self.worker.control.pause_requested:
            self.worker.resume()
            return qt.translate("RunDriver", "resuming…") if self.state is RunState.PAUSED else qt.translate("RunDriver", "training")
        self.worker.pause()
        return qt.translate("RunDriver", "pausing…")

    def stop(self) -> bool:
        self.worker.request_stop()
        return True

    def request_checkpoint(self) -> bool:
        self.worker.request_checkpoint()
        return True

    def request_probe(self, text: str) -> None:
        self.worker.request_probe(text)

    def request_pivot(self, pivot) -> bool:
        self.worker.request_pivot(pivot)
        return True

    def resume_after_anomaly(self) -> None:
        if self.worker.control.pause_requested:
            self.worker.resume()

    def describe(self, last_step: int) -> str | None:
        i = self.info
        if i is None:
            return None
        auto = not i.config.run.torch_threads
        threads = thread_label(self.threads if auto else i.config.run.torch_threads, auto)
        return QCoreApplication.translate("RunDriver", "{device} · {threads} · preset {preset} · {params}M params").format(
            device=i.device, threads=threads, preset=i.config.run.preset, params=format_number(i.n_params / 1e6, 2))

    def close(self) -> None:
        self.worker.deleteLater()


def followed_run_info(run_dir: Path, follower, cfg: Config, region: tuple[dict, bool] | None,
                      last_step: int) -> RunInfo:
    """A :class:`RunInfo` for a run another process trains (here or on another machine), from
    its config and the newest start event its ``follower`` read (``start_payload``,
    ``source_names``); ``region`` is the mixture's current region (constraints dict, in
    warmup), if known."""
    p = follower.start_payload
    names = follower.source_names
    constraints = None
    # a script's run: a region only when it takes pivots (track.init(curriculum=..., on_pivot=...))
    if names and (cfg.curriculum.enabled or region is not None):
        try:
            constraints = region[0] if region else constraints_from_config(names, cfg.curriculum).to_dict()
        except ConstraintError:
            constraints = None
    return RunInfo(run_dir, cfg, str(p.get("device", "?")), int(p.get("params", 0)), names,
                   last_step, int(p.get("max_steps", cfg.schedule.total_steps)), constraints,
                   bool(region and region[1]))


class FollowedRunDriver(RunDriver):
    """Shows a run that another process trains and steers it through the run's control channel
    (:func:`~andrea_desktop.core.rundir.control.send_command`); commands are taken at the
    trainer's next step boundary.

    Raises
    ------
    OSError, StoreError
        The run's metrics cannot be read.
    """

    external = True

    @property
    def checkpoint_note(self) -> str:
        return QCoreApplication.translate("RunDriver", "Checkpoint requested from the external trainer")

    def __init__(self, run_dir: Path, parent: QObject | None = None, cursor=None) -> None:
        super().__init__(parent)
        self.run_dir = Path(run_dir)
        self.follower = RunFollower(run_dir, self, cursor)
        self.follower.snapshot.connect(self.snapshot)
        self.follower.state_changed.connect(self._on_state)
        self.follower.restarted.connect(self.restarted)
        self.state = self.follower.state
        self._sent: str | None = None  # the last pause / resume sent and not yet answered

    def _on_state(self, state: RunState) -> None:
        self._sent = None  # the trainer has answered
        self._set_state(state)

    def _send(self, kind: str, payload: dict | None = None) -> bool:
        """A command to the external trainer; False, with ``refused``, if it cannot be sent."""
        try:
            send_command(self.run_dir, kind, payload)
        except ControlError as exc:
            self.refused.emit(QCoreApplication.translate("RunDriver", "Cannot steer this run"), str(exc))
            return False
        return True

    @property
    def steerable(self) -> bool:
        return self.state.active  # its trainer is alive (the follower's state says stopped otherwise)

    def toggle_pause(self) -> str | None:
        if not self.steerable:
            return None
        paused = self._sent == CommandKind.PAUSE if self._sent else self.state is RunState.PAUSED
        kind = CommandKind.RESUME if paused else CommandKind.PAUSE
        if not self._send(kind):
            return None
        self._sent = kind
        qt = QCoreApplication
        return qt.translate("RunDriver", "resuming…") if kind is CommandKind.RESUME else qt.translate("RunDriver", "pausing…")

    def stop(self) -> bool:
        return self.steerable and self._send(CommandKind.STOP)

    def request_checkpoint(self) -> bool:
        return self._send(CommandKind.CHECKPOINT)

    def request_probe(self, text: str) -> None:
        if self.steerable:
            self._send(CommandKind.PROBE, {"text": text})

    def request_pivot(self, pivot) -> bool:
        return self._send(CommandKind.PIVOT, pivot.to_dict())

    # resume_after_anomaly: nothing to do, a headless trainer stops on an anomaly (docs/design.md#commands)

    def run_info(self, cfg: Config, region: tuple[dict, bool] | None, last_step: int) -> RunInfo:
        """A :class:`RunInfo` for the followed run, from its config and its newest start event;
        ``region`` is the mixture's current region (constraints dict, in warmup), if known."""
        return followed_run_info(self.run_dir, self.follower, cfg, region, last_step)

    def describe(self, last_step: int) -> str | None:
        p, qt = self.follower.start_payload, QCoreApplication
        if self.state is RunState.STOPPED:
            t = self.follower.last_step_time
            when = _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S") if t else "?"
            return qt.translate("RunDriver", "external run · trainer not running — last step {step} at {time}").format(
                step=format_number(last_step), time=when)
        ranks = int(p.get("world_size", 1) or 1)
        device = f"{p.get('device', '?')}"
        if p.get("origin") == "script" and p.get("script"):  # the user's own script (andrea_desktop.track)
            device = str(p["script"]) if device == "?" else f"{p['script']} ({device})"
        where = (qt.translate("RunDriver", "{device} × {ranks} ranks").format(device=device, ranks=ranks) if ranks > 1
                 else device)
        if p.get("host"):
            where = qt.translate("RunDriver", "{device} on {host}").format(device=where, host=p["host"])
        return qt.translate("RunDriver", "external run · {where} · pid {pid}").format(where=where, pid=p.get("pid", "?"))

    def close(self) -> None:
        self.follower.close()  # the external trainer goes on
        self.follower.deleteLater()
