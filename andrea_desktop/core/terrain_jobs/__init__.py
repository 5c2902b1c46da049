"""Terrain jobs beside training: a copy of the weights in, ``terrain/<step>.npz`` out.

:class:`TerrainJobs` takes a copy of the weights on the training thread (a few milliseconds:
one ``clone`` of each parameter) and returns at once; a low-priority worker computes the
terrain (:func:`andrea_desktop.core.terrain.compute_terrain`) on that copy and writes the
result to the run folder (:mod:`andrea_desktop.core.rundir.terrain`). Training numbers do not
change: the worker has its own model skeleton, its own generators and never touches a global
RNG or a global torch switch.

Three workers (``[terrain] worker``):

- ``inline`` (the default): the training thread computes the job itself, ``terrain.share`` of its
  time between steps (:mod:`.inline`), on the training device; the job comes in cheap-first
  parts (:mod:`andrea_desktop.core.terrain.job`), each written as it lands.

- ``thread``: a thread of the training process at the lowest OS priority (``nice 19`` on
  Linux, per thread). Its torch ops use the process's intra-op thread count.
- ``process``: a child process (``spawn``) at ``nice 19`` with ``[terrain] threads`` torch
  threads and its own GIL; the weights travel through a pipe. It costs a second Python with
  torch in memory and a few seconds to start.

``benchmarks/terrain_train_bench.py`` measures what each costs training and how soon its parts
arrive (the process worker with the trainer yielding ``share`` vs inline).

Jobs never queue up: while one runs, newer submissions replace the waiting one, and a
replaced snapshot still becomes a point of the trajectory (only its terrain is skipped).

The package: :mod:`.jobs` (:class:`TerrainJobs`), :mod:`.computer` (the worker's side, the
weights of a checkpoint, :func:`compute_newest`), :mod:`.child` (the child process),
:mod:`.priority` (nice and threads) and :mod:`.auto` (the automatic ``terrain.interval`` while
training: :class:`AutoTerrain`, :func:`with_terrain`).
"""

from .auto import AutoTerrain, with_terrain
from .computer import TerrainComputer, checkpoint_weights, compute_newest, terrain_enabled
from .inline import InlineJobs, JobStatus
from .jobs import TerrainJobs
from .priority import NICE

__all__ = ["TerrainJobs", "TerrainComputer", "checkpoint_weights", "compute_newest", "terrain_enabled", "NICE",
           "AutoTerrain", "with_terrain", "InlineJobs", "JobStatus"]
