"""``andrea-sweep SWEEP.toml [--runs-dir DIR] [--dry-run] [--parallel K|auto] [-q]``: train a sweep's
runs headless, one after another (docs/cli.md#andrea-sweep, docs/user-guide.md#sweeps).

The sweep is checked whole before anything is written (every run's configuration, and no folder
of its runs holding something else); then its record (``<name>.sweep.toml``) is written in the
runs folder and each run not yet done is trained: a new one made, a partial one resumed from its
newest checkpoint, a done one never again. Ctrl+C (or SIGTERM) stops the run in training at a
step boundary, with a checkpoint, and ends the sweep; running the same command again continues
it. ``--parallel K`` trains K runs at a time, each in a process of its own on its share of the
cores (``--only`` is how the sweep starts each of those).

Exit codes: 0 every run done, or stopped by Ctrl+C / SIGTERM; 1 a run could not start or failed
(the others were trained); 2 bad arguments or a refused sweep (nothing was written); 3 every
run settled but an anomaly stopped at least one (it diverged); 130 a second Ctrl+C.

This module never imports the GUI.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .progress import PrepareInterrupted, PrepareProgress, TrainProgress
from .stopping import StopOnSignals

__all__ = ["sweep_main", "EXIT_OK", "EXIT_ERROR", "EXIT_USAGE", "EXIT_DIVERGED", "EXIT_INTERRUPTED"]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_DIVERGED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="andrea-sweep", description="Train a sweep's runs headless, one after another "
                                "(resumable: run it again to continue).")
    p.add_argument("sweep", type=Path, metavar="SWEEP.toml", help="the sweep file (name, base, steps, seeds, set, "
                   "[keys]), or a sweep's record in a runs folder")
    p.add_argument("--runs-dir", type=Path, metavar="DIR", help="the folder of the runs and the sweep's record "
                   "(default: the sweep file's folder)")
    p.add_argument("--dry-run", action="store_true", help="list the runs, their settings and state; train nothing, "
                   "write nothing")
    p.add_argument("--parallel", type=_positive, default=1, metavar="K|auto", help="runs trained at a time, each in "
                   "its own process on 1/K of the cores (or its own GPU); auto: one per GPU, or on the CPU the K the "
                   "thread trial measures fastest (default 1: one run uses every core)")
    p.add_argument("--only", metavar="RUN", help=argparse.SUPPRESS)  # one run: how --parallel starts each
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bars")
    return p


def _positive(text: str) -> int | str:
    if text == "auto":
        return text
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
    if not 1 <= k <= 256:
        raise argparse.ArgumentTypeError("must be in 1 .. 256")
    return k


def _say(msg: str) -> None:
    print(f"andrea-sweep: {msg}", file=sys.stderr, flush=True)  # noqa: T201


def _fail(msg: str, code: int = EXIT_USAGE) -> int:
    _say(f"error: {msg}")
    return code


def sweep_main(argv: list[str] | None = None) -> int:
    """``andrea-sweep SWEEP.toml`` (module docstring); returns the exit code."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from ..core.rundir.layout import SWEEP_SUFFIX
    from ..core.sweeps import (
        SweepError,
        SweepRunStatus,
        load_sweep,
        open_record,
        save_record,
        sweep_state,
    )

    try:  # a record in a runs folder (<name>.sweep.toml) is read as the window reads it: named as its file
        sweep = open_record(args.sweep) if args.sweep.name.endswith(SWEEP_SUFFIX) else load_sweep(args.sweep)
    except SweepError as exc:
        return _fail(str(exc))
    runs_dir = args.runs_dir if args.runs_dir is not None else args.sweep.parent
    if runs_dir.exists() and not runs_dir.is_dir():
        return _fail(f"--runs-dir {runs_dir} is a file, not a folder")
    states = sweep_state(sweep, runs_dir)
    if args.only is not None:
        states = [s for s in states if s.run.name == args.only]
        if not states:
            return _fail(f"--only: {args.only[:80]!r} is not a run of sweep {sweep.name!r}")
    if args.dry_run:
        for s in states:
            print(f"{s.run.name}\t{s.status}\t{s.steps}/{s.run.steps}\t{' '.join(s.run.overrides)}")  # noqa: T201
        return EXIT_OK
    foreign = [s for s in states if s.status is SweepRunStatus.FOREIGN]
    if foreign:
        return _fail(f"{foreign[0].path} holds something else than run {foreign[0].run.name} of this sweep "
                     f"({foreign[0].why}); move it aside or rename the sweep. Nothing was trained")
    try:
        if args.only is None:
            record = save_record(sweep, runs_dir)
            _say(f"sweep {sweep.name}: {_runs(len(states))} in {runs_dir} (record {record.name})")
    except SweepError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"{runs_dir}: cannot write the sweep's record ({exc.strerror or exc})", EXIT_ERROR)
    k, gpus = args.parallel, False
    if k == "auto" and args.only is None:
        from ..core.sweeps.runner import choose_parallel

        choice = choose_parallel(sweep.runs()[0].config)
        k, gpus = choice.k, choice.reason == "gpus"
        rates = ", ".join(f"{t}: {r:,.0f}" for t, r in choice.rates.items())
        _say(f"--parallel auto: {k} at a time ({choice.reason}{'; tokens/s by threads ' + rates if rates else ''}; "
             f"{choice.cores} cores)")
    if k != "auto" and k > 1 and args.only is None:
        return _parallel(args, sweep, runs_dir, k, gpus)
    return _in_turn(args, sweep, runs_dir, states)


def _in_turn(args, sweep, runs_dir: Path, states) -> int:
    """Train the runs one after another in this process; the first Ctrl+C stops the run in
    training at a step boundary and ends the sweep."""
    from ..core.training import TrainingControl

    control = TrainingControl()
    failed: list[str] = []
    try:
        with StopOnSignals(control) as stop:
            _train_each(args, sweep, runs_dir, states, control, stop.signals, failed)
    except KeyboardInterrupt:
        return _fail("interrupted; run the same command again to continue", EXIT_INTERRUPTED)
    return _summary(sweep, runs_dir, bool(stop.signals), len(failed), args.only)


def _train_each(args, sweep, runs_dir: Path, states, control, interrupts: list[int], failed: list[str]) -> None:
    """Train each run of ``states`` that is not settled, in turn, until a signal came
    (``interrupts``); the runs that could not start or were skipped go into ``failed``."""
    from ..core.sweeps import SETTLED, SweepRunStatus, sweep_state
    from ..core.sweeps.runner import TRAINABLE, train_sweep_run
    from ..core.terrain_jobs import with_terrain
    from ..core.training import START_ERRORS, StopReason
    from .train import auto_terrain, finish_terrain

    for i, planned in enumerate(states):
        if interrupts:
            return
        # where it stands now, not when the sweep began: another process may have trained it
        state = next(s for s in sweep_state(sweep, runs_dir) if s.run.name == planned.run.name)
        where = f"[{i + 1}/{len(states)}] {state.run.name}"
        if state.status in SETTLED:
            if not args.quiet:
                _say(f"{where}: {state.status} ({state.steps} steps)")
            continue
        if state.status not in TRAINABLE:
            _say(f"{where}: skipped, {state.status}{' (' + state.why + ')' if state.why else ''}")
            failed.append(state.run.name)
            continue
        _say(f"{where}: " + ("resuming" if state.status is SweepRunStatus.PARTIAL else "new run")
             + f", to step {state.run.steps}")
        progress = PrepareProgress(args.quiet, control)
        bars: list[TrainProgress] = []
        terrains: list = []

        def observe(trainer, bars=bars, terrains=terrains, state=state):
            if trainer.last_checkpoint is not None:
                _say(f"resuming {state.run.name} from step {trainer.last_checkpoint.step}")
            bars.append(TrainProgress(trainer.step, state.run.steps, args.quiet))
            terrains.append(auto_terrain(trainer))  # terrain.interval's jobs, as andrea-train runs them
            return with_terrain(bars[0], terrains[0])

        def finish(reason, terrains=terrains):
            if terrains[0] is not None and reason in (StopReason.MAX_STEPS, StopReason.FINISHED):
                finish_terrain(terrains[0], control, args.quiet)

        try:
            reason = train_sweep_run(state, control, progress, observe, finish)
        except START_ERRORS as exc:
            _say(f"{where}: cannot start: {exc}")
            failed.append(state.run.name)
            continue
        except PrepareInterrupted:
            return
        finally:
            progress.close()
            for bar in bars:
                bar.close()
            for terrain in terrains:
                if terrain is not None:
                    terrain.close()
        _say(f"{where}: stopped at step {_last_step(runs_dir / state.run.name)}: {reason}")


def _runs(n: int) -> str:
    return f"{n} run" if n == 1 else f"{n} runs"


def _last_step(run_dir: Path) -> int:
    """The run's last trained step (0 when none)."""
    from ..core.rundir.layout import METRICS_DB
    from ..core.rundir.reader import last_trained_step

    return last_trained_step(run_dir / METRICS_DB)


def _summary(sweep, runs_dir: Path, stopped: bool, failed: int, only: str | None = None) -> int:
    """Say how many runs are done (of the sweep, or of the one run ``only``); the exit code."""
    from ..core.sweeps import SweepRunStatus, sweep_state

    states = [s for s in sweep_state(sweep, runs_dir) if only is None or s.run.name == only]
    done = sum(s.status is SweepRunStatus.DONE for s in states)
    diverged = sum(s.status is SweepRunStatus.DIVERGED for s in states)
    text = f"sweep {sweep.name}: {done} of {_runs(len(states))} done" if only is None else f"{only}: {states[0].status}"
    if diverged:
        text += f", {diverged} diverged (an anomaly stopped them)"
    left = len(states) - done - diverged
    if left and only is None:
        text += f"; {left} left" + (" (stopped: run the same command again to continue)" if stopped else "")
    _say(text)
    if stopped:
        return EXIT_OK
    if failed or left:
        return EXIT_ERROR
    return EXIT_DIVERGED if diverged else EXIT_OK


def _parallel(args, sweep, runs_dir: Path, k: int, gpus: bool) -> int:
    """Train ``k`` runs at a time, each in a child process (``--only RUN``) on its own share of
    this process's cores (a thread trial in each then measures within that share), and with
    ``gpus`` on its own GPU (``CUDA_VISIBLE_DEVICES``)."""
    from ..core.sweeps import SETTLED, sweep_state

    try:
        cores = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not Linux: the children share every core
        cores = []
    shares = [cores[i::k] for i in range(k)] if len(cores) >= k else [cores] * k
    todo = [s for s in sweep_state(sweep, runs_dir) if s.status not in SETTLED]
    running: dict[int, subprocess.Popen] = {}  # share -> child
    stopping: list[int] = []
    failed = 0

    def _on_signal(signum, frame):  # noqa: ARG001
        stopping.append(signum)
        for child in running.values():  # each stops at its next step boundary, with a checkpoint
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    old = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        while todo or running:
            for share, child in list(running.items()):
                if child.poll() is not None:
                    failed += child.returncode not in (EXIT_OK, EXIT_DIVERGED)
                    del running[share]
            while todo and not stopping and len(running) < k:
                state = todo.pop(0)
                share = next(i for i in range(k) if i not in running)
                # --only=NAME and the path after "--": a name or path that starts with "-" is no option
                cmd = [sys.executable, "-m", "andrea_desktop.cli.sweep", f"--runs-dir={runs_dir}",
                       f"--only={state.run.name}", "-q", "--", str(Path(args.sweep).absolute())]
                preexec = (lambda c=shares[share]: os.sched_setaffinity(0, c)) if shares[share] else None
                _say(f"{state.run.name}: started (cores {shares[share] or 'all'})")
                # a process group of its own: a Ctrl+C in the terminal reaches this process only,
                # which stops each child once (a second signal would interrupt it at once)
                env = {**os.environ, "CUDA_VISIBLE_DEVICES": str(share)} if gpus else None
                running[share] = subprocess.Popen(cmd, preexec_fn=preexec, process_group=0,  # noqa: S603, PLW1509
                                                  env=env)
            if stopping and not running:
                break
            time.sleep(0.2)
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    return _summary(sweep, runs_dir, bool(stopping), failed)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(sweep_main())
