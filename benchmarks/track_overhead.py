"""What logging through ``andrea_desktop.track`` costs a plain training loop (the bar: <= 1 % per
step, docs/design.md#watching-other-peoples-runs).

The app's own model at andrea-tiny's shape (4 layers, 4 heads, d_model 128, context 128, batch
16, vocabulary 2048) trains on random tokens; blocks of ``--block`` steps alternate between a bare
loop and the same loop that also calls ``wait_if_paused``, ``should_stop``, ``should_checkpoint``
and logs four scalars every step, so both see the same machine load; the logged loop also has the
model watched (``run.watch(model, every=--probe-every)``), so a probe (attention maps, induction
scores, embedding neighbours, the probe file) is taken inside it every 50 steps. Both call
``loss.item()`` (every loop that logs does). Prints the median step time of each and their ratio,
and the ratio of the total times (which counts the probes: a median leaves the blocks with a probe
out), and the median cost of one probe.

    .venv/bin/python benchmarks/track_overhead.py --blocks 10 --block 25
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import torch

from andrea_desktop import track
from andrea_desktop.core.config import ModelConfig
from andrea_desktop.core.model import GPT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=10, help="blocks of each kind")
    parser.add_argument("--block", type=int, default=20, help="steps per block")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--probe-every", type=int, default=50, help="steps between probes (0: no probes)")
    args = parser.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(args.threads)
    cfg = ModelConfig(n_layer=4, n_head=4, d_model=128, block_size=128, vocab_size=2048)
    model = GPT(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x = torch.randint(0, cfg.vocab_size, (16, cfg.block_size))

    def step() -> float:
        _logits, loss = model(x, x)
        loss = loss.mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        return loss.item(), norm.item()

    for _ in range(5):  # warm up
        step()
    bare, logged, n = [], [], 0
    with tempfile.TemporaryDirectory() as tmp, track.init(Path(tmp) / "bench") as run:
        if args.probe_every:
            run.watch(model, every=args.probe_every)
            probe_times = []
            probe = run._prober.probe

            def timed(step: int):
                t0 = time.perf_counter()
                out = probe(step)
                probe_times.append(time.perf_counter() - t0)
                return out

            run._prober.probe = timed
        for _ in range(args.blocks):
            t = time.perf_counter()
            for _ in range(args.block):
                step()
            bare.append((time.perf_counter() - t) / args.block)
            t = time.perf_counter()
            for _ in range(args.block):
                n += 1
                run.wait_if_paused()
                if run.should_stop():
                    break
                run.should_checkpoint()
                loss, norm = step()
                run.log({"train/loss": loss, "train/lr": 1e-3, "train/grad_norm": norm,
                         "train/tokens_per_s": 16 * 128 / 0.1}, step=n)
            logged.append((time.perf_counter() - t) / args.block)
    b, w = statistics.median(bare), statistics.median(logged)
    print(f"bare {b * 1e3:.2f} ms/step, with track {w * 1e3:.2f} ms/step: median ratio {w / b:.4f}, "  # noqa: T201
          f"total ratio {sum(logged) / sum(bare):.4f} ({args.blocks} blocks of {args.block} steps each, "
          f"{args.threads} thread(s))")
    if args.probe_every:
        print(f"{len(probe_times)} probes (every {args.probe_every} steps), median "  # noqa: T201
              f"{statistics.median(probe_times) * 1e3:.1f} ms each: "
              f"{statistics.median(probe_times) / (args.probe_every * b):.2%} of {args.probe_every} bare steps")


if __name__ == "__main__":
    main()
