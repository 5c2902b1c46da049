"""The terrain worker's share of the machine: the lowest OS priority and its own torch threads."""

from __future__ import annotations

import os
import threading

import torch

__all__ = ["NICE"]

NICE = 19
"""OS priority of the worker (Linux nice value: 19 is the lowest)."""


def _limit_thread_threads(n: int) -> bool:
    """Give the calling thread ``n`` OpenMP threads without touching torch's process-wide
    setting (``torch.set_num_threads`` also changes the count that threads started later take,
    e.g. a new training thread). OpenMP's thread count is a per-thread setting: once torch has
    initialised this thread's (a first parallel op), ``omp_set_num_threads`` on torch's own
    libgomp changes this thread alone. Returns whether it took effect."""
    import ctypes
    import glob

    torch.zeros(1 << 17).add_(1.0)  # torch initialises this thread's OpenMP count (lazily)
    libs = glob.glob(os.path.join(os.path.dirname(torch.__file__), "lib", "libgomp*.so*"))
    try:
        omp = ctypes.CDLL(libs[0]) if libs else ctypes.CDLL("libgomp.so.1")
        omp.omp_set_num_threads(ctypes.c_int(int(n)))
    except (OSError, AttributeError):  # another OpenMP runtime, or none: keep torch's count
        return False
    return torch.get_num_threads() == n


def _lower_priority() -> None:
    """Lower the calling thread to :data:`NICE` (Linux: nice is per thread; the threads it
    starts later, e.g. OpenMP's pool for this thread, inherit it)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (AttributeError, OSError):  # not Linux, or not allowed: run at normal priority
        pass
