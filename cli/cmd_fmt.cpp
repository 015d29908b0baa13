// `cairn fmt PATH... [--check | --diff] [--format human|json]`: formats every *.cairn under the paths
// (front/fmt/fmt_files.h) and prints the cairn.fmt/1 record, or under --diff the unified diff itself.
#include <cstdio>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/fmt/fmt_files.h"
#include "targets/process.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"check", "", false, "", "writes nothing; exit 1 when a file would change"},
    {"diff", "", false, "", "writes nothing; prints a unified diff (the record only when json is chosen); exit 1 when a file would change"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_fmt(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.has("check") && args.has("diff")) return usage_error(out, "--check and --diff exclude each other.");
  if (args.operands.empty()) return usage_error(out, "cairn fmt takes at least one PATH (a .cairn file or a directory).");
  fmt::Mode mode = args.has("check") ? fmt::Mode::Check : args.has("diff") ? fmt::Mode::Diff : fmt::Mode::Write;
  // An interrupt (SIGINT, SIGTERM, SIGHUP) removes the temporary file of a write under way (base/atomic_file.h).
  targets::install_interrupt_handlers();
  fmt::FilesRun run = fmt::format_files(args.operands, mode);
  if (run.refusal) return print_refusal(out, *run.refusal);
  if (mode == fmt::Mode::Diff && !(out.chosen && out.format == Format::Json)) {
    print_text(run.diff);
    for (const auto& nf : run.record["not_formatted"])
      std::fprintf(stderr, "cairn fmt: left alone: %s: %s\n", nf["file"].get<std::string>().c_str(),
                   nf["reason"].get<std::string>().c_str());
    return run.exit_code;
  }
  if (out.format == Format::Json) print_record(out, run.record);
  else print_text(fmt::fmt_record_text(run.record));
  return run.exit_code;
}

}  // namespace cairn::cli
