"""A run on another machine as one more source of a run model: the rows a
:class:`~andrea_desktop.core.remote.link.RemoteLink` receives are decoded by the same
:func:`~.sources.decode_rows` and :class:`~.snapshot.SnapshotBuilder` as a followed local run's,
and the probe and terrain files it fetches are read from its cache folder by the same readers
(and checks) as a local run folder's (:class:`~.sources.ProbeFiles`; the window's terrain watch
reads ``terrain/`` there as for any run).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..lifecycle import RunState
from ..metrics import TRAIN_LOSS
from ..remote.link import LinkState, RemoteLink
from ..rundir.layout import PROBES_DIR
from ..rundir.reader import Rows, TailCursor
from .run_model import RunModel
from .snapshot import Snapshot, SnapshotBuilder
from .sources import ProbeFiles, decode_rows

__all__ = ["RemoteFollower", "RemotePoll"]


@dataclass
class RemotePoll:
    """What one poll of a remote run found."""

    snapshot: Snapshot | None = None
    state: RunState = RunState.STOPPED
    restarted: bool = False
    """The remote history was rewritten (a new trainer resumed it): start an empty model; the
    rows from the start follow."""
    link: LinkState = LinkState.CONNECTING
    message: str = ""
    """Why the link is reconnecting or lost."""
    replies: list[dict] = field(default_factory=list)
    """Answers to steering commands (``ok``, ``error``)."""
    files: list[str] = field(default_factory=list)
    """Files fetched into the cache folder since the last poll."""
    errors: list[str] = field(default_factory=list)
    """What the remote refused (a bad request)."""


class RemoteFollower:
    """Turns what a :class:`RemoteLink` received into snapshots for a run model (poll it a few
    times a second from the window's thread, or from a test)."""

    def __init__(self, link: RemoteLink) -> None:
        self.link = link
        self.run_dir = link.cache_dir
        self.state = RunState.STOPPED
        self.alive = False
        self.start_payload: dict = {}
        self.last_step_time: float | None = None
        self.last_step = 0
        self._builder = SnapshotBuilder()
        self._held: list = []
        self._probes = ProbeFiles(self.run_dir)

    @property
    def source_names(self) -> tuple[str, ...]:
        """The run's sources, from its newest start event."""
        return tuple(self.start_payload.get("sources") or ())

    @property
    def steerable(self) -> bool:
        """Commands can reach the remote run: the link is up and the remote folder writable."""
        hello = self.link.hello or {}
        return self.link.state is LinkState.CONNECTED and bool(hello.get("steer"))

    @property
    def read_only_reason(self) -> str:
        """Why the remote run cannot be steered ("" when it can be, or not yet known)."""
        return (self.link.hello or {}).get("steer_reason", "")

    def continue_from(self, cursor: TailCursor | None = None) -> None:
        """Nothing to do (the window read its history again after a restart): the link sends
        the new history's rows from the start by itself."""

    def poll(self, model: RunModel | None = None) -> RemotePoll:
        """Decode what arrived; with ``model``, new probe files are handed to it (the newest
        one's arrays too) as a followed local run's are."""
        out = RemotePoll()
        got_rows = False
        for item in self.link.take():
            kind = item[0]
            if kind == "rows":
                got_rows = True
                rows = Rows(list(item[1]), list(item[2]), list(item[3]), TailCursor())
                decoded = decode_rows(self._builder, rows, self._held, self.alive, self.state)
                self._held = decoded.held
                self.state = decoded.state
                if decoded.last_step_time is not None:
                    self.last_step_time = decoded.last_step_time
                if decoded.start_payload is not None:
                    self.start_payload = decoded.start_payload
                steps = [r[0] for r in item[1] if r[1] == TRAIN_LOSS]
                self.last_step = max([self.last_step, *steps])
            elif kind == "alive":
                if self.alive != item[1]:
                    self.alive = item[1]
                    self.state = (RunState.STOPPED if not self.alive else
                                  RunState.RUNNING if self.state is RunState.STOPPED else self.state)
            elif kind == "restarted":
                out.restarted = True
                self._builder, self._held, self.last_step = SnapshotBuilder(), [], 0
                self._probes = ProbeFiles(self.run_dir)
            elif kind == "reply":
                out.replies.append(item[1])
            elif kind == "file":
                out.files.append(item[1])
            elif kind == "error":
                out.errors.append(item[1])
        if self._held and (not got_rows or not self.alive):  # a quiet poll, or the trainer ended: the step is whole
            decoded = decode_rows(self._builder, Rows([], [], [], TailCursor()), self._held, self.alive, self.state)
            self._held, self.state = decoded.held, decoded.state
        if model is not None and any(f.startswith(PROBES_DIR + "/") for f in out.files):
            self._probes.read_into(model, newest_arrays=True)
        out.snapshot = self._builder.take(self.source_names)  # after a restart: the new history's rows
        out.state, out.link, out.message = self.state, self.link.state, self.link.message
        return out
