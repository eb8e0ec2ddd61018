#!/usr/bin/env bash
# Installs what ExpandablePreview needs on Debian/Ubuntu to build and render: Pango, Cairo,
# libdeflate, libpng, cmark-gfm (inline Markdown), libsoup 3 (the workbench, `serve`), OpenSSL's
# libcrypto (SHA-256: content keys, file hashes, the shared cache's digests) and the
# font packages of the pinned standard font set (StandardFonts.swift names every file). That is
# all an app's CI needs.
#
#   bash Scripts/setup.sh               build and render
#   bash Scripts/setup.sh --test-tools  also this project's own test tools: qpdf and rsvg-convert
#                                       (the PDF and SVG checks), zsh and fish (the completion
#                                       scripts' checks), the locales the tests render under to
#                                       show that the locale changes nothing, Chromium (the
#                                       workbench's browser tests), and the PyPI references
#                                       (pixelmatch, Pillow, Playwright) in .build/python-venv, and
#                                       nginx (WebDAV: the shared cache's tests and bench-fleet.sh),
#                                       ninja and strace (bench-floor.sh's floor and system calls)
# Safe to run again.
set -euo pipefail
test_tools=false
for argument in "$@"; do
  case "$argument" in
    --test-tools) test_tools=true ;;
    -h | --help)
      sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "setup.sh: unknown argument '$argument' (known: --test-tools, --help)" >&2
      exit 2
      ;;
  esac
done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=(
  pkg-config libpango1.0-dev libcairo2-dev libdeflate-dev libpng-dev
  libcmark-gfm-dev libcmark-gfm-extensions-dev libsoup-3.0-dev libssl-dev
  fonts-inter fonts-noto-core fonts-noto-ui-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core
  fonts-liberation
)
test_packages=(python3-venv qpdf librsvg2-bin zsh fish locales chromium nginx ninja-build strace)
if [ "$test_tools" = true ]; then packages+=("${test_packages[@]}"); fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ "$test_tools" = false ]; then exit 0; fi
# The locales of the locale-independence tests (Tests/…/LocaleIndependenceTests.swift).
locales=(ja_JP.UTF-8 zh_CN.UTF-8 zh_TW.UTF-8 ko_KR.UTF-8)
generate=false
for locale in "${locales[@]}"; do
  normalized="$(echo "$locale" | sed 's/UTF-8/utf8/')"
  locale -a 2>/dev/null | grep -qx "$normalized" && continue
  $SUDO sed -i "s/^# *\\($locale UTF-8\\)/\\1/" /etc/locale.gen
  grep -q "^$locale UTF-8" /etc/locale.gen || echo "$locale UTF-8" | $SUDO tee -a /etc/locale.gen >/dev/null
  generate=true
done
if [ "$generate" = true ]; then $SUDO locale-gen >/dev/null; fi
# The tests' references: pixelmatch and Pillow from PyPI in a virtual environment under .build.
bash "$(dirname "$0")/setup-python.sh"
