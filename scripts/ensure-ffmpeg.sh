#!/usr/bin/env bash
# Finds ffmpeg and ffprobe for the journeys (they make the fake microphone's tone and read the clips
# and voice notes that reach the server), installing Debian's package when they are missing.
set -euo pipefail
if command -v ffprobe >/dev/null && command -v ffmpeg >/dev/null; then
  echo "ffprobe: $(command -v ffprobe)"; exit 0
fi
echo "ffmpeg/ffprobe: not found, installing Debian's package (apt-get install ffmpeg)" >&2
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "Cannot install ffmpeg: not root and no sudo. Install Debian's 'ffmpeg' package (it provides ffprobe)." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ffmpeg >/dev/null; }; then
  echo "Installing ffmpeg with apt-get failed. Install Debian's 'ffmpeg' package (it provides ffprobe)." >&2
  exit 1
fi
command -v ffprobe >/dev/null || { echo "apt-get finished but ffprobe is missing" >&2; exit 1; }
echo "ffprobe: $(command -v ffprobe)"
