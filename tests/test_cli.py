import os
import subprocess
import sys

from conftest import tiny_config

from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training.trainer import prepare_run


def andrea_train(*args, timeout=300):
    return subprocess.run(
        [sys.executable, "-c", "import sys; from andrea_desktop.cli import train_main; sys.exit(train_main())",
         *map(str, args)],
        capture_output=True, text=True, timeout=timeout, env={**os.environ},
    )


def test_headless_run_counts_steps_and_refuses_to_overwrite(tmp_path):
    run = tmp_path / "r"
    res = andrea_train("--preset", "andrea-tiny", "--run-dir", run, "--max-steps", 4, "-q")
    assert res.returncode == 0, res.stderr
    assert "stopped at step 4: max_steps" in res.stdout
    reader = RunReader(run / "metrics.sqlite")
    assert list(reader.scalars("train/loss")[0]) == [1, 2, 3, 4]
    reader.close()
    again = andrea_train("--preset", "andrea-tiny", "--run-dir", run, "--max-steps", 4)
    assert again.returncode == 2 and "already holds a run" in again.stderr and "--resume" in again.stderr
    other = andrea_train("--preset", "andrea-12m", "--run-dir", run, "--resume", "--max-steps", 1)
    assert other.returncode == 2 and "not 'andrea-12m'" in other.stderr


def test_resume_needs_a_run_and_bad_arguments(tmp_path):
    res = andrea_train("--run-dir", tmp_path / "none", "--resume")
    assert res.returncode == 2 and "holds no run" in res.stderr
    res = andrea_train("--run-dir", tmp_path / "x", "--preset", "nope")
    assert res.returncode == 2 and "invalid choice" in res.stderr
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a.txt").write_text("x")
    res = andrea_train("--run-dir", tmp_path / "full")
    assert res.returncode == 2 and "not empty" in res.stderr


def test_anomaly_exits_with_code_3(tmp_path):
    cfg = tiny_config(optimizer={"lr": 1e3, "grad_clip": 0.0}, schedule={"warmup_steps": 0, "min_lr": 1.0})
    prepare_run(tmp_path / "r", config=cfg)
    res = andrea_train("--run-dir", tmp_path / "r", "--resume", "--max-steps", 50, "-q")
    assert res.returncode == 3, res.stdout + res.stderr
    assert "anomaly" in res.stderr
    reader = RunReader(tmp_path / "r" / "metrics.sqlite")
    (ev,) = reader.events("anomaly")
    assert ev[2]["kind"] == "nan"
    assert reader.events("stop")[-1][2]["reason"] == "anomaly"
    reader.close()


def test_user_source_flag(tmp_path):
    (tmp_path / "mine.txt").write_text("my own words make my own source of text. " * 500)
    res = andrea_train("--preset", "andrea-tiny", "--run-dir", tmp_path / "r", "--max-steps", 1, "-q",
                       "--source", f"mine={tmp_path / 'mine.txt'}")
    assert res.returncode == 0, res.stderr
    assert "mine=" in res.stdout  # the evaluation line lists the new source
    text = (tmp_path / "r" / "config.toml").read_text()
    assert 'name = "mine"' in text and str(tmp_path / "mine.txt") in text
    bad = andrea_train("--run-dir", tmp_path / "r2", "--source", "nopath", "-q")
    assert bad.returncode == 2 and "NAME=PATH" in bad.stderr
