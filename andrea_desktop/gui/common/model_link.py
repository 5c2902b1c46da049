"""A view's link to the run model it draws: one model at a time, its change notifications
delivered to the view, the previous model's disconnected when another replaces it.

Every panel draws a :class:`~andrea_desktop.core.viewmodels.run_model.RunModel` (napari's
pattern: a view takes a model and redraws from the model's change events). Opening, switching,
continuing or branching a run hands every panel a new model, so nothing of the previous run
survives in a panel: the panel redraws itself from the new model alone.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.viewmodels.run_model import RunModel

__all__ = ["ModelLink"]


class ModelLink:
    """Holds a view's model and connects ``on_change`` to its ``changed`` signal.

    Parameters
    ----------
    on_change
        Called with the frozenset of :class:`~andrea_desktop.core.viewmodels.run_model.Aspect`
        that changed, on the thread that changed the model (the GUI thread: snapshots are
        applied there).
    """

    def __init__(self, on_change: Callable[[frozenset], None]) -> None:
        self._on_change = on_change
        self.model: RunModel | None = None

    def set(self, model: RunModel) -> RunModel:
        """Draw ``model`` from now on (the previous one is disconnected); returns it."""
        if self.model is not None:
            try:
                self.model.changed.disconnect(self._on_change)
            except (ValueError, RuntimeError):  # never connected, or already gone
                pass
        self.model = model
        model.changed.connect(self._on_change)
        return model
