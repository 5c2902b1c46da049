"""The Hugging Face GPT-2 layout (``transformers``' ``GPT2LMHeadModel``) and ours, side by side.

ANDREA's model is GPT-2's architecture as nanoGPT writes it (:mod:`andrea_desktop.core.model`), so a model moves
between the two by renaming parameters and transposing four matrices per block:

=====================================  ==========================================  ===========
ANDREA (``torch.nn.Linear``: out x in)  GPT-2 (``Conv1D``: in x out)                 change
=====================================  ==========================================  ===========
``wte.weight`` (V, C)                   ``transformer.wte.weight`` (V, C)           name
``wpe.weight`` (T, C)                   ``transformer.wpe.weight`` (n_positions, C) name
``blocks.i.ln_1.{weight,bias}`` (C,)    ``transformer.h.i.ln_1.{weight,bias}``      name
``blocks.i.attn.c_attn.weight`` (3C, C) ``transformer.h.i.attn.c_attn.weight`` (C, 3C) transposed
``blocks.i.attn.c_proj.weight`` (C, C)  ``transformer.h.i.attn.c_proj.weight``      transposed
``blocks.i.mlp.c_fc.weight`` (4C, C)    ``transformer.h.i.mlp.c_fc.weight`` (C, 4C)  transposed
``blocks.i.mlp.c_proj.weight`` (C, 4C)  ``transformer.h.i.mlp.c_proj.weight`` (4C, C) transposed
``...bias``, ``ln_2``, ``ln_f``         same under ``transformer.``                 name
``lm_head.weight`` (tied to ``wte``)    ``lm_head.weight`` (tied)                   none
=====================================  ==========================================  ===========

Both split ``c_attn``'s output as [Q | K | V] and the heads as consecutive d_k-wide slices, scale
attention by 1/sqrt(d_k) and use pre-LayerNorm blocks with biases. What can differ is checked,
not assumed: the GELU (exact erf, ``gelu``, or the tanh approximation, ``gelu_new``), the
LayerNorm epsilon, the dropout rates, the MLP width (4 C), untied output heads and the
attention variants (``scale_attn_by_inverse_layer_idx``, cross-attention).
"""

from __future__ import annotations

import math

import torch

from ..rundir.layout import MODEL_FILE, TOKENIZER

__all__ = [
    "HF_WEIGHTS",
    "HF_TOKENIZER",
    "CONV1D",
    "EXACT_GELU",
    "TANH_GELU",
    "LayoutError",
    "to_hf_state_dict",
    "from_hf_state_dict",
    "hf_shapes",
    "hf_config",
    "model_from_hf_config",
    "tokenizer_files",
]

HF_WEIGHTS = MODEL_FILE
"""A Hugging Face folder's weights file: ``save_pretrained`` uses the name a checkpoint's weights
have (spelled once, in :mod:`andrea_desktop.core.rundir.layout`)."""
HF_TOKENIZER = TOKENIZER
"""A Hugging Face folder's ``tokenizers`` file: the name of a run's tokenizer, which it copies."""

CONV1D = ("attn.c_attn.weight", "attn.c_proj.weight", "mlp.c_fc.weight", "mlp.c_proj.weight")
"""Per-block weights that GPT-2 stores as ``Conv1D`` (in, out): transposed from our (out, in)."""

EXACT_GELU = ("gelu",)
"""``activation_function`` values that are exact GELU, 0.5 x (1 + erf(x / sqrt 2)) (our ``none``)."""
TANH_GELU = ("gelu_new", "gelu_pytorch_tanh", "gelu_fast")
"""Values that are GELU's tanh approximation (Hendrycks & Gimpel, 2016), GPT-2's (our ``tanh``)."""

BUFFERS = ("attn.bias", "attn.masked_bias")
"""Causal-mask buffers that old GPT-2 files carry per block; not weights, ignored on import."""


class LayoutError(ValueError):
    """A model is not GPT-2's layout, or not ours (the message names what differs)."""


def to_hf_state_dict(sd: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """Our state dict (``GPT.state_dict()``, every name) under GPT-2's names and layouts.

    Returns
    -------
    ``{name: tensor}`` for ``GPT2LMHeadModel.load_state_dict(strict=True)``: ``transformer.*``
    and ``lm_head.weight``; the four ``CONV1D`` weights per block transposed (contiguous copies).

    Raises
    ------
    LayoutError
        A name that is not part of our GPT.
    """
    out = {}
    for name, t in sd.items():
        if name == "lm_head.weight":
            out[name] = t
        elif name.startswith("blocks."):
            i, sub = name[len("blocks."):].split(".", 1)
            out[f"transformer.h.{i}.{sub}"] = t.t().contiguous() if sub in CONV1D else t
        elif name.split(".")[0] in ("wte", "wpe", "ln_f"):
            out[f"transformer.{name}"] = t
        else:
            raise LayoutError(f"{name!r} is not a parameter of ANDREA's GPT")
    return out


def from_hf_state_dict(sd: dict[str, torch.Tensor], tied: bool = True) -> dict[str, torch.Tensor]:
    """GPT-2 tensors (``transformer.``-prefixed as ``save_pretrained`` writes them, or bare as in
    the original GPT-2 files) under our names and layouts, as float32.

    Parameters
    ----------
    tied
        The folder's ``tie_word_embeddings``; with a separate ``lm_head.weight`` that differs
        from the embedding, the model cannot be ours (one matrix for both).

    Returns
    -------
    ``{name: tensor}`` for ``GPT.load_state_dict(strict=True)``: both ``wte.weight`` and
    ``lm_head.weight`` (the same tensor), mask buffers dropped.

    Raises
    ------
    LayoutError
        An output head that is not the embedding, or a name GPT-2 does not have.
    """
    out = {}
    head = None
    for name, t in sd.items():
        bare = name[len("transformer."):] if name.startswith("transformer.") else name
        if bare == "lm_head.weight":
            head = t
            continue
        if bare.startswith("h."):
            i, sub = bare[2:].split(".", 1)
            if sub in BUFFERS:
                continue
            out[f"blocks.{i}.{sub}"] = (t.t() if sub in CONV1D else t).float().contiguous()
        elif bare.split(".")[0] in ("wte", "wpe", "ln_f"):
            out[bare] = t.float().contiguous()
        else:
            raise LayoutError(f"weight {name!r} is not part of GPT-2's language model")
    if "wte.weight" not in out:
        raise LayoutError("no token embedding (transformer.wte.weight)")
    if head is not None and not torch.equal(head.float(), out["wte.weight"]):
        raise LayoutError("its output head (lm_head.weight) is not the token embedding"
                          + ("" if tied else " (tie_word_embeddings = false)")
                          + ": ANDREA's GPT ties the two")
    out["lm_head.weight"] = out["wte.weight"]
    return out


def hf_shapes(n_layer: int, d_model: int, vocab_size: int, n_positions: int, prefix: str = "transformer."
              ) -> dict[str, tuple[int, ...]]:
    """Every weight of a ``GPT2LMHeadModel`` (without ``lm_head.weight``) and its shape."""
    C = d_model
    shapes = {f"{prefix}wte.weight": (vocab_size, C), f"{prefix}wpe.weight": (n_positions, C),
              f"{prefix}ln_f.weight": (C,), f"{prefix}ln_f.bias": (C,)}
    per_block = {"ln_1.weight": (C,), "ln_1.bias": (C,), "attn.c_attn.weight": (C, 3 * C),
                 "attn.c_attn.bias": (3 * C,), "attn.c_proj.weight": (C, C), "attn.c_proj.bias": (C,),
                 "ln_2.weight": (C,), "ln_2.bias": (C,), "mlp.c_fc.weight": (C, 4 * C),
                 "mlp.c_fc.bias": (4 * C,), "mlp.c_proj.weight": (4 * C, C), "mlp.c_proj.bias": (C,)}
    for i in range(n_layer):
        shapes.update({f"{prefix}h.{i}.{k}": v for k, v in per_block.items()})
    return shapes


def hf_config(n_layer: int, n_head: int, d_model: int, block_size: int, vocab_size: int,
              gelu_approximate: str, layer_norm_eps: float, dropout: float, eot_id: int) -> dict:
    """``config.json`` of a ``GPT2LMHeadModel`` equal to our GPT of this shape.

    Parameters
    ----------
    gelu_approximate
        ``none`` (exact GELU: ``activation_function = "gelu"``) or ``tanh`` (``gelu_new``).
    layer_norm_eps, dropout
        As measured on the model (the caller reads them from its modules).
    eot_id
        Id of ``<|endoftext|>``: GPT-2's ``bos_token_id`` and ``eos_token_id``.
    """
    if gelu_approximate not in ("none", "tanh"):
        raise LayoutError(f"GELU approximation {gelu_approximate!r} has no GPT-2 equivalent")
    return {
        "architectures": ["GPT2LMHeadModel"],
        "model_type": "gpt2",
        "vocab_size": vocab_size,
        "n_positions": block_size,
        "n_embd": d_model,
        "n_layer": n_layer,
        "n_head": n_head,
        "n_inner": None,  # 4 n_embd
        "activation_function": "gelu" if gelu_approximate == "none" else "gelu_new",
        "resid_pdrop": dropout,
        "embd_pdrop": dropout,
        "attn_pdrop": dropout,
        "layer_norm_epsilon": layer_norm_eps,
        "initializer_range": 0.02,
        "scale_attn_weights": True,
        "scale_attn_by_inverse_layer_idx": False,
        "reorder_and_upcast_attn": False,
        "add_cross_attention": False,
        "tie_word_embeddings": True,
        "use_cache": True,
        "bos_token_id": eot_id,
        "eos_token_id": eot_id,
        "torch_dtype": "float32",
    }


def model_from_hf_config(cfg: dict) -> dict:
    """Our ``[model]`` settings from a GPT-2 ``config.json``, after checking that the model is
    GPT-2's layout (GPT2Config's defaults fill missing keys, as ``transformers`` does).

    Returns
    -------
    ``n_layer``, ``n_head``, ``d_model``, ``block_size``, ``vocab_size``, ``dropout`` and
    ``gelu_approximate`` (for :class:`~andrea_desktop.core.config.ModelConfig`).

    Raises
    ------
    LayoutError
        Another model type, activation, LayerNorm epsilon, MLP width, attention variant,
        unequal dropout rates or ill-typed sizes (the message names the key). An untied output
        head (``tie_word_embeddings = false``) is checked against the weights by the caller.
    """
    def get(key, default):  # a missing or null key has GPT2Config's default
        v = cfg.get(key)
        return default if v is None else v

    mt = cfg.get("model_type")
    if mt != "gpt2":
        raise LayoutError(f"model_type is {mt!r}, not 'gpt2': ANDREA starts only from GPT-2's layout")
    sizes = {}
    for key, ours, default in (("n_layer", "n_layer", 12), ("n_head", "n_head", 12), ("n_embd", "d_model", 768),
                               ("n_positions", "block_size", cfg.get("n_ctx", 1024)),
                               ("vocab_size", "vocab_size", 50257)):
        v = get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise LayoutError(f"{key} is {v!r}, not a positive integer")
        sizes[ours] = v
    act = get("activation_function", "gelu_new")
    if act in EXACT_GELU:
        approx = "none"
    elif act in TANH_GELU:
        approx = "tanh"
    else:
        raise LayoutError(f"activation_function is {act!r}: ANDREA's MLP has GELU, exact ('gelu') or "
                          f"tanh-approximated ({', '.join(map(repr, TANH_GELU))})")
    eps = get("layer_norm_epsilon", 1e-5)
    if not isinstance(eps, (int, float)) or not math.isclose(eps, 1e-5, rel_tol=1e-6):
        raise LayoutError(f"layer_norm_epsilon is {eps!r}: ANDREA's LayerNorm uses 1e-05")
    inner = cfg.get("n_inner")
    if inner is not None and inner != 4 * sizes["d_model"]:
        raise LayoutError(f"n_inner is {inner!r}: ANDREA's MLP is 4 x n_embd = {4 * sizes['d_model']} wide")
    for key, want in (("scale_attn_weights", True), ("scale_attn_by_inverse_layer_idx", False),
                      ("add_cross_attention", False)):
        if not isinstance(get(key, want), bool):  # "false" or 0 would read as true
            raise LayoutError(f"{key} is {get(key, want)!r}: config.json gives it as true or false")
        if get(key, want) != want:
            raise LayoutError(f"{key} is {get(key, want)!r}: ANDREA's GPT has {str(want).lower()} "
                              + {"scale_attn_weights": "(attention scaled by 1/sqrt(d_k))",
                                 "scale_attn_by_inverse_layer_idx": "(no per-layer attention scaling)",
                                 "add_cross_attention": "(a decoder without cross-attention)"}[key])
    rates = {k: get(k, 0.1) for k in ("resid_pdrop", "embd_pdrop", "attn_pdrop")}
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in rates.values()) or \
            len(set(rates.values())) != 1:
        raise LayoutError(f"dropout rates differ ({', '.join(f'{k} = {v}' for k, v in rates.items())}): "
                          "ANDREA's GPT has one rate for all three; make them equal in config.json")
    if sizes["d_model"] % sizes["n_head"]:
        raise LayoutError(f"n_embd = {sizes['d_model']} is not divisible by n_head = {sizes['n_head']}")
    return {**sizes, "dropout": float(rates["resid_pdrop"]), "gelu_approximate": approx}


def tokenizer_files(eot: str, block_size: int) -> dict[str, dict]:
    """The files besides ``tokenizer.json`` that ``AutoTokenizer.from_pretrained`` reads: the
    fast GPT-2 tokenizer class with ``eot`` as its beginning, end and unknown token, no prefix
    space (ANDREA's byte-level BPE adds none) and ``model_max_length = block_size``."""
    special = {"bos_token": eot, "eos_token": eot, "unk_token": eot}
    return {
        "tokenizer_config.json": {
            "tokenizer_class": "GPT2TokenizerFast",
            **special,
            "add_prefix_space": False,
            "add_bos_token": False,
            "clean_up_tokenization_spaces": False,
            "model_max_length": block_size,
        },
        "special_tokens_map.json": special,
    }
