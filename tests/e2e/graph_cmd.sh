#!/usr/bin/env bash
# End-to-end tests of `cairn graph`: examples/15_modules' files with their modules, imports, dependents and a
# topological order (importers after what they import), and --interfaces hashes that stay when a body or a private
# item changes and move when a public signature does.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

cp -r "$CAIRN_SOURCE_DIR/examples/15_modules" "$tmp/p"
graph() { "$CAIRN" graph "$tmp/p" --interfaces --format json; }
out=$(graph)
if [ $? -eq 0 ]; then ok; else bad "graph: exit $?"; fi
python3 - "$out" <<'PY' || fail=$((fail + 1))
import json, sys
g = json.loads(sys.argv[1])
files = {f["file"]: f for f in g["files"]}
errs = []
if g.get("protocol") != "cairn.graph/1": errs.append("protocol")
order = g["order"]
if order.index("src/main.cairn") < max(order.index("src/geo.cairn"), order.index("src/stats.cairn")): errs.append("order %s" % order)
if files["src/main.cairn"]["imports"] != ["geo", "util.stats"]: errs.append("main imports %s" % files["src/main.cairn"]["imports"])
if files["src/geo.cairn"]["dependents"] != ["src/main.cairn"]: errs.append("geo dependents")
if "util.stats" not in files["src/stats.cairn"]["modules"]: errs.append("stats modules")
if not all(len(f["sha256"]) == 64 for f in files.values()): errs.append("sha256")
if set(g["interfaces"]) != {"(root)", "geo", "util.stats"}: errs.append("interfaces %s" % list(g["interfaces"]))
for e in errs: print("FAIL graph: " + e)
sys.exit(1 if errs else 0)
PY
[ $? -eq 0 ] && ok
iface() { graph | python3 -c "import json,sys; print(json.load(sys.stdin)['interfaces']['$1']['interface_sha256'])"; }
before=$(iface util.stats)
sed -i 's/s += x;/s += x + 0;/' "$tmp/p/src/stats.cairn"
after_body=$(iface util.stats)
if [ "$before" = "$after_body" ]; then ok; else bad "a body change moved util.stats's interface hash"; fi
sed -i 's/pub fn total(n:usize, xs:ro<u64>\[n\]) -> u64/pub fn total(n:usize, xs:ro<u64>[n], k:u64) -> u64/; s/return s \* SCALE;/return s * SCALE + k;/' "$tmp/p/src/stats.cairn"
sed -i 's/st.total(shapes)/st.total(shapes, 0)/' "$tmp/p/src/main.cairn"
after_sig=$(iface util.stats)
if [ -n "$after_sig" ] && [ "$before" != "$after_sig" ]; then ok; else bad "a public signature change left util.stats's interface hash ($after_sig)"; fi
out=$("$CAIRN" graph "$tmp/p" --format human)
has "human form" "src/main.cairn  sha256 "
has "human form" "imports geo, util.stats"

e2e_finish graph_cmd
