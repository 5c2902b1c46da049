"""Head roles as the literature measures them, and their history over a run (numpy only).

A head's role is read from its attention on a **repeated random-token sequence**
``[first, r_1 .. r_L, r_1 .. r_L]`` (:func:`repeated_sequence`; Olsson et al., 2022, "In-context
Learning and Induction Heads", section "Measuring induction heads"; TransformerLens's
``get_repeated_tokens`` and ``head_detector``). With the query at position t (row) and the key at
position j (column) of an (T, T) causal attention map A, T = 2 L + 1:

==================  ============================================================  ==========================
role                score: mean attention over the queries listed                 on the keys
==================  ============================================================  ==========================
``previous-token``  every t >= 1                                                  j = t - 1
``first-token``     every t >= 1 (the "attention sink", Xiao et al., 2023)        j = 0
``self``            every t >= 1                                                  j = t
``fixed-position``  t > j, for the j in 1 .. (T - 1) // 2 that scores highest      that one j
``duplicate-token`` the second copy, t = L + 1 .. 2 L                             j = t - L (the same token)
``induction``       the second copy, t = L + 1 .. 2 L                             j = t - L + 1 (the token
                                                                                  after the earlier copy)
==================  ============================================================  ==========================

``induction`` is Olsson et al.'s *prefix-matching* score, which is also TransformerLens's
induction score: on this sequence the two are the same stripe of the map. (Olsson et al. also
ask an induction head to *copy* — its OV circuit's positive eigenvalues; that needs the weights,
not the attention, and is not measured here.) ``fixed-position`` names a head that sends every
query to one early token that is not the first one (a one-hot head at entropy 0).

**Baselines and thresholds.** A score is compared with what a *uniform* causal head (A[t, j] =
1 / (t + 1)) scores on the same sequence, its baseline b (:func:`uniform_baselines`). A head has
a role when its score s clears ``b + K_CLEAR (1 - b)``: it puts at least K_CLEAR of the weight
a uniform head leaves free onto the role's keys. Its label is the role with the largest relative
score ``(s - b) / (1 - b)`` that clears its threshold (:func:`label_heads`): a head that splits
its weight between two roles' keys can clear both thresholds, and the larger relative score wins.

**The induction phase change** (:func:`phase_change`): Olsson et al. find that induction heads
form abruptly, in a "phase change" visible as a bump in the training loss, and stay. It is
placed at the first probe from which the best induction score of the model stays at or above
its threshold at every later probe, after a probe below it (a model that has induction heads
from its first probe shows none): the heads formed between that probe and the one before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["ROLES", "K_CLEAR", "FIRST_TOKEN", "INDUCTION", "PHASE_CHANGE", "repeated_sequence", "role_scores",
           "RoleScores", "measure_roles", "uniform_baselines", "thresholds", "label_heads", "RoleHistory", "role_history", "phase_change"]

FIRST_TOKEN = "first-token"
INDUCTION = "induction"
ROLES = ("previous-token", FIRST_TOKEN, "self", "fixed-position", "duplicate-token", INDUCTION)
"""The roles scored, in the order of a probe's ``role_scores`` (module docstring)."""

PHASE_CHANGE = "induction_phase_change"
"""The marker kind of the induction phase change on a time axis: derived by the run model from
the probes (:attr:`RoleHistory.induction_phase_change`), never a stored event."""

K_CLEAR = 0.4
"""A role's threshold: the share of the weight a uniform head leaves free (1 - baseline) that a
head must put on the role's keys beyond the baseline (module docstring)."""


def repeated_sequence(rng: np.random.Generator, vocab_size: int, half: int, first: int | None = None) -> np.ndarray:
    """The probe's repeated random-token sequence ``[first, r, r]`` (TransformerLens's
    ``get_repeated_tokens``, with a first token as its BOS).

    Parameters
    ----------
    rng
        The probe's own generator (a run's training RNG is never touched).
    vocab_size
        V: tokens are drawn from [0, V).
    half
        L >= 2, the length of r; the sequence has 2 L + 1 tokens.
    first
        The first token (the tokenizer's BOS / end-of-text), or None: a random one.

    Returns
    -------
    (2 L + 1,) int64. r's tokens are distinct while V allows (drawn without replacement), so
    each token of the second copy has one earlier occurrence.

    Raises
    ------
    ValueError
        ``half`` < 2 or ``vocab_size`` < 1.
    """
    if half < 2 or vocab_size < 1:
        raise ValueError(f"a repeated sequence needs half >= 2 and a vocabulary, not {half} and {vocab_size}")
    r = rng.choice(vocab_size, size=half, replace=vocab_size < half).astype(np.int64)
    head = int(rng.integers(vocab_size)) if first is None else int(first)
    return np.concatenate([[head], r, r]).astype(np.int64)


def _keys(T: int, half: int) -> list[tuple[np.ndarray, np.ndarray] | None]:
    """For each role of :data:`ROLES` but ``fixed-position``: (queries, keys) index arrays."""
    t = np.arange(1, T)
    second = np.arange(half + 1, 2 * half + 1)
    return [(t, t - 1), (t, np.zeros_like(t)), (t, t), None, (second, second - half), (second, second - half + 1)]


def _scores(A: np.ndarray, half: int) -> np.ndarray:
    T = A.shape[-1]
    out = []
    for keys in _keys(T, half):
        if keys is None:  # fixed-position: the best early key j >= 1, over the queries that see it
            cols = []
            for j in range(1, max((T - 1) // 2, 1) + 1):
                cols.append(A[..., j + 1:, j].mean(axis=-1) if j + 1 < T else np.zeros(A.shape[:-2]))
            out.append(np.max(cols, axis=0))
        else:
            q, k = keys
            out.append(A[..., q, k].mean(axis=-1))
    return np.stack(out)


def role_scores(maps: np.ndarray, half: int) -> np.ndarray:
    """Every role's score of every head, from the attention on :func:`repeated_sequence`.

    Parameters
    ----------
    maps
        (L, H, T, T) attention weights (row = query, column = key) on ``[first, r, r]``, T = 2 half + 1.
    half
        The length of r.

    Returns
    -------
    (len(ROLES), L, H) float64 in [0, 1] (module docstring for each score).

    Raises
    ------
    ValueError
        ``maps`` is not (L, H, 2 half + 1, 2 half + 1).
    """
    A = np.asarray(maps, dtype=np.float64)
    if A.ndim != 4 or A.shape[-2:] != (2 * half + 1, 2 * half + 1) or half < 2:
        raise ValueError(f"maps of shape {A.shape} are not the attention on a sequence [first, r, r] of "
                         f"2 x {half} + 1 tokens")
    return _scores(A, half)


def uniform_baselines(half: int) -> np.ndarray:
    """What a uniform causal head (A[t, j] = 1 / (t + 1)) scores for each role of :data:`ROLES`
    on a sequence ``[first, r, r]`` with r of ``half`` tokens: (len(ROLES),) float64."""
    T = 2 * half + 1
    A = np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None]
    return _scores(A[None, None], half)[:, 0, 0]


def thresholds(baselines: np.ndarray, k: float = K_CLEAR) -> np.ndarray:
    """Each role's threshold ``b + k (1 - b)`` for baselines b (any shape)."""
    b = np.asarray(baselines, dtype=np.float64)
    return b + k * (1.0 - b)


def label_heads(scores: np.ndarray, baselines: np.ndarray, names: Sequence[str] = ROLES,
                k: float = K_CLEAR) -> np.ndarray:
    """Each head's role: the role whose relative score ``(s - b) / (1 - b)`` is the largest and at
    least ``k``, else "".

    Parameters
    ----------
    scores
        (R, L, H) scores (NaN: not measured, never a role).
    baselines
        (R,) the uniform head's scores.
    names
        The R roles' names.

    Returns
    -------
    (L, H) str.

    Raises
    ------
    ValueError
        ``scores`` not (R, L, H) with R the number of ``baselines`` and ``names``.
    """
    s = np.asarray(scores, dtype=np.float64)
    names = list(names)
    if s.ndim != 3 or not s.shape[0] or np.size(baselines) != s.shape[0] or len(names) != s.shape[0]:
        raise ValueError(f"scores of shape {s.shape} do not match {np.size(baselines)} baselines and {len(names)} roles")
    b = np.asarray(baselines, dtype=np.float64).reshape(-1, 1, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = np.where(b < 1.0, (s - b) / (1.0 - b), np.nan)
    rel = np.where(np.isfinite(rel), rel, -np.inf)
    best = rel.argmax(axis=0)
    labels = np.asarray(names, dtype=str)[best]
    return np.where(np.take_along_axis(rel, best[None], 0)[0] >= k - 1e-12, labels, "")


@dataclass(frozen=True)
class RoleScores:
    """What one probe measured of the heads' roles (a probe file's ``role_*`` arrays).

    Attributes
    ----------
    names
        The R roles (:data:`ROLES`).
    scores
        (R, L, H) each head's score of each role.
    baselines, thresholds
        (R,) the uniform head's scores and the thresholds (:func:`thresholds`).
    labels
        (L, H) each head's role, "" where none is clear (:func:`label_heads`).
    """

    names: tuple[str, ...]
    scores: np.ndarray
    baselines: np.ndarray
    thresholds: np.ndarray
    labels: np.ndarray

    def score(self, name: str) -> np.ndarray:
        """(L, H) the scores of role ``name``."""
        return self.scores[self.names.index(name)]


def measure_roles(maps: np.ndarray, half: int, k: float = K_CLEAR) -> RoleScores:
    """Scores, baselines, thresholds and labels of the heads whose (L, H, T, T) attention on
    :func:`repeated_sequence` (r of ``half`` tokens) is ``maps``; raises ValueError as
    :func:`role_scores`."""
    scores = role_scores(maps, half)
    base = uniform_baselines(half)
    return RoleScores(ROLES, scores, base, thresholds(base, k), label_heads(scores, base, ROLES, k))


@dataclass(frozen=True)
class RoleHistory:
    """Each role's best score per layer across a run's probes (the heads-over-time plot).

    Attributes
    ----------
    steps
        (S,) the probes' steps, ascending.
    names
        The R roles.
    best
        (R, S, L) the highest score of a head of each layer (NaN where a probe has none).
    thresholds, baselines
        (R,) each role's threshold and the uniform head's score.
    """

    steps: np.ndarray
    names: tuple[str, ...]
    best: np.ndarray
    thresholds: np.ndarray
    baselines: np.ndarray

    def role(self, name: str) -> int | None:
        """The index of role ``name``, or None."""
        return self.names.index(name) if name in self.names else None

    @property
    def induction_phase_change(self) -> int | None:
        """The step of the induction phase change (:func:`phase_change`), or None."""
        i = self.role(INDUCTION)
        if i is None or not len(self.steps):
            return None
        return phase_change(self.steps, np.nanmax(np.where(np.isnan(self.best[i]), -np.inf, self.best[i]), axis=1),
                            float(self.thresholds[i]))


def role_history(probes: Sequence[tuple[int, Sequence[str], np.ndarray, np.ndarray, np.ndarray]]) -> RoleHistory | None:
    """A :class:`RoleHistory` from each probe's ``(step, names, scores (R, L, H), baselines (R,),
    thresholds (R,))``; the names, baselines and thresholds of the newest probe count, a probe of
    other names or another layer count, or whose arrays have other shapes, is left out. None
    without a probe."""

    def whole(p) -> bool:
        _s, n, sc, b, t = p
        sc = np.asarray(sc)
        return (sc.ndim == 3 and sc.shape[0] == len(n) > 0 and np.shape(b) == (len(n),)
                and np.shape(t) == (len(n),))

    items = sorted((p for p in probes if whole(p)), key=lambda p: int(p[0]))
    if not items:
        return None
    _, names, scores, baselines, thr = items[-1]
    names = tuple(str(n) for n in names)
    L = np.asarray(scores).shape[1]
    kept = [(int(s), np.asarray(sc, dtype=np.float64)) for s, n, sc, _b, _t in items
            if tuple(str(x) for x in n) == names and np.asarray(sc).ndim == 3 and np.asarray(sc).shape[:2] == (len(names), L)]
    best = np.full((len(names), len(kept), L), np.nan)
    for i, (_, sc) in enumerate(kept):
        with np.errstate(invalid="ignore"):
            best[:, i] = np.where(np.isnan(sc).all(axis=2), np.nan, np.nanmax(np.where(np.isnan(sc), -np.inf, sc), axis=2))
    return RoleHistory(np.asarray([s for s, _ in kept], dtype=np.int64), names, best,
                       np.asarray(thr, dtype=np.float64), np.asarray(baselines, dtype=np.float64))


def phase_change(steps: np.ndarray, best: np.ndarray, threshold: float) -> int | None:
    """The step of a phase change in ``best`` (S,) at ``steps`` (S,): the first probe from which
    every later value is >= ``threshold``, after one that was below it (module docstring;
    Olsson et al., 2022). NaN counts as below. None when there is none."""
    v = np.asarray(best, dtype=np.float64)
    above = np.where(np.isnan(v), False, v >= threshold)
    if not len(above) or not above[-1]:
        return None
    below = np.flatnonzero(~above)
    if not len(below):  # above from the first probe on: formed before it
        return None
    return int(np.asarray(steps)[below[-1] + 1])
