"""Test set-up: offscreen Qt, an isolated cache and settings, tiny configs, and leak checks; the
helpers, constants and fixtures that more than one test module uses (test modules import helpers
from here, ``from conftest import X``, never from each other; pytest finds the fixtures itself)."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
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
    from andrea_desktop.gui.common import i18n

    built = tmp_path_factory.mktemp("qm-en") / "andrea_en.qm"
    subprocess.run([lrelease_path(), "-silent", str(TS_DIR / "andrea_en.ts"), "-qm", str(built)], check=True)
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


OUTLASTS_THE_TEST = {"schedule": {"total_steps": 20_000}}
"""``tiny_config(**OUTLASTS_THE_TEST)``: a window test's run that trains on until the test stops it.
The default 400 steps can end beside a busy core before the starved GUI thread has drawn its first
probe, and a pause asked for then never comes (the test waited its whole timeout)."""


@pytest.fixture
def tiny_cfg() -> Config:
    return tiny_config()


DESKTOP = "import sys; from andrea_desktop.cli import desktop_main; sys.exit(desktop_main())"
"""``andrea-desktop`` (``python -c DESKTOP ARGS...``): in a new interpreter where its own start is
tested (tests/test_gui_start_stop.py), else a :class:`ForkedProcess`."""

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


FORKSERVER_PRELOAD = ["launch_train", "andrea_desktop.cli.train", "andrea_desktop.core.training.distributed",
                      "torch._dynamo", "andrea_desktop.gui.app"]
"""What :class:`ForkedProcess`'s server imports once per test process: the trainer, torch and
``torch._dynamo``, and the app's modules (PySide6, pyqtgraph): importing them makes no
``QApplication`` and starts no thread, so forking stays safe; the app's window made in a child
is that child's own."""


class ForkedProcess:
    """A program in a process forked from a server that imported the trainer, torch and
    ``torch._dynamo`` (which AdamW's constructor imports) once per test process (multiprocessing's
    forkserver): a fresh process (its own torch threads, signal handlers, environment, exit
    status) that starts in ~0.1 s where a new interpreter takes ~4 s (torch ~2.5 s, torch._dynamo
    ~1.5 s on 2 idle cores). ``code`` None: ``andrea-train ARGS`` (:class:`ForkedTrain`);
    else ``python -c CODE ARGS``. For a program whose own start is tested (imports, the console
    script, the app's start-up) a real interpreter stays (tests/test_cli.py, tests/test_gui_start_stop.py).

    ``env``: variables set over this process's environment (a value None: unset). ``new_session``:
    the process leads a session and process group of its own (``Popen(start_new_session=True)``;
    its group id is its ``pid``), and its :mod:`multiprocessing` starts its own resource tracker,
    in that group, as a new interpreter's would (not the test process's, which a forked child
    otherwise shares).

    What the tests use of :class:`subprocess.Popen`: ``pid``, ``returncode``, ``poll``, ``wait``
    (``subprocess.TimeoutExpired`` when it outlives ``timeout``), ``send_signal``, ``terminate``,
    ``kill``, ``stderr`` (a text file object on what the child wrote so far) and
    :meth:`output` (stdout and stderr once it ended).
    """

    _context = None
    live: list[ForkedProcess] = []
    """Every process started and not yet seen ended (a test that leaves one running fails, the
    process killed: ``_no_forked_process_left``)."""

    def __init__(self, args, code: str | None = None, launch=(), env: dict | None = None, cwd=None,
                 new_session: bool = False) -> None:
        import multiprocessing
        import tempfile

        import launch_train

        if ForkedProcess._context is None:
            ForkedProcess._context = multiprocessing.get_context("forkserver")
            ForkedProcess._context.set_forkserver_preload(FORKSERVER_PRELOAD)
        self._dir = Path(tempfile.mkdtemp(prefix="andrea-forked-"))
        out, err = self._dir / "stdout", self._dir / "stderr"
        argv = [*map(str, args)] if code is not None else [*map(str, launch), "--", *map(str, args)]
        self.args = ["python", "-c", code, *argv] if code is not None else ["andrea-train", *map(str, args)]
        environ = {k: v for k, v in {**os.environ, **(env or {})}.items() if v is not None}
        self.process = ForkedProcess._context.Process(
            target=launch_train.forked_main,
            args=(argv, environ, str(cwd or os.getcwd()), str(out), str(err), code, new_session))
        self.process.start()
        self.pid = self.process.pid
        ForkedProcess.live.append(self)
        err.touch()  # the child truncates it: reading starts at its first byte
        self.stderr = open(err, encoding="utf-8", errors="replace")  # noqa: SIM115 -- closed in output()/close()

    @property
    def returncode(self) -> int | None:
        return self.process.exitcode

    def poll(self) -> int | None:
        return self.process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(f"forked process {self.pid}", timeout)
        return self.process.exitcode

    def send_signal(self, signum: int) -> None:
        if self.process.exitcode is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def output(self) -> tuple[str, str]:
        """(stdout, stderr) of the ended process; the files are removed."""
        texts = tuple((self._dir / n).read_text(encoding="utf-8", errors="replace") for n in ("stdout", "stderr"))
        self.close()
        return texts

    def close(self) -> None:
        self.stderr.close()
        shutil.rmtree(self._dir, ignore_errors=True)

    def run(self, timeout: float | None) -> subprocess.CompletedProcess:
        """Wait for the end (killed after ``timeout`` s: ``subprocess.TimeoutExpired``); its
        exit status, stdout and stderr as :func:`subprocess.run` gives them."""
        try:
            code = self.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            self.wait(30)
            self.close()
            raise
        out, err = self.output()
        return subprocess.CompletedProcess(self.args, code, out, err)


class ForkedTrain(ForkedProcess):
    """``andrea-train ARGS`` (or ``tests/launch_train.py``'s instrumented variant, ``launch`` its
    options) as a :class:`ForkedProcess`."""

    def __init__(self, args, launch=(), env: dict | None = None, new_session: bool = False) -> None:
        super().__init__(args, launch=launch, env=env, new_session=new_session)


def python_c(code: str, *args, timeout: float = 300, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    """``python -c CODE ARGS`` run to its end as a :class:`ForkedProcess` (a program that imports
    the trainer or torch: no interpreter start to wait for), in ``cwd`` (default: this process's
    working folder); stdout and stderr captured as text."""
    return ForkedProcess(args, code=code, env=env, cwd=cwd).run(timeout)


def python_script(path, *args, timeout: float = 300, cwd=None) -> subprocess.CompletedProcess:
    """``python PATH ARGS`` (an example script) as :func:`python_c` runs a program: its
    ``__main__`` block runs, ``sys.argv[0]`` is ``PATH``. ``AssertionError`` with its stderr
    when it fails."""
    code = "import runpy, sys; sys.argv[0] = sys.argv.pop(1); runpy.run_path(sys.argv[0], run_name='__main__')"
    res = python_c(code, path, *args, timeout=timeout, cwd=cwd)
    assert res.returncode == 0, f"python {path} {' '.join(map(str, args))}: exit {res.returncode}\n{res.stderr[-4000:]}"
    return res


def andrea_train(*args, timeout=300, env=None, launch=()) -> subprocess.CompletedProcess:
    """Run ``andrea-train ARGS`` to its end as a :class:`ForkedTrain`; stdout and stderr are
    captured as text. ``subprocess.TimeoutExpired`` (the process killed) after ``timeout`` s."""
    return ForkedTrain(args, launch=launch, env=env).run(timeout)


def andrea_train_refusal(*args) -> subprocess.CompletedProcess:
    """``andrea-train ARGS`` run in this process, for a command that is refused before it trains
    (no interpreter and torch import to wait for: ~2.5 s less than :func:`andrea_train`); stdout
    and stderr captured as text, argparse's exit as the return code. A command that trains belongs
    in :func:`andrea_train` (training sets the process's torch threads)."""
    import contextlib
    import io

    from andrea_desktop.cli.train import train_main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = train_main([str(a) for a in args])
        except SystemExit as exc:  # argparse: a usage error
            code = exc.code
    assert code != 0, f"andrea-train {args} was not refused: it trains here, in the test's process"
    return subprocess.CompletedProcess(["andrea-train", *map(str, args)], code, out.getvalue(), err.getvalue())


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
    gc.disable()
    # What the modules imported at collection made lives as long as the worker: frozen, a full
    # collection after a test walks only what tests made (~0.5 s a full collection before, most of
    # it torch's, Qt's and pyqtgraph's objects). A window's GcPolicy leaves this freezing as it is.
    gc.collect()
    gc.freeze()
    yield
    # Not enabled again: what follows is the worker's shutdown, which pytest-xdist's execnet gives
    # 5 s before it sends the process a SIGINT (``gateway_base._terminate_execution``). A full
    # collection of a whole session's heap, started by the first allocation after ``gc.enable()``,
    # outlasted that on a slow machine and printed a ``KeyboardInterrupt`` (raised inside the
    # collection) into a passing run. The interpreter collects at exit as it ends.


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
        from PySide6.QtCore import QDeadlineTimer, QEventLoop

        deadline = QDeadlineTimer(10_000)  # a loaded machine runs a due timer late
        while active() and not deadline.hasExpired():  # sleep in the event loop until the next is due
            loop = QEventLoop()
            QTimer.singleShot(max(0, min(t.remainingTime() for t in active())) + 5, loop.quit)
            loop.exec()
    active = active()
    assert not active, f"test left {len(active)} QTimer(s) running"
    writers = [t for t in threading.enumerate() if t.name == "andrea-store"]
    assert not writers, "test left a metrics-store writer thread running (RunStore not closed)"


@pytest.fixture(autouse=True)
def _no_forked_process_left():
    """Fail a test that leaves a :class:`ForkedProcess` running (it is killed): a child that
    outlived its test would train on beside the next ones, and the test worker, which waits for
    its children at exit, would never end."""
    yield
    left = [p for p in ForkedProcess.live if p.poll() is None]
    ForkedProcess.live.clear()
    for p in left:
        p.kill()
        p.wait(30)
    assert not left, f"test left {len(left)} forked process(es) running: {[p.args[:3] for p in left]}"


@pytest.fixture
def external_run(tmp_path):
    """A run trained by a separate andrea-train process (long schedule; stopped at the end)."""
    from andrea_desktop.core.rundir.layout import CONTROL_DB
    from andrea_desktop.core.rundir.reader import last_trained_step
    from andrea_desktop.core.training import prepare_run

    run = tmp_path / "ext"
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 100_000, "min_lr": 3e-4},
                      probe={"interval": 25, "sample_interval": 40, "sample_tokens": 6},
                      checkpoint={"interval": 1000})
    prepare_run(run, config=cfg)
    proc = ForkedTrain(["--run-dir", run, "--resume", "--max-steps", 100000, "-q"])
    deadline = time.monotonic() + 120
    while not ((run / CONTROL_DB).exists() and last_trained_step(run / "metrics.sqlite") >= 3):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.1)
    yield run, proc
    if proc.poll() is None:
        proc.terminate()
        proc.wait(60)
    proc.close()


def steer_external_trainer(qtbot, w, run, proc) -> None:
    """Steer the trainer of ``run`` (the process ``proc``) from window ``w``: Space pauses it (the
    window says paused, the trainer trains no more than the step in flight, the window shows its
    last step), Space again and it trains on; a pivot from the curriculum dialog reaches it; Stop
    ends it and the window says stopped."""
    from andrea_desktop.core.rundir.reader import last_trained_step

    db = run / "metrics.sqlite"
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    (paused_at,) = con.execute("SELECT step FROM events WHERE kind='pause' ORDER BY rowid DESC").fetchone()
    con.close()
    time.sleep(2.0)
    assert last_trained_step(db) <= paused_at + 1  # no more than the step in flight
    qtbot.waitUntil(lambda: w.history.last_step == last_trained_step(db), timeout=30_000)
    w.toggle_pause()
    qtbot.waitUntil(lambda: w.state == "running" and last_trained_step(db) > paused_at + 3, timeout=60_000)
    names = list(w.info.source_names)
    assert w.exclude_source(names[-1])
    qtbot.waitUntil(lambda: any(k == "pivot" for _, k, _ in w.history.events), timeout=30_000)
    w.stop_training()
    assert proc.wait(60) == 0
    qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)


@pytest.fixture
def tracked():
    """``andrea_desktop.track.init`` whose runs are finished at the end of the test, whatever
    happened (a run left open keeps its store's writer thread)."""
    from andrea_desktop import track

    runs = []

    def init(*a, **k):
        runs.append(track.init(*a, **k))
        return runs[-1]

    yield init
    for run in runs:
        run.finish()


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


def fake_probe(step: int, tokens: list[str], vocab: list[str], watch_ids: list[int], seed: int = 0) -> dict:
    """A live probe as the trainer hands it over: random causal attention of ``tokens`` (2 layers x
    2 heads) and a random 8-wide embedding of ``vocab``, watching ``watch_ids``."""
    import numpy as np

    g, T, L, H = np.random.default_rng(seed), len(tokens), 2, 2
    att = g.random((L, H, T, T)).astype(np.float32) * np.tril(np.ones((T, T), np.float32))
    att /= att.sum(-1, keepdims=True)
    stats = {k: g.random((L, H)).astype(np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(step), "tokens": np.arange(T), "attention": att.astype(np.float16),
            "token_text": np.asarray(tokens), "roles": np.full((L, H), "", dtype="<U16"), "text": "".join(tokens),
            "source_text": "".join(tokens), "text_tokens": T, **stats,
            "watch_ids": np.asarray(watch_ids, np.int64),
            "neighbours": np.asarray([[(i + j + 1) % len(vocab) for j in range(3)] for i in watch_ids], np.int64),
            "embedding": g.normal(size=(len(vocab), 8)).astype(np.float32), "vocab": np.asarray(vocab)}


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


# ------------------------------------------------------------------ run folders, checkpoints, probe and terrain files
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")
"""A test of FIFOs, devices or ``/dev/zero``."""


@contextlib.contextmanager
def no_hang(seconds=20):
    """Fail the test instead of hanging when a read blocks (a FIFO without a writer)."""
    def on_alarm(*_):
        raise AssertionError(f"blocked for {seconds} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_with_config(tmp_path) -> Path:
    """A run folder ``tmp_path/run`` holding only the default ``config.toml``."""
    from andrea_desktop.core.config import build_config, save_config
    from andrea_desktop.core.rundir.layout import CONFIG

    run = tmp_path / "run"
    run.mkdir()
    save_config(build_config(), run / CONFIG)
    return run


def ckpt_config(**over):
    """:func:`tiny_config` with a checkpoint every 5 steps, the last 2 kept, and no probes."""
    return tiny_config(**{"checkpoint": {"interval": 5, "keep_last": 2}, "probe": {"enabled": False}, **over})


def make_ckpt_run(path, steps=10, cfg=None):
    """Train a run of ``cfg`` (default :func:`ckpt_config`) in ``path`` to ``steps``; returns ``path``."""
    train_run(path, cfg or ckpt_config(), steps)
    return path


def disk_state(run_dir) -> dict:
    """What a failed resume must not change: config, checkpoints, probes, and every DB row."""
    out = {}
    for f in sorted(run_dir.rglob("*")):
        rel = f.relative_to(run_dir).as_posix()
        if f.is_file() and (rel == "config.toml" or rel.startswith(("checkpoints/", "probes/"))):
            out[rel] = hashlib.sha256(f.read_bytes()).hexdigest()
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    for table in ("scalars", "events", "samples"):
        out[table] = con.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    con.close()
    return out


def logged_losses(db) -> dict[int, float]:
    """step: training loss of the metrics database ``db``; fails on a step logged twice."""
    con = sqlite3.connect(db)
    rows = con.execute("SELECT step, value FROM scalars WHERE name='train/loss'").fetchall()
    dup = con.execute("SELECT step, COUNT(*) FROM scalars WHERE name='train/loss' GROUP BY step "
                      "HAVING COUNT(*) > 1").fetchall()
    con.close()
    assert not dup, f"steps logged twice: {dup}"
    return dict(rows)


def scalar_rows(run_dir):
    """Every row of the run's ``scalars`` table, in the order written."""
    con = sqlite3.connect(run_dir / "metrics.sqlite")
    out = con.execute("SELECT * FROM scalars ORDER BY rowid").fetchall()
    con.close()
    return out


def npz_claiming(path, name, shape):
    """An .npz whose member ``name`` claims ``shape`` float32 in its header (a decompression
    bomb's size, without its bytes)."""
    import io
    import zipfile

    import numpy as np

    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f4", "fortran_order": False, "shape": shape})
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}.npy", buf.getvalue())


def uniform_probe(T=4, L=2, H=2, roles="", tokens=None) -> dict:
    """A probe of ``L`` layers of ``H`` heads whose causal attention over ``T`` tokens is uniform,
    every head's role ``roles``, the tokens ``t0``, ``t1``, … unless given (as read from a probe file)."""
    import numpy as np

    att = np.tril(np.ones((T, T), np.float32))
    att = np.broadcast_to(att / att.sum(-1, keepdims=True), (L, H, T, T)).copy()
    tokens = tokens if tokens is not None else [f"t{i}" for i in range(T)]
    stats = {k: np.zeros((L, H), np.float32) for k in ("entropy", "previous_token", "sink", "induction")}
    return {"step": np.int64(10), "attention": att, "token_text": np.asarray(tokens, dtype=object),
            "roles": np.full((L, H), roles, dtype=object), **stats}


class StepLog:
    """An observer that records losses (and whether a terrain job was running meanwhile)."""

    def __init__(self, auto=None):
        self.auto = auto
        self.losses, self.overlapped = [], 0

    def on_step(self, rec):
        self.losses.append((rec.step, rec.loss, rec.grad_norm))
        jobs = self.auto.jobs if self.auto is not None else None
        self.overlapped += jobs is not None and jobs.running_step is not None


SMALL_TERRAIN = {"grid": 3, "plane_grid": 3, "n_rows": 3, "basin_directions": 2, "hutchinson_samples": 2,
                 "eig_tol": 0.1}
"""Terrain settings that compute in seconds on a tiny model (``tiny_config(terrain=...)``)."""


# ------------------------------------------------------------------ Qt: slots, texts, legends, questions
@pytest.fixture
def raised(monkeypatch):
    """The exceptions that escape into Qt's event loop (PySide6 hands them to sys.excepthook)."""
    got = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: got.append(a[1]))
    return got


def _plain(label) -> str:
    import pyqtgraph as pg
    from PySide6.QtGui import QTextDocument

    text = label.text()
    if "<" in text and ">" in text and label.textFormat() != pg.QtCore.Qt.TextFormat.PlainText:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def clipped_when_settled(qtbot, root, timeout: float = 2.0) -> list[str]:
    """:func:`clipped_texts` of ``root`` once its layout has settled: a widget given a longer text
    (a notice's new kind, a label's translation) is laid out again a few events later, on a busy
    machine later than any fixed wait; what is still clipped after ``timeout`` s is returned."""
    import time

    deadline = time.monotonic() + timeout
    while (found := clipped_texts(root)) and time.monotonic() < deadline:
        qtbot.wait(50)
    return found


def clipped_texts(root) -> list[str]:
    """Our visible labels, buttons and table headers under the widget ``root`` whose text does
    not fit (an elided one with a tooltip fits)."""
    import pyqtgraph as pg
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractScrollArea,
        QHeaderView,
        QLabel,
        QPushButton,
        QStyle,
        QWidget,
    )

    bad = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or w.window() is not root.window():
            continue
        name = f"{type(w).__name__} {w.objectName() or ''}".strip()
        if isinstance(w, QLabel):
            text = _plain(w)
            if not text.strip() or w.pixmap() is not None and not w.pixmap().isNull():
                continue
            box = w.contentsRect()
            if w.wordWrap():
                fits = w.heightForWidth(w.width()) <= w.height() + 1
            else:
                fits = max(w.fontMetrics().horizontalAdvance(line) for line in text.split("\n")) <= box.width() + 1
            if not fits and not w.toolTip():
                bad.append(f"{name}: {text!r} in {box.width()}x{box.height()}")
        elif isinstance(w, QAbstractButton) and w.text():
            need = w.fontMetrics().horizontalAdvance(w.text().replace("&", ""))
            if isinstance(w, QPushButton):
                need += 2 * w.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin)
                if w.menu() is not None:  # the arrow needs its own room (Export)
                    need += w.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator)
                fits = w.width() >= need
            else:
                fits = w.width() >= w.sizeHint().width() - 1
            if not fits:
                bad.append(f"{name}: {w.text()!r} is {w.width()} px wide, needs {need}+")
        elif isinstance(w, QHeaderView) and w.orientation() == pg.QtCore.Qt.Orientation.Horizontal:
            model = w.model()
            for c in range(w.count()):
                if w.isSectionHidden(c):
                    continue
                text = str(model.headerData(c, pg.QtCore.Qt.Orientation.Horizontal) or "")
                need = w.fontMetrics().horizontalAdvance(text) + w.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
                if w.sectionSize(c) < need:
                    bad.append(f"{name} of {w.parent().objectName()}: {text!r} in {w.sectionSize(c)} px")
        if isinstance(w, QAbstractScrollArea) and not isinstance(w, pg.GraphicsView) \
                and w.horizontalScrollBar().isVisible():  # a table or a form cut at its right edge
            bad.append(f"{name}: a horizontal scroll bar")
    return bad


def answer_questions(notices, look) -> list[str]:
    """Ask the window's three blocking questions (quit, restart, changed settings), call
    ``look(box)`` on each box while it waits for an answer, then cancel it; their titles, in order."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    seen = []

    def inspect_and_close():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, inspect_and_close)
            return
        seen.append(box.windowTitle())
        look(box)
        box.reject()

    for ask in (notices.confirm_quit, notices.confirm_restart,
                lambda: notices.confirm_changed_settings("schedule.total_steps: 100 → 120\noptimizer.lr: 0.003 → 0.002")):
        QTimer.singleShot(50, inspect_and_close)
        ask()
    return seen


def legend_entries(legend) -> dict[str, object]:
    """A pyqtgraph legend's entries: label text: the item its sample stands for."""
    return {label.text: sample.item for sample, label in legend.items}


# ------------------------------------------------------------------ translations
TS_DIR = Path(__file__).resolve().parents[1] / "resources" / "i18n"
"""The committed translation sources, ``andrea_<lang>.ts``."""


def lrelease_path() -> str:
    """Qt's ``lrelease`` as PySide6 ships it (what ``pyside6-lrelease``, a Python script that
    starts an interpreter first, ~0.4 s a call here, runs); else ``pyside6-lrelease`` of this
    interpreter's environment or of ``PATH``."""
    import PySide6

    binary = Path(PySide6.__file__).parent / ("lrelease.exe" if sys.platform == "win32" else "lrelease")
    if binary.is_file() and os.access(binary, os.X_OK):
        return str(binary)
    found = Path(sys.executable).parent / "pyside6-lrelease"
    return str(found) if found.exists() else (shutil.which("pyside6-lrelease") or "pyside6-lrelease")


def ts_messages(lang: str) -> dict[tuple[str, str], str]:
    """(context, source): translation of ``andrea_<lang>.ts``, unfinished ones as ``""``; of a
    plural message its last form (the plural's: the text for 0 or 2 and more; Indonesian's one)."""
    out = {}
    for ctx in ET.parse(TS_DIR / f"andrea_{lang}.ts").getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            t = m.find("translation")
            forms = [f.text or "" for f in t.findall("numerusform")] or [t.text or ""]
            out[name, m.findtext("source")] = "" if t.get("type") == "unfinished" else forms[-1]
    return out


def ts_entries(path: Path) -> dict[tuple[str, str, str], list[str] | None]:
    """(context, source, comment): the translation's forms (one, or the plural forms of a
    numerus entry) of a .ts file, None when unfinished; obsolete and vanished ones left out."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            t = m.find("translation")
            kind = t.get("type") if t is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            forms = [f.text or "" for f in t.findall("numerusform")] or [t.text or ""]
            out[name, m.findtext("source") or "", m.findtext("comment") or ""] = (
                None if kind == "unfinished" or not all(forms) else forms)
    return out


def placeholder_fields(text: str) -> list[str]:
    """The ``{name}`` fields, ``%1`` places and simple tags of a text, in order (compare sorted)."""
    import re

    return re.findall(r"\{\w+\}|%\d|<[a-z/]+>", text)


@pytest.fixture
def language(qapp, tmp_path, monkeypatch):
    """``set(lang)`` saves ``ui/language`` (the .qm built into a temp folder when the checkout has
    none: a fresh clone before ``make install``); settings, translators and locale restored after."""
    from PySide6.QtCore import QLocale, QSettings

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.common import i18n as qt_i18n

    configure_app(qapp)  # QSettings' names

    def set_language(lang: str) -> None:
        if lang != "en" and not qm_of(lang).is_file():
            built = tmp_path / f"andrea_{lang}.qm"
            subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{lang}.ts"), "-qm", str(built)],
                           check=True)
            monkeypatch.setattr(qt_i18n, "qm_path", lambda code, built=built, lang=lang:
                                built if code == lang else qm_of(code))
        QSettings().setValue(qt_i18n.SETTINGS_KEY, lang)

    qm_of = qt_i18n.qm_path
    yield set_language
    QSettings().remove(qt_i18n.SETTINGS_KEY)
    monkeypatch.undo()
    qt_i18n.install_translators(qapp, "en")
    QLocale.setDefault(QLocale.system())


@pytest.fixture
def settings_kept(qapp):
    """QSettings as the test found them (a session's tests share them: the layout the window saves
    when it closes, ``ui/language``, the open reading panes), and no saved layout while it runs:
    the window opens at its default size and layout. Request it first, before ``qtbot``, so that
    it restores after the windows are closed."""
    from PySide6.QtCore import QSettings

    from andrea_desktop.gui.app import configure_app

    configure_app(qapp)
    s = QSettings()
    before = {k: s.value(k) for k in s.allKeys()}
    s.remove("mainwindow")
    yield
    s = QSettings()
    for k in s.allKeys():
        if k not in before:
            s.remove(k)
    for k, v in before.items():
        if s.value(k) != v:
            s.setValue(k, v)
    s.sync()


@pytest.fixture(scope="module")
def filled_run(tmp_path_factory):
    """A short run with checkpoints, probes, samples and validation: every panel has something to
    show (trained once per test module)."""
    run = tmp_path_factory.mktemp("trained") / "trained"
    cfg = tiny_config(schedule={"warmup_steps": 3, "total_steps": 24, "min_lr": 3e-4},
                      train={"eval_interval": 4, "eval_rows": 8}, checkpoint={"interval": 6},
                      probe={"interval": 6, "sample_interval": 6, "sample_tokens": 6})
    train_run(run, cfg, 12)
    return run


def import_error_without(module: str, blocked: str) -> str:
    """What importing ``module`` says in a fresh interpreter where ``blocked`` cannot be imported
    (an optional framework missing): the ImportError's message, or "" when the import worked."""
    code = (f"import sys\nsys.modules[{blocked!r}] = None\ntry:\n    import {module}\n"
            "except ImportError as exc:\n    print(exc)\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          check=True).stdout


def wait_for(cond, timeout: float = 60.0, what: str = "") -> None:
    """Poll ``cond()`` every 20 ms until it is true; fail the test after ``timeout`` seconds
    (for a loop in another thread, where qtbot.waitUntil has no event loop to spin)."""
    import time

    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, f"timed out waiting for {what or cond}"
        time.sleep(0.02)


SEED_GROUP_RUNS = {  # name: (lr, seed, steps, seconds per step): two groups of seeds, of different lengths
    "lr3e-3-s1": (3e-3, 1, 30, 1.0),
    "lr3e-3-s2": (3e-3, 2, 22, 1.3),
    "lr3e-3-s3": (3e-3, 3, 26, 0.7),
    "lr1e-3-s1": (1e-3, 1, 24, 0.9),
    "lr1e-3-s2": (1e-3, 2, 24, 1.1),
}
"""Runs :func:`write_seed_group_runs` writes: the three ``lr3e-3`` runs differ only in their seed,
as do the two ``lr1e-3`` ones."""


def write_seed_group_runs(folder: Path, runs: dict | None = None, upto: int | None = None) -> dict[str, Path]:
    """Write the metrics stores of :data:`SEED_GROUP_RUNS` (or ``runs``) by hand, no training: a
    ``config.toml`` (a tiny config with the run's LR and seed) and, per step, ``train/loss`` (a
    decay with seed noise), ``train/lr`` and every 5 steps ``val/loss``, one row every
    ``seconds per step`` after a ``start`` event. ``upto``: the steps after those already
    written up to this one only (a run growing: call again with a larger one). Returns the run
    folders by name."""
    import numpy as np

    from andrea_desktop.core.config import save_config
    from andrea_desktop.core.metrics import TRAIN_LOSS, TRAIN_LR, VAL_LOSS
    from andrea_desktop.core.rundir.reader import RunReader
    from andrea_desktop.core.rundir.store import RunStore

    out = {}
    for name, (lr, seed, steps, dt) in (runs or SEED_GROUP_RUNS).items():
        run_dir = Path(folder) / name
        fresh = not run_dir.exists()
        run_dir.mkdir(parents=True, exist_ok=True)
        if fresh:
            save_config(tiny_config(optimizer={"lr": lr, "weight_decay": 0.1}, run={"seed": seed}),
                        run_dir / "config.toml")
        done = 0
        if not fresh:
            reader = RunReader(run_dir / "metrics.sqlite")
            done = reader.last_step()
            reader.close()
        store = RunStore(run_dir / "metrics.sqlite")
        rng = np.random.default_rng(seed + int(lr * 1e6))
        t = 2_000_000.0 + 100 * seed
        if fresh:
            store.log_event(0, "start", {}, wall_time=t)
        last = steps if upto is None else min(steps, upto)
        noise = rng.normal(0.0, 0.05, steps)
        scale = 1.0 + 0.12 * (seed - 2)  # each seed its own curve: a band to see
        for step in range(done + 1, last + 1):
            decay = 5.0 * scale * np.exp(-step * lr * 30)
            row = {TRAIN_LOSS: decay + 1.0 + 0.1 * (seed - 2) + noise[step - 1], TRAIN_LR: lr}
            if step % 5 == 0:
                row[VAL_LOSS] = decay + 1.2 + 0.1 * (seed - 2) + noise[step - 1] / 2
            store.log_scalars(step, {k: float(v) for k, v in row.items()}, wall_time=t + step * dt)
        store.close()
        out[name] = run_dir
    return out


def runs_dock(make_window, folder: Path):
    """The runs dock of a new window listing ``folder`` (no recently opened or added runs of other
    tests), every run read."""
    from PySide6.QtCore import QSettings

    QSettings().setValue("runs/recent", [])
    QSettings().setValue("runs/added", [])
    w = make_window(run="this-window")
    d = w.runs_panel
    d.set_folder(folder)
    d.read_all()
    return d


@pytest.fixture
def speak(qapp, tmp_path, monkeypatch):
    """``speak(lang)``: the interface in ``lang`` with this checkout's translations (each .qm built
    from its .ts); English with its plural forms and the system's locale back after."""
    from PySide6.QtCore import QLocale

    from andrea_desktop.gui.common import i18n as qt_i18n

    built: dict[str, Path] = {}
    original = qt_i18n.qm_path

    def set_language(lang: str) -> None:
        for code in ("en", lang):
            if not (TS_DIR / f"andrea_{code}.ts").is_file():
                continue  # (a checkout without English plural forms: English reads "1 step(s)")
            qm = tmp_path / f"andrea_{code}.qm"
            subprocess.run([lrelease_path(), "-silent", str(TS_DIR / f"andrea_{code}.ts"), "-qm", str(qm)], check=True)
            built[code] = qm
        monkeypatch.setattr(qt_i18n, "qm_path", lambda code: built.get(code) or original(code))
        assert qt_i18n.install_translators(qapp, lang) == lang

    yield set_language
    monkeypatch.undo()
    qt_i18n.install_translators(qapp, "en")
    QLocale.setDefault(QLocale.system())


def save_shot(widget, name: str) -> None:
    """Save ``widget.grab()`` as ``name`` in the folder ``$ANDREA_SHOTS`` names, only when it is set
    (screenshots on request: a test run writes nothing outside its temporary folders)."""
    import os

    folder = os.environ.get("ANDREA_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(folder) / name))


def _asyncssh():
    """asyncssh, imported when an SSH test server is made (not at collection)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # asyncssh's own DSA deprecation warnings at import
        import asyncssh
    return asyncssh


class SSHTestServer:
    """An SSH server on 127.0.0.1 that accepts one public key and runs each command with a
    shell whose PATH finds ``andrea-follow`` (this interpreter's entry point): asyncssh in this
    process, keys made for it (no root, no system sshd). tests/test_remote_ssh.py and
    benchmarks/remote_follow.py (``--test-server``) follow runs through it with the OpenSSH client."""

    def __init__(self, folder: Path) -> None:
        import asyncio
        import threading

        asyncssh = _asyncssh()
        self.folder = folder
        self.bin = folder / "bin"
        self.bin.mkdir(parents=True)
        follow = self.bin / "andrea-follow"
        follow.write_text(f"#!/bin/sh\nexec {sys.executable} -m andrea_desktop.cli.follow_stdio \"$@\"\n")
        follow.chmod(0o755)
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key.write_private_key(str(folder / "id_test"))
        (folder / "id_test").chmod(0o600)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), name="test-sshd", daemon=True)
        self.thread.start()
        assert ready.wait(30)

    def _run(self, ready) -> None:
        import asyncio

        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._start())
        ready.set()
        self.loop.run_forever()

    async def _start(self) -> None:
        import asyncio

        asyncssh = _asyncssh()
        env = {**os.environ, "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
               "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        authorized = asyncssh.import_authorized_keys(self.client_key.export_public_key().decode())

        async def handle(process):
            proc = await asyncio.create_subprocess_shell(process.command, stdin=asyncio.subprocess.PIPE,
                                                         stdout=asyncio.subprocess.PIPE,
                                                         stderr=asyncio.subprocess.PIPE, env=env)
            async def pump_in():  # the client's stdin to the command, until either ends
                try:
                    while data := await process.stdin.read(1 << 16):
                        proc.stdin.write(data)
                        await proc.stdin.drain()
                except (OSError, asyncssh.Error):
                    pass
                finally:
                    proc.stdin.close()

            async def pump_out(src, dst):
                while data := await src.read(1 << 16):
                    dst.write(data)
                    await dst.drain()

            feeding = asyncio.ensure_future(pump_in())
            try:
                await asyncio.gather(pump_out(proc.stdout, process.stdout), pump_out(proc.stderr, process.stderr))
            except (OSError, asyncssh.Error):  # the client went away: end the command
                pass
            finally:
                if proc.returncode is None:
                    proc.kill()
                rc = await proc.wait()
                feeding.cancel()
            process.exit(rc)

        self.acceptor = await asyncssh.listen("127.0.0.1", 0, server_host_keys=[self.host_key],
                                              authorized_client_keys=authorized, process_factory=handle,
                                              encoding=None)
        self.port = self.acceptor.sockets[0].getsockname()[1]

    def config(self, known: bool = True) -> Path:
        """An ssh client config (``-F``) naming this server ``testbox``; ``known``: its host key
        is in the known hosts file."""
        known_hosts = self.folder / ("known_hosts" if known else "known_hosts_empty")
        line = f"[127.0.0.1]:{self.port} {self.host_key.export_public_key().decode().strip()}\n"
        known_hosts.write_text(line if known else "")
        cfg = self.folder / ("config" if known else "config_unknown")
        cfg.write_text(f"""Host testbox
    HostName 127.0.0.1
    Port {self.port}
    User tester
    IdentityFile {self.folder / 'id_test'}
    IdentitiesOnly yes
    IdentityAgent none
    UserKnownHostsFile {known_hosts}
    GlobalKnownHostsFile /dev/null
    PasswordAuthentication no
    KbdInteractiveAuthentication no
    LogLevel ERROR
""")
        return cfg

    def close(self) -> None:
        import asyncio

        async def stop():
            self.acceptor.close()
            await self.acceptor.wait_closed()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
