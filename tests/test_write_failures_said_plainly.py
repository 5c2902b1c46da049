"""Write failures are told as they are: a full disk under a checkpoint says "no space left"
(not torch's "unexpected pos"), and rows the store gives up on at exit are counted, never
promised to be written later."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections import namedtuple

import pytest
import torch

from andrea_desktop.core.rundir import checkpoint as ckpt
from andrea_desktop.core.rundir import store as store_mod
from andrea_desktop.core.rundir.checkpoint import list_checkpoints, write_checkpoint
from andrea_desktop.core.rundir.store import RunStore, StoreError

_Usage = namedtuple("_Usage", "total used free")


def _write(run, step=1):
    return write_checkpoint(run, step, torch.nn.Linear(2, 2), {"x": torch.zeros(1)}, {"note": "t"})


def test_torchs_own_error_on_a_full_disk_says_no_space_left(tmp_path, monkeypatch):
    def full(*a, **k):
        raise RuntimeError("[enforce fail at inline_container.cc:672] . unexpected pos 4416 vs 4310")

    monkeypatch.setattr(ckpt, "save_weights", full)
    monkeypatch.setattr(shutil, "disk_usage", lambda p: _Usage(10 << 30, (10 << 30) - (1 << 20), 1 << 20))
    with pytest.raises(OSError, match="no space left on the disk \\(1.0 MiB free\\)"):
        _write(tmp_path)
    assert list_checkpoints(tmp_path) == [] and not list((tmp_path / "checkpoints").iterdir())


def test_enospc_when_the_checkpoint_folder_is_made_says_no_space_left(tmp_path, monkeypatch):
    real_mkdir = type(tmp_path).mkdir

    def mkdir(self, *a, **k):
        if self.name.startswith(".tmp-"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_mkdir(self, *a, **k)

    monkeypatch.setattr(type(tmp_path), "mkdir", mkdir)
    with pytest.raises(OSError, match="no space left on the disk"):
        _write(tmp_path)


def test_rows_the_store_gives_up_on_at_close_are_counted_and_not_promised(tmp_path, monkeypatch):
    monkeypatch.setattr(store_mod, "BUSY_TIMEOUT_S", 0.05)
    monkeypatch.setattr(store_mod, "_CLOSE_RETRY_S", 1.0)
    store = RunStore(tmp_path / "metrics.sqlite")
    blocker = sqlite3.connect(str(tmp_path / "metrics.sqlite"), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another process holds the write lock until the end
    try:
        store.log_scalars(1, {"train/loss": 1.0, "train/lr": 0.1})
        store.log_scalars(2, {"train/loss": 0.9})
        with pytest.raises(StoreError) as flushed:
            store.flush(timeout=0.5)
        assert "free again" not in str(flushed.value) and "retried while this process runs" in str(flushed.value)
        with pytest.raises(StoreError, match="3 rows were never written"):
            store.close()
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
