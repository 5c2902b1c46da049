"""Exports of a run for other tools: metrics as CSV, TensorBoard event files, weights as
safetensors."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from .checkpoint import list_checkpoints, read_checkpoint
from .layout import (
    CHECKPOINTS_DIR,
    CONFIG,
    METRICS_DB,
    MODEL_FILE,
    PROBES_DIR,
    TOKENIZER,
    UnsafePathError,
    check_no_links,
    unique_temp,
)
from .reader import RunReader
from .weights import read_weights, save_weights

__all__ = ["ExportError", "export_metrics_csv", "export_tensorboard", "export_checkpoint_weights"]


class ExportError(RuntimeError):
    """An export cannot be made (the message says why and what to do)."""


def _target(run_dir: str | Path, path: str | Path) -> Path:
    """Check an export's run (none of its files a link: :func:`check_no_links`) and destination:
    a file name (not a folder), not one of the run's own files."""
    _check_run(run_dir)
    path = Path(path)
    if path.is_dir():
        raise ExportError(f"{path} is a folder: choose a file name")
    run = Path(run_dir).resolve()
    dest = path.resolve()
    if dest in {run / n for n in (METRICS_DB, CONFIG, TOKENIZER)} or \
            run / CHECKPOINTS_DIR in dest.parents or run / PROBES_DIR in dest.parents:
        raise ExportError(f"{path} is one of the run's own files: choose another name")
    return path


def _check_run(run_dir: str | Path) -> None:
    """Refuse (:class:`ExportError`) a run folder one of whose files is a link: an export would
    read another run's history as this one's (and SQLite would write beside the link's target)."""
    try:
        check_no_links(run_dir)
    except UnsafePathError as exc:
        raise ExportError(str(exc)) from None


def _replace(tmp: Path, path: Path) -> None:
    try:
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def _reader(run_dir: Path) -> RunReader:
    db = Path(run_dir) / METRICS_DB
    if not db.exists():
        raise ExportError(f"{run_dir} has no {METRICS_DB}: nothing to export")
    return RunReader(db)


def export_metrics_csv(run_dir: str | Path, path: str | Path) -> Path:
    """Every scalar of the run as one wide CSV: a ``step`` column, then one column per metric
    (``train/loss``, ``train/lr``, ``val/loss/<source>``...), empty where a metric has no value
    at that step. Written atomically.

    Raises
    ------
    ExportError
        The run has no metrics database, or one of its files is a link.
    OSError
        ``path`` cannot be written.
    """
    path = _target(run_dir, path)
    reader = _reader(Path(run_dir))
    try:
        names = reader.scalar_names()
        table: dict[int, dict[str, float]] = {}
        for name in names:
            steps, values = reader.scalars(name)
            for s, v in zip(steps.tolist(), values.tolist(), strict=True):
                table.setdefault(int(s), {})[name] = v
    finally:
        reader.close()
    tmp = unique_temp(path.parent, f".{path.name}-")  # a random name, created exclusively
    try:
        with tmp.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["step", *names])
            for step in sorted(table):
                row = table[step]
                w.writerow([step, *("" if n not in row or row[n] != row[n] else repr(float(row[n])) for n in names)])
        _replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def export_tensorboard(run_dir: str | Path, out_dir: str | Path) -> Path:
    """The run's scalars and events as TensorBoard event files in ``out_dir`` (scalars with their
    steps and wall times, a NaN as NaN, as the CSV export and the runs API keep it; events and
    samples as text).

    Raises
    ------
    ExportError
        The optional ``tensorboard`` package is missing (the ``tensorboard`` extra),
        or the run has no metrics database, or one of its files is a link.
    """
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError as exc:
        raise ExportError("TensorBoard export needs the optional tensorboard package: in the app's "
                          "checkout, run .venv/bin/pip install -e '.[tensorboard]' (or pip install tensorboard "
                          "into the app's environment), then try again") from exc
    _check_run(run_dir)
    out_dir = Path(out_dir)
    reader = _reader(Path(run_dir))
    writer = SummaryWriter(log_dir=str(out_dir))
    try:
        for name in reader.scalar_names():
            rows = reader._con.execute(
                "SELECT step, value, wall_time FROM scalars WHERE name = ? ORDER BY step", (name,)).fetchall()
            for step, value, wall in rows:  # the store keeps a NaN as NULL; TensorBoard stores NaN
                writer.add_scalar(name, math.nan if value is None else value, global_step=step, walltime=wall)
        for step, kind, payload, wall in reader.events():
            writer.add_text(f"events/{kind}", json.dumps(payload), global_step=step, walltime=wall)
        for step, prompt, text in reader.samples():
            writer.add_text("samples", f"**{prompt}**{text}", global_step=step)
    finally:
        writer.close()
        reader.close()
    return out_dir


def export_checkpoint_weights(run_dir: str | Path, path: str | Path) -> tuple[Path, int]:
    """Write the newest valid checkpoint's weights to ``path``, under every name of the model's
    state dict (``load_file`` + ``GPT(cfg).load_state_dict(strict=True)`` reads it).

    Returns
    -------
    The file written and the checkpoint's step.

    Raises
    ------
    ExportError
        The run has no valid checkpoint, or one of its files is a link.
    """
    path = _target(run_dir, path)
    problems = []
    for info in reversed(list_checkpoints(run_dir)):
        try:
            read_checkpoint(info)  # verifies the files' checksums
        except RuntimeError as exc:
            problems.append(str(exc))
            continue
        tmp = unique_temp(path.parent, f".{path.name}-")  # a random name, created exclusively
        try:
            save_weights(read_weights(info.path / MODEL_FILE), tmp)  # every name, also from old files
            _replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path, info.step
    raise ExportError("the run has no valid checkpoint to export weights from"
                      + (": " + "; ".join(problems) if problems else ""))
