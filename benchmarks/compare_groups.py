"""Redraw time of seed groups: G groups x S seeds x N steps drawn as mean ± std bands on the loss
and LR panels (5 groups x 4 seeds x 100K steps <= 50 ms).

Builds G x S synthetic runs in memory (:meth:`CompareRun.from_arrays`, each with a config that
differs from its group's others only in ``run.seed``: no store is read; smoothed training loss,
LR, validation every 500 steps), checks them in the comparison view of a loss and an LR panel at
1280x800 (grouped by seed, the default: each group's mean line and ±1 std band, its runs hidden),
then times, over repeated frames:

- ``live``: 8 new steps appended to every run, the groups' curves brought up to date (only the
  points past the earliest run's end are computed again), both panels redrawn and repainted;
- ``zoom``: the x range changed (a tenth of the runs, then all), redrawn and repainted;
- ``zoom_minmax``: the same with the min–max bands shown too;
- ``x_axis_first_tokens``, ``x_axis_first_wall``: the first switch to tokens, then to active
  training time: every group's curves on that axis computed (the union of its runs' x values),
  items rebound, repainted (a one-off per axis; one sample each);
- ``x_axis``: switching among the three axes again (computed already: rebinding and redrawing);
- ``live_one_seed_growing``: seeds trained one after another: each group's last seed cut to half
  the steps, then 8 steps appended to it per frame while the others are done (each frame computes
  the group again from the growing seed's end on: half the steps).

Prints medians, p95 and the ratio of the median to the 50 ms target, as JSON.

    python benchmarks/compare_groups.py [--groups 5] [--seeds 4] [--steps 100000] [--frames 20]
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402

TARGET_MS = 50.0


def main() -> int:
    from compare_redraw import (
        bench_args,
        compare_window,
        finish,
        frame,
        live_frames,
        synthetic_run,
        zoom_frames,
    )

    args = bench_args(__doc__, groups=5, seeds=4)

    from andrea_desktop.core.config import Config
    from andrea_desktop.core.config.toml_io import config_to_dict
    from andrea_desktop.core.viewmodels.compare import XAxis

    rng = np.random.default_rng(0)
    n = args.steps
    t0 = time.perf_counter()
    runs = []
    base = config_to_dict(Config())
    for g in range(args.groups):
        lr = 3e-4 * (g + 1)
        for s in range(args.seeds):  # a group's runs differ only in their seed
            cfg = {**base, "optimizer": {**base["optimizer"], "lr": lr}, "run": {**base["run"], "seed": s}}
            runs.append(synthetic_run(f"lr{lr:.1e}-s{s}", n, rng, g, lr, 1 + 0.05 * s, cfg))
    fill_s = time.perf_counter() - t0
    _app, window, view, first_s = compare_window(runs)
    assert len(view.groups.groups) == args.groups and not view.loss.curves, "every run is behind its group"

    frames: dict[str, list[float]] = {"live": [], "zoom": [], "zoom_minmax": [], "x_axis": [],
                                      "live_one_seed_growing": []}
    step = live_frames(view, window, runs, n, args.frames, rng, frames["live"])
    for key, minmax in (("zoom", False), ("zoom_minmax", True)):
        view.groups.set_show_minmax(minmax)
        zoom_frames(view, window, step, args.frames, frames[key])
    view.groups.set_show_minmax(False)
    for axis in (XAxis.TOKENS, XAxis.WALL):
        t = time.perf_counter()
        view.set_x_axis(axis)
        window.repaint()
        frames[f"x_axis_first_{axis.value}"] = [time.perf_counter() - t]
    for axis in (XAxis.STEP, XAxis.TOKENS, XAxis.WALL) * 3:
        t = time.perf_counter()
        view.set_x_axis(axis)
        window.repaint()
        frames["x_axis"].append(time.perf_counter() - t)
    # seeds trained one after another: each group's last seed half-way and growing, the others done
    view.set_x_axis(XAxis.STEP)
    half = n // 2
    growing = [r for i, r in enumerate(runs) if i % args.seeds == args.seeds - 1]
    for run in growing:
        for series in (run.loss, run.lr):
            s, v, w = (a.data[:half].copy() for a in (series.series.steps, series.series.values, series.wall))
            series.clear()
            series.extend(s, v, w, run.tokens_per_step)
    frame(view, window)  # those groups computed again from the start, once
    for i in range(args.frames):
        k = np.arange(half + 8 * i + 1, half + 8 * i + 9)
        for run in growing:
            for series in (run.loss, run.lr):
                series.extend(k, np.full(8, 2.5), series.wall.data[-1] + 0.06 * np.arange(1, 9), run.tokens_per_step)
        frames["live_one_seed_growing"].append(frame(view, window))

    def summary(v: list[float]) -> dict:
        med = 1000 * float(np.median(v))
        return {"median": round(med, 2), "p95": round(1000 * float(np.percentile(v, 95)), 2),
                "median_over_target": round(med / TARGET_MS, 3)}

    out = {
        "groups": args.groups,
        "seeds": args.seeds,
        "steps_per_run": n,
        "build_runs_s": round(fill_s, 3),
        "first_overlay_s": round(first_s, 3),
        "redraw_ms": {k: summary(v) for k, v in frames.items()},
        "target_ms": TARGET_MS,
    }
    return finish(out, view, window)


if __name__ == "__main__":
    sys.exit(main())
