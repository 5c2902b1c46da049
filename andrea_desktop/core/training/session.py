"""The run lifecycle in one place: prepare the run folder, build the trainer, resume it, train,
and close it, or, when the start fails or is cancelled, undo the run's creation.

Every driver uses it: ``andrea-train`` (also each ``torchrun`` rank), the GUI's training thread
and the tests::

    with run_session(run_dir, config=cfg) as trainer:
        trainer.run(100)

A driver that answers a failed start differently from a failed run opens first::

    session = run_session(run_dir, preset="andrea-tiny")
    try:
        session.open()
    except START_ERRORS as exc:
        ...                      # nothing was left behind
    with session as trainer:
        trainer.run()
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import torch

from ..config import Config, ConfigError
from ..corpus import CorpusError, ProgressFn
from ..data import DataError
from ..mixture.simplex import ConstraintError
from ..rundir.store import StoreError
from .distributed import Dist
from .errors import RunError
from .prepare import PreparedRun, prepare_run
from .trainer import Trainer

__all__ = ["START_ERRORS", "RESUME_STAGE", "RunSession", "run_session"]

log = logging.getLogger(__name__)

START_ERRORS = (ConfigError, CorpusError, DataError, RunError, ConstraintError, StoreError, OSError)
"""What preparing, opening or resuming a run raises for a reason the user can act on (bad
configuration, data, constraints, run folder, checkpoint or disk); the message says what."""

RESUME_STAGE = "loading the newest checkpoint"
"""The ``progress`` stage reported while a checkpoint is restored."""


class RunSession:
    """Prepare → :class:`Trainer` → resume on :meth:`open` (or ``with``), close on exit.

    Parameters
    ----------
    run_dir, preset, config, progress, gui
        As :func:`~andrea_desktop.core.training.prepare.prepare_run`.
    resume
        Restore the newest checkpoint: True, False, or None (default) for "when the run
        existed before this session" (a run just created has none).
    device, dist
        As :class:`Trainer`.
    after_prepare
        Called with the prepared run before the trainer is built (e.g. to tell the other
        ``torchrun`` ranks that the run is on disk); what it raises aborts the start.
    on_close_error
        Receives an error of the trainer's last commit (:class:`StoreError`) instead of it
        being raised.

    Notes
    -----
    A start that fails or is interrupted (any exception, ``KeyboardInterrupt`` included)
    closes what was built and removes a run this session created, then re-raises.
    """

    def __init__(self, run_dir: str | Path, *, preset: str | None = None, config: Config | None = None,
                 progress: ProgressFn | None = None, gui: bool = False, resume: bool | None = None,
                 device: torch.device | None = None, dist: Dist | None = None,
                 after_prepare: Callable[[PreparedRun], None] | None = None,
                 on_close_error: Callable[[Exception], None] | None = None) -> None:
        self.run_dir = Path(run_dir)
        self.preset, self.config, self.progress, self.gui = preset, config, progress, gui
        self.resume, self.device, self.dist = resume, device, dist
        self.after_prepare, self.on_close_error = after_prepare, on_close_error
        self.prepared: PreparedRun | None = None
        self.trainer: Trainer | None = None

    def open(self) -> Trainer:
        """Prepare the run, build its trainer and resume it (once; later calls return it).

        Raises
        ------
        START_ERRORS
            The run cannot start (nothing is left behind).
        """
        if self.trainer is not None:
            return self.trainer
        try:
            # a run created here stays locked until the trainer takes the lock over
            self.prepared = prepare_run(self.run_dir, preset=self.preset, config=self.config,
                                        progress=self.progress, gui=self.gui, hold_lock=True)
            if self.after_prepare is not None:
                self.after_prepare(self.prepared)
            self.trainer = Trainer(self.prepared, device=self.device, dist=self.dist)
            if self.resume if self.resume is not None else not self.prepared.created:
                if self.progress is not None:
                    self.progress(RESUME_STAGE, 0, 0)
                self.trainer.resume()
        except BaseException:
            self.abandon()
            raise
        return self.trainer

    def abandon(self) -> None:
        """Give up the start: close the trainer and remove the run if this session created it."""
        try:
            self.close()
        except Exception:  # noqa: BLE001 -- the start's own error is the one to report
            log.exception("closing an abandoned run")
        finally:
            if self.prepared is not None:
                self.prepared.discard()

    def close(self) -> None:
        """Close the trainer (commit the store, release the run folder); idempotent."""
        trainer, self.trainer = self.trainer, None
        if trainer is None:
            return
        try:
            trainer.close()
        except StoreError as exc:
            if self.on_close_error is None:
                raise
            self.on_close_error(exc)

    def __enter__(self) -> Trainer:
        return self.open()

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc is None:
            self.close()
            return
        try:  # the body's error wins over a failed last commit
            self.close()
        except StoreError:
            log.exception("closing the run after an error")


def run_session(run_dir: str | Path, **kwargs) -> RunSession:
    """A :class:`RunSession` (keywords as its parameters)."""
    return RunSession(run_dir, **kwargs)
