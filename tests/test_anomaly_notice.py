"""The anomaly notice: a bar over the loss panel, not a dialog; one notice per
episode, its depth updated as it deepens; each kind's own text, translated; the fix buttons work
and the keyboard stays where it was (Space pauses and resumes)."""

from __future__ import annotations

import numpy as np
from conftest import tiny_config
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit

from andrea_desktop.core.anomaly import LossWatch
from andrea_desktop.core.config import AnomalyConfig


def _deepening_cliff(source: str = "gutenberg") -> list[tuple[int, dict]]:
    """The detector's reports of a smooth memorisation: 100 calm steps at 3.0, then 200 steps
    sliding from 1.4 down to 0.05 (the events the trainer stores, with their steps)."""
    watch = LossWatch(AnomalyConfig())
    out = []
    for step, loss in enumerate([3.0] * 100 + list(np.geomspace(1.4, 0.05, 200)), start=1):
        out += [(step, p) for p in watch.observe(step, {source: float(loss)})]
    return out


def _dutch(x: float) -> str:
    return f"{x:.3f}".replace(".", ",")


def test_a_cliff_deepening_over_200_steps_is_one_non_modal_dutch_notice_whose_depth_follows(
        qtbot, make_window, speak):
    w = make_window(tiny_config())
    speak("nl")  # after the window: its configure_app installs the saved language
    reports = _deepening_cliff()
    assert [p["episode"]["phase"] for _, p in reports].count("start") == 1 and len(reports) > 5
    opened, ticks = [], []
    w.notices.message_shown.connect(lambda title, text: opened.append((title, text)))
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    w.loss_panel.plot.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.loss_panel.plot)
    notice = w.anomaly_notice
    texts = []
    for step, payload in reports:  # as the snapshots bring them
        w.show_anomaly(step, payload)
        texts.append(notice.text.text())
        before = len(ticks)
        qtbot.waitUntil(lambda before=before: len(ticks) > before, timeout=2_000)  # the event loop runs on
        assert QApplication.activeModalWidget() is None and w.message_box is None
        assert [t for t in QApplication.topLevelWidgets() if t.isVisible() and t is not w] == []
        assert QApplication.focusWidget() is w.loss_panel.plot  # the keyboard stays: Space pauses
    timer.stop()
    assert len(opened) == 1 and notice.isVisible() and w.loss_dock.isAncestorOf(notice)
    title, first = opened[0]
    assert title == notice.title.text() == "Loss-klif bij gutenberg"
    assert first.startswith("Bij stap 101 zakte de loss van gutenberg naar 1,400, 47% van de mediaan 3,000 "), first
    ep = reports[-1][1]["episode"]
    assert ep["phase"] == "deeper" and ep["start"] == 101 and ep["steps"] > 150
    last = notice.text.text()
    assert last.startswith(f"Sinds stap 101 is de loss van gutenberg gezakt naar {_dutch(ep['loss'])}, "
                           f"{format(100 * ep['depth'], '.2g').replace('.', ',')}% van de mediaan 3,000, en hij "
                           f"daalt nog ({ep['steps']} stappen tot nu toe)."), last
    assert len(set(texts)) == len(reports)  # each report updated the depth in place
    assert "step" not in last and "design.md" not in last and "seeds" not in last  # Dutch, no developer document
    assert all(b.focusPolicy() == Qt.FocusPolicy.NoFocus
               for b in (notice.exclude_button, notice.resume_button, notice.curriculum_button))


def test_a_closed_notice_stays_closed_for_its_episode_and_the_next_episode_opens_one(qtbot, make_window):
    w = make_window(tiny_config())
    reports = _deepening_cliff()
    notice = w.anomaly_notice
    w.show_anomaly(*reports[0])
    notice.close_button.click()
    for step, payload in reports[1:]:
        w.show_anomaly(step, payload)
    assert not notice.isVisible()  # the episode was reported: its deepening does not come back
    end = {**reports[-1][1], "episode": {**reports[-1][1]["episode"], "phase": "end"}}
    w.show_anomaly(400, end)
    assert not notice.isVisible()
    second = {**reports[0][1], "step": 500, "episode": {**reports[0][1]["episode"], "start": 500}}
    w.show_anomaly(500, second)
    assert notice.isVisible() and "At step 500 the loss of gutenberg fell to" in notice.text.text()


def test_each_kind_has_its_own_text_and_fix(qtbot, make_window):
    w = make_window(tiny_config())
    notice = w.anomaly_notice
    (_, cliff), *_ = _deepening_cliff()
    spike = {"kind": "spike", "source": "chat", "step": 40, "loss": 9.0, "median": 2.5, "ratio": 3.6, "window": 39,
             "episode": {"start": 40, "steps": 1, "depth": 3.6, "loss": 9.0, "median": 2.5, "phase": "start"}}
    seen = {}
    for step, payload in ((101, cliff), (40, spike),
                          (7, {"kind": "nan", "source": "chat", "step": 8, "loss": "nan", "grad_norm": "inf"}),
                          (60, {"kind": "repetition", "score": 0.45, "text": "a a a"}),
                          (90, {"kind": "vertex", "source": "chat", "weight": 0.97, "steps": 300})):
        notice.dismiss()
        w.show_anomaly(step, payload)
        assert notice.isVisible() and w.message_box is None
        seen[payload["kind"]] = (notice.title.text(), notice.text.text())
    assert seen["cliff"][0] == "Loss cliff on gutenberg" and "47% of its median 3.000" in seen["cliff"][1]
    assert "learnt by heart" in seen["cliff"][1] and "Exclude gutenberg stops sampling it" in seen["cliff"][1]
    assert seen["spike"][0] == "Loss spike on chat" and "jumped to 9.000, 3.6 times its median 2.500" in seen["spike"][1]
    assert "learning rate may be too high" in seen["spike"][1]  # a spike's fix is not a cliff's
    assert "At step 8 the loss or the gradient was not finite" in seen["nan"][1] and "Resume retries" in seen["nan"][1]
    assert "repeats itself: repetition score 0.45." in seen["repetition"][1]  # an older event: its score
    notice.dismiss()
    rep = {"kind": "repetition", "score": 0.625, "threshold": 0.4, "words": 8, "distinct": [0.5, 1.0, 1.0, 1.0],
           "top_share": 0.625, "top_word": "the", "repeated_pairs": 0.0, "text": "the function the module the it the the"}
    w.show_anomaly(61, rep)
    assert ("The sample at step 61 repeats itself: repetition score 0.62 (flagged from 0.40); “the” is 62% of its "
            "words and 0% of its word pairs repeat.") in notice.text.text()
    assert "For 300 steps the mixture has given 97% of its weight to chat." in seen["vertex"][1]
    assert len({text for _, text in seen.values()}) == 5
    assert not any("design.md" in t or "seeds" in t for _, t in seen.values())


def test_space_pauses_and_resumes_with_a_notice_shown_and_resume_resumes(qtbot, make_window):
    w = make_window(tiny_config(train={"eval_interval": 50}))
    w.start_action.trigger()
    qtbot.waitUntil(lambda: w.state == "running" and w.info is not None and w.history.last_step >= 3,
                    timeout=60_000)
    (step, cliff), *_ = _deepening_cliff(w.info.source_names[-1])
    w.show_anomaly(step, cliff)
    notice = w.anomaly_notice
    assert notice.isVisible() and not notice.resume_button.isVisible()  # anomaly.pause is off: nothing paused
    target = QApplication.focusWidget() or w
    assert not isinstance(target, QLineEdit) and not notice.isAncestorOf(target)
    qtbot.keyClick(target, Qt.Key.Key_Space)  # Space pauses
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    assert notice.isVisible()
    w.show_anomaly(1, {"kind": "nan", "source": w.info.source_names[0], "step": 2, "loss": "nan", "grad_norm": "inf"})
    assert notice.resume_button.isVisible()  # a non-finite loss pauses: the notice offers Resume
    step = w.history.last_step
    notice.resume_button.click()
    qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step > step, timeout=30_000)
    assert not notice.isVisible()
    qtbot.keyClick(QApplication.focusWidget() or w, Qt.Key.Key_Space)  # and Space still pauses
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
