"""A run on another machine followed over a link: the ``andrea-follow --stdio``
protocol with a local subprocess as the transport (what ``ssh`` runs on the remote), every row
once and in order across dropped links, steering through the same checks as local commands,
and every untrusted frame, request and address refused."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import make_terrain_result, uniform_probe

from andrea_desktop import track
from andrea_desktop.core.remote import protocol
from andrea_desktop.core.remote.link import LinkState, RemoteLink
from andrea_desktop.core.remote.protocol import (
    MAX_FRAME_BYTES,
    ProtocolError,
    check_remote_frame,
    check_request,
    encode_frame,
    fetch_limit,
    read_frame,
    read_magic,
    write_frame,
)
from andrea_desktop.core.remote.ssh import (
    RemoteTarget,
    parse_ssh_url,
    ssh_command,
    ssh_config_hosts,
)
from andrea_desktop.core.rundir.layout import CONTROL_DB, METRICS_DB
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.terrain import write_result
from andrea_desktop.core.viewmodels.remote import RemoteFollower
from andrea_desktop.core.viewmodels.sources import open_model

FOLLOW = [sys.executable, "-m", "andrea_desktop.cli.follow_stdio", "--interval", "0.05"]


def local_transport(run_dir) -> list[str]:
    """The command ssh would run on the remote, run here instead."""
    return [*FOLLOW, "--stdio", str(run_dir)]


def write_probe_file(run_dir: Path, step: int) -> Path:
    p = uniform_probe()
    p["step"] = np.int64(step)
    p["token_text"] = np.asarray(p["token_text"], dtype=str)
    p["roles"] = np.asarray(p["roles"], dtype=str)
    folder = run_dir / "probes"
    folder.mkdir(exist_ok=True)
    np.savez_compressed(folder / f"{step}.npz", **p)
    return folder / f"{step}.npz"


@pytest.fixture
def link_of(tmp_path):
    links = []

    def make(run_dir, cache=None, **kw):
        link = RemoteLink(kw.pop("command", None) or local_transport(run_dir), cache or tmp_path / "cache",
                          backoff=(0.05, 0.1), **kw).start()
        links.append(link)
        return link

    yield make
    for link in links:
        link.close()


def drain(follower, until, timeout=30.0, model=None):
    """Poll ``follower`` until ``until(polls)`` holds; returns every poll."""
    polls, end = [], time.monotonic() + timeout
    while time.monotonic() < end:
        polls.append(follower.poll(model))
        if until(polls):
            return polls
        time.sleep(0.02)
    raise AssertionError(f"timed out; link {follower.link.state}: {follower.link.message}")


def snapshots(polls):
    return [p.snapshot for p in polls if p.snapshot is not None]


# ------------------------------------------------------------------ the protocol round trip
def test_a_tracked_run_reaches_the_window_row_for_row_with_its_files(tmp_path, link_of, tracked):
    run_dir = tmp_path / "remote-run"
    run = tracked(run_dir, sources=["code", "prose"], total_steps=100)
    for s in range(1, 21):
        run.log({"train/loss": 3 - s / 100, "train/lr": 1e-3, "train/loss/code": 3.1 - s / 100}, step=s)
        run.mixture({"code": 0.3 + s / 100, "prose": 0.7 - s / 100}, step=s)
    run.event("note", {"text": "hello", "nested": {"a": [1, 2]}}, step=20)
    run.sample("Once", " upon a time", step=20)
    run.flush()
    write_probe_file(run_dir, 10)
    write_result(run_dir, make_terrain_result(step=20))
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    assert link.wait_for(lambda: link.has_file("config.toml"), 30)
    model, error = open_model(link.cache_dir)
    assert error is None and model.config is not None
    polls = drain(follower, lambda ps: follower.last_step >= 19 and link.has_file("terrain/20.npz")
                  and link.has_file("probes/10.npz"), model=model)
    for snap in snapshots(polls):
        model.apply(snap)
    with RunReader(run_dir / METRICS_DB) as reader:
        stored = reader.tail()
    # every row of the store, once, in order: the link received exactly them
    assert link.cursor == (stored.rowids[0][-1], stored.rowids[1][-1], stored.rowids[2][-1])
    steps = np.concatenate([s.steps for s in snapshots(polls)])
    # the newest step waits for the next (decode_rows holds it while the trainer lives)
    assert list(steps) == list(range(1, len(steps) + 1)) and len(steps) >= 19
    assert model.history.loss.values.data[0] == pytest.approx(2.99)
    events = [e for s in snapshots(polls) for e in s.events]
    assert ("note" in [k for _s, k, _p in events]) and {"text": "hello", "nested": {"a": [1, 2]}} in [p for *_x, p in events]
    assert [(20, "Once", " upon a time")] == [x for s in snapshots(polls) for x in s.samples]
    assert model.mixture.names == ("code", "prose")
    # files: the same bytes, read by the local readers from the cache folder
    for rel in ("config.toml", "probes/10.npz", "terrain/20.npz"):
        assert (link.cache_dir / rel).read_bytes() == (run_dir / rel).read_bytes()
    assert 10 in model.probes.steps
    assert not [p for p in link.cache_dir.rglob("*.tmp")]
    run.finish()
    drain(follower, lambda ps: follower.state.value == "stopped")


def test_only_new_rows_travel_and_bytes_grow_with_the_rows(tmp_path, link_of, tracked):
    run_dir = tmp_path / "r"
    run = tracked(run_dir)
    run.log({"train/loss": 1.0}, step=1)
    run.flush()
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    drain(follower, lambda ps: link.cursor[0] >= 1)
    time.sleep(0.3)  # the listing and the config fetch settle
    follower.poll()
    sizes = []
    for n in (10, 100):
        before = link.bytes_received
        for s in range(n):
            run.log({"train/loss": 1.0, "train/lr": 1e-3}, step=link.cursor[0] + s + 2)
        run.flush()
        target = link.cursor[0] + 2 * n
        drain(follower, lambda ps, t=target: link.cursor[0] >= t)
        sizes.append(link.bytes_received - before)
    per_row_10, per_row_100 = sizes[0] / 20, sizes[1] / 200
    assert per_row_100 < 200 and per_row_10 < 2 * per_row_100 + 40, sizes  # proportional, plus heartbeats
    run.finish()


def test_the_link_killed_mid_stream_resumes_with_every_row_once_in_order(tmp_path, link_of, tracked):
    run_dir = tmp_path / "r"
    run = tracked(run_dir)
    stop = threading.Event()
    written = []

    def writer():
        s = 0
        while not stop.is_set():
            s += 1
            run.log({"train/loss": 5.0 - s * 1e-4, "train/lr": 1e-3}, step=s)
            run.sample("p", f"text {s}", step=s) if s % 50 == 0 else None
            written.append(s)
            time.sleep(0.002)

    t = threading.Thread(target=writer)
    t.start()
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    got_steps, got_samples = [], []

    def keep(polls):
        for p in polls:
            if p.snapshot is not None:
                got_steps.extend(int(s) for s in p.snapshot.steps)
                got_samples.extend(p.snapshot.samples)

    try:
        for _ in range(4):  # the link drops four times while the writer keeps writing
            keep(drain(follower, lambda ps: link.state is LinkState.CONNECTED and link.cursor[0] > 0))
            start = link.connections
            keep(drain(follower, lambda ps: len(ps) > 10))
            link.kill_transport()
            keep(drain(follower, lambda ps, s=start: link.connections > s))
    finally:
        stop.set()
        t.join()
        run.finish()
    # until the trainer is gone (its stop event can come while it still holds the lock: the last
    # step is then held for one more poll, as a local follow holds it, and given when it is gone)
    keep(drain(follower, lambda ps: follower.state.value == "stopped" and link.cursor[0] >= 2 * len(written)
               and not follower.alive))
    assert link.connections >= 5
    assert got_steps == written  # every step once, in order: none lost, none doubled
    assert [s for s, _p, _t in got_samples] == [s for s in written if s % 50 == 0]


def test_a_probe_file_cut_by_a_dropped_link_is_fetched_again_whole(tmp_path, link_of, tracked):
    run_dir = tmp_path / "r"
    run = tracked(run_dir)
    run.log({"train/loss": 1.0}, step=1)
    run.flush()
    big = run_dir / "probes"
    big.mkdir()
    rng = np.random.default_rng(0)
    p = uniform_probe(T=64, L=8, H=8)
    p["attention"] = rng.random(p["attention"].shape).astype(np.float32)  # ~1 MiB, does not compress
    p["token_text"] = np.asarray(p["token_text"], dtype=str)
    p["roles"] = np.asarray(p["roles"], dtype=str)
    np.savez(big / "30.npz", **p)
    assert (big / "30.npz").stat().st_size > protocol.MAX_CHUNK_BYTES  # several chunks
    link = RemoteLink(local_transport(run_dir), tmp_path / "cache", backoff=(0.05,))
    # the link breaks as soon as the first chunk of the probe is in (what is still in the pipe is lost)
    killed = threading.Event()
    orig = link._chunk

    def chunk_then_drop(f):
        orig(f)
        if not killed.is_set() and f["path"] == "probes/30.npz" and not f["end"]:
            killed.set()
            link.kill_transport()
            raise OSError("connection reset")

    link._chunk = chunk_then_drop
    link.start()
    assert link.wait_for(lambda: link.has_file("probes/30.npz"), 30)
    assert killed.is_set() and link.connections >= 2
    assert (link.cache_dir / "probes/30.npz").read_bytes() == (big / "30.npz").read_bytes()
    assert not list(link.cache_dir.rglob("*.tmp"))
    link.close()


# ------------------------------------------------------------------ steering
def test_steering_over_the_link_reaches_control_sqlite_and_bad_commands_are_refused(tmp_path, link_of, tracked):
    run_dir = tmp_path / "r"
    run = tracked(run_dir, poll_ms=20)
    run.log({"train/loss": 1.0}, step=1)
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    drain(follower, lambda ps: follower.steerable)
    ids = [link.send_command("pause"), link.send_command("explode"),
           link.send_command("probe", {"text": "bad\x00text"}), link.send_command("checkpoint")]
    replies = {}
    drain(follower, lambda ps: [replies.update({r["id"]: r for r in p.replies}) for p in ps[-1:]] and len(replies) == 4)
    assert replies[ids[0]]["ok"] and replies[ids[3]]["ok"]
    assert not replies[ids[1]]["ok"] and "unknown command 'explode'" in replies[ids[1]]["error"]
    assert not replies[ids[2]]["ok"] and "control characters" in replies[ids[2]]["error"]
    con = sqlite3.connect(run_dir / CONTROL_DB)
    kinds = [k for (k,) in con.execute("SELECT kind FROM commands ORDER BY id")]
    con.close()
    assert kinds == ["pause", "checkpoint"]
    deadline = time.monotonic() + 30  # the script's control poll takes each command in its turn
    asked = False
    while not (run.should_pause() and asked) and time.monotonic() < deadline:
        asked = asked or run.should_checkpoint()  # asked once: True the first time it is taken
        time.sleep(0.02)
    assert run.should_pause() and asked
    run.finish()


READ_ONLY_AS_OTHER_USER = """
import argparse, gettext, locale, logging, os, sys
from andrea_desktop.cli.follow_stdio import follow_main
import andrea_desktop.core.remote.serve  # imported first: the other user may not read this venv
if os.geteuid() == 0:
    os.setgid(65534); os.setuid(65534)  # another user from here on: the run is not theirs
sys.exit(follow_main(sys.argv[1:]))
"""


def test_a_read_only_remote_is_followed_with_steering_refused_and_why(link_of):
    folder = Path(tempfile.mkdtemp(prefix="andrea-ro-"))  # a folder another user can read
    try:
        folder.chmod(0o755)
        run_dir = folder / "r"
        with track.init(run_dir) as run:
            run.log({"train/loss": 2.0}, step=1)
        if os.geteuid() != 0:
            (run_dir / CONTROL_DB).chmod(0o444)
            run_dir.chmod(0o555)
        link = link_of(run_dir, command=[sys.executable, "-c", READ_ONLY_AS_OTHER_USER, "--interval", "0.05",
                                         "--stdio", str(run_dir)], cache=folder.parent / f"{folder.name}-cache")
        follower = RemoteFollower(link)
        drain(follower, lambda ps: link.cursor[0] >= 1)
        assert not follower.steerable and "not writable for you" in follower.read_only_reason
        cid = link.send_command("pause")
        replies = []
        drain(follower, lambda ps: replies.extend(r for p in ps[-1:] for r in p.replies) or replies)
        assert replies[0]["id"] == cid and not replies[0]["ok"]
    finally:
        run_dir.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(folder.parent / f"{folder.name}-cache", ignore_errors=True)


# ------------------------------------------------------------------ clear messages
def test_a_remote_path_that_is_not_a_run_is_lost_with_a_clear_message(tmp_path, link_of, tracked):
    link = link_of(tmp_path / "nothing-here")
    assert link.wait_for(lambda: link.state is LinkState.LOST, 30)
    assert "is not an ANDREA run folder" in link.message


def test_a_remote_without_the_package_says_what_to_install(tmp_path, link_of, tracked):
    cmd = ["sh", "-c", "echo 'bash: line 1: andrea-follow: command not found' >&2; exit 127"]
    link = link_of(tmp_path, command=cmd)
    assert link.wait_for(lambda: link.state is LinkState.LOST, 30)
    assert "andrea-follow is not installed on the remote" in link.message and "command not found" in link.message


def test_a_remote_of_another_protocol_version_is_refused(tmp_path, link_of, tracked):
    link = link_of(tmp_path, command=["sh", "-c", "echo 'Welcome!'; echo 'ANDREA-FOLLOW 99'; sleep 5"])
    assert link.wait_for(lambda: link.state is LinkState.LOST, 30)
    assert "version '99'" in link.message and "same version" in link.message


def test_ssh_failing_is_reported_in_its_own_words(tmp_path, link_of, tracked):
    words = "Host key verification failed."
    link = link_of(tmp_path, command=["sh", "-c", f"echo '{words}' >&2; exit 255"])
    assert link.wait_for(lambda: link.state is LinkState.LOST, 30)
    assert link.message == words


# ------------------------------------------------------------------ untrusted frames and requests
def _stream(*frames: bytes) -> io.BytesIO:
    return io.BytesIO(b"".join(frames))


def test_oversized_and_malformed_frames_are_refused_unread():
    with pytest.raises(ProtocolError, match="announced"):
        read_frame(_stream(struct.pack(">I", MAX_FRAME_BYTES + 1), b"x" * 10))
    with pytest.raises(ProtocolError, match="not JSON"):
        read_frame(_stream(struct.pack(">I", 3), b"{{{"))
    with pytest.raises(ProtocolError, match="not JSON"):
        read_frame(_stream(struct.pack(">I", 200_000), b"[" * 100_000 + b"]" * 100_000))
    with pytest.raises(ProtocolError, match="type"):
        read_frame(_stream(struct.pack(">I", 2), b"[]"))
    with pytest.raises(ProtocolError, match="inside a frame"):
        read_frame(_stream(struct.pack(">I", 10), b"{}"))
    with pytest.raises(ProtocolError):
        encode_frame({"t": "rows", "x": "y" * MAX_FRAME_BYTES})
    with pytest.raises(ProtocolError, match="did not speak"):
        read_magic(io.BytesIO(b"Last login: yesterday\n"))
    surrogate = read_frame(io.BytesIO(encode_frame({"t": "error", "message": "bad \ud800 text"})))
    assert surrogate["message"] == "bad \ud800 text"  # escaped on the way, never a crash of the sender
    out = io.BytesIO()
    write_frame(out, {"t": "state", "alive": True})
    out.seek(0)
    assert check_remote_frame(read_frame(out)) == {"t": "state", "alive": True}


@pytest.mark.parametrize("frame, why", [
    ({"t": "rows", "scalars": [[1, 1, "train/loss", "1.0", 0.0]]}, "not a number"),
    ({"t": "rows", "scalars": [[1, True, "train/loss", 1.0, 0.0]]}, "a step"),
    ({"t": "rows", "scalars": [[2, 1, "a", 1.0, 0.0], [1, 2, "a", 1.0, 0.0]]}, "rowid order"),
    ({"t": "rows", "scalars": [[1, 1, "x" * 300, 1.0, 0.0]]}, "scalar name"),
    ({"t": "rows", "events": [[1, 1, "note", "payload", 0.0]]}, "payload object"),
    ({"t": "rows", "events": [[1, 1, "note", json.loads("{\"a\":" * 12 + "1" + "}" * 12), 0.0]]}, "nested"),
    ({"t": "rows", "samples": [[1, 1, "p", "t" * (protocol.MAX_TEXT_CHARS + 1)]]}, "text"),
    ({"t": "rows", "scalars": [[i + 1, 1, "a", 1.0, 0.0] for i in range(protocol.MAX_ROWS + 1)]}, "at most"),
    ({"t": "state", "alive": "yes"}, "true or false"),
    ({"t": "files", "files": [["../../etc/passwd", 10, 0]]}, "no run-folder file"),
    ({"t": "files", "files": [["/etc/passwd", 10, 0]]}, "no run-folder file"),
    ({"t": "files", "files": [["checkpoints/step-1/state.pt", 10, 0]]}, "no run-folder file"),
    ({"t": "files", "files": [["config.toml", 1 << 30, 0]]}, "file size"),
    ({"t": "chunk", "path": "probes/../../x.npz", "size": 1, "offset": 0, "data": ""}, "no run-folder file"),
    ({"t": "chunk", "path": "probes/1.npz", "size": 1, "offset": 0, "data": "AAAA"}, "larger than its file"),
    ({"t": "chunk", "path": "probes/1.npz", "size": 1, "offset": 0, "data": "!!"}, "base64"),
    ({"t": "pickle", "data": "gASV"}, "unknown frame type"),
])
def test_every_bad_remote_frame_is_refused(frame, why):
    with pytest.raises(ProtocolError, match=why):
        check_remote_frame(frame)


@pytest.mark.parametrize("request_, why", [
    ({"t": "fetch", "path": "../secret"}, "no run-folder file"),
    ({"t": "fetch", "path": "/etc/passwd"}, "no run-folder file"),
    ({"t": "fetch", "path": "metrics.sqlite"}, "no run-folder file"),
    ({"t": "fetch", "path": "probes/1.npz/../../../x"}, "no run-folder file"),
    ({"t": "resume", "cursor": [0, -1, 0]}, "integer"),
    ({"t": "resume", "cursor": [0, 0]}, "3 rowids"),
    ({"t": "command", "id": 1, "kind": "pause", "payload": []}, "not an object"),
    ({"t": "command", "id": "1", "kind": "pause"}, "id"),
    ({"t": "exec", "cmd": "rm -rf /"}, "unknown request"),
])
def test_every_bad_request_is_refused(request_, why):
    with pytest.raises(ProtocolError, match=why):
        check_request(request_)


def test_fetch_names_only_files_the_layout_names():
    assert fetch_limit("config.toml") and fetch_limit("probes/120.npz") and fetch_limit("probes/embedding.npz")
    assert fetch_limit("terrain/5.npz") and fetch_limit("tokenizer.json")
    for bad in ("metrics.sqlite", "control.sqlite", ".andrea.lock", "probes/x.npz", "terrain/embedding.npz",
                "probes/1.npz/x", "checkpoints/step-10/model.safetensors", "", None, 3, "probes/-1.npz",
                "probes/00120.npz", "terrain/05.npz", "terrain/+5.npz"):  # a step's file has one name
        assert fetch_limit(bad) is None, bad


def _talk(run_dir, *requests, until="", timeout=20):
    """Run the remote end on ``run_dir``, send ``requests`` and read frames until one of type
    ``until`` arrives."""
    proc = subprocess.Popen(local_transport(run_dir), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        read_magic(proc.stdout)
        frames = [read_frame(proc.stdout)]
        for r in requests:
            proc.stdin.write(r if isinstance(r, bytes) else encode_frame(r))
        proc.stdin.flush()
        end = time.monotonic() + timeout
        while frames[-1]["t"] != until and time.monotonic() < end:
            frames.append(read_frame(proc.stdout))
        return frames
    finally:
        proc.stdin.close()
        proc.wait(10)
        proc.stdout.close()


def test_the_remote_end_never_sends_a_link_or_a_file_outside_the_run(tmp_path):
    run_dir = tmp_path / "r"
    with track.init(run_dir) as run:
        run.log({"train/loss": 1.0}, step=1)
    secret = tmp_path / "secret.npz"
    secret.write_bytes(b"secret")
    (run_dir / "probes").mkdir()
    (run_dir / "probes" / "7.npz").symlink_to(secret)
    (run_dir / "terrain").symlink_to(tmp_path)
    frames = _talk(run_dir, {"t": "resume", "cursor": [0, 0, 0], "starts": 0}, until="files")
    listed = frames[-1]["files"]
    assert [p for p, *_ in listed] == ["config.toml"]  # neither the linked probe nor the linked folder
    (tmp_path / "5.npz").write_bytes(b"secret")
    for path in ("probes/7.npz", "terrain/5.npz"):
        frames = _talk(run_dir, {"t": "fetch", "path": path}, until="file_error")
        assert frames[-1]["path"] == path and b"secret" not in json.dumps(frames).encode()
    frames = _talk(run_dir, {"t": "fetch", "path": "../secret.npz"}, until="error")
    assert "refused request" in frames[-1]["message"]
    frames = _talk(run_dir, struct.pack(">I", MAX_FRAME_BYTES + 1), until="error")
    assert "bad request stream" in frames[-1]["message"]


# ------------------------------------------------------------------ addresses
@pytest.mark.parametrize("url, target", [
    ("ssh://gpu/home/me/runs/a", RemoteTarget("gpu", "/home/me/runs/a")),
    ("ssh://me@gpu.example.org:2222/srv/runs/a%20b", RemoteTarget("gpu.example.org", "/srv/runs/a b", "me", 2222)),
    ("ssh://gpu/~/runs/x", RemoteTarget("gpu", "~/runs/x")),
    ("ssh://me@[::1]:22/r", RemoteTarget("::1", "/r", "me", 22)),
    ("ssh://10.0.0.5/data/run", RemoteTarget("10.0.0.5", "/data/run")),
])
def test_ssh_urls_are_parsed(url, target):
    assert parse_ssh_url(url) == target


@pytest.mark.parametrize("url", [
    "http://gpu/run", "ssh://gpu", "ssh://gpu/", "ssh://-oProxyCommand=touch%20x/run", "ssh://gpu:0/run",
    "ssh://gpu:70000/run", "ssh://-me@gpu/run", "ssh://me:pw@gpu/run", "ssh://gp u/run", "ssh://gpu/run%0Aevil",
    "ssh:///run", "ssh://gpu:/run:x", "/local/path", "ssh://gpu/run%C2%9Bevil", "ssh://gpu/run%7F",  # C1 CSI, DEL
])
def test_bad_ssh_urls_are_refused(url):
    with pytest.raises(ValueError):
        parse_ssh_url(url)


def test_the_ssh_command_keeps_user_settings_and_quotes_the_remote_path():
    cmd = ssh_command(parse_ssh_url("ssh://me@gpu:2222/srv/my runs/a;rm -rf ~"), "--stdio", "/srv/my runs/a;rm -rf ~")
    assert cmd[0] == "ssh" and "BatchMode=yes" in cmd and any(c.startswith("ServerAliveInterval") for c in cmd)
    assert cmd[cmd.index("-p") + 1] == "2222" and cmd[cmd.index("-l") + 1] == "me"
    assert cmd[-3:-1] == ["--", "gpu"]
    assert cmd[-1] == "andrea-follow --stdio '/srv/my runs/a;rm -rf ~'"
    assert "-F" not in cmd and "StrictHostKeyChecking" not in " ".join(cmd)  # the user's config decides


def test_ssh_config_hosts_skip_wildcards_and_follow_includes(tmp_path):
    (tmp_path / "more").write_text("Host  lab-box\n  HostName 10.1.1.1\n")
    cfg = tmp_path / "config"
    cfg.write_text(f"""# my hosts
Host gpu gpu-2 *.internal !bastion
    HostName gpu.example.org
    User me
Host=jump
Host *
    ServerAliveInterval 10
Match host foo
Include {tmp_path}/more
host   old?box  trainer
""")
    assert ssh_config_hosts(cfg) == ["gpu", "gpu-2", "jump", "lab-box", "trainer"]
    assert ssh_config_hosts(tmp_path / "missing") == []


def test_andrea_follow_lists_the_runs_of_a_folder(tmp_path, tracked):
    from andrea_desktop.core.remote.protocol import parse_runs_listing

    live = tracked(tmp_path / "runs" / "live")
    with track.init(tmp_path / "runs" / "done") as done:
        done.log({"train/loss": 1.0}, step=1)
    (tmp_path / "runs" / "not-a-run").mkdir()
    (tmp_path / "runs" / "link").symlink_to(tmp_path / "runs" / "done")
    out = subprocess.run([*FOLLOW, "--list", str(tmp_path / "runs")], capture_output=True, timeout=60).stdout
    runs = {r["name"]: r for r in parse_runs_listing(out)}
    assert set(runs) == {"live", "done"} and runs["live"]["alive"] and not runs["done"]["alive"]
    assert runs["live"]["path"] == str(live.path)
    with pytest.raises(ProtocolError):
        parse_runs_listing(b"bash: andrea-follow: command not found\n")


def test_andrea_desktop_takes_an_ssh_address_and_refuses_a_bad_one():
    from andrea_desktop.cli.desktop import _desktop_parser

    args = _desktop_parser().parse_args(["ssh://me@gpu:2222/srv/runs/a"])
    assert args.run_dir == "ssh://me@gpu:2222/srv/runs/a"
    assert isinstance(_desktop_parser().parse_args(["runs/a"]).run_dir, Path)
    bad = subprocess.run([sys.executable, "-m", "andrea_desktop.cli.desktop", "ssh://-oProxyCommand=x/run"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "is not a host name" in bad.stderr


def test_a_resumed_remote_run_is_read_again_from_the_start(tmp_path, link_of):
    from andrea_desktop.core.rundir.store import RunStore

    run_dir = tmp_path / "r"
    with track.init(run_dir) as run:
        for s in range(1, 11):
            run.log({"train/loss": 10.0 - s}, step=s)
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    got, restarts = [], []

    def pump(until, timeout=30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            p = follower.poll()
            if p.restarted:
                restarts.append(1)
                got.clear()  # the window empties the run's model
            if p.snapshot is not None:
                got.extend((int(s), float(v)) for s, v in zip(p.snapshot.steps, p.snapshot.loss, strict=True))
            if until():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out with {got}")

    pump(lambda: len(got) == 10)
    assert [s for s, _v in got] == list(range(1, 11))
    # another trainer resumes the run from step 5: it deletes the rows after it and logs its own
    store = RunStore(run_dir / METRICS_DB)
    try:
        store.delete_after(5)
        store.log_event(5, "start", {"resumed": True})
        for s in range(6, 9):
            store.log_scalars(s, {"train/loss": 100.0 + s})
        store.flush()
    finally:
        store.close()
    pump(lambda: restarts and [s for s, _v in got][-1:] == [8])
    time.sleep(0.5)
    pump(lambda: True)
    assert got == [(s, 10.0 - s) for s in range(1, 6)] + [(s, 100.0 + s) for s in range(6, 9)]


# ------------------------------------------------------------------ what a hand-made store or folder holds
def test_rows_the_window_would_refuse_are_left_out_by_the_remote_and_the_link_goes_on(tmp_path, link_of, tracked):
    """A store written by hand held one scalar of a 300-character name, a step past 2^62 and an
    event kind of 300 characters: the window refused the frame and declared the link lost for good.
    The remote leaves those rows out and every other row arrives."""
    run_dir = tmp_path / "r"
    run = tracked(run_dir)
    for s in (1, 2, 3):
        run.log({"train/loss": 1.0 / s}, step=s)
    run.finish()
    con = sqlite3.connect(run_dir / METRICS_DB)
    con.execute("INSERT INTO scalars VALUES (4, ?, 1.0, 0)", ("x" * 300,))
    con.execute("INSERT INTO scalars VALUES (?, 'train/loss', 1.0, 0)", (2**62 + 5,))
    con.execute("INSERT INTO events (step, kind, payload, wall_time) VALUES (4, ?, '{}', 0)", ("k" * 300,))
    con.execute("INSERT INTO scalars VALUES (5, 'train/loss', 0.2, 0)")
    con.commit()
    con.close()
    link = link_of(run_dir)
    follower = RemoteFollower(link)
    got = []
    drain(follower, lambda ps: got.extend(int(s) for p in ps[-1:] if p.snapshot is not None
                                          for s in p.snapshot.steps) or 5 in got)
    assert link.state is LinkState.CONNECTED and got == [1, 2, 3, 5]


def test_a_folder_of_more_probe_files_than_a_listing_holds_is_cut_to_the_newest(tmp_path):
    """200,000 files in probes/ made a listing over the frame bound: the remote died with a
    traceback and the link reconnected for ever. The listing holds at most its bound."""
    from andrea_desktop.core.remote.serve import listing

    run_dir = tmp_path / "r"
    (run_dir / "probes").mkdir(parents=True)
    (run_dir / "config.toml").write_text("")
    for i in range(30):
        (run_dir / "probes" / f"{i}.npz").write_bytes(b"x")  # by step: 9.npz is older than 23.npz
    out = listing(run_dir, limit=11)  # the run's 4 own names have their places, 7 probes the rest
    assert len(out) <= 11 and "config.toml" in out
    assert sorted(p for p in out if p.startswith("probes/")) == [f"probes/{i}.npz" for i in range(23, 30)]


def test_fetches_are_asked_a_few_at_a_time_and_all_arrive(tmp_path, link_of, tracked, monkeypatch):
    """A remote listing many files made the window hold a temporary file open per fetch (a hostile
    remote exhausted its file handles): at most MAX_IN_FLIGHT are asked at once, the rest as those
    end, and every one arrives; past the cache's byte budget the rest are left unfetched."""
    from andrea_desktop.core.remote import link as link_module

    run_dir = tmp_path / "r"
    run = tracked(run_dir)
    run.log({"train/loss": 1.0}, step=1)
    run.flush()
    for step in range(10, 130, 10):
        write_probe_file(run_dir, step)
    asked = []
    real_send = RemoteLink._send

    def spy(self, obj):
        if obj.get("t") == "fetch":
            asked.append(len(self._pending))
        return real_send(self, obj)

    monkeypatch.setattr(RemoteLink, "_send", spy)
    link = link_of(run_dir)
    assert link.wait_for(lambda: all(link.has_file(f"probes/{s}.npz") for s in range(10, 130, 10)), 60)
    assert asked and max(asked) <= link_module.MAX_IN_FLIGHT
    run.finish()
    size = (run_dir / "probes" / "10.npz").stat().st_size
    monkeypatch.setattr(link_module, "MAX_CACHE_BYTES", 3 * size + 10_000)  # config and tokenizer too
    small = link_of(run_dir, cache=tmp_path / "cache2")
    assert small.wait_for(lambda: small.skipped, 60)
    time.sleep(0.5)
    held = sum(1 for s in range(10, 130, 10) if small.has_file(f"probes/{s}.npz"))
    assert 0 < held < 12
