// One call's encoding asked with its inputs fixed (tools.md §6.4): the query, the model read back as an
// outcome, and the comparison with the interpreter's outcome of the same call.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/smt/smt_mode.h"
#include "smt/backend.h"
#include "smt/encode.h"

namespace cairn::fuzz {

// A scalar's model bits as a literal term (bool: true or false; else a bit-vector of the scalar's width).
smt::Term scalar_term(smt::Context& c, check::Scalar t, uint64_t bits);

// The query: the admitted inputs, each leaf equal to its value; wanted: trapped, past_bound, then per observed
// part its relevance and value (a scalar) or its length and first 16 elements (an array).
smt::Query concrete_query(smt::Context& c, const smt::Inputs& in, const smt::Encoded& e,
                          const std::vector<uint64_t>& values, unsigned timeout_ms);

// What a sat model says of the call.
struct ModelCall {
  bool trapped = false, past_bound = false;
  std::vector<sem::ObservedLeaf> leaves;  // per Observed (arrays: `bits` the length, `elems` below it, <= 16)
};
// nullopt when the values do not have the query's shape (an internal fault the caller reports).
std::optional<ModelCall> read_model(const smt::Encoded& e, const smt::CheckResult& r);

struct Difference {
  SmtMismatchKind kind;
  std::string detail;
};
// Definedness, then every observed part as data (a NaN matches any NaN). nullopt: they agree.
std::optional<Difference> compare_call(const smt::Inputs& in, const smt::Encoded& e, const ModelCall& model,
                                       const sem::CallOutcome& run);

}  // namespace cairn::fuzz
