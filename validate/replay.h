// A counterexample of the smt part replayed natively as one more case (tools.md §5.6): failed (then shrunk and
// kept like any failure), within-policy, outside-domain, unknown, or not-run when the finite cases failed.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "validate/finite.h"
#include "validate/smt_part.h"

namespace cairn::validate {

struct Replay {
  std::string status = "not-run";
  std::string reason;
  nlohmann::ordered_json record = nlohmann::ordered_json::object();
  bool failed = false;
  Finite shrunk;  // when failed: the shrunk case and what each side did
};

Replay replay_witness(Session& s, const SmtPart& part, const Finite& f, const std::string& regressions);

}  // namespace cairn::validate
