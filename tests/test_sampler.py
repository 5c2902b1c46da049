import numpy as np
import pytest

from andrea_desktop.core.mixture.sampler import sample_rows, uniform_from_keys


def test_pure_function_of_seed_step_row():
    rows = np.arange(64)
    w, lengths = np.array([0.2, 0.5, 0.3]), np.array([1000, 5000, 800])
    a = sample_rows(3, 17, rows, w, lengths, 33)
    b = sample_rows(3, 17, rows, w, lengths, 33)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    c = sample_rows(3, 18, rows, w, lengths, 33)
    assert not np.array_equal(a[1], c[1])


def test_splitting_the_batch_across_processes_changes_nothing():
    w, lengths = np.array([0.25, 0.25, 0.5]), np.array([900, 900, 900])
    whole = sample_rows(1, 5, np.arange(16), w, lengths, 17)
    halves = [sample_rows(1, 5, np.arange(r, 16, 2), w, lengths, 17) for r in range(2)]
    src = np.empty(16, np.int64)
    off = np.empty(16, np.int64)
    for r, (s, o) in enumerate(halves):
        src[r::2], off[r::2] = s, o
    np.testing.assert_array_equal(src, whole[0])
    np.testing.assert_array_equal(off, whole[1])


def test_frequencies_follow_weights_and_offsets_stay_in_range():
    w, lengths = np.array([0.1, 0.0, 0.6, 0.3]), np.array([100, 10, 300, 50])
    src, off = sample_rows(0, 1, np.arange(200_000), w, lengths, 50)
    freq = np.bincount(src, minlength=4) / len(src)
    np.testing.assert_allclose(freq, w, atol=0.005)
    assert (off >= 0).all() and (off + 50 <= lengths[src]).all()
    # every valid offset of a source is reachable
    assert set(off[src == 3]) == {0}
    assert off[src == 2].max() == 250


def test_uniforms_look_uniform():
    u = uniform_from_keys(42, 7, np.arange(100_000), 0)
    assert 0 <= u.min() and u.max() < 1
    assert abs(u.mean() - 0.5) < 0.005
    hist, _ = np.histogram(u, bins=10, range=(0, 1))
    assert hist.min() > 9500


@pytest.mark.parametrize("w", [[0, 0, 0], [-0.1, 0.6, 0.5], [np.nan, 0.5, 0.5]])
def test_bad_weights(w):
    with pytest.raises(ValueError):
        sample_rows(0, 1, np.arange(4), np.array(w, float), np.array([100, 100, 100]), 10)


def test_source_too_short_for_a_row():
    with pytest.raises(ValueError, match="fewer tokens"):
        sample_rows(0, 1, np.arange(4), np.array([1.0, 1.0]), np.array([100, 5]), 10)


def test_float32_weights_not_summing_to_one_are_fine():
    w = np.array([0.1, 0.3, 0.59999], dtype=np.float32)  # sums to 0.99999 in float32
    src, off = sample_rows(0, 1, np.arange(10_000), w, np.array([100, 100, 100]), 10)
    freq = np.bincount(src, minlength=3) / len(src)
    np.testing.assert_allclose(freq, w / w.sum(), atol=0.02)
    w2 = np.array([0.0, 1.0000001, 0.0], dtype=np.float32)
    src2, _ = sample_rows(0, 2, np.arange(100), w2, np.array([100, 100, 100]), 10)
    assert (src2 == 1).all()
