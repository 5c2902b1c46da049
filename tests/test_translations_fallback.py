"""A wrong translation, language setting or locale never breaks the interface: a translation
whose ``str.format`` fields are not its source's (a translator's slip) is shown in English instead
of raising at run time, the window and its dialogs work with every such template broken, user data
with braces passes through, validator messages of any size are formatted at once, a damaged
``ui/language`` setting or odd locale variables choose a language the app has, and a damaged or
crafted ``.qm`` file falls back to English."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import TS_DIR, lrelease_path, tiny_config, ts_entries, ts_messages
from PySide6.QtCore import QCoreApplication, QLocale, QSettings

from andrea_desktop.core.errors import Problem
from andrea_desktop.gui.common import i18n as qt_i18n
from andrea_desktop.gui.common.core_messages import problem_text
from andrea_desktop.gui.common.i18n import fits_source, format_fields
from andrea_desktop.gui.plots.hover import ReadoutRow, readout_lines

ROOT = Path(__file__).resolve().parents[1]


def _ts(path: Path, messages: list[tuple[str, str, str]], lang: str = "nl_NL") -> Path:
    """A .ts file of (context, source, translation)."""
    root = ET.Element("TS", version="2.1", language=lang)
    contexts: dict[str, ET.Element] = {}
    for ctx, source, text in messages:
        if ctx not in contexts:
            contexts[ctx] = ET.SubElement(root, "context")
            ET.SubElement(contexts[ctx], "name").text = ctx
        m = ET.SubElement(contexts[ctx], "message")
        ET.SubElement(m, "source").text = source
        ET.SubElement(m, "translation").text = text
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path


def _qm(ts: Path) -> Path:
    qm = ts.with_suffix(".qm")
    subprocess.run([lrelease_path(), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm


@pytest.fixture
def planted(qapp, tmp_path, monkeypatch):
    """``plant(messages)``: ``ui/language`` Dutch with a .qm of exactly ``messages`` (context, source,
    translation) installed; settings, translators and locale restored after."""
    from andrea_desktop.gui.app import configure_app

    configure_app(qapp)

    def plant(messages: list[tuple[str, str, str]]) -> Path:
        qm = _qm(_ts(tmp_path / "andrea_nl.ts", messages))
        english = qt_i18n.qm_path
        monkeypatch.setattr(qt_i18n, "qm_path", lambda code: qm if code == "nl" else english(code))
        QSettings().setValue(qt_i18n.SETTINGS_KEY, "nl")
        assert qt_i18n.install_translators(qapp) == "nl"
        return qm

    yield plant
    QSettings().remove(qt_i18n.SETTINGS_KEY)
    monkeypatch.undo()
    qt_i18n.install_translators(qapp, "en")
    QLocale.setDefault(QLocale.system())


# ---------------------------------------------------------------- a translation with other fields
BROKEN = {  # a translator's slips on "{key}: expected a number, got {value}": each raised at .format before
    "renamed": "{sleutel}: een getal verwacht, niet {waarde}",  # KeyError
    "dropped": "{key}: een getal verwacht",
    "extra named": "{key}: een getal verwacht, niet {value} ({x})",  # KeyError
    "stray open": "{key}: een getal verwacht, niet {value} {",  # ValueError
    "stray close": "{key}: een getal verwacht, niet {value} }",  # ValueError
    "positional": "{key}: een getal verwacht, niet {0}",  # IndexError
    "automatic": "{key}: {} verwacht, niet {value}",  # IndexError
    "attribute": "{key.upper}: een getal verwacht, niet {value}",  # AttributeError would be data-dependent
    "index": "{key[0]}: een getal verwacht, niet {value}",
    "spec": "{key:q}: een getal verwacht, niet {value}",  # ValueError: unknown format code
    "conversion": "{key!z}: een getal verwacht, niet {value}",  # ValueError: unknown conversion
    "nested": "{key:{width}}: een getal verwacht, niet {value}",  # KeyError
}


@pytest.mark.parametrize("slip", list(BROKEN))
def test_a_translation_with_other_fields_shows_the_english_text(qtbot, planted, caplog, slip):
    planted([("CoreMessages", "{key}: expected a number, got {value}", BROKEN[slip]),
             ("CoreMessages", "{key}: must not be empty", "{key}: mag niet leeg zijn"),  # a good one beside it
             ("QtCrosshair", "step {step}", "stap {stap}")])
    with caplog.at_level(logging.WARNING):
        assert problem_text(Problem("optimizer.lr", "not_number", {"value": "'abc'"})) == \
            "optimizer.lr: expected a number, got 'abc'"
        assert problem_text(Problem("run.name", "empty")) == "run.name: mag niet leeg zijn"
        lines = readout_lines([ReadoutRow("{loss}", None, 3, 1.5)], 5)  # the second of its kind: hover readouts
    assert lines[0].note == "(step 3)"
    assert "has other replacement fields" in caplog.text and "shown in English" in caplog.text


def test_a_stray_brace_shows_english_and_an_unknown_text_its_source(planted):
    planted([("QtSamplesSideBySide", "{n} runs", "{n} runs {")])
    assert QCoreApplication.translate("QtSamplesSideBySide", "{n} runs").format(n=2) == "2 runs"
    assert QCoreApplication.translate("QtSamplesSideBySide", "no such text") == "no such text"  # not "": Qt's fallback


@pytest.mark.parametrize(("source", "translation", "fits"), [
    ("step {step} of {total}", "stap {step} van {total}", True),
    ("step {step} of {total}", "{total} / {step}", True),  # reordered
    ("step {step}", "stap {step} ({step})", True),  # repeated
    ("{loss:.3f} at {step}", "{loss:.3f} bij {step}", True),
    ("{loss:.3f} at {step}", "{loss:.4f} bij {step}", False),
    ("{a} {b}", "{a} {b} {{letterlijk}}", True),  # escaped braces are text
    ("plain", "gewoon", True),
    ("plain", "gewoon {x}", False),
    ("plain", "gewoon {", False),
    ("{} and {}", "{} en {}", True),
    ("{} and {}", "{} en {} en {}", False),
    ("{} and {}", "{0} en {1}", False),
    ("a { lone brace", "een { losse", True),  # a source that is no template: any text
])
def test_fits_source(source, translation, fits):
    assert fits_source(source, translation) is fits


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_committed_translation_fits_its_source(lang):
    """What the app would refuse at run time (and show in English) fails here first: every form of
    every entry with the source's ``str.format`` fields, stray braces included."""
    bad = [f"{ctx}: {src!r} -> {t!r}" for (ctx, src, _c), forms in ts_entries(TS_DIR / f"andrea_{lang}.ts").items()
           for t in forms or () if not fits_source(src, t)]
    assert not bad, "\n".join(bad)


def _mangled(lang: str, tmp_path: Path) -> tuple[Path, int]:
    """``andrea_<lang>.ts`` with every translation of a template broken, one slip after another."""
    slips = (lambda t, f: t.replace("{" + f, "{" + f + "_x"), lambda t, f: t + " {", lambda t, f: t + " {0}",
             lambda t, f: t + " }", lambda t, f: t.replace("{" + f + "}", ""), lambda t, f: t + " {}",
             lambda t, f: t.replace("{" + f + "}", "{" + f + ":q}"))
    tree = ET.parse(TS_DIR / f"andrea_{lang}.ts")
    n = 0
    for m in tree.getroot().iter("message"):
        fields = format_fields(m.findtext("source") or "")
        if not fields or not (fields[0] or fields[1]):
            continue
        name = sorted(fields[0])[0][0] if fields[0] else ""
        t = m.find("translation")
        for el in t.findall("numerusform") or [t]:
            if el.text:
                el.text = slips[n % len(slips)](el.text, name)
                if fits_source(m.findtext("source"), el.text):  # a slip that missed: a stray brace then
                    el.text += " {"
                assert not fits_source(m.findtext("source"), el.text)
        n += 1
    out = tmp_path / f"andrea_{lang}.ts"
    tree.write(out, encoding="utf-8", xml_declaration=True)
    return _qm(out), n


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_every_template_broken_comes_back_english(qapp, tmp_path, lang):
    qm, n = _mangled(lang, tmp_path)
    assert n > 100
    tr = qt_i18n._CheckedTranslator()
    assert tr.load(str(qm))
    qapp.installTranslator(tr)
    try:
        entries = ts_entries(TS_DIR / f"andrea_{lang}.ts")
        templates = [(c, s) for c, s, _ in entries if (f := format_fields(s)) and (f[0] or f[1])]
        shown = {(c, s): QCoreApplication.translate(c, s) for c, s in templates}
        assert not [k for k, t in shown.items() if not fits_source(k[1], t)]
        assert sum(t == s for (_c, s), t in shown.items()) > len(templates) // 2  # English, not raising
        assert QCoreApplication.translate("QtActions", "&View") == ts_messages(lang)["QtActions", "&View"]
    finally:
        qapp.removeTranslator(tr)


def test_the_window_and_dialogs_work_with_every_template_broken(settings_kept, qtbot, make_window, language,
                                                                filled_run, tmp_path, monkeypatch, caplog):
    """Dutch with each translated template broken: the trained run's window, every dock and reading
    pane, New Run with error labels, Branch, Experiment and the notices open; pytest-qt fails the
    test on an exception raised in a slot or event handler."""
    language("nl")
    qm, _n = _mangled("nl", tmp_path)
    english = qt_i18n.qm_path
    monkeypatch.setattr(qt_i18n, "qm_path", lambda code: qm if code == "nl" else english(code))
    shutil.copytree(filled_run, tmp_path / "trained")
    with caplog.at_level(logging.WARNING):
        w = make_window(run="trained")
        qtbot.waitUntil(lambda: w.history.last_step == 12, timeout=30_000)
        ts = ts_messages("nl")
        assert w.menuBar().actions()[0].text() == ts["QtActions", "&File"]  # no fields: still Dutch
        for dock in w.docks():
            dock.show()
            dock.raise_()
            dock.widget().set_expanded(True)
            qtbot.wait(20)
        dlg = w.new_run()
        dlg.name_edit.setText("{bad}/name")
        dlg.fields["optimizer.lr"].widget.setText("{0} not a number")
        dlg.max_steps_edit.setText("0")
        qtbot.waitUntil(lambda: bool(dlg.fields["optimizer.lr"].error.text()))
        assert dlg.fields["optimizer.lr"].error.text() == "optimizer.lr: expected a number, got '{0} not a number'"
        assert dlg.status.text() == "3 settings to fix (in red)."
        dlg.reject()
        dlg = w.branch_from_checkpoint()
        assert dlg.checkpoint_combo.count() > 0
        dlg.reject()
        dlg = w.new_warmup_experiment()
        dlg.reject()
        n = w.notices
        n.anomaly(120, {"kind": "spike", "source": "{source}", "message": "loss {3.1} → {}"}, paused=True,
                  can_exclude=True)
        assert w.anomaly_notice.isVisible() and "{source}" in w.anomaly_notice.title.text()
        w.anomaly_notice.dismiss()
    assert "has other replacement fields" in caplog.text


# ---------------------------------------------------------------- user data with braces
@pytest.mark.parametrize("value", ["'{'", "'}{'", "'{x}'", "'{0}'", "'{__class__}'", "'{value!r:>{key}}'"])
def test_braces_in_a_validator_value_pass_through(qapp, planted, value):
    planted([("CoreMessages", "{key}: expected a number, got {value}", "{key}: een getal verwacht, niet {value}")])
    assert problem_text(Problem("optimizer.lr", "not_number", {"value": value})) == \
        f"optimizer.lr: een getal verwacht, niet {value}"
    assert problem_text(Problem(value, "empty")) == f"{value}: must not be empty"  # a key with braces


def test_braces_in_series_names_pass_through(qapp, planted):
    planted([("QtCrosshair", "step {step}", "stap {step}")])  # a row's own step: "(step 3)"
    lines = readout_lines([ReadoutRow("{step}", None, 3, 1.5), ReadoutRow("}{", None, 5, 2.0)], 5)
    assert [(b.name, b.note) for b in lines] == [("{step}", "(stap 3)"), ("}{", "")]


# ---------------------------------------------------------------- validator messages: size and form
PATHOLOGICAL = {
    "no colon": "a" * 100_000,
    "dots": "." * 100_000 + ":",
    "open range": "k: must be in [" + "x" * 100_000,
    "many brackets": "k: must be in " + "[(" * 50_000,
    "repeated out of range": "k: " + " is out of range (at most 1" * 4_000,
    "long bound": "k: x is out of range (at most " + "1," * 50_000 + " in size",
    "repeated too large": "k: " + " is too large" * 8_000 + "x",
    "many bounds": "k: must be >= " + "1 " * 50_000,
    "braces": "k: expected a number, got " + "{" * 100_000,
}


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
def test_a_100_kb_validator_message_is_handled_at_once(qapp, planted, name):
    planted([("CoreMessages", t, t) for t in ("{key}: expected a number, got {value}", "{key}: must be in {range}{rest}",
                                              "{key}: {value} is out of range (at most {most} in size)",
                                              "{key}: {value} is too large", "{key}: must be {op} {bound}{rest}")])
    text = PATHOLOGICAL[name]
    problems = [Problem("k", "other", {"text": text}), Problem("k", "not_number", {"value": text}),
                Problem(text, "range", {"range": text, "rest": text}), Problem("k", "int_size", {"value": text, "most": text})]
    t0 = time.perf_counter()
    out = [problem_text(p) for p in problems]
    assert time.perf_counter() - t0 < 0.5
    assert out == [p.text for p in problems]  # English templates: core's text back




# ---------------------------------------------------------------- ui/language and the system locale
@pytest.mark.parametrize("saved", ["garbage", 5, 3.5, "x" * 10_000_000, "../../etc", "en\0", "nl\0", ["nl", "id"],
                                   True, b"\xff\xfe", "", " ", "{lang}", "%1"])
def test_an_unknown_saved_language_follows_the_system(qapp, language, monkeypatch, saved):
    language("en")
    QSettings().setValue(qt_i18n.SETTINGS_KEY, saved)
    monkeypatch.setattr(qt_i18n, "system_language", lambda: "id")
    assert qt_i18n.chosen_language() == "id"  # not English: the settings value means nothing
    monkeypatch.setattr(qt_i18n, "system_language", lambda: "en")
    assert qt_i18n.chosen_language() == "en"


@pytest.mark.parametrize(("saved", "lang"), [("NL", "nl"), (" nl ", "nl"), ("nl_BE", "nl"), ("nl-NL", "nl"),
                                             ("id_ID.UTF-8", "id"), ("ID", "id"), ("en_GB", "en")])
def test_a_hand_written_locale_name_is_read_as_its_language(qapp, language, monkeypatch, saved, lang):
    language("en")
    QSettings().setValue(qt_i18n.SETTINGS_KEY, saved)
    monkeypatch.setattr(qt_i18n, "system_language", lambda: "id" if lang != "id" else "nl")
    assert qt_i18n.chosen_language() == lang


@pytest.mark.parametrize(("raw", "lang"), [
    (r"@Variant(\0\0\0\x7f\0\0\0\x5QFont)", "en"), ("@Variant(garbage", "en"), ("@Invalid()", "en"), ("nl, id", "en"),
    (r"@Variant(\0\0\0\x2\0\0\0\x5)", "en"), ("\xff\xfe", "en"), (r"@Variant(\0\0\0\x1c\0\0\0\x1\0\0\0\x4\0n\0l)", "en"),
    ("@ByteArray(nl)", "nl"), ("nl\\0", "en"), ('"nl"', "nl"),
])
def test_a_damaged_settings_file_is_read_never_raised(qapp, tmp_path, monkeypatch, raw, lang):
    """Raw values in the settings file that no Python type stands for (hand-edited, damaged)."""
    path = tmp_path / "settings.conf"
    path.write_bytes(b"[ui]\nlanguage=" + raw.encode("latin-1") + b"\n")
    monkeypatch.setattr(qt_i18n, "QSettings", lambda: QSettings(str(path), QSettings.Format.IniFormat))
    monkeypatch.setattr(qt_i18n, "system_language", lambda: "en")
    assert qt_i18n.chosen_language() == lang


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "id"}, "id"), ({"LANG": "nl_BE.UTF-8"}, "nl"), ({"LANG": "C"}, "en"), ({"LC_ALL": "xx_YY"}, "en"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "nl:id"}, "nl"), ({"LANG": "C", "LANGUAGE": "nl"}, "en"),
    ({"LANG": "id_ID.UTF-8", "LC_ALL": "C"}, "en"), ({"LANG": "../../etc"}, "en"), ({"LANG": "nl_NL@euro"}, "nl"),
    ({"LANG": "in_ID"}, "id"), ({"LANG": ""}, "en"), ({"LANG": "Dutch_Netherlands.1252"}, "en"),
])
def test_the_system_language_from_odd_locale_variables(env, lang):
    base = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE")}
    res = subprocess.run([sys.executable, "-c", "from andrea_desktop.gui.common.i18n import system_language as s; "
                          "print(s())"], capture_output=True, text=True, timeout=60,
                         env={**base, **env, "PYTHONPATH": str(ROOT)})
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == lang


# ---------------------------------------------------------------- damaged .qm files
def _damaged(tmp_path: Path, kind: str) -> Path:
    good = _qm(_ts(tmp_path / "good.ts", [("QtActions", "&View", "Beel&d")]))
    p = tmp_path / "andrea_nl.qm"
    data = good.read_bytes()
    if kind == "empty":
        p.write_bytes(b"")
    elif kind == "text":
        p.write_text("not a translation file")
    elif kind == "truncated":
        p.write_bytes(data[: len(data) // 2])
    elif kind == "header only":
        p.write_bytes(data[:16])
    elif kind == "zeros":
        with p.open("wb") as f:
            f.truncate(64 << 20)  # sparse: 64 MiB of nothing
    elif kind == "directory":
        p.mkdir()
    elif kind == "link to a directory":
        (tmp_path / "d").mkdir()
        p.symlink_to(tmp_path / "d")
    elif kind == "dangling link":
        p.symlink_to(tmp_path / "nowhere")
    elif kind == "link loop":
        p.symlink_to(p)
    elif kind == "link to /dev/zero":
        p.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(p)
    return p


@pytest.mark.parametrize("kind", ["empty", "text", "truncated", "header only", "zeros", "directory",
                                  "link to a directory", "dangling link", "link loop", "link to /dev/zero", "fifo"])
def test_a_damaged_translation_file_falls_back_to_english(qapp, tmp_path, monkeypatch, caplog, kind):
    p = _damaged(tmp_path, kind)
    monkeypatch.setattr(qt_i18n, "qm_path", lambda code: p)
    try:
        assert qt_i18n.install_translators(qapp, "nl") == "en"
        assert QCoreApplication.translate("QtActions", "&View") == "&View"
        assert "no translations for 'nl'" in caplog.text
    finally:
        monkeypatch.undo()  # the English plural forms back from their own file
        qt_i18n.install_translators(qapp, "en")
        QLocale.setDefault(QLocale.system())


def _blocks(data: bytes) -> list[tuple[int, bytearray]]:
    out, at = [], 16
    while at < len(data):
        size = int.from_bytes(data[at + 1:at + 5], "big")
        out.append((data[at], bytearray(data[at + 5:at + 5 + size])))
        at += 5 + size
    return out


def _joined(blocks: list[tuple[int, bytearray]]) -> bytes:
    return qt_i18n._QM_MAGIC + b"".join(bytes([t]) + len(b).to_bytes(4, "big") + bytes(b) for t, b in blocks)


def _set_length(block: bytearray, tag: int, value: int) -> None:
    """The 32-bit length of the first item ``tag`` of the first message (source text 6, translation 3)."""
    at = 0
    while block[at] != tag:
        at += 1 + (4 if block[at] == 5 else 4 + int.from_bytes(block[at + 1:at + 5], "big"))
    block[at + 1:at + 5] = value.to_bytes(4, "big")


def _crafted(kind: str, tmp_path: Path) -> bytes:
    """A .qm of ours with one structure Qt trusts damaged (each crashed Qt's lookup, or could)."""
    blocks = _blocks(_qm(_ts(tmp_path / "good.ts", [("QtActions", "&View", "Beel&d"),
                                                    ("QtCrosshair", "step {step}", "stap {step}")])).read_bytes())
    by_tag = dict(blocks)
    if kind == "source length":  # the crash found: Qt's match() reads the byte before the length's end
        _set_length(by_tag[0x69], 6, 0x71000005)
    elif kind == "translation length":
        _set_length(by_tag[0x69], 3, 0x7FFFFFFE)
    elif kind == "hash offset":
        by_tag[0x42][4:8] = (len(by_tag[0x69]) + 100).to_bytes(4, "big")
    elif kind == "contexts of size 0":  # Qt divides by the size
        blocks.append((0x2F, bytearray(b"\x00\x00")))
    elif kind == "contexts chain":
        blocks.append((0x2F, bytearray(b"\x00\x01\x00\x40")))
    elif kind == "dependencies":  # other .qm files Qt would load by name
        blocks.append((0x96, bytearray(b"\x00\x00\x00\x0c\x00.\x00.\x00/\x00e\x00t\x00c")))
    elif kind == "partial hash entry":
        by_tag[0x42].extend(b"\x00\x00\x00")
    return _joined(blocks)


@pytest.mark.parametrize("kind", ["source length", "translation length", "hash offset", "contexts of size 0",
                                  "contexts chain", "dependencies", "partial hash entry"])
def test_a_crafted_translation_file_is_refused_not_crashed_on(qapp, tmp_path, monkeypatch, caplog, kind):
    p = tmp_path / "andrea_nl.qm"
    p.write_bytes(_crafted(kind, tmp_path))
    assert qt_i18n.qm_problem(p.read_bytes())
    monkeypatch.setattr(qt_i18n, "qm_path", lambda code: p)
    try:
        assert qt_i18n.install_translators(qapp, "nl") == "en"
        assert QCoreApplication.translate("QtActions", "&View") == "&View"
        assert "no translations for 'nl'" in caplog.text
    finally:
        monkeypatch.undo()  # the English plural forms back from their own file
        qt_i18n.install_translators(qapp, "en")
        QLocale.setDefault(QLocale.system())


@pytest.mark.parametrize("lang", ["id", "nl"])
def test_the_built_translation_files_are_sound(tmp_path, lang):
    assert qt_i18n.qm_problem(_qm(Path(shutil.copy(TS_DIR / f"andrea_{lang}.ts", tmp_path / f"andrea_{lang}.ts")))
                              .read_bytes()) == ""


def test_flipped_bytes_in_a_translation_file_never_crash(tmp_path):
    """Three bytes changed at random, 300 times, each file then looked up for every text (before the
    checks, a plain QTranslator crashed on such a file within a few dozen): in a child process, so
    that a crash fails this test instead of ending the run."""
    good = _qm(_ts(tmp_path / "good.ts", [("QtActions", "&View", "Beel&d"),
                                          ("QtCrosshair", "step {step}", "stap {step}"),
                                          ("MainWindow", "LR schedule", "LR-schema")]))
    code = (
        "import sys, numpy as np\n"
        "from pathlib import Path\n"
        "from PySide6.QtCore import QCoreApplication\n"
        "from andrea_desktop.gui.common import i18n as qt_i18n\n"
        "app = QCoreApplication([])\n"
        "data, rng, p = Path(sys.argv[1]).read_bytes(), np.random.default_rng(0), Path(sys.argv[1] + '.x')\n"
        "for _ in range(300):\n"
        "    b = bytearray(data)\n"
        "    for i in rng.integers(0, len(b), size=3):\n"
        "        b[i] = int(rng.integers(0, 256))\n"
        "    p.write_bytes(bytes(b))\n"
        "    tr = qt_i18n._CheckedTranslator()\n"
        "    if tr.load_checked(p):\n"
        "        app.installTranslator(tr)\n"
        "        for c, s in (('QtActions', '&View'), ('QtCrosshair', 'step {step}'), ('MainWindow', 'LR schedule'),\n"
        "                     ('Other', 'text')):\n"
        "            QCoreApplication.translate(c, s)\n"
        "            QCoreApplication.translate(c, s, None, 2)\n"
        "        app.removeTranslator(tr)\n"
        "print('done')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run([sys.executable, "-c", code, str(good)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert res.returncode == 0 and res.stdout.strip() == "done", res.stderr[-2000:]


# ---------------------------------------------------------------- View → Language, many times
def test_switching_language_many_times(qtbot, make_window, language):
    language("en")
    w = make_window(tiny_config())
    installed = len(qt_i18n._installed)
    actions = w.window_actions.language_menu.actions()
    for k in range(60):
        actions[k % len(actions)].trigger()
    last = actions[59 % len(actions)]
    assert QSettings().value(qt_i18n.SETTINGS_KEY) == last.data()
    assert [a.data() for a in actions if a.isChecked()] == [last.data()]
    assert qt_i18n.LANGUAGES[last.data()] in w.statusBar().currentMessage()
    assert w.menuBar().actions()[0].text() == "&File"  # applies at the next start
    assert len(qt_i18n._installed) == installed
    QSettings().setValue(qt_i18n.SETTINGS_KEY, "en")


def test_a_translator_of_ours_is_the_checked_kind(qapp, language):
    language("nl")
    assert qt_i18n.install_translators(qapp) == "nl"
    assert isinstance(qt_i18n._installed[0], qt_i18n._CheckedTranslator)
    assert QCoreApplication.translate("QtActions", "&View") == ts_messages("nl")["QtActions", "&View"]


# ---------------------------------------------------------------- data is never a template
_DYNAMIC_TEMPLATES = {("core_messages.py", "problem_text"), ("errors.py", "text")}
"""Functions that format a translated text whose source is not written at the call: their sources
are listed with QT_TRANSLATE_NOOP (the validators' problem templates) or in core's table of
English problem texts (``PROBLEM_TEXTS``)."""


def _template_kind_ok(node, assigned) -> bool:
    """Whether ``node`` (what ``.format`` is called on) is one of our texts: a string literal, a
    ``tr()`` / ``translate()`` of a literal, a conditional between those, or a local name only
    ever assigned those."""
    import ast

    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return _template_kind_ok(node.body, assigned) and _template_kind_ok(node.orelse, assigned)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("tr", "translate"):
        source = node.args[0] if node.func.attr == "tr" else (node.args[1] if len(node.args) > 1 else None)
        return isinstance(source, ast.Constant) and isinstance(source.value, str)
    if isinstance(node, ast.Name):
        values = assigned.get(node.id, [])
        return bool(values) and all(_template_kind_ok(v, {}) for v in values)
    return False


def test_no_gui_text_formats_data_as_its_template():
    """Every ``.format(...)`` in the GUI is called on a text of ours (literal or translated literal),
    never on data: a run, source or token name with ``{`` in it would raise there."""
    import ast

    problems = []
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        innermost: dict[ast.AST, ast.AST] = {}  # each node: the function it is written in

        stack = [(tree, tree)]
        while stack:
            node, fn = stack.pop()
            for child in ast.iter_child_nodes(node):
                innermost[child] = fn
                stack.append((child, child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
                              else fn))
        for n in ast.walk(tree):
            if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                    and n.func.attr in ("format", "format_map")):
                continue
            fn = innermost[n]
            assigned: dict[str, list] = {}  # the names' values assigned in the function before the call
            for a in ast.walk(fn):
                if isinstance(a, ast.Assign) and innermost.get(a) is fn and a.lineno < n.lineno:
                    for t in a.targets:
                        if isinstance(t, ast.Name):
                            assigned.setdefault(t.id, []).append(a.value)
            if (not _template_kind_ok(n.func.value, assigned)
                    and (path.name, getattr(fn, "name", "")) not in _DYNAMIC_TEMPLATES):
                problems.append(f"{path.relative_to(ROOT)}:{n.lineno} {ast.unparse(n.func.value)[:80]}")
    assert not problems, "formatted with a template that may be data:\n" + "\n".join(problems)
