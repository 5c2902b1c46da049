"""How much a generated sample repeats itself (pure Python): distinct-n, the most repeated n-gram,
and one score that is flagged past ``probe.repetition_threshold`` as an ``anomaly`` of kind
``repetition``.

A sample is split into *words* at white space (``str.split``), as the measures below are defined
on words in their papers; an n-gram is n consecutive words.

**distinct-n** (Li et al., 2016, "A Diversity-Promoting Objective Function for Neural
Conversation Models"): the number of distinct n-grams over the number of n-grams, 1 for text with
no repeated n-gram, 1/N for one word said N times. Welleck et al. (2019, "Neural Text Degeneration
with Unlikelihood Training") report its complement, ``seq-rep-n = 1 - distinct-n``; Holtzman et
al. (2020, "The Curious Case of Neural Text Degeneration") show that degenerate text is text whose
n-grams repeat.

**The most repeated n-gram's share**: the occurrences of the most frequent n-gram over the
number of n-grams, 1 for "region region region region" at n = 1.

**Repeated words** (``1 - MATTR``): the moving-average type-token ratio (MATTR, Covington & McFall,
2010, "Cutting the Gordian Knot: The Moving-Average Type–Token Ratio") is the mean, over every
window of :data:`WINDOW` consecutive words, of the window's distinct words over its words (the
whole sample's ratio when it is shorter). Unlike distinct-1 of the whole sample it does not fall
as a sample gets longer (a long healthy text repeats "the" and "of" more often, a window of 25
words does not), so one threshold holds for any ``probe.sample_tokens``.

**The score** (:attr:`Repetition.score`, 0 .. 1) is the larger of two numbers, one for each way a
small model's samples collapse:

- the share of repeated words, ``1 - MATTR``: a sample that falls back on a few frequent words,
  as the issue's "the function the module the it the the" (4 distinct words of 8: 0.5), which
  repeats no word pair and so escapes a bigram count;
- the share of word pairs that repeat an earlier pair (``1 - distinct-2``, seq-rep-2): a loop
  ("a b c a b c a b c": 5 of 8 pairs repeat, 0.625), also one longer than the window.

**Why 0.3** (:data:`DEFAULT_THRESHOLD`, the default of ``probe.repetition_threshold``), measured
on the demo preset's samples (48 new tokens, about 20–35 words; ``docs/user-guide.md#the-warmup-experiment``
gives the runs): samples of runs that train well score 0.00–0.21 from step 150 on (English prose
repeats a word or two in 25: about 0.1); the run without warmup at LR 3e-2, whose samples
collapse into "The the and the the be class exception be the for the", scores 0.36–0.55 from step
100 on. 0.3 lies between the two with a margin on both sides. The first samples of any run
(before step ~100, still babble of frequent tokens) score up to 0.42 and may be flagged: they
are repetitive. A sample shorter than :data:`MIN_WORDS` words is never flagged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

__all__ = ["Repetition", "measure_repetition", "distinct_n", "top_share", "mattr", "ORDERS", "MIN_WORDS",
           "WINDOW", "DEFAULT_THRESHOLD"]

ORDERS = (1, 2, 3, 4)
"""The n-gram orders measured (distinct-1 .. distinct-4)."""
MIN_WORDS = 8
"""Words a sample needs before it can be flagged (module docstring)."""
WINDOW = 25
"""Words per window of the moving-average type-token ratio (:func:`mattr`)."""
DEFAULT_THRESHOLD = 0.3
"""The score at which a sample is flagged (module docstring: why 0.3)."""
MAX_WORDS = 20_000
"""Words of a sample measured at most (a store is untrusted; a sample is a few hundred words)."""


def _grams(words: list[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(words[i : i + n]) for i in range(len(words) - n + 1)]


def distinct_n(words: list[str], n: int) -> float:
    """Distinct n-grams over n-grams of ``words`` (Li et al., 2016); 1.0 when there are none."""
    grams = _grams(words, n)
    return len(set(grams)) / len(grams) if grams else 1.0


def top_share(words: list[str], n: int) -> tuple[float, str]:
    """The most frequent n-gram of ``words``: its occurrences over the n-grams, and the n-gram
    (words joined by one space; the first to reach the top count). ``(0.0, "")`` when there are
    no n-grams."""
    grams = _grams(words, n)
    if not grams:
        return 0.0, ""
    gram, count = Counter(grams).most_common(1)[0]
    return count / len(grams), " ".join(gram)


def mattr(words: list[str], window: int = WINDOW) -> float:
    """The moving-average type-token ratio of ``words`` (Covington & McFall, 2010): the mean of
    distinct words over words in every window of ``window`` consecutive words; the whole list's
    ratio when it is no longer than ``window``; 1.0 for no words.

    The windows are counted incrementally (one word in, one out), so a sample of N words costs
    O(N).
    """
    n = len(words)
    if n <= window:
        return len(set(words)) / n if n else 1.0
    counts = Counter(words[:window])
    total = len(counts)
    for i in range(window, n):
        out, new = words[i - window], words[i]
        counts[out] -= 1
        if not counts[out]:
            del counts[out]
        counts[new] += 1
        total += len(counts)
    return total / ((n - window + 1) * window)


@dataclass(frozen=True)
class Repetition:
    """A sample's repetition (module docstring): ``distinct[i]`` and ``top_share[i]`` are for
    n = ``ORDERS[i]``; ``top_word`` is the most frequent word; ``repeated_words`` is
    ``1 - MATTR``; ``score`` the larger of ``repeated_words`` and ``1 - distinct[1]``;
    ``flagged`` whether it is at least the threshold with at least :data:`MIN_WORDS` words."""

    words: int
    distinct: tuple[float, ...]
    top_share: tuple[float, ...]
    top_word: str
    repeated_words: float
    score: float
    threshold: float
    flagged: bool

    @property
    def repeated_pairs(self) -> float:
        """Share of word pairs that repeat an earlier pair (``seq-rep-2``, Welleck et al., 2019)."""
        return 1.0 - self.distinct[1]

    def payload(self) -> dict:
        """The numbers of an ``anomaly`` event of kind ``repetition`` (``docs/run-folder.md``)."""
        return {"score": round(self.score, 4), "threshold": self.threshold, "words": self.words,
                "distinct": [round(d, 4) for d in self.distinct], "top_share": round(self.top_share[0], 4),
                "top_word": self.top_word[:40], "repeated_words": round(self.repeated_words, 4),
                "repeated_pairs": round(self.repeated_pairs, 4)}


def measure_repetition(text: str, threshold: float = DEFAULT_THRESHOLD) -> Repetition:
    """The repetition of ``text`` (module docstring), flagged at ``threshold``.

    >>> r = measure_repetition("the function the module the it the the")
    >>> r.top_share[0], r.distinct[0], r.score, r.flagged
    (0.625, 0.5, 0.5, True)
    """
    words = str(text).split(maxsplit=MAX_WORDS)[:MAX_WORDS]  # not the words past the bound
    distinct = tuple(distinct_n(words, n) for n in ORDERS)
    shares = [top_share(words, n) for n in ORDERS]
    repeated = 1.0 - mattr(words)
    score = max(repeated, 1.0 - distinct[1])
    return Repetition(len(words), distinct, tuple(s for s, _g in shares), shares[0][1], repeated, score,
                      float(threshold), len(words) >= MIN_WORDS and score >= threshold)
