#!/usr/bin/env bash
# End-to-end tests of `cairn run --engine interp`: exit statuses, trap line and CAIRN_TRAP_FD report,
# --timeout (124), --memory-mib (trap alloc), the cairn.run/1 record, usage errors.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# run WANT_EXIT NAME -- ARGS...: runs cairn, stdout in $out, stderr in $err.
run() {
  local want=$1 name=$2
  shift 3
  out=$("$CAIRN" "$@" 2>"$tmp/stderr" </dev/null)
  status=$?
  err=$(cat "$tmp/stderr")
  if [ "$status" -eq "$want" ]; then ok; else bad "$name: want exit $want, got $status: $(head -c 300 <<<"$out$err")"; fi
}
has() { if grep -q -- "$3" <<<"$2"; then ok; else bad "$1: lacks '$3': $(head -c 300 <<<"$2")"; fi; }
lacks() { if grep -q -- "$3" <<<"$2"; then bad "$1: has '$3'"; else ok; fi; }
field() { # NAME FIELD WANT (in $out)
  local got
  got=$(printf '%s' "$out" | json_str "$2")
  [ -z "$got" ] && got=$(printf '%s' "$out" | json_int "$2")
  if [ "$got" = "$3" ]; then ok; else bad "$1: $2 is '$got', want '$3'"; fi
}
prog() { # NAME BODY-OF-MAIN (an i32 main)
  printf 'fn main() -> i32 {\n%s\n}\n' "$2" >"$tmp/$1.cairn"
}

prog zero '  println("hi");
  return 0;'
prog three '  return 3;'
prog m300 '  return 300;'
prog minus1 '  return -1;'
cat >"$tmp/overflow.cairn" <<'SRC'
fn main() -> i32 {
  let a:u8 = 250;
  println("before");
  let c = a + 6;
  println("after ", c);
  return 0;
}
SRC
cat >"$tmp/assert.cairn" <<'SRC'
fn main() -> i32 {
  assert(1 == 2, "why");
  return 0;
}
SRC
cat >"$tmp/forever.cairn" <<'SRC'
fn main() -> i32 {
  let mut k:u64 = 0;
  while true {
    k = add_wrap(k, 1);
  }
  return 0;
}
SRC
cat >"$tmp/bigbuf.cairn" <<'SRC'
fn main() -> i32 {
  let b = Buf[u64](10000000);
  println(len(b));
  return 0;
}
SRC
cat >"$tmp/lib.cairn" <<'SRC'
fn twice(x:u32) -> u32 = x * 2;
SRC
mkdir -p "$tmp/libproj/src"
cp "$tmp/lib.cairn" "$tmp/libproj/src/lib.cairn"
printf '[project]\nname = "lib"\nsources = ["src/lib.cairn"]\n[build]\nkind = "library"\n' >"$tmp/libproj/cairn.toml"

# --- exit statuses: the program's own ---
run 0 "exit 0" -- run "$tmp/zero.cairn" --engine interp
if [ "$out" = "hi" ]; then ok; else bad "exit 0: stdout is '$out'"; fi
run 0 "native is the default engine" -- run "$tmp/zero.cairn"
run 3 "exit 3" -- run "$tmp/three.cairn" --engine interp
run 44 "exit 300 mod 256" -- run "$tmp/m300.cairn" --engine interp
run 255 "exit -1" -- run "$tmp/minus1.cairn" --engine interp
run 0 "program arguments after --" -- run "$tmp/zero.cairn" --engine interp -- a b --timeout

# --- traps: 134, one line on stderr naming kind and line; the report hook ---
run 134 "trap" -- run "$tmp/overflow.cairn" --engine interp
if [ "$out" = "before" ]; then ok; else bad "trap: stdout is '$out'"; fi
has "trap line" "$err" "overflow at .*overflow.cairn:4"
run 134 "assert" -- run "$tmp/assert.cairn" --engine interp
has "assert line" "$err" "assertion failed at .*assert.cairn:2: why"
out=$(CAIRN_TRAP_FD=2 "$CAIRN" run "$tmp/overflow.cairn" --engine interp 2>"$tmp/stderr")
status=$?
[ "$status" -eq 134 ] && ok || bad "CAIRN_TRAP_FD: exit $status"
has "CAIRN_TRAP_FD=2 report" "$(cat "$tmp/stderr")" "^trap: overflow at .*overflow.cairn:4$"
out=$(CAIRN_TRAP_FD=7 "$CAIRN" run "$tmp/overflow.cairn" --engine interp 7>"$tmp/fd7" 2>/dev/null)
has "CAIRN_TRAP_FD=7 report" "$(cat "$tmp/fd7")" "^trap: overflow at .*overflow.cairn:4$"
out=$(CAIRN_TRAP_FD=7 "$CAIRN" run "$tmp/zero.cairn" --engine interp 7>"$tmp/fd7" 2>/dev/null)
if [ -s "$tmp/fd7" ]; then bad "no trap, no report"; else ok; fi

# --- limits ---
# (no assertion on elapsed time: the exit status says the limit stopped it; ctest's own timeout catches a hang)
run 124 "timeout" -- run "$tmp/forever.cairn" --engine interp --timeout 1
has "timeout line" "$err" "timeout"
run 134 "memory cap" -- run "$tmp/bigbuf.cairn" --engine interp --memory-mib 16
has "memory cap line" "$err" "alloc"
run 0 "big Buf under the default cap" -- run "$tmp/bigbuf.cairn" --engine interp --memory-mib 1024

# --- the cairn.run/1 record ---
run 0 "json exit 0" -- run "$tmp/zero.cairn" --engine interp --format json
field "json" protocol cairn.run/1
field "json" status program-exited
field "json" engine interp
field "json" exit_code 0
field "json" stdout 'hi\n'
field "json" memory_mib 1024
field "json default time limit" timeout_s 600
has "json truncated" "$out" '"stdout_truncated":false'
run 1 "json exit 3" -- run "$tmp/three.cairn" --engine interp --format json
field "json 3" exit_code 3
run 1 "json trap" -- run "$tmp/overflow.cairn" --engine interp --format json
field "json trap" exit_code 134
field "json trap" signal 6
run 124 "json timeout" -- run "$tmp/forever.cairn" --engine interp --format json --timeout 0.5
field "json timeout" status timed-out
field "json timeout" limit_met timeout
run 1 "json memory" -- run "$tmp/bigbuf.cairn" --engine interp --format json --memory-mib 16
field "json memory" limit_met memory
out=$(CAIRN_FORMAT=json "$CAIRN" run "$tmp/zero.cairn" --engine interp 2>/dev/null)
field "CAIRN_FORMAT=json" protocol cairn.run/1
out=$("$CAIRN" run "$tmp/zero.cairn" --engine interp 2>/dev/null | cat)
if [ "$out" = "hi" ]; then ok; else bad "piped without --format: the program's output, not a record: '$out'"; fi

# --- usage and environment errors: exit 2 ---
run 2 "sanitize with interp" -- run "$tmp/zero.cairn" --engine interp --sanitize address
run 2 "cc with interp" -- run "$tmp/zero.cairn" --engine interp --cc gcc
run 0 "timeout 0: no limit" -- run "$tmp/zero.cairn" --engine interp --timeout 0 --format json
lacks "timeout 0: no limit in the record" "$out" '"timeout_s"'
run 2 "bad timeout" -- run "$tmp/zero.cairn" --timeout -1
run 2 "bad timeout dot" -- run "$tmp/zero.cairn" --timeout .
run 2 "bad timeout word" -- run "$tmp/zero.cairn" --timeout soon
run 2 "bad memory" -- run "$tmp/zero.cairn" --memory-mib -3
run 2 "unknown flag" -- run "$tmp/zero.cairn" --fast
run 2 "two paths" -- run "$tmp/zero.cairn" "$tmp/three.cairn"
run 2 "missing file" -- run "$tmp/absent.cairn"
run 2 "library project" -- run "$tmp/libproj" --format json
field "library project" code E-PROJECT-OR-ENVIRONMENT
printf 'fn main() -> i32 {\n  let x:u64 = 1;\n  x = 2;\n  return 0;\n}\n' >"$tmp/refused.cairn"
run 1 "refused" -- run "$tmp/refused.cairn"
has "refusal on stderr" "$err" "error\["
if [ -z "$out" ]; then ok; else bad "refusal: stdout is not empty"; fi
run 0 "help" -- run --help

echo "run_interp: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
