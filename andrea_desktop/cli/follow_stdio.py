"""``andrea-follow --stdio RUN_DIR`` | ``--list RUNS_DIR`` | ``--launch RUN_DIR [--preset P]
[--max-steps N] [--nproc K]``: the remote end of a run
followed over SSH (docs/design.md#runs-on-another-machine). It speaks framed JSON on stdin and
stdout (:mod:`andrea_desktop.core.remote.protocol`); a person never needs to run it by hand."""

from __future__ import annotations

import argparse
import logging
import math
import sys
from pathlib import Path

__all__ = ["follow_main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="andrea-follow",
                                description="Stream a run folder to an ANDREA window over stdin/stdout (SSH).")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--stdio", type=Path, metavar="RUN_DIR", help="stream this run folder as frames on stdout")
    g.add_argument("--list", type=Path, metavar="RUNS_DIR", help="list the run folders in RUNS_DIR (one frame)")
    g.add_argument("--launch", type=Path, metavar="RUN_DIR",
                   help="start training a new run in RUN_DIR, detached (one frame: launched, or why not)")
    p.add_argument("--preset", default="andrea-tiny", help="with --launch: the new run's preset")
    p.add_argument("--max-steps", type=int, default=None, help="with --launch: the global step to stop at")
    p.add_argument("--nproc", type=int, default=1, help="with --launch: processes (GPUs) under torchrun")
    p.add_argument("--interval", type=float, default=0.2, help=argparse.SUPPRESS)
    return p


def follow_main(argv: list[str] | None = None) -> int:
    """The entry point; returns the exit status (2: not a run folder)."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="andrea-follow: %(message)s")
    from ..core.remote.protocol import MAGIC, VERSION, write_frame
    from ..core.remote.serve import list_runs, serve

    out = sys.stdout.buffer
    if args.launch is not None:
        from ..core.remote.launch import LaunchError, launch

        out.write(MAGIC + str(VERSION).encode() + b"\n")
        try:
            started = launch(args.launch, args.preset, args.max_steps, args.nproc)
        except (LaunchError, OSError) as exc:
            write_frame(out, {"t": "error", "message": str(exc)[:4000]})
            return 2
        write_frame(out, {"t": "launched", **started})
        return 0
    if args.list is not None:
        out.write(MAGIC + str(VERSION).encode() + b"\n")
        write_frame(out, {"t": "runs", "folder": str(args.list), "runs": list_runs(args.list)})
        return 0
    interval = args.interval if math.isfinite(args.interval) else 0.2  # nan would never poll
    return serve(args.stdio, sys.stdin.buffer, out, interval=min(max(interval, 0.02), 5.0))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(follow_main())
