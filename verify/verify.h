// `cairn verify` as a library: one function (--symbol, cairn.semantic/1) or a whole module (--all,
// cairn.verification-coverage/1), with the human lines of tools.md §3.9 and the exit codes of §3.10.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"
#include "verify/solve.h"

namespace cairn::smt {

constexpr unsigned kDefaultTimeoutMs = 3000;
constexpr unsigned kMaxTimeoutMs = 30000;
constexpr unsigned kDefaultDepth = 64;    // iterations the search for a difference past the unrolling bound unrolls
constexpr unsigned kMaxDepth = 1024;
constexpr double kModuleBudgetSeconds = 30;
constexpr const char* kProfile = "cairn-value-bv-fp-array/3";

struct VerifyOptions {
  unsigned timeout_ms = kDefaultTimeoutMs;       // each solver on each query, 1..30000
  SolverSet solvers;                             // --solver
  std::optional<std::string> queries_dir;        // --queries DIR
  bool allow_reference_traps = false;            // false from verify; diff and validate ask for true
  unsigned depth = kDefaultDepth;                // --depth: 1..1024; at 16 or below no deeper search runs
};

struct VerifyResult {
  std::optional<diag::Refusal> environment;  // an environment failure: printed instead of the record, exit 2
  nlohmann::ordered_json record;
  std::string human;                         // the §3.9 lines, each ending in a newline
  int exit_code = 2;
};

// --symbol NAME. `assumes` are the raw SYM=EXPR words.
VerifyResult verify_symbol(const std::string& reference, const std::string& candidate, const std::string& symbol,
                           const std::vector<std::string>& assumes, const VerifyOptions& options);

// --all.
VerifyResult verify_module(const std::string& reference, const std::string& candidate,
                           const std::vector<std::string>& assumes, const VerifyOptions& options);

// A flag value out of range (the timeout, an empty solver set): the usage error, one sentence.
std::optional<std::string> options_error(const VerifyOptions& options);

// The digest of the translator and model sources this cairn was built from (generated at build time).
const char* implementation_sha256();

}  // namespace cairn::smt
