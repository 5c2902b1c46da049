"""Torch's intra-op thread count when ``run.torch_threads`` is 0 (auto): measured, not assumed.

With every core busy in torch, one competing process is enough to stall it: OpenMP's parallel
regions wait for their slowest thread, and a thread that shares its core with another process is
slow (on 2 cores, 3.29K tokens/s on both against 10.14K on one). So a run on the CPU
with the automatic setting times its own work at ``n`` and ``n - 1`` threads before its first step
(``n``: the cores this process may use) and trains with the faster count. Under the window the
trial's choice is then checked on whole steps, a window of them at each count, the window's own
work (snapshots, redraws, paints: CPU and the interpreter lock) included, and the faster kept
(:attr:`ThreadTuner.by_steps`). It then watches the steps' throughput and measures again when the
median of a window of steps falls below :data:`DROP` of what the chosen count did at first, and
every :data:`RECHECK_S` seconds (a competitor may also have gone), never sooner than a cool-down
after the previous trial. A user's ``run.torch_threads`` > 0 is used as it is, without a trial;
under ``torchrun`` the ranks of a machine share its cores evenly, as before.

The trial leaves no trace in the training: it runs forward and backward passes on a batch of
random tokens (drawn from a private generator, not the run's sampler) with the run's RNG forked
(dropout) and the gradients put back, so the model, the optimiser and every RNG are as they were.
Every choice is a ``threads`` event in the run store (:meth:`ThreadChoice.payload`).
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import torch

from ..metrics import ValueEnum

__all__ = [
    "DROP",
    "EARLY_STEPS",
    "CLEARLY_SLOWER",
    "THREADS_LOCK",
    "WINDOW",
    "COOLDOWN_S",
    "RECHECK_S",
    "ThreadReason",
    "ThreadChoice",
    "ThreadTuner",
    "ThrowawayWork",
    "available_cores",
    "candidate_counts",
    "set_torch_threads",
    "thread_tuner",
]

THREADS_LOCK = threading.RLock()
"""Held while torch's thread count is set, and while work is timed at a count set for it (a
run's thread trial, the New Run dialog's trial steps): the count is the process's, not the
thread's, and three New Run trials that set it at once while the others computed aborted the
whole process (``Fatal Python error: Aborted`` in ``backward``)."""


def set_torch_threads(n: int) -> None:
    """``torch.set_num_threads(n)`` under :data:`THREADS_LOCK`."""
    with THREADS_LOCK:
        torch.set_num_threads(n)

WINDOW = 16
"""Steps whose median throughput is compared with the baseline (a step or two slowed by a
checkpoint or another program's burst does not count)."""
DROP = 0.7
"""A window's median below this share of the baseline is a slowdown: the trial runs again."""
EARLY_STEPS = 4
CLEARLY_SLOWER = 0.8
"""Under the window (:attr:`ThreadTuner.by_steps`), a count tried after the first stops early, after
:data:`EARLY_STEPS` steps, when their median is below this share of the fastest window so far: a
whole window of clearly slower steps costs the run and tells nothing more (on 2 cores, one thread's
16 steps at ~0.65x of two cost a 300-step run ~3 %)."""
COOLDOWN_S = 30.0
"""Least time between the end of a trial and the next one (also at least
:data:`COOLDOWN_TRIALS` times the last trial's duration), so a fluctuating load cannot make
the trials themselves the cost."""
COOLDOWN_TRIALS = 20
RECHECK_S = 300.0
"""A trial runs again after this long even without a slowdown: a competing process that has
ended leaves cores free that the slowdown test cannot see."""
TRIAL_REPEATS = 3
"""Timed passes per thread count (after one untimed pass that warms up its thread pool)."""
TRIAL_BUDGET_S = 1.0
"""Passes stop early once a count has taken this long (a large model, or a count slowed by a
competing process: fewer passes; a first pass that takes it all is the measurement)."""


class ThreadReason(ValueEnum):
    """``payload["reason"]`` of a ``threads`` event: why the trial ran."""

    START = "start"
    """Training (re)started."""
    SLOWDOWN = "slowdown"
    """The steps' throughput fell below :data:`DROP` of the baseline."""
    RECHECK = "recheck"
    """:data:`RECHECK_S` passed since the last trial."""
    STEPS = "steps"
    """Under the window: the counts' whole steps compared after a trial, the window's own work
    included (:attr:`ThreadTuner.by_steps`)."""


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS reports it, else all)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def candidate_counts(top: int, device: torch.device) -> tuple[int, ...]:
    """The thread counts a trial compares, most first: ``top`` (every available core, under the
    GUI too, where the trial's choice is then checked on whole steps: :attr:`ThreadTuner.by_steps`)
    and ``top - 1``; ``top`` alone, and no trial, with one core to give or on a GPU (whose speed
    hardly depends on the CPU's threads)."""
    top = max(1, top)
    if device.type != "cpu" or top == 1:
        return (top,)
    return (top, top - 1)


@dataclass(frozen=True)
class ThreadChoice:
    """One trial's outcome.

    Attributes
    ----------
    threads
        The count chosen (the fastest measured; the fewer threads on a tie).
    reason
        Why the trial ran.
    rates
        ``{threads: tokens/s}`` of the trial's passes (forward and backward only); empty when
        there was one count to choose.
    previous
        The count before the trial (None at the start).
    cores
        Cores available to the process.
    duration_s
        Wall time of the trial.
    window_tokens_per_s, baseline_tokens_per_s
        For a slowdown or a recheck: the median step throughput of the last window, and the
        one the previous choice had at first (tokens/s of whole steps).
    """

    threads: int
    reason: ThreadReason
    rates: dict[int, float]
    previous: int | None
    cores: int
    duration_s: float
    window_tokens_per_s: float | None = None
    baseline_tokens_per_s: float | None = None

    def payload(self) -> dict:
        """The ``threads`` event's payload (JSON: the rates' keys are strings)."""
        out = {"threads": self.threads, "reason": str(self.reason), "previous": self.previous,
               "cores": self.cores, "tokens_per_s": {str(k): round(v, 1) for k, v in self.rates.items()},
               "trial_s": round(self.duration_s, 3)}
        if self.window_tokens_per_s is not None:
            out["window_tokens_per_s"] = round(self.window_tokens_per_s, 1)
        if self.baseline_tokens_per_s is not None:
            out["baseline_tokens_per_s"] = round(self.baseline_tokens_per_s, 1)
        return out


@dataclass
class ThreadTuner:
    """Chooses torch's thread count by trial and watches the steps for a reason to choose again.

    Parameters
    ----------
    measure
        ``measure(threads) -> tokens/s`` of the same work at ``threads`` threads (it sets the
        count itself; :class:`ThrowawayWork` on a real run).
    candidates
        Counts to compare (:func:`candidate_counts`); with one, :meth:`start` takes it without
        measuring and :meth:`observe` never runs a trial.
    cores
        Cores available (recorded in each choice).
    set_threads
        Sets the count chosen (``torch.set_num_threads``).
    clock
        Monotonic seconds.
    window, drop, cooldown_s, recheck_s
        As :data:`WINDOW`, :data:`DROP`, :data:`COOLDOWN_S`, :data:`RECHECK_S`.
    """

    measure: Callable[[int], float]
    candidates: tuple[int, ...]
    cores: int
    set_threads: Callable[[int], None] = set_torch_threads
    clock: Callable[[], float] = time.monotonic
    window: int = WINDOW
    drop: float = DROP
    cooldown_s: float = COOLDOWN_S
    recheck_s: float = RECHECK_S
    by_steps: bool = False
    """After each trial, train a window of whole steps at every candidate count and keep the
    fastest (a :attr:`ThreadReason.STEPS` choice, its rates the windows' medians; a count after the
    first whose first :data:`EARLY_STEPS` steps are clearly slower, :data:`CLEARLY_SLOWER`, stops
    there, its rate their median). The trial's
    passes run while nothing else does; under the window the GUI thread's own work (snapshots,
    redraws, paints) takes CPU and the interpreter lock from the steps, which the whole steps see
    and the passes cannot: on 2 cores, all cores for torch measured faster in a trial but could be
    slower beside the window (``benchmarks/frame_cost.py`` compares)."""
    threads: int | None = None
    """The count in use (None before :meth:`start`)."""
    baseline: float | None = None
    """Median step throughput of the first window after the last choice, tokens/s."""
    _recent: deque = field(default_factory=deque)
    _trial_end: float = 0.0
    _cooldown: float = 0.0
    _stepped: dict[int, float] | None = None  # by_steps: {count: window median} so far
    _trial_choice: ThreadChoice | None = None

    def start(self) -> ThreadChoice:
        """The trial before the first step of a run."""
        return self._trial(ThreadReason.START)

    def observe(self, tokens_per_s: float) -> ThreadChoice | None:
        """A good step's throughput (tokens/s); runs a trial and returns its choice when the
        window's median fell below ``drop`` x baseline or ``recheck_s`` passed (in both cases
        not before the cool-down), else None."""
        if len(self.candidates) < 2 or self.threads is None:
            return None
        self._recent.append(float(tokens_per_s))
        if len(self._recent) > self.window:
            self._recent.popleft()
        if self._stepped and len(self._recent) == min(EARLY_STEPS, self.window) < self.window:
            median = statistics.median(self._recent)
            if median < CLEARLY_SLOWER * max(self._stepped.values()):
                return self._compare_steps(median)
        if len(self._recent) < self.window:
            return None
        median = statistics.median(self._recent)
        if self._stepped is not None:
            return self._compare_steps(median)
        if self.baseline is None:  # the first full window after a choice sets what to expect
            self.baseline = median
            return None
        since = self.clock() - self._trial_end
        if since < self._cooldown:
            return None
        if median < self.drop * self.baseline:
            reason = ThreadReason.SLOWDOWN
        elif since >= self.recheck_s:
            reason = ThreadReason.RECHECK
        else:
            return None
        return self._trial(reason, median, self.baseline)

    def _trial(self, reason: ThreadReason, window: float | None = None, baseline: float | None = None) -> ThreadChoice:
        t0 = self.clock()
        previous = self.threads
        with THREADS_LOCK:  # no other trial sets the count while this one measures
            rates = {n: float(self.measure(n)) for n in self.candidates} if len(self.candidates) > 1 else {}
            chosen = max(rates, key=lambda n: (rates[n], -n)) if rates else self.candidates[0]
            self.set_threads(chosen)
        self.threads = chosen
        self._trial_end = self.clock()
        duration = self._trial_end - t0
        self._cooldown = max(self.cooldown_s, COOLDOWN_TRIALS * duration)
        self._recent.clear()
        self.baseline = None
        choice = ThreadChoice(chosen, reason, rates, previous, self.cores, duration, window, baseline)
        if self.by_steps and rates:
            self._stepped, self._trial_choice = {}, choice
        return choice

    def _compare_steps(self, median: float) -> ThreadChoice | None:
        """A window of whole steps at the count in use ended (``median`` tokens/s): try the next
        candidate, or, all tried, keep the fastest (the fewer threads on a tie)."""
        stepped = self._stepped
        stepped[self.threads] = median
        self._recent.clear()
        untried = [n for n in self.candidates if n not in stepped]
        if untried:
            self.set_threads(untried[0])
            self.threads = untried[0]
            return None
        chosen = max(stepped, key=lambda n: (stepped[n], -n))
        self.set_threads(chosen)
        previous, self.threads = self._trial_choice.threads, chosen
        self._stepped, self._trial_choice = None, None
        self.baseline = stepped[chosen]
        return ThreadChoice(chosen, ThreadReason.STEPS, dict(stepped), previous, self.cores, 0.0)


class ThrowawayWork:
    """Times forward and backward passes of a run's model on a throwaway batch, leaving the
    model, its gradients, the optimiser and every RNG as they were.

    Parameters
    ----------
    model
        The model being trained (``model(x, y)`` returns ``(logits, row_loss)``, row_loss (b,)).
    rows, block_size, vocab_size
        Shape of one micro-batch, (rows, block_size) tokens in [0, vocab_size).
    device
        Where the model lives.
    repeats, budget_s
        As :data:`TRIAL_REPEATS`, :data:`TRIAL_BUDGET_S`.
    clock
        Seconds (``time.perf_counter``).
    """

    def __init__(self, model: torch.nn.Module, rows: int, block_size: int, vocab_size: int,
                 device: torch.device, repeats: int = TRIAL_REPEATS, budget_s: float = TRIAL_BUDGET_S,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.model = model
        gen = torch.Generator().manual_seed(0)  # not the run's generator: its state is untouched
        tokens = torch.randint(0, max(1, vocab_size), (rows, block_size + 1), generator=gen).to(device)
        self.x, self.y = tokens[:, :-1], tokens[:, 1:]
        self.tokens = rows * block_size
        self.device = device
        self.repeats, self.budget_s, self.clock = repeats, budget_s, clock

    def __call__(self, threads: int) -> float:
        """Tokens per second of a forward and backward pass at ``threads`` torch threads (the
        median of the timed passes)."""
        torch.set_num_threads(threads)
        params = list(self.model.parameters())
        grads = [p.grad for p in params]
        was_training = self.model.training
        times: list[float] = []
        try:
            with torch.random.fork_rng(devices=[]):  # dropout draws from the run's generator
                self.model.train()
                spent = 0.0
                for i in range(self.repeats + 1):
                    for p in params:
                        p.grad = None
                    t0 = self.clock()
                    _, row_loss = self.model(self.x, self.y)
                    row_loss.mean().backward()
                    dt = self.clock() - t0
                    spent += dt
                    if i or spent >= self.budget_s:  # the first pass warms the thread pool up,
                        times.append(dt)             # unless it alone took the budget: a slow
                    if spent >= self.budget_s:       # count, measured once
                        break
        finally:
            for p, g in zip(params, grads, strict=True):
                p.grad = g
            self.model.train(was_training)
        return self.tokens / max(statistics.median(times), 1e-9)


def thread_tuner(cfg, model: torch.nn.Module, device: torch.device, top: int,
                 distributed: bool, by_steps: bool = False) -> ThreadTuner | None:
    """The :class:`ThreadTuner` of a run, or None when its thread count is not automatic
    (``run.torch_threads`` > 0: the user's count, never changed) or the run is one of several
    ``torchrun`` processes (they share the machine's cores evenly). ``by_steps``: the trial's
    choice is checked on whole steps (:attr:`ThreadTuner.by_steps`; under the window)."""
    if cfg.run.torch_threads > 0 or distributed:
        return None
    candidates = candidate_counts(top, device)
    if len(candidates) > 1:
        rows = max(1, cfg.train.batch_size // cfg.train.grad_accum)  # one micro-batch
        measure = ThrowawayWork(model, rows, cfg.model.block_size, cfg.model.vocab_size, device)
    else:
        measure = _nothing_to_measure
    return ThreadTuner(measure, candidates, available_cores(), by_steps=by_steps)


def _nothing_to_measure(threads: int) -> float:  # pragma: no cover - never called with one count
    raise AssertionError("one thread count: nothing to measure")
