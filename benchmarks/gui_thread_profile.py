"""What the window's GUI thread costs training: profile it while the main window (offscreen)
trains. Not a test: prints figures as JSON.

Two phases on one training run, each ``--seconds / 2`` long:

1. unprofiled: the GUI thread's CPU seconds per second of wall time (``time.thread_time`` on the
   GUI thread: Python and Qt; Python code there holds the GIL the training thread needs), the
   wall time of each snapshot's handling (``MainWindow.show_snapshot``, timed by a wrapper) and
   of every slot the profile names, the training throughput and the event loop's lateness
   (a 10 ms timer);
2. under ``cProfile`` (on the GUI thread only: ``sys.setprofile`` is per thread): the functions
   by their own time and by cumulative time, per second of training, to name what holds the GIL.

    python benchmarks/gui_thread_profile.py [--seconds 20] [--preset andrea-tiny] [--threads 0] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SETTINGS = tempfile.mkdtemp(prefix="andrea-profile-")  # the window's layout and recent runs: not the user's
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SETTINGS, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SETTINGS, "data")

import numpy as np  # noqa: E402

from andrea_desktop.core.config import load_preset  # noqa: E402


def _run_loop(app, seconds: float) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def _short(func: tuple[str, int, str]) -> str:
    path, line, name = func
    if path == "~":
        return name
    parts = Path(path).parts
    for root in ("andrea_desktop", "pyqtgraph", "PySide6", "numpy"):
        if root in parts:
            return "/".join(parts[parts.index(root):]) + f":{line}({name})"
    return f"{Path(path).name}:{line}({name})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="andrea-tiny")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--threads", type=int, default=0, help="run.torch_threads (0: automatic)")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()

    from PySide6.QtCore import QElapsedTimer, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.qt_main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    gc_policy = GcPolicy()  # as run_app: the cyclic collector runs on the GUI thread

    snapshot_ms: list[float] = []
    original = MainWindow.show_snapshot

    def timed_show_snapshot(self, snap):
        t0 = time.perf_counter()
        try:
            return original(self, snap)
        finally:
            snapshot_ms.append((time.perf_counter() - t0) * 1e3)

    MainWindow.show_snapshot = timed_show_snapshot  # before the driver connects to it

    cfg = load_preset(args.preset)
    cfg = cfg.replace(run=dataclasses.replace(cfg.run, torch_threads=args.threads),
                      schedule=dataclasses.replace(cfg.schedule, total_steps=max(cfg.schedule.total_steps, 10**6)))
    lateness: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        w = MainWindow(Path(tmp) / "run", config=cfg)
        w.resize(1400, 900)
        w.show()
        clock = QElapsedTimer()
        clock.start()
        last = [clock.nsecsElapsed()]

        def tick():
            now = clock.nsecsElapsed()
            if w.state == "running":
                lateness.append(max(0.0, (now - last[0]) / 1e6 - 10))
            last[0] = now

        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.timeout.connect(tick)
        timer.start(10)
        w.start_training()
        deadline = time.monotonic() + 300
        while not (w.state == "running" and w.history.last_step >= 5) and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.01)

        # phase 1: unprofiled
        half = args.seconds / 2
        lateness.clear()
        snapshot_ms.clear()
        s0, c0, t0 = w.history.last_step, time.thread_time(), time.monotonic()
        _run_loop(app, half)
        s1, c1, t1 = w.history.last_step, time.thread_time(), time.monotonic()
        plain = {"wall_s": round(t1 - t0, 2), "steps": s1 - s0,
                 "gui_thread_cpu_s_per_s": round((c1 - c0) / (t1 - t0), 4),
                 "snapshots": len(snapshot_ms),
                 "snapshot_ms": {"mean": round(statistics.fmean(snapshot_ms), 2) if snapshot_ms else None,
                                 "p95": round(float(np.percentile(snapshot_ms, 95)), 2) if snapshot_ms else None,
                                 "max": round(max(snapshot_ms), 2) if snapshot_ms else None},
                 "snapshot_handling_s_per_s": round(sum(snapshot_ms) / 1e3 / (t1 - t0), 4),
                 "event_loop_lateness_ms_p95": round(float(np.percentile(lateness, 95)), 2) if lateness else None}
        tokens_per_step = cfg.train.batch_size * cfg.model.block_size
        plain["tokens_per_s"] = round((s1 - s0) * tokens_per_step / (t1 - t0), 1)

        # phase 2: profiled
        prof = cProfile.Profile()
        s0, t0 = w.history.last_step, time.monotonic()
        prof.enable()
        _run_loop(app, half)
        prof.disable()
        s1, t1 = w.history.last_step, time.monotonic()
        wall = t1 - t0

        timer.stop()
        if w.thread is not None:
            w.thread.request_stop()
            while w.thread is not None:
                app.processEvents()
                time.sleep(0.02)
        w.close()
        app.processEvents()
    gc_policy.close()
    MainWindow.show_snapshot = original

    stats = pstats.Stats(prof)
    rows = [(func, v[1], v[2], v[3]) for func, v in stats.stats.items()]  # (func, calls, tottime, cumtime)
    # every function's own time, less the event loop's own (waiting, and Qt's C++ between the
    # Python calls): the time Python code ran on the GUI thread, holding the GIL
    idle = sum(r[2] for r in rows if r[0][2].startswith("<method 'exec' of"))
    total = sum(r[2] for r in rows) - idle
    by_own = sorted(rows, key=lambda r: -r[2])[: args.top]
    by_cum = sorted((r for r in rows if "andrea_desktop" in r[0][0] or "pyqtgraph" in r[0][0]),
                    key=lambda r: -r[3])[: args.top]
    ours = sorted((r for r in rows if "andrea_desktop" in r[0][0]), key=lambda r: -r[3])[: args.top]

    def fmt(r):
        return {"function": _short(r[0]), "calls": r[1], "own_ms_per_s": round(r[2] * 1e3 / wall, 2),
                "cum_ms_per_s": round(r[3] * 1e3 / wall, 2)}

    out = {
        "preset": args.preset,
        "torch_threads": args.threads or "auto",
        "cpu_count": os.cpu_count(),
        "unprofiled": plain,
        "profiled": {"wall_s": round(wall, 2), "steps": s1 - s0,
                     "python_on_gui_thread_s_per_s": round(total / wall, 4),
                     "event_loop_idle_or_cpp_s_per_s": round(idle / wall, 4)},
        "top_by_own_time": [fmt(r) for r in by_own],
        "top_by_cumulative_time": [fmt(r) for r in by_cum],
        "andrea_desktop_by_cumulative_time": [fmt(r) for r in ours],
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
