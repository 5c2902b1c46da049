"""Head roles as the literature scores them (Olsson et al., 2022; TransformerLens's head detector):
each score on hand-built attention patterns over the repeated sequence [first, r, r] equals its
definition, a uniform head scores its baseline, the labels, the history and the phase change."""

import numpy as np
import pytest

from andrea_desktop.core.head_roles import (
    INDUCTION,
    K_CLEAR,
    ROLES,
    label_heads,
    measure_roles,
    phase_change,
    repeated_sequence,
    role_history,
    role_scores,
    uniform_baselines,
)

HALF = 8
T = 2 * HALF + 1


def pattern(keys) -> np.ndarray:
    """A (1, 1, T, T) head that sends each query t all its weight to key ``keys(t)`` (clipped to
    the causal range), as one-hot rows."""
    A = np.zeros((T, T))
    for t in range(T):
        A[t, min(max(keys(t), 0), t)] = 1.0
    return A[None, None]


def uniform() -> np.ndarray:
    return (np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None])[None, None]


def score(A, role):
    return role_scores(A, HALF)[ROLES.index(role), 0, 0]


@pytest.mark.parametrize(("role", "keys"), [
    ("previous-token", lambda t: t - 1),
    ("first-token", lambda t: 0),
    ("self", lambda t: t),
    ("duplicate-token", lambda t: t - HALF if t > HALF else t),
    ("induction", lambda t: t - HALF + 1 if t > HALF else t),
    ("fixed-position", lambda t: 3),
])
def test_a_perfect_head_scores_1_and_is_labelled_with_its_role(role, keys):
    A = pattern(keys)
    assert score(A, role) == pytest.approx(1.0)
    r = measure_roles(A, HALF)
    assert r.labels[0, 0] == role
    others = [n for n in ROLES if n != role]
    rel = (r.scores[:, 0, 0] - r.baselines) / (1 - r.baselines)
    assert all(rel[ROLES.index(n)] < rel[ROLES.index(role)] for n in others)


def test_a_uniform_head_scores_its_baseline_and_has_no_role():
    b = uniform_baselines(HALF)
    np.testing.assert_allclose(role_scores(uniform(), HALF)[:, 0, 0], b)
    # the definition: the mean of 1 / (t + 1) over the role's queries
    queries_all = np.arange(1, T)
    second = np.arange(HALF + 1, T)
    assert b[ROLES.index("previous-token")] == pytest.approx(np.mean(1 / (queries_all + 1)))
    assert b[ROLES.index("induction")] == pytest.approx(np.mean(1 / (second + 1)))
    assert b[ROLES.index("fixed-position")] == pytest.approx(np.mean(1 / (np.arange(2, T) + 1)))
    assert measure_roles(uniform(), HALF).labels[0, 0] == ""


def test_an_induction_head_on_the_repeated_sequence_scores_about_1_against_a_small_baseline():
    """The stripe t -> t - L + 1 of the second copy, with a little weight elsewhere (a trained head)."""
    A = 0.95 * pattern(lambda t: t - HALF + 1 if t > HALF else 0) + 0.05 * uniform()
    s = score(A, INDUCTION)
    assert s == pytest.approx(0.95 + 0.05 * uniform_baselines(HALF)[ROLES.index(INDUCTION)])
    assert s > 0.95 and measure_roles(A, HALF).labels[0, 0] == INDUCTION


def test_the_threshold_is_k_of_what_a_uniform_head_leaves_free():
    b = uniform_baselines(HALF)
    i = ROLES.index("previous-token")
    thr = b[i] + K_CLEAR * (1 - b[i])
    for w, labelled in ((thr - 0.01, False), (thr + 0.01, True)):
        # weight w on the previous token, the rest uniform over the others: score exactly w
        A = np.zeros((T, T))
        A[0, 0] = 1
        for t in range(1, T):
            A[t, : t + 1] = (1 - w) / t
            A[t, t - 1] = w
        assert score(A[None, None], "previous-token") == pytest.approx(w)
        got = label_heads(role_scores(A[None, None], HALF), b)[0, 0]
        assert (got == "previous-token") is labelled, (w, got)


def test_a_one_hot_head_on_a_non_first_token_is_labelled_fixed_position():
    """The issue's entropy-0 head: all the weight on one early token that is not the first."""
    A = pattern(lambda t: 2)
    r = measure_roles(A, HALF)
    assert r.labels[0, 0] == "fixed-position" and r.score("fixed-position")[0, 0] == pytest.approx(1.0)
    assert r.score("first-token")[0, 0] < 0.2


def test_the_repeated_sequence_is_first_then_r_twice_with_distinct_tokens():
    seq = repeated_sequence(np.random.default_rng(0), 100, HALF, first=7)
    assert seq.shape == (T,) and seq[0] == 7
    np.testing.assert_array_equal(seq[1:HALF + 1], seq[HALF + 1:])
    assert len(set(seq[1:HALF + 1].tolist())) == HALF
    again = repeated_sequence(np.random.default_rng(0), 100, HALF, first=7)
    np.testing.assert_array_equal(seq, again)  # seeded: the same sequence at every probe
    with pytest.raises(ValueError):
        role_scores(uniform(), HALF + 1)


def test_the_phase_change_is_the_first_probe_the_score_stays_above_its_threshold_from():
    steps = np.array([100, 200, 300, 400, 500])
    assert phase_change(steps, np.array([0.1, 0.5, 0.2, 0.6, 0.7]), 0.4) == 400  # 200 did not stay
    assert phase_change(steps, np.array([0.1, 0.1, 0.1, 0.1, 0.3]), 0.4) is None  # never
    assert phase_change(steps, np.array([0.5, 0.6, 0.7, 0.7, 0.7]), 0.4) is None  # formed before the first probe
    assert phase_change(steps, np.array([0.1, 0.5, 0.6, 0.7, 0.2]), 0.4) is None  # did not stay
    assert phase_change(steps, np.array([0.1, np.nan, 0.6, 0.7, 0.8]), 0.4) == 300


def test_role_history_takes_the_best_head_of_each_layer_per_probe():
    def probe(step, ind):
        s = np.zeros((len(ROLES), 2, 3))
        s[ROLES.index(INDUCTION), 1] = [0.0, ind, 0.1]
        s[ROLES.index(INDUCTION), 0] = [0.05, 0.0, 0.0]
        b = uniform_baselines(HALF)
        return step, ROLES, s, b, b + K_CLEAR * (1 - b)

    h = role_history([probe(300, 0.9), probe(100, 0.0), probe(200, 0.2)])
    np.testing.assert_array_equal(h.steps, [100, 200, 300])
    np.testing.assert_allclose(h.best[ROLES.index(INDUCTION)], [[0.05, 0.1], [0.05, 0.2], [0.05, 0.9]])
    assert h.induction_phase_change == 300
    assert role_history([]) is None


def test_scores_of_the_wrong_shape_are_refused_or_left_out_never_an_index_error():
    """The public helpers on shapes a damaged probe file could hold (the reader refuses them
    first; these are the helpers' own bounds)."""
    b = uniform_baselines(HALF)
    with pytest.raises(ValueError):
        label_heads(np.zeros((len(ROLES), 2)), b)  # (R, L): no heads axis
    with pytest.raises(ValueError):
        label_heads(np.zeros((len(ROLES) - 1, 2, 2)), b)  # fewer roles than baselines
    with pytest.raises(ValueError):
        label_heads(np.zeros((0, 2, 2)), np.zeros(0), names=())
    good = (100, ROLES, np.zeros((len(ROLES), 2, 3)), b, b + K_CLEAR * (1 - b))
    for bad in [(200, ROLES, np.zeros(len(ROLES)), b, b), (300, ROLES, np.zeros((len(ROLES), 2, 3)), b[:2], b),
                (400, (), np.zeros((0, 2, 3)), np.zeros(0), np.zeros(0))]:
        h = role_history([good, bad])  # the damaged newest probe is left out, the good one kept
        np.testing.assert_array_equal(h.steps, [100])
    assert role_history([(1, ROLES, np.zeros(3), b, b)]) is None
