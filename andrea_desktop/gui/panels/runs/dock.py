"""The Runs dock: a table of the runs in the runs folder and the runs opened in the window, with a
checkbox and a colour per run; checked runs are compared on the loss and LR panels
(:mod:`andrea_desktop.gui.panels.runs.compare`) and the settings that differ between them are listed under the table.
Runs can be opened, renamed, tagged, recoloured and deleted from here.

Everything is read read-only (:mod:`andrea_desktop.core.viewmodels.runs_table`); the table is
refreshed when the runs folder changes (a file-system watcher) and every few seconds, and only
the runs whose files changed are read again, a few at a time between events.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QStyle,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ....core.viewmodels.compare import XAxis
from ....core.viewmodels.groups import SEED_IGNORED
from ....core.viewmodels.runs_table import (
    RunsTable,
    config_diff,
    default_runs_folder,
)
from ...common.folder_watch import FolderWatch
from .compare import QtCompareView
from .grouping import GroupControls
from .manage import RunActions
from .model import (  # noqa: F401 (re-exported)
    COLUMNS,
    HIDDEN_COLUMNS,
    RunsTableModel,
    cell_text,
    column_title,
    fmt_value,
)

__all__ = ["QtRunsDock", "RunsTableModel", "COLUMNS", "REFRESH_MS"]

log = logging.getLogger(__name__)

REFRESH_MS = 3000
"""How often the table looks for changed runs (a stat per file; changed runs are read again),
while the table is on screen: a hidden one (its dock tabbed behind another, or closed) looks
again when shown. A training run changes at every look, and reading it again (its config and
metrics) cost the GUI thread ~5 ms a second while training (``benchmarks/gui_thread_profile.py``)."""
READ_BUDGET_S = 0.015
"""Time spent reading summaries per event-loop pass (the rest waits for the next pass)."""
SORT_ARROW_PX = 16
"""Room for the sort indicator beside a column's title."""
FIT_MARGIN_PX = 24
"""Room left free when the optional columns are fitted (a full table scrolls sideways)."""
NAME_MIN_PX = 160
"""Width the run names keep before an optional column is shown beside them."""
DIFF_COLUMN_MAX_PX = 320
"""Widest a run's column of the settings diff gets; longer values wrap."""
X_AXES = ((QT_TRANSLATE_NOOP("QtRunsDock", "step"), XAxis.STEP),
          (QT_TRANSLATE_NOOP("QtRunsDock", "tokens seen"), XAxis.TOKENS),
          (QT_TRANSLATE_NOOP("QtRunsDock", "active training time"), XAxis.WALL))
"""The comparison's x axes (English labels; translated where shown)."""

class QtRunsDock(RunActions, GroupControls, QWidget):
    """The Runs dock's widget (module docstring).

    Parameters
    ----------
    runs
        The window's run controller: its run (opened runs are listed; the open run is neither
        renamed away nor deleted under it), ``open_run``, the recent runs.
    loss_panel, lr_panel
        The window's loss and LR panels: the comparison draws in their place.
    notices
        Where refusals are said (``show_message``).
    folder
        The runs folder (default: where the app makes runs,
        :func:`~andrea_desktop.core.viewmodels.runs_table.default_runs_folder`).
    """

    READING_BELOW = True
    """Its "How to read this" pane opens under the table (whose columns need the dock's width)."""

    samples_requested = Signal(list)
    """"Side by side…": the checked runs' folders (the window shows their samples, attention
    entropy and sharpness at the same steps)."""

    def __init__(self, runs, loss_panel, lr_panel, notices, folder: Path | None = None) -> None:
        super().__init__()
        self.runs, self.notices = runs, notices
        self._window_shown = False  # set_window_shown
        self._table = RunsTable(folder or default_runs_folder(), self._opened_runs)
        self._table.trained_here = self._trained_here
        self.model = RunsTableModel(self._table, self)
        self.model.on_checked = self._on_checked
        self.compare = QtCompareView(loss_panel, lr_panel, self)
        self.compare.set_window_shown(False)  # until the window shows
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)

        self.view = QTableView()
        self.view.setObjectName("runsTable")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(7, Qt.SortOrder.DescendingOrder)  # newest start first
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        row_height = self.fontMetrics().height() + 8  # compact rows: more runs in view
        self.view.verticalHeader().setDefaultSectionSize(row_height)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # names elide (tooltip: the path)
        # in the middle: two runs of an experiment ("warmup-vs-none-a", "warmup-vs-none-b") keep their ends
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setWordWrap(False)  # a wrapped name is cut at its end whatever the elide mode
        header.setMinimumSectionSize(40)
        for c in HIDDEN_COLUMNS:  # shown as the dock's width allows (fit_columns); the header's menu decides too
            self.view.setColumnHidden(c, True)
        self._chosen_columns: dict[int, bool] = {}  # the user's own choices in the header's menu
        self.view.viewport().installEventFilter(self)  # a resize fits the optional columns again
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._on_header_menu)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._on_context_menu)
        self.view.doubleClicked.connect(lambda _i: self.open_selected())

        self.filter = QLineEdit()
        self.filter.setObjectName("runsFilter")
        self.filter.setClearButtonEnabled(True)
        self.filter.setPlaceholderText(self.tr("Filter runs by name, status, preset or tag"))
        self.proxy.setFilterKeyColumn(-1)  # every column, the hidden ones (tags, preset) too
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)

        self.x_axis = QComboBox()
        self.x_axis.setObjectName("compareXAxis")
        for label, axis in X_AXES:
            self.x_axis.addItem(QCoreApplication.translate("QtRunsDock", label), axis.value)
        self.x_axis.setToolTip(self.tr("x axis of the compared runs' curves"))
        self.x_axis.currentIndexChanged.connect(lambda _i: self.compare.set_x_axis(self.x_axis.currentData()))
        self.sources = QCheckBox(self.tr("per source"))
        self.sources.setToolTip(self.tr("Also draw each compared run's per-source training and validation losses"))
        self.sources.toggled.connect(self.compare.set_show_sources)
        self.markers = QCheckBox(self.tr("markers"))
        self.markers.setObjectName("compareMarkers")
        self.markers.setChecked(True)
        self.markers.setToolTip(self.tr("Draw each compared run's events (warmup end, pivots, anomalies, pauses) "
                                        "in its colour"))
        self.markers.toggled.connect(self.compare.set_show_markers)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Compare checked runs against")))
        top.addWidget(self.x_axis)
        top.addStretch(1)
        groups = self._build_group_controls()
        filter_row = QHBoxLayout()  # the filter shrinks: a narrow dock keeps its options
        filter_row.addWidget(self.filter, 1)
        filter_row.addWidget(self.sources)
        filter_row.addWidget(self.markers)
        # a tool bar: the buttons that do not fit a narrow dock go behind its » menu
        buttons = QToolBar()
        buttons.setObjectName("runsButtons")
        buttons.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.buttons = {}
        for name, text, slot, tip in (
                ("Open", self.tr("Open"), self.open_selected, self.tr("Show this run in the window")),
                ("Rename…", self.tr("Rename…"), self.rename_selected, self.tr("Rename the run's folder")),
                ("Tags…", self.tr("Tags…"), self.tag_selected, self.tr("Tags of the run (comma-separated)")),
                ("Colour…", self.tr("Colour…"), self.recolour_selected, self.tr("The run's colour in comparisons")),
                ("Delete…", self.tr("Delete…"), self.delete_selected,
                 self.tr("Delete the run's folder (asks first)")),
                ("Add…", self.tr("Add…"), self.add_runs_from_dialog,
                 self.tr("List a run folder from anywhere on disk, or the runs in a folder (remembered)")),
                ("Remove from list", self.tr("Remove from list"), self.unlist_selected,
                 self.tr("Stop listing a run from outside the runs folder (its folder stays)"))):
            action = buttons.addAction(text, slot)
            action.setIconText(text)  # a tool button drops a trailing "…" otherwise: it says a dialog follows
            action.setToolTip(tip)
            b = buttons.widgetForAction(action)
            b.setObjectName(f"runs{name.rstrip('…').replace(' ', '')}Button")
            self.buttons[name] = b

        self.diff_label = QLabel()
        self.diff_label.setWordWrap(True)
        self.diff = QTableWidget()
        self.diff.setObjectName("configDiff")
        self.diff.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.diff.verticalHeader().hide()
        self.diff.verticalHeader().setDefaultSectionSize(row_height)
        self.diff.horizontalHeader().setStretchLastSection(True)
        self.diff.setWordWrap(True)  # a list setting is one item per line; long values wrap
        self.diff.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)  # run names keep their ends
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        diff_row = QHBoxLayout()
        diff_row.addWidget(self.diff_label, 1)
        self.samples_button = QPushButton(self.tr("Side by side…"))
        self.samples_button.setToolTip(self.tr("The checked runs at the same steps, one column per run: samples "
                                               "with their repetition score, attention entropy per layer, λ_max "
                                               "against 2/η and the basin"))
        self.samples_button.clicked.connect(lambda: self.samples_requested.emit(list(self._table.checked)))
        diff_row.addWidget(self.samples_button)
        lower_layout.addLayout(diff_row)
        lower_layout.addWidget(self.diff, 1)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(top)
        upper_layout.addLayout(groups)
        upper_layout.addLayout(filter_row)
        upper_layout.addWidget(self.view, 1)
        upper_layout.addWidget(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(lower)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split)

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self._work = QTimer(self)
        self._work.setSingleShot(True)
        self._work.setInterval(0)
        self._work.timeout.connect(self._read_some)
        self._fit = QTimer(self)  # fit_columns once per pass of the event loop (~13 ms a fit)
        self._fit.setSingleShot(True)
        self._fit.setInterval(0)
        self._fit.timeout.connect(self.fit_columns)
        self._shown = True  # set_shown
        self.watcher = FolderWatch(self)  # polls instead where the system gives no more watches
        self.watcher.changed.connect(self.refresh)
        self._update_diff()
        # the runs are listed and read when the dock is first shown (it starts behind a tab) or
        # when something reads its rows (:attr:`table`): a window is made without reading them
        self._listed = False
        self._table.sweep()  # what an interrupted deletion left
        self.watcher.watch([self._table.folder])

    # ------------------------------------------------------------------ folder and refresh
    @property
    def table(self) -> RunsTable:
        """The table of runs (:class:`~andrea_desktop.core.viewmodels.runs_table.RunsTable`),
        listed (and as many runs read as a refresh reads) first if the dock was never shown."""
        self.ensure_listed()
        return self._table

    def ensure_listed(self) -> None:
        """List the runs now (:meth:`refresh`) if that has not happened yet: the dock was made
        behind a tab and never shown, and something needs its rows."""
        if not self._listed:
            self.refresh()

    def _trained_here(self) -> Path | None:
        """The run this window's own training thread trains (its other runs are external)."""
        runs = self.runs
        driver = runs.driver
        return Path(runs.run_dir) if driver is not None and driver.busy and not driver.external else None

    def _opened_runs(self) -> list[str]:
        runs = self.runs
        out = [*runs.recent.runs(), *runs.added.runs()]
        return [str(runs.run_dir), *out] if runs.run_dir.parts else out

    def on_run_started(self, path: Path) -> None:
        """A run started training in the window: while runs are compared, it joins them (checked,
        drawn live in its colour) instead of training unseen behind the overlay."""
        self.refresh()
        path = Path(path)
        if self._table.checked and path not in self._table.checked and self._table.row(path) is not None:
            self.set_checked(path)

    def set_folder(self, folder: Path) -> None:
        """List the runs of ``folder`` (and the opened runs)."""
        self._table.folder = Path(folder)
        self._table.sweep()  # what an interrupted deletion left
        self.watcher.watch([self._table.folder])
        self.refresh()

    def set_window_shown(self, shown: bool) -> None:
        """Whether the window is shown (its show and hide events): hidden or closed, nothing is
        looked at or read; shown again, the table looks again (when its dock is in view). The
        comparison's polling follows too."""
        self._window_shown = bool(shown)
        self.compare.set_window_shown(shown)
        if not shown:
            self.timer.stop()
            self._work.stop()
        elif self._shown:
            self.timer.start()
            if not self._listed:  # in front when the window first shows (a restored layout)
                self.refresh()
            if self._table.pending:
                self._work.start()

    def set_shown(self, shown: bool) -> None:
        """Whether the user can see the table (its dock's ``visibilityChanged``: closed, or tabbed
        behind another dock): shown, it looks again at once, then every :data:`REFRESH_MS`;
        hidden, not at all (the folder's watcher still notices added and removed runs)."""
        self._shown = bool(shown)
        if not shown:
            self.timer.stop()
            self._work.stop()
        elif self._window_shown and not self.timer.isActive():
            self.timer.start()
            self.refresh()

    def refresh(self) -> None:
        """Look for added, removed and changed runs; changed ones are read over the next passes
        of the event loop."""
        self._listed = True
        checked = list(self._table.checked)
        if self._table.scan():
            self.model.beginResetModel()
            self.model.endResetModel()
            self._update_diff()
        if self._table.checked != checked:  # a compared run is gone
            self._on_checked()
        self._read_some()
        self._fit.start()

    def _read_some(self) -> None:
        changed = self._table.read_some(READ_BUDGET_S) if self._table.pending else []
        if changed:
            self.model.rows_changed(changed)
            self._fit.start()
            if any(self._table.rows[i].path in self._table.checked for i in changed):
                self._update_diff()
        if self._table.pending and self._window_shown:
            self._work.start()

    def read_all(self) -> None:
        """Read every run now (scripts and tests)."""
        self._listed = True
        checked = list(self._table.checked)
        self.model.beginResetModel()
        self._table.read_all()
        self.model.endResetModel()
        if self._table.checked != checked:
            self._on_checked()
        self._update_diff()
        self.fit_columns()

    # ------------------------------------------------------------------ comparison
    def set_checked(self, path: Path, on: bool = True) -> None:
        """Check (compare) or uncheck the run in ``path``."""
        self.ensure_listed()  # its colour may be the one stored with it
        self._table.set_checked(Path(path), on)
        self.model.rows_changed(list(range(len(self._table.rows))))
        self._on_checked()

    def _on_checked(self) -> None:
        self.compare.set_runs([(p, self._table.colour(p)) for p in self._table.checked])
        self._update_diff()

    def _update_diff(self) -> None:
        configs = self._table.checked_configs()
        rows = config_diff(configs)
        keys = [k for k, _ in rows if k not in SEED_IGNORED]
        if self.grouping_mode().startswith("key:") and self.grouping_mode()[4:] not in keys:
            keys.append(self.grouping_mode()[4:])  # the user's choice stays offered
        if keys != self._group_keys:
            self._fill_grouping(keys)
        self.diff.clear()
        self.diff.setColumnCount(1 + len(configs))
        self.diff.setHorizontalHeaderLabels([self.tr("setting"), *configs])
        self.diff.setRowCount(len(rows))
        for i, (key, values) in enumerate(rows):
            self.diff.setItem(i, 0, QTableWidgetItem(key))
            for j, v in enumerate(values):
                self.diff.setItem(i, j + 1, QTableWidgetItem(fmt_value(v)))
        self.diff.resizeColumnsToContents()
        for j in range(1, self.diff.columnCount()):  # wrap, not scroll sideways
            self.diff.setColumnWidth(j, min(self.diff.columnWidth(j), DIFF_COLUMN_MAX_PX))
        self.diff.resizeRowsToContents()
        if len(configs) < 2:
            self.diff_label.setText(self.tr("Check two or more runs to list the settings that differ between them."))
        else:
            text = (self.tr("Settings that differ between the {n} checked runs: {count}") if rows
                    else self.tr("The {n} checked runs have the same settings."))
            self.diff_label.setText(text.replace("{n}", str(len(configs))).replace("{count}", str(len(rows))))

    def diff_keys(self) -> list[str]:
        """The keys the config-diff view lists now."""
        return [self.diff.item(i, 0).text() for i in range(self.diff.rowCount())]

    # ------------------------------------------------------------------ actions
    def selected(self) -> Path | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self._table.rows[self.proxy.mapToSource(rows[0]).row()].path

    def _on_header_menu(self, pos) -> None:
        """Right-click on the header: a check box per column to show or hide it (a choice the
        width no longer changes)."""
        menu = QMenu(self)
        for c in range(1, len(COLUMNS)):
            act = menu.addAction(column_title(c))
            act.setCheckable(True)
            act.setChecked(not self.view.isColumnHidden(c))
            act.toggled.connect(lambda on, c=c: self.choose_column(c, on))
        menu.exec(self.view.horizontalHeader().mapToGlobal(pos))
        menu.deleteLater()

    def choose_column(self, column: int, shown: bool) -> None:
        """Show or hide ``column`` as the user chose (the header's menu); kept at every width."""
        self._chosen_columns[column] = bool(shown)
        self.view.setColumnHidden(column, not shown)

    def fit_columns(self) -> None:
        """Show the optional columns (preset, tokens, parent, tags, in that order) that fit the
        table's width beside the others and a readable name; the user's own choices stand.

        Changes (a refresh, runs read, a resize) fit them at the next pass of the event loop, once
        however many came; a call fits them now."""
        self._fit.stop()
        header = self.view.horizontalHeader()
        width = self.view.viewport().width() - FIT_MARGIN_PX  # never up to the last pixel: no scroll bar

        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)

        def need(c: int) -> int:  # a hidden section has no size hint: the title's width, and the cells'
            title = str(self.proxy.headerData(c, Qt.Orientation.Horizontal) or "")
            return max(header.fontMetrics().horizontalAdvance(title) + margin + SORT_ARROW_PX,
                       header.sectionSizeHint(c), self.view.sizeHintForColumn(c))

        used = NAME_MIN_PX + sum(need(c) for c in range(1, len(COLUMNS))
                                 if c not in HIDDEN_COLUMNS and not self.view.isColumnHidden(c))
        changed = False
        for c in HIDDEN_COLUMNS:
            chosen = self._chosen_columns.get(c)
            shown = chosen if chosen is not None else used + need(c) <= width
            if shown:
                used += need(c)
            if self.view.isColumnHidden(c) == shown:
                self.view.setColumnHidden(c, not shown)
                changed = True
        if changed:  # the stretched name column gives room back now, so the scroll bar sees the new widths
            header.resizeSections()
            self.view.updateGeometries()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self._fit.start()
        return False

    def _on_context_menu(self, pos) -> None:
        if self.selected() is None:
            return
        menu = QMenu(self)
        for b in self.buttons.values():
            menu.addAction(b.text(), b.click)
        menu.exec(self.view.viewport().mapToGlobal(pos))
        menu.deleteLater()  # freed on the GUI thread now, not by a collection later

    def close_compare(self) -> None:
        """Stop the timers and the folder's watch, and close the compared runs' connections (the
        window closes)."""
        self.timer.stop()
        self._work.stop()
        self._fit.stop()
        self.watcher.close()
        self.compare.close()
