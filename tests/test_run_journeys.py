"""The paths between features, walked as a user walks them in the window: a branch trained live
and the same branch reopened, a run continued, another run opened after one, a branch just made.
Each run is one run model, so every path must show the same picture (pytest-qt, offscreen)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pyqtgraph as pg
import pytest
from conftest import make_terrain_result, tiny_config, train_run
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QTableWidget,
    QWidget,
)

from andrea_desktop.core.config.sections import SourceSpec
from andrea_desktop.core.corpus import EMBEDDED_SOURCES
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.terrain import write_result
from andrea_desktop.core.training.branch import create_branch
from andrea_desktop.core.viewmodels.colours import source_colour
from andrea_desktop.core.viewmodels.runs_table import RunsTable

N, M = 8, 12  # the parent: checkpoints at N and M, its curriculum warmup ends at step 6
B_END = N + 6  # the branch trains to here
REF, DOCS, CODE = EMBEDDED_SOURCES


def _parent_config():
    return tiny_config(
        schedule={"warmup_steps": 5, "total_steps": 400, "min_lr": 3e-4},
        checkpoint={"interval": N, "keep_last": 5},
        probe={"interval": 4, "sample_interval": 4, "sample_tokens": 6, "watch": ["the"]},
        curriculum={"phase_min": 2, "phase_max": 3, "warmup_steps": 6, "warmup_sources": [REF, DOCS],
                    "floors": {CODE: 0.1}})


@pytest.fixture(scope="module")
def parent_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("journeys") / "parent"
    train_run(run, _parent_config(), M)
    return run


@pytest.fixture
def window(qtbot):
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())
    made = []

    def make(run, max_steps=None):
        w = MainWindow(run, max_steps=max_steps)
        qtbot.addWidget(w, before_close_func=lambda w=w: _stop(qtbot, w))
        w.resize(1400, 900)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        _stop(qtbot, w)


def _stop(qtbot, w):
    if w.thread is not None:
        w.thread.request_stop()
        qtbot.waitUntil(lambda: w.thread is None, timeout=60_000)


def _train_here(qtbot, w):
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state in ("stopped", "finished"), timeout=120_000)


def _rounded(a):
    return None if a is None else [round(float(v), 6) for v in np.asarray(a, dtype=float).reshape(-1)]


def _mixture_picture(w) -> dict:
    """What the mixture panel shows: the caption (the warmup note, floors and caps), the region
    in force, the path, the weights and the "now" point, and the table's floor and cap columns."""
    p = w.simplex_panel
    m = p.mixture
    cur = m.current_region
    now = p.now_point.data
    table = [[p.table.item(r, c).text() if p.table.item(r, c) else "" for c in range(4)]
             for r in range(p.table.rowCount())]
    return {"caption": p.caption.text(), "names": list(m.names), "region": None if cur is None else (cur[0], cur[1]),
            "path_steps": list(m.path_steps), "path_weights": [_rounded(x) for x in m.path_weights],
            "path_modes": list(m.path_modes), "weights": _rounded(m.weights),
            "now": [(round(float(x), 6), round(float(y), 6)) for x, y in zip(now["x"], now["y"], strict=True)],
            "table": table, "bars": _rounded(p.bar_item.opts.get("height"))}


def _texts(root: QWidget) -> list[str]:
    """Every text the window shows: labels, buttons, combo items, table cells, line edits,
    tooltips, and the text items drawn on its plots."""
    out = []
    for wid in [root, *root.findChildren(QWidget)]:
        if not wid.isVisibleTo(root) and wid is not root:
            continue
        if isinstance(wid, (QLabel, QAbstractButton, QLineEdit)):
            out.append(wid.text())
        if isinstance(wid, QComboBox):
            out += [wid.itemText(i) for i in range(wid.count())]
        if isinstance(wid, QTableWidget):
            out += [wid.item(r, c).text() for r in range(wid.rowCount()) for c in range(wid.columnCount())
                    if wid.item(r, c) is not None]
        out.append(wid.toolTip())
        if isinstance(wid, pg.GraphicsView):
            for item in wid.scene().items():
                if isinstance(item, pg.TextItem):
                    out.append(item.toPlainText())
                elif isinstance(item, pg.LabelItem):
                    out.append(item.text)
    return out


def test_a_reopened_branch_shows_the_mixture_its_live_view_showed(parent_run, window, qtbot, tmp_path):
    """The parent's floor and the end of its curriculum warmup (step 6, before the branch step)
    carry into the branch: live and reopened, its panel shows no warmup sub-simplex, the floor,
    the branch's own cap, and the same path and weights."""
    branch = tmp_path / "branch"
    create_branch(parent_run, branch, N, overrides=[f"curriculum.caps.{DOCS}=0.6"])
    live = window(branch, max_steps=B_END)
    _train_here(qtbot, live)
    assert live.history.last_step == B_END
    seen = _mixture_picture(live)
    assert "warmup" not in seen["caption"] and f"{CODE} ≥ 0.1" in seen["caption"]
    assert f"{DOCS} ≤ 0.6" in seen["caption"]
    reopened = window(branch)
    assert _mixture_picture(reopened) == seen


def test_a_source_keeps_its_colour_live_reopened_continued_and_in_a_second_window(parent_run, window, qtbot,
                                                                                   tmp_path):
    run = tmp_path / "colours"
    live = window(run, max_steps=4)
    live.runs.new_run_config = _parent_config()
    live.runs.set_run(run, None)
    _train_here(qtbot, live)

    def colours(w):
        return {name: curve.opts["pen"].color().name().upper() for name, curve in w.loss_panel._source_curves.items()}

    want = {name: source_colour(name).upper() for name in EMBEDDED_SOURCES}
    assert colours(live) == want
    second = window(run)  # the same run reopened in a second window
    assert colours(second) == want
    second.runs.max_steps = 6
    _train_here(qtbot, second)  # continued
    assert second.history.last_step == 6 and colours(second) == want
    # a run's colour is a function of its name: the same in a new runs table (after a restart)
    assert RunsTable(tmp_path).colour(run) == RunsTable(tmp_path).colour(run) != ""


def _memo_run(root):
    """A run with a source called memo, and a terrain result on it."""
    text = root / "memo.txt"
    text.write_text((dataclasses.__doc__ or "memo text") * 40, encoding="utf-8")
    cfg = tiny_config(data={"max_bytes_per_source": 40_000, "tokenizer_vocab_size": 384,
                            "sources": [SourceSpec("memo", [str(text)])]},
                      probe={"interval": 3, "sample_interval": 3, "sample_tokens": 6, "watch": ["the"]},
                      checkpoint={"interval": 6})
    run = root / "with-memo"
    train_run(run, cfg, 6)
    write_result(run, dataclasses.replace(make_terrain_result(step=6), sources=np.array(["memo", REF])))
    return run


def test_after_switching_runs_no_panel_keeps_the_previous_run(parent_run, window, qtbot, tmp_path):
    memo = _memo_run(tmp_path)
    w = window(memo, max_steps=6)
    assert w.terrain_panel.steps == [6]
    assert any("memo" in t for t in _texts(w))  # the first run's source is on screen
    branch = tmp_path / "late-branch"
    create_branch(parent_run, branch, N)
    assert w.open_run(branch)
    texts = _texts(w)
    assert not [t for t in texts if "memo" in t]
    assert w.terrain_panel.steps == []
    assert "/ 6" not in w.progress_label.text()  # the first run's limit is not this run's
    assert w.model.last_step == N and w.loss_panel.source_names == list(EMBEDDED_SOURCES)
    # the embeddings panel speaks of this branch's probes, not of the first run's
    assert "step 3" not in " ".join(t for t in texts if "probe" in t)


def _events(run):
    reader = RunReader(run / "metrics.sqlite")
    try:
        return [(s, k, p) for s, k, p, _wall in reader.events()]
    finally:
        reader.close()


def _parent_weights_at(run, step):
    last = [p for s, k, p in _events(run) if k in ("phase", "pivot") and s <= step and "weights" in p][-1]
    return last["weights"]


def test_a_new_branch_shows_its_parents_mixture_curves_and_markers_at_once(parent_run, window, tmp_path):
    branch = tmp_path / "new-branch"
    create_branch(parent_run, branch, N)
    w = window(branch)
    picture = _mixture_picture(w)
    weights = _parent_weights_at(parent_run, N)
    assert picture["weights"] == _rounded([weights[n] for n in picture["names"]])
    assert len(picture["now"]) == 1 and picture["bars"] == picture["weights"]
    assert "warmup" not in picture["caption"]
    ph = w.view.parent_history
    assert set(ph.source_items) == {f"source:{n}" for n in EMBEDDED_SOURCES}
    for item in ph.source_items.values():
        x, _y = item.getData()
        assert len(x) and max(x) <= N
    marked = [int(line.value()) for line in ph.loss_markers.lines]
    stored = [s for s, k, _p in _events(parent_run) if k in w.loss_panel.markers.kinds and s <= N]
    assert marked == stored and len(marked) >= 2  # the LR and the curriculum warmup's ends
