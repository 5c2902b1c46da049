"""Whole numbers the interface writes (steps, tokens, intervals) follow the language's locale in
Indonesian and Dutch (1.200), as Qt's own spin boxes do, and stay as Python writes them in English."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLocale

from andrea_desktop.gui.panels.qt_samples_panel import describe_settings
from andrea_desktop.gui.qt_i18n import format_number


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
