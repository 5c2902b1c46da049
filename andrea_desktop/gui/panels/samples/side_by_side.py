"""The lessons side by side: a few runs at the same steps, one column per run, one row per step
(:func:`~andrea_desktop.core.viewmodels.lessons.lessons` of their run models) — each run's sample
with its repetition score (flagged past the run's ``probe.repetition_threshold``, as in the
Samples panel), the mean attention entropy per layer of its probe, and its sharpness: λ_max
against 2/η and the basin's loss rise, "—" where the run has no terrain result. The documents'
v1 / v2 story (no warmup: samples that repeat, one-hot heads, a sharp region) reads across a row.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.tokens import visible_text
from ....core.viewmodels.lessons import Attention, LessonCell, Lessons, Sharpness, lessons
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.i18n import format_decimal, format_number
from ...common.theme import colour
from .panel import repetition_text

__all__ = ["QtSamplesSideBySide", "cell_text", "attention_text", "sharpness_text", "one_line"]


def one_line(text: str) -> str:
    """A sample as a cell shows it: each line break as "⏎" (a sample of code is mostly line
    breaks, and a row as tall as its longest sample hides the rows below), and what would act
    rather than show (a bidirectional override, a zero-width character, a control) marked
    (:func:`~andrea_desktop.core.tokens.visible_text`)."""
    return visible_text(text.replace("\r\n", "\n").replace("\n", "⏎"), "")

def _number(value: float) -> str:
    """λ_max or 2/η: 3 significant digits (a whole number from 1,000 on: 9,502, not 9.5e+03), "—"
    when unknown."""
    if not math.isfinite(value):
        return "—"
    return format_number(round(value)) if abs(value) >= 1000 else format_decimal(value, ".3g")


def attention_text(attention: Attention | None) -> str:
    """"attention entropy per layer: 0.05 · 0.02 · … nats (uniform 2.63; probe at step 400)"."""
    if attention is None:
        return QCoreApplication.translate("QtSamplesSideBySide", "attention entropy per layer: — (no probe yet)")
    return QCoreApplication.translate(
        "QtSamplesSideBySide", "attention entropy per layer: {layers} nats (uniform {uniform}; probe at step {step})").format(
        layers=" · ".join(format_decimal(h, ".2f") for h in attention.layers),
        uniform=format_decimal(attention.uniform, ".2f"), step=format_number(attention.step))


def sharpness_text(sharpness: Sharpness | None) -> str:
    """"λ_max 153 · 2/η 200 (η 1.00e-02; terrain at step 400) · basin rise 0.005 at ρ 0.1", or
    "λ_max — (no terrain result)"."""
    if sharpness is None:
        return QCoreApplication.translate("QtSamplesSideBySide", "λ_max — · basin — (no terrain result)")
    return QCoreApplication.translate(
        "QtSamplesSideBySide", "λ_max {lam} · 2/η {edge} (η {lr}; terrain at step {step}) · basin rise {rise} at ρ {radius}").format(
        lam=_number(sharpness.lambda_max), edge=_number(sharpness.gd_threshold),
        lr=format_decimal(sharpness.lr, ".2e"), step=format_number(sharpness.step),
        rise=format_decimal(sharpness.basin_rise, ".3g") if math.isfinite(sharpness.basin_rise) else "—",
        radius=format_decimal(sharpness.basin_radius, ".3g") if math.isfinite(sharpness.basin_radius) else "—")


def cell_text(cell: LessonCell | None) -> str:
    """What a cell shows, one line each: the sample's repetition, the attention entropy per layer
    and the sharpness (at the top of the cell, so a row's numbers line up across the runs), then
    the prompt and the text."""
    if cell is None or cell.sample is None:
        lines = [QCoreApplication.translate("QtSamplesSideBySide", "(no sample at this step)")]
    else:
        lines = [repetition_text(cell.repetition)]
    if cell is not None:
        lines += [attention_text(cell.attention), sharpness_text(cell.sharpness)]
    if cell is not None and cell.sample is not None:
        lines.append(one_line(f"{cell.sample.prompt}{cell.sample.text}"))
    return "\n".join(lines)


class QtSamplesSideBySide(QDialog):
    """A window with the lessons of a few runs side by side (module docstring): it draws the
    runs' models and redraws when their samples, probes, terrain or settings change; Reload asks
    for the runs to be read again (one still training writes more: :attr:`reload_requested`).

    Parameters
    ----------
    models
        The runs' models, one column each, in this order.
    colours
        Each run's colour in the comparison (its column header is drawn in it), or None.
    errors
        Why each run could not be read ("" where it could), or None.

    Signals
    -------
    reload_requested()
        The user pressed Reload: whoever made the models reads the runs again and hands them
        over with :meth:`set_models`.
    """

    reload_requested = Signal()

    def __init__(self, models: Sequence[RunModel], colours: list[str] | None = None,
                 errors: Sequence[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Side by side: samples, attention, sharpness"))
        self.setObjectName("samplesSideBySide")
        self.colours = colours
        self.models: list[RunModel] = []
        self.errors: list[str] = []
        self.data: Lessons | None = None
        self._entropy: dict = {}  # (run folder, probe step): Attention, computed once
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.summary = QLabel()
        self.summary.setObjectName("lessonsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.table = QTableWidget()
        self.table.setObjectName("samplesSideBySideTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no current-cell frame: nothing to edit
        self.table.setAlternatingRowColors(True)
        self.table.setStyleSheet("QTableWidget::item { padding: 4px 6px; }")
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().sectionResized.connect(lambda *_: self._fit_rows())
        self.table.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        reload = QPushButton(self.tr("Reload"))
        reload.setToolTip(self.tr("Read the runs again"))
        reload.clicked.connect(self.reload_requested)
        buttons.addButton(reload, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(1100, 700)
        self.set_models(models, errors)

    def set_models(self, models: Sequence[RunModel], errors: Sequence[str] | None = None) -> None:
        """Draw these runs' models (the previous ones are let go)."""
        for m in self.models:
            m.changed.disconnect(self._on_changed)
        self.models = list(models)
        self.errors = list(errors) if errors is not None else [""] * len(self.models)
        self._entropy.clear()  # files read again: a probe replaced since is read anew
        for m in self.models:
            m.changed.connect(self._on_changed)
        self.redraw()

    def _on_changed(self, aspects: frozenset) -> None:
        if aspects & {Aspect.SAMPLES, Aspect.CONFIG, Aspect.PROBES, Aspect.TERRAIN}:
            self.redraw()

    def redraw(self) -> None:
        """Fill the table from the models, newest step first."""
        self.data = d = lessons(self.models, self.errors, cache=self._entropy)
        t = self.table
        t.clear()
        t.setColumnCount(len(d.names))
        t.setRowCount(len(d.steps))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, name in enumerate(d.names):
            item = QTableWidgetItem(visible_text(name, ""))
            item.setToolTip(visible_text(str(d.paths[i]) + (f"\n{d.errors[i]}" if d.errors[i] else "")))
            item.setFont(bold)
            if self.colours and i < len(self.colours) and self.colours[i]:
                item.setForeground(QColor(self.colours[i]))
            t.setHorizontalHeaderItem(i, item)
        error = QColor(colour("error"))
        muted = QColor(colour("muted"))
        for r, step in enumerate(reversed(d.steps)):
            row = d.cells[len(d.steps) - 1 - r]
            head = QTableWidgetItem(self.tr("step {step}").format(step=format_number(step)))
            head.setFont(bold)
            t.setVerticalHeaderItem(r, head)
            for i, cell in enumerate(row):
                item = QTableWidgetItem(cell_text(cell))
                item.setTextAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                if cell.sample is None:
                    item.setForeground(muted)
                elif cell.repetition is not None and cell.repetition.flagged:
                    item.setForeground(error)
                t.setItem(r, i, item)
        self._fit_rows()
        common = len([s for s, row in zip(d.steps, d.cells, strict=True) if all(c.sample for c in row)])
        problems = [e for e in d.errors if e]
        text = self.tr("{n} step(s) with samples, {common} of them in every run (newest first). Samples are "
                       "generated every probe.sample_interval steps with the same prompt; attention entropy "
                       "is from the newest probe and λ_max from the newest terrain result at or before the "
                       "step.", "", len(d.steps)).format(n=format_number(len(d.steps)), common=format_number(common))
        if problems:
            text += "\n" + "\n".join(problems)
        self.header.setText(text)
        self.summary.setText("\n".join(self.summary_lines()))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_rows()  # the stretched columns' widths are set by now

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Each row as tall as its tallest cell at the columns' widths now (the table's own
        ``resizeRowsToContents`` measured rows of lines without spaces, "⏎⏎⏎", too short or too tall)."""
        t = self.table
        fm = t.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)
        for r in range(t.rowCount()):
            tallest = fm.height()
            for c in range(t.columnCount()):
                item = t.item(r, c)
                if item is not None:
                    width = max(t.columnWidth(c) - 16, 40)  # the item's padding (6 px a side) and the grid
                    tallest = max(tallest, fm.boundingRect(QRect(0, 0, width, 1 << 20), flags, item.text()).height())
            t.setRowHeight(r, tallest + 12)

    def summary_lines(self) -> list[str]:
        """One line per run: its samples flagged for repetition, its mean attention entropy and its
        sharpness at the newest step at which every run has them (else its own newest)."""
        d = self.data
        if d is None:
            return []

        def newest(i: int, what: str):
            rows = [row for row in reversed(d.cells) if all(getattr(c, what) is not None for c in row)]
            rows = rows or [row for row in reversed(d.cells) if getattr(row[i], what) is not None]
            return getattr(rows[0][i], what) if rows else None

        out = []
        for i, name in enumerate(d.names):
            flagged, n = d.flagged(i)
            attention, sharp = newest(i, "attention"), newest(i, "sharpness")
            parts = [self.tr("{flagged} of {n} sample(s) flagged for repetition", "", n).format(
                flagged=format_number(flagged), n=format_number(n))]
            if attention is not None:
                parts.append(self.tr("mean attention entropy {h} nats at step {step}").format(
                    h=format_decimal(attention.mean, ".2f"), step=format_number(attention.step)))
            parts.append(self.tr("λ_max {lam} vs 2/η {edge} at step {step}").format(
                lam=_number(sharp.lambda_max), edge=_number(sharp.gd_threshold), step=format_number(sharp.step))
                         if sharp is not None else self.tr("λ_max — (no terrain result)"))
            out.append(f"{name}: " + " · ".join(parts))
        return out

    def rows(self) -> list[tuple[int, list[str]]]:
        """What the table shows: per row its step and each column's text (scripts and tests)."""
        d = self.data
        if d is None:
            return []
        steps = list(reversed(d.steps))
        return [(steps[r], [self.table.item(r, c).text() for c in range(self.table.columnCount())])
                for r in range(self.table.rowCount())]
