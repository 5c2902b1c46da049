"""Curriculum presets: named constraints and walk parameters shipped in ``resources/curricula/*.toml``,
and their fit to a run's sources (the curriculum dialog's preset menu)."""

from __future__ import annotations

from dataclasses import dataclass

from ..config import CurriculumConfig
from .walk import WalkParams

__all__ = ["CurriculumPreset", "list_curriculum_presets", "load_curriculum_preset", "adapt_preset"]


@dataclass(frozen=True)
class CurriculumPreset:
    """A named set of constraints and walk parameters (``resources/curricula/*.toml``).

    Attributes
    ----------
    key
        File stem (``andrea-v3-polish``).
    name, description
        For the dialog.
    sources
        Sources the preset was written for.
    assumed
        Keys whose numbers the seeds do not give.
    config
        The constraints and parameters.
    """

    key: str
    name: str
    description: str
    sources: tuple[str, ...]
    assumed: tuple[str, ...]
    config: CurriculumConfig


def list_curriculum_presets() -> list[str]:
    """Keys of the curriculum presets shipped in ``resources/curricula``."""
    from importlib import resources

    folder = resources.files("andrea_desktop.resources").joinpath("curricula")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_curriculum_preset(key: str) -> CurriculumPreset:
    """Read a curriculum preset.

    Raises
    ------
    ConfigError
        Unknown preset, or a file whose keys or types are wrong (the key is named).
    """
    from importlib import resources

    from ..config import ConfigError, config_from_dict, tomllib

    if key not in list_curriculum_presets():
        raise ConfigError(f"curriculum preset: unknown preset {key!r}")
    text = resources.files("andrea_desktop.resources").joinpath(f"curricula/{key}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    meta = data.get("preset", {})
    cfg = config_from_dict({"curriculum": data.get("curriculum", {})}).curriculum
    return CurriculumPreset(key, meta.get("name", key), meta.get("description", ""),
                            tuple(meta.get("sources", ())), tuple(meta.get("assumed", ())), cfg)


def adapt_preset(preset: CurriculumPreset, names) -> tuple[dict, dict, list[str]]:
    """Fit a preset to a run's sources.

    Returns
    -------
    constraints
        A constraints dict (:meth:`Constraints.to_dict` form) over the run's sources that the
        preset names; warmup sources fall back to all when none of the preset's are present.
    params
        The walk parameters.
    missing
        Preset sources the run does not have (skipped, so the dialog can say so).
    """
    present = set(names)
    cfg = preset.config
    missing = [s for s in preset.sources if s not in present]
    warm = [s for s in cfg.warmup_sources if s in present]
    constraints = {
        "floors": {k: v for k, v in cfg.floors.items() if k in present},
        "caps": {k: v for k, v in cfg.caps.items() if k in present},
        "excluded": [s for s in cfg.excluded if s in present],
        "warmup_sources": warm or list(names),
    }
    params = WalkParams.of(cfg).to_dict()
    return constraints, params, missing
