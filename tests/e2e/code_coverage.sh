#!/usr/bin/env bash
# Fails when a code of front/diag/codes.def is produced by no test. Producers: the conformance refusals,
# tests/golden/**/fail_*.cairn expectations, tests/refusals/CODE_n.cairn, and end-to-end scripts that
# assert a code (marked `# produces E-CODE`). Exemptions are listed below with their reasons.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
declare -A exempt=(
  [E-AST-LIMIT]="needs more than 4,000,000 syntax nodes (a 4 MB source, ~1.2 GB and ~4 s to parse): too heavy for the suite"
  [E-INTERNAL]="a compiler fault: a test producing it is a bug to fix, not a behaviour to keep"
  [E-IMPL-TARGET]="Stage 2, reserved (language.md §18): no core program can produce it"
)
all=$(sed -n -E 's/^DIAG\([A-Za-z]+, "(E-[A-Z-]+)".*/\1/p' "$CAIRN_SOURCE_DIR/front/diag/codes.def" | sort -u)
produced=$(
  {
    cat "$CAIRN_SHARED_DIR"/conformance/refuse/*.expected 2>/dev/null | grep -o 'E-[A-Z-]*'
    find "$CAIRN_SOURCE_DIR/tests/golden" -name 'fail_*.cairn' -exec grep -h -o -E '(EXPECT|ERROR|expect|error)[^E]*E-[A-Z-]+' {} + 2>/dev/null |
      grep -o 'E-[A-Z-]*'
    for f in "$CAIRN_SOURCE_DIR"/tests/refusals/*.cairn; do basename "$f" .cairn | sed 's/_[0-9]*$//'; done
    grep -h -o '# produces E-[A-Z-]*' "$CAIRN_SOURCE_DIR"/tests/e2e/*.sh | grep -o 'E-[A-Z-]*'
  } | sort -u
)
missing=0
for code in $all; do
  if printf '%s\n' "$produced" | grep -qx -- "$code"; then continue; fi
  if [ -n "${exempt[$code]:-}" ]; then
    echo "exempt $code: ${exempt[$code]}"
    continue
  fi
  echo "MISSING $code: no test produces it"
  missing=$((missing + 1))
done
for code in "${!exempt[@]}"; do
  printf '%s\n' "$all" | grep -qx -- "$code" || { echo "STALE exemption $code: not in codes.def"; missing=$((missing + 1)); }
done
echo "$(printf '%s\n' "$all" | wc -l) codes, $missing produced by no test"
[ "$missing" -eq 0 ]
