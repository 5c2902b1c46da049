"""Sources of a run model: a run folder read once (reopen) or followed while another process
trains it, and the parts every source shares (the parent of a branch, probe and terrain files).

Every source decodes store rows with the one :class:`~.snapshot.SnapshotBuilder` and hands
:class:`~.snapshot.Snapshot` objects to :meth:`RunModel.apply <.run_model.RunModel.apply>`;
files reach the model through :class:`ProbeFiles` and :class:`TerrainFiles`. The training thread
of this process is the third source: it builds snapshots from the rows its trainer writes (the
GUI's ``TrainingThread``) and shares :class:`TerrainFiles` for the results its terrain jobs write.
A later source (a remote stream, an external training loop) does the same and no view changes.

Nothing here imports Qt. The window's follower (``gui/run/follow.py``, polled from a timer) and
:class:`FolderFollower` decode a poll's rows through one function, :func:`decode_rows`.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ..config import ConfigError, load_config
from ..errors import quote, shown_path
from ..lifecycle import LIFECYCLE_EVENTS, RunState, state_after_event
from ..metrics import TRAIN_LOSS, EventKind
from ..rundir.layout import CONFIG, METRICS_DB, TOKENIZER, trainer_alive
from ..rundir.lineage import read_parent
from ..rundir.probes import (
    embedding_mtime,
    list_probes,
    read_embedding,
    read_probe,
    read_watch_sets,
)
from ..rundir.reader import RunReader, TailCursor
from ..rundir.store import StoreError
from ..rundir.terrain import MAX_RUN_BYTES, TerrainFileError, list_steps, read_result, terrain_path
from ..tokens import load_run_tokenizer
from .run_model import ParentRun, RunModel
from .snapshot import SnapshotBuilder, read_run

__all__ = ["ProbeFiles", "TerrainFiles", "read_parent_run", "open_model", "read_folder", "read_samples",
           "samples_models", "FolderFollower", "FollowPoll", "READ_ERRORS", "DecodedRows", "decode_rows"]

log = logging.getLogger(__name__)

MAX_GENERATIONS = 8
"""How many generations of parents a branch's model reads at most."""

READ_ERRORS = (OSError, StoreError, sqlite3.Error, ValueError)
"""What reading a run folder can raise: a missing, busy, replaced or damaged file."""


class ProbeFiles:
    """The probe files of a run folder that a model has not seen yet (``probes/<step>.npz`` and
    the newest embedding ``probes/embedding.npz``)."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)
        self._seen: set[int] = set()
        self._embedding_mtime = -1.0

    def mark_seen(self, model: RunModel) -> None:
        """Count the probes ``model`` holds as seen (read from the folder, or arrived in a live run's
        snapshots); the next :meth:`read_into` reads the others and the embedding once more. Not
        the files there now: one written between the model's reading and this call would never be
        read (a followed run missed its last probe)."""
        self._seen = set(model.probes.steps)
        self._embedding_mtime = -1.0

    def read_into(self, model: RunModel, newest_arrays: bool = False) -> bool:
        """Hand the model the probe files that appeared since the last look, with their watched
        neighbour sets; with ``newest_arrays`` also the newest one's arrays (a followed run shows
        it at once). Returns whether anything was new."""
        files = list_probes(self.run_dir)
        new = sorted(set(files) - self._seen)
        self._seen = set(files)
        changed = False
        if new:
            sets = []
            for step in new:
                try:
                    sets.append(read_watch_sets(files[step]))
                except ValueError as exc:
                    log.warning("skipping probe %s", exc)
            model.add_probe_files({s: files[s] for s in new}, sets)
            if newest_arrays:
                try:
                    model.add_probe(read_probe(files[new[-1]]))
                except ValueError as exc:
                    log.warning("following: %s", exc)
            changed = True
        mtime = embedding_mtime(self.run_dir)
        if mtime != self._embedding_mtime:
            self._embedding_mtime = mtime
            try:
                newest = read_embedding(self.run_dir)
            except ValueError as exc:
                log.warning("cannot read the run's embedding: %s", exc)
                model.set_embedding_error(str(exc))
            else:
                if newest is not None:
                    model.set_embedding(*newest)
            changed = True
        return changed


class TerrainFiles:
    """The terrain results of a run folder (``terrain/<step>.npz``) that a model has not seen
    yet: a listing of ``terrain/`` and a read of each new file, and of each file replaced since it
    was read (another identity: inode, size, modification time), so a job's next part and a step
    computed again are both shown. A file that is not read (damaged, or
    larger than one file or the run's terrain may take together:
    :data:`~andrea_desktop.core.rundir.terrain.MAX_FILE_BYTES`,
    :data:`~andrea_desktop.core.rundir.terrain.MAX_RUN_BYTES`) is logged once, told to the model
    (:attr:`RunModel.terrain_problems <.run_model.RunModel.terrain_problems>`, which the Terrain
    panel shows) and skipped until it is replaced (another size or modification time)."""

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = Path(run_dir)
        self._unreadable: dict[int, tuple[tuple[int, int, int] | None, str]] = {}
        """The identity of each file not read, and why."""
        self._read: dict[int, tuple[int, int, int] | None] = {}
        """The identity of each file read: a job's next part, or the step computed again,
        replaces it (a new identity)."""

    def _identity(self, step: int) -> tuple[int, int, int] | None:
        """``(inode, size, mtime_ns)`` of the step's file (None: gone): a file written anew is
        renamed into place, so its inode changes even where size and time are the same."""
        try:
            st = terrain_path(self.run_dir, step).stat()
        except OSError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns

    def read_into(self, model: RunModel) -> bool:
        """Hand the model the results written since the last look, and why the files not read
        were not; returns whether a result was new."""
        try:
            steps = list_steps(self.run_dir)
        except OSError as exc:
            log.warning("cannot list the terrain results of %s: %s", shown_path(self.run_dir), exc)
            return False
        added = []
        held = sum(r.nbytes for r in model.terrain.values())
        for step in steps:
            known = model.terrain.get(step)
            if known is not None and step not in self._read and known.complete:
                self._read[step] = self._identity(step)  # handed to the model by its job: the file it wrote
                continue
            if known is not None and self._read.get(step) == self._identity(step):
                continue  # the file already read: a later part or a new job replaces it
            if step in self._unreadable:
                if self._identity(step) == self._unreadable[step][0]:
                    continue
                del self._unreadable[step]  # replaced: read again
            replaced = known.nbytes if known is not None else 0
            try:
                identity = self._identity(step)
                result = read_result(terrain_path(self.run_dir, step), room=MAX_RUN_BYTES - (held - replaced))
            except (TerrainFileError, OSError) as exc:  # damaged, too large, or pruned meanwhile
                log.warning("skipping terrain file: %s", exc)
                self._unreadable[step] = (self._identity(step), str(exc))
                continue
            added.append(result)
            held += result.nbytes - replaced
            self._read[step] = identity
        listed = set(steps)
        for step in [s for s in self._unreadable if s not in listed]:  # removed since
            del self._unreadable[step]
        model.add_terrain(added)
        model.set_terrain_problems({s: why for s, (_i, why) in self._unreadable.items()})
        return bool(added)


def read_parent_run(run_dir: Path, smoothing: float = 0.9, depth: int = 0) -> ParentRun | None:
    """The parent of the branch in ``run_dir`` up to the branch step N: its store is read once,
    read-only — scalars and events at steps <= N, and its mixture replayed to N. None for a run
    that is no branch, or whose parent is gone, is the run itself or cannot be read (one log
    line each). A branch of a branch reads its own parent too, so its mixture starts where its
    parent's did (at most :data:`MAX_GENERATIONS` deep: a ``parent.json`` cycle ends there)."""
    rec = read_parent(run_dir)
    if rec is None:
        return None
    folder = rec.locate(run_dir)
    if folder is None:
        log.info("the parent %s of %s is not there (moved or deleted): its history up to step %d is not drawn",
                 shown_path(rec.run), shown_path(run_dir), rec.step)
        return None
    try:
        own = folder.resolve() == Path(run_dir).resolve()
    except (OSError, RuntimeError):  # a link loop
        own = True
    if own:  # a parent.json naming its own run (copied or edited): no history drawn twice
        log.info("the parent recorded in %s is the run itself: not drawn", shown_path(run_dir))
        return None
    db = folder / METRICS_DB
    try:
        if not db.is_file():
            raise StoreError(f"{db.name} is missing")
        reader = RunReader(db)
        try:
            rows = reader.tail()
        finally:
            reader.close()
        try:
            cfg = load_config(folder / CONFIG)
        except (ConfigError, OSError):
            cfg = None
    except READ_ERRORS as exc:
        log.info("the history of the parent %s of %s cannot be read (%s): not drawn", shown_path(folder),
                 shown_path(run_dir), quote(str(exc), 200))
        return None
    # the parent's own model, decoded as any run, then cut at N
    parent_model = RunModel(folder, cfg, smoothing)
    b = SnapshotBuilder()
    for step, name, value, _wall in rows.scalars:
        if step <= rec.step:
            b.add_scalar(step, name, value)
    for step, kind, payload, _wall in rows.events:
        if step <= rec.step:
            b.add_event(step, kind, payload)
    snap = b.take()
    if snap is not None:
        if depth + 1 < MAX_GENERATIONS:  # a branch of a branch: its mixture starts from its parent's
            parent_model.parent = read_parent_run(folder, smoothing, depth + 1)
        parent_model.apply(snap)
    return ParentRun(rec, folder, parent_model.history, parent_model.mixture)


def open_model(run_dir: Path, smoothing: float = 0.9) -> tuple[RunModel, str | None]:
    """A model of the run in ``run_dir`` with its settings, before its history is read: the
    config (None with a message when it cannot be read), the run's tokenizer for older probe
    files' labels, and a branch's parent up to the branch step."""
    run_dir = Path(run_dir)
    error = None
    try:
        cfg = load_config(run_dir / CONFIG)
    except ConfigError as exc:
        cfg, error = None, str(exc)
    model = RunModel(run_dir, cfg, smoothing)
    model.probes.tokenizer = load_run_tokenizer(run_dir / TOKENIZER)
    model.set_parent(read_parent_run(run_dir, smoothing))
    return model, error


def read_folder(model: RunModel, until: TailCursor | None = None) -> TailCursor | None:
    """Read a run folder's whole history into ``model`` (the reopen source): every store row
    (with ``until``, only those written up to it: a resumed trainer sends the rest live), the
    probe files with their watched sets, the newest embedding and the terrain results.

    Returns
    -------
    Where the store's read ended (a follower continues from there), or None without a store.

    Raises
    ------
    OSError, StoreError, sqlite3.Error
        The store cannot be opened or read (the files are read first: what could be read is in
        the model).
    """
    run_dir = model.run_dir
    ProbeFiles(run_dir).read_into(model)
    TerrainFiles(run_dir).read_into(model)
    db = run_dir / METRICS_DB
    if not db.exists():
        return None
    reader = RunReader(db)
    try:
        snap, cursor = read_run(reader, names=model.sources, until=until)
    finally:
        reader.close()
    if snap is not None:
        model.apply(snap)
    return cursor


def read_samples(model: RunModel) -> str:
    """Read only the samples of the run's store into ``model`` (the source of a view that shows
    nothing else of the run, such as samples side by side); returns "" or why they cannot be read."""
    path = model.run_dir
    try:
        reader = RunReader(path / METRICS_DB)
    except READ_ERRORS as exc:
        return f"cannot read {shown_path(path.name, 80)}: {quote(str(exc), 200)}"
    try:
        rows = reader.samples()
    except sqlite3.Error as exc:
        return f"cannot read {shown_path(path.name, 80)}'s samples: {quote(str(exc), 200)}"
    finally:
        reader.close()
    b = SnapshotBuilder()
    for step, prompt, text in rows:
        if isinstance(step, int):
            b.add_sample(step, str(prompt or ""), str(text or ""))
    snap = b.take()
    if snap is not None:
        model.apply(snap)
    return ""


def samples_models(paths) -> tuple[list[RunModel], list[str]]:
    """A model of each run in ``paths`` with its settings and samples only (:func:`read_samples`),
    and why each one's samples or settings cannot be read ("" where they can): a run whose
    ``config.toml`` is refused (a value out of its range, hand-edited) is said to be, never
    scored silently with the default settings."""
    models, errors = [], []
    for path in paths:
        path = Path(path)
        why = []
        try:
            cfg = load_config(path / CONFIG)
        except (ConfigError, OSError) as exc:
            cfg = None
            why.append(f"{shown_path(path.name, 80)}: its settings cannot be read, so its samples are scored with "
                       f"the default settings ({quote(str(exc), 300)})")
        model = RunModel(path, cfg)
        models.append(model)
        why.append(read_samples(model))
        errors.append("; ".join(w for w in why if w))
    return models, errors


@dataclass(frozen=True)
class DecodedRows:
    """What :func:`decode_rows` made of one poll's rows."""

    state: RunState
    held: list
    """The newest step's scalar rows, held for the next poll (the step may not be complete)."""
    last_step_time: float | None
    """Wall time of the newest decoded training loss (None: none among these rows)."""
    start_payload: dict | None
    """The newest start event's payload among these rows (None: none)."""


def decode_rows(builder: SnapshotBuilder, rows, held: list, alive: bool, state: RunState) -> DecodedRows:
    """Feed the store rows one poll of a followed run read (``rows``: a reader's tail, after the
    ``held`` rows of the poll before) into ``builder``, and tell the run's state after them.

    A step's rows may be committed across two polls: while the trainer is ``alive``, the newest
    step's scalars wait for the next poll (a later step's rows, a quiet poll, or the trainer's
    end), so a step is never decoded in two halves. The state follows the lifecycle events; a
    dead trainer is stopped, a live one whose start was missed is running. The window's follower
    (``gui/run/follow.py``) and :class:`FolderFollower` both decode through here.
    """
    scalars = held + list(rows.scalars)
    newest = max((r[0] for r in scalars), default=None)
    if alive and newest is not None and rows.scalars:
        held = [r for r in scalars if r[0] == newest]
        scalars = [r for r in scalars if r[0] != newest]
    else:
        held = []
    last_step_time = start_payload = None
    for step, name, value, wall in scalars:
        builder.add_scalar(step, name, value)
        if name == TRAIN_LOSS:
            last_step_time = wall
    for step, kind, payload, _wall in rows.events:
        builder.add_event(step, kind, payload)
        if kind == EventKind.START:
            start_payload = payload
        state = state_after_event(kind, state)
    for step, prompt, text in rows.samples:
        builder.add_sample(step, prompt, text)
    if not alive:
        state = RunState.STOPPED
    elif state == RunState.STOPPED and not rows.events:  # alive but its start was missed: trust the lock
        state = RunState.RUNNING
    return DecodedRows(state, held, last_step_time, start_payload)


@dataclass(frozen=True)
class FollowPoll:
    """What one poll of a followed run found."""

    state: RunState
    restarted: bool = False
    """A new trainer started (a resume deleted rows, or the folder was replaced): the model must
    be read again from the start."""


class FolderFollower:
    """Reads what another process writes into a run folder, into a model (the follow source).

    Call :meth:`poll` a few times a second: it reads the store rows after its cursor (WAL lets it
    read while the trainer writes), the new probe and terrain files, and tells the state (from
    the lifecycle events, and the run's lock for a dead trainer). A poll costs about a millisecond.

    Parameters
    ----------
    model
        The model to feed (its run folder is followed).
    cursor
        Where the model's history ends (:func:`read_folder`'s return); None: everything written
        so far counts as read.

    Raises
    ------
    OSError, StoreError
        The run's store cannot be opened.
    """

    def __init__(self, model: RunModel, cursor: TailCursor | None = None) -> None:
        self.model = model
        self.run_dir = model.run_dir
        self.reader = RunReader(self.run_dir / METRICS_DB)
        self._identity = self._db_identity()
        self.state = RunState.STOPPED
        self.last_step_time: float | None = None
        self.start_payload: dict = {}
        self._builder = SnapshotBuilder()
        self._held: list = []  # the newest step's scalar rows, decoded once the step is complete
        self._probes = ProbeFiles(self.run_dir)
        self._terrain = TerrainFiles(self.run_dir)
        self._mark_read(cursor)

    def continue_with(self, model: RunModel, cursor: TailCursor | None) -> None:
        """Follow on into ``model`` (read again after a restart) from ``cursor``."""
        self.model = model
        self._mark_read(cursor)

    def _mark_read(self, cursor: TailCursor | None) -> None:
        self._held = []
        self._cursor = cursor if cursor is not None else self.reader.end_cursor()
        self._starts = self.reader.count_events(EventKind.START, self._cursor)
        self._probes.mark_seen(self.model)
        starts = self.reader.events(EventKind.START)
        self.start_payload = starts[-1][2] if starts else {}
        self.last_step_time = self.reader.last_step_time()
        state = state_after_event(self.reader.last_event_of(LIFECYCLE_EVENTS), RunState.STOPPED)
        self.state = state if trainer_alive(self.run_dir) else RunState.STOPPED

    @property
    def source_names(self) -> tuple[str, ...]:
        """The run's sources, from its newest start event."""
        return tuple(self.start_payload.get("sources") or ())

    def _db_identity(self) -> tuple[int, int] | None:
        try:
            st = (self.run_dir / METRICS_DB).stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def poll(self) -> FollowPoll:
        """Read what is new into the model (module docstring).

        Raises
        ------
        sqlite3.Error, StoreError, OSError
            The store is busy or was replaced mid-read (the next poll tries again).
        """
        identity = self._db_identity()
        if identity != self._identity:  # the run folder was replaced: read the new database
            if identity is None:
                self.state = RunState.STOPPED
                return FollowPoll(self.state)
            self.reader.close()
            self.reader = RunReader(self.run_dir / METRICS_DB)
            self._identity = identity
            return FollowPoll(self.state, restarted=True)
        if self.reader.count_events(EventKind.START) != self._starts:  # a new trainer: rows may be gone
            return FollowPoll(self.state, restarted=True)
        rows = self.reader.tail(self._cursor)
        self._cursor = rows.cursor
        decoded = decode_rows(self._builder, rows, self._held, trainer_alive(self.run_dir), self.state)
        self._held = decoded.held
        if decoded.last_step_time is not None:
            self.last_step_time = decoded.last_step_time
        if decoded.start_payload is not None:
            self.start_payload = decoded.start_payload
        snap = self._builder.take(self.model.sources or self.source_names)
        if snap is not None:
            self.model.apply(snap)
        self._probes.read_into(self.model, newest_arrays=True)
        self._terrain.read_into(self.model)
        state = decoded.state
        self.state = state
        return FollowPoll(state)

    def close(self) -> None:
        self.reader.close()

