import pytest

from andrea_desktop.core.config import (
    PRESETS,
    Config,
    ConfigError,
    SourceSpec,
    config_from_dict,
    load_config,
    load_preset,
    save_config,
)


@pytest.mark.parametrize("name", PRESETS)
def test_presets_round_trip_through_toml(name, tmp_path):
    cfg = load_preset(name)
    save_config(cfg, tmp_path / "config.toml")
    assert load_config(tmp_path / "config.toml") == cfg


def test_round_trip_keeps_user_sources_and_every_field(tmp_path):
    cfg = load_preset("andrea-tiny")
    cfg = config_from_dict({"data": {"sources": [{"name": "mine", "paths": ["/a.txt", "/b"]}],
                                     "fingerprint": "abc"}, "model": {"vocab_size": 2000}}, cfg)
    save_config(cfg, tmp_path / "c.toml")
    back = load_config(tmp_path / "c.toml")
    assert back == cfg
    assert back.data.sources == [SourceSpec("mine", ["/a.txt", "/b"])]


def test_presets_match_design():
    p120, p12, tiny = load_preset("andrea-120m"), load_preset("andrea-12m"), load_preset("andrea-tiny")
    assert (p120.model.d_model, p120.model.n_head, p120.model.d_k, p120.model.n_layer) == (768, 12, 64, 16)
    assert p120.data.tokenizer_vocab_size == 8449
    assert (p12.model.d_model, p12.model.n_head, p12.model.n_layer) == (384, 6, 5)
    assert p12.schedule.warmup_steps == 2000 and p120.schedule.warmup_steps == 2000
    assert p12.optimizer.lr == p120.optimizer.lr == 3e-4
    assert 1 <= tiny.schedule.warmup_steps <= 50
    # each preset fixes layers, heads, width, context, batch and vocabulary
    for cfg in (p120, p12, tiny):
        assert cfg.model.block_size > 0 and cfg.train.batch_size > 0
    assert len({load_preset(p).run.seed for p in PRESETS}) == 3


def test_unknown_key_is_named(tmp_path):
    (tmp_path / "c.toml").write_text("[model]\nd_modle = 64\n")
    with pytest.raises(ConfigError, match=r"model\.d_modle: unknown key"):
        load_config(tmp_path / "c.toml")


def test_unknown_section_is_named():
    with pytest.raises(ConfigError, match="modle: unknown section"):
        config_from_dict({"modle": {}})


@pytest.mark.parametrize(
    "data, key",
    [
        ({"model": {"d_model": "wide"}}, "model.d_model"),
        ({"model": {"n_layer": 2.5}}, "model.n_layer"),
        ({"model": {"n_layer": True}}, "model.n_layer"),
        ({"optimizer": {"lr": "fast"}}, "optimizer.lr"),
        ({"optimizer": {"betas": [0.9, "x"]}}, r"optimizer.betas\[1\]"),
        ({"data": {"embedded": "yes"}}, "data.embedded"),
        ({"data": {"sources": [{"name": "a", "paths": "f.txt"}]}}, "data.sources"),
        ({"schedule": {"min_lr": float("nan")}}, "schedule.min_lr"),
    ],
)
def test_ill_typed_key_is_named(data, key):
    with pytest.raises(ConfigError, match=key):
        config_from_dict(data)


@pytest.mark.parametrize(
    "data, key",
    [
        ({"model": {"d_model": 100, "n_head": 3}}, "model.d_model"),
        ({"schedule": {"warmup_steps": 10, "total_steps": 5}}, "schedule.warmup_steps"),
        ({"optimizer": {"lr": -1.0}}, "optimizer.lr"),
        ({"run": {"device": "tpu"}}, "run.device"),
        ({"data": {"tokenizer_vocab_size": 70000}}, "data.tokenizer_vocab_size"),
    ],
)
def test_inconsistent_values_are_refused(data, key):
    with pytest.raises(ConfigError, match=key):
        config_from_dict(data)


def test_not_toml_is_a_config_error(tmp_path):
    (tmp_path / "c.toml").write_text("[model\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(tmp_path / "c.toml")


def test_unknown_preset():
    with pytest.raises(ConfigError, match="unknown preset"):
        load_preset("andrea-1t")


def test_defaults_are_valid():
    assert Config().model.d_k == Config().model.d_model // Config().model.n_head


def test_a_run_config_from_before_checkpoints_and_anomalies_still_opens(tmp_path):
    """Run format 1 was first written without [checkpoint], [anomaly] and train.grad_accum: such
    a config.toml gets their defaults; any other missing key is still named."""
    import tomli_w

    from andrea_desktop.core.config import Config, ConfigError, config_to_dict, load_config

    d = config_to_dict(Config())
    del d["checkpoint"], d["anomaly"], d["train"]["grad_accum"]
    (tmp_path / "config.toml").write_text(tomli_w.dumps(d))
    cfg = load_config(tmp_path / "config.toml")
    assert cfg.checkpoint == Config().checkpoint and cfg.train.grad_accum == 1
    del d["train"]["eval_rows"]
    (tmp_path / "config.toml").write_text(tomli_w.dumps(d))
    with pytest.raises(ConfigError, match="train.eval_rows: missing"):
        load_config(tmp_path / "config.toml")


# ------------------------------------------------------------------ values out of range (docs/design.md#bad-input-changes-nothing)
@pytest.mark.parametrize(
    "data, key",
    [
        ({"optimizer": {"lr": 10**400}}, "optimizer.lr"),
        ({"optimizer": {"lr": 1e300}}, "optimizer.lr"),
        ({"optimizer": {"eps": float("inf")}}, "optimizer.eps"),
        ({"optimizer": {"weight_decay": float("inf")}}, "optimizer.weight_decay"),
        ({"schedule": {"min_lr": float("inf")}}, "schedule.min_lr"),
        ({"schedule": {"min_lr": 1.0}}, "schedule.min_lr"),  # above the peak LR
        ({"run": {"torch_threads": 100_000}}, "run.torch_threads"),
        ({"run": {"seed": 2**63}}, "run.seed"),
        ({"run": {"preset": "whatever"}}, "run.preset"),
        ({"run": {"format_version": 99}}, "newer ANDREA Desktop"),
        ({"train": {"batch_size": 10**12}}, "train.batch_size"),
        ({"train": {"eval_rows": 10**30}}, "train.eval_rows"),
        ({"model": {"n_layer": 10**30}}, "model.n_layer"),
        ({"data": {"sources": [{"name": "a\nb", "paths": ["x"]}]}}, "control characters"),
        ({"data": {"sources": [{"name": "a", "paths": "x.txt"}]}}, "data.sources"),
    ],
)
def test_out_of_range_values_are_named(data, key):
    with pytest.raises(ConfigError, match=key):
        config_from_dict(data)


def test_source_spec_types_are_checked():
    with pytest.raises(ConfigError, match="list of strings"):
        SourceSpec("x", "/path/file.txt")
    with pytest.raises(ConfigError, match="must be a string"):
        SourceSpec(5, ["a"])


def test_a_run_config_must_list_every_key(tmp_path, tiny_cfg):
    save_config(tiny_cfg, tmp_path / "c.toml")
    text = (tmp_path / "c.toml").read_text()
    (tmp_path / "c.toml").write_text(text.replace("n_layer = 2\n", ""))
    with pytest.raises(ConfigError, match=r"model\.n_layer: missing"):
        load_config(tmp_path / "c.toml")
    (tmp_path / "c.toml").write_text("")
    with pytest.raises(ConfigError, match="missing section"):
        load_config(tmp_path / "c.toml")
