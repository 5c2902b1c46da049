"""Settings that cannot be saved are said once; settings values are checked when read, and a
damaged settings file never stops the app."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings

from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.common.i18n import save_language
from andrea_desktop.gui.reading.pane import QtReadingPane
from andrea_desktop.gui.run.controller import MAX_RECENT, RecentRuns

APP_LOG = "andrea_desktop.gui.common.app_settings"


@pytest.fixture
def settings_dir(tmp_path, qapp):
    """The user's settings live under ``tmp_path/config`` for this test (as XDG_CONFIG_HOME)."""
    configure_app(qapp)
    place = tmp_path / "config"
    place.mkdir()
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(place))
    yield place
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, os.environ["XDG_CONFIG_HOME"])


def _settings_file(place: Path) -> Path:
    return place / "andrea" / "ANDREA Desktop.conf"


@pytest.mark.parametrize("blocked", ["file is a folder", "folder is a file"])
def test_settings_that_cannot_be_saved_are_said_once(qtbot, make_window, settings_dir, caplog, blocked):
    target = _settings_file(settings_dir)
    if blocked == "file is a folder":  # the case found: nothing saved (AccessError), nothing said
        target.mkdir(parents=True)
    else:  # of its kind: where its folder should be is a file
        target.parent.write_text("not a folder", encoding="utf-8")
    caplog.set_level(logging.WARNING, logger=APP_LOG)
    w = make_window(run="r")
    shown = w.statusBar().currentMessage()
    assert shown.startswith("Settings are not saved: ") and str(target) in shown
    assert "recent runs will not be remembered" in shown
    said = [r for r in caplog.records if r.name == APP_LOG and "settings are not saved" in r.getMessage()]
    assert len(said) == 1 and str(target) in said[0].getMessage()
    # the saves that follow (a recent run, a reading pane, the language) say nothing more
    RecentRuns().add(settings_dir / "another-run")
    w.findChildren(QtReadingPane)[0].set_expanded(True)
    save_language("nl")
    assert len([r for r in caplog.records if r.name == APP_LOG and "settings are not saved" in r.getMessage()]) == 1
    assert QSettings().status() != QSettings.Status.NoError or not QSettings().isWritable()


def test_settings_that_can_be_saved_say_nothing(qtbot, make_window, settings_dir, caplog):
    caplog.set_level(logging.WARNING, logger=APP_LOG)
    w = make_window(run="r")
    RecentRuns().add(settings_dir / "some-run")
    assert "Settings are not saved" not in w.statusBar().currentMessage()
    assert not [r for r in caplog.records if r.name == APP_LOG]
    assert str(settings_dir / "some-run") in _settings_file(settings_dir).read_text(encoding="utf-8")


def _write_ini(place: Path, text: str) -> None:
    target = _settings_file(place)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def test_a_number_in_place_of_the_recent_runs_is_no_recent_run(settings_dir, make_window):
    _write_ini(settings_dir, "[runs]\nrecent=7\n")  # the case found: kept as a recent run "7"
    assert RecentRuns().runs() == []
    w = make_window(run="r")
    assert w.recent_runs() == []
    w.window_actions.recent_menu.aboutToShow.emit()  # File → Open Recent fills itself
    assert [a.text() for a in w.window_actions.recent_menu.actions()] == ["(none yet)"]
    RecentRuns().add(settings_dir / "a-run")  # the next recent run replaces it
    assert w.recent_runs() == [str(settings_dir / "a-run")]


def test_recent_runs_keep_only_absolute_paths_once_and_at_most_the_limit(settings_dir, tmp_path):
    good = [str(tmp_path / f"run-{i}") for i in range(MAX_RECENT + 3)]
    _write_ini(settings_dir, "[runs]\nrecent=relative/run, 12, /tmp/a\\tb, " + ", ".join([good[0], *good]) + "\n")
    assert RecentRuns().runs() == good[:MAX_RECENT]  # a relative path, a number, a control character: left out
    s = QSettings()
    s.setValue("runs/recent", [good[1], 3.5, None, "", "x" * 5000, good[2]])  # other types, empty, too long
    s.sync()
    assert RecentRuns().runs() == [good[1], good[2]]


def test_a_recent_run_is_stored_as_an_absolute_path(settings_dir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    RecentRuns().add(Path("runs") / "mine")
    assert RecentRuns().runs() == [str(tmp_path / "runs" / "mine")]
    RecentRuns().forget(Path("runs") / "mine")
    assert RecentRuns().runs() == []


def test_a_damaged_settings_file_never_stops_the_app(qtbot, make_window):
    make_window(run="first").close()  # creates the settings file
    s = QSettings()
    s.setValue("mainwindow/geometry", "hello")
    s.setValue("mainwindow/state", "cut off mid-li")
    s.setValue("runs/recent", QRect(1, 2, 3, 4))
    s.sync()
    w = make_window(run="second")  # starts, with the start layout
    assert w.isVisible() and w.loss_dock.isVisible() and w.lr_dock.isVisible()
    assert w.recent_runs() == []
