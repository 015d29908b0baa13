// `cairn test [PATH] [--engine native|interp] [--filter TEXT] [--test NAME] [--jobs N] [--timeout S] [--cc clang|gcc]
// [--junit FILE]`: flags to targets::run_tests, then the record, the summary and the JUnit file.
#include <cstdio>

#include "base/cpus.h"
#include "cli/args.h"
#include "cli/build_flags.h"
#include "targets/build_policy.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "targets/process.h"
#include "targets/suite_run.h"
#include "validate/replay_kept.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"engine", "native|interp", true, "native", "the engine that runs the tests"},
    {"filter", "TEXT", false, "", "only the blocks and contracts whose name contains TEXT"},
    {"test", "NAME", false, "", "only the one block of exactly that qualified name"},
    {"jobs", "N", false, "number of available CPUs", "tests run at once"},
    {"timeout", "S", false, "60", "seconds per test block process (a decimal number; 0: no limit)"},
    {"cc", "clang|gcc", true, "as build", "the compiler for native tests (native only)"},
    {"junit", "FILE", false, "", "also write a JUnit XML report to FILE"},
    {"target", "hosted|aarch64-virt", true, "the manifest's [build] target", "the target (test blocks run hosted only)"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};

}  // namespace

int cmd_test(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  std::optional<std::string> junit = args.get("junit");
  if (junit && junit->empty()) return usage_error(out, "--junit needs a FILE.");
  // With --junit the file is written however the run ends: a refusal or a usage error is one <error> case.
  auto junit_error = [&](const std::string& type, const std::string& message, const std::string& file, uint32_t line) {
    std::string werror;
    if (junit && !targets::write_junit_refusal(*junit, type, message, file, line, werror))
      std::fprintf(stderr, "error: %s\n", werror.c_str());
  };
  auto usage = [&](const std::string& message) {
    junit_error("usage", message, "", 0);
    return usage_error(out, message);
  };
  if (args.operands.size() > 1) return usage("cairn test takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  targets::TestOptions o;
  o.native = args.get("engine").value_or("native") == "native";
  if (!o.native && args.has("cc")) return usage("--cc applies to the native engine, not to --engine interp.");
  std::string error;
  if (!read_build_flags(args, o.build, error)) return usage(error);
  if (args.has("filter") && args.has("test")) return usage("--filter and --test exclude each other.");
  if (auto t = args.get("timeout"); t && !parse_timeout(*t, o.timeout_s))
    return usage("--timeout takes a decimal number of seconds (0: no limit), not \"" + *t + "\".");
  o.jobs = available_cpus();
  if (auto j = args.get("jobs"); j && !parse_jobs(*j, o.jobs))
    return usage("--jobs takes a whole number from 1 to 1024, not \"" + *j + "\".");
  o.filter = args.get("filter");
  o.only = args.get("test");

  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full, o.build.target);
  if (run.refusal) {
    const diag::Located& first = run.refusal->first;
    junit_error("check", std::string(code_name(first.code)) + ": " + first.message, first.file, first.line);
    return print_refusal(out, *run.refusal);
  }
  if (run.project.target != "hosted") return usage("Test blocks run on the hosted target only.");
  targets::place_build(path, run, o.build);
  targets::install_interrupt_handlers();
  o.replay_regressions = [&](const std::string& fs, const std::string&) {
    return validate::replay_kept(run, fs, validate::KeptOptions{path, o.native, o.build, o.timeout_s});
  };
  targets::TestRun t = targets::run_tests(run, o);
  if (!t.usage_error.empty()) return usage(t.usage_error);

  int code = t.exit_code();
  std::string build_failure = t.build_failed() ? targets::build_failure_text(*t.build) : "";
  if (junit && !targets::write_junit(*junit, t.blocks, t.files, t.build_failed() ? &build_failure : nullptr, error)) {
    std::fprintf(stderr, "error: %s\n", error.c_str());
    code = 2;
  }
  if (out.format == Format::Json) {
    nlohmann::ordered_json r = targets::test_record(t.status, t.blocks, t.files, junit);
    if (t.build) r["build"] = targets::build_record(*t.build);
    print_record(out, r);
  } else {
    std::string text = targets::test_summary(t.status, t.blocks, t.files);
    if (t.build_failed()) text += "build-failed: " + t.build_what + " did not build: " + build_failure + "\n";
    print_text(text);
  }
  return code;
}

}  // namespace cairn::cli
