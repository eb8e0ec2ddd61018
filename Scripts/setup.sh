#!/usr/bin/env bash
# Installs what ExpandablePreview needs on Debian/Ubuntu: Pango, Cairo, libdeflate, libpng and
# the fonts its examples and goldens use, and Pillow for the tests (below). Safe to run again.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=(
  pkg-config libpango1.0-dev libcairo2-dev libdeflate-dev libpng-dev python3-venv
  fonts-dejavu-core fonts-noto-color-emoji fonts-ipafont-gothic
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Pillow in a virtual environment of the package's own (no system Python is touched): the tests
# decode the project's animated PNGs with it, an APNG reader independent of ours. Best effort:
# without it those tests say they were skipped.
apng_venv="$(cd "$(dirname "$0")/.." && pwd)/.build/apng-venv"
if ! "$apng_venv/bin/python" -c "import PIL" 2>/dev/null; then
  if python3 -m venv "$apng_venv" && "$apng_venv/bin/pip" install -q "pillow>=10"; then
    echo "Pillow installed in $apng_venv"
  else
    echo "warning: could not install Pillow in $apng_venv; the APNG cross-check will be skipped" >&2
  fi
fi
