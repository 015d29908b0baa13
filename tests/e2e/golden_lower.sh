#!/usr/bin/env bash
# Golden files of the lowering: `cairn emit` of each tests/golden/lower/NAME.cairn must print exactly
# tests/golden/lower/NAME.cpp (the canonical C++; lower_differential.sh runs the same programs natively
# against the interpreter). CAIRN_UPDATE_GOLDEN=1 rewrites the .cpp files.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/golden_emit.bash"
golden_emit lower cpp
echo "golden_lower: $checked checked, $failures failed"
[ "$failures" -eq 0 ]
