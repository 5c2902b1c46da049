"""How long the side-by-side view (Runs dock → Side by side…, the warmup experiment's end) takes to
open on runs with many samples and probes: two run folders written by the run-folder writers, each
with a sample and a probe at every one of N steps (attention maps of andrea-12m's shape by default:
5 layers × 6 heads × 64 tokens), read and drawn offscreen. Prints the median of a few openings.

    QT_QPA_PLATFORM=offscreen python benchmarks/lessons_view.py [--rows 500] [--layers 5] [--heads 6]
        [--tokens 64] [--repeats 3]

Every row reads one probe file per run, its stored per-head entropy only (not the maps), once per
view; the samples are read from the store, and no scalar is read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QApplication

from andrea_desktop.core.config import save_config
from andrea_desktop.core.config.overrides import build_config
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
from andrea_desktop.core.rundir.probes import Probe, write_probe
from andrea_desktop.core.rundir.store import RunStore
from andrea_desktop.core.viewmodels.lessons import lessons_models
from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide


def _run(path: Path, rows: int, L: int, H: int, T: int, seed: int) -> None:
    path.mkdir()
    save_config(build_config(), path / CONFIG)
    rng = np.random.default_rng(seed)
    store = RunStore(path / METRICS_DB)
    stats = {k: np.zeros((L, H), np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    # the per-head entropy is all the view reads of a probe: its value does not change the cost
    for step in range(10, 10 * rows + 1, 10):
        store.log_sample(step, "The ", " ".join(rng.choice(["the", "model", "of", "a", "head", "token"], 30)))
        att = np.tril(rng.random((L, H, T, T), dtype=np.float32))
        att /= att.sum(-1, keepdims=True)
        write_probe(path, Probe.from_arrays({"step": np.int64(step), "attention": att,
                                             "token_text": np.array([f"t{i}" for i in range(T)]),
                                             "roles": np.full((L, H), "", dtype=str), **stats}))
    store.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=500)
    ap.add_argument("--layers", type=int, default=5)
    ap.add_argument("--heads", type=int, default=6)
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        runs = [Path(tmp) / name for name in ("a", "b")]
        for i, run in enumerate(runs):
            _run(run, args.rows, args.layers, args.heads, args.tokens, i)
        times = []
        for _ in range(args.repeats):
            t = time.perf_counter()
            models, errors = lessons_models(runs)
            view = QtSamplesSideBySide(models, None, errors)
            view.resize(1280, 800)
            view.show()
            app.processEvents()
            times.append(time.perf_counter() - t)
            view.close()
            view.deleteLater()
            app.processEvents()
    print(f"{args.rows} rows × 2 runs, maps {args.layers}×{args.heads}×{args.tokens}²: "  # noqa: T201
          f"median {statistics.median(times):.2f} s to read and draw (of {args.repeats})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
