"""The embedding panel's whole-vocabulary map: every token of the newest probe's embedding matrix
as a point (PCA, or UMAP with the ``maps`` extra), the searched token and its neighbours marked
and labelled, as TensorBoard's embedding projector shows them.

The projection (:func:`andrea_desktop.core.embedding_map.vocabulary_map`) runs on a background
thread when the matrix is large (andrea-120m's 8449 x 768 PCA: ~0.1-0.5 s; UMAP: tens of
seconds), once per probe step and method; the GUI thread only calls ``setData`` on items made
once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ....core.embedding_map import MAP_METHODS, VocabularyMap, method_unavailable, vocabulary_map
from ...common.i18n import format_decimal, format_number
from ...plots.menus import plot_widget

__all__ = ["QtVocabularyMap", "SYNC_ELEMENTS"]

log = logging.getLogger(__name__)
_TIP_CHARS = 80
"""Characters of a token's text a hover tip shows at most."""

SYNC_ELEMENTS = 1 << 16
"""A PCA map of a matrix with at most this many entries (V x d) is computed on the GUI thread
(under ~2 ms); a larger one, and every UMAP map, on a background thread."""

MAX_LABELS = 11
"""Labels drawn: the token and its nearest neighbours, as many as fit without overlapping (every
neighbour is marked; hovering any point names it)."""

TOKEN_COLOUR, NEIGHBOUR_COLOUR = "#D62728", "#1F77B4"  # as in the neighbourhood picture


class QtVocabularyMap(QWidget):
    """All V tokens of an embedding matrix in 2-D, with one token and its neighbours marked.

    Signals
    -------
    token_clicked(int)
        The id of a point the user clicked.
    """

    token_clicked = Signal(int)
    _computed = Signal(object, object)  # (request key, VocabularyMap or an error message)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._E: np.ndarray | None = None
        self._step: int | None = None
        self._names: Sequence[str] = ()
        self._cache: dict[tuple, VocabularyMap] = {}
        self._failed: dict[tuple, str] = {}  # why a map could not be made (not tried again)
        self._shown: tuple | None = None  # key of the map drawn
        self._shown_map: VocabularyMap | None = None
        self._running: set[str] = set()  # methods whose map a background thread is computing
        self._generation = 0  # counts clear()s: a map of an earlier run's matrix is never shown
        self.active = False  # computes only while shown
        self.token_id: int | None = None
        self.neighbour_ids = np.zeros(0, np.int64)
        self._computed.connect(self._on_computed, Qt.ConnectionType.QueuedConnection)

        self.method_combo = QComboBox()
        self.method_combo.setObjectName("mapMethod")
        for method in MAP_METHODS:
            self.method_combo.addItem(method.label, method.key)
        self.update_methods()
        self.method_combo.currentIndexChanged.connect(lambda _i: self._request())
        self.status = QLabel("")
        self.status.setObjectName("mapStatus")
        self.status.setWordWrap(True)

        self.plot = plot_widget()
        self.plot.setObjectName("vocabularyMap")
        self.plot.setMenuEnabled(False)
        vb = self.plot.getViewBox()
        for axis in ("left", "bottom"):  # coordinates without unit: no "(x0.001)" scale
            self.plot.getAxis(axis).enableAutoSIPrefix(False)
        # the cloud: small, half-transparent, one brush (pyqtgraph draws it from one cached symbol)
        muted = pg.mkColor(pg.getConfigOption("foreground"))
        muted.setAlpha(70)
        self.cloud = pg.ScatterPlotItem(size=4, pen=None, brush=pg.mkBrush(muted), hoverable=True, tip=self._tip)
        self.neighbour_points = pg.ScatterPlotItem(size=9, pen=pg.mkPen("w", width=1),
                                                   brush=pg.mkBrush(NEIGHBOUR_COLOUR), hoverable=True, tip=self._tip)
        self.token_point = pg.ScatterPlotItem(size=15, pen=pg.mkPen("w", width=1.5), brush=pg.mkBrush(TOKEN_COLOUR),
                                              hoverable=True, tip=self._tip)
        # labels (z 1) lie over the cloud but under the marked points, which stay visible
        for z, item in ((0, self.cloud), (2, self.neighbour_points), (3, self.token_point)):
            item.setZValue(z)
            item.sigClicked.connect(self._on_points_clicked)
            self.plot.addItem(item)
        background = pg.mkColor(pg.getConfigOption("background"))
        background.setAlpha(200)
        self.labels = [pg.TextItem("", anchor=(0, 1), fill=pg.mkBrush(background)) for _ in range(MAX_LABELS)]
        for label in self.labels:
            label.setZValue(1)
            label.hide()
            self.plot.addItem(label)
        vb.sigRangeChanged.connect(lambda *_: self._place_labels())
        vb.sigResized.connect(lambda *_: self._place_labels())

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Method")))
        row.addWidget(self.method_combo)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.plot, 1)

    # ------------------------------------------------------------------ methods
    def update_methods(self) -> None:
        """Enable the methods whose module is installed; a missing one is greyed out with a
        tooltip that says how to install it (the combo's tooltip lists them too)."""
        model = self.method_combo.model()
        notes = []
        for i in range(self.method_combo.count()):
            reason = self._unavailable(self.method_combo.itemData(i))
            if isinstance(model, QStandardItemModel):
                item = model.item(i)
                item.setEnabled(reason is None)
                item.setToolTip(reason or "")
            if reason:
                notes.append(reason)
        self.method_combo.setToolTip(self.tr("How the vocabulary is laid out in 2-D") + "".join(f"\n{n}" for n in notes))
        if method_unavailable(self.method_combo.currentData()):
            self.method_combo.setCurrentIndex(0)  # PCA

    def _unavailable(self, key: str) -> str | None:
        """:func:`method_unavailable`'s sentence, translated."""
        reason = method_unavailable(key)
        method = next((m for m in MAP_METHODS if m.key == key), None)
        if reason is None or method is None or method.module is None:
            return reason
        return self.tr("{method} needs the '{module}' module: {install}").format(
            method=method.label, module=method.module, install=method.install)

    def method_enabled(self, key: str) -> bool:
        """True when the method menu offers ``key``."""
        i = self.method_combo.findData(key)
        model = self.method_combo.model()
        return i >= 0 and bool(model.flags(model.index(i, 0)) & Qt.ItemFlag.ItemIsEnabled)

    # ------------------------------------------------------------------ data
    def clear(self) -> None:
        self._E, self._step, self._names = None, None, ()
        self._generation += 1
        self._cache.clear()
        self._failed.clear()
        self._shown, self._shown_map = None, None
        self.token_id, self.neighbour_ids = None, np.zeros(0, np.int64)
        for item in (self.cloud, self.neighbour_points, self.token_point):
            item.clear()
        self._place_labels()
        self.plot.setTitle(None)
        self.status.setText("")

    def set_embedding(self, step: int, E: np.ndarray, names: Sequence[str]) -> None:
        """The newest (V, d) embedding matrix (finite), captured at ``step``; ``names`` (V,) is
        each id's shown text. Mapped now when the map is shown, else when it is next shown."""
        self._E, self._step, self._names = E, int(step), names
        self._cache = {k: v for k, v in self._cache.items() if k[0] == self._step}
        self._failed = {k: v for k, v in self._failed.items() if k[0] == self._step}
        if self.active:
            self._request()

    def set_active(self, active: bool) -> None:
        """Shown (True) or hidden: a hidden map computes nothing."""
        self.active = bool(active)
        if self.active:
            self._request()

    def _key(self) -> tuple | None:
        if self._E is None:
            return None
        return (self._step, self.method_combo.currentData(), self._E.shape, self._generation)

    def _request(self) -> None:
        key = self._key()
        if key is None or key == self._shown:
            return
        if key in self._cache:
            self._show(key, self._cache[key])
            return
        if key in self._failed:
            self.status.setText(self.tr("No map: {reason}").format(reason=self._failed[key]))
            return
        step, method, (V, d), _ = key
        if method == "pca" and V * d <= SYNC_ELEMENTS:
            self._finish(key, self._compute(self._E, method, step))
            return
        shown = self._shown_map
        self.status.setText(
            self.tr("Computing the {method} map of {tokens} tokens (step {step})…").format(
                method=self.method_combo.currentText(), tokens=format_number(V), step=format_number(step))
            + (" " + self.tr("The map of step {step} is shown meanwhile.").format(step=format_number(shown.step))
               if shown else "")
            + (" " + self.tr("UMAP takes a minute or so.") if method == "umap" else ""))
        if method in self._running:  # one thread per method: _on_computed asks again when it ends
            return
        self._running.add(method)
        threading.Thread(target=self._run, args=(key, self._E, method, step), name="andrea-vocab-map",
                         daemon=True).start()

    @staticmethod
    def _compute(E, method: str, step: int) -> VocabularyMap | str:
        try:
            return vocabulary_map(E, method, step)
        except Exception as exc:  # shown in the panel, never raised into Qt
            log.warning("vocabulary map (%s) of step %s: %s", method, step, exc)
            return f"{type(exc).__name__}: {exc}"

    def _run(self, key, E, method, step) -> None:  # on the background thread
        result = self._compute(E, method, step)
        try:
            self._computed.emit(key, result)
        except RuntimeError:  # the widget was deleted meanwhile
            pass

    def _on_computed(self, key, result) -> None:
        self._running.discard(key[1])
        self._finish(key, result)
        if self.active and self._key() != self._shown:
            self._request()  # the step or the method changed while it ran

    def _finish(self, key, result: VocabularyMap | str) -> None:
        if isinstance(result, str):
            self._failed[key] = result
            if key == self._key():
                self.status.setText(self.tr("No map: {reason}").format(reason=result))
            return
        if key[0] == self._step and key[3] == self._generation:
            self._cache[key] = result
        if key == self._key():
            self._show(key, result)

    @property
    def map(self) -> VocabularyMap | None:
        """The map drawn (None before the first)."""
        return self._shown_map

    def _show(self, key: tuple, vmap: VocabularyMap) -> None:
        previous = self._shown
        self._shown, self._shown_map = key, vmap
        xy = vmap.xy
        self.cloud.setData(x=xy[:, 0], y=xy[:, 1], data=np.arange(len(xy)))
        label = self.method_combo.itemText(self.method_combo.findData(vmap.method))
        if vmap.explained is not None:
            ex = vmap.explained * 100
            self.plot.setLabel("bottom", self.tr("PC 1 ({percent} % of variance)").format(percent=format_decimal(ex[0], ".1f")))
            self.plot.setLabel("left", self.tr("PC 2 ({percent} %)").format(percent=format_decimal(ex[1], ".1f")))
        else:
            self.plot.setLabel("bottom", f"{label} 1")
            self.plot.setLabel("left", f"{label} 2")
        self.plot.setTitle(self.tr("{method} of all {tokens} tokens · step {step}").format(
            method=label, tokens=format_number(len(xy)), step=format_number(vmap.step)))
        self.status.setText(self.tr("Hover a point to read its token; click one to select it."))
        self._update_highlight()
        if previous is None or previous[1:] != key[1:]:  # first map, another method or size
            self.plot.getViewBox().autoRange(padding=0.05)

    # ------------------------------------------------------------------ selection
    def set_selection(self, token_id: int | None, neighbour_ids) -> None:
        """Mark ``token_id`` and its neighbours ((k,) ids, nearest first); None: no token."""
        changed = token_id != self.token_id
        self.token_id = None if token_id is None else int(token_id)
        self.neighbour_ids = np.asarray(neighbour_ids, dtype=np.int64).reshape(-1)
        self._update_highlight()
        if changed:
            self._keep_token_in_view()

    def _update_highlight(self) -> None:
        vmap = self.map
        if vmap is None or self.token_id is None or not 0 <= self.token_id < len(vmap.xy):
            self.token_point.clear()
            self.neighbour_points.clear()
            self._place_labels()
            return
        xy = vmap.xy
        ids = self.neighbour_ids[(self.neighbour_ids >= 0) & (self.neighbour_ids < len(xy))]
        self.neighbour_points.setData(x=xy[ids, 0], y=xy[ids, 1], data=ids)
        self.token_point.setData(x=xy[[self.token_id], 0], y=xy[[self.token_id], 1], data=[self.token_id])
        self._place_labels()

    def _keep_token_in_view(self) -> None:
        vmap = self.map
        if vmap is None or self.token_id is None or not 0 <= self.token_id < len(vmap.xy):
            return
        x, y = (float(v) for v in vmap.xy[self.token_id])
        vb = self.plot.getViewBox()
        (x0, x1), (y0, y1) = vb.viewRange()
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            w, h = x1 - x0, y1 - y0
            vb.setRange(xRange=(x - w / 2, x + w / 2), yRange=(y - h / 2, y + h / 2), padding=0)

    def labelled(self) -> list[tuple[int, str]]:
        """(token id, text) of each label drawn, the token first."""
        return [(label.token_id, label.textItem.toPlainText()) for label in self.labels
                if label.isVisible()]

    def _place_labels(self) -> None:
        """Label the token and then each neighbour, nearest first, beside its point on whichever
        side keeps it clear of the labels already placed and inside the plot; a label that fits
        nowhere is left out (its point stays marked and names itself on hover)."""
        vmap = self.map
        ids = [] if vmap is None or self.token_id is None or not 0 <= self.token_id < len(vmap.xy) \
            else [self.token_id, *[int(i) for i in self.neighbour_ids if 0 <= i < len(vmap.xy)]]
        vb = self.plot.getViewBox()
        bounds = vb.mapRectToScene(vb.boundingRect())
        # the marked points are obstacles too: a label never hides one
        marks = [vb.mapViewToScene(QPointF(*(float(v) for v in vmap.xy[i]))) for i in ids]
        placed: list[QRectF] = [QRectF(m.x() - 5, m.y() - 5, 10, 10) for m in marks]
        labels = iter(self.labels)
        for n, tid in enumerate(ids[:MAX_LABELS]):
            label = next(labels)
            name = self._names[tid] if tid < len(self._names) else f"#{tid}"
            label.setText(name[:24], color=TOKEN_COLOUR if n == 0 else pg.getConfigOption("foreground"))
            label.token_id = tid
            x, y = (float(v) for v in vmap.xy[tid])
            p = marks[n]
            size = label.textItem.boundingRect()
            w, h, gap = size.width(), size.height(), 6.0
            for ax, ay in ((0, 1), (1, 1), (0, 0), (1, 0)):  # above right, above left, below right, below left
                rect = QRectF(p.x() + (gap if ax == 0 else -gap - w), p.y() + (-h if ay == 1 else 0.0), w, h)
                if bounds.contains(rect) and not any(rect.intersects(r) for r in placed):
                    break
            else:
                if n > 0:  # a neighbour that fits nowhere; the token is labelled regardless
                    label.hide()
                    continue
            placed.append(rect)
            label.setAnchor((ax, ay))
            label.setPos(x + (1 if ax == 0 else -1) * gap * vb.viewPixelSize()[0],
                         y + (1 if ay == 1 else -1) * 2 * vb.viewPixelSize()[1])
            label.show()
        for label in labels:
            label.hide()

    # ------------------------------------------------------------------ events
    def _tip(self, x: float, y: float, data) -> str:
        tid = int(data)
        name = self._names[tid] if 0 <= tid < len(self._names) else f"#{tid}"
        name = name if len(name) <= _TIP_CHARS else name[:_TIP_CHARS - 1] + "…"  # a 1 KB token
        return f"{name}  (id {tid})"

    def _on_points_clicked(self, _item, points, _event) -> None:
        if len(points):
            self.token_clicked.emit(int(points[0].data()))
