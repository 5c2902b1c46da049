"""The New Run dialog's live estimates: parameter count, memory, tokens and FLOPs per step at
once (closed forms), and a time per step measured by a few trial steps on a worker thread,
debounced after the last edit and restarted when the settings change; hence an ETA."""

from __future__ import annotations

import atexit
import logging

from PySide6.QtCore import QCoreApplication, QThread, QTimer, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QWidget

from ....core.config import Config
from ....core.training.trial import TrialSkipped, estimate_run, measure_step_time
from ...common.i18n import format_duration, format_number, plural_n
from ...common.theme import colour

__all__ = ["QtRunEstimates", "TrialThread", "fmt_duration"]

log = logging.getLogger(__name__)

DEBOUNCE_MS = 500
TRIAL_STEPS = 3


fmt_duration = format_duration
"""``1:02:03``, ``2 d 3:04:05`` (:func:`~andrea_desktop.gui.common.i18n.format_duration`)."""


def _si(x: float, unit: str = "") -> str:
    for prefix, size in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(x) >= size:
            return f"{format_number(x / size, 2)} {prefix}{unit}"
    return f"{format_number(x, 0)} {unit}".rstrip()


def _trial_key(cfg: Config) -> tuple:
    """What the time of a step depends on (a change elsewhere does not re-run the trial)."""
    return (cfg.model.n_layer, cfg.model.n_head, cfg.model.d_model, cfg.model.block_size, cfg.model.dropout,
            cfg.model.vocab_size or cfg.data.tokenizer_vocab_size, cfg.train.batch_size, cfg.train.grad_accum,
            cfg.run.device, cfg.run.torch_threads, cfg.optimizer.grad_clip)


_RUNNING: set[TrialThread] = set()
"""Trial threads that have not finished: a thread has no parent, so the dialog it measures for
can be deleted (closed without ``done``, collected) while it runs its step; Qt aborts the process
when a running QThread is destroyed. Each leaves this set when it finishes; at exit the rest are
asked to stop and waited for (:func:`_stop_running`)."""


def _stop_running() -> None:
    """Stop every trial still running (each ends after its current step) and wait for it."""
    for thread in list(_RUNNING):
        thread.requestInterruption()
    for thread in list(_RUNNING):
        thread.wait()
    _RUNNING.clear()


atexit.register(_stop_running)


class TrialThread(QThread):
    """Runs :func:`~andrea_desktop.core.training.trial.measure_step_time` off the GUI thread.

    Signals
    -------
    measured(float)
        Seconds per step.
    skipped(str)
        Why there is no measurement (too big, no device, a failure).
    """

    measured = Signal(float)
    skipped = Signal(str)

    def __init__(self, cfg: Config, steps: int, parent=None) -> None:
        super().__init__(parent)
        self.cfg, self.steps = cfg, steps

    def run(self) -> None:
        try:
            seconds = measure_step_time(self.cfg, self.steps, stopped=self.isInterruptionRequested)
        except TrialSkipped as exc:
            self.skipped.emit(str(exc))
        except (RuntimeError, MemoryError, ValueError) as exc:  # out of memory, a kernel refusing the shape
            log.warning("trial steps failed: %s", exc)
            self.skipped.emit(QCoreApplication.translate("QtRunEstimates", "trial failed: {error}").format(
                error=str(exc)[:200]))
        else:
            if seconds is not None:
                self.measured.emit(seconds)


class QtRunEstimates(QGroupBox):
    """The estimates of the dialog's configuration.

    Signals
    -------
    trial_done
        A trial ended (measured or skipped); :attr:`step_time` holds its result.
    """

    trial_done = Signal()

    def __init__(self, parent: QWidget | None = None, steps: int = TRIAL_STEPS) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Estimates"))
        self.steps = steps
        form = QFormLayout(self)
        self.labels: dict[str, QLabel] = {}
        for key, text, tip in (
            ("params", self.tr("Parameters"), self.tr("weights of the model (the tied embedding once)")),
            ("memory", self.tr("Memory to train"), self.tr("fp32 weights, gradients, AdamW moments and activations (estimate)")),
            ("tokens", self.tr("Tokens per step"), self.tr("train.batch_size x model.block_size")),
            ("flops", self.tr("FLOPs per token"), self.tr("6 N + 12 L H Q T, N the parameters without the position embedding (PaLM, Chowdhery et al., 2022, appendix B; as nanoGPT's estimate_mfu and perf/mfu); per step in brackets")),
            ("time", self.tr("Time per step"),
             self.tr("measured: {steps} trial steps of this model on random tokens, at the chosen threads, after one warm-up step").format(steps=steps)),
            ("eta", self.tr("ETA"), self.tr("time per step x steps to train (max steps, or the schedule's total)")),
        ):
            label = QLabel("–")
            label.setObjectName(f"estimate.{key}")
            label.setToolTip(tip)
            label.setWordWrap(True)
            form.addRow(text, label)
            self.labels[key] = label
        self.step_time: float | None = None
        self.skip_reason: str | None = None
        self._cfg: Config | None = None
        self._steps_to_train = 0
        self._measured_key: tuple | None = None
        self._thread: TrialThread | None = None
        self._thread_key: tuple | None = None
        self._pending = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start_trial)

    # ------------------------------------------------------------------ config in
    def show_config(self, cfg: Config | None, steps_to_train: int) -> None:
        """The closed forms of ``cfg`` at once; the trial after :data:`DEBOUNCE_MS` of quiet
        (only when what a step's time depends on changed). None: the settings are not valid."""
        self._cfg, self._steps_to_train = cfg, steps_to_train
        if cfg is None:
            for label in self.labels.values():
                label.setText("–")
            self._timer.stop()
            return
        est = estimate_run(cfg)
        self.labels["params"].setText(f"{format_number(est.params)}  ({_si(est.params)})")
        mib = format_number(est.memory / 2**20, 0, grouping=True)
        mem = (f"≈ {mib} MiB" if est.available is None
               else self.tr("≈ {mib} MiB of {gib} GiB").format(mib=mib, gib=format_number(est.available / 2**30, 1, grouping=True)))
        self.labels["memory"].setText(mem)
        self.labels["memory"].setStyleSheet("" if est.fits else f"color: {colour('error')};")
        self.labels["tokens"].setText(format_number(est.tokens_per_step))
        self.labels["flops"].setText(self.tr("{per_token}  ({per_step} a step)").format(
            per_token=_si(est.flops_per_token), per_step=_si(est.flops_per_step)))
        if _trial_key(cfg) != self._measured_key:
            self.step_time, self.skip_reason = None, None
            self.labels["time"].setText(self.tr("measuring…"))
            self._timer.start()
        self._show_time()

    def _show_time(self) -> None:
        t = self.step_time
        if t is None:
            self.labels["eta"].setText("–" if self.skip_reason else "…")
            return
        self.labels["time"].setText(f"{format_number(t * 1000, 1, grouping=True)} ms" if t < 1 else f"{format_number(t, 2, grouping=True)} s")
        self.labels["eta"].setText(self.tr("{duration} for {steps} step(s)", "", plural_n(self._steps_to_train)).format(
            duration=fmt_duration(t * self._steps_to_train), steps=format_number(self._steps_to_train)))

    # ------------------------------------------------------------------ the trial
    def _start_trial(self) -> None:
        if self._cfg is None:
            return
        if self._thread is not None:  # a trial of older settings: stop it, start anew after
            self._thread.requestInterruption()
            self._pending = True
            return
        self._pending = False
        cfg = self._cfg
        thread = TrialThread(cfg, self.steps)  # no parent: it outlives a dialog deleted mid-step (_RUNNING)
        self._thread, self._thread_key = thread, _trial_key(cfg)
        _RUNNING.add(thread)
        thread.finished.connect(lambda: _RUNNING.discard(thread))
        thread.measured.connect(self._on_measured)
        thread.skipped.connect(self._on_skipped)
        thread.finished.connect(self._on_finished)
        thread.start(QThread.Priority.LowPriority)

    def _current(self) -> bool:
        return self._cfg is not None and self._thread_key == _trial_key(self._cfg)

    def _on_measured(self, seconds: float) -> None:
        if self._current():
            self.step_time, self.skip_reason, self._measured_key = seconds, None, self._thread_key
            self._show_time()
            self.trial_done.emit()

    def _on_skipped(self, reason: str) -> None:
        if self._current():
            self.step_time, self.skip_reason, self._measured_key = None, reason, self._thread_key
            self.labels["time"].setText(reason)
            self._show_time()
            self.trial_done.emit()

    def _on_finished(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.deleteLater()
        if self._pending or (self._cfg is not None and _trial_key(self._cfg) != self._measured_key
                             and not self._timer.isActive()):
            self._start_trial()

    def stop(self) -> None:
        """Cancel the trial (it ends after its current step) and wait for it."""
        self._timer.stop()
        self._pending = False
        self._cfg = None
        thread = self._thread
        if thread is not None:
            thread.requestInterruption()
            thread.wait()
            self._thread = None
            thread.deleteLater()
