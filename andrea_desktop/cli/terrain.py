"""``andrea-terrain RUN_DIR [--step N | --all] [--grid G]``: the terrain of a run's checkpoints.

Computes, for checkpoints of a run (finished, stopped or still training: the run is only read,
and ``terrain/<step>.npz`` files are added), the loss surface around the weights, the
trajectory through the earlier checkpoints, the Hessian's top eigenvalue and trace and the
basin width (:mod:`andrea_desktop.core.terrain`). The app shows the files in its Terrain panel.

Exit codes: 0 done; 1 a system error (the folder cannot be written); 2 bad arguments, no run or
no such checkpoint; 130 interrupted (files already written stay).
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
import time
from pathlib import Path

__all__ = ["main"]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def _complete_steps(run_dir: Path) -> list[int]:
    """The steps whose terrain file holds every part (one cut short at part 1 or 2, or one that
    cannot be read, is computed again by ``--all``)."""
    from ..core.rundir.terrain import TerrainFileError, list_steps, read_result, terrain_path

    out = []
    for step in list_steps(run_dir):
        try:
            if read_result(terrain_path(run_dir, step)).complete:
                out.append(step)
        except (TerrainFileError, OSError):
            continue
    return out


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="andrea-terrain",
        description="Compute the loss terrain (surface, trajectory, sharpness, basin width) of a "
                    "run's checkpoints into RUN_DIR/terrain/<step>.npz.",
    )
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="a run directory")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--step", type=int, help="the checkpoint of this step (default: the newest)")
    which.add_argument("--all", action="store_true",
                       help="every checkpoint, oldest first (those with a terrain file are skipped "
                            "unless --force)")
    p.add_argument("--grid", type=int, help="points per axis of the surface (odd; default: the run's "
                                            "terrain.grid)")
    p.add_argument("--force", action="store_true", help="with --all: recompute existing files")
    p.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps", "auto"),
                   help="where to compute (default cpu)")
    p.add_argument("--threads", type=int, default=0,
                   help="torch threads on the CPU, at most the cores this process may use (default: all cores)")
    return p


def _fail(msg: str, code: int = EXIT_USAGE) -> int:
    print(f"andrea-terrain: error: {msg}", file=sys.stderr)  # noqa: T201
    return code


def _say(msg: str) -> None:
    print(msg, flush=True)  # noqa: T201


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``andrea-terrain``; returns the exit code."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.grid is not None and not (3 <= args.grid <= 401 and args.grid % 2 == 1):
        return _fail(f"--grid {args.grid}: must be odd and in [3, 401]")
    from ..core.training.threads import available_cores

    cores = available_cores()
    if not 0 <= args.threads <= cores:  # more threads than cores never helps; thousands hung or crashed
        return _fail(f"--threads must be 0 (all cores) to {cores} (the cores this process may use)")
    try:
        return _run(args)
    except KeyboardInterrupt:
        return _fail("interrupted; the files already written stay", EXIT_INTERRUPTED)


def _run(args) -> int:
    import torch

    from ..core.config import ConfigError
    from ..core.corpus import CorpusError
    from ..core.data import DataError
    from ..core.mixture.simplex import ConstraintError
    from ..core.rundir.checkpoint import CheckpointError, list_checkpoints
    from ..core.rundir.terrain import terrain_path
    from ..core.terrain import rows_for_dataset
    from ..core.terrain_jobs import TerrainComputer, checkpoint_weights
    from ..core.training import RunError, is_run_dir, prepare_run, resolve_device

    if not is_run_dir(args.run_dir):
        return _fail(f"{args.run_dir} holds no run (no config.toml)")
    from ..core.rundir.layout import UnsafePathError, check_no_links

    try:
        check_no_links(args.run_dir)  # a linked terrain/ (or any of the run's files): refused before any work
    except UnsafePathError as exc:
        return _fail(str(exc), EXIT_ERROR)
    if args.threads:
        torch.set_num_threads(args.threads)
    try:
        device = resolve_device(args.device)
        prepared = prepare_run(args.run_dir)
    except (ConfigError, DataError, CorpusError, ConstraintError, RunError) as exc:
        return _fail(str(exc))
    cfg = prepared.config
    ckpts = [c for c in list_checkpoints(args.run_dir) if not c.damaged]
    if not ckpts:
        return _fail(f"{args.run_dir} has no checkpoint (a run writes one every checkpoint.interval "
                     "steps and when it stops)")
    if args.step is not None:
        targets = [c for c in ckpts if c.step == args.step]
        if not targets:
            return _fail(f"no checkpoint of step {args.step}; there are: "
                         + ", ".join(str(c.step) for c in ckpts))
    elif args.all:
        done = set(_complete_steps(args.run_dir))
        targets = [c for c in ckpts if args.force or c.step not in done]
        if not targets:
            _say("every checkpoint has its terrain already (--force recomputes them)")
            return EXIT_OK
    else:  # the newest checkpoint that reads: a truncated newest one falls back to the one before
        targets = list(reversed(ckpts))
    newest_only = args.step is None and not args.all
    tcfg = cfg.terrain if args.grid is None else dataclasses.replace(cfg.terrain, grid=args.grid)
    rows = rows_for_dataset(prepared.dataset, tcfg.n_rows, cfg.model.block_size, cfg.run.seed)
    computer = TerrainComputer(args.run_dir, cfg.model, tcfg, rows, cfg.run.seed, device)
    computer.seed_path_from_checkpoints(before_step=targets[0].step)
    from ..core.schedule import lr_at

    _say(f"{args.run_dir}: {len(targets)} checkpoint(s), grid {tcfg.grid} x {tcfg.grid}, {len(rows.source)} "
         f"held-out rows, {torch.get_num_threads()} threads on {device}")
    computed, skipped = 0, []
    for info in targets:
        t0 = time.perf_counter()
        try:
            weights = checkpoint_weights(info, computer.net, device)
        except CheckpointError as exc:
            skipped.append(info.step)
            _say(f"step {info.step}: skipped ({exc})" + ("; trying the checkpoint before it" if newest_only else ""))
            continue
        lr = lr_at(info.step, cfg.schedule, cfg.optimizer.lr) if info.step > 0 else 0.0
        try:
            r = computer.compute(info.step, lr, weights)
        except OSError as exc:
            return _fail(f"cannot write {terrain_path(args.run_dir, info.step)}: {exc.strerror or exc}", EXIT_ERROR)
        eig = ", ".join(f"{v:.4g}" for v in r.eigenvalues)
        _say(f"step {r.step}: loss {r.centre_loss:.4f} · lambda_max {eig} (2/lr {r.gd_threshold:.4g}) · "
             f"tr(H) {r.trace:.4g} ± {r.trace_stderr:.2g} · basin rise at rho {r.basin_radius:g}: "
             f"mean {r.basin_mean:.4g}, max {r.basin_max:.4g} · path {len(r.path_steps)} points · "
             f"{time.perf_counter() - t0:.1f} s -> {terrain_path(args.run_dir, r.step)}")
        computed += 1
        if newest_only:
            break
    if not computed:
        return _fail("no checkpoint could be read (" + ", ".join(f"step {s}" for s in skipped)
                     + " skipped): nothing was computed", EXIT_ERROR)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
