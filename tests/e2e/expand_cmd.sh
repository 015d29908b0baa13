#!/usr/bin/env bash
# End-to-end tests of `cairn expand`: an accepted program generated nothing (derive is Stage 2) and says why;
# a program that writes a derive gets the checker's E-UNSUPPORTED refusal (exit 1).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

out=$("$CAIRN" expand "$CAIRN_SOURCE_DIR/examples/01_hello.cairn" --format json)
if [ $? -eq 0 ] && grep -q '"status":"nothing-generated","derives":\[\]' <<<"$out"; then ok; else bad "accepted program: $out"; fi
out=$("$CAIRN" expand "$CAIRN_SOURCE_DIR/examples/01_hello.cairn" --format human)
if grep -q "nothing to expand in .*derive is a Stage 2 feature" <<<"$out"; then ok; else bad "human line: $out"; fi
printf 'derive eq for P;\nfn main() -> i32 {\n  return 0;\n}\n' >"$tmp/d.cairn"
out=$("$CAIRN" expand "$tmp/d.cairn" --format json)
if [ $? -eq 1 ] && grep -q '"code":"E-UNSUPPORTED"' <<<"$out"; then ok; else bad "a derive: $out"; fi # produces E-UNSUPPORTED

e2e_finish expand_cmd
