"""Follow mode: show a run that another process trains, live, from its run directory.

A :class:`RunFollower` polls the run's ``metrics.sqlite`` (its own read-only connection; WAL lets
it read while the trainer writes) and ``probes/`` twice a second on the GUI thread, and hands the
window :class:`~andrea_desktop.gui.qt_worker.Snapshot` objects, the same ones a local training
thread sends. The queries only read rows newer than the last poll (by rowid), so a poll costs
about a millisecond. Whether the trainer is alive comes from the run's lock
(:func:`~andrea_desktop.core.rundir.control.trainer_alive`): a dead process holds no lock.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from ..core.rundir.control import trainer_alive
from ..core.rundir.reader import RunReader
from ..core.rundir.store import StoreError
from .panels.qt_attention_panel import load_probe
from .qt_worker import Snapshot

__all__ = ["RunFollower", "FOLLOW_INTERVAL_MS"]

log = logging.getLogger(__name__)

FOLLOW_INTERVAL_MS = 500


class RunFollower(QObject):
    """Polls a run directory that another process writes.

    Signals
    -------
    snapshot(object)
        A :class:`Snapshot` of the rows, events, samples and newest probe since the last poll.
    state_changed(str)
        ``running``, ``paused`` or ``stopped`` (from the events, and the lock for a dead trainer).
    restarted()
        The trainer resumed from a checkpoint (rows after it were deleted): reload the history.
    """

    snapshot = Signal(object)
    state_changed = Signal(str)
    restarted = Signal()

    def __init__(self, run_dir: str | Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run_dir = Path(run_dir)
        self.reader = RunReader(self.run_dir / "metrics.sqlite")
        self._identity = self._db_identity()
        self.state = "stopped"
        self.last_step_time: float | None = None
        self.start_payload: dict = {}
        self._marks = self._current_marks()
        self._starts = self._count_starts()
        self._probe_steps = self._list_probe_steps()
        self._embedding_mtime = self._mtime(self.run_dir / "probes" / "embedding.npz")
        self._read_state()
        self.timer = QTimer(self)
        self.timer.setInterval(FOLLOW_INTERVAL_MS)
        self.timer.timeout.connect(self.poll)
        self.timer.start()

    # ------------------------------------------------------------------ bookkeeping
    def _current_marks(self) -> dict[str, int]:
        con = self.reader._con
        return {t: int(con.execute(f"SELECT COALESCE(MAX(rowid), 0) FROM {t}").fetchone()[0])
                for t in ("scalars", "events", "samples")}

    def _count_starts(self) -> int:
        return int(self.reader._con.execute("SELECT COUNT(*) FROM events WHERE kind='start'").fetchone()[0])

    def _list_probe_steps(self) -> set[int]:
        folder = self.run_dir / "probes"
        if not folder.is_dir():
            return set()
        return {int(f.stem) for f in folder.glob("*.npz") if f.stem.isascii() and f.stem.isdigit()}

    @staticmethod
    def _mtime(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    def _read_state(self) -> None:
        """State and start payload from the newest start / pause / resume / stop events."""
        con = self.reader._con
        row = con.execute("SELECT kind FROM events WHERE kind IN ('start','pause','resume','stop') "
                          "ORDER BY rowid DESC LIMIT 1").fetchone()
        events = self.reader.events("start")
        self.start_payload = events[-1][2] if events else {}
        t = con.execute("SELECT MAX(wall_time) FROM scalars WHERE name='train/loss'").fetchone()[0]
        self.last_step_time = t
        alive = trainer_alive(self.run_dir)
        state = {"start": "running", "resume": "running", "pause": "paused"}.get(row[0] if row else "", "stopped")
        self._set_state(state if alive else "stopped")

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    # ------------------------------------------------------------------ polling
    def poll(self) -> None:
        """Read what is new; emit a snapshot and the state."""
        try:
            self._poll()
        except (sqlite3.Error, StoreError, OSError) as exc:  # a busy or replaced database: next time
            log.warning("following %s: %s", self.run_dir, exc)

    def _db_identity(self) -> tuple[int, int] | None:
        try:
            st = (self.run_dir / "metrics.sqlite").stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _poll(self) -> None:
        identity = self._db_identity()
        if identity != self._identity:  # the run folder was replaced: read the new database
            if identity is None:
                self._set_state("stopped")
                return
            self.reader.close()
            self.reader = RunReader(self.run_dir / "metrics.sqlite")
            self._identity = identity
            self._starts = -1  # forces the reload below
        starts = self._count_starts()
        if starts != self._starts:  # a new trainer process: it may have deleted rows (resume)
            self._starts = starts
            self._marks = self._current_marks()
            self._probe_steps = self._list_probe_steps()
            self._read_state()
            self.restarted.emit()
            return
        con = self.reader._con
        m = self._marks
        scalars = con.execute("SELECT rowid, step, name, value, wall_time FROM scalars WHERE rowid > ? "
                              "ORDER BY rowid", (m["scalars"],)).fetchall()
        events = con.execute("SELECT rowid, step, kind, payload FROM events WHERE rowid > ? ORDER BY rowid",
                             (m["events"],)).fetchall()
        samples = con.execute("SELECT rowid, step, prompt, text FROM samples WHERE rowid > ? ORDER BY rowid",
                              (m["samples"],)).fetchall()
        if scalars:
            m["scalars"] = scalars[-1][0]
        if events:
            m["events"] = events[-1][0]
        if samples:
            m["samples"] = samples[-1][0]
        snap = self._snapshot(scalars, events, samples)
        if snap is not None:
            self.snapshot.emit(snap)
        alive = trainer_alive(self.run_dir)
        state = self.state
        for _, _, kind, _ in events:
            state = {"start": "running", "resume": "running", "pause": "paused", "stop": "stopped"}.get(kind, state)
        if not alive:
            state = "stopped"
        elif state == "stopped" and not events:  # alive but we missed its start: trust the lock
            state = "running"
        self._set_state(state)

    def _snapshot(self, scalars, events, samples) -> Snapshot | None:
        import json

        train: dict[int, dict[str, float]] = {}
        source_loss: dict[str, tuple[list, list]] = {}
        evals: dict[int, dict[str, float]] = {}
        for _, step, name, value, wall in scalars:
            v = np.nan if value is None else float(value)
            if name in ("train/loss", "train/lr", "train/grad_norm", "train/tokens_per_s"):
                train.setdefault(step, {})[name] = v
                if name == "train/loss":
                    self.last_step_time = wall
            elif name.startswith("train/loss/"):
                s, vals = source_loss.setdefault(name[len("train/loss/"):], ([], []))
                s.append(step)
                vals.append(v)
            elif name.startswith("val/loss/"):
                evals.setdefault(step, {})[name[len("val/loss/"):]] = v
        steps = sorted(s for s, d in train.items() if "train/loss" in d)
        evs = []
        for _, step, kind, payload in events:
            try:
                data = json.loads(payload) if payload else {}
            except ValueError:
                data = {}
            evs.append((step, kind, data if isinstance(data, dict) else {}))
            if kind == "start":
                self.start_payload = data
        probe = self._new_probe()
        if not (steps or source_loss or evals or evs or samples or probe is not None):
            return None

        def col(name: str) -> np.ndarray:
            return np.array([train[s].get(name, np.nan) for s in steps], dtype=np.float64)

        return Snapshot(
            steps=np.array(steps, dtype=np.int64), loss=col("train/loss"), lr=col("train/lr"),
            grad_norm=col("train/grad_norm"), tokens_per_s=col("train/tokens_per_s"),
            source_loss={k: (np.array(s, np.int64), np.array(v, np.float64)) for k, (s, v) in source_loss.items()},
            evals=tuple(sorted(evals.items())), events=tuple(evs), mixture=None,
            samples=tuple((s, p, t) for _, s, p, t in samples), probe=probe,
        )

    def _new_probe(self) -> dict | None:
        """The newest probe file written since the last poll (with the embedding if it changed)."""
        steps = self._list_probe_steps()
        new = sorted(steps - self._probe_steps)
        self._probe_steps = steps
        if not new:
            return None
        try:
            probe = load_probe(self.run_dir / "probes" / f"{new[-1]}.npz")
        except ValueError as exc:
            log.warning("following: %s", exc)
            return None
        emb = self.run_dir / "probes" / "embedding.npz"
        mtime = self._mtime(emb)
        if mtime != self._embedding_mtime:
            self._embedding_mtime = mtime
            try:
                with np.load(emb, allow_pickle=False) as z:
                    probe["embedding"] = z["embedding"].astype(np.float32)
                    probe["vocab"] = tuple(str(v) for v in z["vocab"])
            except Exception as exc:  # noqa: BLE001 -- a damaged file: the next probe replaces it
                log.warning("following: embedding.npz: %s", exc)
        return probe

    def close(self) -> None:
        self.timer.stop()
        self.reader.close()
