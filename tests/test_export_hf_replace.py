"""``andrea-export-hf`` replaces only what it wrote, and as a whole: a folder another
program wrote (``save_pretrained``), or the run's own ``--init-from`` folder, is refused; an
export killed midway leaves ``OUT`` the earlier export, never a mix, and the next export clears
what the killed one left beside it (recognised by the export's marker, never anybody else's)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest
from conftest import python_c, tiny_config

from andrea_desktop.cli.export_hf import export_hf_main
from andrea_desktop.core.hf.export import EXPORT_MARKER, HF_FILES, export_hf, is_export
from andrea_desktop.core.hf.init_from import with_init_from
from andrea_desktop.core.rundir.export import ExportError
from andrea_desktop.core.training import run_session


def _train(run_dir, steps=6, config=None):
    cfg = config or tiny_config(run={"torch_threads": 1}, checkpoint={"interval": 5, "keep_last": 5},
                                probe={"enabled": False})
    with run_session(run_dir, config=cfg) as t:
        t.run(steps)
    return run_dir


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return _train(tmp_path_factory.mktemp("export-replace") / "r")


@pytest.fixture(scope="module")
def other(tmp_path_factory):
    """Another run: another width and tokenizer, so every file of its export differs from ``run``'s."""
    return _train(tmp_path_factory.mktemp("export-replace-other") / "o", steps=2, config=tiny_config(
        run={"torch_threads": 1}, model={"d_model": 16}, data={"tokenizer_vocab_size": 320},
        probe={"enabled": False}))


def _digests(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _beside(out):
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def test_a_save_pretrained_folder_is_refused_and_left_as_it_was(run, tmp_path, capsys):
    mine = tmp_path / "my-model"  # what transformers' save_pretrained writes: names an export writes too
    mine.mkdir()
    (mine / "config.json").write_text(json.dumps({"model_type": "gpt2", "n_layer": 12}))
    (mine / "model.safetensors").write_bytes(os.urandom(4096))
    (mine / "tokenizer.json").write_text("{}")
    (mine / "generation_config.json").write_text("{}")
    before = _digests(mine)
    assert export_hf_main([str(run), str(mine)]) == 2
    assert "holds no earlier export" in capsys.readouterr().err
    assert _digests(mine) == before and not _beside(mine)
    with pytest.raises(ExportError, match="holds no earlier export"):  # the window's export too
        export_hf(run, mine, step=5)
    assert _digests(mine) == before


def test_the_runs_own_init_from_folder_is_refused_though_an_export_wrote_it(run, tmp_path):
    base, _ = export_hf(run, tmp_path / "base", step=5)
    assert is_export(base)
    child = _train(tmp_path / "child", steps=2, config=with_init_from(
        tiny_config(run={"torch_threads": 1}, probe={"enabled": False}), base))
    before = _digests(base)
    with pytest.raises(ExportError, match="model.init_from"):
        export_hf(child, base)
    assert _digests(base) == before
    out, step = export_hf(child, tmp_path / "elsewhere")
    assert step == 2 and is_export(out)


def test_an_earlier_export_is_replaced_whole_and_files_of_yours_in_it_are_kept(run, tmp_path):
    out, _ = export_hf(run, tmp_path / "hf", step=5)
    assert sorted(p.name for p in out.iterdir()) == sorted(HF_FILES)
    assert json.loads((out / EXPORT_MARKER).read_text())["step"] == 5
    out, step = export_hf(run, out)
    assert step == 6 and json.loads((out / EXPORT_MARKER).read_text())["step"] == 6
    assert not _beside(out)
    (out / "README.md").write_text("my notes")
    with pytest.raises(ExportError, match="README.md"):
        export_hf(run, out, step=5)
    assert (out / "README.md").read_text() == "my notes"
    link = tmp_path / "link"
    link.symlink_to(out)
    with pytest.raises(ExportError, match="is a link"):
        export_hf(run, link, step=5)


KILLED_EXPORT = """
import os, sys
from pathlib import Path
run, out, kill_at = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
calls = []
def killing(real):
    def op(src, dst, *a, **k):  # a rename into or out of OUT: the k-th is where the process dies
        if Path(dst) == out or Path(src) == out or Path(dst).parent == out:
            calls.append(dst)
            if len(calls) == kill_at:
                os._exit(9)
        return real(src, dst, *a, **k)
    return op
os.rename, os.replace = killing(os.rename), killing(os.replace)
from andrea_desktop.core.hf.export import export_hf
export_hf(run, out)
sys.exit(0)
"""


@pytest.mark.parametrize("kill_at", [1, 2])
def test_an_export_killed_midway_leaves_no_mix_and_the_next_export_clears_its_leftovers(run, other, tmp_path,
                                                                                       kill_at):
    out, _ = export_hf(run, tmp_path / "hf", step=5)
    earlier = _digests(out)
    res = python_c(KILLED_EXPORT, other, out, kill_at)
    assert res.returncode == 9, res.stderr
    assert _beside(out)  # what the killed export left: its temporary folder(s)
    if out.exists():  # the earlier export, whole: not some files of step 6 among those of step 5
        assert _digests(out) == earlier
    else:  # moved aside, whole, just before the new one would have taken its place
        (aside,) = [out.parent / n for n in _beside(out) if ".old-" in n]
        assert _digests(aside) == earlier
    # a folder of that name that no export wrote is never removed
    (tmp_path / ".hf.tmp-mine").mkdir()
    (tmp_path / ".hf.tmp-mine" / "keep.txt").write_text("mine")
    out, step = export_hf(run, out)
    assert _beside(out) == [".hf.tmp-mine"] and (tmp_path / ".hf.tmp-mine" / "keep.txt").read_text() == "mine"
    assert step == 6 and json.loads((out / EXPORT_MARKER).read_text())["step"] == 6


def test_the_temporary_folder_of_a_running_export_is_left_alone(run, tmp_path):
    out, _ = export_hf(run, tmp_path / "hf", step=5)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        live = tmp_path / ".hf.tmp-live"  # another export of OUT at work (its process runs)
        live.mkdir()
        marker = json.loads((out / EXPORT_MARKER).read_text())
        (live / EXPORT_MARKER).write_text(json.dumps({**marker, "pid": sleeper.pid}))
        dead = tmp_path / ".hf.tmp-dead"  # one whose process is gone
        dead.mkdir()
        (dead / EXPORT_MARKER).write_text(json.dumps({**marker, "pid": 2**22 + 12345}))
        export_hf(run, out)
        assert live.is_dir() and not dead.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_runs_tokenizer_that_is_a_fifo_is_refused_not_waited_on(run, tmp_path):
    """andrea-export-hf read the run's tokenizer.json with Tokenizer.from_file: a FIFO there hung
    it for ever (resume and andrea-terrain refuse it). Read bounded, as the run's own file."""
    import shutil

    copy = tmp_path / "r"
    shutil.copytree(run, copy)
    (copy / "tokenizer.json").unlink()
    os.mkfifo(copy / "tokenizer.json")
    code = ("import sys; from andrea_desktop.cli.export_hf import export_hf_main; "
            "sys.exit(export_hf_main())")
    proc = python_c(code, copy, tmp_path / "out", timeout=120)
    assert proc.returncode != 0 and "tokenizer" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("spelled", [".", "../here"])
def test_an_empty_folder_named_relatively_is_exported_into(run, tmp_path, monkeypatch, spelled):
    """OUT given as "." (the folder one is in) is the folder it names: the new export was written
    inside it (Path(".").name is empty) and then refused as "not empty"."""
    target = tmp_path / "here"
    target.mkdir()
    monkeypatch.chdir(target)
    out, _ = export_hf(run, spelled)
    assert out == target and is_export(target) and (target / "config.json").is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
