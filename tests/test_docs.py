"""The documentation a clone of the repository can read: docs/ and README.md.

Code, tests, benchmarks and user-visible texts cite the design as links to headings of
``docs/*.md`` (``docs/design.md#steps``), never by an old section number, an issue number or a
path outside the repository; every such link, and every link between the documents, points to a
file and a heading that exist. Anchors follow GitHub's rule (lowercase; characters other than
letters, digits, spaces, ``-`` and ``_`` dropped; spaces become ``-``; a repeated heading gets
``-1``, ``-2``...).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CODE = ["andrea_desktop", "tests", "benchmarks", "e2e", "resources", "packaging", ".ci", "Makefile",
        "pyproject.toml", "docs/make_screenshots.py"]
"""Where citations of the old design and of issues must not remain."""
TEXT_SUFFIXES = {".py", ".ts", ".toml", ".md", ".sh", ".spec", ".desktop", ".txt", ".cfg", ""}

# spelled in pieces so that this file does not cite them itself
FORBIDDEN = [
    ("an old design section", re.compile("DESIGN" + r"\s+" + "\u00a7")),
    ("an issue number", re.compile(r"\bissues?" + r" \d", re.IGNORECASE)),
    ("a path outside the repository", re.compile(r"\.\./" + "shared")),
]
LINK_IN_CODE = re.compile(r"docs/([\w.-]+\.md)(?:#([\w-]+))?")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def github_anchor(heading: str) -> str:
    """GitHub's anchor of a Markdown heading's text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w: letters (any script), digits, "_"
    return text.replace(" ", "-")


def anchors(md: Path) -> set[str]:
    """Every anchor the headings of ``md`` make (not the lines inside fenced code)."""
    seen: dict[str, int] = {}
    out = set()
    fenced = False
    for line in md.read_text("utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            base = github_anchor(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def _code_files():
    for name in CODE:
        p = ROOT / name
        if p.is_file():
            yield p
        elif p.is_dir():
            for f in sorted(p.rglob("*")):
                if (f.is_file() and f.suffix in TEXT_SUFFIXES
                        and not {"__pycache__", ".venv"} & set(f.relative_to(ROOT).parts)):
                    yield f


def _lines(path: Path):
    try:
        text = path.read_text("utf-8")
    except (UnicodeDecodeError, OSError):
        return
    yield from enumerate(text.splitlines(), 1)


def test_github_anchor_rule():
    assert github_anchor("Floors, caps and the reachable region") == "floors-caps-and-the-reachable-region"
    assert github_anchor("Settings: --config and --set") == "settings---config-and---set"
    assert github_anchor("`config.toml`") == "configtoml"
    assert github_anchor("ANDREA Desktop — design") == "andrea-desktop--design"
    assert github_anchor("Watching other people's runs") == "watching-other-peoples-runs"
    assert github_anchor("snake_case and 2 digits") == "snake_case-and-2-digits"


def test_repeated_headings_get_numbered_anchors(tmp_path):
    md = tmp_path / "a.md"
    md.write_text("# Title\n## Notes\n```\n## not a heading\n```\n## Notes\n", "utf-8")
    assert anchors(md) == {"title", "notes", "notes-1"}


def test_the_design_is_in_the_repository():
    design = DOCS / "design.md"
    assert design.is_file()
    have = anchors(design)
    for needed in ("the-domain", "worked-examples", "architecture", "contracts", "steps", "the-run-folder",
                   "scalar-names", "event-kinds", "quality-bars", "old-section-numbers"):
        assert needed in have, needed


@pytest.mark.parametrize("what,pattern", FORBIDDEN, ids=[w for w, _ in FORBIDDEN])
def test_no_citation_a_clone_cannot_follow(what, pattern):
    here = Path(__file__).resolve()
    found = [f"{f.relative_to(ROOT)}:{i}: {line.strip()}"
             for f in _code_files() if f.resolve() != here
             for i, line in _lines(f) if pattern.search(line)]
    assert not found, (f"{what} cited (run tools/fix_design_refs.py, or link the fact's section of "
                       "docs/):\n" + "\n".join(found))


def test_links_from_the_code_point_to_headings_that_exist():
    cache: dict[Path, set[str]] = {}
    bad = []
    for f in _code_files():
        for i, line in _lines(f):
            for m in LINK_IN_CODE.finditer(line):
                target = DOCS / m.group(1)
                if not target.is_file():
                    bad.append(f"{f.relative_to(ROOT)}:{i}: docs/{m.group(1)} does not exist")
                    continue
                if m.group(2) and m.group(2) not in cache.setdefault(target, anchors(target)):
                    bad.append(f"{f.relative_to(ROOT)}:{i}: no heading #{m.group(2)} in docs/{m.group(1)}")
    assert not bad, "\n".join(bad)


def _markdown_files():
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def test_links_between_the_documents_point_to_files_and_headings_that_exist():
    bad = []
    for md in _markdown_files():
        fenced = False
        for i, line in enumerate(md.read_text("utf-8").splitlines(), 1):
            if FENCE.match(line):
                fenced = not fenced
            if fenced:
                continue
            for m in MD_LINK.finditer(line):
                link = m.group(1)
                if re.match(r"[a-z]+:", link):  # http:, https:, mailto:
                    continue
                path, _, anchor = link.partition("#")
                target = (md.parent / path).resolve() if path else md
                where = f"{md.relative_to(ROOT)}:{i}: {link}"
                if not target.exists():
                    bad.append(f"{where}: no such file")
                elif anchor and (target.suffix != ".md" or anchor not in anchors(target)):
                    bad.append(f"{where}: no such heading")
    assert not bad, "\n".join(bad)


def test_readme_is_short_and_shows_a_current_screenshot():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 250
    first_picture = re.search(r"!\[[^\]]*\]\((docs/screenshots/[\w.-]+\.png)\)", readme)
    assert first_picture and (ROOT / first_picture.group(1)).is_file()
    assert readme.index(first_picture.group(0)) < readme.index("## Quick start")
    assert "make run" in readme and "make test" in readme


def test_the_rewrite_script_has_nothing_left_to_do():
    """tools/fix_design_refs.py --check: every old citation it knows is rewritten already."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "fix_design_refs.py"), "--check", str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
