"""Files the app writes in a run folder, and the weights it exports, have the user's umask's
mode (not mkstemp's or safetensors' 0600): another user opening the run can read them."""

from __future__ import annotations

import os
import stat

import pytest
from conftest import tiny_config, train_run

from andrea_desktop.core.rundir.export import export_checkpoint_weights


def _umask() -> int:
    old = os.umask(0o022)
    os.umask(old)
    return old


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    if _umask() & 0o044:
        pytest.skip("this process's umask hides files from others anyway")
    run = tmp_path_factory.mktemp("modes") / "run"
    train_run(run, tiny_config(probe={"interval": 2, "sample_interval": 1000}, checkpoint={"interval": 2}), max_steps=2)
    return run


def _mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_probe_files_and_the_embedding_follow_the_umask(run):
    files = sorted((run / "probes").glob("*.npz"))
    assert {f.name for f in files} >= {"2.npz", "embedding.npz"}
    assert {f.name: _mode(f) for f in files} == {f.name: 0o666 & ~_umask() for f in files}


def test_exported_weights_and_checkpoint_files_follow_the_umask(run, tmp_path):
    out, _ = export_checkpoint_weights(run, tmp_path / "model.safetensors")
    assert _mode(out) == 0o666 & ~_umask()
    for f in next((run / "checkpoints").iterdir()).iterdir():
        assert _mode(f) == 0o666 & ~_umask(), f.name
