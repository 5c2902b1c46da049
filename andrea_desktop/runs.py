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
``mode=ro``, reads one consistent snapshot (the database is in WAL mode, so the trainer never
waits for a reader) and closes it. No row or file of the run is changed (SQLite, as for any
reader of a WAL database, may create its empty ``-wal`` and ``-shm`` side files where the folder
is writable). A finished run in a folder the user cannot write is read too: there SQLite cannot
make those files, and a database without a ``-wal`` file (nobody writes it) is opened as
``immutable``. This module does not import PyTorch or Qt.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import logging
import sqlite3
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np
import platformdirs

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["Run", "RunsError", "open_run", "list_runs", "default_runs_dir"]

log = logging.getLogger(__name__)

DB = "metrics.sqlite"


class RunsError(RuntimeError):
    """A folder is not a run, or its files cannot be read (the message names the file)."""


def default_runs_dir() -> Path:
    """The folder where the desktop app makes new runs (``~/.local/share/andrea-desktop/runs``
    on Linux: the user data directory of platformdirs)."""
    return Path(platformdirs.user_data_dir("andrea-desktop", "andrea")) / "runs"


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
def _connect(db: Path) -> Iterator[sqlite3.Connection | None]:
    """A read-only connection inside one read transaction (a consistent snapshot); None while
    the database has no tables yet (a trainer is creating it): no rows."""
    if not db.is_file():
        raise RunsError(f"{db}: no metrics database (the run has not started)")
    uri = "file:" + quote(str(db.resolve()))
    try:
        con = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=10.0)
        try:
            con.execute("BEGIN")
            con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            con.close()
            raise
    except sqlite3.OperationalError as exc:
        # a WAL database in a folder we cannot write: SQLite cannot make its -shm file. Without
        # a -wal file nobody is writing it (a writer keeps one), so it can be read as immutable.
        if Path(str(db) + "-wal").exists():
            raise RunsError(f"{db}: cannot be read ({exc}); if its folder is read-only, copy the run "
                            "(with metrics.sqlite-wal) to a folder you can write") from exc
        try:
            con = sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True)
            con.execute("BEGIN")
        except sqlite3.Error as exc2:
            raise RunsError(f"{db}: cannot be read ({exc2})") from exc2
    except sqlite3.Error as exc:
        raise RunsError(f"{db}: cannot be read ({exc})") from exc
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        yield con if {"scalars", "events", "samples"} <= tables else None
    except sqlite3.Error as exc:
        raise RunsError(f"{db}: cannot be read ({exc})") from exc
    finally:
        con.close()


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
        if not (self.path / "config.toml").is_file():
            raise RunsError(f"{self.path} is not a run (no config.toml)")

    def __repr__(self) -> str:
        return f"Run({str(self.path)!r})"

    @property
    def name(self) -> str:
        """The run directory's name."""
        return self.path.name

    @property
    def config(self) -> dict:
        """``config.toml`` as nested dicts (``config["model"]["d_model"]``; the keys are the
        ``Config`` dataclasses' fields, README "Using it").

        Raises
        ------
        RunsError
            The file cannot be read or is not TOML.
        """
        try:
            return tomllib.loads((self.path / "config.toml").read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise RunsError(f"{self.path / 'config.toml'}: cannot be read ({exc})") from exc

    def _db(self) -> Path:
        return self.path / DB

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only snapshot of ``metrics.sqlite``; None before the run has rows."""
        if not self._db().is_file():
            yield None
            return
        with _connect(self._db()) as con:
            yield con

    def scalar_names(self) -> list[str]:
        """The run's metric names, sorted (``train/loss``, ``train/loss/<source>``,
        ``val/loss/<source>``, ``train/lr``, ``mix/weight/<source>``...); empty before the
        first row."""
        with self._snapshot() as con:
            return [] if con is None else [
                r[0] for r in con.execute("SELECT DISTINCT name FROM scalars ORDER BY name")]

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
        with self._snapshot() as con:
            if con is not None:
                all_names = [r[0] for r in con.execute("SELECT DISTINCT name FROM scalars")]
                chosen = None if names is None else (
                    [n for n in all_names if fnmatch.fnmatchcase(n, names)] if isinstance(names, str)
                    else list(dict.fromkeys(names)))
                q = "SELECT step, name, value, wall_time FROM scalars"
                where, args = [], []
                if chosen is not None:
                    where.append(f"name IN ({','.join('?' * len(chosen))})")
                    args += chosen
                if after_step is not None:
                    where.append("step > ?")
                    args.append(int(after_step))
                if where:
                    q += " WHERE " + " AND ".join(where)
                rows = con.execute(q + " ORDER BY rowid", args).fetchall() if chosen != [] else []
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
        with self._snapshot() as con:
            if con is not None:
                q, args = "SELECT step, kind, payload, wall_time FROM events", ()
                if kind is not None:
                    q, args = q + " WHERE kind = ?", (kind,)
                rows = con.execute(q + " ORDER BY rowid", args).fetchall()
        payloads = np.empty(len(rows), dtype=object)
        for i, r in enumerate(rows):
            payloads[i] = _payload(r[2])
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
        with self._snapshot() as con:
            if con is not None:
                rows = con.execute("SELECT step, prompt, text, wall_time FROM samples ORDER BY rowid").fetchall()
        return _table({
            "step": np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
            "prompt": np.asarray([r[1] for r in rows], dtype=object),
            "text": np.asarray([r[2] for r in rows], dtype=object),
            "wall_time": np.fromiter((np.nan if r[3] is None else r[3] for r in rows), dtype=np.float64,
                                     count=len(rows)),
        }, as_pandas)

    def last_step(self) -> int:
        """The highest step with a ``train/loss`` row (0 before the first step)."""
        with self._snapshot() as con:
            row = None if con is None else con.execute(
                "SELECT MAX(step) FROM scalars WHERE name = 'train/loss'").fetchone()
        return int(row[0] or 0) if row else 0

    def checkpoints(self) -> list[int]:
        """Steps of the run's checkpoint folders (``checkpoints/step-NNNNNNNN``), oldest first
        (not verified: the trainer checks their checksums when it resumes)."""
        folder = self.path / "checkpoints"
        if not folder.is_dir():
            return []
        out = []
        for d in folder.iterdir():
            digits = d.name[len("step-"):]
            if d.name.startswith("step-") and digits.isascii() and digits.isdigit() and (d / "state.json").is_file():
                out.append(int(digits))
        return sorted(out)


def _payload(text: Any) -> dict:
    try:
        value = json.loads(text) if text else {}
    except (ValueError, TypeError):
        return {}
    return value if isinstance(value, dict) else {"value": value}


def open_run(path: str | Path) -> Run:
    """The run in ``path`` (see :class:`Run`).

    Raises
    ------
    RunsError
        ``path`` holds no ``config.toml``.
    """
    return Run(path)


def list_runs(folder: str | Path | None = None, *, as_pandas: bool | None = None):
    """The runs in ``folder`` (its sub-folders holding a ``config.toml``, and ``folder`` itself if
    it is one), by name.

    Parameters
    ----------
    folder
        Default: :func:`default_runs_dir`, where the desktop app makes runs.

    Returns
    -------
    One row per run: ``name``, ``path`` (str), ``preset``, ``seed``, ``n_layer``, ``n_head``,
    ``d_model``, ``vocab_size``, ``init_from`` (str, "" if none), ``last_step`` (the highest step
    with a ``train/loss`` row), ``total_steps`` (the schedule's length), ``finished``
    (last_step >= total_steps), ``train_loss`` (the loss of ``last_step``, NaN if none),
    ``updated`` (wall time of its newest metric row, seconds since the epoch, NaN if none),
    ``checkpoints`` (how many) and ``error`` ("" or why the run could not be read).
    """
    folder = Path(folder).expanduser() if folder is not None else default_runs_dir()
    candidates = [folder] if (folder / "config.toml").is_file() else []
    if folder.is_dir():
        candidates += sorted(p for p in folder.iterdir() if p.is_dir() and (p / "config.toml").is_file())
    rows = []
    for path in candidates:
        row: dict[str, Any] = {"name": path.name, "path": str(path), "preset": "", "seed": -1, "n_layer": 0,
                               "n_head": 0, "d_model": 0, "vocab_size": 0, "init_from": "", "last_step": 0,
                               "total_steps": 0, "finished": False, "train_loss": np.nan, "updated": np.nan,
                               "checkpoints": 0, "error": ""}
        try:
            run = Run(path)
            cfg = run.config
            m, r = cfg.get("model", {}), cfg.get("run", {})
            row.update(preset=r.get("preset", ""), seed=r.get("seed", -1), n_layer=m.get("n_layer", 0),
                       n_head=m.get("n_head", 0), d_model=m.get("d_model", 0), vocab_size=m.get("vocab_size", 0),
                       init_from=m.get("init_from", ""), total_steps=cfg.get("schedule", {}).get("total_steps", 0),
                       checkpoints=len(run.checkpoints()))
            last = updated = None
            with run._snapshot() as con:
                if con is not None:
                    last = con.execute("SELECT step, value FROM scalars WHERE name = 'train/loss' "
                                       "ORDER BY step DESC, rowid DESC LIMIT 1").fetchone()
                    updated = con.execute("SELECT MAX(wall_time) FROM scalars").fetchone()[0]
            if last is not None:
                row.update(last_step=int(last[0]), train_loss=np.nan if last[1] is None else float(last[1]))
            row["updated"] = np.nan if updated is None else float(updated)
            row["finished"] = bool(row["total_steps"]) and row["last_step"] >= row["total_steps"]
        except (RunsError, AttributeError, TypeError) as exc:
            row["error"] = str(exc)
        rows.append(row)
    keys = list(rows[0]) if rows else ["name", "path", "preset", "seed", "n_layer", "n_head", "d_model",
                                       "vocab_size", "init_from", "last_step", "total_steps", "finished",
                                       "train_loss", "updated", "checkpoints", "error"]
    dtypes = {"seed": np.int64, "n_layer": np.int64, "n_head": np.int64, "d_model": np.int64,
              "vocab_size": np.int64, "last_step": np.int64, "total_steps": np.int64, "finished": bool,
              "train_loss": np.float64, "updated": np.float64, "checkpoints": np.int64}
    columns = {k: np.asarray([row[k] for row in rows], dtype=dtypes.get(k, object)) for k in keys}
    return _table(columns, as_pandas)
