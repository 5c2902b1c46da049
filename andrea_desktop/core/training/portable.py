"""Checkpoints that move between devices (docs/design.md#the-run-folder): what of a trainer's state is the device's own
kind, and how a checkpoint written on another kind of device is restored."""

from __future__ import annotations

from typing import TYPE_CHECKING

import torch

from ..errors import quote

if TYPE_CHECKING:
    from .trainer_state import TrainerState

GENERATOR_STATE_BYTES = {"cpu": 5056, "cuda": 16}
"""Size of a ``torch.Generator``'s state per device kind (Mersenne Twister; Philox seed and
offset): how a checkpoint written before ``sample_device`` was recorded shows its device."""

OPTIMIZER_DEVICE_KEYS = ("fused", "foreach", "capturable")
"""AdamW settings chosen for the training device (``fused`` on CUDA), not for the run: a
restored optimiser keeps the ones it was built with on this device."""


def _sample_state(t: TrainerState, rng: dict, state: torch.Tensor) -> tuple[torch.Tensor | None, str | None]:
    """The sample generator's saved state for this device, or ``(None, device)`` when it was
    written on another kind of device (its state cannot move; the generator is re-seeded).

    Raises
    ------
    ValueError, RuntimeError
        The state fits neither this device nor the device it names (damaged).
    """
    here = torch.device(t.device).type
    saved = rng.get("sample_device")
    if saved is None:  # older checkpoints: the state's size tells its device
        saved = next((kind for kind, size in GENERATOR_STATE_BYTES.items() if state.numel() == size), here)
    if not isinstance(saved, str) or len(saved) > 16 or not _is_device_kind(saved):
        raise ValueError(f"sample_device {quote(saved, 40)} is not a device kind")
    if saved == here:
        torch.Generator(device=t.device).set_state(state)  # raises if damaged
        return state, None
    if saved in GENERATOR_STATE_BYTES and state.numel() != GENERATOR_STATE_BYTES[saved]:
        raise ValueError(f"the sample generator's state ({state.numel()} bytes) is not a {saved} state")
    return None, saved


def _is_device_kind(name: str) -> bool:
    """Whether ``name`` is a kind of device torch knows (``cpu``, ``cuda``, ``mps``...), not
    necessarily one this machine has."""
    try:
        return torch.device(name).type == name
    except (RuntimeError, ValueError):
        return False


def _optimizer_state_for_device(t: TrainerState, saved: dict) -> dict:
    """``saved`` (an optimiser state dict) with this device's :data:`OPTIMIZER_DEVICE_KEYS` in
    each parameter group, so that a CPU checkpoint resumed on CUDA stays ``fused`` and a CUDA
    one resumed on the CPU does not ask for a CUDA kernel. The tensors move to the parameters'
    device in ``load_state_dict``."""
    groups = saved["param_groups"]
    if not isinstance(groups, list) or len(groups) != len(t.optimizer.param_groups):
        return saved  # load_state_dict reports the mismatch
    fixed = []
    for old, now in zip(groups, t.optimizer.param_groups, strict=True):
        if not isinstance(old, dict):
            return saved
        group = dict(old)
        for key in OPTIMIZER_DEVICE_KEYS:
            if key in now:
                group[key] = now[key]
        fixed.append(group)
    return {**saved, "param_groups": fixed}
