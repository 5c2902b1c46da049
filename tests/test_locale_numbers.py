"""Whole numbers the interface writes (steps, tokens, intervals) follow the language's locale in
Indonesian and Dutch (1.200), as Qt's own spin boxes do, and stay as Python writes them in English;
any number is written, NaN, the infinities and integers past Qt's 64 bits included."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QLocale

from andrea_desktop.gui.common.i18n import format_number
from andrea_desktop.gui.panels.samples.panel import describe_settings


@pytest.fixture
def locale_of():
    def set_locale(name: str) -> None:
        QLocale.setDefault(QLocale(name))
    yield set_locale
    QLocale.setDefault(QLocale.system())


@pytest.mark.parametrize(("name", "text"), [("nl_NL", "1.234.567"), ("id_ID", "1.234.567"), ("en_US", "1,234,567"),
                                            ("C", "1,234,567")])
def test_whole_numbers_follow_the_interface_language(qapp, locale_of, name, text):
    locale_of(name)
    assert format_number(1234567) == text


def test_a_panel_writes_its_step_counts_the_dutch_way(qapp, locale_of):
    locale_of("nl_NL")
    assert "1.200" in describe_settings({"temperature": 0.8, "top_k": 40, "sample_interval": 1200, "sample_tokens": 64})
    locale_of("en_US")
    assert "1,200" in describe_settings({"temperature": 0.8, "top_k": 40, "sample_interval": 1200, "sample_tokens": 64})


def test_the_new_run_estimates_write_sizes_with_the_languages_decimal_mark(qapp, locale_of):
    from andrea_desktop.gui.dialogs.new_run.data import _fmt_bytes
    from andrea_desktop.gui.dialogs.new_run.estimates import _si

    locale_of("nl_NL")
    assert (_si(1_071_872), _fmt_bytes(400_000), format_number(1234.5, 1, grouping=True)) == \
        ("1,07 M", "400,0 kB", "1.234,5")
    locale_of("en_US")
    assert (_si(1_071_872), _fmt_bytes(400_000), format_number(1234.5, 1, grouping=True)) == \
        ("1.07 M", "400.0 kB", "1,234.5")


# ------------------------------------------------------------------ any number: NaN, infinities, past 64 bits
@pytest.mark.parametrize("locale", ["en_US", "nl_NL", "id_ID"])
def test_format_number_takes_any_number(qapp, locale):
    before = QLocale()
    QLocale.setDefault(QLocale(locale))
    try:
        for v in (math.nan, np.float64("nan"), np.float32("nan")):
            assert format_number(v) == "nan"
            assert format_number(v, 2) == "nan"
        assert (format_number(math.inf), format_number(-math.inf)) == ("inf", "-inf")
        sep = "," if locale == "en_US" else "."
        big = 10**20
        assert format_number(big) == sep.join(["100"] + ["000"] * 6)  # past Qt's 64-bit integers
        assert format_number(-big) == "-" + sep.join(["100"] + ["000"] * 6)
        assert format_number(np.uint64(2**64 - 1)) == f"{2**64 - 1:,}".replace(",", sep)
        assert format_number(2**63) == f"{2**63:,}".replace(",", sep)
        assert format_number(-(2**63)) == f"{-(2**63):,}".replace(",", sep)  # Qt's own, at the edge
        assert len(format_number(1e300)) > 300
        assert format_number(True) == "1"
        assert format_number(np.int64(1234)) == f"1{sep}234"
        assert format_number(-1234) == f"-1{sep}234"
    finally:
        QLocale.setDefault(before)
