"""The automatic torch thread count (``run.torch_threads = 0``): a timed trial of n and n - 1
threads at the start and again when throughput drops, recorded in the run; a user's count wins."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import tiny_config

from andrea_desktop.core.config import load_config
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import placement, run_session
from andrea_desktop.core.training import threads as threads_mod
from andrea_desktop.core.training.threads import (
    CLEARLY_SLOWER,
    EARLY_STEPS,
    WINDOW,
    ThreadReason,
    ThreadTuner,
    ThrowawayWork,
    candidate_counts,
)
from andrea_desktop.gui.run.driver import thread_label


@pytest.fixture(autouse=True)
def _keep_torch_threads():
    """The trials set torch's count for the whole process: give the next test its own back."""
    n = torch.get_num_threads()
    yield
    torch.set_num_threads(n)


@pytest.fixture
def two_cores(monkeypatch):
    """The process may use 2 cores, whatever machine runs the test."""
    monkeypatch.setattr(threads_mod, "available_cores", lambda: 2)
    monkeypatch.setattr(placement, "available_cores", lambda: 2)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make_tuner(rates: dict[int, float], clock=None, **kw) -> tuple[ThreadTuner, list[int], list[int]]:
    """A tuner over ``rates`` (threads -> tokens/s); returns it, the counts measured and the
    counts set."""
    measured, set_to = [], []

    def measure(n: int) -> float:
        measured.append(n)
        return rates[n]

    tuner = ThreadTuner(measure, tuple(sorted(rates, reverse=True)), cores=max(rates), set_threads=set_to.append,
                        clock=clock or FakeClock(), **kw)
    return tuner, measured, set_to


# ------------------------------------------------------------------ the trial
def test_the_trial_picks_the_faster_thread_count():
    # the figures: both cores of two with a competing busy process, against one
    tuner, measured, set_to = make_tuner({2: 3290.0, 1: 10140.0})
    choice = tuner.start()
    assert choice.threads == 1 and set_to == [1] and measured == [2, 1] and tuner.threads == 1
    assert choice.reason is ThreadReason.START and choice.previous is None
    assert choice.rates == {2: 3290.0, 1: 10140.0}
    # an idle machine: both cores win
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0})
    assert tuner.start().threads == 2 and set_to == [2]
    # a tie leaves a core free
    tuner, _, _ = make_tuner({4: 9000.0, 3: 9000.0})
    assert tuner.start().threads == 3


def test_the_candidates_are_n_and_one_fewer_on_the_cpu_only():
    cpu, cuda = torch.device("cpu"), torch.device("cuda")
    assert candidate_counts(2, cpu) == (2, 1)
    assert candidate_counts(8, cpu) == (8, 7)
    assert candidate_counts(1, cpu) == (1,)
    assert candidate_counts(0, cpu) == (1,)
    assert candidate_counts(8, cuda) == (8,)


def test_one_count_to_give_is_taken_without_measuring():
    def measure(n):
        raise AssertionError("nothing to compare: no trial")

    set_to = []
    tuner = ThreadTuner(measure, (1,), cores=2, set_threads=set_to.append, clock=FakeClock(), window=2)
    choice = tuner.start()
    assert choice.threads == 1 and choice.rates == {} and set_to == [1]
    assert all(tuner.observe(r) is None for r in [1000.0, 1000.0, 10.0, 10.0, 10.0])  # nothing to switch to


def test_the_trial_spends_about_its_budget_on_a_slow_count():
    from andrea_desktop.core.config import ModelConfig
    from andrea_desktop.core.model import GPT

    model = GPT(ModelConfig(n_layer=1, n_head=1, d_model=16, block_size=8, vocab_size=50))

    def work(pass_s: float) -> tuple[float, int]:
        ticks = [0.0]

        def clock():  # each reading is pass_s later: a pass (two readings) measures pass_s
            ticks[0] += pass_s
            return ticks[0]

        rate = ThrowawayWork(model, 2, 8, 50, torch.device("cpu"), repeats=3, budget_s=1.0, clock=clock)(1)
        return rate, round(ticks[0] / (2 * pass_s))

    assert work(0.1) == (pytest.approx(16 / 0.1), 4)  # a warm-up pass and 3 timed ones
    assert work(0.4) == (pytest.approx(16 / 0.4), 3)  # the warm-up and 2 timed: 1.2 s
    assert work(5.0) == (pytest.approx(16 / 5.0), 1)  # one pass took the budget: it is the measurement
    assert all(p.grad is None for p in model.parameters())


# ------------------------------------------------------------------ watching the steps
def test_a_throughput_drop_runs_the_trial_again():
    clock = FakeClock()
    tuner, measured, _ = make_tuner({2: 12000.0, 1: 10000.0}, clock, window=4, cooldown_s=30.0, recheck_s=1e9)
    assert tuner.start().threads == 2
    measured.clear()
    clock.now = 100.0
    for rate in [11000.0, 11000.0, 10000.0, 12000.0]:  # the first window sets the baseline
        assert tuner.observe(rate) is None
    assert tuner.baseline == 11000.0
    for rate in [11000.0, 9000.0, 8000.0]:  # one slow step, then a median still above 0.7 x
        assert tuner.observe(rate) is None
    tuner.measure = lambda n: {2: 3290.0, 1: 10140.0}[n]  # another process took a core
    for rate in [3000.0, 3000.0]:
        choice = tuner.observe(rate)
    assert choice is not None and choice.reason is ThreadReason.SLOWDOWN
    assert choice.threads == 1 and choice.previous == 2
    assert choice.baseline_tokens_per_s == 11000.0 and choice.window_tokens_per_s == 5500.0
    assert tuner.baseline is None  # the new count sets its own baseline


def test_a_cool_down_prevents_trials_in_quick_succession():
    clock = FakeClock()
    tuner, measured, _ = make_tuner({2: 12000.0, 1: 10000.0}, clock, window=2, cooldown_s=30.0, recheck_s=1e9)
    tuner.start()
    measured.clear()
    for rate in [10000.0, 10000.0]:
        tuner.observe(rate)
    clock.now = 29.0  # slow at once after the trial: within the cool-down nothing runs
    assert [tuner.observe(r) for r in [1000.0, 1000.0, 1000.0]] == [None, None, None]
    assert measured == []
    clock.now = 30.0
    choice = tuner.observe(1000.0)
    assert choice is not None and choice.reason is ThreadReason.SLOWDOWN and measured == [2, 1]
    # a trial that takes long makes its cool-down longer: 20 x its duration
    slow = FakeClock()

    def measure(n):
        slow.now += 2.5
        return {2: 1.0, 1: 2.0}[n]

    tuner = ThreadTuner(measure, (2, 1), cores=2, set_threads=lambda n: None, clock=slow, window=2, cooldown_s=30.0,
                        recheck_s=1e9)
    tuner.start()  # 5 s: a cool-down of 100 s
    for rate in [10.0, 10.0]:
        tuner.observe(rate)
    slow.now += 99.0
    assert tuner.observe(1.0) is None and tuner.observe(1.0) is None
    slow.now += 1.0
    assert tuner.observe(1.0) is not None


def test_the_trial_runs_again_after_a_while_without_a_slowdown():
    clock = FakeClock()
    tuner, _, _ = make_tuner({2: 12000.0, 1: 10000.0}, clock, window=2, cooldown_s=30.0, recheck_s=300.0)
    tuner.start()
    for rate in [10000.0, 10000.0]:
        tuner.observe(rate)
    clock.now = 299.0
    assert tuner.observe(10000.0) is None
    clock.now = 300.0
    choice = tuner.observe(10000.0)
    assert choice is not None and choice.reason is ThreadReason.RECHECK and choice.previous == 2


def test_the_status_bar_names_threads_in_the_singular_and_the_automatic_choice(qapp):
    assert thread_label(1, auto=False) == "1 thread"
    assert thread_label(4, auto=False) == "4 threads"
    assert thread_label(2, auto=True) == "2 threads (auto)"
    assert thread_label(1, auto=True) == "1 thread (auto)"
    assert thread_label(None, auto=True) == "auto threads"


# ------------------------------------------------------------------ in a run
def test_a_user_thread_count_is_never_changed_and_no_trial_runs(tmp_path, two_cores, monkeypatch):
    def no_trial(self, threads):
        raise AssertionError("a user's thread count is never measured")

    monkeypatch.setattr(ThrowawayWork, "__call__", no_trial)
    cfg = tiny_config(run={"torch_threads": 1})
    with run_session(tmp_path / "run", config=cfg) as trainer:
        assert trainer.threads is None
        trainer.run(12)
        assert torch.get_num_threads() == 1
    assert load_config(tmp_path / "run" / CONFIG).run.torch_threads == 1
    reader = RunReader(tmp_path / "run" / METRICS_DB)
    assert reader.events("threads") == []
    reader.close()


def test_the_automatic_choice_is_recorded_as_an_event(tmp_path, two_cores):
    cfg = tiny_config(run={"torch_threads": 0})
    with run_session(tmp_path / "run", config=cfg) as trainer:
        assert trainer.threads is not None and trainer.threads.candidates == (2, 1)
        trainer.run(3)
        chosen = torch.get_num_threads()
    # "auto" stays in the run's config: a later start measures again
    assert load_config(tmp_path / "run" / CONFIG).run.torch_threads == 0
    reader = RunReader(tmp_path / "run" / METRICS_DB)
    (event,) = reader.events("threads")
    kinds = [k for _s, k, _p, _t in reader.events()]
    reader.close()
    step, _kind, payload, _t = event
    assert step == 0 and kinds.index("threads") == kinds.index("start") + 1
    rates = {int(k): v for k, v in payload["tokens_per_s"].items()}
    assert set(rates) == {1, 2} and all(v > 0 for v in rates.values())
    assert payload["threads"] == max(rates, key=lambda n: (rates[n], -n)) == chosen
    assert payload["reason"] == "start" and payload["previous"] is None and payload["cores"] == 2


def test_under_the_window_the_trial_is_checked_on_whole_steps():
    # the passes alone favour both cores; beside the window's work the whole steps on one core
    # are faster: one window of steps at each count, the faster kept and recorded with both medians
    tuner, _measured, set_to = make_tuner({2: 15000.0, 1: 10000.0}, by_steps=True, window=4)
    assert tuner.start().threads == 2 and set_to == [2]
    for rate in (7000.0, 7100.0, 6900.0):
        assert tuner.observe(rate) is None
    assert tuner.observe(7000.0) is None and tuner.threads == 1 and set_to == [2, 1]  # now one thread
    for rate in (9000.0, 9100.0, 8900.0):
        assert tuner.observe(rate) is None
    choice = tuner.observe(9000.0)
    assert choice.reason is ThreadReason.STEPS and choice.threads == 1 and choice.previous == 2
    assert choice.rates == {2: 7000.0, 1: 9000.0} and set_to == [2, 1, 1] and tuner.baseline == 9000.0
    # the trial's count wins when its steps are faster too; the slowdown watch goes on from there
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0}, by_steps=True, window=2)
    tuner.start()
    for rate in (12000.0, 12000.0, 8000.0):
        assert tuner.observe(rate) is None
    choice = tuner.observe(8000.0)
    assert choice.threads == 2 and set_to == [2, 1, 2] and tuner.baseline == 12000.0
    assert tuner.observe(3000.0) is None and tuner.observe(3000.0) is None  # within the cool-down
    # headless: no check on steps
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0}, window=2)
    tuner.start()
    assert [tuner.observe(r) for r in (7000.0, 7000.0, 7000.0)] == [None, None, None] and set_to == [2]


def test_a_count_whose_first_steps_are_clearly_slower_is_left_early():
    # one thread at ~0.65x of two beside the window (2 cores): four steps of it, not a whole window
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0}, by_steps=True, window=WINDOW)
    tuner.start()
    for _ in range(WINDOW):
        tuner.observe(12000.0)
    assert tuner.threads == 1 and set_to == [2, 1]
    slow = [7800.0, 7900.0, 8100.0, 7700.0]
    assert EARLY_STEPS == len(slow) and max(slow) < CLEARLY_SLOWER * 12000.0
    assert [tuner.observe(r) for r in slow[:-1]] == [None] * (EARLY_STEPS - 1)
    choice = tuner.observe(slow[-1])
    assert choice.reason is ThreadReason.STEPS and choice.threads == 2 and set_to == [2, 1, 2]
    assert choice.rates == {2: 12000.0, 1: 7850.0} and tuner.baseline == 12000.0
    # a count that is only a little slower (or faster) at first gets its whole window
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0}, by_steps=True, window=WINDOW)
    tuner.start()
    for _ in range(WINDOW):
        tuner.observe(12000.0)
    close = CLEARLY_SLOWER * 12000.0 + 100.0
    assert [tuner.observe(close) for _ in range(WINDOW - 1)] == [None] * (WINDOW - 1) and tuner.threads == 1
    choice = tuner.observe(close)
    assert choice.threads == 2 and choice.rates == {2: 12000.0, 1: close}
    # the first count's window is never cut short (there is nothing yet to be slower than)
    tuner, _, set_to = make_tuner({2: 15000.0, 1: 10000.0}, by_steps=True, window=WINDOW)
    tuner.start()
    assert [tuner.observe(r) for r in [3000.0] * (WINDOW - 1)] == [None] * (WINDOW - 1) and set_to == [2]


def test_the_window_tries_every_core_and_records_the_faster_steps(tmp_path, two_cores):
    cfg = tiny_config(run={"torch_threads": 0})
    with run_session(tmp_path / "run", config=cfg, gui=True) as trainer:
        assert trainer.threads.candidates == (2, 1) and trainer.threads.by_steps
        trainer.threads.window = 2
        trainer.run(6)
    reader = RunReader(tmp_path / "run" / METRICS_DB)
    start, steps = reader.events("threads")
    reader.close()
    assert start[2]["reason"] == "start" and set(start[2]["tokens_per_s"]) == {"1", "2"}
    rates = {int(k): v for k, v in steps[2]["tokens_per_s"].items()}
    assert steps[2]["reason"] == "steps" and set(rates) == {1, 2}
    assert steps[2]["threads"] == max(rates, key=lambda n: (rates[n], -n))


def _losses(run_dir):
    reader = RunReader(run_dir / METRICS_DB)
    out = {name: reader.scalars(name)[1] for name in ("train/loss", "train/grad_norm", "val/loss")}
    reader.close()
    return out


def test_the_trial_leaves_the_training_unchanged(tmp_path, two_cores, monkeypatch):
    """The trials' passes (at the start and mid-run, with dropout drawing from the run's
    generator) change no loss, gradient norm or validation loss: the run equals one trained at
    the same thread count without a trial, bit for bit."""
    steps, model = 30, {"dropout": 0.1}
    fixed = tiny_config(run={"torch_threads": 1}, model=model)
    with run_session(tmp_path / "fixed", config=fixed) as trainer:
        trainer.run(steps)

    monkeypatch.setattr(threads_mod, "COOLDOWN_TRIALS", 0)
    auto = tiny_config(run={"torch_threads": 0}, model=model)
    measured = []
    with run_session(tmp_path / "auto", config=auto) as trainer:
        tuner = trainer.threads
        real = tuner.measure

        def measure(n: int) -> float:  # the real passes; the rates chosen so that 1 thread wins
            measured.append(n)
            real(n)
            return 1000.0 * (3 - n)

        tuner.measure, tuner.window, tuner.cooldown_s, tuner.recheck_s = measure, 2, 0.0, 0.0
        trainer.run(steps)
    reader = RunReader(tmp_path / "auto" / METRICS_DB)
    reasons = [p["reason"] for _s, _k, p, _t in reader.events("threads")]
    reader.close()
    assert reasons[0] == "start" and len(reasons) >= 6  # and trials between the steps
    assert len(measured) == 2 * len(reasons)
    a, b = _losses(tmp_path / "fixed"), _losses(tmp_path / "auto")
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)


# ------------------------------------------------------------------ the window
def test_the_status_bar_shows_the_automatic_thread_count(qtbot, make_window, monkeypatch):
    # 3 cores: the trial compares 3 and 2 threads (3 steps: too few for the check on whole steps)
    monkeypatch.setattr(threads_mod, "available_cores", lambda: 3)
    monkeypatch.setattr(placement, "available_cores", lambda: 3)
    w = make_window(tiny_config(run={"torch_threads": 0}), max_steps=3)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    (event,) = [p for _s, kind, p in w.history.events if kind == "threads"]
    assert event["threads"] in (2, 3) and set(event["tokens_per_s"]) == {"2", "3"}
    label = w.device_label.text()
    assert f" · {thread_label(event['threads'], auto=True)} · " in label, label


def test_the_status_bar_names_a_fixed_thread_count(qtbot, make_window):
    w = make_window(tiny_config(), max_steps=2)  # run.torch_threads = 1
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert "cpu · 1 thread · preset" in w.device_label.text()
    assert not [kind for _s, kind, _p in w.history.events if kind == "threads"]
