// `cairn fuzz --smt` (tools.md §6.4) as a library entry: every generated function inside the SMT fragment is
// evaluated on 16 admitted inputs by the interpreter and by its encoding with the inputs fixed, on each solver.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/smt/smt_case.h"
#include "semantics/embed.h"
#include "smt/backend.h"
#include "verify/solve.h"

namespace cairn::fuzz {

enum class SmtMismatchKind : uint8_t {
#define MISMATCH(Id, name) Id,
#include "fuzz/smt/mismatch_kinds.def"
#undef MISMATCH
};
const char* smt_mismatch_name(SmtMismatchKind k);

// Test-only hooks: a perturbation of one side's answer, so a test can show that a disagreement is reported.
struct SmtHooks {
  std::function<void(const std::string& function, sem::CallOutcome&)> interp;
  std::function<void(const std::string& function, smt::Solver, smt::CheckResult&)> solver;
};

struct SmtOptions {
  uint64_t seed = 0;
  std::optional<uint64_t> count;    // programs 0..count-1 (neither count nor seconds: 1000)
  std::optional<double> seconds;    // or programs until this wall time has passed
  std::optional<uint64_t> index;    // only program `index` of `seed` (--index)
  smt::SolverSet solvers;           // --solver z3|cvc5|both
  unsigned jobs = 1;                // programs in flight at once
  unsigned timeout_ms = 2000;       // each solver on each concrete query
  unsigned inputs_per_function = 16;
  double reduce_s = 120;            // --reduce-s: wall-clock limit of the reduction of one mismatch
  SmtHooks hooks;
};

// One mismatch, naming the solver; `expect_line` is the kept case's "// expect smt: f(x = 3) returns 7" line
// (the interpreter's outcome, which defines the meaning).
struct SmtMismatch {
  uint64_t index = 0;               // the program's index in its seed's stream
  std::string function;
  SmtMismatchKind kind = SmtMismatchKind::Value;
  std::string solver;               // "z3" or "cvc5" ("" for an encoder fault)
  std::string detail;               // what differs: "return: solver 8, interpreter 7"
  std::string expect_line;
  nlohmann::ordered_json inputs;    // {PARAM: V}
  nlohmann::ordered_json expected;  // the interpreter's outcome
  std::vector<uint64_t> leaves;     // the input as model bits, one per input leaf (the reducer keeps it fixed)
  std::string signature;            // "f(a:i32) -> i32" (signature_text, smt_recheck.h; "" for an encoder fault)
  std::string program;              // the program's text (the reducer's starting point)
  nlohmann::ordered_json to_json() const;
};

// The counts of §6.5's `smt` object. `functions`: functions inside the fragment whose inputs were drawn;
// `inputs`: inputs asked of the solvers and compared; `beyond_bound`: inputs on which a loop would pass 16 iterations
// (or whose literal view extent passes 16 elements); `timeouts`: solver answers other than sat/unsat.
// `inductive`: inputs also checked against the function's loops summarized and proved by induction
// (inductive_check.h), in the first four drawn inputs of a function whose loops were related.
struct SmtCounts {
  uint64_t functions = 0, inputs = 0, outside_fragment = 0, beyond_bound = 0, timeouts = 0, inductive = 0;
  void add(const SmtCounts& o);
};

// One program's part: its counts and mismatches, or why it was not examined (a generator defect: it does
// not check).
struct SmtProgramResult {
  SmtCounts counts;
  std::vector<SmtMismatch> mismatches;
  std::optional<std::string> defect;
};

// Examines one program's text (used for each generated program, and by tests on handwritten ones). Inputs
// are drawn from the splitmix64 stream starting at `stream_seed`.
SmtProgramResult check_program_smt(const std::string& text, uint64_t index, uint64_t stream_seed,
                                   const SmtOptions& options);

struct SmtCampaign {
  nlohmann::ordered_json smt;       // {functions, inputs, outside_fragment, beyond_bound, timeouts, inductive,
                                    //  mismatches}
  std::vector<SmtMismatch> mismatches;
  uint64_t programs = 0;
  nlohmann::ordered_json generator_defects = nlohmann::ordered_json::array();  // [{index, reason}]
  double seconds = 0;
};

// The campaign: programs generate(seed, i) in index order (jobs do not change the result), each examined.
SmtCampaign run_smt_mode(const SmtOptions& options);

// The header of a kept case of `m` holding `program` (its hash), without the expect line.
SmtCaseHeader smt_case_header(const SmtMismatch& m, uint64_t seed, const std::string& program);

// A case's text before reduction: the header of smt_case.h (with the expect smt line), then the whole program.
std::string smt_case_text(const SmtMismatch& m, uint64_t seed);

}  // namespace cairn::fuzz
