"""Every control command's text is checked as its numbers are (a lone surrogate, a control
character, a length), and a command that fails while it is applied is refused: training goes on."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import tiny_config, train_run
from filelock import FileLock

from andrea_desktop.core.rundir.control import CommandPoller, ControlError, send_command
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import StopReason, TrainingControl

MAX_TEXT_CHARS = 4096  # the probe text's bound in the config, and so of every command's text


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


def _plant(db, kind, payload_json):
    con = sqlite3.connect(str(db))
    con.execute("INSERT INTO commands(kind, payload, wall_time) VALUES (?, ?, 0)", (kind, payload_json))
    con.commit()
    con.close()


@pytest.mark.parametrize(("kind", "payload", "why"), [
    ("probe", '{"text": "\\ud800"}', "lone surrogate"),
    ("probe", '{"text": "a\\u0000b"}', "control characters"),
    ("probe", json.dumps({"text": "x" * (MAX_TEXT_CHARS + 1)}), "at most"),
    ("pivot", '{"constraints": {"floors": {"\\udfff": 0.5}}}', "lone surrogate"),
    ("pivot", '{"constraints": {"floors": {"a\\u001b[2J": 0.5}}}', "control characters"),
])
def test_a_planted_command_with_bad_text_is_refused_before_it_is_applied(channel, kind, payload, why):
    run, poller, applied, refused = channel
    _plant(run / "control.sqlite", kind, payload)
    poller.poll()
    assert applied == [] and len(refused) == 1 and why in refused[0][2]
    cid = send_command(run, "probe", {"text": "a good text\nover two lines\t."})  # later commands still work
    poller.poll()
    assert applied == [(cid, "probe", {"text": "a good text\nover two lines\t."})]


@pytest.mark.parametrize("text", ["\ud800", "bell\x07", "y" * (MAX_TEXT_CHARS + 1)])
def test_bad_text_is_never_sent(channel, text):
    run, *_ = channel
    with pytest.raises(ControlError):
        send_command(run, "probe", {"text": text})


def test_the_submitted_probe_text_is_checked_on_the_poller_thread():
    from andrea_desktop.core.rundir.control import check_command_text

    control = TrainingControl()
    with pytest.raises(ValueError, match="surrogate"):
        control.submit(1, "probe", {"text": "\ud800"})
    assert control.take_probe_request() is None and control.take_commands() == []
    assert check_command_text("não · 你好\u00a0ok") == "não · 你好\u00a0ok"  # any printable text is fine


def _anomalies(run):
    with RunReader(run / "metrics.sqlite") as reader:
        return [p for _, _, p, _ in reader.events("anomaly")]


@pytest.mark.parametrize("text", ["\ud800 surrogate", "nul\x00byte"])
def test_a_probe_text_the_tokenizer_cannot_take_is_refused_and_training_goes_on(tmp_path, text):
    cfg = tiny_config(probe={"interval": 1000, "sample_interval": 1000}, checkpoint={"interval": 1000})
    control = TrainingControl()
    control.request_probe(text)  # in-process (the toolbar's way): not checked before the loop takes it
    trainer, reason = train_run(tmp_path / "run", cfg, max_steps=3, control=control)
    assert reason == StopReason.MAX_STEPS and trainer.step == 3
    assert trainer.config.probe.text == cfg.probe.text
    assert any(p["kind"] == "command" and p["message"].startswith("probe refused") for p in _anomalies(tmp_path / "run"))


def test_a_probe_that_fails_is_refused_and_training_goes_on(tmp_path, monkeypatch):
    from andrea_desktop.core.training.trainer import Trainer

    def broken(self):
        raise TypeError("TextInputSequence must be str")

    monkeypatch.setattr(Trainer, "probe", broken)
    cfg = tiny_config(probe={"interval": 1000, "sample_interval": 1000}, checkpoint={"interval": 1000})
    control = TrainingControl()
    control.request_probe("a fine text")
    trainer, reason = train_run(tmp_path / "run", cfg, max_steps=3, control=control)
    assert reason == StopReason.MAX_STEPS and trainer.step == 3
    assert any("TextInputSequence" in p["message"] for p in _anomalies(tmp_path / "run"))


def test_a_pivot_whose_parser_fails_unforeseen_is_refused_as_an_event(tmp_path):
    from andrea_desktop.core.training.commands import CommandChannel
    from andrea_desktop.core.training.events import RunLog

    class Store:
        events = []

        def log_event(self, step, kind, payload=None, wall_time=None):
            self.events.append((step, kind, payload))

    control = TrainingControl()
    control.submit(1, "pivot", {"constraints": {}})
    store = Store()
    channel = CommandChannel(tmp_path, control, RunLog(store), 0)
    try:
        def parser(payload):
            raise KeyError("floors")

        channel.take(3, parser)  # does not raise
    finally:
        channel.close()
    assert control.take_pivots() == []
    (event,) = [p for _, k, p in store.events if k == "anomaly"]
    assert event["message"].startswith("pivot refused: KeyError")
