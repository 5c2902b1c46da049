"""What a main window costs to make and show (CPU time of the GUI thread), for this tree and,
with ``--against``, another checkout of the project (e.g. ``main``), with the ratio.

Each tree is measured in its own Python process (offscreen, the settings in a temporary folder,
the tests' tiny config): one window first (imports, fonts), then ``--repeats`` windows each made,
shown, drawn once by the event loop, closed and deleted; the median CPU seconds per window are
printed, and the medians of the Terrain, Attention and Embedding panels made on their own.

    .venv/bin/python benchmarks/window_build.py --repeats 7 --against ../main-checkout
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

MEASURE = r"""
import json, statistics, sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
QCoreApplication.setOrganizationName("andrea-bench")
sys.path.insert(0, str(Path.cwd() / "tests"))
from conftest import tiny_config
from andrea_desktop.gui.window.main_window import MainWindow
from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel
from andrea_desktop.gui.panels.embedding.panel import QtEmbeddingPanel
from andrea_desktop.gui.panels.terrain.panel import QtTerrainPanel

repeats = int(sys.argv[1])
folder = Path(tempfile.mkdtemp())

def window(i):
    t = time.thread_time()
    w = MainWindow(folder / f"r{i}", config=tiny_config())
    w.show()
    app.processEvents()
    took = time.thread_time() - t
    w.close()
    w.deleteLater()
    app.processEvents()
    return took

def panel(make):
    t = time.thread_time()
    p = make()
    took = time.thread_time() - t
    p.deleteLater()
    app.processEvents()
    return took

window(0)  # imports, fonts, first paint
out = {"window": statistics.median(window(i + 1) for i in range(repeats))}
for name, make in (("terrain", QtTerrainPanel), ("attention", QtAttentionPanel), ("embedding", QtEmbeddingPanel)):
    panel(make)
    out[name] = statistics.median(panel(make) for _ in range(repeats))
print(json.dumps(out))
"""


def measure(tree: Path, repeats: int) -> dict[str, float]:
    """Median CPU seconds of a window (and of three panels made at once) in ``tree``."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(tree), "HOME": home,
               "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home, "XDG_CACHE_HOME": home}
        proc = subprocess.run([sys.executable, "-c", MEASURE, str(repeats)], cwd=tree, env=env,
                              capture_output=True, text=True, timeout=1200)
    if proc.returncode != 0:
        raise SystemExit(f"{tree}: exit {proc.returncode}\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--against", type=Path, help="another checkout to measure first (the baseline)")
    args = ap.parse_args()
    trees = ([("baseline", args.against.resolve())] if args.against else []) + [("this tree", HERE)]
    results = {}
    for label, tree in trees:
        results[label] = r = measure(tree, args.repeats)
        print(f"{label:10s} {tree}: window {r['window'] * 1e3:6.0f} ms CPU (median of {args.repeats}); "  # noqa: T201
              + ", ".join(f"{k} panel {r[k] * 1e3:.0f} ms" for k in ("terrain", "attention", "embedding")))
    if args.against:
        ratio = results["this tree"]["window"] / results["baseline"]["window"]
        print(f"ratio this tree / baseline (window): {ratio:.2f}")  # noqa: T201


if __name__ == "__main__":
    main()
