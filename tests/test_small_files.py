"""Untrusted input the way users, attackers and bug reports give it: each input that once broke a
reader (a traceback, a hang, a file that could not be written) and a second of its kind, now
refused with a message that quotes the value cut short, or read as absent (logged)."""

import contextlib
import json
import os
import signal
import sys

import pytest

from andrea_desktop.core.config import (
    ConfigError,
    build_config,
    load_config,
    parse_value,
    save_config,
)
from andrea_desktop.core.config.overrides import read_config_file
from andrea_desktop.core.rundir.checkpoint import list_checkpoints
from andrea_desktop.core.rundir.layout import CHECKPOINTS_DIR, CONFIG, PARENT, STATE_JSON, TAGS
from andrea_desktop.core.rundir.lineage import read_parent
from andrea_desktop.core.rundir.manage import read_tags
from andrea_desktop.core.small_files import FileTooLargeError, NotRegularFileError, read_small

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")


@contextlib.contextmanager
def _no_hang(seconds=20):
    """Fail the test instead of hanging when a read blocks (a FIFO without a writer)."""
    def on_alarm(*_):
        raise AssertionError(f"blocked for {seconds} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------ --set values
@pytest.mark.parametrize("override", [
    "schedule.total_steps=1" + "0" * 5000,  # past Python's 4,300-digit int-from-text limit
    "curriculum.floors.web=" + "9" * 4400,
])
def test_override_with_an_integer_of_thousands_of_digits_is_refused(override):
    with pytest.raises(ConfigError, match="too long to read") as exc:
        build_config(overrides=[override])
    assert len(str(exc.value)) < 200


@pytest.mark.parametrize("text", [
    "{" + ".".join(["a"] * 20000) + " = 1}",  # dotted keys nest without recursion in the parser
    "[{" + ".".join(["b"] * 20000) + " = 1}]",
])
def test_override_nested_deeply_through_dotted_keys_is_refused(text):
    with pytest.raises(ConfigError, match="nested too deeply") as exc:
        parse_value(text)
    assert len(str(exc.value)) < 200


@pytest.mark.parametrize("override", ["probe.text=\udcff", "curriculum.floors.\udcff=0.1"])
def test_override_with_undecodable_bytes_is_refused_before_config_toml_is_written(override, tmp_path):
    """``--set probe.text=$'\\xff'`` reaches Python as a lone surrogate: it used to pass the
    validator and fail later writing ``config.toml`` (UnicodeEncodeError)."""
    with pytest.raises(ConfigError, match="not valid Unicode"):
        build_config(overrides=[override])
    save_config(build_config(overrides=["probe.text=ünïcödé"]), tmp_path / CONFIG)  # real Unicode is fine
    assert load_config(tmp_path / CONFIG).probe.text == "ünïcödé"


# ------------------------------------------------------------------ --config FILE
@pytest.mark.parametrize("body", [
    b"[" + b".".join([b"a"] * 50000) + b"]\n",  # a RecursionError in copying the tables
    b".".join([b"b"] * 50000) + b" = 1\n",
])
def test_settings_file_nested_deeply_is_refused(body, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_bytes(body)
    with pytest.raises(ConfigError, match="nested too deeply"):
        build_config(config_file=path)


@pytest.mark.parametrize("body", [b"[schedule]\ntotal_steps = " + b"9" * 5000 + b"\n",
                                  b"[optimizer]\nbetas = [1" + b"0" * 6000 + b", 0.9]\n"])
def test_settings_file_with_an_integer_of_thousands_of_digits_is_refused(body, tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(body)
    with pytest.raises(ConfigError, match="too long to read"):
        build_config(config_file=path)
    run = tmp_path / "run"
    run.mkdir()
    (run / CONFIG).write_bytes(body)
    with pytest.raises(ConfigError, match="too long to read"):  # a run's config.toml alike
        load_config(run / CONFIG)


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_settings_file_that_is_a_fifo_or_device_is_refused_without_blocking(kind, tmp_path):
    if kind == "fifo":
        path = tmp_path / "settings.toml"
        os.mkfifo(path)
    else:
        path = tmp_path / "zero.toml"
        path.symlink_to("/dev/zero")  # a link the user names is followed: to a device, refused
    with _no_hang(), pytest.raises(ConfigError, match="not a regular file"):
        read_config_file(path)
    with _no_hang(), pytest.raises(ConfigError, match="not a regular file"):
        load_config(path)


@pytest.mark.parametrize("name", ["a\0b.toml", "x" * 5000 + "\0"])
def test_settings_file_name_with_nul_is_refused_quoting_it_short(name):
    with pytest.raises(ConfigError, match="NUL") as exc:
        build_config(config_file=name)
    assert len(str(exc.value)) < 300


# ------------------------------------------------------------------ a run folder's small files
def _run(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    save_config(build_config(), run / CONFIG)
    return run


@posix_only
@pytest.mark.parametrize("name", [TAGS, PARENT])
def test_run_file_that_is_a_fifo_reads_as_absent_without_blocking(name, tmp_path, caplog):
    """A crafted run in the runs folder used to freeze the runs dock (and the runs API) on
    opening its tags.json or parent.json."""
    run = _run(tmp_path)
    os.mkfifo(run / name)
    with _no_hang():
        assert read_tags(run) == ()
        assert read_parent(run) is None
    assert "not a regular file" in caplog.text


@posix_only
@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_checkpoint_state_json_that_is_a_fifo_or_device_reads_as_damaged(target, tmp_path):
    run = _run(tmp_path)
    ck = run / CHECKPOINTS_DIR / "step-00000010"
    ck.mkdir(parents=True)
    if target == "fifo":
        os.mkfifo(ck / STATE_JSON)
    else:
        (ck / STATE_JSON).symlink_to(target)  # a link is never followed out of the run
    with _no_hang():
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


# ------------------------------------------------------------------ --branch-from RUN[:STEP]
def test_branch_from_a_run_folder_named_with_a_colon_and_digits(tmp_path):
    """``--branch-from runs/exp:2`` where ``exp:2`` is the run used to look for a run ``exp``."""
    from andrea_desktop.core.training.branch import parse_branch_source

    run = tmp_path / "exp:2"
    run.mkdir()
    save_config(build_config(), run / CONFIG)
    assert parse_branch_source(str(run)) == (run, None)
    assert parse_branch_source(f"{run}:7") == (run, 7)
    other = tmp_path / "exp"  # both are runs: RUN:STEP as documented
    other.mkdir()
    save_config(build_config(), other / CONFIG)
    assert parse_branch_source(str(run)) == (other, 2)


@pytest.mark.parametrize("parent", ["/tmp/" + "x" * 300, "/tmp/" + "y/" * 5000])
def test_branch_from_a_path_too_long_is_refused_quoting_it_short(parent, tmp_path):
    from andrea_desktop.core.rundir.layout import is_run_dir
    from andrea_desktop.core.training.branch import create_branch
    from andrea_desktop.core.training.errors import RunError

    assert is_run_dir(parent) is False  # ENAMETOOLONG used to escape as an OSError
    with pytest.raises(RunError, match="holds no run") as exc:
        create_branch(parent, tmp_path / "b")
    assert len(str(exc.value)) < 400
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize("run_dir", ["x" * 300, "y/" * 3000])
def test_cli_branch_into_a_path_too_long_is_a_short_message(run_dir, tmp_path, capsys, monkeypatch):
    from andrea_desktop.cli.train import train_main

    monkeypatch.chdir(tmp_path)
    parent = tmp_path / "parent"
    parent.mkdir()
    save_config(build_config(), parent / CONFIG)
    code = train_main(["--run-dir", run_dir, "--branch-from", str(parent), "-q"])
    err = capsys.readouterr().err
    assert code in (1, 2) and "Traceback" not in err and len(err) < 600


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_run_tokenizer_that_is_a_fifo_or_device_has_no_fingerprint_without_blocking(kind, tmp_path):
    from andrea_desktop.core.rundir.layout import TOKENIZER
    from andrea_desktop.core.training.fingerprint import tokenizer_sha256

    if kind == "fifo":
        os.mkfifo(tmp_path / TOKENIZER)
    else:
        (tmp_path / TOKENIZER).symlink_to("/dev/zero")
    with _no_hang():
        assert tokenizer_sha256(tmp_path) is None


# ------------------------------------------------------------------ command-line integers
@pytest.mark.parametrize("flag, value", [("--max-steps", "9" * 5000), ("--seed", "9" * 10**6),
                                         ("--max-steps", "-5"), ("--max-steps", "1e3")])
def test_cli_integer_argument_out_of_bounds_is_refused_quoting_it_short(flag, value, capsys):
    from andrea_desktop.cli.train import _train_parser

    with pytest.raises(SystemExit) as exc:
        _train_parser().parse_args(["--run-dir", "r", flag, value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and flag in err and len(err) < 600


@pytest.mark.parametrize("flag, value, expected", [("--max-steps", "0", 0), ("--max-steps", "10000000000", 10**10),
                                                   ("--seed", "9223372036854775807", 2**63 - 1)])
def test_cli_integer_argument_at_its_bounds_is_taken(flag, value, expected):
    from andrea_desktop.cli.train import _train_parser

    args = _train_parser().parse_args(["--run-dir", "r", flag, value])
    assert getattr(args, flag[2:].replace("-", "_")) == expected


# ------------------------------------------------------------------ runs dock management
@pytest.mark.parametrize("name", ["x\u2028y", "x\u2029y"])
def test_rename_to_a_name_with_a_line_or_paragraph_separator_is_refused(name, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, rename_run

    run = _run(tmp_path)
    with pytest.raises(RunManageError, match="control characters"):
        rename_run(run, name)
    assert run.is_dir()


@pytest.mark.parametrize("name", ["q" * 10000, "q/" * 3000])
def test_rename_or_delete_of_a_path_too_long_is_refused_not_an_oserror(name, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, delete_run, rename_run

    with pytest.raises(RunManageError) as exc:
        rename_run(tmp_path / name, "new")
    assert len(str(exc.value)) < 400
    with pytest.raises(RunManageError):
        delete_run(tmp_path / name)


@pytest.mark.parametrize("tags", ["abc", [None, 5]])
def test_write_tags_refuses_text_or_non_strings_for_a_list_of_tags(tags, tmp_path):
    from andrea_desktop.core.rundir.manage import RunManageError, write_tags

    run = _run(tmp_path)
    with pytest.raises(RunManageError):
        write_tags(run, tags)
    assert read_tags(run) == ()
