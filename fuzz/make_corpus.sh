#!/usr/bin/env bash
# Copies every .cairn of the tree (examples, tests, regressions, the shared conformance suite) into the
# seed corpus directory, named by content hash so repeated runs add nothing twice. Inputs over 64 KiB are skipped.
set -euo pipefail
src="$1"
out="$2"
mkdir -p "$out"
shared="${CAIRN_SHARED_DIR:-$src/../shared}"
for dir in "$src/examples" "$src/tests" "$src/regressions" "$shared/conformance"; do
  [ -d "$dir" ] || continue
  find "$dir" -name '*.cairn' -size -65537c -print0 | while IFS= read -r -d '' f; do
    cp "$f" "$out/$(sha1sum "$f" | cut -c1-40)"
  done
done
echo "corpus: $(find "$out" -type f | wc -l) seeds in $out"
