// `cairn build [PATH]`: a native build in a fresh directory (tools.md §2.5); prints cairn.build/1.
#include "cli/args.h"
#include "cli/build_flags.h"
#include "targets/build_policy.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "targets/native_build.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"cc", "clang|gcc", true, "clang when clang++ is on PATH, else gcc", "the C++ compiler"},
    {"opt", "0|1|2|3", true, "2", "the optimisation level passed as -ON"},
    {"keep-guards", "", false, "", "writes every guard, even those proved unable to fail"},
    {"debug", "", false, "", "debug information pointing at the .cairn source"},
    {"sanitize", "address|undefined|thread", true, "none", "a sanitizer build: address (AddressSanitizer and UBSan), undefined (UBSan) or thread"},
    {"kind", "exe|library", true, "the manifest's [build] kind", "an executable or a shared library"},
    {"target", "hosted|aarch64-virt", true, "hosted", "the target"},
    {"trap-report", "", false, "", "the board image writes the trap report (aarch64-virt)"},
    {"header", "", false, "", "a library also gets NAME.h, the C header of its checked cf_ entries"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_build(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn build takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  targets::BuildOptions options;
  std::string error;
  if (!read_build_flags(args, options, error)) return usage_error(out, error);
  std::string path = args.operands.empty() ? "." : args.operands[0];
  options.header = args.has("header");
  if (std::optional<diag::Refusal> refused = targets::header_refusal(options, options.target, false))
    return print_refusal(out, *refused);

  driver::CheckRun run = driver::run(path, driver::Stop::Full, options.target);
  if (run.refusal) return print_refusal(out, *run.refusal);
  if (!args.has("kind")) options.kind = run.options.is_library ? lower::Kind::Library : lower::Kind::Exe;
  if (std::optional<diag::Refusal> refused = targets::header_refusal(options, run.project.target, true))
    return print_refusal(out, *refused);
  if (std::optional<diag::Refusal> refused = targets::settle_target(run, options, false, args.has("kind")))
    return print_refusal(out, *refused);
  if (options.kind == lower::Kind::Exe && !run.program->main)
    return usage_error(out, "The project " + run.project.name + " has no main: build it with --kind library.");
  targets::place_build(path, run, options);
  targets::BuildResult r = targets::build_native(run, options);
  nlohmann::ordered_json record = targets::build_record(r);
  if (out.format == Format::Json) {
    print_record(out, record);
  } else if (r.status == targets::BuildResult::Status::Built && r.target != "hosted") {
    const targets::ImageSize& z = r.image_size;
    print_text("native-built: " + r.artifact + " (" + r.target + ", " + r.compiler.name + ", -O" +
               std::to_string(options.opt) + "; text " + std::to_string(z.text) + ", data " + std::to_string(z.data) +
               ", bss " + std::to_string(z.bss) + " bytes)\n");
  } else if (r.status == targets::BuildResult::Status::Built) {
    print_text("native-built: " + r.artifact + " (" + r.compiler.name + ", -O" +
               std::to_string(options.sanitize.empty() ? options.opt : 1) + ")\n");
    if (!r.header.empty()) print_text("header: " + r.header + " (interface " + r.header_hash + ")\n");
  } else {
    print_text("build-failed: " + targets::build_failure_text(r) + "\n");
  }
  return r.status == targets::BuildResult::Status::Built ? 0 : 2;
}

}  // namespace cairn::cli
