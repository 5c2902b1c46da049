"""Attention panel: every layer x head as a grid of thumbnails, one head enlarged with tokens."""

from __future__ import annotations

import logging

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSlider,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ....core.config.bounds import MAX_PROBE_TEXT
from ....core.head_roles import ROLES
from ....core.tokens import visible_text
from ....core.viewmodels.probe_set import role_arrays
from ....core.viewmodels.run_model import HEAD_STATS, Aspect, ProbeSet, RunModel
from ...common.export import export_button
from ...common.i18n import format_decimal, format_number
from ...common.theme import colour
from ...plots.lazy import LazyBuild
from ...plots.menus import plot_widget
from .grid import (
    NAN_COLOUR,
    QtAttentionGrid,
    QtGridSplitter,
    anchor_range,
    masked_colour,
    mosaic,
    nan_cells,
    nan_overlay,
)
from .heads_over_time import QtHeadsOverTime, role_name
from .texts import empty_text, head_tooltip, hover_text, short, stat_name, tick_label
from .token_axis import ElidedLabel, ThinnedAxis

log = logging.getLogger(__name__)

__all__ = ["NAN_COLOUR", "QtAttentionPanel", "empty_text", "mosaic", "nan_cells", "tick_label"]

class QtAttentionPanel(LazyBuild, QWidget):
    """Attention maps of the newest (or a chosen earlier) probe of a run model.

    The panel draws :attr:`RunModel.probes <andrea_desktop.core.viewmodels.run_model.RunModel.probes>`
    (:meth:`set_model`): a probe's arrays are fetched from the model when it is drawn, and the
    panel redraws when the model's probes or settings change.

    Parameters
    ----------
    parent
        The Qt parent.
    lazy
        Build the grid, the enlarged head and the heads over time only when
        :meth:`~andrea_desktop.gui.plots.lazy.LazyBuild.ensure_built` is called (the window: when
        the panel's dock is first shown); the probes, the scrubber and the probe box follow the
        model from the start.

    Signals
    -------
    probe_text_changed(str)
        The user edited the probe text; the window asks the trainer for a new probe.

    Notes
    -----
    The grid (:class:`~andrea_desktop.gui.panels.attention.grid.QtAttentionGrid`) labels its layer
    rows and head columns and goes above or beside the enlarged head, as the panel's shape suits
    (:func:`~andrea_desktop.gui.panels.attention.grid.arrange`; the user's splitter drag wins). Levels
    are fixed to [0, 1] with a colour bar (no auto-levels between frames). The enlarged head's
    token labels are thinned to every k-th so none overlap at any size or zoom; the hover names
    every token. Clicking a head changes no size: the title, statistics and hover lines elide
    (whole text in their tooltip) instead of widening the dock.
    The upper triangle is masked (transparent on a grey background), not drawn as zero; a weight
    that is not a number is drawn in :data:`NAN_COLOUR` (an overlay), and the hover says "NaN".

    What the user typed in the probe box is never rewritten; the box is filled from a probe only
    while it is empty or still holds what was filled in. When the drawn probe is not of the text
    in the box (an earlier probe, a text not yet probed) or was cut to the context length, the
    note under the box says so.
    """

    probe_text_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.model: RunModel | None = None
        self.probe: dict | None = None
        self.probe_steps: list[int] = []
        self.selected = (0, 0)
        self._filled_text: str | None = None  # what the panel put in the box (not typed)
        self._requested: str | None = None  # a probe text asked for, not yet drawn
        self._hover: tuple[int, int] | None = None  # the head cell under the mouse

        self.text_edit = QLineEdit()
        self.text_edit.setObjectName("probeText")
        self.text_edit.setPlaceholderText(self.tr("probe text"))
        self.text_edit.setMaxLength(MAX_PROBE_TEXT)
        self.text_edit.editingFinished.connect(self._on_text_edited)
        self.text_edit.textEdited.connect(lambda _t: self._update_note())
        self.probe_note = QLabel("")
        self.probe_note.setObjectName("probeNote")
        self.probe_note.setWordWrap(True)
        self.probe_note.hide()
        self.sort_combo = QComboBox()
        self.sort_combo.addItem(self.tr("all heads"), "")
        for role in ROLES:
            self.sort_combo.addItem(self.tr("highlight the heads: {role}").format(role=role_name(role)), role)
        self.sort_combo.currentIndexChanged.connect(lambda _i: self._update_grid())
        self.scrubber = QSlider(Qt.Orientation.Horizontal)
        self.scrubber.setObjectName("probeScrubber")
        self.scrubber.setEnabled(False)
        self.scrubber.valueChanged.connect(self._on_scrub)
        self.step_label = QLabel(self.tr("no probe yet"))
        self.over_time_button = QToolButton()
        self.over_time_button.setObjectName("headsOverTimeButton")
        self.over_time_button.setText(self.tr("Heads over time"))
        self.over_time_button.setCheckable(True)
        self.over_time_button.setToolTip(self.tr("Each head role's best score at every probe, instead of the "
                                                 "enlarged head (click again to go back)"))
        self.empty_label = QLabel(empty_text(None))  # instead of the plots until the first probe
        self.empty_label.setObjectName("attentionEmpty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setStyleSheet(f"color: {colour('muted')};")

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Probe text")))
        top.addWidget(self.text_edit, 3)
        top.addWidget(self.sort_combo)
        self.export = export_button(self, {self.tr("attention grid"): self.when_built(lambda: self.grid.ci),
                                           self.tr("enlarged head"): self.when_built(
                                               lambda: self.head_plot.getPlotItem())})
        top.addWidget(self.export)
        scrub = QHBoxLayout()
        scrub.addWidget(QLabel(self.tr("Probe step")))
        scrub.addWidget(self.scrubber, 1)
        scrub.addWidget(self.step_label)
        scrub.addWidget(self.over_time_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.probe_note)
        layout.addLayout(scrub)
        layout.addWidget(self.empty_label, 1)  # the plots go above it (_build)
        self.set_model(RunModel())  # nothing to draw until the window hands it a run
        self._start_building(lazy)

    def _build(self) -> None:
        """The grid, the enlarged head and the heads over time (:class:`LazyBuild`), drawn from
        the probe shown and the model's head history."""
        cmap = pg.colormap.get("viridis")
        self.grid = QtAttentionGrid(cmap)
        self.grid.head_clicked.connect(self.select_head)
        self.grid.head_tip = self.head_tooltip
        self.grid_image, self.grid_nan = self.grid.image, self.grid.nan
        masked = masked_colour()  # the masked upper triangle shows this background

        self.head_plot = plot_widget(axisItems={"left": ThinnedAxis("left"), "bottom": ThinnedAxis("bottom")})
        self.head_plot.setObjectName("headPlot")
        self.head_plot.setBackground(masked)
        self.head_plot.invertY(True)
        self.head_plot.setAspectLocked(True)
        self._head_home = True  # the head's view is where the panel put it, not zoomed by the user
        self.head_plot.getViewBox().sigResized.connect(lambda _vb: self._fit_head())
        self.head_plot.getViewBox().sigRangeChangedManually.connect(self._on_head_zoomed)
        self.head_plot.setMenuEnabled(True)
        self.head_image = pg.ImageItem(axisOrder="row-major")
        self.head_image.setColorMap(cmap)
        self.head_plot.addItem(self.head_image)
        self.head_nan = pg.ImageItem(axisOrder="row-major")
        self.head_plot.addItem(self.head_nan)
        self.head_plot.setLabel("left", self.tr("query"))
        self.head_plot.setLabel("bottom", self.tr("key"))
        self.head_plot.getAxis("bottom").setStyle(hideOverlappingLabels=False)  # the first key's label too
        self.colorbar = pg.ColorBarItem(values=(0, 1), colorMap=cmap, interactive=False, label=self.tr("weight"))
        self.colorbar.setImageItem([self.grid_image, self.head_image], insert_in=self.head_plot.getPlotItem())
        self.hover_label = ElidedLabel(" ")  # a long token never widens the dock
        self.hover_label.setObjectName("attentionHover")
        self.head_plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.head_title = ElidedLabel("")  # "layer 0 · head 1 — previous-token"
        self.head_title.setObjectName("attentionHeadTitle")
        self.head_title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.head_stats = ElidedLabel("")  # the head's statistics, cut before they widen the dock
        self.head_stats.setObjectName("attentionHeadStats")
        self.legend_label = QLabel("")
        self.legend_label.setObjectName("attentionLegend")
        self.legend_label.setWordWrap(True)

        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        title = QHBoxLayout()
        title.setSpacing(12)
        title.addWidget(self.head_title)
        title.addWidget(self.head_stats, 1)
        rl.addLayout(title)
        rl.addWidget(self.head_plot, 1)
        rl.addWidget(self.hover_label)
        rl.addWidget(self.legend_label)
        self.heads_over_time = QtHeadsOverTime()
        self.stack = QStackedWidget()  # the enlarged head, or every role's best score over the probes
        self.stack.setObjectName("attentionStack")
        self.stack.addWidget(right)
        self.stack.addWidget(self.heads_over_time)
        self.stack.setCurrentIndex(int(self.over_time_button.isChecked()))
        self.over_time_button.toggled.connect(lambda on: self.stack.setCurrentIndex(int(on)))
        self.split = split = QtGridSplitter(self._grid_shape)  # grid above or beside the enlarged head
        split.addWidget(self.grid)
        split.addWidget(self.stack)
        layout = self.layout()
        layout.insertWidget(layout.indexOf(self.empty_label), split, 1)
        # what the panel holds, drawn as it would have been (shown at once: the panel may be on screen)
        self.heads_over_time.show_history(self.model.head_history)
        self._show_plots(self.probe is not None)
        if self.probe is not None:
            split.fit()
            self._update_grid()
            self._update_head()
        layout.activate()


    # ------------------------------------------------------------------ data
    def set_model(self, model: RunModel) -> None:
        """Draw ``model`` (another run, or this one read again): nothing of the previous model
        stays — its probes, the text filled into the box from them, the probe asked for, the
        head chosen, the hover."""
        if self.model is not None:
            self.model.changed.disconnect(self._on_changed)
        self.model = model
        self.probe = None
        self.probe_steps = []
        self.selected = (0, 0)
        if self.is_built:
            self.grid.clear_maps()
            self.head_image.clear()
            self.head_nan.clear()
        self.step_label.setText(self.tr("no probe yet"))
        self._show_plots(False)
        self.scrubber.setEnabled(False)
        self._requested = None
        if self.text_edit.text() == self._filled_text:  # the old run's text, not the user's
            self.text_edit.clear()
        self._filled_text = None
        self._hover = None
        if self.is_built:
            self.hover_label.setText(" ")
        model.changed.connect(self._on_changed)
        self._on_changed(frozenset(Aspect))
        self._update_note()

    def _on_changed(self, aspects: frozenset) -> None:
        """Redraw what changed of the model: its probes, or (before the first probe) when they come."""
        if aspects & {Aspect.CONFIG, Aspect.LINEAGE, Aspect.SERIES, Aspect.STATUS} and not self.probe_steps:
            m = self.model
            self.empty_label.setText(empty_text(m.config.probe if m.config is not None else None, m.next_probe_step))
        if Aspect.PROBES in aspects:
            self._show_probes()
            if self.is_built:
                self.heads_over_time.show_history(self.model.head_history)

    def _show_plots(self, shown: bool) -> None:
        """The grid and the enlarged head, or (before the first probe) the text saying when they come."""
        if self.is_built:
            self.split.setVisible(shown)
        self.empty_label.setVisible(not shown)

    def _grid_shape(self) -> tuple[int, int] | None:
        """(layers, heads) of the drawn probe, for the splitter to arrange; None before a probe."""
        return None if self.probe is None else tuple(self.probe["attention"].shape[:2])

    def _show_probes(self) -> None:
        """The model's probes changed: the scrubber spans them and jumps to the newest when it was
        at the newest; the box shows the newest probe's text (never over what the user typed)."""
        steps = list(self.model.probes.steps)
        at_end = not self.probe_steps or self.scrubber.value() == len(self.probe_steps) - 1
        self.probe_steps = steps
        newest = self.model.probes.newest if steps else None
        if newest is not None:
            source = ProbeSet.texts(newest)[1]
            if source == self._requested:
                self._requested = None
            self._fill_box(source)
        self._update_scrubber(select_last=at_end)
        self._update_note()

    def _fill_box(self, source: str) -> None:
        """Show the run's probe text in the box while it is empty or holds what was filled in
        (never what the user typed)."""
        box = self.text_edit.text()
        if source.strip() and not self.text_edit.hasFocus() and self._requested is None \
                and (not box or box == self._filled_text):
            self.text_edit.setText(source)
            self._filled_text = source

    def _update_scrubber(self, select_last: bool) -> None:
        n = len(self.probe_steps)
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, max(n - 1, 0))
        self.scrubber.setEnabled(n > 1)
        if select_last and n:
            self.scrubber.setValue(n - 1)
        self.scrubber.blockSignals(False)
        if n:
            self._show_step(self.probe_steps[self.scrubber.value()])

    def _show_step(self, step: int) -> None:
        probe = self.model.probes.get(step)
        if probe is None:
            self.step_label.setText(self.tr("step {step}: probe file unreadable").format(step=format_number(step)))
            return
        self.probe = probe
        self._show_plots(True)
        self.step_label.setText(self.tr("step {step} ({n} probe(s))", "", len(self.probe_steps)).format(
            step=format_number(step), n=format_number(len(self.probe_steps))))
        L, H = probe["attention"].shape[:2]
        self.selected = (min(self.selected[0], L - 1), min(self.selected[1], H - 1))
        if self.is_built:
            self.split.fit()
        self._update_grid()
        self._update_head()
        self._update_note()

    def _on_scrub(self, value: int) -> None:
        if 0 <= value < len(self.probe_steps):
            self._show_step(self.probe_steps[value])

    def _newest_source(self) -> str | None:
        """The probe text of the newest probe (what the trainer probes now), if any."""
        newest = self.model.probes.newest if self.probe_steps else None
        return ProbeSet.texts(newest)[1] if newest is not None else None

    def _on_text_edited(self) -> None:
        text = self.text_edit.text()
        if text.strip() and self.probe is not None and text not in (self._newest_source(), self._requested):
            self._requested = text
            self.probe_text_changed.emit(text)
        self._update_note()

    def note_text(self) -> str:
        """What the note under the probe box says about the drawn probe ("" when the heatmap is
        of the text in the box, whole)."""
        p = self.probe
        if p is None:
            return ""
        text, source, n = ProbeSet.texts(p)
        T = p["attention"].shape[-1]
        step = int(np.asarray(p["step"]))
        box = self.text_edit.text()
        parts = []
        if box.strip() and box != source:
            older = self.probe_steps and step != self.probe_steps[-1]
            if box == self._requested:
                note = (self.tr("The heatmap is of an earlier probe (step {step}) of “{text}”, not the text above: "
                                "it is probed at the next step boundary") if older else
                        self.tr("The heatmap is of the probe (step {step}) of “{text}”, not the text above: "
                                "it is probed at the next step boundary"))
            else:
                note = (self.tr("The heatmap is of an earlier probe (step {step}) of “{text}”") if older else
                        self.tr("The heatmap is of the probe (step {step}) of “{text}”, not the text above "
                                "(Enter probes it)"))
            parts.append(note.format(step=format_number(step), text=short(text)))
        if n > T:
            parts.append(self.tr("probe cut to {kept} token(s) (of {total}: the context length or probe.max_tokens): "
                                 "the heatmap ends at “…{end}”", "", T).format(kept=format_number(T), total=format_number(n),
                                                                       end=short(text[-30:], 30)))
        return "; ".join(parts) + ("." if parts else "")

    def _update_note(self) -> None:
        note = self.note_text()
        self.probe_note.setText(note)
        self.probe_note.setStyleSheet(f"color: {colour('warning')};" if note else "")
        self.probe_note.setVisible(bool(note))

    # ------------------------------------------------------------------ drawing
    def _update_grid(self) -> None:
        p = self.probe
        if p is None or not self.is_built:
            return
        maps = p["attention"].astype(np.float32)
        role = self.sort_combo.currentData()
        if role:  # dim every head that does not clear the role's threshold
            scored = role_arrays(p)
            if scored is not None and role in scored[0]:
                i = scored[0].index(role)
                dim = ~(scored[1][i] >= scored[3][i])
            else:  # a probe of an earlier version: its labels
                dim = np.asarray(p["roles"]).astype(str) != role
            maps = np.where(dim[:, :, None, None], maps * 0.25, maps)
        self.grid.show_maps(maps, p["roles"], self.selected)

    def _update_head(self) -> None:
        p = self.probe
        if p is None or not self.is_built:
            return
        li, hi = self.selected
        m = p["attention"][li, hi].astype(np.float32).copy()
        T = m.shape[0]
        m[np.triu(np.ones((T, T), bool), 1)] = np.nan  # masked, not zero
        self.head_image.setImage(m, levels=(0.0, 1.0))
        self.head_image.setRect(-0.5, -0.5, T, T)
        bad = nan_cells(p["attention"][li : li + 1, hi : hi + 1], gap=0)
        if bad.any():
            self.head_nan.setImage(nan_overlay(bad))
            self.head_nan.setRect(-0.5, -0.5, T, T)
            self.head_nan.show()
        else:
            self.head_nan.hide()
        any_nan = not np.isfinite(p["attention"].astype(np.float32)).all()
        self.legend_label.setText(self.tr("grey: masked (a token sees only earlier tokens)")
                                  + (" · <span style='color:#FF00FF'>■</span> " + self.tr("magenta: NaN (not a number)")
                                     if any_nan else ""))
        tokens = [visible_text(str(t)) for t in p["token_text"]]
        # every token has its tick; the axes draw every k-th label, as many as fit without overlap
        self.head_plot.getAxis("bottom").setTicks([[(i, tick_label(t, 8)) for i, t in enumerate(tokens)]])
        self.head_plot.getAxis("left").setTicks([[(i, tick_label(t, 10)) for i, t in enumerate(tokens)]])
        self._head_home = True
        self._fit_head()
        role = short(role_name(" ".join(str(p["roles"][li, hi]).split())))
        stats = " · ".join(f"{stat_name(k)} {format_decimal(float(p[k][li, hi]), '.2f')}" for k in HEAD_STATS)
        self.head_title.setText(self.tr("layer {layer} · head {head}").format(layer=li, head=hi)
                                + (f" — {role}" if role else ""))
        self.head_stats.setText(f"({stats})")
        self._refresh_hover()

    def head_tooltip(self, layer: int, head: int) -> str:
        """The grid's tooltip for ``(layer, head)`` of the drawn probe (:func:`.texts.head_tooltip`)."""
        return head_tooltip(self.probe, layer, head)

    def _fit_head(self) -> None:
        """The whole enlarged head, as large as fits, against its query and key axes (until the
        user zooms or pans)."""
        if self.probe is not None and self.is_built and self._head_home:
            T = self.probe["attention"].shape[-1]
            anchor_range(self.head_plot.getViewBox(), QRectF(-0.5, -0.5, T, T), bottom=True)

    def _on_head_zoomed(self, *_args) -> None:
        self._head_home = False

    # ------------------------------------------------------------------ interaction
    def select_head(self, layer: int, head: int) -> None:
        """Enlarge ``(layer, head)``."""
        if self.probe is None:
            return
        L, H = self.probe["attention"].shape[:2]
        if 0 <= layer < L and 0 <= head < H:
            self.selected = (layer, head)
            if self.is_built:
                self.grid.select(layer, head)
            self._update_head()

    def hover_text(self, query: int, key: int) -> str:
        """The hover line for cell ``(query, key)`` of the enlarged head (:func:`.texts.hover_text`)."""
        return hover_text(self.probe, self.selected, query, key)

    def _refresh_hover(self) -> None:
        """The hover line for the cell under the mouse, of the probe drawn now."""
        if self._hover is not None and self.is_built:
            self.hover_label.setText(self.hover_text(*self._hover) or " ")

    def _on_mouse_moved(self, pos) -> None:
        vb = self.head_plot.getViewBox()
        if not self.head_plot.sceneBoundingRect().contains(pos):
            return
        pt = vb.mapSceneToView(pos)
        self._hover = (int(round(pt.y())), int(round(pt.x())))
        self._refresh_hover()
