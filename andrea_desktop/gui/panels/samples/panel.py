"""Samples panel: text generated from the user's prompt during training, newest first, each with
the sampling settings that produced it."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from ....core.config import ProbeConfig
from ....core.metrics import EventKind
from ....core.repetition import DEFAULT_THRESHOLD, Repetition, measure_repetition
from ....core.tokens import visible_text
from ....core.viewmodels.compare_samples import MAX_PROMPT_CHARS, MAX_TEXT_CHARS, cut_text
from ....core.viewmodels.run_model import Aspect, RunModel
from ...common.i18n import format_decimal, format_number, plural_n
from ...common.theme import colour

__all__ = ["QtSamplesPanel", "SAMPLE_SETTINGS", "describe_settings", "repetition_text"]

SAMPLE_SETTINGS = ("temperature", "top_k", "sample_interval")
"""The ``probe.*`` keys that decide a sample, as :meth:`QtSamplesPanel.settings_at` gives them."""


def _format(key: str, value) -> str:
    """One setting as the panel writes it; a value of the wrong type (a damaged event) is "?"."""
    try:
        if key == "temperature":
            return QCoreApplication.translate("QtSamplesPanel", "temperature {value}").format(
                value=format_decimal(float(value), "g"))
        if key == "top_k":
            return (QCoreApplication.translate("QtSamplesPanel", "top-k all") if int(value) == 0
                    else QCoreApplication.translate("QtSamplesPanel", "top-k {k}").format(k=format_number(int(value))))
        return every_steps(int(value))
    except (TypeError, ValueError, OverflowError):
        return f"{key.replace('_', '-')} ?"


def every_steps(n: int) -> str:
    """``"every 200 steps"`` (``"every step"`` for 1) in the interface's language."""
    return QtSamplesPanel.tr("every {n} step(s)", "", plural_n(n)).format(n=format_number(n))


def repetition_text(rep: Repetition) -> str:
    """A sample's repetition in words: "repetition 0.52 (“the” is 48% of the words; distinct-1…4
    0.41 · 0.80 · 0.93 · 0.97)" (:mod:`andrea_desktop.core.repetition`), with "⚠ " before it and
    "≥ threshold" in it when the sample is flagged."""
    distinct = " · ".join(format_decimal(d, ".2f") for d in rep.distinct)
    share = f"{rep.top_share[0]:.0%}"
    if rep.flagged:
        return QCoreApplication.translate(
            "QtSamplesPanel", "⚠ repetitive: score {score} ≥ {threshold} (“{word}” is {share} of the words; "
            "distinct-1…4 {distinct})").format(score=format_decimal(rep.score, ".2f"),
                                               threshold=format_decimal(rep.threshold, ".2f"),
                                               word=visible_text(rep.top_word[:20], ""), share=share,
                                               distinct=distinct)
    return QCoreApplication.translate(
        "QtSamplesPanel", "repetition {score} (“{word}” is {share} of the words; distinct-1…4 {distinct})").format(
        score=format_decimal(rep.score, ".2f"), word=visible_text(rep.top_word[:20], ""), share=share,
        distinct=distinct)


def describe_settings(settings: dict) -> str:
    """"temperature 0.8 · top-k 40 · every 200 steps" for the keys of :data:`SAMPLE_SETTINGS`
    that ``settings`` holds."""
    return " · ".join(_format(k, settings[k]) for k in SAMPLE_SETTINGS if k in settings)


class QtSamplesPanel(QWidget):
    """The history of generated samples with their steps and sampling settings; repetitive ones
    are flagged. It draws a run model's samples, events and ``probe`` settings (:meth:`set_model`)
    and redraws when they change.

    Parameters
    ----------
    threshold
        Repetition score at which a sample is flagged (``probe.repetition_threshold``,
        :mod:`andrea_desktop.core.repetition`).

    Notes
    -----
    A sample's settings are the run's ``probe`` settings now (the model's config), except
    those a resume changed after it: a ``config_changed`` event at step s (the checkpoint's step)
    gives the old value of each key it changed to every sample at a step <= s.
    """

    def __init__(self, threshold: float = DEFAULT_THRESHOLD, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.threshold = threshold
        self.model: RunModel | None = None
        self.settings: dict[str, object] = {}
        """The run's sampling settings now (:data:`SAMPLE_SETTINGS`); empty before a config."""
        self._changes: list[tuple[int, str, object]] = []  # (step, key, old value) of config_changed events
        self.header = QLabel(self.tr("Samples appear every few hundred steps (probe.sample_interval)."))
        self.header.setObjectName("samplesHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)  # the prompt is the user's text
        self.view = QTextBrowser()
        self.view.setObjectName("samplesView")
        self.view.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.view, 1)
        self.set_model(RunModel())  # nothing to draw until the window hands it a run

    @property
    def samples(self) -> list[tuple[int, str, str]]:
        """The drawn run's samples ``[(step, prompt, text)]``, in order."""
        return self.model.samples

    def set_model(self, model: RunModel) -> None:
        """Draw ``model`` (another run, or this one read again): its samples, settings and the
        resumes that changed them; nothing of the previous model stays."""
        if self.model is not None:
            self.model.changed.disconnect(self._on_changed)
        self.model = model
        model.changed.connect(self._on_changed)
        self._on_changed(frozenset(Aspect))

    def _on_changed(self, aspects: frozenset) -> None:
        """Redraw when the model's samples, events (a resume's ``config_changed``) or settings changed."""
        if Aspect.CONFIG in aspects:
            self._set_probe_settings(self.model.config.probe if self.model.config is not None else None)
        if Aspect.EVENTS in aspects:
            self._changes = self._setting_changes(self.model.history.events)
        if aspects & {Aspect.CONFIG, Aspect.EVENTS, Aspect.SAMPLES}:
            self._update_view()

    def _set_probe_settings(self, probe: ProbeConfig | None) -> None:
        """The run's ``probe`` section (None: unknown): the header says how samples are made."""
        if probe is None:
            self.settings = {}
            self.header.setText(self.tr("Samples appear every few hundred steps (probe.sample_interval)."))
        else:
            self.threshold = probe.repetition_threshold
            self.settings = {k: getattr(probe, k) for k in SAMPLE_SETTINGS}
            prompt = visible_text(probe.sample_prompt[:40].replace("\n", "⏎"), "")
            top_k = self.tr("all", "top-k: every token") if probe.top_k == 0 else format_number(probe.top_k)
            tokens = self.tr("{n} token(s)", "", plural_n(probe.sample_tokens)).format(n=format_number(probe.sample_tokens))
            self.header.setText(
                self.tr("A sample of {tokens} after “{prompt}” {every}, at temperature "
                        "{temperature} and top-k {top_k} (the run's probe settings).").format(
                    tokens=tokens, prompt=prompt, every=every_steps(probe.sample_interval),
                    temperature=format_decimal(probe.temperature, "g"), top_k=top_k)
                if probe.enabled else self.tr("Samples are off (probe.enabled = false)."))

    def settings_at(self, step: int) -> dict[str, object]:
        """The sampling settings a sample at ``step`` was made with (:data:`SAMPLE_SETTINGS` keys
        known): those of now, less the resumes that changed them after it."""
        out = dict(self.settings)
        undone = set()
        for at, key, old in sorted(self._changes, key=lambda c: c[0]):
            if at >= step and key not in undone:  # the first change after the sample: its old value
                out[key] = old
                undone.add(key)
        return out

    @staticmethod
    def _setting_changes(events) -> list[tuple[int, str, object]]:
        """``(step, key, old value)`` of the sampling settings that ``config_changed`` events
        (``(step, kind, payload)``) changed."""
        out = []
        for step, kind, payload in events:
            if kind != EventKind.CONFIG_CHANGED or not isinstance(payload, dict):
                continue
            for c in payload.get("changes", ()):
                key = str(c.get("key", "")) if isinstance(c, dict) else ""
                if key.startswith("probe.") and key[6:] in SAMPLE_SETTINGS and "old" in c:
                    out.append((int(step), key[6:], c["old"]))
        return out

    def _update_view(self) -> None:
        # A store is untrusted: each prompt and text is cut (compare_samples.MAX_TEXT_CHARS, with a
        # "(N characters)" note) before visible_text and escaping, or one 2 MB sample hangs Qt for minutes.
        parts = []
        error, muted = colour("error"), colour("muted")
        for step, prompt, text in reversed(self.samples[-200:]):
            rep = measure_repetition(text, self.threshold)
            flag = (f" <span style='color:{error}'><b>" + html.escape(repetition_text(rep)) + "</b></span>"
                    if rep.flagged else "")
            settings = describe_settings(self.settings_at(step))
            settings = f" <span style='color:{muted}'>· {settings}</span>" if settings else ""
            title = html.escape(self.tr("step {step}").format(step=format_number(step)))
            parts.append(
                f"<p><b>{title}</b>{settings}{flag}<br><span style='color:{muted}'>"
                f"{html.escape(visible_text(cut_text(prompt, MAX_PROMPT_CHARS)))}</span>"
                f"<span style='white-space:pre-wrap'>"
                f"{html.escape(visible_text(cut_text(text, MAX_TEXT_CHARS)))}</span></p>"
            )
        self.view.setHtml("".join(parts))
