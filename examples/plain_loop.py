"""A nanoGPT-style training loop that the ANDREA window watches and steers (andrea_desktop.track).

    .venv/bin/python examples/plain_loop.py --steps 200      # then File > Open Run in the window

run.watch() probes the model every 50 steps: its attention maps per layer and head, head roles and
the embedding neighbours of a few characters (the attention and embedding panels).
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


class CausalSelfAttention(nn.Module):  # nanoGPT's layout: the probes read c_attn, n_head and n_embd
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.c_attn, self.c_proj = nn.Linear(n_embd, 3 * n_embd), nn.Linear(n_embd, n_embd)
        self.n_head, self.n_embd = n_head, n_embd

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in self.c_attn(x).split(C, 2))
        return self.c_proj(F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, C))


class Block(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.ln_1, self.attn, self.ln_2 = nn.LayerNorm(n_embd), CausalSelfAttention(n_embd, n_head), nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(approximate="tanh"), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab, n_layer, n_head, n_embd, block_size):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab, n_embd), wpe=nn.Embedding(block_size, n_embd),
            h=nn.ModuleList(Block(n_embd, n_head) for _ in range(n_layer)), ln_f=nn.LayerNorm(n_embd)))
        self.lm_head = nn.Linear(n_embd, vocab, bias=False)
        self.lm_head.weight = self.transformer.wte.weight  # tied, as in GPT-2

    def forward(self, idx):
        t = self.transformer
        x = t.wte(idx) + t.wpe(torch.arange(idx.shape[1]))
        for block in t.h:
            x = block(x)
        return self.lm_head(t.ln_f(x))


class Chars:  # the tokenizer: one token per character (encode/decode are all a probe needs)
    def __init__(self, text):
        self.chars = sorted(set(text))

    def encode(self, s):
        return [self.chars.index(c) for c in s if c in self.chars]

    def decode(self, ids):
        return "".join(self.chars[i] for i in ids)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--run-dir", default=None, help="default: a new run in the app's runs folder")
    p.add_argument("--steps", type=int, default=200)
    args = p.parse_args()
    cfg = dict(n_layer=2, n_head=4, n_embd=32, block_size=32, batch_size=8, lr=3e-3, seed=0)
    torch.manual_seed(cfg["seed"])
    torch.set_num_threads(1)  # a model this small trains fastest on one thread
    text = Path(json.__file__).read_text(encoding="utf-8")  # any text: here a standard-library module
    tok = Chars(text)
    data = torch.tensor(tok.encode(text))
    train, val = data[: int(0.9 * len(data))], data[int(0.9 * len(data)):]

    def batch(split):
        ix = torch.randint(len(split) - cfg["block_size"] - 1, (cfg["batch_size"],))
        x = torch.stack([split[i:i + cfg["block_size"]] for i in ix])
        return x, torch.stack([split[i + 1:i + cfg["block_size"] + 1] for i in ix])

    model = GPT(len(tok.chars), cfg["n_layer"], cfg["n_head"], cfg["n_embd"], cfg["block_size"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    with track.init(args.run_dir, config=cfg, total_steps=args.steps, device="cpu",
                    params=sum(p.numel() for p in model.parameters())) as run:
        run.watch(model, tok, probe_text="def dumps(obj, *, skipkeys=False):", every=50, watch=["e", "(", ":"])
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
                     "train/tokens_per_s": x.numel() / (time.perf_counter() - t)}, step=step)  # probes when due
            if step % 50 == 0 or step == args.steps:
                with torch.no_grad():
                    vx, vy = batch(val)
                    run.log({"val/loss": F.cross_entropy(model(vx).flatten(0, 1), vy.flatten()).item()}, step=step)
                    ids = vx[:1, :8]
                    for _ in range(24):                # a greedy sample for the samples panel
                        ids = torch.cat([ids, model(ids[:, -cfg["block_size"]:])[:, -1:].argmax(-1)], 1)
                    run.sample(tok.decode(ids[0, :8].tolist()), tok.decode(ids[0].tolist()), step=step)
            if run.should_checkpoint():                # the window's Ctrl+S
                torch.save(model.state_dict(), f"model-{step}.pt")
                run.event("checkpoint", {"path": str(Path(f"model-{step}.pt").resolve())})
        print(f"run written to {run.path}")  # noqa: T201


if __name__ == "__main__":
    main()
