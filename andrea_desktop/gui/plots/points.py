"""Symbols of one style without pyqtgraph's per-spot bookkeeping: a validation series' points.

pyqtgraph's :class:`~pyqtgraph.ScatterPlotItem` handles every spot on its own: ``setData`` looks
up each spot's symbol in its atlas by a key built per spot (1.4 ms for 275 points, 2.3 ms for 550
on a 2-core machine; a wheel zoom over the loss panel hands its 17 validation series new points),
and each paint maps the points through a :class:`QTransform` and masks them against the view in
about ten small numpy steps (0.5 ms a series: 5 of the 20 ms of a paint of ten compared runs).
When every spot has the same symbol, size, pen and brush (what a :class:`~pyqtgraph.PlotDataItem`
hands its scatter), :class:`UniformScatter` fills pyqtgraph's record of the spots at once, with
the one symbol's place in the atlas, and draws them from that atlas with one transform of the
coordinates (docs/performance.md#frames). Anything else (spots of several styles, hover styles,
scene-sized symbols, an export, an atlas to be drawn again at another pixel ratio) takes
pyqtgraph's own path, and the record is pyqtgraph's, so ``points()``, ``pointsAt``, clicks and
``getData`` answer as they do for pyqtgraph's item.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from .parts import swap_part

__all__ = ["UniformScatter", "use_uniform_scatter"]

_STYLE = ("pen", "brush", "symbol", "size")
_PASSED = frozenset((*_STYLE, "x", "y", "data", "pxMode", "antialias", "useCache", "name"))
"""The arguments a uniform ``setData`` may have (what :meth:`PlotDataItem.updateItems` passes)."""
_FAR = 2.0**30
"""Device coordinates beyond this are not drawn (pyqtgraph clips them for Qt's sake)."""


def _scalar(value) -> bool:
    """One style for every spot (a list or an array: one per spot, as pyqtgraph reads them; a
    tuple is a colour)."""
    return not isinstance(value, (list, np.ndarray))


class UniformScatter(pg.ScatterPlotItem):
    """A :class:`pyqtgraph.ScatterPlotItem` whose ``setData`` and ``paint`` skip the per-spot work
    when all spots share one style (module docstring); behaves as pyqtgraph's item otherwise."""

    PYQTGRAPH_FIELDS = ("data", "fragmentAtlas", "_pixmapFragments", "_exportOpts")
    """pyqtgraph's (partly private) fields the fast path reads or writes; the record's fields it
    fills are :data:`RECORD_FIELDS`. With one missing (another pyqtgraph) every spot takes
    pyqtgraph's own path."""
    RECORD_FIELDS = ("x", "y", "size", "symbol", "pen", "brush", "visible", "data", "hovered", "sourceRect")
    _fields_ok: bool | None = None  # checked once

    def __init__(self, *args, **kwargs) -> None:
        self._uniform = False  # the record holds spots of the default style only (set by setData)
        self._style_args: dict | None = None  # the style arguments of the last setData
        self._rect: tuple | None = None  # the style's place in the atlas (x, y, w, h)
        self._bounding = None  # boundingRect's answer until the geometry or the view changes
        super().__init__(*args, **kwargs)

    def setData(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        if len(args) == 2:
            kwargs = {"x": args[0], "y": args[1], **kwargs}
            args = ()
        if not args and self._fast(kwargs):
            return
        super().setData(*args, **kwargs)  # (its style setters forget the style: _forget)
        self._remember(kwargs)

    def boundingRect(self):  # noqa: N802 (Qt's name)
        """pyqtgraph's rectangle (the points' extent, a symbol's pixels beyond it), kept until the
        geometry or the view's transform changes: Qt asks for it several times a paint, and each
        answer maps a pixel through the device transform (~0.1 ms)."""
        if self._bounding is None:
            self._bounding = super().boundingRect()
        return self._bounding

    def prepareGeometryChange(self) -> None:  # noqa: N802 (Qt's name)
        self._bounding = None
        super().prepareGeometryChange()

    def viewTransformChanged(self) -> None:  # noqa: N802 (pyqtgraph's name)
        self._bounding = None
        super().viewTransformChanged()

    def invalidate(self) -> None:
        self._bounding = None
        super().invalidate()

    def _forget(self) -> None:
        """A style set on its own (not through ``setData``): pyqtgraph's path until the next
        ``setData``, which has the style again."""
        self._uniform = False
        self._style_args = self._rect = self._bounding = None  # (a new size or pen: new bounds)

    def setPen(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setPen(*args, **kwargs)

    def setBrush(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setBrush(*args, **kwargs)

    def setSymbol(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setSymbol(*args, **kwargs)

    def setSize(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setSize(*args, **kwargs)

    def setPointsVisible(self, *args, **kwargs) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setPointsVisible(*args, **kwargs)

    def setPxMode(self, mode) -> None:  # noqa: N802 (pyqtgraph's name)
        self._forget()
        super().setPxMode(mode)

    def _remember(self, kwargs: dict) -> None:
        """After pyqtgraph's own ``setData``: whether later data of the same style may take the
        fast path, and the style's place in the atlas."""
        style = {k: kwargs[k] for k in _STYLE if k in kwargs}
        o = self.opts
        ok = (self._pyqtgraph_fields_ok() and set(kwargs) <= _PASSED and all(_scalar(v) for v in style.values())
              and kwargs.get("data") is None and o["pxMode"] is True and o["useCache"] and not o["hoverable"] and len(self.data)
              and self._exportOpts is False)
        self._uniform = bool(ok)
        self._style_args = style if ok else None
        self._rect = tuple(int(v) for v in self.data["sourceRect"][0]) if ok else None

    def _pyqtgraph_fields_ok(self) -> bool:
        """Whether this pyqtgraph has every field the fast path relies on (checked once)."""
        cls = UniformScatter
        if cls._fields_ok is None:
            data = getattr(self, "data", None)
            names = set(getattr(getattr(data, "dtype", None), "names", None) or ())
            cls._fields_ok = all(hasattr(self, f) for f in cls.PYQTGRAPH_FIELDS) and set(cls.RECORD_FIELDS) <= names
        return cls._fields_ok

    def _fast(self, kwargs: dict) -> bool:
        """Replace the points with ``kwargs``'s x and y when the style is the one the record was
        built for (nothing is done otherwise: False)."""
        if self._style_args is None or not set(kwargs) <= _PASSED or kwargs.get("data") is not None:
            return False
        style = {k: kwargs[k] for k in _STYLE if k in kwargs}
        if style.keys() != self._style_args.keys() or any(
                v is not self._style_args[k] and not (_scalar(v) and v == self._style_args[k])
                for k, v in style.items()):
            return False
        for k, want in (("pxMode", True), ("useCache", True), ("antialias", self.opts["antialias"])):
            if k in kwargs and kwargs[k] != want:
                return False
        if "name" in kwargs and kwargs["name"] != self.opts["name"]:
            return False
        x, y = kwargs.get("x"), kwargs.get("y")
        if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray) or x.ndim != 1 or x.shape != y.shape \
                or not len(x) or self._exportOpts is not False:
            return False
        data = np.empty(len(x), dtype=self.data.dtype)  # object fields start as None: the default style
        data["x"], data["y"] = x, y
        data["size"] = -1
        data["visible"] = True
        data["hovered"] = False
        data["sourceRect"] = self._rect
        self.data = data
        self.prepareGeometryChange()
        self.informViewBoundsChanged()
        self.bounds = [None, None]
        self.invalidate()
        self.sigPlotChanged.emit(self)
        return True

    def paint(self, p, option, widget) -> None:
        o = self.opts
        atlas = self.fragmentAtlas
        t = p.transform()
        if (not self._uniform or self._exportOpts is not False or o["pxMode"] is not True or not o["useCache"]
                or o["hoverable"] or not t.isAffine()
                or (widget is not None and widget.devicePixelRatioF() != atlas.devicePixelRatio())):
            super().paint(p, option, widget)  # (another pixel ratio: the atlas drawn again, the spots' places too)
            self._bounding = None
            if self._uniform and len(self.data):
                self._rect = tuple(int(v) for v in self.data["sourceRect"][0])
            return
        if o["compositionMode"] is not None:
            p.setCompositionMode(o["compositionMode"])
        x, y = self.data["x"], self.data["y"]
        with np.errstate(invalid="ignore", over="ignore"):
            px = t.m11() * x + t.m21() * y + t.dx()
            py = t.m12() * x + t.m22() * y + t.dy()
            keep = (np.abs(px) < _FAR) & (np.abs(py) < _FAR)  # (False for NaN: a value with no place)
        if not keep.all():
            px, py = px[keep], py[keep]
        n = len(px)
        if not n:
            return
        dpr = atlas.devicePixelRatio()
        self._pixmapFragments.resize(n)
        frags = self._pixmapFragments.ndarray()
        frags[:, 0] = px
        frags[:, 1] = py
        frags[:, 2:6] = self._rect
        frags[:, 6:10] = (1 / dpr, 1 / dpr, 0.0, 1.0)  # scale x, scale y, rotation, opacity
        p.resetTransform()
        p.drawPixmapFragments(*self._pixmapFragments.drawargs(), atlas.pixmap)


def use_uniform_scatter(item: pg.PlotDataItem) -> UniformScatter:
    """Give ``item`` a :class:`UniformScatter` for its symbols, in place of pyqtgraph's (call it
    right after the item's construction: the style and data it has are handed to the new one)."""
    return swap_part(item, "scatter", UniformScatter(),
                     [("sigClicked", item.scatterClicked), ("sigHovered", item.sigPointsHovered)])
