"""No text of ours clipped in our dialogs (New Run, Curriculum) and message boxes (the clipping
walk of tests/test_gui_text_fits.py extended to them), and open reading panes that never scroll
sideways, at 1280 x 800 and at the default size."""

import pyqtgraph as pg
import pytest
from conftest import answer_questions, clipped_texts, clipped_when_settled
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog
from andrea_desktop.gui.reading import EXAMPLES, reading_html
from andrea_desktop.gui.reading.pane import QtReadingPane, settings_key

SIZES = pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])


def _fit(dlg, size):
    if size is not None:  # as large as fits the screen
        dlg.resize(min(size[0], dlg.width()), min(size[1], dlg.height()))


@SIZES
def test_new_run_dialog_text_is_not_clipped(qtbot, tmp_path, size):
    dlg = QtNewRunDialog(default_name=lambda preset: f"{preset}-run")
    qtbot.addWidget(dlg)
    dlg.show()
    _fit(dlg, size)
    qtbot.waitExposed(dlg)
    problems = []
    for k in range(dlg.curriculum_combo.count()):  # each curriculum choice shows its own note
        dlg.curriculum_combo.setCurrentIndex(k)
        qtbot.wait(20)
        problems += [f"curriculum {k}: {p}" for p in clipped_texts(dlg)]
    dlg.name_edit.setText("bad/name")  # the error labels shown too
    dlg.fields["optimizer.lr"].widget.setText("not a number")
    qtbot.wait(50)
    dlg.grab().save(str(tmp_path / "new_run.png"))
    problems += clipped_texts(dlg)
    assert not problems, "\n".join(problems)


@SIZES
def test_message_boxes_of_ours_are_not_clipped(qtbot, make_window, size):
    w = make_window()
    if size is not None:
        w.resize(*size)
    n = w.notices
    problems = []
    for payload in ({"kind": "spike", "source": "stdlib-docstrings", "message": "loss 3.1 → 6.8"},
                    {"kind": "vertex", "source": "python-reference", "message": "camping"},
                    {"kind": "nan", "source": "gutenberg", "loss": "nan", "grad_norm": "inf"}):
        n.anomaly(120, payload, paused=True, can_exclude=True)  # the notice bar, not a box
        qtbot.waitUntil(w.anomaly_notice.isVisible)
        qtbot.wait(30)  # laid out
        problems += [f"notice {payload['kind']}: {p}" for p in clipped_when_settled(qtbot, w.anomaly_notice)]
        w.anomaly_notice.dismiss()
    shows = [
        lambda: n.anomaly(140, {"kind": "checkpoint", "message": "No space left on device"}, False, False),
        lambda: n.anomaly(150, {"kind": "pivot", "message": "floors add up to more than 1"}, False, False),
        n.show_shortcuts,
        n.show_about,
    ]
    for show in shows:
        show()
        box = n.box
        qtbot.waitExposed(box)
        problems += [f"{box.windowTitle()}: {p}" for p in clipped_when_settled(qtbot, box)]
        box.close()
        qtbot.waitUntil(lambda: n.box is None)
    seen = answer_questions(n, lambda box: problems.extend(f"{box.windowTitle()}: {p}" for p in clipped_texts(box)))
    assert len(seen) == 3
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [(1280, 800), None], ids=["1280x800", "default"])
def test_curriculum_dialog_text_is_not_clipped(qtbot, tmp_path, size):
    names = ("hermes3-general", "hermes3-creative", "hermes3-roleplay", "python-reference", "stdlib-docstrings",
             "gutenberg", "dictionary", "repo-docs", "repo-docstrings", "chat")
    params = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
              "warmup_steps": 0}
    dlg = QtCurriculumDialog(names, Constraints.free(names).to_dict(), params)
    qtbot.addWidget(dlg)
    dlg.show()
    if size is not None:
        dlg.resize(min(size[0], dlg.width()), min(size[1], dlg.height()))  # as large as fits the screen
    qtbot.waitExposed(dlg)
    qtbot.wait(50)
    dlg.grab().save(str(tmp_path / "curriculum.png"))
    assert dlg.preview_title.wordWrap()
    view = dlg.preview.getViewBox().sceneBoundingRect()
    for item in dlg.preview.getViewBox().addedItems:  # the vertex names: whole, inside the picture
        if isinstance(item, pg.TextItem):
            assert view.contains(item.sceneBoundingRect()), (item.toPlainText(), item.sceneBoundingRect(), view)
            assert item.toPlainText().replace("\n", "") == item.toolTip()
    assert not clipped_texts(dlg), clipped_texts(dlg)


# ---------------------------------------------------------------- reading panes
@SIZES
def test_open_reading_panes_never_scroll_sideways(qtbot, make_window, tmp_path, size):
    w = make_window()
    if size is not None:
        w.resize(*size)
    qtbot.wait(100)
    try:
        for dock in w.docks():
            dock.show()  # every dock's pane, whatever layout an earlier window left
            dock.raise_()
            pane = dock.widget()
            pane.set_expanded(True)
            qtbot.waitUntil(lambda pane=pane: pane.body.isVisible())
            qtbot.wait(50)
            w.grab().save(str(tmp_path / f"{dock.objectName()}_reading.png"))
            inner = pane.body.widget()
            assert not pane.body.horizontalScrollBar().isVisible(), (dock.objectName(), pane.body.size())
            assert inner.width() >= inner.minimumSizeHint().width(), dock.objectName()
            pane.set_expanded(False)
    finally:  # QSettings is shared by the tests of a session: every pane closed again
        for dock in w.docks():
            dock.widget().set_expanded(False)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_worked_example_in_a_short_dock_goes_under_its_panel(qtbot, name):
    panel = QWidget()
    panel.setMinimumSize(390, 96)  # as wide as the LR panel's minimum, in the LR dock's place
    pane = QtReadingPane(panel, f"short{name}", reading_html(name), EXAMPLES[name])
    qtbot.addWidget(pane)
    pane.resize(396, 254)
    pane.show()
    qtbot.waitExposed(pane)
    qtbot.wait(50)  # laid out, as a dock is before its button can be clicked
    try:
        pane.set_expanded(True)
        qtbot.waitUntil(lambda: pane.body.isVisible())
        qtbot.wait(50)
        assert not pane.body.horizontalScrollBar().isVisible(), pane.splitter.sizes()
        assert pane.body.height() >= 80 and panel.height() >= 96
    finally:
        pane.set_expanded(False)
        QSettings().remove(settings_key(f"short{name}"))
