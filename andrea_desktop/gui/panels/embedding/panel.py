"""Embedding panel: a token's nearest neighbours in the token-embedding matrix, a PCA picture of
its neighbourhood or a map of the whole vocabulary with the token marked, and a watch list whose
neighbour sets are tracked across probes."""

from __future__ import annotations

import csv
import logging
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QStringListModel, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QCompleter,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.analysis import EmbeddingIndex, pca_2d
from ....core.tokens import visible_text
from ....core.viewmodels.run_model import EMBEDDING_PATH, Aspect, RunModel
from ...common.export import export_button
from ...common.i18n import format_decimal, format_number
from ...common.widgets import read_only_table
from ...plots.lazy import LazyBuild
from ...plots.menus import plot_widget
from .vocab_map import QtVocabularyMap
from .watch_list import QtWatchList

__all__ = ["QtEmbeddingPanel", "QtWatchList", "default_token", "display_token"]

log = logging.getLogger(__name__)


DEFAULT_TOKENS = (" the", "the", " The", " of", " and", "def", " a", " self", "return")
"""Tokens the panel opens on, the first one in the vocabulary (common English and Python words)."""


def _search_hint() -> str:
    """The search box's grey hint text while it shows no token."""
    return QCoreApplication.translate("QtEmbeddingPanel", "token (type to complete; ␣ is a leading space)")


def default_token(vocab: tuple[str, ...], watched=()) -> int | None:
    """The token id the panel opens on in ``vocab`` (each id's text): the first watched one
    (``probe.watch``), else the first of :data:`DEFAULT_TOKENS` present, else the first token
    of two or more letters (in a BPE vocabulary the earliest merges are the most frequent pairs);
    None for a vocabulary without one."""
    for tid in watched:
        if 0 <= int(tid) < len(vocab):
            return int(tid)
    ids = {text: i for i, text in reversed(list(enumerate(vocab)))}
    for text in DEFAULT_TOKENS:
        if text in ids:
            return ids[text]
    return next((i for i, text in enumerate(vocab) if len(text.strip()) >= 2 and text.strip().isalpha()), None)


def waiting_text(probe=None, step: int | None = None) -> str:
    """What the panel says before the first probe of a run with ``probe`` settings (None: unknown);
    ``step`` is the first probe's step (:attr:`RunModel.next_probe_step`; None: ``probe.interval``,
    a new run's)."""
    if probe is not None and not probe.enabled:
        return QCoreApplication.translate(
            "QtEmbeddingPanel", "No embedding: probes are off in this run (probe.enabled = false).")
    if step is None and probe is not None:
        step = probe.interval
    when = (QCoreApplication.translate("QtEmbeddingPanel", "step {step}").format(step=format_number(step))
            if step is not None else "probe.interval")
    return QCoreApplication.translate(
        "QtEmbeddingPanel",
        "The embedding appears with the first probe ({when}); it opens on a common token such as “the”.").format(
        when=when)


def display_token(text: str) -> str:
    """A token's text made visible: a space as "␣", a newline as "⏎", a tab as "⇥", and what would
    act rather than show marked (:func:`~andrea_desktop.core.tokens.visible_text`)."""
    return visible_text(text.replace(" ", "␣").replace("\n", "⏎").replace("\t", "⇥"), "") or "∅"


class QtEmbeddingPanel(LazyBuild, QWidget):
    """Neighbourhoods in the token-embedding matrix of the newest probe of a run model.

    The panel draws the model's :attr:`~andrea_desktop.core.viewmodels.run_model.RunModel.embedding`
    and :attr:`~andrea_desktop.core.viewmodels.run_model.RunModel.watch_sets` (:meth:`set_model`)
    and redraws when they or the run's settings change.

    Parameters
    ----------
    parent
        The Qt parent.
    lazy
        Build the PCA picture, the vocabulary map and the stability plot only when
        :meth:`~andrea_desktop.gui.plots.lazy.LazyBuild.ensure_built` is called (the window: when
        the panel's dock is first shown); the index, the token, the table and the watch list
        follow the model from the start.

    Notes
    -----
    The k-NN query is exact (one (V, d) @ (d,) product, :class:`EmbeddingIndex`), so it runs on
    the GUI thread: ~1 ms for 8449 x 768. Stability of a watched token is the overlap of its
    cosine neighbour set (``probe.neighbours`` of them) with the set at the previous probe
    (:func:`neighbour_overlap`); tokens named in ``probe.watch`` have their sets saved in every
    ``probes/<step>.npz``, so a reopened run shows their whole history. Tokens added here are
    tracked from the probes that arrive after they are added.
    """

    def __init__(self, parent: QWidget | None = None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.index: EmbeddingIndex | None = None
        self.vocab: tuple[str, ...] = ()
        self.step: int | None = None
        self.token_id: int | None = None
        self.neighbours: tuple[np.ndarray, np.ndarray] = (np.zeros(0, np.int64), np.zeros(0))
        self._display: list[str] = []
        self._by_display: dict[str, int] = {}
        self._labels: list[pg.TextItem] = []
        self.model: RunModel | None = None
        self._watch_steps: set[int] = set()  # the model's watched sets already in the watch list
        self._drawn: tuple | None = None  # (step, matrix) of the model's embedding drawn now
        self._map_mode = False  # the picture is the whole-vocabulary map (map_mode)

        self.search = QLineEdit()
        self.search.setObjectName("tokenSearch")
        self.search.setPlaceholderText(_search_hint())
        self.completer_model = QStringListModel(self)
        self.completer = QCompleter(self.completer_model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer.setMaxVisibleItems(15)
        self.search.setCompleter(self.completer)
        self.completer.activated[str].connect(self.select_token)
        self.search.returnPressed.connect(lambda: self.select_token(self.search.text()))
        self.k_spin = QSpinBox()
        self.k_spin.setObjectName("neighbourCount")
        self.k_spin.setRange(1, 200)
        self.k_spin.setValue(10)
        self.k_spin.setPrefix("k = ")
        self.k_spin.valueChanged.connect(lambda _v: self._update_neighbours())
        self.metric_combo = QComboBox()
        self.metric_combo.setObjectName("neighbourMetric")
        self.metric_combo.addItem(self.tr("cosine similarity"), "cosine")
        self.metric_combo.addItem(self.tr("Euclidean distance"), "euclidean")
        self.metric_combo.currentIndexChanged.connect(lambda _i: self._update_neighbours())
        self.watch_button = QPushButton(self.tr("Watch"))
        self.watch_button.setToolTip(self.tr("Track this token's neighbour set across probes"))
        self.watch_button.clicked.connect(lambda: self.add_watch(self.token_id) if self.token_id is not None else None)
        self.status = QLabel(waiting_text())
        self.status.setObjectName("embeddingStatus")

        self.table = read_only_table("neighbourTable", ["#", self.tr("token"), self.tr("id"), self.tr("cosine")], stretch=1)
        self.table.setToolTip(self.tr("Double-click a row to look at that token's neighbours"))
        self.table.cellDoubleClicked.connect(self._on_row_double_clicked)

        self.watch_list = QtWatchList(self._name_of, lazy=True)  # its plot: with the panel's (_build)
        self.watch_list.token_activated.connect(self.select_token)
        self.watch = self.watch_list.sets  # token id -> {step: neighbour ids}
        self.watch_table = self.watch_list.table
        self.unwatch_button = self.watch_list.remove_button

        self.export = export_button(self, {self.tr("PCA picture"): self.when_built(lambda: self.pca_plot.getPlotItem()),
                                           self.tr("vocabulary map"): self.when_built(
                                               lambda: self.vocab_map.plot.getPlotItem()),
                                           self.tr("stability plot"): self.when_built(
                                               lambda: self.stability_plot.getPlotItem())},
                                    {self.tr("Neighbour table as CSV…"): self._ask_export_csv})

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Token")))
        top.addWidget(self.search, 3)
        top.addWidget(self.k_spin)
        top.addWidget(self.metric_combo)
        top.addWidget(self.watch_button)
        top.addWidget(self.export)
        self.upper = QSplitter(Qt.Orientation.Horizontal)  # the table, and the picture beside it (_build)
        self.upper.addWidget(self.table)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.upper)
        split.addWidget(self.watch_list)
        split.setSizes([450, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        self.set_model(RunModel())  # nothing to draw until the window hands it a run
        self._start_building(lazy)

    def _build(self) -> None:
        """The PCA picture, the vocabulary map and the watch list's stability plot
        (:class:`LazyBuild`), drawn from the embedding, token and view held."""
        self.pca_plot = plot_widget()
        self.pca_plot.setObjectName("pcaPlot")
        self.pca_plot.setLabel("bottom", self.tr("PC 1"))
        self.pca_plot.setLabel("left", self.tr("PC 2"))
        self.pca_plot.setTitle(self.tr("PCA of the neighbourhood"))
        # no pixmap cache: few points, and the SVG export then draws each as a vector shape
        self.scatter = pg.ScatterPlotItem(size=9, pen=pg.mkPen(None), useCache=False)
        self.pca_plot.addItem(self.scatter)
        self.vocab_map = QtVocabularyMap()
        self.vocab_map.token_clicked.connect(self.select_token)
        if self.index is not None:
            self.vocab_map.set_embedding(self.step, self.index.E, self._display)
        self.view_group = QButtonGroup(self)
        view_row = QHBoxLayout()
        view_row.setContentsMargins(0, 0, 0, 0)
        for n, (text, name, tip) in enumerate((
                (self.tr("Neighbours"), "neighboursView", self.tr("PCA of the token and its k neighbours, labelled")),
                (self.tr("Whole vocabulary"), "vocabularyView",
                 self.tr("Every token as a point, the token and its neighbours marked (like TensorBoard's projector)")))):
            button = QPushButton(text)
            button.setObjectName(name)
            button.setToolTip(tip)
            button.setCheckable(True)
            button.setChecked(n == int(self._map_mode))
            self.view_group.addButton(button, n)
            view_row.addWidget(button)
        view_row.addStretch(1)
        self.view_group.idToggled.connect(lambda n, on: self.set_map_mode(n == 1) if on else None)
        self.plots = QStackedWidget()
        self.plots.addWidget(self.pca_plot)
        self.plots.addWidget(self.vocab_map)
        picture = QWidget()
        picture_layout = QVBoxLayout(picture)
        picture_layout.setContentsMargins(0, 0, 0, 0)
        picture_layout.addLayout(view_row)
        picture_layout.addWidget(self.plots, 1)
        self.upper.addWidget(picture)
        self.upper.setSizes([330, 330])
        picture.show()  # the panel may be on screen already
        self.watch_list.ensure_built()
        self.stability_plot = self.watch_list.plot
        self._draw_pca()
        self.set_map_mode(self._map_mode)


    # ------------------------------------------------------------------ data
    def set_model(self, model: RunModel) -> None:
        """Draw ``model`` (another run, or this one read again): nothing of the previous model
        stays — its vocabulary and token, the tokens watched here, the watch list's steps."""
        if self.model is not None:
            self.model.changed.disconnect(self._on_changed)
        self.model = model
        self.index = None
        self.vocab = ()
        self.step = None
        self.token_id = None
        self.watch.clear()
        self._watch_steps.clear()
        self._drawn = None
        self._display = []
        self._by_display = {}
        self.completer_model.setStringList([])
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self.search.setPlaceholderText(_search_hint())
        self.neighbours = (np.zeros(0, np.int64), np.zeros(0))
        self.table.setRowCount(0)
        if self.is_built:
            self.vocab_map.clear()
        self._draw_pca()
        model.changed.connect(self._on_changed)
        self._on_changed(frozenset(Aspect))

    def _on_changed(self, aspects: frozenset) -> None:
        """Redraw what changed of the model: the embedding, the watched sets, the waiting text."""
        m = self.model
        if Aspect.CONFIG in aspects and m.config is not None:
            self.watch_k = m.config.probe.neighbours
        if Aspect.PROBES in aspects:
            new = [ws for ws in m.watch_sets if int(ws["step"]) not in self._watch_steps]
            for ws in new:
                self._watch_steps.add(int(ws["step"]))
                self._add_watch_sets(ws)
            if new:
                self._update_watch_views()
        if Aspect.EMBEDDING in aspects and m.embedding is not None \
                and (self._drawn is None or self._drawn[0] != m.embedding[0] or self._drawn[1] is not m.embedding[1]):
            self._drawn = (m.embedding[0], m.embedding[1])
            self._draw_embedding(*m.embedding)
        if self.index is None and aspects & {Aspect.CONFIG, Aspect.LINEAGE, Aspect.SERIES, Aspect.STATUS,
                                             Aspect.EMBEDDING}:
            self.status.setText(self._status_before_embedding())
        if aspects & {Aspect.CONFIG, Aspect.LINEAGE, Aspect.STATUS} and not self.watch:
            self._update_watch_views()

    def _status_before_embedding(self) -> str:
        m = self.model
        if m.embedding_error:
            return self.tr("The run's {file} cannot be read; the next probe replaces it.").format(file=EMBEDDING_PATH)
        return waiting_text(m.config.probe if m.config is not None else None, m.next_probe_step)

    def _draw_embedding(self, step: int, embedding: np.ndarray, vocab) -> None:
        """Draw the embedding matrix (V, d_model) captured at ``step``; ``vocab`` is each id's
        text (V,) (the model's :attr:`~andrea_desktop.core.viewmodels.run_model.RunModel.embedding`;
        a matrix that does not match its vocabulary is logged and not drawn)."""
        embedding = np.asarray(embedding)
        vocab = tuple(str(v) for v in np.asarray(vocab).reshape(-1))
        if embedding.ndim != 2 or len(vocab) != len(embedding) or embedding.dtype.kind not in "fiu" \
                or 0 in embedding.shape:
            log.warning("embedding %s does not match a vocabulary of %d tokens", embedding.shape, len(vocab))
            return
        bad = ~np.isfinite(embedding).all(axis=1)
        if bad.any():  # a diverged row (or float16 overflow): shown as zero, and said so
            embedding = np.where(bad[:, None], 0.0, embedding)
        self.index = EmbeddingIndex(embedding)
        self.step = int(step)
        if vocab != self.vocab:
            self.vocab = vocab
            self._display, self._by_display = [], {}
            for i, text in enumerate(vocab):
                shown = display_token(text)
                if shown in self._by_display:  # byte fragments decode alike: keep them apart
                    shown = f"{shown} #{i}"
                self._display.append(shown)
                self._by_display[shown] = i
            self.completer_model.setStringList(self._display)
        if self.is_built:
            self.vocab_map.set_embedding(self.step, self.index.E, self._display)
        V, d = embedding.shape
        self.status.setText(self.tr("step {step} · {tokens} tokens × d_model {d}").format(
            step=format_number(self.step), tokens=format_number(V), d=d)
            + (" · " + self.tr("{n} row(s) not finite (shown as zero)", "", int(bad.sum())).format(
                n=format_number(int(bad.sum()))) if bad.any() else ""))
        for tid, hist in self.watch.items():  # tokens added in the GUI: their set now
            if self.step not in hist and 0 <= tid < V:
                hist[self.step] = self.index.query(tid, self.watch_k, "cosine")[0]
        if self.token_id is None or self.token_id >= V:  # nothing chosen yet: open on a common token
            self.token_id = default_token(self.vocab, sorted(self.watch))
            if self.token_id is not None:  # the box stays empty for the user's own token
                self.search.setPlaceholderText(self.tr(
                    "{token} shown; type a token (type to complete; ␣ is a leading space)").format(
                    token=self._display[self.token_id]))
        self._update_neighbours()
        self._update_watch_views()

    def _add_watch_sets(self, probe: dict) -> None:
        self.watch_list.add_sets(probe, len(self.vocab))

    # ------------------------------------------------------------------ selection
    def token_of(self, text: str) -> int | None:
        """The id of a token typed or picked by the user (its shown form, its raw text, or a
        numeric id), or None."""
        if not self.vocab:
            return None
        if text in self._by_display:
            return self._by_display[text]
        raw = text.replace("␣", " ").replace("⏎", "\n").replace("⇥", "\t")
        for candidate in (raw, " " + raw.lstrip()):
            if candidate in self.vocab:
                return self.vocab.index(candidate)
        digits = text.strip()
        if digits.isascii() and digits.isdigit() and int(digits) < len(self.vocab):
            return int(digits)
        return None

    def select_token(self, token: str | int) -> bool:
        """Look at a token's neighbourhood (by id or text); False if it is not in the vocabulary."""
        tid = token if isinstance(token, (int, np.integer)) else self.token_of(str(token))
        if tid is None or self.index is None or not 0 <= int(tid) < len(self.vocab):
            if self.index is not None:
                self.status.setText(self.tr("{token} is not a token of this run's vocabulary "
                                        "(pick one from the completion list, or type its id)").format(token=repr(token)))
            return False
        self.token_id = int(tid)
        self.search.setPlaceholderText(_search_hint())
        self.search.blockSignals(True)
        self.search.setText(self._display[self.token_id])
        self.search.blockSignals(False)
        self._update_neighbours()
        return True

    def _on_row_double_clicked(self, row: int, _col: int) -> None:
        item = self.table.item(row, 2)
        if item is not None:
            self.select_token(int(item.text()))

    # ------------------------------------------------------------------ neighbours
    def _update_neighbours(self) -> None:
        metric = self.metric_combo.currentData()
        self.table.setHorizontalHeaderItem(3, QTableWidgetItem(self.tr("cosine") if metric == "cosine" else self.tr("distance")))
        if self.index is None or self.token_id is None:
            self.neighbours = (np.zeros(0, np.int64), np.zeros(0))
            self.table.setRowCount(0)
            self._draw_pca()
            return
        self.neighbours = self.index.query(self.token_id, self.k_spin.value(), metric)
        ids, scores = self.neighbours
        self.table.setRowCount(len(ids))
        for r, (i, s) in enumerate(zip(ids, scores, strict=True)):
            for c, text in enumerate((str(r + 1), self._display[i], str(int(i)), format_decimal(s, ".4f"))):
                item = QTableWidgetItem(text)
                if c != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self._draw_pca()

    def neighbour_rows(self) -> list[tuple[int, str, int, float]]:
        """The table's rows: (rank, token text, id, score)."""
        ids, scores = self.neighbours
        return [(r + 1, self.vocab[i], int(i), float(s)) for r, (i, s) in enumerate(zip(ids, scores, strict=True))]

    def export_csv(self, path: str | Path) -> Path:
        """Write the neighbour table to ``path`` as CSV (UTF-8; header names the token, step,
        metric). Raises OSError if it cannot be written."""
        path = Path(path)
        metric = self.metric_combo.currentData()
        with path.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["query_token", "query_id", "step", "rank", "token", "id", metric])
            q = self.vocab[self.token_id] if self.token_id is not None else ""
            for rank, text, i, s in self.neighbour_rows():
                w.writerow([q, self.token_id, self.step, rank, text, i, f"{s:.6g}"])
        return path

    def _ask_export_csv(self) -> None:
        name = f"neighbours-{self.token_id}.csv" if self.token_id is not None else "neighbours.csv"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export neighbour table"), name, self.tr("CSV table (*.csv)"))
        if not path:
            return
        try:
            self.export_csv(path)
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export failed"),
                                self.tr("{error}\n\nChoose another folder or file name.").format(error=exc))

    # ------------------------------------------------------------------ pictures
    @property
    def map_mode(self) -> bool:
        """True while the picture is the whole-vocabulary map (else the neighbourhood's PCA)."""
        return self._map_mode

    def set_map_mode(self, on: bool) -> None:
        """Show the whole-vocabulary map (True) or the neighbourhood's PCA (False)."""
        self._map_mode = bool(on)
        if not self.is_built:  # shown so when the panel is built
            return
        self.view_group.button(1 if on else 0).setChecked(True)
        self.plots.setCurrentWidget(self.vocab_map if on else self.pca_plot)
        self.vocab_map.set_active(on)

    def _draw_pca(self) -> None:
        if not self.is_built:
            return
        ids = self.neighbours[0] if self.token_id is not None else ()
        self.vocab_map.set_selection(self.token_id if self.index is not None else None, ids)
        for item in self._labels:
            self.pca_plot.removeItem(item)
        self._labels.clear()
        if self.index is None or self.token_id is None:
            self.scatter.clear()
            self.pca_plot.getViewBox().setRange(xRange=(-1, 1), yRange=(-1, 1), padding=0)  # no old scale
            return
        rows = np.concatenate([[self.token_id], self.neighbours[0]]).astype(np.int64)
        xy = pca_2d(self.index.E[rows])
        brushes = [pg.mkBrush("#D62728")] + [pg.mkBrush("#1F77B4")] * (len(rows) - 1)
        sizes = [13] + [8] * (len(rows) - 1)
        self.scatter.setData(x=xy[:, 0], y=xy[:, 1], brush=brushes, size=sizes,
                             data=[int(r) for r in rows])
        for j, r in enumerate(rows):
            label = pg.TextItem(self._display[r][:16], color="#D62728" if j == 0 else pg.getConfigOption("foreground"),
                                anchor=(0, 1))
            label.setPos(float(xy[j, 0]), float(xy[j, 1]))
            self.pca_plot.addItem(label)
            self._labels.append(label)
        self.pca_plot.getViewBox().autoRange(padding=0.15)

    # ------------------------------------------------------------------ watch list
    def add_watch(self, token: str | int) -> bool:
        """Track a token's neighbour set from now on (by id or text); False if unknown."""
        tid = token if isinstance(token, (int, np.integer)) else self.token_of(str(token))
        if tid is None or not 0 <= int(tid) < len(self.vocab):
            return False
        hist = self.watch.setdefault(int(tid), {})
        if self.index is not None and self.step is not None and self.step not in hist:
            hist[self.step] = self.index.query(int(tid), self.watch_k, "cosine")[0]
        self._update_watch_views()
        return True

    def stability(self, token_id: int) -> tuple[np.ndarray, np.ndarray]:
        """(steps, overlap with the previous probe's set) of a watched token, (n - 1,) each."""
        return self.watch_list.stability(token_id)

    @property
    def watch_k(self) -> int:
        """Neighbours per watched set (``probe.neighbours``)."""
        return self.watch_list.k

    @watch_k.setter
    def watch_k(self, k: int) -> None:
        self.watch_list.k = k

    def _name_of(self, tid: int) -> str:
        return self._display[tid] if tid < len(self._display) else f"#{tid}"

    def _update_watch_views(self) -> None:
        m = self.model
        start = m.first_step - 1 if m is not None else 0
        nxt = m.next_probe_step if m is not None else None
        self.watch_list.update_views((start, max(nxt or start + 1, start + 1)))
