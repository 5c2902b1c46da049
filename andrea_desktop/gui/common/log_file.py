"""The app's log: the terminal and a rotating log file in the user log directory.

The window's Help → Open Log and the application's start-up both import this module (and not
each other): :func:`setup_logging` opens the file, :data:`LOG_PROBLEM` says why there is none.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

import platformdirs

__all__ = ["LOG_PROBLEM", "FILE_FORMAT", "RunTag", "log_file", "set_log_run", "setup_logging"]

log = logging.getLogger(__name__)

LOG_PROBLEM: str | None = None
"""Why there is no log file this session (set by :func:`setup_logging`), or None."""


FILE_FORMAT = "%(asctime)s [%(process)d %(run)s] %(levelname)s %(name)s: %(message)s"
"""A line of the log file: every instance of the app writes to the same file, so each line
names its process id and the run its window shows."""


class RunTag(logging.Filter):
    """Puts the run the window shows on every record as ``record.run`` ("-" before there is one);
    :func:`set_log_run` changes it."""

    run = "-"

    def filter(self, record: logging.LogRecord) -> bool:
        record.run = RunTag.run
        return True


def set_log_run(run_dir: Path | str | None) -> None:
    """Name the run on the log file's lines from now on (its folder's name; None: "-")."""
    name = Path(run_dir).name if run_dir is not None else ""
    RunTag.run = name.replace("\n", " ")[:80] or "-"


def log_file() -> Path:
    """The app's log file in the user log directory (platformdirs), e.g.
    ``~/.local/state/andrea-desktop/log/andrea-desktop.log`` on Linux."""
    return Path(platformdirs.user_log_dir("andrea-desktop")) / "andrea-desktop.log"


class _LogFile(logging.handlers.RotatingFileHandler):
    """The log file; a write that fails (disk full) says so once, then the file is dropped and
    the terminal keeps the log."""

    def handleError(self, record) -> None:  # noqa: N802 -- logging's API
        global LOG_PROBLEM
        LOG_PROBLEM = f"writing {self.baseFilename} failed ({sys.exc_info()[1]}); the log goes to the terminal only"
        logging.getLogger().removeHandler(self)
        print(f"andrea-desktop: {LOG_PROBLEM}", file=sys.stderr)  # noqa: T201
        try:
            self.close()
        except OSError:
            pass


def setup_logging() -> Path | None:
    """Log to the terminal and to :func:`log_file` (rotated at 1 MB, 3 kept); returns the file,
    or None when its folder cannot be written (the terminal still gets everything; the reason is
    :data:`LOG_PROBLEM`). Uncaught exceptions are logged too."""
    global LOG_PROBLEM
    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    logging.basicConfig(level=logging.INFO, format=fmt)
    sys.excepthook = lambda *exc: log.critical("uncaught exception", exc_info=exc)
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _LogFile(path, maxBytes=1 << 20, backupCount=3, encoding="utf-8")
    except OSError as exc:
        LOG_PROBLEM = f"cannot create {path} ({exc.strerror or exc}); the log goes to the terminal only"
        log.warning("no log file: %s", LOG_PROBLEM)
        return None
    handler.setFormatter(logging.Formatter(FILE_FORMAT))
    handler.addFilter(RunTag())
    logging.getLogger().addHandler(handler)
    return path
