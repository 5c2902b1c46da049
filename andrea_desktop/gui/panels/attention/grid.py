"""The attention panel's grid: every layer × head of a probe as one thumbnail, layer rows labelled
L0, L1, … and head columns H0, H1, … as in CircuitsVis's pattern grid, and where the grid and the
enlarged head go in the panel's space.

The maps are drawn as one image (a mosaic), so a 12 × 12 grid at T = 64 redraws with a single
``setImage``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem, QSplitter, QToolTip, QWidget

from ...plots.menus import LazyMenuViewBox
from .token_axis import ThinnedAxis

__all__ = ["NAN_COLOUR", "ROLE_SHORT", "QtAttentionGrid", "QtGridSplitter", "anchor_range", "arrange", "masked_colour",
           "mosaic", "nan_cells",
           "nan_overlay"]

ROLE_SHORT = {"previous-token": "prev", "first-token": "first", "self": "self", "fixed-position": "fixed",
              "duplicate-token": "dup", "induction": "ind", "sink": "sink"}
"""A role's tag on its thumbnail (``sink``: a probe file of an earlier version)."""
NAN_COLOUR = (255, 0, 255)
"""A weight that is not a number (a diverged model): magenta, unlike every viridis colour and
the masked triangle's grey."""


ROLE_CHARS = 12
"""Characters of a head's role tag on its thumbnail at most (a role read from a probe file is untrusted)."""

def masked_colour() -> tuple[int, int, int]:
    """Light grey on a light theme, dark grey on a dark one: distinct from every viridis colour."""
    bg = pg.mkColor(pg.getConfigOption("background"))
    return (70, 70, 70) if bg.lightness() < 128 else (200, 200, 200)


def mosaic(maps: np.ndarray, gap: int = 1) -> np.ndarray:
    """Lay out (L, H, T, T) maps as one (L*(T+gap), H*(T+gap)) image, row = layer.

    The masked upper triangle of each map and the gaps are NaN (drawn as background, not as a
    zero weight).
    """
    L, H, T, _ = maps.shape
    out = np.full((L * (T + gap), H * (T + gap)), np.nan, dtype=np.float32)
    upper = np.triu(np.ones((T, T), bool), 1)
    for li in range(L):
        for hi in range(H):
            m = maps[li, hi].astype(np.float32).copy()
            m[upper] = np.nan
            out[li * (T + gap) : li * (T + gap) + T, hi * (T + gap) : hi * (T + gap) + T] = m
    return out


def nan_cells(maps: np.ndarray, gap: int = 1) -> np.ndarray:
    """Where (L, H, T, T) maps hold a weight that is not a number, below the masked triangle,
    laid out as :func:`mosaic` lays the maps out: a bool image."""
    L, H, T, _ = maps.shape
    bad = ~np.isfinite(maps.astype(np.float32)) & ~np.triu(np.ones((T, T), bool), 1)
    out = np.zeros((L * (T + gap), H * (T + gap)), dtype=bool)
    for li in range(L):
        for hi in range(H):
            out[li * (T + gap) : li * (T + gap) + T, hi * (T + gap) : hi * (T + gap) + T] = bad[li, hi]
    return out


def nan_overlay(bad: np.ndarray) -> np.ndarray:
    """An RGBA image: :data:`NAN_COLOUR` where ``bad``, transparent elsewhere."""
    rgba = np.zeros((*bad.shape, 4), np.uint8)
    rgba[bad] = (*NAN_COLOUR, 255)
    return rgba


def arrange(width: float, height: float, layers: int, heads: int, line: float = 16.0) -> tuple[Qt.Orientation, int]:
    """Where the grid and the enlarged head go in a ``width`` × ``height`` px area.

    The grid goes above the head (vertical) or beside it (horizontal), taking 20–60 % of the
    area, so that the smaller of the head's side and the grid block's side (thumbnail side ×
    sqrt(layers × heads)) is as large as it can be: neither is squeezed for the other, and a
    grid shaped like the space it gets fills it.

    Parameters
    ----------
    width, height
        The area's size in pixels.
    layers, heads
        The grid's rows and columns.
    line
        The font's line height in pixels: the axes' and the text lines' room is counted in lines.

    Returns
    -------
    The splitter's orientation and the grid's share in pixels (its height when vertical, its
    width when horizontal).
    """
    grid_w = grid_h = 2.0 * line  # the grid's L / H labels and margins
    head_w, head_h = 13 * line, 7.2 * line  # token labels, colour bar; title, hover, legend lines, key axis
    block = math.sqrt(max(layers * heads, 1))
    best = (-math.inf, Qt.Orientation.Vertical, int(height * 0.4))
    for orient, n in ((Qt.Orientation.Vertical, height), (Qt.Orientation.Horizontal, width)):
        for g in range(int(0.2 * n), int(0.6 * n) + 1, 2):
            if orient == Qt.Orientation.Vertical:
                thumb = min((g - grid_h) / layers, (width - grid_w) / heads)
                head = min(height - g - head_h, width - head_w)
            else:
                thumb = min((height - grid_h) / layers, (g - grid_w) / heads)
                head = min(height - head_h, width - g - head_w)
            score = min(head, thumb * block)
            if score > best[0] + 1e-9:
                best = (score, orient, g)
    return best[1], best[2]


def anchor_range(view: pg.ViewBox, rect: QRectF, bottom: bool = False, pad: float = 3.0) -> None:
    """Show all of ``rect`` (view units) in ``view`` with square units, as large as fits, its left
    edge ``pad`` px from the view's left and its top (``bottom``: its bottom) edge ``pad`` px from
    the view's edge: the picture sits against the axes that label it, and any room left over goes
    to the far side instead of between the axes and the picture.

    ``view`` has y pointing down (``invertY``); nothing happens while it has no size.
    """
    w, h = view.width(), view.height()
    if w < 2 * pad + 2 or h < 2 * pad + 2 or rect.width() <= 0 or rect.height() <= 0:
        return
    scale = min((w - 2 * pad) / rect.width(), (h - 2 * pad) / rect.height())  # px per unit
    x0 = rect.left() - pad / scale
    y0 = rect.bottom() + pad / scale - h / scale if bottom else rect.top() - pad / scale
    view.setRange(xRange=(x0, x0 + w / scale), yRange=(y0, y0 + h / scale), padding=0)


class QtAttentionGrid(pg.GraphicsLayoutWidget):
    """Every layer × head of a probe as a thumbnail: rows are layers (L0 at the top), columns are
    heads (H0 at the left), each labelled; a click on a thumbnail emits :attr:`head_clicked`.

    Thumbnails sit on the masked grey, separated by a strip of the plot's background; the view
    always shows the whole grid, as large as the widget allows (aspect kept).

    Attributes
    ----------
    plot, view
        The plot item (its left and top axes carry the labels) and its view box.
    image, nan
        The mosaic of maps (viridis, levels fixed to [0, 1]) and its NaN overlay.
    selection
        The red frame around the enlarged head.
    """

    head_clicked = Signal(int, int)

    head_tip: Callable[[int, int], str] | None = None
    """Gives the tooltip of the head (layer, head) the mouse rests on (the panel's: its roles'
    scores); None: the grid's own tooltip."""

    def __init__(self, cmap: pg.ColorMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attentionGrid")
        self.setToolTip(self.tr("Rows are layers (L0 at the top), columns are heads (H0 at the left).\n"
                                "Click a head to enlarge it."))
        self.ci.setContentsMargins(2, 2, 6, 2)
        self.plot = self.addPlot(viewBox=LazyMenuViewBox(),
                                 axisItems={"left": ThinnedAxis("left"), "top": ThinnedAxis("top")})
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.hideAxis("bottom")
        self.plot.showAxis("top")
        for name in ("left", "top"):
            axis = self.plot.getAxis(name)
            axis.setStyle(tickLength=0, tickTextOffset=3)
            axis.setPen(pg.mkPen(None))
        self.view = self.plot.getViewBox()
        self.view.setAspectLocked(True)
        self.view.invertY(True)
        self.view.setMouseEnabled(False, False)
        self.view.disableAutoRange()
        self.view.sigResized.connect(lambda _vb: self._fit())
        self.cells = QGraphicsPathItem()  # the masked grey under each thumbnail
        self.cells.setPen(pg.mkPen(None))
        self.cells.setBrush(pg.mkBrush(masked_colour()))
        self.cells.setZValue(-10)
        self.view.addItem(self.cells)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(cmap)
        self.image.mouseClickEvent = self._on_click
        self.view.addItem(self.image)
        self.nan = pg.ImageItem(axisOrder="row-major")  # NaN cells, over the maps
        self.view.addItem(self.nan)
        self.selection = QGraphicsRectItem()
        self.selection.setPen(pg.mkPen("#D62728", width=2, cosmetic=True))
        self.view.addItem(self.selection)
        self._roles: list[pg.TextItem] = []
        self._shape: tuple[int, int, int] | None = None  # (L, H, T) drawn now

    def show_maps(self, maps: np.ndarray, roles: np.ndarray, selected: tuple[int, int]) -> None:
        """Draw (L, H, T, T) ``maps`` (weights in [0, 1], NaN where not a number), the short role
        name of each head with one (``roles``: (L, H) strings, "" for none), and the frame around
        ``selected`` (layer, head)."""
        L, H, T, _ = maps.shape
        self.image.setImage(mosaic(maps), levels=(0.0, 1.0))
        bad = nan_cells(maps)
        if bad.any():
            self.nan.setImage(nan_overlay(bad))
            self.nan.show()
        else:
            self.nan.hide()
        if self._shape != (L, H, T):
            self._shape = (L, H, T)
            self._lay_out(L, H, T)
        for item in self._roles:
            self.view.removeItem(item)
        self._roles.clear()
        for li in range(L):
            for hi in range(H):
                role = str(roles[li, hi])
                if role:  # a role from a probe file: an unknown one is cut to a thumbnail's tag
                    short = ROLE_SHORT.get(role) or " ".join(role[:4 * ROLE_CHARS].split())
                    short = short if len(short) <= ROLE_CHARS else short[:ROLE_CHARS - 1] + "…"
                    t = pg.TextItem(short, color="#D62728", anchor=(1, 0))
                    t.setPos(hi * (T + 1) + T, li * (T + 1))
                    self.view.addItem(t)
                    self._roles.append(t)
        self.select(*selected)

    def _lay_out(self, L: int, H: int, T: int) -> None:
        """Cells, labels and the view's range for an L × H grid of T × T maps."""
        path = QPainterPath()
        for li in range(L):
            for hi in range(H):
                path.addRect(QRectF(hi * (T + 1), li * (T + 1), T, T))
        self.cells.setPath(path)
        self.plot.getAxis("left").setTicks([[(li * (T + 1) + T / 2, f"L{li}") for li in range(L)]])
        self.plot.getAxis("top").setTicks([[(hi * (T + 1) + T / 2, f"H{hi}") for hi in range(H)]])
        self._fit()

    def _fit(self) -> None:
        """The whole grid, as large as the view allows, against its L and H labels."""
        if self._shape is not None:
            L, H, T = self._shape
            anchor_range(self.view, QRectF(0, 0, H * (T + 1) - 1, L * (T + 1) - 1))

    def select(self, layer: int, head: int) -> None:
        """Frame ``(layer, head)``."""
        if self._shape is not None:
            T = self._shape[2]
            # on the thumbnail's own edge: a frame in the strip around it would be cut at the
            # grid's outer edges, which the view's range ends at (a few tokens: ~half a cell)
            self.selection.setRect(head * (T + 1), layer * (T + 1), T, T)

    def clear_maps(self) -> None:
        """No maps (the next :meth:`show_maps` lays the grid out again). Not ``clear``: pyqtgraph's
        ``GraphicsLayoutWidget.clear`` removes the plot itself."""
        self.image.clear()
        self.nan.clear()
        self._shape = None

    def head_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (layer, head) whose thumbnail holds image point ``(x, y)``, or None."""
        if self._shape is None:
            return None
        L, H, T = self._shape
        li, hi = int(y // (T + 1)), int(x // (T + 1))
        return (li, hi) if 0 <= li < L and 0 <= hi < H else None

    def tooltip_at(self, pos) -> str:
        """The tooltip at viewport point ``pos``: the head's (:attr:`head_tip`) over a thumbnail,
        else the grid's own."""
        if self.head_tip is not None and self._shape is not None:
            pt = self.view.mapSceneToView(self.mapToScene(pos))
            head = self.head_at(pt.x(), pt.y())
            if head is not None:
                return self.head_tip(*head) or self.toolTip()
        return self.toolTip()

    def viewportEvent(self, ev) -> bool:  # noqa: N802 (Qt's name)
        if ev.type() == QEvent.Type.ToolTip:  # the head under the mouse, not one text for the grid
            QToolTip.showText(ev.globalPos(), self.tooltip_at(ev.pos()), self)
            return True
        return super().viewportEvent(ev)

    def _on_click(self, ev) -> None:
        pos = ev.pos()
        head = self.head_at(pos.x(), pos.y())
        if head is not None:
            self.head_clicked.emit(*head)
        ev.accept()


class QtGridSplitter(QSplitter):
    """The grid and the enlarged head, arranged by :func:`arrange` whenever the splitter's size or
    the grid's shape changes, until the user drags the handle (then the user's sizes stay).

    Parameters
    ----------
    shape
        Gives the grid's (layers, heads) now, or None while there is no grid.
    """

    def __init__(self, shape: Callable[[], tuple[int, int] | None], parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("attentionSplit")
        self.setChildrenCollapsible(False)
        self._shape = shape
        self.by_user = False
        self.splitterMoved.connect(self._on_moved)

    def _on_moved(self, _pos: int, _index: int) -> None:
        self.by_user = True

    def fit(self) -> None:
        """Orientation and sizes for the current size and grid shape (unless the user chose)."""
        shape = self._shape()
        if self.by_user or shape is None or self.count() != 2 or self.width() < 100 or self.height() < 100:
            return
        orient, grid = arrange(self.width(), self.height(), *shape, line=self.fontMetrics().height())
        if orient != self.orientation():
            self.setOrientation(orient)
        n = (self.height() if orient == Qt.Orientation.Vertical else self.width()) - self.handleWidth()
        self.setSizes([grid, max(n - grid, 1)])

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.fit()
