"""What the window's GUI thread costs training: profile it while the main window (offscreen)
trains. Not a test: prints figures as JSON.

Two phases on one training run, each ``--seconds / 2`` long:

1. unprofiled: the GUI thread's CPU seconds per second of wall time (``time.thread_time`` on the
   GUI thread: Python and Qt; Python code there holds the GIL the training thread needs), the
   wall time of each snapshot's handling (``MainWindow.show_snapshot``, timed by a wrapper) and
   of every slot the profile names, the training throughput and the event loop's lateness
   (a 10 ms timer);
   and the costs, per second of wall time (``costs``): every thread's CPU time and run-queue wait
   (``/proc/self/task/*/schedstat``, by thread name: the GUI thread is the process's own name,
   the training thread ``andrea-training``), the CPU and wall time of each kind of GUI-thread
   work (snapshot handling, plot paints, the garbage-collection timer and each collection by
   generation, the runs dock's refresh, the status bar) with the longest single hold, and the
   training thread's own time spent on the window (the observer callbacks that build snapshots)
   per step. CPU time of Python code on the GUI thread is time the training thread cannot hold
   the GIL;
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
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SETTINGS = tempfile.mkdtemp(prefix="andrea-profile-")  # the window's layout and recent runs: not the user's
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SETTINGS, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SETTINGS, "data")

import numpy as np  # noqa: E402
from throughput import lateness_probe  # noqa: E402

from andrea_desktop.core.config import load_preset  # noqa: E402


def _threads() -> dict[int, tuple[str, int, int]]:
    """``{tid: (name, ns on a CPU, ns waiting in the run queue)}`` of this process's threads."""
    out = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            run_ns, wait_ns, _slices = (int(x) for x in (task / "schedstat").read_text().split())
        except (OSError, ValueError):
            continue
        out[int(task.name)] = (name, run_ns, wait_ns)
    return out


def _thread_costs(before: dict, after: dict, wall: float) -> dict[str, dict[str, float]]:
    """CPU and run-queue wait per second of wall time, summed by thread name."""
    by_name: dict[str, list[float]] = {}
    for tid, (name, run_ns, wait_ns) in after.items():
        _n, r0, w0 = before.get(tid, (name, 0, 0))
        acc = by_name.setdefault(name, [0.0, 0.0, 0])
        acc[0] += (run_ns - r0) / 1e9 / wall
        acc[1] += (wait_ns - w0) / 1e9 / wall
        acc[2] += 1
    return {k: {"cpu_s_per_s": round(v[0], 4), "runqueue_wait_s_per_s": round(v[1], 4), "threads": v[2]}
            for k, v in sorted(by_name.items(), key=lambda kv: -kv[1][0])}


class _Costs:
    """CPU (``time.thread_time``) and wall time of each call of wrapped functions, by label."""

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[float, float]]] = {}
        self.restore: list[tuple[object, str, object]] = []

    def add(self, label: str, wall: float, cpu: float) -> None:
        self.calls.setdefault(label, []).append((wall, cpu))

    def wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name)
        costs = self

        def timed(*args, **kwargs):
            w0, c0 = time.perf_counter(), time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                costs.add(label, time.perf_counter() - w0, time.thread_time() - c0)

        timed.__name__ = getattr(original, "__name__", name)
        setattr(owner, name, timed)
        self.restore.append((owner, name, original))

    def unwrap(self) -> None:
        for owner, name, original in reversed(self.restore):
            setattr(owner, name, original)

    def clear(self) -> None:
        self.calls.clear()

    def summary(self, wall: float, steps: int) -> dict[str, dict]:
        out = {}
        for label, calls in sorted(self.calls.items()):
            walls, cpus = np.array([c[0] for c in calls]), np.array([c[1] for c in calls])
            out[label] = {"calls": len(calls), "cpu_ms_per_s": round(cpus.sum() * 1e3 / wall, 3),
                          "wall_ms_per_s": round(walls.sum() * 1e3 / wall, 3),
                          "cpu_ms_per_step": round(cpus.sum() * 1e3 / max(steps, 1), 3),
                          "wall_ms_max": round(float(walls.max()) * 1e3, 2),
                          "wall_ms_p95": round(float(np.percentile(walls, 95)) * 1e3, 2)}
        return out


def _instrument(costs: _Costs) -> _Costs:
    """Wrap the GUI thread's work and the training thread's observer callbacks (labels
    ``gui: ...`` and ``training thread: ...``), and time every garbage collection."""
    import gc

    from pyqtgraph.util.garbage_collector import GarbageCollector
    from pyqtgraph.widgets.GraphicsView import GraphicsView

    from andrea_desktop.gui.panels.attention import panel as qt_attention_panel
    from andrea_desktop.gui.panels.embedding import panel as qt_embedding_panel
    from andrea_desktop.gui.panels.loss import panel as qt_loss_panel
    from andrea_desktop.gui.panels.lr import panel as qt_lr_panel
    from andrea_desktop.gui.panels.runs import dock as qt_runs_dock
    from andrea_desktop.gui.panels.samples import panel as qt_samples_panel
    from andrea_desktop.gui.panels.simplex import panel as qt_simplex_panel
    from andrea_desktop.gui.panels.terrain import panel as qt_terrain_panel
    from andrea_desktop.gui.run import worker as qt_worker
    from andrea_desktop.gui.window import main_window as qt_main_window
    from andrea_desktop.gui.window import run_view as qt_run_view

    for owner, name, label in (
        (qt_main_window.MainWindow, "_update_progress_label", "gui: status bar"),
        (qt_run_view.QtRunView, "show_snapshot", "gui: snapshot into panels"),
        (qt_loss_panel.QtLossPanel, "refresh", "gui: loss panel refresh"),
        (qt_lr_panel.QtLRPanel, "refresh", "gui: lr panel refresh"),
        (qt_simplex_panel.QtSimplexPanel, "refresh", "gui: simplex panel refresh"),
        (qt_samples_panel.QtSamplesPanel, "add_samples", "gui: samples panel"),
        (qt_attention_panel.QtAttentionPanel, "add_probe", "gui: attention probe"),
        (qt_embedding_panel.QtEmbeddingPanel, "add_probe", "gui: embedding probe"),
        (qt_terrain_panel.QtTerrainPanel, "poll", "gui: terrain poll"),
        (qt_runs_dock.QtRunsDock, "refresh", "gui: runs dock refresh"),
        (qt_runs_dock.QtRunsDock, "_read_some", "gui: runs dock read"),
        (GarbageCollector, "check", "gui: gc timer"),
        (qt_worker.TrainingThread, "on_scalars", "training thread: on_scalars (incl. emit)"),
        (qt_worker.TrainingThread, "on_event", "training thread: on_event"),
        (qt_worker.TrainingThread, "on_sample", "training thread: on_sample"),
        (qt_worker.TrainingThread, "on_probe", "training thread: on_probe"),
        (qt_worker.TrainingThread, "_emit_snapshot", "training thread: build + emit snapshot"),
    ):
        if hasattr(owner, name):
            costs.wrap(owner, name, label)

    original_paint = GraphicsView.paintEvent

    def paint(view, event):  # by panel: the first ancestor whose class is a panel
        w0, c0 = time.perf_counter(), time.thread_time()
        try:
            return original_paint(view, event)
        finally:
            owner = view.parentWidget()
            while owner is not None and not type(owner).__name__.endswith("Panel"):
                owner = owner.parentWidget()
            name = type(owner).__name__ if owner is not None else "other"
            costs.add(f"gui: plot paint ({name})", time.perf_counter() - w0, time.thread_time() - c0)

    GraphicsView.paintEvent = paint
    costs.restore.append((GraphicsView, "paintEvent", original_paint))

    started: dict[int, tuple[float, float]] = {}

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            started[threading.get_ident()] = (time.perf_counter(), time.thread_time())
        elif threading.get_ident() in started:
            w0, c0 = started.pop(threading.get_ident())
            where = "gui" if threading.current_thread() is threading.main_thread() else "other thread"
            costs.add(f"{where}: gc collection gen{info['generation']}",
                      time.perf_counter() - w0, time.thread_time() - c0)

    gc.callbacks.append(on_gc)
    return costs


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

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    costs = _instrument(_Costs())  # before anything connects to what it wraps
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
    with tempfile.TemporaryDirectory() as tmp:
        w = MainWindow(Path(tmp) / "run", config=cfg)
        w.resize(1400, 900)
        w.show()
        timer, lateness = lateness_probe(w)
        w.start_training()
        deadline = time.monotonic() + 300
        while not (w.state == "running" and w.history.last_step >= 5) and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.01)

        # phase 1: unprofiled
        half = args.seconds / 2
        lateness.clear()
        snapshot_ms.clear()
        costs.clear()
        tasks0 = _threads()
        s0, c0, t0 = w.history.last_step, time.thread_time(), time.monotonic()
        _run_loop(app, half)
        s1, c1, t1 = w.history.last_step, time.thread_time(), time.monotonic()
        tasks1 = _threads()
        cost_summary = {"threads": _thread_costs(tasks0, tasks1, t1 - t0),
                        "work": costs.summary(t1 - t0, s1 - s0)}
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
        plain["costs"] = cost_summary
        # each paced plot's measured cost of a redraw and its paints, and the gap it keeps (pacing.py)
        plain["pacers"] = {name: {"cost_ms": round(p.cost_s * 1e3, 2), "gap_s": round(p.gap, 3),
                                  "redraws": p.redraws} for name, p in w.view.pacers.items()}

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
    costs.unwrap()

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
    # what the event loop calls into Python directly: each call holds the GIL from entry to return
    # (but for the C++ calls inside it that release the GIL)
    loop = [f for f in stats.stats if f[2].startswith("<method 'exec' of")]
    entries = sorted((r for r in rows if any(c in loop for c in stats.stats[r[0]][4])),
                     key=lambda r: -r[3])[: args.top]

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
        "entries_from_the_event_loop": [fmt(r) for r in entries],
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
