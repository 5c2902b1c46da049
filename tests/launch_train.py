"""``andrea-train`` with a test's instruments patched in, in this process (the package keeps no hook).

Tests that need to watch or slow down a training process that runs in another interpreter (a
process they kill, or the ranks ``torchrun`` starts, which no monkeypatching of the test's own
process reaches) start this script instead of ``andrea-train``::

    python tests/launch_train.py [--rows-log PREFIX] [--checkpoint-stall SECONDS] -- ARGS...
    python -m torch.distributed.run ... tests/launch_train.py --rows-log PREFIX -- ARGS...

``--rows-log PREFIX``
    Each process appends, per step, the global batch rows it trains, their source and offset
    as the sampler drew them, and the mixture weights, to ``PREFIX-<rank>.jsonl`` (one JSON
    object per line: ``step``, ``rows``, ``sources``, ``offsets``, ``weights``).
``--checkpoint-stall SECONDS``
    Every checkpoint write sleeps SECONDS once its files are written into ``checkpoints/.tmp-*``,
    just before that folder is renamed into place (so a test can kill the process in the middle
    of a write).

Then ``andrea-train ARGS...`` runs (:func:`andrea_desktop.cli.train.train_main`) and its exit
status is this script's. A patch that no longer finds what it wraps fails loudly, naming it.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import time
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="launch_train.py", description=__doc__.splitlines()[0])
    p.add_argument("--rows-log", metavar="PREFIX", help="append each step's rows to PREFIX-<rank>.jsonl")
    p.add_argument("--checkpoint-stall", metavar="SECONDS", type=float,
                   help="sleep inside each checkpoint write, before the rename into place")
    p.add_argument("train_args", nargs=argparse.REMAINDER, help="-- then andrea-train's arguments")
    return p


def log_rows(prefix: str) -> None:
    """Patch :meth:`StepRunner.batch` to append what it draws to ``<prefix>-<rank>.jsonl``."""
    from andrea_desktop.core.training import step as step_module

    runner = step_module.StepRunner
    for owner, name in ((step_module, "sample_rows"), (runner, "batch"), (runner, "local_rows")):
        if not callable(getattr(owner, name, None)):
            raise SystemExit(f"launch_train.py: {owner.__name__}.{name} is gone; --rows-log cannot watch the batch")
    drawn: list[tuple] = []
    sample_rows, batch = step_module.sample_rows, runner.batch

    signature = inspect.signature(sample_rows)

    def recording_sample_rows(*args, **kwargs):
        sources, offsets = sample_rows(*args, **kwargs)
        given = signature.bind(*args, **kwargs).arguments
        drawn.append((given["step"], sources, offsets, given["weights"]))
        return sources, offsets

    def logging_batch(self, step, weights):
        drawn.clear()
        out = batch(self, step, weights)
        if len(drawn) != 1 or drawn[0][0] != step:
            raise RuntimeError(f"launch_train.py: StepRunner.batch({step}) drew {len(drawn)} times through "
                               "step.sample_rows (expected once, for its step); --rows-log cannot say its rows")
        _, sources, offsets, drawn_weights = drawn[0]
        rows = self.local_rows()
        rank = self.dist.rank if self.dist else 0
        with open(f"{prefix}-{rank}.jsonl", "a") as fh:
            fh.write(json.dumps({"step": int(step), "rows": rows.tolist(), "sources": sources[rows].tolist(),
                                 "offsets": offsets[rows].tolist(),
                                 "weights": [float(w) for w in drawn_weights]}) + "\n")
        return out

    step_module.sample_rows = recording_sample_rows
    runner.batch = logging_batch


def stall_checkpoint_writes(seconds: float) -> None:
    """Patch the renames (``Path.rename``, ``Path.replace``, ``os.rename``, ``os.replace``) to
    sleep ``seconds`` before a written ``checkpoints/.tmp-<step>-*`` folder (its ``state.json``
    there) becomes a checkpoint ``checkpoints/step-*``; once per folder."""
    from andrea_desktop.core.rundir.layout import CHECKPOINT_PREFIX, CHECKPOINTS_DIR, STATE_JSON

    stalled: set[str] = set()  # Path.rename calls os.rename on Python 3.11+: one sleep, not two

    def stalling(real):
        def rename(src, dst, *args, **kwargs):
            s, d = Path(os.fsdecode(src)), Path(os.fsdecode(dst))
            if (s.parent.name == CHECKPOINTS_DIR and s.name.startswith(".tmp-") and s.name[5:6].isdigit()
                    and d.name.startswith(CHECKPOINT_PREFIX) and (s / STATE_JSON).is_file()
                    and str(s) not in stalled):
                stalled.add(str(s))
                time.sleep(seconds)
            return real(src, dst, *args, **kwargs)

        return rename

    os.rename, os.replace = stalling(os.rename), stalling(os.replace)
    Path.rename, Path.replace = stalling(Path.rename), stalling(Path.replace)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    train_args = args.train_args[1:] if args.train_args[:1] == ["--"] else args.train_args
    if args.rows_log:
        log_rows(args.rows_log)
    if args.checkpoint_stall:
        stall_checkpoint_writes(args.checkpoint_stall)
    from andrea_desktop.cli.train import train_main

    return train_main(train_args)


def forked_main(argv: list[str], env: dict[str, str], cwd: str, out: str, err: str, code: str | None = None,
                new_session: bool = False) -> None:
    """:func:`main` (``code`` None) or ``python -c CODE ARGV...`` in a child of the tests' fork
    server (``conftest.ForkedProcess``): the environment and working folder the test gives,
    stdout and stderr into the files ``out`` and ``err``; the exit status is the program's (an
    uncaught exception: 1, its traceback in ``err``). ``new_session``: in a session and process
    group of its own, with no resource tracker yet (the first process it starts through
    :mod:`multiprocessing` starts one, in its group, as in a new interpreter)."""
    if new_session:
        from multiprocessing import resource_tracker

        os.setsid()
        tracker = resource_tracker._resource_tracker  # the test process's, inherited from the fork server
        if tracker._fd is not None:
            os.close(tracker._fd)
        tracker._fd = tracker._pid = None
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    for fd, path in ((1, out), (2, err)):
        f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(f, fd)
        os.close(f)
    try:
        if code is None:
            status = main(argv)
        else:
            sys.argv = ["-c", *argv]
            exec(compile(code, "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})  # noqa: S102 -- the test's own program
            status = 0
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    sys.exit(status)


if __name__ == "__main__":
    sys.exit(main())
