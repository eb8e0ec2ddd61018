#!/usr/bin/env bash
# Installs what ExpandablePreview needs on Debian/Ubuntu: Pango, Cairo, libdeflate, libpng,
# cmark-gfm (inline Markdown), qpdf and rsvg-convert (the PDF and SVG checks) and the fonts its
# examples and goldens use, and Pillow for the tests (below). Safe to run again.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=(
  pkg-config libpango1.0-dev libcairo2-dev libdeflate-dev libpng-dev python3-venv
  libcmark-gfm-dev libcmark-gfm-extensions-dev qpdf librsvg2-bin
  fonts-dejavu-core fonts-noto-color-emoji fonts-ipafont-gothic fonts-liberation
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
# The tests' references: pixelmatch and Pillow from PyPI in a virtual environment under .build.
bash "$(dirname "$0")/setup-python.sh"
