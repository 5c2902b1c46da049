"""The TensorBoard export keeps every stored row: a NaN (NULL in the store) is written as NaN,
as the CSV export and the runs API keep it."""

from __future__ import annotations

import math

import pytest

from andrea_desktop.core.rundir.export import export_tensorboard
from andrea_desktop.core.rundir.store import RunStore


def _store(run, rows):
    run.mkdir()
    store = RunStore(run / "metrics.sqlite")
    for step, values in rows:
        store.log_scalars(step, values, wall_time=1000.0 + step)
    store.close()


def _read(out):
    tbparse = pytest.importorskip("tbparse")  # here, not at collection: importing it takes ~0.7 s
    pytest.importorskip("tensorboard")
    df = tbparse.SummaryReader(str(out)).scalars
    return {tag: list(zip(g["step"].tolist(), g["value"].tolist(), strict=True)) for tag, g in df.groupby("tag")}


def _same(a, b):
    return len(a) == len(b) and all(s == t and (v == w or (math.isnan(v) and math.isnan(w)))
                                    for (s, v), (t, w) in zip(a, b, strict=True))


def test_a_stored_nan_is_a_nan_in_the_event_files(tmp_path):
    _store(tmp_path / "run", [(1, {"train/loss": 7.5}), (2, {"train/loss": math.nan}), (3, {"train/loss": 7.0})])
    got = _read(export_tensorboard(tmp_path / "run", tmp_path / "tb"))
    assert _same(got["train/loss"], [(1, 7.5), (2, math.nan), (3, 7.0)])


def test_a_series_of_nans_only_is_exported_with_its_steps(tmp_path):
    _store(tmp_path / "run", [(s, {"train/grad_norm": math.nan, "train/lr": 0.001 * s}) for s in (5, 6)])
    got = _read(export_tensorboard(tmp_path / "run", tmp_path / "tb"))
    assert _same(got["train/grad_norm"], [(5, math.nan), (6, math.nan)])
    assert [s for s, _ in got["train/lr"]] == [5, 6]
