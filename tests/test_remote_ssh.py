"""A run followed through the real OpenSSH client, against an SSH server the test
starts in-process on 127.0.0.1 (asyncssh, with keys made for the test: no root, no system sshd).
The production command line (:func:`~andrea_desktop.core.remote.ssh.ssh_command`, BatchMode,
the user's ``-F`` config through ``$ANDREA_SSH_COMMAND``) reaches ``andrea-follow`` on the
"remote", rows arrive once and in order across a dropped link, steering lands in the run's
``control.sqlite``, and an unknown host key is refused in ssh's own words."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import statistics
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from andrea_desktop.core.remote.link import LinkState, RemoteLink
from andrea_desktop.core.remote.ssh import parse_ssh_url, ssh_command
from andrea_desktop.core.rundir.layout import CONTROL_DB
from andrea_desktop.core.viewmodels.remote import RemoteFollower

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # asyncssh's own DSA deprecation warnings at import
    import asyncssh


class _Server:
    """An SSH server on 127.0.0.1 that accepts one public key and runs each command with a
    shell whose PATH finds ``andrea-follow`` (this interpreter's entry point)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.bin = folder / "bin"
        self.bin.mkdir(parents=True)
        follow = self.bin / "andrea-follow"
        follow.write_text(f"#!/bin/sh\nexec {sys.executable} -m andrea_desktop.cli.follow_stdio \"$@\"\n")
        follow.chmod(0o755)
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key.write_private_key(str(folder / "id_test"))
        (folder / "id_test").chmod(0o600)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), name="test-sshd", daemon=True)
        self.thread.start()
        assert ready.wait(30)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._start())
        ready.set()
        self.loop.run_forever()

    async def _start(self) -> None:
        env = {**os.environ, "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
               "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        authorized = asyncssh.import_authorized_keys(self.client_key.export_public_key().decode())

        async def handle(process):
            proc = await asyncio.create_subprocess_shell(process.command, stdin=asyncio.subprocess.PIPE,
                                                         stdout=asyncio.subprocess.PIPE,
                                                         stderr=asyncio.subprocess.PIPE, env=env)
            async def pump_in():  # the client's stdin to the command, until either ends
                try:
                    while data := await process.stdin.read(1 << 16):
                        proc.stdin.write(data)
                        await proc.stdin.drain()
                except (OSError, asyncssh.Error):
                    pass
                finally:
                    proc.stdin.close()

            async def pump_out(src, dst):
                while data := await src.read(1 << 16):
                    dst.write(data)
                    await dst.drain()

            feeding = asyncio.ensure_future(pump_in())
            try:
                await asyncio.gather(pump_out(proc.stdout, process.stdout), pump_out(proc.stderr, process.stderr))
            except (OSError, asyncssh.Error):  # the client went away: end the command
                pass
            finally:
                if proc.returncode is None:
                    proc.kill()
                rc = await proc.wait()
                feeding.cancel()
            process.exit(rc)

        self.acceptor = await asyncssh.listen("127.0.0.1", 0, server_host_keys=[self.host_key],
                                              authorized_client_keys=authorized, process_factory=handle,
                                              encoding=None)
        self.port = self.acceptor.sockets[0].getsockname()[1]

    def config(self, known: bool = True) -> Path:
        """An ssh client config (``-F``) naming this server ``testbox``; ``known``: its host key
        is in the known hosts file."""
        known_hosts = self.folder / ("known_hosts" if known else "known_hosts_empty")
        line = f"[127.0.0.1]:{self.port} {self.host_key.export_public_key().decode().strip()}\n"
        known_hosts.write_text(line if known else "")
        cfg = self.folder / ("config" if known else "config_unknown")
        cfg.write_text(f"""Host testbox
    HostName 127.0.0.1
    Port {self.port}
    User tester
    IdentityFile {self.folder / 'id_test'}
    IdentitiesOnly yes
    IdentityAgent none
    UserKnownHostsFile {known_hosts}
    GlobalKnownHostsFile /dev/null
    PasswordAuthentication no
    KbdInteractiveAuthentication no
    LogLevel ERROR
""")
        return cfg

    def close(self) -> None:
        async def stop():
            self.acceptor.close()
            await self.acceptor.wait_closed()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def sshd(tmp_path):
    server = _Server(tmp_path / "sshd")
    yield server
    server.close()


def _link(sshd, url, tmp_path, monkeypatch, known=True) -> RemoteLink:
    monkeypatch.setenv("ANDREA_SSH_COMMAND", f"ssh -F {sshd.config(known)}")
    target = parse_ssh_url(url)
    return RemoteLink(ssh_command(target, "--stdio", target.path), tmp_path / "cache", backoff=(0.1, 0.2)).start()


def test_a_run_followed_through_ssh_arrives_once_in_order_across_a_drop_and_is_steered(
        sshd, tracked, tmp_path, monkeypatch):
    run = tracked(tmp_path / "remote-run", poll_ms=20)
    stop, written = threading.Event(), []

    def writer():
        s = 0
        while not stop.is_set():
            s += 1
            run.log({"train/loss": 4 - s * 1e-4}, step=s)
            written.append(s)
            time.sleep(0.003)

    t = threading.Thread(target=writer)
    t.start()
    link = _link(sshd, f"ssh://testbox{run.path}", tmp_path, monkeypatch)
    follower = RemoteFollower(link)
    got = []

    def until(cond, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            p = follower.poll()
            if p.snapshot is not None:
                got.extend(int(s) for s in p.snapshot.steps)
            if cond():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out: {link.state} {link.message}")

    try:
        until(lambda: link.state is LinkState.CONNECTED and len(got) > 20)
        assert follower.steerable
        link.kill_transport()  # the ssh client dies mid-stream; the writer goes on
        until(lambda: link.connections >= 2 and link.state is LinkState.CONNECTED)
        link.send_command("pause")
        until(lambda: run.should_pause())
    finally:
        stop.set()
        t.join()
        run.finish()
    until(lambda: follower.state.value == "stopped" and link.cursor[0] >= len(written))
    link.close()
    assert got == written  # every step once, in order, across the drop
    con = sqlite3.connect(run.path / CONTROL_DB)
    assert [k for (k,) in con.execute("SELECT kind FROM commands")] == ["pause"]
    con.close()


def test_an_unknown_host_key_is_refused_in_ssh_own_words(sshd, tracked, tmp_path, monkeypatch):
    run = tracked(tmp_path / "r")
    link = _link(sshd, f"ssh://testbox{run.path}", tmp_path, monkeypatch, known=False)
    assert link.wait_for(lambda: link.state is LinkState.LOST, 60)
    assert "Host key verification failed." in link.message
    assert not link.has_file("config.toml")
    link.close()


def test_a_path_that_is_no_run_and_a_missing_package_get_clear_messages(sshd, tmp_path, monkeypatch):
    link = _link(sshd, f"ssh://testbox{tmp_path}/nothing", tmp_path, monkeypatch)
    assert link.wait_for(lambda: link.state is LinkState.LOST, 60)
    assert "is not an ANDREA run folder" in link.message
    link.close()
    monkeypatch.setenv("ANDREA_FOLLOW_PROGRAM", "andrea-follow-not-installed")
    link = _link(sshd, f"ssh://testbox{tmp_path}", tmp_path, monkeypatch)
    assert link.wait_for(lambda: link.state is LinkState.LOST, 60)
    assert "andrea-follow is not installed on the remote" in link.message and "not found" in link.message
    link.close()


def test_each_step_reaches_the_follower_through_ssh_and_a_step_costs_its_rows_bytes(sshd, tracked, tmp_path,
                                                                                     monkeypatch):
    """Each new step reaches the window's follower through the real OpenSSH client (the remote end
    and the window polling as in production), and the bytes on the link per step are about its
    rows'. The latency is a benchmark's (benchmarks/remote_follow.py, docs/performance.md), not
    this test's: on a loaded machine it says nothing."""
    run = tracked(tmp_path / "r")
    run.log({"train/loss": 1.0}, step=1)
    run.flush()
    monkeypatch.setenv("ANDREA_SSH_COMMAND", f"ssh -F {sshd.config()}")
    target = parse_ssh_url(f"ssh://testbox{run.path}")
    link = RemoteLink(ssh_command(target, "--stdio", target.path), tmp_path / "cache").start()
    follower = RemoteFollower(link)
    assert link.wait_for(lambda: link.cursor[0] >= 1 and link.has_file("config.toml"), 60)
    sizes = []
    for step in range(2, 12):
        before = link.bytes_received
        run.log({"train/loss": 1.0 / step, "train/lr": 1e-3, "train/grad_norm": 0.5}, step=step)
        run.flush()
        committed = time.monotonic()
        while not any(p.snapshot is not None and step in p.snapshot.steps for p in [follower.poll()]):
            time.sleep(0.25)  # the window's poll interval (gui/run/remote.py REMOTE_POLL_MS)
            assert time.monotonic() - committed < 60, f"step {step} did not arrive"
        sizes.append(link.bytes_received - before)
    link.close()
    per_step = statistics.median(sizes)
    assert 100 < per_step < 1000, sizes  # three rows a step, ~50 bytes a row and the frame around them
