"""The reading panes' worked examples (docs/design.md#worked-examples), live: the user changes the inputs and the
numbers are recomputed by :mod:`andrea_desktop.core.worked_examples`, which calls the code the
panels use (attention weights, the embedding index, the simplex's vertices). Nothing shown here
is typed in.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ...core.mixture.simplex import ConstraintError, polygon_layout, region_outline, to_plane
from ...core.worked_examples import (
    ATTENTION_KEYS,
    ATTENTION_QUERY,
    EMBEDDING_TOKENS,
    EMBEDDING_VECTORS,
    REGION_CAPS,
    REGION_FLOORS,
    REGION_SOURCES,
    attention_example,
    embedding_example,
    region_example,
)
from ..common.i18n import format_number, join_numbers
from ..common.theme import colour
from ..plots.simplex import cosmetic_pen, polygon_item, simplex_plot

__all__ = ["QtAttentionExample", "QtEmbeddingExample", "QtRegionExample", "number"]

VALUE_RANGE = 99.0
"""Inputs are bounded to [-VALUE_RANGE, VALUE_RANGE] (spin boxes cannot hold anything else)."""
REGION_COLOUR = "#0072B2"  # the simplex panel's current region


def number(x: float, decimals: int = 5) -> str:
    """``x`` with ``decimals`` places in the interface's language (a decimal comma in id and nl)."""
    return format_number(float(x), decimals)


def _spin(value: float, lo: float = -VALUE_RANGE, hi: float = VALUE_RANGE, step: float = 0.1,
          decimals: int = 2, compact: bool = True) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(lo, hi)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setValue(value)
    box.setKeyboardTracking(False)  # recompute when the number is complete, not at each key
    box.setAlignment(Qt.AlignmentFlag.AlignRight)
    if compact:
        box.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)  # arrows and the wheel still step
        box.setMinimumWidth(box.fontMetrics().horizontalAdvance("-99.99") + 14)
        box.setMaximumWidth(box.fontMetrics().horizontalAdvance("-99.99") + 24)
    return box


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setStyleSheet(f"color: {colour('muted')};")
    return label


def _value_label(name: str) -> QLabel:
    label = QLabel("")
    label.setObjectName(name)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return label


def _header(text: str) -> QLabel:
    label = QLabel(f"<b>{text}</b>")
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label



def _name_label(html: str) -> QLabel:
    """A vector's name (q, k<sub>1</sub>): wide enough for its letters at the full font size."""
    label = QLabel(html)
    plain = html.replace("<sub>", "").replace("</sub>", "")
    label.setMinimumWidth(label.fontMetrics().horizontalAdvance(plain) + 2)
    return label

class _Bar(QWidget):
    """A horizontal bar of length ``value`` in [0, 1] (an attention weight at a glance)."""

    def __init__(self) -> None:
        super().__init__()
        self.value = 0.0
        self.setMinimumSize(40, 10)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_value(self, value: float) -> None:
        self.value = float(np.clip(value, 0.0, 1.0)) if np.isfinite(value) else 0.0
        self.setToolTip(number(self.value))
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 -- Qt override
        p = QPainter(self)
        r = QRectF(self.rect()).adjusted(0, 1, -1, -1)
        p.setPen(self.palette().mid().color())
        p.drawRect(r)
        p.fillRect(QRectF(r.x(), r.y(), r.width() * self.value, r.height()), QColor(REGION_COLOUR))
        p.end()


class QtAttentionExample(QWidget):
    """The seeds' attention example: one query, three keys in R^4, editable.

    Attributes
    ----------
    query_boxes
        d_k spin boxes of q.
    key_boxes
        One list of d_k spin boxes per key.
    dot_labels, score_labels, weight_labels
        Per key: q . k, q . k / sqrt(d_k), and the softmax weight, as shown.
    result
        The last :class:`~andrea_desktop.core.worked_examples.AttentionExample`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attentionExample")
        d = len(ATTENTION_QUERY)
        caption = _caption(QCoreApplication.translate(
            "ReadingPane", "<b>Worked example.</b> A query q and three keys; change any number and the "
                           "weights are recomputed by the same function that computes the heatmaps."))
        inputs = QGridLayout()
        inputs.setHorizontalSpacing(4)
        self.query_boxes = [_spin(v) for v in ATTENTION_QUERY]
        self.key_boxes = [[_spin(v) for v in key] for key in ATTENTION_KEYS]
        rows = [("q", self.query_boxes)] + [(f"k<sub>{i + 1}</sub>", boxes) for i, boxes in enumerate(self.key_boxes)]
        for r, (name, boxes) in enumerate(rows):
            inputs.addWidget(_name_label(name), r, 0)
            for c, box in enumerate(boxes):
                box.setObjectName(f"attentionExample_{r}_{c}")
                box.valueChanged.connect(self._update)
                inputs.addWidget(box, r, c + 1)
        inputs.setColumnStretch(d + 1, 1)

        results = QGridLayout()
        results.setHorizontalSpacing(10)
        for c, text in enumerate(("", "q\u00b7k", "q\u00b7k/\u221ad<sub>k</sub>",
                                  QCoreApplication.translate("ReadingPane", "weight"))):
            results.addWidget(_header(text), 0, c)
        self.dot_labels, self.score_labels, self.weight_labels, self.bars = [], [], [], []
        for i in range(len(ATTENTION_KEYS)):
            results.addWidget(_name_label(f"k<sub>{i + 1}</sub>"), i + 1, 0)
            for c, (labels, name) in enumerate(((self.dot_labels, "dot"), (self.score_labels, "score"),
                                                 (self.weight_labels, "weight"))):
                label = _value_label(f"attention_{name}_{i}")
                if name == "weight":
                    font = label.font()
                    font.setBold(True)
                    label.setFont(font)
                labels.append(label)
                results.addWidget(label, i + 1, c + 1)
            bar = _Bar()
            self.bars.append(bar)
            results.addWidget(bar, i + 1, 4)
        results.setColumnStretch(4, 1)
        self.note = _caption("")
        self.note.setObjectName("attentionExampleNote")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption)
        layout.addLayout(inputs)
        layout.addSpacing(6)
        layout.addLayout(results)
        layout.addWidget(self.note)
        self.result = None
        self._update()

    def _update(self) -> None:
        q = [b.value() for b in self.query_boxes]
        keys = [[b.value() for b in boxes] for boxes in self.key_boxes]
        self.result = r = attention_example(q, keys)
        for i in range(len(keys)):
            self.dot_labels[i].setText(number(r.dots[i]))
            self.score_labels[i].setText(number(r.scores[i]))
            self.weight_labels[i].setText(number(r.weights[i]))
            self.bars[i].set_value(r.weights[i])
        self.note.setText(QCoreApplication.translate(
            "ReadingPane", "d<sub>k</sub> = {d}, so \u221ad<sub>k</sub> = {root}; the weights add up to {total}.")
            .format(d=r.d_k, root=number(np.sqrt(r.d_k), 2), total=number(r.weights.sum(), 5)))


class QtEmbeddingExample(QWidget):
    """The seeds' embedding example: parakeet, monkey and Fourier in R^3, editable.

    Attributes
    ----------
    vector_boxes
        One list of spin boxes per token.
    cosine_labels, distance_labels
        ``{(i, j): QLabel}`` for each pair i < j, as shown.
    nearest_label
        Each token's nearest other token by cosine similarity.
    result
        The last :class:`~andrea_desktop.core.worked_examples.EmbeddingExample`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("embeddingExample")
        caption = _caption(QCoreApplication.translate(
            "ReadingPane", "<b>Worked example.</b> Three token embeddings shrunk to three dimensions; "
                           "change any number and the similarities are recomputed by the index behind "
                           "the neighbour table."))
        inputs = QGridLayout()
        inputs.setHorizontalSpacing(4)
        self.vector_boxes = [[_spin(v) for v in vec] for vec in EMBEDDING_VECTORS]
        for r, (token, boxes) in enumerate(zip(EMBEDDING_TOKENS, self.vector_boxes, strict=True)):
            inputs.addWidget(QLabel(token), r, 0)
            for c, box in enumerate(boxes):
                box.setObjectName(f"embeddingExample_{r}_{c}")
                box.valueChanged.connect(self._update)
                inputs.addWidget(box, r, c + 1)
        inputs.setColumnStretch(len(EMBEDDING_VECTORS[0]) + 1, 1)

        pairs = QGridLayout()
        pairs.setHorizontalSpacing(10)
        pairs.addWidget(QLabel(""), 0, 0)
        pairs.addWidget(_header(QCoreApplication.translate("ReadingPane", "cosine")), 0, 1)
        pairs.addWidget(_header(QCoreApplication.translate("ReadingPane", "distance")), 0, 2)
        self.cosine_labels: dict[tuple[int, int], QLabel] = {}
        self.distance_labels: dict[tuple[int, int], QLabel] = {}
        n = len(EMBEDDING_TOKENS)
        row = 1
        for i in range(n):
            for j in range(i + 1, n):
                pairs.addWidget(QLabel(f"{EMBEDDING_TOKENS[i]} \u2013 {EMBEDDING_TOKENS[j]}"), row, 0)
                self.cosine_labels[i, j] = _value_label(f"embedding_cosine_{i}_{j}")
                self.distance_labels[i, j] = _value_label(f"embedding_distance_{i}_{j}")
                pairs.addWidget(self.cosine_labels[i, j], row, 1)
                pairs.addWidget(self.distance_labels[i, j], row, 2)
                row += 1
        pairs.setColumnStretch(3, 1)
        self.nearest_label = _caption("")
        self.nearest_label.setObjectName("embeddingExampleNearest")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption)
        layout.addLayout(inputs)
        layout.addSpacing(6)
        layout.addLayout(pairs)
        layout.addWidget(self.nearest_label)
        self.result = None
        self._update()

    def _update(self) -> None:
        vectors = [[b.value() for b in boxes] for boxes in self.vector_boxes]
        self.result = r = embedding_example(vectors)
        for (i, j), label in self.cosine_labels.items():
            label.setText(number(r.cosine[i, j]))
            self.distance_labels[i, j].setText(number(r.distance[i, j]))
        arrows = ", ".join(f"{EMBEDDING_TOKENS[i]} \u2192 {EMBEDDING_TOKENS[k]}" for i, k in enumerate(r.nearest))
        self.nearest_label.setText(QCoreApplication.translate(
            "ReadingPane", "Nearest by cosine: {pairs}.").format(pairs=arrows))


class QtRegionExample(QWidget):
    """The seeds' reachable-region example: H, G, D with a floor on H and a cap on D, editable;
    drawn as the simplex panel draws regions, with its vertices listed.

    Attributes
    ----------
    floor_box, cap_box
        The floor of H and the cap of D.
    vertices
        (V, 3) the region's vertices (H, G, D), as listed; empty when the constraints fail.
    vertex_labels
        The listed vertices, one QLabel per coordinate.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("regionExample")
        h, _, d = REGION_SOURCES
        caption = _caption(QCoreApplication.translate(
            "ReadingPane", "<b>Worked example.</b> Three sources, H ({h}), G ({g}) and D ({d}): a floor on "
                           "H and a cap on D cut the triangle; the region and its corners are computed by "
                           "the code that draws the panel.").format(h=h, g=REGION_SOURCES[1], d=d))
        self.floor_box = _spin(REGION_FLOORS[h], 0.0, 1.0, 0.05, compact=False)
        self.cap_box = _spin(REGION_CAPS[d], 0.0, 1.0, 0.05, compact=False)
        self.floor_box.setObjectName("regionExampleFloor")
        self.cap_box.setObjectName("regionExampleCap")
        controls = QHBoxLayout()
        controls.addWidget(QLabel(QCoreApplication.translate("ReadingPane", "H \u2265")))
        controls.addWidget(self.floor_box)
        controls.addSpacing(12)
        controls.addWidget(QLabel(QCoreApplication.translate("ReadingPane", "D \u2264")))
        controls.addWidget(self.cap_box)
        controls.addStretch(1)
        for box in (self.floor_box, self.cap_box):
            box.valueChanged.connect(self._update)

        self.plot = simplex_plot("regionExamplePlot")
        self.plot.setMinimumHeight(170)
        self.plot.setMaximumHeight(260)
        self.plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.layout_xy = polygon_layout(3)
        ring = np.vstack([self.layout_xy, self.layout_xy[:1]])
        self.plot.addItem(pg.PlotCurveItem(ring[:, 0], ring[:, 1], pen=pg.mkPen((120, 120, 120), width=1)))
        for name, (x, y) in zip("HGD", self.layout_xy, strict=True):
            r = np.hypot(x, y) or 1.0
            label = pg.TextItem(name, color=pg.getConfigOption("foreground"), anchor=(0.5 - 0.5 * x / r, 0.5 + 0.5 * y / r))
            label.setPos(x * 1.05, y * 1.05)
            self.plot.addItem(label)
        self.vertex_points = pg.ScatterPlotItem(size=8, brush=pg.mkBrush(REGION_COLOUR), pen=None, hoverable=True,
                                                hoverSize=11, tip=lambda x, y, data: data)
        self.plot.addItem(self.vertex_points)
        self.plot.setRange(xRange=(-1.2, 1.2), yRange=(-0.75, 1.2), padding=0)
        self.region_item = None

        self.table = QGridLayout()
        self.table.setHorizontalSpacing(12)
        self.table.addWidget(QLabel(""), 0, 0)
        for c, name in enumerate("HGD"):
            self.table.addWidget(_header(name), 0, c + 1)
        self.table.setColumnStretch(4, 1)
        self.vertex_labels: list[list[QLabel]] = []
        self._vertex_widgets: list[QLabel] = []
        self.note = _caption("")
        self.note.setObjectName("regionExampleNote")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption)
        layout.addLayout(controls)
        layout.addWidget(self.plot)
        layout.addWidget(self.note)
        layout.addLayout(self.table)
        self.vertices = np.zeros((0, 3))
        self._update()

    def _update(self) -> None:
        h, _, d = REGION_SOURCES
        try:
            c, V = region_example({h: self.floor_box.value()}, {d: self.cap_box.value()})
        except ConstraintError as e:
            c, V = None, np.zeros((0, 3))
            self.note.setText("; ".join(e.problems))
        self.vertices = V
        vb = self.plot.getViewBox()
        if self.region_item is not None:
            vb.removeItem(self.region_item)
            self.region_item = None
        if c is not None:
            outline = region_outline(c, self.layout_xy)
            self.region_item = polygon_item(outline, cosmetic_pen(REGION_COLOUR, 1.5), QBrush(QColor(0, 114, 178, 60)))
            self.region_item.setZValue(-10)
            vb.addItem(self.region_item)
            xy = to_plane(V, self.layout_xy)
            tips = [f"v{i + 1} (H, G, D) = ({join_numbers(number(x, 2) for x in v)})" for i, v in enumerate(V)]
            self.vertex_points.setData(xy[:, 0], xy[:, 1], data=tips)
            self.note.setText(QCoreApplication.translate(
                "ReadingPane", "The region has {n} corners, listed below as weights (H, G, D) that add up "
                               "to 1.").format(n=len(V)))
        else:
            self.vertex_points.setData([], [])
        self._fill_table(V)

    def _fill_table(self, V: np.ndarray) -> None:
        for label in self._vertex_widgets:
            self.table.removeWidget(label)
            label.deleteLater()
        self._vertex_widgets, self.vertex_labels = [], []
        for i, v in enumerate(V):
            row = [_name_label(f"v<sub>{i + 1}</sub>")]
            for k, x in enumerate(v):
                label = _value_label(f"regionVertex_{i}_{k}")
                label.setText(number(x, 2))
                row.append(label)
            for k, label in enumerate(row):
                self.table.addWidget(label, i + 1, k)
            self._vertex_widgets += row
            self.vertex_labels.append(row[1:])
