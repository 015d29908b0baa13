// The command table entry and the handlers of the built commands (one thin file each).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cairn::cli {

struct Command;
using Handler = int (*)(const Command& cmd, const std::vector<std::string>& argv);

struct Command {
  std::string_view name;
  Handler handler;
  std::string_view synopsis;
  std::string_view summary;
};

// Every command of commands.def, in table order.
const std::vector<Command>& command_table();

#define CMD(ident, name, handler, synopsis, summary) int handler(const Command&, const std::vector<std::string>&);
#include "cli/commands.def"
#undef CMD

}  // namespace cairn::cli
