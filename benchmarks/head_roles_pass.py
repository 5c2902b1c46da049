"""Benchmark of the head-role pass a probe adds (docs/design.md#head-roles). Not a test: prints JSON.

For andrea-tiny's and andrea-12m's shapes (random weights: the cost does not depend on them), the
median time of the probe text's attention (64 tokens, :func:`model_attention`) and of the role
pass (one forward of the repeated sequence [first, r, r] of 65 tokens and its scores,
:meth:`RoleSequence.measure`), at one torch thread.

    python benchmarks/head_roles_pass.py [--repeats 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch

from andrea_desktop.core.analysis import model_attention
from andrea_desktop.core.config import ModelConfig
from andrea_desktop.core.model import GPT
from andrea_desktop.core.model_probes import RoleSequence

SHAPES = {"andrea-tiny": ModelConfig(n_layer=4, n_head=4, d_model=128, block_size=128, vocab_size=2048),
          "andrea-12m": ModelConfig(n_layer=5, n_head=6, d_model=384, block_size=256, vocab_size=8449)}


def _median_ms(fn, repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return round(statistics.median(times) * 1e3, 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=20)
    args = ap.parse_args()
    torch.set_num_threads(1)
    out = {}
    for name, cfg in SHAPES.items():
        torch.manual_seed(0)
        model = GPT(cfg)
        seq = RoleSequence(0, cfg.vocab_size, cfg.block_size, first=0)
        text = torch.randint(0, cfg.vocab_size, (64,))
        out[name] = {"text_probe_ms": _median_ms(lambda m=model, t=text: model_attention(m, t), args.repeats),
                     "role_pass_ms": _median_ms(lambda m=model, s=seq: s.measure(m), args.repeats),
                     "role_tokens": len(seq.ids)}
    print(json.dumps(out, indent=2))  # noqa: T201


if __name__ == "__main__":
    main()
