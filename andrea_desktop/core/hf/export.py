"""A run's checkpoint as a Hugging Face ``transformers`` model folder (``andrea-export-hf``,
File → Export → Hugging Face Model Folder).

The folder holds what ``AutoModelForCausalLM.from_pretrained`` and
``AutoTokenizer.from_pretrained`` read, and nothing is downloaded to use it::

    OUT/
      config.json              GPT2LMHeadModel: shape, activation, LayerNorm epsilon, dropout, tied head
      generation_config.json   <|endoftext|> as beginning and end token
      model.safetensors        GPT-2's parameter names and layouts (Conv1D weights transposed)
      tokenizer.json           the run's byte-level BPE (the ``tokenizers`` library's file)
      tokenizer_config.json    GPT2TokenizerFast, <|endoftext|> as bos / eos / unk, no prefix space
      special_tokens_map.json

The architecture is read from the model, not assumed: the LayerNorm epsilon and the dropout
rates from its modules, and the GELU variant by running one MLP on known inputs
(:func:`measure_architecture`).
"""

from __future__ import annotations

import copy
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import torch
import torch.nn.functional as F
from tokenizers import Tokenizer

from ..config import ConfigError, load_config
from ..data import EOT
from ..model import GPT
from ..rundir.checkpoint import CheckpointError, list_checkpoints, load_weights, read_checkpoint
from ..rundir.export import ExportError
from ..rundir.layout import CONFIG, MODEL_FILE, TOKENIZER
from ..rundir.weights import save_weights
from .gpt2 import HF_TOKENIZER, HF_WEIGHTS, hf_config, to_hf_state_dict, tokenizer_files

__all__ = ["HF_FILES", "Architecture", "measure_architecture", "export_hf", "load_checkpoint_model"]

log = logging.getLogger(__name__)

HF_FILES = ("config.json", "generation_config.json", HF_WEIGHTS, HF_TOKENIZER,
            "tokenizer_config.json", "special_tokens_map.json")
"""The files an export writes (an earlier export in the target folder is replaced file by file)."""


@dataclass(frozen=True)
class Architecture:
    """What of a GPT's architecture GPT-2's config can vary, measured on the model.

    Attributes
    ----------
    gelu_approximate
        ``none`` (exact GELU) or ``tanh``, found by running the first block's MLP.
    layer_norm_eps
        The epsilon of every LayerNorm (they must agree).
    dropout
        The rate of every dropout (embedding, attention, residual; they must agree).
    """

    gelu_approximate: str
    layer_norm_eps: float
    dropout: float


def measure_architecture(model: GPT) -> Architecture:
    """Measure the parts of ``model``'s architecture that GPT-2 configs vary.

    The GELU is identified by a copy of the first block's MLP whose weights pick out one input
    and one hidden unit, so that it computes ``act(x)``; it is compared with exact and
    tanh-approximated GELU on x in [-6, 6] (atol 1e-6, fp32).

    Raises
    ------
    ExportError
        The activation is neither GELU, LayerNorms differ or lack biases, dropout rates differ,
        or the output head is not tied to the embedding.
    """
    mlp = copy.deepcopy(model.blocks[0].mlp).float().cpu().eval()
    with torch.no_grad():
        for lin in (mlp.c_fc, mlp.c_proj):
            lin.weight.zero_()
            lin.bias.zero_()
            lin.weight[0, 0] = 1.0
        C = mlp.c_fc.weight.shape[1]
        x = torch.zeros(1201, C)
        x[:, 0] = torch.linspace(-6, 6, 1201)
        y = mlp(x)[:, 0]
    approx = None
    for name in ("none", "tanh"):
        if torch.allclose(y, F.gelu(x[:, 0], approximate=name), atol=1e-6, rtol=0):
            approx = name
            break
    if approx is None:
        raise ExportError("the model's MLP activation is neither exact nor tanh-approximated GELU: "
                          "GPT-2 has no equivalent")
    norms = [m for m in model.modules() if isinstance(m, torch.nn.LayerNorm)]
    eps = {m.eps for m in norms}
    if len(eps) != 1 or any(m.weight is None or m.bias is None for m in norms):
        raise ExportError(f"the model's LayerNorms differ (epsilon {sorted(eps)}) or lack biases: "
                          "GPT-2 has one epsilon and biases")
    rates = {m.p for m in model.modules() if isinstance(m, torch.nn.Dropout)}
    rates |= {float(b.attn.dropout) for b in model.blocks}
    if len(rates) != 1:
        raise ExportError(f"the model's dropout rates differ ({sorted(rates)}): GPT-2's config has one")
    if model.lm_head.weight is not model.wte.weight or model.lm_head.bias is not None:
        raise ExportError("the model's output head is not the token embedding: GPT-2 ties them")
    return Architecture(approx, float(eps.pop()), float(rates.pop()))


def load_checkpoint_model(run_dir: str | Path, step: int | None = None):
    """The run's config, tokenizer and model with a checkpoint's weights (CPU, fp32, eval mode).

    Parameters
    ----------
    step
        The checkpoint's step; None: the newest valid one.

    Returns
    -------
    ``(config, tokenizer, model, step)``.

    Raises
    ------
    ExportError
        ``run_dir`` is not a run, its tokenizer is unreadable, there is no checkpoint of
        ``step`` (the message lists the steps there are), or no valid one.
    """
    run_dir = Path(run_dir)
    try:
        cfg = load_config(run_dir / CONFIG)
    except ConfigError as exc:
        raise ExportError(f"{run_dir} is not a readable run ({exc})") from exc
    try:
        tok = Tokenizer.from_file(str(run_dir / TOKENIZER))
    except Exception as exc:  # the tokenizers library raises plain Exception  # noqa: BLE001
        raise ExportError(f"{run_dir / TOKENIZER}: cannot read the run's tokenizer ({exc})") from exc
    ckpts = list_checkpoints(run_dir)
    if step is not None:
        chosen = [c for c in ckpts if c.step == step]
        if not chosen:
            have = ", ".join(str(c.step) for c in ckpts) or "none"
            raise ExportError(f"{run_dir.name} has no checkpoint of step {step} (checkpoints: {have})")
        ckpts = chosen
    problems = []
    for info in reversed(ckpts):
        try:
            read_checkpoint(info)  # verifies the files' checksums
            model = GPT(cfg.model)
            load_weights(info.path / MODEL_FILE, model, "cpu")
        except CheckpointError as exc:
            problems.append(str(exc))
            continue
        return cfg, tok, model.eval(), info.step
    raise ExportError(f"{run_dir.name} has no valid checkpoint to export"
                      + (": " + "; ".join(problems) if problems else ""))


def _check_target(run_dir: Path, out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out} is a file: choose a folder for the model")
    if out.is_dir():
        names = {p.name for p in out.iterdir()}
        if names and not (names <= set(HF_FILES) and "config.json" in names):
            raise ExportError(f"{out} is not empty: choose an empty folder (or one holding an earlier export)")
    run, dest = run_dir.resolve(), out.resolve()
    if dest == run or run in dest.parents:
        raise ExportError(f"{out} is inside the run folder: choose a folder outside it")


def export_hf(run_dir: str | Path, out_dir: str | Path, step: int | None = None) -> tuple[Path, int]:
    """Write a run's checkpoint as a Hugging Face GPT-2 model folder.

    Parameters
    ----------
    run_dir
        The run (``config.toml``, ``tokenizer.json``, ``checkpoints/``).
    out_dir
        Target folder: new, empty, or holding an earlier export (its files are replaced). The
        files are written to a temporary folder beside it first, so a failed export leaves it
        as it was.
    step
        The checkpoint's step; None: the newest valid checkpoint.

    Returns
    -------
    The folder and the step exported.

    Raises
    ------
    ExportError
        No such or no valid checkpoint, a target that is a file, not empty or inside the run,
        or an architecture GPT-2 cannot express (:func:`measure_architecture`).
    OSError
        The folder cannot be written.
    """
    t0 = time.perf_counter()
    run_dir, out = Path(run_dir), Path(out_dir)
    _check_target(run_dir, out)
    cfg, tok, model, step = load_checkpoint_model(run_dir, step)
    arch = measure_architecture(model)
    eot = tok.token_to_id(EOT)
    if eot is None:
        raise ExportError(f"the run's tokenizer has no {EOT} token")
    m = cfg.model
    config = hf_config(m.n_layer, m.n_head, m.d_model, m.block_size, m.vocab_size, arch.gelu_approximate,
                       arch.layer_norm_eps, arch.dropout, eot)
    with torch.no_grad():
        sd = to_hf_state_dict(model.state_dict())
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}-{time.monotonic_ns()}"
    tmp.mkdir()
    try:
        save_weights(sd, tmp / HF_WEIGHTS,
                     metadata={"andrea_run": run_dir.resolve().name, "andrea_step": str(step)})
        files = {"config.json": config,
                 "generation_config.json": {"bos_token_id": eot, "eos_token_id": eot},
                 **tokenizer_files(EOT, m.block_size)}
        for name, content in files.items():
            (tmp / name).write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")
        shutil.copyfile(run_dir / TOKENIZER, tmp / HF_TOKENIZER)
        if not out.exists():
            tmp.rename(out)
        else:
            for name in HF_FILES:
                (tmp / name).replace(out / name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log.info("exported %s step %d to %s in %.1f s", run_dir, step, out, time.perf_counter() - t0)
    return out, step
