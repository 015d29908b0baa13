// `cairn doc [PATH] [--module M]... [--std] [--format human|json]`: the Markdown reference of a checked program's public items
// (front/driver/doc_markdown.h) on standard output. --std is refused: no standard-library sources are packaged.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/driver/doc_markdown.h"
#include "front/driver/driver.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"module", "M", false, "every module of the program's own sources", "documents module M only (repeat the flag for more; \"\" is the root namespace)"},
    {"std", "", false, "", "the packaged standard library (not packaged in this cairn)"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the form of a refusal (the reference itself is Markdown)"},
};
}  // namespace

int cmd_doc(const Command& cmd, const std::vector<std::string>& argv) {
  // --module may be given more than once: each value is taken from the words, the rest parsed as usual.
  std::vector<std::string> modules, rest;
  for (size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--module" && i + 1 < argv.size()) modules.push_back(argv[++i]);
    else if (argv[i].rfind("--module=", 0) == 0) modules.push_back(argv[i].substr(9));
    else rest.push_back(argv[i]);
  }
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, rest, kFlags, args, out)) return *answered;
  if (args.operands.size() > 1) return usage_error(out, "cairn doc takes one PATH, not " + std::to_string(args.operands.size()) + ".");
  if (args.has("std")) return usage_error(out, "--std is not available: this cairn packages no standard library sources to document.");
  std::string path = args.operands.empty() ? "." : args.operands[0];
  driver::CheckRun run = driver::run(path, driver::Stop::Full);
  if (run.refusal) return print_refusal(out, *run.refusal);
  for (const std::string& m : modules)
    if (!m.empty() && !run.program->module(m))
      return usage_error(out, "--module " + m + ": the program has no such module.");
  std::string title = "Reference of " + (run.project.name.empty() ? path : run.project.name);
  print_text(driver::doc_markdown(*run.program, title, modules));
  return 0;
}

}  // namespace cairn::cli
