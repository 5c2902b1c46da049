"""Models that leave the app: weights files that load the plain way (``load_file`` +
``load_state_dict(strict=True)``), and the Hugging Face export that ``transformers`` loads with
our logits and our greedy ids."""

from __future__ import annotations

import hashlib
import json
import time

import pytest
import torch
from conftest import tiny_config
from safetensors.torch import load_file, save_model

from andrea_desktop.cli.export_hf import export_hf_main
from andrea_desktop.core.analysis import generate
from andrea_desktop.core.config import config_to_dict, load_config
from andrea_desktop.core.hf.export import (
    HF_FILES,
    export_hf,
    load_checkpoint_model,
    measure_architecture,
)
from andrea_desktop.core.model import GPT
from andrea_desktop.core.rundir import checkpoint as ckpt_mod
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.export import ExportError, export_checkpoint_weights
from andrea_desktop.core.training import run_session

PROMPTS = ["The model attends", "def f(x):", "import os\n", "return self."]


def _train(run_dir, steps=6, **overrides):
    """A tiny run with checkpoints at 0 (random weights), 5 and ``steps``."""
    cfg = tiny_config(checkpoint={"interval": 5, "keep_last": 5}, probe={"enabled": False}, **overrides)
    with run_session(run_dir, config=cfg) as t:
        t.save_checkpoint("start")
        t.resume()
        t.run(steps)
    return run_dir


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("hf-export")
    return {"none": _train(base / "exact"), "tanh": _train(base / "tanh", model={"gelu_approximate": "tanh"})}


# ------------------------------------------------------------------ plain-loadable weights
def test_exported_weights_and_checkpoints_load_the_plain_way_strict(runs, tmp_path):
    run = runs["none"]
    cfg = load_config(run / "config.toml")
    path, step = export_checkpoint_weights(run, tmp_path / "model.safetensors")
    assert step == 6
    sd = load_file(str(path))
    assert {"wte.weight", "lm_head.weight"} <= set(sd)
    model = GPT(cfg.model)
    model.load_state_dict(sd, strict=True)  # the failing call: "Missing key(s): wte.weight"
    assert model.lm_head.weight is model.wte.weight  # still tied after loading
    ckpt = load_file(str(list_checkpoints(run)[-1].path / "model.safetensors"))
    assert set(ckpt) == set(model.state_dict())
    for k, v in model.state_dict().items():
        assert torch.equal(v, ckpt[k]), k


def _make_format_1(info):
    """Rewrite a checkpoint as the app wrote it before: safetensors' save_model (the tied matrix
    once, under lm_head.weight), format 1, with matching checksums."""
    model = GPT(load_config(info.path.parent.parent / "config.toml").model)
    model.load_state_dict(load_file(str(info.path / "model.safetensors")), strict=True)
    save_model(model, str(info.path / "model.safetensors"))
    assert "wte.weight" not in load_file(str(info.path / "model.safetensors"))
    meta = json.loads((info.path / "state.json").read_text())
    meta["format"] = 1
    # the config hash as the app computed it before model.gelu_approximate / model.init_from
    d = config_to_dict(load_config(info.path.parent.parent / "config.toml"))
    old_model = {k: v for k, v in d["model"].items() if k not in ("gelu_approximate", "init_from")}
    key = {"model": old_model, "data": d["data"], "seed": d["run"]["seed"], "batch_size": d["train"]["batch_size"]}
    meta["config_hash"] = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
    meta["files"]["model.safetensors"] = ckpt_mod._sha256(info.path / "model.safetensors")
    meta["state_sha256"] = ckpt_mod._meta_digest(meta)
    (info.path / "state.json").write_text(json.dumps(meta))
    return model


def test_old_checkpoints_still_resume_and_export_plain(tmp_path):
    run = _train(tmp_path / "r", steps=5)
    info = list_checkpoints(run)[-1]
    before = _make_format_1(info)
    toml = (run / "config.toml").read_text()  # a config.toml from before the two model keys
    (run / "config.toml").write_text("".join(line for line in toml.splitlines(keepends=True)
                                             if not line.startswith(("gelu_approximate", "init_from"))))
    assert "gelu_approximate" not in (run / "config.toml").read_text()
    with run_session(run, resume=False) as t:
        assert t.resume().step == 5
        for k, v in before.state_dict().items():
            assert torch.equal(t.model.state_dict()[k], v), k
    path, _ = export_checkpoint_weights(run, tmp_path / "w.safetensors")
    GPT(load_config(run / "config.toml").model).load_state_dict(load_file(str(path)), strict=True)
    out, _ = export_hf(run, tmp_path / "hf")  # the Hugging Face export reads old files too
    assert (out / "model.safetensors").is_file()


# ------------------------------------------------------------------ the Hugging Face folder
@pytest.mark.parametrize("gelu", ["none", "tanh"])
def test_transformers_loads_the_export_with_our_logits_and_greedy_ids(runs, tmp_path, gelu, capsys):
    transformers = pytest.importorskip("transformers")
    transformers.utils.logging.disable_progress_bar()
    run = runs[gelu]
    t0 = time.perf_counter()
    assert export_hf_main([str(run), str(tmp_path / "hf")]) == 0
    export_s = time.perf_counter() - t0
    assert "step 6" in capsys.readouterr().out
    out = tmp_path / "hf"
    assert sorted(p.name for p in out.iterdir()) == sorted(HF_FILES)
    config = json.loads((out / "config.json").read_text())
    assert config["activation_function"] == {"none": "gelu", "tanh": "gelu_new"}[gelu]
    assert config["layer_norm_epsilon"] == 1e-5 and config["tie_word_embeddings"] is True
    assert config["resid_pdrop"] == config["embd_pdrop"] == config["attn_pdrop"] == 0.0
    hf = transformers.AutoModelForCausalLM.from_pretrained(out).float().eval()
    hf_tok = transformers.AutoTokenizer.from_pretrained(out)
    assert type(hf).__name__ == "GPT2LMHeadModel"
    assert hf_tok.eos_token == "<|endoftext|>" and hf_tok.eos_token_id == config["eos_token_id"]
    # the exported weights are GPT-2's names and layouts, loadable the plain way too
    sd = load_file(str(out / "model.safetensors"))
    missing, unexpected = hf.load_state_dict(sd, strict=False)
    assert not unexpected and all("attn.bias" in k or "masked_bias" in k for k in missing)

    cfg, tok, model, _ = load_checkpoint_model(run)
    text = load_config(run / "config.toml").probe.text
    ids = tok.encode(text).ids[: cfg.model.block_size]
    assert hf_tok(text, truncation=True, max_length=cfg.model.block_size)["input_ids"] == ids
    with torch.no_grad():
        ours = model(torch.tensor([ids]))[0]
        theirs = hf(torch.tensor([ids])).logits
    diff = (ours - theirs).abs().max().item()
    print(f"gelu={gelu}: max |logit difference| = {diff:.2e}, export {export_s:.2f} s")  # noqa: T201
    assert diff < 1e-4

    eot = config["eos_token_id"]
    for step in (0, 6):  # random weights and trained ones
        _, _, model, _ = load_checkpoint_model(run, step)
        export_hf(run, out, step=step)
        hf = transformers.AutoModelForCausalLM.from_pretrained(out).float().eval()
        for prompt in PROMPTS:
            p = tok.encode(prompt).ids
            ours = generate(model, torch.tensor(p), 20, torch.Generator(), temperature=0).tolist()
            theirs = hf.generate(torch.tensor([p]), attention_mask=torch.ones(1, len(p), dtype=torch.long),
                                 max_new_tokens=20, do_sample=False, pad_token_id=eot)[0].tolist()
            if len(theirs) < len(ours):  # transformers stops at <|endoftext|>; ours goes on
                assert theirs[-1] == eot
            assert ours[: len(theirs)] == theirs, (step, prompt)


def test_the_architecture_is_measured_not_assumed(runs):
    _, _, model, _ = load_checkpoint_model(runs["tanh"])
    assert measure_architecture(model).gelu_approximate == "tanh"
    _, _, model, _ = load_checkpoint_model(runs["none"])
    arch = measure_architecture(model)
    assert (arch.gelu_approximate, arch.layer_norm_eps, arch.dropout) == ("none", 1e-5, 0.0)
    model.blocks[0].ln_1.eps = 1e-6
    with pytest.raises(ExportError, match="LayerNorms differ"):
        measure_architecture(model)
    model.blocks[0].ln_1.eps = 1e-5
    model.blocks[1].mlp.dropout.p = 0.1
    with pytest.raises(ExportError, match="dropout rates differ"):
        measure_architecture(model)
    model.blocks[1].mlp.dropout.p = 0.0
    model.blocks[0].mlp.gelu_approximate = None  # not a GELU torch knows: F.gelu raises
    with pytest.raises((ExportError, TypeError, RuntimeError)):
        measure_architecture(model)


def test_export_refusals_and_exit_codes(runs, tmp_path, capsys):
    run = runs["none"]
    assert export_hf_main([str(run), str(tmp_path / "a"), "--step", "3"]) == 2
    assert "no checkpoint of step 3 (checkpoints: 0, 5, 6)" in capsys.readouterr().err
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with pytest.raises(ExportError, match="not empty"):
        export_hf(run, busy)
    assert (busy / "notes.txt").read_text() == "mine"
    with pytest.raises(ExportError, match="inside the run folder"):
        export_hf(run, run / "hf")
    assert export_hf_main([str(tmp_path / "nothing"), str(tmp_path / "b")]) == 2
    assert "not a readable run" in capsys.readouterr().err
    out, step = export_hf(run, tmp_path / "c", step=5)
    assert step == 5
    out, step = export_hf(run, out)  # an earlier export is replaced
    assert step == 6 and load_file(str(out / "model.safetensors"))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary folder left


def test_file_menu_exports_a_hugging_face_folder(runs, tmp_path, qtbot, monkeypatch):
    from PySide6.QtWidgets import QApplication, QFileDialog

    from andrea_desktop.gui.app import configure_app
    from andrea_desktop.gui.window.main_window import MainWindow

    configure_app(QApplication.instance())
    w = MainWindow(runs["none"])
    qtbot.addWidget(w)
    export_menu = next(a.menu() for a in w.menuBar().actions()[0].menu().actions()
                       if a.menu() is not None and "Export" in a.text())
    action = w.window_actions.export_hf_action
    assert action in export_menu.actions() and action.isEnabled()
    out = tmp_path / "hf"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(out))
    action.trigger()
    assert json.loads((out / "config.json").read_text())["model_type"] == "gpt2"
    assert "Hugging Face model folder" in w.statusBar().currentMessage()
