// The --smt campaign's record and kept cases. The first mismatch of each function is reduced and kept under
// DIR/smt/HASH.cairn (smt_reduce.h); the function's other mismatches (other inputs or solvers) name that case as
// `covered_by` and are not reduced again.
#include "fuzz/smt/smt_campaign.h"

#include <filesystem>

#include <map>
#include <utility>

#include "fuzz/smt/smt_reduce.h"
#include "smt/backend.h"

namespace cairn::fuzz {

CampaignResult run_smt_campaign(const SmtOptions& options, const std::string& out_dir) {
  namespace fs = std::filesystem;
  using Json = nlohmann::ordered_json;
  SmtCampaign c = run_smt_mode(options);
  Json mismatches = Json::array();
  std::string lines;
  std::map<std::pair<uint64_t, std::string>, std::string> kept;  // (index, function) -> the case reduced for it
  double reduce_seconds = 0;
  for (const SmtMismatch& m : c.mismatches) {
    Json j = m.to_json();
    std::string shown = m.expect_line;
    auto [at, first] = kept.emplace(std::make_pair(m.index, m.function), "");
    if (first) {
      SmtKept k = reduce_and_keep_smt(m, options.seed, (fs::path(out_dir) / "smt").string(), options.timeout_ms,
                                      options.reduce_s);
      reduce_seconds += k.reduction.seconds;
      at->second = k.id;
      j["id"] = k.id;
      j["file"] = k.file.empty() ? "not kept: " + k.error : k.file;
      j["reduced"] = {{"from_bytes", k.from_bytes}, {"to_bytes", k.reduction.text.size()},
                      {"steps", k.reduction.steps}, {"seconds", k.reduction.seconds},
                      {"minimal", k.reduction.minimal}};
      j["expect"] = k.expect_line;
      if (k.duplicate) j["duplicate_of"] = k.id;
      shown = k.expect_line + "  (" + m.solver + ", " + m.detail + ")  " + j["file"].get<std::string>() +
              " (reduced " + std::to_string(k.from_bytes) + " -> " + std::to_string(k.reduction.text.size()) +
              " bytes" + (k.reduction.minimal ? ", minimal" : "") + ")";
    } else {
      j["reduced"] = nullptr;
      j["covered_by"] = at->second;
      shown += "  (" + m.solver + ", " + m.detail + ")  covered by " + at->second;
    }
    mismatches.push_back(j);
    lines += shown.substr(shown.rfind("// ", 0) == 0 ? 3 : 0) + "\n";
  }
  Json defects = c.generator_defects;
  bool agreed = c.mismatches.empty() && defects.empty();
  Json r;
  r["protocol"] = "cairn.fuzz/1";
  r["mode"] = "smt";
  r["status"] = agreed ? "agreed" : "disagreed";
  r["seed"] = options.seed;
  if (options.index) r["requested"] = {{"index", *options.index}};
  else if (options.seconds) r["requested"] = {{"seconds", *options.seconds}};
  else r["requested"] = {{"count", options.count.value_or(1000)}};
  Json solvers = Json::array();
  for (smt::Solver s : {smt::Solver::Z3, smt::Solver::Cvc5})
    if (options.solvers.has(s)) solvers.push_back(smt::solver_name(s));
  r["solvers"] = solvers;
  r["programs"] = c.programs;
  r["generator_defects"] = defects;
  Json smt = c.smt;
  smt["mismatches"] = mismatches;
  r["smt"] = smt;
  r["throughput"] = {{"seconds", c.seconds + reduce_seconds},
                     {"programs_per_s", c.seconds > 0 ? c.programs / c.seconds : 0.0},
                     {"stage_seconds", {{"examine", c.seconds}, {"reduce", reduce_seconds}}}};
  CampaignResult out;
  out.record = r;
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f s", c.seconds);
  out.human = "fuzz --smt seed " + std::to_string(options.seed) + ": " + std::to_string(c.programs) + " programs, " +
              std::to_string(smt.value("functions", 0)) + " functions, " + std::to_string(smt.value("inputs", 0)) +
              " inputs in " + rate + " (" + std::to_string(smt.value("outside_fragment", 0)) + " outside the fragment, " +
              std::to_string(smt.value("beyond_bound", 0)) + " inputs beyond the bound, " +
              std::to_string(smt.value("timeouts", 0)) + " solver timeouts, " +
              std::to_string(smt.value("inductive", 0)) + " inputs also checked against loops proved by induction)\n";
  out.human += agreed ? "agreed: the encoding and the interpreter agree on every input asked\n"
                      : "disagreed: " + std::to_string(c.mismatches.size()) + " mismatches, " + std::to_string(defects.size()) +
                            " generator defects\n" + lines;
  out.exit_code = agreed ? 0 : 1;
  return out;
}

}  // namespace cairn::fuzz
