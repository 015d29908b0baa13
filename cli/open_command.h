// The opening every command shares: flags parsed, --help answered, the output form chosen.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/output.h"

namespace cairn::cli {

// Parses `argv` against `flags`, prints the help when asked, chooses the output form. Returns the exit
// status when the command is already answered (help: 0, usage error: 2, reported where `words` says), nothing
// when it goes on.
std::optional<int> open_command(const Command& cmd, const std::vector<std::string>& argv,
                                std::span<const FlagSpec> flags, Args& args, Output& out,
                                Words words = Words::Stdout);

}  // namespace cairn::cli
