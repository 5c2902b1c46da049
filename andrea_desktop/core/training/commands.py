"""Commands to a training loop, from this process (the GUI's toolbar, a signal handler) and from
others (the run's ``control.sqlite``, :mod:`andrea_desktop.core.rundir.control`).

Every command is taken by the training thread at a step boundary (docs/design.md#threads-and-snapshots): no event loop runs
there, so :class:`TrainingControl` is a set of flags and queues under one condition variable.

Commands from other processes arrive on the :class:`~andrea_desktop.core.rundir.control.CommandPoller`'s
thread, which only hands them over (:meth:`TrainingControl.submit`): it never reads the trainer's
state or parses a pivot against the live curriculum. The training thread takes them with
:meth:`CommandChannel.take` at the next step boundary, where a ``pivot`` payload is parsed and
validated (:meth:`Pivot.from_dict <andrea_desktop.core.mixture.curriculum.Pivot.from_dict>`),
and logs a ``command`` event for each command it takes, or an ``anomaly`` event for one it refuses.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import shown_path
from ..lifecycle import RunState
from ..metrics import AnomalyKind, EventKind, ValueEnum
from ..mixture.curriculum import Pivot
from ..mixture.simplex import ConstraintError
from ..rundir.control import (
    COMMAND_KINDS,
    CONTROL_DB,
    CommandKind,
    CommandPoller,
    check_command_text,
)
from .events import RunLog

__all__ = ["StopReason", "RunState", "TrainingControl", "Command", "CommandChannel"]


class StopReason(ValueEnum):
    """Reasons recorded in the ``stop`` event (the stored strings are the values)."""

    USER = "user"
    MAX_STEPS = "max_steps"
    FINISHED = "finished"
    ANOMALY = "anomaly"
    ERROR = "error"


@dataclass(frozen=True)
class Command:
    """A command from another process as the poller read it: ``refused`` is why it could not
    even be handed over (a payload that is not a JSON object, an unknown kind), else None."""

    id: int
    kind: str
    payload: dict
    refused: str | None = None


class TrainingControl:
    """Thread-safe commands for a training loop, taken at step boundaries.

    The GUI thread (or a signal handler, or the command poller) calls :meth:`pause`,
    :meth:`resume`, :meth:`stop`...; the training loop calls :meth:`wait_while_paused` and the
    ``take_*`` methods. No event loop runs in the training thread, so these are flags under a
    condition variable, not queued signals.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._paused = False
        self._stop_reason: StopReason | None = None
        self._pivots: list[tuple[Pivot, int | None]] = []
        self._probe_text: str | None = None
        self._checkpoint: bool = False
        self._pause_at: int | None = None
        self._inbox: list[Command] = []

    def request_checkpoint(self) -> None:
        """Write a (marked) checkpoint at the next step boundary, or at once while paused."""
        with self._cond:
            self._checkpoint = True
            self._cond.notify_all()

    def take_checkpoint_request(self) -> bool:
        with self._cond:
            out, self._checkpoint = self._checkpoint, False
        return out

    def pause_at(self, step: int | None) -> None:
        """Pause when the loop reaches global step ``step`` (None: cancel)."""
        with self._cond:
            self._pause_at = step

    def due_pause(self, step: int) -> bool:
        """True once, when ``step`` is the step a pause was scheduled at (training thread)."""
        with self._cond:
            if self._pause_at is not None and step >= self._pause_at:
                self._pause_at = None
                self._paused = True
                return True
        return False

    def request_probe(self, text: str | None = None) -> None:
        """Capture a probe at the next step boundary, or at once while paused; ``text``
        replaces the probe text from then on (None keeps it)."""
        with self._cond:
            self._probe_text = text if text is not None else ""
            self._cond.notify_all()

    def take_probe_request(self) -> str | None:
        """The requested probe text ("" = keep the current text), or None if none was asked."""
        with self._cond:
            out, self._probe_text = self._probe_text, None
        return out

    def request_pivot(self, pivot: Pivot, at_step: int | None = None) -> None:
        """Apply new curriculum constraints at the next step boundary (also while paused: the
        pivot is taken when training continues), or at the boundary after global step
        ``at_step``. Either way the ``pivot`` event is logged at the step it first shapes."""
        with self._cond:
            self._pivots.append((pivot, at_step))
            self._cond.notify_all()

    def take_pivots(self, step: int | None = None) -> list[Pivot]:
        """The pivots due at the boundary after ``step`` (training thread); None: all."""
        with self._cond:
            due = [p for p, at in self._pivots if step is None or at is None or at <= step]
            self._pivots = [(p, at) for p, at in self._pivots if not (step is None or at is None or at <= step)]
        return due

    def pause(self) -> None:
        """Ask the loop to pause at the next step boundary."""
        with self._cond:
            self._paused = True
            self._cond.notify_all()

    def resume(self) -> None:
        """Let a paused loop continue."""
        with self._cond:
            self._paused = False
            self._cond.notify_all()

    def stop(self, reason: StopReason | str = StopReason.USER) -> None:
        """Ask the loop to stop at the next step boundary (also when paused)."""
        with self._cond:
            if self._stop_reason is None:
                self._stop_reason = StopReason(reason)
            self._cond.notify_all()

    @property
    def pause_requested(self) -> bool:
        return self._paused

    @property
    def stop_reason(self) -> StopReason | None:
        return self._stop_reason

    def wait_while_paused(self) -> None:
        """Block while paused and not stopped (returns early when a probe, a checkpoint or a
        command from another process is waiting)."""
        with self._cond:
            while (self._paused and self._stop_reason is None and self._probe_text is None
                   and not self._checkpoint and not self._inbox):
                self._cond.wait()

    # ---------------------------------------------------------------- other processes
    def submit(self, cid: int, kind: str, payload: dict) -> None:
        """Hand over command ``cid`` from another process (the poller's thread): pause, resume,
        stop, checkpoint and probe take effect as the toolbar's would; a pivot waits, raw, for
        the training thread (:meth:`take_commands`).

        Raises
        ------
        ValueError
            An unknown kind, or a text no command may carry (:func:`check_command_text`): the
            poller reports it as refused.
        """
        if kind not in COMMAND_KINDS:
            raise ValueError(f"unknown command {kind!r}")
        if kind == CommandKind.PAUSE:
            self.pause()
        elif kind == CommandKind.RESUME:
            self.resume()
        elif kind == CommandKind.STOP:
            self.stop(StopReason.USER)
        elif kind == CommandKind.CHECKPOINT:
            self.request_checkpoint()
        elif kind == CommandKind.PROBE:
            text = payload.get("text")
            if text is not None:
                check_command_text(text, "the probe text")
            self.request_probe(text if isinstance(text, str) and text.strip() else None)
        with self._cond:
            self._inbox.append(Command(cid, kind, payload))
            self._cond.notify_all()

    def refuse(self, cid: int, kind: str, reason: str) -> None:
        """Record that command ``cid`` could not be handed over (the poller's thread)."""
        with self._cond:
            self._inbox.append(Command(cid, kind, {}, refused=reason))
            self._cond.notify_all()

    def take_commands(self) -> list[Command]:
        """The commands from other processes handed over since the last call (training thread)."""
        with self._cond:
            out, self._inbox = self._inbox, []
        return out


class CommandChannel:
    """Rank 0's end of the cross-process command channel: a poller on the run's
    ``control.sqlite`` feeding ``control``; :meth:`take` runs on the training thread.

    A damaged ``control.sqlite`` costs the steering, not the run: an ``anomaly`` event of kind
    ``control`` says so, and the channel stays closed.
    """

    def __init__(self, run_dir: Path, control: TrainingControl, log: RunLog, step: int) -> None:
        self.control = control
        self.log = log
        try:
            self._poller: CommandPoller | None = CommandPoller(run_dir / CONTROL_DB, control.submit,
                                                               on_refused=control.refuse)
        except (sqlite3.Error, OSError) as exc:
            self._poller = None
            log.event(step, EventKind.ANOMALY, {
                "kind": AnomalyKind.CONTROL.value, "message": f"{CONTROL_DB} is unusable ({exc}): this run cannot be "
                                                        "steered from another process; move the file aside "
                                                        "and resume to fix it"})

    def take(self, step: int, parse_pivot: Callable[[dict], Pivot]) -> bool:
        """Log the commands handed over since the last call, at ``step``; a pivot's payload is
        parsed with ``parse_pivot`` (raises :class:`ConstraintError`) and queued on the control.

        Returns
        -------
        True if there was any command.
        """
        commands = self.control.take_commands()
        for c in commands:
            if c.refused is not None:
                self.log.event(step, EventKind.ANOMALY, {"kind": AnomalyKind.COMMAND.value, "id": c.id,
                                                         "message": f"command {c.kind!r} refused: {c.refused}"})
                continue
            if c.kind == CommandKind.PIVOT:
                try:
                    self.control.request_pivot(parse_pivot(c.payload))
                except ConstraintError as exc:
                    self.log.event(step, EventKind.ANOMALY, {"kind": AnomalyKind.PIVOT.value,
                                                             "message": f"pivot refused: {exc}"})
                    continue
                except Exception as exc:  # noqa: BLE001 -- a payload the parser did not foresee: refused
                    self.log.event(step, EventKind.ANOMALY, {
                        "kind": AnomalyKind.PIVOT.value,
                        "message": f"pivot refused: {shown_path(f'{type(exc).__name__}: {exc}', 300)}"})
                    continue
            self.log.event(step, EventKind.COMMAND, {"id": c.id, "kind": c.kind})
        return bool(commands)

    def close(self) -> None:
        """Stop polling (idempotent)."""
        if self._poller is not None:
            self._poller.close()
            self._poller = None
