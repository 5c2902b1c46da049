"""``andrea-train`` with the automatic terrain: what it costs training and how soon its parts arrive.

The demo preset (andrea-tiny, its ``[terrain]`` settings, ``terrain.interval`` = ``--interval``)
trained by ``andrea-train`` with every torch thread of the machine, once per mode, side by side
in one run (``off`` first and last, the terrain modes between):

- ``off``: no terrain (``terrain.interval`` = 0), ``--off-steps`` steps;
- ``inline``: the training thread computes the job itself, ``terrain.share`` of its time between
  steps (the default);
- ``process``: a nice-19 child process computes it while the trainer sleeps ``terrain.share`` of
  its time;
- ``nice``: the child alone at nice 19 (the trainer yields the least it can, share 0.01): what
  the terrain had before.

A terrain mode trains until the first job's last part has landed (or ``--limit`` seconds have
passed since it was due), then gets SIGINT. A thread polls ``terrain/`` and notes when each part
of each job lands. Printed per mode: the training rate (steps/s between the first and the last
``train/loss`` row) overall and while the job ran (from the due step to the last part), the share
of the trainer's time that went to the terrain (``andrea-train`` reports it: the time its thread
spent on inline jobs, or slept for the child; the throughput cost measured inside one process, which
a shared machine's changing load cannot blur), and for the first job the seconds from its due
step to part 1 (lambda_max, basin width), part 2 (coarse surface) and part 3 (everything). Targets: part 1 <= 120 s, part 3 <= 360 s, the rate while the
job ran >= 0.9 x the same process's rate before it was due (and x the "off" runs, where the
machine's load held still).

    .venv/bin/python benchmarks/terrain_train_bench.py [--interval 50] [--modes inline,process]
        [--share 0.1] [--limit 600] [--off-steps 120] [--set KEY=VALUE ...]

The machine's other load shows in every number: the load average is printed at the start and
the end of each mode.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

TRAIN = "import sys; from andrea_desktop.cli.train import train_main; sys.exit(train_main())"


def _say(*parts) -> None:
    print(*parts, flush=True)  # noqa: T201 - a benchmark prints its figures


def _load() -> str:
    try:
        return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not Unix
        return "load ?"


def _rows(run: Path) -> list[tuple[int, float]]:
    con = sqlite3.connect(run / "metrics.sqlite")
    rows = con.execute("SELECT step, wall_time FROM scalars WHERE name = 'train/loss' ORDER BY step").fetchall()
    con.close()
    return rows


def _rate(rows, t0: float | None = None, t1: float | None = None) -> float:
    """Steps/s between the first and the last row within [t0, t1] (wall times)."""
    sel = [(s, t) for s, t in rows if (t0 is None or t >= t0) and (t1 is None or t <= t1)]
    if len(sel) < 2 or sel[-1][1] <= sel[0][1]:
        return float("nan")
    return (sel[-1][0] - sel[0][0]) / (sel[-1][1] - sel[0][1])


class Landings(threading.Thread):
    """Polls ``terrain/`` every 0.25 s; ``times[(step, part)]`` is when that part was first seen."""

    def __init__(self, run: Path) -> None:
        super().__init__(daemon=True)
        self.run_dir, self.times, self.stop = run, {}, threading.Event()

    def run(self) -> None:
        from andrea_desktop.core.rundir.terrain import (
            TerrainFileError,
            list_steps,
            read_result,
            terrain_path,
        )

        seen: dict[int, tuple] = {}
        while not self.stop.is_set():
            for step in list_steps(self.run_dir):
                p = terrain_path(self.run_dir, step)
                try:
                    st = p.stat()
                    ident = (st.st_size, st.st_mtime_ns)
                    if seen.get(step) == ident:
                        continue
                    part = read_result(p).part
                except (OSError, TerrainFileError):
                    continue
                seen[step] = ident
                self.times.setdefault((step, part), time.time())
            self.stop.wait(0.25)


def run_mode(tmp: Path, mode: str, args) -> dict:
    run = tmp / mode
    sets = [f"terrain.interval={0 if mode == 'off' else args.interval}", f"terrain.share={args.share}"]
    if mode in ("process", "nice"):
        sets += ["terrain.worker=process"] + (["terrain.share=0.01"] if mode == "nice" else [])
    sets += args.set
    steps = args.off_steps if mode == "off" else 1_000_000
    cmd = [sys.executable, "-c", TRAIN, "--run-dir", str(run), "--preset", "andrea-tiny", "--max-steps", str(steps)]
    for s in sets:
        cmd += ["--set", s]
    load0 = _load()
    watch = Landings(run)
    watch.start()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    due_wall = None
    deadline = None
    while proc.poll() is None:
        time.sleep(0.5)
        if mode == "off":
            continue
        if due_wall is None and (run / "metrics.sqlite").exists():
            try:
                due = [t for s, t in _rows(run) if s == args.interval]
            except sqlite3.Error:
                due = []
            if due:
                due_wall = due[0]
                deadline = due_wall + args.limit
        full = (args.interval, 3) in watch.times
        if (full and time.time() > watch.times[(args.interval, 3)] + 5) or (deadline and time.time() > deadline):
            proc.send_signal(signal.SIGINT)
            break
    out, err = proc.communicate(timeout=600)
    watch.stop.set()
    watch.join()
    rows = _rows(run)
    given = re.search(r"\(([0-9.]+) % of the training time\)", err)
    res = {"mode": mode, "given": float(given.group(1)) / 100 if given else float("nan"), "rate": _rate(rows), "load": f"{load0} -> {_load()}", "steps": rows[-1][0] if rows else 0,
           "err": err}
    if mode != "off" and due_wall is not None:
        lat = {part: watch.times[(args.interval, part)] - due_wall for part in (1, 2, 3)
               if (args.interval, part) in watch.times}
        res["latency"] = lat
        end = watch.times.get((args.interval, 3), time.time())
        res["rate_during"] = _rate(rows, due_wall, end)
        res["rate_before"] = _rate(rows, None, due_wall)  # the same process, no job yet
    shutil.rmtree(run, ignore_errors=True)
    return res


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--interval", type=int, default=50, help="the first job is due at this step")
    p.add_argument("--modes", default="inline,process", help="terrain modes between the two 'off' runs")
    p.add_argument("--share", type=float, default=0.1)
    p.add_argument("--limit", type=float, default=600.0, help="seconds after the due step a mode may train")
    p.add_argument("--off-steps", type=int, default=120)
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a setting on top of the preset, for every mode (e.g. terrain.grid=13)")
    args = p.parse_args()

    from andrea_desktop.core.config.overrides import build_config

    tc = build_config("andrea-tiny", overrides=args.set).terrain
    _say(f"andrea-tiny, {os.cpu_count()} cores, andrea-train with every torch thread; terrain grid {tc.grid}, "
         f"plane {tc.plane_grid}, {tc.n_rows} rows, {tc.basin_directions} basin directions, "
         f"{tc.hutchinson_samples} trace probes; first job due at step {args.interval}; share {args.share}")
    tmp = Path(tempfile.mkdtemp(prefix="terrain-train-bench-"))
    results = []
    try:
        for mode in ["off", *[m for m in args.modes.split(",") if m], "off"]:
            r = run_mode(tmp, mode, args)
            results.append(r)
            line = f"{mode:>8}: {r['rate']:6.2f} steps/s over {r['steps']} steps ({r['load']})"
            if "latency" in r:
                lat = r["latency"]
                parts = ", ".join(f"part {k} after {v:5.0f} s" for k, v in sorted(lat.items()))
                line += (f"; before the job {r['rate_before']:6.2f}, while it ran {r['rate_during']:6.2f} steps/s; "
                         f"first job: {parts or 'nothing landed'}; "
                         f"the trainer gave the terrain {r['given']:.1%} of its time")
            _say(line)
            if mode != "off" and "terrain: a job every" not in r["err"]:
                _say(r["err"][-2000:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    off = statistics.median(r["rate"] for r in results if r["mode"] == "off")
    _say(f"off (median of {sum(r['mode'] == 'off' for r in results)}): {off:.2f} steps/s")
    for r in results:
        if r["mode"] == "off":
            continue
        lat = r.get("latency", {})
        # the rate while the job ran against the same process's rate before it (the load of a
        # shared machine changes between runs: the "off" runs are a second, rougher reference)
        own = r["rate_during"] / r["rate_before"]
        ok = lat.get(1, 1e9) <= 120 and lat.get(3, 1e9) <= 360 and own >= 0.9
        _say(f"{r['mode']:>8}: while the job ran {own:.3f} x before it (same process), {r['rate'] / off:.3f} x off; "
             f"part 1 after {lat.get(1, float('nan')):.0f} s (<= 120), part 3 after {lat.get(3, float('nan')):.0f} s "
             f"(<= 360): {'within' if ok else 'outside'} the bounds")


if __name__ == "__main__":
    main()
