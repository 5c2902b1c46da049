"""Sweeps (core/sweeps, andrea-sweep): a sweep file expands into runs made by the one config builder,
differing only in the swept keys and the seed; the queue is resumable after a kill between runs,
mid-run and mid-creation, never trains a run twice, and refuses bad input before writing anything."""

from __future__ import annotations

import math
import os
import signal
import sqlite3

import numpy as np
import pytest
import tomllib
from conftest import ForkedProcess, ckpt_config, logged_losses, python_c, scalar_rows

from andrea_desktop.core.config import save_config
from andrea_desktop.core.sweeps import (
    MAX_RUNS,
    SweepError,
    SweepRow,
    SweepRunStatus,
    load_sweep,
    metric_by_key,
    parse_sweep,
    save_record,
    sweep_state,
    sweep_table,
    value_text,
)

STEPS = 20

SWEEP = """name = "t"
base = "base.toml"
steps = 20
seeds = 3

[keys]
"optimizer.lr" = [1e-3, 3e-3]
"""

# andrea-sweep in a fresh interpreter, killed by itself: "between N" just before the run after the
# N-th it trains; "mid NAME STEP" once run NAME has written its checkpoint of STEP (SIGKILL: no
# handler runs, as when the machine goes down)
KILLED_SWEEP = """
import os, signal, sys
from andrea_desktop.cli.sweep import sweep_main
from andrea_desktop.core.sweeps import runner
from andrea_desktop.core.training import state as ckpt

mode = sys.argv[1]
if mode == "between":
    after, trained, train = int(sys.argv[2]), [], runner.train_sweep_run
    def counted(state, *a, **k):
        if len(trained) == after:
            os.kill(os.getpid(), signal.SIGKILL)
        reason = train(state, *a, **k)
        trained.append(state.run.name)
        return reason
    runner.train_sweep_run = counted
elif mode == "mid":
    name, step, save = sys.argv[2], int(sys.argv[3]), ckpt.checkpoint_quietly
    def saved(t, *a, **k):
        save(t, *a, **k)
        if t.prepared.run_dir.name == name and t.step >= step:
            os.kill(os.getpid(), signal.SIGKILL)
    ckpt.checkpoint_quietly = saved
sys.exit(sweep_main(sys.argv[sys.argv.index("--") + 1:]))
"""


SWEEP_MAIN = "import sys; from andrea_desktop.cli.sweep import sweep_main; sys.exit(sweep_main(sys.argv[1:]))"
"""``andrea-sweep ARGS`` (``python -c SWEEP_MAIN ARGS``)."""


def _sweep_folder(tmp_path, text=SWEEP):
    save_config(ckpt_config(run={"seed": 7, "torch_threads": 1}, checkpoint={"interval": 5, "keep_last": 5}),
                tmp_path / "base.toml")
    (tmp_path / "s.toml").write_text(text)
    return tmp_path / "s.toml"


def _sweep_process(*args, timeout=300):
    return python_c(KILLED_SWEEP, *args, timeout=timeout)


def _flat(path) -> dict:
    data = tomllib.loads(path.read_text())
    return {f"{s}.{k}": v for s, fields in data.items() for k, v in fields.items()}


def _starts(run_dir) -> list[int]:
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    out = [r[0] for r in con.execute("SELECT step FROM events WHERE kind='start' ORDER BY rowid")]
    con.close()
    return out


def _statuses(sweep, runs_dir):
    return [s.status for s in sweep_state(sweep, runs_dir)]


# ---------------------------------------------------------------------- the spec
def test_a_sweep_expands_into_named_runs_made_by_the_config_builder(tmp_path):
    path = _sweep_folder(tmp_path, SWEEP.replace('steps = 20', 'steps = 20\nset = ["train.eval_interval=10"]')
                         + '"schedule.warmup_steps" = [0, 10]\n')
    sweep = load_sweep(path)
    runs = sweep.runs()
    assert [r.name for r in runs[:4]] == ["t-lr1e-3-wu0-s1", "t-lr1e-3-wu10-s1", "t-lr3e-3-wu0-s1", "t-lr3e-3-wu10-s1"]
    assert len(runs) == 12 and [r.seed for r in runs] == [1] * 4 + [2] * 4 + [3] * 4  # the whole grid per seed
    first = runs[0]
    assert first.overrides == ("train.eval_interval=10", "optimizer.lr=0.001", "schedule.warmup_steps=0", "run.seed=1")
    assert first.config.optimizer.lr == 1e-3 and first.config.train.eval_interval == 10 and first.steps == 20
    assert first.config.model.d_model == 32  # the base file's model, not a preset's


@pytest.mark.parametrize(("value", "text"), [(3e-4, "3e-4"), (1e-3, "1e-3"), (0.05, "0.05"), (2.5e-5, "2.5e-5"),
                                             (100, "100"), (0.0, "0"), (True, "true"), ("a/b c", "a_b_c"),
                                             (1.0000001e-3, "1.0000001e-3")])
def test_a_value_is_written_in_a_run_name_exactly_and_readably(value, text):
    assert value_text(value) == text


def test_record_rebuilds_the_same_runs_without_the_base_file(tmp_path):
    sweep = load_sweep(_sweep_folder(tmp_path))
    record = save_record(sweep, tmp_path / "runs")
    (tmp_path / "base.toml").unlink()  # the record alone holds the base's settings
    again = load_sweep(record, links=False)
    assert [(r.name, r.config) for r in again.runs()] == [(r.name, r.config) for r in sweep.runs()]


@pytest.mark.parametrize(("text", "message"), [
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lrr" = [1e-3]\n', "optimizer.lrr: unknown key"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"nope.lr" = [1e-3]\n', "unknown section"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [1e-3]\n"optimizer.eps" = [1e-8]\n'
     '"train.batch_size" = [8]\n"schedule.min_lr" = [0.0]\n', "4 keys; a sweep sweeps 1 to 3"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [' + ", ".join(f"{i}e-4" for i in range(1, 18))
     + "]\n", "expected a list of 1 to 16 values"),
    ('name = "t"\nbase = "andrea-tiny"\nseeds = 16\n[keys]\n"optimizer.lr" = [1e-4, 2e-4, 3e-4, 4e-4, 5e-4]\n',
     f"80 runs (5 values × 16 seeds); a sweep has at most {MAX_RUNS}"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [1e-3, 1e-3]\n', "listed twice"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [nan]\n', "not a finite number"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [-1.0]\n', "optimizer.lr"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"run.seed" = [1, 2]\n', "seeds says it"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [[1, 2]]\n', "a swept value is a number"),
    ('name = "a/b"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [1e-3]\n', "name: it names a folder"),
    ('name = "' + "x" * 65 + '"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr" = [1e-3]\n', "too long"),
    ('name = "t"\nbase = "andrea-huge"\n[keys]\n"optimizer.lr" = [1e-3]\n', "neither a preset"),
    ('name = "t"\nbase = "andrea-tiny"\nsteps = 10000000\n[keys]\n"optimizer.lr" = [1e-3]\n', "beyond the schedule"),
    ('name = "t"\nbase = "andrea-tiny"\nseeds = [1, 1]\n[keys]\n"optimizer.lr" = [1e-3]\n', "a seed is listed twice"),
    ('name = "t"\nbase = "andrea-tiny"\nfoo = 1\n[keys]\n"optimizer.lr" = [1e-3]\n', "foo: unknown setting"),
    ('name = "t"\nbase = "andrea-tiny"\n', "keys: expected a table"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\noptimizer.lr = [1e-3]\n"optimizer.lr" = [3e-3]\n', "swept twice"),
    ('name = "t"\nbase = "andrea-tiny"\n[keys]\n"optimizer.lr=1" = [1e-3]\n', "not a setting's dotted key"),
    ('name = "' + "x" * 60 + '"\nbase = "andrea-tiny"\n[keys]\n"probe.text" = ["' + "a" * 40 + '"]\n'
     '"probe.sample_prompt" = ["' + "b" * 40 + '"]\n"curriculum.floors.' + "c" * 60 + '" = [0.1]\n', "too long"),
])
def test_bad_sweeps_are_refused_naming_the_field(tmp_path, text, message):
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(SweepError) as info:
        load_sweep(path)
    assert message in str(info.value)


def test_a_base_that_is_a_link_or_a_huge_file_is_refused(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    save_config(ckpt_config(), elsewhere / "base.toml")
    sweeps = tmp_path / "sweeps"
    sweeps.mkdir()
    (sweeps / "base.toml").symlink_to(elsewhere / "base.toml")
    (sweeps / "s.toml").write_text(SWEEP)
    with pytest.raises(SweepError, match="is a link"):
        load_sweep(sweeps / "s.toml")
    (sweeps / "big.toml").write_text(SWEEP + "#" * (1 << 17))
    with pytest.raises(SweepError, match="larger than"):
        load_sweep(sweeps / "big.toml")
    with pytest.raises(SweepError, match="expected a table"):
        parse_sweep([])  # type: ignore[arg-type]


def test_a_record_of_the_same_name_with_other_settings_is_refused(tmp_path):
    sweep = load_sweep(_sweep_folder(tmp_path))
    save_record(sweep, tmp_path)
    other = load_sweep(_sweep_folder(tmp_path, SWEEP.replace("3e-3", "1e-2")))
    with pytest.raises(SweepError, match="with other settings"):
        save_record(other, tmp_path)


# ---------------------------------------------------------------------- the queue
def test_three_seeds_by_two_lrs_resume_after_kills_and_no_run_is_trained_twice(tmp_path):
    """The issue's test: killed between runs, then mid-run, then run to the end."""
    path = _sweep_folder(tmp_path)
    sweep = load_sweep(path)
    names = [r.name for r in sweep.runs()]
    assert len(names) == 6

    killed = _sweep_process("between", 2, "--", path, "-q")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert _statuses(sweep, tmp_path) == [SweepRunStatus.DONE] * 2 + [SweepRunStatus.PENDING] * 4
    first_two = {n: (scalar_rows(tmp_path / n), (tmp_path / n / "metrics.sqlite").stat().st_mtime_ns)
                 for n in names[:2]}

    killed = _sweep_process("mid", names[2], 10, "--", path, "-q")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    states = sweep_state(sweep, tmp_path)
    assert [s.status for s in states] == [SweepRunStatus.DONE] * 2 + [SweepRunStatus.PARTIAL] + [SweepRunStatus.PENDING] * 3
    assert states[2].steps >= 10

    done = _sweep_process("none", "--", path, "-q")
    assert done.returncode == 0, done.stderr
    assert "sweep t: 6 of 6 runs done" in done.stderr
    assert _statuses(sweep, tmp_path) == [SweepRunStatus.DONE] * 6
    for n in names[:2]:  # finished runs are not touched again
        assert (scalar_rows(tmp_path / n), (tmp_path / n / "metrics.sqlite").stat().st_mtime_ns) == first_two[n]
    for n in names:
        assert sorted(logged_losses(tmp_path / n / "metrics.sqlite")) == list(range(1, STEPS + 1))  # each step once
    assert _starts(tmp_path / names[2]) == [0, 10]  # resumed from its checkpoint of step 10, not restarted
    assert all(_starts(tmp_path / n) == [0] for n in names if n != names[2])

    # the six config files differ only in the swept key and the seed
    configs = {n: _flat(tmp_path / n / "config.toml") for n in names}
    first = configs[names[0]]
    for run in sweep.runs():
        cfg = configs[run.name]
        assert {k for k in cfg if cfg[k] != first[k]} <= {"optimizer.lr", "run.seed"}
        assert (cfg["optimizer.lr"], cfg["run.seed"]) == (run.values["optimizer.lr"], run.seed)
    assert len({(c["optimizer.lr"], c["run.seed"]) for c in configs.values()}) == 6

    again = _sweep_process("none", "--", path, "-q")  # a finished sweep trains nothing
    assert again.returncode == 0 and "6 of 6 runs done" in again.stderr
    assert all(_starts(tmp_path / n) == ([0, 10] if n == names[2] else [0]) for n in names)


def test_a_creation_killed_half_way_is_cleared_and_made_afresh(tmp_path):
    from andrea_desktop.core.sweeps.runner import train_sweep_run

    sweep = load_sweep(_sweep_folder(tmp_path, SWEEP.replace("seeds = 3", "seeds = 1").replace("steps = 20", "steps = 5")))
    first = tmp_path / sweep.runs()[0].name
    first.mkdir()
    (first / "tokenizer.json").write_text("{}")
    (first / ".andrea.lock").write_text("")
    state = sweep_state(sweep, tmp_path)[0]
    assert state.status is SweepRunStatus.LEFTOVER
    train_sweep_run(state)
    assert sweep_state(sweep, tmp_path)[0].status is SweepRunStatus.DONE
    with pytest.raises(SweepError, match="never trains a run twice"):
        train_sweep_run(sweep_state(sweep, tmp_path)[0])


def test_a_folder_holding_something_else_refuses_the_sweep_before_anything_is_written(tmp_path):
    from andrea_desktop.cli.sweep import sweep_main

    path = _sweep_folder(tmp_path)
    sweep = load_sweep(path)
    other = tmp_path / sweep.runs()[3].name
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    assert sweep_main([str(path), "-q"]) == 2
    assert not (tmp_path / "t.sweep.toml").exists()
    assert not any((tmp_path / r.name).exists() for r in sweep.runs() if r.name != other.name)
    assert (other / "notes.txt").read_text() == "mine"
    # a folder of the same name holding a run with other settings is foreign too
    (other / "notes.txt").unlink()
    other.rmdir()
    from conftest import train_run

    train_run(other, sweep.runs()[0].config, 2)  # another run's settings under this run's name
    state = sweep_state(sweep, tmp_path)[3]
    assert state.status is SweepRunStatus.FOREIGN and "optimizer.lr" in state.why and "run.seed" in state.why


def test_dry_run_lists_the_runs_and_writes_nothing(tmp_path, capsys):
    from andrea_desktop.cli.sweep import sweep_main

    path = _sweep_folder(tmp_path)
    assert sweep_main([str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split("\t")[:3] == ["t-lr1e-3-s1", "pending", "0/20"] and "optimizer.lr=0.001 run.seed=1" in out[0]
    assert len(out) == 6 and not (tmp_path / "t.sweep.toml").exists()


# ---------------------------------------------------------------------- the numbers
def test_metric_by_key_gives_each_seed_and_numpys_mean_and_std(tmp_path):
    rows = []
    values = {(1e-3, 1): 5.0, (3e-3, 1): 4.0, (1e-3, 2): 5.5, (3e-3, 2): 4.4, (1e-3, 3): 5.2, (3e-3, 3): math.nan}
    for (lr, seed), v in values.items():
        rows.append(SweepRow(f"r{lr}{seed}", tmp_path, {"optimizer.lr": lr, "schedule.warmup_steps": 0}, seed,
                             SweepRunStatus.DONE, 20, 20, {"final_val": v, "best_val": v, "final_train": v}))
    [series] = metric_by_key(rows, ["optimizer.lr", "schedule.warmup_steps"], "optimizer.lr", "final_val")
    assert series.x == (1e-3, 3e-3) and series.others == {"schedule.warmup_steps": 0}
    np.testing.assert_array_equal(series.points[2], [5.5, 4.4])
    np.testing.assert_allclose(series.mean, [np.mean([5.0, 5.5, 5.2]), np.mean([4.0, 4.4])])
    np.testing.assert_allclose(series.std, [np.std([5.0, 5.5, 5.2]), np.std([4.0, 4.4])])
    np.testing.assert_array_equal(series.n, [3, 2])  # a seed without a value is left out, not counted
    by_wu = metric_by_key(rows, ["optimizer.lr", "schedule.warmup_steps"], "schedule.warmup_steps", "final_val")
    assert [s.others for s in by_wu] == [{"optimizer.lr": 1e-3}, {"optimizer.lr": 3e-3}]
    with pytest.raises(KeyError):
        metric_by_key(rows, ["optimizer.lr"], "optimizer.eps", "final_val")


def test_sweep_table_reads_each_runs_final_and_best_losses(tmp_path):
    from andrea_desktop.core.sweeps.runner import train_sweep_run

    sweep = load_sweep(_sweep_folder(tmp_path, SWEEP.replace("seeds = 3", "seeds = 1").replace("steps = 20", "steps = 10")
                                     .replace(", 3e-3]", "]")))
    train_sweep_run(sweep_state(sweep, tmp_path)[0])
    [row] = sweep_table(sweep_state(sweep, tmp_path))
    con = sqlite3.connect(tmp_path / row.name / "metrics.sqlite")
    val = [v for (v,) in con.execute("SELECT value FROM scalars WHERE name='val/loss' ORDER BY step")]
    train = [v for (v,) in con.execute("SELECT value FROM scalars WHERE name='train/loss' ORDER BY step")]
    con.close()
    assert row.status is SweepRunStatus.DONE and row.steps == row.target == 10
    assert row.metrics == {"final_val": val[-1], "best_val": min(val), "final_train": train[-1]}
    assert os.path.samefile(row.path, tmp_path / row.name)


def test_ctrl_c_stops_the_sweep_at_a_step_boundary_with_a_checkpoint(tmp_path):
    from conftest import wait_for, wait_until_catching

    path = _sweep_folder(tmp_path, SWEEP.replace("seeds = 3", "seeds = 1").replace("steps = 20", "steps = 400"))
    sweep = load_sweep(path)
    first = tmp_path / sweep.runs()[0].name
    proc = ForkedProcess([path, "-q"], code=SWEEP_MAIN)  # andrea-sweep in its own process, torch imported
    try:
        wait_until_catching(proc, signal.SIGINT)
        wait_for(lambda: (first / "checkpoints" / "step-00000005").is_dir(), 120, "the first checkpoint")
        proc.send_signal(signal.SIGINT)
        proc.wait(120)
        _, err = proc.output()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "run the same command again to continue" in err
    states = sweep_state(sweep, tmp_path)
    assert [s.status for s in states] == [SweepRunStatus.PARTIAL, SweepRunStatus.PENDING]  # the second never began
    stopped_at = states[0].steps
    assert 5 <= stopped_at < 400
    assert max(int(p.name[5:]) for p in (first / "checkpoints").iterdir()) == stopped_at  # a checkpoint at the stop


def test_parallel_trains_k_runs_at_a_time_each_on_its_share_of_the_cores(tmp_path):
    # a name that starts with "-" (the children took "--only -t-…" for an option and every run failed)
    path = _sweep_folder(tmp_path, SWEEP.replace("seeds = 3", "seeds = 1").replace("steps = 20", "steps = 5")
                         .replace('name = "t"', 'name = "-t"'))
    sweep = load_sweep(path)
    # the parent forked with torch imported (its own start is not what is tested); its children
    # are real interpreters on their shares of the cores
    done = python_c(SWEEP_MAIN, path, "--parallel", "2", "-q", timeout=300)
    assert done.returncode == 0, done.stderr
    assert _statuses(sweep, tmp_path) == [SweepRunStatus.DONE] * 2
    assert all(_starts(tmp_path / r.name) == [0] for r in sweep.runs())
    cores = [line.partition("(cores ")[2] for line in done.stderr.splitlines() if "started (cores" in line]
    assert len(cores) == 2
    if len(os.sched_getaffinity(0)) >= 2:
        assert cores[0] != cores[1]
    assert "sweep -t: 2 of 2 runs done" in done.stderr


@pytest.mark.parametrize(("rate", "cores", "k"), [
    (lambda t: 1000.0 * t, 4, 1),        # threads scale perfectly: one run on every core
    (lambda t: 1000.0, 4, 4),            # a model too small to use more than one thread: one run per core
    (lambda t: 1000.0 * t ** 0.5, 4, 4),  # halfway: 4 × 1000 > 2,000 × 1.15
    (lambda t: 1000.0 * t ** 0.9, 4, 1),  # nearly perfect: the gain is under MIN_GAIN
    (lambda t: 1000.0, 1, 1),            # one core: nothing to share
])
def test_parallel_auto_takes_the_k_the_thread_trial_measures_fastest(tmp_path, rate, cores, k):
    from andrea_desktop.core.sweeps.runner import choose_parallel

    sweep = load_sweep(_sweep_folder(tmp_path))
    choice = choose_parallel(sweep.runs()[0].config, cores, rate)
    assert choice.k == k
    if cores > 1:
        assert sorted(choice.rates) == sorted({cores // j for j in (1, 2, 4) if j <= cores})



def test_the_headless_sweep_computes_the_terrain_as_andrea_train_does(tmp_path):
    from conftest import SMALL_TERRAIN

    from andrea_desktop.cli.sweep import sweep_main
    from andrea_desktop.core.rundir.terrain import list_steps

    terrain = ", ".join(f'"terrain.{k}={v}"' for k, v in {**SMALL_TERRAIN, "interval": 5}.items())
    path = _sweep_folder(tmp_path, SWEEP.replace("seeds = 3", f"seeds = 1\nset = [{terrain}]")
                         .replace("steps = 20", "steps = 10").replace(", 3e-3]", "]"))
    assert sweep_main([str(path), "-q"]) == 0
    [run] = load_sweep(path).runs()
    steps = list_steps(tmp_path / run.name)
    assert set(steps) <= {5, 10} and steps[-1] == 10  # the last one waited for, as andrea-train does


def test_a_partial_run_without_a_checkpoint_starts_again_from_step_zero(tmp_path):
    import shutil

    from conftest import train_run

    from andrea_desktop.core.sweeps.runner import train_sweep_run

    sweep = load_sweep(_sweep_folder(tmp_path, SWEEP.replace("seeds = 3", "seeds = 1").replace("steps = 20", "steps = 8")
                                     .replace(", 3e-3]", "]")))
    [run] = sweep.runs()
    train_run(tmp_path / run.name, run.config, 4)  # cut short at step 4...
    shutil.rmtree(tmp_path / run.name / "checkpoints")  # ...by a kill before any checkpoint
    state = sweep_state(sweep, tmp_path)[0]
    assert (state.status, state.steps) == (SweepRunStatus.PARTIAL, 4)
    train_sweep_run(state)
    assert sorted(logged_losses(tmp_path / run.name / "metrics.sqlite")) == list(range(1, 9))  # each step once
    assert _starts(tmp_path / run.name) == [0]  # its history replaced: one start, from step 0
    assert sweep_state(sweep, tmp_path)[0].status is SweepRunStatus.DONE


def test_a_record_edited_to_another_name_is_refused_and_nothing_is_trained(tmp_path, capsys):
    """andrea-sweep on a hand-edited record whose name disagreed with its file trained new runs
    under the new name beside the old ones; it is read as the window reads it and refused."""
    from andrea_desktop.cli.sweep import sweep_main

    sweep = load_sweep(_sweep_folder(tmp_path))
    record = save_record(sweep, tmp_path / "runs")
    record.write_text(record.read_text().replace('name = "t"', 'name = "zz"', 1))
    before = sorted(p.name for p in (tmp_path / "runs").iterdir())
    assert sweep_main([str(record), "-q"]) != 0
    assert "not the file's" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == before
