"""File → New Experiment → LR warmup vs none…: the settings of the documents' warmup lesson
(:class:`~andrea_desktop.core.experiments.WarmupExperiment`), each refused value named next to
its field by the experiment's own check (which builds both runs' configurations through the one
config builder), and a line on what to expect."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ....core.config import PRESETS, ConfigError
from ....core.config.overrides import DEFAULT_PRESET, parse_value
from ....core.experiments import (
    COLLAPSE,
    COLLAPSE_LR,
    MEASURED,
    VISIBLE_LR,
    WARMUP_TITLE,
    WarmupExperiment,
    default_experiment_name,
)
from ....core.rundir.layout import user_runs_dir
from ...common.fields import ErrorLabel, muted_label, ok_cancel, with_button
from ...common.folder_names import folder_problem, name_problem, taken_problem
from ...common.i18n import format_decimal, format_number, plural_n
from ...common.theme import colour

__all__ = ["QtWarmupExperimentDialog"]

_DEFAULTS = WarmupExperiment()
_RUN_SUFFIX = len("-warmup-") + 11  # the longest run suffix: -warmup-<at most 10,000,000,000 steps>


def _number(text: str):
    """The TOML value of ``text`` (``1e-2`` a float, ``100`` an int), else the text itself."""
    try:
        return parse_value(text.strip()) if text.strip() else text
    except ConfigError:  # 5,000 digits: past Python's int-from-text limit; refused as not a number
        return text


class QtWarmupExperimentDialog(QDialog):
    """The warmup experiment's settings (module docstring).

    Parameters
    ----------
    preset
        The preset selected at first (default the demo preset).
    parent_dir
        The folder the runs are made in (default the runs folder, as New Run).
    extra
        Overrides both runs get besides the experiment's (:attr:`WarmupExperiment.extra`).
    """

    FIELDS = ("optimizer.lr", "schedule.warmup_steps", "steps", "name")

    def __init__(self, parent: QWidget | None = None, preset: str = DEFAULT_PRESET,
                 parent_dir: Path | None = None, extra: tuple[str, ...] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Experiment — %1").replace("%1", WARMUP_TITLE))
        self.setObjectName("warmupExperimentDialog")
        self.extra = tuple(extra)
        self.problems: dict[str, str] = {}
        intro = QLabel(self.tr("Two runs, the same in every setting but the LR warmup: one takes its first step at the peak LR (as the documents' v1, whose samples collapsed into “region region region”), the other warms up linearly (as v2). They train one after the other, then the loss and LR panels overlay them and a side-by-side view shows, at the same steps, their samples with a repetition score, their attention entropy per layer and their sharpness (λ_max against 2/η)."))
        intro.setWordWrap(True)
        self.preset_combo = QComboBox()
        self.preset_combo.setObjectName("experimentPreset")
        self.preset_combo.addItems(PRESETS)
        self.preset_combo.setCurrentText(preset if preset in PRESETS else DEFAULT_PRESET)
        self.preset_combo.setToolTip(self.tr("The preset both runs start from"))
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, ErrorLabel] = {}
        form = QFormLayout()
        form.addRow(self.tr("preset"), self.preset_combo)
        for key, label, value, tip in (
                ("optimizer.lr", self.tr("peak LR"), repr(_DEFAULTS.lr), self.tr("the peak learning rate of both runs")),
                ("schedule.warmup_steps", self.tr("warmup steps"), str(_DEFAULTS.warmup_steps),
                 self.tr("linear warmup of the warmup run (the other has none)")),
                ("steps", self.tr("steps per run"), str(_DEFAULTS.steps), self.tr("each run trains to this step"))):
            self._add_row(form, key, label, QLineEdit(value), tip)
        self.folder_edit = QLineEdit(str(parent_dir or user_runs_dir()))
        self.folder_edit.setToolTip(self.tr("The folder the two runs are made in"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        form.addRow(self.tr("folder"), with_button(self.folder_edit, browse))
        self._add_row(form, "name", self.tr("name"), QLineEdit(default_experiment_name()),
                      self.tr("the runs are <name>-no-warmup and <name>-warmup-<steps>"))
        self.runs_label = muted_label("experimentRuns")
        form.addRow(self.tr("runs"), self.runs_label)
        self.expect_label = QLabel()
        self.expect_label.setObjectName("experimentExpectation")
        self.expect_label.setWordWrap(True)
        self.buttons, self.ok_button = ok_cancel(self)
        self.ok_button.setText(self.tr("Train both"))
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.expect_label)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(640)
        self.preset_combo.currentIndexChanged.connect(self._revalidate)
        self.folder_edit.textChanged.connect(self._revalidate)
        self._revalidate()

    def _add_row(self, form: QFormLayout, key: str, label: str, edit: QLineEdit, tip: str) -> None:
        edit.setObjectName(f"experiment:{key}")
        edit.setToolTip(tip)
        error = ErrorLabel()
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addWidget(edit)
        box.addWidget(error)
        form.addRow(label, box)
        edit.textChanged.connect(self._revalidate)
        self.edits[key], self.errors[key] = edit, error

    def _browse(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Make the experiment's runs in"), self.folder_edit.text())
        if path:
            self.folder_edit.setText(path)

    # ------------------------------------------------------------------ values
    def set_field(self, key: str, text: str) -> None:
        """Type ``text`` into the field of ``key`` (scripts and tests)."""
        self.edits[key].setText(text)

    def experiment(self) -> WarmupExperiment:
        """The experiment the fields describe (checked by :meth:`WarmupExperiment.problems`)."""
        return WarmupExperiment(self.preset_combo.currentText(), _number(self.edits["optimizer.lr"].text()),
                                _number(self.edits["schedule.warmup_steps"].text()),
                                _number(self.edits["steps"].text()), self.extra)

    def name(self) -> str:
        return self.edits["name"].text()

    def parent_dir(self) -> Path:
        path = Path(self.folder_edit.text())
        try:
            return path.expanduser()
        except RuntimeError:  # ~nobody/: no such user's home; the folder check names it
            return path

    def run_dirs(self) -> list[Path]:
        """The two runs' folders."""
        return self.experiment().run_dirs(self.parent_dir(), self.name())

    def _name_problem(self) -> str | None:
        field = self.tr("name")  # the form's label starts the message
        problem = name_problem(self.name(), field, self.tr("the experiment (its runs' folders start with it)"),
                               reserve=_RUN_SUFFIX)
        if "schedule.warmup_steps" in self.problems:  # the second run's name is not known yet
            return problem
        for path in self.run_dirs():
            problem = problem or taken_problem(path, field)
        return problem

    def expectation(self, preset: str, lr: float) -> str:
        """One sentence on what to expect at peak LR ``lr``, from :data:`COLLAPSE` and :data:`MEASURED`
        (the words of ``core.experiments.expectation``, in the interface's language)."""
        others = "" if preset == MEASURED["preset"] else self.tr("; other presets not measured")
        if isinstance(lr, (int, float)) and lr >= COLLAPSE_LR:
            (k, n), (k2, n2) = COLLAPSE["flagged"]
            h, h2 = COLLAPSE["entropy"]
            at = self.tr("{preset}, CPU, step {step}").format(preset=COLLAPSE["preset"],
                                                              step=format_number(COLLAPSE["steps"]))
            return self.tr("Expect the run without warmup to collapse ({at}, LR 2e-2: samples flagged for "
                           "repetition {k} of {n} against {k2} of {n2} with warmup; mean attention entropy {h} "
                           "against {h2} nats at step {step}{others}).").format(
                at=at, k=format_number(k), n=format_number(n), k2=format_number(k2), n2=format_number(n2),
                step=format_number(COLLAPSE["entropy_step"]),
                h=format_decimal(h, ".2f"), h2=format_decimal(h2, ".2f"), others=others)
        no, yes = MEASURED["val_loss"][1e-2]
        at = self.tr("{preset}, CPU, step {step}").format(preset=MEASURED["preset"],
                                                          step=format_number(MEASURED["steps"]))
        if isinstance(lr, (int, float)) and lr >= VISIBLE_LR:
            text = self.tr("Expect the run without warmup to fall behind ({at}, LR 1e-2: val loss {no} vs {yes} "
                           "with warmup{others}).")
        else:
            text = self.tr("Expect little difference at this LR ({at}: none visible at LR 1e-3; at 1e-2 no warmup "
                           "falls behind{others}).")
        return text.format(at=at, no=format_decimal(no, ".2f"), yes=format_decimal(yes, ".2f"), others=others)

    def _revalidate(self) -> None:
        exp = self.experiment()
        self.problems = dict(exp.problems())
        folder = folder_problem(self.parent_dir())
        if folder:
            self.problems["folder"] = folder
        named = self._name_problem() if not folder else None
        if named:
            self.problems["name"] = named
        for key, error in self.errors.items():
            error.show_error(self.problems.get(key))
        elsewhere = [m for k, m in self.problems.items() if k not in self.errors]
        ok = not self.problems
        self.ok_button.setEnabled(ok)
        if ok:
            first, second = self.run_dirs()
            self.runs_label.setText(
                self.tr("{first}: the peak LR from the first step").format(first=first.name) + "\n"
                + self.tr("{second}: linear warmup over {steps} step(s)", "", plural_n(exp.warmup_steps)).format(
                    second=second.name, steps=format_number(exp.warmup_steps)))
            self.runs_label.setToolTip(f"{first}\n{second}")
        else:
            self.runs_label.setText(self.tr("(named once the settings in red are fixed)"))
        lr = exp.lr if isinstance(exp.lr, (int, float)) else 0.0
        if elsewhere:
            self.expect_label.setText("\n".join(elsewhere))
            self.expect_label.setStyleSheet(f"color: {colour('error')};")
        else:
            self.expect_label.setText(self.tr("What to expect: {expectation}").format(expectation=self.expectation(exp.preset, lr)))
            self.expect_label.setStyleSheet("")

    def done(self, result: int) -> None:  # noqa: D102 -- Qt override: OK only with good settings
        if result == QDialog.DialogCode.Accepted and not self.ok_button.isEnabled():
            return
        super().done(result)
