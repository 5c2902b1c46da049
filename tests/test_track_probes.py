"""Probes of a user's own model (``Run.watch``): the attention maps of Hugging Face GPT-2, Llama
and GPT-NeoX models and of nanoGPT's layout equal what the model itself (or transformers on the
same weights) says; the probe pass changes nothing of training; a model that cannot be probed is
said once and its scalars still go on; the mixture of a script's own sampler reaches the simplex."""

import copy
import runpy
import sqlite3
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch
import transformers
from conftest import wait_for
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from andrea_desktop import runs, track
from andrea_desktop.core.head_roles import ROLES, measure_roles
from andrea_desktop.core.model_probes import (
    ModelProber,
    ProbeUnsupported,
    attention_maps,
    model_family,
)
from andrea_desktop.core.rundir.probes import list_probes, read_embedding, read_probe
from andrea_desktop.integrations.hf import AndreaCallback

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "plain_loop.py"
V = 320


def _gpt2(**kw):
    return transformers.GPT2LMHeadModel(transformers.GPT2Config(
        vocab_size=V, n_positions=64, n_embd=32, n_layer=2, n_head=4, bos_token_id=0, eos_token_id=0, **kw))


def _llama():
    return transformers.LlamaForCausalLM(transformers.LlamaConfig(
        vocab_size=V, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, max_position_embeddings=64, bos_token_id=0, eos_token_id=0, pad_token_id=0))


def _neox():
    return transformers.GPTNeoXForCausalLM(transformers.GPTNeoXConfig(
        vocab_size=V, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
        max_position_embeddings=64, bos_token_id=0, eos_token_id=0))


MODELS = {"gpt2": _gpt2, "llama": _llama, "gpt-neox": _neox}


def _eager_reference(model, ids) -> np.ndarray:
    """``output_attentions=True`` of a copy of ``model`` built with eager attention: (L, H, T, T)."""
    ref = copy.deepcopy(model)
    ref.set_attn_implementation("eager")
    ref.eval()
    with torch.no_grad():
        out = ref(input_ids=torch.as_tensor(ids).reshape(1, -1), output_attentions=True)
    return torch.stack([a[0] for a in out.attentions]).numpy()


@pytest.fixture(scope="module")
def hf_tokenizer():
    """A byte-level BPE of at most V tokens trained here on a standard-library module (no
    download), as a transformers tokenizer."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer, tok.decoder = pre_tokenizers.ByteLevel(add_prefix_space=False), decoders.ByteLevel()
    tok.train_from_iterator(Path(sqlite3.__file__).read_text(encoding="utf-8").splitlines(), trainers.BpeTrainer(
        vocab_size=V, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"],
        show_progress=False))
    return transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<|endoftext|>")


@pytest.mark.parametrize("family", MODELS)
def test_the_probe_is_the_models_own_attention_and_the_model_is_left_as_it_was(family, tmp_path):
    torch.manual_seed(0)
    model = MODELS[family]()
    model.train()
    ids = list(range(3, 23))
    prober = ModelProber(tmp_path, model, None, ids, every=10)
    rng = torch.get_rng_state()
    probe, maps = prober.probe(7)
    assert model_family(model) == "hf"
    assert model.training and model.config._attn_implementation == "sdpa"  # its own mode and kernel put back
    assert torch.equal(torch.get_rng_state(), rng)
    reference = _eager_reference(model, ids)
    assert maps.shape == reference.shape == (2, 4, 20, 20) and maps.dtype == np.float32
    np.testing.assert_allclose(maps, reference, atol=1e-5, rtol=0)
    stored = read_probe(list_probes(tmp_path)[7])
    np.testing.assert_allclose(stored["attention"].astype(np.float32), reference, atol=1e-3, rtol=0)  # float16
    step, E, vocab = read_embedding(tmp_path)
    assert step == 7 and np.array_equal(E, model.get_input_embeddings().weight.detach().numpy().astype(np.float16))
    assert vocab[:2] == ("#0", "#1") and len(vocab) == V
    assert probe.roles.shape == (2, 4) and probe.induction.shape == (2, 4)
    # the head roles, read on the repeated random sequence [first, r, r] through the model's own attention
    seq = prober.roles.ids
    assert seq[0] == model.config.bos_token_id and np.array_equal(seq[1:1 + prober.roles.half], seq[1 + prober.roles.half:])
    np.testing.assert_allclose(stored["role_scores"], measure_roles(_eager_reference(model, list(seq)),
                                                                    prober.roles.half).scores, atol=1e-5)
    np.testing.assert_array_equal(probe.induction, stored["role_scores"][ROLES.index("induction")])


def test_nanogpt_layout_is_read_by_hooks_and_equals_transformers_gpt2_on_the_same_weights(tmp_path):
    """The example's nanoGPT-layout model (SDPA in training) and a transformers GPT-2 holding its
    weights give the same attention maps: the hooks recompute softmax(QK^T/sqrt(d_k)) exactly."""
    ns = runpy.run_path(str(EXAMPLE), run_name="example")  # its classes only: training is under __main__
    torch.manual_seed(0)
    nano = ns["GPT"](V, 2, 4, 32, 64)
    hf = _gpt2(activation_function="gelu_new", tie_word_embeddings=True)
    sd = {"transformer.wte.weight": nano.transformer.wte.weight, "transformer.wpe.weight": nano.transformer.wpe.weight,
          "transformer.ln_f.weight": nano.transformer.ln_f.weight, "transformer.ln_f.bias": nano.transformer.ln_f.bias}
    for i, block in enumerate(nano.transformer.h):
        p = f"transformer.h.{i}."
        for name, lin in (("attn.c_attn", block.attn.c_attn), ("attn.c_proj", block.attn.c_proj),
                          ("mlp.c_fc", block.mlp[0]), ("mlp.c_proj", block.mlp[2])):
            sd[p + name + ".weight"], sd[p + name + ".bias"] = lin.weight.T, lin.bias  # Conv1D holds W^T
        for name, ln in (("ln_1", block.ln_1), ("ln_2", block.ln_2)):
            sd[p + name + ".weight"], sd[p + name + ".bias"] = ln.weight, ln.bias
    missing, unexpected = hf.load_state_dict({k: v.detach().clone() for k, v in sd.items()}, strict=False)
    assert not unexpected and all(k in ("lm_head.weight",) or k.endswith(".attn.bias") for k in missing)
    ids = [5, 9, 2, 77, 31, 5, 9, 2, 77, 31, 60, 1]
    assert model_family(nano) == "nanogpt"
    np.testing.assert_allclose(attention_maps(nano, ids), _eager_reference(hf, ids), atol=1e-5, rtol=0)


def _dropout_losses(run_dir, watched: bool, frozen_block: bool = False, steps: int = 6) -> list[float]:
    """Losses of a GPT-2 with dropout (so a probe that drew from the training RNG or left a mode
    changed would change them), probed every step when ``watched``; ``frozen_block``: its first
    block kept in eval mode by the user."""
    torch.manual_seed(0)
    model = _gpt2(resid_pdrop=0.3, attn_pdrop=0.3, embd_pdrop=0.3)
    model.train()
    if frozen_block:
        model.transformer.h[0].eval()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    losses = []
    with track.init(run_dir) as run:
        if watched:
            assert run.watch(model, every=1)
        for step in range(1, steps + 1):
            x = torch.randint(0, V, (4, 16))
            loss = model(input_ids=x, labels=x).loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
            run.log({"train/loss": loss.item()}, step=step)
    assert model.transformer.h[0].training is not frozen_block and model.transformer.h[1].training
    return losses


def test_probing_every_step_changes_no_training_number(tmp_path):
    """With a probe at every step the losses are bit-identical to a run without probes."""
    assert _dropout_losses(tmp_path / "on", True) == _dropout_losses(tmp_path / "off", False)
    assert sorted(list_probes(tmp_path / "on")) == [1, 2, 3, 4, 5, 6] and not list_probes(tmp_path / "off")


def test_a_trainer_with_the_callback_writes_probes_the_window_draws(hf_tokenizer, tmp_path, qtbot, make_window):
    """GPT-2 and Llama under the Trainer: probes at step 1, every 4 steps and the last step, with the
    Trainer's tokenizer's labels; the final one is the trained model's own output_attentions; the
    window opens the run with loss, LR, attention and embedding panels filled."""
    lines = [line for line in Path(sqlite3.__file__).read_text(encoding="utf-8").splitlines() if len(line) > 40]
    rows = [ids for ids in (hf_tokenizer(line)["input_ids"][:16] for line in lines) if len(ids) == 16][:32]
    ds = [{"input_ids": torch.tensor(ids), "labels": torch.tensor(ids)} for ids in rows]
    for family in ("gpt2", "llama"):
        torch.manual_seed(0)
        model = MODELS[family]()
        run_dir = tmp_path / family
        args = transformers.TrainingArguments(
            output_dir=str(tmp_path / "out"), max_steps=10, logging_steps=1, per_device_train_batch_size=4,
            report_to="none", use_cpu=True, save_strategy="no", disable_tqdm=True, learning_rate=3e-3, seed=0,
            log_level="error")
        trainer = transformers.Trainer(model=model, args=args, train_dataset=ds, processing_class=hf_tokenizer,
                                       callbacks=[AndreaCallback(run_dir, probe_every=4)])
        trainer.train()
        con = sqlite3.connect(f"file:{run_dir}/metrics.sqlite?mode=ro", uri=True)
        stored = con.execute("SELECT step, value FROM scalars WHERE name = 'train/loss' ORDER BY rowid").fetchall()
        con.close()
        history = [(h["step"], h["loss"]) for h in trainer.state.log_history if "loss" in h]
        assert [s for s, _ in stored] == [s for s, _ in history] == list(range(1, 11))  # the Trainer's own log
        assert [v for _, v in stored] == pytest.approx([v for _, v in history], rel=1e-6)
        probes = list_probes(run_dir)
        assert sorted(probes) == [1, 4, 8, 10]
        last = read_probe(probes[10])
        ids = last["tokens"].tolist()
        assert ids == hf_tokenizer(track.PROBE_TEXT, add_special_tokens=False)["input_ids"][:64]
        assert "".join(last["token_text"]) == last["text"] == hf_tokenizer.decode(ids)
        np.testing.assert_allclose(last["attention"].astype(np.float32), _eager_reference(model, ids), atol=1e-3)
        assert model.config._attn_implementation == "sdpa"

    w = make_window(run="mine")
    assert w.open_run(tmp_path / "llama")
    qtbot.waitUntil(lambda: w.attention_panel.probe is not None, timeout=30_000)
    assert w.attention_panel.probe["step"] == 10 and w.attention_panel.probe["attention"].shape[:2] == (2, 4)
    assert w.embedding_panel.step == 10
    assert len(w.history.loss.values.data) == 10 and len(w.history.lr.values.data) == 10
    x, _ = w.loss_panel.raw_curve.getData()
    assert x is not None and len(x) == 10


def test_a_model_whose_attention_cannot_be_read_is_said_once_and_its_scalars_go_on(tmp_path):
    model = torch.nn.Sequential(torch.nn.Embedding(V, 8), torch.nn.Linear(8, V))
    with pytest.raises(ProbeUnsupported, match="cannot be read"):
        model_family(model)
    with track.init(tmp_path / "run") as run:
        with pytest.warns(UserWarning, match="not probed"):
            assert run.watch(model, every=1) is False
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # told once: no warning per step
            for step in range(1, 4):
                run.log({"train/loss": 1.0 / step}, step=step)
    r = runs.open_run(tmp_path / "run")
    assert len(r.scalars(as_pandas=False)["train/loss"]) == 3
    (payload,) = r.events("watch", as_pandas=False)["payload"]
    assert payload["probed"] is False and "cannot be read" in payload["reason"]
    assert not (tmp_path / "run" / "probes").exists()


@pytest.mark.parametrize("kwargs, error", [
    ({"every": 0}, ValueError), ({"every": 1.5}, TypeError), ({"probe_text": "x" * 5000}, ValueError),
    ({"probe_text": "   "}, ValueError), ({"probe_text": [V + 5, 1]}, ValueError), ({"probe_text": "no tokenizer"},
                                                                                          ValueError),
    ({"watch": ["w"] * 100}, ValueError), ({"watch": "the"}, TypeError), ({"neighbours": 0}, ValueError),
    ({"max_tokens": 1}, ValueError), ({"tokenizer": object()}, TypeError),
])
def test_bad_watch_arguments_are_refused_and_change_nothing(tmp_path, kwargs, error):
    model = _gpt2()
    with track.init(tmp_path / "run") as run:
        with pytest.raises(error):
            run.watch(model, **kwargs)
        run.log({"train/loss": 1.0}, step=1)
        assert run.last_probe is None
    assert not (tmp_path / "run" / "probes").exists()


def test_a_scripts_mixture_is_the_simplex_path_and_bad_mixtures_change_nothing(tmp_path):
    from andrea_desktop.core.viewmodels.sources import (  # the window's model of a run
        open_model,
        read_folder,
    )

    run_dir = tmp_path / "mix"
    with track.init(run_dir, sources=["web", "code", "books"]) as run:
        for step in range(1, 4):
            run.log({"train/loss": 2.0}, step=step)
            run.mixture({"web": 2.0 * step, "code": 1.0, "books": 1.0})
        for bad, error in (({"web": 1.0, "code": 1.0}, ValueError), ({"web": 1, "code": 1, "books": 1, "x": 1}, ValueError),
                           ({"web": -1.0, "code": 1.0, "books": 1.0}, ValueError),
                           ({"web": float("nan"), "code": 1.0, "books": 1.0}, ValueError),
                           ({"web": 0, "code": 0, "books": 0}, ValueError), ([0.2, 0.3, 0.5], TypeError),
                           ({"web": "a", "code": 1.0, "books": 1.0}, TypeError)):
            with pytest.raises(error):
                run.mixture(bad)
    r = runs.open_run(run_dir)
    table = r.scalars(as_pandas=False)
    assert list(table["step"]) == [1, 2, 3]
    assert list(table["mix/weight/web"]) == pytest.approx([0.5, 4 / 6, 6 / 8])
    assert sum(table[f"mix/weight/{n}"] for n in ("web", "code", "books")) == pytest.approx([1.0, 1.0, 1.0])
    model, error = open_model(run_dir)
    read_folder(model)
    assert error is None and model.sources == ("web", "code", "books")
    assert model.mixture.path_steps == [1, 2, 3] and model.mixture.path_modes == ["script"] * 3
    np.testing.assert_allclose(model.mixture.path_weights[0], [0.5, 0.25, 0.25])
    assert not model.mixture.regions  # a script's run has no curriculum region
    with pytest.raises(ValueError, match="sources"):
        with track.init(tmp_path / "nomix") as run:
            run.mixture({"web": 1.0})
    for bad in (["a", "a"], ["a/b"], [], ["x" * 65], "web"):
        with pytest.raises((ValueError, TypeError)):
            track.init(tmp_path / "bad", sources=bad)
        assert not (tmp_path / "bad" / "config.toml").exists()


def test_the_windows_probe_text_reaches_a_watched_script_at_its_next_step_and_while_paused(hf_tokenizer, tmp_path):
    """The attention panel's text (a ``probe`` command) is probed at the script's next step, or at
    once while the window has it paused; without a watched model it is refused with a reason."""
    from andrea_desktop.core.rundir.control import send_command

    torch.manual_seed(0)
    model = _gpt2()
    run_dir = tmp_path / "run"
    with track.init(run_dir, poll_ms=10) as run:
        assert run.watch(model, hf_tokenizer, every=1000)
        run.log({"train/loss": 1.0}, step=1)  # the first probe
        send_command(run_dir, "probe", {"text": "import sqlite3"})
        wait_for(lambda: run._steer._probe_text is not None)
        run.log({"train/loss": 0.9}, step=2)
        assert run.last_probe == 2
        assert read_probe(list_probes(run_dir)[2])["source_text"] == "import sqlite3"

        send_command(run_dir, "pause")
        wait_for(run.should_pause)
        send_command(run_dir, "probe", {"text": "def connect(database):"})
        waited = []

        def resume_once_probed():
            wait_for(lambda: len(list_probes(run_dir)) == 2 and read_probe(list_probes(run_dir)[2])["source_text"]
                   == "def connect(database):")
            send_command(run_dir, "resume")
            waited.append(True)

        import threading

        t = threading.Thread(target=resume_once_probed)
        t.start()
        assert run.wait_if_paused(timeout=60)
        t.join(60)
        assert waited  # the probe was taken while paused, on the loop's own thread
        run.log({"train/loss": 0.8}, step=3)
    assert not _refusals(run_dir)

    with track.init(tmp_path / "unwatched", poll_ms=10) as run:
        send_command(tmp_path / "unwatched", "probe", {"text": "x"})
        wait_for(lambda: run.should_stop() is False and _refusals(tmp_path / "unwatched", flush=run))
    assert any("watches no model" in m for m in _refusals(tmp_path / "unwatched"))


def _refusals(run_dir, flush=None) -> list[str]:
    if flush is not None:
        flush.flush()
    con = sqlite3.connect(f"file:{run_dir}/metrics.sqlite?mode=ro", uri=True)
    try:
        rows = con.execute("SELECT payload FROM events WHERE kind = 'anomaly'").fetchall()
    finally:
        con.close()
    import json

    return [json.loads(p)["message"] for (p,) in rows]




def test_a_block_the_user_keeps_in_eval_mode_stays_there_and_the_losses_do_not_change(tmp_path):
    """The probe puts back each module's own mode, not only the model's: a frozen block (eval,
    dropout off) inside a training model stays frozen."""
    on = _dropout_losses(tmp_path / "on", True, frozen_block=True, steps=4)
    assert on == _dropout_losses(tmp_path / "off", False, frozen_block=True, steps=4)


def test_a_log_from_another_thread_never_runs_the_model(tmp_path):
    """A probe runs on the thread that called watch() (the loop's): a log() from a logging thread
    only marks it due, and the loop's next log() takes it."""
    model = _gpt2()
    with track.init(tmp_path / "r") as run:
        assert run.watch(model, every=1)
        worker = threading.Thread(target=run.log, args=({"train/loss": 1.0},), kwargs={"step": 1})
        worker.start()
        worker.join(30)
        assert run.last_probe is None and not list_probes(tmp_path / "r")
        run.log({"train/loss": 0.9}, step=2)
        assert run.last_probe == 2


class _FailingTokenizer:
    """Encodes what it knows; a text with "!" makes it raise TypeError (a foreign tokenizer)."""

    def encode(self, text):
        if "!" in text:
            raise TypeError("cannot encode '!'")
        return [ord(c) % V for c in text]

    def decode(self, ids):
        return "".join(chr(i) for i in ids)


def test_a_probe_that_fails_never_breaks_the_loop_it_is_said_once(tmp_path, monkeypatch):
    from andrea_desktop.core.rundir.control import send_command

    model = _gpt2()
    run_dir = tmp_path / "r"
    with track.init(run_dir, poll_ms=10) as run:
        assert run.watch(model, _FailingTokenizer(), probe_text="probe me", every=1)
        run.log({"train/loss": 1.0}, step=1)
        send_command(run_dir, "probe", {"text": "a text with ! in it"})  # the window's text
        wait_for(lambda: run._steer._probe_text is not None, what="the probe command")
        run.log({"train/loss": 0.9}, step=2)  # refused with a reason: the loop goes on
        assert run.last_probe == 1
        monkeypatch.setattr(model, "forward", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("boom")))
        with pytest.warns(UserWarning, match="boom"):
            run.log({"train/loss": 0.8}, step=3)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            run.log({"train/loss": 0.7}, step=4)  # said once; no probe any more
        assert run.last_probe is None
    r = runs.open_run(run_dir)
    assert len(r.scalars(as_pandas=False)["train/loss"]) == 4
    messages = [p.get("message", "") for p in r.events("anomaly", as_pandas=False)["payload"]]
    assert any("probe text refused" in m and "TypeError" in m for m in messages)
    watch = r.events("watch", as_pandas=False)["payload"]
    assert watch[0]["probed"] is True and watch[1]["probed"] is False and "boom" in watch[1]["reason"]

    with track.init(tmp_path / "file") as run:  # the probe folder replaced by a file after the start
        assert run.watch(_gpt2(), every=1)
        (tmp_path / "file" / "probes").write_text("not a folder")
        with pytest.warns(UserWarning, match="not probed"):
            run.log({"train/loss": 1.0}, step=1)
        run.log({"train/loss": 0.9}, step=2)
    assert (tmp_path / "file" / "probes").read_text() == "not a folder"


def test_models_and_tokenizers_the_probe_cannot_take_are_said_at_watch(tmp_path):
    tiny_context = transformers.GPT2LMHeadModel(transformers.GPT2Config(
        vocab_size=V, n_positions=3, n_embd=8, n_layer=1, n_head=2, bos_token_id=0, eos_token_id=0))
    with torch.device("meta"):
        meta = _gpt2()

    class NoDecode(_FailingTokenizer):
        def decode(self, ids):
            raise KeyError(ids[0])

    with track.init(tmp_path / "r") as run:
        for model, why in ((tiny_context, "at least 5"), (meta, "meta device")):
            with pytest.warns(UserWarning, match=why):
                assert run.watch(model, every=1) is False
        with pytest.raises(ValueError, match="cannot decode"):
            run.watch(_gpt2(), NoDecode(), probe_text="abc", every=1)
        run.log({"train/loss": 1.0}, step=1)
    assert not (tmp_path / "r" / "probes").exists()


def test_an_embedding_too_large_for_the_probe_files_is_left_out_not_written_for_the_reader_to_refuse(
        tmp_path, monkeypatch, caplog):
    import andrea_desktop.core.model_probes as model_probes

    monkeypatch.setattr(model_probes, "MAX_ARRAY_BYTES", 1000)
    with track.init(tmp_path / "r") as run:
        assert run.watch(_gpt2(), every=1)
        run.log({"train/loss": 1.0}, step=1)
        run.log({"train/loss": 1.0}, step=2)
    assert sorted(list_probes(tmp_path / "r")) == [1, 2] and read_embedding(tmp_path / "r") is None
    assert sum("token embedding" in r.message for r in caplog.records) == 1


def test_a_trainer_log_key_the_store_refuses_is_skipped_with_a_warning():
    from andrea_desktop.integrations.hf import scalar_rows

    long_key = "a key no other test logs " * 12  # a warning is said once per name in a process
    with pytest.warns(UserWarning, match="not stored") as said:
        assert scalar_rows({"loss": 1.0, "bad\nkey of this test": 2.0, long_key: 3.0}) == {"train/loss": 1.0}
    assert len(said) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert scalar_rows({"loss": 2.0, long_key: 3.0}) == {"train/loss": 2.0}  # once
