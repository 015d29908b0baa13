// Both engines under the same limits and the same trap channel.
#include "targets/program_run.h"

#include "semantics/embed.h"
#include "targets/exec.h"

namespace cairn::targets {

namespace {
constexpr uint64_t kMiB = uint64_t{1} << 20;
}

std::string ProgramRun::trap_what() const {
  std::string t = trap_report;
  if (t.rfind("trap: ", 0) == 0) t = t.substr(6);
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

ProgramRun run_interpreted(const driver::CheckRun& run, const RunLimits& limits, bool capture) {
  ProgramRun out;
  std::unique_ptr<sem::Engine> eng = sem::Engine::compile(*run.program, run.sources);
  if (!eng) {
    out.process.error = "the interpreter cannot run this program";
    return out;
  }
  sem::Limits lim;
  lim.memory_bytes = limits.memory_mib * kMiB;
  ProcessOptions opts;
  opts.timeout_s = limits.timeout_s;
  // The heap cap, the interpreter itself and its 1 GiB stack.
  opts.address_space_extra = lim.memory_bytes + 1536 * kMiB;
  opts.capture = capture;
  opts.channels = 1;
  const check::FnInfo& main_fn = *run.program->main;
  out.process = run_process([&](std::span<const int> ch) { return eng->run_entry(main_fn, lim, ch[0]); }, opts);
  if (!out.process.channels.empty()) out.trap_report = out.process.channels[0];
  return out;
}

ProgramRun run_native(const std::string& artifact, const std::vector<std::string>& args, const RunLimits& limits,
                      bool capture) {
  ProgramRun out;
  ExecSpec spec;
  spec.argv.push_back(artifact.find('/') == std::string::npos ? "./" + artifact : artifact);
  for (const std::string& a : args) spec.argv.push_back(a);
  spec.channel_env = {"CAIRN_TRAP_FD"};
  spec.env = {{"CAIRN_MEMORY_MIB", std::to_string(limits.memory_mib)}};  // the runtime's heap cap, as the interpreter's
  ProcessOptions opts;
  opts.timeout_s = limits.timeout_s;
  // The heap cap and room for the program's code, stack and C++ runtime; a sanitizer build has none.
  if (!limits.sanitized) opts.address_space_cap = limits.memory_mib * kMiB + 256 * kMiB;
  opts.capture = capture;
  opts.channels = 1;
  out.process = run_program(spec, opts);
  if (!out.process.channels.empty()) out.trap_report = out.process.channels[0];
  return out;
}

}  // namespace cairn::targets
