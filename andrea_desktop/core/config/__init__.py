"""Run configuration: typed sections with bounds (:mod:`.sections`), strict TOML load and
save with presets (:mod:`.toml_io`), and a new run's configuration from a base, a settings file
and ``key=value`` overrides (:mod:`.overrides`). Import everything from here."""

from .overrides import *  # noqa: F403
from .overrides import __all__ as _overrides_all
from .sections import *  # noqa: F403
from .sections import __all__ as _sections_all
from .toml_io import *  # noqa: F403
from .toml_io import __all__ as _io_all

__all__ = [*_sections_all, *_io_all, *_overrides_all]
