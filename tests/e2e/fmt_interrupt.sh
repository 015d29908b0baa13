#!/usr/bin/env bash
# End-to-end tests of what an interrupted `cairn fmt` leaves (base/interrupt_cleanup.h, atomic_file.h):
# SIGTERM, SIGHUP and SIGINT in the middle of an atomic write remove its FILE.tmp.PID and exit 128 + the signal;
# after SIGKILL (no handler runs) the next write of the same file removes the FILE.tmp.PID of the dead process,
# and nothing else (a live process's, another file's, names not exactly FILE.tmp.PID).
#
# The write is caught in the middle without a test hook: a wrapper shell makes FILE.tmp.PID a FIFO under the PID
# cairn will have (it execs cairn), so cairn's write goes into a pipe this script holds; once one byte has arrived
# cairn is inside its atomic write, and since the formatted text is larger than a pipe holds, it stays blocked
# there until the signal. Asserts nothing on time (the waits are guards).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

# about 400 KB once formatted: more than a pipe holds
awk 'BEGIN { for (i = 1; i <= 16000; i++) printf "const   A%d:u64=%d;\n", i, i }' >"$tmp/sloppy.cairn"

# Starts `cairn fmt FILE` with FILE.tmp.PID a FIFO and returns once cairn is blocked writing into it:
# sets $pid and $fifo, and holds the FIFO open as descriptor 3.
start_blocked() {
  cp "$tmp/sloppy.cairn" "$tmp/f.cairn"
  sh -c 'mkfifo "$1.tmp.$$" && exec "$2" fmt "$1" --format json' sh "$tmp/f.cairn" "$CAIRN" >"$tmp/out" 2>&1 &
  pid=$!
  fifo="$tmp/f.cairn.tmp.$pid"
  for _ in $(seq 6000); do [ -p "$fifo" ] || ! kill -0 "$pid" 2>/dev/null && break; sleep 0.05; done
  exec 3<>"$fifo"  # read and write: never blocks; cairn's open for writing returns
  if timeout 120 head -c 1 <&3 >/dev/null; then ok; else bad "cairn fmt never wrote into its temporary file"; fi
}

for sig in TERM HUP INT; do
  start_blocked
  kill -s "$sig" "$pid"
  for _ in $(seq 1200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done  # a guard: it should exit at once
  if kill -0 "$pid" 2>/dev/null; then bad "SIG$sig during a write: cairn did not exit"; kill -s KILL "$pid"; fi
  wait "$pid" 2>/dev/null
  rc=$?
  exec 3<&-
  want=$((128 + $(kill -l "$sig")))
  if [ "$rc" -eq "$want" ]; then ok; else bad "SIG$sig during a write: want exit $want, got $rc ($(cat "$tmp/out"))"; fi
  if [ -e "$fifo" ]; then bad "SIG$sig during a write left $(basename "$fifo")"; rm -f "$fifo"; else ok; fi
  if cmp -s "$tmp/f.cairn" "$tmp/sloppy.cairn"; then ok; else bad "SIG$sig during a write changed the file"; fi
done

# SIGKILL: the temporary file stays (nothing can run); the next write of the file removes it. The FIFO stands in
# for the half-written file: it is replaced by a regular file of the same name.
start_blocked
kill -s KILL "$pid"
wait "$pid" 2>/dev/null
exec 3<&-
killed=$pid
rm -f "$fifo" && printf 'half a file' >"$fifo"
# the PID after the largest one the kernel gives out is never alive either
never=$(($(cat /proc/sys/kernel/pid_max) + 1))
printf x >"$tmp/f.cairn.tmp.$never"
printf x >"$tmp/f.cairn.tmp.$$"          # this shell's: alive
printf x >"$tmp/f.cairn.tmp.0$killed"    # not how a PID is written
printf x >"$tmp/f.cairn.tmp.${killed}x"
printf x >"$tmp/f.cairn.tmpx.$killed"
printf x >"$tmp/g.cairn.tmp.$killed"     # another file's: not this write's business
mkdir "$tmp/f.cairn.tmp.$((never + 1))"  # not a regular file
out=$("$CAIRN" fmt "$tmp/f.cairn" --format json)
if [ $? -eq 0 ]; then ok; else bad "fmt after SIGKILL: $out"; fi
for gone in "f.cairn.tmp.$killed" "f.cairn.tmp.$never"; do
  if [ -e "$tmp/$gone" ]; then bad "the dead process's $gone was not removed"; else ok; fi
done
for kept in "f.cairn.tmp.$$" "f.cairn.tmp.0$killed" "f.cairn.tmp.${killed}x" "f.cairn.tmpx.$killed" \
    "g.cairn.tmp.$killed" "f.cairn.tmp.$((never + 1))"; do
  if [ -e "$tmp/$kept" ]; then ok; else bad "$kept was removed"; fi
done
if [ "$(head -1 "$tmp/f.cairn")" = "const A1:u64 = 1;" ]; then ok; else bad "the file was not formatted"; fi
# --check writes nothing, so it sweeps nothing either
printf x >"$tmp/f.cairn.tmp.$never"
"$CAIRN" fmt --check "$tmp/f.cairn" --format json >/dev/null
if [ -e "$tmp/f.cairn.tmp.$never" ]; then ok; else bad "--check removed a file"; fi

e2e_finish fmt_interrupt
