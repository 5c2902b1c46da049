"""Terrain panel: the loss surface around the weights, the path on it, sharpness and basin width.

Draws the terrain results of a :class:`~andrea_desktop.core.viewmodels.run_model.RunModel`
(computed by :mod:`andrea_desktop.core.terrain` beside training, or by ``andrea-terrain``, and
fed into the model by its source, e.g. :class:`~andrea_desktop.gui.run.terrain_watch.TerrainWatch`);
it computes nothing, reads no file and redraws when the model says its terrain, events or
settings changed.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSlider,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ....core.anomaly import is_follow_up
from ....core.metrics import EventKind
from ....core.viewmodels.run_model import Aspect, RunModel
from ....core.viewmodels.terrain import TerrainResult, export_terrain_csv
from ...common.export import export_button
from ...common.i18n import (
    format_decimal,
    format_duration,
    format_number,
    format_spread,
    join_numbers,
    plural_n,
)
from ...common.theme import colour
from ...plots.lazy import LazyBuild
from ...plots.markers import MAX_MARKERS, kind_colour, kind_label, marker_label
from .plots import TerrainPlots, contour_levels

__all__ = ["QtTerrainPanel", "contour_levels", "MARKER_KINDS"]

log = logging.getLogger(__name__)

MARKER_KINDS = (EventKind.PIVOT, EventKind.ANOMALY, EventKind.LR_WARMUP_END, EventKind.CURRICULUM_WARMUP_END)
"""The event kinds marked on the over-steps plots (colours and labels: the one marker table,
:data:`~andrea_desktop.gui.plots.markers.MARKER_STYLE`)."""
MAX_PROBLEM_STEPS = 6
"""Steps whose unshown terrain file the panel names (and whose reasons its tooltip gives) at most."""
DRAWN_ASPECTS = frozenset({Aspect.TERRAIN, Aspect.TERRAIN_JOB, Aspect.EVENTS, Aspect.CONFIG})
"""The model's changes the panel redraws on."""


class QtTerrainPanel(TerrainPlots, LazyBuild, QWidget):
    """The terrain of one step (surface, trajectory plane, 1-D slices) and sharpness and basin
    width over all steps.

    Parameters
    ----------
    parent
        The Qt parent.
    lazy
        Build the plots only when :meth:`~andrea_desktop.gui.plots.lazy.LazyBuild.ensure_built`
        is called (the window: when the panel's dock is first shown); the results, the scrubber,
        the numbers line and the job's progress follow the model from the start.

    Signals
    -------
    compute_requested()
        The user pressed "Compute now": the window asks for a terrain job of the current weights
        (or the newest checkpoint of a run that is not training).
    cancel_requested()
        The user pressed Cancel beside the job's progress.

    Notes
    -----
    Plot items are created once and updated with ``setData`` / ``setImage`` with explicit
    levels. Hovering a heatmap reads the value of the nearest stored grid point, never an
    interpolated one.
    """

    compute_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.model: RunModel | None = None
        self.result: TerrainResult | None = None
        self.events: list[tuple[int, str]] = []
        """The ``(step, kind)`` of the markers drawn now."""
        self._marker_lines: list[tuple[pg.PlotItem, pg.InfiniteLine]] = []
        self._marker_payloads: list[tuple[int, str, dict]] = []
        self._drawn_steps: list[int] = []
        self._drawn_events = 0
        self._drawn_history: tuple | None = None
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

        # ---- the job under way: part, progress, time left, Cancel
        self.job_bar = QWidget()
        self.job_bar.setObjectName("terrainJob")
        jl = QHBoxLayout(self.job_bar)
        jl.setContentsMargins(0, 0, 0, 0)
        self.job_label = QLabel()
        self.job_progress = QProgressBar()
        self.job_progress.setRange(0, 100)
        self.job_progress.setMaximumWidth(160)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("terrainCancel")
        self.cancel_button.setToolTip(self.tr("Stop this terrain job; the parts already computed stay"))
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space keeps pausing training
        self.cancel_button.clicked.connect(self.cancel_requested.emit)
        jl.addWidget(self.job_label, 1)
        jl.addWidget(self.job_progress)
        jl.addWidget(self.cancel_button)
        self.job_bar.hide()

        # ---- the run's terrain files that are not shown, and why
        self.problems_label = QLabel()
        self.problems_label.setObjectName("terrainProblems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {colour('muted')}")
        self.problems_label.hide()

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
        # the plots keep MIN_PLOT_PX per row: a dock shorter than that scrolls instead of squashing them
        self.scroll = QScrollArea()
        self.scroll.setObjectName("terrainScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)  # it gets the plots (_build)
        cl.addWidget(self.scroll, 1)
        self.stack.addWidget(content)

        self.export = export_button(
            self, {"loss-terrain": self.when_built(lambda: self.view.ci)},
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
        layout.addWidget(self.job_bar)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.stack, 1)
        self._update_empty()
        self._start_building(lazy)

    def _build(self) -> None:
        """The plots (:class:`LazyBuild`), drawn from the results, the step shown and the
        model's events."""
        self._build_plots(pg.colormap.get("viridis"))
        self.scroll.setWidget(self.view)
        self.view.show()  # the panel may be on screen already
        # the 2/η note as the sharpness plot's tooltip: three lines of the panel's height are worth more
        self.view.setToolTip(self.note.text())
        self._reset_plots()
        self._draw_markers()
        self.refresh()

    # ------------------------------------------------------------------ the model
    def set_model(self, model: RunModel | None) -> None:
        """Draw ``model`` (None: no run) from now on: the previous model is let go, and nothing
        of its run stays on screen (results, sources, scales, markers, hover text)."""
        if self.model is not None:
            self.model.changed.disconnect(self._on_changed)
        self.model = model
        if model is not None:
            model.changed.connect(self._on_changed)
        self.result = None
        self._drawn_steps = []
        if self.is_built:
            self._reset_plots()
            self.hover_label.setText(" ")
        self._update_sources(None)
        self._update_job()
        self._clear_markers()
        self._drawn_history = None
        self._draw_markers()
        self._update_scrubber(select_last=True)

    def _on_changed(self, aspects: frozenset) -> None:
        if Aspect.EVENTS in aspects:
            self._draw_markers()
        if Aspect.TERRAIN_JOB in aspects:
            self._update_job()
        if Aspect.TERRAIN in aspects:
            self._update_scrubber(select_last=self._at_end())
        elif Aspect.CONFIG in aspects:
            self._update_empty()

    @property
    def results(self) -> dict[int, TerrainResult]:
        """The model's terrain results by step (empty without a model)."""
        return self.model.terrain if self.model is not None else {}

    @property
    def interval(self) -> int | None:
        """The run's steps between automatic terrain jobs (0: none; None: unknown)."""
        return self.model.terrain_interval if self.model is not None else None

    def _draw_markers(self) -> None:
        """The model's events of :data:`MARKER_KINDS` as dashed lines on the over-steps plots
        (the newest :data:`~andrea_desktop.gui.plots.markers.MAX_MARKERS`), one legend row per
        kind; only the events added since the last call are drawn (all again for a new model, and
        all when the plots are built)."""
        if not self.is_built:
            return
        history = self.model.history if self.model is not None else None
        events = history.events if history is not None else []
        key = (id(history), history.generation if history is not None else None)
        if key != self._drawn_history or len(events) < self._drawn_events:  # another run, or read again
            self._clear_markers()
            self._drawn_history = key
        new = []
        for e in events[self._drawn_events:]:
            kind = str(e[1])
            if kind not in MARKER_KINDS or len(e) > 2 and is_follow_up(e[2]):  # an anomaly episode: once
                continue
            try:
                step = int(e[0])
            except (TypeError, ValueError, OverflowError):  # a damaged row's step
                continue
            new.append((step, kind, e[2] if len(e) > 2 else {}))
        self._drawn_events = len(events)
        if not new:
            return
        if len(self.events) + len(new) > MAX_MARKERS:
            kept = (self._marker_payloads + new)[-MAX_MARKERS:]
            self._clear_markers()
            self._drawn_events = len(events)
            new = kept
        kinds_before = {k for _s, k in self.events}
        for step, kind, payload in new:
            color = kind_colour(kind)
            tip = self.tr("{kind} at step {step}").format(kind=marker_label(kind, payload), step=format_number(step))
            for plot in (self.sharp_plot, self.trace_plot, self.basin_plot):
                line = pg.InfiniteLine(pos=step, angle=90, movable=False,
                                       pen=pg.mkPen(color, style=Qt.PenStyle.DashLine))
                line.setToolTip(tip)
                plot.addItem(line, ignoreBounds=True)
                self._marker_lines.append((plot, line))
            self.events.append((step, kind))
            self._marker_payloads.append((step, kind, payload))
        for kind in dict.fromkeys(k for _s, k in self.events):  # one legend row per kind present
            if kind not in kinds_before:
                self._marker_legend.addItem(
                    pg.PlotDataItem(pen=pg.mkPen(kind_colour(kind), style=Qt.PenStyle.DashLine)), kind_label(kind))

    def _clear_markers(self) -> None:
        for plot, line in self._marker_lines:
            plot.removeItem(line)
        self._marker_lines.clear()
        if self.is_built:
            self._marker_legend.clear()
        self.events = []
        self._marker_payloads = []
        self._drawn_events = 0

    def _update_job(self) -> None:
        """The job under way (the model's ``terrain_job``): its part, progress and time left."""
        status = self.model.terrain_job if self.model is not None else None
        self.job_bar.setVisible(status is not None)
        if status is None:
            return
        part = {1: self.tr("λ_max and basin width"), 2: self.tr("a coarse surface"),
                3: self.tr("the full surface, the path and the trace")}.get(status.part, "")
        if status.eta_s is None:
            text = self.tr("Terrain of step {step}, part {part} of 3 ({what}): {percent} %, started {elapsed} ago")
        else:
            text = self.tr("Terrain of step {step}, part {part} of 3 ({what}): {percent} %, about {eta} left")
        self.job_label.setText(text.format(
            step=format_number(status.step), part=status.part, what=part, percent=int(100 * status.fraction),
            elapsed=format_duration(status.elapsed_s), eta=format_duration(status.eta_s or 0.0)))
        self.job_progress.setValue(int(100 * status.fraction))

    def set_busy(self, busy: bool) -> None:
        """Disable "Compute now" while a job runs (the window knows)."""
        self.compute_button.setEnabled(not busy)
        self.compute_button.setText(self.tr("Computing…") if busy else self.tr("Compute now"))

    @property
    def steps(self) -> list[int]:
        """Steps with a result, ascending."""
        return sorted(self.results)

    def _at_end(self) -> bool:
        """The panel shows the newest result it drew (or none): a new one is shown at once."""
        return self.result is None or self.result.step == max(self._drawn_steps, default=-1)

    def _update_scrubber(self, select_last: bool) -> None:
        steps = self.steps
        n = len(steps)
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, max(n - 1, 0))
        self.scrubber.setEnabled(n > 1)
        if select_last and n:
            self.scrubber.setValue(n - 1)
        shown = self.result.step if self.result is not None else None
        if not select_last and shown in self.results:  # older results added or dropped: keep it
            self.scrubber.setValue(steps.index(shown))
        self.scrubber.blockSignals(False)
        self.result = self.results[steps[self.scrubber.value()]] if n else None
        self._drawn_steps = steps
        if self.result is None and self.is_built:
            self._reset_plots()
        self._update_empty()
        self.refresh()

    def _on_scrub(self, value: int) -> None:
        steps = self.steps
        if 0 <= value < len(steps):
            self.result = self.results[steps[value]]
            self.refresh()

    def _update_problems(self) -> None:
        """The model's terrain files that are not shown (damaged, or too large), the first reason
        in the line and every reason in its tooltip."""
        problems = self.model.terrain_problems if self.model is not None else {}
        self.problems_label.setVisible(bool(problems))
        if not problems:
            return
        shown = list(problems)[:MAX_PROBLEM_STEPS]
        steps = join_numbers(format_number(s) for s in shown) + ("…" if len(problems) > len(shown) else "")
        self.problems_label.setText(self.tr(
            "The terrain of step(s) {steps} is not shown: {reason}", "", plural_n(len(problems))).format(
            steps=steps, reason=next(iter(problems.values()))))
        self.problems_label.setToolTip("\n".join(list(problems.values())[:MAX_PROBLEM_STEPS]))

    def _update_empty(self) -> None:
        self._update_problems()
        if self.results:
            self.stack.setCurrentIndex(1)
            return
        if self.interval is None:
            when = self.tr("computed every terrain.interval steps while training")
        elif self.interval > 0:
            when = self.tr("computed every {n} step(s) while training", "", plural_n(self.interval)).format(
                n=format_number(self.interval))
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
        """Redraw everything from the results held (the plots once they are built)."""
        if self.is_built:
            self._update_steps_plots()
        r = self.result
        if r is None:
            return
        self.step_label.setText(self.tr("step {step} ({n} result(s))", "", len(self.results)).format(
            step=format_number(r.step), n=format_number(len(self.results))))
        eig = join_numbers(format_decimal(v, ".4g") for v in r.eigenvalues)
        self.info.setText(self.info_text(r, eig))
        self.info.setToolTip(self.tr(
            "Loss in nats/token on the held-out rows. Curvatures in nats/token per squared weight unit: λ_max "
            "the steepest direction; random directions: 2·rise/(ρ²‖d‖²) from the basin rise at radius ρ, about "
            "tr(H)/n (the mean eigenvalue), never above λ_max."))
        self._update_sources(r)
        if not self.is_built:
            return
        self._update_surface(r)
        self._update_plane(r)
        self._update_slices(r)
        for line in self._now_lines:
            line.setValue(r.step)
            line.setVisible(True)

    def info_text(self, r: TerrainResult, eig: str) -> str:
        """The numbers of result ``r``: the loss, λ_max against 2/η, the curvature the basin rise
        implies along random directions (comparable with λ_max), the trace, and which part of
        the job they are."""
        parts = []
        parts.append(self.tr("step {step} · loss {loss} on {rows} row(s) · λ_max {eig} (2/η {eos})",
                             "", plural_n(r.n_rows)).format(
            step=format_number(r.step), loss=format_decimal(r.centre_loss, ".4f"), rows=format_number(r.n_rows),
            eig=eig, eos=format_decimal(r.gd_threshold, ".4g")))
        if math.isfinite(r.basin_curvature_mean):
            parts.append(self.tr("random directions {curv} (basin rise {mean} at ρ {radius})").format(
                mean=format_decimal(r.basin_mean, ".3g"), radius=format_decimal(r.basin_radius, "g"),
                curv=format_decimal(r.basin_curvature_mean, ".3g")))
        else:  # a file from before the directions' lengths were stored
            parts.append(self.tr("basin rise at ρ = {radius}: mean {mean}, max {max}").format(
                radius=format_decimal(r.basin_radius, "g"), mean=format_decimal(r.basin_mean, ".4g"),
                max=format_decimal(r.basin_max, ".4g")))
        if r.trace_samples > 0:
            parts.append(self.tr("tr(H) {trace} ± {stderr} (mean {mean})").format(
                trace=format_decimal(r.trace, ".4g"), stderr=format_spread(r.trace_stderr, ".2g"),
                mean=format_decimal(r.mean_curvature, ".3g")))
        if not r.complete:
            parts.append(self.tr("part {part} of 3").format(part=r.part))
        return " · ".join(parts)

    def _update_sources(self, r: TerrainResult | None) -> None:
        names = [str(n) for n in r.sources] if r is not None else []
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
        as CSV (:func:`~andrea_desktop.core.viewmodels.terrain.export_terrain_csv`)."""
        step = self.result.step if self.result is not None else None
        return export_terrain_csv(self.results, path, table, step=step)

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
