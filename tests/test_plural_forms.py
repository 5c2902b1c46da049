"""Counts and numbers in the interface's language: a count before a noun is one
plural ("numerus") message whose form Qt picks for the count (English and Dutch ``1 step`` /
``2 steps`` / ``1 stap`` / ``2 stappen``, Indonesian's one form ``1 langkah`` / ``2 langkah``);
every number of a box is written in the language's marks, integers grouped and decimals with its
decimal mark (Dutch ``1.234`` beside ``5,234``, never ``5.234``); the sentences the window writes
from numbers (the experiment's expectation, an anomaly's first line) are translated; and a marker
label cut short is cut at a word's end."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from conftest import TS_DIR, tiny_config
from PySide6.QtCore import QCoreApplication

from andrea_desktop.core.viewmodels.history import RunHistory
from andrea_desktop.core.viewmodels.run_model import RunModel
from andrea_desktop.gui.common import i18n as qt_i18n
from andrea_desktop.gui.plots.hover import ReadoutRow, format_value, readout_lines

PACKAGE = Path(__file__).resolve().parents[1] / "andrea_desktop"


def _lr_info(qtbot, warmup: int, lr: float = 3e-4, min_lr: float = 3e-5, total: int = 300_000) -> str:
    from andrea_desktop.gui.panels.lr.panel import QtLRPanel

    cfg = tiny_config()
    cfg = dataclasses.replace(cfg, optimizer=dataclasses.replace(cfg.optimizer, lr=lr),
                              schedule=dataclasses.replace(cfg.schedule, warmup_steps=warmup, total_steps=total,
                                                           min_lr=min_lr))
    panel = QtLRPanel(RunModel.of(RunHistory()))
    qtbot.addWidget(panel)
    panel.set_config(cfg)
    return panel.info.toolTip() or panel.info.text()


# ---------------------------------------------------------------- one and two of a thing
READS = {
    "en": {"warmup": ("warmup 1 step ·", "warmup 2 steps ·"), "every": ("every 1 step", "every 2 steps"),
           "results": ("step 5 (1 result)", "step 5 (2 results)"), "threads": ("1 thread", "2 threads"),
           "fix": ("1 setting to fix (in red).", "2 settings to fix (in red).")},
    "nl": {"warmup": ("warmup 1 stap ·", "warmup 2 stappen ·"), "every": ("elke 1 stap", "elke 2 stappen"),
           "results": ("stap 5 (1 resultaat)", "stap 5 (2 resultaten)"), "threads": ("1 thread", "2 threads"),
           "fix": ("1 instelling te herstellen (in rood).", "2 instellingen te herstellen (in rood).")},
    "id": {"warmup": ("warmup 1 langkah ·", "warmup 2 langkah ·"), "every": ("tiap 1 langkah", "tiap 2 langkah"),
           "results": ("langkah 5 (1 hasil)", "langkah 5 (2 hasil)"), "threads": ("1 thread", "2 thread"),
           "fix": ("1 pengaturan perlu diperbaiki (merah).", "2 pengaturan perlu diperbaiki (merah).")},
}


@pytest.mark.parametrize("lang", ["en", "nl", "id"])
def test_one_and_two_of_a_thing_read_right(qtbot, speak, lang):
    """The LR panel's warmup, the samples' interval, the terrain panel's result count, the status
    bar's threads and the New Run dialog's count of settings to fix, for 1 and for 2."""
    from andrea_desktop.gui.panels.samples.panel import describe_settings
    from andrea_desktop.gui.run.driver import thread_label

    speak(lang)
    want = READS[lang]
    for n, k in ((1, 0), (2, 1)):
        assert want["warmup"][k] in _lr_info(qtbot, n)
        assert describe_settings({"sample_interval": n}) == want["every"][k]
        assert QCoreApplication.translate("QtTerrainPanel", "step {step} ({n} result(s))", None, n).format(
            step=5, n=n) == want["results"][k]
        assert thread_label(n, auto=False) == want["threads"][k]
        assert QCoreApplication.translate("QtNewRunDialog", "{n} setting(s) to fix (in red).", None, n).format(
            n=n) == want["fix"][k]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_large_counts_take_the_plural_and_do_not_overflow(qtbot, speak, lang):
    """A step count past Qt's 32-bit ``int`` (config bounds go to 10^10 steps) picks the plural
    form instead of raising OverflowError."""
    from andrea_desktop.gui.panels.samples.panel import describe_settings

    speak(lang)
    text = describe_settings({"sample_interval": 3_000_000_001})
    assert text == {"en": "every 3,000,000,001 steps", "nl": "elke 3.000.000.001 stappen"}[lang]
    assert qt_i18n.plural_n(10**10 + 1) == 1_000_001 and qt_i18n.plural_n(-(2**40)) < 0


def _numerus(lang: str) -> dict[tuple[str, str], list[str]]:
    out = {}
    for ctx in ET.parse(TS_DIR / f"andrea_{lang}.ts").getroot().iter("context"):
        for m in ctx.iter("message"):
            if m.get("numerus") == "yes":
                t = m.find("translation")
                out[ctx.findtext("name"), m.findtext("source")] = [f.text or "" for f in t.findall("numerusform")]
    return out


def test_every_plural_message_has_the_languages_forms():
    """English and Dutch: a singular and a plural that differ, neither with the source's ``(s)``;
    Indonesian: one form; the three files hold the same plural messages."""
    en, nl, ind = _numerus("en"), _numerus("nl"), _numerus("id")
    assert en and set(en) == set(nl) == set(ind)
    for key in en:
        for lang, forms in (("en", en[key]), ("nl", nl[key])):
            assert len(forms) == 2 and forms[0] != forms[1] and "(s)" not in "".join(forms), (lang, key, forms)
        assert len(ind[key]) == 1 and "(s)" not in ind[key][0], key


COUNTED = re.compile(r"\{\w+\}\s+(?:[\w-]+\s+)?(?:step|probe|result|row|token|setting|source|file|checkpoint|layer|"
                     r"head|thread|vert|corner|snapshot|line|second|minute|character|sample|item)(?:s|ices)\b")
"""A count before a noun in the plural (``{n} steps``, ``{rows} held-out rows``, ``{count} vertices``)."""
ALWAYS_MANY = {
    ("QtRunEstimates", "measured: {steps} trial steps of this model on random tokens, at the chosen threads, "
                       "after one warm-up step"),  # TRIAL_STEPS, a constant 3
    ("QtEmbeddingPanel", "step {step} · {tokens} tokens × d_model {d}"),  # a vocabulary: hundreds of tokens
    ("QtVocabularyMap", "Computing the {method} map of {tokens} tokens (step {step})…"),
    ("QtVocabularyMap", "{method} of all {tokens} tokens · step {step}"),
    ("ReadingPane", "The region has {n} corners, listed below as weights (H, G, D) that add up to 1."),  # a fixed example
    ("ReadingPane", "e<sup>{loss}</sup> = {ppl}: the model is as unsure as a uniform pick among {ppl} tokens "
                    "({bits} bits per token). A fresh model guesses uniformly: ln {vocab} = {uniform} nats/token."),
    # a perplexity e^loss with the loss at least 0.01 (the example's field): above 1, never one token
}
"""Counts that are never 1 (why in each comment)."""


def test_no_count_before_a_plural_noun_is_left_without_plural_forms():
    """The kind, not only the cases found: every message of the .ts whose source puts a count
    before a plural noun is a plural message, or is one of the few counts that are never 1."""
    plural = set(_numerus("nl"))
    left = []
    for ctx in ET.parse(TS_DIR / "andrea_nl.ts").getroot().iter("context"):
        for m in ctx.iter("message"):
            key = (ctx.findtext("name"), m.findtext("source"))
            if COUNTED.search(key[1]) and key not in plural and key not in ALWAYS_MANY:
                left.append(key)
    assert not left, "\n".join(f"{c}: {s!r}" for c, s in left)


# ---------------------------------------------------------------- one set of marks in a box
def test_a_dutch_box_writes_integers_and_decimals_in_dutch(speak):
    """The hover box of the loss panel: ``stap 1.234`` above ``ruw 5,234`` (not ``5.234``: a
    Dutch reader takes that for five thousand), a value from another step noted as ``(stap 1.230)``."""
    speak("nl")
    title = QCoreApplication.translate("QtCrosshair", "step {step}").format(step=qt_i18n.format_number(1234))
    (raw, val) = readout_lines([ReadoutRow("ruw", "k", 1234, 5.234, ""), ReadoutRow("val", "k", 1230, 0.000245, "")],
                               1234)
    assert (title, raw.value, raw.note) == ("stap 1.234", "5,234", "")
    assert (val.value, val.note) == ("2,450e-4", "(stap 1.230)")
    assert format_value(123.4) == "123,4" and format_value(-0.5) == "-0,5000"


def test_the_lr_line_writes_its_decimals_as_its_integers(qtbot, speak):
    speak("nl")
    text = _lr_info(qtbot, 2_000)
    assert text.startswith("piek 3,00e-04 · warmup 2.000 stappen · cosinus naar 3,0e-05 bij stap 300.000"), text


def test_english_marks_stay_as_python_writes_them(qtbot, speak):
    speak("en")
    assert format_value(5.234) == "5.234"
    assert _lr_info(qtbot, 2_000).startswith("peak 3.00e-04 · warmup 2,000 steps · cosine to 3.0e-05 at step 300,000")
    assert qt_i18n.format_decimal(0.5, ".2f") == "0.50" and qt_i18n.join_numbers(["0.5", "0.25"]) == "0.5, 0.25"


def test_format_decimal_refuses_grouping_and_writes_the_mark(speak):
    speak("id")
    assert qt_i18n.format_decimal(0.02403, ".4g") == "0,02403"
    assert qt_i18n.format_decimal(float("nan"), ".3f") == "nan"
    assert qt_i18n.join_numbers(["0,5", "0,25"]) == "0,5; 0,25"
    with pytest.raises(ValueError, match="groups digits"):
        qt_i18n.format_decimal(1234.5, ",.1f")


FLOAT_SPEC = re.compile(r"""\{[^{}:'"]+:[ 0#+<>^=-]*\d*[,_]?(?:\.\d+)?[efgEFG]\}""")
"""An f-string field with a float format (``{v:.3f}``, ``{x:g}``, ``{lr:.2e}``)."""
WRITTEN_FOR_FILES = {("gui/panels/embedding/panel.py", 'f"{s:.6g}"')}
"""Floats written to a CSV file (the machine's format, whatever the interface's language)."""


def test_no_float_is_formatted_for_the_eye_by_python_alone():
    """The kind: every float the window shows goes through ``format_decimal`` (or
    ``format_number``), so no box mixes a locale's integers with Python's decimal point; the
    settings' own text (``fmt_value``, as ``config.toml`` writes it) and file output apart."""
    found = []
    for path in sorted((PACKAGE / "gui").rglob("*.py")):
        rel = str(path.relative_to(PACKAGE))
        if rel == "gui/common/i18n.py":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in FLOAT_SPEC.finditer(line):
                snippet = line[max(0, m.start() - 2):m.end() + 1]
                if any(rel == f and s in line for f, s in WRITTEN_FOR_FILES):
                    continue
                if rel == "gui/panels/runs/model.py" and "{v:.6g}" in line:  # fmt_value: a setting's text
                    continue
                found.append(f"{rel}:{no}: {snippet.strip()}")
    assert not found, "\n".join(found)


def test_the_terrain_line_in_indonesian(qtbot, speak):
    """The terrain panel's line of many numbers: decimal commas, eigenvalues apart by ``;``."""
    from conftest import make_terrain_result

    from andrea_desktop.gui.panels.terrain.panel import QtTerrainPanel

    speak("id")
    panel = QtTerrainPanel()
    qtbot.addWidget(panel)
    r = make_terrain_result(1234)
    model = RunModel.of(RunHistory())
    panel.set_model(model)
    model.add_terrain([r])
    qtbot.waitUntil(lambda: panel.result is not None)
    info = panel.info.text()
    assert info.startswith("langkah 1.234 · loss ") and "." not in info.split("loss ")[1].split(" ")[0], info
    if len(r.eigenvalues) > 1:
        assert "; " in info.split("λ_max ")[1].split(" (")[0]
    assert panel.step_label.text() == "langkah 1.234 (1 hasil)"


# ---------------------------------------------------------------- sentences the window writes from numbers
def _experiment_dialog(qtbot, lr: str):
    from andrea_desktop.gui.dialogs.experiment.dialog import QtWarmupExperimentDialog

    dlg = QtWarmupExperimentDialog()
    qtbot.addWidget(dlg)
    dlg.set_field("optimizer.lr", lr)
    return dlg


@pytest.mark.parametrize("lr", ["1e-2", "1e-3"])
def test_the_experiments_expectation_is_in_dutch(qtbot, speak, lr):
    speak("nl")
    dlg = _experiment_dialog(qtbot, lr)
    text = dlg.expect_label.text()
    assert text.startswith("Wat je kunt verwachten: " + ("De run zonder warmup" if lr == "1e-2" else "Weinig verschil")), text
    assert "Expect" not in text and "step 400" not in text and "stap 400" in text
    if lr == "1e-2":
        assert "5,71" in text and "4,98" in text


def test_the_experiments_expectation_stays_as_core_writes_it_in_english(qtbot, speak):
    from andrea_desktop.core.experiments import expectation

    speak("en")
    for lr, preset in (("1e-2", "andrea-tiny"), ("1e-3", "andrea-tiny")):
        dlg = _experiment_dialog(qtbot, lr)
        assert dlg.expect_label.text() == "What to expect: " + expectation(preset, float(lr))


def _spike(**extra) -> dict:
    return {"kind": "spike", "source": "gutenberg", "step": 1234, "loss": 6.8, "median": 3.1, "ratio": 2.19,
            "message": "loss spike on gutenberg at step 1234: 6.800, far above its median 3.100 over the last "
                       "50 steps", **extra}


def test_an_anomalys_first_line_is_in_dutch(qtbot, make_window, speak):
    w = make_window(tiny_config())
    speak("nl")  # after the window: its configure_app installs the saved language
    n = w.notices
    n.anomaly(1233, _spike(window=50), paused=True, can_exclude=False)  # an older run's event: no episode
    notice = w.anomaly_notice  # the notice bar over the loss panel (no box)
    assert notice.title.text() == "Loss-piek bij gutenberg"
    first = notice.text.text().split("\n")[0]
    assert first == "Bij stap 1.234 sprong de loss van gutenberg naar 6,800, 2,2 keer de mediaan 3,100 over de " \
                    "stappen ervoor.", first
    notice.dismiss()
    n.anomaly(1233, {"kind": "vertex", "source": "chat", "weight": 0.97, "steps": 1,
                     "message": "the mixture has stayed near the chat vertex for 1 steps"}, True, False)
    assert notice.text.text().startswith("Al 1 stap geeft de mix 97% van zijn gewicht aan chat."), notice.text.text()
    n.anomaly(1233, {"kind": "vertex", "source": "chat", "steps": 2}, True, False)
    assert notice.text.text().startswith("Al 2 stappen blijft de mix bij het hoekpunt chat."), notice.text.text()
    notice.dismiss()
    shown = []
    n.status_message.connect(lambda text, _ms: shown.append(text))
    n.anomaly(40, {"kind": "repetition", "score": 0.45, "text": "a a a",
                   "message": "the sample at step 40 repeats itself (repetition score 0.45)"}, False, False)
    assert shown == ["Anomalie: de sample bij stap 40 herhaalt zichzelf (herhalingsscore 0,45)"]


def test_an_anomaly_of_an_older_or_damaged_event_keeps_cores_line(qtbot, make_window, speak):
    """Without the numbers (an older run's event has no ``window``; a damaged one a text for a
    number) the line is still written from what there is, or core's own message as it is."""
    w = make_window(tiny_config())
    speak("nl")
    n = w.notices
    assert n.anomaly_line(1, _spike()) == "loss-piek op gutenberg bij stap 1.234: 6,800, ver boven de mediaan 3,100"
    damaged = _spike(loss="6.8")
    assert n.anomaly_line(1, damaged) == damaged["message"]
    assert n.anomaly_line(1, {"kind": "spike"}) == ""


def test_the_anomaly_detector_gives_the_window_its_numbers():
    from andrea_desktop.core.anomaly import LossWatch
    from andrea_desktop.core.config import AnomalyConfig

    cfg = AnomalyConfig()
    watch = LossWatch(cfg)
    found = []
    for step in range(1, 200):
        found += watch.observe(step, {"a": 3.0 + 0.01 * np.sin(step) if step != 150 else 30.0})
    p, end = found  # the spike's episode: its start, and its end once the loss is back
    assert end["episode"] == {**end["episode"], "phase": "end", "start": 150, "steps": 1}
    assert p["window"] >= cfg.min_points and p["step"] == 150 and isinstance(p["window"], int)
    assert f"over the last {p['window']} steps" in p["message"]


# ---------------------------------------------------------------- a label cut at a word's end
@pytest.mark.parametrize(("full", "cut", "shown"), [
    ("instellingen gewijzigd", "instellingen gewijzig…", "instellingen…"),
    ("instellingen gewijzigd", "instellingen …", "instellingen…"),
    ("pivot · pauze", "pivot · pa…", "pivot…"),
    ("instellingen gewijzigd", "instelli…", "instelli…"),  # no whole word to keep
    ("settings changed", "settings changed", "settings changed"),
])
def test_a_cut_label_ends_at_a_words_end(full, cut, shown):
    from andrea_desktop.gui.plots.marker_placement import whole_words

    assert whole_words(full, cut) == shown


def test_a_dutch_marker_label_with_little_room_is_cut_at_a_word(qtbot, speak):
    """The loss panel's "settings changed" marker in Dutch on plots of heights from roomy to too
    short for it (its label written along the line): the whole label, or cut after its first word
    ("instellingen…"), or, where not even that fits, inside the first word; never a second word
    cut ("instellingen gewijzig…") nor a space before the "…" ("instellingen …")."""
    from andrea_desktop.gui.panels.loss.panel import QtLossPanel

    speak("nl")
    full = "instellingen gewijzigd"
    seen = set()
    for height in range(420, 190, -15):
        h = RunHistory()
        h.loss.extend(np.arange(1, 301), np.linspace(8, 3, 300))
        h.events.extend([(150, "config_changed", {}), (151, "pause", {})])
        panel = QtLossPanel(RunModel.of(h))
        qtbot.addWidget(panel)
        panel.resize(400, height)
        panel.show()
        qtbot.waitExposed(panel)
        panel.refresh()
        qtbot.wait(20)
        qtbot.waitUntil(lambda panel=panel: not panel.markers.layout_pending, timeout=5000)
        for label in panel.markers.labels:
            text = label.toPlainText()
            if not text.startswith("inst"):
                continue
            seen.add(text)
            ok = text.startswith(full) or text == "instellingen…" or (
                text.endswith("…") and "instellingen".startswith(text[:-1]) and len(text) > 1)
            assert ok, f"{height} px: {text!r}"
            if text != full:
                assert full in label.toolTip()
        panel.close()
    assert full in seen and len(seen) > 1, seen  # the heights cover the whole label and a cut one
