"""Samples panel: text generated from the user's prompt during training, newest first, each with
the sampling settings that produced it."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from ...core.analysis import repetition_score
from ...core.config import ProbeConfig
from ..qt_i18n import format_number
from ..qt_theme import colour

__all__ = ["QtSamplesPanel", "SAMPLE_SETTINGS", "describe_settings"]

SAMPLE_SETTINGS = ("temperature", "top_k", "sample_interval")
"""The ``probe.*`` keys that decide a sample, as :meth:`QtSamplesPanel.settings_at` gives them."""


def _format(key: str, value) -> str:
    """One setting as the panel writes it; a value of the wrong type (a damaged event) is "?"."""
    try:
        if key == "temperature":
            return QCoreApplication.translate("QtSamplesPanel", "temperature {value}").format(value=f"{float(value):g}")
        if key == "top_k":
            return (QCoreApplication.translate("QtSamplesPanel", "top-k all") if int(value) == 0
                    else QCoreApplication.translate("QtSamplesPanel", "top-k {k}").format(k=format_number(int(value))))
        return QCoreApplication.translate("QtSamplesPanel", "every {n} steps").format(n=format_number(int(value)))
    except (TypeError, ValueError, OverflowError):
        return f"{key.replace('_', '-')} ?"


def describe_settings(settings: dict) -> str:
    """"temperature 0.8 · top-k 40 · every 200 steps" for the keys of :data:`SAMPLE_SETTINGS`
    that ``settings`` holds."""
    return " · ".join(_format(k, settings[k]) for k in SAMPLE_SETTINGS if k in settings)


class QtSamplesPanel(QWidget):
    """The history of generated samples with their steps and sampling settings; repetitive ones
    are flagged.

    Parameters
    ----------
    threshold
        Share of repeated word bigrams at which a sample is flagged (``probe.repetition_threshold``).

    Notes
    -----
    A sample's settings are the run's ``probe`` settings now (:meth:`set_probe_settings`), except
    those a resume changed after it: a ``config_changed`` event at step s (the checkpoint's step)
    gives the old value of each key it changed to every sample at a step <= s.
    """

    def __init__(self, threshold: float = 0.5, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.threshold = threshold
        self.samples: list[tuple[int, str, str]] = []
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

    def clear(self) -> None:
        """Forget the samples (the settings stay until the next :meth:`set_probe_settings`)."""
        self.samples.clear()
        self._changes.clear()
        self.view.clear()

    def set_probe_settings(self, probe: ProbeConfig | None) -> None:
        """The run's ``probe`` section (None: unknown): the header says how samples are made."""
        if probe is None:
            self.settings = {}
            self.header.setText(self.tr("Samples appear every few hundred steps (probe.sample_interval)."))
        else:
            self.threshold = probe.repetition_threshold
            self.settings = {k: getattr(probe, k) for k in SAMPLE_SETTINGS}
            prompt = probe.sample_prompt[:40].replace("\n", "⏎")
            top_k = self.tr("all", "top-k: every token") if probe.top_k == 0 else format_number(probe.top_k)
            self.header.setText(
                self.tr("A sample of {tokens} tokens after “{prompt}” every {interval} steps, at temperature "
                        "{temperature} and top-k {top_k} (the run's probe settings).").format(
                    tokens=format_number(probe.sample_tokens), prompt=prompt, interval=format_number(probe.sample_interval),
                    temperature=f"{probe.temperature:g}", top_k=top_k)
                if probe.enabled else self.tr("Samples are off (probe.enabled = false)."))
        self._update_view()

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

    def add_samples(self, samples, events=()) -> None:
        """Append ``[(step, prompt, text)]`` and redraw (newest first); ``events`` (``(step,
        kind, payload)``) may hold ``config_changed`` events that changed sampling settings."""
        changed = False
        for step, kind, payload in events:
            if kind != "config_changed" or not isinstance(payload, dict):
                continue
            for c in payload.get("changes", ()):
                key = str(c.get("key", "")) if isinstance(c, dict) else ""
                if key.startswith("probe.") and key[6:] in SAMPLE_SETTINGS and "old" in c:
                    self._changes.append((int(step), key[6:], c["old"]))
                    changed = True
        if samples:
            self.samples.extend(samples)
        if samples or changed:
            self._update_view()

    def _update_view(self) -> None:
        parts = []
        error, muted = colour("error"), colour("muted")
        for step, prompt, text in reversed(self.samples[-200:]):
            score = repetition_score(text, 2)
            flag = (f" <span style='color:{error}'><b>"
                    + html.escape(self.tr("repetitive ({share} repeated bigrams)").format(share=f"{score:.0%}"))
                    + "</b></span>" if score >= self.threshold and len(text.split()) >= 4 else "")
            settings = describe_settings(self.settings_at(step))
            settings = f" <span style='color:{muted}'>· {settings}</span>" if settings else ""
            title = html.escape(self.tr("step {step}").format(step=format_number(step)))
            parts.append(
                f"<p><b>{title}</b>{settings}{flag}<br><span style='color:{muted}'>{html.escape(prompt)}</span>"
                f"<span style='white-space:pre-wrap'>{html.escape(text)}</span></p>"
            )
        self.view.setHtml("".join(parts))
