# The golden runner of the `cairn emit` dumps (sourced): golden_emit FOLDER EXT [EMIT FLAGS...] runs
# `cairn emit NAME.cairn FLAGS` for each tests/golden/FOLDER/NAME.cairn, from inside the folder (so positions name
# the file as the golden file does), and compares its output with tests/golden/FOLDER/NAME.EXT. With
# CAIRN_UPDATE_GOLDEN=1 it rewrites the expectations (review them with git diff). Counts into $checked, $failures.
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
checked=0 failures=0
golden_emit() {
  local folder=$1 ext=$2 file golden actual status
  shift 2
  for file in "$CAIRN_SOURCE_DIR/tests/golden/$folder"/*.cairn; do
    golden="${file%.cairn}.$ext"
    checked=$((checked + 1))
    actual=$(cd "$(dirname "$file")" && "$CAIRN" emit "$(basename "$file")" "$@" 2>&1)
    status=$?
    if [ "${CAIRN_UPDATE_GOLDEN:-}" = 1 ] && [ "$status" -eq 0 ]; then
      printf '%s\n' "$actual" >"$golden"
    fi
    if [ "$status" -ne 0 ] || [ ! -f "$golden" ] || [ "$actual" != "$(cat "$golden")" ]; then
      echo "FAIL $folder/$(basename "$file") (exit $status)"
      [ -f "$golden" ] && diff "$golden" <(printf '%s\n' "$actual") | head -20 | sed 's/^/  | /'
      failures=$((failures + 1))
    fi
  done
}
