"""A PyTorch Lightning model that the ANDREA window watches and steers (AndreaLogger and
AndreaLightningCallback): plain_loop.py's character-level GPT in nanoGPT's layout, so the attention
and embedding panels draw its probes, trained on a standard-library module's source (no download).

    .venv/bin/pip install -e '.[lightning]'
    .venv/bin/python examples/lightning_loop.py --steps 200      # then File > Open Run in the window
"""

import argparse
import json
from pathlib import Path

import lightning.pytorch as pl
import torch
import torch.nn.functional as F
from lightning.pytorch.callbacks import LearningRateMonitor
from plain_loop import (  # the nanoGPT-layout model and the character tokenizer, next to this file
    GPT,
    Chars,
)

from andrea_desktop.integrations.lightning import AndreaLightningCallback, AndreaLogger

BLOCK = 32


class LitGPT(pl.LightningModule):
    def __init__(self, vocab_size, steps, n_layer=2, n_head=4, n_embd=32, block_size=BLOCK, lr=3e-3, batch_size=8):
        super().__init__()
        self.save_hyperparameters()  # the run's config (the runs dock shows the model's shape)
        self.model = GPT(vocab_size, n_layer, n_head, n_embd, block_size)

    def loss(self, batch):
        x, y = batch
        return F.cross_entropy(self.model(x).flatten(0, 1), y.flatten())

    def training_step(self, batch, batch_idx):
        loss = self.loss(batch)
        self.log("train_loss", loss)  # train/loss in the window
        return loss

    def validation_step(self, batch, batch_idx):
        self.log("val_loss", self.loss(batch))  # val/loss

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.hparams.steps)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": cosine, "interval": "step"}}


def windows(ids):  # (inputs, targets) of BLOCK characters, one window every 4 characters
    at = torch.arange(0, len(ids) - BLOCK - 1, 4)[:, None] + torch.arange(BLOCK)
    return torch.utils.data.TensorDataset(ids[at], ids[at + 1])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--run-dir", default=None, help="default: a new run in the app's runs folder")
    p.add_argument("--steps", type=int, default=200)
    args = p.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(1)  # a model this small trains fastest on one thread
    text = Path(json.__file__).read_text(encoding="utf-8")  # any text: here a standard-library module
    tok = Chars(text)
    data = torch.tensor(tok.encode(text))
    cut = int(0.9 * len(data))
    train = torch.utils.data.DataLoader(windows(data[:cut]), batch_size=8, shuffle=True)
    val = torch.utils.data.DataLoader(windows(data[cut:]), batch_size=8)
    logger = AndreaLogger(args.run_dir, name="lightning-gpt")  # with the callback, the two lines your Trainer needs
    trainer = pl.Trainer(
        max_steps=args.steps, logger=logger, accelerator="cpu", enable_progress_bar=False, enable_model_summary=False,
        callbacks=[AndreaLightningCallback(tokenizer=tok, probe_text=text[:64], probe_every=50, watch=["e", "(", ":"]),
                   LearningRateMonitor(logging_interval="step")],  # train/lr in the window
        log_every_n_steps=5, val_check_interval=min(50, args.steps), limit_val_batches=4, num_sanity_val_steps=0,
        enable_checkpointing=False)  # Ctrl+S in the window saves one (checkpoints/step-N.ckpt)
    trainer.fit(LitGPT(len(tok.chars), args.steps), train, val)
    print(f"run written to {logger.log_dir}")  # noqa: T201


if __name__ == "__main__":
    main()
