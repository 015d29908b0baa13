// merge_records (merge.h).
#include "diff/merge.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/atomic_file.h"
#include "diff/derive.h"
#include "diff/render.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;

constexpr uint64_t kMaxRecordBytes = 256ull << 20;

struct Shard {
  std::string path;
  Json record;
  unsigned index = 1, count = 1;
};

DiffResult refuse(const std::string& message) {
  DiffResult r;
  r.environment = diag::environment_failure(message);
  r.exit_code = 2;
  return r;
}

std::string sides_text(const Json& r) {
  auto one = [](const Json& s) {
    std::string t = s.is_object() ? s.value("named", "?") : "?";
    if (s.is_object() && !s.value("commit", "").empty()) t += " (" + s.value("commit", "").substr(0, 12) + ")";
    return t;
  };
  return one(r.value("old", Json())) + " -> " + one(r.value("new", Json()));
}

// Reads PATH as a shard record; "" when it is one, else why not.
std::string load(const std::string& path, Shard& out) {
  out.path = path;
  std::string bytes;
  if (!read_file(path, bytes)) return "The record " + path + " cannot be read.";
  if (bytes.size() > kMaxRecordBytes) return "The record " + path + " is larger than 256 MiB.";
  out.record = Json::parse(bytes, nullptr, false);
  if (out.record.is_discarded() || !out.record.is_object()) return "The record " + path + " is not JSON object text.";
  const Json& r = out.record;
  if (r.contains("side") && r.contains("version") && r.value("protocol", "") == "cairn.diagnostic/2")
    return "The record " + path + " holds the refusal of the " + r.value("side", "?") +
           " side, not a comparison: fix that side and run the shard again.";
  std::string schema = r.value("protocol", r.value("schema", ""));
  if (schema != "cairn.diff/1") return "The record " + path + " is not a cairn.diff/1 record.";
  if (!r.contains("functions") || !r["functions"].is_object() || !r.contains("old") || !r.contains("new"))
    return "The record " + path + " lacks its sides or functions.";
  if (r.contains("shard")) {
    const Json& s = r["shard"];
    if (!s.is_object() || !s.contains("index") || !s.contains("count") || !s["index"].is_number_unsigned() ||
        !s["count"].is_number_unsigned())
      return "The record " + path + " has a malformed shard.";
    out.index = s["index"].get<unsigned>();
    out.count = s["count"].get<unsigned>();
    if (out.index < 1 || out.index > out.count) return "The record " + path + " has a malformed shard.";
  }
  return "";
}

std::string require_level(const Json& r) {
  return r.contains("require") && r["require"].is_object() ? r["require"].value("level", "") : "";
}

// Every shard against the first: the same sides, cairn, shard count, level, types and tests.
std::string mismatch(const std::vector<Shard>& shards, const std::string& require) {
  const Shard& first = shards[0];
  std::set<unsigned> seen;
  for (const Shard& s : shards) {
    const Json& r = s.record;
    if (r["old"] != first.record["old"] || r["new"] != first.record["new"])
      return "The record " + s.path + " compares " + sides_text(r) + ", but " + first.path + " compares " +
             sides_text(first.record) + ".";
    if (r.value("compiler", "") != first.record.value("compiler", ""))
      return "The record " + s.path + " was written by " + r.value("compiler", "?") + ", but " + first.path + " by " +
             first.record.value("compiler", "?") + ".";
    if (s.count != first.count)
      return "The record " + s.path + " is one of " + std::to_string(s.count) + " shards, but " + first.path +
             " one of " + std::to_string(first.count) + ".";
    if (!seen.insert(s.index).second)
      return "The records hold shard " + std::to_string(s.index) + "/" + std::to_string(s.count) + " twice (" +
             s.path + ").";
    if (require.empty() && require_level(r) != require_level(first.record))
      return "The record " + s.path + " was judged at require " +
             (require_level(r).empty() ? std::string("none") : require_level(r)) + ", but " + first.path + " at " +
             (require_level(first.record).empty() ? std::string("none") : require_level(first.record)) +
             "; give --require to judge the merge at one level.";
    for (const char* key : {"types", "tests", "types_public"})
      if (r.value(key, Json::object()) != first.record.value(key, Json::object()))
        return "The record " + s.path + " disagrees with " + first.path + " on " + key + ".";
  }
  if (seen.size() != first.count) {
    for (unsigned i = 1; i <= first.count; ++i)
      if (!seen.count(i))
        return "Shard " + std::to_string(i) + "/" + std::to_string(first.count) + " is missing: " +
               std::to_string(shards.size()) + " of " + std::to_string(first.count) + " records were given.";
  }
  return "";
}

}  // namespace

DiffResult merge_records(const std::vector<std::string>& paths, const std::string& require) {
  if (paths.empty()) return refuse("cairn diff --merge takes the shard records to join.");
  std::vector<Shard> shards(paths.size());
  for (size_t i = 0; i < paths.size(); ++i)
    if (std::string why = load(paths[i], shards[i]); !why.empty()) return refuse(why);
  if (std::string why = mismatch(shards, require); !why.empty()) return refuse(why);

  const Json& first = shards[0].record;
  std::map<std::string, Json> functions;
  std::vector<Allow> allow;
  Json warnings = Json::array();
  std::set<std::string> warned;
  Json durations = Json::object();
  for (const Shard& s : shards) {
    for (const auto& [name, entry] : s.record["functions"].items()) {
      if (functions.count(name)) return refuse("The function " + name + " is in more than one record (" + s.path + ").");
      Json e = entry;
      e.erase("allowed");  // judged again below
      functions[name] = e;
    }
    for (const Json& a : s.record.value("allowed", Json::array()))
      if (a.is_object()) allow.push_back({a.value("function", ""), a.value("reason", ""), a.value("from", "")});
    for (const Json& w : s.record.value("warnings", Json::array()))
      if (w.is_string() && warned.insert(w.get<std::string>()).second) warnings.push_back(w);
    const Json phases = s.record.value("durations_s", Json::object());
    for (const auto& [phase, seconds] : phases.items())
      if (seconds.is_number()) durations[phase] = durations.value(phase, 0.0) + seconds.get<double>();
  }

  Json r;
  for (const char* key : {"schema", "compiler", "compared", "old", "new"})
    if (first.contains(key)) r[key] = first[key];
  r["summary"] = Json::object();
  r["functions"] = Json::object();
  for (auto& [name, e] : functions) r["functions"][name] = std::move(e);
  for (const char* key : {"types", "types_public", "tests"})
    if (first.contains(key)) r[key] = first[key];
  r["semver"] = Json::object();
  for (const char* key : {"formal_status", "predicted"})
    if (first.contains(key)) r[key] = first[key];
  std::string level = require.empty() ? require_level(first) : require;
  Derived d = derive(r, level, allow);
  if (!warnings.empty()) {
    Json all = r.value("warnings", Json::array());
    for (const Json& w : warnings)
      if (std::find(all.begin(), all.end(), w) == all.end()) all.push_back(w);
    r["warnings"] = all;
  }
  Json records = Json::array();
  for (const Shard& s : shards) records.push_back(s.path);
  r["merged"] = {{"shards", first.contains("shard") ? first["shard"]["count"].get<unsigned>() : 1u}, {"records", records}};
  if (first.contains("solver_versions")) r["solver_versions"] = first["solver_versions"];
  r["durations_s"] = durations;

  DiffResult out;
  out.human = render_human(r);
  out.markdown = render_markdown(r);
  out.record = std::move(r);
  out.exit_code = d.disagreement ? 2 : d.holds ? 0 : 1;
  return out;
}

}  // namespace cairn::diff
