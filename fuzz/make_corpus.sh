#!/usr/bin/env bash
# Copies the seed corpus into OUT_DIR (tools.md §6.6): every .cairn of the tree (examples, tests, regressions,
# the shared conformance suite) plus the kept fuzz cases of regressions/fuzz/ (differential finds, their
# generator defects, and the libFuzzer reproducers of regressions/fuzz/libfuzzer/, whatever their names), each
# named by its content hash so repeated runs add nothing twice. Inputs over 64 KiB are skipped, as the targets
# refuse them. Usage: make_corpus.sh SOURCE_DIR OUT_DIR
set -euo pipefail
src="$1"
out="$2"
mkdir -p "$out"
shared="${CAIRN_SHARED_DIR:-$src/../shared}"
add() { cp "$1" "$out/$(sha1sum "$1" | cut -c1-40)"; }
for dir in "$src/examples" "$src/tests" "$src/regressions" "$shared/conformance"; do
  [ -d "$dir" ] || continue
  find "$dir" -name '*.cairn' -size -65537c -print0 | while IFS= read -r -d '' f; do add "$f"; done
done
# Kept fuzz cases: every regular file (a libFuzzer reproducer has no .cairn name), README files aside.
if [ -d "$src/regressions/fuzz" ]; then
  find "$src/regressions/fuzz" -type f ! -name '*.md' -size -65537c -print0 |
    while IFS= read -r -d '' f; do add "$f"; done
fi
echo "corpus: $(find "$out" -type f | wc -l) seeds in $out"
