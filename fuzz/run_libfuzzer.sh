#!/usr/bin/env bash
# Runs one libFuzzer target of tools.md §6.6 for SECONDS over the seed corpus with the dictionary, under the
# §6.6 limits (-timeout=10, -rss_limit_mb=2048, inputs up to 65,536 bytes), and prints its executions per
# second. New corpus entries go to BUILD/fuzz/corpus-TARGET (the seeds stay untouched); crashes, timeouts and
# leaks to BUILD/fuzz/artifacts/TARGET/. Keep a real find as regressions/fuzz/libfuzzer/<name> once fixed.
# Usage: fuzz/run_libfuzzer.sh TARGET SECONDS [BUILD_DIR] [extra libFuzzer flags...]
#   TARGET: lexer, parser, fmt, checker, interp (or cairn-fuzz-NAME); BUILD_DIR: build-libfuzzer by default.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${1:?usage: run_libfuzzer.sh TARGET SECONDS [BUILD_DIR] [flags...]}"
seconds="${2:?usage: run_libfuzzer.sh TARGET SECONDS [BUILD_DIR] [flags...]}"
build="${3:-$src/build-libfuzzer}"
shift $(( $# < 3 ? $# : 3 ))
target="cairn-fuzz-${target#cairn-fuzz-}"
bin="$build/fuzz/$target"
[ -x "$bin" ] || { echo "no $bin: build it with ninja -C $build $target" >&2; exit 2; }
seeds="$build/fuzz/corpus"
[ -d "$seeds" ] || bash "$src/fuzz/make_corpus.sh" "$src" "$seeds" >&2
dict="$build/fuzz/cairn.dict"
[ -f "$dict" ] || bash "$src/fuzz/make_dict.sh" "$src" "$dict"
work="$build/fuzz/corpus-${target#cairn-fuzz-}"
artifacts="$build/fuzz/artifacts/${target#cairn-fuzz-}/"
mkdir -p "$work" "$artifacts"
log="$build/fuzz/${target}.log"
flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -dict="$dict"
       -artifact_prefix="$artifacts" -print_final_stats=1)
[ "$target" = cairn-fuzz-interp ] && flags+=(-close_fd_mask=3)
set +e
"$bin" "${flags[@]}" "$@" "$work" "$seeds" 2>&1 | tee "$log" | grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE|pulse))|ERROR|==[0-9]+==|stat::' >&2
status=${PIPESTATUS[0]}
set -e
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
secs=$(sed -n 's/.*Done \([0-9]*\) runs in \([0-9]*\) second.*/\2/p' "$log" | tail -1)
echo "$target: ${runs:-?} executions in ${secs:-$seconds} s ($(( ${runs:-0} / ( ${secs:-$seconds} > 0 ? ${secs:-$seconds} : 1 ) )) exec/s), exit $status; log $log"
exit "$status"
