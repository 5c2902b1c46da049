"""``--init-from`` checks before it reads or builds: the shape's bounds before any
list of weights is made from it, each file's kind (a regular file, not a FIFO or device, not a
link out of the folder) and size before it is read, and a refusal, never a traceback, for JSON
nested too deeply. The folders are exports of a tiny run (a GPT-2 folder, nothing downloaded)."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from conftest import andrea_train, python_c, tiny_config

from andrea_desktop.core.hf.export import export_hf
from andrea_desktop.core.hf.init_from import (
    InitFromError,
    apply_init_from,
    read_hf_folder,
    with_init_from,
)
from andrea_desktop.core.training import run_session

# read_hf_folder in a child whose memory is capped at what it maps after the imports + 1 GiB: an
# unbounded read or build fails there (MemoryError) instead of filling this machine
CHILD = """
import resource, sys
from andrea_desktop.core.hf.init_from import InitFromError, read_hf_folder
with open("/proc/self/statm") as f:
    mapped = int(f.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (mapped + (1 << 30), resource.RLIM_INFINITY))
try:
    read_hf_folder(sys.argv[1])
except InitFromError as exc:
    print("REFUSED", exc)
    sys.exit(0)
print("ACCEPTED")
sys.exit(1)
"""


def _refusal_in_child(folder, timeout=90):
    res = python_c(CHILD, folder, timeout=timeout)
    assert res.returncode == 0 and res.stdout.startswith("REFUSED"), (res.returncode, res.stdout, res.stderr[-2000:])
    assert "Traceback" not in res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    base = tmp_path_factory.mktemp("init-bounds")
    with run_session(base / "run", config=tiny_config(run={"torch_threads": 1}, probe={"enabled": False})) as t:
        t.run(1)
    out, _ = export_hf(base / "run", base / "gpt2")
    read_hf_folder(out)  # a folder it starts from as it is
    return out


@pytest.fixture
def folder(gpt2, tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(gpt2, copy)
    return copy


def _edit_config(folder, **changes):
    cfg = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**cfg, **changes}))


# ------------------------------------------------------------------ bounds before building
@pytest.mark.parametrize("n_layer", [10**6, 10**8])
def test_a_layer_count_past_the_limit_is_refused_before_the_weights_list_is_built(folder, n_layer):
    _edit_config(folder, n_layer=n_layer)  # the old code built 12 names per layer first: 1.9 GB, 102 s
    out = _refusal_in_child(folder)
    assert "n_layer" in out and "1024" in out


def test_every_dimension_is_held_to_the_model_limits(folder):
    _edit_config(folder, n_positions=1 << 18)
    with pytest.raises(InitFromError, match=r"outside ANDREA's limits .*block_size"):
        read_hf_folder(folder)


# ------------------------------------------------------------------ file kinds, links and sizes
def test_a_config_json_that_is_a_fifo_is_refused_not_waited_on(folder):
    (folder / "config.json").unlink()
    os.mkfifo(folder / "config.json")
    assert "config.json is not a regular file" in _refusal_in_child(folder, timeout=60)


@pytest.mark.parametrize("name", ["config.json", "tokenizer.json"])
def test_a_file_linked_to_dev_zero_is_refused_not_read(folder, name):
    (folder / name).unlink()
    (folder / name).symlink_to("/dev/zero")
    out = _refusal_in_child(folder, timeout=60)
    assert name in out and "/dev/zero" in out


def test_a_link_out_of_the_folder_is_refused_but_the_hugging_face_cache_layout_is_read(folder, tmp_path):
    outside = tmp_path / "elsewhere.json"
    shutil.move(folder / "config.json", outside)
    (folder / "config.json").symlink_to(outside)
    with pytest.raises(InitFromError, match="config.json is a link to .*outside the folder"):
        read_hf_folder(folder)
    # models--ORG--NAME/snapshots/REV/FILE -> ../../blobs/HASH is how the hub cache keeps a model
    repo = tmp_path / "models--me--tiny"
    (repo / "blobs").mkdir(parents=True)
    snap = repo / "snapshots" / "0123abc"
    snap.mkdir(parents=True)
    (folder / "config.json").unlink()
    shutil.move(outside, folder / "config.json")
    for i, f in enumerate(sorted(folder.iterdir())):
        blob = repo / "blobs" / f"blob{i}"
        shutil.copyfile(f, blob)
        (snap / f.name).symlink_to(os.path.relpath(blob, snap))
    assert read_hf_folder(snap).model["n_layer"] == 2
    fifo = repo / "blobs" / "fifo"
    os.mkfifo(fifo)
    (snap / "tokenizer.json").unlink()
    (snap / "tokenizer.json").symlink_to(os.path.relpath(fifo, snap))
    assert "tokenizer.json is not a regular file" in _refusal_in_child(snap, timeout=60)


def test_files_larger_than_their_bound_are_refused_before_they_are_read(folder):
    cfg = (folder / "config.json").read_text()
    (folder / "config.json").write_text(cfg + " " * (2 << 20))  # valid JSON, 2 MB of spaces
    with pytest.raises(InitFromError, match="config.json is larger than"):
        read_hf_folder(folder)
    (folder / "config.json").write_text(cfg)
    with open(folder / "tokenizer.json", "r+b") as f:  # sparse: 65 MB that take no disk
        f.truncate(65 << 20)
    with pytest.raises(InitFromError, match="tokenizer.json is larger than"):
        read_hf_folder(folder)


def test_a_shard_named_outside_the_folder_is_refused(folder, tmp_path):
    shutil.move(folder / "model.safetensors", tmp_path / "outside.safetensors")
    (folder / "model.safetensors.index.json").write_text(json.dumps(
        {"weight_map": {"transformer.wte.weight": "../outside.safetensors"}}))
    with pytest.raises(InitFromError, match="not a file name of the folder"):
        read_hf_folder(folder)


# ------------------------------------------------------------------ JSON nested too deeply
@pytest.mark.parametrize("name", ["config.json", "model.safetensors.index.json"])
def test_json_nested_too_deeply_is_a_refusal_not_a_traceback(folder, name):
    if name != "config.json":
        (folder / "model.safetensors").unlink()  # the weights are listed by the index
    (folder / name).write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InitFromError, match=f"{name} (is nested too deeply|does not hold an object|cannot be read)"):
        apply_init_from(with_init_from(tiny_config(), folder))


def test_andrea_train_refuses_a_fifo_config_with_a_message_and_leaves_nothing(folder, tmp_path):
    (folder / "config.json").unlink()
    os.mkfifo(folder / "config.json")
    run = tmp_path / "new"
    res = andrea_train("--run-dir", run, "--init-from", folder, "-q", timeout=60)
    assert res.returncode == 2, res.stderr
    assert "andrea-train: error: model.init_from:" in res.stderr and "not a regular file" in res.stderr
    assert "Traceback" not in res.stderr and not run.exists()


PADDING = {"strategy": {"Fixed": 4096}, "direction": "Right", "pad_to_multiple_of": None, "pad_id": 5,
           "pad_type_id": 0, "pad_token": "&"}


def test_a_tokenizer_that_asks_for_padding_or_truncation_encodes_documents_whole(folder):
    """A tokenizer.json with ``"padding": Fixed 4096`` made every document 4 tokens and 4,092 pad
    ids (3,000,000: the process aborted allocating them); truncation cut documents to one token.
    ANDREA encodes documents whole: both settings are switched off when the file is read."""
    plain = read_hf_folder(folder).tokenizer.encode("def f(x): return x").ids
    for key, value in (("padding", PADDING), ("truncation", {"direction": "Right", "max_length": 1,
                                                              "strategy": "LongestFirst", "stride": 0})):
        tok = json.loads((folder / "tokenizer.json").read_text())
        tok[key] = value
        (folder / "tokenizer.json").write_text(json.dumps(tok))
        got = read_hf_folder(folder).tokenizer
        assert got.encode("def f(x): return x").ids == plain, key
        assert got.padding is None and got.truncation is None


def test_a_runs_own_tokenizer_edited_to_pad_is_refused_for_what_it_is(tmp_path):
    """Second of the kind: a run's own tokenizer.json edited to pad. Before, the resume padded
    every document while it read the data (with 3,000,000 the process aborted there) and then
    blamed the data ("the training data no longer match"); now the documents are encoded whole
    and the edit is refused for what it is, the tokenizer the checkpoint was not trained with."""
    from conftest import train_run

    from andrea_desktop.core.training import RunError

    run = tmp_path / "r"
    cfg = tiny_config(run={"torch_threads": 1}, probe={"enabled": False}, checkpoint={"interval": 2})
    train_run(run, config=cfg, max_steps=2)
    tok = json.loads((run / "tokenizer.json").read_text())
    tok["padding"] = PADDING
    (run / "tokenizer.json").write_text(json.dumps(tok))
    with pytest.raises(RunError, match="the tokenizer changed since this checkpoint"):
        train_run(run, max_steps=3)


@pytest.mark.parametrize("key, value", [("scale_attn_weights", "false"), ("scale_attn_weights", 0),
                                        ("tie_word_embeddings", 0), ("tie_word_embeddings", "false")])
def test_a_true_or_false_key_given_otherwise_is_refused(folder, key, value):
    """``"false"`` and ``0`` were read as true (``bool("false")``): a flag is JSON's true or false."""
    _edit_config(folder, **{key: value})
    with pytest.raises(InitFromError, match=f"{key} is {value!r}: config.json gives it as true or false"):
        read_hf_folder(folder)
