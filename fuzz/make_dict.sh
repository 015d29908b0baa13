#!/usr/bin/env bash
# Writes the libFuzzer dictionary: every punctuation, reserved and contextual word of front/lex/tokens.def
# (falling back to the hand-written fuzz/cairn.dict when the table is absent), plus common builtins.
set -euo pipefail
src="$1"
out="$2"
table="$src/front/lex/tokens.def"
mkdir -p "$(dirname "$out")"
if [ ! -f "$table" ]; then
  cp "$src/fuzz/cairn.dict" "$out"
  exit 0
fi
{
  echo "# Generated from front/lex/tokens.def by fuzz/make_dict.sh"
  sed -n -E 's/^(TOKEN_PUNCT|TOKEN_KEYWORD|CONTEXT_WORD)\([A-Za-z0-9_]+, "([^"]*)"\).*/\2/p' "$table" |
    LC_ALL=C sort -u | awk '{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); printf "tok_%d=\"%s\"\n", NR, $0 }'
  n=0
  for w in len println print eprintln format assert assert_eq take swap add_wrap mul_wrap shr shl_wrap \
           sqrt abs min max alloc Buf Array Option Result Some None Ok Err u8 u16 u32 u64 i8 i16 i32 i64 \
           usize f32 f64 bool void std.core '0x' '1e5' '"\n"' "'a'"; do
    n=$((n + 1))
    printf 'word_%d="%s"\n' "$n" "$(printf '%s' "$w" | sed 's/\\/\\\\/g; s/"/\\"/g')"
  done
} > "$out"
