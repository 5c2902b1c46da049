"""Train one run of a sweep headless, through the run lifecycle every driver uses
(:func:`~andrea_desktop.core.training.session.run_session`): a new run is made from its
configuration, a partial one resumed from its newest checkpoint, a creation killed half-way
cleared first (:mod:`.state`). ``andrea-sweep`` calls it once per run; the window trains the same
runs through its run controller instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import torch

from ..config import Config
from ..corpus import ProgressFn
from ..training import StopReason, Trainer, TrainingControl, run_session
from ..training.events import Observer
from .spec import SweepError
from .state import SETTLED, SweepRunInfo, SweepRunStatus, clear_leftover

__all__ = ["train_sweep_run", "TRAINABLE", "ParallelChoice", "choose_parallel", "MIN_GAIN"]

TRAINABLE = (SweepRunStatus.PENDING, SweepRunStatus.LEFTOVER, SweepRunStatus.PARTIAL)
"""States a sweep trains (a new run, a cleared leftover, a resume)."""


def train_sweep_run(state: SweepRunInfo, control: TrainingControl | None = None,
                    progress: ProgressFn | None = None,
                    observe: Callable[[Trainer], Observer | None] | None = None,
                    finish: Callable[[StopReason], None] | None = None) -> StopReason:
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
    finish
        Called with the stop reason before the run is closed (to wait for its terrain job).

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
        reason = trainer.run(state.run.steps, control, observer, on_anomaly="stop")
        if finish is not None:
            finish(reason)
    return reason


MIN_GAIN = 1.15
"""How much more throughput k runs side by side must promise than one run on every core for
:func:`choose_parallel` to choose them (below it, one at a time: the measure leaves out what runs
side by side share besides cores, memory bandwidth and each process's start)."""


@dataclass(frozen=True)
class ParallelChoice:
    """How many runs of a sweep train at a time, and why.

    Attributes
    ----------
    k
        Runs at a time (1: in turn).
    reason
        ``gpus`` (one run per GPU), ``trial`` (the thread trial's rates) or ``one core``.
    rates
        ``{threads: tokens/s}`` of a forward and backward pass of the sweep's model at each
        thread count tried (empty on a GPU or one core).
    cores
        Cores this process may use.
    """

    k: int
    reason: str
    rates: dict[int, float]
    cores: int


def choose_parallel(config: Config, cores: int | None = None,
                    measure: Callable[[int], float] | None = None) -> ParallelChoice:
    """``andrea-sweep --parallel auto``: runs at a time, from the thread trial.

    With GPUs, one run per GPU. On the CPU, the trial of the automatic thread count
    (:class:`~andrea_desktop.core.training.threads.ThrowawayWork`: tokens/s of a forward and
    backward pass of the run's model on random tokens) is measured at ``cores // k`` threads for
    k = 1, 2, 4, … ≤ ``cores``, and k runs side by side are taken to train k × rate(cores // k)
    tokens/s; the k of the most is chosen when it beats one run on every core by
    :data:`MIN_GAIN`, else 1.

    Parameters
    ----------
    config
        A run of the sweep (its model and batch; the vocabulary taken as
        ``data.tokenizer_vocab_size``, the largest the tokenizer makes).
    cores
        Cores to share (default: this process's, :func:`~andrea_desktop.core.training.threads.available_cores`).
    measure
        ``measure(threads) -> tokens/s`` instead of the trial (tests).
    """
    from ..training.threads import available_cores

    cores = cores or available_cores()
    if measure is None and config.run.device in ("auto", "cuda") and torch.cuda.is_available():
        return ParallelChoice(max(1, torch.cuda.device_count()), "gpus", {}, cores)
    if cores < 2:
        return ParallelChoice(1, "one core", {}, cores)
    if measure is None:
        measure = _trial(config)
    before = torch.get_num_threads()
    try:
        counts = sorted({max(1, cores // k) for k in (1, 2, 4, 8, 16, 32, 64) if k <= cores}, reverse=True)
        rates = {t: float(measure(t)) for t in counts}
    finally:
        torch.set_num_threads(before)
    single = rates[counts[0]]
    best_k, best = 1, single
    for t in counts[1:]:
        k = cores // t
        if k * rates[t] > best * (MIN_GAIN if best_k == 1 else 1.0):
            best_k, best = k, k * rates[t]
    return ParallelChoice(best_k, "trial", rates, cores)


def _trial(config: Config) -> Callable[[int], float]:
    """The thread trial's measure on ``config``'s model (on the CPU, random weights)."""
    from ..model import GPT
    from ..training.threads import ThrowawayWork

    model_cfg = dataclasses.replace(config.model, vocab_size=config.data.tokenizer_vocab_size)
    model = GPT(model_cfg)
    rows = max(1, config.train.batch_size // config.train.grad_accum)
    return ThrowawayWork(model, rows, model_cfg.block_size, model_cfg.vocab_size, torch.device("cpu"))
