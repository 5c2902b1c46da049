"""Starting a run on the remote machine (``andrea-follow --launch RUN_DIR``): ``andrea-train``
(under ``torchrun`` for several GPUs) in a session of its own, detached from the SSH link, so it
trains on when the laptop sleeps or the link drops; the window then follows it as any remote run.

What the remote needs is checked first, with a message that says what to do: the run folder must
be new (or empty), ``torchrun`` must be on the ``PATH`` for more than one process. The trainer's
output goes to a log file in the remote's user log folder (named in the answer).
"""

from __future__ import annotations

import datetime as _dt
import shutil
import subprocess
import sys
import time
from pathlib import Path

import platformdirs

from ..rundir.layout import is_run_dir, trainer_alive

__all__ = ["launch", "train_command", "LaunchError", "MAX_NPROC", "START_TIMEOUT_S"]

MAX_NPROC = 64
"""Most processes (GPUs) one launch starts."""
START_TIMEOUT_S = 120.0
"""How long the launcher waits for the trainer to take the run's lock."""


class LaunchError(RuntimeError):
    """The run cannot be started there (the message says why and what to do)."""


def train_command(run_dir: Path, preset: str, max_steps: int | None, nproc: int) -> list[str]:
    """The trainer's command line: this interpreter's ``andrea-train``, under ``torchrun
    --standalone --nproc_per_node=N`` when ``nproc`` > 1 (the DDP path of
    docs/user-guide.md#training-on-a-gpu-box)."""
    args = ["--preset", preset, "--run-dir", str(run_dir), "-q"]
    if max_steps is not None:
        args += ["--max-steps", str(max_steps)]
    if nproc > 1:
        return ["torchrun", "--standalone", f"--nproc_per_node={nproc}", "-m", "andrea_desktop.cli.train", *args]
    return [sys.executable, "-m", "andrea_desktop.cli.train", *args]


def launch(run_dir: str | Path, preset: str, max_steps: int | None = None, nproc: int = 1,
           timeout: float = START_TIMEOUT_S) -> dict:
    """Start training a new run in ``run_dir`` here, detached; returns ``{"pid", "log"}`` once
    its trainer holds the run's lock and has written its ``config.toml`` (the run can be followed).

    Raises
    ------
    LaunchError
        The folder holds a run or other files, ``nproc`` is out of 1..:data:`MAX_NPROC`,
        ``torchrun`` is missing for ``nproc`` > 1, or the trainer ended before it started
        (the end of its log says why).
    """
    from ..config import PRESETS

    run_dir = Path(run_dir).expanduser()
    if preset not in PRESETS:
        raise LaunchError(f"unknown preset {preset[:40]!r}; one of {', '.join(PRESETS)}")
    if not 1 <= nproc <= MAX_NPROC:
        raise LaunchError(f"{nproc} processes: between 1 and {MAX_NPROC}")
    if is_run_dir(run_dir) or (run_dir.exists() and (not run_dir.is_dir() or any(run_dir.iterdir()))):
        raise LaunchError(f"{run_dir} already holds a run or other files: choose a new folder (or open that run)")
    if nproc > 1 and shutil.which("torchrun") is None:
        raise LaunchError("torchrun is not on the PATH here: install PyTorch with its launcher (pip install torch), "
                          "or train on one process")
    logs = Path(platformdirs.user_log_dir("andrea-desktop", "andrea"))
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"{run_dir.name}-{_dt.datetime.now():%Y%m%d-%H%M%S}.log"
    with open(log, "ab") as out:
        proc = subprocess.Popen(train_command(run_dir, preset, max_steps, nproc), stdin=subprocess.DEVNULL,
                                stdout=out, stderr=out, start_new_session=True, cwd=str(Path.home()))
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if trainer_alive(run_dir) and is_run_dir(run_dir):  # its lock taken and its settings written
            return {"pid": proc.pid, "log": str(log)}
        if proc.poll() is not None:
            tail = log.read_bytes()[-1500:].decode("utf-8", "replace").strip()
            raise LaunchError(f"the trainer ended (exit status {proc.returncode}) before it started: {tail}")
        time.sleep(0.2)
    raise LaunchError(f"the trainer did not take the run's lock within {timeout:.0f} s; its log: {log}")
