"""A sweep's view: a table of its runs × final and best losses, and a metric against one swept
key, each seed a point and the mean ± std across seeds a line with error bars (one line per
combination of the other keys' values). The numbers are core's
(:func:`~andrea_desktop.core.sweeps.sweep_table`, :func:`~andrea_desktop.core.sweeps.metric_by_key`);
this draws them. "Overlay" checks the sweep's runs in the Runs dock, so the loss and LR panels
overlay them."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.sweeps import (
    METRICS,
    Sweep,
    SweepRow,
    SweepRunStatus,
    metric_by_key,
    sweep_state,
    sweep_table,
    value_text,
)
from ....core.viewmodels.colours import RUN_PALETTE
from ...common.i18n import format_decimal, format_number, plural_n
from ...plots.menus import plot_widget

__all__ = ["QtSweepView"]


class QtSweepView(QDialog):
    """The view of ``sweep``, whose runs are in ``runs_dir`` (module docstring).

    Signals
    -------
    overlay_requested(list)
        The run folders (:class:`~pathlib.Path`) of the sweep that exist, to check in the Runs dock.
    """

    overlay_requested = Signal(list)

    def __init__(self, sweep: Sweep, runs_dir: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sweep, self.runs_dir = sweep, Path(runs_dir)
        self.rows: list[SweepRow] = []
        self.x_labels: list[str] = []
        """The swept key's values as the plot's x axis names them."""
        self.series_items: list[tuple[pg.PlotDataItem, pg.ErrorBarItem]] = []
        """Each series' mean line and its error bars (± std), as drawn."""
        self.setObjectName("sweepView")
        self.setWindowTitle(self.tr("Sweep {name}").format(name=sweep.name))
        self.summary = QLabel()
        self.summary.setObjectName("sweepSummary")
        self.summary.setWordWrap(True)
        self.keys = [k.key for k in sweep.keys]
        self.table = QTableWidget()
        self.table.setObjectName("sweepTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().hide()
        self.metric_combo = QComboBox()
        self.metric_combo.setObjectName("sweepMetric")
        for metric in METRICS:
            self.metric_combo.addItem(self.metric_name(metric), metric)
        self.key_combo = QComboBox()
        self.key_combo.setObjectName("sweepKey")
        for key in self.keys:
            self.key_combo.addItem(key, key)
        self.plot = plot_widget()
        self.plot.setObjectName("sweepPlot")
        self.plot.showGrid(x=False, y=True, alpha=0.3)
        for side in ("left", "bottom"):  # losses in nats as they are, never "(x0.001)"
            self.plot.getAxis(side).enableAutoSIPrefix(False)
        self.legend = self.plot.addLegend(offset=(10, 10))  # top left, over the headroom redraw leaves
        refresh = QPushButton(self.tr("Refresh"))
        refresh.clicked.connect(self.refresh)
        overlay = QPushButton(self.tr("Overlay in Runs dock"))
        overlay.setToolTip(self.tr("Check the sweep's runs in the Runs dock: the loss and LR panels overlay them"))
        overlay.clicked.connect(lambda: self.overlay_requested.emit([r.path for r in self.rows if r.path.is_dir()]))
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("metric")))
        controls.addWidget(self.metric_combo)
        controls.addWidget(QLabel(self.tr("against")))
        controls.addWidget(self.key_combo)
        controls.addStretch(1)
        controls.addWidget(overlay)
        controls.addWidget(refresh)
        plot_box = QWidget()
        plot_layout = QVBoxLayout(plot_box)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        plot_layout.addLayout(controls)
        plot_layout.addWidget(self.plot, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(plot_box)
        splitter.setSizes([260, 360])
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        self.metric_combo.currentIndexChanged.connect(self.redraw)
        self.key_combo.currentIndexChanged.connect(self.redraw)
        self.resize(1040, 700)
        self.refresh()

    def metric_name(self, metric: str) -> str:
        """A metric's column title (translated)."""
        return {"final_val": self.tr("final val loss"), "best_val": self.tr("best val loss"),
                "final_train": self.tr("final train loss")}[metric]

    def status_text(self, status: SweepRunStatus) -> str:
        """A run's state in words (translated)."""
        return {SweepRunStatus.PENDING: self.tr("not started"), SweepRunStatus.LEFTOVER: self.tr("not started"),
                SweepRunStatus.PARTIAL: self.tr("partial"), SweepRunStatus.DONE: self.tr("done"),
                SweepRunStatus.DIVERGED: self.tr("diverged"), SweepRunStatus.RUNNING: self.tr("training"),
                SweepRunStatus.FOREIGN: self.tr("other run")}[status]

    # ------------------------------------------------------------------ contents
    def refresh(self) -> None:
        """Read the runs again (their state and metrics) and redraw."""
        self.rows = sweep_table(sweep_state(self.sweep, self.runs_dir))
        done = sum(r.status in (SweepRunStatus.DONE, SweepRunStatus.DIVERGED) for r in self.rows)
        self.summary.setText(self.tr("{done} of {n} run(s) settled · base {base} · {folder}", "",
                                     plural_n(len(self.rows))).format(
            done=format_number(done), n=format_number(len(self.rows)), base=self.sweep.base, folder=self.runs_dir))
        self._fill_table()
        self.redraw()

    def _fill_table(self) -> None:
        t = self.table
        t.setSortingEnabled(False)
        headers = [self.tr("run"), *self.keys, self.tr("seed"), self.tr("state"), self.tr("steps"),
                   *(self.metric_name(m) for m in METRICS)]
        t.setColumnCount(len(headers))
        t.setHorizontalHeaderLabels(headers)
        t.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            cells = [(row.name, None), *((value_text(row.values[k]), _sortable(row.values[k])) for k in self.keys),
                     (str(row.seed), row.seed), (self.status_text(row.status), None),
                     (f"{format_number(row.steps)} / {format_number(row.target)}", row.steps),
                     *((_loss(row.metrics[m]), row.metrics[m]) for m in METRICS)]
            for j, (text, key) in enumerate(cells):
                item = _Item(text, key)
                if j > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                t.setItem(i, j, item)
            t.item(i, 0).setToolTip(str(row.path))
        t.setSortingEnabled(True)
        t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)  # whole names

    def redraw(self) -> None:
        """The chosen metric against the chosen key."""
        self.plot.clear()
        self.legend.clear()
        self.series_items = []
        key, metric = self.key_combo.currentData(), self.metric_combo.currentData()
        if key is None or metric is None:
            return
        series = [s for s in metric_by_key(self.rows, self.keys, key, metric) if np.isfinite(s.mean).any()]
        self.plot.setTitle(None if series else self.tr("no run has logged this loss yet"))
        if not series:
            return
        xs = series[0].x
        self.x_labels = [value_text(v) for v in xs]
        self.plot.getAxis("bottom").setTicks([list(enumerate(self.x_labels))])
        self.plot.setLabel("bottom", key)
        self.plot.setLabel("left", self.metric_name(metric))
        x = np.arange(len(xs), dtype=np.float64)
        for i, s in enumerate(series):
            colour = RUN_PALETTE[i % len(RUN_PALETTE)]
            offset = (i - (len(series) - 1) / 2) * 0.06  # series side by side, not on top of one another
            for values in s.points.values():
                ok = np.isfinite(values)
                self.plot.addItem(pg.ScatterPlotItem(x[ok] + offset, values[ok], size=7, pen=None,
                                                     brush=pg.mkBrush(colour + "90")))
            ok = np.isfinite(s.mean)
            name = ", ".join(f"{k} = {value_text(v)}" for k, v in s.others.items()) or self.tr("mean ± std")
            line = self.plot.plot(x[ok] + offset, s.mean[ok], pen=pg.mkPen(colour, width=2), symbol="o",
                                  symbolSize=6, symbolBrush=colour, name=name)
            bars = pg.ErrorBarItem(x=x[ok] + offset, y=s.mean[ok], height=2 * s.std[ok], beam=0.08,
                                   pen=pg.mkPen(colour, width=1.5))
            self.plot.addItem(bars)
            self.series_items.append((line, bars))
        self.plot.setXRange(-0.5, len(xs) - 0.5, padding=0)
        shown = np.concatenate([np.concatenate([v[np.isfinite(v)] for v in s.points.values()]
                                               + [(s.mean + s.std)[np.isfinite(s.mean)],
                                                  (s.mean - s.std)[np.isfinite(s.mean)]]) for s in series])
        low, high = float(shown.min()), float(shown.max())
        span = (high - low) or max(abs(high), 1.0) * 0.01
        self.plot.setYRange(low - 0.05 * span, high + 0.25 * span * (1 + len(series) / 2), padding=0)  # room for the legend


def _loss(value: float) -> str:
    return "–" if not math.isfinite(value) else format_decimal(value, ".3f")


def _sortable(value) -> float | str:
    return float(value) if isinstance(value, (int, float)) else str(value)


class _Item(QTableWidgetItem):
    """A cell that sorts by its value (numbers as numbers, NaN last), not by its text."""

    def __init__(self, text: str, key) -> None:
        super().__init__(text)
        self.key = key

    def __lt__(self, other) -> bool:
        a, b = self.key, getattr(other, "key", None)
        if a is None or b is None or type(a) is not type(b):
            return super().__lt__(other)
        if isinstance(a, float) and (math.isnan(a) or math.isnan(b)):
            return not math.isnan(a) and math.isnan(b)
        return a < b
