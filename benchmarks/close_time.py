"""How long the app takes to close on SIGTERM while it trains (the bound the window's close test
allows is far above it, for loaded machines).

Starts ``andrea-desktop RUN --preset andrea-tiny --autostart`` offscreen, waits for three logged
steps, sends SIGTERM and times the exit; ``--repeats`` times, then prints each time and the median.

    .venv/bin/python benchmarks/close_time.py --repeats 3
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

APP = "import sys; from andrea_desktop.cli import desktop_main; sys.exit(desktop_main())"


def steps_logged(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return con.execute("SELECT COUNT(*) FROM scalars WHERE name='train/loss'").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def close_once(folder: Path) -> float:
    """Seconds from SIGTERM to the exit of an app that has logged three steps."""
    run = folder / "run"
    proc = subprocess.Popen([sys.executable, "-c", APP, str(run), "--preset", "andrea-tiny", "--autostart"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        deadline = time.monotonic() + 300
        while steps_logged(run / "metrics.sqlite") < 3:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the app did not train: {proc.communicate()[1][-2000:]}")
            time.sleep(0.2)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=300)
        took = time.monotonic() - t0
        if proc.returncode != 0:
            raise SystemExit(f"exit {proc.returncode}: {err[-2000:]}")
        return took
    finally:
        if proc.poll() is None:
            proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    times = []
    for i in range(args.repeats):
        with tempfile.TemporaryDirectory() as d:
            times.append(close_once(Path(d)))
        print(f"close {i + 1}: {times[-1]:.2f} s", flush=True)  # noqa: T201
    print(f"median close after SIGTERM: {statistics.median(times):.2f} s over {len(times)} (load average "  # noqa: T201
          f"{os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
