// The cairn.fuzz/1 record (differential mode) and the human form rendered from the same tally.
#include "fuzz/run/record.h"

#include <cstdio>

#include "fuzz/gen/generate.h"
#include "fuzz/run/campaign.h"

namespace cairn::fuzz {

namespace {

std::string fixed1(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

double rounded(double v) { return static_cast<double>(static_cast<int64_t>(v * 1000 + 0.5)) / 1000; }

nlohmann::ordered_json disagreement_json(const CampaignOptions& o, const Disagreement& d) {
  nlohmann::ordered_json j;
  j["id"] = d.id;
  j["file"] = d.file;
  j["seed"] = o.seed;
  j["index"] = d.index;
  j["kind"] = finding_kind_name(d.kind);
  j["engine"] = engine_info(d.engine).name;
  nlohmann::ordered_json engines = nlohmann::ordered_json::object();
  for (const auto& [id, out] : d.outcomes) engines[engine_info(id).name] = outcome_json(out);
  j["engines"] = engines;
  j["reduced"] = {{"from_bytes", d.from_bytes}, {"to_bytes", d.to_bytes}, {"steps", d.steps},
                  {"seconds", rounded(d.seconds)}, {"minimal", d.minimal}};
  if (d.duplicate) j["duplicate_of"] = d.id;
  if (!d.write_error.empty()) j["write_error"] = d.write_error;
  return j;
}

}  // namespace

nlohmann::ordered_json engines_json(const std::vector<EngineId>& engines) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (EngineId e : engines) a.push_back(engine_info(e).name);
  return a;
}

nlohmann::ordered_json engine_counts_json(const std::vector<EngineId>& engines,
                                          const std::map<EngineId, uint64_t>& counts, bool boards_only) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (EngineId e : engines) {
    if (boards_only && engine_info(e).kind != EngineKind::Qemu) continue;
    auto it = counts.find(e);
    j[engine_info(e).name] = it == counts.end() ? 0 : it->second;
  }
  return j;
}

std::string board_lines(const std::vector<EngineId>& engines, const std::map<EngineId, uint64_t>& ran,
                        const std::map<EngineId, uint64_t>& skipped) {
  std::string s;
  for (EngineId e : engines) {
    if (engine_info(e).kind != EngineKind::Qemu) continue;
    auto r = ran.find(e);
    auto k = skipped.find(e);
    uint64_t n = r == ran.end() ? 0 : r->second, m = k == skipped.end() ? 0 : k->second;
    s += std::string(engine_info(e).name) + ": " + std::to_string(n) + " program" + (n == 1 ? "" : "s") + " run, " +
         std::to_string(m) + " skipped (outside the freestanding profile)\n";
  }
  return s;
}

std::string engines_line(const std::vector<EngineId>& engines, const std::map<std::string, std::string>& unavailable) {
  std::string s;
  for (EngineId e : engines) s += (s.empty() ? "" : ", ") + std::string(engine_info(e).name);
  std::string missing;
  for (const auto& [name, why] : unavailable) missing += (missing.empty() ? "" : "; ") + name + " unavailable: " + why;
  if (!missing.empty()) s += " (" + missing + ")";
  return s;
}

nlohmann::ordered_json campaign_record(const CampaignOptions& o, const FuzzTally& t) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.fuzz/1";
  j["mode"] = "differential";
  j["status"] = t.disagreements.empty() && t.generator_defects.empty() ? "agreed" : "disagreed";
  j["seed"] = o.seed;
  if (o.seconds) j["requested"] = {{"seconds", *o.seconds}};
  else if (o.index) j["requested"] = {{"count", 1}, {"index", *o.index}};
  else j["requested"] = {{"count", o.count.value_or(1000)}};
  if (o.shard_count > 1) j["shard"] = std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count);
  j["engines"] = engines_json(t.engines);
  nlohmann::ordered_json un = nlohmann::ordered_json::object();
  for (const auto& [name, why] : t.unavailable) un[name] = why;
  j["engines_unavailable"] = un;
  j["programs"] = t.programs;
  j["engine_runs"] = t.engine_runs;
  j["engine_programs"] = engine_counts_json(t.engines, t.engine_programs, false);
  j["engine_skipped"] = engine_counts_json(t.engines, t.engine_skipped, true);
  nlohmann::ordered_json cons = nlohmann::ordered_json::object();
  for (Construct c : all_constructs()) {
    auto it = t.constructs.find(std::string(construct_name(c)));
    cons[std::string(construct_name(c))] = it == t.constructs.end() ? 0 : it->second;
  }
  j["constructs"] = cons;
  j["intended_traps"] = t.intended_traps;
  nlohmann::ordered_json defects = nlohmann::ordered_json::array();
  for (const GeneratorDefect& g : t.generator_defects)
    defects.push_back({{"index", g.index}, {"file", g.file}, {"reason", g.reason}});
  j["generator_defects"] = defects;
  nlohmann::ordered_json dis = nlohmann::ordered_json::array();
  for (const Disagreement& d : t.disagreements) dis.push_back(disagreement_json(o, d));
  j["disagreements"] = dis;
  double secs = t.seconds > 0 ? t.seconds : 1e-9;
  const StageSeconds& st = t.stages;
  j["throughput"] = {{"seconds", rounded(t.seconds)},
                     {"programs_per_s", rounded(static_cast<double>(t.programs) / secs)},
                     {"engine_runs_per_s", rounded(static_cast<double>(t.engine_runs) / secs)},
                     {"stage_seconds", {{"generate", rounded(st.generate)}, {"check", rounded(st.check)},
                                        {"interp", rounded(st.interp)}, {"build", rounded(st.build)},
                                        {"run", rounded(st.run)}, {"reduce", rounded(st.reduce)}}}};
  return j;
}

std::string campaign_human(const CampaignOptions& o, const FuzzTally& t) {
  double secs = t.seconds > 0 ? t.seconds : 1e-9;
  std::string s = "fuzz seed " + std::to_string(o.seed) + ": " + std::to_string(t.programs) + " programs, " +
                  std::to_string(t.engine_runs) + " engine runs in " + fixed1(t.seconds) + " s (" +
                  fixed1(static_cast<double>(t.programs) / secs) + " programs/s, " +
                  fixed1(static_cast<double>(t.engine_runs) / secs) + " engine runs/s)\n";
  s += "engines: " + engines_line(t.engines, t.unavailable) + "\n";
  s += board_lines(t.engines, t.engine_programs, t.engine_skipped);
  size_t fresh = 0;
  for (const Disagreement& d : t.disagreements) fresh += d.duplicate ? 0 : 1;
  if (t.disagreements.empty() && t.generator_defects.empty()) {
    s += "agreed\n";
  } else {
    s += "disagreed: " + std::to_string(fresh) + " new case" + (fresh == 1 ? "" : "s");
    if (fresh != t.disagreements.size())
      s += ", " + std::to_string(t.disagreements.size() - fresh) + " already kept";
    size_t g = t.generator_defects.size();
    if (g) s += ", " + std::to_string(g) + " generator defect" + (g == 1 ? "" : "s");
    s += "\n";
  }
  for (const Disagreement& d : t.disagreements) {
    s += std::string(finding_kind_name(d.kind)) + "  interp vs " + engine_info(d.engine).name + "  " +
         (d.file.empty() ? "(not written: " + d.write_error + ")" : d.file) + " (reduced " +
         std::to_string(d.from_bytes) + " -> " + std::to_string(d.to_bytes) + " bytes, " +
         (d.minimal ? "minimal" : "not minimal") + (d.duplicate ? ", duplicate" : "") + ")\n";
  }
  for (const GeneratorDefect& g : t.generator_defects)
    s += "generator defect  index " + std::to_string(g.index) + "  " + g.file + ": " + g.reason + "\n";
  return s;
}

}  // namespace cairn::fuzz
