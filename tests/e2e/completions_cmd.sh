#!/usr/bin/env bash
# End-to-end tests of `cairn completions`: the bash script parses, completes commands, flags and choices, and
# offers for each built command exactly the flags its own --help lists; the zsh script parses when zsh is here.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

"$CAIRN" completions bash >"$tmp/cairn.bash" || bad "completions bash exits non-zero"
if bash -n "$tmp/cairn.bash"; then ok; else bad "the bash script does not parse"; fi
# shellcheck disable=SC1090
source "$tmp/cairn.bash"
complete_words() { # WORDS...: the last word is being completed; prints COMPREPLY
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  _cairn
  printf '%s\n' "${COMPREPLY[@]}"
}
want() { # NAME WORD WORDS...
  local name=$1 word=$2
  shift 2
  if complete_words "$@" | grep -qx -- "$word"; then ok; else bad "$name: '$word' not offered for: $*"; fi
}
want "command prefix" validate cairn va
want "command prefix" verify cairn ver
want "flag prefix" --solver cairn validate --so
want "flag choice" cvc5 cairn validate --solver ""
want "flag choice" json cairn check --format ""
want "flag choice" ir cairn emit --dump ""
want "help flag" --help cairn doctor --he

# Every flag each built command's --help lists is offered for that command, and nothing else.
for cmd in $("$CAIRN" --help | awk '/^  [a-z]/ && !/not built yet/ {print $1}'); do
  listed=$("$CAIRN" "$cmd" --help | grep -o '^  --[a-z-]*' | sed 's/^  //' | sort -u)
  offered=$(complete_words cairn "$cmd" - | sort -u)
  if [ "$listed" = "$offered" ]; then ok; else bad "$cmd: --help lists [$(echo $listed)], completion offers [$(echo $offered)]"; fi
done

out=$("$CAIRN" completions fish --format json 2>&1)
if [ $? -eq 2 ] && grep -q E-PROJECT-OR-ENVIRONMENT <<<"$out"; then ok; else bad "an unknown shell is a usage error: $out"; fi

"$CAIRN" completions zsh >"$tmp/_cairn" || bad "completions zsh exits non-zero"
if grep -q '^#compdef cairn' "$tmp/_cairn" && grep -q "'--solver\[which solvers answer the smt part\]:solver:(z3 cvc5 both)'" "$tmp/_cairn"; then ok; else bad "the zsh script lacks its header or validate's --solver spec"; fi
if command -v zsh >/dev/null; then
  if zsh -n "$tmp/_cairn"; then ok; else bad "the zsh script does not parse"; fi
else
  echo "SKIP zsh -n: zsh is not installed here"
fi

e2e_finish completions_cmd
