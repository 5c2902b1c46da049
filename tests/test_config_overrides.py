"""``andrea-train --config FILE --set KEY=VALUE``: dotted overrides read as
TOML values, a settings file, the precedence preset < file < --set < --seed, each bad key or
value refused naming it, the old flags equal to their --set forms, and --resume --set going
through the resume's comparison of settings; what no reader takes (an integer of thousands of
digits, keys nested thousands deep, undecodable bytes, a FIFO or device, a name with NUL) refused
with a short message before ``config.toml`` is written."""

import dataclasses
import os

import pytest
from conftest import no_hang, posix_only, tiny_config, train_run

from andrea_desktop.cli.train import train_main
from andrea_desktop.core.config import (
    ConfigError,
    build_config,
    config_to_dict,
    load_config,
    load_preset,
    override_problems,
    parse_override,
    parse_value,
    save_config,
)
from andrea_desktop.core.config.overrides import read_config_file
from andrea_desktop.core.errors import Problem
from andrea_desktop.core.rundir.layout import CONFIG
from andrea_desktop.core.rundir.reader import RunReader

SMALL = ["model.n_layer=2", "model.n_head=2", "model.d_model=32", "model.block_size=32",
         "data.max_bytes_per_source=40000", "data.tokenizer_vocab_size=384", "train.batch_size=8",
         "run.torch_threads=1", "train.eval_rows=4"]
"""Overrides that make andrea-tiny cheap to prepare and train in a test."""


# ------------------------------------------------------------------ values and keys
@pytest.mark.parametrize("text, value", [
    ("1e-3", 1e-3), ("0", 0), ("true", True), ('"text"', "text"), ("[0.9, 0.99]", [0.9, 0.99]),
    ("{ a = 0.5 }", {"a": 0.5}), ("cpu", "cpu"), ("", ""), ("two words", "two words"),
    ('"1e-3"', "1e-3"), ("1\nw = 2", "1\nw = 2"),
])
def test_override_values_are_toml_values_or_a_bare_string(text, value):
    assert parse_value(text) == value
    assert type(parse_value(text)) is type(value)


def test_set_overrides_with_dotted_keys_build_the_config():
    cfg = build_config(overrides=["optimizer.lr=1e-3", "schedule.warmup_steps=0", "run.device=cpu",
                                  "optimizer.betas=[0.9, 0.99]", "curriculum.floors.stdlib-code=0.2",
                                  "probe.text=a=b", "optimizer.lr=2e-3"])
    base = load_preset("andrea-tiny")
    assert cfg.optimizer.lr == 2e-3  # the last of two wins
    assert cfg.schedule.warmup_steps == 0 and cfg.run.device == "cpu" and cfg.optimizer.betas == [0.9, 0.99]
    assert cfg.curriculum.floors == {**base.curriculum.floors, "stdlib-code": 0.2}  # one entry of a table
    assert cfg.probe.text == "a=b"  # only the first '=' splits
    assert cfg.model == base.model and cfg.run.preset == "andrea-tiny"
    assert parse_override("curriculum.caps.my.source=0.5").path == ("curriculum", "caps", "my.source")


@pytest.mark.parametrize("override, named, says", [
    ("optimizer.lrr=1e-3", "optimizer.lrr", "unknown key"),
    ("optimiser.lr=1e-3", "optimiser.lr", "unknown section"),
    ("optimizer.lr=fast", "optimizer.lr", "expected a number"),
    ("optimizer.lr=0", "optimizer.lr", "must be in (0, 1000]"),
    ("model.n_layer=2.5", "model.n_layer", "expected an integer"),
    ("schedule.warmup_steps=-1", "schedule.warmup_steps", "must be in"),
    ("curriculum.enabled=yes", "curriculum.enabled", "expected true or false"),
    ("probe.text=1e-3", "probe.text", "expected a string"),
    ("optimizer.lr.x=1", "optimizer.lr.x", "is not a table"),
    ("optimizer=1", "optimizer", "expected section.key"),
    ("optimizer.lr", "optimizer.lr", "expected KEY=VALUE"),
    ("run.device=gpu", "run.device", "must be auto, cpu, cuda or mps"),
])
def test_unknown_keys_and_ill_typed_values_are_refused_naming_the_key(override, named, says):
    with pytest.raises(ConfigError) as err:
        build_config(overrides=[override])
    assert str(err.value).startswith(named) and says in str(err.value)


def test_a_settings_file_sits_between_the_preset_and_set(tmp_path):
    f = tmp_path / "sweep.toml"
    f.write_text('[optimizer]\nlr = 2e-3\n\n[schedule]\nwarmup_steps = 10\n\n[curriculum]\nfloors = {}\n')
    cfg = build_config(config_file=f, overrides=["optimizer.lr=5e-3"])
    base = load_preset("andrea-tiny")
    assert cfg.optimizer.lr == 5e-3 and cfg.schedule.warmup_steps == 10  # --set over the file
    assert cfg.curriculum.floors == {}  # a table in the file replaces the preset's whole table
    assert cfg.schedule.total_steps == base.schedule.total_steps  # the rest from the preset
    # the file's run.preset chooses the base like --preset does
    f.write_text('[run]\npreset = "andrea-12m"\n')
    assert build_config(config_file=f) == load_preset("andrea-12m")


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"),
    ("[optimizer\nlr = 1", "not valid TOML"),
    ("[optimizer]\nlrr = 1e-3\n", "optimizer.lrr: unknown key"),
    ("[optimizer]\nlr = 'fast'\n", "optimizer.lr: expected a number"),
    ("optimizer = 3\n", "optimizer: expected a table"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_a_bad_settings_file_is_named_with_its_key(tmp_path, content, says):
    f = tmp_path / "bad.toml"
    if isinstance(content, bytes):
        f.write_bytes(content)
    elif content is not None:
        f.write_text(content)
    with pytest.raises(ConfigError) as err:
        build_config(config_file=f)
    assert str(err.value).startswith(str(f)) and says in str(err.value)


def test_preset_is_the_same_as_set_run_preset_and_a_clash_is_refused():
    assert build_config(preset="andrea-12m") == build_config(overrides=["run.preset=andrea-12m"])
    assert build_config(preset="andrea-12m", overrides=["run.preset=andrea-12m"]) == load_preset("andrea-12m")
    with pytest.raises(ConfigError, match="run.preset: 'andrea-tiny' differs from the preset 'andrea-12m'"):
        build_config(preset="andrea-12m", overrides=["run.preset=andrea-tiny"])


def test_each_bad_override_is_named_for_a_form():
    problems = override_problems(["optimizer.lr=2e-3", "model.n_head=3", "train.batch_size=0"],
                                 load_preset("andrea-tiny"))
    assert set(problems) == {"model.n_head", "train.batch_size"}
    assert problems["model.n_head"].text.startswith("model.d_model: 128 is not divisible by n_head = 3")
    assert problems["train.batch_size"] == Problem("train.batch_size", "range",
                                                   {"range": "[1, 65536]", "rest": "", "value": "0"})
    assert problems["train.batch_size"].text == "train.batch_size: must be in [1, 65536], got 0"


# ------------------------------------------------------------------ the command line
def _written(run):
    """config.toml of a run without what preparing it fills in."""
    d = config_to_dict(load_config(run / "config.toml"))
    d["model"].pop("vocab_size")
    d["data"].pop("fingerprint")
    return d


def test_config_and_set_on_the_command_line_write_the_config_of_build_config(tmp_path, capsys):
    f = tmp_path / "sweep.toml"
    f.write_text("[optimizer]\nlr = 2e-3\nweight_decay = 0.05\n")
    args = [*(x for s in SMALL for x in ("--set", s)), "--set", "optimizer.lr=4e-3", "--set",
            "schedule.warmup_steps=0"]
    assert train_main(["--run-dir", str(tmp_path / "r"), "--config", str(f), *args, "--max-steps", "2", "-q"]) == 0
    want = config_to_dict(build_config(config_file=f, overrides=[*SMALL, "optimizer.lr=4e-3",
                                                                 "schedule.warmup_steps=0"]))
    want["model"].pop("vocab_size")
    want["data"].pop("fingerprint")
    assert _written(tmp_path / "r") == want
    got = load_config(tmp_path / "r" / "config.toml")
    assert got.optimizer.lr == 4e-3 and got.optimizer.weight_decay == 0.05 and got.schedule.warmup_steps == 0
    reader = RunReader(tmp_path / "r" / "metrics.sqlite")
    _, lr = reader.scalars("train/lr")
    reader.close()
    assert lr[0] == pytest.approx(4e-3, rel=1e-3)  # no warmup: the peak LR at step 1

    capsys.readouterr()
    assert train_main(["--run-dir", str(tmp_path / "bad"), "--set", "optimizer.lrr=1", "-q"]) == 2
    err = capsys.readouterr().err
    assert "optimizer.lrr: unknown key" in err and "Traceback" not in err
    assert not (tmp_path / "bad").exists()


def test_old_flags_equal_their_set_forms(tmp_path):
    sets = [x for s in SMALL for x in ("--set", s)]
    assert train_main(["--run-dir", str(tmp_path / "a"), *sets, "--seed", "5", "--preset", "andrea-tiny",
                       "--max-steps", "0", "-q"]) == 0
    assert train_main(["--run-dir", str(tmp_path / "b"), *sets, "--set", "run.seed=5", "--set",
                       "run.preset=andrea-tiny", "--max-steps", "0", "-q"]) == 0
    a, b = _written(tmp_path / "a"), _written(tmp_path / "b")
    assert a == b and a["run"]["seed"] == 5
    # --seed comes after --set
    assert train_main(["--run-dir", str(tmp_path / "c"), *sets, "--set", "run.seed=9", "--seed", "5",
                       "--max-steps", "0", "-q"]) == 0
    assert _written(tmp_path / "c") == a


def test_resume_with_set_applies_or_refuses_through_the_resume_comparison(tmp_path, capsys):
    cfg = tiny_config(schedule={"warmup_steps": 2, "total_steps": 100, "min_lr": 3e-4},
                      train={"eval_interval": 1000}, probe={"interval": 1000, "sample_interval": 1000},
                      checkpoint={"interval": 1000})
    run = tmp_path / "run"
    train_run(run, cfg, 6)
    before = (run / "config.toml").read_bytes()

    # refused: named, and config.toml is put back as it was
    assert train_main(["--run-dir", str(run), "--resume", "--set", "model.dropout=0.1", "--max-steps", "8",
                       "-q"]) == 2
    assert "model.dropout: 0.0 → 0.1" in capsys.readouterr().err
    assert (run / "config.toml").read_bytes() == before
    # a bad value is refused before anything is written
    assert train_main(["--run-dir", str(run), "--resume", "--set", "schedule.total_steps=0", "-q"]) == 2
    assert "schedule.total_steps: must be in" in capsys.readouterr().err
    assert (run / "config.toml").read_bytes() == before

    # applied: listed, the LR continues from the anchor, one config_changed event
    assert train_main(["--run-dir", str(run), "--resume", "--set", "schedule.total_steps=300", "--max-steps",
                       "8", "-q"]) == 0
    err = capsys.readouterr().err
    assert "schedule.total_steps: 100 → 300" in err and "learning rate continues from" in err
    assert load_config(run / "config.toml").schedule == dataclasses.replace(cfg.schedule, total_steps=300)
    reader = RunReader(run / "metrics.sqlite")
    try:
        [(step, _, payload)] = [e[:3] for e in reader.events("config_changed")]
        steps, lr = reader.scalars("train/lr")
    finally:
        reader.close()
    assert step == 6 and payload["changes"] == [{"key": "schedule.total_steps", "old": 100, "new": 300}]
    lr = dict(zip(steps.tolist(), lr.tolist(), strict=True))
    assert lr[7] / lr[6] == pytest.approx(1.0, abs=0.03)


# ------------------------------------------------------------------ values and files past what a reader takes
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


@pytest.mark.parametrize("body", [
    b"[" + b".".join([b"a"] * 50000) + b"]\n",  # a RecursionError in copying the tables
    b".".join([b"b"] * 50000) + b" = 1\n",
])
def test_settings_file_nested_deeply_is_refused(body, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_bytes(body)
    with pytest.raises(ConfigError, match="nested too deeply"):
        build_config(config_file=path)


@pytest.fixture
def toml_parses(monkeypatch) -> list[str]:
    """The texts tomllib is asked to parse from now on (the parse itself still runs)."""
    from andrea_desktop.core.config import toml_io

    texts, loads = [], toml_io.tomllib.loads
    monkeypatch.setattr(toml_io.tomllib, "loads", lambda text: texts.append(text) or loads(text))
    return texts


def test_a_key_of_thousands_of_parts_is_refused_before_it_is_parsed(toml_parses, tmp_path):
    """tomllib's time and memory grow with the square of a dotted key's parts (a 100 KB settings
    file of one 50,000-part key took 33 s and 10 GB before its depth could be checked): such a key
    is refused before tomllib sees the text, in a settings file, a run's config.toml (the window,
    the CLI and the runs API read it) and a --set value."""
    from andrea_desktop import runs
    from andrea_desktop.core.config.toml_io import MAX_KEY_PARTS

    long_key = ".".join(["a"] * 50_000) + " = 1\n"
    settings = tmp_path / "deep.toml"
    settings.write_text(long_key)
    with pytest.raises(ConfigError, match="deep.toml: nested too deeply"):
        build_config(config_file=settings)
    run = tmp_path / "run"
    train_run(run, tiny_config(), max_steps=1)
    (run / CONFIG).write_text(f"[{'.'.join(['run'] * 50_000)}]\n")
    with pytest.raises(ConfigError, match="nested too deeply"):
        load_config(run / CONFIG)
    with pytest.raises(runs.RunsError, match="nested too deeply"):
        runs.open_run(run).config  # noqa: B018 (the property reads the file)
    with pytest.raises(ConfigError, match="nested too deeply"):
        parse_value("{" + ".".join(['"q"'] * 50_000) + " = 1}")  # quoted parts alike
    assert toml_parses == []
    # a key of MAX_KEY_PARTS parts is parsed (and refused by the depth check after it, as before)
    settings.write_text(".".join(["b"] * MAX_KEY_PARTS) + " = 1\n")
    with pytest.raises(ConfigError, match="nested too deeply"):
        build_config(config_file=settings)
    assert len(toml_parses) == 1


def test_dots_in_values_and_short_keys_are_not_taken_for_a_long_key(toml_parses, tmp_path):
    settings = tmp_path / "ok.toml"
    settings.write_text('[probe]\ntext = "Version 1.2.3 of a.b.c ... and an ellipsis...."\n'
                        '[curriculum.floors]\n"python-reference" = 0.1\n')
    cfg = build_config(config_file=settings)
    assert cfg.probe.text.startswith("Version 1.2.3") and cfg.curriculum.floors == {"python-reference": 0.1}


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
    with no_hang(), pytest.raises(ConfigError, match="not a regular file"):
        read_config_file(path)
    with no_hang(), pytest.raises(ConfigError, match="not a regular file"):
        load_config(path)


@pytest.mark.parametrize("name", ["a\0b.toml", "x" * 5000 + "\0"])
def test_settings_file_name_with_nul_is_refused_quoting_it_short(name):
    with pytest.raises(ConfigError, match="NUL") as exc:
        build_config(config_file=name)
    assert len(str(exc.value)) < 300
