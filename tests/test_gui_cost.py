"""The window's own cost to training: the GUI thread's Python holds the GIL the
training thread needs, so the window redraws only what can be seen, at a paced rate while
training, catches up what was skipped, and never lets snapshots queue up."""

from __future__ import annotations

import time

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF

from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR, TRAIN_TOKENS_PER_S
from andrea_desktop.core.viewmodels.snapshot import Snapshot
from andrea_desktop.gui.plots.menus import plot_widget
from andrea_desktop.gui.plots.pacing import MAX_GAP_S, RedrawPacer
from andrea_desktop.gui.run import worker as qt_worker
from andrea_desktop.gui.run.worker import TrainingThread


def _snap(first: int, n: int = 3, **kw) -> Snapshot:
    steps = np.arange(first, first + n, dtype=np.int64)
    return Snapshot(steps=steps, loss=4.0 - 0.01 * steps, lr=np.full(n, 1e-3), grad_norm=np.ones(n),
                    tokens_per_s=np.full(n, 1e4), **kw)


def _count_refreshes(monkeypatch, panel) -> list[int]:
    """Count the panel's redraws (those its paced redraw runs; a panel without one: its refresh)."""
    calls: list[int] = []
    owner, name = (panel.pacer, "_redraw") if hasattr(panel, "pacer") else (panel, "refresh")
    real = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda: (calls.append(1), real())[1])
    return calls


def _drawn_steps(w) -> np.ndarray:
    x, _y = w.loss_panel.raw_curve.getData()
    return np.asarray(x if x is not None else [])


def test_a_closed_loss_dock_gets_no_redraw_per_snapshot_and_catches_up_when_shown(make_window, qtbot,
                                                                                   monkeypatch):
    w = make_window()
    calls = _count_refreshes(monkeypatch, w.loss_panel)
    w.loss_dock.hide()  # View menu: the dock closed
    for first in (0, 3, 6):
        w.view.show_snapshot(_snap(first), running=False)  # not training: a shown plot redraws at once
    assert calls == [] and "loss" in w.view.stale
    assert w.history.loss.steps.data.tolist() == list(range(9))  # the view-model has every row
    w.loss_dock.show()
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=30_000)
    assert "loss" not in w.view.stale
    np.testing.assert_array_equal(_drawn_steps(w), np.arange(9))


def test_a_plot_tabbed_behind_another_catches_up_when_its_tab_is_raised(make_window, qtbot, monkeypatch):
    w = make_window()
    calls = _count_refreshes(monkeypatch, w.simplex_panel)
    w.attention_dock.raise_()  # the simplex dock's tab goes behind
    qtbot.waitUntil(lambda: not w.view.shown["simplex"], timeout=30_000)
    mix = {"weight": np.array([0.5, 0.5]), "pulls": np.array([1.0, 2.0])}
    w.model.start_mixture(("a", "b"), None, False)  # the run's sources, as its trainer prepared them
    calls.clear()
    w.view.show_snapshot(_snap(0, mixture=mix, mixture_names=("a", "b")), running=True)
    w.view.show_snapshot(_snap(3, mixture=mix, mixture_names=("a", "b")), running=False)
    assert calls == [] and "simplex" in w.view.stale
    w.simplex_dock.raise_()
    qtbot.waitUntil(lambda: len(calls) == 1, timeout=30_000)
    assert "simplex" not in w.view.stale


def test_while_training_the_loss_plot_redraws_at_the_paced_rate_and_draws_the_last_snapshot(
        make_window, qtbot, monkeypatch):
    w = make_window()
    calls = _count_refreshes(monkeypatch, w.loss_panel)
    qtbot.wait(int(MAX_GAP_S * 1000) + 100)  # the window's own first redraw is long past
    for k in range(6):  # a burst, faster than LIVE_REFRESH_S
        w.view.show_snapshot(_snap(3 * k), running=True)
    assert len(calls) == 1  # the first at once, the rest wait for the pace
    assert "loss" in w.view.stale
    qtbot.waitUntil(lambda: "loss" not in w.view.stale, timeout=int(MAX_GAP_S * 1000) + 5_000)
    assert len(calls) == 2  # one more redraw brings the whole burst
    np.testing.assert_array_equal(_drawn_steps(w), np.arange(18))


def test_an_event_marked_on_the_loss_panel_is_drawn_at_once_while_training(make_window, qtbot, monkeypatch):
    """A pivot, pause or anomaly shows its marker at once (Apply in the curriculum dialog), not
    at the next paced redraw; a snapshot without one keeps the pace."""
    w = make_window()
    calls = _count_refreshes(monkeypatch, w.loss_panel)
    qtbot.wait(int(MAX_GAP_S * 1000) + 100)
    w.view.show_snapshot(_snap(0), running=True)
    w.view.show_snapshot(_snap(3), running=True)  # waits for the pace
    assert len(calls) == 1 and "loss" in w.view.stale
    w.view.show_snapshot(_snap(6, events=((7, "pivot", {"weights": {}}),)), running=True)
    assert len(calls) == 2 and "loss" not in w.view.stale
    assert [line.value() for line in w.loss_panel.markers.lines] == [7]
    w.view.stop()


def test_not_training_every_snapshot_is_drawn_at_once(make_window, monkeypatch):
    w = make_window()
    calls = _count_refreshes(monkeypatch, w.loss_panel)
    for k in range(3):
        w.view.show_snapshot(_snap(3 * k), running=False)
        assert len(calls) == k + 1
        np.testing.assert_array_equal(_drawn_steps(w), np.arange(3 * k + 3))


def test_a_pause_draws_at_once_what_the_paced_redraw_left_behind(make_window, monkeypatch):
    w = make_window()
    w.view.show_snapshot(_snap(0), running=True)
    w.view.show_snapshot(_snap(3), running=True)  # waits for the pace
    assert "loss" in w.view.stale
    w.on_run_state(None)  # the run's state changed (paused, stopped)
    assert "loss" not in w.view.stale
    np.testing.assert_array_equal(_drawn_steps(w), np.arange(6))


def test_a_snapshot_waits_while_the_gui_thread_has_not_taken_the_last_one(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(qt_worker, "SNAPSHOT_INTERVAL_S", 0.0)  # every row may be sent at once
    t = TrainingThread(tmp_path / "run")  # its observer, not started: called from this thread
    sent: list[Snapshot] = []
    t.snapshot.connect(sent.append)
    row = {TRAIN_LOSS: 3.0, TRAIN_LR: 1e-3, TRAIN_TOKENS_PER_S: 1e4}
    t.on_scalars(1, row)
    assert [s.steps.tolist() for s in sent] == [[1]]
    t.on_scalars(2, row)  # the GUI thread has not taken step 1's yet: no second one queues up
    t.on_scalars(3, row)
    assert len(sent) == 1
    t.snapshot_taken()
    t.on_scalars(4, row)  # one larger snapshot with every row since
    assert [s.steps.tolist() for s in sent] == [[1], [2, 3, 4]]
    t.on_scalars(5, row)
    t.on_state("paused")  # a state change is sent whatever is in flight
    assert [s.steps.tolist() for s in sent] == [[1], [2, 3, 4], [5]]


def test_the_runs_table_looks_for_changed_runs_only_while_it_is_on_screen(make_window, qtbot, monkeypatch):
    w = make_window()
    dock = w.runs_panel
    qtbot.waitUntil(lambda: not dock.timer.isActive(), timeout=30_000)  # tabbed behind at start
    calls = _count_refreshes(monkeypatch, dock)
    w.runs_dock.raise_()
    qtbot.waitUntil(dock.timer.isActive, timeout=30_000)
    assert len(calls) == 1  # shown: it looks at once
    w.simplex_dock.raise_()
    qtbot.waitUntil(lambda: not dock.timer.isActive(), timeout=30_000)


def _burn(seconds: float) -> None:
    """Spend ``seconds`` of this thread's CPU time."""
    t0 = time.thread_time()
    while time.thread_time() - t0 < seconds:
        pass


def test_a_dear_redraw_is_spaced_to_its_share_of_a_core_and_never_past_the_longest_gap(qapp):
    """While training, a pacer spaces its redraws by what they cost the GUI thread (CPU time, the
    paints of the plots it watches included): at most ``share`` of a core, at the base pace when
    cheap, never more than MAX_GAP_S apart."""
    cost = [0.0]
    p = RedrawPacer(lambda: _burn(cost[0]), 0.5, share=0.02)
    p.set_running(True)
    for _ in range(2):
        p.now()
    assert p.gap == 0.5  # cheap: the base pace
    cost[0] = 0.02  # 20 ms a redraw: 1 s apart keeps it to 2 % of a core
    for _ in range(8):  # the cost is smoothed over the last few redraws
        p.now()
    assert p.cost_s >= 0.019 and p.gap == pytest.approx(p.cost_s / 0.02) and p.gap >= 0.95
    cost[0] = 0.1  # 100 ms: 5 s would be its share, but the picture never waits more than MAX_GAP_S
    for _ in range(3):
        p.now()
    assert p.gap == MAX_GAP_S
    p.stop()


class _DearItem(pg.GraphicsObject):
    def boundingRect(self):  # noqa: N802 (Qt's name)
        return QRectF(0, 0, 1, 1)

    def paint(self, *_args) -> None:
        _burn(0.01)


def test_a_watched_plots_paints_count_in_its_pacers_cost(qtbot):
    view = plot_widget()
    qtbot.addWidget(view)
    view.resize(300, 200)
    view.show()
    qtbot.waitExposed(view)
    painted: list[float] = []
    view.paint_listeners.append(painted.append)
    p = RedrawPacer(lambda: None, 0.5)
    p.watch(view)
    p.now()  # a redraw that costs nothing; then the paints it would cause
    view.addItem(_DearItem())  # an item that takes 10 ms to paint
    view.grab()  # a paint now
    assert len(painted) >= 1 and painted[-1] >= 0.01
    p.now()  # the cycle is complete: its cost is the paints'
    assert p.cost_s >= 0.01
    p.stop()


def test_a_pacers_share_is_a_fraction_of_a_core(qapp):
    for bad in (0, -0.1, 1.5):
        with pytest.raises(ValueError, match="share"):
            RedrawPacer(lambda: None, 0.5, share=bad)
