"""Temporary files are created exclusively under random names, never opened by a fixed name a
planted link could occupy (docs/design.md#the-run-folder): ``--resume --set`` wrote the run's TOML through a
planted ``config.toml.tmp`` into an outside file, and ``config.toml`` became a link to it. Each
writer that renames a temporary file into place gets a link at its old fixed temporary name."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import andrea_train, tiny_config, train_run

from andrea_desktop.core.config import load_config, save_config
from andrea_desktop.core.rundir.export import export_checkpoint_weights, export_metrics_csv
from andrea_desktop.core.rundir.layout import CONFIG

STEPS = 4
PRECIOUS = "precious: not the app's to write"


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    root = tmp_path_factory.mktemp("trained")
    train_run(root / "run", config=tiny_config(checkpoint={"interval": STEPS}), max_steps=STEPS)
    return root / "run"


@pytest.fixture
def run(trained, tmp_path):
    shutil.copytree(trained, tmp_path / "run", symlinks=True)
    return tmp_path / "run"


@pytest.fixture
def victim(tmp_path):
    """A file outside every folder the app writes."""
    (tmp_path / "outside").mkdir()
    path = tmp_path / "outside" / "victim.txt"
    path.write_text(PRECIOUS)
    return path


def _plant(path: Path, victim: Path) -> Path:
    path.symlink_to(victim)
    return path


def test_resume_with_changed_settings_writes_through_no_planted_temporary_file(run, victim):
    """The issue's case: ``andrea-train --resume --set ...`` with ``config.toml.tmp`` a link."""
    _plant(run / "config.toml.tmp", victim)
    proc = andrea_train("--run-dir", run, "--resume", "--max-steps", STEPS + 1, "--set", "optimizer.lr=0.002")
    assert proc.returncode == 0, proc.stderr
    assert victim.read_text() == PRECIOUS
    assert not (run / CONFIG).is_symlink()
    assert load_config(run / CONFIG).optimizer.lr == 0.002


def test_save_config_writes_through_no_planted_temporary_file(tmp_path, victim):
    """Second of the kind, at the writer itself: the planted link stays a link to an unchanged
    file, and the config lands as a file of its own."""
    _plant(tmp_path / "config.toml.tmp", victim)
    save_config(tiny_config(), tmp_path / CONFIG)
    assert victim.read_text() == PRECIOUS and (tmp_path / "config.toml.tmp").is_symlink()
    assert not (tmp_path / CONFIG).is_symlink()
    assert load_config(tmp_path / CONFIG).model.n_layer == tiny_config().model.n_layer


def test_exports_write_through_no_planted_temporary_file(run, victim, tmp_path):
    out = tmp_path / "exports"
    out.mkdir()
    _plant(out / "metrics.csv.tmp", victim)
    _plant(out / "weights.safetensors.tmp", victim)
    export_metrics_csv(run, out / "metrics.csv")
    _, step = export_checkpoint_weights(run, out / "weights.safetensors")
    assert step == STEPS
    assert victim.read_text() == PRECIOUS
    assert (out / "metrics.csv").read_text().startswith("step,")
    assert not (out / "metrics.csv").is_symlink() and not (out / "weights.safetensors").is_symlink()
    assert not [p.name for p in out.iterdir() if p.name.startswith(".")], "a temporary file was left"


def test_the_corpus_cache_writes_through_no_planted_temporary_file(tmp_path, victim, monkeypatch):
    """The embedded corpus's cache files (``NAME.txt``, ``manifest.json``) with links at their
    old temporary names ``NAME.txt.tmp`` and ``manifest.json.tmp``."""
    from andrea_desktop.core.corpus import EMBEDDED_SOURCES, build_embedded_corpus

    monkeypatch.setenv("ANDREA_CACHE_DIR", str(tmp_path / "cache"))
    build_embedded_corpus(20_000)
    (folder,) = (tmp_path / "cache" / "corpus").iterdir()
    shutil.rmtree(folder)
    folder.mkdir()
    for name in (*(f"{n}.txt" for n in EMBEDDED_SOURCES), "manifest.json"):
        _plant(folder / f"{name}.tmp", victim)
    sources = build_embedded_corpus(20_000)
    assert victim.read_text() == PRECIOUS
    assert [s.name for s in sources] == list(EMBEDDED_SOURCES)
    assert not (folder / "manifest.json").is_symlink() and (folder / "manifest.json").stat().st_size > 0


def test_the_token_caches_write_through_no_planted_temporary_file(tmp_path, victim, monkeypatch):
    """The tokenizer and token caches (the user's cache folder) rename their files into place
    too: a link at their old temporary names (``X.tmp``) or at the token count file is not
    written through."""
    from andrea_desktop.core.data import load_sources, tokenize_sources, train_tokenizer

    cfg = tiny_config()
    sources = load_sources(cfg.data)
    monkeypatch.setenv("ANDREA_CACHE_DIR", str(tmp_path / "cache"))
    tok = train_tokenizer(sources, cfg.data.tokenizer_vocab_size)
    tokenize_sources(sources, tok, cfg.data.val_fraction, cfg.model.block_size + 1)
    cached = sorted(p for p in (tmp_path / "cache").rglob("*") if p.suffix in (".bin", ".json"))
    assert cached
    for p in cached:
        p.unlink()
        if p.suffix == ".json" and p.parent.name != "tokenizers":  # a token count: its own name too
            _plant(p, victim)
    for tmp in {p.with_suffix(".tmp") for p in cached}:  # X.bin and X.json shared X.tmp
        _plant(tmp, victim)
    tok2 = train_tokenizer(sources, cfg.data.tokenizer_vocab_size)
    tokenize_sources(sources, tok2, cfg.data.val_fraction, cfg.model.block_size + 1)
    assert victim.read_text() == PRECIOUS
    for p in cached:
        assert p.is_file() and not p.is_symlink(), p


def test_write_atomic_replaces_a_link_and_leaves_no_temporary_file(tmp_path, victim):
    from andrea_desktop.core.small_files import write_atomic

    _plant(tmp_path / "notes.json", victim)
    write_atomic(tmp_path / "notes.json", '{"a": 1}')
    assert victim.read_text() == PRECIOUS
    assert (tmp_path / "notes.json").read_text() == '{"a": 1}' and not (tmp_path / "notes.json").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json", "outside"]
    mode = (tmp_path / "notes.json").stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask
