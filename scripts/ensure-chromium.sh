#!/usr/bin/env bash
# Finds a Chromium for Playwright, installing Debian's package when it is missing (Playwright's own
# browser download cannot reach its servers from these machines). Prints the path it settled on.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  echo "chromium: $CHROMIUM_PATH"; exit 0
fi
for c in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$c" ]; then echo "chromium: $c"; exit 0; fi
done
echo "chromium: not found, installing Debian's package (apt-get install chromium)" >&2
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "Cannot install Chromium: not root and no sudo. Install Debian's 'chromium' package, or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null; }; then
  echo "Installing Chromium with apt-get failed. Install Debian's 'chromium' package, or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] || { echo "apt-get finished but /usr/bin/chromium is missing" >&2; exit 1; }
echo "chromium: /usr/bin/chromium"
