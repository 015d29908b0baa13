// The replay of one kept smt case: its header read, the fixed call examined again, the verdict against the header.
#include "fuzz/smt/smt_replay.h"

#include <algorithm>
#include <filesystem>

#include "base/atomic_file.h"
#include "fuzz/smt/smt_case.h"
#include "fuzz/smt/smt_recheck.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> smt_case_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::path sub = fs::path(dir) / "smt";
  if (!fs::is_directory(sub, ec)) return files;
  for (const fs::directory_entry& e : fs::directory_iterator(sub, ec))
    if (e.is_regular_file(ec) && e.path().extension() == ".cairn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The case's solver, or both when it names none (an encoder fault).
smt::SolverSet solvers_named(const std::string& solver) {
  if (solver == "z3") return smt::SolverSet::only(smt::Solver::Z3);
  if (solver == "cvc5") return smt::SolverSet::only(smt::Solver::Cvc5);
  return smt::SolverSet{};
}

// Why a call that did not reach the solvers cannot pass.
std::string not_examined(const Recheck& r) {
  switch (r.verdict) {
    case RecheckVerdict::Refused: return "the checker refuses it: " + r.detail;
    case RecheckVerdict::NoFunction: return "the fixed call cannot be made: " + r.detail;
    case RecheckVerdict::OutsideFragment: return "the encoder no longer models the function: " + r.detail;
    case RecheckVerdict::BeyondBound: return "the call is beyond the bound: " + r.detail;
    case RecheckVerdict::NoAnswer:
    case RecheckVerdict::Agreed:
    case RecheckVerdict::Mismatch: break;
  }
  return "";
}

void replay_one(SmtReplayCase& c, unsigned timeout_ms) {
  std::string text;
  SmtCaseHeader h;
  if (!read_file(c.file, text)) {
    c.error = "The file cannot be read.";
    return;
  }
  if (!parse_smt_case(text, h, c.error)) return;
  FixedCall call{h.function(), h.signature, h.leaves};
  // Checked under the name it was kept under, so a trap's position reads as in the expect line.
  Recheck r = recheck_call(h.hash + ".cairn", text, call, solvers_named(h.solver), timeout_ms);
  if (!r.expect_text.empty() && r.expect_text != h.expect) {
    if (h.expect.rfind(r.call_text + " ", 0) != 0) {
      c.error = "The \"// expect smt:\" line's input is not the \"// smt leaves:\" line's: they read " +
                r.call_text + ".";
      return;
    }
    c.fails["interp"] = r.expect_text.substr(r.call_text.size() + 1) + " (the header expects " +
                        h.expect.substr(r.call_text.size() + 1) + ")";
  }
  if (r.verdict == RecheckVerdict::Mismatch) c.fails[r.solver.empty() ? "encoder" : r.solver] = r.detail;
  else if (r.verdict == RecheckVerdict::NoAnswer) c.fails["solver"] = r.detail;
  else if (r.verdict != RecheckVerdict::Agreed) c.error = not_examined(r);
}

}  // namespace

nlohmann::ordered_json SmtReplayCase::to_json() const {
  nlohmann::ordered_json j;
  j["file"] = file;
  j["kind"] = "smt";
  j["status"] = passed() ? "passed" : "failed";
  if (!error.empty()) j["error"] = error;
  if (!fails.empty()) j["smt"] = fails;
  return j;
}

std::vector<SmtReplayCase> replay_smt_cases(const std::string& dir, unsigned timeout_ms) {
  std::vector<SmtReplayCase> cases;
  for (const std::string& f : smt_case_files(dir)) {
    SmtReplayCase c;
    c.file = f;
    replay_one(c, timeout_ms);
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace cairn::fuzz
