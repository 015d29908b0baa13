// `cairn graph [PATH] [--interfaces] [--format human|json]`: the module graph of a checked program
// (front/driver/module_graph.h), as the cairn.graph/1 record or one block per file in topological order.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/driver/driver.h"
#include "front/driver/module_graph.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"interfaces", "", false, "", "adds each module's interface hash (changes only with a public signature, effect row, type or constant)"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_graph(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn graph takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  driver::CheckRun run = driver::run(args.operands.empty() ? "." : args.operands[0], driver::Stop::Full);
  if (run.refusal) return print_refusal(out, *run.refusal);
  nlohmann::ordered_json g = driver::module_graph(run, args.has("interfaces"));
  if (out.format == Format::Json) print_record(out, g);
  else print_text(driver::module_graph_text(g));
  return 0;
}

}  // namespace cairn::cli
