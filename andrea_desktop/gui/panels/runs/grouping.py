"""The Runs dock's grouping row: how checked runs are grouped when compared (off, by seed, by a
setting that differs between them) and whether a group's min–max band and its runs are drawn.
A mixin of :class:`~andrea_desktop.gui.panels.runs.dock.QtRunsDock` (it needs the dock's ``compare``
view); its texts are the dock's (context ``QtRunsDock``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel

from ....core.viewmodels.groups import GROUP_OFF, GROUP_SEED, group_key_mode

__all__ = ["GroupControls"]


class GroupControls:
    """The grouping combo box and the two checkboxes beside it (``grouping``, ``minmax``,
    ``members``), wired to ``self.compare.groups``."""

    def _build_group_controls(self) -> QHBoxLayout:
        """The row that chooses how checked runs are grouped (off, by seed, by a setting that
        differs between them), and whether a group's min–max band and its runs are drawn."""
        self.grouping = QComboBox()
        self.grouping.setObjectName("compareGrouping")
        self.grouping.setToolTip(QCoreApplication.translate("QtRunsDock", "Runs of a group are drawn as their mean with a band of ±1 standard "
                                         "deviation; the hover box gives mean, std and n"))
        self._fill_grouping([])
        self.grouping.currentIndexChanged.connect(lambda _i: self.compare.groups.set_mode(self.grouping_mode()))
        self.minmax = QCheckBox(QCoreApplication.translate("QtRunsDock", "min–max"))
        self.minmax.setObjectName("compareMinMax")
        self.minmax.setToolTip(QCoreApplication.translate("QtRunsDock", "Also draw each group's min–max band"))
        self.minmax.toggled.connect(self.compare.groups.set_show_minmax)
        self.members = QCheckBox(QCoreApplication.translate("QtRunsDock", "its runs"))
        self.members.setObjectName("compareMembers")
        self.members.setToolTip(QCoreApplication.translate("QtRunsDock", "Also draw each run of a group (hidden behind the group by default)"))
        self.members.toggled.connect(self.compare.groups.set_show_members)
        row = QHBoxLayout()
        row.addWidget(QLabel(QCoreApplication.translate("QtRunsDock", "Group runs")))
        row.addWidget(self.grouping)
        row.addWidget(self.minmax)
        row.addWidget(self.members)
        row.addStretch(1)
        return row

    def grouping_mode(self) -> str:
        """The grouping chosen: ``"off"``, ``"seed"`` or ``"key:<section.field>"``."""
        return str(self.grouping.currentData() or GROUP_SEED)

    def set_grouping(self, mode: str) -> None:
        """Group the checked runs by ``mode`` (:meth:`grouping_mode`'s values); a key that no
        checked runs differ in is offered from now on too."""
        if self.grouping.findData(mode) < 0:
            self._fill_grouping([*self._group_keys, mode[len("key:"):]] if mode.startswith("key:") else
                                self._group_keys)
        self.grouping.setCurrentIndex(max(0, self.grouping.findData(mode)))

    def _fill_grouping(self, keys: list[str]) -> None:
        """Offer off, by seed and a group per value of each of ``keys``, keeping the choice."""
        self._group_keys = list(keys)
        current = self.grouping.currentData() if self.grouping.count() else GROUP_SEED
        self.grouping.blockSignals(True)
        self.grouping.clear()
        self.grouping.addItem(QCoreApplication.translate("QtRunsDock", "off"), GROUP_OFF)
        self.grouping.addItem(QCoreApplication.translate("QtRunsDock", "runs that differ only in seed"), GROUP_SEED)
        for key in keys:
            self.grouping.addItem(QCoreApplication.translate("QtRunsDock", "by {setting}").replace("{setting}", key), group_key_mode(key))
        i = self.grouping.findData(current)
        self.grouping.setCurrentIndex(i if i >= 0 else self.grouping.findData(GROUP_SEED))
        self.grouping.blockSignals(False)
        if self.grouping.currentData() != current:  # the key is gone: the default grouping
            self.compare.groups.set_mode(self.grouping_mode())
