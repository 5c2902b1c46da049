"""The one trainer, driven by the GUI's worker thread and by the headless ``andrea-train``.

:func:`prepare_run` turns a run directory (new or existing) into a :class:`PreparedRun`: its
config, tokenizer and tokenised data, checked against each other. :class:`Trainer` owns the
model, the AdamW optimiser and the run store, and :meth:`Trainer.run` trains until a step
limit, a stop command or an anomaly. Commands (pause, resume, stop) reach the loop through a
thread-safe :class:`TrainingControl` that it checks between steps; results leave through an
:class:`Observer` whose callbacks run on the training thread and must return quickly.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import logging
import math
import os
import platform
import random
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import torch
from filelock import FileLock, Timeout
from tokenizers import Tokenizer

from .analysis import (
    EmbeddingIndex,
    generate,
    head_roles,
    head_stats,
    induction_scores,
    is_degenerate,
    model_attention,
    repetition_score,
)
from .anomaly import LossWatch
from .checkpoint import (
    CheckpointError,
    CheckpointInfo,
    CheckpointMismatch,
    check_shapes,
    list_checkpoints,
    load_weights,
    read_checkpoint,
    write_checkpoint,
)
from .config import Config, SourceSpec, config_to_dict, load_config, load_preset, save_config
from .control import CONTROL_DB, CommandPoller
from .corpus import ProgressFn
from .curriculum import Curriculum, Pivot, constraints_from_config, walk_param_problems
from .data import Dataset, check_vocab, load_sources, tokenize_sources, train_tokenizer
from .distributed import Dist, NullStore
from .hf_import import apply_init_from, load_init_weights
from .model import GPT
from .sampler import sample_rows
from .schedule import lr_at
from .simplex import ConstraintError, Constraints
from .store import RunStore, StoreError

__all__ = [
    "RunError",
    "PreparedRun",
    "prepare_run",
    "resolve_device",
    "default_threads",
    "TrainingControl",
    "StepRecord",
    "Observer",
    "Trainer",
    "StopReason",
    "EMBEDDING_FILE",
]

log = logging.getLogger(__name__)

ROWS_LOG_ENV = "ANDREA_TEST_ROWS_LOG"
"""Test hook: a path prefix; each process appends the rows it draws to ``<prefix>-<rank>.jsonl``."""

EMBEDDING_FILE = "embedding.npz"
"""The newest probe's token-embedding matrix, in ``probes/`` of the run directory."""


class RunError(RuntimeError):
    """A run cannot be created, opened or continued (the message says why and what to do)."""


class StopReason:
    """Reasons recorded in the ``stop`` event."""

    USER = "user"
    MAX_STEPS = "max_steps"
    FINISHED = "finished"
    ANOMALY = "anomaly"
    ERROR = "error"


# ------------------------------------------------------------------------------ placement
def resolve_device(name: str = "auto") -> torch.device:
    """``auto`` picks cuda > mps > cpu.

    Raises
    ------
    RunError
        A device was asked for by name and is not available.
    """
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
            return torch.device("mps")
        return torch.device("cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise RunError("run.device = 'cuda' but no CUDA device is available; use 'auto' or 'cpu'")
    if name == "mps" and not (getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()):
        raise RunError("run.device = 'mps' but MPS is not available; use 'auto' or 'cpu'")
    return torch.device(name)


def default_threads(gui: bool) -> int:
    """Torch intra-op threads for a new run: all cores headless; one core fewer under the GUI,
    so the event loop keeps a core to itself (DESIGN §5 reports what this costs)."""
    n = os.cpu_count() or 1
    return max(1, n - 1) if gui else n


# ------------------------------------------------------------------------------ run directory
@dataclass
class PreparedRun:
    """A run directory with its config, tokenizer and tokenised data, checked to match.

    Attributes
    ----------
    run_dir
        The run directory (holds ``config.toml``, ``tokenizer.json``, ``metrics.sqlite``).
    config
        The run's configuration, with ``model.vocab_size`` and ``data.fingerprint`` filled in.
    dataset
        Tokenised sources and the tokenizer.
    created
        True if this call created the run.
    """

    run_dir: Path
    config: Config
    dataset: Dataset
    created: bool

    @property
    def tokenizer(self) -> Tokenizer:
        return self.dataset.tokenizer

    def discard(self) -> None:
        """Undo the creation of a run that could not be trained (only if this call created it):
        a cancelled or failed start leaves nothing behind."""
        if self.created:
            remove_new_run(self.run_dir, remove_folder=True)


def is_run_dir(path: str | Path) -> bool:
    """True if ``path`` holds a run (a ``config.toml``)."""
    return (Path(path) / "config.toml").exists()


def prepare_run(
    run_dir: str | Path,
    preset: str | None = None,
    config: Config | None = None,
    progress: ProgressFn | None = None,
    gui: bool = False,
) -> PreparedRun:
    """Create a new run in ``run_dir`` or open the run it holds.

    Parameters
    ----------
    run_dir
        Folder of the run. Missing or empty: a new run of ``config`` (or ``preset``) is
        created. Holding a ``config.toml``: that run is opened, and a ``preset`` given too
        must match it.
    preset, config
        What a new run is made of (``config`` wins); ignored when opening, but for the check.
    progress
        ``progress(stage, done, total)`` for corpus build, tokenizer training, tokenisation.
    gui
        Whether the GUI drives the run (decides the default torch thread count).

    Raises
    ------
    RunError
        The folder is not empty but holds no run, the preset differs from the run's, the
        tokenizer is missing or does not match the model, or the data no longer match
        ``data.fingerprint``.
    ConfigError, DataError, CorpusError, ConstraintError
        Bad configuration, data or curriculum constraints (messages name the key, source or
        file).
    """
    run_dir = Path(run_dir)
    if is_run_dir(run_dir):
        cfg = load_config(run_dir / "config.toml")
        if preset is not None and preset != cfg.run.preset:
            raise RunError(
                f"{run_dir} is a run of preset {cfg.run.preset!r}, not {preset!r}; "
                "leave out --preset or choose another folder"
            )
        tok_path = run_dir / "tokenizer.json"
        try:
            tok = Tokenizer.from_file(str(tok_path))
        except Exception as exc:  # the tokenizers library raises plain Exception  # noqa: BLE001
            raise RunError(f"{tok_path}: cannot read the run's tokenizer ({exc})") from exc
        check_vocab(tok, cfg.model.vocab_size)
        sources = load_sources(cfg.data, progress)
        ds = tokenize_sources(sources, tok, cfg.data.val_fraction, cfg.model.block_size + 1, progress)
        if cfg.curriculum.enabled:
            constraints_from_config(ds.names, cfg.curriculum)  # ConstraintError names the problem
        if ds.fingerprint != cfg.data.fingerprint:
            raise RunError(
                f"the training data of {run_dir} no longer match the run (fingerprint "
                f"{ds.fingerprint[:12]} != {cfg.data.fingerprint[:12]} in config.toml). Possible "
                "causes: a source file was edited or moved; the [data] settings or tokenizer.json "
                "were edited; the embedded corpus comes from another Python version. Restore "
                "them, or start a new run."
            )
        return PreparedRun(run_dir, cfg, ds, created=False)

    if run_dir.exists() and not run_dir.is_dir():
        raise RunError(f"{run_dir} is a file, not a folder; choose a folder for the run")
    if run_dir.exists() and any(run_dir.iterdir()):
        raise RunError(f"{run_dir} is not empty and holds no run (no config.toml); choose an empty folder")
    if config is None:
        config = load_preset(preset or "andrea-tiny")
    init_tok = None
    if config.model.init_from:  # a Hugging Face GPT-2 folder gives the shape and the tokenizer
        config, init_tok = apply_init_from(config)
    # user sources are recorded with absolute paths: the run must not depend on the cwd
    config = config.replace(data=dataclasses.replace(config.data, sources=[
        SourceSpec(s.name, [str(Path(p).expanduser().resolve()) for p in s.paths]) for s in config.data.sources
    ]))
    # make the folder first: a place we cannot write fails now, not after the slow steps
    made = not run_dir.exists()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        probe = run_dir / ".andrea-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise RunError(f"cannot create the run folder {run_dir}: {exc.strerror or exc}") from exc
    try:
        sources = load_sources(config.data, progress)
        if config.curriculum.enabled:  # before the slow steps: bad constraints fail at once
            constraints_from_config([s.name for s in sources], config.curriculum)
        tok = train_tokenizer(sources, config.data.tokenizer_vocab_size, progress) if init_tok is None else init_tok
        ds = tokenize_sources(sources, tok, config.data.val_fraction, config.model.block_size + 1, progress)
        threads = config.run.torch_threads or default_threads(gui)
        cfg = config.replace(
            model=dataclasses.replace(config.model, vocab_size=tok.get_vocab_size()),
            data=dataclasses.replace(config.data, fingerprint=ds.fingerprint),
            run=dataclasses.replace(config.run, torch_threads=threads),
        )
        check_memory(cfg)
        tok.save(str(run_dir / "tokenizer.json"))
        save_config(cfg, run_dir / "config.toml")  # last: a folder with config.toml is a run
    except BaseException:
        remove_new_run(run_dir, made)
        raise
    log.info("created run %s (preset %s)", run_dir, cfg.run.preset)
    return PreparedRun(run_dir, cfg, ds, created=True)


def remove_new_run(run_dir: Path, remove_folder: bool) -> None:
    """Undo a run creation that failed: the files it writes, and the folder if it made it."""
    for name in ("config.toml", "config.toml.tmp", "tokenizer.json", "metrics.sqlite", "metrics.sqlite-wal",
                 "metrics.sqlite-shm", ".andrea.lock", ".andrea-write-test"):
        try:
            (run_dir / name).unlink()
        except OSError:
            pass
    if remove_folder:
        try:
            run_dir.rmdir()
        except OSError:
            pass


def estimate_memory(cfg: Config) -> int:
    """Rough bytes to train ``cfg`` in fp32: parameters, gradients and AdamW's two moments
    (16 bytes a parameter) plus activations (~34 d_model + 5 n_head T bytes per token and layer,
    Korthikanti et al., 2022, "Reducing Activation Recomputation", eq. 1, fp32)."""
    m, t = cfg.model, cfg.train
    vocab = m.vocab_size or cfg.data.tokenizer_vocab_size
    params = 12 * m.n_layer * m.d_model**2 + (vocab + m.block_size) * m.d_model
    tokens = t.batch_size * m.block_size
    acts = tokens * m.n_layer * (34 * m.d_model + 5 * m.n_head * m.block_size) * 2
    logits = tokens * vocab * 4 * 3
    return int(16 * params + acts + logits)


def available_memory(device: torch.device | None = None) -> int | None:
    """Bytes of memory on ``device`` (CUDA: total GPU memory; CPU: physical RAM), or None."""
    if device is not None and device.type == "cuda":
        return int(torch.cuda.get_device_properties(device).total_memory)
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return None


def check_memory(cfg: Config, device: torch.device | None = None) -> None:
    """Refuse a configuration that cannot fit the machine.

    Raises
    ------
    RunError
        The estimate (:func:`estimate_memory`) exceeds the memory of the device.
    """
    need, have = estimate_memory(cfg), available_memory(device)
    if have is not None and need > have:
        raise RunError(
            f"this configuration needs about {need / 2**30:.1f} GiB to train and the "
            f"{'GPU' if device is not None and device.type == 'cuda' else 'machine'} has "
            f"{have / 2**30:.1f} GiB: lower train.batch_size, model.block_size or the model's size"
        )


# ------------------------------------------------------------------------------ control
class TrainingControl:
    """Thread-safe commands for a training loop, taken at step boundaries.

    The GUI thread (or a signal handler) calls :meth:`pause`, :meth:`resume` and :meth:`stop`;
    the training loop calls :meth:`wait_while_paused`. No event loop runs in the training
    thread, so these are flags under a condition variable, not queued signals.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._paused = False
        self._stop_reason: str | None = None
        self._pivots: list[tuple[Pivot, int | None]] = []
        self._probe_text: str | None = None
        self._checkpoint: bool = False
        self._pause_at: int | None = None

    def request_checkpoint(self) -> None:
        """Write a (marked) checkpoint at the next step boundary, or at once while paused."""
        with self._cond:
            self._checkpoint = True
            self._cond.notify_all()

    def take_checkpoint_request(self) -> bool:
        with self._cond:
            out, self._checkpoint = self._checkpoint, False
        return out

    def pause_at(self, step: int | None) -> None:
        """Pause when the loop reaches global step ``step`` (None: cancel)."""
        with self._cond:
            self._pause_at = step

    def due_pause(self, step: int) -> bool:
        """True once, when ``step`` is the step a pause was scheduled at (training thread)."""
        with self._cond:
            if self._pause_at is not None and step >= self._pause_at:
                self._pause_at = None
                self._paused = True
                return True
        return False

    def request_probe(self, text: str | None = None) -> None:
        """Capture a probe at the next step boundary, or at once while paused; ``text``
        replaces the probe text from then on (None keeps it)."""
        with self._cond:
            self._probe_text = text if text is not None else ""
            self._cond.notify_all()

    def take_probe_request(self) -> str | None:
        """The requested probe text ("" = keep the current text), or None if none was asked."""
        with self._cond:
            out, self._probe_text = self._probe_text, None
        return out

    def request_pivot(self, pivot: Pivot, at_step: int | None = None) -> None:
        """Apply new curriculum constraints at the next step boundary (also while paused: the
        pivot is taken when training continues), or at the boundary after global step
        ``at_step``. Either way the ``pivot`` event is logged at the step it first shapes."""
        with self._cond:
            self._pivots.append((pivot, at_step))
            self._cond.notify_all()

    def take_pivots(self, step: int | None = None) -> list[Pivot]:
        """The pivots due at the boundary after ``step`` (training thread); None: all."""
        with self._cond:
            due = [p for p, at in self._pivots if step is None or at is None or at <= step]
            self._pivots = [(p, at) for p, at in self._pivots if not (step is None or at is None or at <= step)]
        return due

    def pause(self) -> None:
        """Ask the loop to pause at the next step boundary."""
        with self._cond:
            self._paused = True
            self._cond.notify_all()

    def resume(self) -> None:
        """Let a paused loop continue."""
        with self._cond:
            self._paused = False
            self._cond.notify_all()

    def stop(self, reason: str = StopReason.USER) -> None:
        """Ask the loop to stop at the next step boundary (also when paused)."""
        with self._cond:
            if self._stop_reason is None:
                self._stop_reason = reason
            self._cond.notify_all()

    @property
    def pause_requested(self) -> bool:
        return self._paused

    @property
    def stop_reason(self) -> str | None:
        return self._stop_reason

    def wait_while_paused(self) -> None:
        """Block while paused and not stopped (returns early when a probe or a checkpoint is
        requested)."""
        with self._cond:
            while (self._paused and self._stop_reason is None and self._probe_text is None
                   and not self._checkpoint):
                self._cond.wait()


# ------------------------------------------------------------------------------ observer
@dataclass(frozen=True)
class StepRecord:
    """What one optimiser step produced (plain Python numbers, copied off the device).

    Attributes
    ----------
    step
        Global step (counted from 1).
    loss
        Mean training loss of the batch, nats/token.
    lr
        Learning rate used by this update.
    grad_norm
        Global gradient L2 norm before clipping.
    tokens_per_s
        Training tokens processed per second of this step's wall time.
    source_loss
        Mean loss of the rows of each source that had rows in this batch.
    wall_time
        Unix time at the end of the step, s.
    source_rows
        Rows of each source in this batch (those in ``source_loss``).
    """

    step: int
    loss: float
    lr: float
    grad_norm: float
    tokens_per_s: float
    source_loss: dict[str, float]
    wall_time: float
    source_rows: dict[str, int] = dataclasses.field(default_factory=dict)


def watch_token(tokenizer, word: str) -> int | None:
    """The token id a watched word stands for: the word with a leading space (" return", as it
    occurs inside text) if that is one token, else the word itself if it is one token, else
    None (a word the tokenizer splits has no single embedding row to watch)."""
    for form in (" " + word.lstrip(), word):
        ids = tokenizer.encode(form).ids
        if len(ids) == 1:
            return ids[0]
    return None


class Observer(Protocol):
    """Callbacks from the training thread. Implementations must return quickly."""

    def on_step(self, rec: StepRecord) -> None: ...
    def on_eval(self, step: int, losses: dict[str, float]) -> None: ...
    def on_event(self, step: int, kind: str, payload: dict) -> None: ...
    def on_state(self, state: str) -> None: ...


class _NullObserver:
    def on_step(self, rec: StepRecord) -> None:
        pass

    def on_eval(self, step: int, losses: dict[str, float]) -> None:
        pass

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        pass

    def on_state(self, state: str) -> None:
        pass


def check_batch_split(cfg: Config, world: int) -> None:
    """Refuse a global batch that ``world`` processes x ``train.grad_accum`` micro-batches cannot
    split evenly (DDP averages the ranks' gradients, so every rank needs as many rows).

    Raises
    ------
    RunError
        Naming both numbers and what to change.
    """
    if cfg.train.batch_size % (world * cfg.train.grad_accum):
        raise RunError(f"train.batch_size = {cfg.train.batch_size} does not divide into {world} processes x "
                       f"train.grad_accum = {cfg.train.grad_accum} micro-batches; change one of them")


def _check_writable(run_dir: Path) -> None:
    """Refuse to train a run whose folder (or checkpoints/) cannot be written: its history
    would be replaced and no checkpoint could land."""
    ck = run_dir / "checkpoints"
    if ck.exists() and not ck.is_dir():
        raise RunError(f"{ck} is a file, so no checkpoint can be written; move it aside")
    for folder in (run_dir, ck):
        if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
            raise RunError(f"{folder} is read-only: training needs to write there. Make it writable, "
                           "or open the run in ANDREA Desktop to view it")


def config_hash(cfg: Config) -> str:
    """SHA-256 of the parts of a config that a checkpoint depends on: the model, the data
    (with the tokenizer's fingerprint), the seed and the batch size. The schedule, probes,
    curriculum and checkpoint settings may change between a checkpoint and its resume."""
    d = config_to_dict(cfg)
    # model keys added later count only when set (older checkpoints keep their hash); init_from
    # only decides the step-0 weights, which a checkpoint holds: a moved folder does not matter
    d["model"] = {k: v for k, v in d["model"].items() if k != "init_from" and (k, v) != ("gelu_approximate", "none")}
    key = {"model": d["model"], "data": d["data"], "seed": d["run"]["seed"], "batch_size": d["train"]["batch_size"]}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


# peak dense bf16 FLOP/s by CUDA device name fragment (vendor data sheets), for perf/mfu
_PEAK_FLOPS = {"H200": 989e12, "H100": 989e12, "A100": 312e12, "L40S": 362e12, "A10G": 125e12,
               "RTX 4090": 165e12, "RTX 3090": 71e12, "V100": 125e12, "T4": 65e12}


def peak_flops(device: torch.device) -> float | None:
    """Peak bf16 FLOP/s of ``device`` where known (CUDA data sheets), else None (CPU, MPS)."""
    if device.type != "cuda":
        return None
    name = torch.cuda.get_device_name(device)
    for frag, flops in _PEAK_FLOPS.items():
        if frag in name:
            return flops
    return None


# ------------------------------------------------------------------------------ trainer
class Trainer:
    """Trains a :class:`PreparedRun`'s model, logging to its ``metrics.sqlite``.

    Parameters
    ----------
    prepared
        The run (config, tokenizer, data).
    device
        Torch device; default from ``config.run.device`` (cuda > mps > cpu).

    Raises
    ------
    DataError
        The model's vocabulary does not match the tokenizer.
    RunError
        The model does not fit the device's memory, or another process trains this run.
    StoreError
        ``metrics.sqlite`` is not a usable database.
    """

    def __init__(self, prepared: PreparedRun, device: torch.device | None = None, dist: Dist | None = None) -> None:
        cfg = prepared.config
        check_vocab(prepared.tokenizer, cfg.model.vocab_size)
        self.prepared = prepared
        self.config = cfg
        self.dist = dist
        self.is_main = dist is None or dist.is_main
        self.device = device or (dist.device() if dist is not None else resolve_device(cfg.run.device))
        check_batch_split(cfg, dist.world_size if dist is not None else 1)
        check_memory(cfg, self.device)
        # one trainer per run directory: a second one would interleave two histories (under
        # torchrun, rank 0 holds the lock for all ranks)
        self._lock = FileLock(str(prepared.run_dir / ".andrea.lock")) if self.is_main else None
        if self._lock is not None:
            try:
                self._lock.acquire(timeout=0)
            except Timeout:
                raise RunError(
                    f"another process is training {prepared.run_dir}; stop it first, or follow the run"
                ) from None
        try:
            if self.is_main:
                _check_writable(prepared.run_dir)
            self._build(prepared)
        except BaseException:
            if self._lock is not None:
                self._lock.release()
            raise
        self._control: TrainingControl | None = None
        self._restarted = False
        self._followers_released = False

    def _build(self, prepared: PreparedRun) -> None:
        """Model, optimiser, curriculum and store (the run directory is locked)."""
        cfg = self.config
        if cfg.run.torch_threads:
            torch.set_num_threads(cfg.run.torch_threads)
        self.source_names = prepared.dataset.names
        self._train = [s.train for s in prepared.dataset.sources]
        self._val = [s.val for s in prepared.dataset.sources]
        self._lengths = np.array([len(a) for a in self._train], dtype=np.int64)

        if self.dist is not None:  # share the cores between the ranks of this machine
            local = int(os.environ.get("LOCAL_WORLD_SIZE", self.dist.world_size))
            torch.set_num_threads(max(1, (os.cpu_count() or 1) // local))
        torch.manual_seed(cfg.run.seed)
        self.model = GPT(cfg.model).to(self.device)
        load_init_weights(self.model, cfg, prepared.run_dir)  # model.init_from's weights, if set
        # the module that trains: DDP all-reduces gradients across ranks in backward()
        self.ddp = self.model
        if self.dist is not None:
            from torch.nn.parallel import DistributedDataParallel

            self.ddp = DistributedDataParallel(
                self.model, device_ids=[self.device.index] if self.device.type == "cuda" else None)
        self.optimizer = self._make_optimizer()
        self.step = 0  # last completed optimiser update
        self.rows_sampled = np.zeros(len(self.source_names), dtype=np.int64)
        self._last_weights: np.ndarray | None = None
        n = len(self.source_names)
        self.curriculum = (
            Curriculum(self.source_names, cfg.curriculum, cfg.run.seed) if cfg.curriculum.enabled else None
        )
        self._weights = np.full(n, 1.0 / n)  # the mixture of the step being trained
        self._autocast = (
            torch.autocast("cuda", dtype=torch.bfloat16) if self.device.type == "cuda" else None
        )
        self._peak_flops = peak_flops(self.device)
        # probes and samples draw from their own generators: training numbers never change
        self._probe_gen = torch.Generator().manual_seed((cfg.run.seed * 7919 + 1) % 2**63)
        self._vocab: tuple[str, ...] | None = None
        self._unwatchable: set[str] = set()
        self._sample_gen = torch.Generator(device=self.device).manual_seed((cfg.run.seed * 104729 + 2) % 2**63)
        self.loss_watch = LossWatch(cfg.anomaly)
        self.last_checkpoint: CheckpointInfo | None = None
        self._bad_state = False  # a non-finite loss or gradient since the last good step
        self.checkpoint_failed = False
        self.resume_messages: list[str] = []
        self.store = RunStore(prepared.run_dir / "metrics.sqlite") if self.is_main else NullStore()
        self._rows_log = os.environ.get(ROWS_LOG_ENV)

    # -------------------------------------------------------------- building blocks
    def _make_optimizer(self) -> torch.optim.AdamW:
        """AdamW with weight decay on >= 2-D tensors (matrices, embeddings) only."""
        oc = self.config.optimizer
        params = [p for p in self.model.parameters() if p.requires_grad]
        decay = [p for p in params if p.dim() >= 2]
        no_decay = [p for p in params if p.dim() < 2]
        groups = [
            {"params": decay, "weight_decay": oc.weight_decay},
            {"params": no_decay, "weight_decay": 0.0},
        ]
        kwargs = {"fused": True} if self.device.type == "cuda" else {}
        return torch.optim.AdamW(groups, lr=0.0, betas=tuple(oc.betas), eps=oc.eps, **kwargs)

    @property
    def tokens_per_step(self) -> int:
        """Training tokens per optimiser step (batch_size x block_size)."""
        return self.config.train.batch_size * self.config.model.block_size

    def mixture_weights(self) -> np.ndarray:
        """Mixture weights of the step being trained: the curriculum's, or uniform without one.

        Returns
        -------
        (n_sources,) float64 on the probability simplex.
        """
        return self._weights

    def _begin_step(self, step: int, observer: Observer) -> None:
        """Take the curriculum's weights for ``step`` and record the events they start."""
        if self.curriculum is None:
            return
        weights, events = self.curriculum.weights_for(step)
        self._weights = weights
        for kind, payload in events:
            self.store.log_event(step, kind, payload)
            observer.on_event(step, kind, payload)
            if kind == "phase":
                self.store.log_scalars(step, {
                    f"mix/ucb/{n}": float(u) for n, u in zip(self.source_names, self.curriculum.ucb(), strict=True)
                })

    def local_rows(self) -> np.ndarray:
        """Global row indices this process trains: all B of them, or rank r's B/K under torchrun."""
        B = self.config.train.batch_size
        if self.dist is None:
            return np.arange(B)
        b = B // self.dist.world_size
        return np.arange(self.dist.rank * b, (self.dist.rank + 1) * b)

    def batch(self, step: int) -> tuple[torch.Tensor, torch.Tensor, np.ndarray]:
        """Inputs, targets and source index of this process's rows of ``step``'s global batch.

        Returns
        -------
        x, y
            (b, T) int64 on the device, b = B / processes (this process's rows, see
            :meth:`local_rows`); y is x shifted by one token.
        sources
            (b,) int64 source index per row.
        """
        T = self.config.model.block_size
        weights = self.mixture_weights()
        rows = self.local_rows()
        sources, offsets = sample_rows(
            self.config.run.seed, step, rows, weights, self._lengths, T + 1
        )
        if self._rows_log:  # test hook: which global rows each process drew
            with open(f"{self._rows_log}-{self.dist.rank if self.dist else 0}.jsonl", "a") as fh:
                fh.write(json.dumps({"step": step, "rows": rows.tolist(), "sources": sources.tolist(),
                                     "offsets": offsets.tolist(), "weights": [float(w) for w in weights]}) + "\n")
        rows = np.stack([self._train[s][o : o + T + 1] for s, o in zip(sources, offsets, strict=False)])
        rows_t = torch.from_numpy(rows.astype(np.int64))
        if self.device.type == "cuda":
            rows_t = rows_t.pin_memory().to(self.device, non_blocking=True)
        else:
            rows_t = rows_t.to(self.device)
        return rows_t[:, :-1], rows_t[:, 1:], sources

    def _forward(self, x: torch.Tensor, y: torch.Tensor, train: bool = False) -> torch.Tensor:
        module = self.ddp if train else self.model  # evaluation never enters DDP's hooks
        if self._autocast is not None:
            with self._autocast:
                return module(x, y)[1]
        return module(x, y)[1]

    def train_step(self) -> StepRecord | dict:
        """One optimiser update (step ``self.step + 1``).

        Returns
        -------
        A :class:`StepRecord`, or an anomaly payload (dict) when the loss or the gradient
        norm is not finite; then no update is made and ``self.step`` does not advance.
        """
        t0 = time.perf_counter()
        step = self.step + 1
        lr = lr_at(step, self.config.schedule, self.config.optimizer.lr)
        for g in self.optimizer.param_groups:
            g["lr"] = lr
        x, y, sources = self.batch(step)
        self.model.train()
        m = self.config.train.grad_accum
        if m == 1:
            row_loss = self._forward(x, y, train=True)  # (b,)
            loss = row_loss.mean()
            loss.backward()
            local_rows = row_loss.detach()
        else:  # gradient accumulation: m micro-batches, one all-reduce (the last backward)
            b, mb = len(x), len(x) // m
            parts = []
            for i in range(m):
                sync = self.dist is None or i == m - 1
                with contextlib.nullcontext() if sync else self.ddp.no_sync():
                    rl = self._forward(x[i * mb:(i + 1) * mb], y[i * mb:(i + 1) * mb], train=True)
                    (rl.sum() / b).backward()
                parts.append(rl.detach())
            local_rows = torch.cat(parts)
            loss = local_rows.mean()
        clip = self.config.optimizer.grad_clip
        params = [p for p in self.model.parameters() if p.grad is not None]
        if clip > 0:
            grad_norm = torch.nn.utils.clip_grad_norm_(params, clip)
        else:
            grad_norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in params]))
        # one device sync per step: needed to refuse a non-finite update before it happens
        if self.dist is None:
            row_np = local_rows.float().cpu().numpy()
            loss_v = float(loss.detach().float().cpu())
        else:  # every rank's rows, in global order: the same numbers (and decision) everywhere
            row_np = self.dist.gather_rows(local_rows)
            loss_v = float(row_np.astype(np.float64).mean())
            B, T = self.config.train.batch_size, self.config.model.block_size
            sources = sample_rows(self.config.run.seed, step, np.arange(B), self.mixture_weights(),
                                  self._lengths, T + 1)[0]
        gn_v = float(grad_norm.cpu())
        if not (math.isfinite(loss_v) and math.isfinite(gn_v)):
            self.optimizer.zero_grad(set_to_none=True)
            bad = [self.source_names[s] for s in np.unique(sources[~np.isfinite(row_np)])]
            return {"kind": "nan", "step": step, "loss": loss_v, "grad_norm": gn_v,
                    "sources": bad, "source": bad[0] if len(bad) == 1 else None}
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        self.step = step
        n = len(self.source_names)
        counts = np.bincount(sources, minlength=n)
        self.rows_sampled += counts
        sums = np.bincount(sources, weights=row_np, minlength=n)
        source_loss = {self.source_names[i]: float(sums[i] / counts[i]) for i in range(n) if counts[i]}
        dt = time.perf_counter() - t0
        source_rows = {self.source_names[i]: int(counts[i]) for i in range(n) if counts[i]}
        return StepRecord(step, loss_v, lr, gn_v, self.tokens_per_step / dt, source_loss, time.time(), source_rows)

    @torch.no_grad()
    def evaluate(self) -> dict[str, float] | None:
        """Validation loss of every source on fixed windows of its held-out tail.

        Returns
        -------
        ``{source: mean loss in nats/token}``; the same windows every time, so values at
        different steps compare. None if a stop was requested meanwhile.
        """
        B, T = self.config.train.batch_size, self.config.model.block_size
        n_rows = self.config.train.eval_rows
        self.model.eval()
        out = {}
        for name, val in zip(self.source_names, self._val, strict=False):
            starts = np.linspace(0, len(val) - (T + 1), n_rows).astype(np.int64)
            losses = []
            for i in range(0, n_rows, B):
                if self._control is not None and self._control.stop_reason is not None:
                    self.model.train()
                    return None  # a stop does not wait for a long evaluation
                rows = np.stack([val[o : o + T + 1] for o in starts[i : i + B]]).astype(np.int64)
                t = torch.from_numpy(rows).to(self.device)
                losses.append(self._forward(t[:, :-1], t[:, 1:]).float().cpu())
            out[name] = float(torch.cat(losses).mean())
        self.model.train()
        return out

    # -------------------------------------------------------------- checkpoints
    def checkpoint_state(self) -> tuple[dict, dict]:
        """Everything besides the weights that continuing this run exactly needs.

        Returns
        -------
        state
            JSON-ready: step, rows sampled per source, mixture weights, the curriculum's
            (bandit, phases, its RNG) and the loss watch's state, the Python and NumPy RNG
            states, the probe text and :func:`config_hash`.
        tensors
            The optimiser's state dict and the torch RNG states (CPU, CUDA, probe and sample
            generators), for ``torch.save`` / ``torch.load(weights_only=True)``.
        """
        np_state = np.random.get_state()
        state = {
            "config_hash": config_hash(self.config),
            "trainer": {
                "step": self.step,
                "rows_sampled": [int(x) for x in self.rows_sampled],
                "weights": [float(x) for x in self._weights],
                "last_weights": None if self._last_weights is None else [float(x) for x in self._last_weights],
                "probe_text": self.config.probe.text,
                "sources": list(self.source_names),
            },
            "curriculum": None if self.curriculum is None else self.curriculum.state_dict(),
            "loss_watch": self.loss_watch.state_dict(),
            "rng": {
                "python": [random.getstate()[0], list(random.getstate()[1]), random.getstate()[2]],
                "numpy": [np_state[0], np_state[1].tolist(), int(np_state[2]), int(np_state[3]), float(np_state[4])],
            },
        }
        tensors = {
            "optimizer": self.optimizer.state_dict(),
            "rng": {
                "torch_cpu": torch.get_rng_state(),
                "torch_cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else [],
                "probe": self._probe_gen.get_state(),
                "sample": self._sample_gen.get_state(),
            },
        }
        return state, tensors

    def save_checkpoint(self, reason: str, marked: bool = False, observer: Observer | None = None
                        ) -> CheckpointInfo | None:
        """Write a checkpoint of the current step (metrics up to it are committed first).

        Skipped (None) after a non-finite loss or gradient until a good step, when the weights
        are not finite, or when the newest checkpoint already is of this step (unless
        ``marked``). Logs a ``checkpoint`` event with ``reason`` and the folder name.

        Raises
        ------
        OSError
            The checkpoint could not be written (the previous ones are intact).
        """
        if self._bad_state:
            log.warning("no checkpoint at step %d: the last step was not finite", self.step)
            return None
        if (not marked and self.last_checkpoint is not None and self.last_checkpoint.step == self.step
                and self.last_checkpoint.path.exists()):
            return None
        if not all(bool(torch.isfinite(p).all()) for p in self.model.parameters()):
            log.error("no checkpoint at step %d: the weights are not finite", self.step)
            return None
        state, tensors = self.checkpoint_state()
        self.store.flush()  # DESIGN §4: rows land before the checkpoint that covers them
        info = write_checkpoint(self.prepared.run_dir, self.step, self.model, tensors, state,
                                marked=marked, keep_last=self.config.checkpoint.keep_last)
        self.last_checkpoint = info
        payload = {"reason": reason, "path": f"checkpoints/{info.path.name}", "marked": marked}
        self.store.log_event(self.step, "checkpoint", payload)
        if observer is not None:
            observer.on_event(self.step, "checkpoint", payload)
        return info

    def restore(self, info: CheckpointInfo) -> None:
        """Continue from checkpoint ``info``: weights, optimiser, schedule position, bandit,
        sampler position and every RNG. Rows and events after its step are deleted first
        (DESIGN §4), so no step is logged twice.

        Everything is verified before anything changes: a checkpoint that fails leaves this
        trainer as it was.

        Raises
        ------
        CheckpointError
            Missing, truncated or altered files, or a refused pickle.
        CheckpointMismatch
            Another vocabulary or model shape, other sources, or a config whose model, data,
            seed or batch changed since the checkpoint.
        """
        meta, tensors = read_checkpoint(info, self.device)
        check_shapes(info.path / "model.safetensors", self.model)
        if meta.get("config_hash") != config_hash(self.config):
            raise CheckpointMismatch(
                f"{info.path.name}: the run's config.toml changed since this checkpoint (model, data, "
                "seed or batch size); put the original config back, or start a new run")
        state = self._parse_checkpoint_state(info, meta, tensors)
        try:
            # validates group sizes before changing anything, then copies (moved to the
            # parameters' device, whichever device saved it)
            self.optimizer.load_state_dict(tensors["optimizer"])
        except (KeyError, ValueError, TypeError, RuntimeError, IndexError) as exc:
            raise CheckpointMismatch(f"{info.path.name}: optimiser state does not fit this model ({exc})") from exc
        load_weights(info.path / "model.safetensors", self.model, self.device)
        # from here on nothing can fail: every value was parsed and checked above
        self.step = state["step"]
        self.rows_sampled = state["rows_sampled"]
        self._weights = state["weights"]
        self._last_weights = state["last_weights"]
        if state["probe_text"]:
            self.config = self.config.replace(probe=dataclasses.replace(self.config.probe, text=state["probe_text"]))
        if self.curriculum is not None and state["curriculum"] is not None:
            self.curriculum.load_state_dict(state["curriculum"])
        self.loss_watch = state["loss_watch"]
        random.setstate(state["python_rng"])
        np.random.set_state(state["numpy_rng"])
        torch.set_rng_state(state["torch_cpu"])
        if state["torch_cuda"] and torch.cuda.is_available():
            torch.cuda.set_rng_state_all(state["torch_cuda"][: torch.cuda.device_count()])
        self._probe_gen.set_state(state["probe_rng"])
        self._sample_gen.set_state(state["sample_rng"])
        self.last_checkpoint = info
        self.store.delete_after(self.step)
        probes = self.prepared.run_dir / "probes"
        if self.is_main and probes.is_dir():  # probes after the checkpoint belong to the abandoned future too
            for f in probes.glob("*.npz"):
                if f.stem.isascii() and f.stem.isdigit() and int(f.stem) > self.step:
                    f.unlink(missing_ok=True)
        self._restarted = True

    def _parse_checkpoint_state(self, info: CheckpointInfo, meta: dict, tensors: dict) -> dict:
        """Every value of a checkpoint's state, type- and range-checked, without touching this
        trainer (throwaway generators, curriculum and loss watch take the states first).

        Raises
        ------
        CheckpointError
            A value is missing, of the wrong type or out of range.
        CheckpointMismatch
            Other sources than this run's.
        """
        name = info.path.name
        try:
            tr = meta["trainer"]
            if list(tr["sources"]) != list(self.source_names):
                raise CheckpointMismatch(f"{name}: trained on sources {tr['sources']}, "
                                         f"this run has {list(self.source_names)}")
            step = tr["step"]
            if not isinstance(step, int) or isinstance(step, bool) or step != info.step or step != meta["step"]:
                raise ValueError(f"its step {step!r} is not the folder's {info.step}")
            n = len(self.source_names)
            rows = np.asarray(tr["rows_sampled"], dtype=np.int64)
            weights = np.asarray(tr["weights"], dtype=np.float64)
            if rows.shape != (n,) or (rows < 0).any():
                raise ValueError("rows_sampled is not one count >= 0 per source")
            if weights.shape != (n,) or not np.isfinite(weights).all() or abs(weights.sum() - 1) > 1e-6 \
                    or (weights < -1e-12).any():
                raise ValueError("weights are not a mixture of the sources")
            last = tr["last_weights"]
            last = None if last is None else np.asarray(last, dtype=np.float64).reshape(n)
            probe_text = tr.get("probe_text") or ""
            if not isinstance(probe_text, str):
                raise ValueError("probe_text is not text")
            cur = None
            if self.curriculum is not None and meta.get("curriculum") is not None:
                cur = meta["curriculum"]
                Curriculum(self.source_names, self.config.curriculum, self.config.run.seed).load_state_dict(cur)
            watch = LossWatch(self.config.anomaly)
            watch.load_state_dict(meta["loss_watch"])
            py = meta["rng"]["python"]
            python_rng = (int(py[0]), tuple(int(x) for x in py[1]), py[2])
            random.Random().setstate(python_rng)
            npy = meta["rng"]["numpy"]
            numpy_rng = (str(npy[0]), np.asarray(npy[1], dtype=np.uint32), int(npy[2]), int(npy[3]), float(npy[4]))
            np.random.RandomState().set_state(numpy_rng)
            rng = tensors["rng"]
            gens = {}
            for key in ("torch_cpu", "probe", "sample"):
                t = rng[key]
                if not torch.is_tensor(t) or t.dtype != torch.uint8:
                    raise ValueError(f"RNG state {key} is not a byte tensor")
                gens[key] = t.cpu()
            torch.Generator().set_state(gens["torch_cpu"])
            torch.Generator().set_state(gens["probe"])
            torch.Generator(device=self.device).set_state(gens["sample"])
            cuda = [t.cpu() for t in rng["torch_cuda"]]
        except CheckpointMismatch:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RuntimeError) as exc:
            raise CheckpointError(f"{name}: state.json or state.pt is damaged ({type(exc).__name__}: {exc})") from exc
        return {"step": step, "rows_sampled": rows, "weights": weights, "last_weights": last,
                "probe_text": probe_text, "curriculum": cur, "loss_watch": watch, "python_rng": python_rng,
                "numpy_rng": numpy_rng, "torch_cpu": gens["torch_cpu"], "probe_rng": gens["probe"],
                "sample_rng": gens["sample"], "torch_cuda": cuda}

    def resume(self) -> CheckpointInfo | None:
        """Restore the newest valid checkpoint; None if the run has none.

        A corrupt checkpoint is skipped for the one before it (the reason is added to
        :attr:`resume_messages`).

        Raises
        ------
        RunError
            The run has checkpoints but none is valid, or the newest readable one belongs to
            another configuration (nothing on disk is changed).
        """
        ckpts = list_checkpoints(self.prepared.run_dir, clean=self.is_main)
        if not ckpts:
            return None
        problems = []
        for info in reversed(ckpts):
            try:
                self.restore(info)
            except CheckpointMismatch as exc:
                raise RunError(f"Cannot resume {self.prepared.run_dir.name}: {exc}") from exc
            except CheckpointError as exc:
                problems.append(str(exc))
                log.warning("skipping checkpoint: %s", exc)
                continue
            self.resume_messages = [*problems, f"resumed from {info.path.name}"] if problems else []
            return info
        raise RunError(
            f"Cannot resume {self.prepared.run_dir.name}: no valid checkpoint.\n" + "\n".join(problems)
            + "\nMove the damaged checkpoints aside to start the run again from step 0.")

    # -------------------------------------------------------------- the loop
    def _log_eval(self, observer: Observer) -> None:
        losses = self.evaluate()
        if losses is None:
            return
        vals = {f"val/loss/{k}": v for k, v in losses.items()}
        vals["val/loss"] = float(np.mean(list(losses.values())))
        self.store.log_scalars(self.step, vals)
        observer.on_eval(self.step, losses)

    def _event(self, observer: Observer, kind: str, payload: dict | None = None) -> None:
        payload = payload or {}
        self.store.log_event(self.step, kind, payload)
        observer.on_event(self.step, kind, payload)

    def _log_mixture(self, step: int, force: bool = False) -> None:
        w = self.mixture_weights()
        if force or self._last_weights is None or not np.array_equal(w, self._last_weights):
            self.store.log_scalars(step, {f"mix/weight/{n}": float(v) for n, v in zip(self.source_names, w, strict=False)})
            self._last_weights = w

    def _log_counts(self) -> None:
        self.store.log_scalars(
            self.step, {f"mix/count/{n}": float(c) for n, c in zip(self.source_names, self.rows_sampled, strict=False)}
        )

    def run(
        self,
        max_steps: int | None = None,
        control: TrainingControl | None = None,
        observer: Observer | None = None,
        on_anomaly: str = "pause",
    ) -> str:
        """Train until ``max_steps``, the end of the schedule, a stop command or an anomaly.

        Parameters
        ----------
        max_steps
            Global step to stop at (None or above ``schedule.total_steps``: the schedule's end).
        control
            Pause / resume / stop commands, taken at step boundaries.
        observer
            Receives every step, evaluation, event and state change (on this thread).
        on_anomaly
            ``"pause"`` (GUI: wait for the user) or ``"stop"`` (headless: nobody to resume).

        Returns
        -------
        The stop reason (:class:`StopReason`).
        """
        cfg = self.config
        control = control or TrainingControl()
        self._control = control
        observer = observer or _NullObserver()
        if not self._restarted:
            if list_checkpoints(self.prepared.run_dir):
                raise RunError(f"{self.prepared.run_dir} has checkpoints: call resume() first, so that "
                               "its history is not replaced")
            # No checkpoint was restored: the run starts at step 0, so any history it has is
            # replaced (DESIGN §4: rows after the restored step are deleted first).
            self.store.delete_after(-1)
            self._restarted = True
        total = cfg.schedule.total_steps
        limit = total if max_steps is None else min(max_steps, total)
        if not self.is_main:
            return self._run_follower()
        self._event(observer, "start", {
            "device": str(self.device), "torch_threads": torch.get_num_threads(),
            "preset": cfg.run.preset, "params": self.model.num_params(), "max_steps": limit,
            "sources": self.source_names, "data": self.prepared.dataset.manifest(),
            "world_size": self.dist.world_size if self.dist else 1,
            "backend": self.dist.backend if self.dist else None,
            "pid": os.getpid(), "host": platform.node(),
        })
        reason = StopReason.USER
        last_eval = self.step
        poller = self._start_command_poller(control, observer)
        try:
            observer.on_state("running")
            if self.step == 0:
                self._log_eval(observer)
            while True:
                if control.stop_reason is not None:
                    reason = control.stop_reason
                    break
                self._take_probe_request(control, observer)
                self._take_checkpoint_request(control, observer)
                control.due_pause(self.step)
                if control.pause_requested:
                    self.store.flush()
                    self._event(observer, "pause")
                    observer.on_state("paused")
                    self._checkpoint_quietly("pause", observer)
                    while True:
                        control.wait_while_paused()
                        took_probe = self._take_probe_request(control, observer)
                        if not (self._take_checkpoint_request(control, observer) or took_probe):
                            break
                    if control.stop_reason is not None:
                        reason = control.stop_reason
                        break
                    self._event(observer, "resume")
                    observer.on_state("running")
                if self.step >= limit:
                    reason = StopReason.FINISHED if self.step >= total else StopReason.MAX_STEPS
                    if last_eval != self.step:
                        self._log_eval(observer)
                    break
                for pivot in control.take_pivots(self.step):
                    if self.curriculum is None:
                        continue
                    try:
                        self.curriculum.request_pivot(pivot)
                    except ConstraintError as exc:  # refused, training goes on as it was
                        self._event(observer, "anomaly", {"kind": "pivot", "message": f"pivot refused: {exc}"})
                self._begin_step(self.step + 1, observer)
                self._log_mixture(self.step + 1)
                if self.dist is not None:  # the step's mixture (and a go) to every rank
                    self.dist.broadcast_floats(np.concatenate([[1.0], self._weights]), 1 + len(self._weights))
                rec = self.train_step()
                if isinstance(rec, dict):
                    self._bad_state = True
                    self._event(observer, "anomaly", rec)
                    if on_anomaly == "stop":
                        reason = StopReason.ANOMALY
                        break
                    control.pause()
                    continue
                self._bad_state = False
                if self.curriculum is not None:
                    self.curriculum.observe(rec.step, rec.source_loss)
                self._log_step(rec)
                observer.on_step(rec)
                for payload in self.loss_watch.observe(rec.step, rec.source_loss, rec.source_rows):
                    self._event(observer, "anomaly", payload)
                    if cfg.anomaly.pause:
                        control.pause()
                if rec.step == cfg.schedule.warmup_steps:
                    self._event(observer, "lr_warmup_end", {"lr": rec.lr})
                if rec.step % cfg.train.eval_interval == 0:
                    self._log_eval(observer)
                    last_eval = rec.step
                if cfg.probe.enabled and rec.step % cfg.probe.interval == 0:
                    self.probe(observer)
                if cfg.probe.enabled and rec.step % cfg.probe.sample_interval == 0:
                    self.sample(observer)
                if rec.step % cfg.checkpoint.interval == 0:
                    self._checkpoint_quietly("interval", observer)
        except BaseException as exc:
            if poller is not None:
                poller.close()
            reason = StopReason.ERROR
            self._release_followers()
            self._event(observer, "stop", {"reason": reason, "error": repr(exc)})
            self.store.flush()
            observer.on_state("stopped")
            raise
        if poller is not None:
            poller.close()
        self._release_followers()
        self._log_counts()
        if reason != StopReason.ANOMALY:
            self._checkpoint_quietly("end" if reason == StopReason.FINISHED else "stop", observer)
        self._event(observer, "stop", {"reason": reason})
        self.store.flush()
        observer.on_state("stopped")
        return reason

    def _start_command_poller(self, control: TrainingControl, observer: Observer) -> CommandPoller | None:
        """The control channel; a damaged ``control.sqlite`` costs the steering, not the run."""
        try:
            return CommandPoller(self.prepared.run_dir / CONTROL_DB, self._command_applier(control),
                                 on_refused=self._command_refused)
        except (sqlite3.Error, OSError) as exc:
            self._event(observer, "anomaly", {
                "kind": "control", "message": f"{CONTROL_DB} is unusable ({exc}): this run cannot be steered "
                                              "from another process; move the file aside and resume to fix it"})
            return None

    def _command_refused(self, cid: int, kind: str, reason: str) -> None:
        self.store.log_event(self.step, "anomaly", {"kind": "command", "id": cid,
                                                    "message": f"command {kind!r} refused: {reason}"})

    def _command_applier(self, control: TrainingControl):
        """What a command from another process (:mod:`.control`) does: the toolbar's actions."""

        def apply(cid: int, kind: str, payload: dict) -> None:
            if kind == "pause":
                control.pause()
            elif kind == "resume":
                control.resume()
            elif kind == "stop":
                control.stop(StopReason.USER)
            elif kind == "checkpoint":
                control.request_checkpoint()
            elif kind == "probe":
                text = payload.get("text")
                control.request_probe(text if isinstance(text, str) and text.strip() else None)
            elif kind == "pivot":
                try:
                    control.request_pivot(self.pivot_from_dict(payload))
                except (ConstraintError, KeyError, TypeError, ValueError, AttributeError) as exc:
                    self.store.log_event(self.step, "anomaly", {"kind": "pivot", "message": f"pivot refused: {exc}"})
                    return
            else:
                raise ValueError(f"unknown command {kind!r}")
            self.store.log_event(self.step, "command", {"id": cid, "kind": kind})

        return apply

    def pivot_from_dict(self, d: dict) -> Pivot:
        """A :class:`Pivot` from JSON: ``constraints`` (as ``Constraints.to_dict()``), ``start``
        (weights or None), ``keep_stats``, ``params``.

        Raises
        ------
        ConstraintError, KeyError, TypeError, ValueError
            The constraints are infeasible or the values malformed.
        """
        if not isinstance(d.get("constraints"), dict):
            raise TypeError("constraints must be a table of floors, caps, excluded and warmup_sources")
        c = Constraints.from_dict(self.source_names, d["constraints"])
        c.validate()
        start = d.get("start")
        start = None if start is None else np.asarray(start, dtype=np.float64).reshape(len(self.source_names))
        params = d.get("params") or {}
        if not isinstance(params, dict):
            raise TypeError("params must be a table")
        pivot = Pivot(c, start=start, keep_stats=bool(d.get("keep_stats", True)), params=params)
        if self.curriculum is not None:  # the same checks as when it is applied: refused now, not later
            problems = walk_param_problems({**self.curriculum.params, **params}, params)
            if start is not None and not np.isfinite(start).all():
                problems.append("start must be finite weights")
            if problems:
                raise ConstraintError(problems)
        return pivot

    def _release_followers(self) -> None:
        """Rank 0: tell the other ranks that training has ended (a broadcast of "stop")."""
        if self.dist is not None and not self._followers_released:
            self._followers_released = True
            try:
                self.dist.broadcast_floats(np.zeros(1 + len(self.source_names)), 1 + len(self.source_names))
            except RuntimeError as exc:  # a rank already gone: torchrun ends the others
                log.error("could not release the other ranks: %s", exc)

    def _run_follower(self) -> str:
        """Ranks other than 0: train the steps rank 0 announces, with its mixture, until it
        says stop. Pauses, pivots, probes and checkpoints happen on rank 0 meanwhile."""
        n = len(self.source_names)
        while True:
            msg = self.dist.broadcast_floats(None, 1 + n)
            if msg[0] == 0.0:
                return StopReason.USER
            self._weights = msg[1:].copy()
            rec = self.train_step()
            self._bad_state = isinstance(rec, dict)

    def _checkpoint_quietly(self, reason: str, observer: Observer, marked: bool = False) -> None:
        """A checkpoint whose failure (disk full, permissions...) is an event, not the end of
        training; :attr:`checkpoint_failed` says whether the latest attempt failed."""
        try:
            self.save_checkpoint(reason, marked=marked, observer=observer)
        except (OSError, StoreError, RuntimeError) as exc:
            self.checkpoint_failed = True
            log.error("checkpoint failed: %s", exc)
            self._event(observer, "anomaly", {"kind": "checkpoint", "message": f"checkpoint failed: {exc}"})
        else:
            self.checkpoint_failed = False

    def _take_checkpoint_request(self, control: TrainingControl, observer: Observer) -> bool:
        if not control.take_checkpoint_request():
            return False
        self._checkpoint_quietly("user", observer, marked=True)
        return True

    # -------------------------------------------------------------- probes and samples
    def _take_probe_request(self, control: TrainingControl, observer: Observer) -> bool:
        text = control.take_probe_request()
        if text is None:
            return False
        if text.strip():
            self.config = self.config.replace(probe=dataclasses.replace(self.config.probe, text=text))
        self.probe(observer)
        return True

    def probe(self, observer: Observer | None = None) -> dict:
        """Capture attention maps, head statistics and watched neighbour sets now.

        Saved as ``probes/<step>.npz`` in the run directory (atomically) and handed to
        ``observer.on_probe`` if it has one.

        Returns
        -------
        ``tokens`` (T,) ids, ``token_text`` (T,) str, ``attention`` (L, H, T, T) float16,
        ``entropy``, ``previous_token``, ``sink``, ``induction`` (L, H) float32, ``roles``
        (L, H) str, ``watch`` (W,) str (the watched tokens' text, :func:`watch_token`),
        ``watch_ids`` (W,) int, ``neighbours`` (W, k) int
        (cosine), and, not saved in the ``.npz``, ``embedding`` (V, d_model) float32 and
        ``vocab`` (V,) str. The newest embedding is also kept as ``probes/embedding.npz``
        (``step``, ``embedding`` float16, ``vocab``).
        """
        pc = self.config.probe
        tok = self.prepared.tokenizer
        ids = tok.encode(pc.text).ids[: min(pc.max_tokens, self.config.model.block_size)] or [0]
        idx = torch.tensor(ids, dtype=torch.long)
        maps = model_attention(self.model, idx)
        half = max(2, min(self.config.model.block_size // 2, 32))
        stats = head_stats(maps, induction_scores(self.model, self._probe_gen, half=half))
        E = self.model.wte.weight.detach().float().cpu().numpy()  # (V, d_model), a copy
        index = EmbeddingIndex(E)
        watch, watch_ids, neigh = [], [], []
        for word in pc.watch:
            tid = watch_token(tok, word)
            if tid is None:
                if word not in self._unwatchable:
                    log.warning("probe.watch: %r is not one token of this vocabulary; not watched", word)
                    self._unwatchable.add(word)
                continue
            watch.append(tok.decode([tid]))
            watch_ids.append(tid)
            neigh.append(index.query(tid, pc.neighbours)[0])
        k = pc.neighbours
        out = {
            "step": np.int64(self.step),
            "tokens": np.asarray(ids, dtype=np.int64),
            "token_text": np.asarray([tok.decode([i]) for i in ids], dtype=str),
            "attention": maps.astype(np.float16),
            "entropy": stats.entropy.astype(np.float32),
            "previous_token": stats.previous_token.astype(np.float32),
            "sink": stats.sink.astype(np.float32),
            "induction": stats.induction.astype(np.float32),
            "roles": np.asarray(head_roles(stats), dtype=str),
            "watch": np.asarray(watch, dtype=str),
            "watch_ids": np.asarray(watch_ids, dtype=np.int64),
            "neighbours": np.asarray(neigh, dtype=np.int64).reshape(len(watch), -1) if watch
            else np.zeros((0, k), np.int64),
        }
        folder = self.prepared.run_dir / "probes"
        folder.mkdir(exist_ok=True)
        tmp = folder / f"{self.step}.tmp.npz"
        np.savez_compressed(tmp, **out)
        tmp.replace(folder / f"{self.step}.npz")
        # the newest embedding matrix only (a reopened run's embedding panel); every probe
        # keeps the watched tokens' neighbour sets, which is what stability is measured on
        vocab = self.vocab()
        tmp = folder / "embedding.tmp.npz"
        np.savez(tmp, step=np.int64(self.step), embedding=E.astype(np.float16),
                 vocab=np.asarray(vocab, dtype=str))
        tmp.replace(folder / EMBEDDING_FILE)
        out["embedding"] = E
        out["vocab"] = vocab
        on_probe = getattr(observer, "on_probe", None)
        if on_probe is not None:
            on_probe(self.step, out)
        return out

    def vocab(self) -> tuple[str, ...]:
        """Every token id's text, (vocab_size,) (computed once)."""
        if self._vocab is None:
            tok = self.prepared.tokenizer
            self._vocab = tuple(tok.decode([i]) for i in range(self.config.model.vocab_size))
        return self._vocab

    def sample(self, observer: Observer | None = None) -> str:
        """Generate a sample from ``probe.sample_prompt``; store it, and flag a degenerate one.

        Returns
        -------
        The generated text (prompt excluded). A repetitive one (share of repeated word bigrams
        >= ``probe.repetition_threshold``) is also an ``anomaly`` event of kind repetition.
        """
        pc = self.config.probe
        tok = self.prepared.tokenizer
        prompt_ids = tok.encode(pc.sample_prompt).ids or [tok.token_to_id("<|endoftext|>") or 0]
        ids = generate(self.model, torch.tensor(prompt_ids), pc.sample_tokens, self._sample_gen,
                       pc.temperature, pc.top_k or None)
        text = tok.decode(ids[len(prompt_ids):].tolist())
        self.store.log_sample(self.step, pc.sample_prompt, text)
        on_sample = getattr(observer, "on_sample", None)
        if on_sample is not None:
            on_sample(self.step, pc.sample_prompt, text)
        score = repetition_score(text, 2)
        if is_degenerate(text, pc.repetition_threshold):
            self._event(observer or _NullObserver(), "anomaly", {
                "kind": "repetition", "score": score, "text": text[:200],
                "message": f"the sample at step {self.step} repeats itself ({score:.0%} repeated bigrams)",
            })
        return text

    def _log_step(self, rec: StepRecord) -> None:
        vals = {
            "train/loss": rec.loss,
            "train/lr": rec.lr,
            "train/grad_norm": rec.grad_norm,
            "train/tokens_per_s": rec.tokens_per_s,
        }
        vals.update({f"train/loss/{k}": v for k, v in rec.source_loss.items()})
        if self._peak_flops:
            vals["perf/mfu"] = rec.tokens_per_s * self.model.flops_per_token() / self._peak_flops
        self.store.log_scalars(rec.step, vals, rec.wall_time)
        if rec.step % 10 == 0:
            self._log_counts()

    def close(self) -> None:
        """Commit and close the run store; release the run directory."""
        try:
            self.store.close()
        finally:
            if self._lock is not None:
                self._lock.release()


__all__ += ["check_batch_split", "config_hash", "is_run_dir", "peak_flops", "Pivot", "check_memory", "estimate_memory", "remove_new_run"]
