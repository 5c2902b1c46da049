"""``andrea-train --run-dir DIR [--preset NAME] [--config FILE] [--set KEY=VALUE ...] [--seed S]
[--max-steps N] [--resume] [--branch-from RUN[:STEP]] [--source NAME=PATH[,PATH...]] [--init-from PATH]``:
train headless, logging to the run directory (docs/design.md#commands); under ``torchrun`` every rank
runs it.

Settings: the base (``--preset``, the run itself with ``--resume``, or the parent's checkpoint with
``--branch-from``) < ``--config FILE`` < each ``--set KEY=VALUE`` in order < ``--seed``
(:func:`~andrea_desktop.core.config.build_config`, the function the New Run dialog uses too).

Exit codes: 0 the run reached its step limit or was stopped by a signal at a step boundary;
1 an error of the system (disk full, unwritable folder); 2 bad arguments, configuration or data
(a message says what to do); 3 an anomaly stopped the run (it is recorded as an ``anomaly``
event); 130 interrupted while preparing, or by a second Ctrl+C.

This module never imports the GUI (``tests/test_cli.py`` checks it).
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import time
from pathlib import Path

from .args import seed_arg, source_arg, steps_arg, with_sources
from .progress import PrepareInterrupted, PrepareProgress, TrainProgress
from .stopping import StopOnSignals

__all__ = ["train_main", "auto_terrain", "finish_terrain", "EXIT_OK", "EXIT_ERROR", "EXIT_USAGE", "EXIT_ANOMALY", "EXIT_INTERRUPTED"]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_ANOMALY, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _train_parser() -> argparse.ArgumentParser:
    from ..core.config import PRESETS

    p = argparse.ArgumentParser(
        prog="andrea-train",
        description="Train an ANDREA model headless, logging to a run directory.",
    )
    p.add_argument("--run-dir", required=True, type=Path, help="run directory (new or existing)")
    p.add_argument("--preset", choices=PRESETS, help="preset a new run starts from (default andrea-tiny, or "
                   "run.preset of --config / --set); the same as --set run.preset=NAME")
    p.add_argument("--config", type=Path, metavar="FILE", help="settings from a TOML file with any of config.toml's "
                   "sections and keys, on top of the preset (with --resume: of the run; with --branch-from: of "
                   "the parent's checkpoint)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="one setting with a dotted key, on top of --config (repeatable, the last wins): "
                   "--set optimizer.lr=1e-3 --set schedule.warmup_steps=0. VALUE is read as a TOML value "
                   "(1e-3, 0, true, \"text\", [0.9, 0.99]); one that is not valid TOML is a bare string "
                   "(run.device=cpu). Precedence: preset < --config < --set < --seed")
    p.add_argument("--seed", type=seed_arg, help="seed of a new run, 0 .. 2^63-1 (default: the preset's); "
                   "the same as --set run.seed=S")
    p.add_argument("--max-steps", type=steps_arg, help="global step to stop at (default: schedule.total_steps)")
    p.add_argument("--resume", action="store_true", help="continue the run in --run-dir (with --config / --set: "
                   "with changed settings, applied or refused as docs/user-guide.md#resuming-with-changed-settings describes)")
    p.add_argument("--branch-from", metavar="RUN[:STEP]", help="make --run-dir a new run that starts from RUN's "
                   "checkpoint of STEP (default its newest) with its settings changed by --config / --set; RUN "
                   "is only read, and the branch records it as its parent")
    p.add_argument("--source", type=source_arg, action="append", default=[], metavar="NAME=PATH[,PATH...]",
                   help="add a data source of .txt / .jsonl files or folders to a new run (repeatable)")
    p.add_argument("--init-from", type=Path, metavar="PATH", help="start a new run from a local Hugging Face GPT-2 "
                   "folder (config.json, model.safetensors, tokenizer.json): its shape, tokenizer and weights")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return p


def _fail(msg: str, code: int = EXIT_USAGE) -> int:
    print(f"andrea-train: error: {msg}", file=sys.stderr)  # noqa: T201
    return code


def _say(msg: str) -> None:
    print(f"andrea-train: {msg}", file=sys.stderr)  # noqa: T201


class _Announcer:
    """Rank 0 tells the other ranks, once, whether the run is ready to train."""

    def __init__(self, dist) -> None:
        self.dist, self.done = dist, False
        self.trained = False  # this rank's training loop returned: a final barrier is safe

    def __call__(self, ok: bool) -> None:
        if self.dist is not None and not self.done:
            self.done = True
            self.dist.broadcast_floats([1.0 if ok else 0.0], 1)


def train_main(argv: list[str] | None = None) -> int:
    """``andrea-train --run-dir DIR [--preset NAME] [--seed S] [--max-steps N] [--resume]``.

    Under ``torchrun`` every rank runs this: rank 0 checks the arguments, prepares the run and
    trains with the others (DDP); the other ranks wait for it, open the run and train their rows.
    """
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen build: the terrain worker is a spawned child
    args = _train_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        from ..core.training.distributed import init_from_env  # imports torch: a few seconds
    except KeyboardInterrupt:
        return _fail("interrupted while starting; nothing was trained", EXIT_INTERRUPTED)

    try:
        dist = init_from_env()
    except (RuntimeError, ValueError, KeyError) as exc:
        return _fail(f"cannot join the torchrun process group: {exc}", EXIT_ERROR)
    if dist is None:
        return _train(args, None, _Announcer(None))
    announce = _Announcer(dist)
    try:
        if dist.is_main:
            try:
                return _train(args, dist, announce)
            finally:
                announce(False)  # a failure before training: the other ranks exit too
        return _train_rank(args, dist, announce)
    finally:
        if announce.trained:  # every rank done (rank 0's last checkpoint written) before the group goes
            try:
                dist.barrier()
            except RuntimeError as exc:  # a rank already gone
                print(f"andrea-train: rank {dist.rank}: {exc}".splitlines()[0], file=sys.stderr)  # noqa: T201
        dist.destroy()


def _train_rank(args, dist, announce: _Announcer) -> int:
    """A rank other than 0: follow rank 0's decision, open the run it prepared, train."""
    from ..core.training import START_ERRORS, TrainingControl, run_session

    for sig in (signal.SIGINT, signal.SIGTERM):  # rank 0 takes Ctrl+C and stops every rank
        signal.signal(sig, lambda *_: None)
    if not dist.broadcast_floats(None, 1)[0]:
        return EXIT_USAGE  # rank 0 said why
    session = run_session(args.run_dir, resume=args.resume or args.branch_from is not None, dist=dist)
    try:
        trainer = session.open()
    except START_ERRORS as exc:
        return _fail(f"rank {dist.rank}: {exc}", EXIT_ERROR)
    with session:
        trainer.run(args.max_steps, TrainingControl())
        announce.trained = True
    return EXIT_OK


def _refusal(args, exists: bool) -> str | None:
    """Why these arguments cannot work on this folder, or None."""
    import os

    from ..core.rundir.layout import CONFIG
    from ..core.rundir.names import run_name_problem

    run_dir: Path = args.run_dir
    named = None if exists else run_name_problem(Path(os.path.abspath(run_dir)).name, "--run-dir's folder name")
    if named is not None:  # a new run: the same rule as the app's New Run and Rename
        return named.text
    if exists and args.branch_from is not None:
        return f"{run_dir} already holds a run; choose a new folder for the branch"
    if exists and not args.resume:
        return f"{run_dir} already holds a run; pass --resume to continue it, or choose another --run-dir"
    if args.resume and not exists:
        return f"{run_dir} holds no run to resume (no {CONFIG}); leave out --resume to create one"
    if args.resume and args.seed is not None:
        return "--seed applies to a new run only; a resumed run keeps its seed"
    if args.resume and args.source:
        return "--source applies to a new run only; a resumed run keeps its data"
    if args.resume and args.init_from:
        return "--init-from applies to a new run only; a resumed run continues from its checkpoints"
    if args.max_steps is not None and args.max_steps < 0:
        return "--max-steps must be >= 0"
    if args.branch_from is not None:
        if args.resume:
            return "--branch-from makes a new run; continue a branch later with --resume (without --branch-from)"
        for flag, value in (("--preset", args.preset), ("--seed", args.seed), ("--source", args.source),
                            ("--init-from", args.init_from)):
            if value:
                return (f"{flag} does not apply to a branch: it keeps its parent's preset, model, data and seed "
                        "(change other settings with --set / --config)")
    return None


def _train(args, dist, announce: _Announcer) -> int:
    """One process, or rank 0: check the arguments, then train with Ctrl+C / SIGTERM as a stop
    at the next step boundary (a second one interrupts at once)."""
    from ..core.training import TrainingControl, is_run_dir

    exists = is_run_dir(args.run_dir)
    refusal = _refusal(args, exists)
    if refusal is not None:
        return _fail(refusal)
    control = TrainingControl()
    with StopOnSignals(control):
        return _open_and_train(args, dist, announce, control, exists)


def _settings(args, exists: bool):
    """The configuration of a new run (None for an existing one, whose ``config.toml`` the
    ``--config`` / ``--set`` changes are written into by :func:`_change_run_settings`)."""
    from ..core.config import build_config
    from ..core.hf.init_from import with_init_from

    if exists or args.branch_from is not None:  # a branch's config comes from its parent's checkpoint
        return None
    overrides = [*args.overrides, *([f"run.seed={args.seed}"] if args.seed is not None else [])]
    config = build_config(preset=args.preset, config_file=args.config, overrides=overrides)
    return with_init_from(with_sources(config, args.source), args.init_from)


def _change_run_settings(args) -> bytes | None:
    """``--resume`` with ``--config`` / ``--set``: write the changed settings into the run's
    ``config.toml`` (the resume then applies or refuses each, naming it). Returns the old file's
    bytes to put back when the start fails, or None when nothing changed.

    Raises
    ------
    ConfigError
        A bad setting. RunError: a trainer is at work on the run.
    """
    from ..core.config import build_config, load_config, save_config
    from ..core.config.toml_io import MAX_CONFIG_BYTES
    from ..core.rundir.layout import CONFIG, check_file, trainer_alive
    from ..core.small_files import read_small
    from ..core.training import RunError

    path = args.run_dir / CONFIG
    current = load_config(path)
    changed = build_config(config_file=args.config, overrides=args.overrides, base=current)
    if changed == current:
        return None
    if trainer_alive(args.run_dir):
        raise RunError(f"another process is training {args.run_dir}; stop it before changing its settings")
    old = read_small(check_file(path), MAX_CONFIG_BYTES)  # the run's own file, never through a link
    save_config(changed, path)
    return old


def _put_back(path: Path, old: bytes) -> None:
    """Restore a ``config.toml`` after a start that failed (atomically, through a temporary
    file of a random name created exclusively)."""
    from ..core.small_files import write_atomic

    write_atomic(path, old)


def _open_and_train(args, dist, announce: _Announcer, control, exists: bool) -> int:
    from ..core.config import load_config
    from ..core.errors import shown_path
    from ..core.rundir.layout import CONFIG, METRICS_DB, UnsafePathError, check_no_links
    from ..core.rundir.store import StoreError
    from ..core.terrain_jobs import with_terrain
    from ..core.training import START_ERRORS, StopReason, check_batch_split, run_session
    from ..core.training.branch import create_branch, discard_branch, parse_branch_source

    old_config = branch = None
    try:
        if exists:  # before anything is written: a linked file would be read or written through
            check_no_links(args.run_dir)
        config = _settings(args, exists)
        if args.branch_from is not None:
            parent, step = parse_branch_source(args.branch_from)
            branch = create_branch(parent, args.run_dir, step, args.config, args.overrides)
            _say(f"branched from {parent} at step {branch.parent.step} into {args.run_dir}")
        elif exists and (args.config is not None or args.overrides):
            old_config = _change_run_settings(args)
    except START_ERRORS as exc:
        if isinstance(exc, OSError) and exc.strerror:  # the branch's folder cannot be written
            return _fail(f"{shown_path(exc.filename or args.run_dir)}: {exc.strerror}", EXIT_ERROR)
        return _fail(str(exc))
    except ValueError as exc:  # --branch-from that is not RUN[:STEP]
        return _fail(f"--branch-from: {exc}")
    except KeyboardInterrupt:
        return _fail("interrupted while preparing the run; nothing was trained", EXIT_INTERRUPTED)
    progress = PrepareProgress(args.quiet, control)
    session = run_session(
        args.run_dir, preset=args.preset, config=config, progress=progress,
        resume=args.resume or branch is not None, dist=dist,
        # the run is on disk: the other ranks open it (DDP's set-up needs them all)
        after_prepare=lambda _: announce(True),
        on_close_error=lambda exc: _fail(str(exc)))
    try:
        try:
            if dist is not None:  # before anything is made: a batch the ranks cannot split is refused
                check_batch_split(config if config is not None else load_config(args.run_dir / CONFIG),
                                  dist.world_size)
            trainer = session.open()
        except BaseException:  # a start that failed changes nothing: the settings and the branch go
            if old_config is not None:
                _put_back(args.run_dir / CONFIG, old_config)
            if branch is not None:
                discard_branch(args.run_dir, branch.made)
            raise
    except START_ERRORS as exc:
        if isinstance(exc, OSError) and not isinstance(exc, UnsafePathError):  # a link is bad data (exit 2)
            return _fail(f"{shown_path(exc.filename or args.run_dir)}: {exc.strerror or exc}", EXIT_ERROR)
        return _fail(str(exc))
    except (PrepareInterrupted, KeyboardInterrupt):
        return _fail("interrupted while preparing the run; nothing was trained", EXIT_INTERRUPTED)
    finally:
        progress.close()
    total = trainer.config.schedule.total_steps
    limit = min(args.max_steps, total) if args.max_steps is not None else total
    _report_start(args, trainer, dist, limit)
    observer = TrainProgress(trainer.step, limit, args.quiet)
    terrain = auto_terrain(trainer)
    if terrain is not None and not args.quiet:
        _say(f"terrain: a job every {terrain.interval} steps, in parts (lambda_max and basin width first), "
             f"given {terrain.share:.0%} of the training time ({terrain.worker} worker on {trainer.device})")
    try:
        with session:
            try:
                t_run = time.monotonic()
                reason = trainer.run(limit, control, with_terrain(observer, terrain), on_anomaly="stop")
                announce.trained = True
                if terrain is not None and not args.quiet:
                    _say_terrain_share(terrain, time.monotonic() - t_run)
                if terrain is not None and reason in (StopReason.MAX_STEPS, StopReason.FINISHED):
                    finish_terrain(terrain, control, args.quiet)
            finally:
                if terrain is not None:
                    terrain.close()
    except KeyboardInterrupt:
        return _fail(f"interrupted at step {trainer.step}", EXIT_INTERRUPTED)
    except (StoreError, OSError) as exc:
        return _fail(f"training stopped at step {trainer.step}: {exc}", EXIT_ERROR)
    except RuntimeError as exc:  # under torchrun: another rank died (gloo / NCCL error)
        if dist is None:
            raise
        return _fail(f"training stopped at step {trainer.step}: another rank failed "
                     f"({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})", EXIT_ERROR)
    finally:
        observer.close()
    print(f"stopped at step {trainer.step}: {reason}", flush=True)  # noqa: T201
    if trainer.checkpoint_failed:
        return _fail(f"the last checkpoint (step {trainer.step}) could not be written; see the 'anomaly' "
                     "events. Free disk space or fix the folder's permissions, then resume", EXIT_ERROR)
    if reason == StopReason.ANOMALY:
        return _fail(
            f"an anomaly (non-finite loss or gradient) stopped the run before step {trainer.step + 1}; "
            f"see the 'anomaly' event in {METRICS_DB}",
            EXIT_ANOMALY,
        )
    return EXIT_OK


def auto_terrain(trainer):
    """The automatic ``terrain.interval`` jobs of this run (None when terrain is off for it:
    interval 0, or the CPU with ``terrain.on_cpu`` false). Their results go to the run folder."""
    from ..core.terrain_jobs import AutoTerrain

    def failed(step: int, message: str) -> None:
        _say(f"warning: the terrain of step {step} was not computed: {message}")

    return AutoTerrain.for_trainer(trainer, on_error=failed)


def _job_words(status) -> str:
    """"step 200, part 1 of 3, 40 % done" of a terrain job's status."""
    return f"step {status.step}, part {status.part} of 3, {int(100 * status.fraction)} % done"


def _say_terrain_share(terrain, run_s: float) -> None:
    """How much of the training thread's time went to terrain jobs (inline worker), or how long
    the trainer slept for a process worker."""
    work = getattr(terrain.jobs, "work_s", None)
    if work is not None and run_s > 0:
        _say(f"terrain: {work:.1f} s of the training thread's {run_s:.1f} s went to terrain jobs "
             f"({100 * work / run_s:.1f} % of the training time)")
    elif terrain.yielded_s > 0 and run_s > 0:
        _say(f"terrain: the trainer paused {terrain.yielded_s:.1f} s of {run_s:.1f} s for the terrain worker "
             f"({100 * terrain.yielded_s / run_s:.1f} % of the training time)")


def finish_terrain(terrain, control, quiet: bool) -> None:
    """The run reached its last step: finish its terrain job at full speed (Ctrl+C skips it),
    saying which job, how far it is and how long it may take (also with ``quiet``: a wait is never
    silent), every 10 s without ``quiet``; then what was computed."""
    from ..core.rundir.layout import TERRAIN_DIR
    from ..core.terrain_jobs import InlineJobs

    jobs = terrain.jobs
    if jobs is None:
        return
    if jobs.busy:  # a wait is said even with -q
        status = terrain.status
        if status is None:
            what = f"the terrain job of step {jobs.running_step or terrain.submitted[-1]}"
        else:
            left = status.eta_full_speed_s if isinstance(jobs, InlineJobs) else status.eta_s
            what = f"the terrain job of {_job_words(status)}" + (
                f", about {left:.0f} s left" if left is not None else "")
        _say(f"finishing {what} (Ctrl+C skips it)")

        def report(status) -> None:
            if not quiet:
                left = status.eta_full_speed_s if isinstance(jobs, InlineJobs) else status.eta_s
                _say(f"terrain: {_job_words(status)}" + (f", about {left:.0f} s left" if left is not None else ""))

        t0 = time.monotonic()
        done = terrain.finish(stop=lambda: control.stop_reason is not None, report=report)
        _say(f"terrain: {'finished' if done else 'skipped'} after {time.monotonic() - t0:.0f} s")
    if not quiet:
        _say(f"terrain: steps {written_steps(jobs)} in {terrain.trainer.prepared.run_dir / TERRAIN_DIR}")


def written_steps(jobs) -> str:
    """The steps whose terrain this run's jobs wrote, a job cut short by its parts: "20, 25
    (part 1 of 3)"; "none" where none wrote a file."""
    from ..core.rundir.terrain import PART_FULL

    written = dict(getattr(jobs, "written", {}))
    for step in jobs.completed:  # a complete job is its whole file
        written.setdefault(step, PART_FULL)
    return ", ".join(str(s) if p >= PART_FULL else f"{s} (part {p} of {PART_FULL})"
                     for s, p in sorted(written.items())) or "none"


def _report_start(args, trainer, dist, limit: int) -> None:
    """What the start did (checkpoints skipped or resumed from, settings changed since the
    checkpoint and applied) and what will train (stderr)."""
    import torch

    from ..core.config.diff import SCHEDULE_KEYS, describe_changes

    for message in trainer.resume_messages:  # a damaged newest checkpoint was skipped
        _say(f"warning: {message}")
    resumed = trainer.last_checkpoint
    if args.resume and resumed is None:
        # Without a checkpoint there is no state to continue from: the run restarts at step 0
        # and its history is replaced (docs/design.md#steps).
        _say(f"no checkpoint in {args.run_dir}: training restarts from step 0")
    elif resumed is not None and not args.quiet:
        _say(f"resuming from {resumed.path.name} (step {resumed.step})")
    if trainer.applied_changes and trainer.is_main:  # config.toml was edited since the checkpoint
        _say(f"settings changed since {resumed.path.name}, applied from step {trainer.step}:\n"
             + describe_changes(trainer.applied_changes))
        anchor = trainer.steps.lr_anchor
        if anchor is not None and any(c.key in SCHEDULE_KEYS for c in trainer.applied_changes):
            _say(f"the learning rate continues from {anchor[1]:.3e} (step {anchor[0]}) and reaches "
                 f"schedule.min_lr = {trainer.config.schedule.min_lr:.3e} at step "
                 f"{trainer.config.schedule.total_steps}")

    if not args.quiet:
        print(  # noqa: T201
            f"run {args.run_dir}: preset {trainer.config.run.preset}, {trainer.model.num_params() / 1e6:.2f}M "
            f"parameters, device {trainer.device}, {torch.get_num_threads()} threads"
            + (f" x {dist.world_size} ranks ({dist.backend})" if dist is not None else "")
            + f", steps {trainer.step} -> {limit}",
            file=sys.stderr,
        )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train_main())
