"""What a new run's settings cost before it is made: parameter count, memory, tokens and FLOPs
per step (closed forms), and a time per step measured by a few trial steps of the configured
model on random tokens (the New Run dialog runs them on a worker thread).

The trial step is the training step itself (:class:`~.step.StepRunner`: the batch sampler,
forward and backward over the micro-batches, clipping, AdamW), so the time it measures is the
time a step of the run takes on this machine at the chosen thread count, apart from what a
run does besides steps (evaluations, probes, samples, checkpoints).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch

from ..config import Config, ModelConfig
from ..model import training_flops_per_token
from .errors import RunError
from .placement import available_memory, default_threads, estimate_memory, resolve_device
from .threads import THREADS_LOCK

__all__ = ["RunEstimate", "TrialSkipped", "estimate_run", "parameter_count", "measure_step_time",
           "bytes_per_token", "estimated_tokens"]


class TrialSkipped(RuntimeError):
    """The trial steps are not run: the message says why (device missing, too big)."""


def parameter_count(model: ModelConfig, vocab_size: int) -> int:
    """Parameters of :class:`~andrea_desktop.core.model.GPT` (the tied embedding once):
    ``V d + T d + L (12 d^2 + 13 d) + 2 d`` for vocabulary V, context T, L blocks of width d
    (Q, K, V and output projections 4 d^2 + 4 d, MLP 8 d^2 + 5 d, two LayerNorms 4 d; final
    LayerNorm 2 d)."""
    d = model.d_model
    return vocab_size * d + model.block_size * d + model.n_layer * (12 * d * d + 13 * d) + 2 * d


def bytes_per_token(vocab_size: int) -> float:
    """Expected UTF-8 bytes per token of the run's byte-level BPE, before it is trained:
    ``1.555 + 0.298 log2(V / 256)``, fitted to the embedded corpus (1.73 bytes/token at V = 384,
    2.45 at V = 2048, measured) — it gives 3.8 at GPT-2's 50,257 (GPT-2 reads ~4 on English)."""
    return 1.555 + 0.298 * math.log2(max(vocab_size, 257) / 256)


def estimated_tokens(n_bytes: int, vocab_size: int) -> int:
    """Tokens of ``n_bytes`` of text for a tokenizer of ``vocab_size`` (:func:`bytes_per_token`)."""
    return int(n_bytes / bytes_per_token(vocab_size))


@dataclass(frozen=True)
class RunEstimate:
    """Closed-form costs of a configuration (no tensor is made).

    Attributes
    ----------
    params
        Parameter count (:func:`parameter_count`).
    memory
        Bytes to train in fp32 (:func:`~.placement.estimate_memory`).
    available
        Bytes of memory of the run's device (None: unknown, or the device is missing).
    tokens_per_step
        batch_size x block_size (``train.batch_size`` is the global batch; ``grad_accum``
        splits it into micro-batches, it does not multiply it).
    flops_per_token
        Training FLOPs per token, PaLM's 6 N + 12 L H Q T with N the parameters without the
        position embedding (Chowdhery et al., 2022, appendix B; nanoGPT's ``estimate_mfu``), as
        :meth:`~andrea_desktop.core.model.GPT.flops_per_token` and ``perf/mfu`` count them.
    """

    params: int
    memory: int
    available: int | None
    tokens_per_step: int
    flops_per_token: float

    @property
    def flops_per_step(self) -> float:
        return self.flops_per_token * self.tokens_per_step

    @property
    def fits(self) -> bool:
        """The memory estimate is within the device's memory (or that is unknown)."""
        return self.available is None or self.memory <= self.available


def _vocab(cfg: Config) -> int:
    return cfg.model.vocab_size or cfg.data.tokenizer_vocab_size


def _device(cfg: Config) -> torch.device | None:
    try:
        return resolve_device(cfg.run.device)
    except RunError:
        return None


def estimate_run(cfg: Config) -> RunEstimate:
    """The closed-form costs of ``cfg`` (vocabulary: ``model.vocab_size``, or before the
    tokenizer is trained ``data.tokenizer_vocab_size``)."""
    m = cfg.model
    n = parameter_count(m, _vocab(cfg))
    device = _device(cfg)
    return RunEstimate(params=n, memory=estimate_memory(cfg),
                       available=available_memory(device) if device is not None else None,
                       tokens_per_step=cfg.train.batch_size * m.block_size,
                       flops_per_token=training_flops_per_token(m, n))


def measure_step_time(cfg: Config, steps: int = 3, stopped: Callable[[], bool] = lambda: False,
                      gui: bool = True) -> float | None:
    """Mean seconds of one optimiser step of ``cfg``'s model on random tokens.

    One untimed warm-up step (allocations, kernel choice), then ``steps`` timed ones, at the
    run's thread count (``run.torch_threads``, 0: :func:`~.placement.default_threads`) on the
    run's device; torch's thread count is restored afterwards.

    Parameters
    ----------
    cfg
        A checked configuration (vocabulary as :func:`estimate_run`).
    steps
        Timed steps (>= 1).
    stopped
        Asked between steps; True abandons the trial.
    gui
        The thread count of ``0`` leaves a core to the event loop, as the GUI's runs do.

    Returns
    -------
    Seconds per step, or None when ``stopped`` said so.

    Raises
    ------
    TrialSkipped
        The device is not available, or the memory estimate exceeds its memory.
    """
    from ..data import Dataset, TokenizedSource
    from .step import StepRunner

    try:
        device = resolve_device(cfg.run.device)
    except RunError as exc:
        raise TrialSkipped(str(exc)) from None
    est = estimate_run(cfg)
    if not est.fits:
        raise TrialSkipped(f"not measured: training needs about {est.memory / 2**30:.1f} GiB and the "
                           f"{'GPU' if device.type == 'cuda' else 'machine'} has {est.available / 2**30:.1f} GiB")
    V, T = _vocab(cfg), cfg.model.block_size
    cfg = cfg.replace(model=dataclasses.replace(cfg.model, vocab_size=V))
    rng = np.random.default_rng(0)
    tokens = rng.integers(0, V, size=4 * (T + 1), dtype=np.uint16)  # (4 (T + 1),) random ids
    data = Dataset([TokenizedSource("trial", tokens, tokens[: T + 1])], None, "")
    while not THREADS_LOCK.acquire(timeout=0.05):  # another trial sets and times its count: wait
        if stopped():
            return None
    threads_before = torch.get_num_threads()
    try:
        torch.set_num_threads(cfg.run.torch_threads or default_threads(gui))
        runner = StepRunner(cfg, data, device, None)
        weights = np.ones(1)
        times = []
        for step in range(steps + 1):
            if stopped():
                return None
            t0 = time.perf_counter()
            x, y, src = runner.batch(step, weights)
            runner.update(step, x, y, src, t0)  # ends with the step's one device-to-host copy
            if step:
                times.append(time.perf_counter() - t0)
        return float(np.mean(times))
    finally:
        torch.set_num_threads(threads_before)
        THREADS_LOCK.release()
