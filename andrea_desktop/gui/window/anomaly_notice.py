"""The anomaly notice: a bar over the loss panel that says what a training anomaly was, its
numbers and what its fix does, with the fix's button and a close button.

It informs without interrupting: it is no window and no dialog, it never takes the keyboard
focus (Space still pauses and resumes) and the event loop and the training go on. One loss
episode (docs/design.md#anomaly-episodes) is one notice: its later reports (``deeper``, ``end``)
update the notice that shows it; a closed one stays closed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QToolButton,
    QWidget,
)

from ...core.anomaly import EpisodePhase, episode_key, is_follow_up
from ...core.metrics import AnomalyKind
from ...core.tokens import visible_text
from ..common.i18n import format_decimal, format_number, plural_n
from ..common.theme import colour

__all__ = ["QtAnomalyNotice", "NOTICE_KINDS"]

NOTICE_KINDS = (AnomalyKind.NAN, AnomalyKind.SPIKE, AnomalyKind.CLIFF, AnomalyKind.REPETITION, AnomalyKind.VERTEX)
"""The anomaly kinds the notice shows (the others, refused operations, are message boxes)."""


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def _real(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"not a number: {value!r}")
    return float(value)


def _share(ratio: float) -> str:
    """A ratio as a percentage, two digits where it is under 10 % (``1,7%`` in Dutch)."""
    pct = 100 * ratio
    return format_decimal(pct, ".2g" if pct < 10 else ".0f") + "%"


class QtAnomalyNotice(QFrame):
    """The notice bar (hidden until an anomaly is shown).

    Signals
    -------
    exclude_requested(str)
        "Exclude <source>" was clicked (a spike or a cliff; the source's name).
    resume_requested()
        "Resume" was clicked (the anomaly paused the training), or "Exclude" while paused.
    curriculum_requested()
        "Curriculum…" was clicked (a vertex: raise floors, set caps).
    opened(str, str)
        A new notice opened (not a later report of the one shown): its title and text.

    Attributes
    ----------
    key
        The episode shown (:func:`~andrea_desktop.core.anomaly.episode_key`), or None.
    kind
        The anomaly kind shown (``AnomalyKind`` value), or None.
    """

    exclude_requested = Signal(str)
    resume_requested = Signal()
    curriculum_requested = Signal()
    opened = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("anomalyNotice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.key: tuple | None = None
        self.kind: str | None = None
        self._source = ""
        self._paused = False
        self.icon = QLabel()
        self.icon.setPixmap(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(24, 24))
        self.icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.title = QLabel()
        self.title.setObjectName("anomalyTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # a source's name as written
        self.title.setWordWrap(True)
        self.text = QLabel()
        self.text.setObjectName("anomalyText")
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button = QToolButton()
        self.close_button.setObjectName("anomalyClose")
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.dismiss)
        self.exclude_button = self._button("anomalyExclude", self._exclude)
        self.curriculum_button = self._button("anomalyCurriculum", self.curriculum_requested.emit)
        self.resume_button = self._button("anomalyResume", self._resume)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for b in (self.exclude_button, self.curriculum_button, self.resume_button):
            buttons.addWidget(b)
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 4, 6)
        grid.setHorizontalSpacing(8)
        grid.addWidget(self.icon, 0, 0, 2, 1)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.close_button, 0, 2, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.text, 1, 1, 1, 2)
        grid.addLayout(buttons, 2, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        self.retranslate()
        self.hide()

    def _button(self, name: str, slot) -> QPushButton:
        b = QPushButton()
        b.setObjectName(name)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keyboard stays where it was: Space pauses
        b.clicked.connect(slot)
        b.hide()
        return b

    def retranslate(self) -> None:
        """The fixed texts in the interface's language."""
        self.close_button.setToolTip(self.tr("Close this notice (training is not affected)"))
        self.curriculum_button.setText(self.tr("Curriculum…"))
        self.resume_button.setText(self.tr("Resume"))
        self.title.setStyleSheet(f"font-weight: bold; color: {colour('warning')}")

    # ------------------------------------------------------------------ showing
    def show_anomaly(self, step: int, payload: dict, paused: bool, can_exclude: bool) -> bool:
        """Show (or update) the notice of an anomaly event of a kind in :data:`NOTICE_KINDS`.

        ``paused``: the anomaly paused the training (a Resume button); ``can_exclude``: a
        curriculum pivot can exclude the source now. A later report of the episode shown updates
        its text and keeps its buttons; one of an episode whose notice was closed, or of another
        than the one shown, shows nothing (the episode was reported). Returns whether the notice
        shows this event."""
        key = episode_key(step, payload)
        follow_up = is_follow_up(payload)
        if follow_up and (key != self.key or self.isHidden()):  # another episode's, or closed: reported
            return False
        self.kind = str(payload.get("kind"))
        title, text = self.texts(step, payload)
        self.title.setText(title)
        self.text.setText(text)
        if not follow_up:
            self.key = key
            self._source = str(payload.get("source") or "")
            self._paused = paused
            loss = self.kind in (AnomalyKind.SPIKE, AnomalyKind.CLIFF)
            self.exclude_button.setText(self.tr("Exclude {source}").format(source=self._source.replace("&", "&&")))
            self.exclude_button.setVisible(loss and can_exclude and bool(self._source))
            self.curriculum_button.setVisible(self.kind == AnomalyKind.VERTEX)
            self.resume_button.setVisible(paused)
        self.show()
        if not follow_up:
            self.opened.emit(title, text)
        return True

    def dismiss(self) -> None:
        """Close the notice (the training is not affected; the episode stays reported)."""
        self.hide()
        self._paused = False

    def _exclude(self) -> None:
        self.exclude_requested.emit(self._source)
        if self._paused:
            self.resume_requested.emit()
        self.dismiss()

    def _resume(self) -> None:
        self.resume_requested.emit()
        self.dismiss()

    # ------------------------------------------------------------------ texts
    def texts(self, step: int, payload: dict) -> tuple[str, str]:
        """The notice's title and text for an anomaly event: what happened, its numbers and what
        the fix does, in the interface's language (a damaged event's numbers: what there is)."""
        kind = payload.get("kind")
        source = str(payload.get("source") or "")
        titles = {AnomalyKind.CLIFF: lambda: self.tr("Loss cliff on {source}").format(source=source),
                  AnomalyKind.SPIKE: lambda: self.tr("Loss spike on {source}").format(source=source),
                  AnomalyKind.REPETITION: lambda: self.tr("Repetitive sample"),
                  AnomalyKind.VERTEX: lambda: self.tr("Mixture camping near a vertex"),
                  AnomalyKind.NAN: lambda: self.tr("Training paused: the loss is not finite")}
        bodies = {AnomalyKind.CLIFF: lambda: self._loss(payload, source),
                  AnomalyKind.SPIKE: lambda: self._loss(payload, source),
                  AnomalyKind.REPETITION: lambda: self._repetition(step, payload),
                  AnomalyKind.VERTEX: lambda: self._vertex(payload, source),
                  AnomalyKind.NAN: lambda: self._nan(step, payload, source)}
        title = titles.get(kind, lambda: self.tr("Anomaly at step {step}").format(step=format_number(step)))()
        try:
            return title, bodies[kind]()
        except (KeyError, TypeError, ValueError, OverflowError, ZeroDivisionError):
            return title, self._fallback(kind, source)

    def _fallback(self, kind: object, source: str) -> str:
        """A damaged or older event without its numbers: the kind's fix alone."""
        if kind == AnomalyKind.CLIFF:
            return self._cliff_fix(source)
        if kind == AnomalyKind.SPIKE:
            return self._spike_fix(source)
        if kind == AnomalyKind.VERTEX:
            return self._vertex_fix(source)
        if kind == AnomalyKind.REPETITION:
            return self._repetition_fix()
        return self._nan_fix()

    def _episode(self, payload: dict) -> tuple[dict, str, int, int]:
        """The episode's numbers (an older event's own numbers where it has none): its summary,
        phase, start and steps."""
        episode = payload.get("episode")
        if not isinstance(episode, dict):
            at = _whole(payload["step"])
            episode = {"start": at, "steps": 1, "depth": _real(payload["loss"]) / _real(payload["median"]),
                       "loss": payload["loss"], "median": payload["median"], "phase": EpisodePhase.START}
        return episode, str(episode.get("phase")), _whole(episode["start"]), _whole(episode["steps"])

    def _loss(self, payload: dict, source: str) -> str:
        """A spike's or a cliff's text: the episode's numbers as far as it has gone, then the fix."""
        episode, phase, start, steps = self._episode(payload)
        loss, median, depth = _real(episode["loss"]), _real(episode["median"]), _real(episode["depth"])
        cliff = payload.get("kind") == AnomalyKind.CLIFF
        numbers = dict(source=source, start=format_number(start), loss=format_decimal(loss, ".3f"),
                       median=format_decimal(median, ".3f"), share=_share(depth), factor=format_decimal(depth, ".1f"),
                       n=format_number(steps))
        what = self._loss_what(cliff, phase, plural_n(steps), numbers)
        return what + "\n\n" + (self._cliff_fix(source) if cliff else self._spike_fix(source))

    def _loss_what(self, cliff: bool, phase: str, n: int, numbers: dict) -> str:
        """What a cliff or a spike did by ``phase`` (``n``: its steps, for the plural), with ``numbers``."""
        if phase == EpisodePhase.END:
            text = (self.tr("From step {start} the loss of {source} fell as low as {loss}, {share} of its median "
                            "{median}; after {n} step(s) it is back near the median.", "", n) if cliff else
                    self.tr("From step {start} the loss of {source} rose as high as {loss}, {factor} times its "
                            "median {median}; after {n} step(s) it is back near the median.", "", n))
        elif phase == EpisodePhase.DEEPER:
            text = (self.tr("Since step {start} the loss of {source} has fallen to {loss}, {share} of its median "
                            "{median}, and is still falling ({n} step(s) so far).", "", n) if cliff else
                    self.tr("Since step {start} the loss of {source} has risen to {loss}, {factor} times its "
                            "median {median} ({n} step(s) so far).", "", n))
        else:
            text = (self.tr("At step {start} the loss of {source} fell to {loss}, {share} of its median {median} "
                            "over the steps before.") if cliff else
                    self.tr("At step {start} the loss of {source} jumped to {loss}, {factor} times its median "
                            "{median} over the steps before."))
        return text.format(**numbers)

    def _cliff_fix(self, source: str) -> str:
        return self.tr("A sudden drop on one source is often a passage of it that the model has learnt by heart. "
                       "Exclude {source} stops sampling it (a curriculum pivot); the other sources train on. "
                       "This notice follows the drop until the loss is back.").format(source=source)

    def _spike_fix(self, source: str) -> str:
        return self.tr("A spike often passes by itself (an unusual batch). If they keep coming, the learning rate "
                       "may be too high: branch from a checkpoint with a lower one (Ctrl+B), or exclude {source} "
                       "(a curriculum pivot).").format(source=source)

    def _nan(self, step: int, payload: dict, source: str) -> str:
        at = payload.get("step", step + 1)
        at = format_number(at) if isinstance(at, int) and not isinstance(at, bool) else str(at)
        rows = self.tr(" (rows of {source})").format(source=source) if source else ""
        what = self.tr("At step {step} the loss or the gradient was not finite{rows}: loss {loss}, gradient norm "
                       "{grad_norm}. No update was made and no checkpoint is written from this state.").format(
            step=at, rows=rows, loss=payload.get("loss"), grad_norm=payload.get("grad_norm"))
        return what + "\n\n" + self._nan_fix()

    def _nan_fix(self) -> str:
        return self.tr("Resume retries the step. If it happens again, stop the run and branch from a checkpoint "
                       "with a lower learning rate (Ctrl+B).")

    def _repetition(self, step: int, payload: dict) -> str:
        score = format_decimal(_real(payload["score"]), ".2f")
        if "top_word" in payload:  # the numbers of core/repetition.py's score
            what = self.tr("The sample at step {step} repeats itself: repetition score {score} (flagged from "
                           "{threshold}); “{word}” is {share} of its words and {pairs} of its word pairs "
                           "repeat.").format(
                step=format_number(_whole(step)), score=score, threshold=format_decimal(_real(payload["threshold"]), ".2f"),
                word=visible_text(str(payload["top_word"])[:40], ""), share=_share(_real(payload["top_share"])),
                pairs=_share(_real(payload["repeated_pairs"])))
        else:  # an older event: its score alone
            what = self.tr("The sample at step {step} repeats itself: repetition score {score}.").format(
                step=format_number(_whole(step)), score=score)
        return what + "\n\n" + self._repetition_fix()

    def _repetition_fix(self) -> str:
        return self.tr("Text that falls into a loop of a few words is how a collapse shows in the samples. The run "
                       "goes on; compare it with a run with warmup or a lower learning rate (File → New "
                       "Experiment).")

    def _vertex(self, payload: dict, source: str) -> str:
        n = _whole(payload["steps"])
        weight = payload.get("weight")
        if isinstance(weight, (int, float)) and not isinstance(weight, bool):
            what = self.tr("For {n} step(s) the mixture has given {share} of its weight to {source}.", "",
                           plural_n(n)).format(n=format_number(n), share=_share(float(weight)), source=source)
        else:
            what = self.tr("For {n} step(s) the mixture has stayed near the {source} vertex.", "",
                           plural_n(n)).format(n=format_number(n), source=source)
        return what + "\n\n" + self._vertex_fix(source)

    def _vertex_fix(self, source: str) -> str:
        return self.tr("A model that sees almost only one source forgets the others. Curriculum… opens the dialog: "
                       "raise the other sources' floors or cap {source}.").format(source=source)
