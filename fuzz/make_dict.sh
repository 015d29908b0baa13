#!/usr/bin/env bash
# Writes the libFuzzer dictionary from the tables: every punctuation, reserved and contextual word of
# front/lex/tokens.def, every builtin of front/check/builtins.def, every scalar of core/scalars.def,
# then the std names and literal shapes no table holds. Falls back to the hand-kept fuzz/cairn.dict when the
# token table is absent. Usage: make_dict.sh SOURCE_DIR OUT_FILE
set -euo pipefail
src="$1"
out="$2"
table="$src/front/lex/tokens.def"
mkdir -p "$(dirname "$out")"
if [ ! -f "$table" ]; then
  cp "$src/fuzz/cairn.dict" "$out"
  exit 0
fi
escape() { sed 's/\\/\\\\/g; s/"/\\"/g'; }
{
  echo "# Generated from front/lex/tokens.def, front/check/builtins.def, core/ops.def and core/scalars.def by fuzz/make_dict.sh"
  sed -n -E 's/^(TOKEN_PUNCT|TOKEN_KEYWORD|CONTEXT_WORD)\([A-Za-z0-9_]+, "([^"]*)"\).*/\2/p' "$table" |
    LC_ALL=C sort -u | escape | awk '{ printf "tok_%d=\"%s\"\n", NR, $0 }'
  {
    sed -n -E 's/^BUILTIN\([A-Za-z0-9_]+, "([^"]*)".*/\1/p' "$src/front/check/builtins.def"
    # a scalar builtin is named by its core/ops.def row's spelling
    for op in $(sed -n -E 's/^BUILTIN_OP\(([A-Za-z0-9_]+),.*/\1/p' "$src/front/check/builtins.def"); do
      sed -n -E "s/^OP\($op, \"([^\"]*)\".*/\1/p" "$src/core/ops.def"
    done
    sed -n -E 's/^SCALAR\([A-Za-z0-9_]+, "([^"]*)".*/\1/p' "$src/core/scalars.def"
  } | LC_ALL=C sort -u | escape | awk '{ printf "word_%d=\"%s\"\n", NR, $0 }'
  n=0
  for w in Buf Array Option Result Some None Ok Err std.core main '0x' '1e5' '2.5e-3' '"\n"' "'a'" '//'; do
    n=$((n + 1))
    printf 'extra_%d="%s"\n' "$n" "$(printf '%s' "$w" | escape)"
  done
} > "$out"
