#!/usr/bin/env bash
# Finds a Chromium for Playwright, installing Debian's package when it is missing (Playwright's own
# browser download cannot reach its servers from these machines). Prints the path it settled on.
# The journeys and benchmarks are headless: Debian's chromium-headless-shell (the same Chromium
# without the desktop browser around it) starts and runs them faster than the full browser, so it is
# installed beside it and preferred (playwright.config.ts picks it when it is there).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  echo "chromium: $CHROMIUM_PATH"; exit 0
fi
if [ -x /usr/bin/chromium-headless-shell ]; then echo "chromium: /usr/bin/chromium-headless-shell"; exit 0; fi
echo "chromium: headless shell not found, installing Debian's packages (apt-get install chromium-headless-shell)" >&2
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "Cannot install Chromium: not root and no sudo. Install Debian's 'chromium-headless-shell' package, or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null; }; then
  echo "Installing Chromium with apt-get failed. Install Debian's 'chromium-headless-shell' package, or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
[ -x /usr/bin/chromium-headless-shell ] || { echo "apt-get finished but /usr/bin/chromium-headless-shell is missing" >&2; exit 1; }
echo "chromium: /usr/bin/chromium-headless-shell"
