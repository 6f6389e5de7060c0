#!/usr/bin/env bash
# Makes sure the system tools the tests need are present: Chromium for browser tests, ffmpeg/ffprobe for video.
# Installs Debian's packages when missing and running as root; otherwise says exactly what to install.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: $packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $packages >/dev/null
else
  echo "Missing system packages: $packages" >&2
  echo "Install them with: sudo apt-get install -y $packages" >&2
  exit 1
fi
