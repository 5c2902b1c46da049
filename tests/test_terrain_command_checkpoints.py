"""``andrea-terrain`` on a run whose newest checkpoint is damaged falls back to the one before,
and never writes through a linked ``terrain/`` folder."""

from __future__ import annotations

import os
import shutil

import pytest
from conftest import SMALL_TERRAIN, tiny_config

from andrea_desktop.cli.terrain import main as terrain_main
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import UnsafePathError
from andrea_desktop.core.rundir.terrain import list_steps, write_result
from andrea_desktop.core.training import Trainer, prepare_run


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    run = tmp_path_factory.mktemp("terrain-cli") / "run"
    trainer = Trainer(prepare_run(run, config=tiny_config(terrain=SMALL_TERRAIN, checkpoint={"interval": 10, "keep_last": 10})))
    try:
        trainer.run(20)
    finally:
        trainer.close()
    return run


def _truncate(info, name="model.safetensors"):
    path = info.path / name
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2)


def test_a_truncated_newest_checkpoint_falls_back_to_the_one_before(trained, tmp_path, capsys):
    run = tmp_path / "run"
    shutil.copytree(trained, run)
    _truncate(list_checkpoints(run)[-1])
    assert terrain_main([str(run), "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "step 20: skipped" in out and "step 10: loss" in out
    assert list_steps(run) == [10]


def test_no_readable_checkpoint_is_an_error_not_a_success(trained, tmp_path, capsys):
    run = tmp_path / "run"
    shutil.copytree(trained, run)
    for info in list_checkpoints(run):
        _truncate(info, "state.pt")
    assert terrain_main([str(run), "--threads", "1"]) == 1
    assert "no checkpoint could be read" in capsys.readouterr().err
    assert list_steps(run) == []


def test_a_linked_terrain_folder_is_refused_and_nothing_is_written_outside(trained, tmp_path, capsys):
    run, outside = tmp_path / "run", tmp_path / "outside"
    shutil.copytree(trained, run)
    outside.mkdir()
    (run / "terrain").symlink_to(outside)
    assert terrain_main([str(run), "--threads", "1"]) == 1
    assert "link" in capsys.readouterr().err
    assert list(outside.iterdir()) == []


def test_a_result_is_never_written_through_a_linked_terrain_folder(tmp_path):
    from conftest import make_terrain_result

    run, outside = tmp_path / "run", tmp_path / "outside"
    run.mkdir()
    outside.mkdir()
    (run / "terrain").symlink_to(outside)
    with pytest.raises(UnsafePathError):
        write_result(run, make_terrain_result(step=10))
    assert list(outside.iterdir()) == []
