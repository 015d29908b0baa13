// `cairn run [PATH] [--engine native|interp] [--timeout S] [--memory-mib M] [-- ARGS]`: reads the flags into a
// targets::RunRequest (targets/run_project.h does the work) and prints what comes back: the program's exit
// status, or the cairn.run/1 record when json is asked.
#include <unistd.h>

#include <string>

#include "cli/args.h"
#include "cli/build_flags.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "targets/run_project.h"

namespace cairn::cli {

namespace {

constexpr FlagSpec kFlags[] = {
    {"engine", "native|interp", true, "native", "the engine that runs the program"},
    {"cc", "clang|gcc", true, "as build", "the C++ compiler (native only)"},
    {"opt", "0|1|2|3", true, "as build", "the optimization level (native only)"},
    {"timeout", "S", false, "600", "stop the program after S seconds (a decimal number; 0: no limit)"},
    {"memory-mib", "M", false, "1024", "cap on heap and thread stacks, in MiB"},
    {"sanitize", "address|undefined|thread", true, "none", "a sanitizer build: address (AddressSanitizer and UBSan), undefined (UBSan) or thread"},
    {"keep-guards", "", false, "", "keeps every guard (native only)"},
    {"debug", "", false, "", "a debug build (native only)"},
    {"target", "hosted|aarch64-virt", true, "hosted", "the target"},
    {"trap-report", "", false, "", "the board image writes the trap report (aarch64-virt)"},
    {"format", "human|json", true, "the program's own output; json only when asked", "the output form"},
};

void write_all(int fd, const std::string& text) {
  ssize_t ignored = write(fd, text.data(), text.size());
  (void)ignored;
}

}  // namespace

int cmd_run(const Command& cmd, const std::vector<std::string>& argv) {
  std::vector<std::string> own;
  for (const std::string& w : argv) {
    if (w == "--") break;  // the rest belongs to the program
    own.push_back(w);
  }
  Args args;
  Output out;
  // The program's standard output is its own: cairn's words go to stderr unless a record was asked.
  if (std::optional<int> answered = open_command(cmd, own, kFlags, args, out, Words::StderrUnlessRecord))
    return *answered;
  auto usage = [&](const std::string& message) { return usage_error(out, message, Words::StderrUnlessRecord); };
  if (args.operands.size() > 1)
    return usage("cairn run takes one PATH (program arguments follow --), not " + std::to_string(args.operands.size()) + ".");
  targets::RunRequest q;
  q.native = args.get("engine").value_or("native") == "native";
  if (!q.native) {
    for (const char* f : {"sanitize", "cc", "opt"})
      if (args.has(f)) return usage(std::string("--") + f + " applies to the native engine, not to --engine interp.");
    if (args.get("target").value_or("hosted") != "hosted")
      return usage("The aarch64-virt target runs natively only; --engine interp runs hosted programs.");
  }
  // The default limit: ten minutes on the hosted target; the board's own when it runs there.
  q.timeout_s = args.get("target").value_or("hosted") == "hosted" ? targets::kRunDefaultTimeout : 0;
  if (auto t = args.get("timeout")) {
    if (!parse_timeout(*t, q.timeout_s))
      return usage("--timeout takes a decimal number of seconds (0: no limit), not \"" + *t + "\".");
    q.timeout_given = true;
    q.timeout_text = *t;
  }
  if (auto m = args.get("memory-mib"); m && !parse_whole(*m, uint64_t{1}, uint64_t{9999999}, q.memory_mib))
    return usage("--memory-mib takes a whole number of MiB from 1 to 9999999, not \"" + *m + "\".");
  std::string error;
  if (q.native && !read_build_flags(args, q.build, error)) return usage(error);
  if (!q.native) q.build.target = args.get("target").value_or("");
  q.kind_given = args.has("kind");
  q.record = out.chosen && out.format == Format::Json;
  q.trap_fd = targets::trap_fd_from_env();
  if (!args.operands.empty()) q.path = args.operands[0];
  for (size_t i = own.size() + 1; i < argv.size(); ++i) q.program_args.push_back(argv[i]);

  targets::RunOutcome r = targets::run_project(q);
  if (r.refusal) return report_refusal(out, *r.refusal, Words::StderrUnlessRecord);
  print_text(r.echo_out);
  write_all(STDERR_FILENO, r.echo_err);
  if (!r.trap_pass_on.empty()) write_all(q.trap_fd, r.trap_pass_on);
  for (const std::string& line : r.lines) write_all(STDERR_FILENO, line + "\n");
  if (r.record) print_record(out, *r.record);  // a program's raw bytes that are not UTF-8 are replaced
  return r.exit_status;
}

}  // namespace cairn::cli
