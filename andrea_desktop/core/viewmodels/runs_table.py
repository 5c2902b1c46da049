"""Qt-free model of the runs dock: one summary per run folder, read read-only and cached by the
files' modification times, and the settings that differ between runs.

A run's summary (:func:`read_summary`) comes from its ``config.toml`` (validated:
:func:`~andrea_desktop.core.config.load_config`), one read snapshot of its ``metrics.sqlite``
(:class:`~andrea_desktop.core.rundir.reader.RunReader`, ``mode=ro``: a folder the user may only
read is read too), its lock (a trainer at work), its tags and its parent. :class:`RunsTable`
keeps the summaries of the runs folder and the opened runs, and re-reads only the runs whose
files changed, a few at a time (:meth:`RunsTable.read_some`, bounded in time), so a folder of
many runs never holds up the GUI.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..config import ConfigError, load_config
from ..config.diff import _flatten, _norm
from ..config.toml_io import config_to_dict
from ..metrics import TRAIN_LOSS, VAL_LOSS, EventKind, ValueEnum
from ..rundir.layout import (
    COLOUR,
    CONFIG,
    DELETING_PREFIX,
    METRICS_DB,
    TAGS,
    is_run_dir,
    trainer_alive,
    user_runs_dir,
)
from ..rundir.manage import (
    RunManageError,
    delete_run,
    parse_tags,
    read_colour,
    read_tags,
    rename_run,
    sweep_deleted,
    write_colour,
    write_tags,
)
from ..rundir.reader import RunReader
from ..rundir.store import EmptyStoreError, StoreError
from .colours import RUN_PALETTE, distinct_run_colours, run_colour

try:  # branches (andrea-train --branch-from) record their parent
    from ..rundir.lineage import read_parent
except ImportError:  # pragma: no cover - a build without branches: the parent column shows "—"
    read_parent = None

try:
    from ..rundir.layout import PARENT
except ImportError:  # pragma: no cover
    PARENT = None

__all__ = ["runs_in", "MAX_ADDED_RUNS", "RunStatus", "RunSummary", "RunsTable", "read_summary", "config_diff", "RUN_COLOURS", "RunManageError",
           "default_runs_folder"]

log = logging.getLogger(__name__)

RUN_COLOURS = RUN_PALETTE
"""The colours runs are drawn in (:data:`~.colours.RUN_PALETTE`; a run's own is
:func:`~.colours.run_colour` of its folder name)."""


def default_runs_folder() -> Path:
    """The folder the dock lists when none is given: where the desktop app makes new runs
    (:func:`~andrea_desktop.core.rundir.layout.user_runs_dir`)."""
    return user_runs_dir()


FINISHED_REASONS = ("max_steps", "finished")
"""``stop`` reasons of a run that trained what it was asked: the steps of ``--max-steps`` (an
experiment's runs), the schedule's end, a script that finished its loop."""


class RunStatus(ValueEnum):
    """What a run is doing: ``running`` (this window trains it), ``external`` (another process
    holds its lock: ``andrea-train`` in a terminal, a script through ``track``, another window),
    ``finished`` (it reached
    ``schedule.total_steps``, or its last ``stop`` says it trained what it was asked:
    :data:`FINISHED_REASONS`), ``failed`` (its last ``stop`` event names an error, or a trainer
    started and never stopped), ``stopped`` (otherwise, after some steps: the user stopped it,
    an anomaly did), ``new`` (no step yet), ``unreadable`` (its files cannot be read: see
    ``error``)."""

    NEW = "new"
    RUNNING = "running"
    EXTERNAL = "external"
    FINISHED = "finished"
    STOPPED = "stopped"
    FAILED = "failed"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class RunSummary:
    """One row of the runs dock.

    Attributes
    ----------
    path
        The run folder.
    status
        :class:`RunStatus`.
    preset
        ``run.preset`` of its config; for a run of the user's own script (``run.origin``
        ``script``), ``script · <its file name>`` from its ``start`` event.
    steps, total_steps
        The highest step with a ``train/loss`` row; the schedule's length.
    last_loss
        ``train/loss`` at ``steps`` (nats/token; NaN if none).
    best_val
        Lowest finite ``val/loss`` (nats/token; NaN if none).
    tokens
        Training tokens seen: ``steps`` x batch size x context length.
    tokens_per_step
        batch size x context length.
    started
        Wall time of its first ``start`` event (seconds since the epoch; None if it never
        started).
    parent, parent_step
        A branch's parent run folder name and step ("" and -1 for other runs).
    tags
        The user's tags.
    colour
        The colour the user chose for the run (``#rrggbb``; "" for the colour of its name).
    error
        Why the run could not be read, or the error its trainer stopped with ("" if none).
    config
        ``config.toml`` as ``config_to_dict`` gives it (empty when it cannot be read).
    """

    path: Path
    status: RunStatus = RunStatus.NEW
    preset: str = ""
    steps: int = 0
    total_steps: int = 0
    last_loss: float = float("nan")
    best_val: float = float("nan")
    tokens: int = 0
    tokens_per_step: int = 0
    started: float | None = None
    parent: str = ""
    parent_step: int = -1
    tags: tuple[str, ...] = ()
    colour: str = ""
    error: str = ""
    config: dict = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        """The run folder's name."""
        return self.path.name


def _stat_key(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def signature(run_dir: Path) -> tuple:
    """What a summary depends on: the files' modification times and sizes, and whether a trainer
    holds the lock. An unchanged signature means an unchanged summary."""
    names = [CONFIG, METRICS_DB, METRICS_DB + "-wal", TAGS, COLOUR] + ([PARENT] if PARENT else [])
    return (trainer_alive(run_dir), *(_stat_key(run_dir / n) for n in names))


def _status(alive: bool, steps: int, total: int, stops: list, starts: list) -> tuple[RunStatus, str]:
    if alive:
        return RunStatus.RUNNING, ""
    last_start = starts[-1][3] if starts else None
    last_stop = stops[-1] if stops else None
    if last_stop is not None and isinstance(last_stop[2].get("error"), str) and last_stop[2]["error"]:
        return RunStatus.FAILED, str(last_stop[2]["error"])[:300]
    if total and steps >= total:
        return RunStatus.FINISHED, ""
    ended = last_start is None or (last_stop is not None and (last_stop[3] or 0) >= last_start)
    if ended and last_stop is not None and last_stop[2].get("reason") in FINISHED_REASONS and steps:
        return RunStatus.FINISHED, ""  # trained what it was asked (--max-steps, an experiment's steps, a script)
    if last_start is not None and (last_stop is None or (last_stop[3] or 0) < last_start):
        return RunStatus.FAILED, "its trainer ended without stopping (killed, or the machine went down)"
    return (RunStatus.STOPPED if steps else RunStatus.NEW), ""


MAX_ADDED_RUNS = 500
"""Runs the user added to the runs dock from outside its folder that are remembered, the newest."""


def runs_in(folder: str | Path, limit: int = MAX_ADDED_RUNS) -> list[Path]:
    """The run folders a folder the user added stands for: itself when it is a run folder, else
    the run folders directly in it (by name; links and hidden or half-deleted folders left out),
    at most ``limit``. An unreadable folder, or a name no folder can have (a NUL in it), has none."""
    folder = Path(folder)
    try:
        if is_run_dir(folder):
            return [folder]
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except (OSError, ValueError):  # ValueError: a NUL in the name (a hand-edited settings file)
        return []
    out = []
    for e in entries:
        if len(out) >= limit:
            break
        try:
            if (not e.name.startswith((".", DELETING_PREFIX)) and e.is_dir(follow_symlinks=False)
                    and is_run_dir(Path(e.path))):
                out.append(Path(e.path))
        except OSError:
            continue
    return out


def read_summary(run_dir: str | Path, alive: bool | None = None) -> RunSummary:
    """The summary of the run in ``run_dir``, read-only (module docstring); a run whose files
    cannot be read gets :attr:`RunStatus.UNREADABLE` and the reason in ``error`` (never raises
    for a damaged or foreign folder)."""
    run_dir = Path(run_dir)
    alive = trainer_alive(run_dir) if alive is None else alive
    tags = read_tags(run_dir)
    parent, parent_step = "", -1
    if read_parent is not None:
        p = read_parent(run_dir)
        if p is not None:
            parent, parent_step = p.name, p.step
    base = RunSummary(run_dir, RunStatus.RUNNING if alive else RunStatus.NEW, tags=tags, parent=parent,
                      parent_step=parent_step, colour=read_colour(run_dir))
    try:
        cfg = load_config(run_dir / CONFIG)
    except (ConfigError, OSError) as exc:
        return replace(base, status=RunStatus.UNREADABLE, error=str(exc)[:300])
    tps = cfg.train.batch_size * cfg.model.block_size
    base = replace(base, preset=cfg.run.preset, total_steps=cfg.schedule.total_steps, tokens_per_step=tps,
                   config=config_to_dict(cfg))
    db = run_dir / METRICS_DB
    if not db.is_file():
        return base
    try:
        reader = RunReader(db)
    except EmptyStoreError:
        return base
    except (OSError, StoreError) as exc:
        return replace(base, status=RunStatus.UNREADABLE, error=str(exc)[:300])
    try:
        with reader.snapshot():
            steps = reader.last_step()
            s, v = reader.scalars(TRAIN_LOSS, after_step=steps - 1)
            _, val = reader.scalars(VAL_LOSS)
            starts = reader.events(EventKind.START.value)
            stops = reader.events(EventKind.STOP.value)
    except sqlite3.Error as exc:
        return replace(base, status=RunStatus.UNREADABLE, error=f"{db}: cannot be read ({exc})")
    finally:
        reader.close()
    finite = val[np.isfinite(val)]
    if cfg.run.origin == "script":  # andrea_desktop.track: the dock says which script writes it
        script = starts[0][2].get("script") if starts and isinstance(starts[0][2], dict) else None
        base = replace(base, preset=f"script · {str(script)[:80]}" if script else "script")
    status, error = _status(alive, steps, cfg.schedule.total_steps, stops, starts)
    return replace(base, status=status, error=error, steps=steps, last_loss=float(v[-1]) if len(v) else float("nan"),
                   best_val=float(finite.min()) if len(finite) else float("nan"), tokens=steps * tps,
                   started=float(starts[0][3]) if starts and starts[0][3] is not None else None)


def config_diff(configs: dict[str, dict]) -> list[tuple[str, list[Any]]]:
    """The ``section.field`` keys whose values are not all equal across ``configs`` (run name to
    a ``config_to_dict`` dict), sorted, each with its value in every run (None where a run lacks
    it); ``run.format_version`` is left out (a file format, not a setting). Fewer than two
    configs differ in nothing.

    Raises
    ------
    ValueError
        A value is nested deeper than any config's (a damaged dict).
    """
    if len(configs) < 2:
        return []
    flat = [_flatten(c) for c in configs.values()]
    keys = sorted(set().union(*flat) - {"run.format_version"})
    out = []
    for key in keys:
        values = [f.get(key) for f in flat]
        normed = [_norm(v) for v in values]
        if key == "model.gelu_approximate":  # older runs lack the key: it was "none"
            normed = ["none" if v is None else v for v in normed]
        if any(n != normed[0] for n in normed[1:]):
            out.append((key, values))
    return out


class RunsTable:
    """The runs the dock lists: the sub-folders of ``folder`` that hold a run (not hidden ones,
    not ``.deleting-*``) and the extra folders ``extra()`` names (runs opened elsewhere), each
    once (by resolved path).

    Parameters
    ----------
    folder
        The runs folder (it may not exist yet).
    extra
        Returns more run folders (the recently opened runs); called at each :meth:`scan`.

    Notes
    -----
    :meth:`scan` lists the folders and finds which runs changed (a ``stat`` per file);
    :meth:`read_some` reads the summaries of changed runs until a time budget is spent.
    """

    def __init__(self, folder: Path | None, extra: Callable[[], Iterable[str | Path]] | None = None) -> None:
        self.folder = folder
        self.extra = extra
        self.rows: list[RunSummary] = []
        self.colours: dict[Path, str] = {}
        """Colours the user chose (or a renamed run kept), by path; every other run is drawn in
        :func:`~.colours.run_colour` of its name."""
        self.checked: list[Path] = []
        """Checked runs, in the order they were checked."""
        self.trained_here: Callable[[], Path | None] | None = None
        """The run this window trains now (None: none); a live run that is not it is
        ``external``."""
        self._sigs: dict[Path, tuple] = {}
        self._stale: list[Path] = []

    # ------------------------------------------------------------------ listing
    def paths(self) -> list[Path]:
        """The run folders to list, runs folder first (by name), then the extra ones."""
        found: list[Path] = []
        if self.folder is not None:
            try:
                entries = sorted(os.scandir(self.folder), key=lambda e: e.name)
            except OSError:
                entries = []
            for e in entries:
                if e.name.startswith((".", DELETING_PREFIX)):
                    continue
                p = Path(e.path)
                if p.is_dir() and is_run_dir(p):
                    found.append(p)
        for extra in (self.extra() if self.extra is not None else ()):
            p = Path(extra)
            try:
                if is_run_dir(p):
                    found.append(p)
            except OSError:
                continue
        out, seen = [], set()
        for p in found:
            key = os.path.realpath(p)
            if key not in seen:
                seen.add(key)
                out.append(p)
        return out

    def colour(self, path: Path) -> str:
        """The run's colour (``#RRGGBB``): the one the user chose, else a function of its folder
        name alone (:func:`~.colours.run_colour`: the same in every view and after a restart,
        whatever order the runs were met in); a checked run whose colour another checked run has
        takes the next free one (:func:`~.colours.distinct_run_colours`)."""
        path = Path(path)
        if path in self.checked:  # drawn with the other checked runs: never in one of their colours
            return distinct_run_colours([(p, p.name) for p in self.checked],
                                        {p: c for p in self.checked if (c := self._chosen(p))})[path]
        return self._chosen(path) or run_colour(path.name)

    def _chosen(self, path: Path) -> str:
        """The colour the user chose for the run ("" if none): in this table, else stored with it."""
        if path in self.colours:
            return self.colours[path]
        row = self.row(path)
        return row.colour if row is not None else ""

    def set_colour(self, path: Path, colour: str) -> None:
        """The user's colour for the run (``#RRGGBB``), stored with the run (its
        :data:`~andrea_desktop.core.rundir.layout.COLOUR` file) so that every view and a restart
        draw it so.

        Raises
        ------
        RunManageError
            Not a colour, or the run folder cannot be written (the colour then holds in this
            table only, until it is closed).
        """
        path = Path(path)
        self.colours[path] = str(colour)
        write_colour(path, str(colour))

    def scan(self) -> bool:
        """List the runs again and mark those whose files changed for reading; True if the list
        of runs changed (runs added or gone)."""
        paths = self.paths()
        by_path = {r.path: r for r in self.rows}
        rows = [by_path.get(p) or RunSummary(p, RunStatus.NEW, error="reading…") for p in paths]
        changed = [r.path for r in rows] != [r.path for r in self.rows]
        self.rows = rows
        for p in paths:
            sig = self._signature(p)
            if self._sigs.get(p) != sig and p not in self._stale:
                self._stale.append(p)
        gone = set(self._sigs) - set(paths)
        for p in gone:
            self._sigs.pop(p, None)
        self._stale = [p for p in self._stale if p in set(paths)]
        self.checked = [p for p in self.checked if p in set(paths)]
        return changed

    def _signature(self, path: Path) -> tuple:
        """:func:`signature`, and whether this window trains the run (running, not external)."""
        here = self.trained_here() if self.trained_here is not None else None
        return (*signature(path), here is not None and Path(here) == path)

    @property
    def pending(self) -> int:
        """Runs still to be read."""
        return len(self._stale)

    def read_some(self, budget_s: float = 0.02) -> list[int]:
        """Read changed runs' summaries until ``budget_s`` seconds are spent (at least one);
        returns the row indices that changed."""
        t0 = time.perf_counter()
        changed: list[int] = []
        index = {r.path: i for i, r in enumerate(self.rows)}
        while self._stale:
            p = self._stale.pop(0)
            sig = self._signature(p)
            summary = read_summary(p, alive=sig[0])
            if summary.status is RunStatus.RUNNING and not sig[-1]:
                summary = replace(summary, status=RunStatus.EXTERNAL)
            self._sigs[p] = sig
            i = index.get(p)
            if i is not None and self.rows[i] != summary:
                self.rows[i] = summary
                changed.append(i)
            elif i is not None:
                self.rows[i] = summary  # the config dict is not compared
            if time.perf_counter() - t0 >= budget_s:
                break
        return changed

    def read_all(self) -> None:
        """Scan and read every changed run now (scripts and tests)."""
        self.scan()
        while self._stale:
            self.read_some(1.0)

    def row(self, path: Path) -> RunSummary | None:
        for r in self.rows:
            if r.path == path:
                return r
        return None

    # ------------------------------------------------------------------ checks and renames
    def set_checked(self, path: Path, on: bool) -> None:
        if on and path not in self.checked:
            self.checked.append(path)
        elif not on and path in self.checked:
            self.checked.remove(path)

    def renamed(self, old: Path, new: Path) -> None:
        """``old`` is now ``new``: it keeps its colour and check (and is read again)."""
        self.colours[new] = self.colours.pop(old, None) or run_colour(old.name)
        self.checked = [new if p == old else p for p in self.checked]
        self.rows = [replace(r, path=new) if r.path == old else r for r in self.rows]
        self._sigs.pop(old, None)
        self._stale = [new if p == old else p for p in self._stale]

    def checked_configs(self) -> dict[str, dict]:
        """The checked runs' configs by run name (for :func:`config_diff`)."""
        out = {}
        for p in self.checked:
            r = self.row(p)
            if r is not None and r.config:
                name, i = r.name, 2
                while name in out:  # two opened runs of the same folder name
                    name, i = f"{r.name} ({i})", i + 1
                out[name] = r.config
        return out

    # ------------------------------------------------------------------ managing runs
    def sweep(self) -> int:
        """Remove what interrupted deletions left in the runs folder (``.deleting-*``); returns
        how many were removed (0 without a folder)."""
        if self.folder is None or not Path(self.folder).is_dir():
            return 0
        return sweep_deleted(self.folder)

    def rename(self, path: Path, new_name: str) -> Path:
        """Rename the run's folder to ``new_name`` in the same folder
        (:func:`~andrea_desktop.core.rundir.manage.rename_run`); the run keeps its colour and
        check. Returns the new path.

        Raises
        ------
        RunManageError
            A bad or taken name, a link, a run being trained, or the rename failed.
        """
        path = Path(path)
        new = rename_run(path, new_name)
        self.renamed(path, new)
        return new

    def set_tags(self, path: Path, text: str) -> tuple[str, ...]:
        """Store comma-separated ``text`` as the run's tags (cleaned and bounded:
        :func:`~andrea_desktop.core.rundir.manage.parse_tags`); returns the tags kept.

        Raises
        ------
        RunManageError
            Too many or too long tags, or the file cannot be written.
        """
        return write_tags(Path(path), parse_tags(text))

    def delete(self, path: Path) -> None:
        """Delete the run's folder (:func:`~andrea_desktop.core.rundir.manage.delete_run`: never
        through a link, never while it trains) and uncheck it.

        Raises
        ------
        RunManageError
            Refused, or failed (when the folder was renamed out of the way first, the run is gone
            from every listing and :meth:`sweep` removes what is left).
        """
        path = Path(path)
        try:
            delete_run(path)
        finally:
            if not path.exists():
                self.set_checked(path, False)
