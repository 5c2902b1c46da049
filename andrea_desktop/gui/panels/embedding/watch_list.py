"""The embedding panel's watch list: watched tokens and how their cosine neighbour sets change
from probe to probe (a table and a stability plot)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.analysis import neighbour_overlap
from ...common.widgets import fit_width, read_only_table
from ...plots.lazy import LazyBuild
from ...plots.menus import plot_widget

__all__ = ["QtWatchList"]

log = logging.getLogger(__name__)

_COLOURS = ("#1F77B4", "#FF7F0E", "#2CA02C", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#7F7F7F",
            "#BCBD22", "#17BECF")


class QtWatchList(LazyBuild, QWidget):
    """Watched tokens and how their cosine neighbour sets change from probe to probe: a table
    and a stability plot (the overlap of each set with the previous probe's,
    :func:`neighbour_overlap`).

    Parameters
    ----------
    name_of
        A token id's shown text.
    lazy
        Build the stability plot only when
        :meth:`~andrea_desktop.gui.plots.lazy.LazyBuild.ensure_built` is called (the table and
        the sets are kept from the start).

    Signals
    -------
    token_activated(int)
        A watched token was double-clicked.
    """

    token_activated = Signal(int)

    def __init__(self, name_of: Callable[[int], str], parent: QWidget | None = None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.name_of = name_of
        self._span = (0, 1)  # the step axis's range without a curve (update_views)
        self.sets: dict[int, dict[int, np.ndarray]] = {}  # token id -> {step: neighbour ids}
        self.k = 10
        """Neighbours per set (``probe.neighbours``)."""
        self.table = read_only_table("watchTable", [self.tr("token"), self.tr("# probes"), self.tr("overlap"),
                                                    self.tr("mean (last 5)")])
        for c, tip in enumerate((self.tr("watched token"), self.tr("probes with a neighbour set"),
                                 self.tr("share of its neighbours also neighbours at the previous probe"),
                                 self.tr("mean overlap over the last five probes"))):
            self.table.horizontalHeaderItem(c).setToolTip(tip)
        fit_width(self.table)
        self.table.cellDoubleClicked.connect(
            lambda row, _c: self.token_activated.emit(int(self.table.item(row, 0).data(Qt.ItemDataRole.UserRole))))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Stop tracking the selected watched token"))
        self.remove_button.clicked.connect(self._remove_selected)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Watch list: do the neighbour sets settle?")))
        row.addStretch(1)
        row.addWidget(self.remove_button)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.split, 1)
        self._start_building(lazy)

    def _build(self) -> None:
        """The stability plot, beside the table, drawn from the sets held (:class:`LazyBuild`)."""
        self.plot = plot_widget()
        self.plot.setObjectName("stabilityPlot")
        self.plot.setLabel("bottom", self.tr("step"))
        self.plot.setLabel("left", self.tr("overlap"))  # with the previous probe's set (the tooltip)
        self.plot.setToolTip(self.tr("Each watched token's neighbour set: the share also in the previous probe's set"))
        self.plot.setYRange(0, 1.05)
        self.plot.addLegend(offset=(-10, 10))
        self.split.addWidget(self.plot)
        self.split.setSizes([300, 360])
        self.plot.show()  # the list may be on screen already
        self._draw_plot()

    def add_sets(self, probe: dict, vocab_size: int) -> None:
        """The watched tokens' neighbour sets saved in a probe (``watch_ids`` (W,), ``neighbours``
        (W, k)); ids outside a known vocabulary of ``vocab_size`` tokens are skipped."""
        try:
            step = int(np.asarray(probe["step"]))
            ids = np.asarray(probe.get("watch_ids", np.zeros(0, np.int64)))
            neigh = np.asarray(probe.get("neighbours", np.zeros((0, 0), np.int64)))
            if ids.ndim != 1 or ids.dtype.kind not in "iu" or neigh.ndim != 2 or neigh.dtype.kind not in "iu" \
                    or len(neigh) != len(ids):
                raise ValueError(f"watch_ids {ids.shape} / neighbours {neigh.shape} are not (W,) / (W, k) integers")
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("ignoring a probe's watch list: %s", exc)
            return
        for tid, row in zip(ids.tolist(), neigh, strict=True):
            if tid >= 0 and (not vocab_size or tid < vocab_size):
                self.sets.setdefault(int(tid), {})[step] = row
                self.k = neigh.shape[1] or self.k

    def _remove_selected(self) -> None:
        for r in sorted({i.row() for i in self.table.selectedIndexes()}):
            item = self.table.item(r, 0)
            if item is not None:
                self.sets.pop(int(item.data(Qt.ItemDataRole.UserRole)), None)
        self.update_views()

    def stability(self, token_id: int) -> tuple[np.ndarray, np.ndarray]:
        """(steps, overlap with the previous probe's set) of a watched token, (n - 1,) each."""
        hist = self.sets.get(int(token_id), {})
        steps = sorted(hist)
        overlaps = [neighbour_overlap(hist[a], hist[b]) for a, b in zip(steps, steps[1:], strict=False)]
        return np.asarray(steps[1:], dtype=np.int64), np.asarray(overlaps, dtype=np.float64)

    def update_views(self, span: tuple[int, int] = (0, 1)) -> None:
        """Redraw the table and the stability plot; ``span`` (first, last step) is the step axis's
        range while there is no curve to fit it to (the run's steps, not a previous run's)."""
        self._span = span
        self.table.setRowCount(len(self.sets))
        for r, tid in enumerate(sorted(self.sets)):
            steps, overlap = self.stability(tid)
            item = QTableWidgetItem(self.name_of(tid))
            item.setData(Qt.ItemDataRole.UserRole, tid)
            last = f"{overlap[-1]:.0%}" if len(overlap) else "–"
            mean = f"{np.nanmean(overlap[-5:]):.0%}" if len(overlap) else "–"
            self.table.setItem(r, 0, item)
            for c, text in enumerate((str(len(self.sets[tid])), last, mean), start=1):
                cell = QTableWidgetItem(text)
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, cell)
        self._draw_plot()
        fit_width(self.table)

    def _draw_plot(self) -> None:
        """Each watched token's overlap over the steps (nothing before the plot is built)."""
        if not self.is_built:
            return
        self.plot.clear()
        legend = self.plot.getPlotItem().legend
        if legend is not None:
            legend.clear()
        drawn = False
        for r, tid in enumerate(sorted(self.sets)):
            steps, overlap = self.stability(tid)
            if len(steps):
                colour = _COLOURS[r % len(_COLOURS)]
                self.plot.plot(steps, overlap, pen=pg.mkPen(colour, width=2), symbol="o",
                               symbolSize=5, symbolBrush=colour, symbolPen=None, name=self.name_of(tid)[:16])
                drawn = True
        if drawn:
            self.plot.enableAutoRange(axis="x")
        else:
            self.plot.setXRange(*self._span, padding=0.02)
