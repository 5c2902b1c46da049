"""Probes of a model this app did not build: the attention maps, head roles and token-embedding
neighbours of a user's own model, written as the trainer writes its own (``probes/<step>.npz``,
:mod:`andrea_desktop.core.rundir.probes`), so the attention and embedding panels draw them.

Which models (:func:`model_family`):

=============  ====================================================================================
family         how the attention maps are read
=============  ====================================================================================
``andrea``     this app's :class:`~andrea_desktop.core.model.GPT`: :func:`~andrea_desktop.core.analysis.model_attention`
``hf``         a Hugging Face ``PreTrainedModel`` (GPT-2, GPT-NeoX/Pythia, Llama, Mistral, Qwen...): its
               own ``output_attentions=True``, with the ``eager`` attention set for the probe pass only
               (``set_attn_implementation``) and the model's own implementation put back after it
``nanogpt``    nanoGPT's layout (``transformer.h[i].attn`` with ``c_attn``, ``n_head``, ``n_embd``):
               forward pre-hooks take each attention's input during one forward pass, and
               softmax(Q K^T / sqrt(d_k)) with the causal mask is computed from its ``c_attn``
=============  ====================================================================================

Any other model raises :class:`ProbeUnsupported`, naming what was looked for.

A probe pass (:meth:`ModelProber.probe`) runs under ``torch.no_grad()`` in eval mode and puts back
the model's mode and the RNG state of the CPU and of the model's CUDA device, so training goes on as
if it had not happened; between probes it costs nothing (:meth:`ModelProber.due` is one
comparison).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch

from .analysis import (
    EmbeddingIndex,
    attention_weights,
    eval_mode,
    head_stats,
    model_attention,
)
from .head_roles import INDUCTION, RoleScores, measure_roles, repeated_sequence
from .rundir.probes import MAX_ARRAY_BYTES, MAX_HEADS, MAX_TOKENS, Probe, write_probe
from .tokens import decode_text, token_labels, vocab_labels

__all__ = ["ProbeUnsupported", "ModelProber", "model_family", "attention_maps", "input_embedding", "make_probe",
           "watch_token", "FAMILIES", "RoleSequence"]

log = logging.getLogger(__name__)

FAMILIES = ("andrea", "hf", "nanogpt")
"""The model families whose attention a probe reads (module docstring)."""


class ProbeUnsupported(ValueError):
    """The model's attention (or its token embedding) cannot be read: not a family of
    :data:`FAMILIES`, or it gave no attention maps."""


# ---------------------------------------------------------------------------- which model
def _nanogpt_blocks(model) -> list | None:
    blocks = getattr(getattr(model, "transformer", None), "h", None)
    if blocks is None or not len(blocks):
        return None
    for block in blocks:
        attn = getattr(block, "attn", None)
        if not (isinstance(getattr(attn, "c_attn", None), torch.nn.Linear) and isinstance(getattr(attn, "n_head", None), int)
                and isinstance(getattr(attn, "n_embd", None), int)):
            return None
    return list(blocks)


def model_family(model) -> str:
    """The family of :data:`FAMILIES` whose attention maps :func:`attention_maps` reads.

    Raises
    ------
    ProbeUnsupported
        Not a ``torch.nn.Module``, or none of the families.
    """
    from .model import GPT

    if not isinstance(model, torch.nn.Module):
        raise ProbeUnsupported(f"a {type(model).__name__} is not a torch.nn.Module")
    if isinstance(model, GPT):
        return "andrea"
    if _nanogpt_blocks(model) is not None:
        return "nanogpt"
    if getattr(model, "config", None) is not None and callable(getattr(model, "get_input_embeddings", None)):
        return "hf"
    raise ProbeUnsupported(
        f"the attention of a {type(model).__name__} cannot be read: neither a Hugging Face model (a config and "
        "get_input_embeddings()), nor nanoGPT's layout (transformer.h[i].attn.c_attn, n_head, n_embd), nor this "
        "app's GPT")


# ---------------------------------------------------------------------------- attention
def _device(model) -> torch.device:
    for p in model.parameters():
        return p.device
    return torch.device("cpu")


def _hf_attention(model, ids: torch.Tensor) -> np.ndarray:
    cfg = model.config
    own = getattr(cfg, "_attn_implementation", None)
    switch = own not in (None, "eager") and callable(getattr(model, "set_attn_implementation", None))
    if switch:
        model.set_attn_implementation("eager")
    try:
        out = model(input_ids=ids.reshape(1, -1), output_attentions=True, use_cache=False)
    finally:
        if switch:
            model.set_attn_implementation(own)
    att = getattr(out, "attentions", None)
    if not att or any(a is None or a.dim() != 4 for a in att):
        raise ProbeUnsupported(f"a {type(model).__name__} returned no attention maps with output_attentions=True")
    return torch.stack([a[0] for a in att]).float().cpu().numpy()


def _nanogpt_attention(model, ids: torch.Tensor) -> np.ndarray:
    blocks = _nanogpt_blocks(model)
    inputs: dict[int, torch.Tensor] = {}
    hooks = [block.attn.register_forward_pre_hook(lambda _m, args, i=i: inputs.__setitem__(i, args[0].detach()))
             for i, block in enumerate(blocks)]
    try:
        model(ids.reshape(1, -1))
    finally:
        for h in hooks:
            h.remove()
    if len(inputs) != len(blocks):
        raise ProbeUnsupported(f"{len(blocks) - len(inputs)} of the {len(blocks)} attention layers were not called "
                               "in the forward pass")
    maps = []
    for i, block in enumerate(blocks):
        attn, x = block.attn, inputs[i]
        B, T, C = x.shape
        d_k = attn.n_embd // attn.n_head
        q, k, _ = attn.c_attn(x).split(attn.n_embd, dim=2)
        q, k = (t.view(B, T, attn.n_head, d_k).transpose(1, 2).float() for t in (q, k))  # (1, H, T, d_k)
        maps.append(attention_weights(q, k)[0])
    return torch.stack(maps).cpu().numpy()


@torch.no_grad()
def attention_maps(model, ids: Sequence[int] | torch.Tensor) -> np.ndarray:
    """Attention weights of every layer and head of ``model`` for one sequence.

    Parameters
    ----------
    model
        A model of :data:`FAMILIES` (in eval mode for the call; its mode is put back).
    ids
        (T,) token ids.

    Returns
    -------
    (n_layer, n_head, T, T) float32; row = query, column = key; rows sum to 1.

    Raises
    ------
    ProbeUnsupported
        Not a family this reads, or the model gave no maps.
    """
    family = model_family(model)
    idx = torch.as_tensor(ids, dtype=torch.long).reshape(-1).to(_device(model))
    with eval_mode(model):  # every module's own mode is put back
        if family == "andrea":
            return model_attention(model, idx)
        if family == "nanogpt":
            return _nanogpt_attention(model, idx)
        return _hf_attention(model, idx)


def input_embedding(model, name: str | None = None) -> torch.Tensor:
    """The token-embedding matrix (V, d_model) of ``model`` (not a copy).

    ``name``: the dotted name of the module (its ``weight``) or parameter; None: the model's
    ``get_input_embeddings()``, nanoGPT's ``transformer.wte`` or this app's ``wte``.

    Raises
    ------
    ProbeUnsupported
        No such matrix, or not 2-D.
    """
    weight = None
    try:
        if name is not None:
            try:
                weight = model.get_parameter(name)
            except AttributeError:
                weight = getattr(model.get_submodule(name), "weight", None)
        elif callable(getattr(model, "get_input_embeddings", None)):
            weight = getattr(model.get_input_embeddings(), "weight", None)
        elif getattr(getattr(model, "transformer", None), "wte", None) is not None:
            weight = model.transformer.wte.weight
        elif getattr(model, "wte", None) is not None:
            weight = model.wte.weight
    except (AttributeError, NotImplementedError) as exc:
        raise ProbeUnsupported(f"the token embedding {name or ''} of a {type(model).__name__} cannot be read: "
                               f"{exc}") from None
    if not isinstance(weight, torch.Tensor) or weight.dim() != 2:
        raise ProbeUnsupported(f"a {type(model).__name__} has no 2-D token embedding"
                               + (f" named {name!r}" if name else " (get_input_embeddings(), transformer.wte or wte)"))
    return weight


def context_length(model) -> int | None:
    """The longest sequence ``model`` takes (``block_size``, ``n_positions``,
    ``max_position_embeddings`` of its config, else the rows of nanoGPT's position embedding
    ``transformer.wpe``), or None when it does not say."""
    for holder in (getattr(model, "cfg", None), getattr(model, "config", None)):
        for key in ("block_size", "n_positions", "max_position_embeddings"):
            value = getattr(holder, key, None)
            if isinstance(value, int) and value > 0:
                return value
    wpe = getattr(getattr(model, "transformer", None), "wpe", None)
    rows = getattr(wpe, "num_embeddings", None)
    return rows if isinstance(rows, int) and rows > 0 else None


# ---------------------------------------------------------------------------- tokenizers
class _Tokens:
    """One face for a ``tokenizers.Tokenizer``, a Hugging Face tokenizer (its fast backend), a
    tiktoken-like object (``encode``/``decode``) or none (ids only, labelled ``#id``)."""

    def __init__(self, tokenizer) -> None:
        backend = getattr(tokenizer, "backend_tokenizer", None)
        self.fast = backend if backend is not None else (
            tokenizer if callable(getattr(tokenizer, "id_to_token", None))
            and callable(getattr(tokenizer, "get_vocab_size", None)) else None)
        self.other = tokenizer if self.fast is None else None
        self.given = tokenizer
        self.has_tokenizer = tokenizer is not None
        if tokenizer is not None and self.fast is None and not (callable(getattr(tokenizer, "encode", None))
                                                               and callable(getattr(tokenizer, "decode", None))):
            raise TypeError(f"a {type(tokenizer).__name__} is not a tokenizer (no encode() and decode())")

    def encode(self, text: str) -> list[int]:
        if self.fast is not None:
            return list(self.fast.encode(text, add_special_tokens=False).ids)
        if self.other is None:
            raise ValueError("a probe text needs a tokenizer; without one give the probe as token ids")
        out = self.other.encode(text)
        return [int(i) for i in getattr(out, "ids", out)]

    def labels(self, ids: Sequence[int]) -> list[str]:
        if self.fast is not None:
            return token_labels(self.fast, ids)
        if self.other is None:
            return [f"#{int(i)}" for i in ids]
        return [self.other.decode([int(i)]) for i in ids]

    def text(self, ids: Sequence[int]) -> str:
        if self.fast is not None:
            return decode_text(self.fast, ids)
        if self.other is None:
            return " ".join(self.labels(ids))
        return self.other.decode([int(i) for i in ids])

    def vocab(self, size: int) -> tuple[str, ...]:
        if self.fast is not None:
            return vocab_labels(self.fast, size)
        out = []
        for i in range(size):
            try:
                out.append(self.other.decode([i]) if self.other is not None else f"#{i}")
            except Exception:  # noqa: BLE001 - an id the tokenizer does not have (a padded vocabulary)
                out.append(f"<{i}>")
        return tuple(out)

    def first_id(self) -> int | None:
        """The tokenizer's beginning-of-sequence (else end-of-sequence) token id, or None."""
        for holder in (self.given, self.fast):
            for key in ("bos_token_id", "eos_token_id"):
                value = getattr(holder, key, None)
                if isinstance(value, int):
                    return value
        if callable(getattr(self.fast, "token_to_id", None)):
            for name in ("<|endoftext|>", "<s>", "<bos>"):
                value = self.fast.token_to_id(name)
                if isinstance(value, int):
                    return value
        return None

    def watch_id(self, word: str) -> int | None:
        """As :func:`watch_token`; None without a tokenizer."""
        if self.fast is None and self.other is None:
            return None
        for form in (" " + word.lstrip(), word):
            ids = self.encode(form)
            if len(ids) == 1:
                return ids[0]
        return None


def watch_token(tokenizer, word: str) -> int | None:
    """The token id a watched word stands for: the word with a leading space (" return", as it
    occurs inside text) if that is one token, else the word itself if it is one token, else
    None (a word the tokenizer splits has no single embedding row to watch)."""
    return _Tokens(tokenizer).watch_id(word)


# ---------------------------------------------------------------------------- head roles
class RoleSequence:
    """The repeated random-token sequence a run's head roles are read from
    (:func:`~andrea_desktop.core.head_roles.repeated_sequence`): drawn once from its own seeded
    generator, the same at every probe (the heads over time compare like with like, and a resumed
    run probes what the uninterrupted one would), never from the training RNG.

    Parameters
    ----------
    seed
        The run's seed (or a script's probe seed).
    vocab_size
        V: tokens are drawn from [0, V).
    context
        The model's context length (None: unknown, taken as 65); the sequence has
        2 L + 1 <= context tokens, L = min((context - 1) // 2, 32).
    first
        The first token (the tokenizer's BOS or end-of-text), or None: a random one.

    Raises
    ------
    ValueError
        A context under 5 tokens (L < 2).
    """

    HALF = 32

    def __init__(self, seed: int, vocab_size: int, context: int | None, first: int | None = None) -> None:
        self.half = min(((context or 2 * self.HALF + 1) - 1) // 2, self.HALF)
        first = first if first is not None and 0 <= first < vocab_size else None
        rng = np.random.default_rng([int(seed) % 2**63, 29])
        self.ids = repeated_sequence(rng, vocab_size, self.half, first)

    def measure(self, model) -> RoleScores:
        """The heads' roles of ``model`` (one forward pass of the sequence through
        :func:`attention_maps`, no gradients, eval mode; the caller restores the RNG)."""
        return measure_roles(attention_maps(model, self.ids), self.half)


# ---------------------------------------------------------------------------- one probe
def _drawn_text(text: str, source: str) -> str:
    """The drawn tokens' text: a probe cut inside a character ends before it (not with "�")."""
    while text.endswith("\ufffd") and not source.startswith(text):
        text = text[:-1]
    return text


def make_probe(step: int, ids: Sequence[int], labels: Sequence[str], text: str, source_text: str, text_tokens: int,
               maps: np.ndarray, roles: RoleScores, index: EmbeddingIndex, watch: Sequence[tuple[str, int]],
               neighbours: int) -> Probe:
    """A :class:`~andrea_desktop.core.rundir.probes.Probe` from what a probe pass measured.

    Parameters
    ----------
    ids, labels
        The probe text's T token ids and their labels.
    text, source_text, text_tokens
        The T tokens decoded, the text asked for, and its length in tokens.
    maps
        (L, H, T, T) attention weights; stored as float16.
    roles
        The heads' roles measured on the repeated sequence (:meth:`RoleSequence.measure`).
    index
        The token embedding's neighbour index.
    watch
        (label, token id) of each watched token.
    neighbours
        Neighbours per watched token (cosine).
    """
    stats = head_stats(maps, roles.score(INDUCTION))
    neigh = [index.query(tid, neighbours)[0] for _, tid in watch]
    return Probe(
        step=int(step),
        tokens=np.asarray(ids, dtype=np.int64),
        token_text=np.asarray(list(labels), dtype=str),
        attention=maps.astype(np.float16),
        entropy=stats.entropy.astype(np.float32),
        previous_token=stats.previous_token.astype(np.float32),
        sink=stats.sink.astype(np.float32),
        induction=stats.induction.astype(np.float32),
        roles=np.asarray(roles.labels, dtype=str),
        watch=np.asarray([w for w, _ in watch], dtype=str),
        watch_ids=np.asarray([t for _, t in watch], dtype=np.int64),
        neighbours=(np.asarray(neigh, dtype=np.int64).reshape(len(watch), -1) if watch
                    else np.zeros((0, neighbours), np.int64)),
        text=_drawn_text(text, source_text),
        source_text=source_text,
        text_tokens=int(text_tokens),
        role_names=np.asarray(roles.names, dtype=str),
        role_scores=np.clip(roles.scores, 0.0, 1.0).astype(np.float32),
        role_baselines=roles.baselines.astype(np.float32),
        role_thresholds=roles.thresholds.astype(np.float32),
    )


class ModelProber:
    """Probes of a user's model, written into a run folder every ``every`` steps.

    Parameters
    ----------
    run_dir
        Where ``probes/`` is written.
    model
        A model of :data:`FAMILIES` (checked here: :class:`ProbeUnsupported` otherwise).
    tokenizer
        A ``tokenizers.Tokenizer``, a Hugging Face tokenizer, a tiktoken-like object with
        ``encode``/``decode``, or None (then ``probe_text`` must be token ids, labelled ``#id``,
        and no token is watched).
    probe_text
        The text (or (T,) token ids) whose attention is drawn; cut to ``max_tokens`` and the
        model's context length.
    every
        Steps between probes.
    watch
        Words whose nearest neighbours are followed (each one token of the vocabulary, else skipped).
    neighbours
        Neighbours per watched word (cosine).
    embedding
        The dotted name of the token embedding, when :func:`input_embedding` does not find it.
    seed
        Seeds the probe's own generator (the head roles' repeated random sequence, :class:`RoleSequence`).

    Raises
    ------
    ProbeUnsupported
        The model's attention or token embedding cannot be read.
    TypeError
        ``tokenizer`` is not one.
    """

    def __init__(self, run_dir: str | Path, model, tokenizer=None, probe_text: str | Sequence[int] = "",
                 every: int = 100, watch: Sequence[str] = (), neighbours: int = 10, max_tokens: int = 64,
                 embedding: str | None = None, seed: int = 0) -> None:
        self.run_dir = Path(run_dir)
        self.model = model
        self.family = model_family(model)
        if _device(model).type == "meta":
            raise ProbeUnsupported("the model is on the meta device: it has no weights to probe")
        self.embedding_name = embedding
        E = input_embedding(model, embedding)
        self.vocab_size = int(E.shape[0])
        self.tokens = _Tokens(tokenizer)
        self.every = int(every)
        self.neighbours = int(neighbours)
        ctx = context_length(model)
        self.max_tokens = min(int(max_tokens), ctx or MAX_TOKENS, MAX_TOKENS)
        self.set_text(probe_text)
        if ctx is not None and ctx < 5:
            raise ProbeUnsupported(f"the model's context is {ctx} tokens; a probe needs at least 5")
        first = self.tokens.first_id()
        if first is None:  # no tokenizer says: the model's own config may (Hugging Face's bos_token_id)
            first = getattr(getattr(model, "config", None), "bos_token_id", None)
        self.roles = RoleSequence(seed, self.vocab_size, ctx, first if isinstance(first, int) else None)
        self.watch: list[tuple[str, int]] = []
        self._vocab: tuple[str, ...] | None = None
        for word in watch if tokenizer is not None else ():  # without a tokenizer no word is a token
            tid = self.tokens.watch_id(word)
            if tid is None or not 0 <= tid < self.vocab_size:
                log.warning("probe watch: %r is not one token of this vocabulary; not watched", word)
            else:
                self.watch.append((word, tid))
        self.last_step: int | None = None
        self._embedding_too_large = False
        n_layer_heads = None
        try:
            n_layer_heads = self._layer_heads()
        except (AttributeError, TypeError):
            pass
        if n_layer_heads is not None and n_layer_heads > MAX_HEADS:
            raise ProbeUnsupported(f"the model has {n_layer_heads:,} layers x heads; a probe draws at most {MAX_HEADS:,}")

    def _layer_heads(self) -> int | None:
        cfg = getattr(self.model, "config", None) or getattr(self.model, "cfg", None)
        layers = getattr(cfg, "n_layer", None) or getattr(cfg, "num_hidden_layers", None)
        heads = getattr(cfg, "n_head", None) or getattr(cfg, "num_attention_heads", None)
        return int(layers) * int(heads) if isinstance(layers, int) and isinstance(heads, int) else None

    def set_text(self, probe_text: str | Sequence[int]) -> None:
        """The probe text (or token ids) of the probes from now on, cut to ``max_tokens``.

        Raises
        ------
        ValueError
            A text without a tokenizer, no token, or an id outside the vocabulary.
        """
        if isinstance(probe_text, str):
            all_ids = self.tokens.encode(probe_text)
            source = probe_text
        else:
            all_ids = [int(i) for i in probe_text]
            source = self.tokens.text(all_ids) if self.tokens.has_tokenizer else " ".join(
                f"#{i}" for i in all_ids)
        if not all_ids:
            raise ValueError("the probe text is no token of this tokenizer")
        bad = [i for i in all_ids if not 0 <= i < self.vocab_size]
        if bad:
            raise ValueError(f"the probe's token id {bad[0]} is not in the model's vocabulary [0, {self.vocab_size})")
        ids = all_ids[: self.max_tokens]
        try:  # decoded once here: a tokenizer that cannot is refused now, not at every probe
            labels, text = self.tokens.labels(ids), self.tokens.text(ids)
        except Exception as exc:  # noqa: BLE001 - the user's tokenizer
            raise ValueError(f"the tokenizer cannot decode the probe's tokens: {type(exc).__name__}: {exc}") from None
        if not (isinstance(text, str) and len(labels) == len(ids) and all(isinstance(x, str) for x in labels)):
            raise ValueError("the tokenizer's decode() does not give text for the probe's tokens")
        self.source_text, self.text_tokens, self.ids = source, len(all_ids), ids

    def due(self, step: int) -> bool:
        """Whether a probe is due at ``step``: a multiple of ``every`` was reached since the last
        probe (the first probe is at the first step logged)."""
        return self.last_step is None or step // self.every > self.last_step // self.every

    def vocab(self) -> tuple[str, ...]:
        """Every token id's label (computed once)."""
        if self._vocab is None:
            self._vocab = self.tokens.vocab(self.vocab_size)
        return self._vocab

    def probe(self, step: int) -> tuple[Probe, np.ndarray]:
        """Take a probe now and write it (``probes/<step>.npz`` and ``probes/embedding.npz``).

        Returns
        -------
        The probe as written (attention float16) and the attention maps as computed,
        (L, H, T, T) float32.

        Raises
        ------
        ProbeUnsupported
            The model gave no attention maps.
        """
        model = self.model
        device = _device(model)
        devices = [device.index or 0] if device.type == "cuda" else []
        with torch.random.fork_rng(devices=devices), torch.no_grad():
            maps = attention_maps(model, self.ids)
            roles = self.roles.measure(model)
            E = input_embedding(model, self.embedding_name).detach().float().cpu().numpy()  # (V, d_model), a copy
        probe = make_probe(step, self.ids, self.tokens.labels(self.ids), self.tokens.text(self.ids),
                           self.source_text, self.text_tokens, maps, roles, EmbeddingIndex(E), self.watch,
                           self.neighbours)
        if E.size * 2 > MAX_ARRAY_BYTES:  # float16 on disk: a file the reader would refuse is not written
            if not self._embedding_too_large:
                log.warning("the token embedding (%d x %d) is over %d bytes in float16: the embedding panel "
                            "gets no matrix, the watched neighbours are still probed", *E.shape, MAX_ARRAY_BYTES)
                self._embedding_too_large = True
            write_probe(self.run_dir, probe)
        else:
            write_probe(self.run_dir, probe, E, self.vocab())
        self.last_step = int(step)
        return probe, maps
