// `cairn verify REFERENCE CANDIDATE (--symbol NAME | --all) [--timeout-ms N] [--depth N] [--assume SYM=EXPR]... [--solver z3|cvc5|both]
// [--queries DIR]`: flags to smt::verify_symbol / verify_module, then the record or its human lines.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "verify/verify.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"symbol", "NAME", false, "", "compare the one function NAME"},
    {"all", "", false, "", "compare every function of the two files"},
    {"timeout-ms", "N", false, "3000", "time limit of each solver on each query, 1..30000"},
    {"depth", "N", false, "64", "iterations of each loop the search for a difference past 16 unrolls, 1..1024"},
    {"assume", "SYM=EXPR", false, "none", "a host precondition for function SYM (once per function)", true},
    {"solver", "z3|cvc5|both", true, "both", "which solvers answer each query"},
    {"queries", "DIR", false, "", "write each query's SMT-LIB text to DIR/QUERY_SHA256.smt2"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};

}  // namespace

int cmd_verify(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  std::vector<std::string> assumes = args.all("assume");
  if (args.operands.size() != 2)
    return usage_error(out, "cairn verify takes REFERENCE and CANDIDATE, not " + std::to_string(args.operands.size()) + " operands.");
  if (args.has("symbol") == args.has("all")) return usage_error(out, "Give exactly one of --symbol NAME and --all.");
  smt::VerifyOptions o;
  if (auto t = args.get("timeout-ms"); t && !parse_whole(*t, 1u, 30000u, o.timeout_ms))
    return usage_error(out, "--timeout-ms takes a whole number from 1 to 30000, not \"" + *t + "\".");
  if (auto d = args.get("depth"); d && !parse_whole(*d, 1u, smt::kMaxDepth, o.depth))
    return usage_error(out, "--depth takes a whole number from 1 to 1024, not \"" + *d + "\".");
  std::string solver = args.get("solver").value_or("both");
  if (solver != "both") o.solvers = smt::SolverSet::only(solver == "z3" ? smt::Solver::Z3 : smt::Solver::Cvc5);
  if (auto q = args.get("queries")) {
    if (q->empty()) return usage_error(out, "--queries needs a DIR.");
    o.queries_dir = *q;
  }
  smt::VerifyResult r = args.has("all")
                            ? smt::verify_module(args.operands[0], args.operands[1], assumes, o)
                            : smt::verify_symbol(args.operands[0], args.operands[1], *args.get("symbol"), assumes, o);
  if (r.environment) return print_refusal(out, *r.environment);
  if (out.format == Format::Json) print_record(out, r.record);
  else print_text(r.human);
  return r.exit_code;
}

}  // namespace cairn::cli
