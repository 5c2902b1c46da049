"""Terrain panel: the loss surface around the weights, the path on it, sharpness and basin width.

Draws :class:`~andrea_desktop.core.rundir.terrain.TerrainResult` objects (computed by
:mod:`andrea_desktop.core.terrain` beside training, or by ``andrea-terrain``); it computes
nothing itself.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QFileSystemWatcher, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSlider,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.rundir.layout import TERRAIN_DIR
from ...core.rundir.terrain import (
    TerrainFileError,
    TerrainResult,
    export_csv,
    list_steps,
    read_result,
    terrain_path,
)
from ..qt_export import export_button
from ..qt_i18n import format_number
from ..qt_markers import MARKER_STYLE, kind_label
from ..qt_terrain_plots import TerrainPlots, contour_levels
from ..qt_theme import colour

__all__ = ["QtTerrainPanel", "contour_levels"]

log = logging.getLogger(__name__)

POLL_INTERVAL_S = 1.0
"""A live or followed run's snapshots look for new terrain files at most this often (seconds)."""
MARKER_KINDS = ("pivot", "anomaly", "lr_warmup_end", "curriculum_warmup_end")


class QtTerrainPanel(TerrainPlots, QWidget):
    """The terrain of one step (surface, trajectory plane, 1-D slices) and sharpness and basin
    width over all steps.

    Signals
    -------
    compute_requested()
        The user pressed "Compute now": the window asks for a terrain job of the current weights
        (or the newest checkpoint of a run that is not training).

    Notes
    -----
    Plot items are created once and updated with ``setData`` / ``setImage`` with explicit
    levels. Hovering a heatmap reads the value of the nearest stored grid point, never an
    interpolated one.
    """

    compute_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: dict[int, TerrainResult] = {}
        self.result: TerrainResult | None = None
        self.run_dir: Path | None = None
        self.interval: int | None = None
        self.events: list[tuple[int, str]] = []
        self._marker_lines: list[tuple[pg.PlotItem, pg.InfiniteLine]] = []
        self._unreadable: set[int] = set()
        self._polled = 0.0
        # results that land while nothing else moves (a paused run's job): the folder is watched
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(lambda _path: self.poll(force=True))
        cmap = pg.colormap.get("viridis")
        self._path_cmap = pg.colormap.get("plasma")

        # ---- top bar
        self.scrubber = QSlider(Qt.Orientation.Horizontal)
        self.scrubber.setObjectName("terrainScrubber")
        self.scrubber.setEnabled(False)
        self.scrubber.valueChanged.connect(self._on_scrub)
        self.step_label = QLabel(self.tr("no terrain yet"))
        self.source_combo = QComboBox()
        self.source_combo.setObjectName("terrainSource")
        self.source_combo.setToolTip(self.tr("The surface and slices on the held-out rows of every source, or of one"))
        self.source_combo.addItem(self.tr("all sources"), None)
        self.source_combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self.compute_button = QPushButton(self.tr("Compute now"))
        self.compute_button.setObjectName("terrainCompute")
        self.compute_button.setToolTip(self.tr("Compute the terrain of the current weights (or of the newest checkpoint)"))
        self.compute_button.clicked.connect(self.compute_requested.emit)
        self.info = QLabel(" ")
        self.info.setObjectName("terrainInfo")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel(self.tr(
            "Dashed: 2/η, the edge of stability of plain gradient descent (Cohen et al., 2021). "
            "AdamW's threshold differs: it bounds the preconditioned sharpness (≈ 38/η for β1 = 0.9, "
            "Cohen et al., 2022), so λ_max can sit far below this line."))
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color: {colour('muted')}")
        self.hover_label = QLabel(" ")
        self.hover_label.setObjectName("terrainHover")

        self._build_plots(cmap)

        # ---- empty state
        self.empty_label = QLabel()
        self.empty_label.setObjectName("terrainEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        content = QWidget()
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(self.info)
        cl.addWidget(self.view, 1)
        cl.addWidget(self.note)
        cl.addWidget(self.hover_label)
        self.stack.addWidget(content)

        self.export = export_button(
            self, {"loss-terrain": self.view.ci},
            {self.tr("Surface as CSV…"): lambda: self._ask_export_csv("surface"),
             self.tr("Trajectory as CSV…"): lambda: self._ask_export_csv("trajectory"),
             self.tr("Sharpness and basin width over steps as CSV…"): lambda: self._ask_export_csv("over_steps")})
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Terrain step")))
        top.addWidget(self.scrubber, 1)
        top.addWidget(self.step_label)
        top.addWidget(self.source_combo)
        top.addWidget(self.compute_button)
        top.addWidget(self.export)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.stack, 1)
        self._update_empty()

    # ------------------------------------------------------------------ data
    def clear(self) -> None:
        """Forget every result and marker (a new run)."""
        self.results.clear()
        self.result = None
        self.run_dir = None
        self._unreadable.clear()
        if self._watcher.directories():
            self._watcher.removePaths(self._watcher.directories())
        self.set_markers([])
        self.surface.clear()
        self.plane.clear()
        for item in (self.slice_d1, self.slice_d2, self.lambda_curve, self.eos_curve, self.trace_curve,
                     self.basin_mean_curve, self.basin_max_curve, self.path_line):
            item.setData([], [])
        self.path_points.setData([], [])
        self.trace_err.setData(x=np.zeros(0), y=np.zeros(0), height=np.zeros(0))
        self._update_scrubber(select_last=True)

    def set_interval(self, interval: int | None) -> None:
        """The run's ``terrain.interval`` (for the empty state's message; 0: jobs are off)."""
        self.interval = interval
        self._update_empty()

    def load_run(self, run_dir: str | Path) -> None:
        """Show the terrain files of ``run_dir`` (``terrain/<step>.npz``) and read its
        ``terrain.interval``. Calling it again on the same run adds the files that appeared
        since (a followed run); unreadable files are skipped with a log message."""
        run_dir = Path(run_dir)
        if self.run_dir is None or run_dir.resolve() != self.run_dir.resolve():
            self.clear()
            self.run_dir = run_dir
            self.interval = None
            try:
                from ...core.config import ConfigError, load_config
                from ...core.rundir.layout import CONFIG

                self.interval = load_config(run_dir / CONFIG).terrain.interval
            except (ConfigError, OSError):
                pass
        self._unreadable.clear()
        if not self.poll(force=True):
            self._update_scrubber(select_last=self._at_end())

    def poll(self, force: bool = False, min_interval_s: float = POLL_INTERVAL_S) -> bool:
        """Add the run's terrain files written since the last look (the automatic
        ``terrain.interval`` jobs of a live or followed run); at most every ``min_interval_s``
        unless ``force``. A listing of ``terrain/`` and a read of each new file only; returns
        whether a result was added. The folder is watched (the run folder until it exists), so
        a result that lands while nothing else moves (a paused or finished run) shows too."""
        if self.run_dir is None:
            return False
        now = time.monotonic()
        if not force and now - self._polled < min_interval_s:
            return False
        self._polled = now
        self._watch()
        new = [s for s in list_steps(self.run_dir) if s not in self.results and s not in self._unreadable]
        added = []
        for step in new:
            try:
                added.append(read_result(terrain_path(self.run_dir, step)))
            except (TerrainFileError, OSError) as exc:  # damaged, or pruned meanwhile
                log.warning("skipping terrain file: %s", exc)
                self._unreadable.add(step)
        if added:
            at_end = self._at_end()
            for r in added:
                self.results[int(r.step)] = r
            self._update_scrubber(select_last=at_end)
        return bool(added)

    def _watch(self) -> None:
        """Watch ``terrain/`` once it exists, and the run folder until then (for its creation)."""
        folder, watched = self.run_dir / TERRAIN_DIR, self._watcher.directories()
        if folder.is_dir():
            if str(folder) not in watched:
                self._watcher.addPath(str(folder))
            if str(self.run_dir) in watched:
                self._watcher.removePath(str(self.run_dir))
        elif str(self.run_dir) not in watched and self.run_dir.is_dir():
            self._watcher.addPath(str(self.run_dir))

    def add_result(self, result: TerrainResult) -> None:
        """A new result (from the terrain worker, via the window): remembered and shown when the
        panel was showing the newest one."""
        at_end = self._at_end()
        self.results[int(result.step)] = result
        self._update_scrubber(select_last=at_end)

    def set_markers(self, events: Iterable[tuple]) -> None:
        """Mark events on the over-steps plots: ``(step, kind, ...)`` tuples (the store's
        ``events()`` rows, or the history's); kinds pivot, anomaly, lr_warmup_end and
        curriculum_warmup_end are drawn, others ignored."""
        for plot, line in self._marker_lines:
            plot.removeItem(line)
        self._marker_lines.clear()
        self._marker_legend.clear()
        self.events = [(int(e[0]), str(e[1])) for e in events if str(e[1]) in MARKER_KINDS]
        kind_names = {"pivot": self.tr("pivot"), "anomaly": self.tr("anomaly"),
                      "lr_warmup_end": self.tr("lr warmup end"), "curriculum_warmup_end": self.tr("curriculum warmup end")}
        for step, kind in self.events:
            color, _label = MARKER_STYLE.get(kind, ("#888888", kind))
            for plot in (self.sharp_plot, self.trace_plot, self.basin_plot):
                line = pg.InfiniteLine(pos=step, angle=90, movable=False,
                                       pen=pg.mkPen(color, style=Qt.PenStyle.DashLine))
                line.setToolTip(self.tr("{kind} at step {step}").format(
                    kind=kind_names.get(kind, kind.replace("_", " ")), step=format_number(step)))
                plot.addItem(line, ignoreBounds=True)
                self._marker_lines.append((plot, line))
        for kind in dict.fromkeys(k for _, k in self.events):  # one legend row per kind present
            color = MARKER_STYLE.get(kind, ("#888888", kind))[0]
            self._marker_legend.addItem(pg.PlotDataItem(pen=pg.mkPen(color, style=Qt.PenStyle.DashLine)),
                                        kind_label(kind))

    def set_busy(self, busy: bool) -> None:
        """Disable "Compute now" while a job runs (the window knows)."""
        self.compute_button.setEnabled(not busy)
        self.compute_button.setText(self.tr("Computing…") if busy else self.tr("Compute now"))

    @property
    def steps(self) -> list[int]:
        """Steps with a result, ascending."""
        return sorted(self.results)

    def _at_end(self) -> bool:
        return self.result is None or self.result.step == max(self.results, default=-1)

    def _update_scrubber(self, select_last: bool) -> None:
        steps = self.steps
        n = len(steps)
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, max(n - 1, 0))
        self.scrubber.setEnabled(n > 1)
        if select_last and n:
            self.scrubber.setValue(n - 1)
        self.scrubber.blockSignals(False)
        self.result = self.results[steps[self.scrubber.value()]] if n else None
        self._update_empty()
        self.refresh()

    def _on_scrub(self, value: int) -> None:
        steps = self.steps
        if 0 <= value < len(steps):
            self.result = self.results[steps[value]]
            self.refresh()

    def _update_empty(self) -> None:
        if self.results:
            self.stack.setCurrentIndex(1)
            return
        if self.interval is None:
            when = self.tr("computed every terrain.interval steps while training")
        elif self.interval > 0:
            when = self.tr("computed every {n} steps while training").format(n=format_number(self.interval))
        else:
            when = self.tr("terrain jobs are off for this run (terrain.interval = 0, or on_cpu = false on a CPU)")
        self.empty_label.setText(self.tr(
            "No terrain yet: {when}, or press Compute now.\n\nFor a finished run: "
            "andrea-terrain RUN_DIR --all computes it for every checkpoint.").format(when=when))
        self.step_label.setText(self.tr("no terrain yet"))
        self.info.setText(" ")
        self.stack.setCurrentIndex(0)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw everything from the results held."""
        self._update_steps_plots()
        r = self.result
        if r is None:
            return
        self.step_label.setText(self.tr("step {step} ({n} results)").format(step=format_number(r.step), n=len(self.results)))
        eig = ", ".join(f"{v:.4g}" for v in r.eigenvalues)
        self.info.setText(self.tr(
            "step {step} · loss {loss} nats/token on {rows} held-out rows · λ_max {eig} (2/η = {eos}) · "
            "tr(H) {trace} ± {stderr} · basin rise at ρ = {radius}: mean {mean}, max {max}").format(
            step=format_number(r.step), loss=f"{r.centre_loss:.4f}", rows=r.n_rows, eig=eig, eos=f"{r.gd_threshold:.4g}",
            trace=f"{r.trace:.4g}", stderr=f"{r.trace_stderr:.2g}", radius=f"{r.basin_radius:g}",
            mean=f"{r.basin_mean:.4g}", max=f"{r.basin_max:.4g}"))
        self._update_sources(r)
        self._update_surface(r)
        self._update_plane(r)
        self._update_slices(r)
        for line in self._now_lines:
            line.setValue(r.step)
            line.setVisible(True)

    def _update_sources(self, r: TerrainResult) -> None:
        names = [str(n) for n in r.sources]
        if [self.source_combo.itemData(i) for i in range(1, self.source_combo.count())] != names:
            current = self.source_combo.currentData()
            self.source_combo.blockSignals(True)
            self.source_combo.clear()
            self.source_combo.addItem(self.tr("all sources"), None)
            for n in names:
                self.source_combo.addItem(n, n)
            self.source_combo.setCurrentIndex(max(0, self.source_combo.findData(current)))
            self.source_combo.blockSignals(False)


    # ------------------------------------------------------------------ export
    def export_csv(self, path: str | Path, table: str) -> Path:
        """Write ``table`` (``surface`` or ``trajectory`` of the shown step, or ``over_steps``)
        as CSV (:func:`~andrea_desktop.core.rundir.terrain.export_csv`)."""
        step = self.result.step if self.result is not None else None
        return export_csv(list(self.results.values()), path, table, step=step)

    def _ask_export_csv(self, table: str) -> None:
        if not self.results:
            QMessageBox.information(self, self.tr("Export"), self.tr("There is no terrain to export yet."))
            return
        name = f"terrain-{table}" + (f"-{self.result.step}" if table != "over_steps" and self.result else "")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export terrain table"), f"{name}.csv",
                                              self.tr("CSV table (*.csv)"))
        if not path:
            return
        try:
            self.export_csv(path, table)
        except (OSError, ValueError) as exc:
            log.warning("export failed: %s", exc)
            QMessageBox.warning(self, self.tr("Export failed"),
                                self.tr("{error}\n\nChoose another folder or file name.").format(error=exc))
