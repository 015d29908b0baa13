#!/usr/bin/env bash
# Golden files of the lexer and parser through `cairn emit --dump=tokens|ast`: an accepted file prints exactly
# its `// EXPECT: ` lines; a fail_ file is refused (exit 1) with the code, position and message its
# `// EXPECT: error[...]` line names. (test_lex_parse checks the same files in-process, dumps before errors too.)
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
failures=0
checked=0
for phase in lex parse; do
  dump=tokens
  [ "$phase" = parse ] && dump=ast
  for file in "$CAIRN_SOURCE_DIR"/tests/golden/$phase/*.cairn; do
    [ -e "$file" ] || continue
    checked=$((checked + 1))
    name=$(basename "$file")
    expected=$(sed -n 's|^// EXPECT: \{0,1\}||p' "$file")
    actual=$("$CAIRN" emit --dump=$dump "$file" 2>&1)
    status=$?
    case "$name" in
      fail_*)
        err=$(printf '%s\n' "$expected" | grep -m1 '^error\[')
        code=$(printf '%s' "$err" | sed 's|^error\[\([^]]*\)\].*|\1|')
        where=$(printf '%s' "$err" | sed 's|^error\[[^]]*\] \([0-9]*:[0-9]*\) .*|\1|')
        message=$(printf '%s' "$err" | sed 's|^error\[[^]]*\] [0-9]*:[0-9]* ||')
        if [ "$status" -ne 1 ] || ! grep -qF "error[$code]: $message" <<<"$actual" ||
           ! grep -qF "$name:$where" <<<"$actual"; then
          echo "FAIL $phase/$name: expected exit 1 with error[$code] at $where: $message"
          printf '%s\n' "$actual" | sed 's/^/  | /'
          failures=$((failures + 1))
        fi
        ;;
      *)
        if [ "$status" -ne 0 ] || [ "$actual" != "$expected" ]; then
          echo "FAIL $phase/$name (exit $status)"
          diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") | head -20 | sed 's/^/  | /'
          failures=$((failures + 1))
        fi
        ;;
    esac
  done
done
echo "golden lex/parse: $checked files, $failures failures"
[ "$checked" -gt 0 ] && [ "$failures" -eq 0 ]
