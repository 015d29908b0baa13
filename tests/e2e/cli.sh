#!/usr/bin/env bash
# End-to-end tests of the command line: usage errors, formats, colour, rules, emit, missing files and
# hostile manifests. One line per failure, then the totals.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# run WANT_EXIT NAME -- ARGS...: runs cairn, keeps stdout in $out, checks the exit status.
run() {
  local want=$1 name=$2
  shift 3
  out=$("$CAIRN" "$@" 2>"$tmp/stderr")
  status=$?
  if [ "$status" -eq "$want" ]; then ok; else bad "$name: want exit $want, got $status: $(head -c 300 <<<"$out")"; fi
}
has() { if grep -q -- "$2" <<<"$out"; then ok; else bad "$1: output lacks '$2': $(head -c 300 <<<"$out")"; fi; }
lacks() { if grep -q -- "$2" <<<"$out"; then bad "$1: output has '$2'"; else ok; fi; }
field() { # NAME FIELD WANT
  local got
  got=$(printf '%s' "$out" | json_str "$2")
  [ -z "$got" ] && got=$(printf '%s' "$out" | json_int "$2")
  if [ "$got" = "$3" ]; then ok; else bad "$1: $2 is '$got', want '$3'"; fi
}
env_failure() { # NAME ARGS...: exit 2 with the environment record
  local name=$1
  shift
  run 2 "$name" -- "$@" --format json
  field "$name" code E-PROJECT-OR-ENVIRONMENT # produces E-PROJECT-OR-ENVIRONMENT
  field "$name" status unknown
}

cat > "$tmp/main.cairn" <<'SRC'
fn main() -> i32 {
  return 0;
}
SRC
cat > "$tmp/refused.cairn" <<'SRC'
fn main() -> i32 {
  let x:u64 = 1;
  x = 2;
  return 0;
}
SRC

# --- usage errors (exit 2) ---
run 2 "no command" --
has "no command" E-PROJECT-OR-ENVIRONMENT
env_failure "unknown command" frobnicate
env_failure "unknown flag" check "$tmp/main.cairn" --bogus
env_failure "bad choice" check "$tmp/main.cairn" --format=xml
env_failure "flag twice" check "$tmp/main.cairn" --format json --format=json
env_failure "missing value" rules --format
env_failure "two paths" check "$tmp/main.cairn" "$tmp/main.cairn"
env_failure "unbuilt command" explain
has "unbuilt command" "not built yet"
run 0 "emit smt" -- emit --dump=smt "$tmp/main.cairn"
has "emit smt" "check-sat"
CAIRN_FORMAT=yaml run 2 "bad CAIRN_FORMAT" -- check "$tmp/main.cairn"
has "bad CAIRN_FORMAT" CAIRN_FORMAT

# --- help and version ---
run 0 "check --help" -- check --help
has "check --help" "--format human|json"
run 0 "build --help" -- build --help
has "build --help" "usage: cairn build"
run 0 "--help" -- --help
has "--help" "rules"
run 0 "--version" -- --version
has "--version" "^cairn "
has "--version" "^z3 "
has "--version" "^cvc5 "

# --- formats ---
run 1 "piped is json" -- check "$tmp/refused.cairn"
has "piped is json" '^{"protocol":"cairn.diagnostic/2"'
CAIRN_FORMAT=human run 1 "CAIRN_FORMAT human" -- check "$tmp/refused.cairn"
has "CAIRN_FORMAT human" "^error\[E-"
has "CAIRN_FORMAT human" "cairn rules E-"
has "CAIRN_FORMAT human" "^refused: "
CAIRN_FORMAT=human run 1 "--format beats CAIRN_FORMAT" -- check "$tmp/refused.cairn" --format json
has "--format beats CAIRN_FORMAT" '"status":"rejected"'
run 1 "human is plain when piped" -- check "$tmp/refused.cairn" --format human
lacks "human is plain when piped" $'\033'
if command -v script >/dev/null 2>&1; then
  out=$(script -qec "$CAIRN check $tmp/refused.cairn" /dev/null </dev/null 2>/dev/null)
  has "colour at a terminal" $'\033\['
  out=$(NO_COLOR=1 script -qec "$CAIRN check $tmp/refused.cairn" /dev/null </dev/null 2>/dev/null)
  has "NO_COLOR at a terminal: still human" "error\[E-"
  lacks "NO_COLOR at a terminal" $'\033\['
  out=$(script -qec "$CAIRN check $tmp/refused.cairn --format json" /dev/null </dev/null 2>/dev/null)
  has "json at a terminal is indented" '^  "protocol"'
fi

# --- check ---
run 0 "accepted" -- check "$tmp/main.cairn" --format human
has "accepted" "^typed: 1 functions"
run 0 "accepted json" -- check "$tmp/main.cairn" --format json
field "accepted json" protocol cairn.check/1
field "accepted json" formal_status not-verified
has "accepted json" '"signature":"fn main() -> i32"'
env_failure "missing file" check "$tmp/nothing.cairn"
env_failure "directory without manifest" check "$tmp"
mkdir "$tmp/fifo-dir" && mkfifo "$tmp/fifo-dir/p.cairn"
env_failure "not a regular file" check "$tmp/fifo-dir/p.cairn"
truncate -s 16000001 "$tmp/big.cairn"
run 1 "source limit" -- check "$tmp/big.cairn" --format json
field "source limit" code E-SOURCE-LIMIT # produces E-SOURCE-LIMIT

# --- rules ---
run 0 "rules code" -- rules E-LEASED --format json
field "rules code" protocol cairn.rules/1
has "rules code" '"name":"memory"'
run 0 "rules card" -- rules memory --format human
has "rules card" "E-LEASED"
run 0 "rules list" -- rules --list --format json
has "rules list" '"name":"syntax"'
has "rules list" '"name":"commands","kind":"tool"'
run 1 "rules unknown word" -- rules frobnicate --format json
field "rules unknown word" code E-RULE # produces E-RULE
field "rules unknown word" status rejected
run 1 "rules unknown code" -- rules E-NOPE --format json
field "rules unknown code" code E-RULE
printf 'enum S { A; B; }\nfn main() -> i32 {\n  return 0;\n}\n' > "$tmp/sum.cairn"
run 0 "rules path" -- rules "$tmp/sum.cairn" --format json
has "rules path" '"name":"sums"'
lacks "rules path" '"name":"memory"'
env_failure "rules list and word" rules --list memory

# --- hostile manifests (exit 2, E-PROJECT-OR-ENVIRONMENT, the manifest's line) ---
manifest() { # DIR: writes DIR/cairn.toml from stdin, and a valid src/main.cairn
  mkdir -p "$tmp/$1/src"
  cp "$tmp/main.cairn" "$tmp/$1/src/main.cairn"
  cat > "$tmp/$1/cairn.toml"
}
bad_manifest() { # NAME DIR LINE
  env_failure "$1" check "$tmp/$2"
  field "$1" file "$tmp/$2/cairn.toml"
  field "$1" line "$3"
}
manifest good <<'TOML'
[project]
name = "good"
sources = ["src/main.cairn"]
TOML
run 0 "good manifest" -- check "$tmp/good" --format json
manifest absolute <<TOML
[project]
name = "absolute"
sources = ["$tmp/main.cairn"]
TOML
bad_manifest "absolute path" absolute 3
manifest dotdot <<'TOML'
[project]
name = "dotdot"
sources = ["src/../../main.cairn"]
TOML
bad_manifest "dot-dot path" dotdot 3
manifest symlink <<'TOML'
[project]
name = "symlink"
sources = ["src/link.cairn"]
TOML
ln -s "$tmp/main.cairn" "$tmp/symlink/src/link.cairn"
bad_manifest "symlinked source" symlink 3
manifest unknown_key <<'TOML'
[project]
name = "k"
sources = ["src/main.cairn"]
edition = "2024"
TOML
bad_manifest "unknown key" unknown_key 4
manifest wrong_type <<'TOML'
[project]
name = "t"
sources = "src/main.cairn"
TOML
bad_manifest "wrong value type" wrong_type 3
manifest number <<'TOML'
[project]
name = "n"
sources = ["src/main.cairn"]
[build]
kind = 1
TOML
bad_manifest "number value" number 5
manifest missing_src <<'TOML'
[project]
name = "m"
sources = ["src/main.cairn", "src/gone.cairn"]
TOML
bad_manifest "missing source" missing_src 3
manifest foreign <<'TOML'
[project]
name = "f"
sources = ["src/main.cairn"]
[foreign]
TOML
bad_manifest "foreign table" foreign 4
has "foreign table" "Stage 2"
manifest huge <<'TOML'
TOML
head -c 3000000 /dev/zero | tr '\0' '#' > "$tmp/huge/cairn.toml"
env_failure "huge manifest" check "$tmp/huge"
manifest cycle <<'TOML'
[project]
name = "cycle"
sources = ["src/main.cairn"]
[dependencies]
me = "dep"
TOML
mkdir -p "$tmp/cycle/dep/src"
printf 'module dep;\n' > "$tmp/cycle/dep/src/d.cairn"
printf '[project]\nname = "dep"\nsources = ["src/d.cairn"]\n[dependencies]\nup = "src"\n' > "$tmp/cycle/dep/cairn.toml"
env_failure "dependency without manifest" check "$tmp/cycle"
manifest other_name <<'TOML'
[project]
name = "x"
sources = ["src/main.cairn"]
TOML
mv "$tmp/other_name/cairn.toml" "$tmp/other_name/bench.toml"
run 0 "manifest of any name" -- check "$tmp/other_name/bench.toml" --format json

# --- emit dumps ---
run 0 "emit tokens" -- emit --dump=tokens "$tmp/main.cairn"
has "emit tokens" "main"
run 0 "emit ast" -- emit --dump ast "$tmp/main.cairn"
run 0 "emit cpp" -- emit "$tmp/main.cairn"
has "emit cpp" "cairn_rt.h"
run 0 "emit cpp json" -- emit "$tmp/main.cairn" --format json
field "emit cpp json" status typed
# The dumps' json form wraps the text in a cairn.emit/1 record.
run 0 "emit smt json" -- emit --dump=smt "$tmp/main.cairn" --format json
field "emit smt json" dump smt
has "emit smt json" "(check-sat)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
