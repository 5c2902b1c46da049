"""Hover readouts on step plots: a crosshair that reads the stored value of every visible series
at the step under the mouse, as W&B's and TensorBoard's tooltips do.

What is read is the run's history (:class:`~andrea_desktop.core.viewmodels.history.Series`
arrays), never the decimated display buffer the curves are drawn from: a readout at step 1,234
gives that step's logged value even when the curve shows a min/max envelope there.

**The hovered step** is the largest stored step at or before the cursor, over all the series
read (so the readout never names a step that was not logged); each series then gives its value at
its own last stored step at or before that one. A sparse series (validation every N steps, a
per-source loss) names the step its value comes from when it is not the hovered step.

A comparison of runs is one :class:`HoverSeries` per run and curve (``"run-a · smoothed"``):
:func:`read_at` and :class:`QtCrosshair` take any list of them. A seed group's mean curve carries
its standard deviation and n point for point: its row reads ``mean ± std`` and ``n = 4``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ...core.viewmodels.history import GrowableArray
from ..common.i18n import format_decimal, format_number
from .items import LogInfiniteLine, LogScatter, to_view

__all__ = ["BoxLine", "HoverSeries", "QtCrosshair", "QtReadoutBox", "ReadoutRow", "at_or_before", "format_value",
           "read_at", "readout_lines", "step_label"]

LABEL_OFFSET_PX = 14
"""Gap between the crosshair and the readout box, in pixels: the box sits beside the line,
never over the points read."""


@dataclass(frozen=True)
class HoverSeries:
    """One curve a readout reads.

    Attributes
    ----------
    name
        As the legend names it (``"smoothed"``, a source, ``"run-a · used"`` in a comparison).
    colour
        Its pen colour (anything :func:`pyqtgraph.mkColor` takes).
    steps, values
        (N,) stored steps, ascending (as the history appends them), and the values at them.
    swatch
        The mark before its name in the readout, as the plot draws it: a line ``■``, validation
        points ``●`` or ``▼``.
    std, n
        A group's curve (the mean of several runs): (N,) the standard deviation and the number of
        runs at each step, read with the value (None for a run's own curve).
    """

    name: str
    colour: object
    steps: GrowableArray | np.ndarray
    values: GrowableArray | np.ndarray
    swatch: str = "■"
    std: GrowableArray | np.ndarray | None = None
    n: GrowableArray | np.ndarray | None = None


@dataclass(frozen=True)
class ReadoutRow:
    """A series' stored value read at a hovered step: ``step`` is the x the value was logged
    at (the hovered x, or an earlier one for a sparse series): a step, or a comparison's tokens
    or seconds."""

    name: str
    colour: object
    step: int | float
    value: float
    swatch: str = "■"
    std: float | None = None
    """A group's standard deviation at ``step`` (NaN: fewer than two runs there; None: no group)."""
    n: int | None = None
    """A group's number of runs at ``step`` (None: no group)."""


def _array(a: GrowableArray | np.ndarray) -> np.ndarray:
    return a.data if isinstance(a, GrowableArray) else np.asarray(a, dtype=np.float64)


def at_or_before(steps: np.ndarray, x: float) -> int:
    """Index of the last of the ascending ``steps`` that is <= ``x`` (of the last when several
    are equal), -1 when there is none."""
    if not len(steps) or math.isnan(x):
        return -1
    return int(np.searchsorted(steps, x, side="right")) - 1


def read_at(series: Sequence[HoverSeries], x: float) -> tuple[int | float | None, list[ReadoutRow]]:
    """The stored values of ``series`` at the cursor's ``x`` (data coordinates: a step, or the
    tokens or seconds of a comparison's x axis).

    Returns
    -------
    step
        The hovered x: the largest stored x <= ``x`` over all the series, an int when it is a
        whole number (a step, tokens), else as stored (a wall time is not cut to a whole number);
        None when every series starts after ``x`` (or none has a point).
    rows
        One :class:`ReadoutRow` per series that has a step at or before the hovered step, in
        the order given, each the series' value at its last stored step <= the hovered step.
    """
    found = []
    for s in series:
        steps = _array(s.steps)
        n = min(len(steps), len(_array(s.values)))  # the arrays grow together; never read past either
        i = at_or_before(steps[:n], x)
        found.append((s, steps, n, i))
    hits = [float(steps[i]) for _, steps, _, i in found if i >= 0]
    if not hits:
        return None, []
    step = max(hits)
    rows = []
    for s, steps, n, _ in found:
        j = at_or_before(steps[:n], step)
        if j >= 0:
            std = float(_array(s.std)[j]) if s.std is not None and j < len(_array(s.std)) else None
            count = int(_array(s.n)[j]) if s.n is not None and j < len(_array(s.n)) else None
            rows.append(ReadoutRow(s.name, s.colour, _whole(float(steps[j])), float(_array(s.values)[j]), s.swatch,
                                   std, count))
    return _whole(step), rows


def _whole(x: float) -> int | float:
    """A step (or a count of tokens) as the int it is; a wall time as it was stored."""
    return int(x) if x.is_integer() else x


def format_value(v: float) -> str:
    """A value with four significant digits: ``3.412``, ``0.02403``, ``2.400e-4`` (scientific
    below 0.01 and from 100,000 on, where fixed digits would hide the magnitude), in the decimal
    mark of the interface's language (``3,412`` in Dutch, beside the step's ``1.234``)."""
    if not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("∞" if v > 0 else "−∞")
    if v == 0:
        return "0"
    e = math.floor(math.log10(abs(v)))
    if -2 <= e < 5:
        return format_decimal(v, f".{max(0, 3 - e)}f")
    mantissa, exp = format_decimal(v, ".3e").split("e")
    return f"{mantissa}e{int(exp)}"


def _opaque(c) -> QColor:
    col = QColor(pg.mkColor(c))
    col.setAlpha(255)  # a pale curve (the raw loss) still gets a legible swatch
    return col


@dataclass(frozen=True)
class BoxLine:
    """A row of a :class:`QtReadoutBox`: a coloured swatch (may be ""), a name, a value
    (right-aligned) and a note after it, drawn fainter (may be "")."""

    name: str
    value: str
    swatch: str = ""
    colour: object = None
    note: str = ""


def step_label(x: float) -> str:
    """The readout's title for x = a step: "step 1,234"."""
    return QCoreApplication.translate("QtCrosshair", "step {step}").format(step=format_number(int(round(x))))


def _row_value(r: ReadoutRow) -> str:
    """A row's value: a group's mean as ``mean ± std`` (``± –`` where fewer than two runs are)."""
    if r.std is None:
        return format_value(r.value)
    return f"{format_value(r.value)} ± {format_value(r.std) if math.isfinite(r.std) else '–'}"


def _row_note(r: ReadoutRow, step: float, label: Callable[[float], str]) -> str:
    """A row's note: a group's n, and where the value comes from when it is not ``step``."""
    notes = []
    if r.n is not None:
        notes.append(QCoreApplication.translate("QtCrosshair", "n = {n}").format(n=format_number(r.n)))
    if r.step != step:
        notes.append(f"({label(r.step)})")
    return " ".join(notes)


def readout_lines(rows: Sequence[ReadoutRow], step: float, label: Callable[[float], str] = step_label) -> list[BoxLine]:
    """The box rows of a readout at ``step`` (the hovered x): each series' swatch, name and value
    (a group's mean ± std and its n), and where the value comes from (``label`` of its x, in
    brackets) when it is not ``step``."""
    return [BoxLine(r.name, _row_value(r), r.swatch, r.colour, _row_note(r, step, label)) for r in rows]


class QtReadoutBox(QWidget):
    """A readout box over a plot (a child of its viewport): a bold title, plain lines, then rows
    of swatch, name and value in aligned columns, in the plots' foreground on their background,
    nearly opaque, so it reads on a light or a dark palette over any curve. Transparent to the
    mouse (a move over it still reaches the plot). Hidden until shown.

    Drawn with a painter, not as rich text: a QLabel lays a 7-row HTML table out in ~14 ms, too
    slow for every mouse move on the GUI thread; this costs well under a millisecond.
    """

    PAD_X, PAD_Y, GAP = 6, 4, 10

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("hoverReadout")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._fg = pg.mkColor(pg.getConfigOption("foreground"))
        self._bg = pg.mkColor(pg.getConfigOption("background"))
        self._title, self._notes, self._rows = "", [], []
        self._cols = (0, 0, 0)
        self.hide()

    def set_content(self, title: str, rows: Sequence[BoxLine], notes: Sequence[str] = (),
                    fit: QSize | None = None) -> None:
        """Show ``title`` (bold), then ``notes`` (one line each), then ``rows``; resizes to fit.

        ``fit`` (pixels): the box stays within it, whole. Names too long for its width are cut in
        the middle (a run's name keeps its start and its curve); rows beyond its height are left
        out, the last line saying how many ("… 4 more"). Values are never cut."""
        rows = list(rows)
        fm, bold = self.fontMetrics(), self._bold_metrics()
        if fit is not None:
            room = (fit.height() - 2 * self.PAD_Y - 1 - bold.height()) // fm.height() - len(notes)
            if len(rows) > max(room, 1):
                keep = max(room - 1, 0)
                more = len(rows) - keep
                rows = rows[:keep] + [BoxLine(QCoreApplication.translate("QtReadoutBox", "… {n} more").format(
                    n=format_number(more)), "")]
        self._title, self._notes, self._rows = title, list(notes), rows
        sw = max((fm.horizontalAdvance(r.swatch + " ") for r in self._rows if r.swatch), default=0)
        value = max((fm.horizontalAdvance(r.value + (" " + r.note if r.note else "")) for r in self._rows), default=0)
        if fit is not None:
            room = fit.width() - 2 * self.PAD_X - 1 - sw - self.GAP - value
            self._rows = [r if fm.horizontalAdvance(r.name) <= room else dataclasses.replace(
                r, name=fm.elidedText(r.name, Qt.TextElideMode.ElideMiddle, max(room, 0))) for r in self._rows]
        name = max((fm.horizontalAdvance(r.name) for r in self._rows), default=0)
        self._cols = (sw, name, value)
        width = max(bold.horizontalAdvance(title), *(fm.horizontalAdvance(n) for n in self._notes),
                    sw + name + self.GAP + value if self._rows else 0)
        height = bold.height() + fm.height() * (len(self._notes) + len(self._rows))
        self.resize(width + 2 * self.PAD_X + 1, height + 2 * self.PAD_Y + 1)
        self.update()

    def text(self) -> str:
        """What the box says, as plain text (a line per row)."""
        rows = [" ".join(x for x in (r.swatch, r.name, r.value, r.note) if x) for r in self._rows]
        return "\n".join([self._title, *self._notes, *rows])

    def _bold_metrics(self):
        f = self.font()
        f.setBold(True)
        return QFontMetrics(f)

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        bg = QColor(self._bg)
        bg.setAlpha(235)
        border = QColor(self._fg)
        border.setAlpha(90)
        p.setPen(QPen(border, 1))
        p.setBrush(bg)
        p.drawRoundedRect(self.rect().adjusted(0, 0, -1, -1), 3, 3)
        fm = self.fontMetrics()
        x, y = self.PAD_X, self.PAD_Y
        bold = self.font()
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(self._fg)
        p.drawText(x, y + QFontMetrics(bold).ascent(), self._title)
        y += QFontMetrics(bold).height()
        p.setFont(self.font())
        for line in self._notes:
            p.drawText(x, y + fm.ascent(), line)
            y += fm.height()
        sw, name, value = self._cols
        faint = QColor(self._fg)
        faint.setAlpha(160)
        for r in self._rows:
            base = y + fm.ascent()
            if r.swatch:
                p.setPen(_opaque(r.colour if r.colour is not None else self._fg))
                p.drawText(x, base, r.swatch)
            p.setPen(self._fg)
            p.drawText(x + sw, base, r.name)
            right = x + sw + name + self.GAP + value
            note = (" " + r.note) if r.note else ""
            if note:
                p.setPen(faint)
                p.drawText(right - fm.horizontalAdvance(note), base, note)
                p.setPen(self._fg)
            p.drawText(right - fm.horizontalAdvance(note) - fm.horizontalAdvance(r.value), base, r.value)
            y += fm.height()
        p.end()


class QtCrosshair(QObject):
    """A vertical line at the hovered step, a dot on every point read, and a readout box of the
    stored values of every visible series (pyqtgraph's crosshair example, reading
    :func:`read_at`).

    Parameters
    ----------
    plot
        The plot widget; the line and dots are added to its plot item (they follow its log modes:
        with log x the view coordinate is log10(step)), the readout box is a child of its viewport.
    series
        Called at each move: the series to read now, visible ones only (a panel omits what it
        hides; a comparison gives one per run).
    rate_limit
        Mouse moves handled per second at most (a :class:`pyqtgraph.SignalProxy`): the GUI thread
        shares the interpreter with training.

    Notes
    -----
    The box sits at the top or bottom of the view (away from the points read), beside the line on
    the side with more room, so it never covers the point under the cursor. It hides when the
    mouse leaves the plot's view and when nothing was logged at or before the cursor. The panel
    calls :meth:`refresh` after new data so the readout stays true without a mouse move.
    """

    def __init__(self, plot: pg.PlotWidget, series: Callable[[], list[HoverSeries]],
                 parent: QObject | None = None, rate_limit: float = 30) -> None:
        super().__init__(parent if parent is not None else plot)
        self.plot = plot
        self.plot_item = plot.getPlotItem()
        self.view = self.plot_item.getViewBox()
        self._series = series
        self._scene_pos: QPointF | None = None
        self.step: int | float | None = None
        """The hovered x, a step unless :meth:`set_x_label` says otherwise (None while the readout
        is hidden)."""
        self.x_label: Callable[[float], str] = step_label
        """How the readout's title names the hovered x."""
        self.rows: list[ReadoutRow] = []
        """What the readout shows now."""
        self._brushes: dict[int, QBrush] = {}
        self._key: tuple | None = None

        fg = pg.mkColor(pg.getConfigOption("foreground"))
        line = QColor(fg)
        line.setAlpha(140)
        self.line = LogInfiniteLine(angle=90, movable=False, pen=pg.mkPen(line, width=1))
        self.dots = LogScatter(size=7, pen=pg.mkPen(pg.getConfigOption("background"), width=1))
        for item in (self.line, self.dots):
            item.setZValue(50)
            self.plot_item.addItem(item, ignoreBounds=True)
            item.hide()

        self.box = QtReadoutBox(plot.viewport())
        self.box.hide()

        scene = plot.scene()
        self._proxy = pg.SignalProxy(scene.sigMouseMoved, rateLimit=rate_limit, slot=self._on_proxy_moved)
        plot.viewport().installEventFilter(self)
        self.view.sigRangeChanged.connect(self._on_view_changed)
        self.plot_item.ctrl.logXCheck.toggled.connect(self._on_view_changed)
        self.plot_item.ctrl.logYCheck.toggled.connect(self._on_view_changed)

    def set_x_label(self, label: Callable[[float], str]) -> None:
        """How the readout names the hovered x (its title, and a row's own x): :func:`step_label`
        by default; a comparison on tokens or wall time names those."""
        self.x_label = label
        self._key = None
        self.refresh()

    def set_series(self, series: Callable[[], list[HoverSeries]]) -> None:
        """Read other series from now on (a comparison: one per run and curve) and refresh."""
        self._series = series
        self.refresh()

    # ---------------------------------------------------------------- events
    def _on_proxy_moved(self, args) -> None:
        self.on_mouse_moved(args[0])

    def on_mouse_moved(self, scene_pos: QPointF) -> None:
        """Read the series at ``scene_pos`` (scene coordinates, as ``sigMouseMoved`` gives);
        outside the plot's view the readout hides."""
        if not self.view.sceneBoundingRect().contains(scene_pos):
            self.hide()
            return
        self._scene_pos = QPointF(scene_pos)
        self.refresh()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Leave:
            self.hide()
        return False

    def _on_view_changed(self, *_) -> None:
        if self._scene_pos is not None:
            self.refresh()
        else:  # a log switch re-places (and shows) the line: keep it hidden
            self._hide_items()

    # ---------------------------------------------------------------- readout
    def cursor_step(self) -> float | None:
        """The cursor's x in data coordinates (a step; log x undone), None while not hovering."""
        if self._scene_pos is None:
            return None
        vx = self.view.mapSceneToView(self._scene_pos).x()
        if self.plot_item.ctrl.logXCheck.isChecked():
            vx = 10.0 ** min(max(vx, -300.0), 300.0)
        # scene to view and back is exact only to rounding: a cursor placed on a step may map to
        # a hair below it (5.999999999999999), and the readout shows the step at or before it
        return vx + 1e-12 * abs(vx)

    def refresh(self) -> None:
        """Read again at the last cursor position (new data, another smoothing, a series shown or
        hidden, a pan or zoom); nothing while not hovering."""
        x = self.cursor_step()
        if x is None:
            return
        step, rows = read_at(self._series(), x)
        if step is None:
            self._hide_items()
            return
        log_x, log_y = self.plot_item.ctrl.logXCheck.isChecked(), self.plot_item.ctrl.logYCheck.isChecked()
        key = (step, rows, log_x, log_y, tuple(map(tuple, self.view.viewRange())), self.plot.size().toTuple())
        if key == self._key and self.box.isVisible():
            return  # the same step and values (a move along the line): nothing to redraw
        self._key = key
        self.step, self.rows = step, rows
        self.line.set_data_value(step)
        xs = np.array([r.step for r in rows], dtype=np.float64)
        ys = np.array([r.value for r in rows], dtype=np.float64)
        ok = np.isfinite(to_view(xs, log_x)) & np.isfinite(to_view(ys, log_y))
        self.dots.set_points(xs[ok], ys[ok])
        self.dots.setBrush([self._brush(r.colour) for r, good in zip(rows, ok, strict=True) if good])
        self.dots.show()
        view = self.plot.mapFromScene(self.view.sceneBoundingRect()).boundingRect()
        self.box.set_content(self.x_label(step), readout_lines(rows, step, self.x_label),
                             fit=QSize(max(view.width() - 4, 60), max(view.height() - 12, 40)))
        vx, vy = to_view(xs[ok], log_x), to_view(ys[ok], log_y)
        self._place_box([self.view.mapViewToScene(QPointF(a, b)) for a, b in zip(vx, vy, strict=True)])
        self.box.show()
        self.box.raise_()

    def _brush(self, colour) -> QBrush:
        """One brush object per colour: the scatter's symbol atlas is keyed by the brush object,
        so a new brush per move would render (and keep) new symbols at every move."""
        key = _opaque(colour).rgba()
        if key not in self._brushes:
            self._brushes[key] = pg.mkBrush(_opaque(colour))
        return self._brushes[key]

    def _place_box(self, points: list[QPointF]) -> None:
        """Beside the line, on the side with more room, at the top of the view or, when the points
        read are in its upper half, at the bottom; the first of these places (then the others)
        that covers none of the points read (``points``, scene coordinates)."""
        rect = self.plot.mapFromScene(self.view.sceneBoundingRect()).boundingRect()
        px = self.plot.mapFromScene(self.view.mapViewToScene(QPointF(float(self.line.value()), 0.0))).x()
        dots = [self.plot.mapFromScene(p) for p in points]
        w, h = self.box.width(), self.box.height()
        right, left = px + LABEL_OFFSET_PX, px - LABEL_OFFSET_PX - w
        sides = [right, left] if px - rect.left() < rect.width() / 2 else [left, right]
        top, bottom = rect.top() + 6, rect.bottom() - h - 6
        mean_y = sum(d.y() for d in dots) / len(dots) if dots else rect.bottom()
        heights = [bottom, top] if mean_y < rect.top() + rect.height() / 2 else [top, bottom]
        lo_x, hi_x = rect.left() + 2, max(rect.left() + 2, rect.right() - w - 2)
        places = [QRect(int(min(max(x, lo_x), hi_x)), int(max(y, rect.top())), w, h) for x in sides for y in heights]
        free = [r for r in places if not any(r.adjusted(-3, -3, 3, 3).contains(d) for d in dots)]
        self.box.move((free or places)[0].topLeft())

    def _hide_items(self) -> None:
        self.step, self.rows, self._key = None, [], None
        self.line.hide()
        self.dots.hide()
        self.box.hide()

    def hide(self) -> None:
        """Hide the readout until the mouse moves over the view again."""
        self._scene_pos = None
        self._proxy.timer.stop()  # a move queued before the mouse left must not show it again
        self._proxy.args = None
        self._hide_items()
