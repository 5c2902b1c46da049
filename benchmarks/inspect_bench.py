"""Benchmark of the inspection tools (attention grid, nearest neighbours, probes). Not a test: prints figures as JSON.

* ``attention_grid``: the attention panel's refresh on the GUI thread for a probe of 12 layers x
  12 heads at T = 64 (andrea-120m's shape): ``add_probe`` (mosaic, role labels, enlarged head)
  alone, and followed by a full render of the panel (``grab``). Target <= 50 ms.
* ``knn``: k = 10 nearest neighbours over an 8449 x 768 embedding (andrea-120m's vocabulary and
  d_model) with :class:`EmbeddingIndex` (norms cached, what the panel does), and with the
  uncached :func:`nearest_neighbours`. Target <= 5 ms.
* ``probe_cost``: one probe, one sample and one training step timed side by side (medians), and
  the on/off throughput ratio they imply at the preset's intervals (robust to other load).
* ``probes``: training throughput of the headless trainer with the preset's probes and samples
  on vs off, interleaved over rounds, medians; the rate covers every step after a warmup,
  probe and sample time included. Target on/off >= 0.97 (needs a quiet machine).

    python benchmarks/inspect_bench.py [--steps 205] [--rounds 3] [--preset andrea-tiny]
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

from andrea_desktop.core.analysis import EmbeddingIndex, nearest_neighbours  # noqa: E402
from andrea_desktop.core.config import load_preset  # noqa: E402
from andrea_desktop.core.metrics import TRAIN_LOSS  # noqa: E402
from andrea_desktop.core.rundir.layout import METRICS_DB  # noqa: E402
from andrea_desktop.core.rundir.probes import list_probes  # noqa: E402
from andrea_desktop.core.rundir.reader import RunReader  # noqa: E402
from andrea_desktop.core.training import default_threads, prepare_run, run_session  # noqa: E402

WARMUP = 5


def _median_ms(fn, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), float(np.percentile(times, 95))


def fake_probe(step: int, L: int = 12, H: int = 12, T: int = 64, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed + step)
    logits = rng.normal(size=(L, H, T, T)).astype(np.float32)
    logits[..., np.triu(np.ones((T, T), bool), 1)] = -np.inf
    w = np.exp(logits - logits.max(-1, keepdims=True))
    w /= w.sum(-1, keepdims=True)
    stats = {k: rng.uniform(0, 0.6, (L, H)).astype(np.float32) for k in ("previous_token", "sink", "induction")}
    roles = np.where(stats["previous_token"] > 0.5, "previous-token", "")
    return {"step": np.int64(step), "tokens": np.arange(T), "token_text": np.asarray([f"t{i}" for i in range(T)]),
            "attention": w.astype(np.float16), "entropy": rng.uniform(0, 4, (L, H)).astype(np.float32),
            **stats, "roles": roles, "watch": np.asarray([], dtype=str), "watch_ids": np.zeros(0, np.int64),
            "neighbours": np.zeros((0, 10), np.int64)}


def bench_attention_grid(app, repeats: int) -> dict:
    from andrea_desktop.gui.panels.attention.panel import QtAttentionPanel

    panel = QtAttentionPanel()
    panel.resize(900, 1000)
    panel.show()
    app.processEvents()
    probes = [fake_probe(s) for s in range(1, 21)]
    i = [0]

    def add():
        i[0] += 1
        panel.add_probe(probes[i[0] % len(probes)] | {"step": np.int64(i[0])})

    def add_and_render():
        add()
        panel.grab()

    add_and_render()  # first paint, fonts
    data_ms = _median_ms(add, repeats)
    render_ms = _median_ms(add_and_render, repeats)
    panel.close()
    return {"shape": [12, 12, 64, 64], "add_probe_ms_median_p95": [round(x, 2) for x in data_ms],
            "add_probe_and_render_ms_median_p95": [round(x, 2) for x in render_ms], "target_ms": 50}


def bench_knn(repeats: int) -> dict:
    rng = np.random.default_rng(0)
    E = rng.normal(size=(8449, 768)).astype(np.float32)
    t0 = time.perf_counter()
    index = EmbeddingIndex(E)
    build_ms = (time.perf_counter() - t0) * 1e3
    tokens = rng.integers(0, len(E), repeats * 2)
    j = iter(tokens)
    cos = _median_ms(lambda: index.query(int(next(j)), 10, "cosine"), repeats)
    euc = _median_ms(lambda: index.query(int(next(j)), 10, "euclidean"), repeats)
    uncached = _median_ms(lambda: nearest_neighbours(E, 7, 10), max(5, repeats // 10))
    return {"shape": list(E.shape), "k": 10, "index_build_ms": round(build_ms, 2),
            "cosine_ms_median_p95": [round(x, 3) for x in cos], "euclidean_ms_median_p95": [round(x, 3) for x in euc],
            "uncached_cosine_ms_median_p95": [round(x, 3) for x in uncached], "target_ms": 5,
            "torch_threads": torch.get_num_threads()}


def _rate(run_dir: Path, tokens_per_step: int) -> float:
    reader = RunReader(run_dir / METRICS_DB)
    rows = reader._con.execute("SELECT step, wall_time FROM scalars WHERE name=? ORDER BY step", (TRAIN_LOSS,)).fetchall()
    reader.close()
    (s0, t0), (s1, t1) = rows[WARMUP - 1], rows[-1]
    return (s1 - s0) * tokens_per_step / (t1 - t0)


def bench_probes(preset: str, steps: int, rounds: int) -> dict:
    base = load_preset(preset)
    base = base.replace(train=dataclasses.replace(base.train, eval_interval=10**9),
                        run=dataclasses.replace(base.run, torch_threads=default_threads(gui=False)))
    res: dict[str, list[float]] = {"on": [], "off": []}
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        prepared = prepare_run(root / "prep", config=base)
        cfg = prepared.config
        prepared.discard()
        for r in range(rounds):
            for name in (("on", "off") if r % 2 == 0 else ("off", "on")):
                c = cfg if name == "on" else cfg.replace(probe=dataclasses.replace(cfg.probe, enabled=False))
                run = root / f"{name}-{r}"
                with run_session(run, config=c) as t:
                    t.run(steps)
                res[name].append(_rate(run, t.tokens_per_step))
                counts[name] = len(list_probes(run))
    med = {k: statistics.median(v) for k, v in res.items()}
    return {"preset": preset, "steps": steps, "probe_interval": cfg.probe.interval,
            "sample_interval": cfg.probe.sample_interval, "probes_per_run": counts,
            "tokens_per_s_median": {k: round(v, 1) for k, v in med.items()},
            "tokens_per_s_rounds": {k: [round(x, 1) for x in v] for k, v in res.items()},
            "on_over_off": round(med["on"] / med["off"], 3), "target": ">= 0.97"}


def bench_probe_cost(preset: str, repeats: int) -> dict:
    """The cost of one probe and one sample against one training step, measured side by side in
    one process (robust to other load on the machine), and the on/off ratio it implies at the
    preset's intervals: 1 / (1 + (t_probe / probe_interval + t_sample / sample_interval) / t_step)."""
    base = load_preset(preset)
    base = base.replace(run=dataclasses.replace(base.run, torch_threads=default_threads(gui=False)))
    with tempfile.TemporaryDirectory() as tmp:
        with run_session(Path(tmp) / "r", config=base) as t:
            t.run(10)  # warm
            steps, probes, samples = [], [], []
            for _ in range(repeats):
                t0 = time.perf_counter()
                t.train_step()
                steps.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                t.probe()
                probes.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                t.sample()
                samples.append(time.perf_counter() - t0)
        cfg = t.config
    ts, tp, tsa = (statistics.median(x) for x in (steps, probes, samples))
    overhead = (tp / cfg.probe.interval + tsa / cfg.probe.sample_interval) / ts
    return {"step_ms": round(ts * 1e3, 1), "probe_ms": round(tp * 1e3, 1), "sample_ms": round(tsa * 1e3, 1),
            "probe_interval": cfg.probe.interval, "sample_interval": cfg.probe.sample_interval,
            "implied_on_over_off": round(1 / (1 + overhead), 4), "repeats": repeats}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="andrea-tiny")
    ap.add_argument("--steps", type=int, default=205, help="training steps per throughput run")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=50, help="repeats of the GUI and k-NN timings")
    ap.add_argument("--skip-training", action="store_true", help="only the GUI and k-NN figures")
    args = ap.parse_args()

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import configure_app

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    out = {"cpu_count": os.cpu_count(), "torch": torch.__version__,
           "attention_grid": bench_attention_grid(app, args.repeats), "knn": bench_knn(args.repeats * 4)}
    if not args.skip_training:
        out["probe_cost"] = bench_probe_cost(args.preset, 15)
        out["probes"] = bench_probes(args.preset, args.steps, args.rounds)
    print(json.dumps(out, indent=2))  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
