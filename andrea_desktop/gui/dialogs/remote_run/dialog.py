"""The Open Remote Run dialog: ``[user@]host[:port]`` (completed from the ``Host`` entries of
``~/.ssh/config``) and the run folder's path there; *List runs* asks the remote's
``andrea-follow --list`` for the runs in a folder (through the same ssh as the link)."""

from __future__ import annotations

from urllib.parse import quote

from PySide6.QtCore import QProcess, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ....core.config import PRESETS
from ....core.config.bounds import MAX_STEPS
from ....core.remote.launch import MAX_NPROC
from ....core.remote.protocol import ProtocolError, parse_runs_listing
from ....core.remote.ssh import URL_SCHEME, parse_ssh_url, ssh_command, ssh_config_hosts

__all__ = ["RemoteRunDialog"]

LIST_TIMEOUT_MS = 30_000


class RemoteRunDialog(QDialog):
    """Asks for a remote run's address; :meth:`url` is the ``ssh://`` address once accepted."""

    def __init__(self, parent: QWidget | None = None, hosts: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open Remote Run"))
        self.setMinimumWidth(520)
        self.host = QLineEdit()
        self.host.setPlaceholderText(self.tr("gpu-box, or user@host:port"))
        self.host.setCompleter(QCompleter(hosts if hosts is not None else ssh_config_hosts(), self))
        self.path = QLineEdit()
        self.path.setPlaceholderText(self.tr("/home/me/runs/my-run, or ~/runs/my-run"))
        self.list_button = QPushButton(self.tr("List Runs"))
        self.list_button.setToolTip(self.tr("The runs in the folder of the path (or the path itself), on the host"))
        self.list_button.clicked.connect(self.list_runs)
        self.runs = QListWidget()
        self.runs.itemActivated.connect(self._take_listed)
        self.runs.itemClicked.connect(self._take_listed)
        self.note = QLabel(self.tr("The host needs this project installed (pip install), so that andrea-follow "
                                   "is on its PATH; ssh uses your keys, agent and ~/.ssh/config."))
        self.note.setWordWrap(True)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.launch = QCheckBox(self.tr("Start a new run in this folder there"))
        self.launch.setToolTip(self.tr("Train a new run on the host, detached from this window (it trains on when "
                                       "the link drops), then follow it"))
        self.preset = QComboBox()
        self.preset.addItems(list(PRESETS))
        self.max_steps = QSpinBox()
        self.max_steps.setRange(0, min(MAX_STEPS, 2**31 - 1))
        self.max_steps.setSpecialValueText(self.tr("the schedule's end"))
        self.nproc = QSpinBox()
        self.nproc.setRange(1, MAX_NPROC)
        self.nproc.setToolTip(self.tr("More than 1: torchrun starts one process per GPU (DistributedDataParallel)"))
        for w in (self.preset, self.max_steps, self.nproc):
            w.setEnabled(False)
            self.launch.toggled.connect(w.setEnabled)
        form = QFormLayout()
        form.addRow(self.tr("Host:"), self.host)
        form.addRow(self.tr("Run folder:"), self.path)
        new_run = QFormLayout()
        new_run.addRow(self.launch)
        new_run.addRow(self.tr("Preset:"), self.preset)
        new_run.addRow(self.tr("Stop at step:"), self.max_steps)
        new_run.addRow(self.tr("Processes (GPUs):"), self.nproc)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.list_button, 0, Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.runs)
        lay.addLayout(new_run)
        lay.addWidget(self.note)
        lay.addWidget(self.error)
        lay.addWidget(self.buttons)
        self._process: QProcess | None = None
        self._url = ""

    def url(self) -> str:
        """The ``ssh://`` address of the accepted host and path."""
        return self._url

    def launch_args(self) -> list[str] | None:
        """``andrea-follow --launch``'s options for a new run there, or None (open a run)."""
        if not self.launch.isChecked():
            return None
        args = ["--preset", self.preset.currentText(), "--nproc", str(self.nproc.value())]
        return args + (["--max-steps", str(self.max_steps.value())] if self.max_steps.value() else [])

    def _address(self, path: str) -> str:
        path = path.strip()
        path = path if path.startswith(("/", "~")) else "/" + path
        return f"{URL_SCHEME}{self.host.text().strip()}/{quote(path.lstrip('/') if path.startswith('/') else path, safe='/~')}"

    def _accept(self) -> None:
        url = self._address(self.path.text())
        try:
            parse_ssh_url(url)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self._url = url
        self.accept()

    def list_runs(self) -> None:
        """Ask the host for the runs in the path's folder (a run's own path: its parent's)."""
        folder = self.path.text().strip() or "~"
        try:
            target = parse_ssh_url(self._address(folder))
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        if self._process is not None:
            self._process.kill()
        cmd = ssh_command(target, "--list", target.path)
        self._process = proc = QProcess(self)
        proc.finished.connect(lambda *_: self._listed(proc))
        self.error.setText(self.tr("Asking {host}…").format(host=target.host))
        self.list_button.setEnabled(False)
        proc.start(cmd[0], cmd[1:])

    def _listed(self, proc: QProcess) -> None:
        self.list_button.setEnabled(True)
        out = bytes(proc.readAllStandardOutput().data())
        err = bytes(proc.readAllStandardError().data()).decode("utf-8", "replace").strip()
        self.runs.clear()
        try:
            runs = parse_runs_listing(out)
        except ProtocolError as exc:
            self.error.setText(err[-400:] or str(exc))
            return
        self.error.setText("" if runs else self.tr("No runs in that folder."))
        for r in runs:
            item = QListWidgetItem(r["name"] + (self.tr(" (training)") if r["alive"] else ""))
            item.setData(Qt.ItemDataRole.UserRole, r["path"])
            self.runs.addItem(item)

    def _take_listed(self, item: QListWidgetItem) -> None:
        self.path.setText(item.data(Qt.ItemDataRole.UserRole))

    def done(self, result: int) -> None:
        if self._process is not None and self._process.state() != QProcess.ProcessState.NotRunning:
            self._process.kill()
            self._process.waitForFinished(2000)
        super().done(result)
