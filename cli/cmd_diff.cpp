// `cairn diff OLD NEW [--in PATH] [--std] [--require equivalent|identical] [--allow FN=REASON]... [--markdown FILE] [--replays N]
// [--timeout-ms N] [--budget-s S] [--jobs N] [--shard I/N] [--solver z3|cvc5|both] [--no-predict]`: flags to diff::run_diff,
// then the record or its human lines, and the Markdown section written atomically.
#include <unistd.h>

#include "base/cpus.h"
#include "cli/args.h"
#include "base/repo_path.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "diff/render.h"
#include "cli/version.h"
#include "diff/diff.h"
#include "diff/merge.h"
#include "base/atomic_file.h"
#include "targets/process.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"in", "PATH", false, ".", "the project inside the git work tree, for sides that are revisions"},
    {"std", "", false, "", "compare the packaged standard library of the two sides"},
    {"require", "equivalent|identical", true, "none", "exit 1 unless every function meets it"},
    {"allow", "FN=REASON", false, "none", "accept FN's change for --require, with the reason the record gives", true},
    {"markdown", "FILE", false, "", "also write a pull-request section to FILE"},
    {"replays", "N", false, "8", "native replays of witnesses, at most, over the whole diff"},
    {"timeout-ms", "N", false, "3000", "each solver's limit on each query of a function, 1..30000"},
    {"budget-s", "S", false, "60", "wall-clock deadline for the whole diff's solver work"},
    {"jobs", "N", false, "number of available CPUs", "functions compared at once, each in its own child process"},
    {"shard", "I/N", false, "1/1", "compare only functions I, I+N, ... in name order (N runs cover the diff)"},
    {"solver", "z3|cvc5|both", true, "both", "which solvers answer each query"},
    {"no-predict", "", false, "", "leave out the predicted change in cost"},
    {"merge", "", false, "", "the operands are shard records (REC...): join them into one record and verdict"},
    {"format", "human|json|sarif", true, "human at a terminal, json otherwise", "the output form; sarif: a SARIF 2.1.0 log, one result per function that breaks a requirement or moves the version"},
};

// What a run or a merge answered: the refusal, or the record in the asked form and the Markdown file.
int answer(const Args& args, const Output& out, const diff::DiffResult& r) {
  if (r.environment) return print_refusal(out, *r.environment);
  if (r.refused) {
    if (out.format == Format::Json) print_record(out, r.record);
    else print_refusal(out, *r.refused);
    return r.exit_code;
  }
  if (auto md = args.get("markdown")) {
    std::string error;
    if (!write_file_atomic(*md, r.markdown, error)) return print_refusal(out, diag::environment_failure(error));
  }
  if (out.format == Format::Json) print_record(out, r.record);
  else if (out.format == Format::Sarif) print_record(out, diff::render_sarif(r.record, cairn_version(), report_root()));
  else print_text(r.human);
  return r.exit_code;
}

// `cairn diff --merge REC... [--require L] [--markdown FILE] [--format F]`.
int merge(const Args& args, const Output& out) {
  for (const char* flag : {"in", "std", "allow", "replays", "timeout-ms", "budget-s", "jobs", "shard", "solver", "no-predict"})
    if (args.has(flag))
      return usage_error(out, std::string("--") + flag + " does not apply to --merge: it joins records already made.");
  if (args.operands.empty()) return usage_error(out, "cairn diff --merge takes the shard records to join (REC...).");
  return answer(args, out, diff::merge_records(args.operands, args.get("require").value_or("")));
}

}  // namespace

int cmd_diff(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.has("merge")) return merge(args, out);
  if (args.operands.size() != 2)
    return usage_error(out, "cairn diff takes OLD and NEW, not " + std::to_string(args.operands.size()) + " operands.");
  diff::DiffOptions o;
  o.compiler = compiler_id();
  o.jobs = available_cpus();
  o.in_path = args.get("in").value_or(".");
  o.std_lib = args.has("std");
  o.require = args.get("require").value_or("");
  o.no_predict = args.has("no-predict");
  for (const std::string& a : args.all("allow")) {
    size_t eq = a.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == a.size())
      return usage_error(out, "--allow takes FN=REASON (a function name and a non-empty reason), not \"" + a + "\".");
    o.allow.push_back({a.substr(0, eq), a.substr(eq + 1), "--allow"});
  }
  if (auto v = args.get("replays"); v && !parse_whole(*v, 0u, 1000000u, o.replays))
    return usage_error(out, "--replays takes a whole number, not \"" + *v + "\".");
  if (auto v = args.get("timeout-ms"); v && !parse_whole(*v, 1u, 30000u, o.timeout_ms))
    return usage_error(out, "--timeout-ms takes a whole number from 1 to 30000, not \"" + *v + "\".");
  if (auto v = args.get("jobs"); v && !parse_jobs(*v, o.jobs))
    return usage_error(out, "--jobs takes a whole number from 1 to 1024, not \"" + *v + "\".");
  if (auto v = args.get("budget-s"); v && !parse_seconds(*v, o.budget_s))
    return usage_error(out, "--budget-s takes a positive number of seconds, not \"" + *v + "\".");
  if (auto v = args.get("shard"); v && !parse_shard(*v, o.shard_index, o.shard_count))
    return usage_error(out, "--shard takes I/N with 1 <= I <= N, not \"" + *v + "\".");
  std::string solver = args.get("solver").value_or("both");
  if (solver != "both") o.solvers = smt::SolverSet::only(solver == "z3" ? smt::Solver::Z3 : smt::Solver::Cvc5);
  if (o.std_lib) return usage_error(out, "--std is not built yet: this cairn packages no standard library sources to compare.");
  targets::install_interrupt_handlers();  // an interrupt stops git and the compilers with cairn
  return answer(args, out, diff::run_diff(args.operands[0], args.operands[1], o));
}

}  // namespace cairn::cli
