"""Train one run of a sweep headless, through the run lifecycle every driver uses
(:func:`~andrea_desktop.core.training.session.run_session`): a new run is made from its
configuration, a partial one resumed from its newest checkpoint, a creation killed half-way
cleared first (:mod:`.state`). ``andrea-sweep`` calls it once per run; the window trains the same
runs through its run controller instead.
"""

from __future__ import annotations

from collections.abc import Callable

from ..corpus import ProgressFn
from ..training import StopReason, Trainer, TrainingControl, run_session
from ..training.events import Observer
from .spec import SweepError
from .state import SETTLED, SweepRunInfo, SweepRunStatus, clear_leftover

__all__ = ["train_sweep_run", "TRAINABLE"]

TRAINABLE = (SweepRunStatus.PENDING, SweepRunStatus.LEFTOVER, SweepRunStatus.PARTIAL)
"""States a sweep trains (a new run, a cleared leftover, a resume)."""


def train_sweep_run(state: SweepRunInfo, control: TrainingControl | None = None,
                    progress: ProgressFn | None = None,
                    observe: Callable[[Trainer], Observer | None] | None = None) -> StopReason:
    """Train the run of ``state`` to its steps: made new (``pending``, ``leftover`` once
    cleared) or resumed (``partial``); an anomaly stops it (``on_anomaly="stop"``: nobody is there
    to resume it).

    Parameters
    ----------
    state
        The run and where it stands (:func:`~.state.sweep_state`).
    control
        Stop commands (a Ctrl+C), taken at step boundaries.
    progress
        ``progress(stage, done, total)`` while the run is prepared.
    observe
        Called with the opened trainer before it trains (it says where the run starts); returns
        the observer of its steps (a progress bar), or None.

    Returns
    -------
    The stop reason.

    Raises
    ------
    SweepError
        The run is settled, running elsewhere or foreign (nothing is touched).
    START_ERRORS
        It cannot start (as ``andrea-train``; nothing is left behind).
    """
    if state.status in SETTLED:
        raise SweepError(f"{state.run.name}: already {state.status}; a sweep never trains a run twice")
    if state.status not in TRAINABLE:
        raise SweepError(f"{state.run.name}: {state.status}{': ' + state.why if state.why else ''}")
    if state.status is SweepRunStatus.LEFTOVER:
        clear_leftover(state.path)
    new = state.status is not SweepRunStatus.PARTIAL
    session = run_session(state.path, config=state.run.config if new else None, progress=progress,
                          resume=None if new else True)
    trainer = session.open()
    observer = observe(trainer) if observe is not None else None
    with session:
        return trainer.run(state.run.steps, control, observer, on_anomaly="stop")
