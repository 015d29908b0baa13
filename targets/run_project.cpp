// `cairn run` as a library (run_project.h).
#include "targets/run_project.h"

#include <cstdio>
#include <cstdlib>

#include "front/driver/driver.h"
#include "targets/board.h"
#include "targets/board_run.h"
#include "targets/build_policy.h"
#include "targets/process.h"

namespace cairn::targets {

namespace {

// "600", "0.5": a limit in seconds as a user would write it.
std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

RunOutcome refused(diag::Refusal r) {
  RunOutcome o;
  o.exit_status = r.environment ? 2 : 1;
  o.refusal = std::move(r);
  return o;
}

// The lines cairn says about how the program ended, and the limit it met ("timeout", "memory" or "").
std::string describe_end(const RunRequest& q, const std::string& name, const ProgramRun& pr, bool board,
                         std::vector<std::string>& lines) {
  const ProcessResult& p = pr.process;
  std::string limit_met;
  if (p.timed_out) {
    limit_met = "timeout";
    lines.push_back("error: " + name + " was stopped by --timeout after " +
                    (q.timeout_given ? q.timeout_text : seconds_text(q.timeout_s)) + " s" +
                    (q.timeout_given ? "" : " (the default limit; --timeout 0 runs without one)") + ".");
  } else if (board && p.status == 134 && !pr.trapped()) {
    lines.push_back("error: " + name + " exited with status 134 (a failed guard).");
  } else if (board && pr.trapped()) {
    lines.push_back("error: " + name + " exited with status 134: trap " + pr.trap_what() + ".");
  } else if (pr.trapped()) {
    bool alloc = pr.trap_what().rfind("alloc", 0) == 0;
    if (alloc) limit_met = "memory";
    lines.push_back("error: " + name + " was stopped by SIGABRT: trap " + pr.trap_what() +
                    (alloc ? " (an allocation failed or passed the " + std::to_string(q.memory_mib) + " MiB cap)" : "") +
                    ".");
  } else if (p.signal) {
    lines.push_back("error: " + name + " was stopped by " + signal_name(p.signal) +
                    (q.native ? " (the program crashed, or met the " : " (the interpreter failed, or the ") +
                    std::to_string(q.memory_mib) + " MiB cap" + (q.native ? ")." : " was met)."));
  }
  return limit_met;
}

}  // namespace

int trap_fd_from_env() {
  const char* v = std::getenv("CAIRN_TRAP_FD");
  if (!v || !*v) return -1;
  std::string s = v;
  if (s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
  long long n = std::strtoll(s.c_str(), nullptr, 10);
  return n > 0x7FFFFFFF ? -1 : static_cast<int>(n);
}

RunOutcome run_project(const RunRequest& q) {
  BuildOptions build = q.build;
  driver::CheckRun run = driver::run(q.path, driver::Stop::Full, build.target);
  if (run.refusal) return refused(*run.refusal);
  if (!run.program->main)
    return refused(diag::environment_failure("The project " + run.project.name +
                                             " is a library: it has no main to run (cairn test runs its tests)."));
  if (q.native) {
    if (std::optional<diag::Refusal> r = settle_target(run, build, true, q.kind_given)) return refused(*r);
  } else if (run.project.target != "hosted") {
    return refused(diag::environment_failure(
        "The aarch64-virt target runs natively only; --engine interp runs hosted programs."));
  }
  std::optional<Board> board = find_board(build.target);

  RunLimits limits;
  limits.timeout_s = q.timeout_s;
  limits.memory_mib = q.memory_mib;
  limits.sanitized = !build.sanitize.empty();
  install_interrupt_handlers();
  RunOutcome o;
  ProgramRun pr;
  std::optional<BuildResult> built;
  if (q.native) {
    place_build(q.path, run, build);
    built = build_native(run, build);
    if (built->status != BuildResult::Status::Built) {
      o.exit_status = 2;
      if (q.record) {
        nlohmann::ordered_json r;
        r["protocol"] = "cairn.run/1";
        r["status"] = "build-failed";
        r["engine"] = "native";
        r["build"] = build_record(*built);
        o.record = std::move(r);
      } else {
        o.lines.push_back("error: the build failed: " + build_failure_text(*built));
      }
      return o;
    }
    if (board) {
      pr = run_board(*board, built->artifact, limits, build.trap_report);
      if (!q.record) {  // the UART and the emulator's own words, passed on
        o.echo_out = pr.process.out;
        o.echo_err = pr.process.err;
      }
    } else {
      pr = run_native(built->artifact, q.program_args, limits, q.record);
    }
  } else {
    pr = run_interpreted(run, limits, q.record);
  }
  const ProcessResult& p = pr.process;
  if (!p.started) return refused(diag::environment_failure("Cannot start the program: " + p.error + "."));

  // The trap report: passed on to a user-set CAIRN_TRAP_FD (into the record's streams when that is 1 or 2).
  std::string out_text = p.out, err_text = p.err;
  if (q.trap_fd >= 0 && !pr.trap_report.empty()) {
    if (q.record && q.trap_fd == 1) out_text += pr.trap_report;
    else if (q.record && q.trap_fd == 2) err_text += pr.trap_report;
    else o.trap_pass_on = pr.trap_report;
  }
  std::string limit_met = describe_end(q, run.project.name, pr, board.has_value(), o.lines);
  if (!q.record) {
    o.exit_status = p.status;
    return o;
  }

  nlohmann::ordered_json r;
  r["protocol"] = "cairn.run/1";
  r["status"] = p.timed_out ? "timed-out" : "program-exited";
  r["engine"] = q.native ? "native" : "interp";
  if (board) {
    r["target"] = board->name;
    r["emulator"] = board_run_command(*board, built->artifact);
  }
  if (built)
    r["compiler"] = {{"name", built->compiler.name}, {"path", built->compiler.path}, {"version", built->compiler.version}};
  r["exit_code"] = p.status;
  if (p.signal) r["signal"] = p.signal;
  else if (pr.trapped() && !q.native) r["signal"] = 6;  // SIGABRT, as the native build ends
  r["stdout"] = out_text;
  r["stdout_truncated"] = p.out_truncated;
  r["stderr"] = err_text;
  r["stderr_truncated"] = p.err_truncated;
  if (built) r["build_dir"] = built->directory;
  nlohmann::ordered_json lim;
  if (q.timeout_s > 0) lim["timeout_s"] = q.timeout_s;
  if (board && q.timeout_s <= 0) lim["timeout_s"] = kBoardDefaultTimeout;
  if (!board) lim["memory_mib"] = q.memory_mib;
  r["limits"] = lim;
  if (!limit_met.empty()) r["limit_met"] = limit_met;
  if (!build.sanitize.empty()) r["sanitizer"] = build.sanitize;
  if (pr.trapped()) r["trap"] = pr.trap_what();
  o.record = std::move(r);
  o.exit_status = p.timed_out ? 124 : p.status == 0 ? 0 : 1;
  return o;
}

}  // namespace cairn::targets
