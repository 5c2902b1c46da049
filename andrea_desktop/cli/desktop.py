"""``andrea-desktop [RUN_DIR | ssh://[user@]host[:port]/path/to/run] [--preset NAME] [--autostart]
[--max-steps N] [--source NAME=PATH[,PATH...]] [--init-from PATH]``: the GUI."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from .args import source_arg, steps_arg, with_sources

__all__ = ["desktop_main"]


def _run_arg(text: str) -> Path | str:
    """A run folder, or an ``ssh://`` address (checked here: a bad one is an argument error)."""
    from ..core.remote.ssh import URL_SCHEME, parse_ssh_url

    if text.startswith(URL_SCHEME):
        try:
            parse_ssh_url(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text
    return Path(text)


def _desktop_parser() -> argparse.ArgumentParser:
    from ..core.config import PRESETS

    p = argparse.ArgumentParser(prog="andrea-desktop", description="ANDREA Desktop: watch a GPT learn, live.")
    p.add_argument("run_dir", nargs="?", type=_run_arg,
                   help="run directory to open or create, or ssh://[user@]host[:port]/path of a run on another "
                        "machine (followed live over SSH)")
    p.add_argument("--preset", choices=PRESETS, default=None, help="preset of a new run (default andrea-tiny)")
    p.add_argument("--autostart", action="store_true", help="start training at once")
    p.add_argument("--max-steps", type=steps_arg, default=None, help="global step to stop at")
    p.add_argument("--source", type=source_arg, action="append", default=[], metavar="NAME=PATH[,PATH...]",
                   help="add a data source of .txt / .jsonl files or folders to a new run (repeatable)")
    p.add_argument("--init-from", type=Path, metavar="PATH",
                   help="a new run starts from a local Hugging Face GPT-2 folder (shape, tokenizer, weights)")
    return p


def desktop_main(argv: list[str] | None = None) -> int:
    """``andrea-desktop [RUN_DIR] [--preset NAME] [--autostart] [--max-steps N]``."""
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen build: the terrain worker is a spawned child of it
    # Until the window installs its handlers (after the imports, ~2 s), a SIGTERM or Ctrl+C
    # ends the start-up quietly: nothing has been created yet.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))
    args = _desktop_parser().parse_args(argv)
    from ..core.config import load_preset
    from ..gui.app import run_app

    config = with_sources(load_preset(args.preset or "andrea-tiny"), args.source) if args.source else None
    if args.init_from is not None:  # model.init_from of the new run (core/hf/init_from.py)
        from ..core.hf.init_from import with_init_from

        config = with_init_from(config or load_preset(args.preset or "andrea-tiny"), args.init_from)
    if (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        msg = ("andrea-desktop: error: no display (DISPLAY and WAYLAND_DISPLAY are unset). Run it in a "
               "desktop session, or without a screen with QT_QPA_PLATFORM=offscreen")
        print(msg, file=sys.stderr)  # noqa: T201
        return 2
    remote = args.run_dir if isinstance(args.run_dir, str) else None
    return run_app(None if remote else args.run_dir, preset=args.preset, autostart=args.autostart and not remote,
                   max_steps=args.max_steps, config=config, remote=remote)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(desktop_main())
