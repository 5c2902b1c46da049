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


def synthetic_run(name: str, n: int, rng, r: int = 0, lr_peak: float = 3e-4, scale: float = 1.0,
                  config: dict | None = None):
    """A compared run of ``n`` steps built in memory: a decaying loss (its pace set by ``r``, its
    height by ``scale``) with noise, a warmup-cosine LR, validation every 500 steps."""
    from andrea_desktop.core.viewmodels.compare import CompareRun

    steps = np.arange(1, n + 1)
    loss = 8.0 * scale * np.exp(-steps / (20_000 + 3_000 * r)) + 2.0 + 0.1 * rng.standard_normal(n)
    lr = lr_peak * np.minimum(1.0, steps / 2000) * (0.55 + 0.45 * np.cos(np.pi * steps / n))
    walls = 1.7e9 + np.cumsum(rng.uniform(0.05, 0.07, n))
    run = CompareRun.from_arrays(name, steps, loss, lr, walls, tokens_per_step=8 * 256, config=config)
    vs = np.arange(500, n + 1, 500)
    run.val.extend(vs, 8.0 * np.exp(-vs / 20_000) + 2.1, walls[vs - 1], run.tokens_per_step, run.t0)
    return run


def compare_window(runs):
    """A loss and an LR panel at 1280x800 comparing ``runs``: (app, window, view, seconds the
    first overlay took)."""
    from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

    from andrea_desktop.core.viewmodels.history import RunHistory
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.core.viewmodels.runs_table import RUN_COLOURS
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel
    from andrea_desktop.gui.panels.lr.panel import QtLRPanel
    from andrea_desktop.gui.panels.runs.compare import QtCompareView

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
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
    return app, window, view, time.perf_counter() - t


def bench_args(doc: str, **counts: int) -> argparse.Namespace:
    """The command line: ``--NAME`` for each of ``counts`` (its default), ``--steps`` per run
    (100,000) and ``--frames`` (20)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    for name, default in {**counts, "steps": 100_000, "frames": 20}.items():
        ap.add_argument(f"--{name}", type=int, default=default)
    return ap.parse_args()


def finish(out: dict, view, window) -> int:
    """Print the figures as JSON and close the comparison; the exit status (0)."""
    print(json.dumps(out, indent=2))  # noqa: T201
    view.close()
    window.close()
    return 0


def frame(view, window) -> float:
    """Seconds to redraw the comparison and repaint the window."""
    t = time.perf_counter()
    view.redraw()
    window.repaint()
    return time.perf_counter() - t


def live_frames(view, window, runs, step: int, frames: int, rng, out: list[float]) -> int:
    """``frames`` times: 8 new steps appended to every run's loss and LR after ``step``, then a
    redraw (seconds appended to ``out``). Returns the last step."""
    for _ in range(frames):
        k = np.arange(step + 1, step + 9)
        step += 8
        for run in runs:
            for series, values in ((run.loss, 2.0 + 0.1 * rng.standard_normal(8)), (run.lr, np.full(8, 3e-5))):
                series.extend(k, values, np.full(8, run.t0 + 1e4), run.tokens_per_step, run.t0)
        out.append(frame(view, window))
    return step


def zoom_frames(view, window, step: int, frames: int, out: list[float]) -> None:
    """``frames`` redraws, zoomed into a tenth of ``step`` steps and back out in turn."""
    vb = view.loss.plot.getPlotItem().getViewBox()
    for i in range(frames):
        if i % 2 == 0:
            vb.setXRange(step * 0.4, step * 0.5, padding=0)
        else:
            vb.enableAutoRange(axis="x")
        out.append(frame(view, window))


def main() -> int:
    args = bench_args(__doc__, runs=10, markers=5)  # --markers: event markers per run (warmup end, pauses, ...)

    from andrea_desktop.core.viewmodels.compare import XAxis

    rng = np.random.default_rng(0)
    n = args.steps
    t0 = time.perf_counter()
    runs = []
    for r in range(args.runs):
        run = synthetic_run(f"run-{r:02d}", n, rng, r)
        run.markers = [(int(s), "pause", {}) for s in np.linspace(2000, n - 1000, args.markers).astype(int)]
        runs.append(run)
    fill_s = time.perf_counter() - t0
    _app, window, view, first_s = compare_window(runs)

    frames: dict[str, list[float]] = {"live": [], "zoom": [], "x_axis": []}
    step = live_frames(view, window, runs, n, args.frames, rng, frames["live"])
    zoom_frames(view, window, step, args.frames, frames["zoom"])
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
    return finish(out, view, window)


if __name__ == "__main__":
    sys.exit(main())
