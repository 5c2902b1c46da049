"""The LR panel's info line (peak, warmup, decay) asks for little width: a narrow LR dock shows it
cut with "…" and the whole line as its tooltip, never clipped."""

import dataclasses

from conftest import tiny_config

from andrea_desktop.core.viewmodels.history import RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.panels.lr.panel import QtElidedLabel, QtLRPanel

LONG = "peak 3.00e-04 · warmup 2,000,000 steps · cosine to 3.0e-05 at step 1,000,000,000 · " * 3


def _panel(qtbot) -> QtLRPanel:
    cfg = tiny_config()
    cfg = dataclasses.replace(cfg, schedule=dataclasses.replace(cfg.schedule, warmup_steps=2_000,
                                                                total_steps=300_000))
    panel = QtLRPanel(RunModel.of(RunHistory()))
    qtbot.addWidget(panel)
    panel.set_config(cfg)
    return panel


def test_a_long_info_line_leaves_the_lr_panel_narrow(qtbot):
    panel = _panel(qtbot)
    assert "warmup 2,000 steps · cosine to" in panel.info.text()
    panel.info.setText(LONG)
    assert panel.info.minimumSizeHint().width() <= 200
    assert panel.minimumSizeHint().width() <= 300
    assert panel.info.sizeHint().width() >= panel.info.fontMetrics().horizontalAdvance(LONG)  # wants it whole


def test_a_cut_info_line_has_the_whole_line_as_tooltip(qtbot):
    panel = _panel(qtbot)
    panel.info.setText(LONG)
    panel.resize(280, 300)
    panel.show()
    qtbot.waitExposed(panel)
    label = panel.info
    shown = label.shown_text()
    assert label.text() == LONG and shown.endswith("…") and LONG.startswith(shown[:-1].rstrip())
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()  # not clipped
    assert label.toolTip() == LONG

    panel.resize(4000, 300)  # room for all of it: the whole line, no tooltip
    qtbot.waitUntil(lambda: label.shown_text() == LONG)
    assert label.toolTip() == ""


def test_an_elided_label_follows_its_text(qtbot):
    label = QtElidedLabel("short")
    qtbot.addWidget(label)
    label.resize(300, 20)
    label.show()
    assert label.shown_text() == "short" and label.toolTip() == ""
    assert label.minimumSizeHint().width() <= label.sizeHint().width()
    label.setText("a much longer text " * 20)
    assert label.shown_text().endswith("…") and label.toolTip() == label.text() == "a much longer text " * 20


def test_a_schedule_at_the_config_limit_is_drawn_from_a_bounded_plan(qtbot):
    """total_steps 10^10 (the config's limit): the panel draws the plan from at most
    MAX_PLAN_POINTS steps (it allocated 150 GB before), its info line and range the whole plan."""
    from andrea_desktop.core.schedule import MAX_PLAN_POINTS

    cfg = tiny_config()
    cfg = dataclasses.replace(cfg, schedule=dataclasses.replace(cfg.schedule, warmup_steps=2_000,
                                                                total_steps=10**10))
    panel = QtLRPanel(RunModel.of(RunHistory()))
    qtbot.addWidget(panel)
    panel.set_config(cfg)
    steps, lrs = panel._planned
    assert 2 < len(steps) <= MAX_PLAN_POINTS and steps.data[-1] == 10**10
    assert "10,000,000,000" in panel.info.text()
