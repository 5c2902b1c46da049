"""The window's commands to a script's run (:mod:`andrea_desktop.track`): Pause, Resume, Stop and
Ctrl+S read from the run's ``control.sqlite`` and answered at the script's step boundaries.

:class:`Steering` owns the command reader (a :class:`~andrea_desktop.core.rundir.control.CommandPoller`
thread that only sets flags) and what the run logs of the commands it took: a ``command`` event
per command taken, an ``anomaly`` event (kind ``command``) per command refused, a ``pause`` and a
``resume`` event around a wait. Qt-free and torch-free.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from .errors import quote
from .metrics import AnomalyKind, EventKind
from .rundir.control import CommandKind, CommandPoller, check_command_text
from .rundir.store import RunStore

__all__ = ["Steering"]


class Steering:
    """The commands of one run (the poller's thread sets flags; the script's thread asks).

    Parameters
    ----------
    control_db
        The run's ``control.sqlite``.
    store
        Where the ``command``, ``anomaly``, ``pause`` and ``resume`` events go.
    step
        Called for the step the events are logged at (the run's last step).
    poll_s
        Seconds between reads of ``control_db``.

    A ``probe`` command (the attention panel's text) is taken once the script watches a model
    (:attr:`accept_probe`), a ``pivot`` (the curriculum dialog's Apply) when the script gave a
    callback for it (:attr:`accept_pivot`); otherwise they are refused with a reason.
    """

    def __init__(self, control_db: Path, store: RunStore, step: Callable[[], int], poll_s: float) -> None:
        self._store = store
        self._step = step
        self.cond = threading.Condition()
        self.paused = self.stop = self.checkpoint = False
        self.closed = False
        self.accept_probe = False  # a model is watched (Run.watch)
        self.accept_pivot = False  # the script takes pivots (track.init(on_pivot=...))
        self._pivot: dict | None = None  # the newest pivot asked, not yet taken
        self._probe_text: str | None = None  # a probe asked: its text ("" keeps the current one)
        self._inbox: list[tuple[int, str, str | None]] = []  # (id, kind, refused reason)
        self._poller: CommandPoller | None = CommandPoller(control_db, self._apply, interval=poll_s,
                                                           on_refused=self._refused)

    def _apply(self, cid: int, kind: str, payload: dict) -> None:
        """A command from ``control.sqlite`` (the poller's thread): flags only."""
        with self.cond:
            refused = None
            if kind == CommandKind.PAUSE:
                self.paused = True
            elif kind == CommandKind.RESUME:
                self.paused = False
            elif kind == CommandKind.STOP:
                self.stop = True
            elif kind == CommandKind.CHECKPOINT:
                self.checkpoint = True
            elif kind == CommandKind.PROBE and self.accept_probe:
                text = payload.get("text")
                try:
                    self._probe_text = check_command_text(text, "the probe text") if text is not None else ""
                except ValueError as exc:
                    refused = str(exc)
            elif kind == CommandKind.PROBE:
                refused = "your script watches no model (run.watch(model) takes probes)"
            elif kind == CommandKind.PIVOT and self.accept_pivot:
                self._pivot = dict(payload)  # checked against the sources when the loop takes it
            elif kind == CommandKind.PIVOT:
                refused = "your script takes no pivots (track.init(..., on_pivot=callback) takes them)"
            else:
                refused = f"a run of your own script takes no {kind!r} command"
            self._inbox.append((cid, kind, refused))
            self.cond.notify_all()

    def _refused(self, cid: int, kind: str, reason: str) -> None:
        with self.cond:
            self._inbox.append((cid, kind, reason))
            self.cond.notify_all()

    def take(self) -> None:
        """Log the commands read since the last step boundary (``command`` events, an ``anomaly``
        event for one refused)."""
        if not self._inbox or self.closed:
            return
        with self.cond:
            taken, self._inbox = self._inbox, []
        step = self._step()
        for cid, kind, refused in taken:
            if refused is None:
                self._store.log_event(step, EventKind.COMMAND, {"id": cid, "kind": kind})
            else:
                self._store.log_event(step, EventKind.ANOMALY, {
                    "kind": AnomalyKind.COMMAND.value, "id": cid,
                    "message": f"command {quote(kind, 40)} refused: {refused}"})

    def take_probe_text(self) -> str | None:
        """The text of a probe the window asked for ("" keeps the current text), or None."""
        if self._probe_text is None:
            return None
        with self.cond:
            out, self._probe_text = self._probe_text, None
        return out

    def take_pivot(self) -> dict | None:
        """The payload of the newest pivot the window asked for (an older one not yet taken is
        replaced), or None."""
        if self._pivot is None:
            return None
        with self.cond:
            out, self._pivot = self._pivot, None
        return out

    def should_pause(self) -> bool:
        if self.closed:
            return False
        self.take()
        return self.paused and not self.stop

    def wait(self, timeout: float | None, flush: Callable[[], None], probe: Callable[[str], None] | None) -> bool:
        """Block while paused (``pause`` event committed first, ``resume`` after), until resumed,
        stopped, closed or ``timeout`` seconds passed; a probe asked meanwhile is taken at once
        (``probe(text)``, on the waiting thread, which owns the model; None: not this thread's to
        take, it waits for the loop). Whether it waited."""
        if not self.should_pause():
            return False
        self._store.log_event(self._step(), EventKind.PAUSE, {})
        flush()
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.cond:
            while self.paused and not self.stop and not self.closed:  # close() from another thread ends it
                if probe is not None and self._probe_text is not None:
                    text, self._probe_text = self._probe_text, None
                    self.cond.release()
                    try:
                        self.take()
                        probe(text)
                        flush()
                    finally:
                        self.cond.acquire()
                    continue
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                self.cond.wait(left)
        self.take()
        if not self.paused and not self.stop and not self.closed:
            self._store.log_event(self._step(), EventKind.RESUME, {})
        return True

    def should_stop(self) -> bool:
        self.take()
        return self.stop

    def should_checkpoint(self) -> bool:
        self.take()
        with self.cond:
            asked, self.checkpoint = self.checkpoint, False
        return asked

    def close(self) -> None:
        """Stop reading commands and end any wait (idempotent)."""
        self.closed = True
        if self._poller is not None:
            self._poller.close()
            self._poller = None
        with self.cond:
            self.cond.notify_all()
