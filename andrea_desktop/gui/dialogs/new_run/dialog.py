"""New Run dialog (Ctrl+N): a preset as the starting point, every setting a user changes in
practice, the data and the curriculum, with live estimates; OK makes the run.

The dialog's state is a base (a preset, or the configuration of the run it copies) plus the
``key=value`` overrides of the fields the user changed; the run's configuration is
:func:`~andrea_desktop.core.config.overrides.build_config` of them — the function
``andrea-train --config/--set`` uses — so one validator names every bad field, here and there.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ....core.config import PRESETS, Config, ConfigError, CurriculumConfig, load_preset
from ....core.config.bounds import MAX_STEPS
from ....core.config.overrides import build_config, override_problems, parse_value
from ....core.errors import Problem
from ....core.mixture.curriculum import (
    constraints_from_config,
    list_curriculum_presets,
    load_curriculum_preset,
)
from ....core.mixture.simplex import ConstraintError
from ....core.rundir.layout import user_runs_dir
from ....core.tokens import visible_name
from ...common.core_messages import problem_text
from ...common.fields import (
    BASE_CHOICE,
    ChoiceField,
    ErrorLabel,
    Field,
    PairField,
    SpinField,
    TextField,
    curriculum_overrides,
)
from ...common.folder_names import name_problem, taken_problem, whole_number
from ...common.i18n import format_number
from ...common.theme import colour
from .data import QtDataSources
from .estimates import QtRunEstimates

__all__ = ["QtNewRunDialog", "for_new_run"]

_BASE = BASE_CHOICE


def for_new_run(cfg: Config) -> Config:
    """``cfg`` (a run's) as the base of a new run: what preparing a run fills in is cleared
    (``model.vocab_size``, ``data.fingerprint``), so the new run trains its own tokenizer."""
    return cfg.replace(model=dataclasses.replace(cfg.model, vocab_size=0),
                       data=dataclasses.replace(cfg.data, fingerprint=""))


def _stamped_name(preset: str) -> str:
    """``<preset>-<time>``, the name of a new run's folder."""
    return f"{preset}-{datetime.datetime.now():%Y%m%d-%H%M%S}"


class QtNewRunDialog(QDialog):
    """The settings of a new run.

    Parameters
    ----------
    preset
        The preset selected at first (when ``base`` is None).
    base
        A configuration to start from instead (New Run from This One; settings given on the
        command line), shown as the combo's first entry ``base_label`` (None: "this run's settings").
    max_steps
        The window's step limit (None: the schedule's end).
    run_curriculum
        The open run's curriculum as its dialog has it now (offered as a curriculum choice).
    default_name
        The run name offered for a preset (the window's: a free folder name under the runs folder).
    """

    def __init__(self, parent: QWidget | None = None, preset: str = "andrea-tiny", base: Config | None = None,
                 base_label: str | None = None, max_steps: int | None = None,
                 run_curriculum: CurriculumConfig | None = None,
                 default_name: Callable[[str], str] = _stamped_name) -> None:
        super().__init__(parent)
        self._default_name = default_name
        self.setWindowTitle(self.tr("New Run"))
        self.setObjectName("newRunDialog")
        self._base_given = for_new_run(base) if base is not None else None
        self.run_curriculum = run_curriculum
        self.base: Config = self._base_given or load_preset(preset)
        self.problems: dict[str, str] = {}
        self.clash: str | None = None
        self._config: Config | None = None
        self._name_edited = False

        self.preset_combo = QComboBox()
        self.preset_combo.setObjectName("presetCombo")
        if base is not None:
            self.preset_combo.addItem(self.tr("this run's settings") if base_label is None else base_label, _BASE)
        for p in PRESETS:
            self.preset_combo.addItem(p, p)
        self.preset_combo.setCurrentIndex(0 if base is not None else max(0, self.preset_combo.findData(preset)))
        self.preset_combo.setToolTip(self.tr("Starting point: choosing another resets every field to its values"))
        self.preset_combo.currentIndexChanged.connect(self._on_preset)

        self.fields: dict[str, Field] = {}
        groups = (  # (key, title, fields): the key places the box, the title is shown
            ("Model", self.tr("Model"), [
                SpinField("model.n_layer", self.tr("layers"), self.tr("transformer blocks")),
                SpinField("model.d_model", self.tr("width (d_model)"), self.tr("residual stream width")),
                SpinField("model.n_head", self.tr("heads"), self.tr("attention heads; must divide d_model")),
                SpinField("model.block_size", self.tr("context length"), self.tr("tokens a row sees (block_size)")),
                SpinField("data.tokenizer_vocab_size", self.tr("vocabulary size"),
                          self.tr("BPE vocabulary asked of the tokenizer trainer; model.vocab_size becomes its actual size")),
                TextField("model.dropout", self.tr("dropout"), self.tr("probability, in [0, 1)"))]),
            ("Optimiser (AdamW)", self.tr("Optimiser (AdamW)"), [
                TextField("optimizer.lr", self.tr("peak LR"), self.tr("e.g. 1e-3")),
                PairField("optimizer.betas", self.tr("betas"), self.tr("Adam's beta1, beta2")),
                TextField("optimizer.weight_decay", self.tr("weight decay")),
                TextField("optimizer.grad_clip", self.tr("gradient clip"), self.tr("global L2 norm; 0: off"))]),
            ("Schedule", self.tr("Schedule"), [
                TextField("schedule.warmup_steps", self.tr("warmup steps"), self.tr("linear warmup from 0 to the peak LR")),
                TextField("schedule.total_steps", self.tr("total steps"), self.tr("length of the cosine schedule")),
                TextField("schedule.min_lr", self.tr("minimum LR"), self.tr("LR at the end of the cosine"))]),
            ("Batch", self.tr("Batch"), [
                SpinField("train.batch_size", self.tr("batch size"), self.tr("rows per optimiser step (global batch)")),
                SpinField("train.grad_accum", self.tr("gradient accumulation"), self.tr("micro-batches a step is split into"))]),
            ("Run", self.tr("Run"), [
                TextField("run.seed", self.tr("seed"), self.tr("weights and data order")),
                ChoiceField("run.device", self.tr("device"), ("auto", "cpu", "cuda", "mps"),
                            shown={"auto": self.tr("auto")}),
                SpinField("run.torch_threads", self.tr("torch threads"), self.tr("0: decided at creation (all cores but one)"),
                          special=self.tr("auto (all cores but one)")),
                TextField("train.eval_interval", self.tr("validation every"), self.tr("steps")),
                TextField("probe.interval", self.tr("probe every"), self.tr("steps between attention/embedding probes")),
                TextField("probe.sample_interval", self.tr("sample every"), self.tr("steps between generated samples")),
                TextField("checkpoint.interval", self.tr("checkpoint every"), self.tr("steps between checkpoints"))]),
        )
        boxes = {}
        for key, title, fields in groups:
            box = QGroupBox(title)
            form = QFormLayout(box)
            if key == "Run":
                self._build_run_rows(form)
            for f in fields:
                self.fields[f.key] = f
                form.addRow(f.label, f.container)
                f.changed.connect(self._revalidate)
            boxes[key] = box

        self.data = QtDataSources()
        self.data.changed.connect(self._revalidate)
        self.data_error = ErrorLabel()
        data_box = QGroupBox(self.tr("Data"))
        lay = QVBoxLayout(data_box)
        lay.addWidget(self.data)
        lay.addWidget(self.data_error)
        cap = TextField("data.max_bytes_per_source", self.tr("bytes per embedded source"),
                        self.tr("cap on the UTF-8 bytes each embedded source gives"))
        self.fields[cap.key] = cap
        cap.changed.connect(self._revalidate)
        cap_form = QFormLayout()
        cap_form.addRow(cap.label, cap.container)
        lay.addLayout(cap_form)

        cur_box = QGroupBox(self.tr("Curriculum"))
        cur_lay = QVBoxLayout(cur_box)
        self.curriculum_combo = QComboBox()
        self.curriculum_combo.setObjectName("curriculumCombo")
        self.curriculum_combo.addItem(self.tr("the starting point's"), _BASE)
        self.curriculum_combo.addItem(self.tr("none: a uniform mixture"), "uniform")
        for key in list_curriculum_presets():
            self.curriculum_combo.addItem(load_curriculum_preset(key).name, key)
        if run_curriculum is not None:
            self.curriculum_combo.addItem(self.tr("the open run's constraints now"), "run")
        self.curriculum_combo.currentIndexChanged.connect(self._revalidate)
        self.curriculum_note = QLabel()
        self.curriculum_note.setWordWrap(True)
        self.curriculum_note.setStyleSheet(f"color: {colour('muted')};")
        self.curriculum_error = ErrorLabel()
        for w in (self.curriculum_combo, self.curriculum_note, self.curriculum_error):
            cur_lay.addWidget(w)

        self.estimates = QtRunEstimates()

        grid = QGridLayout()
        for col, names in enumerate((("Model", "Optimiser (AdamW)", "Batch"), ("Run", "Schedule"))):
            column = QVBoxLayout()
            for n in names:
                column.addWidget(boxes[n])
            column.addStretch(1)
            grid.addLayout(column, 0, col)
        third = QVBoxLayout()
        for w in (data_box, cur_box, self.estimates):
            third.addWidget(w)
        third.addStretch(1)
        grid.addLayout(third, 0, 2)
        grid.setColumnStretch(2, 1)
        inner = QWidget()
        inner.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Start from")))
        top.addWidget(self.preset_combo)
        top.addStretch(1)
        self.status = QLabel()
        self.status.setObjectName("newRunStatus")
        self.status.setWordWrap(True)
        self.start_now = QCheckBox(self.tr("Start now"))
        self.start_now.setChecked(True)
        self.start_now.setToolTip(self.tr("Train the new run as soon as it is made (else: press Start)"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Create"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.start_now)
        bottom.addWidget(self.buttons)
        main = QVBoxLayout(self)
        main.addLayout(top)
        main.addWidget(scroll, 1)
        main.addLayout(bottom)
        self.resize(1240, 760)
        self._show_base(self._base_given is None)
        self.max_steps_edit.setText("" if max_steps is None else str(max_steps))

    # ------------------------------------------------------------------ run rows
    def _build_run_rows(self, form: QFormLayout) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("run.name")
        self.name_edit.setToolTip(self.tr("The run's folder name, under the runs folder"))
        self.name_edit.textEdited.connect(self._on_name_edited)  # typed: a preset change keeps it
        self.name_edit.textChanged.connect(lambda _t: self._revalidate())
        self.name_error = ErrorLabel()
        self.folder_label = QLabel()
        self.folder_label.setWordWrap(True)
        self.folder_label.setStyleSheet(f"color: {colour('muted')};")
        self.max_steps_edit = QLineEdit()
        self.max_steps_edit.setObjectName("max_steps")
        self.max_steps_edit.setPlaceholderText(self.tr("the schedule's end"))
        self.max_steps_edit.setToolTip(self.tr("Training stops at this step (empty: at schedule.total_steps)"))
        self.max_steps_edit.textChanged.connect(self._revalidate)
        self.max_steps_error = ErrorLabel()
        for label, widgets in ((self.tr("name"), (self.name_edit, self.name_error, self.folder_label)),
                               (self.tr("max steps"), (self.max_steps_edit, self.max_steps_error))):
            box = QWidget()
            lay = QVBoxLayout(box)
            lay.setContentsMargins(0, 0, 0, 0)
            lay.setSpacing(1)
            for w in widgets:
                lay.addWidget(w)
            form.addRow(label, box)

    def _on_name_edited(self, _text: str) -> None:
        self._name_edited = True

    # ------------------------------------------------------------------ base
    def _on_preset(self, _index: int) -> None:
        key = self.preset_combo.currentData()
        self.base = self._base_given if key == _BASE else load_preset(key)
        self._show_base(rename=not self._name_edited)

    def _show_base(self, rename: bool = True) -> None:
        """Every field back to the base's value (no overrides)."""
        for f in self.fields.values():
            f.set_from(self.base)
        self.data.set_from(self.base)
        self.curriculum_combo.blockSignals(True)
        self.curriculum_combo.setCurrentIndex(0)
        self.curriculum_combo.blockSignals(False)
        if rename or not self.name_edit.text():
            self.name_edit.blockSignals(True)
            self.name_edit.setText(self._default_name(self.base.run.preset))
            self.name_edit.blockSignals(False)
        self._revalidate()

    def preset(self) -> str | None:
        """The preset the run starts from (None: the given base)."""
        key = self.preset_combo.currentData()
        return None if key == _BASE else key

    # ------------------------------------------------------------------ overrides
    def overrides(self) -> list[str]:
        """The ``key=value`` overrides of every changed field, in the form's order."""
        out = [o for f in self.fields.values() if (o := f.override()) is not None]
        out += self.data.overrides()
        out += self._curriculum_overrides()
        return out

    def _curriculum_overrides(self) -> list[str]:
        out, note = curriculum_overrides(self.curriculum_combo.currentData(), self.base.curriculum,
                                         self.data.names(), self.run_curriculum)
        self.curriculum_note.setText(note)
        return out

    # ------------------------------------------------------------------ validation
    def _bad_overrides(self, overrides: list[str]) -> dict[str, str]:
        """Overrides the validator refuses: each alone on the base
        (:func:`override_problems`), except one that the other good overrides make fine (a
        new ``n_head`` with the new ``d_model`` it divides)."""
        problems = override_problems(overrides, self.base)
        if not problems:
            return {}
        good = [o for o in overrides if o.partition("=")[0].strip() not in problems]
        out = {}
        for o in overrides:
            key = o.partition("=")[0].strip()
            if key in problems:
                try:
                    build_config(base=self.base, overrides=[*good, o])
                except ConfigError:
                    out[key] = problems[key]
        return out

    def _revalidate(self) -> None:
        overrides = self.overrides()
        self.problems = self._bad_overrides(overrides)
        for key, f in self.fields.items():
            f.error.show_error(self.problems.get(key))
        self.data_error.show_error([*(m for k, m in self.problems.items() if k.startswith("data.s")
                                      or k == "data.embedded"), *self.data.problems()])
        cur = [m for k, m in self.problems.items() if k.startswith("curriculum.")]
        self._config, self.clash = None, None
        if not self.problems:
            try:
                self._config = self._build(overrides)
            except ConfigError as exc:  # the key it names, in the interface's language
                problem = Problem.of(str(exc).partition(":")[0], exc)
                self.clash = problem_text(problem)
                blamed = self.fields.get(problem.key)
                if blamed is not None:  # the key the validator names, with the others it clashes with
                    blamed.error.show_error(self.clash)
        if self._config is not None and self._config.curriculum.enabled:
            try:
                constraints_from_config(self.data.names(), self._config.curriculum)
            except ConstraintError as exc:
                cur.append(str(exc))
        self.curriculum_error.show_error(cur)
        name_problem, steps_problem = self._name_problem(), self._max_steps_problem()
        self.name_error.show_error(name_problem)
        self.max_steps_error.show_error(steps_problem)
        self.folder_label.setText(visible_name(self.run_dir()))
        bad = bool(self.problems or cur or name_problem or steps_problem or self.data.problems())
        ok = self._config is not None and not bad
        self.ok_button.setEnabled(ok)
        n_bad = len(self.problems) + bool(cur) + bool(name_problem) + bool(steps_problem)
        if self.clash:
            self._say(self.tr("These settings do not go together: {clash}").format(clash=self.clash), "error")
        elif n_bad:
            self._say(self.tr("{n} setting(s) to fix (in red).", "", n_bad).format(n=format_number(n_bad)), "error")
        else:
            n = len(overrides)
            self._say(self.tr("{n} setting(s) changed from the starting point.", "", n).format(n=format_number(n)),
                      "muted")
        cap = parse_value(self.fields["data.max_bytes_per_source"].text())
        self.data.set_sizes(self.fields["data.tokenizer_vocab_size"].widget.value(),
                            cap if isinstance(cap, int) and not isinstance(cap, bool) else None)
        cfg = self._config  # valid settings have estimates, whatever the name or the data
        steps = self.max_steps() or (cfg.schedule.total_steps if cfg is not None else 0)
        self.estimates.show_config(cfg, steps)

    def _say(self, text: str, role: str) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {colour(role)};")

    def _build(self, overrides: list[str]) -> Config:
        preset = self.preset()
        if preset is None:
            return build_config(base=self.base, overrides=overrides)
        return build_config(preset=preset, overrides=overrides)

    def _name_problem(self) -> str | None:
        field = self.tr("run name")  # the form's label starts the message
        return (name_problem(self.name_edit.text(), field, self.tr("the run (its folder's)"))
                or taken_problem(self.run_dir(), field))

    def _max_steps_problem(self) -> str | None:
        text = self.max_steps_edit.text().strip()
        if not text:
            return None
        steps = whole_number(text)
        if steps is None or not 1 <= steps <= MAX_STEPS:
            return self.tr("max steps: a whole number in [1, {max}], or empty for the schedule's end").format(
                max=format_number(MAX_STEPS))
        return None

    # ------------------------------------------------------------------ results
    def config(self) -> Config | None:
        """The new run's configuration (None while a setting is bad)."""
        return self._config if self.ok_button.isEnabled() else None

    def run_dir(self) -> Path:
        """The new run's folder: the name under the runs folder."""
        return user_runs_dir() / self.name_edit.text()

    def max_steps(self) -> int | None:
        """The step training stops at (None: the schedule's end)."""
        return whole_number(self.max_steps_edit.text()) if not self._max_steps_problem() else None

    def set_field(self, key: str, text: str) -> None:
        """Type ``text`` into the field of ``key`` (scripts and tests)."""
        self.fields[key].set_text(text)

    def done(self, result: int) -> None:  # noqa: D102 -- Qt override: the trial ends with the dialog
        if result == QDialog.DialogCode.Accepted and self.config() is None:
            return
        self.estimates.stop()
        super().done(result)
