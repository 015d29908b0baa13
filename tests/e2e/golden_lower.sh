#!/usr/bin/env bash
# Golden files of the lowering: `cairn emit` of each tests/golden/lower/NAME.cairn must print exactly
# tests/golden/lower/NAME.cpp (the canonical C++; lower_differential.sh runs the same programs natively
# against the interpreter). CAIRN_UPDATE_GOLDEN=1 rewrites the .cpp files.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
failures=0 checked=0
for file in "$CAIRN_SOURCE_DIR"/tests/golden/lower/*.cairn; do
  golden="${file%.cairn}.cpp"
  checked=$((checked + 1))
  # Emitted from inside the folder, so trap sites name the file as the golden file does.
  actual=$(cd "$(dirname "$file")" && "$CAIRN" emit "$(basename "$file")" 2>&1)
  status=$?
  if [ "${CAIRN_UPDATE_GOLDEN:-}" = 1 ] && [ "$status" -eq 0 ]; then
    printf '%s\n' "$actual" >"$golden"
  fi
  if [ "$status" -ne 0 ] || [ ! -f "$golden" ] || [ "$actual" != "$(cat "$golden")" ]; then
    echo "FAIL lower/$(basename "$file") (exit $status)"
    [ -f "$golden" ] && diff "$golden" <(printf '%s\n' "$actual") | head -20 | sed 's/^/  | /'
    failures=$((failures + 1))
  fi
done
echo "golden_lower: $checked checked, $failures failed"
[ "$failures" -eq 0 ]
