"""Redraw time of the loss and LR panels with a long history (docs/design.md#the-window-stays-fluid: 200K steps <= 20 ms).

Fills a run history with N steps (loss, LR, three per-source curves, validation every 500
steps), then times, over repeated frames, appending one snapshot's worth of steps and
repainting the panels as the main window does. Prints medians and p95 as JSON.

    python benchmarks/plot_redraw.py [--steps 200000] [--frames 30]
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
    ap.add_argument("--steps", type=int, default=200_000)
    ap.add_argument("--frames", type=int, default=30)
    args = ap.parse_args()

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.config import ScheduleConfig, load_preset
    from andrea_desktop.core.schedule import planned_curve
    from andrea_desktop.core.viewmodels.history import RunHistory
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel
    from andrea_desktop.gui.panels.lr.panel import QtLRPanel

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    cfg = load_preset("andrea-120m")
    n = args.steps
    cfg = cfg.replace(schedule=ScheduleConfig(warmup_steps=2000, total_steps=n + 10_000, min_lr=3e-5))
    rng = np.random.default_rng(0)
    steps = np.arange(1, n + 1)
    loss = 8.0 * np.exp(-steps / 40_000) + 2.0 + 0.1 * rng.standard_normal(n)
    _, lrs = planned_curve(cfg.schedule, cfg.optimizer.lr)

    h = RunHistory(smoothing=0.9)
    t0 = time.perf_counter()
    h.loss.extend(steps, loss)
    h.lr.extend(steps, lrs[1 : n + 1])
    names = ["python-reference", "stdlib-docstrings", "stdlib-code"]
    for i, name in enumerate(names):
        sel = steps[i::3]
        h.source(name).extend(sel, loss[i::3] + 0.1 * i)
        vs = np.arange(0, n + 1, 500)
        h.val(name).extend(vs, 8.0 * np.exp(-vs / 40_000) + 2.1 + 0.1 * i)
    fill_s = time.perf_counter() - t0

    loss_panel, lr_panel = QtLossPanel(RunModel.of(h)), QtLRPanel(RunModel.of(h))
    loss_panel.set_sources(names)
    lr_panel.set_config(cfg)
    for p in (loss_panel, lr_panel):
        p.resize(1000, 450)
        p.show()
    app.processEvents()

    frames = {"loss": [], "lr": [], "loss_after_smoothing_change": []}
    step = n
    for _ in range(args.frames):
        k = np.arange(step + 1, step + 9)
        step += 8
        h.loss.extend(k, 2.0 + 0.1 * rng.standard_normal(8))
        h.lr.extend(k, np.full(8, 3e-5))
        t = time.perf_counter()
        loss_panel.refresh()
        loss_panel.repaint()
        frames["loss"].append(time.perf_counter() - t)
        t = time.perf_counter()
        lr_panel.refresh()
        lr_panel.repaint()
        frames["lr"].append(time.perf_counter() - t)
    for w in (0.5, 0.9, 0.99):
        t = time.perf_counter()
        loss_panel.smoothing.setValue(w)  # recomputes the whole EMA, then redraws
        loss_panel.repaint()
        frames["loss_after_smoothing_change"].append(time.perf_counter() - t)

    out = {
        "history_steps": n,
        "fill_history_s": round(fill_s, 3),
        "redraw_ms": {
            k: {"median": round(1000 * float(np.median(v)), 2), "p95": round(1000 * float(np.percentile(v, 95)), 2)}
            for k, v in frames.items()
        },
        "target_ms": 20,
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    for p in (loss_panel, lr_panel):
        p.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
