"""Test set-up: offscreen Qt, an isolated cache and settings, tiny configs, and leak checks."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import threading

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# the tests read the English texts: the interface follows the system locale (id, nl), so pin it
# (tests/test_translations.py switches languages through the app's own setting)
os.environ["LC_ALL"] = "C.UTF-8"
os.environ.pop("LANGUAGE", None)

import pytest  # noqa: E402

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

        deadline = QDeadlineTimer(2000)
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
    from andrea_desktop.gui.qt_main_window import MainWindow

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
