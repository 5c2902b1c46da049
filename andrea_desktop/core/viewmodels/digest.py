"""A run model as plain data (lists, tuples, dicts of numbers and strings): two models that show
the same run have equal digests, whichever source filled them (the live training thread, a
folder read once, a folder followed). Tests and checks compare digests."""

from __future__ import annotations

import math

import numpy as np

from .history import Series
from .run_model import RunModel

__all__ = ["model_digest"]


def _series(s: Series) -> tuple:
    return (s.steps.data.tolist(), [None if not math.isfinite(v) else v for v in s.values.data.tolist()],
            int(np.isnan(s.values.data).sum()))


def _nan_named(x):
    """``x`` (a value or nested lists of ``tolist()``) with each float NaN as the string "nan":
    NaN is unequal to itself, so two digests of the same NaN (a terrain part not computed yet)
    would differ."""
    if isinstance(x, list):
        return [_nan_named(v) for v in x]
    return "nan" if isinstance(x, float) and x != x else x


def _arrays(d: dict | None) -> dict | None:
    if d is None:
        return None
    return {k: _nan_named(np.asarray(v).tolist()) for k, v in sorted(d.items())}


def model_digest(model: RunModel, probe_arrays: bool = True) -> dict:
    """Everything a model holds as plain Python values, for comparing two models: every series,
    event, region in force, path point, bandit statistic, probe, watched set, sample, terrain
    result and the parent's history. Two sources that decode one run the same way give equal
    digests."""
    h, m = model.history, model.mixture
    out = {
        "sources": model.sources,
        "loss": _series(h.loss), "lr": _series(h.lr),
        "source_loss": {k: _series(v) for k, v in sorted(h.source_loss.items())},
        "val_loss": {k: _series(v) for k, v in sorted(h.val_loss.items())},
        "scalars": {k: _series(v) for k, v in sorted(model.scalars.items())},
        "events": [(s, str(k), p) for s, k, p in h.events],
        "mixture": {"names": m.names, "regions": m.regions, "path_steps": m.path_steps,
                    "path_weights": [w.tolist() for w in m.path_weights], "path_modes": m.path_modes,
                    **{a: None if getattr(m, a) is None else np.asarray(getattr(m, a)).tolist()
                       for a in ("weights", "pulls", "reward", "ucb")}},
        "probe_steps": list(model.probes.steps),
        "watch_sets": [_arrays(d) for d in model.watch_sets],
        "embedding": None if model.embedding is None else (model.embedding[0], np.asarray(model.embedding[1]).tolist(),
                                                          model.embedding[2]),
        "samples": list(model.samples),
        "terrain_results": {s: _arrays(r.to_arrays()) for s, r in model.terrain.items()},
        "parent": None if model.parent is None else {
            "record": model.parent.record.to_dict(), "loss": _series(model.parent.history.loss),
            "lr": _series(model.parent.history.lr),
            "source_loss": {k: _series(v) for k, v in sorted(model.parent.history.source_loss.items())},
            "val_loss": {k: _series(v) for k, v in sorted(model.parent.history.val_loss.items())},
            "events": [(s, str(k), p) for s, k, p in model.parent.history.events],
            "mixture_weights": None if model.parent.mixture.weights is None
            else np.asarray(model.parent.mixture.weights).tolist()},
    }
    if probe_arrays:
        out["probe_arrays"] = {s: _arrays({k: v for k, v in (model.probes.get(s) or {}).items()
                                     if k not in ("embedding", "vocab")}) for s in model.probes.steps}
    return out
