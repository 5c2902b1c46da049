"""Regenerate the README's screenshots from the real app: two demo runs trained offscreen, then the
main window, every panel, the runs dock comparing them, two dialogs and the window in Dutch grabbed
to ``docs/screenshots/*.png``.

    .venv/bin/python docs/make_screenshots.py [--steps 400] [--compare-steps 300]

What it does, in a fresh settings and data folder (never the user's):

1. trains ``demo-lr-3e-3`` headless: the demo preset with peak LR 3e-3, no warmup and no terrain
   (the run the demo is compared with);
2. trains ``demo`` in the window (the demo preset, checkpoints every 100 steps), grabbing the
   curriculum dialog (Ctrl+E) while it trains, then runs ``andrea-terrain demo --all`` (the terrain
   of every checkpoint, the earlier ones its path) while the window shows the results come in;
3. grabs the main window and the loss, LR, mixture, attention, embeddings, samples and terrain
   panels, checks both runs in the runs dock and grabs the dock and their overlay on the loss panel,
   then opens the New Run dialog and grabs it;
4. trains ``examples/hf_trainer.py`` (60 steps of a tiny GPT-2 under the Hugging Face Trainer,
   probed every 20 steps) and grabs a window that opened its run (hf-trainer-run.png; alone:
   ``--only-hf-trainer``, ~30 s);
5. opens ``demo`` read-only in a second process whose ``LANG`` and ``LC_ALL`` are ``nl_NL.UTF-8``
   and grabs that window (``--lang nl``, which this script runs itself);
6. trains a sweep headless (``andrea-sweep``: ``andrea-tiny``, peak LR 1e-3, 3e-3 and 1e-2 × 3
   seeds, ``--sweep-steps`` each, default 100) and grabs its view (sweep-view.png; alone:
   ``--only-sweep``, ~3 minutes on 2 cores);
7. alone only: ``--only-compare``, the warmup lesson's two runs (150 steps each) overlaid on each x
   axis, compare-step.png, compare-tokens.png and compare-wall.png (~1.5 min); ``--only-seed-group``,
   3 seeds of each of two LRs (``--group-steps``, default 100 steps each, headless), their
   comparison grouped by seed: each LR's mean with its ±1 std and min–max bands, hovered
   (seed-group-band.png, ~3 min on 2 cores); ``--only-lessons``, the warmup experiment's two runs
   at its default (300 steps each, headless), the terrain of their checkpoints at steps 200 and 300
   (``andrea-terrain``, grid 3), and the side-by-side view of the two (lessons-side-by-side.png,
   ~10 min on 2 shared cores).

Writes main-window.png, loss.png, lr-schedule.png, mixture.png, attention.png, embeddings.png,
samples.png, terrain.png, runs-dock.png, compare.png, dialog-curriculum.png, dialog-new-run.png,
hf-trainer-run.png, main-window-nl.png and sweep-view.png (and, alone, compare-*.png and
seed-group-band.png). About 4.5 minutes on 2 cores (the compared run's 300 steps ~1 min, the demo's
400 ~1.7 min, the terrain of its 4 checkpoints ~1.7 min, the Dutch window seconds); 9 minutes when
other work shared those cores. The temporary folder is removed at the end. The committed PNGs are
this script's output; never edit them by hand.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

OUT = Path(__file__).resolve().parent / "screenshots"
DEMO = "demo"
COMPARED = "demo-lr-3e-3"
TERRAIN = "import sys; from andrea_desktop.cli.terrain import main; sys.exit(main())"
"""``andrea-terrain`` in a fresh interpreter (``python -c TERRAIN ARGS...``)."""
SHARED = ["checkpoint.interval=100", "checkpoint.keep_last=5"]
"""Both runs: a checkpoint every 100 steps, all kept (the terrain's path and the same settings)."""


def say(text: str) -> None:
    print(text, flush=True)  # noqa: T201


def wait_for(app, done, what: str, timeout: float = 900.0) -> None:
    """Process events until ``done()``; raise after ``timeout`` seconds."""
    t0 = time.monotonic()
    while not done():
        app.processEvents()
        time.sleep(0.01)
        if time.monotonic() - t0 > timeout:
            raise SystemExit(f"{what}: not done in {timeout:.0f} s")


def settle(app, seconds: float = 0.3) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        app.processEvents()
        time.sleep(0.01)


def floated(app, dock, panel, width: int, height: int, name: str) -> None:
    """Grab ``panel`` with its dock floated at ``width`` x ``height`` (the panels that want more room
    than a tab of the start layout gives), then put the dock back."""
    dock.setFloating(True)
    dock.resize(width, height)
    dock.show()
    dock.raise_()
    settle(app, 1.0)
    panel.grab().save(str(OUT / f"{name}.png"))
    dock.setFloating(False)
    settle(app)


def dutch_window(run: Path) -> int:
    """The ``--lang nl`` process: ``run`` opened read-only in a Dutch window, grabbed."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.common.i18n import chosen_language
    from andrea_desktop.gui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    if chosen_language() != "nl":
        say(f"the language is {chosen_language()!r}, not Dutch: is LC_ALL=nl_NL.UTF-8 set?")
        return 1
    policy = GcPolicy()
    w = MainWindow(run)
    w.resize(1440, 900)
    w.show()
    wait_for(app, lambda: w.history is not None and w.history.last_step > 0 and w.terrain_panel.steps,
             "opening the run", 120)
    settle(app, 1.0)
    w.grab().save(str(OUT / "main-window-nl.png"))
    w.close_without_asking()
    settle(app)
    policy.close()
    return 0


def hf_trainer_window(home: Path) -> int:
    """``examples/hf_trainer.py`` (a tiny GPT-2 under the Hugging Face Trainer, probed every 20
    steps) trained into ``home``, then opened in a window: hf-trainer-run.png."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    run = home / "hf-gpt2"
    example = Path(__file__).resolve().parents[1] / "examples" / "hf_trainer.py"
    subprocess.run([sys.executable, str(example), "--steps", "60", "--run-dir", str(run)], check=True,
                   cwd=home, stdout=subprocess.DEVNULL)
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    policy = GcPolicy()
    w = MainWindow(run)
    w.resize(1440, 900)
    w.show()
    wait_for(app, lambda: w.history is not None and w.history.last_step >= 60 and w.attention_panel.probe is not None,
             "opening the Trainer's run", 120)
    w.attention_dock.raise_()
    settle(app, 1.0)
    w.grab().save(str(OUT / "hf-trainer-run.png"))
    w.close_without_asking()
    settle(app)
    policy.close()
    return 0


GROUP_LRS = ("1e-3", "3e-3")
"""The seed groups' peak learning rates (``--only-seed-group``)."""
GROUP_SEEDS = (1, 2, 3)


def seed_group_window(steps: int) -> int:
    """Three seeds of each of :data:`GROUP_LRS` trained headless for ``steps`` steps into the runs
    folder, compared in a window grouped by seed (the default) with the min–max bands on, hovered
    halfway: seed-group-band.png."""
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.config.overrides import build_config
    from andrea_desktop.core.rundir.layout import user_runs_dir
    from andrea_desktop.core.training import run_session
    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    runs = []
    for lr in GROUP_LRS:
        for seed in GROUP_SEEDS:
            run = user_runs_dir() / f"lr{lr}-seed{seed}"
            t0 = time.monotonic()
            cfg = build_config("andrea-tiny", overrides=[f"optimizer.lr={lr}", f"run.seed={seed}",
                                                         "schedule.warmup_steps=20", "terrain.interval=0"])
            with run_session(run, config=cfg) as trainer:
                trainer.run(steps)
            say(f"{run.name}: {steps} steps in {time.monotonic() - t0:.0f} s")
            runs.append(run)
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    policy = GcPolicy()
    w = MainWindow(runs[0])
    w.resize(1440, 900)
    w.show()
    wait_for(app, lambda: w.history is not None and w.history.last_step >= steps, "opening the first run", 120)
    dock = w.runs_panel
    w.runs_dock.raise_()
    dock.read_all()
    for run in runs:
        dock.set_checked(run)
    dock.minmax.setChecked(True)
    wait_for(app, lambda: len(dock.compare.groups.groups) == len(GROUP_LRS), "the seed groups", 60)
    w.loss_dock.setFloating(True)
    w.loss_dock.resize(1000, 560)
    w.loss_dock.show()
    w.loss_dock.raise_()
    settle(app, 1.0)
    plot = dock.compare.loss.plot
    vb = plot.getPlotItem().getViewBox()
    (x0, x1), (y0, y1) = vb.viewRange()
    dock.compare.loss.crosshair.on_mouse_moved(vb.mapViewToScene(QPointF(x0 + 0.45 * (x1 - x0), y0 + 0.8 * (y1 - y0))))
    settle(app, 0.5)
    w.loss_panel.grab().save(str(OUT / "seed-group-band.png"))
    w.loss_dock.setFloating(False)
    w.close_without_asking()
    settle(app)
    policy.close()
    return 0


SWEEP = """name = "lr"
base = "andrea-tiny"
steps = {steps}
seeds = 3
set = ["terrain.interval=0", "train.eval_interval={eval_interval}"]

[keys]
"optimizer.lr" = [1e-3, 3e-3, 1e-2]
"""
"""The sweep of sweep-view.png (3 peak LRs × 3 seeds of the demo preset)."""


def sweep_view(home: Path, steps: int) -> int:
    """A sweep trained by ``andrea-sweep`` into ``home/sweep``, then its view: sweep-view.png."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.sweeps import load_sweep
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.dialogs.sweep.view import QtSweepView

    folder = home / "sweep"
    folder.mkdir()
    spec = folder / "lr.toml"
    spec.write_text(SWEEP.format(steps=steps, eval_interval=max(1, steps // 4)))
    subprocess.run([sys.executable, "-m", "andrea_desktop.cli.sweep", str(spec), "-q"], check=True,
                   stderr=subprocess.DEVNULL)
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    view = QtSweepView(load_sweep(spec), folder)
    view.resize(1040, 720)
    view.show()
    settle(app, 1.0)
    view.grab().save(str(OUT / "sweep-view.png"))
    view.close()
    settle(app)
    return 0


def train_compared(run: Path, steps: int) -> None:
    """The run the demo is compared with, trained headless (no window: quicker)."""
    from andrea_desktop.core.config.overrides import build_config
    from andrea_desktop.core.training import run_session

    cfg = build_config("andrea-tiny", overrides=[*SHARED, "optimizer.lr=3e-3", "schedule.warmup_steps=0",
                                                 "terrain.interval=0"])
    with run_session(run, config=cfg) as trainer:
        trainer.run(steps)


def compare_windows(home: Path, steps: int) -> int:
    """The warmup lesson's two runs (peak LR 1e-2, without and with a 50-step warmup, ``steps``
    each, trained headless; the warmup run in two sessions with a gap between them, which the
    active-time axis takes out) overlaid in the runs dock, the loss panel grabbed on each x axis: compare-step.png,
    compare-tokens.png, compare-wall.png (``--only-compare``, ~1.5 min)."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.experiments import WarmupExperiment
    from andrea_desktop.core.training import run_session
    from andrea_desktop.core.viewmodels.compare import XAxis
    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    folder = home / "runs"
    exp = WarmupExperiment(lr=1e-2, warmup_steps=50, steps=steps, extra=("terrain.interval=0",))
    paths = exp.run_dirs(folder, "warmup-vs-none")
    for path, (_run, cfg) in zip(paths, exp.configs(), strict=True):
        t0 = time.monotonic()
        with run_session(path, config=cfg) as trainer:
            if "warmup-" in path.name:  # stopped half-way and continued: two sessions, a gap between
                trainer.run(steps // 2)
                time.sleep(3.0)
            trainer.run(steps)
        say(f"{path.name}: {steps} steps in {time.monotonic() - t0:.0f} s")
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    policy = GcPolicy()
    w = MainWindow(home / "window-run", config=exp.configs()[0][1])
    w.resize(1280, 800)
    w.show()
    dock = w.runs_panel
    dock.set_folder(folder)
    dock.read_all()
    for path in paths:
        dock.set_checked(path)
    wait_for(app, lambda: all(p in dock.compare.runs for p in paths), "the compared runs", 60)
    for axis in XAxis:
        dock.x_axis.setCurrentIndex(dock.x_axis.findData(axis.value))
        settle(app, 1.0)
        w.loss_panel.grab().save(str(OUT / f"compare-{axis.value}.png"))
    w.close_without_asking()
    settle(app)
    policy.close()
    return 0


def lessons_view(home: Path) -> int:
    """The warmup experiment at its default (:class:`~andrea_desktop.core.experiments.WarmupExperiment`,
    trained headless), the terrain of each run's checkpoints at steps 200 and 300 on a 3 × 3 grid,
    and the side-by-side view of the two runs at 1280 × 800: lessons-side-by-side.png
    (``--only-lessons``)."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.experiments import WarmupExperiment
    from andrea_desktop.core.training import run_session
    from andrea_desktop.core.viewmodels.lessons import lessons_models
    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.panels.samples.side_by_side import QtSamplesSideBySide

    exp = WarmupExperiment(extra=("run.torch_threads=1", "terrain.grid=3", "terrain.plane_grid=3",
                                  "terrain.hutchinson_samples=2"))
    paths = exp.run_dirs(home / "runs", "warmup-vs-none")
    for path, (_run, cfg) in zip(paths, exp.configs(), strict=True):
        t0 = time.monotonic()
        with run_session(path, config=cfg) as trainer:
            trainer.run(exp.steps)
        for step in (200, exp.steps):
            subprocess.run([sys.executable, "-c", TERRAIN, str(path), "--step", str(step), "--threads", "1"],
                           check=True)
        say(f"{path.name}: {exp.steps} steps and its terrain in {time.monotonic() - t0:.0f} s")
    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    models, errors = lessons_models(paths)
    view = QtSamplesSideBySide(models, ["#D55E00", "#0072B2"], errors)
    view.resize(1280, 800)
    view.show()
    settle(app, 1.0)
    view.grab().save(str(OUT / "lessons-side-by-side.png"))
    view.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--steps", type=int, default=400, help="steps of the demo run (default 400)")
    ap.add_argument("--compare-steps", type=int, default=300,
                    help="steps of the run it is compared with (default 300)")
    ap.add_argument("--only-hf-trainer", action="store_true",
                    help="only hf-trainer-run.png (a Hugging Face Trainer's run, examples/hf_trainer.py)")
    ap.add_argument("--only-compare", action="store_true",
                    help="only compare-step/tokens/wall.png (the warmup lesson's runs overlaid on each x axis)")
    ap.add_argument("--only-lessons", action="store_true",
                    help="only lessons-side-by-side.png (the warmup experiment's runs side by side, with terrain)")
    ap.add_argument("--only-seed-group", action="store_true",
                    help="only seed-group-band.png (3 seeds of each of two LRs, compared grouped by seed)")
    ap.add_argument("--group-steps", type=int, default=100, help="steps of each seed group run (default 100)")
    ap.add_argument("--only-sweep", action="store_true", help="only sweep-view.png (a sweep trained by andrea-sweep)")
    ap.add_argument("--sweep-steps", type=int, default=100, help="steps of each run of the sweep (default 100)")
    ap.add_argument("--lang", help=argparse.SUPPRESS)  # the Dutch window's process: --lang nl RUN_DIR
    ap.add_argument("run", nargs="?", help=argparse.SUPPRESS)
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.lang:
        return dutch_window(Path(args.run))
    t_start = time.monotonic()
    home = Path(tempfile.mkdtemp(prefix="andrea-shots-"))
    os.environ["XDG_CONFIG_HOME"] = str(home / ".config")  # default layout, not the user's
    if args.only_hf_trainer or args.only_sweep:
        os.environ["XDG_DATA_HOME"] = str(home / ".local" / "share")
        os.environ["LC_ALL"] = "C.UTF-8"
        code = hf_trainer_window(home) if args.only_hf_trainer else sweep_view(home, args.sweep_steps)
        shutil.rmtree(home, ignore_errors=True)
        return code
    if args.only_compare or args.only_lessons:
        os.environ["XDG_DATA_HOME"] = str(home / ".local" / "share")
        if args.only_lessons:
            os.environ["LC_ALL"] = "C.UTF-8"  # English, as the committed picture
        code = compare_windows(home, 150) if args.only_compare else lessons_view(home)
        shutil.rmtree(home, ignore_errors=True)
        return code
    os.environ["XDG_DATA_HOME"] = str(home / ".local" / "share")
    os.environ["XDG_STATE_HOME"] = str(home / ".local" / "state")
    os.environ["LC_ALL"] = "C.UTF-8"  # English here (the Dutch window is its own process)
    os.environ.pop("LANGUAGE", None)
    if args.only_seed_group:
        code = seed_group_window(args.group_steps)
        shutil.rmtree(home, ignore_errors=True)
        return code

    from PySide6.QtWidgets import QApplication

    from andrea_desktop.core.config.overrides import build_config
    from andrea_desktop.core.rundir.layout import user_runs_dir
    from andrea_desktop.core.rundir.terrain import list_steps
    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    runs = user_runs_dir()  # the runs dock's folder
    demo, compared = runs / DEMO, runs / COMPARED
    t0 = time.monotonic()
    train_compared(compared, args.compare_steps)
    say(f"{COMPARED}: {args.compare_steps} steps in {time.monotonic() - t0:.0f} s")

    app = QApplication.instance() or QApplication(sys.argv)
    configure_app(app)
    policy = GcPolicy()  # cycles are collected on the GUI thread only, as in the app
    w = MainWindow(demo, max_steps=args.steps, config=build_config("andrea-tiny", overrides=SHARED))
    w.resize(1440, 900)
    w.show()
    t0 = time.monotonic()
    w.start_training()
    # the curriculum dialog while it trains, past the curriculum warmup (the full simplex)
    wait_for(app, lambda: w.history is not None and w.history.last_step >= min(200, args.steps - 20)
             or w.state in ("stopped", "finished"), "training to the curriculum dialog")
    dlg = w.open_curriculum_dialog()
    if dlg is not None:
        settle(app, 1.0)
        dlg.grab().save(str(OUT / "dialog-curriculum.png"))
        dlg.reject()
    else:
        say("the curriculum dialog did not open (training ended?)")
    wait_for(app, lambda: w.thread is None and w.state in ("stopped", "finished"), "training", 1800)
    say(f"{DEMO}: {w.history.last_step} steps in {time.monotonic() - t0:.0f} s")

    # the terrain of every checkpoint (``andrea-terrain RUN --all``; the earlier checkpoints are
    # each one's path): the panel picks the files up by itself, as it does for a followed run
    t0 = time.monotonic()
    terrain = subprocess.Popen([sys.executable, "-c", TERRAIN, str(demo), "--all"])
    wait_for(app, lambda: terrain.poll() is not None, "andrea-terrain", 1200)
    if terrain.returncode != 0:
        say(f"andrea-terrain failed (exit {terrain.returncode})")
        return 1
    wait_for(app, lambda: w.terrain_panel.steps == list_steps(demo), "the terrain panel", 60)
    say(f"terrain of steps {w.terrain_panel.steps} in {time.monotonic() - t0:.0f} s")

    settle(app, 1.0)
    w.grab().save(str(OUT / "main-window.png"))
    w.loss_panel.grab().save(str(OUT / "loss.png"))
    w.lr_panel.grab().save(str(OUT / "lr-schedule.png"))
    shots = [(w.simplex_dock, w.simplex_panel, "mixture"), (w.attention_dock, w.attention_panel, "attention"),
             (w.samples_dock, w.samples_panel, "samples")]
    for dock, panel, name in shots:
        dock.raise_()
        settle(app)
        panel.grab().save(str(OUT / f"{name}.png"))
    floated(app, w.terrain_dock, w.terrain_panel, 1280, 860, "terrain")
    w.embedding_dock.raise_()
    ep = w.embedding_panel
    ep.select_token("␣return") or ep.select_token("return")
    settle(app)
    ep.grab().save(str(OUT / "embeddings.png"))

    # the runs dock: both runs checked, overlaid on the loss and LR panels
    dock = w.runs_panel
    w.runs_dock.raise_()
    dock.read_all()
    for run in (demo, compared):
        dock.set_checked(run)
    wait_for(app, lambda: all(r in dock.compare.runs for r in (demo, compared)), "the compared runs", 60)
    settle(app, 1.0)
    floated(app, w.runs_dock, dock, 960, 560, "runs-dock")
    w.loss_panel.grab().save(str(OUT / "compare.png"))
    w.simplex_dock.raise_()
    for run in (demo, compared):
        dock.set_checked(run, False)

    dlg = w.new_run()
    if dlg is not None:
        settle(app, 2.0)
        dlg.grab().save(str(OUT / "dialog-new-run.png"))
        dlg.reject()
    w.close_without_asking()
    settle(app)
    policy.close()

    t0 = time.monotonic()
    hf_trainer_window(home)
    say(f"the Hugging Face Trainer's run in {time.monotonic() - t0:.0f} s")
    t0 = time.monotonic()
    env = {**os.environ, "LANG": "nl_NL.UTF-8", "LC_ALL": "nl_NL.UTF-8"}
    code = subprocess.run([sys.executable, __file__, "--lang", "nl", str(demo)], env=env, check=False).returncode
    say(f"the Dutch window in {time.monotonic() - t0:.0f} s")
    t0 = time.monotonic()
    sweep_view(home, args.sweep_steps)
    say(f"the sweep's view in {time.monotonic() - t0:.0f} s")
    say(f"screenshots in {OUT}, {time.monotonic() - t_start:.0f} s in all")
    shutil.rmtree(home, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
