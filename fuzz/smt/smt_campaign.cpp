// The --smt campaign's record and kept cases. A mismatch is kept as found (not reduced): its file holds the
// whole generated program, the found line and the `// expect smt:` line; an existing file is not rewritten.
#include "fuzz/smt/smt_campaign.h"

#include <filesystem>

#include "front/source/atomic_file.h"
#include "front/source/sha256.h"
#include "smt/backend.h"

namespace cairn::fuzz {

CampaignResult run_smt_campaign(const SmtOptions& options, const std::string& out_dir) {
  namespace fs = std::filesystem;
  using Json = nlohmann::ordered_json;
  SmtCampaign c = run_smt_mode(options);
  Json mismatches = Json::array();
  std::string lines;
  for (const SmtMismatch& m : c.mismatches) {
    std::string text = smt_case_text(m, options.seed);
    std::string hash = sha256_hex(m.program).substr(0, 16);
    std::string file = (fs::path(out_dir) / "smt" / (hash + ".cairn")).string();
    std::error_code ec;
    bool existed = fs::exists(file, ec);
    std::string error;
    if (!existed) {
      fs::create_directories(fs::path(file).parent_path(), ec);
      if (ec || !write_file_atomic(file, text, error)) file = "not kept: " + (ec ? ec.message() : error);
    }
    Json j = m.to_json();
    j["file"] = file;
    j["reduced"] = nullptr;  // kept as generated: the smt mismatches are not reduced yet
    if (existed) j["duplicate_of"] = hash;
    mismatches.push_back(j);
    lines += m.expect_line.substr(m.expect_line.rfind("// ", 0) == 0 ? 3 : 0) + "  (" + m.solver + ", " + m.detail + ")  " + file + "\n";
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
  r["throughput"] = {{"seconds", c.seconds}, {"programs_per_s", c.seconds > 0 ? c.programs / c.seconds : 0.0}};
  CampaignResult out;
  out.record = r;
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f s", c.seconds);
  out.human = "fuzz --smt seed " + std::to_string(options.seed) + ": " + std::to_string(c.programs) + " programs, " +
              std::to_string(smt.value("functions", 0)) + " functions, " + std::to_string(smt.value("inputs", 0)) +
              " inputs in " + rate + " (" + std::to_string(smt.value("outside_fragment", 0)) + " outside the fragment, " +
              std::to_string(smt.value("beyond_bound", 0)) + " inputs beyond the bound, " +
              std::to_string(smt.value("timeouts", 0)) + " solver timeouts)\n";
  out.human += agreed ? "agreed: the encoding and the interpreter agree on every input asked\n"
                      : "disagreed: " + std::to_string(c.mismatches.size()) + " mismatches, " + std::to_string(defects.size()) +
                            " generator defects\n" + lines;
  out.exit_code = agreed ? 0 : 1;
  return out;
}

}  // namespace cairn::fuzz
