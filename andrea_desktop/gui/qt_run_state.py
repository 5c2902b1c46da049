"""The states a run shown in the window can be in, and how they follow from its events."""

from __future__ import annotations

from enum import Enum

__all__ = ["RunState", "state_after_event"]


class RunState(str, Enum):
    """Where the window's run is (a ``str`` enum: it compares equal to its value).

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

    def __str__(self) -> str:
        return self.value


_EVENT_STATES = {"start": RunState.RUNNING, "resume": RunState.RUNNING, "pause": RunState.PAUSED,
                 "stop": RunState.STOPPED}


def state_after_event(kind: str | None, state: RunState) -> RunState:
    """The state after an event of ``kind`` (``start``, ``pause``, ``resume``, ``stop``; any
    other kind leaves ``state`` as it is)."""
    return _EVENT_STATES.get(kind or "", state)
