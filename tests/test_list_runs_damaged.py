"""One run whose config holds a value of the wrong type or out of range is listed as damaged by
``runs.list_runs``; the other runs of the folder are listed as ever."""

from __future__ import annotations

import re

import pytest
from conftest import tiny_config

from andrea_desktop import runs
from andrea_desktop.core.training import prepare_run


@pytest.fixture(scope="module")
def good_config_text(tmp_path_factory):
    run = tmp_path_factory.mktemp("good") / "run"
    prepare_run(run, config=tiny_config())
    return (run / "config.toml").read_text()


def _set(text, section, key, value):
    block = re.search(rf"^\[{section}\]\n(.*?)(?=^\[|\Z)", text, re.S | re.M)
    body = re.sub(rf"^{key} = .*$", f"{key} = {value}", block.group(1), count=1, flags=re.M)
    assert body != block.group(1)
    return text[:block.start(1)] + body + text[block.end(1):]


@pytest.mark.parametrize(("section", "key", "value"), [
    ("run", "seed", '"abc"'),
    ("run", "seed", str(10**23)),
    ("run", "seed", "{ a = 1 }"),
    ("model", "n_layer", '"four"'),
    ("schedule", "total_steps", '"x"'),
    ("run", "preset", "3"),
])
def test_a_run_with_a_bad_config_value_is_listed_as_damaged(tmp_path, good_config_text, section, key, value):
    for name in ("a-good", "b-bad", "c-good"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "config.toml").write_text(good_config_text)
    (tmp_path / "b-bad" / "config.toml").write_text(_set(good_config_text, section, key, value))
    table = runs.list_runs(tmp_path, as_pandas=False)
    assert table["name"].tolist() == ["a-good", "b-bad", "c-good"]
    assert table["error"][0] == "" and table["error"][2] == ""
    assert key in table["error"][1] and "damaged" in table["error"][1]
    assert table["seed"][0] == 7 and not table["finished"][1]
