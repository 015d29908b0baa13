#!/usr/bin/env bash
# End-to-end tests of the source rule `cairn fmt` shares with `cairn check` (front/source/source_file.h): a FIFO
# and /dev/zero refused as not regular files without being read (a FIFO never opened for blocking reads), a file
# larger than 16,000,000 bytes refused with E-SOURCE-LIMIT as check refuses it, and a path that cannot be
# resolved (a symbolic link loop, a name too long) refused with the real reason, by fmt, check and verify alike.
# Every cairn run has a `timeout` guard and an address-space cap, so the old behaviour (blocking, growing) fails
# instead of hanging. Asserts nothing on time.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

# cairn under a 60 s guard and a 2 GB address-space cap: exit 124 means it blocked. A sanitizer build of cairn
# reserves terabytes of shadow at its start, so it gets the guard only.
if grep -q -a -e __asan_init -e __tsan_init "$CAIRN"; then
  guarded() { timeout 60 "$CAIRN" "$@" </dev/null; }
else
  guarded() { (ulimit -v 2000000; timeout 60 "$CAIRN" "$@" </dev/null); }
fi
code_is() { if grep -q "\"code\":\"$2\"" <<<"$out"; then ok; else bad "$1: want code $2: $(head -c 300 <<<"$out")"; fi; }
exit_is() { if [ "$rc" -eq "$2" ]; then ok; else bad "$1: want exit $2, got $rc: $(head -c 300 <<<"$out")"; fi; }

# a FIFO named as a PATH: refused before it is opened; fmt and check give the same refusal
mkfifo "$tmp/pipe.cairn"
out=$(guarded fmt "$tmp/pipe.cairn" --format json); rc=$?
exit_is "fmt FIFO" 2
code_is "fmt FIFO" E-PROJECT-OR-ENVIRONMENT
has "fmt FIFO message" "The path $tmp/pipe.cairn is not a regular file or a directory."
out=$(guarded fmt --check "$tmp/pipe.cairn" --format json); rc=$?
exit_is "fmt --check FIFO" 2
check_out=$(guarded check "$tmp/pipe.cairn" --format json)
if [ "$(json_str message <<<"$check_out")" = "$(json_str message <<<"$out")" ]; then ok; else bad "fmt and check word the FIFO refusal differently: [$out] [$check_out]"; fi
# a FIFO with a .cairn name inside a walked directory is not a file to format
mkdir "$tmp/d" && mkfifo "$tmp/d/p.cairn" && printf 'const A:u64 = 1;\n' >"$tmp/d/a.cairn"
out=$(guarded fmt --check "$tmp/d" --format json); rc=$?
exit_is "walk past a FIFO" 0
has "walk past a FIFO" '"files":1'

# /dev/zero: not a regular file (it used to be read until memory ran out)
out=$(guarded fmt /dev/zero --format json); rc=$?
exit_is "fmt /dev/zero" 2
code_is "fmt /dev/zero" E-PROJECT-OR-ENVIRONMENT
has "fmt /dev/zero message" "The path /dev/zero is not a regular file or a directory."

# larger than the source limit: E-SOURCE-LIMIT, as check says, nothing read or written
truncate -s 16000001 "$tmp/big.cairn"
out=$(guarded fmt "$tmp/big.cairn" --format json); rc=$?
exit_is "fmt big file" 1
code_is "fmt big file" E-SOURCE-LIMIT
has "fmt big file status" '"status":"rejected"'
has "fmt big file message" "The source $tmp/big.cairn is larger than 16,000,000 bytes"
check_out=$(guarded check "$tmp/big.cairn" --format json)
if [ "$(json_str code <<<"$check_out")" = E-SOURCE-LIMIT ]; then ok; else bad "check big file: $check_out"; fi
if [ "$(stat -c %s "$tmp/big.cairn")" = 16000001 ] && ! ls "$tmp" | grep -q 'big.cairn.tmp'; then ok; else bad "fmt wrote the big file"; fi
# under a directory, the big file stops the run before anything is written
mkdir "$tmp/e" && mv "$tmp/big.cairn" "$tmp/e/" && printf 'const   A:u64=1;\n' >"$tmp/e/a.cairn"
out=$(guarded fmt "$tmp/e" --format json); rc=$?
exit_is "fmt dir with a big file" 1
code_is "fmt dir with a big file" E-SOURCE-LIMIT
if [ "$(cat "$tmp/e/a.cairn")" = 'const   A:u64=1;' ]; then ok; else bad "a file was formatted although another is too large"; fi
rm -rf "$tmp/e"
# exactly the limit is not refused by the limit (it is formatted or left alone on its merits)
truncate -s 16000000 "$tmp/limit.cairn"
out=$(guarded fmt --check "$tmp/limit.cairn" --format json); rc=$?
if grep -q E-SOURCE-LIMIT <<<"$out" || [ "$rc" -eq 124 ]; then bad "a file of exactly 16,000,000 bytes refused: $(head -c 300 <<<"$out")"; else ok; fi
rm -f "$tmp/limit.cairn"

# a symbolic link loop and a name too long: the real reason, from fmt and from check
ln -s loop2.cairn "$tmp/loop1.cairn" && ln -s loop1.cairn "$tmp/loop2.cairn"
for cmd in fmt check; do
  out=$(guarded $cmd "$tmp/loop1.cairn" --format json); rc=$?
  exit_is "$cmd link loop" 2
  has "$cmd link loop" "The path $tmp/loop1.cairn cannot be resolved: it goes through a loop of symbolic links"
  if grep -q "does not exist\|no such file" <<<"$out"; then bad "$cmd link loop reported as missing"; else ok; fi
done
long="$tmp/$(printf 'n%.0s' $(seq 300)).cairn"
for cmd in fmt check; do
  out=$(guarded $cmd "$long" --format json); rc=$?
  exit_is "$cmd name too long" 2
  has "$cmd name too long" "cannot be resolved: it is too long"
done
# cairn verify reads its two files by the same rule
printf 'fn f(x:u32) -> u32 = x;\n' >"$tmp/ok.cairn"
out=$(guarded verify "$tmp/loop1.cairn" "$tmp/ok.cairn" --all --format json); rc=$?
exit_is "verify link loop" 2
has "verify link loop" "The path $tmp/loop1.cairn cannot be resolved: it goes through a loop of symbolic links"
out=$(guarded verify "$tmp/ok.cairn" /dev/zero --all --format json); rc=$?
exit_is "verify /dev/zero" 2
has "verify /dev/zero" "The path /dev/zero is not a regular file."
# a missing path still says so
for cmd in fmt check; do
  out=$(guarded $cmd "$tmp/missing.cairn" --format json); rc=$?
  exit_is "$cmd missing" 2
  has "$cmd missing" "The path $tmp/missing.cairn does not exist."
done
e2e_finish fmt_sources
