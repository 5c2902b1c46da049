"""Entry point of the frozen app (PyInstaller runs this file as ``__main__``)."""

import multiprocessing
import sys

from andrea_desktop.cli.desktop import desktop_main

if __name__ == "__main__":
    # The terrain worker is a spawn child: in a frozen build it is this executable again,
    # which freeze_support turns into the child before anything else runs.
    multiprocessing.freeze_support()
    sys.exit(desktop_main())
