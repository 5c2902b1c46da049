"""Entry point of the frozen app (PyInstaller runs this file as ``__main__``)."""

import sys

from andrea_desktop.cli.desktop import desktop_main

if __name__ == "__main__":
    sys.exit(desktop_main())
