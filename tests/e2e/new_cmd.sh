#!/usr/bin/env bash
# End-to-end tests of `cairn new`: every packaged template writes a project that checks, runs (an executable)
# and passes its tests in the interpreter and natively; a non-empty directory and the unpackaged templates are
# refused with E-PROJECT-OR-ENVIRONMENT, writing nothing.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start
expect() { # WANT_EXIT NAME ARGS...: runs cairn in $tmp, keeps stdout in $out
  local want=$1 name=$2
  shift 2
  out=$(cd "$tmp" && "$CAIRN" "$@" 2>&1)
  local status=$?
  if [ "$status" -eq "$want" ]; then ok; else bad "$name: want exit $want, got $status: $(head -c 400 <<<"$out")"; fi
}

for t in default cli lib; do
  expect 0 "new $t" new "proj-$t" --template "$t" --format json
  has "new $t" '"protocol":"cairn.new/1"'
  has "new $t" "\"name\":\"proj-$t\""
  if [ "$(cat "$tmp/proj-$t/.gitignore" 2>/dev/null)" = "build/" ]; then ok; else bad "new $t: .gitignore does not hold build/"; fi
  expect 0 "check $t" check "proj-$t" --format json
  has "check $t" '"status":"typed"'
  for engine in interp native; do
    expect 0 "test $t ($engine)" test "proj-$t" --engine "$engine" --format json
    has "test $t ($engine)" '"status":"passed'
  done
done
expect 0 "run default" run proj-default --format human
has "run default" "sum of squares 1..10 = 385"
expect 0 "run default (interp)" run proj-default --engine interp --format human
has "run default (interp)" "sum of squares 1..10 = 385"
expect 0 "run cli" run proj-cli --format human
has "run cli" "leap years 2000..2100: 25"

mkdir -p "$tmp/empty"
expect 0 "an empty directory is taken" new empty --format json
expect 2 "a non-empty directory is refused" new proj-default --format json
has "a non-empty directory is refused" E-PROJECT-OR-ENVIRONMENT # produces E-PROJECT-OR-ENVIRONMENT
for t in service parallel; do
  expect 2 "template $t is not packaged" new "proj-$t" --template "$t" --format json
  has "template $t is not packaged" "not packaged"
  if [ -e "$tmp/proj-$t" ]; then bad "template $t wrote proj-$t"; else ok; fi
done
expect 2 "no DIR is a usage error" new --format json

e2e_finish new_cmd
