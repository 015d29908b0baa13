#!/usr/bin/env bash
# End-to-end tests of the scratch directories of `cairn diff` (base/temp_dir.h): each is named
# cairn-diff-PID-XXXXXX or cairn-diff-build-PID-XXXXXX; a diff starts by removing those whose process is gone
# (left by a diff killed with SIGKILL) and touches nothing else; SIGTERM while a native replay harness is being
# compiled removes the build directory (exit 143).
#
# The compiler is caught in the middle without a test hook: g++ and clang++ on PATH are scripts that answer
# --version and otherwise say they started and wait. Asserts nothing on time (the waits are guards).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

# --- the sweep at start ---
t="$tmp/t" && mkdir "$t"
never=$(($(cat /proc/sys/kernel/pid_max) + 1))  # after the largest PID the kernel gives out: never alive
sh -c 'exit 0' & dead=$!; wait "$dead"          # a process that was, and is gone
for d in "cairn-diff-build-$never-abcDE1" "cairn-diff-$never-Zz9999" "cairn-diff-build-$dead-q1w2e3"; do
  mkdir -p "$t/$d/old-gcc/sub" && printf x >"$t/$d/old-gcc/sub/harness.cpp"
done
ln -s "$tmp/outside" "$t/cairn-diff-build-$dead-q1w2e3/link"  # removed as a link, never followed
mkdir "$tmp/outside" && printf x >"$tmp/outside/keep"
keep=("cairn-diff-build-$$-aaaaaa" "cairn-diff-$$-bbbbbb"      # this shell's: alive
      "cairn-diff-build-$never-abcde" "cairn-diff-build-$never-abcdefg" "cairn-diff-build-0$never-abcdef"
      "cairn-diff-build-$never-abc.ef" "cairn-diff-XXXXXX" "cairn-diff-build-Ab12Cd" "cairn-other-$never-abcdef"
      "cairn-fuzz-$never-abcdef")
for d in "${keep[@]}"; do mkdir "$t/$d"; done
printf x >"$t/cairn-diff-$dead-cccccc"  # a file, not a directory
out=$(TMPDIR="$t" timeout 120 "$CAIRN" diff "$tmp/missing-old.cairn" "$tmp/missing-new.cairn" --format json)
if [ $? -eq 2 ]; then ok; else bad "diff of missing files: want exit 2: $out"; fi
for d in "cairn-diff-build-$never-abcDE1" "cairn-diff-$never-Zz9999" "cairn-diff-build-$dead-q1w2e3"; do
  if [ -e "$t/$d" ]; then bad "the dead process's $d was not removed"; else ok; fi
done
for d in "${keep[@]}" "cairn-diff-$dead-cccccc"; do
  if [ -e "$t/$d" ]; then ok; else bad "$d was removed"; fi
done
if [ -e "$tmp/outside/keep" ]; then ok; else bad "the sweep followed a symbolic link"; fi

# --- SIGTERM while a replay harness compiles ---
mkdir "$tmp/bin" "$tmp/p" "$tmp/s"
for cc in g++ clang++; do
  real=$(command -v "$cc" || true)
  cat >"$tmp/bin/$cc" <<EOF
#!/bin/sh
for a in "\$@"; do [ "\$a" = --version ] && { [ -n "$real" ] && exec "$real" --version; echo "$cc (fake) 1.0"; exit 0; }; done
echo started >"$tmp/started.\$\$"
exec sleep 600
EOF
  chmod +x "$tmp/bin/$cc"
done
printf 'fn div(a:u32, b:u32) -> u32 = a / b;\n' >"$tmp/p/old.cairn"
printf 'fn div(a:u32, b:u32) -> u32 {\n  if b == 0 {\n    return 0;\n  }\n  return a / b;\n}\n' >"$tmp/p/new.cairn"
(cd "$tmp/p" && PATH="$tmp/bin:$PATH" TMPDIR="$tmp/s" exec "$CAIRN" diff old.cairn new.cairn --format json >"$tmp/out" 2>&1) &
pid=$!
started=""
for _ in $(seq 6000); do
  started=$(ls "$tmp" | grep '^started\.' | head -1)
  [ -n "$started" ] || ! kill -0 "$pid" 2>/dev/null && break
  sleep 0.05
done
if [ -z "$started" ]; then
  bad "the diff never started a compiler: $(head -c 300 "$tmp/out")"
else
  if ls "$tmp/s" | grep -q "^cairn-diff-build-$pid-......$"; then ok; else bad "no cairn-diff-build-$pid-XXXXXX while compiling: $(ls "$tmp/s")"; fi
  kill -s TERM "$pid"
  for _ in $(seq 1200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done  # a guard: it should exit at once
  if kill -0 "$pid" 2>/dev/null; then bad "SIGTERM during a replay build: cairn did not exit"; kill -9 "$pid"; fi
  wait "$pid"
  rc=$?
  if [ "$rc" -eq 143 ]; then ok; else bad "SIGTERM during a replay build: want exit 143, got $rc: $(head -c 300 "$tmp/out")"; fi
  left=$(ls -A "$tmp/s")
  if [ -z "$left" ]; then ok; else bad "SIGTERM during a replay build left $left"; fi
  # Whether the compiler (a grandchild: the build runs in a forked cairn) goes with it is the business of the
  # children's own limits (targets/process.cpp), not of this test: it is killed here either way.
fi
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
for f in "$tmp"/started.*; do [ -e "$f" ] && kill -9 "${f##*.}" 2>/dev/null; done

e2e_finish diff_scratch
