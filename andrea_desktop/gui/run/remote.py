"""A run on another machine, followed and steered over a link (``ssh … andrea-follow``): the
window's :class:`RemoteRunDriver`, one more driver behind the same interface as a followed local
run (:class:`~.driver.FollowedRunDriver`). The link lives on its own thread
(:class:`~andrea_desktop.core.remote.link.RemoteLink`); a timer on the GUI thread decodes what it
received (:class:`~andrea_desktop.core.viewmodels.remote.RemoteFollower`) into snapshots.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QThread, QTimer, Signal

from ...core.lifecycle import RunState
from ...core.remote.link import LinkState, RemoteLink
from ...core.remote.ssh import RemoteTarget, remote_cache_dir, ssh_command
from ...core.rundir.layout import CONFIG, TOKENIZER
from ...core.viewmodels.remote import RemoteFollower
from ...core.viewmodels.run_model import RunModel
from .driver import FollowedRunDriver, RunDriver

__all__ = ["RemoteRunDriver", "REMOTE_POLL_MS", "connect", "ssh_transport", "ssh_launcher", "start_remote_run",
           "CONNECT_TIMEOUT_S"]

log = logging.getLogger(__name__)

REMOTE_POLL_MS = 250
CONNECT_TIMEOUT_S = 60.0
"""How long opening a remote run waits for its settings before it gives up."""


def ssh_transport(target: RemoteTarget) -> list[str]:
    """The production transport: the system ``ssh`` running ``andrea-follow --stdio PATH``."""
    return ssh_command(target, "--stdio", target.path)


def ssh_launcher(target: RemoteTarget, args: list[str]) -> list[str]:
    """The production launcher: the system ``ssh`` running ``andrea-follow --launch PATH args``."""
    return ssh_command(target, "--launch", target.path, *args)


def start_remote_run(target: RemoteTarget, args: list[str], launcher: Callable[[RemoteTarget, list[str]], list[str]],
                     timeout: float = 180.0) -> str:
    """Start a new run at ``target`` (``andrea-follow --launch`` there, with ``args``), waiting
    while the window keeps drawing; returns "" once its trainer runs, else why not (the
    remote's or ssh's words)."""
    from PySide6.QtCore import QProcess

    from ...core.remote.protocol import ProtocolError, parse_launch_answer

    cmd = launcher(target, args)
    proc = QProcess()
    proc.start(cmd[0], cmd[1:])
    for _ in range(int(timeout * 50)):
        if proc.waitForFinished(0) or proc.state() == QProcess.ProcessState.NotRunning:
            break
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
        QThread.msleep(10)
    else:
        proc.kill()
        proc.waitForFinished(2000)
        return QCoreApplication.translate("RunDriver", "no answer within {s} s").format(s=int(timeout))
    out = bytes(proc.readAllStandardOutput().data())
    err = bytes(proc.readAllStandardError().data()).decode("utf-8", "replace").strip()
    try:
        parse_launch_answer(out)
    except ProtocolError as exc:
        return str(exc) if out.strip() else (err[-500:] or str(exc))
    return ""


def connect(target: RemoteTarget, transport: Callable[[RemoteTarget], list[str]],
            timeout: float = CONNECT_TIMEOUT_S) -> tuple[RemoteLink | None, str]:
    """Start a link to ``target`` through ``transport``'s command, with a cache folder of its
    own (a new one under :func:`remote_cache_dir`: two windows on one run never share one), and
    wait (the window keeps drawing) until the run's ``config.toml`` (and ``tokenizer.json``,
    when the run has one) is in; returns the link, or None and why not (the remote's or ssh's
    words)."""
    import tempfile

    from ...core.corpus import CorpusError

    try:
        folder = remote_cache_dir(target)
        folder.mkdir(parents=True, exist_ok=True)
        cache = Path(tempfile.mkdtemp(prefix="session-", dir=folder))
    except (CorpusError, OSError) as exc:
        return None, str(exc)
    link = RemoteLink(transport(target), cache).start()

    def settings_in() -> bool:  # the config, and the tokenizer when there is one (older probes' labels)
        return link.has_file(CONFIG) and (TOKENIZER not in link.listed or link.has_file(TOKENIZER))

    for _ in range(int(timeout * 50)):
        if settings_in() or link.state is LinkState.LOST:
            break
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
        QThread.msleep(10)
    if link.has_file(CONFIG):
        return link, ""
    why = link.message or QCoreApplication.translate("RunDriver", "no answer within {s} s").format(s=int(timeout))
    close_link(link)
    return None, why


def close_link(link: RemoteLink) -> None:
    """End ``link`` and remove its cache folder (what it fetched is fetched again next time)."""
    import shutil

    link.close()
    shutil.rmtree(link.cache_dir, ignore_errors=True)


class RemoteRunDriver(FollowedRunDriver):
    """Shows a run another machine trains, from a :class:`RemoteLink`, and steers it over the
    link (the remote checks each command as a local window's, and answers; a refusal is shown).

    Parameters
    ----------
    link
        A started link (its cache folder is the model's run folder).
    target
        Where the run is (its ``host:path`` is what the status bar says).
    model_of
        The window's current run model (new probe files are handed to it).
    """

    remote = True
    info_changed = Signal()
    """A new start event arrived (the run's sources, device, schedule): the window reads them."""

    def __init__(self, link: RemoteLink, target: RemoteTarget, model_of: Callable[[], RunModel],
                 parent: QObject | None = None) -> None:
        RunDriver.__init__(self, parent)  # not a local folder's follower
        self.link = link
        self.label = target.label
        self.address = target.url
        """The run's ``ssh://`` address (the status bar shows it instead of the local cache folder)."""
        self.run_dir = link.cache_dir
        self.follower = RemoteFollower(link)
        self._model_of = model_of
        self._sent: str | None = None
        self._link_state = link.state
        self.state = RunState.STOPPED
        self.timer = QTimer(self)
        self.timer.setInterval(REMOTE_POLL_MS)
        self.timer.timeout.connect(self.poll)
        self.timer.start()  # the first poll once the window has connected the signals

    @property
    def checkpoint_note(self) -> str:
        return QCoreApplication.translate("RunDriver", "Checkpoint requested from the remote trainer")

    @property
    def read_only_reason(self) -> str:
        """Why the remote run cannot be steered ("" when it can be)."""
        return self.follower.read_only_reason

    @property
    def link_state(self) -> LinkState:
        return self.link.state

    def poll(self) -> None:
        """Hand on what the link received: a restart, a snapshot, refusals and the state."""
        started = self.follower.start_payload
        p = self.follower.poll(self._model_of())
        if p.restarted:
            self.restarted.emit()  # the window starts an empty model; the rows from the start follow
        if p.snapshot is not None:
            self.snapshot.emit(p.snapshot)
        if self.follower.start_payload is not started:
            self.info_changed.emit()
        qt = QCoreApplication
        for reply in p.replies:
            if not reply["ok"]:
                self.refused.emit(qt.translate("RunDriver", "Cannot steer this run"), reply["error"])
        for error in p.errors:
            log.warning("the remote end refused a request: %s", error)
        if p.state != self.state or p.link != self._link_state:
            if p.state != self.state:
                self._sent = None  # the trainer has answered
            self._link_state = p.link
            self._set_state(p.state)

    def _send(self, kind: str, payload: dict | None = None) -> bool:
        qt = QCoreApplication
        title = qt.translate("RunDriver", "Cannot steer this run")
        if not self.follower.steerable:
            self.refused.emit(title, self.read_only_reason or qt.translate(
                "RunDriver", "The link to the remote run is down; try again once it is reconnected."))
            return False
        if self.link.send_command(kind, payload) is None:
            self.refused.emit(title, qt.translate("RunDriver", "The link to the remote run dropped; try again."))
            return False
        return True

    @property
    def steerable(self) -> bool:
        return self.state.active and self.follower.steerable

    def describe(self, last_step: int) -> str | None:
        qt = QCoreApplication
        link = self.link.state
        if link is LinkState.LOST:
            return qt.translate("RunDriver", "remote run · {where} · link lost: {why}").format(
                where=self.label, why=self.link.message[:200])
        if link is LinkState.RECONNECTING:
            return qt.translate("RunDriver", "remote run · {where} · reconnecting… ({why})").format(
                where=self.label, why=self.link.message[:120])
        device = str(self.follower.start_payload.get("device", "?"))
        text = qt.translate("RunDriver", "remote run · {where} · {device}").format(where=self.label, device=device)
        if self.read_only_reason:
            text += " · " + qt.translate("RunDriver", "read-only: steering off")
        return text

    def close(self) -> None:
        self.timer.stop()
        close_link(self.link)  # the remote end exits; the remote trainer goes on
