#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser build).
# Install it when it is missing and we may (root with apt-get); otherwise say how, and fail.
set -euo pipefail
CHROMIUM="${SEVEN_ROCKS_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM: run 'sudo apt-get install chromium'" >&2
echo "(or set SEVEN_ROCKS_CHROMIUM to another Chromium binary)." >&2
exit 1
