// derive (derive.h): the summary, semver and requirement of a record from its per-function facts.
#include "diff/derive.h"

#include <map>

#include "diff/render_parts.h"
#include "diff/require.h"
#include "diff/semver.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

const Json& object_at(const Json& j, const char* key) {
  static const Json none = Json::object();
  return j.is_object() && j.contains(key) && j[key].is_object() ? j[key] : none;
}

// SIDES is {old: bool, new: bool}, either part absent for a side that lacks the function or type.
bool on(const Json& sides, const char* side) {
  return sides.contains(side) && sides[side].is_boolean() && sides[side].get<bool>();
}

Json semver_from(const Json& record) {
  std::vector<SemverFunction> fns;
  for (const auto& [name, e] : object_at(record, "functions").items()) {
    SemverFunction f;
    f.name = name;
    f.cls = e.value("class", "");
    f.public_before = on(object_at(e, "public"), "old");
    f.public_after = on(object_at(e, "public"), "new");
    const Json& effects = object_at(object_at(e, "deltas"), "effects");
    f.gained_effect = effects.contains("added") && effects["added"].is_array() && !effects["added"].empty();
    if (f.cls == "behavior-changed" && e.contains("witness") && e["witness"].is_object() &&
        e["witness"].contains("inputs"))
      f.witness_text = "at " + render::inputs_text(e["witness"]);
    fns.push_back(f);
  }
  std::vector<SemverType> types;
  const Json& pub = object_at(record, "types_public");
  for (const auto& [name, change] : object_at(record, "types").items()) {
    SemverType t;
    t.name = name;
    t.change = change.is_string() ? change.get<std::string>() : "";
    t.public_before = on(object_at(pub, name.c_str()), "old");
    t.public_after = on(object_at(pub, name.c_str()), "new");
    types.push_back(t);
  }
  return semver_of(fns, types);
}

}  // namespace

const std::vector<std::string>& class_order() {
  static const std::vector<std::string> order = {"identical-code", "identical-source", "smt-equivalent",
                                                 "behavior-changed", "signature-changed", "unknown",
                                                 "renamed", "added", "removed"};
  return order;
}

Derived derive(Json& record, const std::string& require, const std::vector<Allow>& allow) {
  Derived d;
  std::map<std::string, uint64_t> counts;
  for (const auto& [name, e] : object_at(record, "functions").items()) {
    ++counts[e.value("class", "")];
    d.disagreement = d.disagreement || e.contains("solver_disagreement");
  }
  Json summary = Json::object();
  for (const std::string& cls : class_order())
    if (counts[cls]) summary[cls] = counts[cls];
  record["summary"] = summary;
  record["semver"] = semver_from(record);
  Requirement req = judge(record, require, allow);
  for (const Json& a : req.allowed) record["functions"][a["function"].get<std::string>()]["allowed"] = a["reason"];
  if (!require.empty()) record["require"] = req.require;
  if (!allow.empty()) record["allowed"] = req.allowed;
  if (!req.warnings.empty()) record["warnings"] = req.warnings;
  d.holds = req.holds;
  return d;
}

}  // namespace cairn::diff
