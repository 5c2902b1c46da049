"""Creating and opening a run folder (docs/design.md#the-run-folder, docs/design.md#bad-input-changes-nothing): what a new run
writes, what an existing one must match, and that a refused or failed start leaves nothing behind."""

import dataclasses
import os

import pytest
from conftest import andrea_train, tiny_config

from andrea_desktop.core.config import SourceSpec, save_config
from andrea_desktop.core.data import DataError
from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.store import RunStore, StoreError
from andrea_desktop.core.training import RunError, prepare_run


def test_run_directory_contents_and_reopen(tmp_path, tiny_cfg):
    p = prepare_run(tmp_path / "run", config=tiny_cfg)
    assert p.created
    assert {f.name for f in (tmp_path / "run").iterdir()} >= {"config.toml", "tokenizer.json"}
    assert p.config.model.vocab_size == p.tokenizer.get_vocab_size() <= tiny_cfg.data.tokenizer_vocab_size
    assert len(p.config.data.fingerprint) == 64
    again = prepare_run(tmp_path / "run")
    assert not again.created and again.config == p.config


def test_refuses_folder_that_is_not_a_run(tmp_path, tiny_cfg):
    (tmp_path / "stuff.txt").write_text("x")
    with pytest.raises(RunError, match="not empty"):
        prepare_run(tmp_path, config=tiny_cfg)


def test_refuses_other_preset(tmp_path, tiny_cfg):
    prepare_run(tmp_path / "run", config=tiny_cfg)
    with pytest.raises(RunError, match="not 'andrea-12m'"):
        prepare_run(tmp_path / "run", preset="andrea-12m")


def test_refuses_changed_data(tmp_path, tiny_cfg):
    src = tmp_path / "mine.txt"
    src.write_text("the quick brown fox jumps over the lazy dog. " * 400)
    cfg = tiny_cfg.replace(data=dataclasses.replace(tiny_cfg.data, sources=[SourceSpec("mine", [str(src)])]))
    prepare_run(tmp_path / "run", config=cfg)
    src.write_text("a different text entirely, with other words in it. " * 400)
    with pytest.raises(RunError, match="no longer match the run"):
        prepare_run(tmp_path / "run")


def test_refuses_tokenizer_that_does_not_match(tmp_path, tiny_cfg):
    p = prepare_run(tmp_path / "run", config=tiny_cfg)
    bigger = p.config.replace(model=dataclasses.replace(p.config.model, vocab_size=p.config.model.vocab_size - 1))
    save_config(bigger, tmp_path / "run" / "config.toml")
    with pytest.raises(DataError, match="does not belong"):
        prepare_run(tmp_path / "run")
    (tmp_path / "run" / "tokenizer.json").write_text("{broken")
    with pytest.raises(RunError, match="cannot read the run's tokenizer"):
        prepare_run(tmp_path / "run")


# ------------------------------------------------------------------ refused and failed starts
def test_a_config_that_cannot_fit_in_memory_is_refused_before_anything_is_written(tmp_path):
    cfg = tiny_config(model={"n_layer": 1024, "d_model": 8192, "n_head": 64})
    with pytest.raises(RunError, match="GiB"):
        prepare_run(tmp_path / "run", config=cfg)
    assert not (tmp_path / "run").exists()


def test_failed_creation_leaves_nothing_behind(tmp_path, tiny_cfg, monkeypatch):
    def disk_full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("andrea_desktop.core.training.prepare.save_config", disk_full)
    with pytest.raises(OSError):
        prepare_run(tmp_path / "run", config=tiny_cfg)
    assert not (tmp_path / "run").exists()
    (tmp_path / "kept").mkdir()  # a folder the user made stays, empty again
    with pytest.raises(OSError):
        prepare_run(tmp_path / "kept", config=tiny_cfg)
    assert (tmp_path / "kept").is_dir() and not any((tmp_path / "kept").iterdir())


def test_relative_source_paths_are_recorded_absolute(tmp_path, tiny_cfg, monkeypatch):
    (tmp_path / "u").mkdir()
    (tmp_path / "u" / "s.txt").write_text("some words for a source. " * 300)
    monkeypatch.chdir(tmp_path)
    cfg = tiny_cfg.replace(data=dataclasses.replace(tiny_cfg.data, sources=[SourceSpec("mine", ["u/s.txt"])]))
    p = prepare_run(tmp_path / "run", config=cfg)
    assert p.config.data.sources[0].paths == [str(tmp_path / "u" / "s.txt")]
    monkeypatch.chdir("/")
    assert prepare_run(tmp_path / "run").config == p.config


def test_corrupt_metrics_database_is_a_clear_error(tmp_path, tiny_cfg):
    prepare_run(tmp_path / "run", config=tiny_cfg)
    db = tmp_path / "run" / "metrics.sqlite"
    db.write_bytes(os.urandom(20_000))
    with pytest.raises(StoreError, match="not a usable metrics database"):
        RunStore(db)
    with pytest.raises(StoreError):
        RunReader(db)
    res = andrea_train("--run-dir", tmp_path / "run", "--resume", "--max-steps", 2, "-q")
    assert res.returncode == 2 and "metrics.sqlite" in res.stderr and "Traceback" not in res.stderr


def test_tokenizer_without_end_of_text_token(tmp_path, tiny_cfg):
    prepare_run(tmp_path / "run", config=tiny_cfg)
    tok = tmp_path / "run" / "tokenizer.json"
    tok.write_text(tok.read_text().replace("<|endoftext|>", "<|notend|>"))
    with pytest.raises(DataError, match="no <\\|endoftext\\|> token"):
        prepare_run(tmp_path / "run")
