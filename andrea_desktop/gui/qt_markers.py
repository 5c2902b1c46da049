"""Event markers on a time axis (DESIGN §2: warmup ends, pivots, anomalies, pauses, settings a
resume changed), shared by
the loss and LR panels: one style per event kind, one class that draws a history's events."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt

from ..core.viewmodels.history import RunHistory
from .qt_plot_items import LogInfiniteLine

__all__ = ["MARKER_STYLE", "EventMarkers", "marker_label"]

MARKER_STYLE = {
    "lr_warmup_end": ("#888888", "LR warmup end"),
    "curriculum_warmup_end": ("#009E73", "curriculum warmup end"),
    "pivot": ("#CC79A7", "pivot"),
    "anomaly": ("#D62728", "anomaly"),
    "pause": ("#BBBBBB", "pause"),
    "config_changed": ("#0072B2", "settings changed"),
}
"""``kind: (colour, label)`` of every event kind that is marked on a time axis."""


def marker_label(kind: str, payload: dict) -> str:
    """The marker's text: the kind's label; an anomaly also names its kind and source."""
    label = MARKER_STYLE[kind][1]
    if kind == "anomaly":  # nan, spike, cliff, repetition, vertex
        label = f"anomaly: {payload.get('kind', '?')}"
        if payload.get("source"):
            label += f" ({payload['source']})"
    elif kind == "config_changed":  # the keys a resume applied, as many as fit a label
        keys = [str(c.get("key", "?")) for c in payload.get("changes", []) if isinstance(c, dict)]
        shown = ", ".join(keys[:3]) + (f" +{len(keys) - 3}" if len(keys) > 3 else "")
        label = f"{label}: {shown[:80]}" if keys else label
    return label


class EventMarkers:
    """Dashed vertical lines at a :class:`RunHistory`'s events of some kinds, on one plot (at
    their steps on a log x axis too: :class:`LogInfiniteLine`).

    Lines are added for the events that arrived since the last :meth:`update`; when the
    history's ``generation`` changed (a new, restarted or reloaded run) the old lines go first.

    Parameters
    ----------
    plot
        The plot the lines are drawn on.
    kinds
        Event kinds to mark (default every kind of :data:`MARKER_STYLE`).
    position
        Where the label sits along the line (0..1), one value or one per kind.
    rotate
        Labels run along the line (vertical text) instead of across it, ending at ``position``
        (so a label near the top hangs down into the plot instead of being cut at its top).
    """

    def __init__(self, plot: pg.PlotWidget, kinds: tuple[str, ...] | None = None,
                 position: float | dict[str, float] = 0.8, rotate: bool = False) -> None:
        self.plot = plot
        self.kinds = tuple(kinds or MARKER_STYLE)
        self._position = position
        self._rotate = rotate
        self.lines: list[LogInfiniteLine] = []
        self._n_drawn = 0
        self._generation: int | None = None

    def update(self, history: RunHistory) -> None:
        """Draw the events added to ``history`` since the last call."""
        if history.generation != self._generation:
            self.clear()
            self._generation = history.generation
        events = history.events
        for step, kind, payload in events[self._n_drawn :]:
            if kind not in self.kinds:
                continue
            color = MARKER_STYLE[kind][0]
            pos = self._position[kind] if isinstance(self._position, dict) else self._position
            opts = {"position": pos, "color": color}
            if self._rotate:  # the text runs up the line and ends at the position: it hangs below it
                opts["rotateAxis"] = (1, 0)
                opts["anchors"] = [(1, 0), (1, 1)]
            line = LogInfiniteLine(pos=step, angle=90, movable=False,
                                   pen=pg.mkPen(color, width=1, style=Qt.PenStyle.DashLine),
                                   label=marker_label(kind, payload), labelOpts=opts)
            self.plot.addItem(line, ignoreBounds=True)
            self.lines.append(line)
        self._n_drawn = len(events)

    def clear(self) -> None:
        """Remove every line (the next :meth:`update` draws the history's events again)."""
        for line in self.lines:
            self.plot.removeItem(line)
        self.lines.clear()
        self._n_drawn = 0
