// `cairn run [PATH] [--engine native|interp] [--timeout S] [--memory-mib M] [-- ARGS]`: builds (native) and runs
// main in a child under the limits; exits with the program's status, or prints cairn.run/1 when json is asked.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "cli/build_flags.h"
#include "targets/board.h"
#include "targets/board_run.h"
#include "targets/native_build.h"
#include "targets/process.h"
#include "targets/program_run.h"

namespace cairn::cli {

namespace {
constexpr double kRunDefaultTimeout = 600;

// "600", "0.5": a limit in seconds as a user would write it.
std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

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

// Where cairn's own words go: a record on stdout when json was asked (rules 1-2), else stderr.
int report(const Output& out, const diag::Refusal& r) {
  if (out.chosen && out.format == Format::Json) return print_refusal(out, r);
  std::string text = diag::render_human(r, isatty(STDERR_FILENO) == 1 && !(std::getenv("NO_COLOR") && *std::getenv("NO_COLOR")));
  ssize_t ignored = write(STDERR_FILENO, text.data(), text.size());
  (void)ignored;
  return r.environment ? 2 : 1;
}
int env_failure(const Output& out, const std::string& message) { return report(out, diag::environment_failure(message)); }

void say(const std::string& line) {
  std::string t = line + "\n";
  ssize_t ignored = write(STDERR_FILENO, t.data(), t.size());
  (void)ignored;
}

// CAIRN_TRAP_FD as §16.4 reads it: digits only, at most 10; -1 when off.
int user_trap_fd() {
  const char* v = std::getenv("CAIRN_TRAP_FD");
  if (!v || !*v) return -1;
  std::string s = v;
  if (s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
  long long n = std::strtoll(s.c_str(), nullptr, 10);
  return n > 0x7FFFFFFF ? -1 : static_cast<int>(n);
}

}  // namespace

int cmd_run(const Command& cmd, const std::vector<std::string>& argv) {
  std::vector<std::string> own;
  for (const std::string& w : argv) {
    if (w == "--") break;  // the rest belongs to the program (the core program reads no arguments)
    own.push_back(w);
  }
  Args args;
  std::string error;
  Output out = output_for_usage(own);
  if (!parse_args(own, kFlags, args, error)) return env_failure(out, error);
  if (args.help) {
    print_text(help_text(cmd.synopsis, cmd.summary, kFlags));
    return 0;
  }
  if (!choose_output(args.get("format"), out, error)) return env_failure(out, error);
  if (args.operands.size() > 1) return env_failure(out, "cairn run takes one PATH (program arguments follow --), not " + std::to_string(args.operands.size()) + ".");
  bool native = args.get("engine").value_or("native") == "native";
  if (!native) {
    for (const char* f : {"sanitize", "cc", "opt"})
      if (args.has(f)) return env_failure(out, std::string("--") + f + " applies to the native engine, not to --engine interp.");
    if (args.get("target").value_or("hosted") != "hosted")
      return env_failure(out, "The aarch64-virt target runs natively only; --engine interp runs hosted programs.");
  }
  // The default limit (tools.md §2.6): ten minutes on the hosted target; the board's own when it runs there.
  double timeout = args.get("target").value_or("hosted") == "hosted" ? kRunDefaultTimeout : 0;
  if (auto t = args.get("timeout"); t && !parse_timeout(*t, timeout))
    return env_failure(out, "--timeout takes a decimal number of seconds (0: no limit), not \"" + *t + "\".");
  uint64_t memory_mib = 1024;
  if (auto m = args.get("memory-mib"); m && !parse_whole(*m, uint64_t{1}, uint64_t{9999999}, memory_mib))
    return env_failure(out, "--memory-mib takes a whole number of MiB from 1 to 9999999, not \"" + *m + "\".");
  bool record = out.chosen && out.format == Format::Json;
  targets::BuildOptions build;
  if (native && !read_build_flags(args, build, error)) return env_failure(out, error);
  if (!native) build.target = args.get("target").value_or("");

  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full, build.target);
  if (run.refusal) return report(out, *run.refusal);
  if (!run.program->main)
    return env_failure(out, "The project " + run.project.name + " is a library: it has no main to run (cairn test runs its tests).");
  if (native) {
    if (std::optional<diag::Refusal> refused = settle_target(run, build, true, args.has("kind"))) return report(out, *refused);
  } else if (run.project.target != "hosted") {
    return env_failure(out, "The aarch64-virt target runs natively only; --engine interp runs hosted programs.");
  }
  std::optional<targets::Board> board = targets::find_board(build.target);

  targets::RunLimits limits;
  limits.timeout_s = timeout;
  limits.memory_mib = memory_mib;
  limits.sanitized = !build.sanitize.empty();
  targets::install_interrupt_handlers();
  targets::ProgramRun pr;
  std::optional<targets::BuildResult> built;
  if (native) {
    place_build(path, run, build);
    built = targets::build_native(run, build);
    if (built->status != targets::BuildResult::Status::Built) {
      if (record) {
        nlohmann::ordered_json r;
        r["protocol"] = "cairn.run/1";
        r["status"] = "build-failed";
        r["engine"] = "native";
        r["build"] = targets::build_record(*built);
        print_record(out, r);
      } else {
        say("error: the build failed: " + targets::build_failure_text(*built));
      }
      return 2;
    }
    std::vector<std::string> program_args;
    for (size_t i = own.size() + 1; i < argv.size(); ++i) program_args.push_back(argv[i]);
    if (board) {
      pr = targets::run_board(*board, built->artifact, limits, build.trap_report);
      if (!record) {  // the UART and the emulator's own words, passed on
        print_text(pr.process.out);
        ssize_t ignored = write(STDERR_FILENO, pr.process.err.data(), pr.process.err.size());
        (void)ignored;
      }
    } else {
      pr = targets::run_native(built->artifact, program_args, limits, record);
    }
  } else {
    pr = targets::run_interpreted(run, limits, record);
  }
  const targets::ProcessResult& p = pr.process;
  if (!p.started) return env_failure(out, "Cannot start the program: " + p.error + ".");

  // The trap report: pass it on to a user-set CAIRN_TRAP_FD; cairn's own line names the trap.
  std::string out_text = p.out, err_text = p.err;
  if (int fd = user_trap_fd(); fd >= 0 && !pr.trap_report.empty()) {
    if (record && fd == 1) out_text += pr.trap_report;
    else if (record && fd == 2) err_text += pr.trap_report;
    else {
      ssize_t ignored = write(fd, pr.trap_report.data(), pr.trap_report.size());
      (void)ignored;
    }
  }
  std::string name = run.project.name;
  std::string limit_met;
  if (p.timed_out) {
    limit_met = "timeout";
    say("error: " + name + " was stopped by --timeout after " + args.get("timeout").value_or(seconds_text(timeout)) +
        " s" + (args.has("timeout") ? "" : " (the default limit; --timeout 0 runs without one)") + ".");
  } else if (board && p.status == 134 && !pr.trapped()) {
    say("error: " + name + " exited with status 134 (a failed guard).");
  } else if (board && pr.trapped()) {
    say("error: " + name + " exited with status 134: trap " + pr.trap_what() + ".");
  } else if (pr.trapped()) {
    bool alloc = pr.trap_what().rfind("alloc", 0) == 0;
    if (alloc) limit_met = "memory";
    say("error: " + name + " was stopped by SIGABRT: trap " + pr.trap_what() +
        (alloc ? " (an allocation failed or passed the " + std::to_string(memory_mib) + " MiB cap)" : "") + ".");
  } else if (p.signal) {
    say("error: " + name + " was stopped by " + targets::signal_name(p.signal) +
        (native ? " (the program crashed, or met the " : " (the interpreter failed, or the ") +
        std::to_string(memory_mib) + " MiB cap" + (native ? ")." : " was met)."));
  }
  if (!record) return p.status;

  nlohmann::ordered_json r;
  r["protocol"] = "cairn.run/1";
  r["status"] = p.timed_out ? "timed-out" : "program-exited";
  r["engine"] = native ? "native" : "interp";
  if (board) {
    r["target"] = board->name;
    r["emulator"] = targets::board_run_command(*board, built->artifact);
  }
  if (built)
    r["compiler"] = {{"name", built->compiler.name}, {"path", built->compiler.path}, {"version", built->compiler.version}};
  r["exit_code"] = p.status;
  if (p.signal) r["signal"] = p.signal;
  else if (pr.trapped() && !native) r["signal"] = 6;  // SIGABRT, as the native build ends
  r["stdout"] = out_text;
  r["stdout_truncated"] = p.out_truncated;
  r["stderr"] = err_text;
  r["stderr_truncated"] = p.err_truncated;
  if (built) r["build_dir"] = built->directory;
  nlohmann::ordered_json lim;
  if (timeout > 0) lim["timeout_s"] = timeout;
  if (board && timeout <= 0) lim["timeout_s"] = targets::kBoardDefaultTimeout;
  if (!board) lim["memory_mib"] = memory_mib;
  r["limits"] = lim;
  if (!limit_met.empty()) r["limit_met"] = limit_met;
  if (!build.sanitize.empty()) r["sanitizer"] = build.sanitize;
  if (pr.trapped()) r["trap"] = pr.trap_what();
  // Strings must be valid UTF-8 in a record: a program's raw bytes are replaced where they are not.
  print_text(r.dump(out.tty ? 2 : -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
  if (p.timed_out) return 124;
  return p.status == 0 ? 0 : 1;
}

}  // namespace cairn::cli
