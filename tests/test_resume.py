"""Exact resume: the same run, uninterrupted, paused in the GUI, and stopped in one
process and resumed in another, gives bit-identical losses, LRs and sampled sources."""

import textwrap

import numpy as np
import pytest
from conftest import andrea_train, python_c, tiny_config, train_run

from andrea_desktop.core.config import save_config
from andrea_desktop.core.mixture.curriculum import Pivot
from andrea_desktop.core.mixture.sampler import sample_rows
from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import TrainingControl, prepare_run, run_session

N = 20  # stop / pause here; the runs end at 2N
PIVOT_AT = 12  # before N: the pivot's effect lives in the checkpoint
SOURCES = ["python-reference", "stdlib-docstrings", "stdlib-code"]  # the run's order


def resume_config():
    # bandit with random and bandit phases, curriculum warmup ending at 30 (after N), validation,
    # probes and samples, checkpoints every 10 steps
    return tiny_config(
        curriculum={"warmup_sources": ["python-reference", "stdlib-docstrings"], "warmup_steps": 30,
                    "phase_min": 3, "phase_max": 6, "random_share": 0.3},
        train={"eval_interval": 10},
        probe={"interval": 7, "sample_interval": 9, "sample_tokens": 6},
        checkpoint={"interval": 10},
    )


PIVOT_CONSTRAINTS = {"floors": {"stdlib-code": 0.2}, "caps": {"python-reference": 0.5},
                     "warmup_sources": ["python-reference", "stdlib-docstrings"]}
"""The pivot's constraints (as data: the resuming process of a test builds the same pivot)."""


def pivot() -> Pivot:
    return Pivot(Constraints.from_dict(SOURCES, PIVOT_CONSTRAINTS), keep_stats=True)


def trace(run_dir, seed, batch_size, lengths):
    """losses, LRs and the sampled source of every row of every step, from the run's store."""
    reader = RunReader(run_dir / "metrics.sqlite")
    try:
        steps, loss = reader.scalars("train/loss")
        _, lr = reader.scalars("train/lr")
        weights = {}
        for name in SOURCES:
            s, v = reader.scalars(f"mix/weight/{name}")
            weights[name] = dict(zip(s.tolist(), v.tolist(), strict=True))
        pivots = [s for s, *_ in reader.events("pivot")]
        warm_end = [s for s, *_ in reader.events("curriculum_warmup_end")]
    finally:
        reader.close()
    # the sampler is a pure function of (seed, step, row, weights): the weights logged at each
    # change give the sources every row was drawn from
    sources, current = [], None
    for step in steps.tolist():
        if step in weights[SOURCES[0]]:
            current = np.array([weights[n][step] for n in SOURCES])
        src, _ = sample_rows(seed, step, np.arange(batch_size), current, lengths, 33)
        sources.append(src)
    return steps, loss, lr, np.stack(sources), pivots, warm_end


def _lengths(run_dir):
    p = prepare_run(run_dir)
    return np.array([len(s.train) for s in p.dataset.sources], dtype=np.int64)


def test_uninterrupted_paused_and_resumed_runs_are_bit_identical(tmp_path, make_window, qtbot):
    cfg = resume_config()

    # A: uninterrupted, 2N steps
    control = TrainingControl()
    control.request_pivot(pivot(), at_step=PIVOT_AT)
    train_run(tmp_path / "a", cfg, 2 * N, control)

    # B: the GUI, paused at N and resumed
    w = make_window(cfg, max_steps=2 * N, run="b")
    w.start_training()
    w.thread.control.pause_at(N)
    w.thread.control.request_pivot(pivot(), at_step=PIVOT_AT)
    qtbot.waitUntil(lambda: w.state == "paused", timeout=60_000)
    assert w.history.last_step == N
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)

    # C: stopped at N, the process ended, resumed from the checkpoint by another process
    save_config(cfg, tmp_path / "cfg.toml")
    script = textwrap.dedent(f"""
        import sys
        from andrea_desktop.core.config import load_config
        from andrea_desktop.core.mixture.curriculum import Pivot
        from andrea_desktop.core.mixture.simplex import Constraints
        from andrea_desktop.core.training import TrainingControl, run_session
        def pivot():
            return Pivot(Constraints.from_dict({SOURCES!r}, {PIVOT_CONSTRAINTS!r}), keep_stats=True)
        cfg = load_config({str(tmp_path / "cfg.toml")!r})
        first = sys.argv[1] == "first"
        with run_session({str(tmp_path / "c")!r}, config=cfg if first else None, resume=True) as t:
            info = t.last_checkpoint
            assert (info is None) == first, info
            c = TrainingControl()
            if first:
                c.request_pivot(pivot(), at_step={PIVOT_AT})
            t.run({N} if first else {2 * N}, c)
    """)
    for phase in ("first", "second"):
        res = python_c(script, phase)
        assert res.returncode == 0, res.stderr

    lengths = _lengths(tmp_path / "a")
    a, b, c = (trace(tmp_path / r, cfg.run.seed, cfg.train.batch_size, lengths) for r in "abc")
    assert list(a[0]) == list(range(1, 2 * N + 1))
    assert a[4] == [PIVOT_AT + 1] and a[5] == [31]  # the pivot and the warmup's end (first step after it) are inside
    for other in (b, c):
        assert list(other[0]) == list(a[0])  # every step once
        np.testing.assert_array_equal(other[1], a[1])  # losses, bit-identical
        np.testing.assert_array_equal(other[2], a[2])  # learning rates
        np.testing.assert_array_equal(other[3], a[3])  # the source of every row
        assert other[4] == a[4] and other[5] == a[5]
    assert len(set(a[3].ravel().tolist())) == 3  # all three sources were drawn


def test_resume_restores_probes_samples_and_bandit(tmp_path):
    """Probes and samples after a resume are those of the uninterrupted run (own RNGs restored)."""
    cfg = resume_config()
    train_run(tmp_path / "a", cfg, 2 * N)
    train_run(tmp_path / "c", cfg, N)
    with run_session(tmp_path / "c") as t:  # an existing run: resumed from its newest checkpoint
        info = t.last_checkpoint
        assert info is not None and info.step == N
        t.run(2 * N)
    ra, rc = RunReader(tmp_path / "a" / "metrics.sqlite"), RunReader(tmp_path / "c" / "metrics.sqlite")
    try:
        assert ra.samples() == rc.samples()
        for name in ("mix/ucb/python-reference", "val/loss"):
            np.testing.assert_array_equal(ra.scalars(name)[1][-2:], rc.scalars(name)[1][-2:])
    finally:
        ra.close()
        rc.close()
    for step in (21, 28, 35):
        with np.load(tmp_path / "a" / "probes" / f"{step}.npz") as za, \
             np.load(tmp_path / "c" / "probes" / f"{step}.npz") as zc:
            np.testing.assert_array_equal(za["induction"], zc["induction"])  # probe generator restored
            np.testing.assert_array_equal(za["attention"], zc["attention"])


@pytest.mark.parametrize("where", ["before", "after"])
def test_pivot_at_a_step_is_logged_at_the_step_it_shapes(tmp_path, where):
    cfg = resume_config()
    control = TrainingControl()
    at = 4 if where == "before" else 14
    control.request_pivot(pivot(), at_step=at)
    train_run(tmp_path / "r", cfg, 16, control)
    reader = RunReader(tmp_path / "r" / "metrics.sqlite")
    assert [s for s, *_ in reader.events("pivot")] == [at + 1]
    reader.close()


def test_history_survives_a_trainer_that_never_ran_and_restart_has_no_duplicates(tmp_path, tiny_cfg):
    train_run(tmp_path / "run", tiny_cfg, 3)
    with run_session(tmp_path / "run", resume=False):  # opened, not run: nothing deleted
        pass
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    assert list(reader.scalars("train/loss")[0]) == [1, 2, 3]
    reader.close()
    res = andrea_train("--run-dir", tmp_path / "run", "--resume", "--max-steps", 5, "-q")
    assert res.returncode == 0, res.stderr
    reader = RunReader(tmp_path / "run" / "metrics.sqlite")
    assert list(reader.scalars("train/loss")[0]) == [1, 2, 3, 4, 5]  # continued from step 3's checkpoint
    assert list(reader.scalars("val/loss")[0]) == [0, 3, 5]  # step 0 once, not twice
    assert [s for s, *_ in reader.events("start")] == [0, 3]
    reader.close()
