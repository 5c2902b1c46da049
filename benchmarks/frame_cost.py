"""What a frame of the main window costs, and what watching costs training (docs/performance.md#frames).
Not a test: prints figures as JSON.

In one process, the main window (offscreen, 1280x800) with a short andrea-tiny run opened, then:

* ``paint``: its model replaced by one of N steps (loss, LR, every source's loss, validation
  every 500 steps; N = each of ``--steps``), and ``--frames`` times 8 new steps applied to it as a
  snapshot, the event loop left to redraw and paint (300 ms a frame); and the same with ``--runs``
  runs of 100,000 steps overlaid (the Runs dock's comparison, 8 steps appended to each). For each
  panel's plot (loss, LR, mixture): the paint's wall time (median, p95, a ``QGraphicsView.paintEvent``
  timed) with its CPU time (``cpu``: ``time.thread_time`` around it, the GUI thread's own time,
  steadier than wall time on a shared machine) and how many times it painted per frame. Also whether a panel whose model did not change
  painted when another's did (``mixture_paints_per_loss_only_update``: the mixture panel while only loss steps arrive);
* ``interaction``: at the largest N, the time from the input to the end of the next paint of the
  loss plot for a wheel zoom over it (a ``QWheelEvent`` sent to its viewport, zooming in and out in
  turn) and a dock splitter move (``QMainWindow.resizeDocks`` of the loss and mixture docks by 30 px
  in turn: what a drag of the separator does at each mouse move), and how many times the loss plot
  painted in the 250 ms after each (``*_paints``), and the time to the end of the last of those
  paints (``*_settled``: the input fully drawn); ``*_cpu``: the GUI thread's CPU time from the
  input to the end of the next paint;
* ``training`` (not with ``--no-train``): andrea-tiny's throughput headless at its default thread
  count (automatic) and at each count from 1 to the cores, and in the window at its default and at
  each count while a user watches it (nothing sent to the window, no timer of ours in it: a probe is
  work the window would not do), interleaved over ``--rounds``, ``--train-steps`` steps each (the
  rate from step 5 to the last, the default count's trials included: the trial before the first
  step, then a window of whole steps at each count under the window); and in each round one more
  run in the window at its default while a user works in it (``app_default_interacting``): a 10 ms
  timer measures the event loop's lateness and every 250 ms a wheel zoom or splitter move is sent
  and timed to the next frame, as above.

``--against DIR`` runs the whole benchmark also with the package from another checkout (``DIR``
on ``PYTHONPATH``, e.g. the commit before a change), the two in turn, and prints both side by side.

    python benchmarks/frame_cost.py [--steps 10000 1000000] [--runs 10] [--frames 20] [--rounds 2]
                                    [--train-steps 300] [--no-train] [--against DIR] [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SETTINGS = tempfile.mkdtemp(prefix="andrea-frames-")  # the window's layout and recent runs: not the user's
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SETTINGS, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SETTINGS, "data")

import numpy as np  # noqa: E402

PANELS = ("QtLossPanel", "QtLRPanel", "QtSimplexPanel")
SIZE = (1280, 800)


class PaintLog:
    """Every plot paint (``pyqtgraph.GraphicsView.paintEvent``) with its panel, end time and duration;
    and the inputs waiting for their next frame (``expect``)."""

    def __init__(self) -> None:
        from pyqtgraph.widgets.GraphicsView import GraphicsView

        self.paints: list[tuple[str, float, float]] = []  # (panel, end s, duration s)
        self.cpu: list[tuple[str, float]] = []  # (panel, the paint's CPU time s: the GUI thread's own)
        self.waiting: dict[str, tuple[float, float, list[float], list[float] | None]] = {}
        """panel: (input time, the GUI thread's CPU time then, out, cpu_out)"""
        original = GraphicsView.paintEvent
        log = self

        def paint(view, event):
            t0, c0 = time.perf_counter(), time.thread_time()
            try:
                return original(view, event)
            finally:
                t1, c1 = time.perf_counter(), time.thread_time()
                name = log.name(view)
                log.paints.append((name, t1, t1 - t0))
                log.cpu.append((name, c1 - c0))
                wait = log.waiting.pop(name, None)
                if wait is not None:
                    wait[2].append(t1 - wait[0])
                    if wait[3] is not None:
                        wait[3].append(c1 - wait[1])

        GraphicsView.paintEvent = paint

    @staticmethod
    def name(view) -> str:
        """``panel.plot``: the panel's class name without ``Qt`` and ``Panel`` and the attribute
        that holds the view (``Loss.plot``, ``Simplex.bars``; a comparison's: ``Loss.compare``)."""
        owner = view.parentWidget()
        while owner is not None and type(owner).__name__ not in PANELS:
            owner = owner.parentWidget()
        if owner is None:
            return "other"
        attr = next((k for k, v in vars(owner).items() if v is view), "compare")
        return f"{type(owner).__name__[2:-5]}.{attr}"

    def expect(self, panel: str, out: list[float], cpu_out: list[float] | None = None) -> None:
        """An input was sent now: the time to the end of ``panel``'s next paint goes into ``out``,
        the GUI thread's CPU time in between into ``cpu_out``."""
        self.waiting[panel] = (time.perf_counter(), time.thread_time(), out, cpu_out)


def _pct(values: list[float], scale: float = 1e3) -> dict:
    if not values:
        return {"median": None, "p95": None, "n": 0}
    a = np.asarray(values) * scale
    return {"median": round(float(np.median(a)), 2), "p95": round(float(np.percentile(a, 95)), 2), "n": len(a)}


def _spin(app, seconds: float) -> None:
    """Run the event loop for ``seconds`` (timers, posted updates, paints)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(max(1, int(seconds * 1000)), loop.quit)
    loop.exec()


def make_run(root: Path, steps: int = 30) -> Path:
    """A short andrea-tiny run trained headless in ``root`` (what the window opens)."""
    from andrea_desktop.core.config import load_preset
    from andrea_desktop.core.training import run_session

    run = root / "opened"
    cfg = load_preset("andrea-tiny")
    cfg = cfg.replace(train=dataclasses.replace(cfg.train, eval_interval=10))
    with run_session(run, config=cfg) as trainer:
        trainer.run(steps)
    return run


def open_window(run: Path, app):
    from andrea_desktop.gui.window.main_window import MainWindow

    w = MainWindow(run)
    w.resize(*SIZE)
    w.show()
    deadline = time.monotonic() + 60
    while w.history.last_step == 0 and time.monotonic() < deadline:
        _spin(app, 0.05)
    _spin(app, 0.5)
    return w


def synthetic_model(base, n: int):
    """A model like ``base`` (its config, sources and mixture) with ``n`` steps of history
    (``benchmarks/snapshot_cost.py``'s, on ``base``'s sources) and three markers."""
    from snapshot_cost import _fill

    from andrea_desktop.core.viewmodels.run_model import RunModel

    h, names = _fill(n, list(base.sources))
    h.events += [(n // 3, "pause", {})]
    model = RunModel.of(h, base.mixture, base.config)
    model.sources = tuple(names)
    return model


def _snapshot(step: int, rng, names, phase: bool = False):
    """8 new steps after ``step`` (each source's loss on its rows); ``phase``: a new mixture
    phase too (a point on the simplex: the mixture panel redraws)."""
    from andrea_desktop.core.viewmodels.snapshot import Snapshot

    k = np.arange(step + 1, step + 9)
    vals = 2.0 + 0.1 * rng.standard_normal(8)
    src = {names[i % len(names)]: (k[i:i + 1], vals[i:i + 1]) for i in range(len(k))} if names else {}
    events = ()
    if phase and names:
        w = rng.dirichlet(np.ones(len(names)))
        events = ((int(k[0]), "phase", {"mode": "random", "weights": dict(zip(names, map(float, w), strict=True))}),)
    return Snapshot(steps=k, loss=vals, lr=np.full(8, 3e-5), grad_norm=np.ones(8), tokens_per_s=np.full(8, 1e4),
                    source_loss=src, events=events)


def _frames(app, log: PaintLog, frames: int, change) -> dict:
    """``frames`` times: ``change()`` (a model update), then 300 ms of event loop; each plot's
    paint durations (s) and paints per frame: ``{plot: {"s": [...], "per_frame": [...]}}``."""
    out: dict[str, dict[str, list]] = {}
    _spin(app, 0.3)
    for f in range(frames):
        del log.paints[:], log.cpu[:]
        change()
        _spin(app, 0.3)
        for (name, _t, d), (_name, c) in zip(log.paints, log.cpu, strict=True):
            entry = out.setdefault(name, {"s": [], "cpu_s": [], "per_frame": [0] * frames})
            entry["s"].append(d)
            entry["cpu_s"].append(c)
            entry["per_frame"][f] += 1
    return out


def paint_part(w, app, log: PaintLog, steps: list[int], runs: int, frames: int) -> dict:
    base = w.view.model
    out: dict = {}
    for n in steps:
        model = synthetic_model(base, n)
        w.view.set_model(model)
        rng = np.random.default_rng(1)
        step = [n]
        names = list(model.sources)

        def change(model=model, step=step, rng=rng, names=names):
            model.apply(_snapshot(step[0], rng, names, phase=True))
            step[0] += 8

        out[f"{n}_steps"] = _frames(app, log, frames, change)
    # 10 runs overlaid (the Runs dock's comparison); the window's own run hidden by the overlay
    from compare_redraw import synthetic_run

    from andrea_desktop.core.viewmodels.runs_table import RUN_COLOURS

    rng = np.random.default_rng(0)
    m = 100_000
    compared = [synthetic_run(f"run-{r:02d}", m, rng, r) for r in range(runs)]
    view = w.runs_panel.compare
    for run in compared:
        view.runs[run.path] = run
    view.set_runs([(run.path, RUN_COLOURS[i % len(RUN_COLOURS)]) for i, run in enumerate(compared)])
    step = [m]

    def grow():
        k = np.arange(step[0] + 1, step[0] + 9)
        step[0] += 8
        for run in compared:
            for series, values in ((run.loss, 2.0 + 0.1 * rng.standard_normal(8)), (run.lr, np.full(8, 3e-5))):
                series.extend(k, values, np.full(8, run.t0 + 1e4), run.tokens_per_step, run.t0)
        view.redraw()

    out[f"{runs}_runs_overlaid"] = _frames(app, log, frames, grow)
    view.set_runs([])
    _spin(app, 0.3)
    # a panel whose model did not change: the mixture panel while loss steps arrive
    model = synthetic_model(base, steps[0])
    w.view.set_model(model)
    _spin(app, 0.3)
    step = [steps[0]]
    idle = []
    for _ in range(frames):
        del log.paints[:]
        model.apply(_snapshot(step[0], rng, ()))
        step[0] += 8
        _spin(app, 0.3)
        idle.append(sum(1 for name, _t, _d in log.paints if name.startswith("Simplex.")))
    out["mixture_paints_per_loss_only_update"] = idle
    return out


def _wheel(viewport, angle: int):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    pos = QPointF(viewport.width() / 2, viewport.height() / 2)
    event = QWheelEvent(pos, QPointF(viewport.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, angle),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


class Interactions:
    """Sends a wheel zoom or a splitter move in turn (:meth:`next`), each timed to the loss plot's
    next frame (``wheel`` and ``splitter``: seconds)."""

    def __init__(self, w, log: PaintLog) -> None:
        from PySide6.QtCore import Qt

        self.w, self.log, self.i = w, log, 0
        self.wheel: list[float] = []
        self.splitter: list[float] = []
        self.wheel_cpu: list[float] = []
        self.splitter_cpu: list[float] = []
        self.horizontal = Qt.Orientation.Horizontal
        self.width = w.loss_dock.width()

    def next(self) -> None:
        w, i = self.w, self.i
        self.i += 1
        if i % 2 == 0:
            self.log.expect("Loss.plot", self.wheel, self.wheel_cpu)
            _wheel(w.loss_panel.plot.viewport(), 120 if (i // 2) % 2 == 0 else -120)
        else:
            width = self.width + (30 if (i // 2) % 2 == 0 else 0)
            self.log.expect("Loss.plot", self.splitter, self.splitter_cpu)
            w.resizeDocks([w.loss_dock, w.simplex_dock], [width, SIZE[0] - width], self.horizontal)

    def raw(self) -> dict:
        return {"wheel_zoom": self.wheel, "splitter_move": self.splitter, "wheel_zoom_cpu": self.wheel_cpu,
                "splitter_move_cpu": self.splitter_cpu}


def interaction_part(w, app, log: PaintLog, n: int, frames: int) -> dict:
    w.view.set_model(synthetic_model(w.view.model, n))
    _spin(app, 0.5)
    act = Interactions(w, log)
    paints: dict[str, list] = {"wheel_zoom_paints": [], "splitter_move_paints": [], "wheel_zoom_settled": [],
                               "splitter_move_settled": []}
    for i in range(2 * frames):
        del log.paints[:]
        t0 = time.perf_counter()
        act.next()
        _spin(app, 0.25)
        kind = "splitter_move" if i % 2 else "wheel_zoom"
        ends = [t for name, t, _d in log.paints if name == "Loss.plot"]
        paints[f"{kind}_paints"].append(len(ends))
        if ends:
            paints[f"{kind}_settled"].append(ends[-1] - t0)
    w.loss_panel.plot.getPlotItem().getViewBox().enableAutoRange()
    return {f"{n}_steps": {**act.raw(), **paints}}


def train_app(cfg, root: Path, steps: int, app, log: PaintLog,
              interacting: bool = True) -> tuple[float, list[float], dict]:
    """Train ``steps`` steps of ``cfg`` in a new main window: (tokens/s, the event loop's lateness
    in ms, the frames after each input). ``interacting``: with the lateness probe and an input every
    250 ms; else the window is left alone (lateness and frames empty)."""
    from PySide6.QtCore import QEventLoop, QTimer
    from throughput import _rate_from_store, lateness_probe

    from andrea_desktop.gui.app import GcPolicy
    from andrea_desktop.gui.window.main_window import MainWindow

    gc_policy = GcPolicy()  # as run_app
    run = root / f"gui-{time.monotonic_ns()}"
    w = MainWindow(run, config=cfg, max_steps=steps)
    w.resize(*SIZE)
    w.show()
    act = Interactions(w, log)
    timer, lateness = lateness_probe(w) if interacting else (QTimer(), [])
    poke = QTimer()
    poke.timeout.connect(lambda: act.next() if w.state == "running" and w.history.last_step > 5 else None)
    if interacting:
        poke.start(250)
    loop = QEventLoop()
    done = QTimer()
    done.timeout.connect(lambda: loop.quit() if w.thread is None and w.state == "stopped" else None)
    done.start(50)
    w.start_training()
    loop.exec()
    for t in (done, timer, poke):
        t.stop()
    log.waiting.clear()
    w.close()
    app.processEvents()
    gc_policy.close()
    return _rate_from_store(run, cfg.train.batch_size * cfg.model.block_size), lateness, act.raw()


def training_part(app, log: PaintLog, steps: int, rounds: int) -> dict:
    import torch
    from throughput import bench_headless

    from andrea_desktop.core.config import load_preset
    from andrea_desktop.core.training import prepare_run
    from andrea_desktop.core.training.threads import available_cores

    cores = available_cores()
    base = load_preset("andrea-tiny")
    base = base.replace(train=dataclasses.replace(base.train, eval_interval=10**9))
    counts = [0, *range(1, cores + 1)]  # 0: the default (automatic)
    raw: dict = {"cores": cores, "rates": {}, "lateness": {}, "frames": {}}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        prepared = prepare_run(root / "prep", config=base)
        for _ in range(rounds):
            for c in counts:
                cfg = prepared.config.replace(run=dataclasses.replace(base.run, torch_threads=c))
                key = "default" if c == 0 else f"{c}_threads"
                torch.set_num_threads(max(1, c or cores))
                raw["rates"].setdefault(f"headless_{key}", []).append(bench_headless(cfg, root, steps, key))
                rate, _lateness, _act = train_app(cfg, root, steps, app, log, interacting=False)
                raw["rates"].setdefault(f"app_{key}", []).append(rate)
            cfg = prepared.config.replace(run=dataclasses.replace(base.run, torch_threads=0))
            torch.set_num_threads(cores)
            rate, lateness, act = train_app(cfg, root, steps, app, log, interacting=True)
            key = "app_default_interacting"
            raw["rates"].setdefault(key, []).append(rate)
            raw["lateness"].setdefault(key, []).extend(lateness)
            raw["frames"][key] = merge(raw["frames"].get(key, {}), act)
    return raw


def merge(a, b):
    """Two runs' raw figures as one: lists joined, dicts merged key by key, other values kept."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: merge(a[k], b[k]) if k in a and k in b else (a[k] if k in a else b[k]) for k in {**a, **b}}
    if isinstance(a, list) and isinstance(b, list):
        return a + b
    return b


def summary(raw: dict) -> dict:
    """The figures printed: medians and p95 in ms, paints per frame, throughput and its ratios."""
    out: dict = {"package": raw["package"]}
    paint = {}
    for scenario, plots in raw["paint"].items():
        if scenario == "mixture_paints_per_loss_only_update":
            paint[scenario] = round(float(np.mean(plots)), 2)
            continue
        paint[scenario] = {name: {**_pct(v["s"]), "cpu": _pct(v.get("cpu_s", [])),
                                  "paints_per_frame": round(float(np.mean(v["per_frame"])), 2)}
                           for name, v in sorted(plots.items())}
    out["paint_ms"] = paint
    out["frame_after_input_ms"] = {k: {a: _pct(b) if not a.endswith("_paints") else round(float(np.mean(b)), 2)
                                       for a, b in v.items()} for k, v in raw["input"].items()}
    t = raw.get("training")
    if t:
        med = {k: float(np.median(v)) for k, v in t["rates"].items()}
        best = max(v for k, v in med.items() if k.startswith("headless_"))
        out["training"] = {
            "cores": t["cores"],
            "tokens_per_s_median": {k: round(v, 1) for k, v in med.items()},
            "tokens_per_s_rounds": {k: [round(x, 1) for x in v] for k, v in t["rates"].items()},
            "app_default_over_headless_default": round(med["app_default"] / med["headless_default"], 3),
            "app_default_over_best_headless": round(med["app_default"] / best, 3),
            "app_default_interacting_over_headless_default":
                round(med["app_default_interacting"] / med["headless_default"], 3),
            **{f"app_{c}_threads_over_headless_default": round(med[f"app_{c}_threads"] / med["headless_default"], 3)
               for c in range(1, t["cores"] + 1)},
            "event_loop_lateness_ms": {k: _pct(v, 1.0) for k, v in t["lateness"].items()},
            "frames_while_training_ms": {k: {a: _pct(b) for a, b in v.items()} for k, v in t["frames"].items()},
        }
    return out


def run_here(args) -> dict:
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    log = PaintLog()
    out: dict = {"package": str(Path(__import__("andrea_desktop").__file__).parent.parent)}
    with tempfile.TemporaryDirectory() as tmp:
        w = open_window(make_run(Path(tmp)), app)
        out["paint"] = paint_part(w, app, log, args.steps, args.runs, args.frames)
        out["input"] = interaction_part(w, app, log, max(args.steps), args.frames)
        w.close_without_asking()
        app.processEvents()
    if not args.no_train:
        out["training"] = training_part(app, log, args.train_steps, args.rounds)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, nargs="+", default=[10_000, 1_000_000])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--train-steps", type=int, default=300)
    ap.add_argument("--no-train", action="store_true")
    ap.add_argument("--against", type=Path, help="another checkout's root, run too, in turn")
    ap.add_argument("--raw", action="store_true", help="print every sample (what --against merges)")
    args = ap.parse_args()
    if args.raw:
        print(json.dumps(run_here(args)))  # noqa: T201
        return 0
    load = {"before": os.getloadavg()}
    if args.against is None:
        raw = run_here(args)
        load["after"] = os.getloadavg()
        print(json.dumps({**summary(raw), "load_average_1_5_15": load}, indent=1))  # noqa: T201
        return 0
    # each round: the other checkout, then this one, each one round of everything
    here = Path(__file__).resolve().parents[1]
    argv = [a for i, a in enumerate(sys.argv[1:]) if a != "--against" and sys.argv[i] != "--against"]
    argv = [a for i, a in enumerate(argv) if a != "--rounds" and (i == 0 or argv[i - 1] != "--rounds")]
    raws: dict[str, dict] = {}
    for _ in range(args.rounds):
        for label, tree in (("before", args.against.resolve()), ("after", here)):
            env = {**os.environ, "PYTHONPATH": str(tree)}
            done = subprocess.run([sys.executable, __file__, *argv, "--rounds", "1", "--raw"], env=env,
                                  capture_output=True, text=True, check=False)
            if done.returncode:
                sys.stderr.write(done.stderr)
                return done.returncode
            raws[label] = merge(raws.get(label, {}), json.loads(done.stdout))
    load["after"] = os.getloadavg()
    out = {label: summary(raw) for label, raw in raws.items()}
    print(json.dumps({**out, "load_average_1_5_15": load}, indent=1))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
