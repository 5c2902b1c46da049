"""The bandit's walk: warmup sub-simplex, phases, steering, pivots, vertex camping."""

import json
import math

import numpy as np
import pytest
from conftest import tiny_config

from andrea_desktop.core.config import CurriculumConfig, SourceSpec
from andrea_desktop.core.metrics import MIX_PULLS_PREFIX, MIX_REWARD_PREFIX, MIX_UCB_PREFIX
from andrea_desktop.core.mixture.curriculum import Curriculum, Pivot
from andrea_desktop.core.mixture.simplex import ConstraintError, Constraints
from andrea_desktop.core.rundir.layout import METRICS_DB
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import NullObserver, TrainingControl, prepare_run, run_session

NAMES = ("fast", "slow", "flat")


def _drive(cur, steps, loss_fn, start=1):
    """Run the walk with synthetic per-source losses; return weights per step and events."""
    ws, evs = [], []
    for s in range(start, start + steps):
        w, e = cur.weights_for(s)
        ws.append(w)
        evs.extend(e)
        cur.observe(s, {n: loss_fn(n, s) for n, x in zip(cur.names, w, strict=True) if x > 0})
    return np.array(ws), evs


def synthetic_loss(name, step):
    return {"fast": 5.0 * math.exp(-step / 150), "slow": 5.0 * math.exp(-step / 3000), "flat": 5.0}[name]


def test_bandit_steers_toward_the_vertex_that_favours_the_fastest_learner():
    cfg = CurriculumConfig(caps={"fast": 0.6}, random_share=0.0, phase_min=5, phase_max=5,
                           exploration=0.3, step_size=0.5)
    cur = Curriculum(NAMES, cfg, seed=0)
    ws, evs = _drive(cur, 400, synthetic_loss)
    modes = [p["mode"] for k, p in evs if k == "phase"]
    assert modes[0] == "random" and set(modes[1:]) == {"bandit"}
    # the reachable vertex that favours "fast" is (0.6, 0.4, 0): cap on fast, the rest to "slow"
    np.testing.assert_allclose(ws[-1], [0.6, 0.4, 0.0], atol=0.05)
    assert cur.reward_mean[0] > cur.reward_mean[2]
    assert all(cur.constraints.contains(w) for w in ws)


def test_random_phases_teleport_uniformly_and_share_is_respected():
    cfg = CurriculumConfig(random_share=0.35, phase_min=7, phase_max=42)
    cur = Curriculum(NAMES, cfg, seed=1)
    _, evs = _drive(cur, 6000, synthetic_loss)
    phases = [p for k, p in evs if k == "phase"]
    share = np.mean([p["mode"] == "random" for p in phases[1:]])
    assert 0.25 < share < 0.45
    lengths = [p["length"] for p in phases]
    assert min(lengths) >= 7 and max(lengths) <= 42


def test_warmup_keeps_the_walk_on_the_sub_simplex_then_expands():
    cfg = CurriculumConfig(warmup_sources=["fast", "slow"], warmup_steps=100, random_share=0.5)
    cur = Curriculum(NAMES, cfg, seed=2)
    ws, evs = _drive(cur, 300, synthetic_loss)
    assert (ws[:100, 2] == 0).all()
    kinds = [k for k, _ in evs]
    assert kinds.count("curriculum_warmup_end") == 1
    assert (ws[100:, 2] > 0).any()


def test_state_dict_round_trip_continues_identically():
    cfg = CurriculumConfig(random_share=0.4, floors={"flat": 0.1})
    a = Curriculum(NAMES, cfg, seed=5)
    _drive(a, 120, synthetic_loss)
    state = json.loads(json.dumps(a.state_dict()))  # plain JSON
    b = Curriculum(NAMES, cfg, seed=999)
    b.load_state_dict(state)
    wa, ea = _drive(a, 200, synthetic_loss, start=121)
    wb, eb = _drive(b, 200, synthetic_loss, start=121)
    np.testing.assert_array_equal(wa, wb)
    assert ea == eb


def test_pivot_projects_and_can_reset_stats():
    cur = Curriculum(NAMES, CurriculumConfig(random_share=0.0), seed=0)
    _drive(cur, 60, synthetic_loss)
    assert cur.pulls.sum() > 0
    new = Constraints.from_mapping(NAMES, floors={"flat": 0.5}, excluded=["fast"])
    cur.request_pivot(Pivot(new, keep_stats=False))
    w, evs = cur.weights_for(61)
    (pivot,) = [p for k, p in evs if k == "pivot"]
    assert pivot["restart"] == "project" and pivot["keep_stats"] is False
    assert new.contains(w) and w[0] == 0 and w[2] >= 0.5
    assert cur.pulls.sum() == 0
    with pytest.raises(ConstraintError):
        cur.request_pivot(Pivot(Constraints.from_mapping(("x", "y", "z"))))


def test_vertex_camping_warns_once():
    cfg = CurriculumConfig(floors={"fast": 0.95}, vertex_steps=50)
    cur = Curriculum(NAMES, cfg, seed=0)
    _, evs = _drive(cur, 200, synthetic_loss)
    anomalies = [p for k, p in evs if k == "anomaly"]
    assert len(anomalies) == 1 and anomalies[0]["kind"] == "vertex" and anomalies[0]["source"] == "fast"


def test_infeasible_config_is_refused_before_training(tmp_path):
    cfg = tiny_config(curriculum={"floors": {"stdlib-code": 0.7, "python-reference": 0.6}})
    with pytest.raises(ConstraintError, match="floors sum to 1.3"):
        prepare_run(tmp_path / "run", config=cfg)
    assert not (tmp_path / "run").exists()
    cfg = tiny_config(curriculum={"excluded": ["no-such-source"]})
    with pytest.raises(ConstraintError, match="unknown source 'no-such-source'"):
        prepare_run(tmp_path / "run", config=cfg)


WALK_STEPS, WALK_WARMUP, WALK_PIVOT = 200, 40, 120


@pytest.fixture(scope="module")
def walked_run(tmp_path_factory):
    """200 steps of a one-layer model: warmup on 2 sources for 40 steps, one source excluded,
    and a pivot at step 120 that excludes another. The walk does not depend on the model: the
    batches of 20 rows sample as many rows (4000) as the 500 steps of 8 did for the chi-square, and
    phases of 3-12 steps give at least as many phases as 7-42 did over 500 steps."""
    tmp = tmp_path_factory.mktemp("walk")
    extra = tmp / "extra.txt"
    extra.write_text("the parakeet sat near the monkey while Fourier transformed the signal. " * 400)
    cfg = tiny_config(
        data={"sources": [SourceSpec("extra", [str(extra)])]},
        curriculum={"warmup_sources": ["python-reference", "stdlib-docstrings"], "warmup_steps": WALK_WARMUP,
                    "excluded": ["extra"], "caps": {"stdlib-code": 0.5}, "random_share": 0.35,
                    "phase_min": 3, "phase_max": 12},
        model={"n_layer": 1, "n_head": 1, "d_model": 16, "block_size": 16},
        train={"eval_interval": 100, "batch_size": 20},
        schedule={"total_steps": 240},
    )
    session = run_session(tmp / "run", config=cfg)
    trainer = session.open()
    rows = {}
    weights = {}
    orig = trainer.batch

    def batch(step):
        x, y, src = orig(step)
        rows[step] = src.copy()
        weights[step] = trainer.mixture_weights().copy()
        return x, y, src

    trainer.batch = batch
    control = TrainingControl()
    names = trainer.source_names

    class Obs(NullObserver):
        def on_step(self, rec):
            if rec.step == WALK_PIVOT:
                c = Constraints.from_mapping(names, caps={"stdlib-code": 0.5},
                                             excluded=["extra", "python-reference"])
                control.request_pivot(Pivot(c))

    with session:
        trainer.run(WALK_STEPS, control, Obs())
    return trainer, rows, weights, tmp / "run"


def test_walk_stays_in_region_and_respects_warmup_and_exclusion(walked_run):
    trainer, rows, weights, run = walked_run
    names = trainer.source_names
    idx = {n: i for i, n in enumerate(names)}
    assert sorted(weights) == sorted(rows) == list(range(1, WALK_STEPS + 1))
    base = Constraints.from_mapping(names, caps={"stdlib-code": 0.5}, excluded=["extra"],
                                    warmup_sources=["python-reference", "stdlib-docstrings"])
    for step, w in weights.items():
        region = base.region(warmup=step <= WALK_WARMUP) if step <= WALK_PIVOT else Constraints.from_mapping(
            names, caps={"stdlib-code": 0.5}, excluded=["extra", "python-reference"])
        assert region.contains(w), (step, w)
    before = np.concatenate([rows[s] for s in range(1, WALK_WARMUP + 1)])
    assert not np.isin(before, [idx["stdlib-code"], idx["extra"]]).any()
    after = np.concatenate([rows[s] for s in range(WALK_WARMUP + 1, WALK_STEPS + 1)])
    assert not (after == idx["extra"]).any()
    assert (after == idx["stdlib-code"]).any()
    # the source excluded by the pivot is never sampled from the next step on
    assert not np.isin(np.concatenate([rows[s] for s in range(WALK_PIVOT + 1, WALK_STEPS + 1)]),
                       [idx["python-reference"]]).any()
    reader = RunReader(run / "metrics.sqlite")
    kinds = [k for _, k, _, _ in reader.events()]
    assert kinds.count("curriculum_warmup_end") == 1 and kinds.count("pivot") == 1
    assert kinds.count("phase") >= 10
    (pv,) = reader.events("pivot")
    assert pv[0] == WALK_PIVOT + 1  # takes effect at the next step boundary
    modes = {p["mode"] for _, _, p, _ in reader.events("phase")}
    assert modes == {"random", "bandit"}
    assert len(reader.scalars("mix/ucb/stdlib-code")[0]) >= 10
    reader.close()


def test_realised_counts_match_weights_chi_square(walked_run):
    trainer, rows, weights, _ = walked_run
    n = len(trainer.source_names)
    B = trainer.config.train.batch_size
    expected = B * np.sum([weights[s] for s in weights], axis=0)
    observed = np.bincount(np.concatenate(list(rows.values())), minlength=n)
    np.testing.assert_array_equal(observed, trainer.rows_sampled)
    keep = expected > 0
    assert (observed[~keep] == 0).all()
    chi2 = float((((observed - expected) ** 2)[keep] / expected[keep]).sum())
    df = int(keep.sum()) - 1
    # 99.9% quantile of chi-square with df <= 3 is below 16.3
    assert chi2 < 16.3, (chi2, df, observed, expected)


def test_bandit_statistics_are_logged_at_the_start_at_each_phase_and_at_a_pivot(walked_run):
    """Every view (live, reopened, followed) reads the bandit's table from the store."""
    trainer, _, _, run = walked_run
    reader = RunReader(run / METRICS_DB)
    phases = {s for s, *_ in reader.events("phase")}
    pivots = {s for s, *_ in reader.events("pivot")}
    for prefix in (MIX_UCB_PREFIX, MIX_PULLS_PREFIX, MIX_REWARD_PREFIX):
        for name in trainer.source_names:
            steps, _ = reader.scalars(prefix + name)
            assert set(steps.tolist()) == {0} | phases | pivots, (prefix, name)
    _, pulls = reader.scalars(MIX_PULLS_PREFIX + "stdlib-docstrings")
    assert pulls[0] == 0 and pulls[-1] > 0 and (np.diff(pulls) >= 0).all()  # the pivot kept the statistics
    reader.close()


# ------------------------------------------------------------------ one pivot validator
NAMES3 = ("a", "b", "c")


def test_a_pivot_round_trips_through_its_json_payload():
    c = Constraints.from_mapping(NAMES3, floors={"a": 0.2}, caps={"b": 0.5}, excluded=["c"], warmup_sources=["a"])
    p = Pivot(c, start=np.array([0.5, 0.5, 0.0]), keep_stats=False, params={"phase_min": 3, "phase_max": 9})
    q = Pivot.from_dict(NAMES3, json.loads(json.dumps(p.to_dict())), {"phase_min": 7, "phase_max": 42})
    assert q.to_dict() == p.to_dict() and not q.keep_stats
    np.testing.assert_array_equal(q.start, p.start)
    assert Pivot.from_dict(NAMES3, {"constraints": {}}).keep_stats  # the defaults


@pytest.mark.parametrize("payload, problem", [
    ({"constraints": [1, 2]}, "constraints must be a table"),
    ({"constraints": {}, "params": [1]}, "params must be a table"),
    ({"constraints": {"floors": {"nope": 0.5}}}, "unknown source 'nope'"),
    ({"constraints": {"floors": {"a": 0.7, "b": 0.6}}}, "floors sum to 1.3"),
    ({"constraints": {}, "start": [1.0]}, "start must be 3 finite weights"),
    ({"constraints": {}, "start": "x"}, "start must be 3 finite weights"),
    ({"constraints": {}, "params": {"phase_max": 3}}, "phase_max.*phase_min"),  # the current phase_min is 7
    ({"constraints": {}, "params": {"temperature": 2}}, "unknown walk parameter 'temperature'"),
    ({"constraints": {}, "params": {"step_size": "big"}}, "step_size must be a finite number"),
])
def test_a_bad_pivot_payload_is_refused_with_its_reason(payload, problem):
    with pytest.raises(ConstraintError, match=problem):
        Pivot.from_dict(NAMES3, payload, {"phase_min": 7, "phase_max": 42})


def test_every_problem_of_a_pivot_is_listed_at_once_and_the_curriculum_uses_the_same_check():
    c = Constraints.from_mapping(NAMES3, floors={"a": 0.5})
    p = Pivot(c, start=np.array([np.inf, 0, 0]), params={"phase_min": "x", "temperature": 1})
    cur = Curriculum(NAMES3, CurriculumConfig(), 0)
    problems = p.problems(NAMES3, cur.params)
    assert len(problems) == 3, problems
    assert any("start" in m for m in problems) and any("phase_min" in m for m in problems)
    assert any("temperature" in m for m in problems)
    with pytest.raises(ConstraintError) as exc:
        cur.request_pivot(p)
    assert exc.value.problems == problems and cur._pending == []
    with pytest.raises(ConstraintError, match="constraints are over"):
        Pivot(Constraints.from_mapping(("x", "y"))).validate(NAMES3)
