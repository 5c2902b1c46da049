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
    qtbot.waitExposed(n.box)
    box = n.box
    assert box.textFormat() == Qt.TextFormat.PlainText and name in box.text()
    (exclude,) = [b for b in box.buttons() if "bold" in b.text() or "<br>" in b.text()]
    assert exclude.text() == "Exclude " + name.replace("&", "&&")  # shown as "Exclude … & co"
    box.close()


@pytest.mark.parametrize("name", NAMES)
def test_a_notice_with_a_name_in_it_is_plain_text_but_the_shortcuts_table_is_rich(make_window, qtbot, name):
    w = make_window()
    n = w.notices
    n.anomaly(5, {"kind": "vertex", "source": name, "message": "camping"}, False, False)
    qtbot.waitExposed(n.box)
    assert n.box.textFormat() == Qt.TextFormat.PlainText and name in n.box.text()
    n.box.close()
    qtbot.waitUntil(lambda: n.box is None)
    n.show_shortcuts()
    qtbot.waitExposed(n.box)
    assert n.box.textFormat() == Qt.TextFormat.RichText
    n.box.close()
