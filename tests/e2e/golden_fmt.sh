#!/usr/bin/env bash
# Golden files of the formatter (tests/golden/fmt/*.cairn, one layout rule each): `cairn fmt` rewrites a copy of
# each file to exactly its NAME.expected, and the expected text is already formatted (--check exits 0). A fail_
# file is left alone (exit 1, bytes unchanged) and NAME.expected holds `KIND: REASON` of its not_formatted entry.
# CAIRN_UPDATE_GOLDEN=1 rewrites the .expected files (review with git diff).
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
dir="$CAIRN_SOURCE_DIR/tests/golden/fmt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checked=0
for file in "$dir"/*.cairn; do
  [ -e "$file" ] || continue
  checked=$((checked + 1))
  name=$(basename "$file" .cairn)
  expected="$dir/$name.expected"
  copy="$tmp/$name.cairn"
  cp "$file" "$copy"
  record=$("$CAIRN" fmt "$copy" --format json)
  status=$?
  case "$name" in
    fail_*)
      actual=$(python3 -c 'import json,sys; n=json.loads(sys.argv[1])["not_formatted"]; print(n[0]["kind"]+": "+n[0]["reason"] if n else "")' "$record")
      if [ "${CAIRN_UPDATE_GOLDEN:-}" = 1 ]; then printf '%s\n' "$actual" >"$expected"; continue; fi
      if [ "$status" -ne 1 ] || ! cmp -s "$file" "$copy" || [ "$actual" != "$(cat "$expected" 2>/dev/null)" ]; then
        echo "FAIL fmt/$name: want exit 1, the file unchanged and '$(cat "$expected" 2>/dev/null)'; got exit $status, '$actual'"
        failures=$((failures + 1))
      fi
      ;;
    *)
      if [ "${CAIRN_UPDATE_GOLDEN:-}" = 1 ]; then cp "$copy" "$expected"; continue; fi
      if [ "$status" -ne 0 ] || ! cmp -s "$copy" "$expected"; then
        echo "FAIL fmt/$name (exit $status): $record"
        diff "$expected" "$copy" | head -20 | sed 's/^/  | /'
        failures=$((failures + 1))
        continue
      fi
      cp "$expected" "$tmp/again.cairn"
      if ! "$CAIRN" fmt --check "$tmp/again.cairn" --format json >/dev/null; then
        echo "FAIL fmt/$name: the expected text is not formatted (cairn fmt --check exits non-zero)"
        failures=$((failures + 1))
      fi
      ;;
  esac
done
echo "golden fmt: $checked files, $failures failures"
[ "$checked" -gt 0 ] && [ "$failures" -eq 0 ]
