"""Test set-up: offscreen Qt, an isolated cache and settings, tiny configs, and leak checks."""

from __future__ import annotations

import dataclasses
import gc
import os
import subprocess
import sys
import threading
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the tests read the English texts: the interface follows the system locale (id, nl), so pin it
# (tests/test_translations.py switches languages through the app's own setting)
os.environ["LC_ALL"] = "C.UTF-8"
os.environ.pop("LANGUAGE", None)

import pytest  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402

# property tests draw the same examples on every run (derived from each test's name, no example
# database), so a red CI run fails again when rerun and on any machine; HYPOTHESIS_PROFILE=explore
# draws new random examples and keeps the failing ones in .hypothesis/ (docs/development.md#tests)
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.register_profile("explore", derandomize=False)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

from andrea_desktop.core.config import (  # noqa: E402
    Config,
    DataConfig,
    ModelConfig,
    OptimizerConfig,
    RunSettings,
    ScheduleConfig,
    TrainConfig,
)


@pytest.fixture(scope="session", autouse=True)
def _isolated_dirs(tmp_path_factory):
    """Corpus/tokenizer cache, QSettings, user data and the log file live in the test's temp folders."""
    cache = tmp_path_factory.mktemp("cache")
    data = tmp_path_factory.mktemp("xdg-data")
    old = {k: os.environ.get(k) for k in ("ANDREA_CACHE_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    os.environ["ANDREA_CACHE_DIR"] = str(cache)
    os.environ["XDG_DATA_HOME"] = str(data)
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("xdg-config"))
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("xdg-state"))  # the app's log file
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(scope="session")
def qapp(qapp, tmp_path_factory):
    """pytest-qt's application with the English plural forms installed, as the app's
    ``configure_app`` installs them (English reads "1 step" / "2 steps" only through
    ``andrea_en.qm``: Qt picks a plural form only through a translation). The .qm is built from
    this checkout's ``andrea_en.ts`` (not an older build, nor none in a fresh clone)."""
    from pathlib import Path

    from andrea_desktop.gui.common import i18n

    ts = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "andrea_en.ts"
    built = tmp_path_factory.mktemp("qm-en") / "andrea_en.qm"
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    subprocess.run([str(lrelease) if lrelease.exists() else "pyside6-lrelease", "-silent", str(ts), "-qm",
                    str(built)], check=True)
    with pytest.MonkeyPatch.context() as mp:
        original = i18n.qm_path
        mp.setattr(i18n, "qm_path", lambda code: built if code == "en" else original(code))
        i18n.install_translators(qapp, "en")
        yield qapp


def tiny_config(**overrides) -> Config:
    """A model of a few layers and d_model 32 on a small slice of the embedded corpus."""
    cfg = Config(
        run=RunSettings(preset="andrea-tiny", seed=7, torch_threads=1),
        model=ModelConfig(n_layer=2, n_head=2, d_model=32, block_size=32),
        optimizer=OptimizerConfig(lr=3e-3, weight_decay=0.1),
        schedule=ScheduleConfig(warmup_steps=5, total_steps=400, min_lr=3e-4),
        data=DataConfig(max_bytes_per_source=40_000, tokenizer_vocab_size=384),
        train=TrainConfig(batch_size=8, eval_interval=20, eval_rows=8),
    )
    for section, values in overrides.items():
        cfg = cfg.replace(**{section: dataclasses.replace(getattr(cfg, section), **values)})
    return cfg


@pytest.fixture
def tiny_cfg() -> Config:
    return tiny_config()


TRAIN = "import sys; from andrea_desktop.cli.train import train_main; sys.exit(train_main())"
"""``andrea-train`` in a fresh interpreter (``python -c TRAIN ARGS...``)."""

LAUNCH_TRAIN = str(Path(__file__).with_name("launch_train.py"))
"""``andrea-train`` with a test's instruments patched in (``python LAUNCH_TRAIN --rows-log PREFIX
-- ARGS...``, ``--checkpoint-stall SECONDS``; the script's docstring says what each does)."""


def wait_until_catching(proc: subprocess.Popen, signum: int, timeout: float = 120) -> None:
    """Wait until ``proc`` has a handler for ``signum`` (Linux: the ``SigCgt`` mask of
    ``/proc/PID/status``), i.e. until the program, not the interpreter's start, runs.

    A test that signals "during start-up" means the program's start-up: on a loaded machine the
    interpreter alone can take longer than a fixed delay, and a signal before the program's first
    line meets the default action (a SIGTERM kills it). Elsewhere than Linux: returns at once.

    Raises
    ------
    AssertionError
        ``proc`` ended, or installed no handler within ``timeout`` seconds.
    """
    import time

    status = Path(f"/proc/{proc.pid}/status")
    if not status.exists():
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the process ended (exit {proc.returncode}) before it caught signal {signum}"
        try:
            caught = next(int(line.split()[1], 16) for line in status.read_text().splitlines()
                          if line.startswith("SigCgt:"))
        except (OSError, StopIteration):
            caught = 0
        if caught >> (signum - 1) & 1:
            return
        time.sleep(0.01)
    raise AssertionError(f"the process caught no signal {signum} within {timeout} s")


def andrea_train(*args, timeout=300, env=None) -> subprocess.CompletedProcess:
    """Run ``andrea-train ARGS`` in a subprocess; stdout and stderr are captured as text."""
    return subprocess.run([sys.executable, "-c", TRAIN, *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def train_run(run_dir, config=None, max_steps=None, control=None, observer=None, on_anomaly="pause", **session):
    """Create (from ``config``) or open and resume the run in ``run_dir``, train it to
    ``max_steps`` and close it, in one :func:`~andrea_desktop.core.training.run_session`.

    Returns
    -------
    The (closed) trainer and the stop reason.
    """
    from andrea_desktop.core.training import run_session

    with run_session(run_dir, config=config, **session) as trainer:
        reason = trainer.run(max_steps, control, observer, on_anomaly=on_anomaly)
    return trainer, reason


@pytest.fixture(autouse=True)
def _default_settings():
    """Each test starts from the app's defaults: the QSettings a window remembers (dock layout,
    open reading panes, language, recent runs) are cleared, so no test sees what another left."""
    try:
        from PySide6.QtCore import QCoreApplication, QSettings
    except ImportError:  # pragma: no cover
        yield
        return
    if QCoreApplication.instance() is not None and QCoreApplication.organizationName():
        QSettings().clear()
    yield


# ------------------------------------------------------------------ garbage collection as in the app
def collect_due_cycles() -> None:
    """Collect the generations that Python's own thresholds say are due (what automatic collection
    would have done), on the calling thread: pyqtgraph's ``GarbageCollector.check``."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1, 0):
        if counts[generation] > thresholds[generation]:
            gc.collect(generation)
            return


@pytest.fixture(scope="session", autouse=True)
def _cycles_collected_on_the_main_thread():
    """The whole session collects cycles the way the app does (``gui.app.GcPolicy``): never on the
    thread whose allocation crosses a threshold, only on the main (GUI) thread, after each test and
    while a window lives on its timer.

    With Python's automatic collection a training, estimate or Trainer thread of one test could
    finalise a cycle holding Qt objects an earlier test left (a plot's items): a ``QGraphicsItem``
    deleted off the GUI thread corrupts the scene, and a later test's paint crashed the whole run
    (a segmentation fault in ``GraphicsView.paintEvent`` in CI). The app itself never runs Python
    on another thread without the policy, so the tests now run as the app does.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    yield
    if was_enabled:
        gc.enable()


@pytest.fixture(autouse=True)
def _collect_cycles_after_each_test():
    yield
    collect_due_cycles()


# ------------------------------------------------------------------ leak checks (napari habit)
@pytest.fixture(autouse=True)
def _no_leftover_threads_or_timers(request, monkeypatch):
    """Fail a test that leaves a QThread, a QTimer or a store writer thread running."""
    started_threads, started_timers = [], []
    try:
        from PySide6.QtCore import QThread, QTimer
    except ImportError:  # pragma: no cover
        yield
        return
    orig_thread_start, orig_timer_start = QThread.start, QTimer.start

    def thread_start(self, *a, **k):
        started_threads.append(self)
        return orig_thread_start(self, *a, **k)

    def timer_start(self, *a, **k):
        started_timers.append(self)
        return orig_timer_start(self, *a, **k)

    monkeypatch.setattr(QThread, "start", thread_start)
    monkeypatch.setattr(QTimer, "start", timer_start)
    yield
    import shiboken6

    running = [t for t in started_threads if shiboken6.isValid(t) and t.isRunning()]
    for t in running:
        t.wait(10_000)
    assert not running, f"test left {len(running)} QThread(s) running"
    def active():
        return [t for t in started_timers if shiboken6.isValid(t) and t.isActive()]

    # a single-shot timer (a debounce) that is about to fire and stop is not a leak
    if active() and all(t.isSingleShot() for t in active()):
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop

        deadline = QDeadlineTimer(10_000)  # a loaded machine runs a due timer late
        while active() and not deadline.hasExpired():
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    active = active()
    assert not active, f"test left {len(active)} QTimer(s) running"
    writers = [t for t in threading.enumerate() if t.name == "andrea-store"]
    assert not writers, "test left a metrics-store writer thread running (RunStore not closed)"


@pytest.fixture
def make_window(qtbot, tmp_path):
    """Build a main window on a new run of a config; training never outlives the test."""
    from PySide6.QtWidgets import QApplication

    from andrea_desktop.gui.app import GcPolicy, configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    windows = []
    policy = []  # the app's garbage-collection policy while a window lives (as in run_app)

    def make(config=None, max_steps=None, run="run"):
        configure_app(QApplication.instance())
        if not policy:
            policy.append(GcPolicy(interval_s=0.2))
        w = MainWindow(tmp_path / run, config=config or tiny_config(), max_steps=max_steps)

        def stop_first(w=w):  # pytest-qt closes widgets before fixtures end: stop training first
            if w.thread is not None:
                w.thread.request_stop()
                qtbot.waitUntil(lambda: w.thread is None, timeout=30_000)

        qtbot.addWidget(w, before_close_func=stop_first)
        w.show()
        qtbot.waitExposed(w)
        windows.append(w)
        return w

    yield make
    for w in windows:  # also when the test failed
        if w.thread is not None:
            w.thread.request_stop()
            qtbot.waitUntil(lambda w=w: w.thread is None, timeout=30_000)
    for p in policy:
        p.close()


def make_terrain_result(step: int = 100, G: int = 5, P: int = 3, lr: float = 1e-3):
    """A consistent terrain result whose surface is the paraboloid 4 + a² + 2 b²."""
    import numpy as np

    from andrea_desktop.core.rundir.terrain import TerrainResult

    a = np.linspace(-1, 1, G)
    surface = (4 + a[None, :] ** 2 + 2 * a[:, None] ** 2).astype(np.float32)
    by_source = np.stack([surface, surface + 0.5])
    steps = np.arange(step - (P - 1) * 10, step + 1, 10)
    xy = np.stack([np.linspace(-3, 0, P), np.linspace(-1, 0, P)], axis=1)
    pa = np.linspace(-3.5, 0.5, G)
    return TerrainResult(
        step=step, lr=lr, n_params=1234, n_rows=6, seed=7, sources=np.array(["alpha", "beta"]),
        alphas=a, betas=a.copy(), surface=surface, surface_by_source=by_source.astype(np.float32),
        path_steps=steps, path_xy=xy, path_explained=np.array([0.8, 0.15]),
        plane_alphas=pa, plane_betas=pa.copy(), plane_surface=surface.copy(),
        eigenvalues=np.array([12.5, 3.0]), eig_matvecs=9, eig_converged=True,
        trace=40.0, trace_stderr=2.0, trace_samples=8, basin_radius=0.1,
        basin_plus=np.array([4.02, 4.05, 4.01]), basin_minus=np.array([4.0, 4.03, 4.03]),
        timing_names=np.array(["surface", "eigenvalues"]), timing_s=np.array([1.5, 2.5]), wall_time=1.0,
    )
