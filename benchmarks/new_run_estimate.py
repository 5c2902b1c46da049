"""New Run dialog benchmark: how long the dialog takes to open, and how close its time-per-step
estimate (a few trial steps on random tokens) comes to the time a step of the real run takes.
Not a test: prints figures as JSON (target: the estimate within +-30 % of the measured mean).

The measured time is the mean over the first ``--steps`` optimiser steps of the run trained
headless at the same thread count: per step from the trainer's own timing
(``train/tokens_per_s``: batch, forward/backward, clip, AdamW), and from the store's wall times
(which add evaluations, probes, samples and checkpoints), both reported.

    python benchmarks/new_run_estimate.py [--preset andrea-tiny] [--set KEY=VALUE ...] [--steps 50]
        [--opens 5] [--threads N]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_TOKENS_PER_S  # noqa: E402
from andrea_desktop.core.rundir.layout import METRICS_DB  # noqa: E402
from andrea_desktop.core.rundir.reader import RunReader  # noqa: E402
from andrea_desktop.core.training import default_threads, run_session  # noqa: E402
from andrea_desktop.gui.app import configure_app  # noqa: E402
from andrea_desktop.gui.dialogs.new_run.dialog import QtNewRunDialog  # noqa: E402


def open_times(app: QApplication, preset: str, n: int) -> list[float]:
    """Seconds from constructing the dialog to its first paint, ``n`` times."""
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        dlg = QtNewRunDialog(None, preset=preset)
        dlg.show()
        app.processEvents()
        out.append(time.perf_counter() - t0)
        dlg.estimates.stop()
        dlg.deleteLater()
        app.processEvents()
    return out


def dialog_estimate(app: QApplication, preset: str, sets: list[str], timeout_s: float) -> tuple:
    """The dialog's configuration and time-per-step estimate for ``sets`` typed into its fields."""
    dlg = QtNewRunDialog(None, preset=preset)
    dlg.show()
    for s in sets:
        key, _, value = s.partition("=")
        if key not in dlg.fields:
            sys.exit(f"--set {s}: not a field of the dialog ({', '.join(dlg.fields)})")
        dlg.set_field(key, value)
    cfg = dlg.config()
    if cfg is None:
        sys.exit(f"the dialog refuses these settings: {dlg.problems or dlg.clash or dlg.status.text()}")
    loop = QEventLoop()
    dlg.estimates.trial_done.connect(loop.quit)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    t0 = time.perf_counter()
    loop.exec()
    trial_s = time.perf_counter() - t0
    est, reason = dlg.estimates.step_time, dlg.estimates.skip_reason
    dlg.estimates.stop()
    dlg.deleteLater()
    app.processEvents()
    return cfg, est, reason, trial_s


def measured_step_time(cfg, steps: int) -> tuple[float, float]:
    """Mean seconds per step over the first ``steps`` steps of a headless run of ``cfg``: the
    trainer's own timing of each step, and the store's wall time between steps."""
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        with run_session(run, config=cfg) as trainer:
            trainer.run(steps)
        reader = RunReader(run / METRICS_DB)
        try:
            _s, tps = reader.scalars(TRAIN_TOKENS_PER_S)
            _s, _loss = reader.scalars(TRAIN_LOSS)
            walls = [w for (w,) in reader._con.execute(
                "SELECT wall_time FROM scalars WHERE name=? ORDER BY step", (TRAIN_LOSS,)).fetchall()]
        finally:
            reader.close()
    tokens = cfg.train.batch_size * cfg.model.block_size
    per_step = float(np.mean(tokens / np.asarray(tps[:steps], dtype=np.float64)))
    wall = (walls[-1] - walls[0]) / max(1, len(walls) - 1)
    return per_step, wall


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", default="andrea-tiny")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                   help="a dialog field's value (dotted key, as andrea-train --set)")
    p.add_argument("--steps", type=int, default=50)
    p.add_argument("--opens", type=int, default=5)
    p.add_argument("--threads", type=int, default=default_threads(gui=True),
                   help="torch threads of the trial and the run (default: the GUI's, all cores but one)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for the trial")
    args = p.parse_args()
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    opens = open_times(app, args.preset, args.opens)
    cfg, est, reason, trial_s = dialog_estimate(app, args.preset, [*args.sets, f"run.torch_threads={args.threads}"],
                                                args.timeout)
    out = {"preset": args.preset, "sets": args.sets, "threads": args.threads, "cpus": os.cpu_count(),
           "open_ms_median": round(1000 * statistics.median(opens), 1),
           "open_ms_first": round(1000 * opens[0], 1),
           "trial_wall_s": round(trial_s, 2), "estimate_s": est, "estimate_skipped": reason}
    if est is not None:
        cfg = cfg.replace(run=dataclasses.replace(cfg.run, torch_threads=args.threads))
        per_step, wall = measured_step_time(cfg, args.steps)
        out.update({"steps": args.steps, "measured_step_s": per_step, "measured_wall_step_s": wall,
                    "error_vs_step": est / per_step - 1, "error_vs_wall": est / wall - 1,
                    "within_30pct": abs(est / per_step - 1) <= 0.30})
    print(json.dumps(out, indent=2))  # noqa: T201


if __name__ == "__main__":
    main()
