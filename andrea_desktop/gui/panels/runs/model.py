"""The runs dock's table as a Qt model: one row per run of a
:class:`~andrea_desktop.core.viewmodels.runs_table.RunsTable`, its cells' text, sort keys and
colours (split out of :mod:`andrea_desktop.gui.panels.runs.dock`)."""

from __future__ import annotations

import datetime as _dt
import math

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    Qt,
)
from PySide6.QtGui import QColor

from ....core.errors import quote
from ....core.tokens import visible_name, visible_text
from ....core.viewmodels.runs_table import RunsTable, RunStatus, RunSummary
from ...common.i18n import format_decimal, format_number

__all__ = ["RunsTableModel", "COLUMNS", "HIDDEN_COLUMNS", "cell_text", "column_title", "fmt_value", "status_text"]

COLUMNS = (QT_TRANSLATE_NOOP("RunsTableModel", "Run"), QT_TRANSLATE_NOOP("RunsTableModel", "Status"),
           QT_TRANSLATE_NOOP("RunsTableModel", "Preset"), QT_TRANSLATE_NOOP("RunsTableModel", "Steps"),
           QT_TRANSLATE_NOOP("RunsTableModel", "Last loss"), QT_TRANSLATE_NOOP("RunsTableModel", "Best val"),
           QT_TRANSLATE_NOOP("RunsTableModel", "Tokens"), QT_TRANSLATE_NOOP("RunsTableModel", "Started"),
           QT_TRANSLATE_NOOP("RunsTableModel", "Parent"), QT_TRANSLATE_NOOP("RunsTableModel", "Tags"))
"""The columns' titles (English; :func:`column_title` in the interface's language)."""
HIDDEN_COLUMNS = (2, 6, 8, 9)
"""Preset, tokens, parent and tags: shown from the header's context menu."""
_ROOT = QModelIndex()
_STATUS_TEXTS = {RunStatus.NEW: QT_TRANSLATE_NOOP("RunsTableModel", "new"),
                 RunStatus.RUNNING: QT_TRANSLATE_NOOP("RunsTableModel", "running"),
                 RunStatus.EXTERNAL: QT_TRANSLATE_NOOP("RunsTableModel", "external"),
                 RunStatus.FINISHED: QT_TRANSLATE_NOOP("RunsTableModel", "finished"),
                 RunStatus.STOPPED: QT_TRANSLATE_NOOP("RunsTableModel", "stopped"),
                 RunStatus.FAILED: QT_TRANSLATE_NOOP("RunsTableModel", "failed"),
                 RunStatus.UNREADABLE: QT_TRANSLATE_NOOP("RunsTableModel", "unreadable")}
"""A run's status as the table says it (English; translated where shown)."""
_STATUS_COLOURS = {RunStatus.RUNNING: "#007A3D", RunStatus.EXTERNAL: "#007A3D", RunStatus.FAILED: "#C0392B",
                   RunStatus.UNREADABLE: "#C0392B",
                   RunStatus.FINISHED: "#0B5394"}


def column_title(column: int) -> str:
    """The title of ``column`` in the interface's language."""
    return QCoreApplication.translate("RunsTableModel", COLUMNS[column])


def status_text(status: RunStatus) -> str:
    """``status`` in the interface's language."""
    text = _STATUS_TEXTS.get(status)
    return QCoreApplication.translate("RunsTableModel", text) if text is not None else str(status)


def _fmt_loss(v: float) -> str:
    return format_decimal(v, ".4f") if math.isfinite(v) else "—"


def _fmt_tokens(n: int) -> str:
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{format_decimal(n / size, '.1f')}{unit}"
    return format_number(n)


def _fmt_time(t: float | None) -> str:
    return "—" if t is None else _dt.datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M")


MAX_LIST_LINES = 50
"""Items of a list setting (``data.sources``) the diff view shows, one per line."""


def fmt_value(v) -> str:
    """A setting's value as the diff view shows it (floats to 6 significant digits, written as in
    the run's ``config.toml``: a setting's text, not a measurement); a list one item per line
    (``data.sources``: a source per line, not one long line to scroll sideways)."""
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.6g}"
    if isinstance(v, (list, tuple)):
        if not v:
            return "[]"
        lines = [_item(x) for x in v[:MAX_LIST_LINES]]
        return "\n".join(lines + (["…"] if len(v) > MAX_LIST_LINES else []))
    return v if isinstance(v, str) and len(v) <= 80 else quote(v, 80)


def _item(x) -> str:
    """One item of a list setting: a data source as ``name: path, path``, another table as
    ``key = value`` pairs, text as it is; over 160 characters cut in the middle (a path keeps its
    file name)."""
    if isinstance(x, dict) and set(x) == {"name", "paths"} and isinstance(x["paths"], list):
        text = f"{x['name']}: {', '.join(map(str, x['paths']))}"  # a data source: its name and files
    elif isinstance(x, dict):
        text = ", ".join(f"{k} = {', '.join(map(str, v)) if isinstance(v, list) else fmt_value(v)}"
                         for k, v in x.items())
    else:
        text = str(x)
    return text if len(text) <= 160 else text[:60] + "…" + text[-99:]


def cell_text(r: RunSummary, column: int) -> str:
    """What the table shows for run ``r`` in ``column``."""
    if column == 0:
        return visible_name(r.name)  # a folder name is untrusted: hidden characters shown as marks
    if column == 1:
        return status_text(r.status) if r.error != "reading…" else "…"
    return [r.preset or "—", format_number(r.steps), _fmt_loss(r.last_loss), _fmt_loss(r.best_val), _fmt_tokens(r.tokens),
            _fmt_time(r.started), f"{visible_name(r.parent)} @ {format_number(r.parent_step)}" if r.parent else "—",
            visible_name(", ".join(r.tags))][column - 2]


def _sort_key(r: RunSummary, column: int):
    keys = (r.name.lower(), str(r.status), r.preset, r.steps, r.last_loss, r.best_val, r.tokens,
            r.started or 0.0, r.parent, ", ".join(r.tags))
    k = keys[column]
    return -math.inf if isinstance(k, float) and math.isnan(k) else k


class RunsTableModel(QAbstractTableModel):
    """Qt table model over a :class:`RunsTable` (one row per run, :data:`COLUMNS`); the first
    column carries the run's check box and colour."""

    def __init__(self, table: RunsTable, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self.on_checked = None
        """Called after a check box changed."""

    def rowCount(self, parent=_ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.table.rows)

    def columnCount(self, parent=_ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return column_title(section)
        return None

    def flags(self, index):
        f = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return f | Qt.ItemFlag.ItemIsUserCheckable if index.column() == 0 else f

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        r = self.table.rows[index.row()]
        c = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(r, c)
        if role == Qt.ItemDataRole.UserRole:
            return _sort_key(r, c)
        if role == Qt.ItemDataRole.CheckStateRole and c == 0:
            return Qt.CheckState.Checked if r.path in self.table.checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.DecorationRole and c == 0:
            return QColor(self.table.colour(r.path))
        if role == Qt.ItemDataRole.ForegroundRole and c == 1 and r.status in _STATUS_COLOURS:
            return QColor(_STATUS_COLOURS[r.status])
        if role == Qt.ItemDataRole.ToolTipRole:
            path = visible_name(r.path)
            return f"{path}\n{visible_text(r.error)}" if r.error and r.error != "reading…" else path
        if role == Qt.ItemDataRole.TextAlignmentRole and 3 <= c <= 6:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != 0:
            return False
        on = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        self.table.set_checked(self.table.rows[index.row()].path, on)
        self.dataChanged.emit(index, index, [role])
        if self.on_checked is not None:
            self.on_checked()
        return True

    def rows_changed(self, rows: list[int]) -> None:
        for i in rows:
            self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
