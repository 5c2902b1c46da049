"""End-to-end test in a real window (../shared/TESTING.md): Xvfb, Qt's xcb platform, keys sent
with xdotool, as a person would use the app.

    python e2e/real_window.py [--artifacts e2e-artifacts]

It starts the app with ``--autostart`` on a new demo run, waits for training to advance, presses
Space (the step count must stop), Space again (it must advance), opens the curriculum dialog with
Ctrl+E and closes it with Escape, quits with Ctrl+Q (confirmed with Enter) and checks that the
process exits with status 0. Screenshots of each stage are saved in the artefacts folder. Exit
status 0 when every check passed, 1 otherwise. Needs the Debian packages listed in
``.ci/install-xvfb`` (``make e2e`` is the entry point; it is not part of ``make test``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
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

DISPLAY = ""  # set by main() to the display Xvfb picked


class Failed(Exception):
    pass


def wait_for(what: str, predicate, timeout: float, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise Failed(f"timed out after {timeout:.0f} s waiting for {what}")


def xdotool(*args: str, check: bool = True) -> str:
    res = subprocess.run(["xdotool", *args], capture_output=True, text=True, env={**os.environ, "DISPLAY": DISPLAY})
    if check and res.returncode != 0:
        raise Failed(f"xdotool {' '.join(args)}: {res.stderr.strip()}")
    return res.stdout.strip()


def windows(name: str) -> list[str]:
    return xdotool("search", "--onlyvisible", "--name", name, check=False).split()


def screenshot(folder: Path, name: str) -> None:
    subprocess.run(["import", "-window", "root", str(folder / f"{name}.png")],
                   env={**os.environ, "DISPLAY": DISPLAY}, check=False, capture_output=True)


def max_step(run: Path) -> int:
    return last_trained_step(run / "metrics.sqlite")


def events(run: Path, kind: str) -> list[int]:
    try:
        con = sqlite3.connect(f"file:{run / 'metrics.sqlite'}?mode=ro", uri=True, timeout=5)
        try:
            return [r[0] for r in con.execute("SELECT step FROM events WHERE kind=? ORDER BY rowid", (kind,))]
        finally:
            con.close()
    except sqlite3.Error:
        return []


def focus(wid: str) -> None:
    """No window manager: focus the window and click inside it (on the loss plot) before keys."""
    xdotool("windowfocus", "--sync", wid, check=False)
    xdotool("mousemove", "--window", wid, "300", "300", "click", "1", check=False)
    time.sleep(0.3)


def run(artifacts: Path) -> None:
    artifacts.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="andrea-e2e-"))
    run_dir = home / "e2e-run"  # the main window's title (WM_NAME) is the run folder's name
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env.update(DISPLAY=DISPLAY, XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), QT_QPA_PLATFORM="xcb")
    env.setdefault("ANDREA_CACHE_DIR", str(home / "cache"))
    exe = Path(sys.executable).parent / "andrea-desktop"
    log = open(artifacts / "app.log", "w")  # noqa: SIM115 -- closed below
    app = subprocess.Popen([str(exe), str(run_dir), "--autostart"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wid = wait_for("the main window", lambda: (windows("^e2e-run") or [None])[0], 120)
        print(f"window {wid}")  # noqa: T201
        wait_for("training to reach step 5", lambda: max_step(run_dir) >= 5, 300)
        screenshot(artifacts, "1-training")

        focus(wid)
        xdotool("key", "space")
        wait_for("the pause event", lambda: events(run_dir, "pause"), 30)
        paused_at = max_step(run_dir)
        time.sleep(2.5)
        if max_step(run_dir) > paused_at + 1:
            raise Failed(f"still training after Space: {paused_at} -> {max_step(run_dir)}")
        screenshot(artifacts, "2-paused")
        print(f"paused at step {paused_at}")  # noqa: T201

        focus(wid)
        xdotool("key", "space")
        wait_for("training to advance again", lambda: max_step(run_dir) >= paused_at + 3, 60)
        screenshot(artifacts, "3-resumed")

        focus(wid)
        xdotool("key", "ctrl+e")
        dlg = wait_for("the curriculum dialog", lambda: (windows("Curriculum") or [None])[0], 30)
        time.sleep(0.5)
        screenshot(artifacts, "4-curriculum")
        xdotool("windowfocus", "--sync", dlg, check=False)
        xdotool("key", "Escape")
        wait_for("the dialog to close", lambda: not windows("Curriculum"), 30)

        focus(wid)
        xdotool("key", "ctrl+q")
        box = wait_for("the quit confirmation", lambda: (windows("Quit ANDREA Desktop") or [None])[0], 30)
        screenshot(artifacts, "5-quit")
        xdotool("windowfocus", "--sync", box, check=False)
        xdotool("key", "Return")
        rc = app.wait(120)
        if rc != 0:
            raise Failed(f"the app exited with status {rc}")
        if not events(run_dir, "stop"):
            raise Failed("no stop event: training did not end cleanly")
        print(f"quit cleanly at step {max_step(run_dir)}")  # noqa: T201
    finally:
        if app.poll() is None:
            screenshot(artifacts, "failure")
            app.kill()
            app.wait(30)
        log.close()
        shutil.rmtree(home, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", type=Path, default=ROOT / "e2e-artifacts")
    args = ap.parse_args()
    missing = [t for t in ("Xvfb", "xdotool", "import") if shutil.which(t) is None]
    if missing:
        print(f"e2e: missing {', '.join(missing)}: run .ci/install-xvfb (Debian) first", file=sys.stderr)  # noqa: T201
        return 1
    global DISPLAY
    try:
        xvfb, DISPLAY = start_xvfb("1600x1000x24")
    except RuntimeError as exc:
        print(f"e2e: {exc}", file=sys.stderr)  # noqa: T201
        return 1
    try:
        run(args.artifacts)
    except Failed as exc:
        print(f"e2e: FAILED: {exc} (screenshots and app.log in {args.artifacts})", file=sys.stderr)  # noqa: T201
        return 1
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    print(f"e2e: passed (screenshots in {args.artifacts})")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
