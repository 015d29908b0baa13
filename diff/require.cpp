// meets, gather_allows and judge (require.h).
#include "diff/require.h"

#include "base/suggest.h"

namespace cairn::diff {

using Json = nlohmann::ordered_json;

namespace {

// Whether class CLS meets LEVEL ("equivalent" or "identical").
bool meets(const std::string& cls, const std::string& level) {
  return cls == "identical-code" || cls == "identical-source" || (level == "equivalent" && cls == "smt-equivalent");
}

// Where the NEW side's manifest is, as a user names it: its path, or REVISION:PATH for a side exported by git.
std::string manifest_name(const Version& v) {
  const std::string& shown = v.checked.run.project.manifest_display;
  const ResolvedSide& s = v.side;
  if (s.scratch.empty() || shown.compare(0, s.scratch.size(), s.scratch) != 0) return shown;
  std::string rest = shown.substr(s.scratch.size());
  while (!rest.empty() && rest[0] == '/') rest.erase(0, 1);
  return s.named + ":" + rest;
}

std::vector<std::string> function_names(const Classified& c) {
  std::vector<std::string> names;
  for (const auto& [name, e] : c.fns) names.push_back(name);
  return names;
}

std::string unknown_function(const std::string& where, const std::string& name, const std::vector<std::string>& names) {
  return "The " + where + " entry " + name + " names no function of either side." + did_you_mean(name, names);
}

}  // namespace

std::optional<diag::Refusal> gather_allows(const Classified& c, const Version& new_v, std::vector<Allow>& allow) {
  std::vector<std::string> names = function_names(c);
  for (const Allow& a : allow)
    if (!c.fns.count(a.function)) return diag::environment_failure(unknown_function("--allow", a.function, names));
  std::string manifest = manifest_name(new_v);
  for (const project::ManifestAllow& m : new_v.checked.run.project.allow) {
    if (!c.fns.count(m.function))
      return diag::environment_failure(unknown_function("[allow]", m.function, names), manifest, m.line, m.col);
    bool given = false;
    for (const Allow& a : allow) given = given || a.function == m.function;
    if (!given) allow.push_back({m.function, m.reason, manifest + ":" + std::to_string(m.line)});
  }
  return std::nullopt;
}

Requirement judge(const Json& record, const std::string& level, const std::vector<Allow>& allow) {
  Requirement r;
  std::string judged = level.empty() ? "equivalent" : level;
  auto allowed_by = [&](const std::string& name) -> const Allow* {
    for (const Allow& a : allow)
      if (a.function == name) return &a;
    return nullptr;
  };
  const Json none = Json::object();
  auto part = [&](const char* key) -> const Json& {
    return record.contains(key) && record[key].is_object() ? record[key] : none;
  };
  Json breaking = Json::array();
  for (const auto& [name, e] : part("functions").items()) {
    const std::string cls = e.value("class", "");
    const Allow* a = allowed_by(name);
    if (meets(cls, judged)) {
      if (a)
        r.warnings.push_back("The allow of " + name + " (" + a->from + ") accepts nothing: " + name + " is " + cls +
                             ", which meets require " + judged + ".");
      continue;
    }
    if (a) {
      r.allowed.push_back({{"function", name}, {"class", cls}, {"reason", a->reason}, {"from", a->from}});
      continue;
    }
    Json b = {{"function", name}, {"class", cls}};
    if (cls == "unknown" && e.contains("reason") && e["reason"].is_string()) b["reason"] = e["reason"];
    breaking.push_back(b);
  }
  for (const auto& [name, change] : part("types").items()) breaking.push_back({{"type", name}, {"change", change}});
  for (const auto& [name, cls] : part("tests").items())
    if (cls != "identical-code") breaking.push_back({{"test", name}, {"class", cls}});
  if (level.empty()) return r;
  r.holds = breaking.empty();
  r.require = {{"level", level}, {"holds", r.holds}, {"breaking", breaking}};
  return r;
}

}  // namespace cairn::diff
