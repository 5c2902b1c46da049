"""The sections of what is computed beside training: probes (attention, embeddings, samples) and
the loss terrain (docs/design.md#the-run-folder)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import quote
from .bounds import MAX_NAME, MAX_PROBE_TEXT, MAX_STEPS, MAX_WATCH, NOT_EMPTY, _check, in_range

__all__ = ["ProbeConfig", "TerrainConfig"]


@dataclass
class ProbeConfig:
    """Looking inside the model while it trains (:mod:`andrea_desktop.core.analysis`)."""

    enabled: bool = True
    """Capture probes and samples."""
    interval: int = 100
    """Steps between probes (attention maps, head statistics, neighbour sets)."""
    text: str = "The model attends to earlier tokens; the model attends to earlier tokens."
    """Probe text whose attention maps are captured."""
    max_tokens: int = 64
    """Tokens of the probe text used (also capped by the context length)."""
    watch: list[str] = field(default_factory=lambda: ["the", "def", "return", "self"])
    """Tokens whose nearest neighbours are tracked across probes (each as " word" if that is one
    token, else "word"; words the tokenizer splits are skipped with a warning)."""
    neighbours: int = 10
    """Neighbours per watched token (cosine similarity)."""
    sample_interval: int = 200
    """Steps between generated samples."""
    sample_prompt: str = "The "
    """Prompt of the samples."""
    sample_tokens: int = 48
    """New tokens per sample."""
    temperature: float = 0.8
    """Sampling temperature (> 0)."""
    top_k: int = 40
    """Sample among the k most likely tokens (0: all)."""
    repetition_threshold: float = 0.3
    """A sample of 8 words or more whose repetition score reaches this is an ``anomaly`` (repetition):
    the score is the larger of the share of repeated words in a 25-word window (1 - MATTR) and the
    share of word pairs that repeat (:mod:`andrea_desktop.core.repetition`, which says why 0.3)."""

    def __post_init__(self) -> None:
        _check(1 <= self.interval <= MAX_STEPS, "probe.interval", in_range(f"[1, {MAX_STEPS:,}]"))
        _check(1 <= self.sample_interval <= MAX_STEPS, "probe.sample_interval", in_range(f"[1, {MAX_STEPS:,}]"))
        _check(2 <= self.max_tokens <= 4096, "probe.max_tokens", in_range("[2, 4096]"))
        _check(1 <= self.neighbours <= 1000, "probe.neighbours", in_range("[1, 1000]"))
        _check(1 <= self.sample_tokens <= 4096, "probe.sample_tokens", in_range("[1, 4096]"))
        _check(0 < self.temperature <= 100, "probe.temperature", in_range("(0, 100]"))
        _check(0 <= self.top_k <= 1 << 20, "probe.top_k", in_range("[0, 2^20]"))
        _check(len(self.text) <= MAX_PROBE_TEXT, "probe.text", f"is longer than {MAX_PROBE_TEXT:,} characters")
        _check(len(self.sample_prompt) <= MAX_PROBE_TEXT, "probe.sample_prompt",
               f"is longer than {MAX_PROBE_TEXT:,} characters")
        _check(len(self.watch) <= MAX_WATCH, "probe.watch", f"{len(self.watch):,} words; at most {MAX_WATCH}")
        for word in self.watch:
            _check(isinstance(word, str) and 0 < len(word) <= MAX_NAME, "probe.watch",
                   f"{quote(word)}: a watched word has 1 to {MAX_NAME} characters")
        _check(0 < self.repetition_threshold <= 1, "probe.repetition_threshold", in_range("(0, 1]"))
        _check(bool(self.text.strip()), "probe.text", NOT_EMPTY)


@dataclass
class TerrainConfig:
    """The loss terrain around the weights, computed beside training on a copy of them
    (:mod:`andrea_desktop.core.terrain`, :mod:`andrea_desktop.core.terrain_jobs`)."""

    interval: int = 0
    """Steps between terrain jobs; 0 = off. A job that is still running when the next one is
    due makes the older waiting one a path point only (jobs never queue up)."""
    on_cpu: bool = True
    """Run terrain jobs when training on the CPU (false in the larger presets: one job costs
    minutes of CPU there; on a GPU they run at ``interval``)."""
    grid: int = 21
    """Points per axis of the 2-D surface along two random filter-normalised directions (odd,
    so the weights themselves are the centre point)."""
    radius: float = 1.0
    """Half-width of that surface in filter-normalised units (Li et al., 2018 plot [-1, 1])."""
    plane_grid: int = 15
    """Points per axis of the loss surface on the trajectory's PCA plane (odd)."""
    n_rows: int = 16
    """Held-out rows (of block_size tokens) the loss is evaluated on, drawn once with a fixed
    seed from the sources' validation tails, every source represented."""
    basin_directions: int = 8
    """K: random filter-normalised directions of the basin-width figure."""
    basin_radius: float = 0.1
    """rho: the radius (filter-normalised units) at which the basin width measures the loss rise."""
    eigenvalues: int = 1
    """Top Hessian eigenvalues computed (Lanczos, scipy ``eigsh``); the first is lambda_max."""
    eig_tol: float = 1e-2
    """Relative tolerance of those eigenvalues (ARPACK's ``tol`` on the residual; the
    eigenvalue's own error is of order its square, ~1e-4 relative on andrea-tiny)."""
    hutchinson_samples: int = 8
    """Rademacher probes of the Hutchinson trace estimate (0: no trace)."""
    path_points: int = 32
    """Weight snapshots the trajectory keeps (thinned to every other one when full); memory is
    4 bytes x parameters x this."""
    worker: str = "inline"
    """Where jobs run: ``inline`` (the training thread itself, ``share`` of its time between steps,
    on the training device: :mod:`andrea_desktop.core.terrain_jobs.inline`), ``process`` (a child
    process at the lowest OS priority with its own torch threads and its own GIL; the trainer
    sleeps ``share`` of its time while a job runs) or ``thread`` (a lowest-priority thread of the
    training process; it shares the GIL, which cost training a quarter of its throughput on 2
    cores in ``benchmarks/terrain_bench.py``). ``benchmarks/terrain_train_bench.py`` compares them."""
    share: float = 0.1
    """The share of the trainer's time a terrain job gets while one runs or waits (0.1: training
    keeps 90 % of its speed meanwhile, and a job's parts arrive within a bound the benchmark
    measures). The ``thread`` worker takes what the OS gives it and ignores this."""
    threads: int = 1
    """Torch (OpenMP) threads of the worker: of the child process, or of the worker thread
    alone (its own OpenMP setting; the training thread keeps its own)."""

    def __post_init__(self) -> None:
        _check(0 <= self.interval <= MAX_STEPS, "terrain.interval", in_range(f"[0, {MAX_STEPS:,}]", " (0 = off)"))
        for key in ("grid", "plane_grid"):
            v = getattr(self, key)
            _check(3 <= v <= 401 and v % 2 == 1, f"terrain.{key}", "must be odd and in [3, 401]")
        for key in ("radius", "basin_radius"):
            v = getattr(self, key)
            _check(0 < v <= 100, f"terrain.{key}", in_range("(0, 100]"))
        _check(1 <= self.n_rows <= 65536, "terrain.n_rows", in_range("[1, 65536]"))
        _check(1 <= self.basin_directions <= 10000, "terrain.basin_directions", in_range("[1, 10000]"))
        _check(1 <= self.eigenvalues <= 64, "terrain.eigenvalues", in_range("[1, 64]"))
        _check(0 < self.eig_tol < 1, "terrain.eig_tol", in_range("(0, 1)"))
        _check(0 <= self.hutchinson_samples <= 10000, "terrain.hutchinson_samples", in_range("[0, 10000]"))
        _check(0 <= self.path_points <= 10000, "terrain.path_points", in_range("[0, 10000]"))
        _check(self.worker in ("inline", "thread", "process"), "terrain.worker", "must be inline, thread or process")
        _check(0.01 <= self.share <= 0.9, "terrain.share", in_range("[0.01, 0.9]"))
        _check(1 <= self.threads <= 1024, "terrain.threads", in_range("[1, 1024]"))
