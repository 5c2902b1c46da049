"""End-to-end test in a real window (docs/development.md#real-window-tests): Xvfb, Qt's xcb platform, keys sent
with xdotool, as a person would use the app.

    python e2e/real_window.py [--artifacts e2e-artifacts]

It starts the app with ``--autostart`` on a new demo run, waits for training to advance, opens the
File menu with its Alt mnemonic in the interface's language (the English one must open nothing when
the language's differs: the menu bar really is translated), presses Space (the step count must
stop), Space again (it must advance), opens the curriculum dialog with Ctrl+E and closes it with
Escape, quits with Ctrl+Q (confirmed with Enter) and checks that the process exits with status 0.
Screenshots of each stage are saved in the artefacts folder. Exit status 0 when every check
passed, 1 otherwise. Needs the Debian packages listed in ``.ci/install-xvfb`` (``make e2e`` is the
entry point; it is not part of ``make test``).

The app follows the system locale (``LANG`` / ``LC_ALL``; the test's settings are fresh, so no
View → Language choice): under ``LANG=id_ID.UTF-8`` or ``nl_NL.UTF-8`` the windows and dialogs
are looked for by their titles in that language, read from ``resources/i18n/andrea_<lang>.ts``
(``make e2e E2E_LANG=nl_NL.UTF-8``; docs/development.md#real-window-tests).
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
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout: the package next to this script

sys.path.insert(0, str(ROOT / "e2e"))

from xvfb import start_xvfb  # noqa: E402

from andrea_desktop.core.rundir.reader import last_trained_step  # noqa: E402

DISPLAY = ""  # set by main() to the display Xvfb picked
LANG = "en"  # set by main() to the interface language the app will choose
TRANSLATIONS: dict[tuple[str, str], str] = {}  # (context, source): translation, of LANG


def interface_language() -> str:
    """The language the app picks with no saved choice: the system locale's (Qt reads ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` itself, generated glibc locales or not) when it has one, else English."""
    from andrea_desktop.gui.common.i18n import system_language

    return system_language()


def load_translations(lang: str) -> dict[tuple[str, str], str]:
    """(context, source): the finished translations of ``resources/i18n/andrea_<lang>.ts`` that the
    app shows (one whose replacement fields are not its source's is shown in English)."""
    from andrea_desktop.gui.common.i18n import fits_source

    out = {}
    if lang == "en":
        return out
    for ctx in ET.parse(ROOT / "resources" / "i18n" / f"andrea_{lang}.ts").getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            t = m.find("translation")
            source = m.findtext("source")
            if t is not None and t.get("type") is None and t.text and fits_source(source, t.text):
                out[name, source] = t.text
    return out


def tr(source: str, context: str | None = None) -> str:
    """``source`` as the app shows it in LANG: its translation in ``context`` or, with none there
    (or no context given), in any context; the English source when it has no translation."""
    if (context, source) in TRANSLATIONS:
        return TRANSLATIONS[context, source]
    return next((t for (_c, s), t in TRANSLATIONS.items() if s == source), source)


def title_pattern(title: str) -> str:
    """``title`` as a POSIX extended regular expression (xdotool's ``--name``) matching itself."""
    return "".join("\\" + c if c in "\\.^$*+?{}[]|()" else c for c in title)


def mnemonic(text: str) -> str | None:
    """The Alt key letter of a menu title (``"&File"``: ``"f"``)."""
    i = text.replace("&&", "").find("&")
    return text.replace("&&", "")[i + 1].lower() if 0 <= i < len(text) - 1 else None


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


def titled(title: str) -> list[str]:
    """The visible windows whose title contains ``title`` (plain text, not a pattern)."""
    return windows(title_pattern(title))


def visible() -> set[str]:
    return set(xdotool("search", "--onlyvisible", "--name", "", check=False).split())


def geometry(wid: str) -> tuple[int, int]:
    """A window's top-left corner on the screen."""
    shell = dict(line.split("=", 1) for line in xdotool("getwindowgeometry", "--shell", wid, check=False).split()
                 if "=" in line)
    return int(shell.get("X", -10_000)), int(shell.get("Y", -10_000))


def file_menus(wid: str, before: set[str]) -> list[str]:
    """New windows (not in ``before``) where the File menu opens: under the menu bar's left end
    (a tooltip near the mouse is not one)."""
    x0, y0 = geometry(wid)
    return [w for w in visible() - before if abs(geometry(w)[0] - x0) < 120 and 0 <= geometry(w)[1] - y0 < 80]


def check_menu_language(wid: str, artifacts: Path) -> None:
    """Alt + the File menu's mnemonic in LANG opens a menu; where that letter is not English's and
    no other menu of LANG uses English's, Alt + English's opens nothing."""
    titles = {source: tr(source, "QtActions") for source in ("&File", "&Training", "&View", "&Help")}
    key, english = mnemonic(titles["&File"]), mnemonic("&File")
    if key is None or not key.isalnum():
        raise Failed(f"the File menu's title {titles['&File']!r} has no Alt letter")
    focus(wid)
    before = visible()
    xdotool("key", f"alt+{key}")
    wait_for(f"the {titles['&File']!r} menu (Alt+{key.upper()})", lambda: file_menus(wid, before), 15)
    screenshot(artifacts, "1b-file-menu")
    xdotool("key", "Escape")
    wait_for("the menu to close", lambda: not file_menus(wid, before), 15)
    print(f"menu titles {list(titles.values())}: Alt+{key.upper()} opens {titles['&File']!r}")  # noqa: T201
    if key != english and english not in {mnemonic(t) for t in titles.values()}:
        focus(wid)
        before = visible()
        xdotool("key", f"alt+{english}")
        time.sleep(1.5)
        if file_menus(wid, before):
            raise Failed(f"Alt+{english.upper()} opened a menu: the menu bar is not in {LANG!r}")
        xdotool("key", "Escape")


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
        log.flush()
        if "no translations for" in (artifacts / "app.log").read_text(errors="replace"):
            raise Failed(f"the app found no translations for {LANG!r} (build the .qm files: make install)")
        check_menu_language(wid, artifacts)

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
        curriculum = tr("Curriculum", "QtCurriculumDialog")
        dlg = wait_for(f"the curriculum dialog ({curriculum!r})", lambda: (titled(curriculum) or [None])[0], 30)
        time.sleep(0.5)
        screenshot(artifacts, "4-curriculum")
        xdotool("windowfocus", "--sync", dlg, check=False)
        xdotool("key", "Escape")
        wait_for("the dialog to close", lambda: not titled(curriculum), 30)

        focus(wid)
        xdotool("key", "ctrl+q")
        quit_title = tr("Quit ANDREA Desktop?")
        box = wait_for(f"the quit confirmation ({quit_title!r})", lambda: (titled(quit_title) or [None])[0], 30)
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
    ap.add_argument("--artifacts", type=Path, default=None,
                    help="screenshots and app.log (default e2e-artifacts/, e2e-artifacts/<lang>/ in id or nl)")
    args = ap.parse_args()
    global LANG, TRANSLATIONS
    LANG = interface_language()
    TRANSLATIONS = load_translations(LANG)
    if args.artifacts is None:
        args.artifacts = ROOT / "e2e-artifacts" / ("" if LANG == "en" else LANG)
    print(f"e2e: interface language {LANG!r} (LANG={os.environ.get('LANG', '')!r}, "  # noqa: T201
          f"LC_ALL={os.environ.get('LC_ALL', '')!r})")
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
    print(f"e2e: passed in {LANG!r} (screenshots in {args.artifacts})")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
