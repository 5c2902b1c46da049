"""Two creators of a run in one folder at once: the run's lock is taken before
anything is written, so one makes the run and trains it, the other is refused, and nothing the
lock holder wrote is ever removed by the other's clean-up (docs/design.md#the-run-folder)."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest
from conftest import ForkedProcess, tiny_config, train_run

from andrea_desktop.core.rundir.lineage import read_parent
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import RunError, run_session
from andrea_desktop.core.training.branch import create_branch

WINNER_FILES = ("config.toml", "tokenizer.json", "metrics.sqlite", ".andrea.lock")


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _during_preparation(action):
    """A progress callback that runs ``action`` once, while the run is being prepared (after the
    folder was found empty, before the tokenizer and config.toml are written)."""
    done = []

    def progress(stage, n, total):  # noqa: ARG001
        if not done:
            done.append(True)
            action()
    return progress


def test_a_second_new_run_started_while_the_first_prepares_is_refused_and_removes_nothing(tmp_path):
    run = tmp_path / "run"
    outcome = {}

    def second():  # run B starts while run A is still preparing (a slow source)
        b = run_session(run, config=tiny_config(run={"seed": 11, "torch_threads": 1}))
        try:
            trainer = b.open()
        except RunError as exc:
            outcome["b"] = exc
            return
        trainer.run(3)
        outcome["b"] = b  # B trains and keeps the run open while A finishes its preparation
        outcome["b_files"] = {n: _digest(run / n) for n in ("config.toml", "tokenizer.json")}

    a = run_session(run, config=tiny_config(run={"seed": 7, "torch_threads": 1}), progress=_during_preparation(second))
    try:
        a.open()
    except RunError as exc:
        outcome["a"] = exc
    else:
        outcome["a"] = a
    try:
        refused = [k for k in "ab" if isinstance(outcome[k], RunError)]
        assert len(refused) == 1, f"both started: {outcome}"  # the old code: A overwrote B's files
        winner = outcome["b" if refused == ["a"] else "a"]
        assert "another process" in str(outcome[refused[0]])
        assert all((run / n).exists() for n in WINNER_FILES), sorted(p.name for p in run.iterdir())
        if winner is outcome.get("b"):
            assert {n: _digest(run / n) for n in ("config.toml", "tokenizer.json")} == outcome["b_files"]
        winner.trainer.run(5)  # the winner trains on, its files all there
        assert winner.trainer.config.run.seed == (11 if winner is outcome.get("b") else 7)
    finally:
        for k in "ab":
            if not isinstance(outcome.get(k), RunError) and outcome.get(k) is not None:
                outcome[k].close()
    with RunReader(run / "metrics.sqlite") as reader:
        steps = list(reader.scalars("train/loss")[0])
    assert steps[-1] == 5 and steps == sorted(set(steps))


@pytest.fixture(scope="module")
def parent(tmp_path_factory):
    run = tmp_path_factory.mktemp("parent") / "p"
    train_run(run, tiny_config(run={"torch_threads": 1}, probe={"enabled": False},
                               checkpoint={"interval": 4, "keep_last": 3}), max_steps=4)
    return run


def test_a_branch_made_while_a_new_run_prepares_in_its_folder_is_refused(tmp_path, parent):
    run = tmp_path / "run"
    outcome = {}

    def branch():
        try:
            outcome["branch"] = create_branch(parent, run)
        except RunError as exc:
            outcome["branch"] = exc

    a = run_session(run, config=tiny_config(run={"seed": 7, "torch_threads": 1}), progress=_during_preparation(branch))
    try:
        a.open()
    except RunError as exc:
        outcome["a"] = exc
    else:
        outcome["a"] = a
    try:
        made = [k for k in ("a", "branch") if not isinstance(outcome[k], RunError)]
        assert len(made) == 1, f"both made a run in one folder: {outcome}"  # the old code: a mix of two
        assert "another process" in str(outcome["branch" if made == ["a"] else "a"])
        if made == ["a"]:  # the new run, and nothing of the branch
            assert read_parent(run) is None and not (run / "checkpoints").exists()
            outcome["a"].trainer.run(2)
    finally:
        if not isinstance(outcome["a"], RunError):
            outcome["a"].close()


# ------------------------------------------------------------------ two andrea-train of one new run at once
SLOW_TRAIN = """
import os, sys, time
import andrea_desktop.core.training.prepare as prepare
go = sys.argv.pop(1)
real = prepare.load_sources
def load_sources(*a, **k):  # an uncached --source: reading until the test says go (60 s at most)
    if go:
        open(go + ".reading", "w").close()  # the test starts the second process now
    deadline = time.monotonic() + 60
    while go and not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.02)
    return real(*a, **k)
prepare.load_sources = load_sources
from andrea_desktop.cli.train import train_main
sys.exit(train_main())
"""


def _start(run, go, seed):
    args = ["--run-dir", str(run), "--preset", "andrea-tiny", "--seed", str(seed), "--max-steps", "2", "-q",
            "--set", "run.torch_threads=1", "--set", "train.eval_interval=100", "--set", "probe.enabled=false"]
    return ForkedProcess([go, *args], code=SLOW_TRAIN)


@pytest.mark.parametrize("round_", range(2))
def test_two_andrea_train_of_a_new_run_at_once_one_trains_the_other_is_refused(tmp_path, round_):
    run, go = tmp_path / f"race-{round_}", tmp_path / f"go-{round_}"
    first = _start(run, go=go, seed=1)  # slow: it prepares until the second has started and ended
    reading = Path(f"{go}.reading")
    deadline = time.monotonic() + 120
    while not reading.exists():  # the first is preparing the run: reading its sources
        assert first.poll() is None and time.monotonic() < deadline, first.output()
        time.sleep(0.01)
    second = _start(run, go="", seed=2)
    second_result = (second.wait(timeout=300), *second.output())
    go.touch()
    results = [(first.wait(timeout=300), *first.output()), second_result]
    codes = sorted(rc for rc, _, _ in results)
    assert codes == [0, 2], results
    winner = next(r for r in results if r[0] == 0)
    loser = next(r for r in results if r[0] == 2)
    assert "another process" in loser[2] and "stopped at step 2" in winner[1]
    assert all((run / n).exists() for n in WINNER_FILES), (sorted(p.name for p in run.iterdir()), results)
    with RunReader(run / "metrics.sqlite") as reader:
        assert list(reader.scalars("train/loss")[0]) == [1, 2]
