// The change phrases of a listed function, one per key of its `deltas` (tools.md §4.7), in the order §4.7
// names them; a key this renderer does not know comes last, in the record's order, as "KEY BEFORE -> AFTER".
//
//   key                        phrase
//   signature                  "parameters renamed", "made public", "no longer public", else "signature
//                              changed"; several joined by ", " (left out for signature-changed, whose
//                              evidence already shows both shapes)
//   effects                    "effects +alloc -io" (added with +, removed with -, as listed)
//   syntactic_check_sites      "check sites overflow 3 -> 2, bounds 0 -> 1" (the kinds whose count differs,
//                              by kind name; a kind absent on one side counts 0)
//   discharged_check_sites     "discharged check sites overflow 1 -> 2" (likewise)
//   emitted_guards             "guards written 3 -> 2"
//   heap_allocations           "heap allocations 0 -> 1"
//   implicit_synchronization   "implicit synchronization 0 -> 1"
//   local_storage              "local storage 64 -> 128"
//   census                     "spawn 0 -> 1", "unsafe 0 -> 1" (each field that differs, joined by ", ")
//
// Values that are not plain numbers or strings are written compactly: {a: 1, b: "x"} -> {a: 1, b: x},
// arrays as [1, 2]; an absent side as "none".
#include <algorithm>
#include <map>

#include "diff/render_parts.h"

namespace cairn::diff::render {
namespace {

std::string compact(const json& v) {
  if (v.is_null()) return "none";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + compact(v[i]);
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "{";
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it, first = false) out += (first ? "" : ", ") + it.key() + ": " + compact(*it);
    return out + "}";
  }
  return v.dump();
}

json side(const json& delta, const char* which) {
  return delta.is_object() && delta.contains(which) ? delta[which] : json();
}

std::string before_after(const std::string& label, const json& delta) {
  return label + " " + compact(side(delta, "before")) + " -> " + compact(side(delta, "after"));
}

// Counts by kind (or field) that differ: "overflow 3 -> 2, bounds 0 -> 1", sorted by kind.
std::string by_kind(const json& delta) {
  json before = side(delta, "before"), after = side(delta, "after");
  if (!before.is_object() && !after.is_object()) return compact(before) + " -> " + compact(after);
  std::map<std::string, std::pair<json, json>> kinds;
  for (const json* s : {&before, &after})
    if (s->is_object())
      for (auto it = s->begin(); it != s->end(); ++it) kinds[it.key()];
  std::vector<std::string> parts;
  for (auto& [kind, counts] : kinds) {
    json b = before.is_object() && before.contains(kind) ? before[kind] : json(0);
    json a = after.is_object() && after.contains(kind) ? after[kind] : json(0);
    if (b != a) parts.push_back(kind + " " + compact(b) + " -> " + compact(a));
  }
  return join(parts, ", ");
}

std::string signature_change(const json& delta) {
  json before = side(delta, "before"), after = side(delta, "after");
  if (!before.is_object() || !after.is_object()) return "signature changed";
  std::vector<std::string> parts;
  if (before.value("params", json()) != after.value("params", json())) parts.push_back("parameters renamed");
  bool pb = before.value("public", false), pa = after.value("public", false);
  if (!pb && pa) parts.push_back("made public");
  if (pb && !pa) parts.push_back("no longer public");
  return parts.empty() ? "signature changed" : join(parts, ", ");
}

std::string effects_change(const json& delta) {
  std::string out = "effects";
  for (auto [key, mark] : {std::pair{"added", "+"}, std::pair{"removed", "-"}})
    if (delta.is_object() && delta.contains(key) && delta[key].is_array())
      for (const json& e : delta[key]) out += std::string(" ") + mark + compact(e);
  return out;
}

std::string census_change(const json& delta) {
  std::string kinds = by_kind(delta);
  return kinds.empty() ? "census unchanged" : kinds;
}

std::string phrase(const std::string& key, const json& delta) {
  if (key == "signature") return signature_change(delta);
  if (key == "effects") return effects_change(delta);
  if (key == "syntactic_check_sites") return "check sites " + by_kind(delta);
  if (key == "discharged_check_sites") return "discharged check sites " + by_kind(delta);
  if (key == "emitted_guards") return before_after("guards written", delta);
  if (key == "heap_allocations") return before_after("heap allocations", delta);
  if (key == "implicit_synchronization") return before_after("implicit synchronization", delta);
  if (key == "local_storage") return before_after("local storage", delta);
  if (key == "census") return census_change(delta);
  std::string label = key;
  for (char& c : label)
    if (c == '_') c = ' ';
  return before_after(label, delta);
}

}  // namespace

std::vector<std::string> change_parts(const json& entry) {
  static const std::vector<std::string> kOrder = {
      "signature",        "effects",          "syntactic_check_sites",    "discharged_check_sites", "emitted_guards",
      "heap_allocations", "implicit_synchronization", "local_storage", "census"};
  std::vector<std::string> out;
  if (!entry.contains("deltas") || !entry["deltas"].is_object()) return out;
  const json& deltas = entry["deltas"];
  bool signature_shown = str(entry, "class") == "signature-changed";
  for (const std::string& key : kOrder)
    if (deltas.contains(key) && !(key == "signature" && signature_shown)) out.push_back(phrase(key, deltas[key]));
  for (auto it = deltas.begin(); it != deltas.end(); ++it)
    if (std::find(kOrder.begin(), kOrder.end(), it.key()) == kOrder.end()) out.push_back(phrase(it.key(), *it));
  return out;
}

}  // namespace cairn::diff::render
