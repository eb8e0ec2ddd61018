#!/usr/bin/env bash
# Builds the DocC catalogs of the libraries users import, ExpandablePreview, ExpandablePreviewGolden,
# ExpandablePreviewTesting and ExpandablePreviewEngine, with the toolchain's docc, and fails on
#   - any docc warning (--warnings-as-errors): a ``Symbol`` link that does not resolve, a topic
#     that names no symbol, an article link to nowhere;
#   - any public symbol of these modules without a doc comment of its own.
# The symbol graphs come from `swift package dump-symbol-graph`, which reuses the debug build
# (Scripts/test.sh has just built it), so the check takes seconds. Output: .build/docs/<module>.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(ExpandablePreview ExpandablePreviewTesting ExpandablePreviewEngine ExpandablePreviewGolden)
work=.build/docs
rm -rf "$work"
mkdir -p "$work"

# Prints "Files written to <folder>" last.
written=$(swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
  2>"$work/dump-symbol-graph.log" | tail -n 1) || {
  cat "$work/dump-symbol-graph.log" >&2
  exit 1
}
graphs=${written#Files written to }
[[ -d $graphs ]] || {
  echo "check-docs: no symbol graph folder in '$written'" >&2
  exit 1
}

status=0
for module in "${modules[@]}"; do
  # The module's own graph and its extensions of other modules' types, nothing re-exported.
  mkdir -p "$work/graphs/$module"
  cp "$graphs/$module.symbols.json" "$work/graphs/$module/"
  cp "$graphs/$module"@*.symbols.json "$work/graphs/$module/" 2>/dev/null || true

  python3 - "$module" "$work/graphs/$module" <<'PY' || status=1
import json, pathlib, sys
module, folder = sys.argv[1], pathlib.Path(sys.argv[2])
undocumented = []
for path in sorted(folder.glob("*.symbols.json")):
    for symbol in json.loads(path.read_text())["symbols"]:
        # Declarations the compiler writes (Codable's, RawRepresentable's, a property
        # wrapper's projection) have no place in the source to document.
        if symbol["accessLevel"] not in ("public", "open") or "location" not in symbol:
            continue
        comment = symbol.get("docComment")
        # A comment inherited from a protocol of another module is not this module's own.
        if not comment or comment.get("module", module) != module:
            location = symbol.get("location", {})
            where = location.get("uri", "?").split("/Sources/")[-1]
            line = location.get("position", {}).get("line", -1) + 1
            name = ".".join(symbol["pathComponents"])
            undocumented.append(f"Sources/{where}:{line}: {name} has no doc comment")
for line in undocumented:
    print(f"check-docs: {module}: {line}", file=sys.stderr)
sys.exit(1 if undocumented else 0)
PY

  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$work/graphs/$module" \
    --output-path "$work/$module" --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" --warnings-as-errors || status=1
done
exit $status
