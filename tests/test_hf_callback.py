"""The Hugging Face Trainer with AndreaCallback: its own log history lands in the run folder, the
window opens and follows it, and Pause, Resume, Ctrl+S and Stop reach the Trainer's loop."""

import sqlite3
import textwrap
import threading
import time

import pytest
import torch
import transformers
from conftest import ForkedProcess, import_error_without, wait_for

from andrea_desktop import runs
from andrea_desktop.core.rundir.control import send_command
from andrea_desktop.core.rundir.layout import CONFIG, trainer_alive
from andrea_desktop.integrations.hf import AndreaCallback, scalar_rows


class _Rows(torch.utils.data.Dataset):
    """Shifted ranges of token ids: a pattern a tiny model starts to learn in a few steps."""

    def __init__(self, n=64, length=16, vocab=64):
        self.n, self.length, self.vocab = n, length, vocab

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        ids = torch.arange(i, i + self.length) % self.vocab
        return {"input_ids": ids, "labels": ids}


def _trainer(tmp_path, callback, max_steps=8, **args):
    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(transformers.GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=64,
                                                                 n_positions=32, bos_token_id=0,
                                                                 eos_token_id=0))
    options = dict(output_dir=str(tmp_path / "out"), max_steps=max_steps, logging_steps=1,
                   per_device_train_batch_size=4, report_to="none", use_cpu=True, save_strategy="no",
                   disable_tqdm=True, learning_rate=1e-3, seed=0, log_level="error")
    options.update(args)
    return transformers.Trainer(model=model, args=transformers.TrainingArguments(**options), train_dataset=_Rows(),
                                eval_dataset=_Rows(8), callbacks=[callback])


def _history(trainer, key):
    return [(h["step"], h[key]) for h in trainer.state.log_history if key in h]


def _same(stored, history):
    """The same steps, and the same values to float32's precision."""
    assert [s for s, _ in stored] == [s for s, _ in history]
    assert [v for _, v in stored] == pytest.approx([v for _, v in history], rel=1e-6)


def _stored(run_dir, name):
    con = sqlite3.connect(f"file:{run_dir}/metrics.sqlite?mode=ro", uri=True)
    try:
        return con.execute("SELECT step, value FROM scalars WHERE name = ? ORDER BY rowid", (name,)).fetchall()
    finally:
        con.close()


def test_the_trainers_log_history_is_the_runs_scalars(tmp_path):
    run_dir = tmp_path / "run"
    trainer = _trainer(tmp_path, AndreaCallback(run_dir), max_steps=8, eval_strategy="steps", eval_steps=4)
    trainer.train()
    assert len(_history(trainer, "loss")) == 8
    _same(_stored(run_dir, "train/loss"), _history(trainer, "loss"))
    _same(_stored(run_dir, "train/lr"), _history(trainer, "learning_rate"))
    _same(_stored(run_dir, "train/grad_norm"), _history(trainer, "grad_norm"))
    _same(_stored(run_dir, "val/loss"), _history(trainer, "eval_loss"))
    assert [s for s, _ in _stored(run_dir, "val/loss")] == [4, 8]
    _same(_stored(run_dir, "hf/train_loss"), _history(trainer, "train_loss"))  # not train/loss
    assert not trainer_alive(run_dir)

    r = runs.open_run(run_dir)  # the runs API reads it
    assert r.scalars(as_pandas=False)["train/loss"].tolist() == pytest.approx([v for _, v in _history(trainer, "loss")])
    cfg = r.config
    assert cfg["run"]["origin"] == "script"
    assert (cfg["model"]["n_layer"], cfg["model"]["d_model"], cfg["model"]["vocab_size"]) == (1, 16, 64)
    assert cfg["schedule"]["total_steps"] == 8 and cfg["optimizer"]["lr"] == 1e-3
    start = r.events("start", as_pandas=False)["payload"][0]
    assert start["config"]["n_embd"] == 16 and start["config"]["max_steps"] == 8 and start["max_steps"] == 8
    assert start["params"] == sum(p.numel() for p in trainer.model.parameters())
    assert r.events("stop", as_pandas=False)["payload"][0]["reason"] == "finished"


def test_scalar_rows_names_the_trainers_keys_as_the_store_does():
    assert scalar_rows({"loss": 1.5, "learning_rate": 1e-3, "grad_norm": torch.tensor(2.0), "eval_loss": 3,
                        "epoch": 0.5, "note": "text", "flag": True}) == {
        "train/loss": 1.5, "train/lr": 1e-3, "train/grad_norm": 2.0, "val/loss": 3.0, "hf/epoch": 0.5}
    # a name the store refuses: tests/test_track_probes.py::test_a_trainer_log_key_the_store_refuses_is_skipped...


def test_pause_resume_checkpoint_and_stop_reach_the_trainers_loop(tmp_path):
    run_dir = tmp_path / "run"
    callback = AndreaCallback(run_dir, poll_ms=20)
    trainer = _trainer(tmp_path, callback, max_steps=100_000)
    worker = threading.Thread(target=trainer.train)
    worker.start()
    try:
        wait_for(lambda: callback.run is not None and (run_dir / CONFIG).exists() and trainer.state.global_step >= 3,
              what="the first steps")
        send_command(run_dir, "pause")  # what the window sends for a followed run
        wait_for(lambda: any(k == "pause" for k in runs.open_run(run_dir).events(as_pandas=False)["kind"]),
              what="the pause event")
        paused_at = trainer.state.global_step
        time.sleep(0.6)
        assert trainer.state.global_step == paused_at  # blocked at the step boundary
        send_command(run_dir, "checkpoint")
        send_command(run_dir, "resume")
        wait_for(lambda: trainer.state.global_step >= paused_at + 3, what="steps after the resume")
        wait_for(lambda: list((tmp_path / "out").glob("checkpoint-*")), what="the Trainer's own save")
        (saved,) = (tmp_path / "out").glob("checkpoint-*")
        assert saved.name == f"checkpoint-{paused_at}"  # at the step boundary the command was taken
        send_command(run_dir, "stop")
        worker.join(60)
        assert not worker.is_alive()
    finally:
        if worker.is_alive():
            callback.run._steer._apply(0, "stop", {})
            worker.join(60)
    assert trainer.state.global_step < 100_000
    r = runs.open_run(run_dir)
    events = r.events(as_pandas=False)
    kinds = list(events["kind"])
    assert kinds[0] == "start" and kinds[-1] == "stop" and events["payload"][-1]["reason"] == "user"
    assert kinds.index("pause") < kinds.index("resume")
    (checkpoint,) = [p for k, p in zip(kinds, events["payload"], strict=True) if k == "checkpoint"]
    assert checkpoint["path"] == str(saved.resolve())
    _same(_stored(run_dir, "train/loss"), _history(trainer, "loss"))
    assert not trainer_alive(run_dir)


def test_the_window_follows_a_trainer_run_and_steers_it(qtbot, make_window, tmp_path):
    run_dir = tmp_path / "hf-run"
    callback = AndreaCallback(run_dir, poll_ms=20)
    trainer = _trainer(tmp_path, callback, max_steps=100_000)
    worker = threading.Thread(target=trainer.train)
    worker.start()
    try:
        wait_for(lambda: callback.run is not None and (run_dir / CONFIG).exists() and trainer.state.global_step >= 2,
              what="the first steps")
        w = make_window(run="mine")
        assert w.open_run(run_dir)
        assert w.follower is not None and w.state == "running"
        # the script owns its data and its training: no curriculum to steer, nothing to branch from
        assert not w.curriculum_action.isEnabled() and not w.window_actions.branch_action.isEnabled()
        script = runs.open_run(run_dir).events("start", as_pandas=False)["payload"][0]["script"]
        assert "external run" in w.device_label.text() and f"{script} (cpu)" in w.device_label.text()
        x, _y = w.lr_panel.planned_curve.getData()
        assert x is None or len(x) == 0  # no planned schedule: the script owns it
        qtbot.waitUntil(lambda: w.history.last_step >= 5, timeout=60_000)

        def drawn() -> int:  # the loss panel draws the model paced (at most every LIVE_REFRESH_S while it runs)
            x, _y = w.loss_panel.raw_curve.getData()
            return 0 if x is None else len(x)

        qtbot.waitUntil(lambda: drawn() >= 3, timeout=30_000)  # the loss panel is drawn

        w.toggle_pause()  # Space
        qtbot.waitUntil(lambda: w.state == "paused", timeout=30_000)
        paused_at = trainer.state.global_step
        qtbot.wait(500)
        assert trainer.state.global_step == paused_at
        w.toggle_pause()
        qtbot.waitUntil(lambda: w.state == "running" and trainer.state.global_step > paused_at + 2, timeout=60_000)

        w.stop_training()
        worker.join(60)
        assert not worker.is_alive()
        qtbot.waitUntil(lambda: w.state == "stopped", timeout=30_000)
        assert not w.start_action.isEnabled()  # the script owns training: nothing to continue here
    finally:
        if worker.is_alive():
            callback.run._steer._apply(0, "stop", {})
            worker.join(60)
    qtbot.waitUntil(lambda: w.history.last_step == trainer.state.global_step, timeout=30_000)
    assert w.open_run(run_dir)  # reopened: the whole history from the folder
    assert w.history.loss.values.data.tolist() == pytest.approx([v for _, v in _history(trainer, "loss")])
    assert len(w.history.lr.values.data) == len(_history(trainer, "learning_rate"))


def test_a_missing_transformers_is_said_with_how_to_install_it():
    out = import_error_without("andrea_desktop.integrations.hf", "transformers")
    assert "pip install -e '.[hf]'" in out and "transformers" in out


def test_the_hf_trainer_example_writes_a_run_the_runs_api_reads(tmp_path, monkeypatch):
    """The example runs as ``python examples/hf_trainer.py`` does (its ``__main__`` block, its
    arguments), in this process, where transformers is imported already (a forked process imported it
    again: ~4 s); torch's thread count and generator, which the script sets, are restored after."""
    import runpy
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "hf_trainer.py"
    monkeypatch.setattr(sys, "argv", [str(example), "--run-dir", str(tmp_path / "r"), "--output-dir",
                                      str(tmp_path / "out"), "--steps", "25"])
    monkeypatch.chdir(tmp_path)
    threads, rng = torch.get_num_threads(), torch.get_rng_state()
    try:
        runpy.run_path(str(example), run_name="__main__")
    finally:
        torch.set_num_threads(threads)
        torch.set_rng_state(rng)
    r = runs.open_run(tmp_path / "r")
    table = r.scalars(as_pandas=False)
    assert list(table["step"]) == [5, 10, 15, 20, 25]
    assert table["train/loss"][-1] < table["train/loss"][0]
    assert not (table["val/loss"] != table["val/loss"])[-1]  # evaluated at step 25
    assert r.config["run"]["origin"] == "script" and r.config["model"]["vocab_size"] > 256


_RANK = textwrap.dedent("""
    import sys, time
    from types import SimpleNamespace
    import torch.distributed as dist
    from transformers import TrainerControl
    from andrea_desktop.integrations.hf import AndreaCallback

    dist.init_process_group("gloo")
    args = SimpleNamespace(device="cpu", output_dir=sys.argv[2])
    state = SimpleNamespace(global_step=0, max_steps=0)
    callback = AndreaCallback(sys.argv[1], poll_ms=20)
    callback.on_train_begin(args, state, TrainerControl())
    for step in range(1, 100_000):
        state.global_step = step
        control = callback.on_step_end(args, state, TrainerControl())
        if control.should_training_stop:
            break
        time.sleep(0.01)
    callback.on_train_end(args, state, control)
    print("stopped at", step, type(callback.run).__name__, flush=True)
    dist.destroy_process_group()
""")


def test_under_ddp_rank_zero_writes_and_its_stop_reaches_every_rank(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run_dir = tmp_path / "run"
    procs = [ForkedProcess([run_dir, tmp_path / "out"], code=_RANK,
                           env={"RANK": str(r), "LOCAL_RANK": str(r), "WORLD_SIZE": "2",
                                "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port)}) for r in (0, 1)]
    try:
        wait_for(lambda: (run_dir / CONFIG).exists() and trainer_alive(run_dir), timeout=120, what="rank 0's run")
        time.sleep(0.3)
        send_command(run_dir, "stop")
        for p in procs:
            p.wait(120)
        outs = [p.output() for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _out, err in outs]
    (step0, kind0), (step1, kind1) = [out.split()[2:4] for out, _err in outs]
    assert step0 == step1 and (kind0, kind1) == ("Run", "DisabledRun")  # both stopped at the same step
    assert runs.open_run(run_dir).events("stop", as_pandas=False)["payload"][0]["reason"] == "user"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # rank 1 made no folder
