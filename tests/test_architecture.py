"""The boundary docs/design.md#layers asks for: core/ never imports Qt (napari's import-linter habit)."""

import ast
import functools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def _parsed(source: str) -> ast.Module:
    """``ast.parse(source)``, once per source text in a test process (the checks below each walk
    the whole package: parsing it again for each took ~1 s of CPU; the trees are only read)."""
    return ast.parse(source)


@functools.cache
def _nodes_of(source: str) -> tuple[ast.AST, ...]:
    """Every node of ``source``'s tree, in ``ast.walk`` order."""
    return tuple(ast.walk(_parsed(source)))


def _tree(path: Path) -> ast.Module:
    return _parsed(path.read_text(encoding="utf-8"))


def _nodes(path: Path) -> tuple[ast.AST, ...]:
    return _nodes_of(path.read_text(encoding="utf-8"))


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

    tree = _tree(path)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings}


def test_each_run_folder_name_is_spelled_in_one_module():
    """Every run-folder file name (docs/design.md#the-run-folder) is a string literal only in core/rundir/layout.py:
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


def test_gui_keeps_each_module_with_the_feature_it_serves():
    """gui/'s root holds only the application; every other module lives in a feature folder
    (window/, run/, panels/<panel>/, dialogs/<dialog>/, plots/, common/, reading/), so a panel's own
    helpers sit beside it and the independence contract applies per panel package."""
    gui = ROOT / "andrea_desktop" / "gui"
    root_modules = sorted(p.name for p in gui.glob("*.py"))
    assert root_modules == ["__init__.py", "app.py"]
    for kind in ("panels", "dialogs"):
        loose = sorted(p.name for p in (gui / kind).glob("*.py") if p.name != "__init__.py")
        assert not loose, f"gui/{kind}/ holds modules outside a {kind[:-1]} package: {loose}"


def test_every_package_is_installed():
    """pyproject.toml lists every package folder (a folder missing there is left out of a
    wheel and of the packaged app, though an editable checkout still finds it)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "andrea_desktop").rglob("__init__.py")}
    assert found - listed == set(), f"packages not listed in pyproject.toml: {sorted(found - listed)}"


def _kind_literals(path: Path, kinds: set[str]) -> list[str]:
    """Where a module compares or writes one of ``kinds`` as a raw string: a comparison with an
    operand whose text names a ``kind``, the kind argument of ``event`` / ``send_command`` /
    ``submit`` / ``_send`` / ``EventMarkers``, a ``{"kind": ...}`` value, or the first item of an
    ``(kind, payload)`` tuple appended to a list."""
    import ast

    def strs(node) -> list[str]:
        items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
        return [e.value for e in items if isinstance(e, ast.Constant) and isinstance(e.value, str)]

    found = []
    for node in _nodes(path):
        hits: list[str] = []
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if "kind" in " ".join(ast.unparse(s) for s in sides if not strs(s)):
                hits = [v for s in sides for v in strs(s)]
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in ("event", "send_command", "submit", "_send", "EventMarkers"):
                hits = [v for a in node.args[:3] for v in strs(a)]
            elif name == "append" and node.args and isinstance(node.args[0], ast.Tuple) and node.args[0].elts:
                hits = strs(node.args[0].elts[0])
        elif isinstance(node, ast.Dict):
            hits = [v for k, val in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == "kind" for v in strs(val)]
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: {v!r}" for v in hits if v in kinds]
    return found


def test_event_anomaly_and_command_kinds_are_spelled_in_one_module():
    """An event kind, an anomaly kind and a control command's kind is a string only where its enum
    is defined (``EventKind`` and ``AnomalyKind`` in core/metrics.py, ``CommandKind`` in
    core/rundir/control.py); every writer and reader compares and writes the enum, so a renamed
    kind cannot be taught to only some of them."""
    from andrea_desktop.core.metrics import AnomalyKind, EventKind
    from andrea_desktop.core.rundir.control import CommandKind

    kinds = {k.value for enum in (EventKind, AnomalyKind, CommandKind) for k in enum}
    owners = {"andrea_desktop/core/metrics.py", "andrea_desktop/core/rundir/control.py"}
    offenders = [hit for path in sorted((ROOT / "andrea_desktop").rglob("*.py"))
                 if str(path.relative_to(ROOT)) not in owners for hit in _kind_literals(path, kinds)]
    assert not offenders, "\n".join(offenders)
    # the kinds no other text shares are no string literal anywhere else at all
    distinct = {k.value for k in EventKind if "_" in k.value}
    assert {"curriculum_warmup_end", "lr_warmup_end", "config_changed"} <= distinct
    where = {str(p.relative_to(ROOT)) for p in (ROOT / "andrea_desktop").rglob("*.py")
             if _string_literals(p) & distinct}
    assert where == {"andrea_desktop/core/metrics.py"}, where


def test_no_import_circle_in_training():
    """No module of core/training/ imports, directly or through others, a module that imports it
    (type-checking imports count: a circle there is a circle of the design). Checkpointing, the
    device moves of a checkpoint and a branch's start take the trainer's state as data
    (``TrainerState``), and the loop a protocol of what it drives, so none imports the trainer."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("andrea_desktop")
    prefix = "andrea_desktop.core.training."
    mods = {m for m in graph.modules if m.startswith(prefix)}
    circles = []
    for a in sorted(mods):
        for b in sorted(graph.find_modules_directly_imported_by(a) & mods):
            if graph.chain_exists(importer=b, imported=a):
                chain = graph.find_shortest_chain(importer=b, imported=a)
                circles.append(" -> ".join(m.removeprefix(prefix) for m in (a, *chain)))
    assert not circles, "\n".join(circles)


def test_the_walk_parameters_are_listed_in_one_module():
    """The six walk parameters are listed (a tuple, list, set or dict of two or more of their names)
    only in core/mixture/walk.py (``WalkParams``, ``WALK_PARAMS``): the curriculum, the presets, the
    steering, the dialogs and the branch take them from there, so a new parameter reaches them all."""
    import ast

    from andrea_desktop.core.mixture.walk import WALK_PARAMS

    names = set(WALK_PARAMS)
    assert names == {"phase_min", "phase_max", "random_share", "exploration", "step_size", "warmup_steps"}
    where = []
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        for node in _nodes(path):
            items = (node.keys if isinstance(node, ast.Dict) else node.elts
                     if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [])
            listed = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
            if len(listed) >= 2:
                where.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not where, where


def test_the_learning_rate_formula_is_written_once():
    """The schedule's formula (the cosine of pi times the progress) is written only in
    ``core.schedule.lr_curve``, which ``lr_at`` and ``planned_curve`` share."""
    import ast

    where = []
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        tree = _tree(path)
        for fn in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            for node in ast.walk(fn):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "cos"
                        and node.args and "pi" in ast.unparse(node.args[0])):
                    where.append(f"{path.relative_to(ROOT)}:{fn.name}")
    assert sorted(where) == ["andrea_desktop/core/schedule.py:lr_curve"] * 2, where


def test_the_run_name_rule_is_written_in_one_module():
    """The characters a run folder's name may not hold (a character class), and its longest size, are written only in
    core/rundir/names.py (``run_name_problem``): New Run, Branch, New Experiment, Rename, the command
    line and the runs API all ask it, so their rules cannot drift apart."""
    import ast

    where = []
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        for node in _nodes(path):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("[")
                    and node.value.endswith("]") and {"\\", ":", "*", "?", "|", "<"} <= set(node.value)):
                where.append(f"{path.relative_to(ROOT)}: {node.value[:30]!r}")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in ("MAX_NAME_BYTES", "MAX_NAME_CHARS") for t in targets):
                    where.append(f"{path.relative_to(ROOT)}: {ast.unparse(node)[:40]}")
    owner = "andrea_desktop/core/rundir/names.py"
    assert where and all(w.startswith(owner) for w in where), where


def test_one_run_state_and_one_marker_table():
    """One ``RunState`` enum (core/lifecycle.py) serves the trainer, the run model and the window;
    one table (gui/plots/markers.py ``MARKER_STYLE``) gives every event marker its colour and label,
    which the loss, LR and terrain panels all draw from."""
    import ast

    from andrea_desktop.gui.plots.markers import MARKER_STYLE

    states, labels = [], []
    marker_labels = {label for _colour, label in MARKER_STYLE.values()}
    assert {"LR warmup end", "curriculum warmup end", "settings changed"} <= marker_labels
    for path in sorted((ROOT / "andrea_desktop").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        tree = _tree(path)
        states += [rel for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name.endswith("RunState")]
        labels += [f"{rel}: {lit!r}" for lit in _string_literals(path)
                   if lit.lower() in {m.lower() for m in marker_labels if " " in m}]
    assert states == ["andrea_desktop/core/lifecycle.py"], states
    assert all(w.startswith("andrea_desktop/gui/plots/markers.py") for w in labels), labels


PANELS_STILL_READING_RUN_FILES: set[str] = set()
"""Panel packages not yet converted to draw only the run model (they import core.rundir today);
each is expected to fail the check below until it is converted, and then to be taken off this set."""


def _imported_modules(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports (relative imports resolved against ``package``)."""
    import ast

    out = set()
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            mod = ".".join([*base, node.module] if node.module else base)
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


@pytest.mark.parametrize("panel", sorted(p.name for p in (ROOT / "andrea_desktop" / "gui" / "panels").iterdir()
                                         if (p / "__init__.py").is_file()))
def test_no_panel_reads_run_files(panel, request):
    """A panel draws the run model: the run's files are read by the model's sources
    (core/viewmodels/sources.py), so no module of a panel package imports core.rundir."""
    if panel in PANELS_STILL_READING_RUN_FILES:
        request.applymarker(pytest.mark.xfail(strict=True, reason=f"panels/{panel} still reads run files"))
    folder = ROOT / "andrea_desktop" / "gui" / "panels" / panel
    offenders = {}
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        package = ".".join(rel.parts[:-1])  # a module's package (an __init__'s: its own folder)
        bad = sorted(m for m in _imported_modules(path, package)
                     if m == "andrea_desktop.core.rundir" or m.startswith("andrea_desktop.core.rundir."))
        if bad:
            offenders[str(path.relative_to(ROOT))] = bad
    assert not offenders, offenders


# ------------------------------------------------------------------ nothing holds the main window
WINDOW_NAMES = frozenset({"window", "w", "win", "mw", "main_window", "mainwindow"})
"""Names that, as a parameter or an attribute, mean the main window in this code base."""

WINDOW_OWNERS = frozenset({"andrea_desktop/gui/window/main_window.py", "andrea_desktop/gui/app.py"})
"""The modules that may keep the main window: the window itself and the application that makes it."""

GUI_MODULES_STILL_HOLDING_THE_WINDOW: frozenset[str] = frozenset()
"""Modules of gui/ allowed, for now, to keep an attribute holding the main window (the run
controller was the last; it now takes what it needs through signals and its notices). Each one
listed must still hold it (a stale entry fails), and is taken off when it no longer does."""


def _window_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters of ``func`` that stand for the main window: named as the window
    (:data:`WINDOW_NAMES`) or annotated with a type whose text names ``MainWindow``."""
    a = func.args
    out = set()
    for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs]:
        note = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if arg.arg in WINDOW_NAMES or "MainWindow" in note:
            out.add(arg.arg)
    return out


def _window_holders(source: str) -> list[str]:
    """Where ``source`` keeps the main window in an attribute: ``<x>.<attr> = <value>`` (plain,
    annotated or chained, a tuple target taking its matching element) where ``<attr>`` is named
    as the window (:data:`WINDOW_NAMES`, with leading or trailing underscores) or ``<value>`` is
    a window parameter of the enclosing function (:func:`_window_parameters`), a local name bound
    to one, or a ``.window()`` call. Each as ``line: code``."""
    found = []

    def is_window_name(attr: str) -> bool:
        return attr.strip("_") in WINDOW_NAMES

    def visit(func, names: set[str]) -> None:
        names = names | _window_parameters(func)
        for node in ast.walk(func):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if node.value is None:
                    continue
                pairs = []
                for t in targets:
                    if isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                            and len(t.elts) == len(node.value.elts):
                        pairs += list(zip(t.elts, node.value.elts, strict=True))
                    else:
                        pairs.append((t, node.value))
                for target, value in pairs:
                    windowish = (isinstance(value, ast.Name) and value.id in names) or (
                        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                        and value.func.attr == "window" and not value.args)
                    if isinstance(target, ast.Name) and windowish:
                        names = names | {target.id}  # a local alias: ``w = window``
                    elif isinstance(target, ast.Attribute) and (windowish or is_window_name(target.attr)):
                        found.append(f"{node.lineno}: {ast.unparse(node)}")

    tree = _parsed(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            visit(node, set())
    return sorted(set(found), key=lambda s: int(s.split(":")[0]))


def test_no_module_in_gui_keeps_the_main_window():
    """The window wires signals; no helper holds the window: no module of gui/ other than the
    main window's own module and app.py keeps an attribute holding the main window (the rule:
    :func:`_window_holders`). A helper takes what it needs explicitly (collaborators, callables,
    signals the window connects); a dialog's parent may be its Qt parent, reached with
    ``parent()`` where a dialog opens, never kept."""
    gui = ROOT / "andrea_desktop" / "gui"
    offenders, holding = {}, set()
    for path in sorted(gui.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if rel in WINDOW_OWNERS:
            continue
        lines = _window_holders(path.read_text(encoding="utf-8"))
        if lines:
            holding.add(rel)
            if rel not in GUI_MODULES_STILL_HOLDING_THE_WINDOW:
                offenders[rel] = lines
    assert not offenders, offenders
    stale = GUI_MODULES_STILL_HOLDING_THE_WINDOW - holding
    assert not stale, f"no longer hold the window: take them off the exemption set: {sorted(stale)}"


def test_the_window_holder_check_finds_the_ways_a_window_is_kept():
    """The rule of :func:`_window_holders` on small sources: what it must find, and what it must
    leave alone (a Qt parent passed on, a widget's own ``window()`` asked where it is needed)."""
    kept = [
        "class A:\n def __init__(self, window):\n  self.window = window\n",
        "class A:\n def __init__(self, parent: 'MainWindow'):\n  self.parent_ = parent\n",
        "class A:\n def __init__(self, w, runs):\n  self.w, self.runs = w, runs\n",
        "class A:\n def __init__(self, window):\n  self.x = w = window\n",
        "class A:\n def __init__(self, window):\n  w = window\n  self.main = w\n",
        "class A:\n def __init__(self, widget):\n  self._window = widget.parent()\n",
        "class A:\n def __init__(self, widget):\n  self.top = widget.window()\n",
        "class A:\n def __init__(self, window):\n  self.a: object = window\n",
    ]
    for source in kept:
        assert _window_holders(source), source
    left = [
        "class A(QObject):\n def __init__(self, parent, runs):\n  super().__init__(parent)\n  self.runs = runs\n",
        "class A:\n def open(self):\n  d = Dialog(self.parent())\n  self.dialog = d\n",
        "class A:\n def __init__(self, window):\n  window.statusBar().addWidget(QLabel())\n",
        "def f(p):\n  out = p.window(0, 1)\n  return out\n",
    ]
    for source in left:
        assert not _window_holders(source), source


WINDOW_FACTORIES = frozenset({"MainWindow", "make_window", "window", "_window", "make", "new_window"})
"""Calls that make a main window in the tests (the class and the fixtures that make one)."""


def _private_window_reads(source: str) -> list[str]:
    """Where a test reaches into a window's private state: ``<name>._<attr>`` (read or written;
    dunders excepted) or ``getattr(<name>, "_<attr>")`` where ``<name>`` is a window in that
    function: a parameter named as the window (:data:`WINDOW_NAMES`), a name bound to a call
    of :data:`WINDOW_FACTORIES` (``w = make_window(...)``, ``w = MainWindow(run)``), to another
    window name (``w = window``) or, in a ``for`` loop, to the windows it runs over. Each as
    ``line: code``."""
    found = []

    def is_private(attr: str) -> bool:
        return attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))

    def makes_window(value) -> bool:
        if isinstance(value, ast.Call):
            f = value.func
            return (isinstance(f, ast.Name) and f.id in WINDOW_FACTORIES) or (
                isinstance(f, ast.Attribute) and f.attr == "MainWindow")
        return False

    tree = _parsed(source)
    for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        a = func.args
        names = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs] if x.arg in WINDOW_NAMES}
        for node in ast.walk(func):  # bindings first (a window bound after its use is rare)
            if isinstance(node, ast.Assign):
                value = node.value
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        if makes_window(value) or (isinstance(value, ast.Name) and value.id in names):
                            names.add(t.id)
                        elif t.id in names and not isinstance(value, ast.Name):
                            pass  # rebound: still treated as a window (stricter)
            elif isinstance(node, ast.For) and isinstance(node.target, ast.Name) \
                    and isinstance(node.iter, (ast.Tuple, ast.List)) \
                    and any(isinstance(e, ast.Name) and e.id in names or makes_window(e) for e in node.iter.elts):
                names.add(node.target.id)
        for node in ast.walk(func):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in names and is_private(node.attr):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2 \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in names \
                    and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str) \
                    and is_private(node.args[1].value):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(set(found), key=lambda s: int(s.split(":")[0]))


def test_no_test_reads_a_private_attribute_of_the_window():
    """Tests use the window's public API (``message_box``, ``show_anomaly``, ``runs``,
    ``steering``...), never its private state (the rule: :func:`_private_window_reads`)."""
    offenders = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        lines = _private_window_reads(path.read_text(encoding="utf-8"))
        if lines:
            offenders[str(path.relative_to(ROOT))] = lines
    assert not offenders, offenders


def test_the_private_read_check_finds_a_window_however_it_is_named():
    """The rule of :func:`_private_window_reads` on small tests."""
    found = [
        "def test(make_window):\n w = make_window()\n assert w._message_box\n",
        "def test(qtbot):\n live = MainWindow(run)\n live._on_anomaly(1)\n",
        "def test(window):\n window._pending_pivot = 1\n",
        "def test(make_window):\n w2 = make_window()\n x = getattr(w2, '_dialog')\n",
        "def test(make_window):\n a, b = 1, 2\n w = make_window()\n for v in (w,):\n  v._x\n",
        "def _helper(qtbot, w):\n w._terrain_thread\n",
    ]
    for source in found:
        assert _private_window_reads(source), source
    left = [
        "def test(qtbot):\n w = QtVocabularyMap()\n w._tip(0, 0, 0)\n",
        "def test(make_window):\n w = make_window()\n w.message_box.text()\n w.__class__\n",
    ]
    for source in left:
        assert not _private_window_reads(source), source


def _test_module_imports(source: str, test_modules: set[str]) -> list[str]:
    """The lines of ``source`` that import one of ``test_modules`` (``import test_x``, ``from
    test_x import ...``, ``from tests.test_x import ...``; at any depth, also inside a function)."""
    found = []
    for node in _nodes_of(source):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
        for name in names:
            if name.removeprefix("tests.").split(".")[0] in test_modules:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_test_module_imports_another():
    """Helpers, constants and fixtures that several test modules share live in
    ``tests/conftest.py`` (docs/development.md#tests): a test module imports none of another's."""
    modules = {p.stem for p in (ROOT / "tests").glob("test_*.py")}
    offenders = {p.name: found for p in sorted((ROOT / "tests").glob("*.py"))
                 if (found := _test_module_imports(p.read_text(encoding="utf-8"), modules))}
    assert not offenders, offenders


def test_the_test_import_check_finds_each_form():
    modules = {"test_a", "test_b"}
    source = ("import test_a\nfrom test_b import x\nfrom tests.test_a import y\n"
              "def f():\n    from test_b import z\nfrom conftest import tiny_config\nimport os\n")
    assert [line.split(":")[0] for line in _test_module_imports(source, modules)] == ["1", "2", "3", "5"]


def test_each_run_folder_module_imports_alone():
    """Each module of core/rundir/ imports first in a fresh interpreter (importing
    ``terrain_files`` before ``terrain`` raised ImportError: a circular import)."""
    code = (
        "import importlib, pkgutil, sys, andrea_desktop.core.rundir as r\n"
        "names = [m.name for m in pkgutil.iter_modules(r.__path__, 'andrea_desktop.core.rundir.')]\n"
        "failed = []\n"
        "for name in names:\n"
        "    for m in [m for m in sys.modules if m.startswith('andrea_desktop.core')]: del sys.modules[m]\n"
        "    try: importlib.import_module(name)\n"
        "    except Exception as exc: failed.append(f'{name}: {exc!r}')\n"
        "assert len(names) > 10 and not failed, failed\n"
    )
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]
