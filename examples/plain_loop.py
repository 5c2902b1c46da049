"""A nanoGPT-style training loop that the ANDREA window watches and steers (andrea_desktop.track).

    .venv/bin/python examples/plain_loop.py --steps 200      # then File > Open Run in the window
"""

import argparse
import json
import math
import time
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

from andrea_desktop import track

p = argparse.ArgumentParser()
p.add_argument("--run-dir", default=None, help="default: a new run in the app's runs folder")
p.add_argument("--steps", type=int, default=200)
cfg = dict(n_layer=2, n_head=4, n_embd=32, block_size=32, batch_size=8, lr=3e-3, seed=0)
args = p.parse_args()
torch.manual_seed(cfg["seed"])
torch.set_num_threads(1)  # a model this small trains fastest on one thread

text = Path(json.__file__).read_text(encoding="utf-8")  # any text: here a standard-library module
chars = sorted(set(text))
data = torch.tensor([chars.index(c) for c in text])
train, val = data[: int(0.9 * len(data))], data[int(0.9 * len(data)):]


def batch(split):
    ix = torch.randint(len(split) - cfg["block_size"] - 1, (cfg["batch_size"],))
    x = torch.stack([split[i:i + cfg["block_size"]] for i in ix])
    return x, torch.stack([split[i + 1:i + cfg["block_size"] + 1] for i in ix])


class GPT(nn.Module):
    def __init__(self, vocab, n_layer, n_head, n_embd, block_size):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, n_embd), nn.Embedding(block_size, n_embd)
        layer = nn.TransformerEncoderLayer(n_embd, n_head, 4 * n_embd, dropout=0.0, batch_first=True, norm_first=True)
        self.blocks = nn.TransformerEncoder(layer, n_layer, enable_nested_tensor=False)
        self.head = nn.Linear(n_embd, vocab)

    def forward(self, x):
        mask = nn.Transformer.generate_square_subsequent_mask(x.shape[1])
        return self.head(self.blocks(self.tok(x) + self.pos(torch.arange(x.shape[1])), mask=mask, is_causal=True))


model = GPT(len(chars), cfg["n_layer"], cfg["n_head"], cfg["n_embd"], cfg["block_size"])
opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
with track.init(args.run_dir, config=cfg, total_steps=args.steps, device="cpu",
                params=sum(p.numel() for p in model.parameters())) as run:
    for step in range(1, args.steps + 1):
        run.wait_if_paused()                       # the window's Pause (Space)
        if run.should_stop():                      # the window's Stop
            break
        lr = cfg["lr"] * 0.5 * (1 + math.cos(math.pi * step / args.steps))
        for group in opt.param_groups:
            group["lr"] = lr
        t = time.perf_counter()
        x, y = batch(train)
        loss = F.cross_entropy(model(x).flatten(0, 1), y.flatten())
        opt.zero_grad()
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        run.log({"train/loss": loss.item(), "train/lr": lr, "train/grad_norm": norm.item(),
                 "train/tokens_per_s": x.numel() / (time.perf_counter() - t)}, step=step)
        if step % 50 == 0 or step == args.steps:
            with torch.no_grad():
                vx, vy = batch(val)
                run.log({"val/loss": F.cross_entropy(model(vx).flatten(0, 1), vy.flatten()).item()}, step=step)
                ids = vx[:1, :8]
                for _ in range(24):                # a greedy sample for the samples panel
                    ids = torch.cat([ids, model(ids[:, -cfg["block_size"]:])[:, -1:].argmax(-1)], 1)
                run.sample("".join(chars[i] for i in ids[0, :8]), "".join(chars[i] for i in ids[0]), step=step)
        if run.should_checkpoint():                # the window's Ctrl+S
            torch.save(model.state_dict(), f"model-{step}.pt")
            run.event("checkpoint", {"path": str(Path(f"model-{step}.pt").resolve())})
    print(f"run written to {run.path}")  # noqa: T201
