"""Names in our message boxes are shown as written: a source or run name with markup is not
rendered as rich text, and an ``&`` in it is not taken for a keyboard mnemonic."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

NAMES = ["<b>bold</b> & co", "a<br>b & <i>c</i>"]


@pytest.mark.parametrize("name", NAMES)
def test_a_loss_anomaly_shows_the_source_name_as_written(make_window, qtbot, name):
    w = make_window()
    n = w.notices
    n.anomaly(12, {"kind": "spike", "source": name, "message": "loss 3.1 → 6.8"}, paused=False, can_exclude=True)
    notice = w.anomaly_notice  # the notice bar over the loss panel
    qtbot.waitUntil(notice.isVisible)
    for label in (notice.title, notice.text):
        assert label.textFormat() == Qt.TextFormat.PlainText and name in label.text()
    exclude = notice.exclude_button
    assert exclude.isVisible() and exclude.text() == "Exclude " + name.replace("&", "&&")  # shown "Exclude … & co"
    notice.close_button.click()
    assert not notice.isVisible()


@pytest.mark.parametrize("name", NAMES)
def test_a_notice_with_a_name_in_it_is_plain_text_but_the_shortcuts_table_is_rich(make_window, qtbot, name):
    w = make_window()
    n = w.notices
    n.anomaly(5, {"kind": "vertex", "source": name, "message": "camping"}, False, False)
    notice = w.anomaly_notice
    qtbot.waitUntil(notice.isVisible)
    assert notice.text.textFormat() == Qt.TextFormat.PlainText and name in notice.text.text()
    assert n.box is None  # a notice, not a box
    n.show_shortcuts()
    qtbot.waitExposed(n.box)
    assert n.box.textFormat() == Qt.TextFormat.RichText
    n.box.close()
