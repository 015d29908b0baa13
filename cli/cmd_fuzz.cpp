// `cairn fuzz [--seed S] [--count N | --seconds T] [--engines LIST] [--jobs N] [--out DIR] [--index I] [--reduce-s S]
// [--shard I/N]` and `cairn fuzz --replay [DIR]`: flags to fuzz::run_campaign / run_replay, then the record.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>

#include "base/cpus.h"
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "fuzz/smt/smt_campaign.h"
#include "fuzz/smt/planted_defect_env.h"
#include "fuzz/run/campaign.h"
#include "targets/process.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"seed", "S", false, "taken from the clock, printed and recorded", "0..2^64-1"},
    {"count", "N", false, "1000", "how many programs; excludes --seconds"},
    {"seconds", "T", false, "", "run for this long instead of --count"},
    {"engines", "LIST", false, "every engine available here", "comma-separated: interp, clang-O0, clang-O2, gcc-O0, gcc-O2, qemu-aarch64"},
    {"jobs", "N", false, "number of available CPUs", "builds and runs in flight at once"},
    {"out", "DIR", false, "regressions/fuzz", "where reduced cases are written"},
    {"index", "I", false, "", "generate and run only program I of seed S"},
    {"reduce-s", "S", false, "120", "wall-clock limit of the reduction of one disagreement (or smt mismatch)"},
    {"shard", "I/N", false, "1/1", "run only programs I-1, I-1+N, ... (N runs cover the campaign)"},
    {"smt", "", false, "", "check the SMT encoding against the interpreter instead (tools.md 6.4)"},
    {"solver", "z3|cvc5|both", true, "both", "which solvers answer under --smt"},
    {"replay", "", false, "", "run every kept case of DIR (the operand, default regressions/fuzz) against its header"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};

int print_result(const Output& out, const fuzz::CampaignResult& r) {
  if (r.environment) return print_refusal(out, *r.environment);
  if (out.format == Format::Json) print_record(out, r.record);
  else print_text(r.human);
  return r.exit_code;
}

// What a campaign covers (--seed, --count, --seconds, --index), shared by the differential and --smt modes.
struct Span {
  uint64_t seed = 0;
  std::optional<uint64_t> count, index;
  std::optional<double> seconds;
};

// Nothing when the flags are good; else the usage error's exit status.
std::optional<int> parse_span(const Args& args, const Output& out, Span& s) {
  if (args.has("count") && args.has("seconds")) return usage_error(out, "--count and --seconds exclude each other.");
  if (auto v = args.get("seed")) {
    if (!parse_whole(*v, uint64_t{0}, UINT64_MAX, s.seed)) return usage_error(out, "--seed takes a whole number from 0 to 2^64-1, not \"" + *v + "\".");
  } else {
    s.seed = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    std::fprintf(stderr, "fuzz: seed %llu\n", static_cast<unsigned long long>(s.seed));
  }
  uint64_t n = 0;
  if (auto v = args.get("count")) {
    if (!parse_whole(*v, uint64_t{1}, UINT64_MAX, n)) return usage_error(out, "--count takes a whole number of at least 1, not \"" + *v + "\".");
    s.count = n;
  }
  double secs = 0;
  if (auto v = args.get("seconds")) {
    if (!parse_seconds(*v, secs)) return usage_error(out, "--seconds takes a positive number of seconds, not \"" + *v + "\".");
    s.seconds = secs;
  }
  if (auto v = args.get("index")) {
    if (!parse_whole(*v, uint64_t{0}, UINT64_MAX, n)) return usage_error(out, "--index takes a whole number, not \"" + *v + "\".");
    if (args.has("count") || args.has("seconds") || args.has("shard"))
      return usage_error(out, "--index runs one program: it does not go with --count, --seconds or --shard.");
    s.index = n;
  }
  return std::nullopt;
}

// --smt (tools.md §6.4): the encoding against the interpreter on generated functions.
int smt_mode(const Args& args, const Output& out, unsigned jobs) {
  for (const char* f : {"replay", "engines", "shard"})
    if (args.has(f)) return usage_error(out, std::string("--") + f + " does not go with --smt.");
  Span span;
  if (std::optional<int> bad = parse_span(args, out, span)) return *bad;
  fuzz::SmtOptions o;
  o.jobs = jobs;
  o.seed = span.seed;
  o.count = span.count;
  o.seconds = span.seconds;
  o.index = span.index;
  if (auto v = args.get("reduce-s"); v && !parse_seconds(*v, o.reduce_s))
    return usage_error(out, "--reduce-s takes a positive number of seconds, not \"" + *v + "\".");
  std::string solver = args.get("solver").value_or("both");
  if (solver != "both") o.solvers = smt::SolverSet::only(solver == "z3" ? smt::Solver::Z3 : smt::Solver::Cvc5);
  targets::install_interrupt_handlers();
  return print_result(out, fuzz::run_smt_campaign(o, args.get("out").value_or("regressions/fuzz")));
}

}  // namespace

int cmd_fuzz(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  bool replay = args.has("replay");
  if (args.operands.size() > (replay ? 1u : 0u))
    return usage_error(out, replay ? "cairn fuzz --replay takes at most one DIR." : "cairn fuzz takes no operands.");
  unsigned jobs = available_cpus();
  if (auto v = args.get("jobs"); v && !parse_jobs(*v, jobs))
    return usage_error(out, "--jobs takes a whole number from 1 to 1024, not \"" + *v + "\".");
  // The test-only planted encoding defect (docs/fuzz-smt.md) concerns --smt and --replay.
  if (args.has("smt") || replay)
    if (std::optional<std::string> bad = fuzz::apply_test_smt_defect_from_env()) return usage_error(out, *bad);
  if (args.has("smt")) return smt_mode(args, out, jobs);
  if (args.has("solver")) return usage_error(out, "--solver goes with --smt.");
  bool tests = fuzz::test_engines_enabled();
  fuzz::EngineSelection sel = fuzz::select_engines(args.get("engines").value_or(""), tests);
  if (!sel.error.empty()) {
    if (sel.environment) return print_refusal(out, diag::environment_failure(sel.error));
    return usage_error(out, sel.error);
  }
  targets::install_interrupt_handlers();
  if (replay) {
    for (const char* f : {"seed", "count", "seconds", "out", "index", "reduce-s", "shard"})
      if (args.has(f)) return usage_error(out, std::string("--") + f + " does not go with --replay.");
    fuzz::ReplayOptions o;
    if (!args.operands.empty()) o.dir = args.operands[0];
    o.engines = sel.engines;
    o.unavailable = sel.unavailable;
    o.jobs = jobs;
    return print_result(out, fuzz::run_replay(o));
  }
  fuzz::CampaignOptions o;
  o.engines = sel.engines;
  o.unavailable = sel.unavailable;
  o.jobs = jobs;
  Span span;
  if (std::optional<int> bad = parse_span(args, out, span)) return *bad;
  o.seed = span.seed;
  o.count = span.count;
  o.seconds = span.seconds;
  o.index = span.index;
  if (auto v = args.get("reduce-s"); v && !parse_seconds(*v, o.reduce_s))
    return usage_error(out, "--reduce-s takes a positive number of seconds, not \"" + *v + "\".");
  if (auto v = args.get("shard"); v && !parse_shard(*v, o.shard_index, o.shard_count))
    return usage_error(out, "--shard takes I/N with 1 <= I <= N, not \"" + *v + "\".");
  if (auto v = args.get("out")) o.out_dir = *v;
  o.progress = isatty(STDERR_FILENO);
  return print_result(out, fuzz::run_campaign(o));
}

}  // namespace cairn::cli
