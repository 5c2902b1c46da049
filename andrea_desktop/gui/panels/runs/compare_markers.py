"""Event markers of compared runs: each run's warmup ends, pivots, anomalies, pauses and resumed
settings (:data:`~andrea_desktop.core.viewmodels.compare.MARKED_EVENTS`) as dashed lines in the
run's colour on the comparison's x axis, each labelled with its kind along the line; the runs dock's
"markers" box shows or hides them.

The window's own panels lay their labels out so that they never overlap
(:class:`~andrea_desktop.gui.plots.markers.EventMarkers`); a comparison has a few markers per
run, so each run's labels sit at their own height along the lines (the first run's near the top,
the next lower) and the line's colour says whose it is.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt

from ....core.viewmodels.compare import CompareRun, XAxis
from ...common.i18n import format_number
from ...plots.items import LogInfiniteLine
from ...plots.markers import marker_label

__all__ = ["CompareMarkers", "LABEL_HEIGHTS"]

LABEL_HEIGHTS = (0.96, 0.80, 0.64, 0.48, 0.32)
"""Where along the lines (0 bottom .. 1 top) the labels of the 1st, 2nd, … compared run sit (then
again from the top)."""


class _MarkerText(pg.InfLineLabel):
    """A marker line's label whose text is fixed: pyqtgraph's sets its text again (a new layout of
    the text) and places it again at every move of the line, which made an x-axis switch of 100
    markers cost ~100 ms. A vertical line moved sideways keeps its label's place along it; a
    change of the view places the label again (``viewTransformChanged``). The text is shown as
    it is, never as a format string (an anomaly's kind read from a run's store may hold braces)."""

    def __init__(self, line, text: str, **opts) -> None:
        super().__init__(line, text="", **opts)
        self.setText(text)
        self.updatePosition()

    def valueChanged(self) -> None:  # noqa: N802 (pyqtgraph's name)
        pass


class CompareMarkers(QObject):
    """The compared runs' event markers on one comparison plot (module docstring).

    Parameters
    ----------
    plot
        The comparison's plot widget.

    Attributes
    ----------
    lines
        Per run folder, its marker lines in the order of the run's
        :attr:`~andrea_desktop.core.viewmodels.compare.CompareRun.markers` (each line's
        ``label`` is its text item).
    """

    def __init__(self, plot: pg.PlotWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plot = plot
        self.shown = True
        self.lines: dict[Path, list[LogInfiniteLine]] = {}
        self._drawn: dict[Path, tuple] = {}  # what each run's lines show: (markers, colour, place)

    def sync(self, runs: dict[Path, CompareRun], colours: dict[Path, str], axis: XAxis) -> None:
        """Draw ``runs``' markers on ``axis`` in their ``colours`` (lines of runs no longer
        compared go; a run whose markers, colour or axis did not change keeps its lines)."""
        for path in [p for p in self.lines if p not in runs or not self.shown]:
            self._remove(path)
        if not self.shown:
            return
        for i, (path, run) in enumerate(runs.items()):
            colour = colours.get(path, "#888888")
            x = run.marker_x(axis)
            drawn = (tuple((s, k) for s, k, _p in run.markers), colour, i)
            if self._drawn.get(path) != drawn:
                self._remove(path)
                self._add(path, run, colour, i)
                self._drawn[path] = drawn
            for line, value in zip(self.lines[path], x, strict=True):
                if np.isfinite(value):
                    line.set_data_value(float(value))
                else:
                    line.setVisible(False)

    def set_shown(self, on: bool) -> None:
        """Show (the next :meth:`sync` draws them) or remove every marker."""
        self.shown = bool(on)
        if not on:
            for path in list(self.lines):
                self._remove(path)

    def clear(self) -> None:
        for path in list(self.lines):
            self._remove(path)

    def _add(self, path: Path, run: CompareRun, colour: str, index: int) -> None:
        pen = pg.mkPen(colour, width=1, style=Qt.PenStyle.DashLine)
        height = LABEL_HEIGHTS[index % len(LABEL_HEIGHTS)]
        lines = []
        for step, kind, payload in run.markers:
            text = marker_label(kind, payload)
            line = LogInfiniteLine(pos=step, angle=90, movable=False, pen=pen)
            line.label = _MarkerText(line, text=text, position=height, color=colour, rotateAxis=(1, 0),
                                     anchors=[(1, 1), (1, 1)])
            line.setToolTip(f"{run.name} · {text} · {format_number(step)}")
            self.plot.addItem(line, ignoreBounds=True)
            lines.append(line)
        self.lines[path] = lines

    def _remove(self, path: Path) -> None:
        for line in self.lines.pop(path, []):
            self.plot.removeItem(line)
        self._drawn.pop(path, None)
