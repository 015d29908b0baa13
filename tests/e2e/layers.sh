#!/usr/bin/env bash
# The layering of docs/architecture.md, checked on the source tree: every project include of a folder names only
# the folders below it in the tower (base/ and core/ are leaves that include nothing else of the project; cli/ may use
# every library; runtime/, the emitted code's header, includes only itself). A file that reaches upward, or a new
# top-level folder not placed in the tower, fails the test.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start
cd "$CAIRN_SOURCE_DIR" || exit 2

# FOLDER: the project folders its files may include (itself included).
declare -A may=(
  [base]="base"
  [core]="core"
  [front]="base core front"
  [semantics]="base core front semantics"
  [lower]="base core front semantics lower"
  [smt]="base core front semantics smt"
  [verify]="base core front semantics smt verify"
  [targets]="base core front semantics lower targets"
  [validate]="base core front semantics lower smt verify targets validate"
  [diff]="base core front semantics lower smt verify targets diff"
  [fuzz]="base core front semantics lower smt verify targets fuzz"
  [cli]="base core front semantics lower smt verify targets validate diff fuzz cli"
  [runtime]="runtime"
)
project=" ${!may[*]} tests bench "
for folder in "${!may[@]}"; do
  [ -d "$folder" ] || { bad "$folder: a folder of the tower is missing"; continue; }
  while IFS=: read -r file _ target; do
    top=${target%%/*}
    case "$project" in *" $top "*) ;; *) continue ;; esac  # not a project folder (nlohmann/json.hpp, ...)
    case " ${may[$folder]} " in
      *" $top "*) ok ;;
      *) bad "$file includes $target: $folder/ may include only ${may[$folder]}" ;;
    esac
  done < <(grep -rHoE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"[^"]+"' "$folder" --include='*.h' --include='*.cpp' \
             --include='*.def' | sed -E 's/^([^:]+):[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)"/\1::\2/')
done
# Every top-level folder with C++ in it has a place in the tower (or is one of the non-library folders).
for d in */; do
  d=${d%/}
  case " ${!may[*]} tests bench cmake " in *" $d "*) continue ;; esac
  case "$d" in build*) continue ;; esac
  if find "$d" -name '*.cpp' -o -name '*.h' | grep -q .; then bad "$d/ holds C++ but has no place in the tower"; else ok; fi
done
e2e_finish layers
