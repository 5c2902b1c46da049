"""A run followed through the real OpenSSH client, against an SSH server the test
starts in-process on 127.0.0.1 (asyncssh, with keys made for the test: no root, no system sshd).
The production command line (:func:`~andrea_desktop.core.remote.ssh.ssh_command`, BatchMode,
the user's ``-F`` config through ``$ANDREA_SSH_COMMAND``) reaches ``andrea-follow`` on the
"remote", rows arrive once and in order across a dropped link, steering lands in the run's
``control.sqlite``, and an unknown host key is refused in ssh's own words."""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import threading
import time

import pytest
from conftest import SSHTestServer

from andrea_desktop.core.remote.link import LinkState, RemoteLink
from andrea_desktop.core.remote.ssh import parse_ssh_url, ssh_command
from andrea_desktop.core.rundir.layout import CONTROL_DB
from andrea_desktop.core.viewmodels.remote import RemoteFollower

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="the OpenSSH client is not installed")

@pytest.fixture
def sshd(tmp_path):
    server = SSHTestServer(tmp_path / "sshd")
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
