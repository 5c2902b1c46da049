"""The New Run dialog's setting fields: one widget per dotted config key, its value as the TOML
text of a ``key=value`` override, and the validator's message shown under it.

A field never checks a value itself: it hands its text to the one validator
(:func:`~andrea_desktop.core.config.overrides.override_problems` and
:func:`~andrea_desktop.core.config.overrides.build_config`) and shows what that says.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import tomli_w
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.config import Config, CurriculumConfig
from ...core.config.overrides import parse_value
from ...core.errors import Problem
from ...core.mixture.curriculum import load_curriculum_preset
from ...core.mixture.walk import WalkParams
from .core_messages import problem_text
from .theme import colour

__all__ = ["ok_cancel", "muted_label", "with_button", "toml_value", "config_value", "Field", "SpinField", "TextField", "ChoiceField", "PairField",
           "ErrorLabel", "same_value", "curriculum_overrides", "BASE_CHOICE"]


BASE_CHOICE = "__base__"
"""A curriculum (or preset) combo's entry for the starting point's own."""
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")  # a TOML bare key


def ok_cancel(dialog: QDialog) -> tuple[QDialogButtonBox, QPushButton]:
    """An OK / Cancel box that accepts or rejects ``dialog``; the box and its OK button."""
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box, box.button(QDialogButtonBox.StandardButton.Ok)


def muted_label(name: str) -> QLabel:
    """A wrapping label in the theme's muted colour (what a dialog will make: its runs' names),
    named ``name``."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {colour('muted')};")
    return label


def with_button(edit: QWidget, button: QPushButton) -> QHBoxLayout:
    """A row of ``edit``, stretched, and ``button`` beside it (a path and its Browse…)."""
    row = QHBoxLayout()
    row.addWidget(edit, 1)
    row.addWidget(button)
    return row


def toml_value(value: Any) -> str:
    """``value`` (bool, int, float, str, list, dict) as a TOML value, the text after ``key=``
    of an override (dicts as inline tables)."""
    if isinstance(value, dict):
        items = ", ".join(f"{k if _BARE.match(str(k)) else toml_value(str(k))} = {toml_value(v)}"
                          for k, v in value.items())
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return tomli_w.dumps({"v": value})[4:].rstrip("\n")


def config_value(cfg: Config, key: str) -> Any:
    """The value of dotted ``key`` (``optimizer.lr``) in ``cfg``."""
    obj: Any = cfg
    for part in key.split("."):
        obj = getattr(obj, part)
    return obj


def same_value(a: Any, b: Any) -> bool:
    """Equal as config values: 1e-3 == 0.001, [0.9, 0.95] == (0.9, 0.95); a bool is no number."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))
    return type(a) is type(b) and a == b


class ErrorLabel(QLabel):
    r"""Red text under a field: the validator's problems (core's :class:`Problem`\ s, each in the
    interface language: :func:`~andrea_desktop.gui.common.core_messages.problem_text`) or a
    message already in it, one per line; hidden when there is none."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setObjectName("fieldError")
        self.hide()

    def show_error(self, message: str | Problem | Sequence[str | Problem] | None) -> None:
        items = [message] if isinstance(message, (str, Problem)) else list(message or ())
        lines = [problem_text(m) if isinstance(m, Problem) else str(m) for m in items if m]
        if lines:
            self.setText("\n".join(lines))
            self.setStyleSheet(f"color: {colour('error')};")
            self.show()
        else:
            self.clear()
            self.hide()


class Field(QObject):
    """One setting: ``key`` (dotted), a label, an input widget and an :class:`ErrorLabel`.

    ``container`` (the input above its error) goes into a form row. Subclasses say how the
    widget shows a value (:meth:`_show`) and what TOML text it holds (:meth:`text`).
    """

    changed = Signal()

    def __init__(self, key: str, label: str, widget: QWidget, tip: str = "") -> None:
        super().__init__()
        self.key, self.label, self.widget = key, label, widget
        self.error = ErrorLabel()
        self.container = QWidget()
        lay = QVBoxLayout(self.container)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        lay.addWidget(widget)
        lay.addWidget(self.error)
        self.base: Any = None
        widget.setToolTip(f"{key}" + (f": {tip}" if tip else ""))
        widget.setObjectName(key)

    def set_from(self, cfg: Config) -> None:
        """Show ``cfg``'s value (the new base: the field is unchanged)."""
        self.base = config_value(cfg, self.key)
        self.widget.blockSignals(True)
        self._show(self.base)
        self.widget.blockSignals(False)
        self.error.show_error(None)

    def _show(self, value: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def text(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def set_text(self, text: str) -> None:
        """Type ``text`` into the field (scripts and tests); emits :attr:`changed` once."""
        self.widget.blockSignals(True)
        self._show(parse_value(text))
        self.widget.blockSignals(False)
        self.changed.emit()

    def override(self) -> str | None:
        """``key=VALUE`` when the value differs from the base's, else None."""
        text = self.text()
        if same_value(parse_value(text), self.base):
            return None
        return f"{self.key}={text}"


class SpinField(Field):
    """An integer in a spin box whose range reaches past the config's bounds on purpose, so
    that the validator, not the widget, says what is allowed."""

    def __init__(self, key: str, label: str, tip: str = "", lo: int = 0, hi: int = 10_000_000,
                 special: str = "") -> None:
        spin = QSpinBox()
        spin.setRange(lo, hi)
        spin.setSpecialValueText(special)  # shown for the minimum (0 threads: auto)
        spin.setGroupSeparatorShown(True)
        super().__init__(key, label, spin, tip)
        spin.valueChanged.connect(lambda _v: self.changed.emit())

    def _show(self, value: Any) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            self.widget.setValue(value)

    def text(self) -> str:
        return str(self.widget.value())


class TextField(Field):
    """A number typed as text: ``1e-3``, ``0.001``, ``200000`` (read as TOML, as ``--set`` does)."""

    def __init__(self, key: str, label: str, tip: str = "") -> None:
        edit = QLineEdit()
        super().__init__(key, label, edit, tip)
        edit.textChanged.connect(lambda _t: self.changed.emit())

    def _show(self, value: Any) -> None:
        self.widget.setText(value if isinstance(value, str) else repr(value))  # 0.0003, 1e-05: exact

    def set_text(self, text: str) -> None:
        self.widget.setText(text)  # as typed: "1e-3" stays "1e-3"

    def text(self) -> str:
        return self.widget.text().strip()


class ChoiceField(Field):
    """One of a few strings (``run.device``); ``shown`` maps a value to the text the combo shows
    for it (a translated ``auto``), the value itself by default."""

    def __init__(self, key: str, label: str, choices: tuple[str, ...], tip: str = "",
                 shown: dict[str, str] | None = None) -> None:
        combo = QComboBox()
        for c in choices:
            combo.addItem((shown or {}).get(c, c), c)
        super().__init__(key, label, combo, tip)
        combo.currentIndexChanged.connect(lambda _i: self.changed.emit())

    def _show(self, value: Any) -> None:
        if isinstance(value, str):
            if self.widget.findData(value) < 0:
                self.widget.addItem(value, value)
            self.widget.setCurrentIndex(self.widget.findData(value))

    def text(self) -> str:
        return toml_value(self.widget.currentData())


class PairField(Field):
    """Two numbers side by side, one list value (``optimizer.betas``)."""

    def __init__(self, key: str, label: str, tip: str = "") -> None:
        box = QWidget()
        lay = QHBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        self.edits = (QLineEdit(), QLineEdit())
        for e in self.edits:
            lay.addWidget(e)
        super().__init__(key, label, box, tip)
        for i, e in enumerate(self.edits):
            e.setObjectName(f"{key}[{i}]")
            e.textChanged.connect(lambda _t: self.changed.emit())

    def _show(self, value: Any) -> None:
        if isinstance(value, (list, tuple)) and len(value) == 2:
            for e, v in zip(self.edits, value, strict=True):
                e.blockSignals(True)
                e.setText(str(v))
                e.blockSignals(False)

    def text(self) -> str:
        return "[" + ", ".join(e.text().strip() or '""' for e in self.edits) + "]"


def curriculum_overrides(kind: str, base: CurriculumConfig, present: list[str],
                         run_curriculum: CurriculumConfig | None = None) -> tuple[list[str], str]:
    """The ``curriculum.*`` overrides of a curriculum choice, and a line that says what it does.

    Parameters
    ----------
    kind
        :data:`BASE_CHOICE` (the starting point's), ``"uniform"`` (none), ``"run"`` (the open
        run's constraints now: ``run_curriculum``) or a curriculum preset's key.
    base
        The starting point's curriculum (an unchanged key is no override).
    present
        The run's source names: a constraint on another source is left out (and said so).
    """
    if kind == "uniform":
        return (([] if not base.enabled else ["curriculum.enabled=false"]),
                QCoreApplication.translate("QtNewRunFields", "Every source has the same weight throughout."))
    if kind == BASE_CHOICE:
        if not base.enabled:
            return [], QCoreApplication.translate("QtNewRunFields", "A uniform mixture.")
        src, note = base, QCoreApplication.translate("QtNewRunFields", "The walk of the starting point.")
    elif kind == "run" and run_curriculum is not None:
        src, note = run_curriculum, QCoreApplication.translate("QtNewRunFields", "The constraints the open run's curriculum has now.")
    else:
        preset = load_curriculum_preset(kind)
        src, note = preset.config, preset.description
    names = set(present)
    missing = sorted({*src.floors, *src.caps, *src.excluded, *src.warmup_sources} - names)
    if missing:
        note += QCoreApplication.translate("QtNewRunFields", " Left out, not sources of this run: {names}.").format(
            names=", ".join(missing[:6]) + ("…" if len(missing) > 6 else ""))
    target = {"enabled": True,
              "floors": {k: v for k, v in src.floors.items() if k in names},
              "caps": {k: v for k, v in src.caps.items() if k in names},
              "excluded": [s for s in src.excluded if s in names],
              "warmup_sources": [s for s in src.warmup_sources if s in names]}
    if kind != BASE_CHOICE:
        target.update(WalkParams.of(src).to_dict())
    return [f"curriculum.{k}={toml_value(v)}" for k, v in target.items() if not same_value(v, getattr(base, k))], note
