// `cairn fuzz --replay DIR` for the kept smt cases DIR/smt/*.cairn (tools.md §6.3-6.5): each program checked, its
// fixed call run by the interpreter, whose outcome must be the `// expect smt:` line's, and asked of the solver its
// found line names (both when it names none); a case passes when they all agree.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cairn::fuzz {

struct SmtReplayCase {
  std::string file;
  std::string error;                          // malformed header, refused program, a call that cannot run
  std::map<std::string, std::string> fails;   // "interp" or a solver -> what it said instead
  bool passed() const { return error.empty() && fails.empty(); }
  nlohmann::ordered_json to_json() const;     // {file, kind: "smt", status, error?, smt {SIDE: why}?}
};

// The cases of dir/smt in file-name order (none when the directory does not exist).
std::vector<SmtReplayCase> replay_smt_cases(const std::string& dir, unsigned timeout_ms = 2000);

}  // namespace cairn::fuzz
