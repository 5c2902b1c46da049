"""The boundary DESIGN §3 asks for: core/ never imports Qt (napari's import-linter habit)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_core_imports_without_qt():
    code = (
        "import sys, pkgutil, importlib, andrea_desktop.core as c\n"
        "for m in pkgutil.walk_packages(c.__path__, 'andrea_desktop.core.'): importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'superqt', 'shiboken6')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_import_linter_contract():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("import-linter is not installed")
    res = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_no_print_in_the_package():
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("ruff is not installed")
    res = subprocess.run([exe, "check", "--select", "T20", "andrea_desktop"], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout


def _string_literals(path: Path) -> set[str]:
    """The string constants of a module, docstrings excluded."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings}


def test_each_run_folder_name_is_spelled_in_one_module():
    """Every run-folder file name (DESIGN §4) is a string literal only in core/rundir/layout.py:
    writers and readers import it, so a renamed file cannot be taught to only some of them."""
    from andrea_desktop.core.rundir import layout

    names = {getattr(layout, n) for n in layout.__all__ if n.isupper() and isinstance(getattr(layout, n), str)}
    assert {"metrics.sqlite", "config.toml", "probes", "embedding.npz", "checkpoints"} <= names
    where: dict[str, list[str]] = {n: [] for n in names}
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        for lit in _string_literals(path) & names:
            where[lit].append(str(path.relative_to(ROOT)))
    offenders = {n: mods for n, mods in where.items() if mods != ["andrea_desktop/core/rundir/layout.py"]}
    assert not offenders, offenders
