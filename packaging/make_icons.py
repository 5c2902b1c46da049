"""Render resources/andrea-desktop.svg to the PNG sizes a Linux desktop needs
(packaging/icons/hicolor/<n>x<n>/apps/andrea-desktop.png), with Qt's SVG renderer.

    QT_QPA_PLATFORM=offscreen python packaging/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv)  # noqa: F841 -- needed by QImage/QPainter
    renderer = QSvgRenderer(str(ROOT / "resources" / "andrea-desktop.svg"))
    if not renderer.isValid():
        print("cannot read resources/andrea-desktop.svg", file=sys.stderr)  # noqa: T201
        return 1
    for n in SIZES:
        img = QImage(n, n, QImage.Format.Format_ARGB32)
        img.fill(Qt.GlobalColor.transparent)
        painter = QPainter(img)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        out = ROOT / "packaging" / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "andrea-desktop.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        img.save(str(out))
    print(f"icons: {', '.join(map(str, SIZES))} px")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
