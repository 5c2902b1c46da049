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

**The score** (:attr:`Repetition.score`, 0 .. 1) is the larger of two numbers, one for each way a
small model's samples collapse:

- the share of the words taken by the most frequent word (``top_share[0]``): a sample that
  falls back on one word between others, as the issue's "the function the module the it the
  the" (5 of 8 words are "the": 0.625), which repeats no word pair and so escapes a bigram count;
- the share of word pairs that repeat an earlier pair (``1 - distinct-2``): a loop of a few words
  ("a b c a b c a b c": 6 of 8 pairs repeat, 0.75), whose most frequent word can be rare.

**Why 0.4** (:data:`DEFAULT_THRESHOLD`, the default of ``probe.repetition_threshold``). The most
frequent English word, "the", is about 6 % of running text (Zipf's law: the top word of a
natural corpus takes 5–7 %), and a short sample of this app's demo preset at a healthy point
of training (warmup runs, 400 steps, 48 new tokens, about 30 words) scores 0.10–0.25: code and
punctuation-glued tokens raise the top word's share. Samples of the no-warmup run at LR 1e-2
score 0.45–0.8 ("the" or "the" with punctuation filling half the text). 0.4 lies between the two
with room on both sides; ``docs/user-guide.md`` gives the measured samples. A sample shorter than
:data:`MIN_WORDS` words is never flagged: with 4 words, one repeat is already 0.5.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

__all__ = ["Repetition", "measure_repetition", "distinct_n", "top_share", "ORDERS", "MIN_WORDS",
           "DEFAULT_THRESHOLD"]

ORDERS = (1, 2, 3, 4)
"""The n-gram orders measured (distinct-1 .. distinct-4)."""
MIN_WORDS = 8
"""Words a sample needs before it can be flagged (module docstring)."""
DEFAULT_THRESHOLD = 0.4
"""The score at which a sample is flagged (module docstring: why 0.4)."""
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


@dataclass(frozen=True)
class Repetition:
    """A sample's repetition (module docstring): ``distinct[i]`` and ``top_share[i]`` are for
    n = ``ORDERS[i]``; ``top_word`` is the most frequent word; ``score`` the larger of
    ``top_share[0]`` and ``1 - distinct[1]``; ``flagged`` whether it is at least the threshold
    with at least :data:`MIN_WORDS` words."""

    words: int
    distinct: tuple[float, ...]
    top_share: tuple[float, ...]
    top_word: str
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
                "top_word": self.top_word[:40], "repeated_pairs": round(self.repeated_pairs, 4)}


def measure_repetition(text: str, threshold: float = DEFAULT_THRESHOLD) -> Repetition:
    """The repetition of ``text`` (module docstring), flagged at ``threshold``.

    >>> r = measure_repetition("the function the module the it the the")
    >>> r.top_share[0], r.distinct[0], r.score, r.flagged
    (0.625, 0.5, 0.625, True)
    """
    words = str(text).split()[:MAX_WORDS]
    distinct = tuple(distinct_n(words, n) for n in ORDERS)
    shares = [top_share(words, n) for n in ORDERS]
    score = max(shares[0][0], 1.0 - distinct[1]) if words else 0.0
    return Repetition(len(words), distinct, tuple(s for s, _g in shares), shares[0][1], score, float(threshold),
                      len(words) >= MIN_WORDS and score >= threshold)
