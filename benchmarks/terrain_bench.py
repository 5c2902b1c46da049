"""Terrain benchmark: what a terrain job costs, and what it costs training.

Prints, on the demo model andrea-tiny (a ~1M-parameter GPT):

1. seconds for a 21 x 21 surface, a top-eigenvalue estimate (Lanczos on Hessian-vector
   products), the Hutchinson trace, the basin width and one whole job at the preset's
   ``[terrain]`` settings, with torch on every core of this machine (2 here);
2. training throughput with terrain jobs off, in a worker thread and in a worker process,
   measured side by side: rounds of ``--steps`` training steps per mode, the order rotated each
   round, the worker kept busy (a new snapshot every 5 steps), medians over the rounds and the
   ratio to "off" (target >= 0.95); then how long one job takes while training goes on; both
   with torch on every core (``andrea-train``) and on one core fewer (the app);
3. an estimate, from FLOPs, of one job on andrea-120m on one GPU and its share of training time.

    .venv/bin/python benchmarks/terrain_bench.py [--steps 40] [--rounds 3] [--modes off,thread,process]

The machine's other load shows in every number: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import tempfile
import time
from pathlib import Path


def _say(*parts) -> None:
    print(*parts, flush=True)  # noqa: T201 - a benchmark prints its figures


def _median_time(fn, n: int = 3) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:  # noqa: PLR0915 - a script, read top to bottom
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=40, help="training steps per mode and round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--modes", default="off,thread,process")
    p.add_argument("--grid", type=int, default=21)
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                   help="torch threads of training (default: every core; the app's n - 1 is measured too)")
    p.add_argument("--skip-costs", action="store_true", help="only the throughput comparison")
    args = p.parse_args()

    import numpy as np
    import torch

    from andrea_desktop.core.config import ModelConfig, load_preset
    from andrea_desktop.core.terrain import (
        basin_width,
        compute_terrain,
        hutchinson_trace,
        hvp_function,
        model_loss_fn,
        model_weights,
        random_directions,
        rows_for_dataset,
        skeleton_model,
        slice_2d,
        top_eigenvalues,
    )
    from andrea_desktop.core.terrain_jobs import TerrainJobs
    from andrea_desktop.core.training import Trainer, prepare_run

    torch.set_num_threads(args.threads)
    cfg = load_preset("andrea-tiny")
    cfg = cfg.replace(run=dataclasses.replace(cfg.run, torch_threads=args.threads))
    tmp = tempfile.TemporaryDirectory(prefix="terrain-bench-")
    prepared = prepare_run(Path(tmp.name) / "run", config=cfg)
    cfg = prepared.config
    trainer = Trainer(prepared)
    _say(f"andrea-tiny: {trainer.model.num_params():,} parameters, {os.cpu_count()} cores, "
          f"torch {torch.__version__}, {torch.get_num_threads()} torch threads")
    for _ in range(20):  # off the initial weights
        trainer.train_step()
    tc = cfg.terrain
    rows = rows_for_dataset(prepared.dataset, tc.n_rows, cfg.model.block_size, cfg.run.seed)
    net = skeleton_model(cfg.model)
    w = model_weights(trainer.model)
    loss_fn = model_loss_fn(net, rows)
    tokens = rows.x.numel()

    ratios = {}
    if not args.skip_costs:
        _say(f"\n1. Terrain costs on {len(rows.source)} held-out rows x {cfg.model.block_size} tokens "
              f"({tokens:,} tokens per loss evaluation), {args.threads} threads")
        d1, d2 = random_directions(w, 2, seed=1)
        a = np.linspace(-tc.radius, tc.radius, args.grid)
        t = time.perf_counter()
        slice_2d(loss_fn, w, d1, d2, a, a)
        t_surface = time.perf_counter() - t
        t_fwd = t_surface / args.grid**2  # the mean over the surface's evaluations: robust to a busy machine
        t = time.perf_counter()
        hvp = hvp_function(loss_fn, w)
        t_build = time.perf_counter() - t
        hvp(d1)  # warm-up
        t_hvp = _median_time(lambda: hvp(d1), 5)
        t = time.perf_counter()
        eig = top_eigenvalues(hvp, w, k=1, tol=tc.eig_tol, seed=1)
        t_eig = time.perf_counter() - t + t_build
        t = time.perf_counter()
        tr = hutchinson_trace(hvp, w, tc.hutchinson_samples, seed=1)
        t_trace = time.perf_counter() - t
        t = time.perf_counter()
        basin = basin_width(loss_fn, w, tc.basin_radius, tc.basin_directions, seed=1)
        t_basin = time.perf_counter() - t
        flat = torch.cat([v.reshape(-1) for v in w.values()]).numpy()
        rng = np.random.default_rng(0)  # two earlier snapshots, so the job draws a trajectory plane
        path = [(s, flat + 0.01 * rng.standard_normal(flat.size).astype(np.float32)) for s in (10, 15)]
        t = time.perf_counter()
        job = compute_terrain(net, w, rows, tc, 20, 1e-3, cfg.run.seed, path=path)
        t_job = time.perf_counter() - t
        _say(f"   one loss evaluation (forward, mean)    {t_fwd:8.3f} s")
        _say(f"   {args.grid} x {args.grid} surface ({args.grid ** 2} evaluations)   {t_surface:8.1f} s")
        _say(f"   one Hessian-vector product             {t_hvp:8.3f} s  ({t_hvp / t_fwd:.1f} forward passes; "
              f"building the gradient graph {t_build:.2f} s)")
        _say(f"   top eigenvalue (tol {tc.eig_tol:g})             {t_eig:8.1f} s  "
              f"(lambda_max {eig.values[0]:.4g}, {eig.matvecs} products, converged {eig.converged})")
        _say(f"   Hutchinson trace, {tc.hutchinson_samples} probes            {t_trace:8.1f} s  "
              f"(tr {tr.estimate:.4g} +- {tr.stderr:.2g})")
        _say(f"   basin width, K = {tc.basin_directions}, rho = {tc.basin_radius:g}         {t_basin:8.1f} s  "
              f"(mean rise {basin.mean:.4g}, max {basin.max:.4g})")
        _say(f"   one job at the preset's settings        {t_job:8.1f} s  (grid {tc.grid}, plane {tc.plane_grid}: "
              + ", ".join(f"{n} {s:.1f} s" for n, s in zip(job.timing_names, job.timing_s, strict=True)) + ")")
        ratios = {"hvp": t_hvp / t_fwd, "build": t_build / t_fwd, "matvecs": eig.matvecs}

    # ---------------------------------------------------------------- 2. throughput
    modes = [m for m in args.modes.split(",") if m]
    bench_cfg = cfg.replace(terrain=dataclasses.replace(cfg.terrain, interval=5))

    def blocks(threads: int, modes: list[str]) -> None:
        torch.set_num_threads(threads)
        _say(f"\n2. Training throughput on {threads} torch thread(s) with terrain jobs, {args.rounds} rounds x "
             f"{args.steps} steps per mode, order rotated each round ({trainer.tokens_per_step} tokens / the "
             f"median step time of a block; the worker kept busy: a snapshot every 5 steps)")
        per_mode: dict[str, list[float]] = {m: [] for m in modes}
        for rnd in range(args.rounds):
            order = modes[rnd % len(modes):] + modes[: rnd % len(modes)]
            for mode in order:
                jobs = None
                if mode != "off":
                    jobs = TerrainJobs(prepared.run_dir, bench_cfg, rows, worker=mode, seed_path=False)
                    jobs.ready.wait(300)
                    jobs.submit(trainer.step, jobs.snapshot(trainer.model))
                times = []
                for i in range(args.steps):
                    t0 = time.perf_counter()
                    trainer.train_step()
                    if jobs is not None and i % 5 == 4:
                        jobs.submit(trainer.step, jobs.snapshot(trainer.model))
                    times.append(time.perf_counter() - t0)
                if jobs is not None:
                    jobs.close()
                # the median step: robust to the bursts of other load on a shared machine; the
                # snapshot copies are inside the timed steps
                per_mode[mode].append(trainer.tokens_per_step / statistics.median(times))
                mean_rate = trainer.tokens_per_step * len(times) / sum(times)
                _say(f"   round {rnd + 1} {mode:8s} {per_mode[mode][-1]:8.0f} tokens/s (median step; "
                     f"mean {mean_rate:.0f})")
        base = statistics.median(per_mode["off"]) if "off" in per_mode else None
        for mode in modes:
            med = statistics.median(per_mode[mode])
            rel = f"  {med / base:.3f} x off" if base else ""
            _say(f"   median over rounds {mode:8s} {med:8.0f} tokens/s{rel}")

    def job_latency(threads: int, worker: str, limit_s: float = 300.0) -> None:
        """How long one job takes while training runs on, and what training keeps meanwhile."""
        torch.set_num_threads(threads)
        jobs = TerrainJobs(prepared.run_dir, bench_cfg, rows, worker=worker, seed_path=False)
        jobs.ready.wait(300)
        jobs.submit(trainer.step, jobs.snapshot(trainer.model))
        t0, n = time.perf_counter(), 0
        while jobs.busy and time.perf_counter() - t0 < limit_s:
            trainer.train_step()
            n += 1
        dt = time.perf_counter() - t0
        finished = not jobs.busy
        jobs.close()
        _say(f"   one job ({worker} worker) while training on {threads} thread(s): "
             + (f"done after {dt:.0f} s" if finished else f"not done after {dt:.0f} s")
             + f", {n} steps trained meanwhile ({n * trainer.tokens_per_step / dt:.0f} tokens/s)")

    blocks(args.threads, modes)
    job_latency(args.threads, "process")
    if args.threads > 1:  # the app: torch gets one core fewer than the machine has (docs/development.md#the-torch-thread-count)
        blocks(args.threads - 1, [m for m in modes if m != "thread"])
        job_latency(args.threads - 1, "process")
    trainer.close()

    # ---------------------------------------------------------------- 3. andrea-120m
    big = load_preset("andrea-120m")
    mc = dataclasses.replace(big.model, vocab_size=big.data.tokenizer_vocab_size)
    gpt = skeleton_model(ModelConfig(**dataclasses.asdict(mc)))
    n = gpt.num_params()
    fwd_per_token = gpt.flops_per_token() / 3  # (6 N + 12 L H Q T) / 3 (PaLM count): one forward pass
    bt = big.terrain
    ev_tokens = bt.n_rows * mc.block_size
    fwd = fwd_per_token * ev_tokens
    # measured on andrea-tiny by part 1 (these defaults: its figures on 2 cores, for --skip-costs)
    r_hvp = ratios.get("hvp", 7.7)
    r_build = ratios.get("build", 4.3)
    matvecs = ratios.get("matvecs", 9)
    evals = bt.grid**2 + bt.plane_grid**2 + 2 * bt.basin_directions
    job_flops = fwd * (evals + r_build + r_hvp * (matvecs + bt.hutchinson_samples))
    step_flops = gpt.flops_per_token() * big.train.batch_size * mc.block_size
    fp32, bf16 = 50e12, 400e12  # sustained: fp32 without TF32 (~75 % of 67 TFLOP/s), bf16 at ~40 % MFU
    job_s, step_s = job_flops / fp32, step_flops / bf16
    _say(f"\n3. andrea-120m on one H100/H200 (estimate from FLOPs): {n / 1e6:.0f}M parameters, "
          f"{ev_tokens:,} tokens per loss evaluation = {fwd / 1e12:.1f} TFLOP")
    _say(f"   one job: {evals} evaluations ({bt.grid}² surface, {bt.plane_grid}² plane, 2 x {bt.basin_directions} "
          f"basin) + {matvecs} + {bt.hutchinson_samples} Hessian-vector products at {r_hvp:.1f} forward passes "
          f"each (measured on andrea-tiny) = {job_flops / 1e15:.2f} PFLOP")
    _say(f"   at {fp32 / 1e12:.0f} TFLOP/s (fp32: the terrain does not use bf16, whose rounding swamps "
          f"curvature): {job_s:.0f} s; a training step ({step_flops / 1e12:.0f} TFLOP at {bf16 / 1e12:.0f} "
          f"TFLOP/s bf16) takes {step_s:.3f} s")
    for interval in sorted({bt.interval, 2000, 10000, 20000}):
        _say(f"   every {interval:>6,} steps: {job_s / (interval * step_s):6.1%} of the training time "
              "(if the job's kernels took the GPU from training one for one)")
    tmp.cleanup()


if __name__ == "__main__":  # the process worker re-imports this file (spawn)
    main()
