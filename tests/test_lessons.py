"""The documents' v1 / v2 lesson side by side: attention entropy per layer on hand-built maps, and
the side-by-side view of two stored runs — the run without warmup flagged for repetition, with the
higher λ_max and the lower attention entropy at the same steps."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from conftest import make_terrain_result, save_shot

from andrea_desktop.core.analysis import head_stats
from andrea_desktop.core.attention_entropy import (
    from_mean_row_entropy,
    head_entropy,
    layer_entropy,
    uniform_entropy,
)
from andrea_desktop.core.config import save_config
from andrea_desktop.core.config.overrides import build_config
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
from andrea_desktop.core.rundir.probes import Probe, write_probe
from andrea_desktop.core.rundir.store import RunStore
from andrea_desktop.core.rundir.terrain import write_result
from andrea_desktop.core.viewmodels.lessons import lessons, lessons_models

T = 6


def _uniform(T: int) -> np.ndarray:
    """(T, T) causal map with every row uniform over the keys it may see."""
    a = np.tril(np.ones((T, T)))
    return a / a.sum(-1, keepdims=True)


def _one_hot(T: int, key: int = 0) -> np.ndarray:
    """(T, T) causal map whose every row puts all its weight on ``key`` (itself before it)."""
    a = np.zeros((T, T))
    for t in range(T):
        a[t, min(key, t)] = 1.0
    return a


# ------------------------------------------------------------------ entropy per layer
def test_a_uniform_layer_scores_the_uniform_entropy_and_a_one_hot_layer_zero():
    maps = np.stack([np.stack([_uniform(4)] * 2), np.stack([_one_hot(4)] * 2)])  # (2, 2, 4, 4)
    u = (math.log(2) + math.log(3) + math.log(4)) / 3  # queries 1..3; query 0 is left out
    assert uniform_entropy(4) == pytest.approx(u)
    np.testing.assert_allclose(layer_entropy(maps), [u, 0.0], atol=1e-12)


def test_a_layer_averages_its_heads_and_a_half_split_row_scores_ln2():
    half = np.array([[1.0, 0, 0], [0.5, 0.5, 0], [0.5, 0.5, 0]])  # queries 1 and 2 split in two
    maps = np.stack([np.stack([half, _one_hot(3)])])  # (1, 2, 3, 3)
    np.testing.assert_allclose(head_entropy(maps), [[math.log(2), 0.0]], atol=1e-12)
    np.testing.assert_allclose(layer_entropy(maps), [math.log(2) / 2], atol=1e-12)


def test_a_probes_stored_head_entropy_gives_the_same_layer_entropy_as_its_maps():
    """The view reads each probe's stored per-head entropy (all T queries, as the trainer writes
    it), not its maps: converted, it is the layer entropy of the maps."""
    rng = np.random.default_rng(0)
    maps = np.tril(rng.random((3, 4, 9, 9)) ** 4)
    maps /= maps.sum(-1, keepdims=True)
    np.testing.assert_allclose(from_mean_row_entropy(head_stats(maps).entropy, 9), layer_entropy(maps), rtol=1e-12)
    with pytest.raises(ValueError, match="1 token"):
        from_mean_row_entropy(np.zeros((1, 1)), 1)


@pytest.mark.parametrize("shape", [(4, 4), (1, 1, 1, 1), (1, 1, 3, 4)])
def test_maps_of_the_wrong_shape_are_refused(shape):
    with pytest.raises(ValueError, match="attention maps"):
        layer_entropy(np.zeros(shape))


# ------------------------------------------------------------------ two stored runs side by side
COLLAPSED = "the function the module the it the the, the value the the of the the"
HEALTHY = "object is called with the arguments given; a method returns a new value to its caller"


def _probe(step: int, head: np.ndarray, L: int = 2, H: int = 2) -> Probe:
    att = np.broadcast_to(head, (L, H, T, T)).astype(np.float32)
    stats = {k: np.zeros((L, H), np.float32) for k in ("previous_token", "sink", "induction")}
    stats["entropy"] = head_stats(att).entropy.astype(np.float32)  # as the trainer writes it
    return Probe.from_arrays({"step": np.int64(step), "attention": att, "token_text": np.array([f"t{i}" for i in range(T)]),
                              "roles": np.full((L, H), "", dtype=str), **stats})


def _stored_run(path, warmup: int, samples: dict, head: np.ndarray, lambda_max: float) -> None:
    """A run folder written by the run-folder writers: config, samples and LRs, a probe and a
    terrain result at each sample step."""
    path.mkdir()
    save_config(build_config(overrides=("optimizer.lr=1e-2", f"schedule.warmup_steps={warmup}")), path / CONFIG)
    store = RunStore(path / METRICS_DB)
    for step, text in samples.items():
        store.log_scalars(step, {"train/loss": 5.0, "train/lr": 1e-2})
        store.log_sample(step, "The ", text)
        write_probe(path, _probe(step, head))
        result = make_terrain_result(step=step, lr=1e-2)
        write_result(path, dataclasses.replace(result, eigenvalues=np.array([lambda_max, lambda_max / 3])))
    store.close()


@pytest.fixture
def two_runs(tmp_path):
    v1, v2 = tmp_path / "lesson-no-warmup", tmp_path / "lesson-warmup-100"
    _stored_run(v1, 0, {100: COLLAPSED, 200: COLLAPSED}, _one_hot(T, key=1), 153.0)
    _stored_run(v2, 100, {100: HEALTHY, 200: HEALTHY}, _uniform(T), 10.0)
    return v1, v2


def test_the_lessons_of_two_stored_runs_line_up_at_the_same_steps(two_runs):
    models, errors = lessons_models(two_runs)
    d = lessons(models, errors)
    assert d.names == tuple(p.name for p in two_runs) and d.steps == (100, 200) and errors == ["", ""]
    for row in d.cells:
        v1, v2 = row
        assert v1.repetition.flagged and not v2.repetition.flagged
        assert v1.sharpness.lambda_max == 153.0 > v2.sharpness.lambda_max == 10.0
        assert v1.sharpness.gd_threshold == pytest.approx(200.0)  # 2/η at η = 1e-2
        assert v1.attention.mean < 0.05 < 1.0 < v2.attention.mean == pytest.approx(uniform_entropy(T))
        assert v1.attention.step == v2.attention.step == v1.sharpness.step
    assert d.flagged(0) == (2, 2) and d.flagged(1) == (0, 2)


def test_the_side_by_side_view_shows_the_flag_the_sharper_run_and_the_collapsed_heads(qtbot, two_runs):
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    view = QtSamplesSideBySide(*lessons_models(two_runs)[:1], ["#D55E00", "#0072B2"], None)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    rows = dict(view.rows())
    assert list(rows) == [200, 100]
    for v1, v2 in rows.values():
        assert v1.startswith("⚠ repetitive: score 0.53 ≥ 0.30 (“the” is 60% of the words; distinct-1…4 0.47 · ")
        assert "⚠" not in v2 and v2.startswith("repetition 0.")
        assert "attention entropy per layer: 0.00 · 0.00 nats (uniform 1.32; probe at step" in v1
        assert "attention entropy per layer: 1.32 · 1.32 nats" in v2
        assert "λ_max 153 · 2/η 200 (η 1.00e-02; terrain at step" in v1 and "λ_max 10 · 2/η 200" in v2
        assert v1.endswith(COLLAPSED) and v2.endswith(HEALTHY)
    flagged = view.table.item(0, 0).foreground().color().name()
    assert flagged != view.table.item(0, 1).foreground().color().name()
    summary = view.summary.text().splitlines()
    assert summary[0].startswith("lesson-no-warmup: 2 of 2 samples flagged for repetition · mean attention entropy 0.00")
    assert "λ_max 153 vs 2/η 200 at step 200" in summary[0]
    assert summary[1].startswith("lesson-warmup-100: 0 of 2 samples flagged") and "λ_max 10 vs 2/η 200" in summary[1]
    save_shot(view, "lessons_side_by_side.png")


def test_a_run_without_terrain_results_shows_a_dash(qtbot, tmp_path):
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    run = tmp_path / "no-terrain"
    _stored_run(run, 0, {50: HEALTHY}, _uniform(T), 1.0)
    for f in (run / "terrain").iterdir():
        f.unlink()
    models, errors = lessons_models([run, tmp_path / "gone"])
    view = QtSamplesSideBySide(models, None, errors)
    qtbot.addWidget(view)
    ((step, (cell, missing)),) = view.rows()
    assert step == 50 and "λ_max — · basin — (no terrain result)" in cell
    assert missing.startswith("(no sample at this step)") and "gone" in view.header.text()
    assert "λ_max — (no terrain result)" in view.summary.text()


def test_the_side_by_side_view_marks_a_samples_and_a_run_names_hidden_characters(qtbot, tmp_path):
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    run = tmp_path / "run\u202eevil"
    _stored_run(run, 0, {50: "a\u2066b\u200bc \x1b[31mred"}, _uniform(T), 1.0)
    view = QtSamplesSideBySide(*lessons_models([run])[:1], None, None)
    qtbot.addWidget(view)
    ((_step, (cell,)),) = view.rows()
    assert "a\\u{2066}b\\u{200b}c \\x1b[31mred" in cell
    head = view.table.horizontalHeaderItem(0)
    assert head.text() == "run\\u{202e}evil" and "\u202e" not in head.toolTip() and "run\\u{202e}evil" in head.toolTip()


def test_a_run_whose_config_refuses_its_repetition_threshold_is_said_to_be_not_scored_silently(qtbot, tmp_path):
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    run = tmp_path / "edited"
    _stored_run(run, 0, {50: HEALTHY}, _uniform(T), 1.0)
    text = (run / CONFIG).read_text()
    (run / CONFIG).write_text(text.replace("repetition_threshold = 0.3", "repetition_threshold = 5.0"))
    models, errors = lessons_models([run])
    assert "probe.repetition_threshold: must be in (0, 1], got 5.0" in errors[0]
    view = QtSamplesSideBySide(models, None, errors)
    qtbot.addWidget(view)
    assert "default settings" in view.header.text() and "got 5.0" in view.header.text()
    ((_step, (cell,)),) = view.rows()
    assert cell  # its samples are still shown


def test_a_sample_longer_than_its_cell_is_scored_whole(tmp_path):
    """A cell shows the first 2,000 characters; the score is the whole sample's, as training
    and the Samples panel give it (a repetitive tail past the cut read as not repetitive)."""
    from andrea_desktop.core.repetition import measure_repetition

    text = " ".join(f"word{i}" for i in range(400)) + " loop" * 1800
    run = tmp_path / "long-sample"
    _stored_run(run, 0, {100: text}, _uniform(T), 10.0)
    models, errors = lessons_models([run])
    (cell,) = lessons(models, errors).cells[0]
    assert len(cell.sample.text) < len(text)  # what the cell shows is cut
    assert cell.repetition == measure_repetition(text) and cell.repetition.flagged
