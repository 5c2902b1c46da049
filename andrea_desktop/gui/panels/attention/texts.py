"""What the Attention panel says in words: its empty state, tick labels, a head's tooltip (its
role scores against their thresholds) and the hover line of the enlarged head's cells.

Functions of a probe (the dict :class:`~andrea_desktop.core.viewmodels.run_model.ProbeSet` holds)
and a selection, translated in the panel's context (``QtAttentionPanel``) so the translations
stay where they were.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication

from ....core.config import ProbeConfig
from ....core.errors import quote
from ....core.tokens import ELLIPSIS, visible_text
from ....core.viewmodels.probe_set import role_arrays
from ...common.i18n import format_decimal, format_number
from .heads_over_time import role_name

__all__ = ["empty_text", "head_tooltip", "hover_text", "short", "stat_name", "tick_label"]


def empty_text(probe: ProbeConfig | None, step: int | None = None) -> str:
    """What the panel says before the first probe of a run with ``probe`` settings (None: unknown).
    ``step`` is the first probe's step (:attr:`RunModel.next_probe_step`: a branch from step 400
    probes first after 400); None: ``probe.interval``, a new run's (steps count from 1)."""
    if probe is not None and not probe.enabled:
        return QCoreApplication.translate(
            "QtAttentionPanel", "No attention maps: probes are off in this run (probe.enabled = false).")
    if step is None and probe is not None:
        step = probe.interval
    when = (QCoreApplication.translate("QtAttentionPanel", "step {step}").format(step=format_number(step))
            if step is not None else "probe.interval")
    return QCoreApplication.translate(
        "QtAttentionPanel", "Attention appears at the first probe ({when}): every layer's and head's map of the "
                            "probe text above, one head enlarged with its tokens.").format(when=when)


def short(text: str, n: int = 40) -> str:
    """``text`` on one line (newlines as ⏎), cut to ``n`` characters with an ellipsis."""
    text = text.replace("\n", "⏎")
    return text if len(text) <= n else text[: n - 1] + ELLIPSIS


def tick_label(token: str, n: int) -> str:
    """A token as a tick label: newlines shown as ⏎, cut to ``n`` characters with an ellipsis."""
    token = token.replace("\n", "⏎")
    return token if len(token) <= n else token[: n - 1] + ELLIPSIS


def head_tooltip(p: dict | None, layer: int, head: int) -> str:
    """The attention grid's tooltip for ``(layer, head)`` of probe ``p``: its role and every role's
    score against its threshold and the uniform head's baseline, the clearest first."""
    if p is None or not (0 <= layer < p["attention"].shape[0] and 0 <= head < p["attention"].shape[1]):
        return ""
    role = " ".join(str(p["roles"][layer, head]).split())
    title = QCoreApplication.translate("QtAttentionPanel", "layer {layer} · head {head}").format(
        layer=layer, head=head)
    no_role = QCoreApplication.translate("QtAttentionPanel", "no clear role")
    lines = [title + (f" — {short(role_name(role))}" if role else f" — {no_role}")]
    scored = role_arrays(p)
    if scored is None:
        lines.append(QCoreApplication.translate("QtAttentionPanel",
                                                "(no role scores: a probe file of an earlier version)"))
    else:
        names, scores, base, thr = scored
        with np.errstate(invalid="ignore", divide="ignore"):
            rel = (scores[:, layer, head] - base) / (1.0 - base)
        for i in np.argsort(-np.nan_to_num(rel, nan=-np.inf), kind="stable"):
            s = float(scores[i, layer, head])
            text = (QCoreApplication.translate("QtAttentionPanel",
                                               "{role}: {score} ≥ {threshold} (uniform head {baseline})")
                    if s >= thr[i] else
                    QCoreApplication.translate("QtAttentionPanel",
                                               "{role}: {score} < {threshold} (uniform head {baseline})"))
            lines.append(text.format(role=short(role_name(names[i])), score=format_decimal(s, ".2f"),
                                     threshold=format_decimal(float(thr[i]), ".2f"),
                                     baseline=format_decimal(float(base[i]), ".2f")))
        lines.append(QCoreApplication.translate(
            "QtAttentionPanel", "Scores on a repeated random-token sequence; a role when its score reaches the "
                                "threshold."))
    lines.append(QCoreApplication.translate("QtAttentionPanel", "Click to enlarge."))
    return "\n".join(lines)


def stat_name(key: str) -> str:
    """A head statistic's name as shown (``previous_token``: "previous-token"), translated."""
    names = {"entropy": QCoreApplication.translate("QtAttentionPanel", "entropy"),
             "previous_token": QCoreApplication.translate("QtAttentionPanel", "previous-token"),
             "sink": QCoreApplication.translate("QtAttentionPanel", "sink"),
             "induction": QCoreApplication.translate("QtAttentionPanel", "induction")}
    return names.get(key, key.replace("_", "-"))


def hover_text(p: dict | None, selected: tuple[int, int], query: int, key: int) -> str:
    """"query 't' (position i) → key 'u' (position j): weight" for head ``selected`` (layer,
    head) of probe ``p``: the tokens and their positions in the probe (from 0), masked cells said
    so."""
    if p is None:
        return ""
    T = p["attention"].shape[-1]
    if not (0 <= query < T and 0 <= key < T):
        return ""
    labels = [visible_text(str(p["token_text"][i])) for i in (query, key)]
    tq, tk = (QCoreApplication.translate("QtAttentionPanel", "{token} (position {i})").format(
        token=quote(t, 40), i=i) for t, i in zip(labels, (query, key), strict=True))
    split = []  # the characters split across tokens, named by code point too (a font may lack them)
    for t in labels:
        for ch in ((t[1:2] if t.startswith(ELLIPSIS) else ""), (t[-2:-1] if t.endswith(ELLIPSIS) else "")):
            if ch and ch != ELLIPSIS and ch not in split:
                split.append(ch)
    note = QCoreApplication.translate("QtAttentionPanel", "(… {characters} split across tokens)").format(
        characters=", ".join(f"{ch} U+{ord(ch):04X}" for ch in split)) if split else ""
    if key > query:
        text = QCoreApplication.translate("QtAttentionPanel",
                                          "query {query} → key {key}: masked (a token sees only earlier tokens)")
        return text.format(query=tq, key=tk) + (f" {note}" if note else "")
    w = float(p["attention"][selected[0], selected[1], query, key])
    if not np.isfinite(w):
        text = QCoreApplication.translate("QtAttentionPanel",
                                          "query {query} → key {key}: NaN (not a number: the weights diverged)")
        return text.format(query=tq, key=tk) + (f" {note}" if note else "")
    text = QCoreApplication.translate("QtAttentionPanel", "query {query} → key {key}: {weight}").format(
        query=tq, key=tk, weight=format_decimal(w, ".3f"))
    return f"{note} {text}" if note else text
