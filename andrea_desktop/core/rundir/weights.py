"""Weights files that load the plain way.

Every weights file ANDREA Desktop writes (a checkpoint's ``model.safetensors``, File → Export →
Weights) holds *every* name of the model's state dict, the tied token embedding under both of
its names (``wte.weight`` and ``lm_head.weight``, one (vocab_size, d_model) matrix), so::

    from safetensors.torch import load_file
    model = GPT(cfg)
    model.load_state_dict(load_file("model.safetensors"), strict=True)

works, as does ``safetensors.torch.load_model``. Files written before this (checkpoint format 1,
which stored the tied matrix once, under ``lm_head.weight``, the way safetensors' ``save_model``
does) still load: :func:`complete_tied` adds the missing name.
"""

from __future__ import annotations

from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

from .layout import follow_umask

__all__ = ["TIED", "plain_state_dict", "complete_tied", "save_weights", "read_weights"]

TIED = (("wte.weight", "lm_head.weight"),)
"""Names of the GPT's tied parameters: the token embedding is the output head
(:mod:`andrea_desktop.core.model`)."""


def plain_state_dict(model: torch.nn.Module | dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """A module's state dict ready for safetensors' ``save_file``: every name, detached and
    contiguous, tensors that share memory (tied weights) as separate copies.

    Parameters
    ----------
    model
        A module, or a state dict.

    Returns
    -------
    ``{name: tensor}`` with the same names, shapes, dtypes and devices as ``model.state_dict()``;
    only the second and later names of a shared storage are cloned (no extra memory otherwise).
    """
    sd = model.state_dict() if isinstance(model, torch.nn.Module) else model
    out: dict[str, torch.Tensor] = {}
    seen: set[int] = set()
    for name, t in sd.items():
        t = t.detach()
        ptr = t.untyped_storage().data_ptr() if t.numel() else -1
        if ptr in seen:
            t = t.clone()
        elif ptr != -1:
            seen.add(ptr)
        out[name] = t.contiguous()
    return out


def complete_tied(sd: dict[str, torch.Tensor], tied=TIED) -> dict[str, torch.Tensor]:
    """``sd`` with each tied parameter under all of its names (the one stored stands for the
    others): reads files that stored a tied matrix once. ``sd`` is changed in place and returned."""
    for names in tied:
        present = [n for n in names if n in sd]
        if present:
            for n in names:
                sd.setdefault(n, sd[present[0]])
    return sd


def save_weights(model: torch.nn.Module | dict[str, torch.Tensor], path: str | Path,
                 metadata: dict[str, str] | None = None) -> Path:
    """Write a model's (or a state dict's) weights to a safetensors file under every name of its
    state dict (:func:`plain_state_dict`). Not atomic: callers write to a temporary name.

    Parameters
    ----------
    metadata
        Extra string pairs for the file's header; ``format = "pt"`` is always set (transformers
        requires it).

    Raises
    ------
    OSError, safetensors.SafetensorError
        The file cannot be written.
    """
    path = Path(path)
    save_file(plain_state_dict(model), str(path), metadata={"format": "pt", **(metadata or {})})
    follow_umask(path)  # safetensors writes 0600: others opening the run or the export could not read it
    return path


def read_weights(path: str | Path, device: str = "cpu") -> dict[str, torch.Tensor]:
    """A weights file's tensors, with the tied names completed (:func:`complete_tied`): old
    files that stored ``lm_head.weight`` only read like new ones.

    Raises
    ------
    OSError, safetensors.SafetensorError
        The file cannot be read or is not safetensors.
    """
    return complete_tied(load_file(str(path), device=device))
