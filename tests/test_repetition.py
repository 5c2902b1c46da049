"""A sample's repetition: distinct-n, the most repeated n-gram's share and the flagged score, on
strings whose values are counted by hand."""

import pytest

from andrea_desktop.core.config import ConfigError, ProbeConfig
from andrea_desktop.core.repetition import (
    DEFAULT_THRESHOLD,
    MIN_WORDS,
    distinct_n,
    measure_repetition,
    top_share,
)


def test_one_word_said_eight_times_scores_one():
    r = measure_repetition("region " * 8)
    assert r.words == 8
    assert r.distinct == pytest.approx((1 / 8, 1 / 7, 1 / 6, 1 / 5))
    assert r.top_share == (1.0, 1.0, 1.0, 1.0) and r.top_word == "region"
    assert r.score == 1.0 and r.flagged


def test_a_word_between_others_is_caught_though_no_pair_repeats():
    # the sample: "the" is 5 of 8 words, and all 7 word pairs differ
    r = measure_repetition("the function the module the it the the")
    assert r.distinct == (4 / 8, 1.0, 1.0, 1.0)
    assert r.top_share[0] == 5 / 8 and r.top_word == "the" and r.repeated_pairs == 0.0
    assert r.score == 5 / 8 and r.flagged
    assert not measure_repetition("the function the module the it the the", threshold=0.7).flagged


def test_a_loop_of_three_words_is_caught_by_its_repeated_pairs():
    r = measure_repetition("a b c a b c a b c")
    assert r.distinct == (3 / 9, 3 / 8, 3 / 7, 3 / 6)
    assert r.top_share == (3 / 9, 3 / 8, 3 / 7, 2 / 6)
    assert r.repeated_pairs == 5 / 8 and r.score == 5 / 8 and r.flagged


def test_ordinary_prose_is_not_flagged():
    text = ("The attention of each head projects the sequence onto its own subspace, and the model "
            "learns which earlier tokens matter for predicting the next one.")
    r = measure_repetition(text)
    assert r.words == 25 and r.top_word == "the" and r.top_share[0] == 3 / 25
    assert r.distinct[1] == 1.0 and r.score == 3 / 25 and not r.flagged


def test_a_short_sample_is_never_flagged_and_an_empty_one_scores_zero():
    assert measure_repetition("region " * (MIN_WORDS - 1)).score == 1.0
    assert not measure_repetition("region " * (MIN_WORDS - 1)).flagged
    empty = measure_repetition("  \n ")
    assert (empty.words, empty.score, empty.flagged, empty.distinct) == (0, 0.0, False, (1.0,) * 4)
    assert distinct_n([], 2) == 1.0 and top_share([], 1) == (0.0, "")


def test_the_anomaly_payload_carries_the_numbers():
    p = measure_repetition("the function the module the it the the").payload()
    assert p == {"score": 0.625, "threshold": DEFAULT_THRESHOLD, "words": 8, "distinct": [0.5, 1.0, 1.0, 1.0],
                 "top_share": 0.625, "top_word": "the", "repeated_pairs": 0.0}


def test_the_threshold_is_a_probe_setting_in_its_range():
    assert ProbeConfig().repetition_threshold == DEFAULT_THRESHOLD == 0.4
    with pytest.raises(ConfigError, match="probe.repetition_threshold"):
        ProbeConfig(repetition_threshold=0.0)
