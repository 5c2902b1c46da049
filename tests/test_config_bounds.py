"""Every value of a config file is bounded by the one validator, and messages quote values cut
to a readable length: a huge integer or a 10 MB string is refused naming
its key, before anything on disk changes, never as a traceback."""

from __future__ import annotations

import pytest

from andrea_desktop.core.config import ConfigError, config_from_dict, load_preset


@pytest.mark.parametrize("section, key, value", [
    ("curriculum", "phase_max", 9223372036854775808),   # 2^63: past int64
    ("curriculum", "phase_max", 10**12),                 # fits int64, but no phase is that long
    ("curriculum", "warmup_steps", 2**62),
    ("checkpoint", "interval", 2**63 - 1),
    ("probe", "interval", -(2**70)),
])
def test_an_integer_out_of_range_is_refused_naming_its_key(section, key, value):
    with pytest.raises(ConfigError, match=f"{section}.{key}"):
        config_from_dict({section: {key: value}}, base=load_preset("andrea-tiny"))


@pytest.mark.parametrize("section, key, value", [
    ("run", "preset", "p" * 10_000_000),
    ("probe", "sample_prompt", "x" * 10_000_000),
    ("probe", "text", "y" * 100_000),
    ("probe", "watch", ["w" * 10_000_000]),
    ("probe", "watch", ["w"] * 100_000),
    ("curriculum", "excluded", ["s" * 10_000_000]),
    ("curriculum", "floors", {"s" * 10_000_000: 0.1}),
    ("curriculum", "caps", {f"s{i}": 0.1 for i in range(5000)}),
])
def test_a_huge_string_or_list_is_refused_with_a_short_message(section, key, value):
    with pytest.raises(ConfigError) as err:
        config_from_dict({section: {key: value}}, base=load_preset("andrea-tiny"))
    assert len(str(err.value)) < 400
    assert key in str(err.value)


def test_a_huge_source_name_is_refused_with_a_short_message():
    with pytest.raises(ConfigError) as err:
        config_from_dict({"data": {"sources": [{"name": "n" * 10_000_000, "paths": ["/tmp/x.txt"]}]}},
                         base=load_preset("andrea-tiny"))
    assert len(str(err.value)) < 400


@pytest.mark.parametrize("section, key, value, says", [
    ("probe", "repetition_threshold", 5.0, "probe.repetition_threshold: must be in (0, 1], got 5.0"),
    ("probe", "repetition_threshold", 0.0, "probe.repetition_threshold: must be in (0, 1], got 0.0"),
    ("terrain", "share", 0.95, "terrain.share: must be in [0.01, 0.9], got 0.95"),
    ("probe", "temperature", -1, "probe.temperature: must be in (0, 100], got -1"),
])
def test_a_hand_edited_config_toml_with_a_value_out_of_its_range_is_refused_naming_key_range_and_value(
        tmp_path, section, key, value, says):
    import re

    from andrea_desktop.core.config import load_config, save_config

    path = tmp_path / "config.toml"
    save_config(load_preset("andrea-tiny"), path)
    text = path.read_text()
    edited = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", text.split(f"[{section}]", 1)[1], count=1)
    path.write_text(text.split(f"[{section}]", 1)[0] + f"[{section}]" + edited)
    with pytest.raises(ConfigError) as err:
        load_config(path)  # never the default in its place
    assert str(err.value).endswith(says)
    assert err.value.__cause__.problem.values["value"] == repr(value)
