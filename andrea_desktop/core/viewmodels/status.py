"""A run's status and what the user can do with it: the facts the window's actions depend on
(:class:`RunStatus`), and the actions (:class:`Action`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..lifecycle import RunState
from ..metrics import ValueEnum

__all__ = ["Action", "RunStatus"]


class Action(ValueEnum):
    """What the user can do with a run (the window's actions)."""

    START = "start"
    """Train a new run from step 0 (the button says Start)."""
    CONTINUE = "continue"
    """Continue a stopped run from its newest checkpoint (the button says Continue)."""
    PAUSE = "pause"
    RESUME = "resume"
    STOP = "stop"
    CHECKPOINT = "checkpoint"
    CURRICULUM = "curriculum"
    OPEN = "open"
    """Open, make or switch to another run (not while this window trains one)."""
    NEW_FROM_THIS = "new_from_this"
    BRANCH = "branch"
    EXPORT_METRICS = "export_metrics"
    EXPORT_WEIGHTS = "export_weights"
    CHANGE_PRESET = "change_preset"


@dataclass(frozen=True)
class RunStatus:
    """A run's state and the facts that decide what can be done with it.

    Attributes
    ----------
    state
        :class:`~andrea_desktop.core.lifecycle.RunState`.
    busy
        This process trains the run (one at a time: no other run can be opened or made).
    steerable
        A trainer takes commands now (here, or another process's while running or paused).
    external
        Another process trains the run (the window follows it).
    closing
        The window is closing (it waits for the step to finish).
    is_run_dir, has_checkpoint, has_db
        The folder holds a run; a checkpoint; a ``metrics.sqlite``.
    has_constraints
        The run has a curriculum to pivot.
    branching
        A branch of the run is being made.
    max_steps
        The global step training stops at (None: the schedule's end).
    total_steps
        ``schedule.total_steps`` (None: unknown): a run that reached it is finished.
    device
        What the status bar says about the trainer (device, threads, process), or "".
    remote
        The link's state (``connected``, ``reconnecting``, ``lost``) of a run followed on
        another machine; "" for a run of this machine. A remote run is never trained, branched
        or continued here (its folder is there).
    read_only
        Why a remote run cannot be steered (its folder is not writable there), or "".
    """

    state: RunState = RunState.IDLE
    busy: bool = False
    steerable: bool = False
    external: bool = False
    closing: bool = False
    is_run_dir: bool = False
    has_checkpoint: bool = False
    has_db: bool = False
    has_constraints: bool = False
    branching: bool = False
    max_steps: int | None = None
    total_steps: int | None = None
    device: str = ""
    remote: str = ""
    read_only: str = ""

    @property
    def can_continue(self) -> bool:
        """A stopped run that Continue trains on from its newest checkpoint (also one that
        reached the window's ``--max-steps``: Continue trains past it)."""
        return self.state is RunState.STOPPED and self.has_checkpoint

    @property
    def continuing(self) -> bool:
        """Start would continue an existing run: the button says Continue."""
        return not self.busy and self.is_run_dir and self.has_checkpoint

    def allowed(self) -> frozenset[Action]:
        """The actions that can be done now."""
        s, out = self.state, set()
        if (not self.busy and not self.steerable and not self.closing and not self.remote
                and (s is RunState.IDLE or self.can_continue)):
            out.add(Action.CONTINUE if self.continuing else Action.START)
        if s.active and self.steerable:
            out.add(Action.RESUME if s is RunState.PAUSED else Action.PAUSE)
        if self.steerable:
            out.add(Action.STOP)
        if s.active and (self.steerable or not self.remote):
            out.add(Action.CHECKPOINT)
            if self.has_constraints:
                out.add(Action.CURRICULUM)
        if not self.busy:
            out.add(Action.OPEN)
            if self.is_run_dir and not self.remote:
                out.add(Action.NEW_FROM_THIS)
            elif not self.remote:
                out.add(Action.CHANGE_PRESET)
            if not self.branching and self.is_run_dir and self.has_checkpoint and not self.remote:
                out.add(Action.BRANCH)
        if self.has_db:
            out.add(Action.EXPORT_METRICS)
        if self.is_run_dir and self.has_checkpoint:
            out.add(Action.EXPORT_WEIGHTS)
        return frozenset(out)

    @property
    def start_action(self) -> Action:
        """What the Start button does (and says): :attr:`Action.CONTINUE` or :attr:`Action.START`."""
        return Action.CONTINUE if self.continuing else Action.START
