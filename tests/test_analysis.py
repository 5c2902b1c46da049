"""Inside the model: the seeds' worked examples, attention maps, head roles, neighbours, samples."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from andrea_desktop.core.analysis import (
    attention_weights,
    generate,
    head_stats,
    model_attention,
    nearest_neighbours,
    pca_2d,
)
from andrea_desktop.core.config import ModelConfig
from andrea_desktop.core.head_roles import role_history
from andrea_desktop.core.model import GPT
from andrea_desktop.core.model_probes import RoleSequence


def test_seeds_attention_example():
    q = torch.tensor([[1.0, 0.0, 1.0, 0.0]])
    k = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]])
    w = attention_weights(q, k, causal=False)[0]
    np.testing.assert_allclose(w.numpy(), [0.38365, 0.38365, 0.23270], atol=5e-6)


def test_seeds_embedding_example():
    names = ["parakeet", "monkey", "Fourier"]
    E = np.array([[1.0, 0.5, 0.0], [1.2, 0.3, 0.1], [0.0, 0.0, 1.5]])
    idx, d = nearest_neighbours(E, 0, k=2, metric="euclidean")
    assert [names[i] for i in idx] == ["monkey", "Fourier"]
    np.testing.assert_allclose(d, [0.3, 1.87083], atol=5e-6)
    _, d1 = nearest_neighbours(E, 1, k=2, metric="euclidean")
    np.testing.assert_allclose(sorted(d1), [0.3, 1.86815], atol=5e-6)
    idx, c = nearest_neighbours(E, 0, k=2, metric="cosine")
    assert names[idx[0]] == "monkey"
    np.testing.assert_allclose(c, [0.97301, 0.0], atol=5e-6)
    _, c1 = nearest_neighbours(E, 1, k=2, metric="cosine")
    np.testing.assert_allclose(c1, [0.97301, 0.08058], atol=5e-6)
    assert pca_2d(E).shape == (3, 2)


def _trained_model(steps=20):
    torch.manual_seed(0)
    m = GPT(ModelConfig(n_layer=2, n_head=2, d_model=16, block_size=12, vocab_size=40))
    opt = torch.optim.AdamW(m.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randint(0, 40, (8, 12))
        _, loss = m(x, torch.roll(x, -1, dims=1))
        loss.mean().backward()
        opt.step()
        opt.zero_grad()
    return m


def test_explicit_path_reproduces_sdpa_rows_sum_to_one_upper_triangle_zero():
    m = _trained_model()
    maps = model_attention(m, torch.randint(0, 40, (12,)), check=True)
    assert maps.shape == (2, 2, 12, 12)
    np.testing.assert_allclose(maps.sum(-1), 1.0, atol=1e-6)
    assert (maps[..., np.triu_indices(12, 1)[0], np.triu_indices(12, 1)[1]] == 0).all()
    assert m.training  # restored


def _one_head_model(T=10, D=16):
    m = GPT(ModelConfig(n_layer=1, n_head=1, d_model=D, block_size=T, vocab_size=5))
    with torch.no_grad():
        m.wte.weight.zero_()
        m.wpe.weight.copy_(torch.eye(T, D))  # position one-hot
        m.blocks[0].attn.c_attn.weight.zero_()
        m.blocks[0].attn.c_attn.bias.zero_()
    return m


def test_hand_set_previous_token_head_is_labelled():
    T, D = 10, 16
    m = _one_head_model(T, D)
    with torch.no_grad():
        W = m.blocks[0].attn.c_attn.weight  # rows: q, k, v
        W[:D] = 50.0 * torch.eye(D)  # q_t ~ e_t
        shift = torch.zeros(D, D)
        shift[torch.arange(1, D), torch.arange(D - 1)] = 1.0  # k_s ~ e_(s+1)
        W[D : 2 * D] = shift
    maps = model_attention(m, torch.zeros(T, dtype=torch.long), check=True)
    stats = head_stats(maps)
    assert stats.previous_token[0, 0] > 0.9
    roles = RoleSequence(0, 5, T).measure(m)  # read on the repeated random sequence
    assert roles.labels.tolist() == [["previous-token"]] and roles.score("previous-token")[0, 0] > 0.9


def test_hand_set_sink_head_is_labelled():
    T, D = 10, 16
    m = _one_head_model(T, D)
    with torch.no_grad():
        attn = m.blocks[0].attn.c_attn
        u = torch.zeros(D)
        u[-1] = 1.0
        attn.bias[:D] = 10.0 * u  # every query is u
        attn.weight[D : 2 * D] = 10.0 * torch.outer(u, torch.eye(D)[0])  # only key 0 points along u
    maps = model_attention(m, torch.zeros(T, dtype=torch.long), check=True)
    stats = head_stats(maps)
    assert stats.sink[0, 0] > 0.9
    roles = RoleSequence(0, 5, T).measure(m)
    assert roles.labels.tolist() == [["first-token"]] and roles.score("first-token")[0, 0] > 0.9


def test_role_scores_of_a_model_are_in_range_and_the_probe_touches_no_rng():
    m = _trained_model(2)
    state = torch.get_rng_state()
    roles = RoleSequence(0, 40, 12).measure(m)
    assert roles.scores.shape == (6, 2, 2) and (roles.scores >= 0).all() and (roles.scores <= 1 + 1e-6).all()
    assert torch.equal(state, torch.get_rng_state()) and m.training


def _copy_task_batch(g, batch, T, V, periods=(2, 10)):
    """A batch of the repeated-random-sequence copy task: each row is a random noise prefix, then
    a random r of 2..10 tokens repeated to the end of the row; prefix and period vary per row, so
    the next token can only be found by content (by where the current token occurred before).

    Returns (idx, targets, mask), each (batch, T); ``mask`` marks the targets inside the repeats
    that follow a token with an earlier occurrence (the only predictable ones)."""
    L = torch.randint(periods[0], periods[1] + 1, (batch, 1), generator=g)
    start = (torch.rand(batch, 1, generator=g) * (T + 2 - 2 * L)).long()  # prefix length: r fits twice
    x = torch.randint(0, V, (batch, T + 1), generator=g)
    rel = torch.arange(T + 1) - start  # position relative to the start of r
    x = torch.gather(x, 1, torch.where(rel >= 0, start + rel % L, torch.arange(T + 1)))
    return x[:, :-1], x[:, 1:], rel[:, 1:] > L


def _train_on_copy_task(seed, steps=300, every=25, T=24, V=20):
    """A 2-layer, 2-head GPT trained ``steps`` on the copy task, its head roles probed every
    ``every`` steps on the repeated sequence of the probes (r of 11 tokens: longer than any period
    trained, so a fixed-offset head cannot pass). With its MLPs replaced by zeros (attention only)
    the same model formed no induction head within 1,000 steps at LR 1e-3 to 1e-2 on this task;
    with them it forms one between steps 150 and 300 (best induction score 0.09 -> 0.8; seed 0:
    0.24 at step 200, 0.56 at 275, 0.81 at 300, the phase change placed at 250) as the loss falls
    (0.9 at step 300). Training on to step 400 only raised the score to 0.85-0.9; a higher LR or a
    narrower model formed no head within 250-300 steps.

    Returns ([(step, RoleScores)], last_loss)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matrices: one thread is faster and the run reproducible
    try:
        torch.manual_seed(seed)
        m = GPT(ModelConfig(n_layer=2, n_head=2, d_model=64, block_size=T, vocab_size=V))
        seq = RoleSequence(seed, V, T)
        assert seq.half == (T - 1) // 2
        probes = [(0, seq.measure(m))]
        opt = torch.optim.AdamW(m.parameters(), lr=1e-3, weight_decay=0.0)
        g = torch.Generator().manual_seed(seed)
        for step in range(1, steps + 1):
            opt.param_groups[0]["lr"] = 1e-3 * min(1.0, step / 50)  # linear warmup
            idx, targets, mask = _copy_task_batch(g, 32, T, V)
            logits, _ = m(idx)
            loss = F.cross_entropy(logits[mask], targets[mask])  # the predictable targets only
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
            opt.step()
            if step % every == 0:
                probes.append((step, seq.measure(m)))
    finally:
        torch.set_num_threads(threads)
    return probes, loss.item()


def test_a_model_trained_on_a_copy_task_grows_an_induction_head_in_a_phase_change():
    """Two layers trained on repeated random sequences grow an induction head
    (Olsson et al., 2022, "In-context Learning and Induction Heads"): a layer-1 head that, on
    [first, r, r], attends from the second r_i to the token after the first r_i, labelled
    "induction"; the untrained model (same seed) has none, so the label is learned, not an
    artefact of the score; and the heads over time place the phase change after the first probe."""
    probes, loss = _train_on_copy_task(seed=0)
    first, last = probes[0][1], probes[-1][1]
    assert "induction" not in first.labels and first.score("induction").max() < first.thresholds[5]
    assert loss < 1.5  # ln 20 = 3.0 by chance
    assert "induction" in last.labels[1] and "induction" not in last.labels[0], (last.scores, last.labels)
    history = role_history([(s, r.names, r.scores, r.baselines, r.thresholds) for s, r in probes])
    step = history.induction_phase_change
    assert step is not None and 0 < step <= probes[-1][0], history.best[5]
    before = [r for s, r in probes if s < step]
    assert before and before[-1].score("induction").max() < before[-1].thresholds[5]


def test_generation_uses_its_own_generator():
    m = _trained_model(5)
    state = torch.get_rng_state()
    a = generate(m, torch.tensor([1, 2, 3]), 10, torch.Generator().manual_seed(1), temperature=0.8, top_k=5)
    b = generate(m, torch.tensor([1, 2, 3]), 10, torch.Generator().manual_seed(1), temperature=0.8, top_k=5)
    assert torch.equal(a, b) and len(a) == 13
    assert torch.equal(state, torch.get_rng_state())  # training RNG untouched
    with pytest.raises(ValueError):
        generate(m, torch.tensor([1]), 1, torch.Generator(), temperature=-1.0)
    greedy = generate(m, torch.tensor([1, 2, 3]), 5, torch.Generator(), temperature=0.0)
    assert int(greedy[3]) == int(m(torch.tensor([[1, 2, 3]]))[0][0, -1].argmax())


# ---------------------------------------------------------------------- probes in training
def test_probes_and_samples_change_no_training_number(tmp_path):
    from conftest import tiny_config, train_run

    from andrea_desktop.core.rundir.reader import RunReader

    losses = {}
    for name, probe in (("off", {"enabled": False}), ("on", {"interval": 3, "sample_interval": 4,
                                                           "sample_tokens": 8})):
        cfg = tiny_config(probe=probe)
        train_run(tmp_path / name, cfg, 12)
        reader = RunReader(tmp_path / name / "metrics.sqlite")
        losses[name] = reader.scalars("train/loss")[1]
        if name == "on":
            samples = reader._con.execute("SELECT step, prompt, text FROM samples").fetchall()
            assert [s for s, _, _ in samples] == [4, 8, 12]
        reader.close()
    np.testing.assert_array_equal(losses["on"], losses["off"])  # bit-identical
    files = sorted(f for f in (tmp_path / "on" / "probes").glob("*.npz") if f.stem.isdigit())
    assert [f.stem for f in files] == ["12", "3", "6", "9"]
    with np.load(tmp_path / "on" / "probes" / "embedding.npz") as z:  # the newest embedding only
        assert int(z["step"]) == 12
        assert z["embedding"].shape == (len(z["vocab"]), 32) and len(z["vocab"]) > 100
    with np.load(files[0]) as z:
        L, H, T = 2, 2, len(z["tokens"])
        assert z["attention"].shape == (L, H, T, T) and z["roles"].shape == (L, H)
        assert z["neighbours"].shape == (len(z["watch"]), 10)
        np.testing.assert_allclose(z["attention"].astype(np.float32).sum(-1), 1.0, atol=2e-3)


def test_a_degenerate_sample_is_an_anomaly(tmp_path, monkeypatch):
    from conftest import tiny_config

    from andrea_desktop.core.rundir.reader import RunReader
    from andrea_desktop.core.training import run_session

    with run_session(tmp_path / "run", config=tiny_config()) as t:
        monkeypatch.setattr(t.prepared.tokenizer, "decode", lambda ids: "region " * 10)
        text = t.sample()
        t.store.flush()
        reader = RunReader(tmp_path / "run" / "metrics.sqlite")
        ((_, kind, payload, _),) = reader.events("anomaly")
        assert payload["kind"] == "repetition" and text.startswith("region")
        assert payload["score"] == 0.9 and payload["top_word"] == "region" and payload["distinct"][0] == 0.1
        reader.close()
