"""Marked (never-pruned) checkpoints are bounded: whoever can send ``checkpoint`` commands cannot
fill the disk; a marked checkpoint over the bound is refused with a message that says so."""

from __future__ import annotations

import pytest
import torch
from conftest import tiny_config, train_run

from andrea_desktop.core.rundir import checkpoint as ckpt
from andrea_desktop.core.rundir.checkpoint import (
    list_checkpoints,
    mark_checkpoint,
    write_checkpoint,
)
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import StopReason, TrainingControl

BOUND = 20


def _write(run, step, marked):
    return write_checkpoint(run, step, torch.nn.Linear(2, 2), {"x": torch.zeros(1)}, {"note": "t"},
                            marked=marked, keep_last=1)


def test_a_marked_checkpoint_past_the_bound_is_refused_and_says_so(tmp_path):
    for step in range(1, BOUND + 1):
        _write(tmp_path, step, marked=True)
    with pytest.raises(OSError, match=f"the most it keeps \\({BOUND}\\)"):
        _write(tmp_path, BOUND + 1, marked=True)
    assert sum(c.marked for c in list_checkpoints(tmp_path)) == BOUND
    _write(tmp_path, BOUND + 2, marked=False)  # unmarked ones are still written (and pruned)
    assert [c.step for c in list_checkpoints(tmp_path) if not c.marked] == [BOUND + 2]


def test_marking_an_existing_checkpoint_past_the_bound_is_refused(tmp_path):
    for step in range(1, BOUND + 1):
        _write(tmp_path, step, marked=True)
    info = _write(tmp_path, BOUND + 1, marked=False)
    with pytest.raises(OSError, match="marked"):
        mark_checkpoint(info)
    assert not [c for c in list_checkpoints(tmp_path) if c.step == BOUND + 1][0].marked


def test_a_checkpoint_command_past_the_bound_is_refused_and_training_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(ckpt, "MAX_MARKED", 0, raising=False)
    cfg = tiny_config(probe={"interval": 1000, "sample_interval": 1000}, checkpoint={"interval": 1000})
    control = TrainingControl()
    control.request_checkpoint()
    trainer, reason = train_run(tmp_path / "run", cfg, max_steps=3, control=control)
    assert reason == StopReason.MAX_STEPS and trainer.step == 3 and not trainer.checkpoint_failed
    with RunReader(tmp_path / "run" / "metrics.sqlite") as reader:
        messages = [p["message"] for _, _, p, _ in reader.events("anomaly")]
    assert any(m.startswith("checkpoint refused") and "the most it keeps" in m for m in messages)
    assert not any(c.marked for c in list_checkpoints(tmp_path / "run"))
