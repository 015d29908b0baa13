// The cairn executable: finds the command in the command table and hands it its words.
#include <cstdio>
#include <exception>
#include <iterator>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/output.h"
#include "cli/version.h"
#include "front/diag/report.h"
#include "front/driver/driver.h"

namespace cairn::cli {
namespace {

constexpr Command kCommands[] = {
#define CMD(ident, name, handler, synopsis, summary) {name, &handler, synopsis, summary},
#include "cli/commands.def"
#undef CMD
};

}  // namespace

const std::vector<Command>& command_table() {
  static const std::vector<Command> all(std::begin(kCommands), std::end(kCommands));
  return all;
}

namespace {

std::string general_help() {
  std::string out = "usage: cairn COMMAND [OPERANDS] [FLAGS]\n       cairn --version\n\ncommands:\n";
  for (const Command& c : kCommands) {
    std::string name(c.name);
    out += "  " + name + std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') + std::string(c.summary) +
           (c.handler == &cmd_unbuilt ? " (not built yet)" : "") + "\n";
  }
  out += "\n`cairn COMMAND --help` lists a command's flags.\n";
  return out;
}

int dispatch(const std::vector<std::string>& words) {
  if (words.empty()) return usage_error(output_for_usage(words), "A command is needed: cairn COMMAND [OPERANDS] [FLAGS] (cairn --help lists them).");
  const std::string& first = words[0];
  if (first == "--version") {
    print_text(version_text());
    return 0;
  }
  if (first == "--help" || first == "help") {
    print_text(general_help());
    return 0;
  }
  for (const Command& c : kCommands)
    if (c.name == first) return c.handler(c, std::vector<std::string>(words.begin() + 1, words.end()));
  if (first.rfind("--", 0) == 0) return usage_error(output_for_usage(words), "Unknown flag " + first + " before the command.");
  return usage_error(output_for_usage(words), "Unknown command " + first + " (cairn --help lists the commands).");
}

}  // namespace
}  // namespace cairn::cli

int main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  try {
    return cairn::cli::dispatch(words);
  } catch (const std::exception& e) {
    std::string cls = cairn::driver::fault_class(e);
    cairn::diag::Refusal r = cairn::diag::tool_refusal(
        cairn::Code::Internal, "The toolchain failed (" + cls + "); this is a bug in cairn, not in the input.");
    r.further_stopped = cls;
    return cairn::cli::print_refusal(cairn::cli::output_for_usage(words), r);
  } catch (...) {
    cairn::diag::Refusal r = cairn::diag::tool_refusal(
        cairn::Code::Internal, "The toolchain failed (unknown exception); this is a bug in cairn, not in the input.");
    r.further_stopped = "unknown exception";
    return cairn::cli::print_refusal(cairn::cli::output_for_usage(words), r);
  }
}
