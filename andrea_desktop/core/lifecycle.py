"""The states a run can be in, and how they follow from its lifecycle events.

One :class:`RunState` serves the trainer (which reports ``running``, ``paused`` and ``stopped`` to
its observer), the run model (:mod:`andrea_desktop.core.viewmodels.run_model`) and the window.
"""

from __future__ import annotations

from .metrics import EventKind, ValueEnum

__all__ = ["RunState", "LIFECYCLE_EVENTS", "state_after_event"]


class RunState(ValueEnum):
    """Where a run is (a ``str`` enum: it compares equal to its value).

    ``idle``: not started (a new run, or one that never got past its preparation);
    ``preparing``: data, tokenizer and model are being built; ``running`` / ``paused``: a
    trainer is at work (here or in another process); ``stopped``: no trainer, and the run can
    continue from a checkpoint; ``finished``: it reached ``schedule.total_steps`` (read-only).
    """

    IDLE = "idle"
    PREPARING = "preparing"
    RUNNING = "running"
    PAUSED = "paused"
    STOPPED = "stopped"
    FINISHED = "finished"

    @property
    def active(self) -> bool:
        """A trainer is at work and takes commands (running or paused)."""
        return self in (RunState.RUNNING, RunState.PAUSED)


_EVENT_STATES = {EventKind.START: RunState.RUNNING, EventKind.RESUME: RunState.RUNNING,
                 EventKind.PAUSE: RunState.PAUSED, EventKind.STOP: RunState.STOPPED}
LIFECYCLE_EVENTS: tuple[EventKind, ...] = tuple(_EVENT_STATES)
"""The event kinds that change a run's state (``start``, ``resume``, ``pause``, ``stop``)."""


def state_after_event(kind: str | None, state: RunState) -> RunState:
    """The state after an event of ``kind`` (one of :data:`LIFECYCLE_EVENTS`; any other kind,
    or None, leaves ``state`` as it is)."""
    try:
        return _EVENT_STATES.get(EventKind(kind), state)
    except ValueError:
        return state
