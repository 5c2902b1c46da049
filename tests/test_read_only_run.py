"""Training a run this user may not write (another user's run) is refused with the read-only
message, whether the folder or only its lock file is not writable, never with a bare
"Permission denied"."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = """
import os, sys
from pathlib import Path
from andrea_desktop.core.training.prepare import lock_run
from andrea_desktop.core.training.errors import RunError
if os.geteuid() == 0:
    os.setgid(65534); os.setuid(65534)  # another user from here on
try:
    lock_run(Path(sys.argv[1]))
except RunError as exc:
    print("RunError:", exc)
except BaseException as exc:
    print(type(exc).__name__, exc)
else:
    print("taken")
"""


def _lock_as_other_user(run):
    return subprocess.run([sys.executable, "-c", SCRIPT, str(run)], capture_output=True, text=True,
                          timeout=120).stdout.strip()


@pytest.fixture
def others_run(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("needs root to act as another user")
    run = tmp_path / "run"
    run.mkdir()
    tmp_path.chmod(0o755)
    return run


def test_another_users_lock_file_gives_the_read_only_message(others_run):
    (others_run / ".andrea.lock").touch(mode=0o644)
    out = _lock_as_other_user(others_run)
    assert out.startswith("RunError:") and "is read-only" in out and "Permission denied" not in out


def test_another_users_folder_without_a_lock_file_gives_the_read_only_message(others_run):
    others_run.chmod(0o755)
    out = _lock_as_other_user(others_run)
    assert out.startswith("RunError:") and "is read-only" in out
