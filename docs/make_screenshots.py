"""Regenerate the README's screenshots from the real app: a demo run trained offscreen, then the
main window and every panel grabbed to ``docs/screenshots/*.png``.

    .venv/bin/python docs/make_screenshots.py [--steps 400]

About two minutes on 2 cores (the demo preset, probes every 100 steps). The committed PNGs are
this script's output; never edit them by hand.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

OUT = Path(__file__).resolve().parent / "screenshots"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=400)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="andrea-shots-"))
    os.environ["XDG_CONFIG_HOME"] = str(home / "config")  # default layout, not the user's
    os.environ["XDG_DATA_HOME"] = str(home / "data")

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    w = MainWindow(home / "run", max_steps=args.steps)
    w.resize(1440, 900)
    w.show()
    w.start_training()
    t0 = time.monotonic()
    while w.thread is not None or w.state not in ("stopped", "finished"):
        app.processEvents()
        time.sleep(0.01)
        if time.monotonic() - t0 > 1800:
            print("training did not finish in 30 minutes", file=sys.stderr)  # noqa: T201
            return 1

    def settle():
        for _ in range(20):
            app.processEvents()
            time.sleep(0.01)

    OUT.mkdir(parents=True, exist_ok=True)
    settle()
    w.grab().save(str(OUT / "main-window.png"))
    w.loss_panel.grab().save(str(OUT / "loss.png"))
    w.lr_panel.grab().save(str(OUT / "lr-schedule.png"))
    shots = [(w.simplex_dock, w.simplex_panel, "mixture"), (w.attention_dock, w.attention_panel, "attention"),
             (w.samples_dock, w.samples_panel, "samples")]
    for dock, panel, name in shots:
        dock.raise_()
        settle()
        panel.grab().save(str(OUT / f"{name}.png"))
    w.embedding_dock.raise_()
    ep = w.embedding_panel
    ep.select_token("␣return") or ep.select_token("return")
    settle()
    ep.grab().save(str(OUT / "embeddings.png"))
    w.simplex_dock.raise_()
    print(f"screenshots of a {w.history.last_step}-step demo run in {OUT}")  # noqa: T201
    w.close_without_asking()
    settle()
    return 0


if __name__ == "__main__":
    sys.exit(main())
