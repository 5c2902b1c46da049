"""A branch's panels show its parent's history up to the branch step N in a lighter shade, under
the branch's own curves from N+1 (issue 14, item 3).

The parent is the run its ``parent.json`` names (:func:`~andrea_desktop.core.rundir.lineage.read_parent`,
found again by its relative path when both folders moved together). Its store is read once,
read-only (:class:`~andrea_desktop.core.rundir.reader.RunReader`), when the window opens the branch:
``train/loss`` (raw and smoothed with the loss panel's debiased EMA), ``val/loss`` and
``train/lr`` at steps <= N. The parent may have trained on past N: those rows are not drawn.

The curves are :class:`~andrea_desktop.gui.qt_plot_items.DecimatedCurve` items of the panels'
own display buffers, so they follow the axes' log modes (the item is handed data coordinates and
pyqtgraph draws log10 of them on a log axis, as the panels' own curves) and are decimated to
the view. A parent folder that is gone, moved alone or unreadable draws nothing and logs one line.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject
from superqt.utils import qdebounced

from ..core.errors import quote, shown_path
from ..core.metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS
from ..core.rundir.layout import METRICS_DB
from ..core.rundir.lineage import Parent, read_parent
from ..core.rundir.reader import RunReader
from ..core.rundir.store import StoreError
from ..core.viewmodels.history import Series
from .qt_hover import HoverSeries
from .qt_i18n import format_number

__all__ = ["QtParentHistory", "lighter", "shown_name", "LIGHTER"]

log = logging.getLogger(__name__)

LIGHTER = 0.5
"""How far a parent curve's colour is blended towards the plot's background (0: the own colour)."""
GREYER = 0.5
"""How far it is first blended towards its own grey (a paler hue: the loss panel's light blue source
curve and a lighter blue parent curve would read alike)."""


def shown_name(name: str, limit: int = 40) -> str:
    """A run folder's name for a legend: one line of printable characters, cut to ``limit``
    (a ``parent.json`` is untrusted: its path may hold 4,000 characters or control characters)."""
    text = "".join(c if c.isprintable() else "?" for c in name[: 4 * limit])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lighter(colour, amount: float = LIGHTER, greyer: float = GREYER) -> pg.QtGui.QColor:
    """``colour`` made paler (blended towards its grey by ``greyer``), then blended towards the
    plots' background by ``amount``, its alpha kept: a lighter shade on a light background, a
    dimmer one on a dark background."""
    c, bg = pg.mkColor(colour), pg.mkColor(pg.getConfigOption("background"))
    rgb = (c.red(), c.green(), c.blue())
    grey = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    pale = [v + (grey - v) * greyer for v in rgb]
    mix = [round(v + (b - v) * amount) for v, b in zip(pale, (bg.red(), bg.green(), bg.blue()), strict=True)]
    return pg.mkColor(*mix, c.alpha())


class QtParentHistory(QObject):
    """The parent curves of the loss and LR panels (module docstring).

    Parameters
    ----------
    loss_panel, lr_panel
        The window's panels (their plots, display buffers, smoothing slider and raw toggle).

    Attributes
    ----------
    parent
        The branch's :class:`~andrea_desktop.core.rundir.lineage.Parent` drawn now (None: none).
    loss, val, lr
        The parent's ``train/loss`` (with its EMA), ``val/loss`` and ``train/lr`` at steps <= N.
    items
        The plot items by name (``"raw"``, ``"smoothed"``, ``"val"`` on the loss panel, ``"lr"``
        on the LR panel); empty while there is no parent.
    """

    def __init__(self, loss_panel, lr_panel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loss_panel, self.lr_panel = loss_panel, lr_panel
        self.parent: Parent | None = None
        self.loss = Series(loss_panel.history.smoothing)
        self.val = Series(0.0)
        self.lr = Series(0.0)
        self.items: dict[str, pg.PlotDataItem] = {}
        self._curves: dict[str, tuple] = {}  # name: (panel, DecimatedCurve)
        self._smooth = qdebounced(self._on_smoothing_changed, timeout=120, parent=self)
        loss_panel.smoothing.valueChanged.connect(self._smooth)
        loss_panel.show_raw.toggled.connect(self._on_raw_toggled)
        loss_panel.hover_extras.append(lambda: self.hover_series(("smoothed", "val")))
        lr_panel.hover_extras.append(lambda: self.hover_series(("lr",)))

    @property
    def label(self) -> str:
        """The legend's name of the parent curves: ``parent (<run> ≤ N)``."""
        p = self.parent
        return (self.tr("parent ({run} ≤ {step})").format(run=shown_name(p.name), step=format_number(p.step))
                if p is not None else "")

    # ------------------------------------------------------------------ which run
    def show_run(self, run_dir: str | Path | None) -> bool:
        """Draw the parent history of the run in ``run_dir`` (nothing for a run that is no branch,
        None, or whose parent cannot be read: one log line). True when a parent is drawn."""
        self.clear()
        if run_dir is None:
            return False
        rec = read_parent(run_dir)
        if rec is None:
            return False
        folder = rec.locate(run_dir)
        if folder is None:
            log.info("the parent %s of %s is not there (moved or deleted): its history up to step %d is not drawn",
                     shown_path(rec.run), shown_path(run_dir), rec.step)
            return False
        try:
            own = folder.resolve() == Path(run_dir).resolve()
        except (OSError, RuntimeError):  # a link loop
            own = True
        if own:  # a parent.json naming its own run (copied or edited): no history drawn twice
            log.info("the parent recorded in %s is the run itself: not drawn", shown_path(run_dir))
            return False
        try:
            data = self._read(folder / METRICS_DB, rec.step)
        except (OSError, StoreError, ValueError, sqlite3.Error) as exc:
            log.info("the history of the parent %s of %s cannot be read (%s): not drawn", shown_path(folder),
                     shown_path(run_dir), quote(str(exc), 200))
            return False
        self.parent = rec
        self.loss.extend(*data[TRAIN_LOSS])
        self.val.extend(*data[VAL_LOSS])
        self.lr.extend(*data[TRAIN_LR])
        self._add_items()
        self.redraw()
        return True

    @staticmethod
    def _read(db: Path, step: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The parent's scalars at steps <= ``step`` (finite steps only; values as stored)."""
        if not db.is_file():
            raise StoreError(f"{db.name} is missing")
        reader = RunReader(db)
        try:
            out = {}
            for name in (TRAIN_LOSS, VAL_LOSS, TRAIN_LR):
                steps, values = reader.scalars(name)
                keep = np.asarray(steps, dtype=np.float64) <= step
                out[name] = (np.asarray(steps, dtype=np.float64)[keep], np.asarray(values, dtype=np.float64)[keep])
            return out
        finally:
            reader.close()

    def _add_items(self) -> None:
        lp = self.loss_panel
        fg = pg.getConfigOption("foreground")
        raw_pen = pg.mkPen(lp.raw_curve.opts["pen"])
        specs = (
            ("raw", lp, None, self.loss, "values",
             {"pen": pg.mkPen(lighter(raw_pen.color()), width=raw_pen.widthF())}),
            ("smoothed", lp, self.label, self.loss, "smoothed",
             {"pen": pg.mkPen(lighter(pg.mkPen(lp.ema_curve.opts["pen"]).color()), width=2)}),
            ("val", lp, None, self.val, "values",
             {"pen": pg.mkPen(lighter(fg), width=1), "symbol": "o", "symbolSize": 6,
              "symbolBrush": lighter(fg), "symbolPen": None}),
            ("lr", self.lr_panel, self.label, self.lr, "values",
             {"pen": pg.mkPen(lighter(pg.mkPen(self.lr_panel.used_curve.opts["pen"]).color()), width=2)}),
        )
        for key, panel, name, series, what, opts in specs:
            item = pg.PlotDataItem(name=name, connect="finite", **opts)
            item.setZValue(-5)  # under the branch's own curves
            panel.plot.getPlotItem().addItem(item)
            self.items[key] = item
            self._curves[key] = (panel, panel.display.add(item, series.steps, getattr(series, what)))
        self.items["raw"].setVisible(lp.show_raw.isChecked())

    def clear(self) -> None:
        """Remove the parent curves (another run is shown)."""
        for key, item in self.items.items():
            panel, curve = self._curves[key]
            pi = panel.plot.getPlotItem()
            pi.removeItem(item)
            if pi.legend is not None:
                pi.legend.removeItem(item)
            panel.display.remove(curve)
        self.items.clear()
        self._curves.clear()
        self.parent = None
        for s in (self.loss, self.val, self.lr):
            s.clear()

    # ------------------------------------------------------------------ drawing
    def _on_smoothing_changed(self, _value=None) -> None:
        w = min(max(float(self.loss_panel.smoothing.value()), 0.0), 0.999)
        if w != self.loss.smoothing:
            self.loss.smoothing = w
            self.redraw()

    def _on_raw_toggled(self, on: bool) -> None:
        item = self.items.get("raw")
        if item is not None:
            item.setVisible(on)

    def redraw(self) -> None:
        """Redraw the panels (their display buffers draw the parent curves with their own)."""
        if self.items:
            self.loss_panel.display.redraw()
            self.lr_panel.display.redraw()

    def hover_series(self, keys) -> list[HoverSeries]:
        """The hover readout's series of the parent curves ``keys`` that are drawn now, named
        ``parent <curve>`` (the panels read the smoothed loss, validation and LR: past N the
        readout names the step N value comes from, as for any sparse series)."""
        out = []
        for key in keys:
            item = self.items.get(key)
            if item is None or not item.isVisible():
                continue
            series, what, name, swatch = {"raw": (self.loss, "values", self.tr("parent raw"), "■"),
                                          "smoothed": (self.loss, "smoothed", self.tr("parent smoothed"), "■"),
                                          "val": (self.val, "values", self.tr("parent val"), "●"),
                                          "lr": (self.lr, "values", self.tr("parent used"), "■")}[key]
            out.append(HoverSeries(name, pg.mkPen(item.opts["pen"]).color(), series.steps,
                                   getattr(series, what), swatch))
        return out

    def curve_data(self, key: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The whole (x, y) a parent curve draws (``"raw"``, ``"smoothed"``, ``"val"``, ``"lr"``),
        in data coordinates; None without a parent."""
        entry = self._curves.get(key)
        if entry is None or entry[1].pyramid is None:
            return None
        p = entry[1].pyramid
        return np.array(p.x.data), np.array(p.y.data)
