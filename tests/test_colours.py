"""Run colours drawn together: a function of the names, all different while the palette lasts,
the same for the same runs whatever the order they were checked in."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from andrea_desktop.core.viewmodels.colours import RUN_PALETTE, distinct_run_colours, run_colour

WARMUP_PAIR = ("warmup-vs-none-no-warmup", "warmup-vs-none-warmup-50")
"""The warmup lesson's two runs as docs/make_screenshots.py names them: one colour by their names
alone (both were drawn in one green)."""


def test_the_warmup_lessons_two_runs_share_a_colour_by_name_and_are_drawn_apart():
    assert run_colour(WARMUP_PAIR[0]) == run_colour(WARMUP_PAIR[1])  # the collision this guards
    out = distinct_run_colours([(n, n) for n in WARMUP_PAIR])
    assert out[WARMUP_PAIR[0]] == run_colour(WARMUP_PAIR[0])  # the first by name keeps its own
    assert out[WARMUP_PAIR[1]] != out[WARMUP_PAIR[0]] and out[WARMUP_PAIR[1]] in RUN_PALETTE


@pytest.mark.parametrize("n", [2, 6, 12])
def test_any_set_of_runs_up_to_the_palette_gets_different_colours_the_same_in_every_order(n):
    names = [f"sweep-lr{i}-s{j}" for i in range(4) for j in range(3)][:n]
    runs = [(Path("/runs") / name, name) for name in names]
    first = distinct_run_colours(runs)
    assert len(set(first.values())) == n
    for order in itertools.islice(itertools.permutations(runs), 30):
        assert distinct_run_colours(list(order)) == first
    own_free = [k for k, name in runs if sum(run_colour(m) == run_colour(name) for _k, m in runs) == 1]
    assert all(first[k] == run_colour(k.name) for k in own_free)  # a run alone with its colour keeps it


def test_a_chosen_colour_stays_and_runs_past_the_palette_keep_their_own():
    a, b = WARMUP_PAIR
    out = distinct_run_colours([(a, a), (b, b)], chosen={b: run_colour(a)})
    assert out[b] == run_colour(a) and out[a] != out[b]  # the user's choice wins, the other moves
    names = [f"run-{i:02d}" for i in range(len(RUN_PALETTE) + 5)]
    out = distinct_run_colours([(n, n) for n in names])
    assert set(out.values()) == set(RUN_PALETTE)  # every colour used before any is used twice
    assert len(set(map(str.lower, out.values()))) == len(RUN_PALETTE)
