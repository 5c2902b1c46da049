"""No Qt object is ever finalised off the GUI thread: with the app's
garbage-collection policy, a collection is never triggered by the training thread's
allocations; cycles holding Qt objects are collected by a GUI-thread timer."""

from __future__ import annotations

import gc
import sys
import threading
import weakref

import pytest
from PySide6.QtWidgets import QMenu

from andrea_desktop.gui.app import SWITCH_INTERVAL_S, GcPolicy


class _Cycle:
    pass


@pytest.fixture(autouse=True)
def _automatic_collection():
    """These tests start as a plain Python process does, with automatic collection on and nothing
    frozen (the suite turns collection off and freezes what its imports made: tests/conftest.py),
    and give it back as the suite keeps it."""
    gc.unfreeze()
    gc.enable()
    yield
    gc.disable()
    gc.collect()
    gc.freeze()


def test_a_cycle_holding_a_qmenu_is_finalised_on_the_gui_thread(qtbot):
    gui_thread = threading.get_ident()
    finalised_on: list[int] = []
    policy = GcPolicy(interval_s=0.05)
    try:
        assert not gc.isenabled()
        c = _Cycle()
        c.menu, c.me = QMenu(), c  # a cycle: only the cyclic collector frees it
        weakref.finalize(c.menu, lambda: finalised_on.append(threading.get_ident()))
        del c

        def training_thread_allocates():  # far past generation 0's threshold
            junk = []
            for _ in range(200_000):
                x = []
                x.append(x)
                junk.append(x)
            del junk

        t = threading.Thread(target=training_thread_allocates)
        t.start()
        t.join()
        assert finalised_on == [], "a collection ran on the allocating (training) thread"
        qtbot.waitUntil(lambda: bool(finalised_on), timeout=30_000)
        assert finalised_on == [gui_thread]
    finally:
        policy.close()
    assert gc.isenabled()


def test_a_full_collection_skips_what_existed_when_the_policy_started(qtbot):
    """The imported modules, classes and functions (torch, Qt, pyqtgraph: most of the process's
    objects) are frozen by the policy: the full collection its timer forces traverses only what
    was made since (a ~230 ms GIL hold on 2 cores before); closing gives them back."""
    gc.collect()
    existing = len(gc.get_objects())
    policy = GcPolicy(interval_s=0.05)
    try:
        assert gc.get_freeze_count() >= 0.9 * existing
        assert len(gc.get_objects(generation=2)) < 0.1 * existing
        c = _Cycle()
        c.me = c  # made after: still collected
        ref = weakref.ref(c)
        del c
        gc.collect(2)
        assert ref() is None
    finally:
        policy.close()
    assert gc.get_freeze_count() == 0


def test_a_policy_started_where_objects_are_frozen_leaves_that_freezing_as_it_was(qtbot):
    """A process that froze its long-lived objects itself (the test session; a program embedding
    the window) keeps exactly that: the policy freezes nothing more and its close unfreezes
    nothing, while a cycle made since is still collected."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    policy = GcPolicy(interval_s=0.05)
    try:
        assert gc.get_freeze_count() == frozen
        assert not gc.isenabled()
        c = _Cycle()
        c.me = c
        ref = weakref.ref(c)
        del c
        gc.collect(2)
        assert ref() is None
    finally:
        policy.close()
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled()


def test_the_interpreter_lock_changes_hands_sooner_while_the_window_lives(qtbot):
    """A training thread waiting for the GIL the GUI thread's Python holds gets it after
    ``SWITCH_INTERVAL_S`` (0.5 ms), not Python's 5 ms; closing the policy gives the process its own
    interval back, whatever it was."""
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        policy = GcPolicy(interval_s=0.05)
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_S, abs=2e-6) and SWITCH_INTERVAL_S < 0.005
        policy.close()
        assert sys.getswitchinterval() == pytest.approx(0.005, abs=2e-6)
        sys.setswitchinterval(0.0001)  # a program that chose a shorter one keeps it
        policy = GcPolicy(interval_s=0.05)
        assert sys.getswitchinterval() == pytest.approx(0.0001, abs=2e-6)
        policy.close()
        assert sys.getswitchinterval() == pytest.approx(0.0001, abs=2e-6)
    finally:
        sys.setswitchinterval(before)
