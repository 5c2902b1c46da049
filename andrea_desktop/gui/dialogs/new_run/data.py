"""The New Run dialog's data: the embedded sources and the user's files or folders (``.txt``,
``.jsonl``, ``.parquet``), each with its bytes and an estimated token count; the result is the
``data.embedded`` and ``data.sources`` values of the new run's configuration."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.config import Config
from ....core.config.bounds import MAX_NAME
from ....core.corpus import EMBEDDED_SOURCES, scan_user_source
from ....core.training.trial import estimated_tokens
from ...common.fields import toml_value
from ...common.i18n import format_number

__all__ = ["QtDataSources"]


def _fmt_bytes(n: int) -> str:
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{format_number(n / size, 1)} {unit}"
    return f"{n} B"


def _fmt_count(n: int) -> str:
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{format_number(n / size, 1)}{unit}"
    return str(n)


def _source_name(path: Path, taken: set[str]) -> str:
    """A free source name from a file or folder name (what ``SourceSpec`` accepts)."""
    stem = re.sub(r"[^\w.-]+", "-", path.stem if path.is_file() else path.name).strip("-.") or "source"
    stem = stem[: MAX_NAME - 4]
    name, i = stem, 1
    while name in taken:
        i += 1
        name = f"{stem}-{i}"
    return name


class QtDataSources(QWidget):
    """A table of the run's sources: the embedded ones (on or off together) and the user's.

    Signals
    -------
    changed
        The sources, or the vocabulary the token estimates use, changed.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.embedded = QCheckBox(self.tr("Embedded demo corpus (Python docs and code)"))
        self.embedded.setObjectName("data.embedded")
        self.embedded.setToolTip(self.tr("data.embedded: the three sources built from this Python installation"))
        self.embedded.toggled.connect(lambda _on: self._refresh())
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("sourcesTable")
        self.table.setHorizontalHeaderLabels([self.tr("source"), self.tr("files"), self.tr("bytes"), self.tr("≈ tokens")])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in (1, 2, 3):
            head.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumHeight(130)
        self.add_files_button = QPushButton(self.tr("Add files…"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.add_files_button.clicked.connect(self._pick_files)
        self.add_folder_button.clicked.connect(self._pick_folder)
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        for b in (self.add_files_button, self.add_folder_button, self.remove_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.embedded)
        lay.addWidget(self.table)
        lay.addLayout(buttons)
        self.max_bytes = 400_000
        self.vocab = 2048
        self.user: list[dict] = []  # {"name", "paths"} in order: data.sources
        self._base_user: list[dict] = []
        self._base_embedded = True
        self._scans: list = []
        self._scan_cache: dict[tuple[str, ...], object] = {}

    # ------------------------------------------------------------------ state
    def set_from(self, cfg: Config) -> None:
        """Show ``cfg``'s sources (the new base: nothing changed)."""
        self._base_embedded = cfg.data.embedded
        self._base_user = [{"name": s.name, "paths": list(s.paths)} for s in cfg.data.sources]
        self.user = [dict(s, paths=list(s["paths"])) for s in self._base_user]
        self.max_bytes, self.vocab = cfg.data.max_bytes_per_source, cfg.data.tokenizer_vocab_size
        self.embedded.blockSignals(True)
        self.embedded.setChecked(cfg.data.embedded)
        self.embedded.blockSignals(False)
        self._refresh(notify=False)

    def set_sizes(self, vocab: int, max_bytes: int | None) -> None:
        """The tokenizer's vocabulary size the token estimates assume, and the embedded
        sources' byte cap (None: keep the last valid one)."""
        vocab = vocab if vocab > 256 else self.vocab
        max_bytes = max_bytes if max_bytes is not None and max_bytes > 0 else self.max_bytes
        if (vocab, max_bytes) != (self.vocab, self.max_bytes):
            self.vocab, self.max_bytes = vocab, max_bytes
            self._refresh(notify=False)

    def names(self) -> list[str]:
        """The run's source names, in order (embedded first)."""
        return [*(EMBEDDED_SOURCES if self.embedded.isChecked() else ()), *(s["name"] for s in self.user)]

    def overrides(self) -> list[str]:
        """``data.embedded=...`` and ``data.sources=[...]`` where they differ from the base."""
        out = []
        if self.embedded.isChecked() != self._base_embedded:
            out.append(f"data.embedded={toml_value(self.embedded.isChecked())}")
        if self.user != self._base_user:
            out.append(f"data.sources={toml_value(self.user)}")
        return out

    # ------------------------------------------------------------------ editing
    def add_source(self, paths: list[str | Path], name: str | None = None) -> str:
        """Add a user source of files or folders; returns its name (from the first path's
        name when ``name`` is None)."""
        taken = set(self.names()) | set(EMBEDDED_SOURCES)
        name = name or _source_name(Path(paths[0]), taken)
        self.user.append({"name": name, "paths": [str(Path(p).expanduser()) for p in paths]})
        self._refresh()
        return name

    def remove_selected(self) -> None:
        """Remove the selected user sources (the embedded ones are switched off with the box)."""
        n_emb = len(EMBEDDED_SOURCES) if self.embedded.isChecked() else 0
        rows = sorted({i.row() - n_emb for i in self.table.selectedIndexes() if i.row() >= n_emb}, reverse=True)
        for r in rows:
            del self.user[r]
        if rows:
            self._refresh()

    def _pick_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Add text files as one source"), str(Path.home()),
                                                self.tr("Text sources (*.txt *.jsonl *.parquet);;All files (*)"))
        if paths:
            self.add_source(paths)

    def _pick_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Add a folder of .txt / .jsonl / .parquet files"),
                                                str(Path.home()))
        if path:
            self.add_source([path])

    # ------------------------------------------------------------------ table
    def _refresh(self, notify: bool = True) -> None:
        rows: list[tuple[str, str, int | None, str, bool]] = []  # name, files, bytes, tooltip, embedded
        if self.embedded.isChecked():
            for name in EMBEDDED_SOURCES:
                rows.append((name, self.tr("embedded"), self.max_bytes,
                             self.tr("at most data.max_bytes_per_source bytes"), True))
        self._scans = [self._scan(s["paths"]) for s in self.user]
        for s, scan in zip(self.user, self._scans, strict=True):
            tip = "\n".join(s["paths"])
            if scan.skipped:
                tip += "\n\n" + self.tr("skipped:") + "\n" + "\n".join(f"{p}: {r}" for p, r in scan.skipped[:20])
            rows.append((s["name"], str(len(scan.files)), scan.n_bytes if scan.files else None, tip, False))
        self.table.setRowCount(len(rows))
        for r, (name, files, n_bytes, tip, embedded) in enumerate(rows):
            cells = (name, files, "–" if n_bytes is None else ("≤ " if embedded else "")
                     + _fmt_bytes(n_bytes),
                     "–" if n_bytes is None else _fmt_count(estimated_tokens(n_bytes, self.vocab)))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(tip)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.remove_button.setEnabled(bool(self.user))
        if notify:
            self.changed.emit()

    def _scan(self, paths: list[str]):
        """The source's files and bytes (cached: the table redraws as the vocabulary changes)."""
        key = tuple(paths)
        if key not in self._scan_cache:
            self._scan_cache[key] = scan_user_source(paths)
        return self._scan_cache[key]

    def problems(self) -> list[str]:
        """Sources without any readable file, named (training would refuse them)."""
        out = []
        for s, scan in zip(self.user, self._scans, strict=True):
            if not scan.files:
                why = "; ".join(r for _p, r in scan.skipped[:2]) or self.tr("no files")
                out.append(self.tr("source {name}: nothing to read ({why})").format(name=s["name"], why=why))
        return out
