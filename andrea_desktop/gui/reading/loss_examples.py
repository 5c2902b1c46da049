"""The worked examples of the loss, learning-rate and terrain reading panes: a loss read as a
perplexity, gradient descent on a bowl against 2/η, and the basin width's loss rise at radius ρ.
The numbers come from :mod:`andrea_desktop.core.worked_examples` (the basin rise from the
terrain's own :func:`~andrea_desktop.core.terrain.basin_width`); the user changes the inputs."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDoubleSpinBox, QGridLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from ...core.worked_examples import (
    BOWL_EXAMPLE,
    LOSS_EXAMPLE,
    LR_EXAMPLE,
    bowl_example,
    loss_example,
    lr_example,
)
from ..common.i18n import format_decimal
from .examples import _caption, _spin

__all__ = ["QtLossExample", "QtLrExample", "QtBowlExample"]


class _Example(QWidget):
    """A caption, a row of labelled inputs and a result paragraph recomputed on every change."""

    def __init__(self, name: str, caption: str, inputs: list[tuple[str, QWidget]]) -> None:
        super().__init__()
        self.setObjectName(name)
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        for row, (label, box) in enumerate(inputs):  # one input a row: a narrow pane needs no scroll bar
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(box, row, 1)
            box.valueChanged.connect(self._update)
        grid.setColumnStretch(2, 1)
        self.result_label = _caption("")
        self.result_label.setObjectName(f"{name}Result")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(_caption(caption))
        layout.addLayout(grid)
        layout.addWidget(self.result_label)

    def _update(self) -> None:  # pragma: no cover - each example has its own
        raise NotImplementedError


def _positive(value: float, lo: float, hi: float, decimals: int, step: float) -> QDoubleSpinBox:
    return _spin(value, lo, hi, step=step, decimals=decimals)


class QtLossExample(_Example):
    """A loss in nats/token read as a perplexity, in bits, and against the uniform guess."""

    def __init__(self) -> None:
        self.loss_box = _positive(LOSS_EXAMPLE[0], 0.01, 20.0, 2, 0.1)  # a softmax's loss is above 0: e^loss above 1
        self.vocab_box = QSpinBox()
        self.vocab_box.setRange(2, 1 << 20)
        self.vocab_box.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)  # as the other examples' boxes
        self.vocab_box.setMaximumWidth(self.vocab_box.fontMetrics().horizontalAdvance("1048576") + 24)
        self.vocab_box.setValue(LOSS_EXAMPLE[1])
        super().__init__("lossExample", QCoreApplication.translate(
            "ReadingPane",             "<b>Worked example.</b> What a loss of so many nats per token means; change the loss or "
            "the vocabulary size."), [(QCoreApplication.translate("ReadingPane", "loss"), self.loss_box), (QCoreApplication.translate("ReadingPane", "vocabulary"), self.vocab_box)])
        self._update()

    def _update(self) -> None:
        self.result = r = loss_example(self.loss_box.value(), self.vocab_box.value())
        self.result_label.setText(QCoreApplication.translate(
            "ReadingPane",             "e<sup>{loss}</sup> = {ppl}: the model is as unsure as a uniform pick among {ppl} tokens "
            "({bits} bits per token). A fresh model guesses uniformly: ln {vocab} = {uniform} nats/token.").format(
            loss=format_decimal(self.loss_box.value(), ".2f"), ppl=format_decimal(r.perplexity, ".4g"),
            bits=format_decimal(r.bits, ".3g"), vocab=self.vocab_box.value(), uniform=format_decimal(r.uniform, ".3f")))


class QtLrExample(_Example):
    """Gradient descent on a bowl of curvature λ with step η: 2/η and the factor per step."""

    def __init__(self) -> None:
        self.lr_box = _positive(LR_EXAMPLE[0], 1e-6, 10.0, 6, 1e-4)
        self.curvature_box = _positive(LR_EXAMPLE[1], 0.0, 1e6, 1, 50.0)
        super().__init__("lrExample", QCoreApplication.translate(
            "ReadingPane",             "<b>Worked example.</b> Gradient descent with step η on a bowl of curvature λ, L(x) = λx²/2, "
            "from x = 1: each step multiplies x by 1 − ηλ."), [("η", self.lr_box), ("λ", self.curvature_box)])
        self._update()

    def _update(self) -> None:
        self.result = r = lr_example(self.lr_box.value(), self.curvature_box.value())
        text = (QCoreApplication.translate("ReadingPane", "2/η = {threshold}: λ = {curv} is below it, so x shrinks: 1 − ηλ = {factor}, after 10 steps "
                    "x = {after}.") if abs(r.factor) < 1 else
                QCoreApplication.translate("ReadingPane", "2/η = {threshold}: λ = {curv} is above it, so every step overshoots further: 1 − ηλ = "
                    "{factor}, after 10 steps x = {after}."))
        self.result_label.setText(text.format(
            threshold=format_decimal(r.threshold, ".4g"), curv=format_decimal(self.curvature_box.value(), ".4g"),
            factor=format_decimal(r.factor, ".3g"), after=format_decimal(float(r.after[-1]), ".3g")))


class QtBowlExample(_Example):
    """The basin width's loss rise on a quadratic bowl at radius ρ, and the curvature it implies."""

    def __init__(self) -> None:
        self.curvature_box = _positive(BOWL_EXAMPLE[0], 0.0, 1e4, 4, 0.01)
        self.rho_box = _positive(BOWL_EXAMPLE[1], 0.01, 10.0, 2, 0.05)
        self.norm_box = _positive(BOWL_EXAMPLE[2], 0.1, 1e4, 1, 5.0)
        super().__init__("bowlExample", QCoreApplication.translate(
            "ReadingPane",             "<b>Worked example.</b> A bowl L(w) = λ‖w − w*‖²/2 and the basin width's step: radius ρ along a "
            "direction d scaled like the weights (‖d‖ = ‖w‖), measured by the terrain's own code."),
            [("λ", self.curvature_box), ("ρ", self.rho_box), ("‖w‖", self.norm_box)])
        self._update()

    def _update(self) -> None:
        lam, rho = self.curvature_box.value(), self.rho_box.value()
        self.result = r = bowl_example(lam, rho, self.norm_box.value())
        self.result_label.setText(QCoreApplication.translate(
            "ReadingPane",             "The loss rises by λρ²‖d‖²/2 = {rise} nats/token; the panel turns the rise back into the curvature "
            "2·rise/(ρ²‖d‖²) = {curv}, the λ of the bowl, in the units of λ<sub>max</sub>. A real terrain is no "
            "bowl: random directions see about the mean eigenvalue tr(H)/n, far below λ<sub>max</sub>.").format(
            rise=format_decimal(r.rise, ".4g"), curv=format_decimal(r.curvature, ".4g")))
