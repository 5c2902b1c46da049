"""A run folder's small files (``tags.json``, ``parent.json``, a checkpoint's ``state.json``) read
as untrusted: a FIFO or a device read as absent or damaged without blocking, a file past its limit
refused before it is read, a link refused unless the caller asks to follow it."""

import json
import os

import pytest
from conftest import no_hang, posix_only, run_with_config

from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import CHECKPOINTS_DIR, PARENT, STATE_JSON, TAGS
from andrea_desktop.core.rundir.lineage import read_parent
from andrea_desktop.core.rundir.manage import read_tags
from andrea_desktop.core.small_files import FileTooLargeError, NotRegularFileError, read_small


@posix_only
@pytest.mark.parametrize("name", [TAGS, PARENT])
def test_run_file_that_is_a_fifo_reads_as_absent_without_blocking(name, tmp_path, caplog):
    """A crafted run in the runs folder used to freeze the runs dock (and the runs API) on
    opening its tags.json or parent.json."""
    run = run_with_config(tmp_path)
    os.mkfifo(run / name)
    with no_hang():
        assert read_tags(run) == ()
        assert read_parent(run) is None
    assert "not a regular file" in caplog.text


@posix_only
@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_checkpoint_state_json_that_is_a_fifo_or_device_reads_as_damaged(target, tmp_path):
    run = run_with_config(tmp_path)
    ck = run / CHECKPOINTS_DIR / "step-00000010"
    ck.mkdir(parents=True)
    if target == "fifo":
        os.mkfifo(ck / STATE_JSON)
    else:
        (ck / STATE_JSON).symlink_to(target)  # a link is never followed out of the run
    with no_hang():
        (info,) = list_checkpoints(run)
    assert info.damaged is not None and "state.json cannot be read" in info.damaged


def test_run_file_larger_than_its_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / STATE_JSON
    with path.open("wb") as fh:  # a sparse 1 GB file: nothing is read
        fh.truncate(1 << 30)
    with pytest.raises(FileTooLargeError):
        read_small(path, 1 << 20)
    (tmp_path / "tags.json").write_text(json.dumps(["x"] * 10**6))
    assert read_tags(tmp_path) == ()


def test_small_file_read_refuses_a_link_unless_asked(tmp_path):
    (tmp_path / "real").write_text("ok")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(NotRegularFileError, match="link"):
        read_small(tmp_path / "link", 100)
    assert read_small(tmp_path / "link", 100, links=True) == b"ok"
    with pytest.raises(NotRegularFileError):
        read_small(tmp_path, 100, links=True)  # a folder
