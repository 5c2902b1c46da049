"""Training: prepare a run folder, train the model, talk to a running trainer.

The GUI and the CLI import from this package; which module a name lives in is an internal detail.
"""

from ..rundir.layout import is_run_dir
from .trainer import (
    Observer,
    PreparedRun,
    RunError,
    StepRecord,
    StopReason,
    Trainer,
    TrainingControl,
    default_threads,
    prepare_run,
    resolve_device,
)

__all__ = [
    "RunError",
    "PreparedRun",
    "prepare_run",
    "Trainer",
    "TrainingControl",
    "StopReason",
    "StepRecord",
    "Observer",
    "resolve_device",
    "default_threads",
    "is_run_dir",
]
