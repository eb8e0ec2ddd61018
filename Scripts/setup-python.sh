#!/usr/bin/env bash
# Installs the tests' independent references from PyPI into a virtual environment in the build
# folder (.build/python-venv): pixelmatch 0.4.0, which ImageDiff's counts are tested against,
# Pillow, which decodes the project's animated PNGs, and Playwright, which drives the system
# Chromium in the workbench's browser tests (it needs no browser download). No system Python is
# touched. The tests that need them skip, saying so, where that environment is absent. Safe to
# run again.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/python-venv
requirements=(pixelmatch==0.4.0 Pillow==13.0.0 playwright==1.65.2)
check='import PIL, pixelmatch.core, playwright.sync_api; from importlib.metadata import version as v
assert v("pixelmatch") == "0.4.0", v("pixelmatch")'
if [ -x "$venv/bin/python3" ] && "$venv/bin/python3" -c "$check" 2>/dev/null; then
  exit 0
fi
# Any python3 that can make a virtual environment will do (pyenv's or Debian's); Debian splits
# ensurepip, which venv needs, into python3-venv.
python="$(command -v python3 || true)"
if [ -z "$python" ] || ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "setup-python: no python3 with venv and ensurepip on PATH; installing Debian's python3-venv"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    python3 python3-venv
  python=/usr/bin/python3
fi
rm -rf "$venv"
mkdir -p .build
"$python" -m venv "$venv"
"$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "${requirements[@]}"
"$venv/bin/python3" -c "$check" || {
  echo "setup-python: $venv was made but cannot import pixelmatch 0.4.0, Pillow and Playwright" >&2
  exit 1
}
echo "setup-python: pixelmatch 0.4.0, Pillow and Playwright installed in $venv"
