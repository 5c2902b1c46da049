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

The folder is not trusted: before anything is read, each file it names must be a regular file
(a FIFO would block, ``/dev/zero`` never end) that is not a link out of the folder (except into
the ``blobs/`` of the Hugging Face cache whose ``snapshots/`` hold the folder), and a JSON file no
larger than its bound (:data:`MAX_CONFIG_BYTES`, :data:`MAX_TOKENIZER_BYTES`,
:data:`MAX_INDEX_BYTES`); ``config.json``'s shape is checked against ANDREA's limits (those of
``[model]``) before any list of weights is built from it.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors import SafetensorError, safe_open
from tokenizers import Tokenizer

from ..config import Config, ConfigError, ModelConfig
from ..data import EOT, parse_tokenizer
from ..errors import shown_path
from ..rundir.checkpoint import list_checkpoints
from ..small_files import FileTooLargeError, NotRegularFileError, read_small
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
           "load_hf_weights", "load_init_weights", "MAX_CONFIG_BYTES", "MAX_TOKENIZER_BYTES", "MAX_INDEX_BYTES"]

log = logging.getLogger(__name__)

MAX_VOCAB = 65535  # token ids are stored as uint16

MAX_CONFIG_BYTES = 1 << 20
"""Bytes of a folder's ``config.json`` read at most (GPT-2's is under 1 KB)."""
MAX_TOKENIZER_BYTES = 64 << 20
"""Bytes of a ``tokenizer.json`` read at most (a BPE of 2^16 tokens is a few MB); a run's own too."""
MAX_INDEX_BYTES = 16 << 20
"""Bytes of a ``model.safetensors.index.json`` read at most (1024 layers of GPT-2 list ~1 MB)."""
_CHUNK_BYTES = 16 << 20  # an untied head is compared with the embedding this many bytes at a time


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
    return InitFromError(f"model.init_from: {shown_path(path)}: {msg}")


def _own_file(folder: Path, name: str) -> Path | None:
    """``folder / name`` once it is known to be a regular file of the folder's, or None when it
    is missing.

    Raises
    ------
    InitFromError
        It is a link out of the folder (other than into the Hugging Face cache's ``blobs/`` of
        a ``snapshots/`` folder), or a folder, FIFO, socket or device.
    """
    path = folder / name
    try:
        if path.is_symlink():
            target = Path(os.path.realpath(path))
            places = [folder]
            if folder.parent.name == "snapshots":  # models--ORG--NAME/snapshots/REV/x -> ../../blobs/HASH
                places.append(folder.parent.parent / "blobs")
            if not any(place in target.parents for place in places):
                raise _fail(folder, f"{name} is a link to {shown_path(target)}, outside the folder; copy the "
                                    "file into the folder")
        if not path.exists():
            return None
        if not path.is_file():
            raise _fail(folder, f"{name} is not a regular file (a folder, device or pipe)")
    except OSError as exc:
        raise _fail(folder, f"{name} cannot be read ({exc.strerror or exc})") from exc
    return path


def _read_json(folder: Path, name: str, limit: int) -> object | None:
    """The JSON value of the folder's file ``name`` (None when it is missing), read only after
    :func:`_own_file`'s checks and only when at most ``limit`` bytes.

    Raises
    ------
    InitFromError
        Not a regular file of the folder, larger than ``limit``, unreadable, not UTF-8 JSON, or
        nested too deeply to read.
    """
    path = _own_file(folder, name)
    if path is None:
        return None
    try:
        return json.loads(_read(folder, path, limit))
    except RecursionError:
        raise _fail(folder, f"{name} is nested too deeply to be a model's settings") from None
    except ValueError as exc:
        raise _fail(folder, f"{name} cannot be read ({exc})") from exc


def _read(folder: Path, path: Path, limit: int) -> bytes:
    try:
        return read_small(path, limit, links=True)
    except FileTooLargeError:
        raise _fail(folder, f"{path.name} is larger than {limit:,} bytes; it cannot be a GPT-2 model's "
                            f"{path.name}") from None
    except NotRegularFileError:
        raise _fail(folder, f"{path.name} is not a regular file (a folder, device or pipe)") from None
    except (OSError, ValueError) as exc:
        raise _fail(folder, f"{path.name} cannot be read ({getattr(exc, 'strerror', None) or exc})") from exc


def _weight_files(path: Path) -> tuple[Path, ...]:
    single = _own_file(path, HF_WEIGHTS)
    if single is not None:
        return (single,)
    index_name = HF_WEIGHTS + ".index.json"
    index = _read_json(path, index_name, MAX_INDEX_BYTES)
    if index is not None:
        try:
            shards = sorted(set(index["weight_map"].values()))
        except (KeyError, TypeError, AttributeError) as exc:
            raise _fail(path, f"{index_name} cannot be read ({exc!r})") from exc
        bad = [s for s in shards if not isinstance(s, str) or not s or Path(s).name != s or s in (".", "..")]
        if bad:
            raise _fail(path, f"{index_name} lists {shown_path(bad[0])}, not a file name of the folder")
        files = []
        for s in shards:
            f = _own_file(path, s)
            if f is None:
                raise _fail(path, f"shard {shown_path(s)} listed in {index_name} is missing")
            files.append(f)
        return tuple(files)
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
    try:
        path = Path(path).expanduser().resolve()
        if not path.is_dir():
            raise _fail(path, "no such folder")
    except (OSError, ValueError, RuntimeError) as exc:  # too long, a NUL, a loop of links
        raise _fail(Path(str(path)), f"not a folder that can be read ({exc})") from exc
    cfg = _read_json(path, "config.json", MAX_CONFIG_BYTES)
    if cfg is None:
        raise _fail(path, "no config.json: not a Hugging Face model folder")
    if not isinstance(cfg, dict):
        raise _fail(path, "config.json does not hold an object")
    try:
        model = model_from_hf_config(cfg)
    except LayoutError as exc:
        raise _fail(path, f"not GPT-2's layout: {exc}") from exc
    V = model["vocab_size"]
    if V > MAX_VOCAB:
        raise _fail(path, f"its vocabulary has {V} tokens; ANDREA stores token ids as uint16 (at most {MAX_VOCAB})")
    try:  # the bounds of [model] before anything is built from the shape (hf_shapes lists 12 per layer)
        ModelConfig(**model)
    except (ConfigError, TypeError) as exc:
        raise _fail(path, f"its shape is outside ANDREA's limits ({exc})") from exc
    tok_file = _own_file(path, HF_TOKENIZER)
    if tok_file is None:
        raise _fail(path, "tokenizer.json cannot be read (the folder has none); ANDREA needs the tokenizers "
                          "library's file (a fast tokenizer's save_pretrained writes it)")
    try:
        tok = parse_tokenizer(_read(path, tok_file, MAX_TOKENIZER_BYTES).decode("utf-8"))
    except InitFromError:
        raise
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
    tied = cfg.get("tie_word_embeddings", True)
    if not isinstance(tied, bool):  # 0 or "false" read as true before: the head's check skipped
        raise _fail(path, f"tie_word_embeddings is {tied!r}: config.json gives it as true or false")
    if not tied:  # ours is one matrix: an untied head must equal the embedding
        same = _same_tensor(path, files, "lm_head.weight", prefix + "wte.weight")
        if not same:
            raise _fail(path, "not GPT-2's tied layout: tie_word_embeddings is false and its output head "
                              "(lm_head.weight) " + ("is missing" if same is None else "differs from the token embedding")
                              + "; ANDREA's GPT uses one matrix for both")
    return HFFolder(path, model, tok, files, tied)


def _file_of(files: tuple[Path, ...], name: str) -> Path | None:
    for f in files:
        with safe_open(str(f), framework="pt") as fh:
            if name in fh.keys():  # noqa: SIM118
                return f
    return None


def _same_tensor(path: Path, files: tuple[Path, ...], a: str, b: str) -> bool | None:
    """Whether the weights ``a`` and ``b`` (of equal shapes) are equal, compared a few MB of rows
    at a time (two (V, C) matrices are not loaded whole); None when ``a`` is missing."""
    try:
        fa, fb = _file_of(files, a), _file_of(files, b)
        if fa is None or fb is None:
            return None
        with safe_open(str(fa), framework="pt") as ha, safe_open(str(fb), framework="pt") as hb:
            sa, sb = ha.get_slice(a), hb.get_slice(b)
            shape = sa.get_shape()
            if shape != sb.get_shape():
                return False
            rows = shape[0] if shape else 1
            width = max(1, int(torch.Size(shape[1:]).numel()) * 8)
            step = max(1, _CHUNK_BYTES // width)
            for i in range(0, rows, step):
                if not torch.equal(sa[i:i + step], sb[i:i + step]):
                    return False
        return True
    except (SafetensorError, OSError) as exc:
        raise _fail(path, f"its weights cannot be read ({exc})") from exc


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
