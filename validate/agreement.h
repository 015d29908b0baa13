// Agreement of two outcomes of one case under the numerical policy `cairn.agreement/1` (tools.md §5.3).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "front/check/sema.h"
#include "targets/isolated_call.h"
#include "validate/policy.h"

namespace cairn::validate {

enum class Verdict : uint8_t {
  Agree,
  Disagree,
  TimedOut,  // a timeout on either side decides nothing
};

// Compares the reference's outcome `r` with a candidate's `c` for a call of `fn` (its result type and rw
// parameters say which bits are floats). `why` gets one phrase when they disagree ("returns 3 against 5",
// "traps against returns 7", "rw xs[2]: 1.5 against 1.25").
Verdict agree(const check::FnInfo& fn, const targets::IsolatedOutcome& r, const targets::IsolatedOutcome& c,
              const Policy& policy, std::string* why = nullptr);

// Two float values (bits at the type's width) under the four rules of §5.3.
bool floats_agree(check::Scalar type, uint64_t r, uint64_t c, double absolute, double relative);

// The canonical text of the rules and its digest; the record's `agreement` object.
const std::string& agreement_rules_text();
nlohmann::ordered_json agreement_json(const Policy& policy);

}  // namespace cairn::validate
