"""File > Open Remote Run…: a host (completed from ``~/.ssh/config``) and a run folder there."""

from .dialog import RemoteRunDialog

__all__ = ["RemoteRunDialog"]
