"""Build the embedded demo corpus into a folder that the PyInstaller bundle carries.

A frozen app has the standard library as compiled modules only, so the corpus (built from the
standard library's sources and ``pydoc_data.topics``) is built here, at packaging time, for every
``data.max_bytes_per_source`` the presets use, and read back at run time from
``sys._MEIPASS/andrea_corpus`` (:func:`andrea_desktop.core.corpus.bundled_corpus_root`).

    python packaging/prebuild_corpus.py OUT_DIR
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("build/andrea_corpus")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ANDREA_CACHE_DIR"] = tmp  # a clean cache: the bundle holds exactly this build
        from andrea_desktop.core.config import PRESETS, load_preset
        from andrea_desktop.core.corpus import build_embedded_corpus, cache_dir

        sizes = sorted({load_preset(p).data.max_bytes_per_source for p in PRESETS})
        for size in sizes:
            build_embedded_corpus(size)
            print(f"corpus for max_bytes_per_source = {size:,}")  # noqa: T201
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(cache_dir() / "corpus", out)
    print(f"written to {out}")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
