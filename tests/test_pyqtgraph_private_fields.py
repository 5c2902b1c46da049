"""The pyqtgraph internals the package relies on are still there and still mean what it takes
them to mean: each test names the field, so an upgrade of pyqtgraph that changed one fails here,
loudly, rather than drawing something subtly wrong.

- ``PlotDataItem._dataset``, ``_datasetMapped``, ``_datasetDisplay``, ``_adsLastValue``, ``curve``
  and its ``opts`` keys: written and read by :class:`~andrea_desktop.gui.plots.items.DisplayCurveItem`
  (its fast path hands the line its points directly);
- ``AxisItem._tickLevels`` and ``style["tickFont"]``: read and written by
  :class:`~andrea_desktop.gui.panels.attention.token_axis.ThinnedAxis` (it blanks labels while
  pyqtgraph lays the axis out);
- ``PlotDataItem.opts["pen"]`` / ``["symbolBrush"]``: read for a curve's colour (hover readouts,
  the parent run's curves, the comparison legend); ``PlotItem.ctrl.logXCheck`` / ``logYCheck``:
  the context menu's log boxes the panels follow; ``TextItem.textItem``: a label's text item;
- ``ViewBox.menu``, ``state["enableMenu"]`` and ``_applyMenuEnabled``: used by
  :class:`~andrea_desktop.gui.plots.menus.LazyMenuViewBox` (the menu built at first use);
- no private attribute or method the package's pyqtgraph subclasses define clobbers one of
  pyqtgraph's own (any other than those written on purpose, above).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap

import numpy as np
import pyqtgraph as pg
import pytest
from pyqtgraph.graphicsItems.PlotDataItem import PlotDataset
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

import andrea_desktop.gui
from andrea_desktop.gui.panels.attention.token_axis import ThinnedAxis
from andrea_desktop.gui.plots.items import DisplayCurveItem

PLOT_DATA_ITEM_FIELDS = ("_dataset", "_datasetMapped", "_datasetDisplay", "_adsLastValue")
"""pyqtgraph's private fields of PlotDataItem that DisplayCurveItem writes."""
AXIS_FIELDS = ("_tickLevels",)
"""pyqtgraph's private fields of AxisItem that ThinnedAxis writes."""
WRITTEN_ON_PURPOSE = {*PLOT_DATA_ITEM_FIELDS, *AXIS_FIELDS}
OPTS_READ = ("pen", "symbolBrush", "symbol", "logMode", "connect", "dynamicRangeLimit", "dynamicRangeHyst",
             "clipToView", "autoDownsample", "downsample", "fftMode", "derivativeMode", "phasemapMode",
             "subtractMeanMode", "stepMode")
"""The ``PlotDataItem.opts`` keys the package reads."""


def _missing(obj, names) -> list[str]:
    return [n for n in names if not hasattr(obj, n)]


def _display(item: pg.PlotDataItem) -> PlotDataset:
    """What ``item`` draws (the tests' only way in: pyqtgraph 0.14 made the method private)."""
    method = getattr(item, "_getDisplayDataset", None) or getattr(item, "getDisplayDataset", None)
    assert method is not None, f"pyqtgraph {pg.__version__}: PlotDataItem says no more what it draws"
    return method()


@pytest.fixture
def plot(qtbot):
    """A shown 400 x 300 plot: its view box has a size and a range, as in a panel."""
    w = pg.GraphicsLayoutWidget()
    qtbot.addWidget(w)
    w.resize(400, 300)
    pi = w.addPlot(axisItems={"bottom": pg.AxisItem("bottom")})
    w.show()
    QApplication.processEvents()
    yield pi  # the widget kept alive meanwhile


# ------------------------------------------------------------------ PlotDataItem
def test_plot_data_item_keeps_its_data_in_the_private_fields_display_curve_writes(qtbot):
    assert set(DisplayCurveItem.PYQTGRAPH_FIELDS) == {*PLOT_DATA_ITEM_FIELDS, "curve"}  # what it checks itself
    assert set(DisplayCurveItem.PYQTGRAPH_OPTS) <= set(OPTS_READ)
    item = pg.PlotDataItem()
    missing = _missing(item, (*PLOT_DATA_ITEM_FIELDS, "curve"))
    assert not missing, f"pyqtgraph {pg.__version__}: PlotDataItem has no {missing} (DisplayCurveItem writes them)"
    x, y = np.arange(5.0), np.arange(5.0) ** 2
    item.setData(x, y)
    assert isinstance(item._dataset, PlotDataset), "PlotDataItem._dataset: no longer the PlotDataset of setData"
    assert np.array_equal(item._dataset.x, x) and np.array_equal(item._dataset.y, y), \
        "PlotDataItem._dataset: no longer holds the data given to setData"
    assert item._adsLastValue == 1, "PlotDataItem._adsLastValue: setData no longer resets it to 1"
    shown = _display(item)
    assert shown is item._datasetDisplay and item._datasetMapped is not None, \
        "PlotDataItem._datasetDisplay / _datasetMapped: no longer the cache of what is drawn"

    # what DisplayCurveItem does: the data, and what is drawn, set by hand, read back as set
    x2, y2 = np.arange(3.0), np.array([1.0, 10.0, 100.0])
    item._dataset = PlotDataset(x2, y2)
    item._datasetMapped = item._datasetDisplay = drawn = PlotDataset(x2, np.log10(y2))
    assert [a.tolist() for a in item.getOriginalDataset()] == [x2.tolist(), y2.tolist()], \
        "PlotDataItem.getOriginalDataset no longer reads _dataset"
    assert _display(item) is drawn, "PlotDataItem no longer draws _datasetDisplay as it is"
    assert [a.tolist() for a in item.getData()] == [x2.tolist(), [0.0, 1.0, 2.0]], \
        "PlotDataItem.getData no longer reads _datasetDisplay"
    assert drawn.dataRect() is not None, "PlotDataset.dataRect is gone (DisplayCurveItem._clips reads it)"


def test_plot_data_item_opts_keys_the_package_reads_exist_and_follow_their_setters(qtbot):
    item = pg.PlotDataItem(np.arange(4.0), np.arange(4.0))
    missing = [k for k in OPTS_READ if k not in item.opts]
    assert not missing, f"pyqtgraph {pg.__version__}: PlotDataItem.opts has no {missing}"
    # DisplayCurveItem's fast path holds while these keep their defaults: each must be the
    # key its setter changes, or a changed item would still take the fast path
    defaults = dict(DisplayCurveItem._PLAIN)
    assert {k: item.opts[k] for k in defaults} == defaults, \
        f"PlotDataItem.opts defaults changed: {[(k, item.opts[k]) for k in defaults if item.opts[k] != defaults[k]]}"
    setters = {
        "fftMode": lambda i: i.setFftMode(True),
        "derivativeMode": lambda i: i.setDerivativeMode(True),
        "phasemapMode": lambda i: i.setPhasemapMode(True),
        "subtractMeanMode": lambda i: i.setSubtractMeanMode(True),
        "clipToView": lambda i: i.setClipToView(True),
        "autoDownsample": lambda i: i.setDownsampling(auto=True),
        "downsample": lambda i: i.setDownsampling(ds=3),
        "symbol": lambda i: i.setSymbol("o"),
        "stepMode": lambda i: i.setData(np.arange(5.0), np.arange(4.0), stepMode="center"),
    }
    assert set(setters) == set(defaults)
    for key, change in setters.items():
        other = pg.PlotDataItem(np.arange(4.0), np.arange(4.0))
        change(other)
        assert other.opts[key] != defaults[key], f"PlotDataItem.opts[{key!r}] no longer follows its setter"
    item.setPen("#D55E00")
    assert pg.mkPen(item.opts["pen"]).color().name() == "#d55e00", "PlotDataItem.opts['pen']: not the pen set"
    item.setSymbolBrush("#1F77B4")
    assert pg.mkBrush(item.opts["symbolBrush"]).color().name() == "#1f77b4", \
        "PlotDataItem.opts['symbolBrush']: not the brush set"
    item.setLogMode(False, True)
    assert list(item.opts["logMode"]) == [False, True], "PlotDataItem.opts['logMode']: not (log x, log y)"
    assert item.opts["connect"] == "auto" and item.opts["dynamicRangeLimit"] > 0 and item.opts["dynamicRangeHyst"] > 0


@pytest.mark.parametrize("log_y", [False, True])
def test_display_curve_items_fast_path_draws_what_pyqtgraphs_own_path_draws(plot, log_y):
    """The fields written by hand (above) leave the item exactly as pyqtgraph's setData would."""
    fast, plain = DisplayCurveItem(pen="#1F77B4"), pg.PlotDataItem(pen="#1F77B4")
    for item in (fast, plain):
        plot.addItem(item)
    plot.setLogMode(False, log_y)
    fast.setData(np.arange(3.0), np.ones(3))  # the first data takes pyqtgraph's path (the line's style)
    x, y = np.arange(1.0, 101.0), np.linspace(5.0, 0.5, 100)
    changed = []
    fast.sigPlotChanged.connect(changed.append)
    real = fast.updateItems
    fast.updateItems = lambda *a, **k: (changed.append("pyqtgraph's path"), real(*a, **k))
    fast.setData(x, y)
    plain.setData(x, y)
    assert changed == [fast], "DisplayCurveItem.setData did not take its fast path (or did not say it changed)"
    QApplication.processEvents()
    for got, want in ((fast.getData(), plain.getData()), (fast.getOriginalDataset(), plain.getOriginalDataset()),
                      (fast.curve.getData(), plain.curve.getData()),
                      ((_display(fast).x, _display(fast).y), (_display(plain).x, _display(plain).y))):
        np.testing.assert_allclose(got[0], want[0])
        np.testing.assert_allclose(got[1], want[1])
    assert fast.dataBounds(1) == pytest.approx(plain.dataBounds(1))
    assert fast.boundingRect() == plain.boundingRect()


# ------------------------------------------------------------------ AxisItem
def test_axis_item_draws_the_labels_of_its_tick_levels_field(plot):
    axis = plot.getAxis("bottom")
    missing = _missing(axis, AXIS_FIELDS)
    assert not missing, f"pyqtgraph {pg.__version__}: AxisItem has no {missing} (ThinnedAxis writes it)"
    assert "tickFont" in axis.style, "AxisItem.style has no 'tickFont' (ThinnedAxis reads it)"
    plot.setXRange(0, 3, padding=0)
    ticks = [[(0.5, "one"), (1.5, "two"), (2.5, "three")]]
    axis.setTicks(ticks)
    assert axis._tickLevels == ticks, "AxisItem._tickLevels: no longer the levels given to setTicks"
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        axis._tickLevels = [[(0.5, "one"), (1.5, ""), (2.5, "three")]]  # what ThinnedAxis does
        _, marks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    assert [t[2] for t in texts] == ["one", "three"] and len(marks) == 3, \
        "AxisItem.generateDrawSpecs no longer draws the labels of _tickLevels (a blank one: a mark, no label)"


def test_thinned_axis_leaves_its_tick_levels_as_they_were_after_drawing(qtbot):
    w = pg.GraphicsLayoutWidget()
    qtbot.addWidget(w)
    w.resize(200, 150)
    axis = ThinnedAxis("bottom")
    pi = w.addPlot(axisItems={"bottom": axis})
    pi.setXRange(0, 64, padding=0)
    ticks = [[(i + 0.5, f"token-{i}") for i in range(64)]]
    axis.setTicks(ticks)
    w.show()
    QApplication.processEvents()
    image = QImage(200, 150, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, marks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    assert axis.step > 1 and len(marks) == 64 and 0 < len(texts) < 64
    assert axis._tickLevels == ticks, "ThinnedAxis left its blanked labels in AxisItem._tickLevels"


# ------------------------------------------------------------------ public-looking internals
def test_plot_items_context_menu_log_boxes_set_the_log_modes(plot):
    for box, axis in (("logXCheck", "bottom"), ("logYCheck", "left")):
        check = getattr(plot.ctrl, box, None)
        assert check is not None and hasattr(check, "toggled"), f"PlotItem.ctrl.{box} is gone (the panels follow it)"
        check.setChecked(True)
        assert plot.getAxis(axis).logMode, f"PlotItem.ctrl.{box} no longer sets the {axis} axis's log mode"


def test_text_items_text_item_holds_its_text(qtbot):
    label = pg.TextItem("pivot at step 15")
    assert hasattr(label, "textItem"), "TextItem.textItem is gone (marker and vocabulary labels read it)"
    assert label.textItem.toPlainText() == "pivot at step 15" and label.textItem.boundingRect().width() > 0


# ------------------------------------------------------------------ no clobbering
def _package_subclasses() -> list[type]:
    out = []
    for info in pkgutil.walk_packages(andrea_desktop.gui.__path__, "andrea_desktop.gui."):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and _pyqtgraph_base(obj) is not None:
                out.append(obj)
    return out


def _pyqtgraph_base(cls: type) -> type | None:
    return next((b for b in cls.__mro__[1:] if b.__module__.split(".")[0] == "pyqtgraph"), None)


def _own_private_names(cls: type) -> set[str]:
    """Private names ``cls`` defines: its methods and class attributes, and ``self._x = ...``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    names = {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name)
                and node.value.id == "self" and node.attr.startswith("_") and not node.attr.startswith("__")):
            names.add(node.attr)
    return names


BASE_ARGS = {pg.AxisItem: ("bottom",)}


def test_the_package_knows_its_pyqtgraph_subclasses():
    names = {c.__name__ for c in _package_subclasses()}
    assert {"DisplayCurveItem", "ThinnedAxis", "LogScatter", "LogInfiniteLine", "MarkerLabel"} <= names, names


@pytest.mark.parametrize("cls", _package_subclasses(), ids=lambda c: c.__name__)
def test_no_private_name_of_a_pyqtgraph_subclass_clobbers_one_of_pyqtgraphs(qtbot, cls):
    base = _pyqtgraph_base(cls)
    own = _own_private_names(cls)
    if not own - WRITTEN_ON_PURPOSE:
        return
    try:
        instance = base(*BASE_ARGS.get(base, ()))
    except TypeError:
        instance = None  # a base that needs arguments: its class attributes are still checked
    theirs = {n for b in base.__mro__ for n in vars(b)} | set(vars(instance) if instance is not None else ())
    clobbered = sorted((own - WRITTEN_ON_PURPOSE) & theirs)
    assert not clobbered, (f"pyqtgraph {pg.__version__}: {cls.__name__} defines {clobbered}, which "
                           f"{base.__name__} has too: rename ours")
    written = sorted((own & WRITTEN_ON_PURPOSE) - theirs)
    assert not written, f"pyqtgraph {pg.__version__}: {cls.__name__} writes {written}, which {base.__name__} lacks"


# ------------------------------------------------------------------ on a pyqtgraph without them
def test_without_a_field_display_curve_item_draws_through_pyqtgraph_and_says_so_once(plot, monkeypatch, caplog):
    real = pg.PlotDataItem.__init__

    def init(self, *args, **kwargs):  # a pyqtgraph that renamed one of the fields
        real(self, *args, **kwargs)
        self._adsLast = vars(self).pop("_adsLastValue")

    monkeypatch.setattr(pg.PlotDataItem, "__init__", init)
    monkeypatch.setattr(DisplayCurveItem, "_fields_ok", None)
    curves = [DisplayCurveItem(pen="#1F77B4") for _ in range(2)]
    x, y = np.arange(1.0, 101.0), np.linspace(5.0, 0.5, 100)
    with caplog.at_level("WARNING", logger="andrea_desktop.gui.plots.items"):
        for curve in curves:
            plot.addItem(curve)
            curve.setData(np.arange(3.0), np.ones(3))
            processed = []
            monkeypatch.setattr(curve, "updateItems", lambda *a, _p=processed, **k: _p.append(1))
            curve.setData(x, y)
            assert processed == [1], "the fast path wrote fields this pyqtgraph does not have"
        plot.getViewBox().setYRange(0, 1)  # viewRangeChanged reads the fields too
        QApplication.processEvents()
    said = [r.getMessage() for r in caplog.records if "_adsLastValue" in r.getMessage()]
    assert len(said) == 1 and "pyqtgraph's own" in said[0], said
    assert DisplayCurveItem._fields_ok is False


def test_without_tick_levels_the_thinned_axis_draws_as_pyqtgraph_does_and_says_so(qtbot, monkeypatch, caplog):
    from andrea_desktop.gui.panels.attention import token_axis

    token_axis._say_no_tick_levels.cache_clear()
    axis = ThinnedAxis("bottom")
    w = pg.GraphicsLayoutWidget()
    qtbot.addWidget(w)
    pi = w.addPlot(axisItems={"bottom": axis})
    pi.setXRange(0, 4, padding=0)
    del axis._tickLevels  # a pyqtgraph that keeps its ticks elsewhere, and lays them out itself
    own = (None, [], [(None, 0, "pyqtgraph's label")])
    monkeypatch.setattr(pg.AxisItem, "generateDrawSpecs", lambda self, p: own)
    w.resize(300, 150)
    w.show()
    image = QImage(300, 150, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        with caplog.at_level("WARNING", logger="andrea_desktop.gui.panels.attention.token_axis"):
            for _ in range(2):
                _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
        token_axis._say_no_tick_levels.cache_clear()
    assert texts == own[2], "pyqtgraph's own labels are drawn"
    said = [r.getMessage() for r in caplog.records if "_tickLevels" in r.getMessage()]
    assert len(said) == 1, said


# ------------------------------------------------------------------ ViewBox's menu
def test_view_box_builds_and_drops_its_menu_in_the_fields_the_lazy_menu_uses(qtbot):
    vb = pg.ViewBox(enableMenu=False)
    assert vb.menu is None and vb.state["enableMenu"] is False, \
        "ViewBox: enableMenu=False no longer leaves menu None and state['enableMenu'] False"
    assert not vb.menuEnabled()
    vb.state["enableMenu"] = True
    assert vb.menuEnabled(), "ViewBox.menuEnabled no longer reads state['enableMenu']"
    assert callable(getattr(vb, "_applyMenuEnabled", None)), \
        f"pyqtgraph {pg.__version__}: ViewBox._applyMenuEnabled is gone (LazyMenuViewBox builds its menu with it)"
    vb._applyMenuEnabled()
    assert vb.menu is not None and vb.menu.actions(), "ViewBox._applyMenuEnabled no longer builds the menu"
    assert vb.getMenu(None) is vb.menu, "ViewBox.getMenu no longer returns menu"
