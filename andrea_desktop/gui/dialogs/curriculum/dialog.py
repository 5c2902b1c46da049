"""Curriculum dialog: edit floors, caps, exclusions, warmup sources and the walk's parameters;
validate as the user types; preview the new reachable region; Apply pivots the running training."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from superqt import QDoubleRangeSlider

from ....core.mixture.curriculum import (
    Pivot,
    adapt_preset,
    list_curriculum_presets,
    load_curriculum_preset,
    walk_param_problems,
)
from ....core.mixture.simplex import (
    ConstraintError,
    Constraints,
    enumerate_vertices,
    polygon_layout,
    region_outline,
)
from ....core.mixture.walk import WALK_PARAMS, WalkParams
from ...common.i18n import format_number
from ...common.theme import colour
from ...plots.simplex import cosmetic_pen, polygon_item, simplex_plot, vertex_labels

__all__ = ["QtCurriculumDialog"]

PREVIEW_MAX_FREE = 12  # vertex enumeration for the preview stays well under a frame


class _SourceRow:
    """One source's widgets: floor spin, floor-cap range slider, cap spin, excluded, warmup."""

    def __init__(self, name: str, changed) -> None:
        self.name = name
        self.label = QLabel(name)
        self.floor = QDoubleSpinBox()
        self.cap = QDoubleSpinBox()
        for spin in (self.floor, self.cap):
            spin.setRange(0.0, 1.0)
            spin.setDecimals(3)
            spin.setSingleStep(0.01)
            spin.setKeyboardTracking(True)
        self.floor.setToolTip(QCoreApplication.translate("QtCurriculumDialog", "floor: minimum weight of {source}")
                              .replace("{source}", name))
        self.cap.setToolTip(QCoreApplication.translate("QtCurriculumDialog", "cap: maximum weight of {source}")
                            .replace("{source}", name))
        self.slider = QDoubleRangeSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0.0, 1.0)
        self.slider.setValue((0.0, 1.0))
        self.slider.setMinimumWidth(160)
        self.excluded = QCheckBox(QCoreApplication.translate("QtCurriculumDialog", "excluded"))
        self.warmup = QCheckBox(QCoreApplication.translate("QtCurriculumDialog", "warmup"))
        self.warmup.setToolTip(QCoreApplication.translate("QtCurriculumDialog", "active during the curriculum warmup"))
        self._changed = changed
        self.floor.valueChanged.connect(self._on_spin)
        self.cap.valueChanged.connect(self._on_spin)
        self.slider.valueChanged.connect(self._on_slider)
        self.excluded.toggled.connect(self._on_excluded)
        self.warmup.toggled.connect(lambda _on: changed())

    def set(self, floor: float, cap: float, excluded: bool, warmup: bool) -> None:
        for w in (self.floor, self.cap, self.slider, self.excluded, self.warmup):
            w.blockSignals(True)
        self.floor.setValue(floor)
        self.cap.setValue(cap)
        self.slider.setValue((floor, max(floor, cap)))
        self.excluded.setChecked(excluded)
        self.warmup.setChecked(warmup)
        for w in (self.floor, self.cap, self.slider, self.excluded, self.warmup):
            w.blockSignals(False)
        self._on_excluded(excluded, notify=False)

    def _on_spin(self, _v: float) -> None:
        self.slider.blockSignals(True)
        lo, hi = self.floor.value(), self.cap.value()
        self.slider.setValue((min(lo, hi), max(lo, hi)))
        self.slider.blockSignals(False)
        self._changed()

    def _on_slider(self, value) -> None:
        lo, hi = value
        for spin, v in ((self.floor, lo), (self.cap, hi)):
            spin.blockSignals(True)
            spin.setValue(round(float(v), 3))
            spin.blockSignals(False)
        self._changed()

    def _on_excluded(self, on: bool, notify: bool = True) -> None:
        for w in (self.floor, self.cap, self.slider):
            w.setEnabled(not on)
        if notify:
            self._changed()


class QtCurriculumDialog(QDialog):
    """Edit the curriculum of a running training (Ctrl+E).

    Parameters
    ----------
    names
        The run's sources.
    constraints
        Constraints in force (:meth:`Constraints.to_dict` form).
    params
        Walk parameters in force (phase_min, phase_max, random_share, exploration, step_size,
        warmup_steps).
    weights
        (n,) current weights (drawn in the preview), or None.
    in_warmup
        Whether the curriculum warmup is on now (a note says so); False once it is over: the
        warmup settings no longer matter, so they are not edited or checked; None: unknown
        (edited and checked). :meth:`set_live` keeps both up to date while the dialog is open.

    Signals
    -------
    pivot_requested(object)
        A :class:`~andrea_desktop.core.mixture.curriculum.Pivot`, emitted by Apply.
    """

    pivot_requested = Signal(object)

    def __init__(self, names, constraints: dict, params: dict, weights=None, parent=None,
                 in_warmup: bool | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curriculumDialog")
        self.setWindowTitle(self.tr("Curriculum"))
        self.names = tuple(names)
        self.current = Constraints.from_dict(self.names, constraints)
        self.params0 = dict(params)
        self.weights = None if weights is None else np.asarray(weights, dtype=float)
        self.layout_xy = polygon_layout(len(self.names))
        self.candidate: Constraints | None = None
        self._preview_items: list = []
        self.in_warmup = in_warmup
        self.star: pg.ScatterPlotItem | None = None
        self.warmup_note = QLabel("")
        self.warmup_note.setObjectName("warmupNote")
        self.warmup_note.setWordWrap(True)
        self.warmup_note.hide()

        # ---- presets
        self.preset_combo = QComboBox()
        self.preset_combo.addItem(self.tr("Load a preset…"), None)
        for key in list_curriculum_presets():
            self.preset_combo.addItem(load_curriculum_preset(key).name, key)
        self.preset_combo.activated.connect(self._on_preset_chosen)
        self.preset_note = QLabel("")
        self.preset_note.setObjectName("presetNote")
        self.preset_note.setWordWrap(True)

        # ---- per-source rows
        grid = QGridLayout()
        for col, title in enumerate([self.tr("source"), self.tr("floor"), self.tr("floor ↔ cap"), self.tr("cap"),
                                     "", ""]):
            grid.addWidget(QLabel(f"<b>{title}</b>"), 0, col)
        self.rows: list[_SourceRow] = []
        for i, name in enumerate(self.names):
            row = _SourceRow(name, self._validate)
            grid.addWidget(row.label, i + 1, 0)
            grid.addWidget(row.floor, i + 1, 1)
            grid.addWidget(row.slider, i + 1, 2)
            grid.addWidget(row.cap, i + 1, 3)
            grid.addWidget(row.excluded, i + 1, 4)
            grid.addWidget(row.warmup, i + 1, 5)
            self.rows.append(row)
        rows_widget = QWidget()
        rows_widget.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(rows_widget)
        scroll.setMinimumHeight(min(60 + 34 * len(self.names), 360))
        scroll.setMinimumWidth(rows_widget.sizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
                               + 2 * scroll.frameWidth())  # every column shown, no sideways scrolling

        # ---- walk parameters
        self.warmup_steps = QSpinBox()
        self.warmup_steps.setRange(0, 10**9)
        self.phase_min, self.phase_max = QSpinBox(), QSpinBox()
        for sb in (self.phase_min, self.phase_max):
            sb.setRange(1, 10**6)
        self.random_share = QDoubleSpinBox()
        self.random_share.setRange(0.0, 1.0)
        self.random_share.setSingleStep(0.05)
        self.exploration = QDoubleSpinBox()
        self.exploration.setRange(0.0, 100.0)
        self.exploration.setSingleStep(0.1)
        self.step_size = QDoubleSpinBox()
        self.step_size.setRange(0.01, 1.0)
        self.step_size.setSingleStep(0.05)
        self.keep_stats = QCheckBox(self.tr("keep the bandit's statistics"))
        self.keep_stats.setChecked(True)
        self.restart = QComboBox()
        self.restart.addItem(self.tr("the current weights, projected into the new region"), "project")
        self.restart.addItem(self.tr("the centre of the new region"), "centre")
        form = QFormLayout()
        form.addRow(self.tr("Curriculum warmup steps"), self.warmup_steps)
        phase = QHBoxLayout()
        phase.addWidget(self.phase_min)
        phase.addWidget(QLabel(self.tr("to")))
        phase.addWidget(self.phase_max)
        phase.addWidget(QLabel(self.tr("steps")))
        form.addRow(self.tr("Phase length"), phase)
        form.addRow(self.tr("Share of random phases"), self.random_share)
        form.addRow(self.tr("UCB exploration c"), self.exploration)
        form.addRow(self.tr("Bandit step γ"), self.step_size)
        form.addRow(self.tr("Restart the walk from"), self.restart)
        form.addRow("", self.keep_stats)
        for w in (self.warmup_steps, self.phase_min, self.phase_max, self.random_share, self.exploration,
                  self.step_size):
            w.valueChanged.connect(self._validate)
        params_box = QGroupBox(self.tr("Walk"))
        params_box.setLayout(form)

        # ---- preview and validation
        self.preview = simplex_plot("regionPreview")
        self.preview.setMinimumSize(260, 240)
        if len(self.names) >= 2:
            ring = np.vstack([self.layout_xy, self.layout_xy[:1]])
            self.preview.plot(ring[:, 0], ring[:, 1], pen=pg.mkPen((90, 90, 90)))
            vertex_labels(self.preview, self.names, self.layout_xy)  # whole names, none cut at an edge
        self._draw_region(self.current, current=True)
        self._draw_star()
        self.status = QLabel("")
        self.status.setObjectName("validationLabel")
        self.status.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = QPushButton(self.tr("Apply (pivot)"))
        self.apply_button.setDefault(True)
        self.buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._on_apply)
        self.buttons.rejected.connect(self.reject)

        self.preview_title = QLabel(self.tr("<b>Reachable region</b> (grey: now, blue: new)"))
        self.preview_title.setObjectName("previewTitle")
        self.preview_title.setWordWrap(True)  # the preview may be narrower than the line
        right = QVBoxLayout()
        right.addWidget(self.preview_title)
        right.addWidget(self.preview, 1)
        right.addWidget(self.status)
        left = QVBoxLayout()
        top = QHBoxLayout()
        top.addWidget(self.preset_combo)
        top.addStretch(1)
        left.addLayout(top)
        left.addWidget(self.preset_note)
        left.addWidget(scroll, 1)
        left.addWidget(self.warmup_note)
        left.addWidget(params_box)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(right, 2)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.buttons)

        self.set_values(constraints, params)
        self._show_warmup()

    # ------------------------------------------------------------------ the run now
    def set_live(self, weights, in_warmup: bool | None) -> None:
        """The run moved on: the star shows ``weights`` (n,) (None: none known), and the
        warmup note and settings follow ``in_warmup``."""
        self.weights = None if weights is None else np.asarray(weights, dtype=float)
        self._draw_star()
        if in_warmup != self.in_warmup:
            self.in_warmup = in_warmup
            self._show_warmup()
            self._validate()

    def _draw_star(self) -> None:
        w = self.weights
        if w is None or len(self.names) < 2 or w.shape != (len(self.names),) or not np.isfinite(w).all():
            if self.star is not None:
                self.star.hide()
            return
        p = w @ self.layout_xy
        if self.star is None:
            self.star = pg.ScatterPlotItem(symbol="star", size=13, brush=pg.mkBrush("#D62728"))
            self.star.setToolTip(self.tr("the mixture now"))
            self.preview.addItem(self.star)
        self.star.setData([p[0]], [p[1]])
        self.star.show()

    def _show_warmup(self) -> None:
        over = self.in_warmup is False
        for row in self.rows:
            row.warmup.setEnabled(not over)
            row.warmup.setToolTip(self.tr("the curriculum warmup is over: its sources no longer matter") if over
                                  else self.tr("active during the curriculum warmup"))
        self.warmup_steps.setEnabled(not over)
        self.warmup_note.setVisible(bool(self.in_warmup))
        if self.in_warmup:
            self.warmup_note.setText(self.tr("The curriculum warmup is on: only the ticked warmup sources are "
                                             "sampled, up to step {step}.").replace(
                "{step}", format_number(self.warmup_steps.value())))

    # ------------------------------------------------------------------ values
    def set_values(self, constraints: dict, params: dict) -> None:
        """Show ``constraints`` (dict form, missing sources free) and ``params``."""
        floors, caps = constraints.get("floors", {}), constraints.get("caps", {})
        excluded = set(constraints.get("excluded", ()))
        warm = set(constraints.get("warmup_sources", ()) or self.names)
        for row in self.rows:
            row.set(floors.get(row.name, 0.0), caps.get(row.name, 1.0), row.name in excluded, row.name in warm)
        for key in WALK_PARAMS:  # each has its spin box of the same name
            w = getattr(self, key)
            if key in params:
                w.blockSignals(True)
                w.setValue(params[key])
                w.blockSignals(False)
        self._validate()

    def constraints_dict(self) -> dict:
        """The constraints as entered, in :meth:`Constraints.to_dict` form."""
        return {
            "floors": {r.name: r.floor.value() for r in self.rows if r.floor.value() > 0 and not r.excluded.isChecked()},
            "caps": {r.name: r.cap.value() for r in self.rows if r.cap.value() < 1},
            "excluded": [r.name for r in self.rows if r.excluded.isChecked()],
            # after the warmup its sources no longer matter: none is left out (nothing to check)
            "warmup_sources": [r.name for r in self.rows if r.warmup.isChecked() or self.in_warmup is False],
        }

    def params(self) -> dict:
        """The walk parameters as entered."""
        return WalkParams(**{k: getattr(self, k).value() for k in WALK_PARAMS}).to_dict()

    # ------------------------------------------------------------------ validation
    def _validate(self, *_args) -> None:
        problems = []
        d = self.constraints_dict()
        warm = d["warmup_sources"]
        try:
            c = Constraints(
                self.names,
                [d["floors"].get(n, 0.0) for n in self.names],
                [d["caps"].get(n, 1.0) for n in self.names],
                [n in d["excluded"] for n in self.names],
                [n in warm for n in self.names],
            )
        except ConstraintError as exc:
            problems += exc.problems
            c = None
        # the walk parameters through the one pivot validator (the same as the trainer's)
        params = self.params()
        problems += (Pivot(c, params=params).problems(self.names) if c is not None
                     else walk_param_problems(params, params))
        self.candidate = c if not problems else None
        self.apply_button.setEnabled(not problems)
        if problems:
            self.status.setStyleSheet(f"color: {colour('error')};")
            self.status.setText(self.tr("Cannot apply:") + "\n• " + "\n• ".join(problems))
        else:
            free = int(np.sum(c.movable))
            count = len(enumerate_vertices(c)) if free <= PREVIEW_MAX_FREE else None
            self.status.setStyleSheet(f"color: {colour('ok')};")
            self.status.setText(self.tr("Feasible: a region with {count} vertices.", "", count).replace("{count}", format_number(count))
                                if count else self.tr("Feasible."))
        self._draw_region(c, current=False)

    def _draw_region(self, c: Constraints | None, current: bool) -> None:
        if len(self.names) < 2:
            return
        if not current:
            for item in self._preview_items:
                self.preview.getViewBox().removeItem(item)
            self._preview_items.clear()
        if c is None or int(np.sum(c.movable)) > PREVIEW_MAX_FREE:
            return
        outline = region_outline(c, self.layout_xy)
        if current:
            item = polygon_item(outline, cosmetic_pen((150, 150, 150)), QBrush(QColor(150, 150, 150, 60)))
        else:
            item = polygon_item(outline, cosmetic_pen("#0072B2", 2.0), QBrush(QColor(0, 114, 178, 40)))
            self._preview_items.append(item)
        self.preview.getViewBox().addItem(item)

    # ------------------------------------------------------------------ actions
    def _on_preset_chosen(self, index: int) -> None:
        key = self.preset_combo.itemData(index)
        if key is None:
            return
        preset = load_curriculum_preset(key)
        constraints, params, missing = adapt_preset(preset, self.names)
        text = f"<b>{preset.name}</b>: {preset.description}"
        if missing:
            text += "<br><span style='color:#8a5a00'>" + self.tr(
                "This run has no source named {sources}: their constraints were skipped.").replace(
                "{sources}", ", ".join(missing)) + "</span>"
        if preset.assumed:
            text += "<br><i>" + self.tr("Assumed (not in the seeds): {sources}.").replace(
                "{sources}", ", ".join(preset.assumed)) + "</i>"
        self.preset_note.setText(text)
        self.set_values(constraints, params)

    def pivot(self) -> Pivot | None:
        """The pivot the dialog describes, or None while infeasible."""
        if self.candidate is None:
            return None
        start = None
        if self.restart.currentData() == "centre":
            c = self.candidate
            free = int(np.sum(c.movable))
            start = enumerate_vertices(c).mean(axis=0) if free <= 16 else None
        return Pivot(self.candidate, start=start, keep_stats=self.keep_stats.isChecked(), params=self.params())

    def _on_apply(self) -> None:
        pivot = self.pivot()
        if pivot is None:
            return
        self.pivot_requested.emit(pivot)
        self.accept()
