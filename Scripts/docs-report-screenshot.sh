#!/usr/bin/env bash
# Retakes Documentation/images/report-what-changed.png: a real failing `verify` report (a text
# that gained "UIKit" against its golden), screenshot by headless Chromium.
#
# The tool is started by name from PATH, so the report's accept command reads
# `expandable-preview verify m.json …` with the manifest's relative paths, not the path of
# whatever clone or worktree built it; the run happens in a scratch folder that is removed.
#
# Usage: Scripts/docs-report-screenshot.sh   (after `swift build`; needs /usr/bin/chromium)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary_folder="$root/.build/debug"
[[ -x "$binary_folder/expandable-preview" ]] || { echo "run swift build first" >&2; exit 1; }
command -v chromium >/dev/null || { echo "needs chromium (Debian package chromium)" >&2; exit 1; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
export PATH="$binary_folder:$PATH"
unset CI EXPANDABLE_PREVIEW_RECORD

manifest() {
  cat >m.json <<EOF
{"defaults": {"width": 327, "lineLimit": 2, "states": "collapsed"},
 "items": [{"name": "bio", "text": "$1"}]}
EOF
}

manifest "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, and Xcode. It’s also about having a solid grasp of various languages."
# Records the golden (a missing golden counts as a failure, so the status is 1).
expandable-preview verify m.json --snapshots snap --record missing --artifacts first --quiet \
  >/dev/null 2>&1 || true
test -f snap/bio/collapsed@2x.png || { echo "the golden was not recorded" >&2; exit 1; }
manifest "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, UIKit and Xcode. It’s also about having a solid grasp of various languages."
# The failing run is the point: its exit status 1 is expected.
expandable-preview verify m.json --snapshots snap --artifacts art --quiet || true
test -f art/report.html || { echo "verify wrote no report.html" >&2; exit 1; }

chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,900 \
  --screenshot="$scratch/shot.png" "file://$scratch/art/report.html" 2>/dev/null
cp "$scratch/shot.png" "$root/Documentation/images/report-what-changed.png"
echo "wrote Documentation/images/report-what-changed.png"
