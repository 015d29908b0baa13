// `cairn run [PATH] [--engine interp] [--timeout S] [--memory-mib M] [-- ARGS]`: runs main in a forked
// child under the limits; exits with the program's status, or prints cairn.run/1 when json is asked.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "targets/process.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"engine", "native|interp", true, "interp (until the native lowering exists)", "the engine that runs the program"},
    {"cc", "clang|gcc", true, "as build", "the C++ compiler (native only)"},
    {"opt", "0|1|2|3", true, "as build", "the optimization level (native only)"},
    {"timeout", "S", false, "none", "stop the program after S seconds (a decimal number > 0)"},
    {"memory-mib", "M", false, "1024", "cap on heap and thread stacks, in MiB"},
    {"sanitize", "address|thread", true, "none", "runs under a sanitizer (native only)"},
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

// A decimal number > 0 ("2", "0.5"); false otherwise.
bool parse_seconds(const std::string& s, double& out) {
  if (s.empty() || s.size() > 20) return false;
  bool dot = false, digit = false;
  for (char c : s) {
    if (c == '.' && !dot) dot = true;
    else if (c >= '0' && c <= '9') digit = true;
    else return false;
  }
  if (!digit) return false;
  out = std::strtod(s.c_str(), nullptr);
  return out > 0 && out <= 1e9;
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
  std::string engine = args.get("engine").value_or("interp");
  if (engine == "native") return env_failure(out, "The native engine arrives with the lowering; use --engine interp.");
  for (const char* f : {"sanitize", "cc", "opt"})
    if (args.has(f)) return env_failure(out, std::string("--") + f + " applies to the native engine, not to --engine interp.");
  if (args.get("target").value_or("hosted") != "hosted")
    return env_failure(out, "The aarch64-virt target runs natively only; --engine interp runs hosted programs.");
  double timeout = 0;
  if (auto t = args.get("timeout"); t && !parse_seconds(*t, timeout))
    return env_failure(out, "--timeout takes a decimal number of seconds > 0, not \"" + *t + "\".");
  uint64_t memory_mib = 1024;
  if (auto m = args.get("memory-mib")) {
    if (m->empty() || m->size() > 7 || m->find_first_not_of("0123456789") != std::string::npos || std::stoull(*m) == 0)
      return env_failure(out, "--memory-mib takes a whole number of MiB from 1 to 9999999, not \"" + *m + "\".");
    memory_mib = std::stoull(*m);
  }
  bool record = out.chosen && out.format == Format::Json;

  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full);
  if (run.refusal) return report(out, *run.refusal);
  if (!run.program->main)
    return env_failure(out, "The project " + run.project.name + " is a library: it has no main to run (cairn test runs its tests).");
  std::unique_ptr<sem::Engine> eng = sem::Engine::compile(*run.program, run.sources);
  if (!eng) return env_failure(out, "The interpreter cannot run this program.");

  sem::Limits limits;
  limits.memory_bytes = memory_mib << 20;
  targets::ProcessOptions opts;
  opts.timeout_s = timeout;
  opts.address_space_extra = limits.memory_bytes + (uint64_t{3} << 29) + (uint64_t{1} << 30);  // heap + interpreter + its 1 GiB stack
  opts.capture = record;
  opts.channels = 1;
  const check::FnInfo& main_fn = *run.program->main;
  targets::install_interrupt_handlers();
  targets::ProcessResult pr = targets::run_process(
      [&](std::span<const int> ch) { return eng->run_entry(main_fn, limits, ch[0]); }, opts);
  if (!pr.started) return env_failure(out, "Cannot start the program: " + pr.error + ".");

  // The trap report: pass it on to a user-set CAIRN_TRAP_FD, and name the trap in cairn's own line.
  std::string report_line = pr.channels[0];
  bool trapped = !report_line.empty() && pr.status == 134;
  if (int fd = user_trap_fd(); fd >= 0 && !report_line.empty()) {
    if (record && fd == 1) pr.out += report_line;
    else if (record && fd == 2) pr.err += report_line;
    else {
      ssize_t ignored = write(fd, report_line.data(), report_line.size());
      (void)ignored;
    }
  }
  std::string trap_what = report_line;
  if (trap_what.rfind("trap: ", 0) == 0) trap_what = trap_what.substr(6);
  while (!trap_what.empty() && trap_what.back() == '\n') trap_what.pop_back();
  std::string name = run.project.name;
  std::string limit_met;
  if (pr.timed_out) {
    limit_met = "timeout";
    say("error: " + name + " was stopped by --timeout after " + *args.get("timeout") + " s.");
  } else if (trapped) {
    bool alloc = trap_what.rfind("alloc", 0) == 0;
    if (alloc) limit_met = "memory";
    say("error: " + name + " was stopped by SIGABRT: trap " + trap_what +
        (alloc ? " (an allocation failed or passed the " + std::to_string(memory_mib) + " MiB cap)" : "") + ".");
  } else if (pr.signal) {
    say("error: " + name + " was stopped by " + targets::signal_name(pr.signal) + " (the interpreter failed, or the " +
        std::to_string(memory_mib) + " MiB cap was met).");
  }
  if (!record) return pr.status;

  nlohmann::ordered_json r;
  r["protocol"] = "cairn.run/1";
  r["status"] = pr.timed_out ? "timed-out" : "program-exited";
  r["engine"] = "interp";
  r["exit_code"] = pr.status;
  if (pr.signal) r["signal"] = pr.signal;
  else if (trapped) r["signal"] = 6;  // SIGABRT, as the native build ends
  r["stdout"] = pr.out;
  r["stdout_truncated"] = pr.out_truncated;
  r["stderr"] = pr.err;
  r["stderr_truncated"] = pr.err_truncated;
  nlohmann::ordered_json lim;
  if (timeout > 0) lim["timeout_s"] = timeout;
  lim["memory_mib"] = memory_mib;
  r["limits"] = lim;
  if (!limit_met.empty()) r["limit_met"] = limit_met;
  if (trapped) r["trap"] = trap_what;
  // Strings must be valid UTF-8 in a record: a program's raw bytes are replaced where they are not.
  print_text(r.dump(out.tty ? 2 : -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
  if (pr.timed_out) return 124;
  return pr.status == 0 ? 0 : 1;
}

}  // namespace cairn::cli
