"""Throughput and GUI fluidity benchmark (docs/design.md#monitoring-costs-almost-nothing). Not a test: prints figures as JSON.

In one process, side by side and interleaved over several rounds, at the same torch thread count:

* ``bare``: a bare torch loop on the same model and batch (forward, backward, clip, AdamW step);
* ``headless``: the core trainer as ``andrea-train`` drives it (sampling, logging, store);
* ``gui``: the same trainer driven by the main window (offscreen) through its training thread,
  with the app's garbage-collection policy (as ``run_app``), while a 10 ms QTimer measures the
  event loop's lateness (p50 / p95 / p99) and ``time.thread_time`` the GUI thread's CPU seconds
  per second (``gui_thread_cpu_s_per_s``: its Python holds the GIL training needs;
  ``benchmarks/gui_thread_profile.py`` says on what).

It also measures the headless trainer and the GUI with torch on all cores, to report what the
GUI's starting count (one core left to the event loop) costs and what it buys in fluidity
(the app's automatic count against headless: ``benchmarks/frame_cost.py``). Medians over rounds; ratios gui/headless and headless/bare.

The model's FLOPs per token under both conventions (``core/model.py:training_flops_per_token``):
``palm``, PaLM's 6 N + 12 L H Q T with N without the position embedding (nanoGPT's
``estimate_mfu``; what ``perf/mfu`` counts), and ``llm.c``, 6 N + 6 L T d with every parameter
(llm.c's ``gpt2_estimate_mfu``, after Kaplan et al., 2020), the FLOP/s each implies at the
headless median, and the MFU of each where the device's peak is known (CUDA data sheets; CPU: null).

    python benchmarks/throughput.py [--preset andrea-tiny] [--steps 60] [--rounds 3]
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
import torch  # noqa: E402

from andrea_desktop.core.config import load_preset  # noqa: E402
from andrea_desktop.core.metrics import TRAIN_LOSS  # noqa: E402
from andrea_desktop.core.model import FLOP_CONVENTIONS, GPT  # noqa: E402
from andrea_desktop.core.rundir.layout import METRICS_DB  # noqa: E402
from andrea_desktop.core.rundir.reader import RunReader  # noqa: E402
from andrea_desktop.core.training import default_threads, prepare_run, resolve_device, run_session  # noqa: E402
from andrea_desktop.core.training.placement import peak_flops  # noqa: E402

WARMUP = 5  # steps excluded from every measurement


def _rate_from_store(run_dir: Path, tokens_per_step: int) -> float:
    """tokens/s between step WARMUP and the last step, from the wall times the store recorded."""
    reader = RunReader(run_dir / METRICS_DB)
    rows = reader._con.execute(
        "SELECT step, wall_time FROM scalars WHERE name=? ORDER BY step", (TRAIN_LOSS,)
    ).fetchall()
    reader.close()
    (s0, t0), (s1, t1) = rows[WARMUP - 1], rows[-1]
    return (s1 - s0) * tokens_per_step / (t1 - t0)


def bench_bare(cfg, dataset, steps: int) -> float:
    torch.manual_seed(cfg.run.seed)
    model = GPT(cfg.model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.optimizer.lr, betas=tuple(cfg.optimizer.betas),
                            weight_decay=cfg.optimizer.weight_decay)
    B, T = cfg.train.batch_size, cfg.model.block_size
    train = dataset.sources[0].train
    rng = np.random.default_rng(0)
    offs = rng.integers(0, len(train) - T - 1, B)
    batch = torch.from_numpy(np.stack([train[o : o + T + 1] for o in offs]).astype(np.int64))
    x, y = batch[:, :-1], batch[:, 1:]
    t0 = None
    for i in range(steps):
        if i == WARMUP:
            t0 = time.perf_counter()
        _, row_loss = model(x, y)
        loss = row_loss.mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.optimizer.grad_clip)
        opt.step()
        opt.zero_grad(set_to_none=True)
        loss.item()
    return (steps - WARMUP) * B * T / (time.perf_counter() - t0)


def bench_headless(cfg, root: Path, steps: int, tag: str) -> float:
    run = root / f"headless-{tag}-{time.monotonic_ns()}"
    with run_session(run, config=cfg) as trainer:
        trainer.run(steps)
    return _rate_from_store(run, trainer.tokens_per_step)


def lateness_probe(w, interval_ms: int = 10):
    """A started precise timer that appends, while the window ``w`` trains, how late each of its
    ``interval_ms`` ticks came (ms) to the returned list: ``(timer, lateness)``."""
    from PySide6.QtCore import QElapsedTimer, Qt, QTimer

    lateness: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def tick():
        now = clock.nsecsElapsed()
        if w.state == "running":
            lateness.append(max(0.0, (now - last[0]) / 1e6 - interval_ms))
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(tick)
    timer.start(interval_ms)
    return timer, lateness


def bench_gui(cfg, root: Path, steps: int, app) -> tuple[float, list[float], float]:
    from PySide6.QtCore import QEventLoop, QTimer

    from andrea_desktop.gui.app import GcPolicy
    from andrea_desktop.gui.window.main_window import MainWindow

    gc_policy = GcPolicy()  # as run_app: the cyclic collector runs on the GUI thread

    run = root / f"gui-{time.monotonic_ns()}"
    w = MainWindow(run, config=cfg, max_steps=steps)
    w.resize(1400, 900)
    w.show()
    timer, lateness = lateness_probe(w)
    # run the real event loop (no busy polling that would compete for the GIL) until the
    # training thread has finished
    loop = QEventLoop()
    done = QTimer()
    done.timeout.connect(lambda: loop.quit() if w.thread is None and w.state == "stopped" else None)
    done.start(50)
    c0, t0 = time.thread_time(), time.perf_counter()
    w.start_training()
    loop.exec()
    gui_cpu = (time.thread_time() - c0) / (time.perf_counter() - t0)
    done.stop()
    timer.stop()
    w.close()
    app.processEvents()
    gc_policy.close()
    tokens_per_step = cfg.train.batch_size * cfg.model.block_size
    return _rate_from_store(run, tokens_per_step), lateness, gui_cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="andrea-tiny")
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)

    gui_threads, all_threads = default_threads(gui=True), default_threads(gui=False)
    base = load_preset(args.preset)
    # no validation inside the measured steps: it is not training throughput
    base = base.replace(train=dataclasses.replace(base.train, eval_interval=10**9))
    cfg = base.replace(run=dataclasses.replace(base.run, torch_threads=gui_threads))
    cfg_all = base.replace(run=dataclasses.replace(base.run, torch_threads=all_threads))

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        prepared = prepare_run(root / "prep", config=cfg)  # builds corpus, tokenizer, tokens (cached)
        cfg = prepared.config.replace(run=cfg.run)
        cfg_all = prepared.config.replace(run=cfg_all.run)
        res: dict[str, list[float]] = {"bare": [], "headless": [], "gui": [], "headless_all_cores": [],
                                       "gui_all_cores": []}
        lat: list[float] = []
        lat_all: list[float] = []
        gui_cpu: list[float] = []
        for _ in range(args.rounds):
            torch.set_num_threads(gui_threads)
            res["bare"].append(bench_bare(cfg, prepared.dataset, args.steps))
            res["headless"].append(bench_headless(cfg, root, args.steps, "gui-threads"))
            rate, lateness, cpu = bench_gui(cfg, root, args.steps, app)
            res["gui"].append(rate)
            lat.extend(lateness)
            gui_cpu.append(cpu)
            res["headless_all_cores"].append(bench_headless(cfg_all, root, args.steps, "all"))
            rate, lateness, _cpu = bench_gui(cfg_all, root, args.steps, app)
            res["gui_all_cores"].append(rate)
            lat_all.extend(lateness)

    med = {k: statistics.median(v) for k, v in res.items()}
    with torch.device("meta"):  # the shape alone: no weights are made
        gpt = GPT(cfg.model)
    flops = {c: gpt.flops_per_token(c) for c in FLOP_CONVENTIONS}
    peak = peak_flops(resolve_device(cfg.run.device))
    def pct(values: list[float]) -> dict:
        a = np.array(values) if values else np.array([np.nan])
        return {"p50": round(float(np.percentile(a, 50)), 2), "p95": round(float(np.percentile(a, 95)), 2),
                "p99": round(float(np.percentile(a, 99)), 2), "samples": len(values)}

    out = {
        "preset": args.preset,
        "steps_per_measurement": args.steps - WARMUP,
        "rounds": args.rounds,
        "cpu_count": os.cpu_count(),
        "torch": torch.__version__,
        "torch_threads": {"measured_pairs": gui_threads, "all_cores": all_threads},
        "tokens_per_s_median": {k: round(v, 1) for k, v in med.items()},
        "tokens_per_s_rounds": {k: [round(x, 1) for x in v] for k, v in res.items()},
        "ratios": {
            "gui_over_headless": round(med["gui"] / med["headless"], 3),
            "headless_over_bare": round(med["headless"] / med["bare"], 3),
            "default_gui_threads_over_all_cores_headless": round(med["headless"] / med["headless_all_cores"], 3),
            "gui_all_cores_over_headless_all_cores": round(med["gui_all_cores"] / med["headless_all_cores"], 3),
        },
        "flops_per_token": {"convention_of_perf_mfu": FLOP_CONVENTIONS[0], **{c: f for c, f in flops.items()},
                            "llm_c_over_palm": round(flops["llm.c"] / flops["palm"], 4)},
        "headless_tflop_per_s": {c: round(med["headless"] * f / 1e12, 6) for c, f in flops.items()},
        "headless_mfu": {c: (round(med["headless"] * f / peak, 4) if peak else None) for c, f in flops.items()},
        "gui_thread_cpu_s_per_s_median": round(statistics.median(gui_cpu), 4),
        "event_loop_lateness_ms": pct(lat),
        "event_loop_lateness_ms_if_torch_took_all_cores": pct(lat_all),
        "targets": {"gui_over_headless": ">= 0.97", "headless_over_bare": ">= 0.98", "p95_ms": "<= 16"},
    }
    print(json.dumps(out, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
