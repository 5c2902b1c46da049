"""Terrain jobs on the training thread, a share of its time between steps: the same losses as
without, each part stored as it lands, progress reported, Cancel drops the job. The same code
runs the job on a GPU between steps (the device is the trainer's)."""

import pytest
from conftest import SMALL_TERRAIN, StepLog, tiny_config

from andrea_desktop.core.config import ConfigError
from andrea_desktop.core.rundir.terrain import list_steps, read_result, terrain_path
from andrea_desktop.core.terrain_jobs import AutoTerrain, InlineJobs, with_terrain
from andrea_desktop.core.training import Trainer, prepare_run


def _train(run_dir, cfg, steps, observe=None):
    trainer = Trainer(prepare_run(run_dir, config=cfg))
    auto = AutoTerrain.for_trainer(trainer, on_progress=observe)
    log = StepLog()
    try:
        trainer.run(steps, observer=with_terrain(log, auto))
        if auto is not None:
            assert auto.finish(timeout=300)
    finally:
        trainer.close()
        if auto is not None:
            auto.close()
    return log, auto


def test_inline_jobs_keep_the_losses_and_store_every_part(tmp_path):
    cfg = tiny_config(terrain={**SMALL_TERRAIN, "grid": 9, "interval": 4, "share": 0.5})
    plain, _ = _train(tmp_path / "plain", cfg.replace(terrain=cfg.terrain.__class__(interval=0)), 8)
    statuses = []
    log, auto = _train(tmp_path / "run", cfg, 8, statuses.append)
    assert log.losses == plain.losses  # the job draws no random number the training uses
    assert isinstance(auto.jobs, InlineJobs) and auto.jobs.device.type == "cpu"
    assert auto.submitted == [4, 8] and 8 in auto.jobs.completed
    assert list_steps(tmp_path / "run")[-1] == 8
    assert read_result(terrain_path(tmp_path / "run", 8)).complete
    # progress: whole percentages, rising within a job, None once nothing is left
    jobs = [s for s in statuses if s is not None]
    assert jobs and statuses[-1] is None
    of8 = [s.fraction for s in jobs if s.step == 8]
    assert of8 == sorted(of8) and of8[-1] > 0.9
    assert {s.part for s in jobs if s.step == 8} == {1, 2, 3}


def test_parts_are_written_as_they_land_and_cancel_keeps_them(tmp_path):
    cfg = tiny_config(terrain={**SMALL_TERRAIN, "grid": 9, "interval": 0})
    prepared = prepare_run(tmp_path / "run", config=cfg)
    trainer = Trainer(prepared)
    landed = []
    try:
        trainer.run(2)
        from andrea_desktop.core.terrain import model_weights, rows_for_dataset

        rows = rows_for_dataset(prepared.dataset, 3, cfg.model.block_size, cfg.run.seed)
        jobs = InlineJobs(prepared.run_dir, prepared.config, rows, on_result=landed.append, seed_path=False)
        jobs.submit(2, model_weights(trainer.model))
        while not landed:  # the first part: lambda_max and the basin width
            jobs.work(0.0)
        assert landed[0].part == 1 and not landed[0].has_surface
        assert read_result(terrain_path(prepared.run_dir, 2)).part == 1  # on disk as it landed
        assert jobs.busy and jobs.status.step == 2
        jobs.cancel()
        jobs.work(None)
        assert not jobs.busy and jobs.skipped == [2] and jobs.completed == []
        assert read_result(terrain_path(prepared.run_dir, 2)).part == 1  # what was computed stays
        assert jobs.written == {2: 1}  # and is told: andrea-train names it when Ctrl+C skips the job
        from andrea_desktop.cli.train import written_steps

        assert written_steps(jobs) == "2 (part 1 of 3)"
        jobs.submit(2, model_weights(trainer.model))  # a later job runs as usual
        jobs.work(None)
        assert jobs.completed == [2] and read_result(terrain_path(prepared.run_dir, 2)).complete
        jobs.cancel()  # pressed as the job finished: nothing runs, so the next job is not dropped
        jobs.submit(3, model_weights(trainer.model))
        jobs.work(None)
        assert jobs.completed == [2, 3] and jobs.skipped == [2]
        assert jobs.written == {2: 3, 3: 3} and written_steps(jobs) == "2, 3"
    finally:
        trainer.close()


def test_the_share_is_a_bounded_setting():
    for bad in (0.0, 0.95, -1):
        with pytest.raises(ConfigError, match="terrain.share"):
            tiny_config(terrain={"share": bad})
    assert tiny_config().terrain.share == 0.1 and tiny_config().terrain.worker == "inline"


def test_the_warmup_experiment_keeps_the_terrain_on_at_matched_steps():
    from andrea_desktop.core.experiments import WarmupExperiment

    configs = [run.config() for run in WarmupExperiment(steps=400).runs()]
    # sharpness is the documents' explanation of v1: both runs compute it, at the same steps
    assert [c.terrain.interval for c in configs] == [100, 100]
    assert all(c.terrain.on_cpu and c.terrain.worker == "inline" for c in configs)
