"""Runs from Python: read a run directory's config, metrics, events and samples in a notebook.

::

    from andrea_desktop import runs

    runs.list_runs()                          # the app's runs folder: one row per run
    run = runs.open_run("runs/r1")
    run.config["model"]["d_model"]            # config.toml as a dict
    df = run.scalars()                        # wide: index step, a column per metric
    df["train/loss"].plot()
    run.scalars("val/loss/*", long=True)      # long: step, name, value, wall_time (the stored rows)
    run.events("pivot"); run.samples()

Every table is a pandas ``DataFrame`` when pandas is installed (the ``pandas`` extra:
``pip install -e '.[pandas]'``), else a dict of column name to NumPy array (``as_pandas=False``
asks for that anyway). Missing values (NaN losses, metrics without a row at a step) are NaN.

Read-only and safe while the run trains: every call opens ``metrics.sqlite`` with SQLite's
``mode=ro`` (through :class:`~andrea_desktop.core.rundir.reader.RunReader`, the app's own
reader), reads one consistent snapshot (the database is in WAL mode, so the trainer never
waits for a reader) and closes it. No row or file of the run is changed (SQLite, as for any
reader of a WAL database, may create its empty ``-wal`` and ``-shm`` side files where the folder
is writable). A finished run in a folder the user cannot write is read too: there SQLite cannot
make those files, and a database without a ``-wal`` file (nobody writes it) is opened as
``immutable``. This module does not import PyTorch or Qt.
"""

from __future__ import annotations

import contextlib
import fnmatch
import logging
import os
import sqlite3
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from .core.config import ConfigError
from .core.config.toml_io import MAX_CONFIG_BYTES, loads_toml
from .core.errors import quote
from .core.metrics import TRAIN_LOSS
from .core.rundir.layout import (
    CHECKPOINTS_DIR,
    CONFIG,
    METRICS_DB,
    STATE_JSON,
    checkpoint_step,
    user_runs_dir,
)
from .core.rundir.lineage import Parent, read_parent
from .core.rundir.manage import RunManageError, rename_run
from .core.rundir.reader import RunReader
from .core.rundir.store import EmptyStoreError, StoreError
from .core.small_files import read_small

__all__ = ["Run", "RunsError", "open_run", "list_runs", "default_runs_dir"]

log = logging.getLogger(__name__)


class RunsError(RuntimeError):
    """A folder is not a run, or its files cannot be read (the message names the file)."""


def default_runs_dir() -> Path:
    """The folder where the desktop app makes new runs (``~/.local/share/andrea-desktop/runs``
    on Linux: the user data directory of platformdirs)."""
    return user_runs_dir()


def _want_pandas(as_pandas: bool | None):
    """pandas if it should be used, else None."""
    if as_pandas is False:
        return None
    try:
        import pandas
    except ImportError:
        if as_pandas:
            raise ImportError("as_pandas=True needs pandas: pip install pandas (or the app's "
                              "extra: .venv/bin/pip install -e '.[pandas]')") from None
        return None
    return pandas


def _table(columns: dict[str, np.ndarray], as_pandas: bool | None, index: str | None = None):
    pd = _want_pandas(as_pandas)
    if pd is None:
        return columns
    df = pd.DataFrame(columns)
    return df.set_index(index) if index is not None else df


@contextlib.contextmanager
def _reader(db: Path) -> Iterator[RunReader | None]:
    """A read-only :class:`RunReader` of ``db`` inside one read transaction (a consistent
    snapshot), closed afterwards; None while the run has no rows: no database yet, or one whose
    tables a trainer is still creating."""
    if not db.is_file():
        yield None
        return
    try:
        reader = RunReader(db)
    except EmptyStoreError:
        yield None
        return
    except (OSError, StoreError) as exc:
        hint = ""
        if Path(f"{db}-wal").exists() and not os.access(db.parent, os.W_OK):
            # a WAL database someone writes, in a folder we cannot write: SQLite cannot make its -shm file
            hint = f"; if its folder is read-only, copy the run (with {METRICS_DB}-wal) to a folder you can write"
        raise RunsError(f"{db}: cannot be read ({exc}){hint}") from exc
    try:
        with reader.snapshot():
            yield reader
    except sqlite3.Error as exc:
        raise RunsError(f"{db}: cannot be read ({exc})") from exc
    finally:
        reader.close()


class Run:
    """One run directory, read-only.

    Parameters
    ----------
    path
        The run directory (it holds ``config.toml``).

    Raises
    ------
    RunsError
        ``path`` holds no ``config.toml``.

    Notes
    -----
    Nothing is cached: each call reads the files as they are now, so a notebook following a
    training run sees its new rows.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        if not (self.path / CONFIG).is_file():
            raise RunsError(f"{self.path} is not a run (no {CONFIG})")

    def __repr__(self) -> str:
        return f"Run({str(self.path)!r})"

    @property
    def name(self) -> str:
        """The run directory's name."""
        return self.path.name

    @property
    def config(self) -> dict:
        """``config.toml`` as nested dicts (``config["model"]["d_model"]``; the keys are the
        ``Config`` dataclasses' fields, docs/run-folder.md#configtoml).

        Raises
        ------
        RunsError
            The file cannot be read or is not TOML.
        """
        try:
            raw = read_small(self.path / CONFIG, MAX_CONFIG_BYTES)  # not a link, FIFO or device
            return loads_toml(raw.decode("utf-8"))
        except (OSError, ValueError, RecursionError, ConfigError) as exc:  # TOMLDecodeError, UnicodeDecodeError too
            raise RunsError(f"{self.path / CONFIG}: cannot be read ({exc})") from exc

    @property
    def parent(self) -> Parent | None:
        """The run and step a branch started from (``parent.json``: ``.run`` the folder, ``.step``
        the checkpoint step; its own history starts at ``step + 1``), or None for a run that is
        not a branch (``andrea-train --branch-from``)."""
        return read_parent(self.path)

    def _read(self):
        """A read-only snapshot of ``metrics.sqlite`` (:func:`_reader`); None before the run
        has rows."""
        return _reader(self.path / METRICS_DB)

    def scalar_names(self) -> list[str]:
        """The run's metric names, sorted (``train/loss``, ``train/loss/<source>``,
        ``val/loss/<source>``, ``train/lr``, ``mix/weight/<source>``...); empty before the
        first row."""
        with self._read() as reader:
            return [] if reader is None else reader.scalar_names()

    def scalars(self, names: str | Iterable[str] | None = None, *, long: bool = False,
                after_step: int | None = None, as_pandas: bool | None = None):
        """The run's metrics.

        Parameters
        ----------
        names
            None: every metric; a string: a glob pattern of names (``"val/loss/*"``, or one
            exact name); a list: those names.
        long
            False: a wide table, one row per step and one column per metric, NaN where a metric
            has no row at a step (if a metric has two rows at one step, the later one). True: the
            long table, exactly the store's rows in the order they were written.
        after_step
            Only rows with step > ``after_step`` (to poll a training run for new rows).
        as_pandas
            None: a DataFrame if pandas is installed; True: a DataFrame (ImportError without
            pandas); False: a dict of NumPy arrays.

        Returns
        -------
        wide
            DataFrame indexed by ``step`` (int64), a float64 column per metric; or a dict with
            ``step`` (N,) int64 and a (N,) float64 array per metric.
        long
            Columns ``step`` (int64), ``name`` (str), ``value`` (float64; NULL, a NaN when
            written, reads as NaN) and ``wall_time`` (float64, seconds since the epoch, UTC).

        Raises
        ------
        RunsError
            ``metrics.sqlite`` is unreadable.
        """
        rows: list[tuple] = []
        with self._read() as reader:
            if reader is not None:
                chosen = None if names is None else (
                    [n for n in reader.scalar_names() if fnmatch.fnmatchcase(n, names)] if isinstance(names, str)
                    else list(dict.fromkeys(names)))
                rows = reader.scalar_rows(chosen, after_step)
        steps = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        values = np.fromiter((np.nan if r[2] is None else r[2] for r in rows), dtype=np.float64, count=len(rows))
        row_names = np.asarray([r[1] for r in rows], dtype=object)
        if long:
            walls = np.fromiter((np.nan if r[3] is None else r[3] for r in rows), dtype=np.float64, count=len(rows))
            return _table({"step": steps, "name": row_names, "value": values, "wall_time": walls}, as_pandas)
        # a pattern gives the names it matched; a list every name asked for (NaN if it has no row)
        columns = sorted(set(row_names.tolist())) if names is None or isinstance(names, str) \
            else list(dict.fromkeys(names))
        uniq, at = np.unique(steps, return_inverse=True)
        wide: dict[str, np.ndarray] = {"step": uniq}
        for name in columns:
            col = np.full(len(uniq), np.nan)
            sel = row_names == name
            col[at[sel]] = values[sel]  # rows in written order: a later row at a step wins
            wide[name] = col
        return _table(wide, as_pandas, index="step")

    def events(self, kind: str | None = None, *, as_pandas: bool | None = None):
        """The run's events (``checkpoint``, ``phase``, ``pivot``, ``anomaly``, ``eval``...) in the
        order they were written.

        Returns
        -------
        Columns ``step`` (int64), ``kind`` (str), ``payload`` (dict, the stored JSON; ``{}`` if it
        is not JSON) and ``wall_time`` (float64, seconds since the epoch).
        """
        rows: list[tuple] = []
        with self._read() as reader:
            if reader is not None:
                rows = reader.events(kind)
        payloads = np.empty(len(rows), dtype=object)
        for i, r in enumerate(rows):
            payloads[i] = r[2]
        return _table({
            "step": np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
            "kind": np.asarray([r[1] for r in rows], dtype=object),
            "payload": payloads,
            "wall_time": np.fromiter((np.nan if r[3] is None else r[3] for r in rows), dtype=np.float64,
                                     count=len(rows)),
        }, as_pandas)

    def samples(self, *, as_pandas: bool | None = None):
        """Generated samples in the order they were written.

        Returns
        -------
        Columns ``step`` (int64), ``prompt`` (str), ``text`` (str, the continuation without the
        prompt) and ``wall_time`` (float64, seconds since the epoch).
        """
        rows: list[tuple] = []
        with self._read() as reader:
            if reader is not None:
                rows = reader.samples(wall_time=True)
        return _table({
            "step": np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
            "prompt": np.asarray([r[1] for r in rows], dtype=object),
            "text": np.asarray([r[2] for r in rows], dtype=object),
            "wall_time": np.fromiter((np.nan if r[3] is None else r[3] for r in rows), dtype=np.float64,
                                     count=len(rows)),
        }, as_pandas)

    def last_step(self) -> int:
        """The highest step with a ``train/loss`` row (0 before the first step)."""
        with self._read() as reader:
            return 0 if reader is None else reader.last_step()

    def rename(self, new_name: str) -> Run:
        """Rename the run's folder to ``new_name`` (in the same folder), as the app's Rename does:
        the same rule for names (:func:`~andrea_desktop.core.rundir.names.run_name_problem`), never
        while a trainer holds the run, never through a link. Returns the renamed run.

        Raises
        ------
        RunsError
            The name is refused (the message says why), it is taken, or the rename failed.
        """
        try:
            return Run(rename_run(self.path, new_name))
        except RunManageError as exc:
            raise RunsError(str(exc)) from exc

    def checkpoints(self) -> list[int]:
        """Steps of the run's checkpoint folders (``checkpoints/step-NNNNNNNN``), oldest first
        (not verified: the trainer checks their checksums when it resumes; links, and names other
        than a step's one name (``step-2`` beside ``step-00000002``), are not the run's and are
        left out, as is a folder whose ``state.json`` is a link or not a plain file: the app's
        ``list_checkpoints`` calls it damaged, and both never follow a link)."""
        folder = self.path / CHECKPOINTS_DIR
        if folder.is_symlink() or not folder.is_dir():
            return []
        out = []
        for d in folder.iterdir():
            step = checkpoint_step(d.name)
            if step is not None and not d.is_symlink() and _is_plain_file(d / STATE_JSON):
                out.append(step)
        return sorted(out)


def _is_plain_file(path: Path) -> bool:
    """Whether ``path`` is a regular file itself (``lstat``: a link, even to a file, is not)."""
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def open_run(path: str | Path) -> Run:
    """The run in ``path`` (see :class:`Run`).

    Raises
    ------
    RunsError
        ``path`` holds no ``config.toml``.
    """
    return Run(path)


_RUN_COLUMNS: dict[str, tuple[Any, Any]] = {
    "name": ("", object), "path": ("", object), "preset": ("", object), "origin": ("", object), "seed": (-1, np.int64),
    "n_layer": (0, np.int64), "n_head": (0, np.int64), "d_model": (0, np.int64), "vocab_size": (0, np.int64),
    "init_from": ("", object), "last_step": (0, np.int64), "total_steps": (0, np.int64), "finished": (False, bool),
    "train_loss": (np.nan, np.float64), "updated": (np.nan, np.float64), "n_checkpoints": (0, np.int64),
    "parent": ("", object), "parent_step": (-1, np.int64), "error": ("", object),
}
""":func:`list_runs`'s columns: the value of a run that lacks it, and the column's dtype."""


_INT64 = (-(2**63), 2**63 - 1)


def _column_values(values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``values`` that fit their :data:`_RUN_COLUMNS` column (an integer in int64's range, or a
    string), and a sentence for each that does not (it is left at the column's default)."""
    good, bad = {}, []
    for key, value in values.items():
        default, dtype = _RUN_COLUMNS[key]
        if dtype is np.int64:
            ok = isinstance(value, int) and not isinstance(value, bool) and _INT64[0] <= value <= _INT64[1]
        else:
            ok = isinstance(value, str)
        if ok:
            good[key] = value
        else:
            bad.append(f"{key} is {quote(value, 40)}, not {'an integer' if dtype is np.int64 else 'text'}")
    return good, bad


def _run_row(path: Path) -> dict[str, Any]:
    """One row of :func:`list_runs`; what cannot be read is left at its default, and ``error``
    says why (a config value of the wrong type or out of range makes the run damaged, not the
    listing fail)."""
    row = {k: default for k, (default, _) in _RUN_COLUMNS.items()}
    row.update(name=path.name, path=str(path))
    try:
        run = Run(path)
        cfg = run.config
        m, r = cfg.get("model", {}), cfg.get("run", {})
        good, bad = _column_values(dict(
            preset=r.get("preset", ""), origin=r.get("origin", "trainer"), seed=r.get("seed", -1), n_layer=m.get("n_layer", 0),
            n_head=m.get("n_head", 0), d_model=m.get("d_model", 0), vocab_size=m.get("vocab_size", 0),
            init_from=m.get("init_from", ""), total_steps=cfg.get("schedule", {}).get("total_steps", 0)))
        row.update(good, n_checkpoints=len(run.checkpoints()))
        if bad:
            row["error"] = f"{CONFIG} is damaged: {'; '.join(bad)}"
        parent = run.parent
        if parent is not None:
            row.update(parent=str(parent.run), parent_step=parent.step)
        with run._read() as reader:
            if reader is not None:
                last = reader.last_step()
                steps, values = reader.scalars(TRAIN_LOSS, after_step=last - 1)
                if steps.size:  # by step, then as written: the last row is the newest of last_step
                    row.update(last_step=int(steps[-1]), train_loss=float(values[-1]))
                updated = reader.last_step_time()
                row["updated"] = np.nan if updated is None else float(updated)
        row["finished"] = not bad and bool(row["total_steps"]) and row["last_step"] >= row["total_steps"]
    except (RunsError, AttributeError, TypeError) as exc:
        row["error"] = str(exc)
    return row


def list_runs(folder: str | Path | None = None, *, as_pandas: bool | None = None):
    """The runs in ``folder`` (its sub-folders holding a ``config.toml``, and ``folder`` itself if
    it is one), by name.

    Parameters
    ----------
    folder
        Default: :func:`default_runs_dir`, where the desktop app makes runs.

    Returns
    -------
    One row per run: ``name``, ``path`` (str), ``preset``, ``origin`` (``trainer``, or ``script``
    for a run of your own training code: :mod:`andrea_desktop.track`), ``seed``, ``n_layer``, ``n_head``,
    ``d_model``, ``vocab_size``, ``init_from`` (str, "" if none), ``last_step`` (the highest step
    with a ``train/loss`` row), ``total_steps`` (the schedule's length), ``finished``
    (last_step >= total_steps), ``train_loss`` (the loss of ``last_step``, NaN if none),
    ``updated`` (wall time of its newest training step, seconds since the epoch, NaN if none),
    ``n_checkpoints`` (how many checkpoint folders), ``parent`` and ``parent_step`` (the run folder
    and step a branch started from; "" and -1 for other runs) and ``error`` ("" or why the run
    could not be read).
    """
    folder = Path(folder).expanduser() if folder is not None else default_runs_dir()
    candidates = [folder] if (folder / CONFIG).is_file() else []
    if folder.is_dir():
        candidates += sorted(p for p in folder.iterdir() if p.is_dir() and (p / CONFIG).is_file())
    rows = [_run_row(path) for path in candidates]
    columns = {k: np.asarray([row[k] for row in rows], dtype=dtype) for k, (_, dtype) in _RUN_COLUMNS.items()}
    return _table(columns, as_pandas)
