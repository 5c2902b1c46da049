"""Attention panel: every layer x head as a grid of thumbnails, one head enlarged with tokens."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...core.rundir.probes import STATS, check_probe, list_probes, read_probe
from ..qt_export import export_button

log = logging.getLogger(__name__)

__all__ = ["QtAttentionPanel", "mosaic"]

ROLE_SHORT = {"previous-token": "prev", "sink": "sink", "induction": "ind"}


def _masked_colour() -> tuple[int, int, int]:
    """Light grey on a light theme, dark grey on a dark one: distinct from every viridis colour."""
    bg = pg.mkColor(pg.getConfigOption("background"))
    return (70, 70, 70) if bg.lightness() < 128 else (200, 200, 200)


def mosaic(maps: np.ndarray, gap: int = 1) -> np.ndarray:
    """Lay out (L, H, T, T) maps as one (L*(T+gap), H*(T+gap)) image, row = layer.

    The masked upper triangle of each map and the gaps are NaN (drawn as background, not as a
    zero weight).
    """
    L, H, T, _ = maps.shape
    out = np.full((L * (T + gap), H * (T + gap)), np.nan, dtype=np.float32)
    upper = np.triu(np.ones((T, T), bool), 1)
    for li in range(L):
        for hi in range(H):
            m = maps[li, hi].astype(np.float32).copy()
            m[upper] = np.nan
            out[li * (T + gap) : li * (T + gap) + T, hi * (T + gap) : hi * (T + gap) + T] = m
    return out


class QtAttentionPanel(QWidget):
    """Attention maps of the newest (or a chosen earlier) probe.

    Signals
    -------
    probe_text_changed(str)
        The user edited the probe text; the window asks the trainer for a new probe.

    Notes
    -----
    The grid is one image (a mosaic), so a 12 x 12 grid at T = 64 redraws with a single
    ``setImage``; levels are fixed to [0, 1] with a colour bar (no auto-levels between frames).
    The upper triangle is masked (transparent on a grey background), not drawn as zero.
    """

    probe_text_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.probe: dict | None = None
        self.probe_steps: list[int] = []
        self._probe_files: dict[int, Path] = {}
        self._probes_in_memory: dict[int, dict] = {}
        self.selected = (0, 0)
        self._role_items: list[pg.TextItem] = []
        cmap = pg.colormap.get("viridis")

        self.text_edit = QLineEdit()
        self.text_edit.setObjectName("probeText")
        self.text_edit.setPlaceholderText("probe text")
        self.text_edit.editingFinished.connect(self._on_text_edited)
        self.sort_combo = QComboBox()
        self.sort_combo.addItem("all heads", "")
        for key in ("previous_token", "sink", "induction"):
            self.sort_combo.addItem(f"highlight {key.replace('_', '-')} > 0.4", key)
        self.sort_combo.currentIndexChanged.connect(lambda _i: self._update_grid())
        self.scrubber = QSlider(Qt.Orientation.Horizontal)
        self.scrubber.setObjectName("probeScrubber")
        self.scrubber.setEnabled(False)
        self.scrubber.valueChanged.connect(self._on_scrub)
        self.step_label = QLabel("no probe yet")

        self.grid = pg.GraphicsLayoutWidget()
        self.grid.setObjectName("attentionGrid")
        masked = _masked_colour()  # the masked upper triangle shows this background
        self.grid.setBackground(masked)
        self.grid_view = self.grid.addViewBox(lockAspect=True, invertY=True, enableMouse=False)
        self.grid_image = pg.ImageItem(axisOrder="row-major")
        self.grid_image.setColorMap(cmap)
        self.grid_view.addItem(self.grid_image)
        self.grid_image.mouseClickEvent = self._on_grid_click
        self.sel_box = pg.QtWidgets.QGraphicsRectItem()
        self.sel_box.setPen(pg.mkPen("#D62728", width=2, cosmetic=True))
        self.grid_view.addItem(self.sel_box)

        self.head_plot = pg.PlotWidget()
        self.head_plot.setObjectName("headPlot")
        self.head_plot.setBackground(masked)
        self.head_plot.invertY(True)
        self.head_plot.setAspectLocked(True)
        self.head_plot.setMenuEnabled(True)
        self.head_image = pg.ImageItem(axisOrder="row-major")
        self.head_image.setColorMap(cmap)
        self.head_plot.addItem(self.head_image)
        self.head_plot.setLabel("left", "query")
        self.head_plot.setLabel("bottom", "key")
        self.colorbar = pg.ColorBarItem(values=(0, 1), colorMap=cmap, interactive=False, label="weight")
        self.colorbar.setImageItem([self.grid_image, self.head_image], insert_in=self.head_plot.getPlotItem())
        self.hover_label = QLabel(" ")
        self.hover_label.setObjectName("attentionHover")
        self.head_plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.head_title = QLabel("")

        top = QHBoxLayout()
        top.addWidget(QLabel("Probe text"))
        top.addWidget(self.text_edit, 3)
        top.addWidget(self.sort_combo)
        self.export = export_button(self, {"attention grid": self.grid.ci, "enlarged head": self.head_plot.getPlotItem()})
        top.addWidget(self.export)
        scrub = QHBoxLayout()
        scrub.addWidget(QLabel("Probe step"))
        scrub.addWidget(self.scrubber, 1)
        scrub.addWidget(self.step_label)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.head_title)
        rl.addWidget(self.head_plot, 1)
        rl.addWidget(self.hover_label)
        split = QSplitter(Qt.Orientation.Vertical)  # docks are tall: grid above, one head below
        split.addWidget(self.grid)
        split.addWidget(right)
        split.setSizes([300, 500])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(scrub)
        layout.addWidget(split, 1)

    # ------------------------------------------------------------------ data
    def clear(self) -> None:
        self.probe = None
        self.probe_steps = []
        self._probe_files.clear()
        self._probes_in_memory.clear()
        self.grid_image.clear()
        self.head_image.clear()
        self.step_label.setText("no probe yet")
        self.scrubber.setEnabled(False)

    def load_run(self, run_dir: Path) -> None:
        """Index the run's probe files and show the newest."""
        self._probe_files = list_probes(run_dir)
        self.probe_steps = sorted(set(self._probe_files) | set(self._probes_in_memory))
        self._update_scrubber(select_last=True)

    def add_probe(self, probe: dict) -> None:
        """A new probe from the training thread: remembered and shown (the scrubber jumps to it
        when it was at the newest probe)."""
        probe = {k: v for k, v in probe.items() if k not in ("embedding", "vocab")}  # for the embedding panel
        try:
            check_probe(probe)
        except ValueError as exc:
            log.warning("ignoring a probe: %s", exc)
            return
        step = int(probe["step"])
        at_end = not self.probe_steps or self.scrubber.value() == len(self.probe_steps) - 1
        self._probes_in_memory[step] = probe
        if len(self._probes_in_memory) > 50:  # older ones are read back from probes/ on demand
            self._probes_in_memory.pop(min(self._probes_in_memory))
        if step not in self.probe_steps:
            self.probe_steps = sorted([*self.probe_steps, step])
        if not self.text_edit.hasFocus() and probe["token_text"].size:
            self.text_edit.setText("".join(str(t) for t in probe["token_text"]))
        self._update_scrubber(select_last=at_end)

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
        probe = self._probes_in_memory.get(step)
        if probe is None and step in self._probe_files:
            try:
                probe = read_probe(self._probe_files[step])
            except ValueError as exc:
                log.warning("skipping probe: %s", exc)
                self.step_label.setText(f"step {step:,}: probe file unreadable")
                return
        if probe is None:
            return
        self.probe = probe
        self.step_label.setText(f"step {step:,} ({len(self.probe_steps)} probes)")
        L, H = probe["attention"].shape[:2]
        self.selected = (min(self.selected[0], L - 1), min(self.selected[1], H - 1))
        self._update_grid()
        self._update_head()

    def _on_scrub(self, value: int) -> None:
        if 0 <= value < len(self.probe_steps):
            self._show_step(self.probe_steps[value])

    def _on_text_edited(self) -> None:
        text = self.text_edit.text()
        if text.strip() and self.probe is not None and text != "".join(str(t) for t in self.probe["token_text"]):
            self.probe_text_changed.emit(text)

    # ------------------------------------------------------------------ drawing
    def _update_grid(self) -> None:
        p = self.probe
        if p is None:
            return
        maps = p["attention"].astype(np.float32)
        L, H, T, _ = maps.shape
        key = self.sort_combo.currentData()
        if key:  # dim every head whose statistic is not clearly high
            dim = p[key] < 0.4
            maps = np.where(dim[:, :, None, None], maps * 0.25, maps)
        self.grid_image.setImage(mosaic(maps), levels=(0.0, 1.0))
        for item in self._role_items:
            self.grid_view.removeItem(item)
        self._role_items.clear()
        for li in range(L):
            for hi in range(H):
                role = str(p["roles"][li, hi])
                if role:
                    t = pg.TextItem(ROLE_SHORT.get(role, role), color="#D62728", anchor=(1, 0))
                    t.setPos(hi * (T + 1) + T, li * (T + 1))
                    self.grid_view.addItem(t)
                    self._role_items.append(t)
        li, hi = self.selected
        self.sel_box.setRect(hi * (T + 1) - 0.5, li * (T + 1) - 0.5, T + 1, T + 1)

    def _update_head(self) -> None:
        p = self.probe
        if p is None:
            return
        li, hi = self.selected
        m = p["attention"][li, hi].astype(np.float32).copy()
        T = m.shape[0]
        m[np.triu(np.ones((T, T), bool), 1)] = np.nan  # masked, not zero
        self.head_image.setImage(m, levels=(0.0, 1.0))
        self.head_image.setRect(-0.5, -0.5, T, T)
        labels = [str(t).replace("\n", "⏎") for t in p["token_text"]]
        ticks = [[(i, labels[i][:10]) for i in range(T)]]
        every = max(1, -(-T // 16))  # keys along the bottom: at most 16 labels, so they stay legible
        self.head_plot.getAxis("bottom").setTicks([[(i, labels[i][:8]) for i in range(0, T, every)],
                                                   [(i, "") for i in range(T)]])
        self.head_plot.getAxis("left").setTicks(ticks)
        self.head_plot.getViewBox().autoRange(padding=0.02)
        role = str(p["roles"][li, hi])
        stats = " · ".join(f"{k.replace('_', '-')} {float(p[k][li, hi]):.2f}" for k in STATS)
        self.head_title.setText(f"layer {li} · head {hi}" + (f" — {role}" if role else "") + f"   ({stats})")

    # ------------------------------------------------------------------ interaction
    def select_head(self, layer: int, head: int) -> None:
        """Enlarge ``(layer, head)``."""
        if self.probe is None:
            return
        L, H = self.probe["attention"].shape[:2]
        if 0 <= layer < L and 0 <= head < H:
            self.selected = (layer, head)
            self._update_grid()
            self._update_head()

    def _on_grid_click(self, ev) -> None:
        if self.probe is None:
            return
        T = self.probe["attention"].shape[-1]
        pos = ev.pos()
        self.select_head(int(pos.y() // (T + 1)), int(pos.x() // (T + 1)))
        ev.accept()

    def hover_text(self, query: int, key: int) -> str:
        """"query → key: weight" for the enlarged head (masked cells say so)."""
        p = self.probe
        if p is None:
            return ""
        T = p["attention"].shape[-1]
        if not (0 <= query < T and 0 <= key < T):
            return ""
        tq, tk = (repr(str(p["token_text"][i])) for i in (query, key))
        if key > query:
            return f"query {tq} → key {tk}: masked (a token sees only earlier tokens)"
        w = float(p["attention"][self.selected[0], self.selected[1], query, key])
        return f"query {tq} → key {tk}: {w:.3f}"

    def _on_mouse_moved(self, pos) -> None:
        vb = self.head_plot.getViewBox()
        if not self.head_plot.sceneBoundingRect().contains(pos):
            return
        pt = vb.mapSceneToView(pos)
        self.hover_label.setText(self.hover_text(int(round(pt.y())), int(round(pt.x()))) or " ")
