"""Samples panel: text generated from the user's prompt during training, newest first."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from ...core.analysis import repetition_score
from ..qt_theme import colour

__all__ = ["QtSamplesPanel"]


class QtSamplesPanel(QWidget):
    """The history of generated samples with their steps; repetitive ones are flagged.

    Parameters
    ----------
    threshold
        Share of repeated word bigrams at which a sample is flagged (``probe.repetition_threshold``).
    """

    def __init__(self, threshold: float = 0.5, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.threshold = threshold
        self.samples: list[tuple[int, str, str]] = []
        self.header = QLabel("Samples appear every few hundred steps (probe.sample_interval).")
        self.header.setWordWrap(True)
        self.view = QTextBrowser()
        self.view.setObjectName("samplesView")
        self.view.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.view, 1)

    def clear(self) -> None:
        self.samples.clear()
        self.view.clear()

    def add_samples(self, samples) -> None:
        """Append ``[(step, prompt, text)]`` and redraw (newest first)."""
        if not samples:
            return
        self.samples.extend(samples)
        self._update_view()

    def _update_view(self) -> None:
        parts = []
        error, muted = colour("error"), colour("muted")
        for step, prompt, text in reversed(self.samples[-200:]):
            score = repetition_score(text, 2)
            flag = (f" <span style='color:{error}'><b>repetitive ({score:.0%} repeated bigrams)</b></span>"
                    if score >= self.threshold and len(text.split()) >= 4 else "")
            parts.append(
                f"<p><b>step {step:,}</b>{flag}<br><span style='color:{muted}'>{html.escape(prompt)}</span>"
                f"<span style='white-space:pre-wrap'>{html.escape(text)}</span></p>"
            )
        self.view.setHtml("".join(parts))
