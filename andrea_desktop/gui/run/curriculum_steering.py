"""Steering the running curriculum from the window: the Curriculum dialog (Ctrl+E), excluding a
source after a loss anomaly, and the pivot that was applied but not yet taken by the trainer."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QWidget

from ...core.config import CurriculumConfig
from ...core.metrics import AnomalyKind, EventKind
from ...core.mixture.curriculum import Pivot
from ...core.mixture.simplex import ConstraintError, Constraints
from ...core.mixture.walk import WalkParams
from ...core.viewmodels.history import MixtureHistory
from ..common.i18n import format_decimal
from ..dialogs.curriculum.dialog import QtCurriculumDialog
from ..window.notices import Icon, QtNotices

__all__ = ["CurriculumSteering"]


class CurriculumSteering(QObject):
    """Pivots of the window's run: built in the dialog or by :meth:`exclude_source`, sent through
    the run's driver (``runs.driver``), remembered until the trainer takes them.

    Parameters
    ----------
    parent
        The Qt parent: the widget the Curriculum dialog opens over (the main window).
    runs
        The run controller: ``driver``, ``info`` and ``model`` (its history and mixture) of the
        run now.
    notices
        Where refusals are said.

    Signals
    -------
    status_message(str, int)
        A line for the status bar and how long it shows (ms).
    """

    status_message = Signal(str, int)

    def __init__(self, parent: QWidget, runs, notices: QtNotices) -> None:
        super().__init__(parent)
        self.runs, self.notices = runs, notices
        self.params: dict = {}
        """The walk's parameters in force (phase lengths, random share, exploration, ...)."""
        self.pending: tuple[dict, dict] | None = None
        """(constraints, params) applied but not yet taken by the trainer."""
        self.dialog: QtCurriculumDialog | None = None

    def set_params(self, cc: CurriculumConfig) -> None:
        """The walk's parameters at the run's start (its config)."""
        self.params = WalkParams.of(cc).to_dict()

    @property
    def mixture(self) -> MixtureHistory:
        """The run's mixture now (the run model's: the region in force and the current weights)."""
        return self.runs.model.mixture

    def _can_steer(self) -> bool:
        info, driver = self.runs.info, self.runs.driver
        return driver is not None and driver.steerable and info is not None and info.constraints is not None

    def _constraints_now(self) -> dict:
        cur = self.mixture.current_region
        return dict(cur[0]) if cur else dict(self.runs.info.constraints)

    def open_dialog(self) -> QtCurriculumDialog | None:
        """Ctrl+E: edit the constraints; Apply pivots the training at its next step boundary."""
        if not self._can_steer():
            return None
        constraints, params = self._constraints_now(), self.params
        if self.pending is not None:  # applied but not yet taken by the trainer
            constraints, params = self.pending
        self.close_dialog()
        dlg = QtCurriculumDialog(self.runs.info.source_names, constraints, params, self.mixture.weights,
                                 parent=self.parent(), in_warmup=self.in_warmup())
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.pivot_requested.connect(self.request_pivot)
        dlg.finished.connect(lambda _r, d=dlg: self._forget_dialog(d))
        self.dialog = dlg
        dlg.open()
        return dlg

    def in_warmup(self) -> bool | None:
        """Whether the curriculum warmup is on now (None: no run to tell)."""
        history = self.runs.model.history
        if self.runs.info is None or history is None:
            return None
        warmup = self.params.get("warmup_steps", 0)
        if not warmup or history.last_step > warmup:
            return False
        return not any(kind == EventKind.CURRICULUM_WARMUP_END for _s, kind, _p in history.events)

    def refresh_dialog(self) -> None:
        """The open dialog follows the run: its star at the weights now, its warmup note."""
        if self.dialog is not None:
            self.dialog.set_live(self.mixture.weights, self.in_warmup())

    def _forget_dialog(self, dlg) -> None:
        if self.dialog is dlg:
            self.dialog = None

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.close()

    def exclude_source(self, source: str) -> bool:
        """Pivot the running curriculum so that ``source`` is never sampled again; False (with a
        message saying why) when it cannot be."""
        if not self._can_steer():
            return False
        base = dict(self.pending[0]) if self.pending is not None else self._constraints_now()
        names = list(self.runs.info.source_names)
        if not isinstance(source, str) or source not in names:
            self.notices.show_message(
                self.tr("Cannot exclude the source"),
                self.tr("{source} is not one of this run's sources ({sources}).").format(
                    source=repr(source), sources=", ".join(names)), Icon.Warning)
            return False
        excluded = sorted(set(base.get("excluded", [])) | {source})
        if len(excluded) >= len(names):
            self.notices.show_message(
                self.tr("Cannot exclude {source}").replace("{source}", source),
                self.tr("{source} is the only source left: excluding it would leave nothing to train on.")
                .replace("{source}", source), Icon.Warning)
            return False
        try:
            c = Constraints.from_dict(names, {**base, "excluded": excluded})
            c.validate()
        except (ConstraintError, ValueError, KeyError) as exc:
            floor = dict(base.get("floors") or {}).get(source, 0.0)
            advice = (self.tr("Its floor ({floor}) keeps it in the mixture: lower it to 0 in the Curriculum "
                              "dialog (Ctrl+E).").replace("{floor}", format_decimal(floor, "g")) if floor > 0
                      else self.tr("Change the other constraints in the Curriculum dialog (Ctrl+E)."))
            self.notices.show_message(self.tr("Cannot exclude {source}").replace("{source}", source),
                                      f"{exc}\n\n{advice}", Icon.Warning)
            return False
        self.request_pivot(Pivot(c))
        return True

    def request_pivot(self, pivot: Pivot) -> None:
        """Send ``pivot`` to the trainer; it applies at the next step boundary."""
        driver = self.runs.driver
        if driver is None or not driver.steerable or not self.runs.state.active:
            self.notices.show_message(self.tr("Curriculum not applied"),
                                      self.tr("Training has stopped: there is no run to pivot."), Icon.Warning)
            return
        if not driver.request_pivot(pivot):
            return
        self.pending = (pivot.constraints.to_dict(), {**self.params, **(pivot.params or {})})
        self.status_message.emit(
            self.tr("Curriculum pivot requested: it applies at the next step boundary"), 5000)

    def on_event(self, kind: str, payload: dict) -> None:
        """A run event: a pivot the trainer took (or refused) is no longer pending."""
        if kind == EventKind.PIVOT:
            self.params.update(payload.get("params") or {})
            self.pending = None
        elif kind == EventKind.ANOMALY and payload.get("kind") == AnomalyKind.PIVOT:
            self.pending = None
        if kind in (EventKind.PHASE, EventKind.PIVOT, EventKind.CURRICULUM_WARMUP_END):
            self.refresh_dialog()

    def on_stopped(self) -> None:
        """The training stopped: nothing is left to pivot."""
        self.pending = None
        self.close_dialog()
