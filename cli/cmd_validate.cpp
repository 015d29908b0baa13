// `cairn validate [PATH] --symbol IMPL [--policy FILE] [--regressions FILE] [--history DIR] [--cxx clang++|g++]
// [--solver z3|cvc5|both]`: flags to validate::run_validate, then the record or its human lines.
#include <unistd.h>

#include <cstdlib>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "cli/version.h"
#include "targets/process.h"
#include "validate/validate.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"symbol", "IMPL", false, "", "the implementation, qualified or local; an instance as prefix_by[16]"},
    {"policy", "FILE", false, "the pinned policy, else the defaults", "strict JSON, at most 200,000 bytes"},
    {"regressions", "FILE", false, "PROJECT/regressions/REFERENCE.json", "where failing cases are kept and read"},
    {"history", "DIR", false, "", "append the result to a candidate history"},
    {"cxx", "clang++|g++", true, "clang++ when present, else g++", "the native compiler of both programs"},
    {"solver", "z3|cvc5|both", true, "both", "which solvers answer the smt part"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_validate(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1)
    return usage_error(out, "cairn validate takes at most one PATH, not " + std::to_string(args.operands.size()) + ".");
  if (!args.has("symbol")) return usage_error(out, "cairn validate needs --symbol IMPL.");
  validate::ValidateOptions o;
  o.path = args.operands.empty() ? "." : args.operands[0];
  o.symbol = *args.get("symbol");
  if (auto v = args.get("policy")) o.policy_file = *v;
  if (auto v = args.get("regressions")) o.regressions_file = *v;
  if (auto v = args.get("history")) o.history_dir = *v;
  o.cxx = args.get("cxx").value_or("");
  std::string solver = args.get("solver").value_or("both");
  if (solver != "both") o.solvers = smt::SolverSet::only(solver == "z3" ? smt::Solver::Z3 : smt::Solver::Cvc5);
  o.compiler = compiler_id();
  o.progress = isatty(STDERR_FILENO) != 0;
  // For the end-to-end test of the progress line: draw it from the start instead of after a second.
  if (std::getenv("CAIRN_VALIDATE_PROGRESS_AT_ONCE")) o.progress_after_s = 0;
  targets::install_interrupt_handlers();
  validate::ValidateResult r = validate::run_validate(o);
  if (r.environment) return print_refusal(out, *r.environment);
  if (out.format == Format::Json) print_record(out, r.record);
  else print_text(r.human);
  return r.exit_code;
}

}  // namespace cairn::cli
