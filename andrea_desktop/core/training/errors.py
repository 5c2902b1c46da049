"""The error a driver of the trainer shows as it is: a run that cannot be created, opened or continued."""

from __future__ import annotations

__all__ = ["RunError"]


class RunError(RuntimeError):
    """A run cannot be created, opened or continued (the message says why and what to do)."""
