#!/usr/bin/env bash
# Build the one-folder app: dist/andrea-desktop/andrea-desktop (run from the repository root,
# after `make install`; `make package` does both). Needs PyInstaller (the `package` extra).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
"$PY" -m pip install --quiet -e '.[package]'
QT_QPA_PLATFORM=offscreen "$PY" packaging/make_icons.py
"$PY" packaging/prebuild_corpus.py build/andrea_corpus
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
    packaging/andrea-desktop.spec
# desktop integration files next to the app (install them with packaging/install-desktop-entry.sh)
cp packaging/andrea-desktop.desktop dist/andrea-desktop/
cp -r packaging/icons dist/andrea-desktop/icons
du -sh dist/andrea-desktop
echo "built dist/andrea-desktop/andrea-desktop"
