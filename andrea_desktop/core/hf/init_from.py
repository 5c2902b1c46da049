"""Start a run from a local Hugging Face GPT-2 folder (``andrea-train --init-from PATH``,
``model.init_from`` in a run's ``config.toml``).

The folder is one that ``transformers``' ``save_pretrained`` writes for a ``GPT2LMHeadModel``
(or the original GPT-2 files): ``config.json``, ``model.safetensors`` (or shards listed in
``model.safetensors.index.json``) and ``tokenizer.json``. Nothing is downloaded.

- :func:`apply_init_from` (called by ``prepare_run`` for a new run) checks the folder and takes
  the model's shape (``n_layer``, ``n_head``, ``n_embd``, ``n_positions``, ``vocab_size``,
  dropout, GELU variant) and its tokenizer; the run's sources are tokenised with that
  tokenizer, which is saved as the run's ``tokenizer.json``.
- :func:`load_init_weights` (called by the trainer after the model is built) loads the folder's
  weights; a checkpoint then replaces them, so resume works as for any run.

A folder whose layout is not GPT-2's is refused with the difference named (:class:`InitFromError`).
Weights are read only from safetensors files (a ``pytorch_model.bin`` is a pickle that can run
code when loaded, and is refused).
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors import SafetensorError, safe_open
from tokenizers import Tokenizer

from ..config import Config, ConfigError
from ..data import EOT
from ..rundir.checkpoint import list_checkpoints
from .gpt2 import (
    BUFFERS,
    HF_TOKENIZER,
    HF_WEIGHTS,
    LayoutError,
    from_hf_state_dict,
    hf_shapes,
    model_from_hf_config,
)

__all__ = ["InitFromError", "HFFolder", "read_hf_folder", "with_init_from", "apply_init_from",
           "load_hf_weights", "load_init_weights"]

log = logging.getLogger(__name__)

MAX_VOCAB = 65535  # token ids are stored as uint16


class InitFromError(ConfigError):
    """``model.init_from`` names a folder that cannot start a run: missing, unreadable, or not
    GPT-2's layout (the message names the folder and what differs)."""


@dataclass(frozen=True)
class HFFolder:
    """A checked Hugging Face GPT-2 folder.

    Attributes
    ----------
    path
        The folder, absolute.
    model
        Our ``[model]`` settings (:func:`~andrea_desktop.core.hf.gpt2.model_from_hf_config`).
    tokenizer
        ``tokenizer.json``, with ``<|endoftext|>`` and ``model["vocab_size"]`` tokens.
    weight_files
        The safetensors files holding the weights.
    tied
        The folder's ``tie_word_embeddings``.
    """

    path: Path
    model: dict
    tokenizer: Tokenizer
    weight_files: tuple[Path, ...]
    tied: bool


def _fail(path: Path, msg: str) -> InitFromError:
    return InitFromError(f"model.init_from: {path}: {msg}")


def _weight_files(path: Path) -> tuple[Path, ...]:
    single, index = path / HF_WEIGHTS, path / (HF_WEIGHTS + ".index.json")
    if single.is_file():
        return (single,)
    if index.is_file():
        try:
            shards = sorted(set(json.loads(index.read_text(encoding="utf-8"))["weight_map"].values()))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise _fail(path, f"model.safetensors.index.json cannot be read ({exc})") from exc
        files = tuple(path / s for s in shards)
        missing = [f.name for f in files if not f.is_file()]
        if missing:
            raise _fail(path, f"shard {missing[0]} listed in model.safetensors.index.json is missing")
        return files
    if (path / "pytorch_model.bin").exists():
        raise _fail(path, "it holds pytorch_model.bin but no model.safetensors: ANDREA reads safetensors weights "
                          "only (a .bin file is a pickle that can run code when loaded). Convert it with "
                          "transformers: GPT2LMHeadModel.from_pretrained(folder).save_pretrained(folder)")
    raise _fail(path, "no model.safetensors (or model.safetensors.index.json) in the folder")


def read_hf_folder(path: str | Path) -> HFFolder:
    """Check a Hugging Face GPT-2 folder without loading its weights (only their names and shapes).

    Raises
    ------
    InitFromError
        The folder or one of its files is missing or unreadable; its ``config.json`` is not
        GPT-2's layout (another model type, activation, LayerNorm epsilon, MLP width, attention
        variant, untied head, unequal dropout rates); its vocabulary exceeds 65535 tokens or
        differs from the tokenizer's; the tokenizer has no ``<|endoftext|>``; a weight is
        missing, of another shape, or not part of GPT-2's language model.
    """
    path = Path(path).expanduser().resolve()
    if not path.is_dir():
        raise _fail(path, "no such folder")
    try:
        cfg = json.loads((path / "config.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _fail(path, "no config.json: not a Hugging Face model folder") from None
    except (OSError, ValueError) as exc:
        raise _fail(path, f"config.json cannot be read ({exc})") from exc
    if not isinstance(cfg, dict):
        raise _fail(path, "config.json does not hold an object")
    try:
        model = model_from_hf_config(cfg)
    except LayoutError as exc:
        raise _fail(path, f"not GPT-2's layout: {exc}") from exc
    V = model["vocab_size"]
    if V > MAX_VOCAB:
        raise _fail(path, f"its vocabulary has {V} tokens; ANDREA stores token ids as uint16 (at most {MAX_VOCAB})")
    try:
        tok = Tokenizer.from_file(str(path / HF_TOKENIZER))
    except Exception as exc:  # the tokenizers library raises plain Exception  # noqa: BLE001
        raise _fail(path, f"tokenizer.json cannot be read ({exc}); ANDREA needs the tokenizers library's "
                          "file (a fast tokenizer's save_pretrained writes it)") from exc
    if tok.get_vocab_size() != V:
        raise _fail(path, f"config.json's vocab_size is {V} but tokenizer.json has {tok.get_vocab_size()} tokens; "
                          "ANDREA needs them equal")
    if tok.token_to_id(EOT) is None:
        raise _fail(path, f"its tokenizer has no {EOT} token (ANDREA puts it between documents)")
    files = _weight_files(path)
    found: dict[str, tuple[int, ...]] = {}
    try:
        for f in files:
            with safe_open(str(f), framework="pt") as fh:
                for k in fh.keys():  # noqa: SIM118
                    found[k] = tuple(fh.get_slice(k).get_shape())
    except (SafetensorError, OSError) as exc:
        raise _fail(path, f"its weights cannot be read ({exc})") from exc
    prefix = "transformer." if any(k.startswith("transformer.") for k in found) else ""
    expected = hf_shapes(model["n_layer"], model["d_model"], V, model["block_size"], prefix)
    for k, shape in expected.items():
        if k not in found:
            raise _fail(path, f"not GPT-2's layout: weight {k!r} is missing")
        if found[k] != shape:
            raise _fail(path, f"not GPT-2's layout: weight {k!r} is {found[k]}, config.json needs {shape}")
    extra = sorted(k for k in set(found) - set(expected)
                   if k != "lm_head.weight" and not k.endswith(BUFFERS))
    if extra:
        raise _fail(path, f"not GPT-2's language model: weight {extra[0]!r} is not part of it")
    if "lm_head.weight" in found and found["lm_head.weight"] != (V, model["d_model"]):
        raise _fail(path, f"not GPT-2's layout: lm_head.weight is {found['lm_head.weight']}")
    tied = cfg.get("tie_word_embeddings", True) is not False
    if not tied:  # ours is one matrix: an untied head must equal the embedding
        head = _tensor(path, files, "lm_head.weight")
        if head is None or not torch.equal(head, _tensor(path, files, prefix + "wte.weight")):
            raise _fail(path, "not GPT-2's tied layout: tie_word_embeddings is false and its output head "
                              "(lm_head.weight) " + ("is missing" if head is None else "differs from the token embedding")
                              + "; ANDREA's GPT uses one matrix for both")
    return HFFolder(path, model, tok, files, tied)


def _tensor(path: Path, files: tuple[Path, ...], name: str) -> torch.Tensor | None:
    try:
        for f in files:
            with safe_open(str(f), framework="pt") as fh:
                if name in fh.keys():  # noqa: SIM118
                    return fh.get_tensor(name)
    except (SafetensorError, OSError) as exc:
        raise _fail(path, f"its weights cannot be read ({exc})") from exc
    return None


def with_init_from(config: Config, path: str | Path | None) -> Config:
    """``config`` with ``model.init_from`` set to ``path`` made absolute (``--init-from``); the
    folder is checked when the run is prepared (:func:`apply_init_from`). None: unchanged."""
    if path is None:
        return config
    return config.replace(model=dataclasses.replace(config.model, init_from=str(Path(path).expanduser().resolve())))


def apply_init_from(config: Config) -> tuple[Config, Tokenizer]:
    """A new run's config with the shape of its ``model.init_from`` folder, and its tokenizer.

    Returns
    -------
    The config with ``model`` set from the folder (``init_from`` made absolute) and
    ``data.tokenizer_vocab_size`` set to its vocabulary, and the folder's tokenizer.

    Raises
    ------
    InitFromError
        :func:`read_hf_folder`'s reasons, or a shape outside ANDREA's limits.
    """
    hf = read_hf_folder(config.model.init_from)
    try:
        model = dataclasses.replace(config.model, init_from=str(hf.path), **hf.model)
        cfg = config.replace(model=model,
                             data=dataclasses.replace(config.data, tokenizer_vocab_size=hf.model["vocab_size"]))
    except ConfigError as exc:
        raise _fail(hf.path, str(exc)) from exc
    return cfg, hf.tokenizer


def load_hf_weights(hf: HFFolder) -> dict[str, torch.Tensor]:
    """The folder's weights under our names and layouts (float32, CPU), for
    ``GPT.load_state_dict(strict=True)``.

    Raises
    ------
    InitFromError
        A file cannot be read, or the output head is not the token embedding.
    """
    sd: dict[str, torch.Tensor] = {}
    try:
        for f in hf.weight_files:
            with safe_open(str(f), framework="pt") as fh:
                for k in fh.keys():  # noqa: SIM118
                    sd[k] = fh.get_tensor(k)
        return from_hf_state_dict(sd, hf.tied)
    except (SafetensorError, OSError) as exc:
        raise _fail(hf.path, f"its weights cannot be read ({exc})") from exc
    except LayoutError as exc:
        raise _fail(hf.path, f"not GPT-2's layout: {exc}") from exc


def load_init_weights(model: torch.nn.Module, config: Config, run_dir: str | Path) -> None:
    """Load ``config.model.init_from``'s weights into a freshly built model (a no-op without it).

    The folder is checked again against the run's model shape. When it cannot be read any more
    (moved, deleted, changed) but the run has checkpoints, a warning is logged and the model is
    left as it is: resuming replaces its weights with the checkpoint's.

    Raises
    ------
    InitFromError
        The folder cannot be read and the run has no checkpoint, or it no longer matches the
        run's model (another shape or vocabulary).
    """
    folder = config.model.init_from
    if not folder:
        return
    try:
        hf = read_hf_folder(folder)
        shape = {k: getattr(config.model, k) for k in hf.model}
        if shape != hf.model:
            diff = next(k for k in shape if shape[k] != hf.model[k])
            raise _fail(hf.path, f"its model no longer matches the run's config.toml ({diff} {hf.model[diff]!r}, "
                                 f"the run has {shape[diff]!r})")
        sd = load_hf_weights(hf)
    except InitFromError as exc:
        if list_checkpoints(run_dir):
            log.warning("%s; the run resumes from its checkpoints", exc)
            return
        raise
    with torch.no_grad():
        model.load_state_dict(sd, strict=True)
