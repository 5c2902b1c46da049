"""What each panel's picture means, read geometrically: the original documents' reading (docs/design.md#the-domain,
the Indonesian and Dutch seeds), written anew in English for the reading panes.

Each reading is a title and a few paragraphs, marked for translation (context ``ReadingPane``)
and translated when the pane is built; :func:`reading_html` assembles the rich text. Numbers of
worked examples are never written here: the example widgets compute them.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["READINGS", "reading_html"]

READINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "lossDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "The loss is your altitude on a landscape"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Each setting of the model's weights is one point in a space with one axis per parameter. "
                "The loss gives every point a height, and the heights form a landscape of peaks, valleys, "
                "saddles and plateaus. Training walks downhill on it, one step per batch, and this curve is "
                "the altitude the walk has reached at each step."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The smoothed line is the trend; the jitter around it comes from each batch standing on a "
                "slightly different patch of ground. The per-source curves measure the same position on "
                "each source's own data: when one of them plunges towards zero while the others do not, "
                "the walk has found a narrow trench, text of that source learned by heart rather than "
                "understood (the documents' \u201czombie cliff\u201d)."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Validation points are measured on text the model never trains on. While they follow the "
                "training curve, the valley is one that new text shares; when they part from it, the walk is "
                "going down ground that only the training data has. The vertical markers note events (the "
                "end of the warmup, pivots, anomalies); at a curriculum pivot the landscape itself moves, "
                "because the loss is then measured on a different mixture of data."),
        ),
    ),
    "lrDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "The learning rate is the length of each downhill step"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The gradient points the steepest way up the loss landscape; an optimiser step moves the "
                "weights the other way, and the learning rate sets how far (AdamW also rescales each "
                "direction by what it has seen of it so far)."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Fresh random weights sit on sharply curved ground. A full-length first step from there can "
                "overshoot into the wrong valley and never climb out: the documents' first run did exactly "
                "that and ended up repeating one word. The linear warmup at the start of the plan is the "
                "cure: short steps first, so the weights drift along the gentle directions into calmer "
                "ground before the steps reach their full length."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "After the peak the cosine decay shortens the steps again, so the walk settles into the "
                "valley it has found instead of bouncing from wall to wall. The grey curve is the plan, drawn "
                "ahead of time because the schedule depends on the step alone; the coloured curve is what "
                "each step actually used, and the dot is where the run is now."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "On a long run the warmup is a sliver at the left edge: “log step axis” gives every "
                "tenfold of steps the same room, so the first hundred steps fill most of the plot."),
        ),
    ),
    "simplexDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "The data mixture is a point on a simplex"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The mixture gives every source a probability of being sampled. Probabilities are never "
                "negative and add up to one, so each mixture is a point of a simplex: a triangle for three "
                "sources, its higher-dimensional relative for more (drawn here as a polygon, a flat shadow of "
                "the real shape). A corner trains on one source alone, with no variety at all, a place "
                "where a model can collapse; an edge mixes two sources; the inside mixes them all."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "A floor (a source's least weight) and a cap (its greatest) each slice the simplex with a "
                "flat cut. The filled <i>reachable region</i> is what lies on the allowed side of every cut; "
                "excluding a source is a cap of zero, which flattens the region by one whole dimension."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Every phase puts down a new point. A random phase jumps to a point drawn evenly from the "
                "region; a bandit phase moves part of the way towards the corner of the region that the "
                "bandit's upper confidence bound favours now. A pivot draws a new region and the walk goes "
                "on inside it; a dashed outline is the smaller sub-simplex of the curriculum warmup."),
        ),
    ),
    "attentionDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "Each row is a query looking at the past through its head's window"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "For the token in one row, the head forms a query vector q and compares it with the key "
                "vector k of every token so far. The dot product q\u00b7k measures how far each key reaches "
                "along the query's direction: a long projection means that earlier token answers what this "
                "token is asking, a short one means it hardly matters. The head's output is the tokens' "
                "values mixed in those proportions."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The scores are divided by \u221ad<sub>k</sub> so they do not grow with the head's dimension; "
                "without it the softmax would hand nearly all the weight to a single key. The softmax then "
                "turns the scores into weights that add up to one along each row."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Above the diagonal lie future tokens: the causal mask sets their scores to \u2212\u221e before "
                "the softmax, so they get no weight at all (drawn grey), in training and in generation alike. "
                "Each head projects onto its own small subspace of the model's space, so the grid shows "
                "layers \u00d7 heads independent views of one sentence: one head may follow the previous "
                "token, another the first token, another an earlier copy of the current one."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The red tags name what a head does, measured at each probe on random tokens repeated twice: "
                "prev looks at the token before, first at the first token, self at itself, fixed at one early "
                "position, dup at the same token earlier, and ind is an induction head: it finds the earlier "
                "copy of the current token and looks at the token that came after it, so the model can go on "
                "with a pattern it has seen once. A tag appears when the head puts at least 40 % of the weight "
                "an evenly spread head leaves free onto that role's tokens; rest the mouse on a head for every "
                "score. Induction heads tend to appear suddenly, in a phase change that often comes with a "
                "drop in the loss: Heads over time shows each role's best score at every probe and marks that "
                "step, on the loss too."),
        ),
    ),
    "embeddingDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "Every token is a point, and closeness is an angle"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Each row of the token-embedding matrix places one token of the vocabulary in a space with "
                "d_model dimensions. Cosine similarity reads the angle between two tokens' vectors: 1 when "
                "they point the same way, 0 at right angles, \u22121 when opposite. Euclidean distance also "
                "counts how long the vectors are."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Every training step nudges the points a little. Tokens used in similar contexts come to "
                "point in similar directions; tokens from unrelated fields end up nearly at right angles."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The table lists the chosen token's nearest points exactly. The picture is a flat shadow "
                "(PCA) of a neighbourhood with many dimensions, so two points that look close there need not "
                "be. The watch list shows when neighbourhoods stop changing: a stable set means those tokens "
                "have found their place."),
        ),
    ),
    "samplesDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "Samples show where the walk has taken the model"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Every so often the model continues the same prompt, so the list reads as a diary of what "
                "the current point on the loss landscape can do. Early text is noise; training turns it "
                "into words, then phrases, then the voices of the data mixture."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "A sample that repeats itself (\u201cregion region region\u201d) is the mark of a bad valley: "
                "the documents' first run fell into one by taking full-length steps from fresh weights. Such "
                "samples are flagged here and marked on the loss panel. Samples that copy one source's "
                "style for long stretches suggest the mixture has been camping near that source's corner "
                "of the simplex."),
        ),
    ),
    "terrainDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "The terrain puts the loss landscape on the screen"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The loss surface has as many dimensions as the model has weights, so it cannot be drawn "
                "whole. The surface here is a slice through the current weights along two fixed random "
                "directions, each scaled to the size of the weights it moves, so slices of different steps "
                "can be compared. The path shows earlier weights projected on the two directions in which "
                "they changed most, over the loss on that plane."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Sharpness, the largest curvature \u03bb<sub>max</sub>, says how steep the valley's walls "
                "are along its steepest direction: above 2/\u03b7, plain gradient descent with step size "
                "\u03b7 would bounce across the valley instead of going down it."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Basin width is how much the loss rises a fixed distance ρ away, along random directions "
                "scaled like the weights. A small rise is a wide basin, where many nearby weights are just as "
                "good, and the documents tie such basins to better behaviour on new text; a sharp rise is a "
                "narrow trench, like the one a source learned by heart digs. The panel turns the rise into "
                "the curvature it implies, 2·rise/(ρ²‖d‖²), in the units of "
                "λ<sub>max</sub>: random directions see about the average curvature, "
                "tr(H)/n, while λ<sub>max</sub> is the single steepest one. So a run can be sharper "
                "(a larger λ<sub>max</sub>) and still look wider along random directions: both are true, "
                "of different directions."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "The trace tr(H), the sum of all curvatures, can be negative. At the bottom of a valley every "
                "direction curves up, but training rarely stands there: on a slope or a saddle many "
                "directions curve down (the Hessian is indefinite), and when they outweigh the few steep "
                "ones the sum is below zero. A negative trace with a large λ<sub>max</sub> reads as a "
                "narrow ridge of steep walls on ground that otherwise falls away."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "A job arrives in parts, cheapest first: λ<sub>max</sub> and the basin width, then a "
                "coarse surface, then the fine surface, the path and the trace. Training lends it a set "
                "share of its time (terrain.share), so the numbers come while training runs; the bar above "
                "the plots says which part is under way and how long it may take."),
        ),
    ),
    "runsDock": (
        QT_TRANSLATE_NOOP("ReadingPane", "Compared runs are walks from different starting rules"),
        (
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Each checked run is another walk on a landscape of the same kind: the same model shape, "
                "started from other settings (a learning rate, a warmup, a curriculum). Overlaid, their "
                "loss curves show which rule went down faster and which got stuck; the settings table "
                "under the list names the only keys in which they differ, so the cause is in that list."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "By step, the walks are compared update for update; by tokens seen, for the same amount of "
                "text read (a larger batch takes longer steps through the data); by wall time, for the "
                "hours they cost. A branch shares its parent's walk up to the step it was taken from and "
                "leaves it there: the documents' v3 did that, turning into a polish phase without going "
                "back to the start."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Runs that differ only in their seed are the same rule started from other random weights "
                "and another order of the data. Grouped, they are drawn as their mean with a band of one "
                "standard deviation: the band is how far chance alone moves one run's curve. Two groups "
                "whose means are closer than their bands are wide may differ by chance only; more seeds do "
                "not narrow the band, they make the mean surer (its own uncertainty is about the band's "
                "half-width divided by the square root of n)."),
            QT_TRANSLATE_NOOP(
                "ReadingPane",
                "Side by side puts the runs at the same steps in one table, so the documents' v1 and v2 read "
                "across a row. A run that took full-length steps from fresh weights shows the bad valley three "
                "ways: its samples fall back on a few words (a high repetition score, flagged), its attention "
                "heads turn one-hot (an entropy near 0, where a head spreading its weight evenly has the "
                "uniform value), and the ground under it is sharper (a larger λ_max, read against 2/η, the "
                "curvature at which a plain gradient step of that length stops going downhill). The built-in "
                "warmup experiment at its default, LR 2e-2 on the demo preset, shows the first two within a few "
                "minutes, and the third where the runs have terrain results; at 1e-2 the heads and the loss "
                "differ, but the samples seldom repeat enough to be flagged."),
        ),
    ),
}
"""Dock object name: (title, paragraphs), untranslated."""


def reading_html(name: str) -> str:
    """The translated reading of dock ``name`` as rich text (a title, then paragraphs).

    Raises
    ------
    KeyError
        No reading for ``name``.
    """
    title, paragraphs = READINGS[name]

    def tr(text: str) -> str:
        return QCoreApplication.translate("ReadingPane", text)

    body = "".join(f"<p>{tr(p)}</p>" for p in paragraphs)
    return f"<p><b>{html.escape(tr(title))}</b></p>{body}"
