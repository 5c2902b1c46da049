#!/usr/bin/env bash
# Install the built app's menu entry and icons for the current user (XDG directories).
#   bash packaging/install-desktop-entry.sh [APP_DIR]   (default: dist/andrea-desktop)
set -euo pipefail
APP=$(cd "${1:-dist/andrea-desktop}" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$DATA/applications" "$DATA/icons/hicolor"
# the Exec path quoted, as the Desktop Entry spec asks for paths with spaces
sed "s|^Exec=andrea-desktop|Exec=\"$APP/andrea-desktop\"|" "$APP/andrea-desktop.desktop" \
    > "$DATA/applications/andrea-desktop.desktop"
cp -r "$APP/icons/hicolor/." "$DATA/icons/hicolor/"
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" || true
echo "installed $DATA/applications/andrea-desktop.desktop"
