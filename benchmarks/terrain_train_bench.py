"""``andrea-train`` throughput with the automatic ``terrain.interval`` on vs off.

Prepares one andrea-tiny run per mode (the preset with ``terrain.interval`` = ``--interval``
and = 0), then runs ``andrea-train --resume --max-steps N -q`` on a fresh copy of each, the
modes alternating and their order rotated each round. The training rate is the steps between
the first and the last ``train/loss`` row over their wall-time span (the start-up and the wait
for the last terrain job after the last step are left out; the wait is printed separately).
Medians over the rounds and the ratio on / off (target >= 0.95).

    .venv/bin/python benchmarks/terrain_train_bench.py [--steps 100] [--interval 25] [--rounds 3]

The machine's other load shows in every number: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TRAIN = "import sys; from andrea_desktop.cli.train import train_main; sys.exit(train_main())"


def _say(*parts) -> None:
    print(*parts, flush=True)  # noqa: T201 - a benchmark prints its figures


def _rate(run: Path) -> tuple[float, float]:
    """(steps/s between the first and last step, Unix time of the last step)."""
    con = sqlite3.connect(run / "metrics.sqlite")
    rows = con.execute("SELECT step, wall_time FROM scalars WHERE name = 'train/loss' ORDER BY step").fetchall()
    con.close()
    (s0, t0), (s1, t1) = rows[0], rows[-1]
    return (s1 - s0) / (t1 - t0), t1


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--interval", type=int, default=25)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()

    from andrea_desktop.core.config import load_preset
    from andrea_desktop.core.training import prepare_run

    tmp = Path(tempfile.mkdtemp(prefix="terrain-train-bench-"))
    base = load_preset("andrea-tiny")
    templates = {}
    for mode, interval in (("off", 0), ("on", args.interval)):
        cfg = base.replace(terrain=dataclasses.replace(base.terrain, interval=interval))
        templates[mode] = prepare_run(tmp / f"template-{mode}", config=cfg).run_dir
    _say(f"andrea-tiny, {args.steps} steps per run, terrain.interval {args.interval} (on) / 0 (off), "
         f"{args.rounds} rounds, worker {base.terrain.worker} ({base.terrain.threads} thread, nice 19)")
    rates: dict[str, list[float]] = {"off": [], "on": []}
    modes = ["off", "on"]
    try:
        for r in range(args.rounds):
            for mode in modes if r % 2 == 0 else modes[::-1]:
                run = tmp / f"{mode}-{r}"
                shutil.copytree(templates[mode], run)
                t = time.time()
                res = subprocess.run([sys.executable, "-c", TRAIN, "--run-dir", str(run), "--resume",
                                      "--max-steps", str(args.steps), "-q"], capture_output=True, text=True)
                end = time.time()
                if res.returncode != 0:
                    raise SystemExit(f"andrea-train failed: {res.stderr}")
                rate, last = _rate(run)
                rates[mode].append(rate)
                jobs = sorted(int(f.stem) for f in (run / "terrain").glob("*.npz")) if mode == "on" else []
                _say(f"round {r + 1} {mode:>3}: {rate:6.2f} steps/s, process {end - t:5.1f} s, "
                     f"after the last step {end - last:4.1f} s, terrain steps {jobs}")
                shutil.rmtree(run)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    off, on = statistics.median(rates["off"]), statistics.median(rates["on"])
    _say(f"median steps/s: off {off:.2f}, on {on:.2f}; on / off = {on / off:.3f} (target >= 0.95)")


if __name__ == "__main__":
    main()
