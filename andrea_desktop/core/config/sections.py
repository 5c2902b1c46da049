"""The sections of a run's configuration: typed dataclasses with bounds (docs/design.md#the-run-folder).

Every section is a dataclass with a docstring under each field and cross-field checks in
``__post_init__`` (the litgpt habit); every value has a bound, so one validator serves the
config file, the New Run settings and a pivot's walk parameters. The bounds and
:class:`ConfigError` live in :mod:`.bounds`, the probe and terrain sections in :mod:`.observing`;
all are re-exported here.
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..errors import quote
from .bounds import (  # re-exported: callers import them from here
    MAX_INT,
    MAX_ITEMS,
    MAX_NAME,
    MAX_STEPS,
    MAX_STRING,
    NOT_EMPTY,
    ConfigError,
    _check,
    bound,
    in_range,
)
from .observing import ProbeConfig, TerrainConfig

__all__ = [
    "ConfigError",
    "ModelConfig",
    "OptimizerConfig",
    "ScheduleConfig",
    "SourceSpec",
    "DataConfig",
    "TrainConfig",
    "CurriculumConfig",
    "ProbeConfig",
    "CheckpointConfig",
    "AnomalyConfig",
    "TerrainConfig",
    "RunSettings",
    "Config",
    "PRESETS",
    "FORMAT_VERSION",
    "ORIGINS",
    "MAX_SEED",
    "MAX_INT",
    "MAX_STEPS",
    "MAX_STRING",
    "MAX_ITEMS",
    "MAX_NAME",
]

PRESETS = ("andrea-tiny", "andrea-12m", "andrea-120m")
FORMAT_VERSION = 1
"""Version of the run-directory format this code writes and reads."""
MAX_SEED = 2**63 - 1  # TOML integers are signed 64-bit
ORIGINS = ("trainer", "script")
"""``run.origin``'s values (:class:`RunSettings`)."""



@dataclass
class ModelConfig:
    """Shape of the decoder-only transformer (GPT-2 layout, docs/design.md#the-model-family)."""

    n_layer: int = 4
    """Number of transformer blocks."""
    n_head: int = 4
    """Attention heads per block; each head has d_k = d_model / n_head dimensions."""
    d_model: int = 128
    """Width of the residual stream (embedding dimension)."""
    block_size: int = 128
    """Context length in tokens (positions 0 .. block_size-1)."""
    vocab_size: int = 0
    """Rows of the token-embedding matrix: the trained tokenizer's actual size
    (``get_vocab_size()``). 0 until the tokenizer of the run is trained."""
    dropout: float = 0.0
    """Dropout probability in attention and MLP (0 for the presets: small data, few steps)."""
    gelu_approximate: str = "none"
    """The MLP's GELU, as ``torch.nn.functional.gelu(approximate=...)``: ``none`` (exact, erf;
    nanoGPT's) or ``tanh`` (GPT-2's approximation, Hugging Face ``gelu_new``)."""
    init_from: str = ""
    """Absolute path of a local Hugging Face GPT-2 folder (``config.json``, safetensors weights,
    ``tokenizer.json``) whose shape, tokenizer and weights the run starts from; empty: random
    weights and a tokenizer trained on the sources (:mod:`andrea_desktop.core.hf.init_from`)."""

    def __post_init__(self) -> None:
        limits = {"n_layer": 1024, "n_head": 1024, "d_model": 65536, "block_size": 1 << 17}
        for name, hi in limits.items():
            _check(1 <= getattr(self, name) <= hi, f"model.{name}", in_range(f"[1, {hi}]"))
        _check(self.vocab_size <= 65535, "model.vocab_size", bound("<=", "65535", " (ids are stored as uint16)"))
        _check(self.vocab_size >= 0, "model.vocab_size", bound(">=", "0"))
        _check(
            self.d_model % self.n_head == 0,
            "model.d_model",
            f"{self.d_model} is not divisible by n_head = {self.n_head}",
        )
        _check(0.0 <= self.dropout < 1.0, "model.dropout", in_range("[0, 1)"))
        _check(self.gelu_approximate in ("none", "tanh"), "model.gelu_approximate", "must be none or tanh")
        _check(self.init_from == self.init_from.strip() and not any(
            unicodedata.category(ch).startswith("C") for ch in self.init_from), "model.init_from",
            "must be a folder's path (no surrounding spaces or control characters)")

    @property
    def d_k(self) -> int:
        """Per-head dimension d_model / n_head (64 for andrea-120m)."""
        return self.d_model // self.n_head


@dataclass
class OptimizerConfig:
    """AdamW (Loshchilov & Hutter, 2019) with decoupled weight decay on >= 2-D weights only."""

    lr: float = 3e-4
    """Peak learning rate (seeds: 3e-4)."""
    betas: list[float] = field(default_factory=lambda: [0.9, 0.95])
    """Adam's (beta1, beta2)."""
    eps: float = 1e-8
    """Adam's epsilon."""
    weight_decay: float = 0.1
    """Decoupled weight decay, applied to matrices and embeddings only (not biases, not LayerNorm)."""
    grad_clip: float = 1.0
    """Clip the global gradient L2 norm to this value; 0 disables clipping."""

    def __post_init__(self) -> None:
        _check(0 < self.lr <= 1e3, "optimizer.lr", in_range("(0, 1000]"))
        _check(len(self.betas) == 2, "optimizer.betas", "must have exactly two values")
        _check(all(0.0 <= b < 1.0 for b in self.betas), "optimizer.betas", "values must be in [0, 1)")
        _check(0 < self.eps <= 1, "optimizer.eps", in_range("(0, 1]"))
        _check(0 <= self.weight_decay <= 100, "optimizer.weight_decay", in_range("[0, 100]"))
        _check(0 <= self.grad_clip <= 1e9, "optimizer.grad_clip", in_range("[0, 1e9]"))


@dataclass
class ScheduleConfig:
    """Linear LR warmup then cosine decay (seeds v2; :mod:`andrea_desktop.core.schedule`)."""

    warmup_steps: int = 2000
    """Steps of linear warmup from 0 to the peak LR (seeds v2: 2000)."""
    total_steps: int = 200_000
    """Length of the planned schedule; the run is *finished* when it reaches this step."""
    min_lr: float = 3e-5
    """Learning rate at the end of the cosine decay."""

    def __post_init__(self) -> None:
        _check(1 <= self.total_steps <= 10**10, "schedule.total_steps", in_range("[1, 10^10]"))
        _check(0 <= self.warmup_steps <= MAX_STEPS, "schedule.warmup_steps", in_range(f"[0, {MAX_STEPS:,}]"))
        _check(
            self.warmup_steps <= self.total_steps,
            "schedule.warmup_steps",
            f"{self.warmup_steps} exceeds total_steps = {self.total_steps}",
        )
        _check(0 <= self.min_lr <= 1e3, "schedule.min_lr", in_range("[0, 1000]"))


@dataclass
class SourceSpec:
    """A user data source: a name and the ``.txt`` / ``.jsonl`` files (or folders of them)."""

    name: str
    """Source name as shown in the panels and in scalar names (``train/loss/<name>``)."""
    paths: list[str] = field(default_factory=list)
    """Files or folders; folders contribute their ``*.txt`` and ``*.jsonl`` files, sorted."""

    def __post_init__(self) -> None:
        _check(isinstance(self.name, str), "data.sources.name", "must be a string")
        _check(
            isinstance(self.paths, list) and all(isinstance(p, str) for p in self.paths),
            f"data.sources.{quote(self.name, 40)}.paths",
            "must be a list of strings",
        )
        _check(bool(self.name.strip()), "data.sources.name", NOT_EMPTY)
        _check(len(self.name) <= MAX_NAME, "data.sources.name",
               f"{quote(self.name)} is longer than {MAX_NAME} characters")
        _check(
            not any(unicodedata.category(ch).startswith("C") for ch in self.name),
            "data.sources.name",
            f"{quote(self.name)} contains control characters",
        )
        _check(
            "/" not in self.name and self.name.strip() == self.name,
            "data.sources.name",
            f"{quote(self.name)} may not contain '/' or surrounding spaces",
        )
        _check(bool(self.paths), f"data.sources.{self.name}.paths", "must list at least one path")


@dataclass
class DataConfig:
    """Which text the run trains on and how it is tokenised."""

    embedded: bool = True
    """Use the embedded corpus built from the Python installation (no download)."""
    max_bytes_per_source: int = 400_000
    """Cap on the UTF-8 bytes each embedded source contributes."""
    sources: list[SourceSpec] = field(default_factory=list)
    """User sources added to (or, with ``embedded = false``, used instead of) the embedded ones."""
    tokenizer_vocab_size: int = 2048
    """Vocabulary size asked of the BPE trainer; the actual size is ``model.vocab_size``."""
    val_fraction: float = 0.05
    """Share of each source's tokens held out (the tail) for validation."""
    fingerprint: str = ""
    """SHA-256 of the token arrays per source; set when the run is created, checked on reopen."""

    def __post_init__(self) -> None:
        _check(1000 <= self.max_bytes_per_source <= 2**40, "data.max_bytes_per_source", in_range("[1000, 2^40]"))
        _check(
            256 + 1 <= self.tokenizer_vocab_size <= 65535,
            "data.tokenizer_vocab_size",
            in_range("[257, 65535]", " (byte-level BPE, ids stored as uint16)"),
        )
        _check(0.0 < self.val_fraction < 0.5, "data.val_fraction", in_range("(0, 0.5)"))
        names = [s.name for s in self.sources]
        _check(len(set(names)) == len(names), "data.sources", "source names must be unique")
        _check(self.embedded or bool(self.sources), "data.sources", "no embedded corpus and no sources")


@dataclass
class TrainConfig:
    """Batch and evaluation settings of the training loop."""

    batch_size: int = 16
    """Rows per optimiser step (global batch); each row is block_size + 1 tokens."""
    eval_interval: int = 100
    """Validation every this many steps (and at step 0 and at the end of a run)."""
    eval_rows: int = 16
    """Validation rows per source (fixed windows of the held-out tail, the same every time)."""
    grad_accum: int = 1
    """Micro-batches per optimiser step on each process (gradient accumulation), for global
    batches larger than memory; batch_size must divide by (processes x grad_accum)."""

    def __post_init__(self) -> None:
        _check(1 <= self.batch_size <= 65536, "train.batch_size", in_range("[1, 65536]"))
        _check(1 <= self.grad_accum <= self.batch_size, "train.grad_accum", in_range("[1, train.batch_size]"))
        _check(self.batch_size % self.grad_accum == 0, "train.grad_accum",
               f"{self.grad_accum} does not divide train.batch_size = {self.batch_size}")
        _check(1 <= self.eval_interval <= MAX_STEPS, "train.eval_interval", in_range(f"[1, {MAX_STEPS:,}]"))
        _check(1 <= self.eval_rows <= 65536, "train.eval_rows", in_range("[1, 65536]"))


@dataclass
class CheckpointConfig:
    """When checkpoints are written and how many are kept (:mod:`andrea_desktop.core.rundir.checkpoint`)."""

    interval: int = 500
    """Steps between checkpoints (also one at the end of a run, on Stop, on Pause and on close)."""
    keep_last: int = 3
    """Newest checkpoints kept; older ones are deleted unless marked (Ctrl+S marks)."""

    def __post_init__(self) -> None:
        _check(1 <= self.interval <= MAX_STEPS, "checkpoint.interval", in_range(f"[1, {MAX_STEPS:,}]"))
        _check(1 <= self.keep_last <= 1000, "checkpoint.keep_last", in_range("[1, 1000]"))


@dataclass
class AnomalyConfig:
    """Loss spikes and cliffs, watched per source (:mod:`andrea_desktop.core.anomaly`)."""

    window: int = 50
    """Steps (with rows of the source) in the moving median each new loss is compared with."""
    min_points: int = 20
    """Losses a source needs before it is watched."""
    min_rows: int = 4
    """Rows of a source a step needs for its loss to be judged (and to enter the window): the
    loss of one or two rows is too noisy to call a cliff."""
    spike_factor: float = 2.0
    """A loss above this multiple of the source's moving median is a spike."""
    cliff_factor: float = 0.5
    """A loss below this multiple of the moving median is a cliff (a memorised substring, as in
    the seeds' 0.13 at step 112,080)."""
    recover_steps: int = 10
    """Judged steps in a row back inside the band (between the cliff and the spike factor times
    the median) that end an episode: until then a source's spike or cliff is one episode, reported
    once however long it lasts or deep it gets (docs/design.md#anomaly-episodes)."""
    pause: bool = False
    """Pause training on a spike or a cliff, once per episode (non-finite losses always pause in
    the GUI)."""

    def __post_init__(self) -> None:
        _check(3 <= self.window <= 100_000, "anomaly.window", in_range("[3, 100000]"))
        _check(2 <= self.min_points <= self.window, "anomaly.min_points", in_range("[2, anomaly.window]"))
        _check(1 <= self.min_rows <= 65536, "anomaly.min_rows", in_range("[1, 65536]"))
        _check(1.0 < self.spike_factor <= 1e6, "anomaly.spike_factor", in_range("(1, 1e6]"))
        _check(0.0 < self.cliff_factor < 1.0, "anomaly.cliff_factor", in_range("(0, 1)"))
        _check(1 <= self.recover_steps <= 100_000, "anomaly.recover_steps", in_range("[1, 100000]"))


@dataclass
class CurriculumConfig:
    """The data mixture's walk on the simplex (docs/design.md#floors-caps-and-the-reachable-region, :mod:`andrea_desktop.core.mixture.curriculum`).

    Source names in ``floors``, ``caps``, ``excluded`` and ``warmup_sources`` are checked against
    the run's sources when the run is prepared.
    """

    enabled: bool = True
    """Walk the simplex with the bandit; false: a fixed uniform mixture over the sources."""
    floors: dict[str, float] = field(default_factory=dict)
    """Minimum weight per source (a hyperplane cutting the simplex)."""
    caps: dict[str, float] = field(default_factory=dict)
    """Maximum weight per source."""
    excluded: list[str] = field(default_factory=list)
    """Sources never sampled (a cap of 0)."""
    warmup_sources: list[str] = field(default_factory=list)
    """Sources active during the curriculum warmup (empty: all)."""
    warmup_steps: int = 0
    """Steps of curriculum warmup (the walk stays on the warmup sources' sub-simplex)."""
    phase_min: int = 7
    """Shortest phase, steps (seeds: a new weight vector every 7-42 steps)."""
    phase_max: int = 42
    """Longest phase, steps."""
    random_share: float = 0.3
    """Probability that a phase is random (a uniform teleport) rather than a bandit step."""
    exploration: float = 1.0
    """UCB exploration constant c in mean + c sqrt(2 ln N / n_i)."""
    step_size: float = 0.5
    """Bandit step gamma in w <- w + gamma (v - w) toward the UCB-best vertex v."""
    vertex_threshold: float = 0.9
    """A weight at or above this counts as camping near that source's vertex."""
    vertex_steps: int = 500
    """Steps of camping near one vertex before an ``anomaly`` (kind vertex) warns."""

    def __post_init__(self) -> None:
        for key in ("floors", "caps"):
            for name, v in getattr(self, key).items():
                _check(math.isfinite(v) and 0.0 <= v <= 1.0, f"curriculum.{key}.{name}", in_range("[0, 1]"))
        _check(0 <= self.warmup_steps <= MAX_STEPS, "curriculum.warmup_steps", in_range(f"[0, {MAX_STEPS:,}]"))
        _check(1 <= self.phase_min <= MAX_STEPS, "curriculum.phase_min", in_range(f"[1, {MAX_STEPS:,}]"))
        _check(self.phase_min <= self.phase_max, "curriculum.phase_max",
               f"the longest phase is shorter than the shortest ({self.phase_max} < phase_min {self.phase_min})")
        _check(self.phase_max <= MAX_STEPS, "curriculum.phase_max", f"must be at most {MAX_STEPS:,}")
        _check(0.0 <= self.random_share <= 1.0, "curriculum.random_share", in_range("[0, 1]"))
        _check(0.0 <= self.exploration <= 1e6, "curriculum.exploration", in_range("[0, 1e6]"))
        _check(0.0 < self.step_size <= 1.0, "curriculum.step_size", in_range("(0, 1]"))
        _check(0.5 < self.vertex_threshold <= 1.0, "curriculum.vertex_threshold", in_range("(0.5, 1]"))
        _check(1 <= self.vertex_steps <= MAX_STEPS, "curriculum.vertex_steps", in_range(f"[1, {MAX_STEPS:,}]"))


@dataclass
class RunSettings:
    """Identity and placement of the run."""

    preset: str = "andrea-tiny"
    """Preset the run was created from."""
    seed: int = 1337
    """Seed for weights and data order; every preset has a fixed default."""
    device: str = "auto"
    """``auto`` (cuda > mps > cpu), ``cpu``, ``cuda`` or ``mps``."""
    torch_threads: int = 0
    """Intra-op threads torch uses on the CPU; 0 = automatic: each start times n and n - 1
    threads and trains with the faster, and again when throughput drops (the GUI leaves one core
    to the event loop; :mod:`andrea_desktop.core.training.threads`). Stays 0 in the run's config."""
    format_version: int = FORMAT_VERSION
    """Run-directory format; a run written by a newer version is refused."""
    origin: str = "trainer"
    """Who trains the run: ``trainer`` (this app's trainer: the window or ``andrea-train``) or
    ``script`` (the user's own training code, through :mod:`andrea_desktop.track`; its ``start``
    event names the script, pid and host). A ``script`` run is followed and read like any other,
    but only its script trains it: it cannot be continued or branched here."""

    def __post_init__(self) -> None:
        _check(self.device in ("auto", "cpu", "cuda", "mps"), "run.device", "must be auto, cpu, cuda or mps")
        _check(0 <= self.torch_threads <= 1024, "run.torch_threads", in_range("[0, 1024]"))
        _check(0 <= self.seed <= MAX_SEED, "run.seed", in_range("[0, 2^63 - 1]"))
        _check(self.preset in (*PRESETS, "custom"), "run.preset",
               f"{quote(self.preset)} is not one of {', '.join(PRESETS)} or 'custom'")
        _check(1 <= self.format_version, "run.format_version", bound(">=", "1"))
        _check(self.origin in ORIGINS, "run.origin", f"must be {' or '.join(ORIGINS)}")
        _check(
            self.format_version <= FORMAT_VERSION,
            "run.format_version",
            f"{self.format_version}: this run was written by a newer ANDREA Desktop "
            f"(format {FORMAT_VERSION} here); update the app to open it",
        )


@dataclass
class Config:
    """Everything needed to rebuild a run (docs/design.md#the-run-folder, ``config.toml``)."""

    run: RunSettings = field(default_factory=RunSettings)
    model: ModelConfig = field(default_factory=ModelConfig)
    optimizer: OptimizerConfig = field(default_factory=OptimizerConfig)
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    curriculum: CurriculumConfig = field(default_factory=CurriculumConfig)
    probe: ProbeConfig = field(default_factory=ProbeConfig)
    checkpoint: CheckpointConfig = field(default_factory=CheckpointConfig)
    anomaly: AnomalyConfig = field(default_factory=AnomalyConfig)
    terrain: TerrainConfig = field(default_factory=TerrainConfig)

    def __post_init__(self) -> None:
        _check(
            self.schedule.min_lr <= self.optimizer.lr,
            "schedule.min_lr",
            f"{self.schedule.min_lr:g} exceeds the peak optimizer.lr = {self.optimizer.lr:g}",
        )
        if self.model.vocab_size:
            _check(
                self.model.vocab_size <= self.data.tokenizer_vocab_size,
                "model.vocab_size",
                f"{self.model.vocab_size} exceeds data.tokenizer_vocab_size = "
                f"{self.data.tokenizer_vocab_size}",
            )

    def replace(self, **sections: Any) -> Config:
        """Return a copy with whole sections replaced (``cfg.replace(train=TrainConfig(...))``)."""
        return dataclasses.replace(self, **sections)
