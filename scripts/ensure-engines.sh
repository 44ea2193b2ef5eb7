#!/usr/bin/env bash
# The engine smoke tests (tests/e2e/engines/) drive Debian's Firefox ESR over WebDriver BiDi
# and WebKitGTK through WebKitWebDriver in a virtual X display (never a downloaded browser).
# Install them when they are missing and we may (root with apt-get); otherwise say how, and
# fail.
set -euo pipefail
PACKAGES="firefox-esr webkit2gtk-driver xvfb"
if [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/Xvfb ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's $PACKAGES for the engine smoke tests..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086 # a list of package names
  apt-get install -y -qq --no-install-recommends $PACKAGES >/dev/null
  exit 0
fi
echo "The engine smoke tests need Firefox ESR, WebKitWebDriver and Xvfb:" >&2
echo "run 'sudo apt-get install $PACKAGES'." >&2
exit 1
