import dataclasses

import pytest
import torch

from andrea_desktop.core.config import ModelConfig, load_preset
from andrea_desktop.core.model import GPT


def _meta(preset: str, vocab: int) -> GPT:
    cfg = dataclasses.replace(load_preset(preset).model, vocab_size=vocab)
    with torch.device("meta"):
        return GPT(cfg)


def test_andrea_120m_shapes_and_size_on_meta_device():
    m = _meta("andrea-120m", 8449)
    assert m.wte.weight.is_meta  # nothing allocated
    assert tuple(m.wte.weight.shape) == (8449, 768)
    attn = m.blocks[0].attn
    assert attn.n_head == 12 and attn.d_k == 64
    assert m.num_params() == pytest.approx(120e6, rel=0.05)
    assert m.lm_head.weight is m.wte.weight  # tied output head


def test_andrea_12m_size():
    m = _meta("andrea-12m", 8449)
    assert m.cfg.d_model == 384
    assert m.num_params() == pytest.approx(12e6, rel=0.10)


def test_forward_shapes_and_per_row_loss():
    torch.manual_seed(0)
    m = GPT(ModelConfig(n_layer=2, n_head=2, d_model=16, block_size=8, vocab_size=50))
    idx = torch.randint(0, 50, (3, 8))
    logits, row_loss = m(idx, idx)
    assert logits.shape == (3, 8, 50)
    assert row_loss.shape == (3,)
    ref = torch.nn.functional.cross_entropy(logits.view(-1, 50), idx.view(-1))
    assert torch.allclose(row_loss.mean(), ref, atol=1e-6)


def test_attention_is_causal():
    """Changing a later token never changes the logits at earlier positions."""
    torch.manual_seed(0)
    m = GPT(ModelConfig(n_layer=2, n_head=2, d_model=16, block_size=8, vocab_size=50)).eval()
    a = torch.randint(0, 50, (1, 8))
    b = a.clone()
    b[0, 5] = (a[0, 5] + 1) % 50
    la, _ = m(a)
    lb, _ = m(b)
    assert torch.allclose(la[0, :5], lb[0, :5], atol=1e-6)
    assert not torch.allclose(la[0, 5], lb[0, 5])


def test_initial_loss_is_near_uniform():
    torch.manual_seed(0)
    m = GPT(ModelConfig(n_layer=2, n_head=2, d_model=32, block_size=16, vocab_size=300))
    idx = torch.randint(0, 300, (4, 16))
    _, loss = m(idx, torch.randint(0, 300, (4, 16)))
    assert abs(loss.mean().item() - torch.log(torch.tensor(300.0)).item()) < 0.3


def test_refuses_unknown_vocab():
    with pytest.raises(ValueError, match="vocab_size"):
        GPT(ModelConfig())


def test_too_long_sequence():
    m = GPT(ModelConfig(n_layer=1, n_head=1, d_model=8, block_size=4, vocab_size=10))
    with pytest.raises(ValueError, match="block_size"):
        m(torch.zeros(1, 5, dtype=torch.long))


# ---------------------------------------------------------------- parameter and FLOP counts
SHAPES = [  # (n_layer, n_head, d_model, block_size, vocab_size)
    (2, 2, 32, 32, 384),
    (4, 4, 128, 128, 2048),  # andrea-tiny's shape
]


def _hand_count(L, d, T, V) -> tuple[int, int]:
    """(every parameter, nanoGPT's get_num_params()) written out from the modules' shapes."""
    block = (d * 3 * d + 3 * d) + (d * d + d) + (d * 4 * d + 4 * d) + (4 * d * d + d) + 2 * (2 * d)
    total = V * d + T * d + L * block + 2 * d  # wte (tied to lm_head), wpe, blocks, ln_f
    return total, total - T * d  # nanoGPT subtracts the position embedding only


@pytest.mark.parametrize("L, H, d, T, V", SHAPES)
def test_non_embedding_params_leave_out_the_position_embedding_only(L, H, d, T, V):
    m = GPT(ModelConfig(n_layer=L, n_head=H, d_model=d, block_size=T, vocab_size=V))
    total, nanogpt = _hand_count(L, d, T, V)
    assert m.num_params() == total
    assert m.num_params(non_embedding=True) == nanogpt
    by_name = sum(p.numel() for name, p in m.named_parameters() if name != "wpe.weight")
    assert m.num_params(non_embedding=True) == by_name  # the tied wte/lm_head stays, once


@pytest.mark.parametrize("L, H, d, T, V", SHAPES)
def test_flops_per_token_is_the_palm_formula(L, H, d, T, V):
    """perf/mfu's count: 6 N + 12 L H Q T with N without the position embedding (PaLM app. B,
    nanoGPT's estimate_mfu); llm.c's 6 N + 6 L T d with every parameter on request."""
    from andrea_desktop.core.training.trial import estimate_run
    from tests.conftest import tiny_config

    m = GPT(ModelConfig(n_layer=L, n_head=H, d_model=d, block_size=T, vocab_size=V))
    total, nanogpt = _hand_count(L, d, T, V)
    Q = d // H
    assert m.flops_per_token() == 6 * nanogpt + 12 * L * H * Q * T
    assert m.flops_per_token("llm.c") == 6 * total + 6 * L * T * d
    with pytest.raises(ValueError, match="unknown FLOP convention 'kaplan'"):
        m.flops_per_token("kaplan")
    cfg = tiny_config(data={"tokenizer_vocab_size": V},  # first: the vocabulary is checked against it
                      model={"n_layer": L, "n_head": H, "d_model": d, "block_size": T, "vocab_size": V})
    assert estimate_run(cfg).flops_per_token == m.flops_per_token()  # the New Run dialog's figure
