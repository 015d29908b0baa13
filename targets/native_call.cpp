// One native isolated call: the arguments as the harness's stdin (a memfd the child fills), the trap report
// and the outcome back on two pipes (descriptors 3 and 4 in the harness), the end decided as for the interpreter.
#include "targets/native_call.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "lower/entry.h"
#include "targets/exec.h"
#include "targets/process.h"

extern char** environ;

namespace cairn::targets {

namespace {

constexpr uint64_t kCallIn = 0x43414952'4e43414cull;  // "CAIRNCAL", as runtime/rt_call.h
constexpr int kTrapFd = 3, kCallFd = 4;               // where the harness finds its two pipes

void put_u64(std::string& s, uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// The environment of the harness: cairn's, with the call's own variables set.
std::vector<std::string> harness_env(const CallHarness& h) {
  return environment_without({"CAIRN_TRAP_FD", "CAIRN_CALL_FD", "CAIRN_MEMORY_MIB"},
                             {"CAIRN_TRAP_FD=" + std::to_string(kTrapFd), "CAIRN_CALL_FD=" + std::to_string(kCallFd),
                              "CAIRN_MEMORY_MIB=" + std::to_string(h.memory_mib)});
}

// In the child (no allocation): the pipes to 3 and 4, the input as stdin, stdout and stderr on /dev/null, exec.
int exec_harness(std::span<const int> ch, const std::string& input, char* const* argv, char* const* envp,
                 const ProcessOptions& opts) {
  int trap = fcntl(ch[0], F_DUPFD, 10), call = fcntl(ch[1], F_DUPFD, 10);
  if (trap < 0 || call < 0 || dup2(trap, kTrapFd) < 0 || dup2(call, kCallFd) < 0) return 126;
  close(trap);
  close(call);
  int in = memfd_create("cairn-call-input", MFD_CLOEXEC);
  if (in < 0) return 126;
  for (size_t off = 0; off < input.size();) {
    ssize_t w = write(in, input.data() + off, input.size() - off);
    if (w <= 0) return 126;
    off += static_cast<size_t>(w);
  }
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (lseek(in, 0, SEEK_SET) != 0 || null < 0 || dup2(in, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) return 126;
  for (int fd = 0; fd <= 2; ++fd) fcntl(fd, F_SETFD, 0);  // dup2 onto itself keeps close-on-exec
  cap_before_exec(opts);
  execve(argv[0], argv, envp);
  return 127;
}

}  // namespace

BuildResult build_call_harness(const driver::CheckRun& run, BuildOptions options) {
  options.kind = lower::Kind::Call;
  return build_native(run, options);
}

std::string native_call_refusal(const check::FnInfo& fn) { return lower::call_refusal(fn); }

std::string encode_call_input(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                              const std::vector<uint64_t>& offsets, std::string& why) {
  why = lower::call_refusal(fn);
  if (!why.empty()) return "";
  if (args.size() != fn.params.size() || (!offsets.empty() && offsets.size() != args.size())) {
    why = std::to_string(args.size()) + " arguments for " + std::to_string(fn.params.size()) + " parameters";
    return "";
  }
  auto refuse = [&](const std::string& reason) {
    why = reason;
    return std::string();
  };
  std::string s;
  put_u64(s, kCallIn);
  for (size_t i = 0; i < args.size(); ++i) {
    const check::ParamSig& p = fn.params[i];
    const sem::ArgValue& a = args[i];
    if (p.type->kind == check::TypeKind::Scalar) {
      if (a.is_view) return refuse("the argument " + p.name + " is a view where a scalar is due");
      put_u64(s, a.bits);
      continue;
    }
    bool borrow = p.type->kind == check::TypeKind::Borrow;
    if (!a.is_view && !borrow) return refuse("the argument " + p.name + " is a scalar where a view is due");
    if (borrow && a.is_view && a.elems.size() != 1) return refuse("the borrow " + p.name + " is given other than one element");
    put_u64(s, offsets.empty() ? 0 : offsets[i]);
    if (!a.is_view) {
      put_u64(s, 1);
      put_u64(s, a.bits);
      continue;
    }
    put_u64(s, a.elems.size());
    for (uint64_t e : a.elems) put_u64(s, e);
  }
  put_u64(s, kCallIn);
  return s;
}

bool parse_trap_report(const std::string& report, const SourceSet* sources, sem::CallOutcome& o) {
  std::string line = report.substr(0, report.find('\n'));
  if (!line.starts_with("trap: ")) return false;
  size_t at = line.find(" at ", 6), colon = line.rfind(':');
  if (at == std::string::npos || colon == std::string::npos || colon < at + 4) return false;
  std::string kind = line.substr(6, at - 6), file = line.substr(at + 4, colon - at - 4);
  constexpr uint8_t kKinds = 0
#define TRAP(k, name) +1
#include "core/traps.def"
#undef TRAP
      ;
  bool known = false;
  for (uint8_t k = 0; k < kKinds && !known; ++k)
    if (kind == check::trap_name(static_cast<check::TrapKind>(k))) o.trap = static_cast<check::TrapKind>(k), known = true;
  if (!known) return false;
  o.defined = false;
  o.ret.reset();
  o.written.clear();
  o.trap_pos = Pos{};
  o.trap_pos.line = static_cast<uint32_t>(std::strtoul(line.c_str() + colon + 1, nullptr, 10));
  for (uint32_t id = 0; sources && id < sources->size(); ++id)
    if (sources->file(id).display_name == file) {
      o.trap_pos.file = id;
      break;
    }
  return true;
}

IsolatedOutcome native_call(const CallHarness& h, const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                            const std::vector<uint64_t>& offsets) {
  IsolatedOutcome r;
  r.end = IsolatedOutcome::End::NotRun;
  std::string why;
  std::string input = encode_call_input(fn, args, offsets, why);
  if (!why.empty()) {
    r.detail = "could not be made natively: " + why;
    return r;
  }
  if (h.artifact.empty()) {
    r.detail = "could not be made natively: no call harness was built";
    return r;
  }
  std::vector<std::string> argv_s = {h.artifact, "--cairn-call", lower::call_name(fn)};
  std::vector<std::string> env_s = harness_env(h);
  std::vector<char*> argv = c_strings(argv_s), envp = c_strings(env_s);
  ProcessOptions opts;
  opts.timeout_s = h.timeout_s;
  opts.address_space_cap = h.address_space_mib << 20;
  opts.channels = 2;
  ProcessResult pr = run_process([&](std::span<const int> ch) { return exec_harness(ch, input, argv.data(), envp.data(), opts); }, opts);
  r.seconds = pr.seconds;
  if (!pr.started) {
    r.detail = "could not be started: " + pr.error;
    return r;
  }
  r.end = IsolatedOutcome::End::Crashed;
  if (pr.timed_out) {
    r.end = IsolatedOutcome::End::TimedOut;
    r.detail = timed_out_text(h.timeout_s);
    return r;
  }
  if (pr.signal == SIGABRT && parse_trap_report(pr.channels[0], h.sources, r.outcome)) {
    r.end = IsolatedOutcome::End::Returned;
    return r;
  }
  if (pr.signal) {
    r.detail = "stopped by " + signal_name(pr.signal);
    return r;
  }
  if (pr.exit_code == 126 || pr.exit_code == 127) {
    r.detail = "could not start the call harness " + h.artifact + " (status " + std::to_string(pr.exit_code) + ")";
    return r;
  }
  if (pr.exit_code != 0 || !decode_outcome(pr.channels[1], r.outcome) || !r.outcome.defined ||
      r.outcome.written.size() != fn.params.size()) {
    r.detail = "ended with status " + std::to_string(pr.exit_code) + " without an outcome";
    return r;
  }
  r.end = IsolatedOutcome::End::Returned;
  return r;
}

}  // namespace cairn::targets
