"""Readouts that describe what is drawn now, text as typed, and Space after a text field
(pytest-qt, offscreen)."""

import numpy as np
import pytest
from conftest import OUTLASTS_THE_TEST, tiny_config
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QTabBar

from andrea_desktop.core.config import DataConfig
from andrea_desktop.core.data import load_sources, train_tokenizer
from andrea_desktop.core.mixture.simplex import Constraints, polygon_layout
from andrea_desktop.core.tokens import decode_text, token_labels, vocab_labels
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.core.viewmodels.sources import open_model, read_folder
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.panels.attention.panel import NAN_COLOUR, QtAttentionPanel, nan_cells
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel

ACCENTS = "Seán wrote café code: naïve über λ"
EMOJI = "🙂🚀"
LONG = ("Seán wrote café code: naïve über λ 🙂🚀 " * 40)[:1480]


@pytest.fixture(scope="module")
def tok():
    return train_tokenizer(load_sources(DataConfig(max_bytes_per_source=30_000)), 400)


def probe_of(tok, step, text, block=32, seed=0):
    """A probe as the trainer makes one (random causal attention), of ``text`` cut to ``block``."""
    all_ids = tok.encode(text).ids
    ids = all_ids[:block]
    T, g = len(ids), np.random.default_rng(seed)
    att = g.random((2, 2, T, T)).astype(np.float32) * np.tril(np.ones((T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    stats = {k: np.zeros((2, 2), np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(step), "tokens": np.asarray(ids), "attention": att.astype(np.float16),
            "token_text": np.asarray(token_labels(tok, ids)), "roles": np.full((2, 2), "", dtype=str),
            "text": decode_text(tok, ids), "source_text": text, "text_tokens": len(all_ids), **stats}


def _reopened(run):
    """The run model of ``run`` as the reopen source makes it (its tokenizer and probe files)."""
    model = open_model(run)[0]
    read_folder(model)
    return model


@pytest.fixture
def panel(qtbot):
    configure_app(QApplication.instance())
    p = QtAttentionPanel()
    qtbot.addWidget(p)
    p.resize(700, 800)
    p.show()
    return p


def _type(qtbot, field, text):
    field.setFocus()
    field.clear()
    field.insert(text)  # what keyClicks would type, all at once (keyClicks cannot type an emoji)
    qtbot.keyClick(field, Qt.Key.Key_Return)


# ------------------------------------------------------------------ item 2: text as typed
@pytest.mark.parametrize("text", [ACCENTS, EMOJI])
def test_the_probe_box_keeps_what_was_typed_and_the_axes_are_readable(qtbot, panel, tok, text):
    panel.model.add_probe(probe_of(tok, 10, "hello world"))
    asked = []
    panel.probe_text_changed.connect(asked.append)
    _type(qtbot, panel.text_edit, text)
    assert asked == [text]
    panel.model.add_probe(probe_of(tok, 20, text))  # the trainer's probe of it
    assert panel.text_edit.text() == text  # never rewritten
    ticks = [t for _, t in panel.head_plot.getAxis("left")._tickLevels[0]]
    assert ticks and not any("\ufffd" in t for t in ticks)
    assert any("…" in t for t in ticks)  # a character split across tokens, named readably
    panel._hover = (3, 2)
    panel._refresh_hover()
    assert "\ufffd" not in panel.hover_label.text()
    assert not panel.probe_note.isVisible()  # the heatmap is of the text in the box, whole


def test_a_long_probe_is_cut_and_the_panel_says_so(qtbot, panel, tok):
    panel.model.add_probe(probe_of(tok, 10, "hello world"))
    _type(qtbot, panel.text_edit, LONG)
    panel.model.add_probe(probe_of(tok, 20, LONG))
    assert panel.text_edit.text() == LONG
    assert panel.probe_note.isVisible() and "probe cut to 32 tokens" in panel.probe_note.text()


def test_the_box_fills_from_a_probe_only_while_the_user_has_typed_nothing(qtbot, panel, tok):
    panel.model.add_probe(probe_of(tok, 10, ACCENTS))
    assert panel.text_edit.text() == ACCENTS  # filled (the text as asked for, not decoded per token)
    panel.model.add_probe(probe_of(tok, 20, EMOJI))  # another text, from the run (a follower, a resume)
    assert panel.text_edit.text() == EMOJI
    panel.text_edit.setText("my own words")  # typed, not yet sent
    panel.model.add_probe(probe_of(tok, 30, ACCENTS))
    assert panel.text_edit.text() == "my own words"
    assert "not the text above" in panel.probe_note.text()


def test_embedding_table_and_search_show_byte_fragments_readably(qtbot, tok):
    configure_app(QApplication.instance())
    p = QtEmbeddingPanel()
    qtbot.addWidget(p)
    V = tok.get_vocab_size()
    p.model.set_embedding(5, np.random.default_rng(0).normal(size=(V, 8)).astype(np.float32), vocab_labels(tok, V))
    assert not any("\ufffd" in d for d in p._display) and not any("#" in d for d in p._display if d[:2] == "\\x")
    for fragment, byte in (("Ã", "\\xc3"), ("ð", "\\xf0")):  # é's first byte, 🙂's first byte
        assert p.select_token(byte), byte
        assert p.token_id == tok.token_to_id(fragment) and p.search.text() == byte
        assert all("\ufffd" not in p.table.item(r, 1).text() for r in range(p.table.rowCount()))


# ------------------------------------------------------------------ item 6: readouts of what is drawn
def test_the_hover_names_the_drawn_probes_tokens(qtbot, panel, tok):
    panel.model.add_probe(probe_of(tok, 10, "hello world"))
    panel._hover = (3, 1)
    panel._refresh_hover()
    assert "'l'" in panel.hover_label.text() or "lo" in panel.hover_label.text()
    before = panel.hover_label.text()
    _type(qtbot, panel.text_edit, ACCENTS)
    panel.model.add_probe(probe_of(tok, 20, ACCENTS))  # no mouse move: the hover follows the new probe
    labels = [str(t) for t in panel.probe["token_text"]]
    assert panel.hover_label.text() != before and repr(labels[3]) in panel.hover_label.text()
    panel.scrubber.setValue(0)  # and back: the hover names the earlier probe's tokens again
    assert panel.hover_label.text() == before


def test_a_scrubbed_back_heatmap_says_it_is_of_an_earlier_probe(qtbot, panel, tok):
    panel.model.add_probe(probe_of(tok, 10, "hello world"))
    _type(qtbot, panel.text_edit, ACCENTS)
    assert "probed at the next step boundary" in panel.probe_note.text()  # asked, not yet drawn
    panel.model.add_probe(probe_of(tok, 20, ACCENTS))
    assert not panel.probe_note.isVisible()
    panel.scrubber.setValue(0)
    assert panel.text_edit.text() == ACCENTS
    assert panel.probe_note.isVisible() and "earlier probe (step 10)" in panel.probe_note.text()
    assert "hello world" in panel.probe_note.text()
    panel.scrubber.setValue(1)
    assert not panel.probe_note.isVisible()


def _nan_probe(tok, cells):
    p = probe_of(tok, 10, "hello world hello")
    att = p["attention"].astype(np.float32)
    for li, hi, q, k in cells:
        att[li, hi, q, k] = np.nan
    p["attention"] = att.astype(np.float16)
    return p


@pytest.mark.parametrize("cell", [(0, 0, 3, 1), (1, 1, 4, 4)])
def test_nan_cells_are_not_the_masked_grey(qtbot, panel, tok, cell):
    li, hi, q, k = cell
    panel.model.add_probe(_nan_probe(tok, [cell]))
    panel.select_head(li, hi)
    T = panel.probe["attention"].shape[-1]
    bad = nan_cells(panel.probe["attention"])
    assert bad[li * (T + 1) + q, hi * (T + 1) + k] and bad.sum() == 1
    assert panel.grid_nan.isVisible() and panel.head_nan.isVisible()
    overlay = panel.head_nan.image
    assert tuple(overlay[q, k, :3]) == NAN_COLOUR and overlay[q, k, 3] == 255
    assert overlay[0, T - 1, 3] == 0  # the masked triangle stays the background grey
    assert "NaN" in panel.hover_text(q, k) and "masked" in panel.hover_text(0, T - 1)
    assert "NaN" in panel.legend_label.text()
    img = panel.head_plot.grab().toImage()  # and the magenta is on screen
    colours = {img.pixelColor(x, y).getRgb()[:3] for x in range(0, img.width(), 2) for y in range(0, img.height(), 2)}
    assert NAN_COLOUR in colours


# ------------------------------------------------------------------ item 6: the curriculum dialog
NAMES = ("a", "b", "c")
PARAMS = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
          "warmup_steps": 50}


@pytest.mark.parametrize("w0, w1", [([0.6, 0.2, 0.2], [0.1, 0.1, 0.8]), ([0.5, 0.5, 0.0], [0.2, 0.3, 0.5])])
def test_the_dialog_follows_the_live_weights_and_the_warmup(qtbot, w0, w1):
    configure_app(QApplication.instance())
    c = Constraints.from_mapping(NAMES, warmup_sources=["a"]).to_dict()
    dlg = QtCurriculumDialog(NAMES, c, PARAMS, weights=np.array(w0), in_warmup=True)
    qtbot.addWidget(dlg)
    dlg.show()
    xy = polygon_layout(3)
    star = lambda: np.array([p for p in zip(*dlg.star.getData(), strict=True)][0])  # noqa: E731
    np.testing.assert_allclose(star(), np.array(w0) @ xy)
    assert dlg.warmup_note.isVisible() and "warmup is on" in dlg.warmup_note.text()
    next(r for r in dlg.rows if r.name == "a").cap.setValue(0.5)  # the warmup region is empty now
    assert "during the curriculum warmup" in dlg.status.text() and not dlg.apply_button.isEnabled()
    dlg.set_live(np.array(w1), in_warmup=False)  # a phase, then the warmup's end
    np.testing.assert_allclose(star(), np.array(w1) @ xy)
    assert not dlg.warmup_note.isVisible()
    assert "warmup" not in dlg.status.text() and dlg.apply_button.isEnabled()
    assert not any(r.warmup.isEnabled() for r in dlg.rows)


def test_steering_knows_when_the_warmup_is_over(qtbot):
    from types import SimpleNamespace

    from PySide6.QtWidgets import QMainWindow

    from andrea_desktop.core.viewmodels.history import MixtureHistory
    from andrea_desktop.gui.run.curriculum_steering import CurriculumSteering

    win = QMainWindow()
    qtbot.addWidget(win)
    model = SimpleNamespace(history=SimpleNamespace(last_step=10, events=[]), mixture=MixtureHistory())
    runs = SimpleNamespace(info=SimpleNamespace(source_names=NAMES), driver=None, model=model)
    s = CurriculumSteering(win, runs, None)
    s.params = dict(PARAMS)
    assert s.in_warmup() is True
    model.history.events.append((51, "curriculum_warmup_end", {}))
    assert s.in_warmup() is False
    model.history = SimpleNamespace(last_step=80, events=[])  # a resumed run past its warmup
    assert s.in_warmup() is False


# ------------------------------------------------------------------ item 5: Space after a text field
def _press_space(qtbot, w):
    target = QApplication.focusWidget() or w
    assert not isinstance(target, QLineEdit), target
    qtbot.keyClick(target, Qt.Key.Key_Space)


def _dock_tab(w, title):
    for tb in w.findChildren(QTabBar):
        for i in range(tb.count()):
            if tb.tabText(i) == title:
                return tb, tb.tabRect(i).center()
    raise AssertionError(title)


def test_space_pauses_again_after_a_text_field(qtbot, make_window):
    w = make_window(tiny_config(probe={"interval": 3, "sample_interval": 1000}, **OUTLASTS_THE_TEST))
    w.start_training()
    qtbot.waitUntil(lambda: w.state == "running" and w.embedding_panel.index is not None, timeout=60_000)
    w.embedding_dock.raise_()
    search = w.embedding_panel.search
    qtbot.mouseClick(search, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(search, "the x")  # Space in a field types a space
    assert search.text() == "the x" and w.state == "running"
    search.clear()
    qtbot.keyClicks(search, "the")
    qtbot.keyClick(search, Qt.Key.Key_Return)
    qtbot.mouseClick(search, Qt.MouseButton.LeftButton)  # back in the field, then a tab switch
    tb, pos = _dock_tab(w, "Attention")
    qtbot.mouseClick(tb, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseClick(w.statusBar(), Qt.MouseButton.LeftButton)
    _press_space(qtbot, w)
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    assert search.text() == w.embedding_panel._display[w.embedding_panel.token_id]  # no space typed
    # Escape in the probe box, then a click on the panel's background: Space resumes
    field = w.attention_panel.text_edit
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClick(field, Qt.Key.Key_Escape)
    qtbot.wait(20)
    assert QApplication.focusWidget() is not field
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.attention_panel, Qt.MouseButton.LeftButton, pos=w.attention_panel.rect().bottomLeft()
                     + type(w.attention_panel.rect().topLeft())(2, -2))
    _press_space(qtbot, w)
    qtbot.waitUntil(lambda: w.state == "running", timeout=30_000)
    w.stop_training()
    qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)


@pytest.mark.parametrize("text", [ACCENTS, EMOJI])
def test_probe_files_of_earlier_versions_are_labelled_again_from_their_ids(qtbot, panel, tok, tmp_path, text):
    """A probe file written before labels were made per sequence holds "\ufffd" where a character
    is split across tokens, and no decoded text: opened with its run's tokenizer, the axes and
    the hover show the characters again."""
    run = tmp_path / "run"
    (run / "probes").mkdir(parents=True)
    tok.save(str(run / "tokenizer.json"))
    p = probe_of(tok, 10, text)
    old = {k: v for k, v in p.items() if k not in ("text", "source_text", "text_tokens")}
    old["token_text"] = np.asarray([tok.decode([int(i)]) for i in p["tokens"]])  # one token at a time
    assert any("\ufffd" in t for t in old["token_text"])
    np.savez_compressed(run / "probes" / "10.npz", **old)
    panel.set_model(_reopened(run))
    assert panel.probe is not None
    labels = [str(t) for t in panel.probe["token_text"]]
    assert not any("\ufffd" in t for t in labels)
    assert labels == token_labels(tok, [int(i) for i in p["tokens"]])
    ticks = panel.head_plot.getAxis("left")._tickLevels[0]
    assert not any("\ufffd" in label for _, label in ticks)
    assert "\ufffd" not in panel.hover_text(1, 0)
    # a run without its tokenizer keeps the stored labels (nothing is guessed)
    (run / "tokenizer.json").unlink()
    panel.set_model(RunModel())
    panel.set_model(_reopened(run))
    assert any("\ufffd" in str(t) for t in panel.probe["token_text"])
