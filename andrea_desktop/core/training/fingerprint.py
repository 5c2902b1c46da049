"""Fingerprints of what a checkpoint depends on: the config's model, data, seed and batch
(:func:`config_hash`, what older checkpoints carry) and the tokenizer (:func:`tokenizer_sha256`)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..config import Config, config_to_dict
from ..rundir.layout import TOKENIZER
from ..small_files import read_small


def config_hash(cfg: Config) -> str:
    """SHA-256 of the parts of a config that a checkpoint depends on: the model, the data
    (with the tokenizer's fingerprint), the seed and the batch size. The schedule, probes,
    curriculum and checkpoint settings may change between a checkpoint and its resume."""
    d = config_to_dict(cfg)
    # model keys added later count only when set (older checkpoints keep their hash); init_from
    # only decides the step-0 weights, which a checkpoint holds: a moved folder does not matter
    d["model"] = {k: v for k, v in d["model"].items() if k != "init_from" and (k, v) != ("gelu_approximate", "none")}
    key = {"model": d["model"], "data": d["data"], "seed": d["run"]["seed"], "batch_size": d["train"]["batch_size"]}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def tokenizer_sha256(run_dir: str | Path) -> str | None:
    """SHA-256 of the run's ``tokenizer.json`` as canonical JSON (sorted keys, no spaces: the
    same tokenizer saved with other formatting has the same digest); of its bytes when it is
    not JSON; None if it cannot be read."""
    try:
        raw = read_small(Path(run_dir) / TOKENIZER, 64 << 20)  # not a FIFO, a device or a link
    except (OSError, ValueError):
        return None
    try:
        raw = json.dumps(json.loads(raw), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        pass
    return hashlib.sha256(raw).hexdigest()
