"""The sweep queue's overhead: a sweep of six andrea-tiny runs (3 LRs × 2 seeds) trained by
``andrea-sweep`` against the same six runs trained one by one by hand with ``andrea-train``
(``--set`` each run's overrides, as the sweep lists them with ``--dry-run``).

    python benchmarks/sweep_overhead.py [--steps 100] [--threads 0] [--order hand-first] [--repeats 1] [--out DIR]

Both arms are timed from outside (wall time of the commands, interpreter start and torch import
included: what a user waits), on the same machine one after the other, with the same torch thread
setting (``--threads 0``: the automatic trial in each, as the preset; a number fixes it for both).
Prints JSON: each arm's total and per-run seconds, the sweep's total ÷ by hand's, the difference
per run (negative: the sweep is faster, since it imports torch once and not six times), and each
arm's time outside its runs' training (the arm's total less each run's span from its ``start`` to
its ``stop`` event: interpreter starts, imports, data preparation and, for the sweep, the queue).
``--repeats N`` times both arms N times, alternating which goes first (hand, sweep, sweep, hand,
...), and reports the sums. Checks that both arms trained the same six configurations to the
same step.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from andrea_desktop.core.config import load_config
from andrea_desktop.core.rundir.layout import CONFIG, METRICS_DB
from andrea_desktop.core.rundir.reader import RunReader, last_trained_step
from andrea_desktop.core.sweeps import load_sweep

SWEEP = """name = "bench"
base = "andrea-tiny"
steps = {steps}
seeds = 2
set = [{shared}]

[keys]
"optimizer.lr" = [1e-3, 3e-3, 1e-2]
"""


def _by_hand(folder: Path, sweep) -> float:
    start = time.perf_counter()
    for run in sweep.runs():
        cmd = [sys.executable, "-m", "andrea_desktop.cli.train", "--run-dir", str(folder / run.name),
               "--max-steps", str(run.steps), "-q", *(a for o in run.overrides for a in ("--set", o))]
        subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def _by_sweep(folder: Path, spec: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "andrea_desktop.cli.sweep", str(spec), "--runs-dir", str(folder), "-q"],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def _training_s(folder: Path, sweep) -> float:
    """Seconds the runs in ``folder`` spent between their ``start`` and ``stop`` events."""
    total = 0.0
    for run in sweep.runs():
        with RunReader(folder / run.name / METRICS_DB) as reader:
            start = reader.events("start")[0][3]
            stop = reader.events("stop")[-1][3]
        total += stop - start
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--threads", type=int, default=0, help="run.torch_threads of every run (0: the automatic trial)")
    ap.add_argument("--order", choices=("hand-first", "sweep-first"), default="hand-first")
    ap.add_argument("--repeats", type=int, default=1, help="time both arms this many times, alternating the order")
    ap.add_argument("--out", type=Path, default=None, help="folder for the runs (default: a temporary one, removed)")
    args = ap.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="sweep-overhead-"))
    shared = '"terrain.interval=0"' + (f', "run.torch_threads={args.threads}"' if args.threads else "")
    spec = out / "bench.toml"
    out.mkdir(parents=True, exist_ok=True)
    spec.write_text(SWEEP.format(steps=args.steps, shared=shared))
    sweep = load_sweep(spec)
    seconds = {"by_hand": 0.0, "sweep": 0.0}
    outside = {"by_hand": 0.0, "sweep": 0.0}
    n = len(sweep.runs())
    for i in range(args.repeats):
        hand, queued = out / f"by-hand-{i}", out / f"by-sweep-{i}"
        hand.mkdir()
        queued.mkdir()
        arms = [("by_hand", hand, lambda h=hand: _by_hand(h, sweep)), ("sweep", queued, lambda q=queued: _by_sweep(q, spec))]
        if (args.order == "sweep-first") != (i % 2 == 1):
            arms.reverse()
        for name, folder, run in arms:
            took = run()
            seconds[name] += took
            outside[name] += took - _training_s(folder, sweep)
        for run in sweep.runs():  # the same configurations, trained to the same step
            a, b = hand / run.name, queued / run.name
            assert load_config(a / CONFIG) == load_config(b / CONFIG), run.name
            assert last_trained_step(a / METRICS_DB) == last_trained_step(b / METRICS_DB) == run.steps, run.name
    n *= args.repeats
    print(json.dumps({  # noqa: T201
        "runs": n, "steps": args.steps, "threads": args.threads or "auto", "order": args.order,
        "repeats": args.repeats,
        "by_hand_s": round(seconds["by_hand"], 2), "sweep_s": round(seconds["sweep"], 2),
        "by_hand_per_run_s": round(seconds["by_hand"] / n, 2), "sweep_per_run_s": round(seconds["sweep"] / n, 2),
        "sweep_over_by_hand": round(seconds["sweep"] / seconds["by_hand"], 3),
        "overhead_per_run_s": round((seconds["sweep"] - seconds["by_hand"]) / n, 2),
        "by_hand_outside_training_per_run_s": round(outside["by_hand"] / n, 2),
        "sweep_outside_training_per_run_s": round(outside["sweep"] / n, 2),
    }))
    if args.out is None:
        shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
