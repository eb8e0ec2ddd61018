#!/usr/bin/env bash
# The whole test suite twice: the debug build developers iterate on, then the optimized build
# users run. Optimization shortens object lifetimes, so a C library reading memory that Swift
# has already freed can pass in debug and fail in release (it happened: the PNG decoder). The
# release run builds into its own folder and leaves `swift run -c release` untouched.
# Tests run one at a time (--no-parallel): with the machine's fonts, Cairo 1.16 can still close a
# FreeType face another thread uses (the pinned set hands Cairo faces opened once and is safe;
# Documentation/Robustness.md). The threaded paths are run by their own tests.
# Arguments (for example --filter NAME) go to both runs. After the debug run, the DocC catalogs
# are built from its build without a warning or an undocumented public symbol
# (Scripts/check-docs.sh), and the workbench's browser tests drive its debug binary in headless
# Chromium (Scripts/test-browser.sh; left out when arguments pick tests). Last, every Swift
# snippet of the README, Documentation/ and the catalogs is compiled against the package
# (Scripts/check-snippets.sh) and the tree must be formatted (`swift format lint --strict`;
# `swift format -i -r Sources Tests Package.swift` fixes most findings).
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --no-parallel "$@"
bash Scripts/check-docs.sh
if [ "$#" -eq 0 ]; then bash Scripts/test-browser.sh; fi
swift test --no-parallel -c release -Xswiftc -enable-testing --scratch-path .build/release-tests "$@"
bash Scripts/check-snippets.sh
swift format lint --strict --recursive Sources Tests Package.swift
