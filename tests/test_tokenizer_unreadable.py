"""A run whose ``tokenizer.json`` cannot be read as the run's own file (a link, even to an
identical copy; a FIFO) is refused for what it is, not as "the tokenizer changed"; a FIFO or
device has no fingerprint, and reading it never blocks."""

from __future__ import annotations

import os
import shutil

import pytest
from conftest import no_hang, posix_only, tiny_config, train_run

from andrea_desktop.core.rundir.checkpoint import CheckpointError


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    run = tmp_path_factory.mktemp("tok") / "run"
    train_run(run, tiny_config(probe={"interval": 1000, "sample_interval": 1000}), max_steps=2)
    return run


def _resume_error(run):
    with pytest.raises((CheckpointError, Exception)) as info:
        train_run(run, max_steps=3)
    return str(info.value)


def test_a_linked_identical_tokenizer_is_refused_as_a_link(trained, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(trained, run)
    copy = tmp_path / "elsewhere.json"
    shutil.copyfile(run / "tokenizer.json", copy)
    (run / "tokenizer.json").unlink()
    (run / "tokenizer.json").symlink_to(copy)
    message = _resume_error(run)
    assert "link" in message and "changed" not in message


def test_a_tokenizer_that_is_a_fifo_is_refused_as_unreadable(trained, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(trained, run)
    (run / "tokenizer.json").unlink()
    os.mkfifo(run / "tokenizer.json")
    message = _resume_error(run)
    assert "changed" not in message and "tokenizer.json" in message


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_run_tokenizer_that_is_a_fifo_or_device_has_no_fingerprint_without_blocking(kind, tmp_path):
    from andrea_desktop.core.rundir.layout import TOKENIZER
    from andrea_desktop.core.training.fingerprint import tokenizer_sha256

    if kind == "fifo":
        os.mkfifo(tmp_path / TOKENIZER)
    else:
        (tmp_path / TOKENIZER).symlink_to("/dev/zero")
    with no_hang():
        assert tokenizer_sha256(tmp_path) is None
