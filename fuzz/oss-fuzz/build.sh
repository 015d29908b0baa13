#!/bin/bash -eu
# OSS-Fuzz build script (https://google.github.io/oss-fuzz/getting-started/new-project-guide/): builds the five
# libFuzzer targets (tools.md §6.6, and the formatter's) with $CC/$CXX/$CFLAGS/$CXXFLAGS and links them with $LIB_FUZZING_ENGINE,
# then puts into $OUT each target, its seed corpus (TARGET_seed_corpus.zip), the dictionary (TARGET.dict) and
# its options (TARGET.options). Run locally with the defaults below (clang-14, libFuzzer, ASan+UBSan):
#   OUT=/tmp/cairn-oss-fuzz bash fuzz/oss-fuzz/build.sh
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
: "${CC:=clang-14}"
: "${CXX:=clang++-14}"
: "${CFLAGS:=-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address,undefined -fsanitize=fuzzer-no-link}"
: "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:=$SRC_DIR/build-oss-fuzz/out}"
: "${WORK:=$SRC_DIR/build-oss-fuzz/work}"
: "${JOBS:=2}"
export CC CXX
targets=(cairn-fuzz-lexer cairn-fuzz-parser cairn-fuzz-fmt cairn-fuzz-checker cairn-fuzz-interp)

mkdir -p "$OUT" "$WORK"
# The sanitizers and optimization come from $CXXFLAGS (build type None adds no -O3/-DNDEBUG, so assertions stay
# on); the link takes them too. CAIRN_OSS_FUZZ adds one flag of its own, as -DCAIRN_LIBFUZZER=ON does:
# -fsanitize-coverage-ignorelist with fuzz/coverage-ignorelist.txt (the standard library's containers left out of
# the coverage). A build without -fsanitize-coverage (OSS-Fuzz's coverage build) only warns that it is unused.
cmake -G Ninja -S "$SRC_DIR" -B "$WORK/build" -DCMAKE_BUILD_TYPE=None -DCAIRN_OSS_FUZZ=ON \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_EXE_LINKER_FLAGS="$CXXFLAGS" \
  -DCAIRN_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
ninja -C "$WORK/build" -j"$JOBS" "${targets[@]}"

corpus="$WORK/corpus"
rm -rf "$corpus"
bash "$SRC_DIR/fuzz/make_corpus.sh" "$SRC_DIR" "$corpus"
bash "$SRC_DIR/fuzz/make_dict.sh" "$SRC_DIR" "$WORK/cairn.dict"
for t in "${targets[@]}"; do
  cp "$WORK/build/fuzz/$t" "$OUT/$t"
  (cd "$corpus" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
  cp "$WORK/cairn.dict" "$OUT/$t.dict"
  cp "$SRC_DIR/fuzz/oss-fuzz/$t.options" "$OUT/$t.options"
done
echo "built: ${targets[*]} in $OUT"
