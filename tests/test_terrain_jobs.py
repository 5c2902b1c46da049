"""Terrain jobs beside training: training numbers unchanged, results in the run folder, the
headless ``andrea-terrain`` command."""

import dataclasses

import numpy as np
import pytest
import torch
from conftest import SMALL_TERRAIN, StepLog, python_c, tiny_config

from andrea_desktop.cli.terrain import main as terrain_main
from andrea_desktop.core import terrain_jobs
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.terrain import list_steps, read_result, terrain_path, write_result
from andrea_desktop.core.terrain import model_weights
from andrea_desktop.core.terrain_jobs import AutoTerrain, TerrainJobs, terrain_enabled, with_terrain
from andrea_desktop.core.training import Trainer, prepare_run


@pytest.fixture(autouse=True)
def _normal_priority(monkeypatch):
    """Workers at normal priority: on a busy test machine a nice-19 worker waits for minutes (the
    bit-identical test also needs its jobs to run while training does)."""
    monkeypatch.setattr(terrain_jobs.priority, "NICE", 0)


def _train(run_dir, cfg, steps, with_jobs, worker="thread"):
    """Train ``steps`` steps; with jobs, through the wiring the app and andrea-train use: the
    observer wrapped by :func:`with_terrain` around :class:`AutoTerrain`."""
    prepared = prepare_run(run_dir, config=cfg)
    trainer = Trainer(prepared)
    auto = AutoTerrain(trainer, worker=worker) if with_jobs else None
    log = StepLog(auto)
    try:
        trainer.run(steps, observer=with_terrain(log, auto))
        rng = torch.get_rng_state()
    finally:
        trainer.close()
        if auto is not None:
            assert auto.finish(timeout=120)
            auto.close()
    return log, rng, auto.jobs if auto is not None else None


def test_training_with_terrain_jobs_gives_bit_identical_losses(tmp_path):
    # dropout: a terrain job that drew from the global RNG would change the training losses
    cfg = tiny_config(model={"dropout": 0.1}, terrain={**SMALL_TERRAIN, "interval": 2})
    plain, rng_plain, _ = _train(tmp_path / "plain", cfg, 24, with_jobs=False)
    terrain, rng_terrain, jobs = _train(tmp_path / "terrain", cfg, 24, with_jobs=True)
    assert terrain.losses == plain.losses  # exact: losses and gradient norms
    assert torch.equal(rng_plain, rng_terrain)
    assert terrain.overlapped > 0, "no terrain job ran while training did"
    assert jobs.completed and not jobs.errors
    assert list_steps(tmp_path / "terrain") == sorted(jobs.completed)
    assert set(jobs.completed) | set(jobs.skipped) == set(range(2, 25, 2))
    last = read_result(terrain_path(tmp_path / "terrain", max(jobs.completed)))
    np.testing.assert_array_equal(last.path_xy[-1], [0.0, 0.0])
    assert len(last.path_steps) > 2 and last.has_plane


def test_a_process_worker_writes_the_terrain_of_a_submitted_snapshot_and_ignores_ctrl_c(tmp_path):
    """The background worker writes the terrain of a snapshot handed to it, training numbers
    unchanged. Then Ctrl+C reaches the app and its terrain child at once: the app stops cleanly and
    closes the child; the child must not die printing a KeyboardInterrupt traceback of its own, and
    takes the next job. (One test, one spawned child: each start imports torch again.)"""
    import os
    import signal
    import time

    cfg = tiny_config(model={"dropout": 0.1}, terrain={**SMALL_TERRAIN, "interval": 5})
    plain, _, _ = _train(tmp_path / "plain", cfg, 10, with_jobs=False)
    prepared = prepare_run(tmp_path / "run", config=cfg)
    trainer = Trainer(prepared)
    got = []
    try:
        with TerrainJobs.for_run(prepared, on_result=got.append) as jobs:
            assert jobs.worker == "process"  # the background worker where the config says inline (the default)
            log = StepLog()

            class Submit:  # hands steps 5 and 10 to the jobs by hand
                def on_step(self, rec):
                    log.on_step(rec)
                    jobs.maybe_submit(rec.step, trainer.model)

            trainer.run(5, observer=Submit())
            assert jobs.wait_idle(180)
            assert jobs.completed == [5], jobs.errors  # the child is in its job loop
            assert jobs.written == {5: 3}  # the parts written, told (andrea-train names them at its end)
            weights = model_weights(trainer.model)
            results_5 = list(got)
            proc = jobs._proc
            os.kill(proc.pid, signal.SIGINT)
            time.sleep(0.5)
            trainer.run(10, observer=Submit())  # the next job goes to the same child
            assert jobs.wait_idle(180)
            assert proc.is_alive() and proc is jobs._proc
            assert jobs.completed == [5, 10], jobs.errors
    finally:
        trainer.close()
    assert log.losses == plain.losses
    assert results_5[0].part == 1 and results_5[-1].part == 3  # each part handed on as it landed
    r = results_5[-1]
    assert r.step == 5 and r.lr == pytest.approx(cfg.optimizer.lr)
    assert list_steps(tmp_path / "run") == [5, 10]
    # the centre is the model's loss on the fixed rows
    from andrea_desktop.core.terrain import model_loss_fn, rows_for_dataset, skeleton_model

    cfg = prepared.config
    rows = rows_for_dataset(prepared.dataset, cfg.terrain.n_rows, cfg.model.block_size, cfg.run.seed)
    with torch.no_grad():
        direct = model_loss_fn(skeleton_model(cfg.model), rows)(weights).mean()
    assert r.centre_loss == pytest.approx(float(direct), rel=1e-6)


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("jobs") / "run"
    cfg = tiny_config(terrain=SMALL_TERRAIN, checkpoint={"interval": 10, "keep_last": 10})
    trainer = Trainer(prepare_run(run, config=cfg))
    try:
        trainer.run(30)
    finally:
        trainer.close()
    return run


def test_newer_snapshots_replace_a_waiting_one_and_still_join_the_path(finished_run, tmp_path):
    prepared = prepare_run(finished_run)
    trainer = Trainer(prepared)
    try:
        trainer.resume()
        snap = model_weights(trainer.model)
    finally:
        trainer.close()
    prepared.run_dir = tmp_path  # results go elsewhere: the module's run stays as it was
    with TerrainJobs.for_run(prepared, seed_path=False, worker="thread") as jobs:
        for step in (100, 101, 102, 103, 104):
            jobs.submit(step, {k: v + 1e-3 * (step - 100) for k, v in snap.items()})
        assert jobs.wait_idle(120)
    assert jobs.completed[-1] == 104 and not jobs.errors
    assert sorted(jobs.completed + jobs.skipped) == [100, 101, 102, 103, 104]
    last = read_result(terrain_path(tmp_path, 104))
    np.testing.assert_array_equal(last.path_steps, [100, 101, 102, 103, 104])


def test_a_checkpoint_of_a_reopened_run_gets_its_terrain(finished_run, tmp_path):
    import shutil

    run = tmp_path / "copy"
    shutil.copytree(finished_run, run)
    with TerrainJobs.for_run(prepare_run(run), worker="thread") as jobs:
        assert jobs.submit_checkpoint(step=999) is None
        assert jobs.submit_checkpoint() == 30
        assert jobs.wait_idle(120)
    assert jobs.completed == [30]
    r = read_result(terrain_path(run, 30))
    np.testing.assert_array_equal(r.path_steps, [10, 20, 30])  # the earlier checkpoints are the path


def test_terrain_is_off_by_default_and_for_large_presets_on_the_cpu():
    from andrea_desktop.core.config import load_preset

    assert not terrain_enabled(tiny_config(), "cpu")
    tiny = load_preset("andrea-tiny")
    assert terrain_enabled(tiny, "cpu")
    for name in ("andrea-12m", "andrea-120m"):
        cfg = load_preset(name)
        assert not terrain_enabled(cfg, "cpu") and terrain_enabled(cfg, "cuda")


def test_andrea_terrain_computes_every_checkpoint_of_a_finished_run(finished_run, tmp_path, capsys):
    import shutil

    run = tmp_path / "copy"
    shutil.copytree(finished_run, run)
    assert terrain_main([str(run), "--all", "--grid", "5", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "step 10:" in out and "step 30:" in out and "lambda_max" in out
    assert list_steps(run) == [c.step for c in list_checkpoints(run)] == [10, 20, 30]
    r = read_result(terrain_path(run, 30))
    assert r.surface.shape == (5, 5)
    np.testing.assert_array_equal(r.path_steps, [10, 20, 30])
    assert terrain_main([str(run), "--all"]) == 0  # nothing left to do
    assert "already" in capsys.readouterr().out
    cut = dataclasses.replace(read_result(terrain_path(run, 20)), part=1)  # a job cut short at its first part
    write_result(run, cut)
    assert terrain_main([str(run), "--all", "--grid", "5", "--threads", "1"]) == 0
    assert "step 20:" in capsys.readouterr().out and read_result(terrain_path(run, 20)).complete
    assert terrain_main([str(run), "--step", "25"]) == 2
    assert "no checkpoint of step 25; there are: 10, 20, 30" in capsys.readouterr().err
    assert terrain_main([str(tmp_path / "nothing")]) == 2
    assert terrain_main([str(run), "--grid", "4"]) == 2


_KILLED_CHILD = r"""
import os, signal, sys, time
sys.path.insert(0, sys.argv[2])
from conftest import SMALL_TERRAIN, tiny_config
from andrea_desktop.core import terrain_jobs
from andrea_desktop.core.terrain_jobs import TerrainJobs
from andrea_desktop.core.training import Trainer, prepare_run
terrain_jobs.priority.NICE = 0
# a model whose weights outgrow the pipe's buffer (64 KiB), so a queued job blocks its feeder
cfg = tiny_config(model={"d_model": 64, "n_layer": 2}, terrain={**SMALL_TERRAIN, "interval": 2})
prepared = prepare_run(sys.argv[1], config=cfg)
trainer = Trainer(prepared)
jobs = TerrainJobs.for_run(prepared)
class Submit:
    def on_step(self, rec):
        jobs.maybe_submit(rec.step, trainer.model)
trainer.run(2, observer=Submit())
assert jobs.wait_idle(180) and jobs.completed == [2], jobs.errors
os.kill(jobs._proc.pid, signal.SIGKILL)  # the OOM killer, say
jobs._proc.join(10)
trainer.run(8, observer=Submit())
jobs.close()
trainer.close()
print("closed", flush=True)
"""


def test_the_process_exits_after_its_terrain_child_was_killed_with_a_job_queued(tmp_path):
    from pathlib import Path

    tests = str(Path(__file__).resolve().parent)
    res = python_c(_KILLED_CHILD, tmp_path / "run", tests, timeout=240)
    assert res.returncode == 0 and "closed" in res.stdout, res.stderr[-3000:]
