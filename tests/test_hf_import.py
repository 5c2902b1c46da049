"""Models that come back: a run starts from a local Hugging Face GPT-2 folder
(``model.init_from``, ``--init-from``) made here by ``transformers`` (nothing downloaded), trains
with probes and samples, checkpoints and resumes bit-identically; other layouts are refused."""

from __future__ import annotations

import dataclasses
import json
import shutil

import numpy as np
import pytest
import torch
from conftest import tiny_config
from safetensors.torch import load_file, save_file

from andrea_desktop.cli.train import train_main
from andrea_desktop.core.config import load_config
from andrea_desktop.core.data import EOT
from andrea_desktop.core.hf.init_from import (
    InitFromError,
    apply_init_from,
    load_hf_weights,
    read_hf_folder,
    with_init_from,
)
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.training import Trainer, prepare_run, run_session

transformers = pytest.importorskip("transformers")
transformers.utils.logging.disable_progress_bar()


def _tokenizer():
    """A GPT-2-style byte-level BPE of a few hundred tokens, trained here on the language
    reference that ships with Python."""
    import pydoc_data.topics

    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=[EOT], show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(list(pydoc_data.topics.topics.values())[:150], trainer)
    return tok


def _save_gpt2(folder, **config):
    """A tiny random GPT2LMHeadModel and its tokenizer, saved by transformers."""
    tok = _tokenizer()
    fast = transformers.GPT2TokenizerFast(tokenizer_object=tok, bos_token=EOT, eos_token=EOT, unk_token=EOT)
    fast.save_pretrained(folder)
    eot = tok.token_to_id(EOT)
    cfg = transformers.GPT2Config(vocab_size=tok.get_vocab_size(), n_positions=32, n_embd=32, n_layer=2, n_head=2,
                                  resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, bos_token_id=eot,
                                  eos_token_id=eot, **config)
    torch.manual_seed(0)
    transformers.GPT2LMHeadModel(cfg).save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    return _save_gpt2(tmp_path_factory.mktemp("gpt2-tiny"))


def _losses(run_dir):
    with RunReader(run_dir / "metrics.sqlite") as reader:
        return reader.scalars("train/loss")


def _config(folder, **overrides):
    return with_init_from(tiny_config(
        probe={"interval": 10, "sample_interval": 10, "sample_tokens": 6},
        checkpoint={"interval": 10}, train={"eval_interval": 10}, **overrides), folder)


def test_a_transformers_gpt2_trains_with_probes_and_samples_and_resumes_bit_identically(gpt2, tmp_path):
    prepared = prepare_run(tmp_path / "a", config=_config(gpt2))
    m = prepared.config.model
    assert (m.n_layer, m.n_head, m.d_model, m.block_size, m.gelu_approximate) == (2, 2, 32, 32, "tanh")
    assert m.init_from == str(gpt2.resolve()) and m.vocab_size == 400
    assert load_config(tmp_path / "a" / "config.toml").model.init_from == str(gpt2.resolve())
    text = "def attends(self): return the earlier tokens"
    folder_tok = transformers.AutoTokenizer.from_pretrained(gpt2)
    assert prepared.tokenizer.encode(text).ids == folder_tok.encode(text)  # the sources' tokenizer
    t = Trainer(prepared)
    try:
        hf = transformers.GPT2LMHeadModel.from_pretrained(gpt2)  # the weights are the folder's
        assert torch.equal(t.model.wte.weight, hf.transformer.wte.weight)
        assert torch.equal(t.model.blocks[1].attn.c_attn.weight, hf.transformer.h[1].attn.c_attn.weight.t())
        assert t.run(20) == "max_steps"
    finally:
        t.close()
    run = tmp_path / "a"
    assert sorted(int(p.stem) for p in (run / "probes").glob("[0-9]*.npz")) == [10, 20]
    with RunReader(run / "metrics.sqlite") as reader:
        assert [s for s, *_ in reader.samples()] == [10, 20]
        assert len(reader.scalars("val/loss/stdlib-code")[0]) == 3  # steps 0, 10, 20
    assert [c.step for c in list_checkpoints(run)] == [10, 20]

    # the same run stopped at 10 and resumed in a new trainer: bit-identical
    with run_session(tmp_path / "b", config=_config(gpt2)) as t:
        t.run(10)
    with run_session(tmp_path / "b", resume=False) as t:
        assert t.resume().step == 10
        t.run(20)
        final_b = {k: v.clone() for k, v in t.model.state_dict().items()}
    (sa, la), (sb, lb) = _losses(run), _losses(tmp_path / "b")
    assert sa.tolist() == sb.tolist() == list(range(1, 21))
    assert np.array_equal(la, lb)
    final_a = load_file(str(list_checkpoints(run)[-1].path / "model.safetensors"))
    assert all(torch.equal(final_a[k], v) for k, v in final_b.items())


def test_its_loss_at_step_0_equals_the_loss_transformers_computes(gpt2, tmp_path):
    with run_session(tmp_path / "r", config=_config(gpt2, curriculum={"enabled": False})) as t:
        x, y, _ = t.batch(1)  # the first update's batch, on the folder's weights
        hf = transformers.GPT2LMHeadModel.from_pretrained(gpt2).eval()
        with torch.no_grad():
            theirs = hf(input_ids=x, labels=y, shift_labels=y.contiguous()).loss.item()  # y is x shifted by one
        t.run(1)
    steps, ours = _losses(tmp_path / "r")
    assert steps.tolist() == [1]
    print(f"step-0 loss: ours {ours[0]:.7f}, transformers {theirs:.7f}")  # noqa: T201
    assert abs(ours[0] - theirs) < 1e-5, (ours[0], theirs)


def test_sharded_and_original_gpt2_names_read_the_same(gpt2, tmp_path):
    ref = load_hf_weights(read_hf_folder(gpt2))
    sharded = tmp_path / "sharded"
    shutil.copytree(gpt2, sharded)
    (sharded / "model.safetensors").unlink()
    transformers.GPT2LMHeadModel.from_pretrained(gpt2).save_pretrained(sharded, max_shard_size="40KB")
    assert (sharded / "model.safetensors.index.json").exists()
    bare = tmp_path / "bare"  # the original GPT-2 files: no "transformer." prefix, mask buffers
    shutil.copytree(gpt2, bare)
    sd = {k.removeprefix("transformer."): v for k, v in load_file(str(gpt2 / "model.safetensors")).items()}
    sd = {k: v for k, v in sd.items() if k != "lm_head.weight"}
    sd["h.0.attn.bias"] = torch.ones(1, 1, 32, 32)
    save_file(sd, str(bare / "model.safetensors"), metadata={"format": "pt"})
    for folder in (sharded, bare):
        got = load_hf_weights(read_hf_folder(folder))
        assert set(got) == set(ref) and all(torch.equal(got[k], ref[k]) for k in ref), folder.name


def _edit_config(folder, **changes):
    cfg = json.loads((folder / "config.json").read_text())
    cfg.update(changes)
    (folder / "config.json").write_text(json.dumps(cfg))


REFUSALS = {
    "model_type": (lambda f: _edit_config(f, model_type="llama"), "model_type is 'llama', not 'gpt2'"),
    "activation": (lambda f: _edit_config(f, activation_function="relu"), "activation_function is 'relu'"),
    "eps": (lambda f: _edit_config(f, layer_norm_epsilon=1e-6), "layer_norm_epsilon is 1e-06"),
    "mlp width": (lambda f: _edit_config(f, n_inner=96), "n_inner is 96"),
    "inverse layer scaling": (lambda f: _edit_config(f, scale_attn_by_inverse_layer_idx=True),
                              "scale_attn_by_inverse_layer_idx"),
    "dropout": (lambda f: _edit_config(f, attn_pdrop=0.1), "dropout rates differ"),
    "vocab": (lambda f: _edit_config(f, vocab_size=512), "vocab_size is 512 but tokenizer.json has 400"),
    "shape": (lambda f: _edit_config(f, n_positions=64), "'transformer.wpe.weight' is (32, 32), config.json needs (64, 32)"),
    "no tokenizer": (lambda f: (f / "tokenizer.json").unlink(), "tokenizer.json cannot be read"),
    "pickle only": (lambda f: (f / "model.safetensors").rename(f / "pytorch_model.bin"), "safetensors weights only"),
    "missing weight": (lambda f: save_file({k: v for k, v in load_file(str(f / "model.safetensors")).items()
                                            if k != "transformer.h.1.mlp.c_fc.bias"}, str(f / "model.safetensors")),
                       "'transformer.h.1.mlp.c_fc.bias' is missing"),
    "classifier": (lambda f: save_file({**load_file(str(f / "model.safetensors")), "score.weight": torch.zeros(2, 32)},
                                       str(f / "model.safetensors")), "'score.weight' is not part of it"),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_folder_that_is_not_gpt2_is_refused_naming_what_differs(gpt2, tmp_path, case):
    folder = tmp_path / "model"
    shutil.copytree(gpt2, folder)
    change, message = REFUSALS[case]
    change(folder)
    with pytest.raises(InitFromError, match="^model.init_from: ") as err:
        apply_init_from(with_init_from(tiny_config(), folder))
    assert message in str(err.value)


def test_an_untied_head_is_refused_when_it_differs(gpt2, tmp_path):
    folder = tmp_path / "untied"
    shutil.copytree(gpt2, folder)
    _edit_config(folder, tie_word_embeddings=False)
    with pytest.raises(InitFromError, match="output head .lm_head.weight. is missing"):
        read_hf_folder(folder)  # save_pretrained left it out: tied
    sd = load_file(str(folder / "model.safetensors"))
    sd["lm_head.weight"] = sd["transformer.wte.weight"].clone()
    save_file(sd, str(folder / "model.safetensors"), metadata={"format": "pt"})
    assert read_hf_folder(folder).tied is False  # the same matrix: ours
    sd["lm_head.weight"][0, 0] += 1
    save_file(sd, str(folder / "model.safetensors"), metadata={"format": "pt"})
    with pytest.raises(InitFromError, match="differs from the token embedding"):
        read_hf_folder(folder)


def test_andrea_train_refuses_a_bad_folder_and_leaves_nothing(gpt2, tmp_path, capsys):
    folder = tmp_path / "llama"
    shutil.copytree(gpt2, folder)
    _edit_config(folder, model_type="llama")
    run = tmp_path / "run"
    assert train_main(["--run-dir", str(run), "--init-from", str(folder), "-q"]) == 2
    err = capsys.readouterr().err
    assert "not GPT-2's layout" in err and str(folder) in err
    assert not run.exists()
    assert train_main(["--run-dir", str(run), "--init-from", str(tmp_path / "nowhere"), "-q"]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_moved_folder_does_not_stop_a_resume(gpt2, tmp_path):
    folder = tmp_path / "model"
    shutil.copytree(gpt2, folder)
    with run_session(tmp_path / "r", config=_config(folder)) as t:
        t.run(10)
    shutil.rmtree(folder)
    # warns, then the checkpoint's weights replace the model's
    with run_session(tmp_path / "r", resume=False) as t:
        assert t.resume().step == 10
    shutil.rmtree(tmp_path / "r" / "checkpoints")
    with pytest.raises(InitFromError, match="no such folder"):
        run_session(tmp_path / "r").open()


def test_the_window_trains_a_new_run_from_a_folder(gpt2, qtbot, make_window):
    cfg = _config(gpt2)
    w = make_window(dataclasses.replace(cfg), max_steps=3)
    w.start_training()
    qtbot.waitUntil(lambda: w.thread is None and w.state == "stopped", timeout=60_000)
    assert w.history.last_step == 3
    assert load_config(w.run_dir / "config.toml").model.init_from == str(gpt2.resolve())
