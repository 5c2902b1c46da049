"""What the window tells the user: message boxes, anomaly notices, the progress dialog, the
quit and restart questions, and the Help menu's boxes.

Boxes are non-blocking (``open()``, window-modal) so that the event loop and the training keep
running; only the questions whose answer decides what happens next (quit, restart) block. A
training anomaly (a non-finite loss, a spike, a cliff, a repetitive sample, a vertex) is no box:
it is the notice bar over the loss panel (:class:`~andrea_desktop.gui.window.anomaly_notice.QtAnomalyNotice`),
which takes neither the keyboard nor the event loop.
"""

from __future__ import annotations

import platform

import pyqtgraph as pg
import torch
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QWidget

from ...core.anomaly import is_follow_up
from ...core.metrics import AnomalyKind
from ..common import log_file as qt_logging
from ..common.i18n import format_decimal, format_number, plural_n
from .anomaly_notice import NOTICE_KINDS, QtAnomalyNotice, _real, _whole

__all__ = ["QtNotices", "SHORTCUTS", "notify"]

SHORTCUTS = [
    ("Space", QT_TRANSLATE_NOOP("QtNotices", "Pause / resume training")),
    ("Ctrl+E", QT_TRANSLATE_NOOP("QtNotices", "Curriculum: edit constraints (pivots the running training)")),
    ("Ctrl+N", QT_TRANSLATE_NOOP("QtNotices", "New run")),
    ("Ctrl+B", QT_TRANSLATE_NOOP("QtNotices", "Branch from a checkpoint of the open run (new LR, schedule or curriculum)")),
    ("Ctrl+O", QT_TRANSLATE_NOOP("QtNotices", "Open a run directory (its whole history; Start continues it from its "
                                              "newest checkpoint)")),
    ("Ctrl+S", QT_TRANSLATE_NOOP("QtNotices", "Write a checkpoint now (kept whatever checkpoint.keep_last says)")),
    ("Ctrl+Q", QT_TRANSLATE_NOOP("QtNotices", "Quit (asks first while training)")),
    ("F11", QT_TRANSLATE_NOOP("QtNotices", "Full screen")),
]
"""Help → Keyboard Shortcuts: key, what it does (English; translated, context ``QtNotices``, when shown)."""

Icon = QMessageBox.Icon


def notify(parent: QWidget, title: str, text: str, icon: Icon = Icon.Information) -> QMessageBox:
    """A non-blocking message box over ``parent``'s window: the main window's own
    (:meth:`QtNotices.show_message`, one box at a time) when ``parent`` is in it, else a
    window-modal box of its own, opened with ``open()`` (never Qt's blocking static boxes: the
    event loop and the training keep running). Returns the box."""
    notices = getattr(parent.window(), "notices", None) if parent is not None else None
    if isinstance(notices, QtNotices):
        notices.show_message(title, text, icon)
        return notices.box
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


class QtNotices(QObject):
    """Message boxes and dialogs of one main window.

    Signals
    -------
    exclude_requested(str)
        The user chose "Exclude <source>" in a loss-anomaly notice.
    resume_requested()
        The user chose "Resume" in a notice of an anomaly that paused the training.
    curriculum_requested()
        The user chose "Curriculum…" in a vertex notice.
    cancel_requested()
        The user cancelled the preparation (or the wait for the last step while quitting).
    status_message(str, int)
        A line for the status bar and how long it shows (ms): the window shows it.
    message_shown(str, str)
        A message box or an anomaly notice opened: its title and text (what the user was told).

    Parameters
    ----------
    parent
        The Qt parent: the widget the boxes and dialogs open over (the main window). Only its
        widget part is used (boxes over it, the keyboard focus back to it); what the window
        shows otherwise comes from the signals.
    """

    exclude_requested = Signal(str)
    resume_requested = Signal()
    curriculum_requested = Signal()
    cancel_requested = Signal()
    status_message = Signal(str, int)
    message_shown = Signal(str, str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.box: QMessageBox | None = None
        """The message box on screen (one at a time), or None."""
        self.progress: QProgressDialog | None = None
        self.focus: QWidget | None = None
        """What takes the keyboard focus back when a progress dialog closes (not a text field,
        so that Space works at once)."""
        self.notice = QtAnomalyNotice()
        """The anomaly notice bar (the window places it over the loss panel)."""
        self.notice.exclude_requested.connect(self.exclude_requested)
        self.notice.resume_requested.connect(self.resume_requested)
        self.notice.curriculum_requested.connect(self.curriculum_requested)
        self.notice.opened.connect(self.message_shown)

    # ------------------------------------------------------------------ message boxes
    def show_message(self, title: str, text: str, icon: Icon = Icon.Information, rich: bool = False) -> None:
        """A non-blocking message box (the event loop and the training keep running). Its text is
        plain (a source or run name with ``<b>`` in it is shown as written) unless ``rich``."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self._over())
        box.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        self._show(box)

    def _over(self) -> QWidget:
        """The widget the boxes and dialogs open over (the Qt parent)."""
        return self.parent()

    def _show(self, box: QMessageBox) -> None:
        if self.box is not None:
            self.box.close()
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _r, b=box: self._forget(b))
        self.box = box
        box.open()
        self.message_shown.emit(box.windowTitle(), box.text())

    def _forget(self, box: QMessageBox) -> None:
        if self.box is box:
            self.box = None

    def close(self) -> None:
        """Close the message box on screen, if any."""
        if self.box is not None:
            self.box.close()

    # ------------------------------------------------------------------ anomalies
    def anomaly(self, step: int, payload: dict, paused: bool, can_exclude: bool) -> None:
        """Say what an ``anomaly`` event means and what the user can do about it.

        A training anomaly (``nan``, ``spike``, ``cliff``, ``repetition``, ``vertex``) shows in
        the notice bar (:meth:`QtAnomalyNotice.show_anomaly`: one notice per episode, updated by
        its later reports); a repetitive sample also in the status bar, and in the bar only when
        it shows nothing else. A refused operation (``checkpoint``, ``pivot``, ...) is a message box.

        Parameters
        ----------
        step
            The event's step.
        payload
            The event's payload (``kind``, ``message``, ``source``, ``episode``...).
        paused
            This event paused the training (a Resume button).
        can_exclude
            A curriculum pivot can exclude the source now.
        """
        kind = payload.get("kind")
        if kind in NOTICE_KINDS:
            if kind == AnomalyKind.REPETITION:
                message = self.anomaly_line(step, payload) or self.tr("repetitive sample")
                self.status_message.emit(self.tr("Anomaly: {message}").format(message=message), 10_000)
                if not self.notice.isHidden() and self.notice.kind != AnomalyKind.REPETITION:
                    return  # a loss or a vertex notice is not pushed out by a sample
            self.notice.show_anomaly(step, payload, paused and not is_follow_up(payload), can_exclude)
        elif kind == AnomalyKind.CHECKPOINT:
            self.show_message(self.tr("Checkpoint failed"),
                              self.tr("{message}\n\nCheck that the disk has free space and that the run folder "
                                      "and its checkpoints/ folder are writable. Training goes on, and the previous "
                                      "checkpoints are intact.").format(message=payload.get("message")), Icon.Warning)
        elif kind == AnomalyKind.PIVOT:
            self.show_message(self.tr("Curriculum pivot refused"),
                              self.tr("{message}\n\nTraining goes on with the constraints it had. Adjust them in "
                                      "the Curriculum dialog (Ctrl+E).").format(message=payload.get("message")),
                              Icon.Warning)
        else:
            self.show_message(self.tr("Anomaly"), str(payload.get("message") or kind), Icon.Warning)

    def anomaly_line(self, step: int, payload: dict) -> str:
        """The first line of an anomaly's notice in the interface's language, written from the
        payload's numbers (``source``, ``loss``, ``median``, ``window``; ``steps``; ``score``) as core
        writes its English ``message``; core's ``message`` as it is where those are missing or of
        another type (an older run's events, a damaged one), ``""`` without either."""
        kind = payload.get("kind")
        try:
            if kind in (AnomalyKind.SPIKE, AnomalyKind.CLIFF):
                source, at = payload["source"], _whole(payload.get("step", step))
                loss, median = _real(payload["loss"]), _real(payload["median"])
                window = payload.get("window")
                spike = kind == AnomalyKind.SPIKE
                if window is None:
                    text = (self.tr("loss spike on {source} at step {step}: {loss}, far above its median {median}")
                            if spike else
                            self.tr("loss cliff on {source} at step {step}: {loss}, far below its median {median}"))
                    window = 0
                else:
                    window = _whole(window)
                    text = (self.tr("loss spike on {source} at step {step}: {loss}, far above its median {median} "
                                    "over the last {n} step(s)", "", plural_n(window)) if spike else
                            self.tr("loss cliff on {source} at step {step}: {loss}, far below its median {median} "
                                    "over the last {n} step(s)", "", plural_n(window)))
                return text.format(source=str(source), step=format_number(at), loss=format_decimal(loss, ".3f"),
                                   median=format_decimal(median, ".3f"), n=format_number(window))
            if kind == AnomalyKind.VERTEX:
                n = _whole(payload["steps"])
                return self.tr("the mixture has stayed near the {source} vertex for {n} step(s) (seeds: vertex "
                               "camping was part of v1's collapse)", "", plural_n(n)).format(
                    source=str(payload["source"]), n=format_number(n))
            if kind == AnomalyKind.REPETITION:
                return self.tr("the sample at step {step} repeats itself (repetition score {score})").format(
                    step=format_number(_whole(step)), score=format_decimal(_real(payload["score"]), ".2f"))
        except (KeyError, TypeError, ValueError, OverflowError):
            pass
        message = payload.get("message")
        return message if isinstance(message, str) else ""

    # ------------------------------------------------------------------ progress
    def show_progress(self, stage: str, done: int, total: int) -> None:
        """The preparation's progress (Cancel and Escape ask to stop)."""
        if self.progress is None:
            self._new_progress(stage, self.tr("Cancel"), self.tr("Preparing the run"))
            self.progress.setWindowModality(Qt.WindowModality.WindowModal)
            self.progress.setMinimumDuration(300)
            self.progress.rejected.connect(self.cancel_requested)  # Escape cancels too
        self.progress.setLabelText(stage + "…")
        self.progress.setMaximum(total)
        self.progress.setValue(done if total else 0)

    def show_stopping(self) -> None:
        """"Finishing the current step…" while the window waits for the training to stop
        (larger presets can take a while to finish their step)."""
        self.close_progress()
        self._new_progress(self.tr("Finishing the current step…"), None, self.tr("Stopping"))
        self.progress.setMinimumDuration(500)

    def _new_progress(self, text: str, cancel: str | None, title: str) -> None:
        self.progress = QProgressDialog(text, cancel, 0, 0, self._over())
        self.progress.setWindowTitle(title)
        self.progress.setAutoClose(False)
        self.progress.setAutoReset(False)
        self.progress.canceled.connect(self.cancel_requested)

    def close_progress(self) -> None:
        """Close the progress dialog, if any, and give the keyboard back to the window."""
        if self.progress is None:
            return
        self.progress.blockSignals(True)  # closing it must not read as "Cancel"
        self.progress.close()
        self.progress.deleteLater()
        self.progress = None
        over = self._over()
        if QApplication.activeWindow() is None and over.isVisible():
            # give keyboard focus back to the window so Space works at once
            over.activateWindow()
            (self.focus or over).setFocus()

    # ------------------------------------------------------------------ questions
    def confirm_quit(self) -> bool:
        """Quitting while training: True if the user chose "Stop and Quit" (the default button,
        so Enter quits: docs/design.md#the-main-window)."""
        box = QMessageBox(Icon.Question, self.tr("Quit ANDREA Desktop?"), self.tr("Training is running. Stop it and quit?"),
                          parent=self._over())
        quit_button = box.addButton(self.tr("Stop and Quit"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(quit_button)
        box.exec()
        return box.clickedButton() is quit_button

    def confirm_restart(self) -> bool:
        """Starting a run that has history but no checkpoint: True to retrain it from step 0."""
        answer = QMessageBox.question(
            self._over(), self.tr("Restart this run?"),
            self.tr("This run has history but no checkpoint to continue from. Start retrains it "
                    "from step 0 and replaces its history."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def confirm_changed_settings(self, changes: str) -> bool:
        """Continuing a run whose ``config.toml`` changed since its checkpoint (``changes``: one
        line per setting, old → new): True to continue with the new settings."""
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Continue with changed settings?"),
                          self.tr("The run's settings changed since its newest checkpoint. Continuing applies the "
                                  "new values from that step on (a new schedule continues from the learning rate "
                                  "in use there):"), QMessageBox.StandardButton.Cancel, self._over())
        box.setInformativeText(changes)
        go = box.addButton(self.tr("Continue with the new settings"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        answer = box.clickedButton() is go
        box.deleteLater()  # deterministic clean-up (no Qt object is left to the collector)
        return answer

    # ------------------------------------------------------------------ Help menu
    def show_shortcuts(self) -> None:
        """Help → Keyboard Shortcuts."""
        native = QKeySequence.SequenceFormat.NativeText  # Ctrl in the language; Space as our tooltips say it

        def key(k: str) -> str:
            return self.tr("Space") if k == "Space" else QKeySequence(k).toString(native)

        rows = "".join(f"<tr><td><b>{key(k)}</b></td>"
                       f"<td>&nbsp;&nbsp;{QCoreApplication.translate('QtNotices', v)}</td></tr>" for k, v in SHORTCUTS)
        self.show_message(self.tr("Keyboard Shortcuts"), f"<table>{rows}</table>", rich=True)

    def open_log(self) -> bool:
        """Help → Open Log: the log file in the desktop's text viewer (its path is shown if
        none opens it)."""
        path = qt_logging.log_file()
        if qt_logging.LOG_PROBLEM is not None:
            self.show_message(self.tr("No log file"),
                              self.tr("No log file this session: {problem}.").format(problem=qt_logging.LOG_PROBLEM))
            return False
        if not path.exists():
            self.show_message(self.tr("No log yet"), self.tr("The log file {path} has not been written yet.").format(path=path))
            return False
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.show_message(self.tr("Log file"), self.tr("The log is {path}").format(path=path))
            return False
        return True

    def show_about(self) -> None:
        """Help → About: versions of the app, Python, Qt, PyTorch and the device."""
        from ... import __version__

        dev = "CUDA: " + torch.cuda.get_device_name(0) if torch.cuda.is_available() else "CPU"
        self.show_message(
            self.tr("About ANDREA Desktop"),
            f"ANDREA Desktop {__version__}\nPython {platform.python_version()}\n"
            f"Qt {pyside_version} (PySide6) · pyqtgraph {pg.__version__}\n"
            f"PyTorch {torch.__version__} · {dev}")
