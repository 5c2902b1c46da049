"""Nothing the app writes, renames or deletes resolves outside the run folder, and no deletion
leaves half a file set behind."""

from __future__ import annotations

import os
import shutil

import numpy as np
import pytest
import torch

from andrea_desktop.core.rundir import checkpoint as ckpt_mod
from andrea_desktop.core.rundir.checkpoint import (
    list_checkpoints,
    mark_checkpoint,
    write_checkpoint,
)
from andrea_desktop.core.rundir.layout import UnsafePathError, check_no_links, run_subdir
from andrea_desktop.core.rundir.probes import (
    Probe,
    delete_probes_after,
    list_probes,
    read_embedding,
    write_probe,
)


def _probe(step: int) -> Probe:
    L, H, T = 1, 2, 3
    return Probe(step=step, tokens=np.arange(T), token_text=np.array(["a", "b", "c"]),
                 attention=np.full((L, H, T, T), 0.5, np.float16),
                 entropy=np.zeros((L, H), np.float32), previous_token=np.zeros((L, H), np.float32),
                 sink=np.zeros((L, H), np.float32), induction=np.zeros((L, H), np.float32),
                 roles=np.full((L, H), "", dtype="<U1"), watch=np.zeros(0, str),
                 watch_ids=np.zeros(0, np.int64), neighbours=np.zeros((0, 3), np.int64))


def _write_ckpt(run, step, keep_last=3):
    model = torch.nn.Linear(2, 2)
    return write_checkpoint(run, step, model, {"x": torch.zeros(1)}, {"note": "t"}, keep_last=keep_last)


@pytest.fixture
def outside(tmp_path):
    d = tmp_path / "outside"
    d.mkdir()
    return d


@pytest.fixture
def run(tmp_path):
    d = tmp_path / "run"
    d.mkdir()
    return d


def test_a_linked_checkpoints_folder_is_refused_and_the_foreign_one_kept(run, outside):
    foreign = outside / "step-00000001"
    foreign.mkdir()
    (foreign / "state.json").write_text("{}")
    (run / "checkpoints").symlink_to(outside, target_is_directory=True)
    with pytest.raises(UnsafePathError, match="link"):
        _write_ckpt(run, 5)
    with pytest.raises(UnsafePathError):
        list_checkpoints(run, clean=True)
    with pytest.raises(UnsafePathError):
        check_no_links(run)
    assert sorted(p.name for p in outside.iterdir()) == ["step-00000001"]


def test_a_linked_checkpoint_inside_the_folder_is_neither_listed_nor_pruned(run, outside):
    """Second input of the kind: one checkpoint entry is a link to another run's checkpoint."""
    foreign = outside / "step-00000001"
    foreign.mkdir()
    (foreign / "state.json").write_text('{"step": 1}')
    (run / "checkpoints").mkdir()
    (run / "checkpoints" / "step-00000001").symlink_to(foreign, target_is_directory=True)
    for step in (2, 3, 4):
        _write_ckpt(run, step, keep_last=1)
    assert [c.step for c in list_checkpoints(run)] == [4]
    assert (foreign / "state.json").exists() and (run / "checkpoints" / "step-00000001").is_symlink()


def test_a_linked_probes_folder_is_never_emptied_by_a_resume(run, outside):
    for name in ("100.npz", "2024.npz"):
        (outside / name).write_bytes(b"not ours")
    (run / "probes").symlink_to(outside, target_is_directory=True)
    with pytest.raises(UnsafePathError):
        delete_probes_after(run, 6)
    with pytest.raises(UnsafePathError):
        write_probe(run, _probe(10))
    assert list_probes(run) == {}
    assert sorted(p.name for p in outside.iterdir()) == ["100.npz", "2024.npz"]


def test_planted_links_at_temporary_names_are_never_written_through(run, outside):
    victim = outside / "victim.txt"
    victim.write_text("precious")
    (run / "probes").mkdir()
    for name in ("10.tmp.npz", "embedding.tmp.npz", ".10-.tmp"):
        (run / "probes" / name).symlink_to(victim)
    write_probe(run, _probe(10), embedding=np.ones((4, 2), np.float32), vocab=("a", "b", "c", "d"))
    assert victim.read_text() == "precious"
    assert list_probes(run) == {10: run / "probes" / "10.npz"}
    assert read_embedding(run)[0] == 10


def test_a_probe_file_that_is_a_link_is_foreign(run, outside):
    """Second input of the kind: ``probes/12.npz`` links outside: not listed, not deleted."""
    target = outside / "12.npz"
    target.write_bytes(b"x")
    (run / "probes").mkdir()
    (run / "probes" / "12.npz").symlink_to(target)
    (run / "probes" / "embedding.npz").symlink_to(target)
    delete_probes_after(run, 0)
    assert list_probes(run) == {} and target.exists()
    with pytest.raises(ValueError, match="link"):
        read_embedding(run)


def test_marking_a_checkpoint_writes_through_no_planted_link(run, outside):
    victim = outside / "victim.json"
    victim.write_text("precious")
    info = _write_ckpt(run, 3)
    (info.path / "state.json.tmp").symlink_to(victim)
    mark_checkpoint(info)
    assert victim.read_text() == "precious"
    assert list_checkpoints(run)[0].marked


def test_a_kill_in_the_middle_of_pruning_leaves_no_half_checkpoint(run, monkeypatch):
    """Pruning renames a checkpoint out of the listing before it deletes it: a process killed
    mid-delete leaves a ``.tmp-del-*`` folder that is never listed (never "damaged") and is
    removed by the next open."""
    for step in (1, 2):
        _write_ckpt(run, step, keep_last=5)
    real_rmtree = shutil.rmtree

    def killed_mid_delete(path, *a, **k):
        os.unlink(os.path.join(path, "state.json"))  # part of the folder is gone, then the kill
        raise KeyboardInterrupt

    monkeypatch.setattr(ckpt_mod.shutil, "rmtree", killed_mid_delete)
    with pytest.raises(KeyboardInterrupt):
        _write_ckpt(run, 3, keep_last=1)
    monkeypatch.setattr(ckpt_mod.shutil, "rmtree", real_rmtree)
    listed = list_checkpoints(run)
    assert all(c.damaged is None for c in listed), listed
    assert [c.step for c in listed] == [2, 3]
    list_checkpoints(run, clean=True)
    assert sorted(p.name for p in (run / "checkpoints").iterdir()) == ["step-00000002", "step-00000003"]


def test_run_subdir_makes_a_missing_folder_and_accepts_a_real_one(run):
    assert run_subdir(run, "probes") == run / "probes" and (run / "probes").is_dir()
    assert run_subdir(run, "probes") == run / "probes"
