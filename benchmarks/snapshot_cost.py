"""Cost of one snapshot (8 new steps) to the loss and LR panels at long histories (<= 5 ms at 4M steps, flat within 2x from 10K).

For each history length, fills a run history (loss, LR, 16 per-source curves that share the
steps, validation every 500 steps per source and their mean), shows both panels offscreen at
1000x450, then times, over repeated frames, what the window does with a snapshot: append 8
steps to the history, refresh the loss panel and the LR panel. ``apply`` is that; ``+paint``
adds a synchronous repaint of both plots (the raster engine's cost of what is drawn, with
pyqtgraph's auto-range at paint time). Also
times a pan at the largest history (the view moved: the display buffer re-read for the new
range). Prints a table (median ms, and each apply median over the first history's: flat is
about 1) and, with --json, the numbers. On a loaded machine, ``--cpu`` times the GUI thread's
CPU time instead of the wall clock (what the thread spent, not how long it waited for a core).

    python benchmarks/snapshot_cost.py [--steps 10000 100000 1000000 4000000] [--frames 40] [--cpu]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402

N_SOURCES = 16


def _fill(n: int, names: list[str] | None = None):
    """A history of ``n`` steps: loss, LR, each source's loss (``names``, default 16) on its
    share of the rows, validation every 500 steps per source and their mean, two events."""
    from andrea_desktop.core.viewmodels.history import RunHistory

    rng = np.random.default_rng(0)
    steps = np.arange(1, n + 1)
    loss = 8.0 * np.exp(-steps / max(n / 5, 1)) + 2.0 + 0.1 * rng.standard_normal(n)
    h = RunHistory(smoothing=0.9)
    h.loss.extend(steps, loss)
    h.lr.extend(steps, 3e-4 * np.minimum(1.0, steps / 2000) * (0.55 + 0.45 * np.cos(np.pi * steps / (n + 10_000))))
    names = names or [f"source-{i:02d}" for i in range(N_SOURCES)]
    vs = np.arange(500, n + 1, 500)
    for i, name in enumerate(names):
        h.source(name).extend(steps[i::len(names)], loss[i::len(names)] + 0.05 * i)
        h.val(name).extend(vs, 8.0 * np.exp(-vs / max(n / 5, 1)) + 2.1 + 0.05 * i)
    h.val("mean").extend(vs, 8.0 * np.exp(-vs / max(n / 5, 1)) + 2.4)
    h.events += [(2000, "lr_warmup_end", {}), (n // 2, "pivot", {})]
    return h, names


def _measure(n: int, frames: int, app, clock=time.perf_counter) -> dict:
    from andrea_desktop.core.config import ScheduleConfig, load_preset
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel
    from andrea_desktop.gui.panels.lr.panel import QtLRPanel

    t = time.perf_counter()
    h, names = _fill(n)
    fill_s = time.perf_counter() - t
    cfg = load_preset("andrea-120m")
    cfg = cfg.replace(schedule=ScheduleConfig(warmup_steps=2000, total_steps=n + 10_000, min_lr=3e-5))
    loss_panel, lr_panel = QtLossPanel(RunModel.of(h)), QtLRPanel(RunModel.of(h))
    loss_panel.set_sources(names)
    lr_panel.set_config(cfg)
    for p in (loss_panel, lr_panel):
        p.resize(1000, 450)
        p.show()
    t = time.perf_counter()
    loss_panel.refresh()
    lr_panel.refresh()
    first_s = time.perf_counter() - t  # the first draw reads the whole history once
    loss_panel.repaint()
    lr_panel.repaint()
    app.processEvents()

    rng = np.random.default_rng(1)
    step = n
    out = {"apply": [], "+paint": []}
    for f in range(2 * frames):
        k = np.arange(step + 1, step + 9)
        step += 8
        vals = 2.0 + 0.1 * rng.standard_normal(8)
        paint = f % 2 == 1
        t = clock()
        h.loss.extend(k, vals)
        h.lr.extend(k, np.full(8, 3e-5))
        for s, v in zip(k, vals, strict=True):
            h.source(names[s % N_SOURCES]).extend([s], [v])
        loss_panel.refresh()
        lr_panel.refresh()
        if paint:  # the plots' viewports, painted now (a QGraphicsView paints there)
            loss_panel.plot.viewport().repaint()
            lr_panel.plot.viewport().repaint()
        out["+paint" if paint else "apply"].append(clock() - t)
        app.processEvents()
    pan = []
    display = getattr(loss_panel, "display", None)
    if display is not None:  # the view moved: what is on screen is read again
        vb = loss_panel.plot.getPlotItem().getViewBox()
        for _ in range(frames // 2):
            a = float(rng.uniform(0, n * 0.8))
            vb.setXRange(a, a + n * 0.1, padding=0)
            t = clock()
            display.redraw()
            pan.append(clock() - t)
    drawn = int(sum(len(c.getData()[0]) for c in loss_panel.plot.getPlotItem().listDataItems()))
    for p in (loss_panel, lr_panel):
        p.close()
        p.deleteLater()
    app.processEvents()
    med = {k: round(1000 * float(np.median(v)), 2) for k, v in out.items()}
    med["p95 apply"] = round(1000 * float(np.percentile(out["apply"], 95)), 2)
    med["pan"] = round(1000 * float(np.median(pan)), 2) if pan else None
    return {"steps": n, "points": int(4 * n), "fill_s": round(fill_s, 1), "first_draw_s": round(first_s, 3),
            "points_drawn_loss": drawn, **med}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, nargs="+", default=[10_000, 100_000, 1_000_000, 4_000_000])
    ap.add_argument("--frames", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="time the thread's CPU time (a loaded machine)")
    args = ap.parse_args()

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    rows = []
    for n in args.steps:
        rows.append(_measure(n, args.frames, app, time.thread_time if args.cpu else time.perf_counter))
        gc.collect()
    base = rows[0]["apply"]
    print(f"{'steps':>10} {'points':>10} {'apply ms':>9} {'p95':>7} {'+paint ms':>10} {'pan ms':>7} "  # noqa: T201
          f"{'x 10K':>6} {'drawn':>7} {'1st draw s':>10}")
    for r in rows:
        print(f"{r['steps']:>10,} {r['points']:>10,} {r['apply']:>9.2f} {r['p95 apply']:>7.2f} "  # noqa: T201
              f"{r['+paint']:>10.2f} {r['pan'] if r['pan'] is not None else '-':>7} "
              f"{r['apply'] / base:>6.2f} {r['points_drawn_loss']:>7,} {r['first_draw_s']:>10.3f}")
    if args.json:
        print(json.dumps(rows, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
