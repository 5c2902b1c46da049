"""Command-line entry points: ``andrea-desktop`` (the GUI) and ``andrea-train`` (headless).

Both drive the same :class:`andrea_desktop.core.trainer.Trainer` (DESIGN §3, §4).

Exit codes of ``andrea-train``: 0 the run reached its step limit or was stopped by a signal at
a step boundary; 1 an error of the system (disk full, unwritable folder); 2 bad arguments,
configuration or data (a message says what to do); 3 an anomaly stopped the run (it is recorded
as an ``anomaly`` event); 130 interrupted while preparing, or by a second Ctrl+C.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path

__all__ = ["train_main", "desktop_main"]

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_ANOMALY, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class _Interrupted(Exception):
    """Ctrl+C / SIGTERM during the preparation of a run."""


def _seed(text: str) -> int:
    from .core.config import MAX_SEED

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is outside 0 .. 2^63-1")
    return value


def _source(text: str):
    """``NAME=PATH[,PATH...]`` for a user data source."""
    from .core.config import ConfigError, SourceSpec

    name, sep, paths = text.partition("=")
    if not sep or not name.strip() or not paths.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: expected NAME=PATH[,PATH...]")
    try:
        return SourceSpec(name.strip(), [p for p in paths.split(",") if p])
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _with_sources(config, sources):
    """``config`` with user sources added (``--source``)."""
    import dataclasses

    if not sources:
        return config
    return config.replace(data=dataclasses.replace(config.data, sources=[*config.data.sources, *sources]))


def _train_parser() -> argparse.ArgumentParser:
    from .core.config import PRESETS

    p = argparse.ArgumentParser(
        prog="andrea-train",
        description="Train an ANDREA model headless, logging to a run directory.",
    )
    p.add_argument("--run-dir", required=True, type=Path, help="run directory (new or existing)")
    p.add_argument("--preset", choices=PRESETS, help="preset of a new run (default andrea-tiny)")
    p.add_argument("--seed", type=_seed, help="seed of a new run, 0 .. 2^63-1 (default: the preset's)")
    p.add_argument("--max-steps", type=int, help="global step to stop at (default: schedule.total_steps)")
    p.add_argument("--resume", action="store_true", help="continue the run in --run-dir")
    p.add_argument("--source", type=_source, action="append", default=[], metavar="NAME=PATH[,PATH...]",
                   help="add a data source of .txt / .jsonl files or folders to a new run (repeatable)")
    p.add_argument("--init-from", type=Path, metavar="PATH", help="start a new run from a local Hugging Face GPT-2 "
                   "folder (config.json, model.safetensors, tokenizer.json): its shape, tokenizer and weights")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    return p


class _TerminalProgress:
    """tqdm progress bars for preparation and training (stderr)."""

    def __init__(self, quiet: bool, control) -> None:
        self.quiet = quiet
        self.control = control
        self._bar = None
        self._stage = None

    def prepare(self, stage: str, done: int, total: int) -> None:
        if self.control.stop_reason is not None:
            raise _Interrupted()
        if self.quiet:
            return
        from tqdm import tqdm

        if stage != self._stage:
            self.close()
            self._stage = stage
            self._bar = tqdm(total=total or None, desc=stage, leave=False, unit="it")
        if total and self._bar is not None:
            self._bar.total = total
            self._bar.n = done
            self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
            self._stage = None


class _TrainObserver:
    """Prints training progress: a tqdm bar with loss, and one line per evaluation."""

    def __init__(self, start: int, limit: int, quiet: bool) -> None:
        from tqdm import tqdm

        self.quiet = quiet
        self.bar = None if quiet else tqdm(total=limit, initial=start, desc="train", unit="step")

    def on_step(self, rec) -> None:
        if self.bar is not None:
            self.bar.update(rec.step - self.bar.n)
            if rec.step % 10 == 0:
                self.bar.set_postfix(loss=f"{rec.loss:.3f}", lr=f"{rec.lr:.2e}",
                                     tok_s=f"{rec.tokens_per_s:,.0f}", refresh=False)

    def on_eval(self, step: int, losses: dict[str, float]) -> None:
        text = " ".join(f"{k}={v:.3f}" for k, v in losses.items())
        self._write(f"step {step}: val {text}")

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        if kind in ("anomaly", "lr_warmup_end", "curriculum_warmup_end", "pivot"):
            self._write(f"step {step}: {kind} {payload}")

    def on_state(self, state: str) -> None:
        pass

    def _write(self, line: str) -> None:
        if self.bar is not None:
            self.bar.write(line)
        else:
            print(line, flush=True)  # noqa: T201 -- the headless command's output

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _fail(msg: str, code: int = EXIT_USAGE) -> int:
    print(f"andrea-train: error: {msg}", file=sys.stderr)  # noqa: T201
    return code


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
    args = _train_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        from .core.distributed import init_from_env  # imports torch: a few seconds
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
    from .core.config import ConfigError
    from .core.data import DataError
    from .core.store import StoreError
    from .core.trainer import RunError, Trainer, TrainingControl, prepare_run

    for sig in (signal.SIGINT, signal.SIGTERM):  # rank 0 takes Ctrl+C and stops every rank
        signal.signal(sig, lambda *_: None)
    if not dist.broadcast_floats(None, 1)[0]:
        return EXIT_USAGE  # rank 0 said why
    try:
        trainer = Trainer(prepare_run(args.run_dir), dist=dist)
    except (ConfigError, DataError, RunError, StoreError, OSError) as exc:
        return _fail(f"rank {dist.rank}: {exc}", EXIT_ERROR)
    try:
        if args.resume:
            trainer.resume()
        limit = args.max_steps if args.max_steps is not None else None
        trainer.run(limit, TrainingControl())
        announce.trained = True
    finally:
        trainer.close()
    return EXIT_OK


def _train(args, dist, announce: _Announcer) -> int:
    import dataclasses

    from .core.config import ConfigError, load_config, load_preset
    from .core.corpus import CorpusError
    from .core.data import DataError
    from .core.hf_import import with_init_from
    from .core.simplex import ConstraintError
    from .core.store import StoreError
    from .core.trainer import (
        RunError,
        StopReason,
        Trainer,
        TrainingControl,
        check_batch_split,
        is_run_dir,
        prepare_run,
    )

    run_dir: Path = args.run_dir
    exists = is_run_dir(run_dir)
    if exists and not args.resume:
        return _fail(f"{run_dir} already holds a run; pass --resume to continue it, or choose another --run-dir")
    if args.resume and not exists:
        return _fail(f"{run_dir} holds no run to resume (no config.toml); leave out --resume to create one")
    if args.resume and args.seed is not None:
        return _fail("--seed applies to a new run only; a resumed run keeps its seed")
    if args.resume and args.source:
        return _fail("--source applies to a new run only; a resumed run keeps its data")
    if args.resume and args.init_from:
        return _fail("--init-from applies to a new run only; a resumed run continues from its checkpoints")
    if args.max_steps is not None and args.max_steps < 0:
        return _fail("--max-steps must be >= 0")

    control = TrainingControl()
    interrupts = []

    def _on_signal(signum, frame):  # noqa: ARG001
        interrupts.append(signum)
        if len(interrupts) > 1:  # a second Ctrl+C does not wait for the step boundary
            raise KeyboardInterrupt
        control.stop(StopReason.USER)

    old = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    progress = _TerminalProgress(args.quiet, control)
    prepared = trainer = resumed = None
    try:
        config = None
        if not exists:
            config = load_preset(args.preset or "andrea-tiny")
            if args.seed is not None:
                config = config.replace(run=dataclasses.replace(config.run, seed=args.seed))
            config = with_init_from(_with_sources(config, args.source), args.init_from)
        if dist is not None:  # before anything is made: a batch the ranks cannot split is refused
            check_batch_split(config if config is not None else load_config(run_dir / "config.toml"),
                              dist.world_size)
        prepared = prepare_run(run_dir, preset=args.preset, config=config, progress=progress.prepare)
        announce(True)  # the run is on disk: the other ranks open it (DDP's set-up needs them all)
        trainer = Trainer(prepared, dist=dist)
        resumed = trainer.resume() if args.resume else None
    except (ConfigError, CorpusError, DataError, RunError, ConstraintError, StoreError) as exc:
        if trainer is not None:
            trainer.close()
            trainer = None
        if prepared is not None:
            prepared.discard()
        return _fail(str(exc))
    except (_Interrupted, KeyboardInterrupt):
        if prepared is not None:
            prepared.discard()
        return _fail("interrupted while preparing the run; nothing was trained", EXIT_INTERRUPTED)
    except OSError as exc:
        if prepared is not None:
            prepared.discard()
        return _fail(f"{exc.filename or ''}: {exc.strerror or exc}", EXIT_ERROR)
    finally:
        progress.close()
        if trainer is None:
            for sig, handler in old.items():
                signal.signal(sig, handler)
    for message in trainer.resume_messages:  # a damaged newest checkpoint was skipped
        print(f"andrea-train: warning: {message}", file=sys.stderr)  # noqa: T201
    if args.resume and resumed is None:
        # Without a checkpoint there is no state to continue from: the run restarts at step 0
        # and its history is replaced (DESIGN §4).
        print(f"andrea-train: no checkpoint in {run_dir}: training restarts from step 0",  # noqa: T201
              file=sys.stderr)
    elif resumed is not None and not args.quiet:
        print(f"andrea-train: resuming from {resumed.path.name} (step {resumed.step})", file=sys.stderr)  # noqa: T201

    cfg = prepared.config
    limit = min(args.max_steps, cfg.schedule.total_steps) if args.max_steps is not None else cfg.schedule.total_steps
    if not args.quiet:
        print(  # noqa: T201
            f"run {run_dir}: preset {cfg.run.preset}, {trainer.model.num_params() / 1e6:.2f}M parameters, "
            f"device {trainer.device}, {__import__('torch').get_num_threads()} threads"
            + (f" x {dist.world_size} ranks ({dist.backend})" if dist is not None else "")
            + f", steps {trainer.step} -> {limit}",
            file=sys.stderr,
        )
    observer = _TrainObserver(trainer.step, limit, args.quiet)
    try:
        reason = trainer.run(limit, control, observer, on_anomaly="stop")
        announce.trained = True
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
        try:
            trainer.close()
        except StoreError as exc:
            print(f"andrea-train: error: {exc}", file=sys.stderr)  # noqa: T201
        for sig, handler in old.items():
            signal.signal(sig, handler)
    print(f"stopped at step {trainer.step}: {reason}", flush=True)  # noqa: T201
    if trainer.checkpoint_failed:
        return _fail(f"the last checkpoint (step {trainer.step}) could not be written; see the 'anomaly' "
                     "events. Free disk space or fix the folder's permissions, then resume", EXIT_ERROR)
    if reason == StopReason.ANOMALY:
        return _fail(
            f"an anomaly (non-finite loss or gradient) stopped the run before step {trainer.step + 1}; "
            "see the 'anomaly' event in metrics.sqlite",
            EXIT_ANOMALY,
        )
    return EXIT_OK


def _desktop_parser() -> argparse.ArgumentParser:
    from .core.config import PRESETS

    p = argparse.ArgumentParser(prog="andrea-desktop", description="ANDREA Desktop: watch a GPT learn, live.")
    p.add_argument("run_dir", nargs="?", type=Path, help="run directory to open or create")
    p.add_argument("--preset", choices=PRESETS, default=None, help="preset of a new run (default andrea-tiny)")
    p.add_argument("--autostart", action="store_true", help="start training at once")
    p.add_argument("--max-steps", type=int, default=None, help="global step to stop at")
    p.add_argument("--source", type=_source, action="append", default=[], metavar="NAME=PATH[,PATH...]",
                   help="add a data source of .txt / .jsonl files or folders to a new run (repeatable)")
    p.add_argument("--init-from", type=Path, metavar="PATH",
                   help="a new run starts from a local Hugging Face GPT-2 folder (shape, tokenizer, weights)")
    return p


def desktop_main(argv: list[str] | None = None) -> int:
    """``andrea-desktop [RUN_DIR] [--preset NAME] [--autostart] [--max-steps N]``."""
    # Until the window installs its handlers (after the imports, ~2 s), a SIGTERM or Ctrl+C
    # ends the start-up quietly: nothing has been created yet.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))
    args = _desktop_parser().parse_args(argv)
    from .core.config import load_preset
    from .gui.app import run_app

    config = _with_sources(load_preset(args.preset or "andrea-tiny"), args.source) if args.source else None
    if args.init_from is not None:  # model.init_from of the new run (core/hf_import.py)
        from .core.hf_import import with_init_from

        config = with_init_from(config or load_preset(args.preset or "andrea-tiny"), args.init_from)
    if (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        msg = ("andrea-desktop: error: no display (DISPLAY and WAYLAND_DISPLAY are unset). Run it in a "
               "desktop session, or without a screen with QT_QPA_PLATFORM=offscreen")
        print(msg, file=sys.stderr)  # noqa: T201
        return 2
    return run_app(args.run_dir, preset=args.preset, autostart=args.autostart, max_steps=args.max_steps,
                   config=config)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(train_main())
