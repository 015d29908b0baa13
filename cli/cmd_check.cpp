// `cairn check [PATH]`: accept (typed: N functions / cairn.check/1) or refuse (cairn.diagnostic/2).
#include "cli/args.h"
#include "cli/open_command.h"
#include "cli/command.h"
#include "cli/output.h"
#include "cli/version.h"
#include "base/repo_path.h"
#include "front/diag/sarif.h"
#include "front/driver/check_record.h"
#include "front/driver/driver.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"generics", "", false, "", "adds the map of generic functions to what their bodies needed"},
    {"format", "human|json|sarif", true, "human at a terminal, json otherwise", "the output form; sarif: a SARIF 2.1.0 log, one result per refusal"},
};
}  // namespace

int cmd_check(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn check takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  std::string path = args.operands.empty() ? "." : args.operands[0];

  driver::CheckRun run = driver::run(path, driver::Stop::Full);
  if (run.refusal) return print_refusal(out, *run.refusal);
  if (out.format == Format::Sarif) {
    print_record(out, diag::sarif_log(cairn_version(), {}, {}, report_root()));
    return 0;
  }
  nlohmann::ordered_json record = driver::check_record(*run.program, run.options.is_library, args.has("generics"));
  if (out.format == Format::Json) print_record(out, record);
  else print_text("typed: " + std::to_string(record["functions"].size()) + " functions\n");
  return 0;
}

}  // namespace cairn::cli
