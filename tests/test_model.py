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
