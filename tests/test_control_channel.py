"""Commands to a training loop (docs/design.md#threads-and-snapshots): the in-process TrainingControl, and the channel from
other processes, whose poller thread only hands raw commands over; the training thread parses
and logs them at a step boundary."""

import threading

import numpy as np
import pytest

from andrea_desktop.core.mixture.curriculum import Pivot
from andrea_desktop.core.training import StopReason, TrainingControl
from andrea_desktop.core.training.commands import CommandChannel
from andrea_desktop.core.training.events import RunLog

NAMES = ("a", "b", "c")


class _Store:
    def __init__(self):
        self.events = []

    def log_event(self, step, kind, payload=None, wall_time=None):
        self.events.append((step, kind, payload))


def _channel(tmp_path, control):
    log = RunLog(_Store())
    return CommandChannel(tmp_path, control, log, 0), log.store


def test_flag_commands_act_at_once_and_pivots_wait_raw_for_the_training_thread(tmp_path):
    control = TrainingControl()
    parsed = []
    control.submit(1, "pause", {})
    control.submit(2, "probe", {"text": "  "})  # blank text: keep the current one
    control.submit(3, "checkpoint", {})
    control.submit(4, "pivot", {"constraints": {"floors": {"a": 0.9, "b": 0.9}}})  # infeasible: not parsed here
    assert control.pause_requested and control.take_probe_request() == "" and control.take_checkpoint_request()
    assert control.take_pivots() == [] and parsed == []
    with pytest.raises(ValueError, match="unknown command"):
        control.submit(5, "format-disk", {})
    control.submit(6, "stop", {})
    assert control.stop_reason is StopReason.USER and control.stop_reason == "user"

    channel, store = _channel(tmp_path, control)
    try:
        def parse(payload):
            parsed.append(threading.current_thread())
            return Pivot.from_dict(NAMES, payload)

        assert channel.take(7, parse)
        assert parsed == [threading.current_thread()]  # on the thread that takes the commands
        assert not channel.take(7, parse)
    finally:
        channel.close()
    kinds = [(s, k, p.get("kind"), p.get("id")) for s, k, p in store.events]
    assert kinds == [(7, "command", "pause", 1), (7, "command", "probe", 2), (7, "command", "checkpoint", 3),
                     (7, "anomaly", "pivot", None), (7, "command", "stop", 6)]
    assert "pivot refused: floors sum" in store.events[3][2]["message"]


def test_a_good_pivot_is_queued_for_the_next_boundary_and_a_refused_command_is_an_event(tmp_path):
    control = TrainingControl()
    control.submit(1, "pivot", Pivot.from_dict(NAMES, {"constraints": {"floors": {"c": 0.5}}}).to_dict())
    control.refuse(2, "pivot", "ValueError: payload is not a JSON object")
    channel, store = _channel(tmp_path, control)
    try:
        channel.take(3, lambda d: Pivot.from_dict(NAMES, d))
    finally:
        channel.close()
    (pivot,) = control.take_pivots(3)
    np.testing.assert_array_equal(pivot.constraints.floor, [0.0, 0.0, 0.5])
    assert [(k, p.get("kind"), p.get("id")) for _, k, p in store.events] == [("command", "pivot", 1),
                                                                           ("anomaly", "command", 2)]
    assert store.events[1][2]["message"] == "command 'pivot' refused: ValueError: payload is not a JSON object"


def test_a_command_wakes_a_paused_loop():
    control = TrainingControl()
    control.pause()
    woke = threading.Event()

    def loop():
        control.wait_while_paused()
        woke.set()

    t = threading.Thread(target=loop)
    t.start()
    assert not woke.wait(0.2)
    control.submit(1, "pivot", {"constraints": {}})  # a pivot cannot resume, but it is logged at once
    t.join(5)
    assert woke.is_set() and control.pause_requested
