"""A sample's repetition: distinct-n, the most repeated n-gram's share, the moving-average
type-token ratio and the flagged score, on strings whose values are counted by hand."""

import pytest

from andrea_desktop.core.config import ConfigError, ProbeConfig
from andrea_desktop.core.repetition import (
    DEFAULT_THRESHOLD,
    MIN_WORDS,
    distinct_n,
    mattr,
    measure_repetition,
    top_share,
)

COLLAPSED = (' an class be the and\n  \nThe the and the the \n\n   be class exception be\n  \n the for the "__\n  is a\n'
             '  \n\n   the " the\n\n  "\n\n "__ " "__ the " same a in the')
"""The demo preset's run without warmup at LR 3e-2, its sample at step 300."""
HEALTHY = (' The not be a list(module)\n    # hic  This is the exception, we will be passed by the\n\nwith a tuple, '
           'the globals by different different dictionary.\n(eed to all its valid different the')
"""The run with 100 warmup steps at LR 1e-2, its sample at step 300."""


def test_one_word_said_eight_times_scores_its_repeated_words():
    r = measure_repetition("region " * 8)
    assert r.words == 8
    assert r.distinct == pytest.approx((1 / 8, 1 / 7, 1 / 6, 1 / 5))
    assert r.top_share == (1.0, 1.0, 1.0, 1.0) and r.top_word == "region"
    assert r.repeated_words == r.score == 7 / 8 and r.repeated_pairs == pytest.approx(6 / 7) and r.flagged


def test_a_word_between_others_is_caught_though_no_pair_repeats():
    # the sample: "the" is 5 of 8 words, 4 distinct words, and all 7 word pairs differ
    r = measure_repetition("the function the module the it the the")
    assert r.distinct == (4 / 8, 1.0, 1.0, 1.0)
    assert r.top_share[0] == 5 / 8 and r.top_word == "the" and r.repeated_pairs == 0.0
    assert r.repeated_words == 0.5 and r.score == 0.5 and r.flagged
    assert not measure_repetition("the function the module the it the the", threshold=0.6).flagged


def test_a_loop_of_three_words_repeats_two_words_in_three():
    r = measure_repetition("a b c a b c a b c")
    assert r.distinct == (3 / 9, 3 / 8, 3 / 7, 3 / 6)
    assert r.top_share == (3 / 9, 3 / 8, 3 / 7, 2 / 6)
    assert r.repeated_pairs == 5 / 8 and r.repeated_words == pytest.approx(2 / 3)
    assert r.score == pytest.approx(2 / 3) and r.flagged


def test_the_moving_average_type_token_ratio_counts_each_window():
    assert mattr(["a", "b", "a", "a"], window=2) == pytest.approx((1 + 1 + 0.5) / 3)
    assert mattr(["a", "b", "a"], window=5) == 2 / 3  # shorter than a window: the whole ratio
    assert mattr([]) == 1.0
    words = [f"w{i % 20}" for i in range(400)]  # 20 words in turn: every window of 25 has 20 distinct
    assert mattr(words) == pytest.approx(20 / 25) and distinct_n(words, 1) == 20 / 400


def test_ordinary_prose_is_not_flagged():
    text = ("The attention of each head projects the sequence onto its own subspace, and the model "
            "learns which earlier tokens matter for predicting the next one.")
    r = measure_repetition(text)
    assert r.words == 25 and r.top_word == "the" and r.top_share[0] == 3 / 25
    assert r.repeated_words == pytest.approx(2 / 25) and r.distinct[1] == 1.0 and not r.flagged


def test_the_demo_runs_samples_fall_on_either_side_of_the_threshold():
    collapsed, healthy = measure_repetition(COLLAPSED), measure_repetition(HEALTHY)
    assert collapsed.flagged and collapsed.score > DEFAULT_THRESHOLD + 0.2 and collapsed.top_word == "the"
    assert not healthy.flagged and healthy.score < DEFAULT_THRESHOLD - 0.05


def test_a_short_sample_is_never_flagged_and_an_empty_one_scores_zero():
    assert measure_repetition("region " * (MIN_WORDS - 1)).score == pytest.approx(6 / 7)
    assert not measure_repetition("region " * (MIN_WORDS - 1)).flagged
    empty = measure_repetition("  \n ")
    assert (empty.words, empty.score, empty.flagged, empty.distinct) == (0, 0.0, False, (1.0,) * 4)
    assert distinct_n([], 2) == 1.0 and top_share([], 1) == (0.0, "")


def test_the_anomaly_payload_carries_the_numbers():
    p = measure_repetition("the function the module the it the the").payload()
    assert p == {"score": 0.5, "threshold": DEFAULT_THRESHOLD, "words": 8, "distinct": [0.5, 1.0, 1.0, 1.0],
                 "top_share": 0.625, "top_word": "the", "repeated_words": 0.5, "repeated_pairs": 0.0}


def test_the_threshold_is_a_probe_setting_in_its_range():
    assert ProbeConfig().repetition_threshold == DEFAULT_THRESHOLD == 0.3
    with pytest.raises(ConfigError, match="probe.repetition_threshold"):
        ProbeConfig(repetition_threshold=0.0)
