"""Event markers on a time axis (docs/design.md#what-a-user-does: warmup ends, pivots, anomalies, pauses, settings a
resume changed), shared by the loss and LR panels: one style per event kind, one class that draws
a history's events, with labels that keep clear of each other, the legend and the curves
(:mod:`andrea_desktop.gui.plots.marker_placement` chooses the places)."""

from __future__ import annotations

import html
import logging
import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QTextDocument

from ...core.anomaly import episode_key, is_follow_up
from ...core.head_roles import PHASE_CHANGE
from ...core.metrics import AnomalyKind, EventKind
from ...core.viewmodels.history import RunHistory
from ..common.i18n import format_decimal, format_number, plural_n
from .items import LogInfiniteLine
from .marker_placement import SEPARATOR, Coverage, Marker, merged_parts, place_labels, whole_words

__all__ = ["MARKER_STYLE", "UNMARKED_COLOUR", "EventMarkers", "MarkerLabel", "kind_colour", "kind_label",
           "marker_label"]

log = logging.getLogger(__name__)

MARKER_STYLE: dict[str, tuple[str, str]] = {
    EventKind.LR_WARMUP_END: ("#888888", QT_TRANSLATE_NOOP("EventMarkers", "LR warmup end")),
    EventKind.CURRICULUM_WARMUP_END: ("#009E73", QT_TRANSLATE_NOOP("EventMarkers", "curriculum warmup end")),
    EventKind.PIVOT: ("#CC79A7", QT_TRANSLATE_NOOP("EventMarkers", "pivot")),
    EventKind.ANOMALY: ("#D62728", QT_TRANSLATE_NOOP("EventMarkers", "anomaly")),
    EventKind.PAUSE: ("#BBBBBB", QT_TRANSLATE_NOOP("EventMarkers", "pause")),
    EventKind.CONFIG_CHANGED: ("#0072B2", QT_TRANSLATE_NOOP("EventMarkers", "settings changed")),
    PHASE_CHANGE: ("#D55E00", QT_TRANSLATE_NOOP("EventMarkers", "induction heads form")),
}
"""``kind: (colour, label)`` of every event kind that is marked on a time axis: the one table of
marker colours and labels (``induction_phase_change`` is derived from the probes, not stored:
:meth:`EventMarkers.set_derived`; the labels in English, as the translations' source texts:
:func:`kind_label` gives them in the interface's language; :func:`kind_colour` the colour)."""

UNMARKED_COLOUR = "#888888"
"""The colour of a kind outside :data:`MARKER_STYLE`."""

MAX_MARKERS = 200
"""Marker lines a panel draws at most, the newest ones (each is two plot items; pyqtgraph adds an
item in time that grows with the items there: 10,000 events took minutes to draw and seconds per
layout)."""
TIP_LINES = 20
"""Markers a merged label's tooltip lists at most (then how many more)."""
LABEL_MARGIN = 1.0
"""Pixels between a label's text and the edge of its (filled) box."""
FILL_ALPHA = 200
"""Opacity (0-255) of a label's background: a curve under it shows through, faintly."""
MIN_INTERVAL_S = 0.15
"""Layouts are at least this far apart (a run adds points several times a second)."""
LAYOUT_SHARE = 0.05
"""At most this share of the GUI thread's time goes to label layouts: the next layout waits at
least the last one's duration divided by this (a layout of 45 labels takes ~120 ms on a laptop
core, so such a panel relays its labels every ~2.4 s while the axes follow new data; the GUI
thread's Python holds the GIL the training thread needs)."""


def _short(value: object, limit: int = 40) -> str:
    """A payload value for a label: its text, one line, cut to ``limit`` characters."""
    text = " ".join(str(value)[: 4 * limit].split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def kind_label(kind: str) -> str:
    """The label of an event kind of :data:`MARKER_STYLE` in the interface's language (for another
    kind, the kind itself with spaces for underscores)."""
    style = MARKER_STYLE.get(kind)
    return QCoreApplication.translate("EventMarkers", style[1]) if style else str(kind).replace("_", " ")


def kind_colour(kind: str) -> str:
    """The marker colour of an event kind (:data:`UNMARKED_COLOUR` outside :data:`MARKER_STYLE`)."""
    style = MARKER_STYLE.get(kind)
    return style[0] if style else UNMARKED_COLOUR


def marker_label(kind: str, payload: dict) -> str:
    """The marker's text: the kind's label (:func:`kind_label`); an anomaly also names its kind
    and source (each cut to 40 characters: a payload is read from the run's store, untrusted)."""
    label = kind_label(kind)
    payload = payload if isinstance(payload, dict) else {}
    if kind == EventKind.ANOMALY:  # nan, spike, cliff, repetition, vertex
        label = QCoreApplication.translate("EventMarkers", "anomaly: {kind}").format(kind=_short(payload.get("kind", "?")))
        if payload.get("source"):
            label += f" ({_short(payload['source'])})"
    elif kind == EventKind.CONFIG_CHANGED:  # the keys a resume applied, as many as fit a label
        changes = payload.get("changes")
        changes = changes if isinstance(changes, (list, tuple)) else []
        keys = [_short(c.get("key", "?")) for c in changes if isinstance(c, dict)]
        shown = ", ".join(keys[:3]) + (f" +{len(keys) - 3}" if len(keys) > 3 else "")
        label = f"{label}: {shown[:80]}" if keys else label
    return label


def episode_detail(payload: dict) -> str:
    """A spike's or cliff's episode as its marker's tooltip adds it: how far it went and for how
    many steps (``""`` for a payload without those numbers, a damaged one's)."""
    episode = payload.get("episode")
    try:
        depth, steps = float(episode["depth"]), int(episode["steps"])
    except (KeyError, TypeError, ValueError, OverflowError):
        return ""
    if not math.isfinite(depth):
        return ""
    n = plural_n(steps)
    if payload.get("kind") == AnomalyKind.CLIFF:
        share = format_decimal(100 * depth, ".2g" if depth < 0.1 else ".0f") + "%"
        return EventMarkers.tr("down to {share} of the median over {n} step(s)", "", n).format(
            share=share, n=format_number(steps))
    return EventMarkers.tr("up to {factor} times the median over {n} step(s)", "", n).format(
        factor=format_decimal(depth, ".1f"), n=format_number(steps))


class MarkerLabel(pg.TextItem):
    """The label of one marker line, placed by :class:`EventMarkers` (in pixels beside the line,
    so it follows log axes with the line). While it shows several markers merged it names them
    all, each in its colour; its tooltip lists them with their steps.

    Attributes
    ----------
    format
        The marker's own text (whatever the label shows now).
    step, color
        The marker's step and colour.
    """

    def __init__(self, text: str, step: int, color: str, along: bool, on_log_mode) -> None:
        super().__init__("", color=color, anchor=(1, 0) if along else (0, 0), angle=90 if along else 0,
                         fill=pg.mkBrush(_fill_colour()))
        self.textItem.document().setDocumentMargin(LABEL_MARGIN)
        self.format, self.step, self.color = text, int(step), color
        self.detail = ""
        """What later reports of its anomaly episode said (for the tooltip), or ""."""
        self._shown: tuple | None = None
        self._on_log_mode = on_log_mode

    def setLogMode(self, x: bool, y: bool) -> None:  # noqa: N802 (pyqtgraph's name)
        """Placed in pixels beside its line: a new log mode only asks for a new layout."""
        self._on_log_mode()

    def paint(self, p, *args) -> None:
        """The box behind the text, filled in device pixels. pyqtgraph fills it as an antialiased
        polygon through the label's turned, unscaled transform, clipped by the view's clip path in
        the view's scaled coordinates: 1-4 ms a label in the raster engine. The box is upright or
        turned a quarter and the view's clip is a rectangle, so in device pixels both are
        rectangles, filled and clipped on the raster engine's fast path (the paint event's own
        region still clips it)."""
        if self.scene() is not self._lastScene or self.border.style() != Qt.PenStyle.NoPen:
            super().paint(p, *args)  # the first paint in a scene (pyqtgraph's set-up), or a border
            return
        box = p.transform().mapRect(self.textItem.mapRectToParent(self.textItem.boundingRect())).toAlignedRect()
        clip = p.clipBoundingRect().toAlignedRect() if p.hasClipping() else None  # (device pixels)
        p.save()
        p.resetTransform()
        p.setClipping(False)
        p.setRenderHint(p.RenderHint.Antialiasing, False)
        p.fillRect(box if clip is None else box & clip, self.fill)
        p.restore()

    def show_parts(self, parts: list[tuple[str, str]], tip: str) -> None:
        """Show ``[(text, colour), ...]`` joined by " · " (the first: this marker's)."""
        if self._shown != (tuple(parts), tip):
            self._shown = (tuple(parts), tip)
            self.setHtml(_html(parts))
            self.setToolTip(tip)


def _is_step(step: object) -> bool:
    """A marker's step is a finite number that fits an int (NaN or 1e300 from a damaged store is not)."""
    return (isinstance(step, (int, float, np.integer, np.floating)) and not isinstance(step, bool)
            and bool(np.isfinite(step)) and abs(step) < 2**62)


def _fill_colour() -> QColor:
    c = QColor(pg.mkColor(pg.getConfigOption("background")))
    c.setAlpha(FILL_ALPHA)
    return c


def _html(parts: list[tuple[str, str]]) -> str:
    sep = html.escape(SEPARATOR)
    return sep.join(f'<span style="color:{c};">{html.escape(t)}</span>' for t, c in parts if t)


def _split(shown: str, parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (perhaps elided) text ``shown`` cut back into the coloured parts it was made of."""
    out, rest = [], shown
    for text, colour in parts:
        if not rest:
            break
        if rest.startswith(text):
            out.append((text, colour))
            rest = rest[len(text):].removeprefix(SEPARATOR)
        else:  # the elided part: what is left of it (ends with "…")
            out.append((rest, colour))
            rest = ""
    return out


class EventMarkers(QObject):
    """Dashed vertical lines at a :class:`RunHistory`'s events of some kinds, on one plot (at
    their steps on a log x axis too: :class:`LogInfiniteLine`), each with a :class:`MarkerLabel`.

    Lines are added for the events that arrived since the last :meth:`update`; when the
    history's ``generation`` changed (a new, restarted or reloaded run) the old lines go first.
    The labels are laid out again (:meth:`layout`, once per event-loop pass) after an update, a
    pan, a zoom, a resize or a log-mode switch: beside their lines, never over each other or the
    legend, off the curves and the ``avoid`` items where there is room; close labels stack, and
    labels with no room merge ("pivot · pause").

    Parameters
    ----------
    plot
        The plot the lines are drawn on.
    kinds
        Event kinds to mark (default every kind of :data:`MARKER_STYLE`).
    position
        Preferred place of a label's upper end along the line (0 bottom .. 1 top).
    rotate
        Labels run along the line (vertical text, read upwards) instead of across it.
    avoid
        Items whose points a label should not cover (the current-position dot).

    Attributes
    ----------
    lines, labels
        The markers' lines and their labels, in event order (``lines[i].label is labels[i]``).
    """

    def __init__(self, plot: pg.PlotWidget, kinds: tuple[str, ...] | None = None,
                 position: float = 0.97, rotate: bool = False, avoid: tuple = ()) -> None:
        super().__init__(plot)
        self.plot = plot
        self.kinds = tuple(kinds or MARKER_STYLE)
        self._position = float(position)
        self._rotate = rotate
        self._avoid = tuple(avoid)
        self.lines: list[LogInfiniteLine] = []
        self.labels: list[MarkerLabel] = []
        self._n_drawn = 0
        self._capped = False
        self._generation: int | None = None
        self._spots: dict[tuple, tuple[int, int, int]] = {}
        self._episodes: dict[tuple, MarkerLabel] = {}  # an anomaly episode's key: its marker's label
        self._derived: list[tuple[int, str, dict]] = []
        self._derived_lines: list[LogInfiniteLine] = []
        self._sizes: dict[str, tuple[float, float]] = {}  # a text's box, measured once
        self._last_layout = -1.0
        self._laid_out_view: tuple | None = None  # the view (range, size) the labels were laid out in
        self._last_duration = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.layout)
        self._hidden_pending = False  # a layout was due when the plot was hidden: run it when shown
        plot.installEventFilter(self)
        pi = plot.getPlotItem()
        vb = pi.getViewBox()
        vb.sigRangeChanged.connect(self.view_changed)
        vb.sigResized.connect(self.view_changed)
        pi.ctrl.logXCheck.toggled.connect(self.schedule_layout)
        pi.ctrl.logYCheck.toggled.connect(self.schedule_layout)

    def update(self, history: RunHistory) -> None:
        """Draw the events added to ``history`` since the last call."""
        if history.generation != self._generation:
            self.clear()
            self._generation = history.generation
        events = history.events
        new = [(step, kind, payload) for step, kind, payload in events[self._n_drawn :]
               if kind in self.kinds and _is_step(step)]
        if len(self.lines) + len(new) > MAX_MARKERS:  # thousands of events: the newest are drawn
            if not self._capped:
                self._capped = True
                log.info("a panel draws the newest %d of its run's markers; older ones are dropped", MAX_MARKERS)
            new = new[-MAX_MARKERS:]
            drop = len(self.lines) + len(new) - MAX_MARKERS
            for line, label in zip(self.lines[:drop], self.labels[:drop], strict=True):
                self.plot.removeItem(line)
                self.plot.removeItem(label)
            del self.lines[:drop], self.labels[:drop]
            self._spots.clear()  # keyed by label indices, which moved
        reports = [(step, payload) for step, kind, payload in new if is_follow_up(payload)]
        new = [e for e in new if not is_follow_up(e[2])]  # an anomaly episode: one marker, at its start
        for step, kind, payload in new:
            line = self._add(step, kind, payload)
            label = line.label
            if kind == EventKind.ANOMALY and isinstance(payload, dict):
                self._episodes[episode_key(int(step), payload)] = label
        for step, payload in reports:  # the episode's depth and length, in its marker's tooltip
            label = self._episodes.get(episode_key(int(step), payload))
            if label is not None:
                label.detail = episode_detail(payload)
                label._shown = None  # the tooltip is written again at the next layout
        self._derived_lines = [line for line in self._derived_lines if line in self.lines]
        self._n_drawn = len(events)
        if self.lines:
            self.schedule_layout()

    def _add(self, step: int, kind: str, payload: dict) -> LogInfiniteLine:
        color = kind_colour(kind)
        line = LogInfiniteLine(pos=step, angle=90, movable=False,
                               pen=pg.mkPen(color, width=1, style=Qt.PenStyle.DashLine))
        label = MarkerLabel(marker_label(kind, payload), step, color, self._rotate, self.schedule_layout)
        line.label = label  # pyqtgraph's attribute for a line's label
        label.hide()  # until it has a place
        self.plot.addItem(line, ignoreBounds=True)
        self.plot.addItem(label, ignoreBounds=True)
        self.lines.append(line)
        self.labels.append(label)
        return line

    def set_derived(self, events: list[tuple[int, str, dict]]) -> None:
        """Markers the run model derives rather than stores (the induction phase change,
        ``(step, kind, payload)`` each), drawn and laid out with the history's; they replace the
        previous derived markers (a kind outside :attr:`kinds` is not drawn)."""
        events = [(int(s), k, p) for s, k, p in events if k in self.kinds and _is_step(s)]
        if events == self._derived:
            return
        for line in self._derived_lines:
            if line in self.lines:
                i = self.lines.index(line)
                self.plot.removeItem(line)
                self.plot.removeItem(self.labels[i])
                del self.lines[i], self.labels[i]
        self._spots.clear()  # keyed by label indices, which moved
        self._derived = events
        self._derived_lines = [self._add(*e) for e in events]
        if self.lines:
            self.schedule_layout()

    def clear(self) -> None:
        """Remove every line (the next :meth:`update` draws the history's events again)."""
        for line, label in zip(self.lines, self.labels, strict=True):
            self.plot.removeItem(line)
            self.plot.removeItem(label)
        self.lines.clear()
        self.labels.clear()
        self._episodes.clear()
        self._derived, self._derived_lines = [], []
        self._spots.clear()
        self._sizes.clear()
        self._n_drawn = 0
        self._capped = False

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """A hidden plot (a closed window, a dock tabbed away) lays nothing out: a scheduled layout
        waits until the plot is shown again (a slow layout's rate limit can be seconds long)."""
        if watched is self.plot:
            if event.type() == QEvent.Type.Hide and self._timer.isActive():
                self._timer.stop()
                self._hidden_pending = True
            elif event.type() == QEvent.Type.Show and self._hidden_pending:
                self._hidden_pending = False
                self.schedule_layout()
        return False

    @property
    def layout_pending(self) -> bool:
        """A layout is scheduled and has not run yet."""
        return self._timer.isActive()

    def layout_if_due(self) -> None:
        """Lay the labels out now if a layout is scheduled and due (the end of a redraw:
        :func:`~andrea_desktop.gui.plots.frames.settle`, so the labels are placed before the paint,
        not in a second one)."""
        if self._timer.isActive() and self._timer.remainingTime() == 0:
            self.layout()

    def due_in(self) -> float:
        """Seconds until a layout scheduled now would run (0: at the next event-loop pass): the
        rate limit of :meth:`schedule_layout`."""
        gap = max(MIN_INTERVAL_S, self._last_duration / LAYOUT_SHARE)
        return max(0.0, gap - (time.monotonic() - self._last_layout))

    def _view(self) -> tuple:
        vb = self.plot.getPlotItem().getViewBox()
        (x0, x1), (y0, y1) = vb.viewRange()
        return x0, x1, y0, y1, vb.width(), vb.height()

    def view_changed(self, *_) -> None:
        """Schedule a layout if the view (its range or size) is not the one the labels were laid
        out in (a pan, a zoom, a resize; a view change settled at once and announced again after,
        by pyqtgraph's later signals, is not laid out twice)."""
        if self.lines and self._view() != self._laid_out_view:
            self.schedule_layout()

    def schedule_layout(self, *_) -> None:
        """Lay the labels out at the next event-loop pass (many changes: one layout), or once
        MIN_INTERVAL_S (or the last layout's duration / LAYOUT_SHARE, if longer) has passed
        since the last layout. A plot not on screen (hidden, or in a window not shown yet or
        closed) lays nothing out: its layout waits until the plot is shown (:meth:`eventFilter`)."""
        if self.lines and not self.plot.isVisible():
            self._hidden_pending = True
        elif self.lines and not self._timer.isActive():
            self._timer.start(int(self.due_in() * 1000))

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        """Place every label now (see the class docstring)."""
        self._timer.stop()
        self._last_layout = time.monotonic()
        if not self.lines:
            return
        self._laid_out_view = self._view()
        try:
            self._layout()
        finally:
            self._last_duration = time.monotonic() - self._last_layout

    def _layout(self) -> None:
        vb = self.plot.getPlotItem().getViewBox()
        view = vb.sceneBoundingRect()
        to_scene = vb.childGroup.sceneTransform()  # view coordinates -> scene pixels
        (x0, x1), _ = vb.viewRange()
        markers = []
        for i, line in enumerate(self.lines):
            if line.isVisible() and x0 <= line.value() <= x1:
                x = to_scene.map(QPointF(line.value(), 0.0)).x() - view.left()
                markers.append(Marker(x, self.labels[i].format, i))
        along = self._rotate
        font = self.labels[0].textItem.font()
        metrics = QFontMetricsF(font)
        doc = QTextDocument()
        doc.setDefaultFont(font)
        doc.setDocumentMargin(LABEL_MARGIN)

        def size_of(text: str) -> tuple[float, float]:
            if text not in self._sizes:
                doc.setPlainText(text)
                s = doc.size()
                self._sizes[text] = (s.height(), s.width()) if along else (s.width(), s.height())
            return self._sizes[text]

        def elide(text: str, length: float) -> str:  # at a word's end where there is one to keep
            return whole_words(text, metrics.elidedText(text, Qt.TextElideMode.ElideRight, length - 2 * LABEL_MARGIN - 2))

        placed = place_labels(markers, view.width(), view.height(), size_of, elide, along=along,
                              prefer_top=(1.0 - self._position) * view.height(), blocked=self._blocked(view),
                              coverage=self._coverage(view, to_scene, [m.x for m in markers]),
                              previous=self._spots)
        self._spots = {}
        shown = set()
        for p in placed:
            members = [markers[m].key for m in p.members]
            self._spots[tuple(members)] = p.spot
            label = self.labels[members[0]]
            parts = [(t, self.labels[members[k]].color) for t, k in merged_parts([self.labels[i].format for i in members])]
            tip = "\n".join(self.tr("step {step}: {label}").format(step=format_number(self.labels[i].step),
                                                                  label=self.labels[i].format)
                            + (f" ({self.labels[i].detail})" if self.labels[i].detail else "")
                            for i in members[:TIP_LINES])
            if len(members) > TIP_LINES:
                tip += "\n" + self.tr("… and {n} more").format(n=format_number(len(members) - TIP_LINES))
            label.show_parts(_split(p.text, parts), tip)
            left, top = view.left() + p.rect[0], view.top() + p.rect[1]
            label.setPos(vb.mapSceneToView(QPointF(left, top)))
            label.setVisible(True)
            label.updateTransform(force=True)
            shown.add(members[0])
        for i, label in enumerate(self.labels):
            if i not in shown:
                label.setVisible(False)

    def _blocked(self, view) -> list[tuple[float, float, float, float]]:
        """The legend's box, in view pixels (no label may overlap it)."""
        legend = self.plot.getPlotItem().legend
        if legend is None or not legend.isVisible() or not legend.items:
            return []
        r = legend.sceneBoundingRect()
        return [(r.left() - view.left(), r.top() - view.top(), r.width(), r.height())]

    def _coverage(self, view, to_scene, lines: list[float]) -> Coverage:
        """What the visible curves, symbols, marker ``lines`` and ``avoid`` items cover, in view
        pixels."""
        cov = Coverage(view.width(), view.height())
        cov.add_vlines(lines)
        m = to_scene

        def pixels(x, y):
            x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
            return (m.m11() * x + m.m21() * y + m.dx() - view.left(),
                    m.m12() * x + m.m22() * y + m.dy() - view.top())

        for item in self.plot.getPlotItem().listDataItems():
            if not isinstance(item, pg.PlotDataItem) or not item.isVisible():
                continue
            x, y = item.getData()
            if x is None or not len(x):
                continue
            px, py = pixels(x, y)
            pen = item.opts.get("pen")
            if pen is not None and pg.mkPen(pen).style() != Qt.PenStyle.NoPen:
                cov.add_polyline(px, py)
            if item.opts.get("symbol") is not None:
                cov.add_symbols(px, py, float(item.opts.get("symbolSize") or 7) / 2)
        for item in self._avoid:
            if item.isVisible() and isinstance(item, pg.ScatterPlotItem):
                x, y = item.getData()
                if x is not None and len(x):
                    px, py = pixels(x, y)
                    cov.add_dots(px, py, float(item.opts.get("size") or 7) / 2 + 2)
        return cov
