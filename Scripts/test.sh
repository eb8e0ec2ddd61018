#!/usr/bin/env bash
# The whole test suite twice: the debug build developers iterate on, then the optimized build
# users run. Optimization shortens object lifetimes, so a C library reading memory that Swift
# has already freed can pass in debug and fail in release (it happened: the PNG decoder). The
# release run builds into its own folder and leaves `swift run -c release` untouched.
# Tests run one at a time (--no-parallel): Cairo 1.16's FreeType backend, shared by every thread,
# can fail ("error occurred in libfreetype") or crash when many threads lay out text in many faces
# at once (seen under ThreadSanitizer and heavy load; Documentation/Robustness.md). The suite must
# not depend on that luck; the parallel CLI paths are still run by their own tests.
# Arguments (for example --filter NAME) go to both runs. Last, every Swift snippet of the README
# and Documentation/ is compiled against the package (Scripts/check-snippets.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --no-parallel "$@"
swift test --no-parallel -c release -Xswiftc -enable-testing --scratch-path .build/release-tests "$@"
bash Scripts/check-snippets.sh
