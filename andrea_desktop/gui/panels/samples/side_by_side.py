"""Samples side by side: the runs' generated samples at the same steps, one column per run, one
row per step (:func:`~andrea_desktop.core.viewmodels.compare_samples.side_by_side` of their run models); a
sample whose word bigrams repeat as much as the run's ``probe.repetition_threshold`` is flagged,
as in the Samples panel."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
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

from ....core.analysis import repetition_score
from ....core.viewmodels.compare_samples import SampleCell, SamplesSideBySide, side_by_side
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.i18n import format_number
from ...common.theme import colour

__all__ = ["QtSamplesSideBySide", "cell_text", "repetitive"]


def repetitive(cell: SampleCell) -> float | None:
    """The share of repeated word bigrams of a sample flagged as repetitive (as the Samples panel
    flags it: at the run's threshold, four words or more), else None."""
    score = repetition_score(cell.text, 2)
    return score if score >= cell.threshold and len(cell.text.split()) >= 4 else None


def cell_text(cell: SampleCell | None) -> str:
    """What a cell shows: the prompt and the text, and a flag line for a repetitive sample."""
    if cell is None:
        return QCoreApplication.translate("QtSamplesSideBySide", "(no sample at this step)")
    score = repetitive(cell)
    flag = ("\n" + QCoreApplication.translate("QtSamplesSideBySide", "⚠ repetitive: {share} of its word pairs repeat")
            .format(share=f"{score:.0%}")) if score is not None else ""
    return f"{cell.prompt}{cell.text}{flag}"


class QtSamplesSideBySide(QDialog):
    """A window with the samples of a few runs side by side (module docstring): it draws the
    runs' models and redraws when their samples or settings change; Reload asks for the runs to
    be read again (one still training writes more: :attr:`reload_requested`).

    Parameters
    ----------
    models
        The runs' models, one column each, in this order.
    colours
        Each run's colour in the comparison (its column header is drawn in it), or None.
    errors
        Why each run's samples could not be read ("" where they could), or None.

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
        self.setWindowTitle(self.tr("Samples side by side"))
        self.setObjectName("samplesSideBySide")
        self.colours = colours
        self.models: list[RunModel] = []
        self.errors: list[str] = []
        self.data: SamplesSideBySide | None = None
        self.header = QLabel()
        self.header.setWordWrap(True)
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
        self.table.horizontalHeader().sectionResized.connect(lambda *_: self.table.resizeRowsToContents())
        self.table.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        reload = QPushButton(self.tr("Reload"))
        reload.setToolTip(self.tr("Read the runs' samples again"))
        reload.clicked.connect(self.reload_requested)
        buttons.addButton(reload, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(980, 640)
        self.set_models(models, errors)

    def set_models(self, models: Sequence[RunModel], errors: Sequence[str] | None = None) -> None:
        """Draw these runs' models (the previous ones are let go)."""
        for m in self.models:
            m.changed.disconnect(self._on_changed)
        self.models = list(models)
        self.errors = list(errors) if errors is not None else [""] * len(self.models)
        for m in self.models:
            m.changed.connect(self._on_changed)
        self.redraw()

    def _on_changed(self, aspects: frozenset) -> None:
        if aspects & {Aspect.SAMPLES, Aspect.CONFIG}:
            self.redraw()

    def redraw(self) -> None:
        """Fill the table from the models, newest step first."""
        self.data = d = side_by_side(self.models, self.errors)
        t = self.table
        t.clear()
        t.setColumnCount(len(d.names))
        t.setRowCount(len(d.steps))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, name in enumerate(d.names):
            item = QTableWidgetItem(name)
            item.setToolTip(str(d.paths[i]) + (f"\n{d.errors[i]}" if d.errors[i] else ""))
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
                if cell is None:
                    item.setForeground(muted)
                elif repetitive(cell) is not None:
                    item.setForeground(error)
                t.setItem(r, i, item)
        t.resizeRowsToContents()
        common = len(d.common_steps())
        problems = [e for e in d.errors if e]
        text = self.tr("{n} step(s) with samples, {common} of them in every run (newest first). Samples are "
                       "generated every probe.sample_interval steps with the same prompt.", "", len(d.steps)).format(
            n=format_number(len(d.steps)), common=format_number(common))
        if problems:
            text += "\n" + "\n".join(problems)
        self.header.setText(text)

    def rows(self) -> list[tuple[int, list[str]]]:
        """What the table shows: per row its step and each column's text (scripts and tests)."""
        d = self.data
        if d is None:
            return []
        steps = list(reversed(d.steps))
        return [(steps[r], [self.table.item(r, c).text() for c in range(self.table.columnCount())])
                for r in range(self.table.rowCount())]
