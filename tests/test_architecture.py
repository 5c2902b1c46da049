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
