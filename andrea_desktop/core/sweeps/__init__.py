"""Sweeps: runs that differ in 1–3 settings and the seed, made by the one config builder, trained
in turn, resumable and cancellable (docs/user-guide.md#sweeps).

:mod:`.spec` reads and checks a sweep and expands it into runs; :mod:`.state` derives where it
stands from the runs folder; :mod:`.results` gives its table and a metric against each key;
:mod:`.runner` trains one run headless (it imports torch, so it is not imported here).
"""

from .results import *  # noqa: F403
from .results import __all__ as _results_all
from .spec import *  # noqa: F403
from .spec import __all__ as _spec_all
from .state import *  # noqa: F403
from .state import __all__ as _state_all

__all__ = [*_spec_all, *_state_all, *_results_all]
