"""Start Xvfb on a free display, so that several runs, or another session's Xvfb, never collide on
a fixed ``:99``."""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path


def _free(n: int) -> bool:
    return not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists()


def start_xvfb(size: str = "1600x1000x24", first: int = 90, timeout: float = 15.0) -> tuple[subprocess.Popen, str]:
    """An Xvfb server on the first free display from ``:first`` and its name (``":N"``), once it
    accepts connections (its socket exists).

    Raises
    ------
    RuntimeError
        No display could be started (the last server's message is included).
    """
    err = ""
    for n in (n for n in range(first, first + 100) if _free(n)):
        log = tempfile.TemporaryFile()  # not a pipe: a full pipe would block the server
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", size, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and proc.poll() is None:
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                time.sleep(0.2)
                if proc.poll() is None:
                    proc.log = log  # the server's messages, for a failure report
                    return proc, f":{n}"
            time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        log.seek(0)
        err = log.read().decode(errors="replace")[-500:].strip()
    raise RuntimeError(f"Xvfb did not start: {err or 'no free display'}")
