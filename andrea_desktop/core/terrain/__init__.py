"""The terrain: the loss surface around the weights, the optimiser's path on it, and how
wide the basin is. :mod:`.geometry` holds the fixed rows, the filter-normalised directions, the
slices and the trajectory plane; :mod:`.curvature` the Hessian spectrum, the trace and basin width;
:mod:`.job` the whole job in cheap-first parts (:func:`terrain_parts`, :func:`compute_terrain`).
Import from here."""

from .curvature import *  # noqa: F403
from .curvature import __all__ as _curvature_all
from .geometry import *  # noqa: F403
from .geometry import __all__ as _geometry_all
from .geometry import _MathAttention, _scalar  # noqa: F401  (tests check these two internals)
from .job import *  # noqa: F403
from .job import __all__ as _job_all

__all__ = [*_geometry_all, *_curvature_all, *_job_all]
