// `cairn verify --symbol NAME`: flags judged, both files read and checked, the one function compared.
#include <memory>

#include "verify/verify.h"
#include "verify/compare.h"

namespace cairn::smt {

namespace {

VerifyResult environment(const std::string& message) {
  VerifyResult out;
  out.environment = diag::environment_failure(message);
  out.exit_code = 2;
  return out;
}

}  // namespace

std::optional<std::string> options_error(const VerifyOptions& o) {
  if (o.timeout_ms < 1 || o.timeout_ms > kMaxTimeoutMs)
    return "--timeout-ms takes a whole number from 1 to 30000, not " + std::to_string(o.timeout_ms) + ".";
  if (o.depth < 1 || o.depth > kMaxDepth)
    return "--depth takes a whole number from 1 to 1024, not " + std::to_string(o.depth) + ".";
  bool any = false;
  for (bool u : o.solvers.use) any = any || u;
  if (!any) return "--solver names no solver.";
  return std::nullopt;
}

VerifyResult verify_symbol(const std::string& reference, const std::string& candidate, const std::string& symbol,
                           const std::vector<std::string>& assume_words, const VerifyOptions& options) {
  if (auto e = options_error(options)) return environment(*e);
  std::vector<AssumeArg> assumes;
  std::string error;
  if (!parse_assumes(assume_words, assumes, error)) return environment(error);
  for (const AssumeArg& a : assumes)
    if (a.symbol != symbol) return environment("--assume names " + a.symbol + ", but --symbol names " + symbol + ".");
  Side ref, cand;
  if (!read_side(reference, ref, error) || !read_side(candidate, cand, error)) return environment(error);
  check_side(ref);
  check_side(cand);
  FunctionJob job{&ref, &cand, symbol, find_assume(assumes, symbol), options};
  FunctionResult f;
  if (ref.refusal || cand.refusal) {
    const Side& bad = ref.refusal ? ref : cand;
    if (bad.refusal->environment) {
      VerifyResult out;
      out.environment = bad.refusal;
      return out;
    }
    f = rejected_result(job, bad, ref.refusal ? "reference" : "candidate");
  } else {
    f = compare_function(job);
  }
  if (f.environment) return environment(*f.environment);
  VerifyResult out;
  out.record = f.record;
  out.human = f.human;
  out.exit_code = status_exit_code(f.status);
  return out;
}

}  // namespace cairn::smt
