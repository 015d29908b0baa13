// Running another program (a compiler, a built artifact) as a child under the limits of process.h.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "targets/process.h"

namespace cairn::targets {

struct ExecSpec {
  std::vector<std::string> argv;                            // argv[0] is looked up on PATH when it has no '/'
  std::vector<std::pair<std::string, std::string>> env;     // set (or replaced) in the child's environment
  std::string cwd;                                          // "" keeps cairn's
  // Channel i of ProcessOptions::channels is passed to the program as the environment variable named
  // here (its descriptor number): e.g. {"CAIRN_TRAP_FD"}.
  std::vector<std::string> channel_env;
};

// Runs the program; a program that cannot be started ends with status 127 and a line on its stderr.
ProcessResult run_program(const ExecSpec& spec, const ProcessOptions& opts);

// cairn's environment as NAME=VALUE strings, without the variables whose names `drop` lists, then `add`.
std::vector<std::string> environment_without(const std::vector<std::string>& drop,
                                             const std::vector<std::string>& add);
// Pointers to the strings of `v`, null-terminated, for execve (valid while `v` lives unchanged).
std::vector<char*> c_strings(std::vector<std::string>& v);

// The first executable named `name` on PATH ("" when none).
std::string find_on_path(const std::string& name);

}  // namespace cairn::targets
