#!/usr/bin/env bash
# Golden files of the C header (`cairn build --kind library --header`, lower/c_header.h): each library project
# tests/golden/header/NAME/ (one with a cairn.toml) built with --header must write exactly
# tests/golden/header/NAME.h. The project is copied first, so the build directory lands outside the tree.
# `cairn emit NAME --dump=header` must print the same header without building. Each header must also compile as C11 (gcc, clang) and C++17 (g++, clang++) without a warning.
# CAIRN_UPDATE_GOLDEN=1 rewrites the .h files (review them with git diff).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start
for manifest in "$CAIRN_SOURCE_DIR"/tests/golden/header/*/cairn.toml; do
  src=$(dirname "$manifest")
  name=$(basename "$src")
  golden="$CAIRN_SOURCE_DIR/tests/golden/header/$name.h"
  rm -rf "${tmp:?}/$name"
  cp -r "$src" "$tmp/$name"
  rm -rf "$tmp/$name/build"
  out=$(cd "$tmp" && "$CAIRN" build "$name" --header --format json 2>&1)
  header=$(json_str header <<<"$out")
  if [ -z "$header" ] || [ ! -f "$tmp/$header" ]; then
    bad "header/$name: no header was written: $(head -c 400 <<<"$out")"
    continue
  fi
  if [ "${CAIRN_UPDATE_GOLDEN:-}" = 1 ]; then cp "$tmp/$header" "$golden"; fi
  if [ -f "$golden" ] && cmp -s "$golden" "$tmp/$header"; then
    ok
  else
    bad "header/$name.h differs from the golden file"
    [ -f "$golden" ] && diff "$golden" "$tmp/$header" | head -20 | sed 's/^/  | /'
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
e2e_finish golden_header
