"""Run configuration: typed sections with bounds (:mod:`.sections`) and strict TOML load and
save with presets (:mod:`.toml_io`). Import everything from here."""

from .sections import *  # noqa: F403
from .sections import __all__ as _sections_all
from .toml_io import *  # noqa: F403
from .toml_io import __all__ as _io_all

__all__ = [*_sections_all, *_io_all]
