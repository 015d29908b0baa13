#!/usr/bin/env bash
# End-to-end tests of `cairn doc`: the Markdown reference of examples/15_modules (its public records, sums,
# constants and functions with signatures and effect rows, module by module), --module narrowing it, and the
# refusals (an unknown module, --std, a program that does not check).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

out=$("$CAIRN" doc "$CAIRN_SOURCE_DIR/examples/15_modules")
if [ $? -eq 0 ]; then ok; else bad "doc 15_modules: exit $?"; fi
has "doc" "^# Reference of modules-demo"
has "doc" "^## Module \`geo\`"
has "doc" "^### \`enum geo.Shape\`"
has "doc" "^fn geo.area(s:geo.Shape) -> u64$"
has "doc" "^Effects: \`trap\`.$"
has "doc" "^fn util.stats.total(n:usize, xs:ro<u64>\[n\]) -> u64$"
has "doc" "^Effects: \`read:xs\`, \`trap\`.$"
if grep -q "fn main" <<<"$out"; then bad "doc lists a private function (main)"; else ok; fi
out=$("$CAIRN" doc "$CAIRN_SOURCE_DIR/examples/15_modules" --module geo)
has "--module geo" "^## Module \`geo\`"
if grep -q "util.stats" <<<"$out"; then bad "--module geo lists util.stats"; else ok; fi
out=$("$CAIRN" doc "$CAIRN_SOURCE_DIR/examples/15_modules" --module nope --format json)
if [ $? -eq 2 ]; then ok; else bad "--module nope: want exit 2"; fi
has "--module nope" "no such module"
out=$("$CAIRN" doc "$CAIRN_SOURCE_DIR/examples/15_modules" --std --format json)
if [ $? -eq 2 ]; then ok; else bad "--std: want exit 2"; fi
printf 'fn f() -> u32 {\n  return missing;\n}\n' >"$tmp/bad.cairn"
out=$("$CAIRN" doc "$tmp/bad.cairn" --format json)
if [ $? -eq 1 ]; then ok; else bad "a program that does not check: want exit 1"; fi
has "refused program" '"code":"E-UNBOUND"'

e2e_finish doc_cmd
