"""The interface in Indonesian and Dutch (Qt's translation system, docs/user-guide.md#languages): the menus,
actions, dock titles, status texts and reading panes translated, English unchanged, a missing
translation file falling back to English, every entry of both .ts files translated and the .ts
files in step with the code (lupdate), and nothing of ours clipped by the longer words in the
window, its docks, reading panes and dialogs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import (
    TS_DIR,
    answer_questions,
    clipped_texts,
    clipped_when_settled,
    placeholder_fields,
    save_shot,
    tiny_config,
    ts_entries,
    ts_messages,
)
from PySide6.QtCore import QCoreApplication, QLocale, QSettings
from PySide6.QtWidgets import QApplication, QToolBar

from andrea_desktop.core.lifecycle import RunState
from andrea_desktop.core.mixture.simplex import Constraints
from andrea_desktop.core.sweeps import load_sweep
from andrea_desktop.gui.app import configure_app
from andrea_desktop.gui.common import i18n as qt_i18n
from andrea_desktop.gui.dialogs.curriculum.dialog import QtCurriculumDialog
from andrea_desktop.gui.dialogs.remote_run import RemoteRunDialog
from andrea_desktop.gui.window.actions import RunFacts, state_text

CONTEXTS = ("QtActions", "MainWindow", "ReadingPane", "QtBranchDialog", "QtCurriculumDialog", "QtNewRunDialog",
            "QtSamplesSideBySide", "QtWarmupExperimentDialog", "RemoteRunDialog")
"""The contexts this slice translates completely (menus and actions, docks, reading panes, titles)."""


def _menu_titles(w) -> list[str]:
    return [a.text() for a in w.menuBar().actions()]


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_main_window_menus_and_docks_in_the_chosen_language(qtbot, make_window, language, lang):
    language(lang)
    w = make_window(tiny_config())
    ts = ts_messages(lang)
    assert _menu_titles(w) == [ts["QtActions", t] for t in ("&File", "&Training", "&View", "&Help")]
    assert _menu_titles(w) != ["&File", "&Training", "&View", "&Help"]
    assert w.lr_dock.windowTitle() == ts["MainWindow", "LR schedule"] != "LR schedule"
    assert w.terrain_dock.windowTitle() == ts["MainWindow", "Terrain"] != "Terrain"
    assert w.window_actions.new_action.text() == ts["QtActions", "&New Run…"]
    assert w.state_label.text() == ts["QtActions", "ready — press Start"]
    assert QLocale().language() == {"id": QLocale.Language.Indonesian, "nl": QLocale.Language.Dutch}[lang]
    checked = [a.data() for a in w.window_actions.language_menu.actions() if a.isChecked()]
    assert checked == [lang]


def test_english_stays_as_written(qtbot, make_window, language):
    language("en")
    w = make_window(tiny_config())
    assert _menu_titles(w) == ["&File", "&Training", "&View", "&Help"]
    assert w.lr_dock.windowTitle() == "LR schedule"
    assert state_text(RunFacts(RunState.STOPPED, external=True)) == "external: stopped"


def test_missing_translation_file_falls_back_to_english(qtbot, make_window, language, monkeypatch, tmp_path, caplog):
    language("nl")
    monkeypatch.setattr(qt_i18n, "qm_path", lambda code: tmp_path / "nowhere" / f"andrea_{code}.qm")
    assert qt_i18n.install_translators(QApplication.instance()) == "en"
    assert "no translations for 'nl'" in caplog.text
    w = make_window(tiny_config())
    assert _menu_titles(w) == ["&File", "&Training", "&View", "&Help"]


def test_translators_do_not_stack_when_the_app_is_configured_again(qapp, language):
    language("id")
    for _ in range(3):
        configure_app(qapp)
    assert QCoreApplication.translate("QtActions", "&File") == ts_messages("id")["QtActions", "&File"]
    assert len(qt_i18n._installed) <= 2  # ours and Qt's own qtbase, once
    qt_i18n.install_translators(qapp, "en")
    assert QCoreApplication.translate("QtActions", "&File") == "&File"


def test_choosing_a_language_saves_it_for_the_next_start(qtbot, make_window, language):
    language("en")
    w = make_window(tiny_config())
    nl = next(a for a in w.window_actions.language_menu.actions() if a.data() == "nl")
    nl.trigger()
    assert QSettings().value(qt_i18n.SETTINGS_KEY) == "nl"
    assert nl.isChecked()
    assert "next start" in w.statusBar().currentMessage()
    assert _menu_titles(w)[0] == "&File"  # applies at the next start, not now


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_menu_dock_and_reading_entry_is_translated(lang):
    unfinished = [f"{c}: {s!r}" for (c, s), t in ts_messages(lang).items() if c in CONTEXTS and not t]
    assert not unfinished, "\n".join(unfinished)
    placeholders = [(c, s) for (c, s), t in ts_messages(lang).items()
                    if c in CONTEXTS and sorted(placeholder_fields(s)) != sorted(placeholder_fields(t))]
    assert not placeholders, placeholders


# ---------------------------------------------------------------- every context, and sources in step with the .ts
_FIELD = re.compile(r"\{[^{}]*\}|%(?:\d+|n)|</?[A-Za-z][A-Za-z0-9]*")
"""A value placeholder (``{step}``, ``{loss:.3f}``, ``%1``, ``%n``) or the name of an HTML tag."""
_ACCEL = re.compile(r"&(?!&|[A-Za-z]+;|#\d+;)(?=\S)")
"""A mnemonic ``&`` (not ``&&``, not an entity such as ``&amp;`` in rich text)."""


@pytest.mark.parametrize("lang", ["id", "nl", "en"])
def test_every_entry_of_every_context_is_translated(lang):
    """Each message of each context (not only the menus, docks and reading panes; English: its
    plural messages): translated, with the source's placeholders and tags, and a mnemonic ``&``
    exactly when the source has one."""
    problems = []
    for (ctx, src, _comment), forms in ts_entries(TS_DIR / f"andrea_{lang}.ts").items():
        if forms is None:
            problems.append(f"unfinished  {ctx}: {src!r}")
            continue
        for text in forms:
            if sorted(_FIELD.findall(src)) != sorted(_FIELD.findall(text)):
                problems.append(f"placeholders {ctx}: {src!r} -> {text!r}")
            if bool(_ACCEL.search(src)) != bool(_ACCEL.search(text)):
                problems.append(f"mnemonic &   {ctx}: {src!r} -> {text!r}")
    assert not problems, f"{len(problems)} in andrea_{lang}.ts:\n" + "\n".join(problems)


def _lupdate() -> str:
    found = Path(sys.executable).parent / "pyside6-lupdate"
    return str(found) if found.exists() else (shutil.which("pyside6-lupdate") or "pyside6-lupdate")


def _package_sources(root: Path) -> list[str]:
    """The package's .py files as git tracks them (every .py under the package without git)."""
    try:
        listed = subprocess.run(["git", "ls-files", "andrea_desktop/*.py"], cwd=root, capture_output=True,
                                text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = []
    return listed or sorted(str(p.relative_to(root)) for p in (root / "andrea_desktop").rglob("*.py"))


def test_committed_translation_sources_are_up_to_date(tmp_path):
    """``pyside6-lupdate -no-obsolete`` over the package finds exactly the messages of the committed
    .ts files (English's with ``-pluralonly``): a newly wrapped string without an entry (or an
    entry whose string is gone) fails."""
    root = TS_DIR.parents[1]
    copies = []
    for lang in ("id", "nl"):
        shutil.copy(TS_DIR / f"andrea_{lang}.ts", tmp_path / f"andrea_{lang}.ts")
        copies.append(str(tmp_path / f"andrea_{lang}.ts"))
    subprocess.run([_lupdate(), "-silent", "-no-obsolete", *_package_sources(root), "-ts", *copies],
                   cwd=root, check=True, capture_output=True)
    shutil.copy(TS_DIR / "andrea_en.ts", tmp_path / "andrea_en.ts")  # English: the plural messages only
    subprocess.run([_lupdate(), "-silent", "-no-obsolete", "-pluralonly", *_package_sources(root), "-ts",
                    str(tmp_path / "andrea_en.ts")], cwd=root, check=True, capture_output=True)
    for lang in ("id", "nl", "en"):
        committed = set(ts_entries(TS_DIR / f"andrea_{lang}.ts"))
        found = set(ts_entries(tmp_path / f"andrea_{lang}.ts"))
        new = [f"new in the code: {c}: {s!r}" for c, s, _ in sorted(found - committed)]
        gone = [f"gone from the code: {c}: {s!r}" for c, s, _ in sorted(committed - found)]
        assert not new + gone, (f"resources/i18n/andrea_{lang}.ts is not up to date with the code (run "
                                "pyside6-lupdate -no-obsolete, docs/development.md#translations):\n" + "\n".join(new + gone))


# ---------------------------------------------------------------- nothing clipped by the longer words
WINDOW_SIZES = (None, (1280, 800))
"""The size a window opens at on a fresh start (the screen's), then the smallest window we support:
one window (and one dialog) is looked at in both, in that order."""
LANGS = pytest.mark.parametrize("lang", ["id", "nl"])


def _size_id(size) -> str:
    return "default" if size is None else f"{size[0]}x{size[1]}"


def _clipped(qtbot, root) -> list[str]:
    return clipped_when_settled(qtbot, root)


def _walk_docks(qtbot, w, what: str, shots: str | None = None) -> list[str]:
    """Each dock shown and raised, its panel then its reading pane open: what is clipped."""
    problems = []
    for dock in w.docks():
        dock.show()  # a dock an earlier layout closed
        dock.raise_()
        qtbot.wait(30)
        problems += [f"{what}, {dock.objectName()}: {p}" for p in _clipped(qtbot, dock)]
        pane = dock.widget()
        pane.set_expanded(True)
        try:
            qtbot.waitUntil(lambda pane=pane: pane.body.isVisible())
            qtbot.wait(50)
            problems += [f"{what}, {dock.objectName()} with How to read this: {p}" for p in _clipped(qtbot, dock)]
            if shots:
                save_shot(w, f"andrea_{shots}_{dock.objectName()}.png")
        finally:
            pane.set_expanded(False)
    problems += [f"{what}, status bar: {p}" for p in _clipped(qtbot, w.statusBar())]
    for bar in w.findChildren(QToolBar):
        problems += [f"{what}, tool bar: {p}" for p in _clipped(qtbot, bar)]
    return problems


@LANGS
def test_no_translated_text_is_clipped(settings_kept, qtbot, make_window, language, filled_run, tmp_path, lang):
    """The main window in the language, one window at each size in turn (the size it opens at,
    then the smallest we support), on a new run (the empty states) and on a trained one (as opened
    from its folder): each dock raised, its reading pane open, the status bar, the tool bar and
    every menu title."""
    language(lang)
    w = make_window(tiny_config())
    problems = []
    for size in WINDOW_SIZES:
        shots = f"{lang}_{_size_id(size)}"
        if size is not None:
            w.resize(*size)
        qtbot.wait(100)
        problems += _walk_docks(qtbot, w, f"new run at {_size_id(size)}")
        bar = w.menuBar()
        for a in bar.actions():  # every menu title shown, none pushed into the overflow
            geo = bar.actionGeometry(a)
            if geo.isEmpty() or geo.right() > bar.width():
                problems.append(f"menu {a.text()!r} does not fit the menu bar at {_size_id(size)}")
        save_shot(w, f"andrea_window_{shots}.png")
        menu = w.window_actions.view_menu
        menu.popup(w.mapToGlobal(bar.actionGeometry(bar.actions()[2]).bottomLeft()))
        qtbot.waitExposed(menu)
        save_shot(menu, f"andrea_view_menu_{shots}.png")
        menu.close()
    w.close()

    shutil.copytree(filled_run, tmp_path / "trained")
    w = make_window(run="trained")
    qtbot.waitUntil(lambda: w.history.last_step == 12 and w.attention_panel.probe is not None, timeout=30_000)
    for size in WINDOW_SIZES:
        shots = f"{lang}_{_size_id(size)}"
        if size is not None:
            w.resize(*size)
        problems += _walk_docks(qtbot, w, f"trained run at {_size_id(size)}", shots=shots)
        save_shot(w, f"andrea_window_trained_{shots}.png")
    assert not problems, "\n".join(problems)


def _fit(dlg, size) -> None:
    if size is not None:  # as large as fits the screen
        dlg.resize(min(size[0], dlg.width()), min(size[1], dlg.height()))


def _look_at_dialogs(qtbot, w, tmp_path, lang: str, size) -> list[str]:
    """What is clipped in each dialog, notice and question of ``w`` (see the test below) at ``size``."""
    shots = f"{lang}_{_size_id(size)}"
    problems = []

    def look(dlg, name: str) -> None:
        assert dlg is not None, f"{name} did not open"
        qtbot.waitExposed(dlg)
        _fit(dlg, size)
        qtbot.wait(50)
        problems.extend(f"{name}: {p}" for p in _clipped(qtbot, dlg))
        save_shot(dlg, f"andrea_{name.replace(' ', '_')}_{shots}.png")

    dlg = w.new_run()
    look(dlg, "new run")
    for k in range(dlg.curriculum_combo.count()):  # each curriculum choice shows its own note
        dlg.curriculum_combo.setCurrentIndex(k)
        qtbot.wait(20)
        problems += [f"new run, curriculum {k}: {p}" for p in _clipped(qtbot, dlg)]
    dlg.name_edit.setText("bad/name")  # the error labels shown too
    dlg.fields["optimizer.lr"].widget.setText("not a number")
    qtbot.wait(50)
    look(dlg, "new run errors")
    dlg.reject()

    dlg = w.branch_from_checkpoint()
    look(dlg, "branch")
    dlg.reject()

    names = ("hermes3-general", "hermes3-creative", "hermes3-roleplay", "python-reference", "stdlib-docstrings",
             "gutenberg", "dictionary", "repo-docs", "repo-docstrings", "chat")  # the demo's ten sources
    params = {"phase_min": 7, "phase_max": 42, "random_share": 0.3, "exploration": 1.0, "step_size": 0.5,
              "warmup_steps": 100}
    for warmup in (True, False):  # Ctrl+E while training: the dialog in the curriculum warmup and after it
        dlg = QtCurriculumDialog(names, Constraints.free(names).to_dict(), params, parent=w, in_warmup=warmup)
        dlg.open()
        look(dlg, "curriculum" + (" in warmup" if warmup else ""))
        dlg.reject()
        dlg.deleteLater()

    dlg = w.new_warmup_experiment()
    look(dlg, "experiment")
    dlg.reject()

    dlg = w.new_sweep()
    look(dlg, "sweep")
    dlg.key_edits[1].setText("optimizer.nope")  # its error shown too
    qtbot.wait(50)
    look(dlg, "sweep errors")
    dlg.reject()
    (tmp_path / "s.toml").write_text('name = "s"\nbase = "trained"\nseeds = 2\n[keys]\n"optimizer.lr" = [1e-3, 3e-3]\n')
    view = w.sweeps.show_view(load_sweep(tmp_path / "s.toml"), tmp_path)
    look(view, "sweep view")
    view.close()

    dlg = RemoteRunDialog(w, hosts=["gpu-box"])  # File > Open Remote Run…
    dlg.open()
    look(dlg, "remote run")
    dlg.reject()
    dlg.deleteLater()

    n = w.notices
    if size is not None:
        w.resize(*size)
    for name, payload in (  # the anomaly notice bar over the loss panel, each kind's text
            ("cliff", {"kind": "cliff", "source": "stdlib-docstrings", "step": 100, "loss": 1.2, "median": 3.1,
                       "window": 50, "episode": {"start": 100, "steps": 1, "depth": 0.39, "loss": 1.2,
                                                 "median": 3.1, "phase": "start"}}),
            ("cliff_deeper", {"kind": "cliff", "source": "stdlib-docstrings", "step": 120, "loss": 0.13,
                              "median": 3.1, "window": 50, "episode": {"start": 100, "steps": 21, "depth": 0.042,
                                                                       "loss": 0.13, "median": 3.1,
                                                                       "phase": "deeper"}}),
            ("spike", {"kind": "spike", "source": "stdlib-docstrings", "step": 120, "loss": 9.3, "median": 3.1,
                       "window": 50, "episode": {"start": 120, "steps": 1, "depth": 3.0, "loss": 9.3,
                                                 "median": 3.1, "phase": "start"}}),
            ("nan", {"kind": "nan", "source": "gutenberg", "loss": "nan", "grad_norm": "inf"}),
            ("repetition", {"kind": "repetition", "score": 0.45, "text": "a a a"}),
            ("vertex", {"kind": "vertex", "source": "python-reference", "weight": 0.97, "steps": 300})):
        if "episode" not in payload or payload["episode"]["phase"] == "start":
            n.notice.dismiss()  # (a later report updates the notice of its episode)
        n.anomaly(120, payload, paused=True, can_exclude=True)
        qtbot.waitUntil(n.notice.isVisible)
        qtbot.wait(30)  # laid out
        problems.extend(f"notice {name}: {p}" for p in clipped_when_settled(qtbot, n.notice))
        save_shot(n.notice, f"andrea_notice_{name}_{shots}.png")
    n.notice.dismiss()
    for name, show in (
            ("about", n.show_about), ("shortcuts", n.show_shortcuts),
            ("checkpoint failed", lambda: n.anomaly(140, {"kind": "checkpoint", "message": "No space left on device"},
                                                    False, False))):
        show()
        look(n.box, name)
        n.box.close()
        qtbot.waitUntil(lambda: n.box is None)

    looked = []

    def look_at_question(box):
        looked.append(box)
        problems.extend(f"{box.windowTitle()}: {p}" for p in clipped_texts(box))
        save_shot(box, f"andrea_question{len(looked)}_{shots}.png")

    seen = answer_questions(n, look_at_question)
    assert len(seen) == 3
    return problems


@LANGS
def test_no_translated_text_is_clipped_in_dialogs(settings_kept, qtbot, make_window, language, filled_run,
                                                  tmp_path, lang):
    """New Run (each curriculum choice, the error labels), Branch from Checkpoint (the run has
    checkpoints), Curriculum, New Experiment, New Sweep and a sweep's view, About, the keyboard shortcuts and our message boxes
    and questions, opened from the window in the language, at both sizes (one window: each opened at
    the size it opens at, then again fitted to the smallest window we support)."""
    language(lang)
    shutil.copytree(filled_run, tmp_path / "trained")
    w = make_window(run="trained")
    qtbot.waitUntil(lambda: w.history.last_step == 12, timeout=30_000)
    problems = []
    for size in WINDOW_SIZES:
        problems += _look_at_dialogs(qtbot, w, tmp_path, lang, size)
    assert not problems, "\n".join(problems)
