"""The ANDREA decoder-only transformer (GPT-2 layout, after nanoGPT's ``model.py``).

Token + position embeddings, ``n_layer`` pre-LayerNorm blocks of causal self-attention
and an MLP, a final LayerNorm and an output head tied to the token embedding.
Attention is ``softmax(Q K^T / sqrt(d_k)) V`` with a causal mask (docs/design.md#attention), computed by
:func:`torch.nn.functional.scaled_dot_product_attention`.
"""

from __future__ import annotations

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from .config import ModelConfig

__all__ = ["GPT", "CausalSelfAttention", "MLP", "Block", "FLOP_CONVENTIONS", "training_flops_per_token"]

FLOP_CONVENTIONS = ("palm", "llm.c")
"""The two ways of counting a training token's FLOPs that :func:`training_flops_per_token` knows;
``perf/mfu`` and the New Run dialog use the first."""


def training_flops_per_token(cfg: ModelConfig, n_params: int, convention: str = "palm") -> float:
    """Training FLOPs (forward and backward) per token of a GPT of shape ``cfg``.

    Parameters
    ----------
    cfg
        The model's shape: L = ``n_layer``, H = ``n_head``, Q = ``d_k`` (d_model / H),
        T = ``block_size``.
    n_params
        Every parameter, the tied embedding once (:meth:`GPT.num_params`).
    convention
        ``"palm"``: 6 N + 12 L H Q T with N the parameters without the position embedding
        (Chowdhery et al., 2022, "PaLM", appendix B; nanoGPT's ``estimate_mfu`` with
        ``get_num_params()``): 6 FLOPs per weight and token for the matrix products, and the
        attention's Q K^T and A V over the whole context, forward and backward.
        ``"llm.c"``: 6 N + 6 L T d_model with N every parameter (llm.c's ``gpt2_estimate_mfu``,
        after Kaplan et al., 2020, "Scaling Laws for Neural Language Models", section 2.1, whose
        context term 2 L T d per forward pass counts one of the two attention products; Kaplan's
        N also leaves out the embeddings). It reads 4 % below ``"palm"`` for andrea-tiny and 8 %
        for andrea-120m (the longer the context against the width, the larger the gap).

    Returns
    -------
    FLOPs per token (a float; multiply by tokens per step for a step's).

    Raises
    ------
    ValueError
        An unknown ``convention``.
    """
    L, H, Q, T = cfg.n_layer, cfg.n_head, cfg.d_model // cfg.n_head, cfg.block_size
    if convention == "palm":
        return float(6 * (n_params - T * cfg.d_model) + 12 * L * H * Q * T)
    if convention == "llm.c":
        return float(6 * n_params + 6 * L * T * cfg.d_model)
    raise ValueError(f"unknown FLOP convention {convention!r} (known: {', '.join(FLOP_CONVENTIONS)})")


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention.

    Each of the ``n_head`` heads projects the residual stream onto its own
    d_k = d_model / n_head subspace (docs/design.md#the-model-family: twelve 64-dim views for andrea-120m).
    """

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.n_head = cfg.n_head
        self.d_k = cfg.d_k
        self.c_attn = nn.Linear(cfg.d_model, 3 * cfg.d_model)  # Q, K, V for all heads at once
        self.c_proj = nn.Linear(cfg.d_model, cfg.d_model)
        self.dropout = cfg.dropout
        self.resid_dropout = nn.Dropout(cfg.dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """x: (B, T, d_model) -> (B, T, d_model)."""
        B, T, C = x.shape
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, self.d_k).transpose(1, 2)  # (B, n_head, T, d_k)
        k = k.view(B, T, self.n_head, self.d_k).transpose(1, 2)  # (B, n_head, T, d_k)
        v = v.view(B, T, self.n_head, self.d_k).transpose(1, 2)  # (B, n_head, T, d_k)
        # softmax(Q K^T / sqrt(d_k)) V with the upper triangle of Q K^T set to -inf.
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, dropout_p=self.dropout if self.training else 0.0
        )  # (B, n_head, T, d_k)
        y = y.transpose(1, 2).contiguous().view(B, T, C)  # re-assemble the heads side by side
        return self.resid_dropout(self.c_proj(y))


class MLP(nn.Module):
    """Position-wise feed-forward: d_model -> 4 d_model -> GELU -> d_model."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.c_fc = nn.Linear(cfg.d_model, 4 * cfg.d_model)
        self.c_proj = nn.Linear(4 * cfg.d_model, cfg.d_model)
        self.dropout = nn.Dropout(cfg.dropout)
        self.gelu_approximate = cfg.gelu_approximate  # "none" (exact) or "tanh" (GPT-2's)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """x: (B, T, d_model) -> (B, T, d_model)."""
        return self.dropout(self.c_proj(F.gelu(self.c_fc(x), approximate=self.gelu_approximate)))


class Block(nn.Module):
    """Pre-LayerNorm transformer block: x + attn(ln(x)), then x + mlp(ln(x))."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(cfg.d_model)
        self.attn = CausalSelfAttention(cfg)
        self.ln_2 = nn.LayerNorm(cfg.d_model)
        self.mlp = MLP(cfg)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """x: (B, T, d_model) -> (B, T, d_model)."""
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    """Decoder-only language model.

    Parameters
    ----------
    cfg
        Model shape; ``cfg.vocab_size`` must be the tokenizer's actual size (> 0).

    Raises
    ------
    ValueError
        ``cfg.vocab_size`` is 0 (the tokenizer has not been trained yet).

    Notes
    -----
    Initialisation follows GPT-2 (Radford et al., 2019) as nanoGPT does it: N(0, 0.02) for
    weights and embeddings, and N(0, 0.02 / sqrt(2 n_layer)) for the projections that write
    into the residual stream, so its variance does not grow with depth.
    """

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        if cfg.vocab_size <= 0:
            raise ValueError("model.vocab_size is 0: train the tokenizer first")
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.d_model)  # (vocab_size, d_model)
        self.wpe = nn.Embedding(cfg.block_size, cfg.d_model)  # (block_size, d_model)
        self.drop = nn.Dropout(cfg.dropout)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layer))
        self.ln_f = nn.LayerNorm(cfg.d_model)
        self.lm_head = nn.Linear(cfg.d_model, cfg.vocab_size, bias=False)
        self.lm_head.weight = self.wte.weight  # tied: one (vocab_size, d_model) matrix
        self.apply(self._init_weights)
        for name, p in self.named_parameters():
            if name.endswith("c_proj.weight"):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init_weights(module: nn.Module) -> None:
        if isinstance(module, nn.Linear):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)

    def num_params(self, non_embedding: bool = False) -> int:
        """Parameter count (the tied embedding counted once); ``non_embedding`` leaves out the
        position embedding (block_size x d_model), as nanoGPT's ``get_num_params`` does — the
        token embedding stays, since its weights are the output head's."""
        n = sum(p.numel() for p in self.parameters())
        if non_embedding:
            n -= self.wpe.weight.numel()
        return n

    def flops_per_token(self, convention: str = "palm") -> float:
        """Training FLOPs per token: by default PaLM's 6 N + 12 L H Q T with N =
        ``num_params(non_embedding=True)``, as nanoGPT's ``estimate_mfu`` (the count behind
        ``perf/mfu``); ``"llm.c"`` for llm.c's 6 N + 6 L T d (:func:`training_flops_per_token`)."""
        return training_flops_per_token(self.cfg, self.num_params(), convention)

    def forward(
        self, idx: torch.Tensor, targets: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor | None]:
        """Logits and, given targets, the mean cross-entropy of each row.

        Parameters
        ----------
        idx
            (B, T) int64 token ids, T <= block_size.
        targets
            (B, T) int64 next-token ids, or None.

        Returns
        -------
        logits
            (B, T, vocab_size).
        row_loss
            (B,) float32 mean cross-entropy per row in nats, or None without targets. The
            batch loss is ``row_loss.mean()``; grouping rows by source gives per-source losses.
        """
        B, T = idx.shape
        if T > self.cfg.block_size:
            raise ValueError(f"sequence length {T} exceeds block_size {self.cfg.block_size}")
        pos = torch.arange(T, device=idx.device)
        x = self.drop(self.wte(idx) + self.wpe(pos))  # (B, T, d_model)
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))  # (B, T, vocab_size)
        if targets is None:
            return logits, None
        loss = F.cross_entropy(
            logits.float().view(B * T, -1), targets.reshape(B * T), reduction="none"
        )  # (B*T,)
        return logits, loss.view(B, T).mean(dim=1)
