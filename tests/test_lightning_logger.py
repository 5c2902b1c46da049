"""PyTorch Lightning with AndreaLogger and AndreaLightningCallback: what Lightning logs lands in the
run folder as CSVLogger writes it, the hyperparameters are the run's config, the window opens the
run, and Pause, Resume, Ctrl+S and Stop reach Lightning's loop."""

import csv
import functools
import math
import runpy
import sqlite3
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch
from conftest import import_error_without, wait_for

from andrea_desktop import runs, track
from andrea_desktop.core.rundir.control import send_command
from andrea_desktop.core.rundir.layout import CONFIG, trainer_alive

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@functools.cache
def _lightning() -> SimpleNamespace:
    """Lightning and the integration, imported by the first test that needs them (importing
    Lightning takes ~3 s: collecting the suite on every xdist worker would pay it each time)."""
    import lightning.pytorch as pl
    from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint
    from lightning.pytorch.loggers import CSVLogger
    from lightning.pytorch.utilities import rank_zero_only

    from andrea_desktop.integrations.lightning import (
        AndreaLightningCallback,
        AndreaLogger,
        scalar_rows,
    )

    class Tiny(pl.LightningModule):
        """Next-token prediction over shifted ranges of ids: a pattern a tiny model learns in a few steps."""

        def __init__(self, vocab=32, d=16, lr=3e-3, batch_size=4):
            super().__init__()
            self.save_hyperparameters()
            self.emb, self.head = torch.nn.Embedding(vocab, d), torch.nn.Linear(d, vocab)

        def _loss(self, batch):
            x, y = batch
            return torch.nn.functional.cross_entropy(self.head(self.emb(x)).flatten(0, 1), y.flatten())

        def training_step(self, batch, batch_idx):
            loss = self._loss(batch)
            self.log("train_loss", loss)
            return loss

        def validation_step(self, batch, batch_idx):
            self.log("val_loss", self._loss(batch))

        def configure_optimizers(self):
            return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)

    return SimpleNamespace(pl=pl, LearningRateMonitor=LearningRateMonitor, ModelCheckpoint=ModelCheckpoint,
                           CSVLogger=CSVLogger, rank_zero_only=rank_zero_only, Tiny=Tiny, AndreaLogger=AndreaLogger,
                           AndreaLightningCallback=AndreaLightningCallback, scalar_rows=scalar_rows)


def _loader(n=64, length=8, vocab=32):
    ids = torch.stack([torch.arange(i, i + length + 1) % vocab for i in range(n)])
    return torch.utils.data.DataLoader(torch.utils.data.TensorDataset(ids[:, :-1], ids[:, 1:]), batch_size=4)


def _trainer(tmp_path, loggers, callbacks=(), max_steps=8, **options):
    kwargs = dict(max_steps=max_steps, logger=loggers, callbacks=list(callbacks), accelerator="cpu", devices=1,
                  log_every_n_steps=1, enable_progress_bar=False, enable_model_summary=False,
                  enable_checkpointing=False, num_sanity_val_steps=0, limit_val_batches=0,
                  default_root_dir=str(tmp_path / "root"))
    kwargs.update(options)
    return _lightning().pl.Trainer(**kwargs)


def _fit(trainer, seed=0):
    torch.manual_seed(seed)
    model = _lightning().Tiny()
    trainer.fit(model, _loader(), _loader(8))
    return model


def _csv(logger, key):
    with open(Path(logger.log_dir) / "metrics.csv", newline="") as f:
        return [(int(r["step"]), float(r[key])) for r in csv.DictReader(f) if r.get(key)]


def _stored(run_dir, name):
    table = runs.open_run(run_dir).scalars(as_pandas=False)
    return [(int(s), float(v)) for s, v in zip(table["step"], table[name], strict=True) if not math.isnan(v)]



def test_what_lightning_logs_is_the_runs_scalars_and_the_hyperparameters_its_config(tmp_path):
    L = _lightning()
    run_dir = tmp_path / "run"
    csv_logger, logger = L.CSVLogger(tmp_path / "csv", name="x"), L.AndreaLogger(run_dir, config={"note": "mine"})
    saves = L.ModelCheckpoint(tmp_path / "ck", every_n_train_steps=4, save_top_k=-1)
    trainer = _trainer(tmp_path, [logger, csv_logger], [L.LearningRateMonitor(logging_interval="step"), saves],
                       limit_val_batches=2, val_check_interval=4, enable_checkpointing=True)
    model = _fit(trainer)
    assert not trainer_alive(run_dir)

    loss = _csv(csv_logger, "train_loss")
    assert [s for s, _ in loss] == list(range(8))  # Lightning counts from 0: the row of the first batch is 0
    stored = _stored(run_dir, "train/loss")
    assert [s for s, _ in stored] == [s + 1 for s, _ in loss] == list(range(1, 9))  # optimiser steps, from 1
    assert [v for _, v in stored] == pytest.approx([v for _, v in loss], rel=1e-6, abs=1e-6)
    val = _stored(run_dir, "val/loss")
    assert [s for s, _ in val] == [s + 1 for s, _ in _csv(csv_logger, "val_loss")] == [4, 8]
    assert [v for _, v in val] == pytest.approx([v for _, v in _csv(csv_logger, "val_loss")], rel=1e-6)
    assert [v for _, v in _stored(run_dir, "train/lr")] == pytest.approx([3e-3] * 8)  # lr-AdamW
    assert len(_stored(run_dir, "lightning/epoch")) >= 8

    r = runs.open_run(run_dir)
    start = r.events("start", as_pandas=False)["payload"][0]
    assert start["config"] == {"vocab": 32, "d": 16, "lr": 3e-3, "batch_size": 4, "note": "mine"}
    assert start["max_steps"] == 8 and start["params"] == sum(p.numel() for p in model.parameters())
    assert start["device"] == "cpu"
    assert r.config["run"]["origin"] == "script" and r.config["optimizer"]["lr"] == 3e-3
    assert r.config["train"]["batch_size"] == 4 and r.config["schedule"]["total_steps"] == 8
    events = r.events(as_pandas=False)
    assert list(events["kind"]) == ["start", "checkpoint", "checkpoint", "stop"]  # no hparams event: in the config
    assert [(s, p) for s, p in zip(events["step"], events["payload"], strict=True) if p.get("reason") == "trainer"] == [
        (4, {"reason": "trainer", "path": str((tmp_path / "ck" / "epoch=0-step=4.ckpt").resolve()), "marked": False}),
        (8, {"reason": "trainer", "path": str((tmp_path / "ck" / "epoch=0-step=8.ckpt").resolve()), "marked": False})]
    assert r.events("stop", as_pandas=False)["payload"][0]["reason"] == "finished"
    assert (logger.version, logger.save_dir, logger.log_dir, logger.name) == ("run", str(run_dir), str(run_dir), "run")
    assert trainer.log_dir == str(run_dir)  # the first logger's


def test_scalar_rows_names_lightnings_keys_as_the_store_does():
    L = _lightning()
    assert L.scalar_rows({"loss": 1.5, "lr-AdamW": 1e-3, "grad_norm": torch.tensor(2.0), "val_loss": 3, "epoch": 0,
                        "val/acc": 0.5, "note": "text", "flag": True, "many": torch.ones(2)}) == {
        "train/loss": 1.5, "train/lr": 1e-3, "train/grad_norm": 2.0, "val/loss": 3.0, "lightning/epoch": 0.0,
        "val/acc": 0.5}
    assert L.scalar_rows({"train/loss": 1.0, "train_loss": 2.0, "lr-Adam/pg1": 0.1, "lr-Adam/pg2": 0.2,
                        "lr-Adam-momentum": 0.9, "val/loss": 4.0}) == {
        "train/loss": 1.0, "lightning/train_loss": 2.0, "train/lr": 0.1, "lr-Adam/pg2": 0.2,
        "lightning/lr-Adam-momentum": 0.9, "val/loss": 4.0}


def test_pause_resume_checkpoint_and_stop_reach_lightnings_loop(tmp_path):
    L = _lightning()
    run_dir = tmp_path / "run"
    logger, callback = L.AndreaLogger(run_dir, poll_ms=20), L.AndreaLightningCallback()  # a model not probed
    trainer = _trainer(tmp_path, logger, [callback], max_steps=100_000, max_epochs=-1)
    worker = threading.Thread(target=_fit, args=(trainer,))
    worker.start()
    try:
        wait_for(lambda: (run_dir / CONFIG).exists() and trainer.global_step >= 3, what="the first steps")
        send_command(run_dir, "pause")  # what the window sends for a followed run
        wait_for(lambda: "pause" in runs.open_run(run_dir).events(as_pandas=False)["kind"], what="the pause event")
        paused_at = trainer.global_step
        time.sleep(0.6)
        assert trainer.global_step == paused_at  # blocked at the batch end
        send_command(run_dir, "checkpoint")
        send_command(run_dir, "resume")
        saved = tmp_path / "root" / "checkpoints" / f"step-{paused_at}.ckpt"  # at the batch end it was taken
        wait_for(lambda: trainer.global_step >= paused_at + 3 and saved.exists(), what="steps after the resume")
        send_command(run_dir, "stop")
        worker.join(60)
        assert not worker.is_alive()
    finally:
        if worker.is_alive():  # the test failed: end the fit (finish() ends a pause from another thread)
            trainer.should_stop = True
            logger.experiment.finish("user")
            worker.join(60)
    assert trainer.should_stop and trainer.global_step < 100_000
    assert torch.load(saved, weights_only=False)["global_step"] == paused_at
    r = runs.open_run(run_dir)
    events = r.events(as_pandas=False)
    kinds = list(events["kind"])
    assert kinds[0] == "start" and kinds[-1] == "stop" and events["payload"][-1]["reason"] == "user"
    assert kinds.index("pause") < kinds.index("resume")
    (checkpoint,) = [p for k, p in zip(kinds, events["payload"], strict=True) if k == "checkpoint"]
    assert checkpoint == {"reason": "user", "path": str(saved.resolve()), "marked": True}
    assert _stored(run_dir, "train/loss")[-1][0] == trainer.global_step
    assert not trainer_alive(run_dir)


def test_the_window_opens_a_lightning_run(qtbot, make_window, tmp_path):
    L = _lightning()
    run_dir = tmp_path / "lightning-run"
    _fit(_trainer(tmp_path, L.AndreaLogger(run_dir), max_steps=12))
    values = [v for _, v in _stored(run_dir, "train/loss")]
    assert len(values) == 12
    w = make_window(run="mine")
    assert w.open_run(run_dir)
    assert w.history.loss.values.data.tolist() == pytest.approx(values)

    def drawn() -> int:
        x, _y = w.loss_panel.raw_curve.getData()
        return 0 if x is None else len(x)

    qtbot.waitUntil(lambda: drawn() == 12, timeout=30_000)  # the loss panel draws every row


def test_the_lightning_example_writes_a_run_the_runs_api_reads(tmp_path, monkeypatch, capsys):
    """The example as a user runs it (its __main__, in this process: Lightning is imported once)."""
    _lightning()
    monkeypatch.syspath_prepend(str(EXAMPLES))  # it imports plain_loop's model, next to it
    monkeypatch.setattr(sys, "argv", ["lightning_loop.py", "--run-dir", str(tmp_path / "r"), "--steps", "20"])
    monkeypatch.chdir(tmp_path)
    threads = torch.get_num_threads()
    try:
        runpy.run_path(str(EXAMPLES / "lightning_loop.py"), run_name="__main__")
    finally:
        torch.set_num_threads(threads)
    assert f"run written to {tmp_path / 'r'}" in capsys.readouterr().out
    r = runs.open_run(tmp_path / "r")
    table = r.scalars(as_pandas=False)
    loss = [v for v in table["train/loss"] if not math.isnan(v)]
    assert len(loss) == 4 and loss[-1] < loss[0]
    assert not math.isnan(table["val/loss"][-1]) and list(table["step"])[-1] == 20
    assert r.config["run"]["origin"] == "script" and r.config["model"]["n_layer"] == 2
    assert (tmp_path / "r" / "probes" / "1.npz").exists()  # the first step's probe (every 50 steps)
    assert r.events("watch", as_pandas=False)["payload"][0]["every"] == 50
    from andrea_desktop.core.rundir.probes import list_probes, read_probe

    assert list(read_probe(list_probes(tmp_path / "r")[1])["watch"]) == ["e", "(", ":"]  # the example's words


def test_a_missing_lightning_is_said_with_how_to_install_it():
    out = import_error_without("andrea_desktop.integrations.lightning", "lightning")
    assert "pip install -e '.[lightning]'" in out and "PyTorch Lightning" in out


def _rows(run_dir, sql):
    con = sqlite3.connect(f"file:{run_dir}/metrics.sqlite?mode=ro", uri=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_huge_metric_name_is_skipped_with_a_warning_and_nan_is_stored_as_null(tmp_path):
    L = _lightning()
    logger = L.AndreaLogger(tmp_path / "r")
    logger.log_hyperparams({"lr": 1e-3, "module": torch.nn.Linear(2, 2), "bad": math.nan})  # before the start
    with pytest.warns(UserWarning, match="10,000,000 characters"):
        logger.log_metrics({"x" * 10_000_000: 1.0, "train_loss": math.nan, "val_loss": 2.0, "text": "no"}, step=0)
    with pytest.warns(UserWarning, match="control characters"):
        logger.log_metrics({"a\nb": 1.0, "loss": 3.0}, step=1)
    logger.log_metrics({"x" * 10_000_000: 1.0, "loss": 4.0}, step=1)  # said once
    logger.log_hyperparams({"lr": 1e-3, "seed": 1})  # after the start: what is new is an event
    logger.finalize("failed")
    assert _rows(tmp_path / "r", "SELECT step, name, value FROM scalars ORDER BY rowid") == [
        (1, "train/loss", None), (1, "val/loss", 2.0), (2, "train/loss", 3.0), (2, "train/loss", 4.0)]
    r = runs.open_run(tmp_path / "r")
    config = r.events("start", as_pandas=False)["payload"][0]["config"]
    assert config == {"lr": 1e-3, "module": "Linear(in_features=2, out_features=2, bias=True)", "bad": None}
    assert r.events("hparams", as_pandas=False)["payload"][0] == {"lr": 1e-3, "seed": 1}
    assert r.events("stop", as_pandas=False)["payload"][0]["reason"] == "error"
    with pytest.warns(UserWarning, match="has finished"):
        logger.log_metrics({"loss": 5.0}, step=3)  # a trainer.test() after fit: not stored
    with pytest.raises(ValueError, match="name"):
        L.AndreaLogger(tmp_path / "s", name="a/b")
    with pytest.raises(TypeError, match="config"):
        L.AndreaLogger(tmp_path / "s", config=3)
    with pytest.raises(ValueError, match="probe_every"):
        L.AndreaLightningCallback(probe_every=-1)


def test_other_ranks_write_nothing_and_take_rank_zeros_stop(tmp_path, monkeypatch):
    L = _lightning()
    monkeypatch.setattr(L.rank_zero_only, "rank", 1)
    logger = L.AndreaLogger(tmp_path / "r")
    assert isinstance(logger.experiment, track.DisabledRun) and logger.version == "r"
    logger.log_metrics({"loss": 1.0}, step=0)
    logger.log_hyperparams({"lr": 1.0})
    logger.finalize("success")
    assert not (tmp_path / "r").exists()

    asked = []
    trainer = SimpleNamespace(loggers=[logger], global_step=5, world_size=2, should_stop=False,
                              default_root_dir=str(tmp_path),
                              strategy=SimpleNamespace(broadcast=lambda obj, src: asked.append((obj, src)) or (True, False)))
    L.AndreaLightningCallback().on_train_batch_end(trainer, None, None, None, 0)
    assert asked == [((False, False), 0)] and trainer.should_stop  # rank 0's stop, broadcast


def test_a_callback_without_an_andrea_logger_is_refused(tmp_path):
    L = _lightning()
    trainer = _trainer(tmp_path, L.CSVLogger(tmp_path / "csv"), [L.AndreaLightningCallback()], max_steps=2)
    with pytest.raises(ValueError, match="AndreaLogger"):
        _fit(trainer)
