"""Exports of a run: metrics as CSV, the newest checkpoint's weights, TensorBoard event
files; and what an export refuses (a folder, the run's own files)."""

import csv
import shutil

import pytest
from conftest import ckpt_config, logged_losses, make_ckpt_run, scalar_rows

from andrea_desktop.core.rundir.export import (
    ExportError,
    export_checkpoint_weights,
    export_metrics_csv,
    export_tensorboard,
)


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """A run with checkpoints at 5, 10 and 15 (copied for each test)."""
    return make_ckpt_run(tmp_path_factory.mktemp("base") / "r", steps=15,
                    cfg=ckpt_config(checkpoint={"interval": 5, "keep_last": 3}))


@pytest.fixture
def run(base_run, tmp_path):
    dest = tmp_path / "r"
    shutil.copytree(base_run, dest)
    return dest


def test_exports_metrics_csv_weights_and_tensorboard(tmp_path):
    run = make_ckpt_run(tmp_path / "r", steps=6)
    path = export_metrics_csv(run, tmp_path / "m.csv")
    with path.open() as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["step"]) for r in rows] == list(range(0, 7))
    assert rows[3]["train/loss"] and rows[0]["train/loss"] == ""  # no training loss at step 0
    assert float(rows[6]["train/loss"]) == logged_losses(run / "metrics.sqlite")[6]
    w, step = export_checkpoint_weights(run, tmp_path / "model.safetensors")
    assert step == 6
    from safetensors.torch import load_file

    assert any(k.endswith("c_attn.weight") for k in load_file(str(w)))
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        with pytest.raises(ExportError, match="tensorboard"):
            export_tensorboard(run, tmp_path / "tb")
    else:
        out = export_tensorboard(run, tmp_path / "tb")
        assert list(out.glob("events.out.tfevents.*"))
    with pytest.raises(ExportError, match="no metrics.sqlite"):
        export_metrics_csv(tmp_path / "nothing", tmp_path / "x.csv")


def test_exports_refuse_folders_and_the_runs_own_files(run, tmp_path):
    (tmp_path / "folder").mkdir()
    for export in (export_metrics_csv, lambda r, p: export_checkpoint_weights(r, p)):
        with pytest.raises(ExportError, match="is a folder"):
            export(run, tmp_path / "folder")
        with pytest.raises(ExportError, match="run's own files"):
            export(run, run / "metrics.sqlite")
    assert not list(tmp_path.glob("*.tmp")) and scalar_rows(run)
