"""A branch's panels show its parent's history up to the branch step N in a lighter shade, under
the branch's own curves from N+1: ``train/loss`` (raw and smoothed with the loss panel's debiased
EMA), each source's smoothed loss, ``val/loss`` and ``train/lr`` at steps <= N, and the parent's
event markers up to N.

The parent's history is part of the run model (:attr:`RunModel.parent
<andrea_desktop.core.viewmodels.run_model.RunModel.parent>`, read once by the model's source
when the branch is opened: :func:`~andrea_desktop.core.viewmodels.sources.read_parent_run`); this
module only draws it. The curves are :class:`~andrea_desktop.gui.plots.items.DecimatedCurve`
items of the panels' own display buffers, so they follow the axes' log modes and are decimated
to the view.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject

from ...core.viewmodels.colours import source_colour
from ...core.viewmodels.run_model import ParentRun
from ..common.i18n import format_number
from .hover import HoverSeries
from .markers import EventMarkers

__all__ = ["QtParentHistory", "lighter", "shown_name", "LIGHTER"]


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
        The branch's ``parent.json`` record (:class:`~andrea_desktop.core.rundir.lineage.Parent`)
        drawn now (None: none).
    run
        The :class:`~andrea_desktop.core.viewmodels.run_model.ParentRun` drawn now (None: none).
    items
        The plot items by name (``"raw"``, ``"smoothed"``, ``"val"`` on the loss panel, ``"lr"``
        on the LR panel); empty while there is no parent.
    source_items
        The parent's per-source smoothed loss curves on the loss panel (``"source:<name>"``).
    """

    def __init__(self, loss_panel, lr_panel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loss_panel, self.lr_panel = loss_panel, lr_panel
        self.parent = None
        self.run: ParentRun | None = None
        self.items: dict[str, pg.PlotDataItem] = {}
        self.source_items: dict[str, pg.PlotDataItem] = {}
        self._curves: dict[str, tuple] = {}  # name: (panel, DecimatedCurve)
        # the parent's markers up to N, under the branch's own (the same kinds each panel marks)
        self.loss_markers = EventMarkers(loss_panel.plot, loss_panel.markers.kinds, position=0.97, rotate=True)
        self.lr_markers = EventMarkers(lr_panel.plot, lr_panel.markers.kinds, position=0.97)
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
    def show_parent(self, parent: ParentRun | None) -> bool:
        """Draw ``parent`` (a branch's :attr:`RunModel.parent`), or nothing for None (a run that
        is no branch, or whose parent could not be read: the source logged why). True when a
        parent is drawn."""
        self.clear()
        if parent is None:
            return False
        self.parent = parent.record
        self.run = parent
        self._add_items(parent)
        self.redraw()
        return True

    def _add_items(self, parent: ParentRun) -> None:
        lp = self.loss_panel
        h = parent.history
        fg = pg.getConfigOption("foreground")
        raw_pen = pg.mkPen(lp.raw_curve.opts["pen"])
        mean = h.val_loss.get("mean")
        specs = [
            ("raw", lp, None, h.loss, "values",
             {"pen": pg.mkPen(lighter(raw_pen.color()), width=raw_pen.widthF())}),
            ("smoothed", lp, self.label, h.loss, "smoothed",
             {"pen": pg.mkPen(lighter(pg.mkPen(lp.ema_curve.opts["pen"]).color()), width=2)}),
            ("val", lp, None, mean, "values",
             {"pen": pg.mkPen(lighter(fg), width=1), "symbol": "o", "symbolSize": 6,
              "symbolBrush": lighter(fg), "symbolPen": None}),
            ("lr", self.lr_panel, self.label, h.lr, "values",
             {"pen": pg.mkPen(lighter(pg.mkPen(self.lr_panel.used_curve.opts["pen"]).color()), width=2)}),
        ]
        specs += [(f"source:{name}", lp, None, series, "smoothed",
                   {"pen": pg.mkPen(lighter(source_colour(name)), width=1)})
                  for name, series in sorted(h.source_loss.items())]
        for key, panel, name, series, what, opts in specs:
            item = pg.PlotDataItem(name=name, connect="finite", **opts)
            item.setZValue(-5)  # under the branch's own curves
            panel.plot.getPlotItem().addItem(item)
            steps = series.steps if series is not None else None
            values = getattr(series, what) if series is not None else None
            (self.source_items if key.startswith("source:") else self.items)[key] = item
            self._curves[key] = (panel, panel.display.add(item, steps, values))
        self.items["raw"].setVisible(lp.show_raw.isChecked())
        for markers in (self.loss_markers, self.lr_markers):
            markers.update(h)

    def clear(self) -> None:
        """Remove the parent curves and markers (another run is shown)."""
        for key, item in [*self.items.items(), *self.source_items.items()]:
            panel, curve = self._curves[key]
            pi = panel.plot.getPlotItem()
            pi.removeItem(item)
            if pi.legend is not None:
                pi.legend.removeItem(item)
            panel.display.remove(curve)
        self.items.clear()
        self.source_items.clear()
        self._curves.clear()
        self.parent = None
        self.run = None
        self.loss_markers.clear()
        self.lr_markers.clear()

    # ------------------------------------------------------------------ drawing

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
            h = self.run.history
            series, what, name, swatch = {"raw": (h.loss, "values", self.tr("parent raw"), "■"),
                                          "smoothed": (h.loss, "smoothed", self.tr("parent smoothed"), "■"),
                                          "val": (h.val_loss.get("mean"), "values", self.tr("parent val"), "●"),
                                          "lr": (h.lr, "values", self.tr("parent used"), "■")}[key]
            if series is None:
                continue
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
