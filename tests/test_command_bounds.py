"""Every command from control.sqlite is bounded before it is applied: a
planted id near 2**63 or a huge payload is refused as an event and never blocks later commands."""

from __future__ import annotations

import sqlite3

import pytest
from filelock import FileLock

from andrea_desktop.core.rundir.control import (
    MAX_PAYLOAD_BYTES,
    CommandPoller,
    ControlError,
    send_command,
)


@pytest.fixture
def channel(tmp_path):
    applied, refused = [], []
    lock = FileLock(str(tmp_path / ".andrea.lock"))
    lock.acquire()  # "a trainer is alive": send_command needs one
    poller = CommandPoller(tmp_path / "control.sqlite", lambda cid, kind, p: applied.append((cid, kind, p)),
                           interval=3600, on_refused=lambda cid, kind, why: refused.append((cid, kind, why)))
    yield tmp_path, poller, applied, refused
    poller.close()
    lock.release()


def _plant(db, sql, args=()):
    con = sqlite3.connect(str(db))
    con.execute(sql, args)
    con.commit()
    con.close()


@pytest.mark.parametrize("plant", [
    ("INSERT INTO commands(id, kind, payload, wall_time) VALUES (?, 'pause', '{}', 0)", (2**63 - 1,)),
    ("INSERT INTO commands(id, kind, payload, wall_time) VALUES (?, 'stop', '{}', 0)", (2**41,)),
])
def test_a_planted_huge_command_id_is_refused_and_later_commands_work(channel, plant):
    run, poller, applied, refused = channel
    _plant(run / "control.sqlite", *plant)
    poller.poll()
    assert applied == [] and len(refused) == 1 and "out of range" in refused[0][2]
    cid = send_command(run, "pause")
    poller.poll()
    assert applied == [(cid, "pause", {})]


def test_an_edited_id_sequence_is_set_back(channel):
    run, poller, applied, _ = channel
    send_command(run, "pause")
    poller.poll()
    _plant(run / "control.sqlite", "UPDATE sqlite_sequence SET seq = ? WHERE name = 'commands'", (2**63 - 1,))
    poller.poll()
    cid = send_command(run, "resume")
    poller.poll()
    assert applied[-1] == (cid, "resume", {})


def test_a_huge_payload_is_refused_unread_and_never_sent(channel):
    run, poller, applied, refused = channel
    _plant(run / "control.sqlite", "INSERT INTO commands(kind, payload, wall_time) VALUES ('probe', ?, 0)",
           ('{"text": "' + "x" * (10 * MAX_PAYLOAD_BYTES) + '"}',))
    poller.poll()
    assert applied == [] and "over the" in refused[0][2] and len(refused[0][2]) < 400
    with pytest.raises(ControlError, match="at most"):
        send_command(run, "probe", {"text": "y" * (2 * MAX_PAYLOAD_BYTES)})
