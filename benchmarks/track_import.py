"""How long ``import andrea_desktop.track`` takes in a fresh interpreter (the bar: 0.3 s), and
what one ``run.log`` of four scalars costs the calling thread.

Each repeat starts a new ``python -c`` and times the import inside it (the interpreter's own
start-up is not counted); then prints each time, the median and the cost per ``log`` call.

    .venv/bin/python benchmarks/track_import.py --repeats 7
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CODE = "import time; t = time.perf_counter(); import andrea_desktop.track; print(time.perf_counter() - t)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--logs", type=int, default=20_000)
    args = parser.parse_args()
    times = [float(subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                                  check=True).stdout) for _ in range(args.repeats)]
    print("import andrea_desktop.track:", " ".join(f"{t:.3f}" for t in times),  # noqa: T201
          f"s; median {statistics.median(times):.3f} s")
    from andrea_desktop import track

    with tempfile.TemporaryDirectory() as tmp, track.init(Path(tmp) / "bench") as run:
        t = time.perf_counter()
        for step in range(1, args.logs + 1):
            run.log({"train/loss": 1.0 / step, "train/lr": 3e-4, "train/grad_norm": 0.5,
                     "train/tokens_per_s": 1e5}, step=step)
            run.should_stop()
        took = time.perf_counter() - t
    print(f"run.log of 4 scalars + should_stop: {took / args.logs * 1e6:.1f} µs per step "  # noqa: T201
          f"({args.logs:,} steps)")


if __name__ == "__main__":
    main()
