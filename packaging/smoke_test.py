"""Smoke test of the packaged app: start dist/andrea-desktop/andrea-desktop with --autostart on a
new demo run, check that it trains at least 20 steps, take a screenshot, and close it with SIGTERM.

    python packaging/smoke_test.py [--app dist/andrea-desktop/andrea-desktop] [--steps 20]

Under Xvfb (when ``Xvfb`` and ImageMagick's ``import`` are installed, see .ci/install-xvfb) the app
runs in a real X window and ``build/smoke/packaged-app.png`` is a screenshot of it; otherwise it
runs offscreen. Exit status 0 when the app trained and closed cleanly.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout: the package next to this script

sys.path.insert(0, str(ROOT / "e2e"))

from xvfb import start_xvfb  # noqa: E402

from andrea_desktop.core.rundir.reader import last_trained_step  # noqa: E402


def max_step(run: Path) -> int:
    return last_trained_step(run / "metrics.sqlite")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--app", type=Path, default=ROOT / "dist" / "andrea-desktop" / "andrea-desktop")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "smoke")
    args = ap.parse_args()
    if not args.app.exists():
        print(f"smoke: {args.app} not found: run `make package` first", file=sys.stderr)  # noqa: T201
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="andrea-smoke-"))
    run = home / "run"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "ANDREA_CACHE_DIR")}
    env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"))
    xvfb, display = None, None
    if shutil.which("Xvfb") and shutil.which("import"):
        try:
            xvfb, display = start_xvfb("1400x900x24")
            env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb")
        except RuntimeError as exc:
            print(f"smoke: {exc}; running offscreen", file=sys.stderr)  # noqa: T201
    if xvfb is None:
        env["QT_QPA_PLATFORM"] = "offscreen"
    log = open(args.out / "app.log", "w")  # noqa: SIM115 -- closed below
    t0 = time.monotonic()
    app = subprocess.Popen([str(args.app), str(run), "--autostart", "--max-steps", str(args.steps + 5)],
                           env=env, stdout=log, stderr=subprocess.STDOUT)
    ok = False
    try:
        while time.monotonic() - t0 < 600:
            if app.poll() is not None:
                print(f"smoke: the app exited early with status {app.returncode}", file=sys.stderr)  # noqa: T201
                break
            if max_step(run) >= args.steps:
                ok = True
                break
            time.sleep(0.5)
        steps, secs = max_step(run), time.monotonic() - t0
        if ok:
            time.sleep(1.0)
            if xvfb is not None:
                subprocess.run(["import", "-window", "root", str(args.out / "packaged-app.png")],
                               env={**os.environ, "DISPLAY": display}, check=False)
            app.send_signal(signal.SIGTERM)
            rc = app.wait(120)
            ok = rc == 0
            print(f"smoke: trained {steps} steps in {secs:.0f} s (start-up included); exit status {rc}")  # noqa: T201
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(30)
        log.close()
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
        shutil.rmtree(home, ignore_errors=True)
    print("smoke: " + ("passed" if ok else f"FAILED (log: {args.out / 'app.log'})"))  # noqa: T201
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
