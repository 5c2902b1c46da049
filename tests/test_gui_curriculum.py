"""The curriculum dialog (reopened while paused, closed when training stops) and the simplex panel:
its legends, the path's last K phases, the weight bars' labels (pytest-qt, offscreen)."""

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import OUTLASTS_THE_TEST, legend_entries, tiny_config
from PySide6.QtWidgets import QApplication, QWidget

from andrea_desktop.core.mixture.simplex import Constraints, polygon_layout, region_outline
from andrea_desktop.core.viewmodels.history import MixtureHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.panels.simplex.panel import MIN_ALPHA, MODE_SYMBOLS, QtSimplexPanel
from andrea_desktop.gui.plots.simplex import wrap_label

NAMES = ("a", "b", "c", "d", "e")
PARAMS = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
          "warmup_steps": 0}


@pytest.fixture
def dialog(qtbot):
    configure_app(QApplication.instance())
    dlg = QtCurriculumDialog(NAMES, Constraints.free(NAMES).to_dict(), PARAMS, weights=np.full(5, 0.2))
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def _row(dlg, name):
    return next(r for r in dlg.rows if r.name == name)


def _edit(qtbot, spin, value):
    """Type a value into a spin box as a user would."""
    spin.selectAll()
    qtbot.keyClicks(spin.lineEdit(), f"{value}")


@pytest.mark.parametrize(
    "action, message",
    [
        (lambda q, d: [_edit(q, _row(d, "a").floor, 0.6), _edit(q, _row(d, "b").floor, 0.6)],
         "floors sum to 1.2, over 1"),
        (lambda q, d: [_edit(q, _row(d, "a").floor, 0.5), _edit(q, _row(d, "a").cap, 0.2)],
         "a: cap 0.2 is below its floor 0.5"),
        (lambda q, d: [_row(d, n).excluded.setChecked(True) for n in NAMES], "every source is excluded"),
        (lambda q, d: [_edit(q, _row(d, n).cap, 0.1) for n in NAMES],
         "caps of the active sources sum to 0.5, under 1"),
        (lambda q, d: [_row(d, n).warmup.setChecked(False) for n in NAMES], "the curriculum warmup has no source"),
        (lambda q, d: [_row(d, n).warmup.setChecked(n == "a") for n in NAMES] + [_edit(q, _row(d, "a").cap, 0.5)],
         "during the curriculum warmup: caps of the active sources sum to 0.5, under 1"),
        (lambda q, d: [_edit(q, d.phase_min, 50)], "the longest phase is shorter than the shortest"),
    ],
)
def test_infeasible_input_shows_the_reason_and_disables_apply(qtbot, dialog, action, message):
    assert dialog.apply_button.isEnabled()
    action(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.apply_button.isEnabled(), timeout=30_000)
    assert message in dialog.status.text()
    assert dialog.pivot() is None


def test_feasible_input_previews_the_new_region(qtbot, dialog):
    _edit(qtbot, _row(dialog, "a").floor, 0.5)
    _edit(qtbot, _row(dialog, "e").cap, 0.1)
    assert dialog.apply_button.isEnabled()
    assert "Feasible" in dialog.status.text()
    assert len(dialog._preview_items) == 1
    poly = dialog._preview_items[0].polygon()
    c = Constraints.from_mapping(NAMES, floors={"a": 0.5}, caps={"e": 0.1})
    expected = region_outline(c, polygon_layout(5))
    got = np.array([[poly.at(i).x(), poly.at(i).y()] for i in range(poly.count())])
    np.testing.assert_allclose(sorted(map(tuple, np.round(got, 6))), sorted(map(tuple, np.round(expected, 6))))
    # the range slider follows the spin boxes
    assert _row(dialog, "a").slider.value()[0] == pytest.approx(0.5)
    pivot = dialog.pivot()
    assert pivot.constraints.floor[0] == 0.5 and pivot.constraints.cap[4] == pytest.approx(0.1)


def test_preset_on_other_sources_names_the_missing_ones(qtbot, dialog):
    idx = dialog.preset_combo.findData("andrea-v3-polish")
    dialog.preset_combo.setCurrentIndex(idx)
    dialog.preset_combo.activated.emit(idx)
    text = dialog.preset_note.text()
    assert "has no source named" in text and "hermes3-general" in text and "dictionary" in text
    assert "Assumed" in text
    assert dialog.apply_button.isEnabled()  # nothing applied that does not exist


def test_preset_on_the_seeds_sources_reproduces_v3_polish(qtbot):
    names = ("hermes3-general", "hermes3-creative", "hermes3-roleplay", "chat", "smoltalk", "oasst",
             "gutenberg", "dictionary", "repo-docs", "repo-docstrings")
    dlg = QtCurriculumDialog(names, Constraints.free(names).to_dict(), PARAMS)
    qtbot.addWidget(dlg)
    idx = dlg.preset_combo.findData("andrea-v3-polish")
    dlg.preset_combo.activated.emit(idx)
    c = dlg.pivot().constraints
    assert c.floor[0] == pytest.approx(0.7) and c.cap[7] == pytest.approx(0.25)
    assert list(c.excluded[-2:]) == [True, True]
    assert "has no source" not in dlg.preset_note.text()
    assert dlg.params()["warmup_steps"] == 0


def test_simplex_panel_draws_region_path_and_table(qtbot, tmp_path):
    m = MixtureHistory()
    c = Constraints.from_mapping(NAMES, floors={"a": 0.3}, caps={"b": 0.2}, warmup_sources=["a", "b", "c"])
    m.reset(NAMES, c.to_dict(), True)
    panel = QtSimplexPanel(RunModel.of(mixture=m))
    qtbot.addWidget(panel)
    panel.resize(700, 800)
    panel.show()
    panel.reset()
    rng = np.random.default_rng(0)
    for s in range(1, 12):
        w = np.zeros(5)
        w[:3] = rng.dirichlet(np.ones(3)) * 0.7
        w[0] += 0.3
        m.add_event(s * 10, "phase", {"mode": "random" if s % 3 else "bandit",
                                      "weights": dict(zip(NAMES, w, strict=True))})
    m.add_event(120, "curriculum_warmup_end", {})
    new = Constraints.from_mapping(NAMES, floors={"a": 0.3}, excluded=["b"])
    m.add_event(130, "pivot", {"constraints": new.to_dict(), "weights": dict(zip(NAMES, [0.4, 0, 0.2, 0.2, 0.2], strict=True))})
    m.pulls, m.reward, m.ucb = np.arange(5.0), np.linspace(0, 1, 5), np.array([1, 2, np.inf, 3, -np.inf])
    panel.refresh()
    assert len(panel._region_items) == 3  # warmup sub-region, full region, region after the pivot
    poly = panel._region_items[-1].polygon()
    got = np.array([[poly.at(i).x(), poly.at(i).y()] for i in range(poly.count())])
    np.testing.assert_allclose(sorted(map(tuple, np.round(got, 6))),
                               sorted(map(tuple, np.round(region_outline(new, panel.layout_xy), 6))))
    assert len(panel.path_points.data) == 12
    assert panel.table.item(2, 6).text() == "∞" and panel.table.item(4, 6).text() == "inactive"
    assert panel.table.item(1, 3).text() == "0.000"  # b's cap after the pivot (excluded)
    panel.grab().save(str(tmp_path / "simplex5.png"))


@pytest.fixture
def window(make_window):
    return make_window(tiny_config(curriculum={"random_share": 0.3}, **OUTLASTS_THE_TEST))


def test_apply_during_training_pivots_within_one_step(qtbot, window):
    w = window
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.history.last_step >= 3, timeout=60_000)
    assert w.curriculum_action.isEnabled()
    dlg = w.open_curriculum_dialog()
    assert dlg is not None and dlg.isVisible()
    _edit(qtbot, _row(dlg, "python-reference").floor, 0.6)
    _row(dlg, "stdlib-code").excluded.setChecked(True)
    assert dlg.apply_button.isEnabled()
    before = w.thread._trainer.step  # the trainer's own count (the GUI's may lag a snapshot)
    dlg.apply_button.click()
    after = w.thread._trainer.step
    qtbot.waitUntil(lambda: any(k == "pivot" for _, k, _ in w.history.events), timeout=30_000)
    (pivot_step,) = [s for s, k, _ in w.history.events if k == "pivot"]
    # the step in progress when Apply was clicked finishes; the pivot applies from the next one
    assert before < pivot_step <= after + 2
    region = w.simplex_panel._region_items[-1].polygon()
    expected = region_outline(
        Constraints.from_mapping(w.info.source_names, floors={"python-reference": 0.6}, excluded=["stdlib-code"]),
        w.simplex_panel.layout_xy)
    got = np.array([[region.at(i).x(), region.at(i).y()] for i in range(region.count())])
    np.testing.assert_allclose(sorted(map(tuple, np.round(got, 6))), sorted(map(tuple, np.round(expected, 6))))
    assert any(m.value() == pivot_step for m in w.loss_panel.markers.lines)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)


# ------------------------------------------------------------------ refused pivots and exclusions
def test_refused_pivot_and_impossible_exclusions_say_why(qtbot, make_window):
    w = make_window(tiny_config(**OUTLASTS_THE_TEST))
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.info is not None, timeout=60_000)
    w.show_anomaly(3, {"kind": "pivot", "message": "pivot refused: floors sum above 1"})
    assert w.message_box.windowTitle() == "Curriculum pivot refused" and "floors sum" in w.message_box.text()
    assert not w.exclude_source("no-such-source") and "not one of this run's sources" in w.message_box.text()
    assert not w.exclude_source(None)
    names = list(w.info.source_names)
    w.steering.pending = ({"excluded": names[1:]}, {})
    assert not w.exclude_source(names[0]) and "only source left" in w.message_box.text()


def test_a_run_without_a_mixture_says_so_in_place_of_the_simplex(qtbot):
    """A script's run reports no sources, a run on one source has nothing to mix: the plot says
    which, instead of an empty white square; a run with a mixture shows no such note, and
    switching to one clears it."""
    panel = QtSimplexPanel(RunModel.of(mixture=MixtureHistory()))
    qtbot.addWidget(panel)
    assert "no data sources" in panel.empty_note.toPlainText()
    one = MixtureHistory()
    one.reset(["notes"], Constraints.from_mapping(["notes"]).to_dict(), False)
    panel.set_model(RunModel.of(mixture=one))
    assert "One source (notes)" in panel.empty_note.toPlainText()
    m = MixtureHistory()
    m.reset(NAMES, Constraints.from_mapping(NAMES).to_dict(), False)
    panel.set_model(RunModel.of(mixture=m))
    assert panel.empty_note.toPlainText() == ""


# ------------------------------------------------------------------ the dialog while training pauses and stops
def test_reopened_dialog_shows_a_pivot_not_yet_taken(qtbot, make_window):
    w = make_window(tiny_config(**OUTLASTS_THE_TEST))
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    w.toggle_pause()  # the trainer cannot take the pivot while we look
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    dlg = w.open_curriculum_dialog()
    row = next(r for r in dlg.rows if r.name == "python-reference")
    row.floor.setValue(0.4)
    dlg.phase_min.setValue(3)
    dlg.apply_button.click()
    again = w.open_curriculum_dialog()
    row = next(r for r in again.rows if r.name == "python-reference")
    assert row.floor.value() == pytest.approx(0.4) and again.phase_min.value() == 3
    again.close()


def test_dialog_closes_when_training_stops(qtbot, make_window):
    w = make_window(tiny_config(**OUTLASTS_THE_TEST))
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running", timeout=60_000)
    dlg = w.open_curriculum_dialog()
    assert dlg.isVisible()
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)
    assert w.curriculum_dialog is None or not w.curriculum_dialog.isVisible()


# ------------------------------------------------------------------ the simplex panel's legends, path and weight bars
SIMPLEX_NAMES = ("python-reference", "stdlib-docstrings", "gutenberg", "chat", "dictionary")


def _simplex(qtbot, phases=30):
    m = MixtureHistory()
    constraints = Constraints.from_mapping(SIMPLEX_NAMES, floors={"chat": 0.1}, caps={"gutenberg": 0.5})
    m.reset(SIMPLEX_NAMES, constraints.to_dict(), False)
    panel = QtSimplexPanel(RunModel.of(mixture=m))
    qtbot.addWidget(panel)
    panel.resize(700, 800)
    panel.show()
    panel.reset()
    rng = np.random.default_rng(1)
    for s in range(phases):
        w = rng.dirichlet(np.ones(len(SIMPLEX_NAMES)))
        m.add_event(10 * (s + 1), "phase", {"mode": "random" if s % 3 else "bandit",
                                            "weights": dict(zip(SIMPLEX_NAMES, w, strict=True))})
    panel.refresh()
    return panel


def test_simplex_legend_symbols_are_the_plots_symbols(qtbot):
    panel = _simplex(qtbot)
    drawn = {mode: sym for mode, sym in zip((d[1] for d in panel.path_points.data["data"]),
                                             panel.path_points.data["symbol"], strict=True)}
    assert drawn == {"bandit": "o", "random": "s"}
    legend = legend_entries(panel.legend)
    for mode, sym in drawn.items():
        assert legend[f"{mode} phase"].opts["symbol"] == sym == MODE_SYMBOLS[mode]
    assert legend["pivot"].opts["symbol"] == MODE_SYMBOLS["pivot"]


def test_weight_bars_legend_names_the_floor_and_cap_lines(qtbot):
    panel = _simplex(qtbot, phases=3)
    legend = legend_entries(panel.bars_legend)
    assert legend["floor"] is panel.floor_marks and legend["cap"] is panel.cap_marks
    assert len(panel.floor_marks.getData()[0]) == 2 * len(SIMPLEX_NAMES)  # the lines the entries name are drawn


def test_simplex_path_last_k_phases_and_fading_keep_the_oldest_visible(qtbot, tmp_path):
    panel = _simplex(qtbot, phases=50)
    assert len(panel.path_points.data) == 50
    alphas = [b.color().alphaF() for b in panel.path_points.data["brush"]]
    assert min(alphas) == pytest.approx(MIN_ALPHA, abs=0.01) and alphas[-1] == pytest.approx(1.0)
    panel.last_k.setValue(8)
    steps = [d[0] for d in panel.path_points.data["data"]]
    assert steps == [10 * s for s in range(43, 51)]  # the last eight phases only
    assert len(panel.path_curve.getData()[0]) == 8
    assert panel.path_points.data["brush"][0].color().alphaF() == pytest.approx(MIN_ALPHA, abs=0.01)
    panel.fade_box.setChecked(False)
    assert all(b.color().alphaF() == pytest.approx(1.0) for b in panel.path_points.data["brush"])
    panel.last_k.setValue(0)  # all phases again
    assert len(panel.path_points.data) == 50
    panel.grab().save(str(tmp_path / "simplex.png"))


def test_weight_bar_labels_fit_their_bar_or_wrap(qtbot):
    advance = pg.QtGui.QFontMetricsF(QWidget().font()).horizontalAdvance
    assert wrap_label("chat", 80, advance) == "chat"
    two = wrap_label("python-reference", 70, advance)
    assert two == "python-\nreference" or all(advance(line) <= 70 for line in two.split("\n"))
    cut = wrap_label("supercalifragilisticexpialidocious", 60, advance)
    assert cut.endswith("…") and advance(cut) <= 60
    panel = _simplex(qtbot, phases=2)
    ticks = panel.bars.getAxis("bottom")._tickLevels[0]
    assert [t.replace("\n", "") for _, t in ticks][:3] == list(SIMPLEX_NAMES[:3])  # wide enough: whole names
