// `cairn doctor [--format human|json]`: the compilers, solvers, git, emulator, cross compiler and sanitizer
// runtimes found here (targets/doctor.h), with versions and what each enables or, missing, disables.
// Exit 0 when a C++ compiler is found, 2 when none is.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "smt/backend.h"
#include "verify/solve.h"
#include "targets/doctor.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_doctor(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (!args.operands.empty()) return usage_error(out, "cairn doctor takes no operand.");
  std::vector<targets::ToolProbe> tools = targets::probe_tools();
  // The solvers are linked into cairn: present by construction; their versions come from the libraries.
  size_t at = 2;  // after the two C++ compilers
  for (smt::Solver s : {smt::Solver::Z3, smt::Solver::Cvc5}) {
    targets::ToolProbe p;
    p.name = smt::solver_name(s);
    p.kind = "solver";
    p.found = true;
    p.version = smt::solver_version(s);
    p.enables = "cairn verify, the solver classes of cairn diff, the smt part of cairn validate (linked into cairn)";
    tools.insert(tools.begin() + static_cast<std::ptrdiff_t>(at++), p);
  }
  bool compiler = false;
  nlohmann::ordered_json list = nlohmann::ordered_json::array(), disabled = nlohmann::ordered_json::array();
  std::string text;
  for (const targets::ToolProbe& t : tools) {
    if (t.found && (t.name == "clang++" || t.name == "g++")) compiler = true;
    nlohmann::ordered_json j = {{"name", t.name}, {"kind", t.kind}, {"found", t.found}};
    if (!t.path.empty()) j["path"] = t.path;
    if (!t.version.empty()) j["version"] = t.version;
    j[t.found ? "enables" : "disables"] = t.enables;
    if (!t.found) {
      j["why"] = t.why;
      disabled.push_back(t.name);
    }
    list.push_back(j);
    text += (t.found ? "found    " : "missing  ") + t.name;
    if (t.found && !t.version.empty()) text += ": " + t.version;
    if (!t.found) text += " (" + t.why + ")";
    text += "\n         " + std::string(t.found ? "enables " : "disables ") + t.enables + "\n";
  }
  std::string status = !compiler ? "no-compiler" : disabled.empty() ? "ready" : "degraded";
  nlohmann::ordered_json record = {{"protocol", "cairn.doctor/1"}, {"status", status}, {"tools", list}, {"disabled", disabled}};
  if (out.format == Format::Json) print_record(out, record);
  else
    print_text(text + (status == "ready" ? "ready: every tool is here\n"
                       : status == "degraded" ? "degraded: " + std::to_string(disabled.size()) + " missing; what each disables is above\n"
                                              : "no-compiler: neither clang++ nor g++ is on PATH; native builds are impossible\n"));
  return compiler ? 0 : 2;
}

}  // namespace cairn::cli
