"""Branch from Checkpoint dialog (Ctrl+B): a new run that starts from the open run's checkpoint
at step N with the settings a branch may change (learning rate, schedule, curriculum, intervals).

The dialog's state is a base — the configuration the chosen checkpoint was trained with
(:func:`~andrea_desktop.core.training.branch.branch_base`) — plus the ``key=value`` overrides of
the fields the user changed, validated by the config loader's own functions
(:func:`~andrea_desktop.core.config.overrides.override_problems` names each bad field,
:func:`~andrea_desktop.core.config.overrides.build_config` what only clashes together) and handed
to :func:`~andrea_desktop.core.training.branch.create_branch` as they are, the way
``andrea-train --branch-from RUN:N --set ...`` does. What a branch keeps (model, data, seed,
batch size) is shown, not editable.
"""

from __future__ import annotations

import html
import sqlite3
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ....core.config import Config, ConfigError
from ....core.config.bounds import MAX_STEPS
from ....core.config.overrides import build_config, override_problems
from ....core.corpus import EMBEDDED_SOURCES
from ....core.errors import Problem, shown_path
from ....core.metrics import TRAIN_LR
from ....core.mixture.curriculum import (
    constraints_from_config,
    list_curriculum_presets,
    load_curriculum_preset,
)
from ....core.mixture.simplex import ConstraintError
from ....core.rundir.checkpoint import CheckpointInfo, list_checkpoints
from ....core.rundir.layout import METRICS_DB
from ....core.rundir.reader import RunReader
from ....core.rundir.store import StoreError
from ....core.tokens import visible_name
from ....core.training.branch import branch_base
from ....core.training.errors import RunError
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
from ...common.folder_names import MAX_NAME_BYTES, name_problem, taken_problem, whole_number
from ...common.i18n import format_decimal, format_number
from ...common.theme import colour
from ...plots.parent_history import shown_name

__all__ = ["QtBranchDialog", "source_names", "branch_folder"]


def source_names(cfg: Config) -> list[str]:
    """The run's source names, in the order the run has them (embedded first)."""
    return [*(EMBEDDED_SOURCES if cfg.data.embedded else ()), *(s.name for s in cfg.data.sources)]


def branch_folder(parent_dir: Path, step: int) -> Path:
    """A free folder beside the parent for its branch from ``step``: ``<parent>-from-<step>``."""
    stem = parent_dir.name
    while len(f"{stem}-from-{step}".encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES - 4:  # a long parent name
        stem = stem[:-1]
    path = parent_dir.parent / f"{stem}-from-{step}"
    i = 1
    try:
        while path.exists() and i < 10_000:
            i += 1
            path = parent_dir.parent / f"{stem}-from-{step}-{i}"
    except (OSError, ValueError):  # cannot be looked at: the name field says why
        pass
    return path


class QtBranchDialog(QDialog):
    """The checkpoint and the settings of a branch of the run in ``run_dir``.

    Parameters
    ----------
    run_dir
        The parent run (only read).
    max_steps
        The step limit offered (None: the schedule's end).

    Raises
    ------
    RunError
        The run has no readable checkpoint.
    """

    def __init__(self, parent: QWidget | None, run_dir: Path, max_steps: int | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Branch from Checkpoint"))
        self.setObjectName("branchDialog")
        self.parent_dir = Path(run_dir)
        try:
            self.checkpoints: list[CheckpointInfo] = [c for c in list_checkpoints(run_dir) if c.damaged is None]
        except OSError as exc:  # a linked checkpoints folder too (UnsafePathError)
            raise RunError(self.tr("{run}: its checkpoints cannot be listed ({error})").format(
                run=self.parent_dir.name, error=exc)) from exc
        if not self.checkpoints:
            raise RunError(self.tr("{run} has no checkpoint to branch from").format(run=visible_name(self.parent_dir.name)))
        self.base: Config | None = None
        self.problems: dict[str, str] = {}
        self.clash: str | None = None
        self._config: Config | None = None
        self._name_edited = False

        self.checkpoint_combo = QComboBox()
        self.checkpoint_combo.setObjectName("checkpointCombo")
        for c in reversed(self.checkpoints):  # newest first, and preselected
            text = self.tr("step {step} · saved by hand") if c.marked else self.tr("step {step}")
            self.checkpoint_combo.addItem(text.format(step=format_number(c.step)), c.step)
        self.checkpoint_combo.setToolTip(self.tr("The branch starts from this checkpoint: its history up to this "
                                                 "step is the parent's, its own starts at the next step"))
        self.checkpoint_combo.currentIndexChanged.connect(self._on_checkpoint)
        self.kept = QLabel()
        self.kept.setObjectName("branchKept")
        self.kept.setWordWrap(True)
        self.kept.setStyleSheet(f"color: {colour('muted')};")

        self.fields: dict[str, Field] = {}
        groups = {
            "optimizer": (self.tr("Optimiser (AdamW)"), [
                TextField("optimizer.lr", self.tr("LR from the branch's start"),
                          self.tr("a new value is the LR the branch starts from; the schedule "
                                  "decays from it to the minimum LR")),
                PairField("optimizer.betas", self.tr("betas"), self.tr("Adam's beta1, beta2")),
                TextField("optimizer.weight_decay", self.tr("weight decay")),
                TextField("optimizer.grad_clip", self.tr("gradient clip"), self.tr("global L2 norm; 0: off"))]),
            "schedule": (self.tr("Schedule"), [
                TextField("schedule.warmup_steps", self.tr("warmup steps"),
                          self.tr("linear warmup from 0 to the peak LR")),
                TextField("schedule.total_steps", self.tr("total steps"),
                          self.tr("where the cosine reaches the minimum LR")),
                TextField("schedule.min_lr", self.tr("minimum LR"), self.tr("LR at the end of the cosine"))]),
            "run": (self.tr("Run"), [
                SpinField("train.grad_accum", self.tr("gradient accumulation"),
                          self.tr("micro-batches a step is split into")),
                TextField("train.eval_interval", self.tr("validation every"), self.tr("steps")),
                TextField("probe.interval", self.tr("probe every"), self.tr("steps between attention/embedding probes")),
                TextField("probe.sample_interval", self.tr("sample every"), self.tr("steps between generated samples")),
                TextField("checkpoint.interval", self.tr("checkpoint every"), self.tr("steps between checkpoints")),
                ChoiceField("run.device", self.tr("device"), ("auto", "cpu", "cuda", "mps"),
                            shown={"auto": self.tr("auto")}),
                SpinField("run.torch_threads", self.tr("torch threads"),
                          self.tr("0: decided at creation (all cores but one)"),
                          special=self.tr("auto (all cores but one)"))]),
        }
        columns = (QVBoxLayout(), QVBoxLayout())
        for group, (title, fields) in groups.items():
            box = QGroupBox(title)
            form = QFormLayout(box)
            if group == "run":
                self._build_run_rows(form)
            for f in fields:
                self.fields[f.key] = f
                form.addRow(f.label, f.container)
                f.changed.connect(self._revalidate)
            columns[0 if group != "run" else 1].addWidget(box)

        cur_box = QGroupBox(self.tr("Curriculum"))
        cur_lay = QVBoxLayout(cur_box)
        self.curriculum_combo = QComboBox()
        self.curriculum_combo.setObjectName("curriculumCombo")
        self.curriculum_combo.addItem(self.tr("the parent's (unchanged)"), BASE_CHOICE)
        self.curriculum_combo.addItem(self.tr("none: a uniform mixture"), "uniform")
        for key in list_curriculum_presets():
            self.curriculum_combo.addItem(load_curriculum_preset(key).name, key)
        self.curriculum_combo.setToolTip(self.tr("A new curriculum reaches the restored bandit as a pivot at the "
                                                 "branch's first step"))
        self.curriculum_combo.currentIndexChanged.connect(self._revalidate)
        self.curriculum_note = QLabel()
        self.curriculum_note.setWordWrap(True)
        self.curriculum_note.setStyleSheet(f"color: {colour('muted')};")
        self.curriculum_error = ErrorLabel()
        for w in (self.curriculum_combo, self.curriculum_note, self.curriculum_error):
            cur_lay.addWidget(w)
        columns[0].addWidget(cur_box)
        for col in columns:
            col.addStretch(1)

        top = QFormLayout()
        title = QLabel(self.tr("Branch <b>{run}</b> from its checkpoint").format(
            run=html.escape(shown_name(self.parent_dir.name, 80))))
        title.setToolTip(shown_path(self.parent_dir))
        top.addRow(title, self.checkpoint_combo)
        body = QHBoxLayout()
        body.addLayout(columns[0], 1)
        body.addLayout(columns[1], 1)
        self.status = QLabel()
        self.status.setObjectName("branchStatus")
        self.status.setWordWrap(True)
        self.start_now = QCheckBox(self.tr("Start now"))
        self.start_now.setChecked(True)
        self.start_now.setToolTip(self.tr("Train the branch as soon as it is made (else: press Continue)"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Branch"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.start_now)
        bottom.addWidget(self.buttons)
        main = QVBoxLayout(self)
        main.addLayout(top)
        main.addWidget(self.kept)
        main.addLayout(body, 1)
        main.addLayout(bottom)
        self.max_steps_edit.setText("" if max_steps is None else str(max_steps))
        self.resize(900, 580)
        self._on_checkpoint(0)

    def _build_run_rows(self, form: QFormLayout) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("run.name")
        self.name_edit.setToolTip(self.tr("The branch's folder name, beside the parent's folder"))
        self.name_edit.textEdited.connect(self._on_name_edited)
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

    # ------------------------------------------------------------------ the checkpoint
    def step(self) -> int:
        """The chosen checkpoint's step (N)."""
        return int(self.checkpoint_combo.currentData())

    def _on_checkpoint(self, _index: int) -> None:
        """Another checkpoint: its configuration is the new base; the fields the user changed keep
        their text."""
        typed = {k: f.text() for k, f in self.fields.items() if self.base is not None and f.override() is not None}
        try:
            self.base = branch_base(self.parent_dir, self.step())
        except RunError as exc:
            self.base = None
            self.kept.setText(str(exc))
            self._revalidate()
            return
        for f in self.fields.values():
            f.set_from(self.base)
        for key, text in typed.items():
            self.fields[key].set_text(text)
        m, d = self.base.model, self.base.data
        layers = self.tr("{n} layer(s)", "", m.n_layer).format(n=format_number(m.n_layer))
        heads = self.tr("{n} head(s)", "", m.n_head).format(n=format_number(m.n_head))
        kept = self.tr("Kept from the parent (its checkpoint only means something with them): model {layers} "
                       "× {width} wide, {heads}, context {context}, vocabulary {vocab} · data {data} "
                       "· seed {seed} · batch size {batch}.").format(
            layers=layers, width=format_number(m.d_model), heads=heads, context=format_number(m.block_size),
            vocab=format_number(m.vocab_size or d.tokenizer_vocab_size), data=", ".join(source_names(self.base)),
            seed=self.base.run.seed, batch=format_number(self.base.train.batch_size))
        lr = self._parent_lr()
        history = (self.tr("The branch's history up to step {step} is the parent's.") if lr is None
                   else self.tr("The branch's history up to step {step} is the parent's; its last LR there was "
                                "{lr}.").replace("{lr}", format_decimal(lr, ".3g")))
        self.kept.setText(kept + " " + history.replace("{step}", format_number(self.step())))
        if not self._name_edited:
            self.name_edit.blockSignals(True)
            self.name_edit.setText(branch_folder(self.parent_dir, self.step()).name)
            self.name_edit.blockSignals(False)
        self._revalidate()

    def _parent_lr(self) -> float | None:
        """The LR the parent's update of the chosen step used (its store, read-only; None when it
        cannot be read)."""
        try:
            reader = RunReader(self.parent_dir / METRICS_DB)
        except (OSError, StoreError):
            return None
        try:
            steps, values = reader.scalars(TRAIN_LR)
        except (OSError, StoreError, sqlite3.Error):
            return None
        finally:
            reader.close()
        hits = values[steps == self.step()]
        return float(hits[-1]) if len(hits) else None

    # ------------------------------------------------------------------ overrides
    def overrides(self) -> list[str]:
        """The ``key=value`` overrides of every changed field, in the form's order."""
        if self.base is None:
            return []
        out = [o for f in self.fields.values() if (o := f.override()) is not None]
        cur, note = curriculum_overrides(self.curriculum_combo.currentData(), self.base.curriculum,
                                         source_names(self.base))
        self.curriculum_note.setText(note)
        return out + cur

    def _revalidate(self) -> None:
        overrides = self.overrides()
        base = self.base
        self.problems = override_problems(overrides, base) if base is not None else {}
        for key, f in self.fields.items():
            f.error.show_error(self.problems.get(key))
        cur = [m for k, m in self.problems.items() if k.startswith("curriculum.")]
        self._config, self.clash = None, None
        if base is not None and not self.problems:
            try:
                self._config = build_config(base=base, overrides=overrides)
            except ConfigError as exc:  # the key it names, in the interface's language
                problem = Problem.of(str(exc).partition(":")[0], exc)
                self.clash = problem_text(problem)
                blamed = self.fields.get(problem.key)
                if blamed is not None:
                    blamed.error.show_error(self.clash)
        if self._config is not None and self._config.curriculum.enabled:
            try:
                constraints_from_config(source_names(self._config), self._config.curriculum)
            except ConstraintError as exc:
                cur.append(str(exc))
        self.curriculum_error.show_error(cur)
        name_problem, steps_problem = self._name_problem(), self._max_steps_problem()
        self.name_error.show_error(name_problem)
        self.max_steps_error.show_error(steps_problem)
        self.folder_label.setText(visible_name(self.run_dir()))
        n_bad = len(self.problems) + bool(cur) + bool(name_problem) + bool(steps_problem)
        self.ok_button.setEnabled(self._config is not None and not n_bad)
        if base is None:
            self._say(self.tr("This checkpoint's settings cannot be read: choose another."), "error")
        elif self.clash:
            self._say(self.tr("These settings do not go together: {problem}").replace("{problem}", self.clash),
                      "error")
        elif n_bad:
            text = self.tr("{n} setting(s) to fix (in red).", "", n_bad)
            self._say(text.replace("{n}", format_number(n_bad)), "error")
        else:
            n = len(overrides)
            text = self.tr("{n} setting(s) changed from step {step}'s.", "", n)
            self._say(text.replace("{n}", format_number(n)).replace("{step}", format_number(self.step())), "muted")

    def _say(self, text: str, role: str) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {colour(role)};")

    def _name_problem(self) -> str | None:
        field = self.tr("name")  # the form's label starts the message
        return (name_problem(self.name_edit.text(), field, self.tr("the branch (its folder's)"))
                or taken_problem(self.run_dir(), field))

    def _max_steps_problem(self) -> str | None:
        text = self.max_steps_edit.text().strip()
        if not text:
            return None
        steps = whole_number(text)
        if steps is None or not 1 <= steps <= MAX_STEPS:
            return self.tr("max steps: a whole number in [1, {max}], or empty for the schedule's end").replace(
                "{max}", format_number(MAX_STEPS))
        if steps <= self.step():
            return self.tr("max steps: past the branch's start (step {step})").replace("{step}", format_number(self.step()))
        return None

    # ------------------------------------------------------------------ results
    def config(self) -> Config | None:
        """The branch's configuration (None while a setting is bad)."""
        return self._config if self.ok_button.isEnabled() else None

    def run_dir(self) -> Path:
        """The branch's folder: the name beside the parent's folder."""
        return self.parent_dir.parent / self.name_edit.text()

    def max_steps(self) -> int | None:
        """The step training stops at (None: the schedule's end)."""
        return whole_number(self.max_steps_edit.text()) if not self._max_steps_problem() else None

    def set_field(self, key: str, text: str) -> None:
        """Type ``text`` into the field of ``key`` (scripts and tests)."""
        self.fields[key].set_text(text)

    def done(self, result: int) -> None:  # noqa: D102 -- Qt override
        if result == QDialog.DialogCode.Accepted and self.config() is None:
            return
        super().done(result)
