"""Built-in experiments: runs that differ in one setting, each defined as a run name and the
``key=value`` overrides that make its configuration — the ones ``andrea-train --set`` takes, built
by the one config builder (:func:`~andrea_desktop.core.config.overrides.build_config`).

The documents' warmup lesson (:class:`WarmupExperiment`): v1 of the original run took its first
step at the peak learning rate and its samples collapsed into "region region region"; v2 warmed
the LR up linearly over 2,000 steps and did not. Two runs of one preset, the same in every
setting but ``schedule.warmup_steps``: 0 (the peak LR from the first step, as v1) and a linear
warmup (as v2). The window trains them one after the other and overlays them
(:mod:`andrea_desktop.gui.run.experiment`); ``benchmarks/warmup_experiment.py`` trains the same
runs headless.

The default, LR 2e-2 with a warmup of 100 steps, 300 steps per run (:data:`COLLAPSE`), is the
one found to show on the demo preset, within about 5 minutes for both runs on 2 CPU cores, what the
documents saw in v1: the run without warmup falls into repetitive samples (flagged, kind
``repetition``) and one-hot attention heads, the warmup run much less. At 1e-2 (:data:`MEASURED`,
400 steps) the run without warmup falls behind in the loss and its heads collapse, but its samples
are seldom repetitive enough to flag; at 3e-2 both runs' heads collapse. A sample and a probe are
taken every steps / :data:`SAMPLES_PER_RUN` steps, so the side-by-side view
(:mod:`andrea_desktop.gui.panels.samples.side_by_side`) has both at the same steps.
"""

from __future__ import annotations

import datetime
import json
import math
from dataclasses import dataclass
from pathlib import Path

from .config import PRESETS, Config, ConfigError
from .config.bounds import MAX_STEPS
from .config.overrides import DEFAULT_PRESET, build_config
from .errors import quote

__all__ = ["ExperimentRun", "WarmupExperiment", "ExperimentError", "WARMUP_TITLE", "MEASURED", "COLLAPSE", "COLLAPSE_LR",
           "SAMPLES_PER_RUN", "default_experiment_name", "expectation"]

WARMUP_TITLE = "LR warmup vs none"
"""The experiment's name in File → New Experiment."""
MEASURED = {"preset": "andrea-tiny", "steps": 400, "warmup_steps": 100,
            "val_loss": {1e-3: None, 1e-2: (5.709, 4.978)}}
"""What ``benchmarks/warmup_experiment.py`` measured on a CPU (2 cores): at each peak LR, the
validation loss at the last step without and with warmup (None: no visible difference)."""
COLLAPSE = {"preset": "andrea-tiny", "lr": 2e-2, "steps": 300, "warmup_steps": 100,
            "flagged": ((5, 10), (0, 10)), "entropy_step": 150, "entropy": (0.10, 0.37)}
"""The default's measurement (``benchmarks/warmup_experiment.py --lrs 2e-2``, 300 steps, CPU):
the samples flagged for repetition ``(flagged, samples)`` without and with warmup, and the mean
attention entropy (nats) at ``entropy_step`` without and with warmup (the docs give every step)."""
SAMPLES_PER_RUN = 10
"""Samples and probes each run takes (every steps / 10 steps), for the side-by-side view: one
sample is a coin toss (a collapsed run's sample is flagged about 3 times in 4), ten tell."""
VISIBLE_LR = 5e-3
"""Peak LR from which, on andrea-tiny, the run without warmup visibly falls behind (between the
measured 1e-3, no difference, and 1e-2, a collapse)."""
COLLAPSE_LR = 1.5e-2
"""Peak LR from which, on andrea-tiny, the run without warmup's samples collapse into repetition
(between the measured 1e-2, seldom flagged, and 2e-2)."""


class ExperimentError(ConfigError):
    """An experiment's setting is refused; the message starts with the field (a dotted config
    key, or ``preset`` / ``steps``)."""


@dataclass(frozen=True)
class ExperimentRun:
    """One run of an experiment: its ``name`` (the end of its folder's name) and the overrides
    that make its configuration from nothing (``run.preset`` first, as ``--set`` takes them)."""

    name: str
    overrides: tuple[str, ...]

    def config(self) -> Config:
        """The run's configuration, built as ``andrea-train --set`` builds it.

        Raises
        ------
        ConfigError
            A value the validator refuses (the message names the key).
        """
        return build_config(overrides=self.overrides)


def default_experiment_name(now: datetime.datetime | None = None) -> str:
    """``warmup-vs-none-<time>``: the prefix of the experiment's run folders."""
    return f"warmup-vs-none-{(now or datetime.datetime.now()):%Y%m%d-%H%M%S}"


@dataclass(frozen=True)
class WarmupExperiment:
    """Two runs that differ only in ``schedule.warmup_steps`` (module docstring).

    Parameters
    ----------
    preset
        The preset both runs start from.
    lr
        The peak learning rate of both (``optimizer.lr``).
    warmup_steps
        The warmup of the second run (the first has none); at least 1 and below ``steps``.
    steps
        The step each run trains to (``--max-steps``); at most the preset's
        ``schedule.total_steps``.
    extra
        More overrides for both runs, applied before the warmup (a benchmark's thread count,
        a test's small model).
    """

    preset: str = DEFAULT_PRESET
    lr: float = 2e-2
    warmup_steps: int = 100
    steps: int = 300
    extra: tuple[str, ...] = ()

    def shared(self) -> tuple[str, ...]:
        """The overrides both runs have: the preset, the peak LR, a sample and a probe every
        ``steps`` / :data:`SAMPLES_PER_RUN` steps (for the side-by-side view), a terrain job every
        quarter of the steps (sharpness is the documents' explanation of v1: lambda_max against
        2/eta at matched steps; a job takes ``terrain.share`` of the training time), then ``extra``."""
        interval = max(1, int(self.steps) // SAMPLES_PER_RUN) if isinstance(self.steps, int) else 1
        number = isinstance(self.lr, (int, float)) and not isinstance(self.lr, bool)
        lr = repr(float(self.lr)) if number else json.dumps(str(self.lr))  # a string: the validator names it
        return (f"run.preset={json.dumps(str(self.preset))}", f"optimizer.lr={lr}",
                f"probe.sample_interval={min(interval, MAX_STEPS)}", f"probe.interval={min(interval, MAX_STEPS)}",
                f"terrain.interval={min(max(1, int(self.steps) // 4 if isinstance(self.steps, int) else 1), MAX_STEPS)}",
                *self.extra)

    def runs(self) -> tuple[ExperimentRun, ExperimentRun]:
        """The run without warmup (``no-warmup``, as v1), then the one with (``warmup-N``, as v2)."""
        shared = self.shared()
        return (ExperimentRun("no-warmup", (*shared, "schedule.warmup_steps=0")),
                ExperimentRun(f"warmup-{self.warmup_steps}", (*shared, f"schedule.warmup_steps={self.warmup_steps}")))

    def problems(self) -> dict[str, str]:
        """Each refused setting with the validator's message: ``{field: message}``, fields being
        ``preset``, ``steps`` or a dotted config key ({} when the experiment can run)."""
        if self.preset not in PRESETS:
            return {"preset": f"preset: {quote(self.preset)} is not one of {', '.join(PRESETS)}"}
        out: dict[str, str] = {}
        if not isinstance(self.lr, (int, float)) or isinstance(self.lr, bool) or not math.isfinite(self.lr):
            out["optimizer.lr"] = f"optimizer.lr: {quote(self.lr)} is not a number (e.g. 1e-2)"
        w, steps = self.warmup_steps, self.steps
        if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= MAX_STEPS:
            out["steps"] = f"steps: {quote(steps)} is not a whole number in [1, {MAX_STEPS:,}]"
        if not isinstance(w, int) or isinstance(w, bool):
            out["schedule.warmup_steps"] = f"schedule.warmup_steps: {quote(w)} is not a whole number of steps"
        elif w < 1:
            out["schedule.warmup_steps"] = (f"schedule.warmup_steps: {w} — the warmup run needs at least 1 warmup "
                                            "step (the other run is the one without warmup)")
        elif "steps" not in out and w >= steps:
            out["schedule.warmup_steps"] = (f"schedule.warmup_steps: {w:,} is not below the {steps:,} steps per run; "
                                            "the warmup run would never reach the peak LR")
        if out:
            return out
        for run in self.runs():
            try:
                cfg = run.config()
            except ConfigError as exc:
                key = str(exc).partition(":")[0]
                return {key if "." in key and " " not in key else "settings": str(exc)}
            if steps > cfg.schedule.total_steps:
                return {"steps": f"steps: {steps:,} is beyond the schedule's end ({cfg.schedule.total_steps:,} "
                                 f"steps in {self.preset})"}
        return {}

    def configs(self) -> list[tuple[ExperimentRun, Config]]:
        """Each run with its configuration.

        Raises
        ------
        ExperimentError
            The first of :meth:`problems`.
        """
        problems = self.problems()
        if problems:
            raise ExperimentError(next(iter(problems.values())))
        return [(run, run.config()) for run in self.runs()]

    def run_dirs(self, parent: str | Path, name: str) -> list[Path]:
        """The runs' folders: ``parent/<name>-<run name>``, side by side in the runs folder."""
        return [Path(parent) / f"{name}-{run.name}" for run in self.runs()]


def expectation(preset: str, lr: float) -> str:
    """One line on what to expect at peak LR ``lr``, from :data:`COLLAPSE` and :data:`MEASURED`."""
    number = isinstance(lr, (int, float)) and not isinstance(lr, bool)
    if number and lr >= COLLAPSE_LR:
        (k, n), (k2, n2) = COLLAPSE["flagged"]
        h, h2 = COLLAPSE["entropy"]
        text = (f"Expect the run without warmup to collapse ({COLLAPSE['preset']}, CPU, step {COLLAPSE['steps']}, "
                f"LR 2e-2: samples flagged for repetition {k} of {n} against {k2} of {n2} with warmup; mean attention "
                f"entropy {h:.2f} against {h2:.2f} nats at step {COLLAPSE['entropy_step']}).")
    else:
        no, yes = MEASURED["val_loss"][1e-2]
        at = f"{MEASURED['preset']}, CPU, step {MEASURED['steps']}"
        if number and lr >= VISIBLE_LR:
            text = (f"Expect the run without warmup to fall behind ({at}, LR 1e-2: val loss {no:.2f} vs {yes:.2f} "
                    "with warmup).")
        else:
            text = (f"Expect little difference at this LR ({at}: none visible at LR 1e-3; at 1e-2 no warmup falls "
                    "behind).")
    return text if preset == MEASURED["preset"] else text[:-2] + "; other presets not measured)."
