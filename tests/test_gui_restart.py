"""Restarting a run in the window: every panel shows the new run only — no curve,
marker, sample, probe or embedding of the run it replaced."""

import shutil

import numpy as np
from conftest import tiny_config
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox


def _answer_yes():
    """Answer the next question box with Yes, as a user would."""
    answered = []

    def press():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, press)
            return
        answered.append(box.text())
        box.button(QMessageBox.StandardButton.Yes).click()

    QTimer.singleShot(50, press)
    return answered


def _shown_steps(w) -> dict[str, list[int]]:
    """The steps each panel shows something at."""
    ep = w.embedding_panel
    return {
        "loss": w.loss_panel.raw_curve.getData()[0].astype(int).tolist(),
        "loss markers": [int(m.value()) for m in w.loss_panel.markers.lines],
        "lr": w.lr_panel.used_curve.getData()[0].astype(int).tolist(),
        "lr markers": [int(m.value()) for m in w.lr_panel.markers.lines],
        "lr now": [int(w.lr_panel.now_line.value())],
        "simplex path": [d[0] for d in w.simplex_panel.path_points.data["data"]],
        "samples": [s for s, _, _ in w.samples_panel.samples],
        "attention": list(w.attention_panel.probe_steps),
        "embedding": [] if ep.step is None else [ep.step],
        "watch list": sorted({s for sets in ep.watch.values() for s in sets}),
    }


def test_a_restarted_run_shows_only_the_new_run_in_every_panel(qtbot, make_window, tmp_path):
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 400, "min_lr": 3e-4},
                      probe={"interval": 4, "sample_interval": 4, "sample_tokens": 6, "watch": ["the"]},
                      checkpoint={"interval": 1000}, curriculum={"phase_min": 2, "phase_max": 3})
    w = make_window(cfg, max_steps=12, run="r")
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=90_000)
    first = _shown_steps(w)
    assert first["samples"] == [4, 8, 12] and {4, 8, 12} <= set(first["attention"])
    assert first["embedding"] == [12] and 5 in first["lr markers"] and max(first["simplex path"]) > 3
    shutil.rmtree(w.run_dir / "checkpoints")  # history, but nothing to continue from

    w2 = make_window(run="r", max_steps=3)  # the run again, in a window that will restart it
    assert _shown_steps(w2)["samples"] == [4, 8, 12]  # its history is shown first
    answered = _answer_yes()
    w2.start_training()
    qtbot.waitUntil(lambda: bool(answered), timeout=30_000)
    assert "retrains it from step 0" in answered[0]
    qtbot.waitUntil(lambda: w2.thread is None and w2.state == "stopped", timeout=90_000)

    h = w2.history
    assert h.loss.steps.data.tolist() == [1, 2, 3]
    shown = _shown_steps(w2)
    assert shown["loss"] == [1, 2, 3] and shown["lr"] == [1, 2, 3] and shown["lr now"] == [3]
    assert all(s <= 3 for steps in shown.values() for s in steps), shown
    # the markers and the simplex path are exactly the new run's events
    events = [(s, k) for s, k, _ in h.events]
    assert shown["lr markers"] == [s for s, k in events if k in w2.lr_panel.markers.kinds]
    assert shown["loss markers"] == [s for s, k in events if k in w2.loss_panel.markers.kinds]
    assert shown["simplex path"] == w2.mixture.path_steps and w2.mixture.path_steps
    np.testing.assert_array_equal(w2.loss_panel.val_mean_curve.getData()[0], h.val_loss["mean"].steps.data)
    assert "step 12" not in w2.samples_panel.view.toPlainText()
    assert w2.attention_panel.probe is None or int(w2.attention_panel.probe["step"]) <= 3
