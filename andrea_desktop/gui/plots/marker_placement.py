"""Where the labels of event markers go on a plot, in pixels: beside their lines, clear of each
other and of the legend, off the curves and the current-position dot where there is room.

Qt-free (numpy only): :class:`andrea_desktop.gui.plots.markers.EventMarkers` measures the texts and
maps the plot to pixels, this module chooses the places.

How a place is chosen (greedy, left to right, as map labelling does it):

* every label is tried at every height in the view (a few pixels apart), on both sides of its
  line, and (labels written along the line, one text line wide) further out, up to a few of its
  widths;
* a place that overlaps the legend or a label already placed is never taken; among the others
  the cheapest wins: crossing a curve costs, covering the current-position dot costs more, and so
  do each pixel away from the preferred height, each label width away from the line, another
  marker's line through the label, the left side and passing the label of an earlier line at the
  same height (the two would cross); the place a label had at the last layout is favoured
  (labels do not jump while the curves move a little under them);
* a label that finds no place, or only a costly one, is tried cut short (elided, the caller shows
  the whole in a tooltip; cutting costs too); one that finds no place even so joins its nearest
  placed neighbour, and the two are placed as one label ("pivot · pause"); a text longer than the
  view is elided.

A layout of ten labels on a 600 x 300 px view takes a few milliseconds: every candidate is scored
at once against summed-area tables of what the curves and dots cover.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import numpy as np

__all__ = ["COLUMNS", "MAX_LABELS", "SEPARATOR", "Coverage", "Marker", "Placement", "merged_parts", "place_labels",
           "whole_words"]

SEPARATOR = " · "
"""Between the texts of merged labels."""

PAD = 2.0
"""Pixels kept free at the view's edges."""
GAP = 3.0
"""Pixels between a line and its label."""
MARGIN = 2.0
"""Pixels kept free around the legend and every placed label."""
Y_STEP = 2
"""Heights tried, in pixels apart (labels across their lines)."""
Y_STEP_ALONG = 5
"""Heights tried, in pixels apart (labels along their lines: long, and many offsets to try)."""
X_STEP = 3
"""Offsets from the line tried, in pixels apart (labels along their lines)."""
COLUMNS = 5
"""How far out from its line a label written along it may move, in its own widths."""
MAX_LABELS = 30
"""More labels than this in view: the closest neighbours are merged first."""
SHORTER = (1.0, 0.7, 0.5, 0.3)
"""Shares of its length a label may be cut to (elided) where it has no room, or only far away."""
MIN_LENGTH = 40.0
"""Pixels a cut label keeps at least."""

# costs (one pixel away from the preferred height costs 1)
COST_CURVE = 120.0  # a curve crosses the label
COST_CURVE_PIXEL = 1.0  # ... and each pixel column-cell of curve it covers (at most 100)
COST_DOT = 400.0  # the current-position dot is under the label
COST_LINE = 30.0  # another marker's line runs through the label
COST_COLUMN = 25.0  # a label's width away from its line
COST_LEFT = 4.0
COST_CUT, COST_CUT_SHARE = 30.0, 250.0  # a label cut to a share s of its length: 30 + 250 (1 - s)
COST_ORDER = 60.0  # left of the label of an earlier line, at the same height (the two cross)
BONUS_SAME = 12.0  # the place the label had at the last layout


ELLIPSIS = "\u2026"


def whole_words(full: str, cut: str) -> str:
    """``cut`` (``full`` elided at the right by characters, ending in "…") cut back to its last
    whole word: ``"instellingen gewijzig…"`` → ``"instellingen…"`` (a word that has lost a letter or
    two reads as a misspelling, not as cut). As it is when it ends at a word's end, when it is
    not a cut of ``full``, or when its first word is the one cut (there is no whole word to keep)."""
    if cut == full or not cut.endswith(ELLIPSIS):
        return cut
    kept = cut[:-1]
    if not kept or not full.startswith(kept) or len(kept) >= len(full):
        return cut
    if not (kept[-1].isalnum() and full[len(kept)].isalnum()):  # cut between words
        return kept.rstrip(" ·") + ELLIPSIS if kept.rstrip(" ·") else cut
    end = max(kept.rfind(" "), kept.rfind("\u00b7"))
    word_start = kept[:end].rstrip(" ·") if end > 0 else ""
    return word_start + ELLIPSIS if word_start else cut


def merged_parts(texts: Sequence[str]) -> list[tuple[str, int]]:
    """The parts of a merged label: ``(text, index of its first marker)``, a run of equal texts
    once with its count ("settings changed ×3")."""
    parts: list[tuple[str, int]] = []
    k = 0
    while k < len(texts):
        n = 1
        while k + n < len(texts) and texts[k + n] == texts[k]:
            n += 1
        parts.append((texts[k] if n == 1 else f"{texts[k]} \u00d7{n}", k))
        k += n
    return parts


@dataclass(frozen=True)
class Marker:
    """One marker line and its label's text.

    Attributes
    ----------
    x
        The line's position in pixels from the view's left edge.
    text
        The label's text (plain).
    key
        Stable identity (the same marker gets the same key at the next layout).
    """

    x: float
    text: str
    key: Hashable


@dataclass
class Placement:
    """A shown label: one marker's, or several merged.

    Attributes
    ----------
    members
        Indices into the markers given to :func:`place_labels`, left to right.
    text
        The text to show (the members' texts joined with " · ", perhaps elided).
    rect
        (left, top, width, height) of the label's box in view pixels (width across, height down
        the screen, whatever the text's direction).
    spot
        (side, offset, top) the label was placed at; hand back in ``previous`` next time.
    """

    members: list[int]
    text: str
    rect: tuple[float, float, float, float]
    spot: tuple[int, int, int] = field(default=(1, 0, 0))


class Coverage:
    """What curves, marker lines and dots cover in a view of ``width`` x ``height`` pixels; the
    curves as one summed-area table, so the cost of a box is four lookups.

    Parameters
    ----------
    width, height
        The view's size in pixels.
    """

    def __init__(self, width: float, height: float) -> None:
        self.W, self.H = max(1, int(math.ceil(width))), max(1, int(math.ceil(height)))
        self._starts: list[np.ndarray] = []  # flat indices (row * W + column) where a column span starts
        self._ends: list[np.ndarray] = []  # and one row past where it ends (a row-difference array, summed later)
        self._vlines = np.zeros(self.W + 1, np.int32)  # marker lines per pixel column (cumulative later)
        self._dots: list[tuple[float, float, float, float]] = []
        self._sat: np.ndarray | None = None
        self._line_sum: np.ndarray | None = None

    def _add_spans(self, cols: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> None:
        """Mark rows lo..hi (pixels, inclusive) of each column in ``cols``."""
        seen = (cols >= 0) & (cols < self.W) & (hi >= 0) & (lo <= self.H - 1)
        r0 = np.clip(np.floor(lo[seen]), 0, self.H - 1).astype(np.int64)
        r1 = np.clip(np.floor(hi[seen]), 0, self.H - 1).astype(np.int64)
        c = cols[seen]
        self._starts.append(r0 * self.W + c)
        self._ends.append((r1 + 1) * self.W + c)
        self._sat = None

    def add_polyline(self, x: np.ndarray, y: np.ndarray) -> None:
        """A curve through the points (x, y), in view pixels, x ascending; NaN points are skipped
        (the curve is taken as joined across them). Each pixel column is marked from the lowest to
        the highest y the polyline reaches in it."""
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        if len(x) == 0:
            return
        c0, c1 = max(0, math.floor(x[0])), min(self.W - 1, math.floor(x[-1]))
        if c0 > c1:
            return
        edges = np.clip(np.arange(c0, c1 + 2, dtype=np.float64), x[0], x[-1])
        ye = np.interp(edges, x, y)
        lo, hi = np.minimum(ye[:-1], ye[1:]), np.maximum(ye[:-1], ye[1:])
        cols = np.floor(x).astype(np.int64) - c0
        inside = (cols >= 0) & (cols < len(lo))
        cols, yi = cols[inside], y[inside]
        if len(cols) and np.all(cols[1:] >= cols[:-1]):  # x ascending: each column's points are one run
            first = np.flatnonzero(np.r_[True, cols[1:] != cols[:-1]])
            at = cols[first]
            lo[at] = np.minimum(lo[at], np.minimum.reduceat(yi, first))
            hi[at] = np.maximum(hi[at], np.maximum.reduceat(yi, first))
        else:
            np.minimum.at(lo, cols, yi)
            np.maximum.at(hi, cols, yi)
        self._add_spans(np.arange(c0, c1 + 1), lo, hi)

    def add_symbols(self, x, y, radius: float) -> None:
        """A curve's symbols: marks of ``radius`` pixels at (x, y), in view pixels."""
        x, y = np.atleast_1d(np.asarray(x, np.float64)), np.atleast_1d(np.asarray(y, np.float64))
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        if not len(x):
            return
        r = max(0, math.ceil(radius))
        cols = (np.floor(x).astype(np.int64)[:, None] + np.arange(-r, r + 1)).ravel()
        lo, hi = np.repeat(y - radius, 2 * r + 1), np.repeat(y + radius, 2 * r + 1)
        self._add_spans(cols, lo, hi)

    def add_vlines(self, x) -> None:
        """Vertical lines (the markers') at ``x``, in view pixels."""
        c = np.floor(np.asarray(x, np.float64)).astype(np.int64)
        np.add.at(self._vlines, c[(c >= 0) & (c < self.W)] + 1, 1)
        self._line_sum = None

    def add_dots(self, x, y, radius: float) -> None:
        """Dots to keep clear of (the current position) of ``radius`` pixels at (x, y)."""
        for cx, cy in zip(np.atleast_1d(x), np.atleast_1d(y), strict=True):
            if np.isfinite(cx) and np.isfinite(cy):
                self._dots.append((cx - radius, cy - radius, cx + radius, cy + radius))

    def count(self, kind: str, x0, y0, x1, y1) -> np.ndarray:
        """For the boxes [x0, x1) x [y0, y1) (integer arrays, pixels): the pixels a curve covers
        (``kind`` "curve"), the marker lines through them ("line") or the dots under them ("dot")."""
        x0, x1 = np.clip(x0, 0, self.W), np.clip(x1, 0, self.W)
        if kind == "line":
            if self._line_sum is None:
                self._line_sum = np.cumsum(self._vlines)
            return self._line_sum[x1] - self._line_sum[x0]
        if kind == "dot":
            n = np.zeros(np.shape(x0), np.int64)
            for a, b, c, d in self._dots:
                n += (x0 < c) & (x1 > a) & (y0 < d) & (y1 > b)
            return n
        if self._sat is None:
            n = (self.H + 1) * self.W
            spans = np.zeros(n, np.int64)
            if self._starts:  # (np.bincount: np.add.at was a third of a layout's time)
                spans += np.bincount(np.concatenate(self._starts), minlength=n)
                spans -= np.bincount(np.concatenate(self._ends), minlength=n)
            grid = np.cumsum(spans.reshape(self.H + 1, self.W)[:-1], axis=0) > 0
            self._sat = np.zeros((self.H + 1, self.W + 1), np.int32)
            np.cumsum(np.cumsum(grid, 0, dtype=np.int32), 1, out=self._sat[1:, 1:])
        s = self._sat
        y0, y1 = np.clip(y0, 0, self.H), np.clip(y1, 0, self.H)
        return s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]


def place_labels(markers: Sequence[Marker], width: float, height: float,
                 size_of: Callable[[str], tuple[float, float]],
                 elide: Callable[[str, float], str], *, along: bool = False, prefer_top: float = 0.0,
                 blocked: Sequence[tuple[float, float, float, float]] = (), coverage: Coverage | None = None,
                 previous: dict[tuple, tuple[int, int, int]] | None = None) -> list[Placement]:
    """Choose where the markers' labels go (see the module's docstring).

    Parameters
    ----------
    markers
        The markers in view, any order.
    width, height
        The view's size in pixels.
    size_of
        A text's box (width, height) in pixels as drawn: across and down the screen.
    elide
        A text shortened to at most a length in pixels along its direction (with "…").
    along
        The labels are written along the (vertical) lines: they may move out sideways, and a
        long one is elided to the view's height instead of its width.
    prefer_top
        Preferred top edge of a label, in pixels below the view's top.
    blocked
        Boxes (left, top, width, height) no label may overlap (the legend).
    coverage
        The curves and dots to keep clear of where there is room.
    previous
        ``{tuple of member keys: spot}`` from the last layout (:attr:`Placement.spot`).

    Returns
    -------
    The shown labels; a marker whose label could not be shown anywhere is in none.
    """
    if width < 4 * PAD or height < 4 * PAD or not markers:
        return []
    previous = previous or {}
    order = sorted(range(len(markers)), key=lambda i: markers[i].x)
    groups = [[i] for i in order]
    while len(groups) > MAX_LABELS:  # merge the two closest neighbours
        gaps = [markers[b[0]].x - markers[a[-1]].x for a, b in zip(groups, groups[1:], strict=False)]
        k = int(np.argmin(gaps))
        groups[k: k + 2] = [groups[k] + groups[k + 1]]
    longest = (height if along else width) - 2 * PAD - (0 if along else GAP)

    def text_of(members: list[int]) -> str:
        text = SEPARATOR.join(t for t, _ in merged_parts([markers[i].text for i in members]))
        return text if _length(size_of(text), along) <= longest else elide(text, longest)

    placed: list[Placement] = []
    for members in groups:
        while True:
            full = text_of(members)
            before = previous.get(tuple(markers[i].key for i in members))
            spot, best = None, math.inf
            for share in SHORTER:  # the whole text, or cut short where that is cheaper than moving far
                cut = 0.0 if share == 1.0 else COST_CUT + COST_CUT_SHARE * (1.0 - share)
                if cut >= best:
                    break
                length = _length(size_of(full), along) * share
                cut_text = full if share == 1.0 else elide(full, max(length, MIN_LENGTH))
                if share < 1.0 and (cut_text == full or len(cut_text) < 4):
                    continue
                found = _best_spot(members, markers, size_of(cut_text), width, height, along, prefer_top, blocked,
                                   [p.rect for p in placed], coverage, before)
                if found is not None and found[2] + cut < best:
                    spot, text, best = found[:2], cut_text, found[2] + cut
            if spot is not None:
                rect, where = spot
                placed.append(Placement(members, text, rect, where))
                break
            if not placed:  # nothing to join: the view has no room for it at all
                break
            x = markers[members[0]].x
            near = min(range(len(placed)), key=lambda j: min(abs(markers[i].x - x) for i in placed[j].members))
            members = sorted(placed.pop(near).members + members, key=lambda i: markers[i].x)
    return placed


def _length(size: tuple[float, float], along: bool) -> float:
    return size[1] if along else size[0]


def _best_spot(members, markers, size, width, height, along, prefer_top, blocked, placed, coverage, before):
    """The cheapest free place of a label of ``size`` beside the lines of ``members``:
    ((left, top, w, h), (side, offset, top), cost) or None. ``placed``: the labels of the markers to
    the left, which this one should not pass at the same height (labels keep their lines' order)."""
    w, h = math.ceil(size[0]), math.ceil(size[1])
    if w > width - 2 * PAD or h > height - 2 * PAD:
        return None
    xs = [markers[i].x for i in members]
    step = Y_STEP_ALONG if along else Y_STEP
    tops = np.arange(math.ceil(PAD), math.floor(height - PAD - h) + 1, step, dtype=np.int64)
    if before is not None and PAD <= before[2] <= height - PAD - h:
        tops = np.union1d(tops, [before[2]])
    # how far out from the line: up to COLUMNS of its own widths, a few pixels apart
    offsets = np.arange(0, COLUMNS * (w + MARGIN) + 1, X_STEP, dtype=np.int64) if along else np.zeros(1, np.int64)
    lefts = np.concatenate([np.ceil(max(xs) + GAP) + offsets, np.floor(min(xs) - GAP - w) - offsets])
    side = np.repeat([1, -1], len(offsets))
    off = np.tile(offsets, 2)
    ok = (lefts >= PAD) & (lefts <= width - PAD - w)
    lefts, side, off = lefts[ok].astype(np.int64), side[ok], off[ok]
    if not len(lefts) or not len(tops):
        return None
    # candidates: a grid of (left, top); each test is an outer product of one test across and one down
    free = np.ones((len(lefts), len(tops)), bool)
    for bx, by, bw, bh in [*blocked, *placed]:
        across = (lefts < bx + bw + MARGIN) & (lefts + w > bx - MARGIN)
        down = (tops < by + bh + MARGIN) & (tops + h > by - MARGIN)
        free &= ~np.outer(across, down)
    passes = np.zeros(free.shape, np.int32)  # labels of earlier lines this one would be left of
    for bx, by, bw, bh in placed:
        passes += np.outer(lefts + w / 2 < bx + bw / 2, (tops < by + bh + MARGIN) & (tops + h > by - MARGIN))
    i, j = np.nonzero(free)
    if not len(i):
        return None
    L, T, S, Off = lefts[i], tops[j], side[i], off[i]
    want = min(max(prefer_top, PAD), height - PAD - h)
    cost = np.abs(T - want) + COST_COLUMN * Off / (w + MARGIN) + COST_LEFT * (S < 0) + COST_ORDER * passes[i, j]
    if coverage is not None:
        hits = coverage.count("curve", L, T, L + w, T + h)
        cost = cost + COST_CURVE * (hits > 0) + COST_CURVE_PIXEL * np.minimum(hits, 100)
        cost = cost + COST_DOT * (coverage.count("dot", L, T, L + w, T + h) > 0)
        cost = cost + COST_LINE * coverage.count("line", L, T, L + w, T + h)
    if before is not None:
        cost = cost - BONUS_SAME * ((S == before[0]) & (Off == before[1]) & (T == before[2]))
    k = int(np.argmin(cost))
    return (float(L[k]), float(T[k]), float(w), float(h)), (int(S[k]), int(Off[k]), int(T[k])), float(cost[k])
