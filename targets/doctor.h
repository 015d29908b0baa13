// `cairn doctor`'s look at this machine (tools.md §7): the tools of doctor_tools.def, each found or missing, with
// its path, version and what it enables (or, missing, disables). Downloads and installs nothing.
#pragma once
#include <string>
#include <vector>

namespace cairn::targets {

struct ToolProbe {
  std::string name;
  std::string kind;     // "program", "sanitizer", "solver"
  bool found = false;
  std::string path;     // a program's path
  std::string version;  // first line of --version, or the linked library's version
  std::string enables;  // what it enables (when missing: what is disabled)
  std::string why;      // missing: why ("not on PATH", the compiler's first error line)
};

// Every tool of the table, in table order. Sanitizer probes compile and link a one-line program in a scratch
// directory, each within 60 s.
std::vector<ToolProbe> probe_tools();

}  // namespace cairn::targets
