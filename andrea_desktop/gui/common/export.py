"""Exporting plots and pictures to PNG or SVG with pyqtgraph's own exporters."""

from __future__ import annotations

import logging
from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters  # noqa: F401 -- registers pg.exporters
from pyqtgraph.exporters.Exporter import Exporter
from pyqtgraph.parametertree import Parameter
from PySide6.QtCore import QCoreApplication, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QGraphicsItem, QMenu, QPushButton, QWidget

from ..window.notices import Icon, notify

__all__ = ["export_graphics", "export_button", "export_failed", "image_filter", "IMAGE_FILTER", "QtSVGExporter"]

log = logging.getLogger(__name__)

IMAGE_FILTER = "PNG image (*.png);;SVG drawing (*.svg)"
"""The save dialog's filter in English (:func:`image_filter`: in the interface's language)."""


def image_filter() -> str:
    """The save dialog's filter, its descriptions in the interface's language."""
    qt = QCoreApplication
    return ";;".join((qt.translate("QtExport", "PNG image (*.png)"), qt.translate("QtExport", "SVG drawing (*.svg)")))


def export_failed(parent: QWidget, exc: Exception):
    """Say that an export failed (``exc`` names the file and the reason) in a non-blocking box
    over ``parent``'s window (:func:`~andrea_desktop.gui.window.notices.notify`); returns the box."""
    log.warning("export failed: %s", exc)
    qt = QCoreApplication
    return notify(parent, qt.translate("QtExport", "Export failed"),
                  qt.translate("QtExport", "{error}\n\nChoose another folder or file name.").format(error=exc), Icon.Warning)


def _open_for_writing(path: Path) -> bool:
    """Make ``path``'s folder and check that ``path`` can be written, so that a failure names the
    file and the reason (the exporters only say that they failed); True if the file is new.

    Raises
    ------
    OSError
        The folder cannot be made or the file cannot be opened for writing.
    """
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        made = None
    except OSError as exc:  # opening the file below says why for the file itself, when it can
        made = exc
    try:
        with open(path, "ab"):
            pass
    except FileNotFoundError:
        raise made or OSError(f"could not write {path}") from None
    return not existed


def export_graphics(item, path: str | Path, width: int | None = None) -> Path:
    """Write a pyqtgraph item (a ``PlotItem``, ``GraphicsLayout`` or ``ViewBox``) to ``path``.

    The format follows the suffix: ``.png`` (raster, pyqtgraph's ``ImageExporter``, ``width``
    pixels wide; default the item's on-screen width) or ``.svg`` (vector, Qt's
    ``QSvgGenerator``: pyqtgraph's ``SVGExporter`` cannot parse Qt 6's path data,
    pyqtgraph issue #3485).

    Raises
    ------
    ValueError
        Any other suffix.
    OSError
        The file cannot be written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".png":
        exporter = pg.exporters.ImageExporter(item)
        if width:
            exporter.parameters()["width"] = int(width)
    elif suffix == ".svg":
        exporter = None
    else:
        raise ValueError(f"cannot export to {path.name!r}: use a .png or .svg file name")
    new = _open_for_writing(path)
    try:
        if suffix == ".png":
            image = exporter.export(toBytes=True)
            if image is None or not image.save(str(path)):
                raise OSError(f"could not write {path}")
        else:  # Qt's own SVG writer: pyqtgraph's SVGExporter fails on Qt 6's path data
            _render_svg(item, path)
    except OSError:
        if new:  # no empty file is left behind
            path.unlink(missing_ok=True)
        raise
    return path


def _render_svg(item, path: Path) -> None:
    _render_scene_svg(item.scene(), item.sceneBoundingRect(), path)


def _render_scene_svg(scene, rect: QRectF, path: Path) -> None:
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(QSize(max(1, round(rect.width())), max(1, round(rect.height()))))
    gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    gen.setTitle(path.stem)
    gen.setDescription("ANDREA Desktop")
    painter = QPainter()
    if not painter.begin(gen):
        raise OSError(f"could not write {path}")
    try:
        scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    finally:
        painter.end()
    if not path.exists() or path.stat().st_size == 0:
        raise OSError(f"could not write {path}")


def _ask_and_export(parent: QWidget, item, name: str) -> None:
    if not isinstance(item, QGraphicsItem):  # a function giving the item (a panel builds its plots first)
        item = item()
    title = QCoreApplication.translate("QtExport", "Export {name}").format(name=name)
    path, chosen = QFileDialog.getSaveFileName(parent, title, f"{name}.png",
                                               image_filter())
    if not path:
        return
    if not Path(path).suffix:
        path += ".svg" if "svg" in chosen.lower() else ".png"
    try:
        export_graphics(item, path)
    except (OSError, ValueError) as exc:
        export_failed(parent, exc)


def export_button(parent: QWidget, targets: dict[str, object], extra: dict[str, object] | None = None) -> QPushButton:
    """An "Export" button whose menu writes each of ``targets`` (name -> pyqtgraph item, or a
    function returning it when chosen: a panel that builds its plots on first show) to a PNG or
    SVG the user picks; ``extra`` adds other actions (name -> callable). A push button
    with a menu keeps room for its arrow (a tool button's arrow is drawn over its text)."""
    button = QPushButton(parent)
    qt = QCoreApplication
    button.setText(qt.translate("QtExport", "Export"))
    button.setToolTip(qt.translate("QtExport", "Save a picture (PNG or SVG) or a table (CSV)"))
    menu = QMenu(button)
    for name, item in targets.items():
        menu.addAction(qt.translate("QtExport", "{name} as PNG/SVG…").format(name=name),
                       lambda item=item, name=name: _ask_and_export(parent, item, name))
    for name, func in (extra or {}).items():
        menu.addAction(name, func)
    button.setMenu(menu)
    return button


class QtSVGExporter(Exporter):
    """pyqtgraph's right-click Export… entry for SVG, written by Qt's ``QSvgGenerator``.

    It replaces pyqtgraph's own ``SVGExporter`` in the export dialog, which fails on Qt 6's
    path data (pyqtgraph issue #3485).
    """

    Name = "Scalable Vector Graphics (SVG)"
    allowCopy = False

    def __init__(self, item) -> None:
        super().__init__(item)
        self.params = Parameter.create(name="params", type="group", children=[])

    def parameters(self):
        return self.params

    def export(self, fileName=None, toBytes=False, copy=False):  # noqa: N803 -- pyqtgraph's API
        if fileName is None:
            self.fileSaveDialog(filter=["*.svg"])
            return None
        _render_scene_svg(self.getScene(), self.getSourceRect(), Path(fileName))
        return None


Exporter.Exporters[:] = [e for e in Exporter.Exporters if e.__name__ != "SVGExporter"]
QtSVGExporter.register()
