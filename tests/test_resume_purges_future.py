"""Resuming from an earlier checkpoint removes the abandoned future together: rows, samples,
events, probe files, the embedding and terrain results of every step after it."""

from __future__ import annotations

import shutil

import pytest
from conftest import make_terrain_result, tiny_config, train_run

from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.probes import list_probes, read_embedding
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.terrain import list_steps, write_result


@pytest.fixture(scope="module")
def to_forty(tmp_path_factory):
    """Trained to 40 with checkpoints at 20 and 40, probes and samples every 10, a terrain result
    at 20 and at 40."""
    run = tmp_path_factory.mktemp("future") / "run"
    cfg = tiny_config(probe={"interval": 10, "sample_interval": 10}, checkpoint={"interval": 20, "keep_last": 5},
                      train={"eval_interval": 10})
    train_run(run, cfg, max_steps=40)
    for step in (20, 40):
        write_result(run, make_terrain_result(step=step))
    return run


def _steps(run):
    with RunReader(run / "metrics.sqlite") as r:
        return (r.last_step(), max(s for s, *_ in r.events()), max(s for s, *_ in r.samples()))


def test_resuming_before_a_crashed_checkpoint_removes_every_later_artefact(to_forty, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(to_forty, run)
    shutil.rmtree(list_checkpoints(run)[-1].path)  # the crash before checkpoint 40 completed
    assert list_steps(run) == [20, 40] and read_embedding(run)[0] == 40
    train_run(run, max_steps=30)
    assert max(list_probes(run)) == 30 and list_steps(run) == [20]
    assert read_embedding(run)[0] == 30
    last, last_event, last_sample = _steps(run)
    assert last == 30 and last_event <= 30 and last_sample == 30


def test_rewinding_removes_the_files_of_later_steps_only(to_forty, tmp_path):
    from andrea_desktop.core.rundir.rewind import purge_after

    run = tmp_path / "run"
    shutil.copytree(to_forty, run)

    class Rows:
        def delete_after(self, step):
            self.step = step

    rows = Rows()
    removed = purge_after(run, 20, rows)
    assert rows.step == 20
    assert sorted(list_probes(run)) == [10, 20] and list_steps(run) == [20]
    assert read_embedding(run) is None  # captured at 40: of the abandoned future
    assert {p.name for p in removed} == {"30.npz", "40.npz", "embedding.npz"}
