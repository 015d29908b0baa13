// Receipts compared key by key: signature, effects (by parameter position), guards, allocations, storage,
// synchronization and the census.
#include "diff/deltas.h"

#include <map>

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

// An effect label with a parameter's name replaced by its position ("write:xs" -> "write:#1").
std::map<std::string, std::string> keyed_effects(const FnView& f) {
  std::map<std::string, std::string> out;
  if (!f.receipt.contains("effects")) return out;
  for (const Json& e : f.receipt["effects"]) {
    std::string label = e.get<std::string>(), key = label;
    size_t colon = label.find(':');
    if (colon != std::string::npos && f.info) {
      std::string arg = label.substr(colon + 1);
      for (size_t i = 0; i < f.info->params.size(); ++i)
        if (f.info->params[i].name == arg) key = label.substr(0, colon + 1) + "#" + std::to_string(i);
    }
    out[key] = label;
  }
  return out;
}

}  // namespace

std::vector<std::string> gained_effects(const FnView& before, const FnView& after) {
  std::map<std::string, std::string> b = keyed_effects(before), a = keyed_effects(after);
  std::vector<std::string> out;
  for (const auto& [key, label] : a)
    if (!b.count(key)) out.push_back(label);
  return out;
}

Json deltas(const FnView& before, const FnView& after) {
  Json d = Json::object();
  if (before.signature != after.signature) d["signature"] = {{"before", before.signature}, {"after", after.signature}};
  std::vector<std::string> added = gained_effects(before, after), removed = gained_effects(after, before);
  if (!added.empty() || !removed.empty()) d["effects"] = {{"added", added}, {"removed", removed}};
  for (const char* key : {"syntactic_check_sites", "discharged_check_sites", "emitted_guards", "heap_allocations",
                          "implicit_synchronization", "local_storage", "census"}) {
    const Json& b = before.receipt.contains(key) ? before.receipt[key] : Json();
    const Json& a = after.receipt.contains(key) ? after.receipt[key] : Json();
    if (a != b) d[key] = {{"before", b}, {"after", a}};
  }
  return d;
}

}  // namespace cairn::diff
