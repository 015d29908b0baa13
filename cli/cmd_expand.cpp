// `cairn expand [PATH]`: the source every `derive` generated, as the checker sees it. `derive` (with recipes) is a
// Stage 2 feature that the checker refuses (E-UNSUPPORTED), so an accepted program generated nothing; the command
// checks the program and says so, and a program that writes a derive gets the checker's refusal.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/driver/driver.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
constexpr const char* kWhy = "derive is a Stage 2 feature (language.md §18): the checker refuses it, so no source is generated";
}  // namespace

int cmd_expand(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn expand takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full);
  if (run.refusal) return print_refusal(out, *run.refusal);
  if (out.format == Format::Json)
    print_record(out, {{"protocol", "cairn.expand/1"}, {"status", "nothing-generated"}, {"derives", nlohmann::ordered_json::array()}, {"reason", kWhy}});
  else
    print_text("nothing to expand in " + path + ": " + kWhy + ".\n");
  return 0;
}

}  // namespace cairn::cli
