"""The attention, embedding and samples panels only draw the run model (pytest-qt, offscreen):
given another run's model, nothing of the previous run stays on screen; one run drawn from its
live snapshots and drawn reopened from its folder looks the same."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import fake_probe, tiny_config, train_run

from andrea_desktop.core.rundir.lineage import Parent
from andrea_desktop.core.training.branch import create_branch
from andrea_desktop.core.viewmodels.history import MixtureHistory, RunHistory
from andrea_desktop.core.viewmodels.run_model import ParentRun, RunModel
from andrea_desktop.core.viewmodels.snapshot import SnapshotBuilder
from andrea_desktop.core.viewmodels.sources import open_model, read_folder
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel
from andrea_desktop.gui.panels.samples.panel import QtSamplesPanel
from andrea_desktop.gui.run.worker import RunInfo
from andrea_desktop.gui.window.run_view import QtRunView

STEPS = 16


def _config():
    return tiny_config(probe={"interval": 4, "sample_interval": 6, "sample_tokens": 4})


class _Snapshots:
    """The training thread's side of the live source: the rows the trainer writes, taken as
    snapshots every few rows (the window applies them on the GUI thread, in order)."""

    def __init__(self) -> None:
        self.builder, self.snaps, self.n = SnapshotBuilder(), [], 0

    def _take(self, force=False):
        self.n += 1
        if force or self.n % 5 == 0:
            snap = self.builder.take()
            if snap is not None:
                self.snaps.append(snap)

    def on_scalars(self, step, values, wall_time=None):
        self.builder.add_scalars(step, values)
        self._take()

    def on_event(self, step, kind, payload):
        self.builder.add_event(step, kind, dict(payload))

    def on_sample(self, step, prompt, text):
        self.builder.add_sample(step, prompt, text)

    def on_probe(self, step, probe):
        self.builder.set_probe(probe)
        self._take(force=True)

    def on_state(self, state):
        self._take(force=True)


@pytest.fixture(scope="module")
def run_a(tmp_path_factory):
    """A run trained here with probes (every 4 steps, the default watch list) and samples, and
    the snapshots its training thread made."""
    run = tmp_path_factory.mktemp("panels") / "a"
    live = _Snapshots()
    train_run(run, _config(), STEPS, observer=live)
    live._take(force=True)
    return run, live.snaps


def _panels(qtbot):
    att, emb, smp = QtAttentionPanel(), QtEmbeddingPanel(), QtSamplesPanel()
    for p in (att, emb, smp):
        qtbot.addWidget(p)
        p.resize(700, 600)
        p.show()
    return att, emb, smp


def _reopened(run) -> RunModel:
    model, error = open_model(run)
    assert error is None
    read_folder(model)
    return model


def _branch_at_400(tmp_path) -> RunModel:
    """A branch of another run at step 400, with other sources and tokens, probes every 50 steps
    and not trained yet (its model as the window opens it)."""
    cfg = tiny_config(probe={"interval": 50, "text": "memo memo", "sample_prompt": "Once "})
    model = RunModel(tmp_path / "b", cfg)
    parent = tmp_path / "p"
    model.set_parent(ParentRun(Parent(parent, 400, "step-00000400"), parent, RunHistory(), MixtureHistory()))
    model.set_sources(("memo", "licenses"))
    return model


def test_a_panel_given_another_runs_model_shows_nothing_of_the_previous_run(qtbot, run_a, tmp_path):
    run, _ = run_a
    att, emb, smp = _panels(qtbot)
    a = _reopened(run)
    for p in (att, emb, smp):
        p.set_model(a)
    # run A is drawn: its probes, its probe text in the box, its vocabulary, watch list and samples
    assert att.probe_steps == [4, 8, 12, 16] and att.text_edit.text() == _config().probe.text
    assert emb.vocab and emb.step == 16 and emb.watch and emb.watch_table.rowCount() == len(emb.watch)
    a_tokens = set(emb.vocab)
    a_samples = [text for _, _, text in a.samples if text.strip()]
    assert a_samples and all(t in smp.view.toPlainText() for t in a_samples)
    assert emb.stability_plot.getViewBox().viewRange()[0][1] <= STEPS + 1

    b = _branch_at_400(tmp_path)
    for p in (att, emb, smp):
        p.set_model(b)
    # nothing of A: no probe, no text filled in from A, no step of A, no token of A
    assert att.probe is None and att.probe_steps == [] and not att.scrubber.isEnabled()
    assert att.text_edit.text() == "" and att.empty_label.isVisible()
    assert "first probe (step 450)" in att.empty_label.text(), att.empty_label.text()
    assert emb.vocab == () and emb.step is None and emb.token_id is None and emb.watch == {}
    assert emb.completer_model.stringList() == [] and emb.table.rowCount() == 0
    assert emb.watch_table.rowCount() == 0
    assert "first probe (step 450)" in emb.status.text(), emb.status.text()
    lo, hi = emb.stability_plot.getViewBox().viewRange()[0]
    assert lo >= 390 and hi >= 450, (lo, hi)  # the branch's steps, not A's 4..16
    assert emb.pca_plot.getViewBox().viewRange()[0] == [-1, 1]  # not A's neighbourhood's scale
    assert smp.samples == [] and smp.view.toPlainText().strip() == ""
    assert "“Once ”" in smp.header.text() and "every 200 steps" in smp.header.text()

    # B's first probe: only B's tokens and sets are drawn
    vocab = ["memo", "lic", "ense", "zz", "yy", "xx"]
    b.add_probe(fake_probe(450, ["memo", "lic", "ense"], vocab, [0, 1]))
    assert att.probe_steps == [450] and att.step_label.text().startswith("step 450")
    assert [t for _, t in att.head_plot.getAxis("left")._tickLevels[0]] == ["memo", "lic", "ense"]
    assert att.text_edit.text() == "memolicense"
    assert emb.vocab == tuple(vocab) and emb.step == 450 and set(emb.watch) == {0, 1}
    assert not (set(emb.completer_model.stringList()) & {t.replace(" ", "␣") for t in a_tokens} - set(vocab))
    assert all(steps == [450] for steps in (sorted(h) for h in emb.watch.values()))


def test_the_old_model_no_longer_reaches_the_panels(qtbot, run_a, tmp_path):
    run, _ = run_a
    att, emb, smp = _panels(qtbot)
    a = _reopened(run)
    for p in (att, emb, smp):
        p.set_model(a)
    b = _branch_at_400(tmp_path)
    for p in (att, emb, smp):
        p.set_model(b)
    vocab = ["q", "r", "s", "t"]
    a.add_probe(fake_probe(20, ["q", "r"], vocab, [0]))  # the previous run's model goes on changing
    b2 = SnapshotBuilder()
    b2.add_sample(24, "The ", "a late sample of run A")
    a.apply(b2.take())
    assert att.probe is None and emb.vocab == () and smp.view.toPlainText().strip() == ""


def _drawn(view: QtRunView) -> dict:
    """What the three panels show: texts, axes, tables and the watch list's curves."""
    att, emb, smp = view.attention_panel, view.embedding_panel, view.samples_panel
    return {
        "attention": (att.probe_steps, att.step_label.text(), att.text_edit.text(), att.head_title.text(),
                      att.head_stats.text(), att.note_text(), att.empty_label.isVisible(),
                      [t for _, t in att.head_plot.getAxis("left")._tickLevels[0]],
                      np.nan_to_num(np.asarray(att.head_image.image), nan=-1.0).round(4).tolist()),
        "embedding": (emb.step, emb.vocab, emb.status.text(), emb.token_id, emb.neighbour_rows(),
                      {t: sorted(h) for t, h in emb.watch.items()},
                      {t: emb.stability(t)[1].tolist() for t in emb.watch},
                      [[emb.watch_table.item(r, c).text() for c in range(4)]
                       for r in range(emb.watch_table.rowCount())]),
        "samples": (smp.header.text(), smp.view.toPlainText()),
    }


def test_a_run_drawn_live_and_reopened_looks_the_same(qtbot, run_a):
    run, snaps = run_a
    cfg = _config()
    live = QtRunView()
    for p in (live.attention_panel, live.embedding_panel, live.samples_panel):
        qtbot.addWidget(p)
    for p in (live.attention_panel, live.embedding_panel):
        p.ensure_built()  # drawn as the snapshots come (the reopened view's: once it is all there)
    live.set_model(RunModel(run, cfg))  # the window's controller makes the run's model
    live.show_run_info(RunInfo(run, cfg, "cpu", 0, tuple(live.model.sources), 0, STEPS))
    for snap in snaps:  # the training thread's snapshots, as the window receives them
        live.show_snapshot(snap, running=True)
    assert live.model.run_dir == run and live.model.probes.steps == [4, 8, 12, 16]

    reopened = QtRunView()
    for p in (reopened.attention_panel, reopened.embedding_panel, reopened.samples_panel):
        qtbot.addWidget(p)
    model, error = open_model(run)  # the reopen source
    assert error is None
    read_folder(model)
    reopened.set_model(model)
    assert reopened.model.run_dir == run
    for p in (reopened.attention_panel, reopened.embedding_panel):
        p.ensure_built()

    want, got = _drawn(reopened), _drawn(live)
    assert want["attention"][0] == [4, 8, 12, 16] and want["embedding"][0] == STEPS and want["embedding"][5]
    assert "step 6" in want["samples"][1] and "step 12" in want["samples"][1]
    for key in want:
        assert got[key] == want[key], key
    # an earlier probe of the live run is read back from its file (not all of them kept in memory)
    assert live.model.probes.has_file(4)
    live.attention_panel.scrubber.setValue(0)
    reopened.attention_panel.scrubber.setValue(0)
    assert _drawn(live)["attention"] == _drawn(reopened)["attention"]
    assert live.attention_panel.step_label.text().startswith("step 4")


def test_the_view_replaces_the_model_when_another_run_is_shown(qtbot, run_a, tmp_path):
    """QtRunView: a model of a run folder (its settings, tokenizer and probe files) reaches every
    panel; reset gives the panels a new empty model."""
    run, _ = run_a
    view = QtRunView()
    for p in (view.attention_panel, view.embedding_panel, view.samples_panel):
        qtbot.addWidget(p)
    model, _error = open_model(run)
    read_folder(model)
    view.set_model(model)
    first = view.model
    assert first.run_dir == run and view.attention_panel.model is first and view.embedding_panel.step == STEPS
    view.reset()
    assert view.model is not first and view.model.run_dir is None
    assert all(p.model is view.model for p in (view.attention_panel, view.embedding_panel, view.samples_panel))
    assert view.attention_panel.probe is None and view.embedding_panel.vocab == () and view.samples_panel.samples == []


def test_the_window_opens_a_branch_not_trained_yet_on_its_own_steps(make_window, run_a, tmp_path):
    """A branch opened before it trained has no store yet: its model is still made from its
    folder (its parent at the branch step), so the panels say when its own first probe comes."""
    run, _ = run_a
    branch = tmp_path / "branch"
    create_branch(run, branch, STEPS)
    w = make_window(_config())
    assert w.open_run(branch)
    assert w.view.model.parent is not None and w.view.model.last_step == STEPS
    assert "first probe (step 20)" in w.attention_panel.empty_label.text()
    assert "first probe (step 20)" in w.embedding_panel.status.text()
    assert w.embedding_panel.watch == {} and w.samples_panel.samples == []


def test_samples_side_by_side_draws_the_runs_models(qtbot, run_a, tmp_path):
    """The side-by-side view draws run models (their samples read by the samples source) and
    redraws when a model's samples change; Reload hands it the runs read again."""
    from andrea_desktop.core.viewmodels.sources import samples_models
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    run, _ = run_a
    models, errors = samples_models([run, tmp_path / "gone"])
    assert errors[0] == "" and "gone" in errors[1]
    view = QtSamplesSideBySide(models, None, errors)
    qtbot.addWidget(view)
    assert [s for s, _ in view.rows()] == [12, 6]
    b = SnapshotBuilder()
    b.add_sample(18, "The ", "a sample that came later")
    models[0].apply(b.take())
    step, (later, none) = view.rows()[0]
    assert step == 18 and later.splitlines()[-1] == "The a sample that came later"
    assert none.startswith("(no sample at this step)")
    view.reload_requested.connect(lambda: view.set_models(*samples_models([run])))
    view.reload_requested.emit()
    assert [s for s, _ in view.rows()] == [12, 6] and view.table.columnCount() == 1
    models[0].apply(_one_sample(24))
    assert [s for s, _ in view.rows()] == [12, 6], "the models let go no longer reach the view"


def _one_sample(step):
    b = SnapshotBuilder()
    b.add_sample(step, "The ", "x")
    return b.take()
