"""Small widget factories the panels share."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget

__all__ = ["fit_width", "read_only_table"]


def read_only_table(name: str, headers: list[str], stretch: int | None = None) -> QTableWidget:
    """A table the user reads, not edits: no row numbers, whole-row selection, columns sized to
    their contents (``stretch``: the column that takes the rest of the width)."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


def fit_width(table: QTableWidget) -> None:
    """Keep ``table`` at least as wide as its columns need (their headers and cells), so that a
    splitter or a narrow dock never cuts a header or a value nor adds a sideways scroll bar."""
    header = table.horizontalHeader()
    width = sum(max(header.sectionSizeHint(c), table.sizeHintForColumn(c)) for c in range(table.columnCount())
                if not header.isSectionHidden(c))
    table.setMinimumWidth(width + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width())
