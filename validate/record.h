// The cairn.validation/1 record (tools.md §5.11), its human lines and the exit code, gathered as the validation
// goes: every early end (rejected, invalid, unknown) and the full record after the cases ran.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "validate/finite.h"
#include "validate/replay.h"
#include "validate/smt_part.h"
#include "validate/validate.h"

namespace cairn::validate {

class Report {
 public:
  explicit Report(const ValidateOptions& o);
  void names(const check::FnInfo& ref, const check::FnInfo& impl);
  void policy(const Policy& p, const std::string& regressions);
  void built(const Session& s);
  // One part of `identity` (source, contract, target, compiler, artifact); the parts not known stay null.
  void identity(const char* part, const std::string& digest);

  ValidateResult rejected(const diag::Refusal& r);
  ValidateResult invalid(const std::string& why);
  ValidateResult unknown(const std::string& why);
  ValidateResult finish(const Session& s, const std::map<uint64_t, std::string>& tiles, const Regressions& kept,
                        const std::vector<Case>& generated, const Finite& f, const SmtPart& part,
                        const Replay& replay, const std::string& regressions, bool replayed_by_cairn_test);

 private:
  const ValidateOptions& o_;
  nlohmann::ordered_json r_;
  std::string reference_, implementation_;
  ValidateResult end(const std::string& status, const std::string& human, int exit_code);
};

// "n = 8, xs = [0, 0, 0, 0, 0, 0, 0, 1]" (views one element off say so).
std::string case_text(const check::FnInfo& fn, const Case& c);
// "returns 5", "traps overflow", "timed out after 5 s", "crashed (SIGSEGV)".
std::string outcome_text(const check::FnInfo& fn, const targets::IsolatedOutcome& o);
nlohmann::ordered_json outcome_json(const check::FnInfo& fn, const targets::IsolatedOutcome& o);

}  // namespace cairn::validate
