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
      andrea_export.json       the marker: this folder is an export of ANDREA's (run, step)

Only a folder that is missing, empty or an earlier export (it holds the marker and only these
files) is written; any other folder (a ``save_pretrained`` model, the run's own ``--init-from``
folder) is refused. The new export is written into a temporary folder beside ``OUT``
(``.OUT.tmp-*``), then swapped in by renames, so ``OUT`` is the earlier export or the new one,
never a mix; an export killed meanwhile leaves temporary folders that the next export to ``OUT``
recognises by their marker and removes (or, when ``OUT`` itself was moved aside, puts back).

The architecture is read from the model, not assumed: the LayerNorm epsilon and the dropout
rates from its modules, and the GELU variant by running one MLP on known inputs
(:func:`measure_architecture`).
"""

from __future__ import annotations

import copy
import errno
import json
import logging
import os
import secrets
import shutil
import socket
import time
from dataclasses import dataclass
from pathlib import Path

import torch
import torch.nn.functional as F

from ..config import ConfigError, load_config
from ..data import EOT, parse_tokenizer
from ..model import GPT
from ..rundir.checkpoint import CheckpointError, list_checkpoints, load_weights, read_checkpoint
from ..rundir.export import ExportError
from ..rundir.layout import CONFIG, MODEL_FILE, TOKENIZER, UnsafePathError, check_no_links
from ..rundir.weights import save_weights
from ..small_files import read_small
from .gpt2 import HF_TOKENIZER, HF_WEIGHTS, hf_config, to_hf_state_dict, tokenizer_files
from .init_from import MAX_TOKENIZER_BYTES

__all__ = ["HF_FILES", "EXPORT_MARKER", "Architecture", "measure_architecture", "export_hf", "load_checkpoint_model",
           "is_export"]

log = logging.getLogger(__name__)

EXPORT_MARKER = "andrea_export.json"
"""The file that marks a folder as written by :func:`export_hf`: ``{"written_by":
"andrea-export-hf", "run", "step", "host", "pid"}``. Only a folder holding it is ever replaced or
removed by an export."""

HF_FILES = ("config.json", "generation_config.json", HF_WEIGHTS, HF_TOKENIZER,
            "tokenizer_config.json", "special_tokens_map.json", EXPORT_MARKER)
"""The files an export writes: the model's and its :data:`EXPORT_MARKER`."""

_WRITER = "andrea-export-hf"
_MAX_MARKER_BYTES = 64 << 10
_TMP, _OLD = ".tmp-", ".old-"  # .OUT.tmp-*: a new export being written; .OUT.old-*: an earlier one moved aside


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
        ``run_dir`` is not a run, one of its files is a link, its tokenizer is unreadable, there is no checkpoint of
        ``step`` (the message lists the steps there are), or no valid one.
    """
    run_dir = Path(run_dir)
    try:  # none of the run's files is a link: another run's tokenizer or weights are not this run's
        check_no_links(run_dir)
    except UnsafePathError as exc:
        raise ExportError(str(exc)) from None
    try:
        cfg = load_config(run_dir / CONFIG)
    except ConfigError as exc:
        raise ExportError(f"{run_dir} is not a readable run ({exc})") from exc
    try:
        tok = parse_tokenizer(read_small(run_dir / TOKENIZER, MAX_TOKENIZER_BYTES).decode("utf-8"))
    except Exception as exc:  # a FIFO, a device or an oversized file is refused by read_small  # the tokenizers library raises plain Exception  # noqa: BLE001
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


def _marker(folder: Path) -> dict | None:
    """The export marker of ``folder`` (a regular file, not a link), or None when it has none."""
    try:
        data = json.loads(read_small(folder / EXPORT_MARKER, _MAX_MARKER_BYTES))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("written_by") == _WRITER else None


def is_export(folder: str | Path) -> bool:
    """Whether ``folder`` (not a link) holds an export's marker: it was written by :func:`export_hf`."""
    folder = Path(folder)
    return not folder.is_symlink() and folder.is_dir() and _marker(folder) is not None


def _check_target(run_dir: Path, out: Path, init_from: str) -> None:
    """Refuse an ``OUT`` that is not a new folder, an empty one or an earlier export."""
    if out.is_symlink():
        raise ExportError(f"{out} is a link: choose the folder itself (or a new one) for the model")
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out} is a file: choose a folder for the model")
    run, dest = run_dir.resolve(), out.resolve()
    if dest == run or run in dest.parents:
        raise ExportError(f"{out} is inside the run folder: choose a folder outside it")
    if init_from and dest == Path(init_from).resolve():
        raise ExportError(f"{out} is the folder the run started from (model.init_from): choose another folder")
    if out.is_dir():
        names = {p.name for p in out.iterdir()}
        if not names:
            return
        if _marker(out) is None:
            raise ExportError(f"{out} is not empty and holds no earlier export of ANDREA's (no {EXPORT_MARKER}): "
                              "choose an empty folder; a model folder written by another program is never replaced")
        others = sorted(names - set(HF_FILES))
        if others:
            raise ExportError(f"{out} holds an earlier export and files of yours ({', '.join(others[:3])}): move "
                              "them out first, or choose another folder (replacing the export would delete them)")


def _leftovers(out: Path) -> list[Path]:
    """The folders beside ``out`` named as an export to ``out`` names its temporary folders
    (``.OUT.tmp-*``, ``.OUT.old-*``); only those holding the marker are an export's (:func:`_sweep`)."""
    found = []
    try:
        entries = list(out.parent.iterdir())
    except OSError:
        return found
    for p in entries:
        if p.name.startswith((f".{out.name}{_TMP}", f".{out.name}{_OLD}")) and not p.is_symlink() and p.is_dir():
            found.append(p)
    return found


def _alive(marker: dict) -> bool:
    """Whether the export that wrote ``marker`` may still be running (another host's always may)."""
    if marker.get("host") != socket.gethostname():
        return True
    pid = marker.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    if pid == os.getpid():
        return False  # this process's export of earlier: finished or failed, not running now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True


def _sweep(out: Path) -> None:
    """Clear what an export to ``out`` killed midway left beside it: a moved-aside earlier export
    is put back when ``out`` is missing (the killed export did not happen), every other leftover
    is removed. Folders of a running export, or without the marker, are left alone."""
    for p in sorted(_leftovers(out), key=lambda q: q.name):
        marker = _marker(p)
        if marker is None or _alive(marker):
            continue
        if p.name.startswith(f".{out.name}{_OLD}") and not out.exists() and not out.is_symlink():
            try:
                p.rename(out)
                log.warning("put back the earlier export %s (an export to it was interrupted)", out)
                continue
            except OSError:
                pass
        shutil.rmtree(p, ignore_errors=True)
        log.info("removed %s, left by an interrupted export", p)


def _swap_in(tmp: Path, out: Path) -> None:
    """Make the finished export ``tmp`` the folder ``out`` by renames: ``out`` (empty, or an
    earlier export) is moved aside, ``tmp`` takes its place, and the earlier one is removed."""
    if not out.exists():
        tmp.rename(out)
        return
    aside = out.parent / f".{out.name}{_OLD}{secrets.token_hex(6)}"
    out.rename(aside)
    try:
        tmp.rename(out)
    except BaseException:
        try:
            aside.rename(out)  # the earlier export stays
        except OSError:
            pass
        raise
    shutil.rmtree(aside, ignore_errors=True)


def export_hf(run_dir: str | Path, out_dir: str | Path, step: int | None = None) -> tuple[Path, int]:
    """Write a run's checkpoint as a Hugging Face GPT-2 model folder.

    Parameters
    ----------
    run_dir
        The run (``config.toml``, ``tokenizer.json``, ``checkpoints/``).
    out_dir
        Target folder: new, empty, or holding an earlier export (one with :data:`EXPORT_MARKER`
        and only an export's files), which is replaced as a whole: the files are written to a
        temporary folder beside it first and swapped in by renames, so a failed or killed export
        leaves it as it was (module docstring).
    step
        The checkpoint's step; None: the newest valid checkpoint.

    Returns
    -------
    The folder and the step exported.

    Raises
    ------
    ExportError
        No such or no valid checkpoint; a target that is a link, a file, inside the run, the
        run's ``model.init_from`` folder, or a folder holding anything but an earlier export; or
        an architecture GPT-2 cannot express (:func:`measure_architecture`).
    OSError
        The folder cannot be written.
    """
    t0 = time.perf_counter()
    # "." or "x/.." name the folder they stand for (its new export is written beside it, not in it);
    # links are not resolved here: _check_target refuses a linked OUT
    run_dir, out = Path(run_dir), Path(os.path.abspath(out_dir))
    if not out.name:
        raise ExportError(f"{out_dir} is the root of the file system; choose a folder for the export")
    cfg, tok, model, step = load_checkpoint_model(run_dir, step)
    _sweep(out)
    _check_target(run_dir, out, cfg.model.init_from)
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
    tmp = out.parent / f".{out.name}{_TMP}{secrets.token_hex(6)}"
    tmp.mkdir()  # exclusive: a folder (or a planted link) of that name already there fails
    try:
        marker = {"written_by": _WRITER, "run": run_dir.resolve().name, "step": step,
                  "host": socket.gethostname(), "pid": os.getpid()}
        # first: a temporary folder this export leaves, killed, is recognised as its own
        (tmp / EXPORT_MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        save_weights(sd, tmp / HF_WEIGHTS,
                     metadata={"andrea_run": run_dir.resolve().name, "andrea_step": str(step)})
        files = {"config.json": config,
                 "generation_config.json": {"bos_token_id": eot, "eos_token_id": eot},
                 **tokenizer_files(EOT, m.block_size)}
        for name, content in files.items():
            (tmp / name).write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")
        shutil.copyfile(run_dir / TOKENIZER, tmp / HF_TOKENIZER)
        _check_target(run_dir, out, cfg.model.init_from)  # again: a folder made there meanwhile is not ours
        _swap_in(tmp, out)
    except OSError as exc:
        if exc.errno in (errno.ENOTEMPTY, errno.EEXIST) and exc.filename2 is not None:
            raise ExportError(f"{out} was filled by another program during the export: choose another folder") from exc
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log.info("exported %s step %d to %s in %.1f s", run_dir, step, out, time.perf_counter() - t0)
    return out, step
