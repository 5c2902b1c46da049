"""``andrea-train``: arguments, exit codes, what it prints, and what it leaves behind when it is
refused or interrupted (docs/design.md#commands); an integer argument past its bounds refused
quoting it short."""

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ForkedTrain, andrea_train, andrea_train_refusal, tiny_config

from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import prepare_run

CONSOLE_SCRIPT = r"""
import runpy, sys
sys.argv = sys.argv[1:]  # the console script, then its arguments
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as exc:
    code = exc.code
gui = sorted(m for m in sys.modules if m.startswith(("andrea_desktop.gui", "PySide6", "pyqtgraph")))
print("gui modules:", gui, file=sys.stderr)
sys.exit(code)
"""
"""Runs the console script ``sys.argv[1]`` with the arguments after it, as its own interpreter would
(``__main__``, its exit status), then says on stderr which GUI modules the process imported."""


def test_headless_run_counts_steps_never_imports_the_gui_and_refuses_to_overwrite(tmp_path):
    """``andrea-train``, the installed console script, in a new interpreter: the command's own
    start, once (the other tests fork it, conftest.andrea_train); nothing of the GUI (Qt,
    pyqtgraph, andrea_desktop.gui) is imported by the command, from its start to its exit."""
    run = tmp_path / "r"
    script = Path(sys.executable).with_name("andrea-train")
    args = [script, "--preset", "andrea-tiny", "--run-dir", run, "--max-steps", 4, "-q",
            "--set", "run.torch_threads=1"]  # no thread trial
    res = subprocess.run([sys.executable, "-c", CONSOLE_SCRIPT, *map(str, args)], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    assert "gui modules: []" in res.stderr
    assert "stopped at step 4: max_steps" in res.stdout
    reader = RunReader(run / "metrics.sqlite")
    assert list(reader.scalars("train/loss")[0]) == [1, 2, 3, 4]
    reader.close()
    again = andrea_train_refusal("--preset", "andrea-tiny", "--run-dir", run, "--max-steps", 4)
    assert again.returncode == 2 and "already holds a run" in again.stderr and "--resume" in again.stderr
    other = andrea_train_refusal("--preset", "andrea-12m", "--run-dir", run, "--resume", "--max-steps", 1)
    assert other.returncode == 2 and "not 'andrea-12m'" in other.stderr


def test_resume_needs_a_run_and_bad_arguments(tmp_path):
    res = andrea_train_refusal("--run-dir", tmp_path / "none", "--resume")
    assert res.returncode == 2 and "holds no run" in res.stderr
    res = andrea_train_refusal("--run-dir", tmp_path / "x", "--preset", "nope")
    assert res.returncode == 2 and "invalid choice" in res.stderr
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "a.txt").write_text("x")
    res = andrea_train_refusal("--run-dir", tmp_path / "full")
    assert res.returncode == 2 and "not empty" in res.stderr



def test_init_from_applies_to_a_new_run_only(tmp_path, capsys):
    from andrea_desktop.cli.train import train_main

    prepare_run(tmp_path / "r", config=tiny_config())
    assert train_main(["--run-dir", str(tmp_path / "r"), "--resume", "--init-from", str(tmp_path), "-q"]) == 2
    assert "--init-from applies to a new run only" in capsys.readouterr().err

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
                       "--set", "run.torch_threads=1",  # no thread trial: the flag is what is tested
                       "--source", f"mine={tmp_path / 'mine.txt'}")
    assert res.returncode == 0, res.stderr
    assert "mine=" in res.stdout  # the evaluation line lists the new source
    text = (tmp_path / "r" / "config.toml").read_text()
    assert 'name = "mine"' in text and str(tmp_path / "mine.txt") in text
    bad = andrea_train_refusal("--run-dir", tmp_path / "r2", "--source", "nopath", "-q")
    assert bad.returncode == 2 and "NAME=PATH" in bad.stderr


# ------------------------------------------------------------------ arguments and folders
def test_run_dir_that_is_a_file_or_cannot_be_made(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    res = andrea_train_refusal("--run-dir", f, "-q")
    assert res.returncode == 2 and "is a file" in res.stderr and "Traceback" not in res.stderr
    res = andrea_train_refusal("--run-dir", f / "sub", "-q")
    assert res.returncode == 2 and "cannot create the run folder" in res.stderr
    assert f.read_text() == "x"


@pytest.mark.parametrize("seed", ["18446744073709551616", "-1", "1e3"])
def test_seed_out_of_range(tmp_path, seed):
    res = andrea_train_refusal("--run-dir", tmp_path / "r", "--seed", seed, "-q")
    assert res.returncode == 2 and "--seed" in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "r").exists()


# ------------------------------------------------------------------ interrupts
def test_ctrl_c_while_preparing_leaves_no_run(tmp_path):
    run = tmp_path / "run"
    proc = ForkedTrain(["--run-dir", run, "--preset", "andrea-12m", "-q"],
                       env={"ANDREA_CACHE_DIR": str(tmp_path / "fresh-cache")})  # a cold cache: slow steps
    try:
        deadline = time.monotonic() + 60
        while not run.exists() and time.monotonic() < deadline:
            assert proc.poll() is None, proc.output()
            time.sleep(0.01)
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        res = proc.run(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
    assert res.returncode == 130, res.stderr
    assert "interrupted while preparing" in res.stderr and "Traceback" not in res.stderr
    assert not run.exists()


# ------------------------------------------------------------------ integer arguments and their bounds
@pytest.mark.parametrize("flag, value", [("--max-steps", "9" * 5000), ("--seed", "9" * 10**6),
                                         ("--max-steps", "-5"), ("--max-steps", "1e3")])
def test_cli_integer_argument_out_of_bounds_is_refused_quoting_it_short(flag, value, capsys):
    from andrea_desktop.cli.train import _train_parser

    with pytest.raises(SystemExit) as exc:
        _train_parser().parse_args(["--run-dir", "r", flag, value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and flag in err and len(err) < 600


@pytest.mark.parametrize("flag, value, expected", [("--max-steps", "0", 0), ("--max-steps", "10000000000", 10**10),
                                                   ("--seed", "9223372036854775807", 2**63 - 1)])
def test_cli_integer_argument_at_its_bounds_is_taken(flag, value, expected):
    from andrea_desktop.cli.train import _train_parser

    args = _train_parser().parse_args(["--run-dir", "r", flag, value])
    assert getattr(args, flag[2:].replace("-", "_")) == expected
