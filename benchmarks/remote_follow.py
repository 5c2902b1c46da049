"""How fast a remote run's new step reaches the window, and what travels per step
(docs/performance.md). A run is logged here with ``andrea_desktop.track``; a
:class:`~andrea_desktop.core.remote.link.RemoteLink` follows it through ``andrea-follow --stdio``
— run as a local subprocess (the default), or through ``ssh HOST`` (``--ssh HOST``: a host that
sees this machine's run folder at the same path, e.g. ``localhost``) — and a
:class:`~andrea_desktop.core.viewmodels.remote.RemoteFollower` is polled every 0.25 s, as the
window does. For each step: the time from the store's commit (``run.flush()``) to the step in a
snapshot, and the bytes the link received. Then the bytes per step for steps of 1, 10 and 100
scalar rows.

    .venv/bin/python benchmarks/remote_follow.py --steps 100
    .venv/bin/python benchmarks/remote_follow.py --ssh localhost
    .venv/bin/python benchmarks/remote_follow.py --test-server   # the OpenSSH client to the tests' server
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from andrea_desktop import track
from andrea_desktop.core.remote.link import RemoteLink
from andrea_desktop.core.remote.ssh import parse_ssh_url, ssh_command
from andrea_desktop.core.viewmodels.remote import RemoteFollower

POLL_S = 0.25  # gui/run/remote.py REMOTE_POLL_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--ssh", metavar="HOST", help="follow through ssh HOST instead of a local subprocess")
    parser.add_argument("--test-server", action="store_true",
                        help="follow through the OpenSSH client to the tests' in-process SSH server on 127.0.0.1")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = None
        if args.test_server:  # tests/conftest.py's SSHTestServer (asyncssh, the test extra)
            sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
            from conftest import SSHTestServer

            server = SSHTestServer(Path(tmp) / "sshd")
            os.environ["ANDREA_SSH_COMMAND"] = f"ssh -F {server.config()}"
            args.ssh = "testbox"
        run_dir = Path(tmp) / "run"
        run = track.init(run_dir)
        run.log({"train/loss": 1.0}, step=1)
        run.flush()
        if args.ssh:
            target = parse_ssh_url(f"ssh://{args.ssh}{run_dir}")
            command = ssh_command(target, "--stdio", target.path)
        else:
            command = [sys.executable, "-m", "andrea_desktop.cli.follow_stdio", "--stdio", str(run_dir)]
        link = RemoteLink(command, Path(tmp) / "cache").start()
        follower = RemoteFollower(link)
        assert link.wait_for(lambda: link.cursor[0] >= 1 and link.has_file("config.toml"), 60), link.message
        step = 1

        def one_step(names: int) -> tuple[float, int]:
            nonlocal step
            step += 1
            values = {"train/loss": 1.0 / step, **{f"user/metric_{i}": float(i) for i in range(names - 1)}}
            before = link.bytes_received
            run.log(values, step=step)
            run.flush()
            committed = time.monotonic()
            while not any(p.snapshot is not None and step in p.snapshot.steps for p in [follower.poll()]):
                time.sleep(POLL_S)
            return time.monotonic() - committed, link.bytes_received - before

        delays = [one_step(3)[0] for _ in range(args.steps)]
        print(f"transport: {'ssh ' + args.ssh if args.ssh else 'local subprocess'}")  # noqa: T201
        print(f"commit to the window's follower over {len(delays)} steps: median {statistics.median(delays):.3f} s, "  # noqa: T201
              f"max {max(delays):.3f} s")
        for names in (1, 10, 100):
            sizes = [one_step(names)[1] for _ in range(10)]
            print(f"{names:>3} scalar rows per step: median {statistics.median(sizes):,.0f} bytes on the link per step")  # noqa: T201
        link.close()
        run.finish()
        if server is not None:
            server.close()


if __name__ == "__main__":
    main()
