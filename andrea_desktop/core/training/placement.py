"""Where a run trains and whether it fits: the device, torch's thread count, memory, peak FLOP/s
and the split of the global batch across ``torchrun`` processes."""

from __future__ import annotations

import os

import torch

from ..config import Config
from .errors import RunError
from .threads import available_cores, set_torch_threads

__all__ = [
    "resolve_device",
    "default_threads",
    "set_threads",
    "estimate_memory",
    "available_memory",
    "check_memory",
    "peak_flops",
    "check_batch_split",
]


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
    """Torch intra-op threads to start with: every core this process may use headless; one
    core fewer under the GUI (its start, and its count on a GPU). With
    ``run.torch_threads = 0`` a run on the CPU then measures every core against one fewer, under
    the GUI on whole steps beside the window too (:mod:`~andrea_desktop.core.training.threads`)."""
    n = available_cores()
    return max(1, n - 1) if gui else n


def set_threads(cfg: Config, world_size: int | None, gui: bool = False) -> None:
    """Give torch ``run.torch_threads`` intra-op threads, or :func:`default_threads` when it is
    0 (auto); under ``torchrun`` (``world_size`` not None) the ranks of this machine share its
    cores instead (``LOCAL_WORLD_SIZE``)."""
    if world_size is not None:
        local = int(os.environ.get("LOCAL_WORLD_SIZE", world_size))
        set_torch_threads(max(1, (os.cpu_count() or 1) // local))
        return
    set_torch_threads(cfg.run.torch_threads or default_threads(gui))


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
