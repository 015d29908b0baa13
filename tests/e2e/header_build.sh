#!/usr/bin/env bash
# The C header a library build writes (`cairn build --kind library --header`, lower/c_header.h): each library project
# tests/golden/header/NAME/ (one with a cairn.toml) built with --header writes a header equal to what
# `cairn emit NAME --dump=header` prints (which the golden runner compares with tests/golden/header/NAME.h), and the
# header compiles as C11 (gcc, clang) and C++17 (g++, clang++) without a warning. The project is copied first, so
# the build directory lands outside the tree.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start
for manifest in "$CAIRN_SOURCE_DIR"/tests/golden/header/*/cairn.toml; do
  src=$(dirname "$manifest")
  name=$(basename "$src")
  rm -rf "${tmp:?}/$name"
  cp -r "$src" "$tmp/$name"
  rm -rf "$tmp/$name/build"
  out=$(cd "$tmp" && "$CAIRN" build "$name" --header --format json 2>&1)
  header=$(json_str header <<<"$out")
  if [ -z "$header" ] || [ ! -f "$tmp/$header" ]; then
    bad "header/$name: no header was written: $(head -c 400 <<<"$out")"
    continue
  fi
  if [ "$(cd "$tmp" && "$CAIRN" emit "$name" --dump=header)" = "$(cat "$tmp/$header")" ]; then ok; else
    bad "header/$name: cairn emit --dump=header differs from the header the build wrote"
  fi
  for compiler in "gcc -std=c11 -x c" "clang -std=c11 -x c" "g++ -std=c++17 -x c++" "clang++ -std=c++17 -x c++"; do
    # shellcheck disable=SC2086
    if err=$($compiler -Wall -Wextra -Werror -pedantic -fsyntax-only "$tmp/$header" 2>&1); then ok; else
      bad "header/$name.h under $compiler: $(head -c 400 <<<"$err")"
    fi
  done
done
e2e_finish header_build
