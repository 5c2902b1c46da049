"""``andrea-train`` beside one competing busy process: the automatic thread count against fixed
counts (docs/design.md#monitoring-costs-almost-nothing: the default must reach >= 0.9 x the better of n and n - 1 threads). Not a
test: prints figures as JSON.

For each round, interleaved, one ``andrea-train`` subprocess per variant trains a fresh run of
the preset for ``--seconds`` (stopped by SIGTERM at a step boundary) while a second Python
process spins (``while True: pass``, pinned nowhere), started just before and killed after:

* ``auto``: ``run.torch_threads = 0`` (the default: a timed trial of n and n - 1 threads);
* ``n`` and ``n-1``: ``run.torch_threads`` fixed to every core the process may use, and one fewer.

Throughput is the median of the steps' ``train/tokens_per_s`` (what the issue compared) and the
wall-clock rate from the ``start`` event to the last step (which also pays for the trials).
The automatic runs' ``threads`` events (choices and measured rates) are listed.

    python benchmarks/threads_under_load.py [--preset andrea-tiny] [--seconds 50] [--rounds 2]
    python benchmarks/threads_under_load.py --seconds 8 --rounds 1 --no-load   # a quick check
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from andrea_desktop.core.config import load_preset
from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_TOKENS_PER_S
from andrea_desktop.core.rundir.layout import METRICS_DB
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import prepare_run
from andrea_desktop.core.training.threads import available_cores

TRAIN = "import sys; from andrea_desktop.cli.train import train_main; sys.exit(train_main())"
SKIP = 3  # first steps left out of the per-step median (thread pools and caches warming up)


def spinner() -> subprocess.Popen:
    """One busy process (a pure-Python loop: one core's worth of load)."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def train_for(run_dir: Path, seconds: float) -> None:
    """``andrea-train --resume`` on a prepared run for ``seconds`` of training, then SIGTERM (it
    stops at the next step boundary and writes its last checkpoint)."""
    proc = subprocess.Popen([sys.executable, "-c", TRAIN, "--run-dir", str(run_dir), "--resume",
                             "--max-steps", "1000000", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    db = run_dir / METRICS_DB
    deadline = None
    while proc.poll() is None:  # the clock starts with the first step: imports and set-up are free
        if deadline is None and _first_step_done(db):
            deadline = time.monotonic() + seconds
        if deadline is not None and time.monotonic() >= deadline:
            proc.send_signal(signal.SIGTERM)
            break
        time.sleep(0.2)
    _, err = proc.communicate(timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"andrea-train failed ({proc.returncode}): {err[-2000:]}")


def _first_step_done(db: Path) -> bool:
    if not db.exists():
        return False
    import sqlite3

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT 1 FROM scalars WHERE name=? LIMIT 1", (TRAIN_LOSS,)).fetchone() is not None
    except sqlite3.Error:
        return False
    finally:
        con.close()


def rates(run_dir: Path, tokens_per_step: int) -> dict:
    """Per-step median tokens/s, the wall-clock rate from the start event, and the threads events."""
    reader = RunReader(run_dir / METRICS_DB)
    steps, per_step = reader.scalars(TRAIN_TOKENS_PER_S)
    con = reader._con
    (t_last,) = con.execute("SELECT MAX(wall_time) FROM scalars WHERE name=?", (TRAIN_LOSS,)).fetchone()
    start = reader.events("start")
    chosen = [p for _s, _k, p, _t in reader.events("threads")]
    reader.close()
    t_start = start[-1][3]
    kept = per_step[SKIP:] if len(per_step) > 2 * SKIP else per_step  # a very short check keeps them all
    return {"median_tokens_per_s": float(np.median(kept)),
            "wall_tokens_per_s": len(steps) * tokens_per_step / (t_last - t_start),
            "steps": int(len(steps)), "threads_events": chosen}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="andrea-tiny")
    ap.add_argument("--seconds", type=float, default=50.0, help="training time per measurement")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--no-load", action="store_true", help="without the competing busy process")
    args = ap.parse_args()

    n = available_cores()
    variants = {"auto": 0, "n": n}
    if n > 1:
        variants["n-1"] = n - 1
    base = load_preset(args.preset)
    base = base.replace(terrain=dataclasses.replace(base.terrain, interval=0))  # training only
    tokens_per_step = base.train.batch_size * base.model.block_size
    res: dict[str, list[dict]] = {k: [] for k in variants}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for r in range(args.rounds):
            for name, threads in variants.items():
                run = root / f"{name}-{r}"
                prepare_run(run, config=base.replace(run=dataclasses.replace(base.run, torch_threads=threads)))
                load = None if args.no_load else spinner()
                try:
                    train_for(run, args.seconds)
                finally:
                    if load is not None:
                        load.kill()
                        load.wait()
                res[name].append(rates(run, tokens_per_step))

    med = {k: statistics.median(x["median_tokens_per_s"] for x in v) for k, v in res.items()}
    wall = {k: statistics.median(x["wall_tokens_per_s"] for x in v) for k, v in res.items()}
    fixed = [k for k in variants if k != "auto"]
    best = max(fixed, key=lambda k: med[k])
    out = {
        "preset": args.preset,
        "cores_available": n,
        "competing_busy_processes": 0 if args.no_load else 1,
        "seconds_per_measurement": args.seconds,
        "rounds": args.rounds,
        "torch_threads": variants,
        "tokens_per_s_median_of_steps": {k: round(v, 1) for k, v in med.items()},
        "tokens_per_s_wall": {k: round(v, 1) for k, v in wall.items()},
        "rounds_detail": {k: [{"median": round(x["median_tokens_per_s"], 1), "wall": round(x["wall_tokens_per_s"], 1),
                               "steps": x["steps"]} for x in v] for k, v in res.items()},
        "auto_choices": [x["threads_events"] for x in res["auto"]],
        "ratios": {
            "auto_over_best_fixed": round(med["auto"] / med[best], 3),
            "auto_over_best_fixed_wall": round(wall["auto"] / max(wall[k] for k in fixed), 3),
            "all_cores_over_best_fixed": round(med["n"] / med[best], 3),
            "best_fixed": best,
        },
        "targets": {"auto_over_best_fixed": ">= 0.9"},
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
