"""Checkpoints are device-independent: a run trained on a GPU box continues on a laptop and back.

The sample generator lives on the training device and its saved state is that device's kind
(16 bytes of Philox on CUDA, 5,056 of Mersenne Twister on the CPU); AdamW is ``fused`` on CUDA
only. These tests rewrite a CPU checkpoint into what a CUDA machine writes and resume it here.
"""

from __future__ import annotations

import json

import pytest
import torch
from conftest import tiny_config, train_run

from andrea_desktop.core.rundir import checkpoint as ckpt
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import STATE_JSON, STATE_PT
from andrea_desktop.core.training import RunError


def _as_if_written_on(info, device: str, record_device: bool, sample_bytes: int) -> None:
    """Rewrite checkpoint ``info`` the way a ``device`` machine writes it (digests renewed)."""
    tensors = torch.load(info.path / STATE_PT, weights_only=True)
    tensors["rng"]["sample"] = torch.zeros(sample_bytes, dtype=torch.uint8)
    for group in tensors["optimizer"]["param_groups"]:
        group["fused"] = device == "cuda"
    torch.save(tensors, info.path / STATE_PT)
    meta = json.loads((info.path / STATE_JSON).read_text())
    if record_device:
        meta["rng"]["sample_device"] = device
    else:
        meta["rng"].pop("sample_device", None)
    meta["files"][STATE_PT] = ckpt._sha256(info.path / STATE_PT)
    meta["state_sha256"] = ckpt._meta_digest(meta)
    (info.path / STATE_JSON).write_text(json.dumps(meta))


@pytest.fixture
def cpu_run(tmp_path):
    run = tmp_path / "run"
    train_run(run, tiny_config(), max_steps=6)
    return run


@pytest.mark.parametrize("record_device", [True, False], ids=["recorded", "older-by-size"])
def test_a_cuda_checkpoint_resumes_on_the_cpu_and_says_what_differs(cpu_run, record_device):
    info = list_checkpoints(cpu_run)[-1]
    _as_if_written_on(info, "cuda", record_device, sample_bytes=16)
    trainer, _ = train_run(cpu_run, max_steps=9)
    assert trainer.step == 9
    notes = " ".join(trainer.resume_messages)
    assert "written on cuda" in notes and "continues on cpu" in notes and "same kind of device" in notes
    # the optimiser keeps what this device built it with, not CUDA's fused kernel
    assert all(not g.get("fused") for g in trainer.optimizer.param_groups)


def test_a_cpu_checkpoint_keeps_its_generator_and_says_nothing(cpu_run):
    meta = json.loads((list_checkpoints(cpu_run)[-1].path / STATE_JSON).read_text())
    assert meta["rng"]["sample_device"] == "cpu"
    trainer, _ = train_run(cpu_run, max_steps=8)
    assert trainer.step == 8 and trainer.resume_messages == []


@pytest.mark.parametrize("sample_bytes", [15, 5055])
def test_a_generator_state_of_no_device_is_damaged(cpu_run, sample_bytes):
    infos = list_checkpoints(cpu_run)
    for info in infos:
        _as_if_written_on(info, "cuda", True, sample_bytes=sample_bytes)
    with pytest.raises(RunError, match="damaged"):
        train_run(cpu_run, max_steps=8)


def test_the_optimiser_keeps_this_devices_kernel_choice(cpu_run):
    """The other way round: a non-fused (CPU) state loaded into an optimiser built fused."""
    from andrea_desktop.core.training.state import _optimizer_state_for_device

    class T:  # what _optimizer_state_for_device reads of a trainer
        pass

    p = torch.nn.Parameter(torch.ones(3))
    t = T()
    t.optimizer = torch.optim.AdamW([p], lr=0.1, fused=True)
    saved = torch.optim.AdamW([p], lr=0.1).state_dict()
    assert not saved["param_groups"][0]["fused"]
    t.optimizer.load_state_dict(_optimizer_state_for_device(t, saved))
    assert t.optimizer.param_groups[0]["fused"] is True
    p.grad = torch.ones(3)
    t.optimizer.step()  # the fused kernel accepts the restored state


@pytest.mark.parametrize("device", ["", "bogus"])
def test_a_sample_device_torch_does_not_know_is_damaged(cpu_run, device):
    for info in list_checkpoints(cpu_run):
        _as_if_written_on(info, "cuda", True, sample_bytes=16)
        meta = json.loads((info.path / STATE_JSON).read_text())
        meta["rng"]["sample_device"] = device
        meta["state_sha256"] = ckpt._meta_digest(meta)
        (info.path / STATE_JSON).write_text(json.dumps(meta))
    with pytest.raises(RunError, match="is not a device kind"):
        train_run(cpu_run, max_steps=8)


@pytest.mark.parametrize("depth", [100_000, 1_000_000])
def test_a_state_json_nested_beyond_recursion_is_damaged(cpu_run, depth):
    """json.loads raises RecursionError (not a ValueError): listed and refused as damaged."""
    for info in list_checkpoints(cpu_run):
        path = info.path / STATE_JSON
        path.write_text(path.read_text()[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}")
    assert all(c.damaged for c in list_checkpoints(cpu_run))
    with pytest.raises(RunError, match="no valid checkpoint"):
        train_run(cpu_run, max_steps=8)
