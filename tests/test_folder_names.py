"""The checks of a run or runs folder's name and of a step count that every dialog making
folders shares (gui/common/folder_names.py: New Run, Branch from Checkpoint, New Experiment): a
name too long in bytes, with a separator or an invisible character, or starting with a dot, a
step count in other than ASCII digits, a runs folder that is a file, cannot be written or cannot
be named; each refused with a message that quotes the value cut short."""

from __future__ import annotations

import pytest

from andrea_desktop.gui.common.folder_names import (
    MAX_NAME_BYTES,
    folder_problem,
    name_problem,
    taken_problem,
    whole_number,
)


@pytest.mark.parametrize("name", ["é" * 200, "😀" * 100, "x" * 10_000])
def test_folder_name_longer_than_a_file_system_takes_in_bytes_is_refused(name):
    problem = name_problem(name, "name", "the run")
    assert problem is not None and "bytes" in problem and len(problem) < 200


@pytest.mark.parametrize("name", ["a/b", "a\x01b", "a\x7fb", "a\u202eb", "a\u2028b", "a\x85b"])
def test_folder_name_with_a_separator_or_an_invisible_character_is_refused(name):
    assert "control characters" in name_problem(name, "name", "the run")


@pytest.mark.parametrize("name", [".", "..", ".hidden"])
def test_folder_name_starting_with_a_dot_is_refused(name):
    assert "dot" in name_problem(name, "name", "the run")


def test_folder_name_of_the_byte_limit_is_taken():
    assert name_problem("é" * (MAX_NAME_BYTES // 2), "name", "the run") is None
    assert name_problem("é" * (MAX_NAME_BYTES // 2), "name", "the run", reserve=1) is not None


@pytest.mark.parametrize("text", ["²", "٣", "9" * 5000, "1" * 16, "-1", "1e3", ""])
def test_step_count_in_other_than_ascii_digits_or_too_long_is_not_a_number(text):
    assert whole_number(text) is None


def test_step_count_in_ascii_digits_is_read():
    assert whole_number(" 42 ") == 42


def test_taken_check_of_a_name_too_long_to_look_at_says_so(tmp_path):
    problem = taken_problem(tmp_path / ("é" * 300), "name")
    assert problem is not None and "cannot be looked at" in problem and len(problem) < 400


@pytest.mark.parametrize("make", [lambda t: t / "afile", lambda t: t / "afile" / "sub"])
def test_runs_folder_that_is_a_file_or_below_one_is_refused(tmp_path, make):
    (tmp_path / "afile").write_text("x")
    assert "is a file" in folder_problem(make(tmp_path))


@pytest.mark.parametrize("text", ["a\x00b", "x" * 10_000, "~nosuchuser-andrea/runs"])
def test_runs_folder_with_a_nul_too_long_or_an_unknown_home_is_refused(text):
    from pathlib import Path

    problem = folder_problem(Path(text))
    assert problem is not None and len(problem) < 300


@pytest.mark.parametrize("below", ["", "new/deeper"])
def test_runs_folder_that_cannot_be_written_is_refused(tmp_path, monkeypatch, below):
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if str(p) == str(tmp_path) else real(p, mode, **k))
    assert "cannot be written" in folder_problem(tmp_path / below if below else tmp_path)
