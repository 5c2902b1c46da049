"""Training: prepare a run folder, train the model, talk to a running trainer.

The GUI and the CLI import from this package; which module a name lives in is an internal detail.
"""

from ..rundir.layout import is_run_dir
from .commands import RunState, StopReason, TrainingControl
from .errors import RunError
from .events import NullObserver, Observer, StepRecord
from .placement import check_batch_split, default_threads, resolve_device
from .prepare import PreparedRun, prepare_run
from .session import START_ERRORS, RunSession, run_session
from .trainer import Trainer

__all__ = [
    "RunError",
    "PreparedRun",
    "prepare_run",
    "Trainer",
    "TrainingControl",
    "StopReason",
    "RunState",
    "StepRecord",
    "Observer",
    "NullObserver",
    "resolve_device",
    "default_threads",
    "check_batch_split",
    "is_run_dir",
    "run_session",
    "RunSession",
    "START_ERRORS",
]
