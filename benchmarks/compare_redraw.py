"""Redraw time of a comparison: R runs x N steps overlaid on the loss and LR panels (10 runs x 100K steps <= 50 ms).

Builds R synthetic runs in memory (smoothed training loss, LR and validation every 500 steps,
:meth:`CompareRun.from_arrays`: no store is read), checks them in the comparison view of a loss
and an LR panel at 1280x800, then times, over repeated frames:

- ``live``: one snapshot's worth of new steps appended to every run, then both panels redrawn
  and repainted (what a poll of growing runs costs);
- ``zoom``: the x range changed (a zoom into a tenth of the runs, then back out), redrawn and
  repainted;
- ``x_axis``: switching the x axis (step -> tokens -> wall time -> step ..., ``--frames``
  switches: every curve rebinds to the new x, each with its markers; a one-off, not a frame).

Prints medians and p95 as JSON.

    python benchmarks/compare_redraw.py [--runs 10] [--steps 100000] [--frames 20] [--markers 5]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--steps", type=int, default=100_000)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--markers", type=int, default=5, help="event markers per run (warmup end, pauses, ...)")
    args = ap.parse_args()

    from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

    from andrea_desktop.core.viewmodels.compare import CompareRun, XAxis
    from andrea_desktop.core.viewmodels.history import RunHistory
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.core.viewmodels.runs_table import RUN_COLOURS
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel
    from andrea_desktop.gui.panels.lr.panel import QtLRPanel
    from andrea_desktop.gui.panels.runs.compare import QtCompareView

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    rng = np.random.default_rng(0)
    n = args.steps
    t0 = time.perf_counter()
    runs = []
    for r in range(args.runs):
        steps = np.arange(1, n + 1)
        loss = 8.0 * np.exp(-steps / (20_000 + 3_000 * r)) + 2.0 + 0.1 * rng.standard_normal(n)
        lr = 3e-4 * np.minimum(1.0, steps / 2000) * (0.55 + 0.45 * np.cos(np.pi * steps / n))
        walls = 1.7e9 + np.cumsum(rng.uniform(0.05, 0.07, n))
        run = CompareRun.from_arrays(f"run-{r:02d}", steps, loss, lr, walls, tokens_per_step=8 * 256)
        vs = np.arange(500, n + 1, 500)
        run.val.extend(vs, 8.0 * np.exp(-vs / 20_000) + 2.1, walls[vs - 1], run.tokens_per_step, run.t0)
        run.markers = [(int(s), "pause", {}) for s in np.linspace(2000, n - 1000, args.markers).astype(int)]
        runs.append(run)
    fill_s = time.perf_counter() - t0

    history = RunHistory()
    loss_panel, lr_panel = QtLossPanel(RunModel.of(history)), QtLRPanel(RunModel.of(history))
    window = QWidget()
    layout = QVBoxLayout(window)
    layout.addWidget(loss_panel, 3)
    layout.addWidget(lr_panel, 2)
    window.resize(1280, 800)
    view = QtCompareView(loss_panel, lr_panel)
    for run in runs:
        view.runs[run.path] = run
    window.show()
    app.processEvents()
    t = time.perf_counter()
    view.set_runs([(run.path, RUN_COLOURS[i % len(RUN_COLOURS)]) for i, run in enumerate(runs)])
    window.repaint()
    first_s = time.perf_counter() - t

    def frame() -> float:
        t = time.perf_counter()
        view.redraw()
        window.repaint()
        return time.perf_counter() - t

    frames: dict[str, list[float]] = {"live": [], "zoom": [], "x_axis": []}
    step = n
    for _ in range(args.frames):
        k = np.arange(step + 1, step + 9)
        step += 8
        for run in runs:
            for series, values in ((run.loss, 2.0 + 0.1 * rng.standard_normal(8)), (run.lr, np.full(8, 3e-5))):
                series.extend(k, values, np.full(8, run.t0 + 1e4), run.tokens_per_step, run.t0)
        frames["live"].append(frame())
    vb = view.loss.plot.getPlotItem().getViewBox()
    for i in range(args.frames):
        if i % 2 == 0:
            vb.setXRange(step * 0.4, step * 0.5, padding=0)
        else:
            vb.enableAutoRange(axis="x")
        frames["zoom"].append(frame())
    prof = None
    if os.environ.get("ANDREA_PROFILE_X"):
        import cProfile
        prof = cProfile.Profile()
        prof.enable()
    cycle = (XAxis.TOKENS, XAxis.WALL, XAxis.STEP)
    for i in range(max(args.frames, 3)):  # step -> tokens -> wall -> step ..., each switch timed
        axis = cycle[i % 3]
        t = time.perf_counter()
        view.set_x_axis(axis)
        window.repaint()
        frames["x_axis"].append(time.perf_counter() - t)
    if prof is not None:
        import pstats
        prof.disable()
        pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(25)

    out = {
        "runs": args.runs,
        "steps_per_run": n,
        "build_runs_s": round(fill_s, 3),
        "first_overlay_s": round(first_s, 3),
        "redraw_ms": {
            k: {"median": round(1000 * float(np.median(v)), 2), "p95": round(1000 * float(np.percentile(v, 95)), 2)}
            for k, v in frames.items()
        },
        "target_ms": 50,
        "x_axis_median_over_target": round(1000 * float(np.median(frames["x_axis"])) / 50, 3),
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    view.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
