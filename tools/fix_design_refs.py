"""Rewrite citations that a clone of the repository cannot follow into links to docs/.

    python tools/fix_design_refs.py [--check] [ROOT]

Older comments, docstrings and texts cite a numbered design document that lived outside the
repository ("DESIGN §4", "DESIGN §4 "Commands"", "DESIGN §3, §4"), issue numbers ("(issue 12,
kind 5)"), a testing note outside the repository (``../shared/TESTING.md``) and README sections
that moved to docs/ (``README "Languages"``). This script rewrites each into a link to the
section of docs/ that now holds the fact (``docs/design.md#the-run-folder``; the table is
docs/design.md's "Old section numbers"), or drops it where the sentence reads without it, and
prints every change as ``path:line: old -> new``. User-visible texts (the ``<source>`` of a Qt
``.ts`` entry) lose their citation instead of getting a link, in the ``.ts`` files and in the
code that holds the same text.

It is idempotent: a second run changes nothing. ``--check`` changes nothing and exits 1 when
something would change. Citations it cannot place are listed at the end (exit status 2).
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

SCOPE = ["andrea_desktop", "tests", "benchmarks", "e2e", "resources", "packaging", ".ci", "Makefile",
         "pyproject.toml", "docs/make_screenshots.py"]
"""What is rewritten (docs/*.md are written by hand and only checked by tests/test_docs.py)."""
SUFFIXES = {".py", ".ts", ".toml", ".md", ".sh", ".spec", ".desktop", ".txt", ".cfg", ".ini", ""}
SKIP_DIRS = {"__pycache__", ".venv", "build", "dist"}

DESIGN = "docs/design.md"

SECTION_DEFAULT = {1: "the-domain", 2: "what-a-user-does", 3: "architecture", 4: "contracts",
                   5: "quality-bars"}
"""Old section number -> heading of docs/design.md, when nothing more specific applies."""

SUBSECTIONS = {
    (4, "commands"): "commands",
    (4, "steps"): "steps",
    (4, "presets"): "presets",
    (4, "data"): "data",
    (4, "curriculum words"): "curriculum-words",
    (4, "main window"): "the-main-window",
    (4, "run directory"): "the-run-folder",
    (5, "pause/resume changes nothing"): "pause-and-resume-change-nothing",
    (5, "bad input"): "bad-input-changes-nothing",
    (1, "worked example"): "worked-examples",
    (1, "worked examples"): "worked-examples",
}
"""(old section, quoted sub-section name) -> heading: ``DESIGN §4 "Steps"``."""

KEYWORDS = {
    1: [(r"field's symbols", "the-domain"),
        (r"R\^4|R\^3|worked example|parakeet|0\.38365|q = \(1|H >= 0\.5|H ≥ 0\.5|quadrilateral", "worked-examples"),
        (r"cliff|trench|basin|terrain|warmup path", "optimisation-and-the-terrain"),
        (r"softmax|attention|causal|Q K", "attention"),
        (r"cosine|embedding", "embeddings"),
        (r"floor|cap|reachable|simplex|hyperplane", "floors-caps-and-the-reachable-region"),
        (r"phase|bandit|UCB", "phases-and-the-bandit"),
        (r"d_model|heads?\b|GPT-2|decoder-only|subspace|symbols|units", "the-model-family")],
    2: [],
    3: [(r"same trainer|drivers?|entry points", "one-trainer-two-drivers"),
        (r"step boundar|event loop|command", "threads-and-snapshots"),
        (r"view-?model|run model|snapshot", "the-run-model"),
        (r"Qt|import", "layers")],
    4: [(r"same trainer", "commands"),
        (r"pivot|constraint|warmup", "curriculum-words"),
        (r"step boundar|rows? (?:land|after)|history is replaced|deleted|logged twice|before the checkpoint|"
         r"Delete scalars", "steps"),
        (r"commands? from|control|toolbar|shortcut|menus|Enter quits", "the-main-window"),
        (r"headless trainer|andrea-train|andrea-desktop|entry point", "commands"),
        (r"fingerprint|data no longer|corpus|Sampling is|pure function", "data"),
        (r"scalar|event kinds|anomaly kinds|names in", "scalar-names"),
        (r"metrics\.sqlite|run directory|run folder|file|probe|checkpoint|config\.toml|layout|store|device", "the-run-folder"),
        (r"configuration|dataclass|TOML|preset|loss terrain", "the-run-folder")],
    5: [(r"bad input|out of range|odd source|anomal|non-finite", "bad-input-changes-nothing"),
        (r"[Tt]hroughput|0\.97|headless|threads?|GIL|0\.9 x", "monitoring-costs-almost-nothing"),
        (r"redraw|ms\b|latency|fluid", "the-window-stays-fluid"),
        (r"resume", "pause-and-resume-change-nothing")],
}
"""Per old section, the first pattern found near the citation (its line and the next) chooses the
sub-section."""

README_SECTIONS = {
    "languages": [(r"lupdate|\.qm|compiled|translations", "docs/development.md#translations"),
                  (r"", "docs/user-guide.md#languages")],
    "quick start": [(r"", "docs/user-guide.md#installing")],
    "development": [(r"", "docs/development.md#real-window-tests")],
    "testing": [(r"", "docs/development.md#tests")],
    "using it": [(r"config|dataclass", "docs/run-folder.md#configtoml"),
                 (r"", "docs/user-guide.md#presets-and-run-folders")],
    "threads": [(r"", "docs/development.md#the-torch-thread-count")],
    "resuming with changed settings": [(r"", "docs/user-guide.md#resuming-with-changed-settings")],
}
"""README sections that moved, by their old title (lowercase)."""

EXACT = [
    # sentences whose wording changes, not only the citation
    ("applied or refused as the README's 'Resuming with changed settings'",
     "applied or refused as docs/user-guide.md#resuming-with-changed-settings describes"),
    ("(README, Threads)", "(docs/development.md#the-torch-thread-count)"),
    ("(issue 4's Qt-free part)", "(the Qt-free part of the inspection tools)"),
    ("Benchmark of issue 4's inspection tools.",
     "Benchmark of the inspection tools (attention grid, nearest neighbours, probes)."),
    ("DESIGN §1's example in R^3", "the worked example in R^3 of docs/design.md#worked-examples"),
    ("DESIGN §1's three tokens", "the three tokens of docs/design.md#worked-examples"),
    ("../shared/TESTING.md", "docs/development.md#real-window-tests"),
    ('(DESIGN §4 "Run directory", "Data")', "(docs/design.md#the-run-folder, docs/design.md#data)"),
]

_NAMED = r"(?:\s+[\"“]({q}{{1,60}}(?:\n\s*{q}{{1,40}})?)[\"”]|\s+(bad input|worked examples?)\b)?".format(
    q=r"[^\"”\n]")
_REF = r"§(\d)(?:\.(\d+))?" + _NAMED
"""One old citation: the section, a sub-number, a quoted or a bare sub-section name."""
REF_RE = re.compile(_REF)
_REF_NC = re.sub(r"\((?!\?)", "(?:", _REF)
DESIGN_RE = re.compile(r"DESIGN\s+" + _REF_NC + r"(?:,\s*" + _REF_NC + r")*")
TS_CITATION = re.compile(r" \(DESIGN §\d(?:\.\d+)?\)")
_ITEMS = r"(?:[ ,]+(?:items?|kinds?) [0-9a-z]+(?:(?:, | and )[0-9a-z]+)*)?"
ISSUE_FULL = re.compile(r"(?:[ \t]|\n[ \t]*)?\(issues? \d+" + _ITEMS + r"\)")
ISSUE_HEAD = re.compile(r"\(issues? \d+" + _ITEMS + r"[:;,]\s*")
ISSUE_TAIL = re.compile(r",? issues? \d+" + _ITEMS + r"\)")
README_RE = re.compile(r"README(?:'s)?,?\s+\\?[\"']([A-Z][A-Za-z ]{2,40})\\?[\"']")
LEFT_RE = re.compile(r"DESIGN\s+§|\bissues? \d|\.\./shared|README,? \\?[\"'](?:Languages|Quick start|"
                     r"Development|Testing|Using it|Threads|Resuming)", re.IGNORECASE)


@dataclass
class Change:
    path: Path
    line: int
    old: str
    new: str


def _anchor(section: int, sub: str | None, context: str) -> str:
    if sub:
        key = (section, " ".join(sub.lower().split()))
        if key in SUBSECTIONS:
            return SUBSECTIONS[key]
    for pattern, anchor in KEYWORDS.get(section, []):
        if re.search(pattern, context, re.IGNORECASE):
            return anchor
    return SECTION_DEFAULT.get(section, "the-domain")


def _context(text: str, start: int, end: int) -> str:
    """The line before the citation, its own lines and the line after."""
    a = text.rfind("\n", 0, start)
    a = 0 if a < 0 else text.rfind("\n", 0, a) + 1
    b = text.find("\n", end)
    b = len(text) if b < 0 else text.find("\n", b + 1)
    return text[a:len(text) if b < 0 else b]


def _design(text: str) -> str:
    def one(m: re.Match) -> str:
        ctx = _context(text, m.start(), m.end())
        links = [f"{DESIGN}#{_anchor(int(r.group(1)), r.group(3) or r.group(4), ctx)}"
                 for r in REF_RE.finditer(m.group(0))]
        return ", ".join(dict.fromkeys(links))

    return DESIGN_RE.sub(one, text)


def _issues(text: str) -> str:
    text = ISSUE_FULL.sub("", text)
    text = ISSUE_HEAD.sub("(", text)
    return ISSUE_TAIL.sub(")", text)


def _readme(text: str) -> str:
    def one(m: re.Match) -> str:
        name = m.group(1).lower()
        if name not in README_SECTIONS:
            return m.group(0)
        ctx = _context(text, m.start(), m.end())
        for pattern, target in README_SECTIONS[name]:
            if re.search(pattern, ctx, re.IGNORECASE):
                return target
        return m.group(0)

    return README_RE.sub(one, text)


def _visible_citations(root: Path) -> list[tuple[str, str]]:
    """(text with citation, text without) for every cited user-visible text in the .ts files;
    the 30 characters before the citation make it specific enough to find in the code."""
    pairs = []
    for ts in sorted((root / "resources" / "i18n").glob("*.ts")):
        for source in re.findall(r"<source>(.*?)</source>", ts.read_text("utf-8"), re.DOTALL):
            for m in TS_CITATION.finditer(source):
                before = source[max(0, m.start() - 30):m.start()]
                pairs.append((before + m.group(0), before))
    return list(dict.fromkeys(pairs))


def rewrite(text: str, path: Path, visible: list[tuple[str, str]]) -> str:
    if path.suffix == ".ts":
        return TS_CITATION.sub("", text)
    for old, new in visible:
        text = text.replace(old, new)
    for old, new in EXACT:
        text = text.replace(old, new)
    text = _issues(text)
    text = _design(text)
    return _readme(text)


def _files(root: Path):
    for name in SCOPE:
        p = root / name
        if p.is_file():
            yield p
        elif p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and not (SKIP_DIRS & set(f.relative_to(root).parts)) and f.suffix in SUFFIXES:
                    yield f


def _diff(path: Path, old: str, new: str) -> list[Change]:
    a, b = old.split("\n"), new.split("\n")
    if len(a) == len(b):
        return [Change(path, i + 1, x.strip(), y.strip()) for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
        if tag != "equal":
            out.append(Change(path, i1 + 1, " / ".join(s.strip() for s in a[i1:i2]),
                              " / ".join(s.strip() for s in b[j1:j2])))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if something would change")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    visible = _visible_citations(root)
    changes: list[Change] = []
    left: list[str] = []
    for f in _files(root):
        try:
            old = f.read_text("utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        new = rewrite(old, f, visible)
        if new != old:
            changes += _diff(f.relative_to(root), old, new)
            if not args.check:
                f.write_text(new, "utf-8")
        for i, line in enumerate(new.split("\n"), 1):
            if LEFT_RE.search(line):
                left.append(f"{f.relative_to(root)}:{i}: {line.strip()}")
    for c in changes:
        print(f"{c.path}:{c.line}: {c.old}\n    -> {c.new}")  # noqa: T201
    print(f"{len(changes)} change(s){' needed' if args.check else ''}")  # noqa: T201
    if left:
        print("not rewritten (fix by hand):\n  " + "\n  ".join(left))  # noqa: T201
        return 2
    return 1 if args.check and changes else 0


if __name__ == "__main__":
    sys.exit(main())
