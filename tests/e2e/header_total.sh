#!/usr/bin/env bash
# Every accepted program the repository and the conformance suite hold has a C header (lower/c_header.h):
# `cairn emit --dump=header` exits 0 wherever `cairn check` accepts, twice with the same bytes, and the header
# compiles as C11 without a warning (a crash, a refusal or invalid C there is a defect of cairn).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start
while IFS= read -r -d '' src; do
  "$CAIRN" check "$src" --format json >/dev/null 2>&1 || continue
  if ! "$CAIRN" emit "$src" --dump=header >"$tmp/a.h" 2>"$tmp/err"; then
    bad "$src: emit --dump=header: $(head -c 300 "$tmp/err")"
    continue
  fi
  "$CAIRN" emit "$src" --dump=header >"$tmp/b.h" 2>/dev/null
  if cmp -s "$tmp/a.h" "$tmp/b.h"; then ok; else bad "$src: the header differs between two runs"; fi
  if gcc -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only -x c "$tmp/a.h" 2>"$tmp/err"; then ok; else
    bad "$src: the header is not valid C11: $(head -c 300 "$tmp/err")"
  fi
done < <(find "$CAIRN_SOURCE_DIR/tests/golden" "$CAIRN_SOURCE_DIR/examples" "$CAIRN_SHARED_DIR/conformance" \
           -name '*.cairn' -print0 | sort -z)
e2e_finish header_total
