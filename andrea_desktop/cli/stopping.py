"""Ctrl+C and SIGTERM as a stop at the next step boundary, for the headless commands
(``andrea-train``, ``andrea-sweep``): the first one asks the trainer to stop (it writes a
checkpoint), a second one does not wait and interrupts at once (``KeyboardInterrupt``)."""

from __future__ import annotations

import signal

__all__ = ["StopOnSignals"]


class StopOnSignals:
    """While entered, SIGINT and SIGTERM stop ``control`` (a
    :class:`~andrea_desktop.core.training.TrainingControl`) with the reason ``user``; the handlers
    before are put back on exit. :attr:`signals` lists the signals received."""

    def __init__(self, control) -> None:
        self.control = control
        self.signals: list[int] = []
        self._old: dict = {}

    def _on_signal(self, signum, frame) -> None:  # noqa: ARG002
        from ..core.training import StopReason

        self.signals.append(signum)
        if len(self.signals) > 1:  # a second Ctrl+C does not wait for the step boundary
            raise KeyboardInterrupt
        self.control.stop(StopReason.USER)

    def __enter__(self) -> StopOnSignals:
        self._old = {s: signal.signal(s, self._on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self._old.items():
            signal.signal(sig, handler)
